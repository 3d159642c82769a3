//! The permanent railcars' effects (`rules/train-robbery.md` §10–§11) as
//! small predicates the base rules call: distance (Lumber Flatcar,
//! Observation Car), targeting (Private Car), Duel and Indians! (Prisoner
//! Car) and the start-of-turn Dining Car check.

use super::railcars::{RailcarKind, railcar_of};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::state::State;
use crate::core::{Role, Seat};

/// Whether `kind` lies among these cards in play.
pub fn holds(in_play: &[Card], kind: RailcarKind) -> bool {
    in_play.contains(&railcar_of(kind))
}

/// The railcars' terms of `d(from → to)` (TR-11.10, TR-11.12): what they add
/// (Lumber Flatcar on `from`, Observation Car on `to`) and what they take off
/// (Observation Car on `from`).
pub fn distance_terms(from: &[Card], to: &[Card]) -> (i16, i16) {
    let plus = holds(from, RailcarKind::LumberFlatcar) as i16
        + holds(to, RailcarKind::ObservationCar) as i16;
    let minus = holds(from, RailcarKind::ObservationCar) as i16;
    (plus, minus)
}

/// TR-11.15: whether a BANG! card may not choose `target` (Private Car, hand empty).
pub fn private(in_play: &[Card], hand_len: usize) -> bool {
    hand_len == 0 && holds(in_play, RailcarKind::PrivateCar)
}

/// TR-11.14: whether a Duel or Indians! card played by someone else does
/// nothing to this holder (Prisoner Car).
pub fn prisoner(in_play: &[Card]) -> bool {
    holds(in_play, RailcarKind::PrisonerCar)
}

/// TR-11.15: whether `target`'s Private Car keeps BANG! cards off him now.
pub fn private_shields(s: &State, target: Seat) -> bool {
    s.train.on && private(&s.p(target).in_play, s.p(target).hand.len())
}

/// TR-11.14: whether `card` (a Duel or Indians! played by `by`) does nothing
/// to `seat`.
pub fn prisoner_ignores(s: &State, seat: Seat, by: Seat, card: Card) -> bool {
    s.train.on
        && seat != by
        && matches!(kind(card), Kind::Duel | Kind::Indians)
        && prisoner(&s.p(seat).in_play)
}

/// TR-11.17: whether `seat`'s Dining Car check is still due this turn.
pub fn dining_due(s: &State, seat: Seat) -> bool {
    s.train.on
        && !s.train.dining_checked
        && !s.turn.shadow
        && holds(&s.p(seat).in_play, RailcarKind::DiningCar)
}

/// TR-11.8.1: whether `seat` may not come to hold `card` (the Sheriff and
/// the Ghost Car; not in the 3-player variant, which has no Sheriff).
pub fn barred_for(s: &State, seat: Seat, card: Card) -> bool {
    card == railcar_of(RailcarKind::GhostCar)
        && s.p(seat).role == Some(Role::Sheriff)
        && !s.three_players()
}
