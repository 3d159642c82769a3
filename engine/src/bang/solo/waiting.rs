//! Whose decision a solo game waits for: the seats the person plays and the
//! NPC the rules must move, queries of the pending decisions.

use super::seats::{deputy, is_npc, is_person};
use crate::bang::decisions::pending;
use crate::bang::state::State;
use crate::core::{Seat, SeatSet};

/// [`crate::Ruleset::seats_played_by`]: in a solo game the person at seat 0
/// plays the Sheriff's seat and the Deputy's, and before the first turn
/// every seat whose character he chooses (A9.4).
pub fn played_by(s: &State, seat: Seat) -> SeatSet {
    let own = SeatSet::of(&[seat]);
    if s.solo.is_none() || !is_person(s, seat) {
        return own;
    }
    let mut set = own.with(0);
    if let Some(d) = deputy(s) {
        set = set.with(d);
    }
    if !s.started() {
        for p in pending(s) {
            set = set.with(p.seat);
        }
    }
    set
}

/// The NPC whose decision the game waits for, if any: the rules take it at
/// once, so an NPC seat is never left pending.
pub(crate) fn npc_to_act(s: &State) -> Option<Seat> {
    if s.solo.is_none() || s.is_over() || !s.started() {
        return None;
    }
    pending(s)
        .iter()
        .map(|p| p.seat)
        .find(|&seat| is_npc(s, seat))
}
