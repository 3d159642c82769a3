//! Where a railcar someone acquires may go (TR-5.3, TR-11.8): a Ghost Car
//! or a Lumber Flatcar in front of a player of his choice, within their
//! restrictions; any other railcar in front of himself.

use super::railcars::{RailcarKind, railcar};
use crate::bang::cards::Card;
use crate::bang::expansion::keeps_eliminated_seats;
use crate::bang::state::State;
use crate::core::{Role, Seat};

/// Where `seat` may place railcar `car` he takes (TR-5.3, TR-11.8).
pub(crate) fn placements(s: &State, seat: Seat, car: Card) -> Vec<Option<Seat>> {
    match railcar(car).map(|r| r.kind) {
        Some(RailcarKind::LumberFlatcar) => s.seats().filter(|&x| s.alive(x)).map(Some).collect(),
        Some(RailcarKind::GhostCar) => s
            .seats()
            .filter(|&x| s.p(x).role != Some(Role::Sheriff) || s.three_players())
            .filter(|&x| s.alive(x) || !keeps_eliminated_seats(s))
            .map(Some)
            .collect(),
        _ => vec![None],
    }
    .into_iter()
    .filter(|_| s.alive(seat))
    .collect()
}
