//! The Ghost Car and its ghosts (`rules/train-robbery.md` TR-11.8): a
//! holder who would be eliminated stays in play at 0 life as a ghost, who
//! cannot gain or lose life and discards his whole hand at the end of his
//! turns; the moment he loses the Ghost Car he is eliminated, nobody
//! responsible, no reward, no penalty, no Vulture Sam.

use super::railcar_effects::holds;
use super::railcars::{RailcarKind, railcar_of};
use crate::bang::cards::Card;
use crate::bang::events::Event;
use crate::bang::expansion::keeps_eliminated_seats;
use crate::bang::machine::Machine;
use crate::bang::state::{Phase, State};
use crate::core::{Role, Seat};

/// Whether `seat` is a ghost.
pub fn is_ghost(s: &State, seat: Seat) -> bool {
    s.train.on && seat < 16 && s.train.ghosts & (1 << seat) != 0
}

/// Whether `seat` is a ghost discarding his hand in his phase 3 (Suzy
/// Lafayette does not refill it then: it would never end).
pub fn ghost_discarding(s: &State, seat: Seat) -> bool {
    is_ghost(s, seat) && s.turn.seat == seat && s.turn.phase == Phase::Discard
}

/// TR-11.8.2: whether `seat`, about to be eliminated, holds the Ghost Car
/// (and so becomes a ghost instead).
pub fn ghost_saves(s: &State, seat: Seat) -> bool {
    s.train.on && !is_ghost(s, seat) && holds(&s.p(seat).in_play, RailcarKind::GhostCar)
}

/// TR-11.8.6: a ghost who no longer holds the Ghost Car.
pub fn ghost_gone(s: &State) -> Option<Seat> {
    if !s.train.on || s.train.ghosts == 0 {
        return None;
    }
    s.seats()
        .find(|&x| is_ghost(s, x) && s.alive(x) && !holds(&s.p(x).in_play, RailcarKind::GhostCar))
}

/// Folds `ghost_rose`: 0 life, in play (back in play if he was out).
pub(crate) fn fold_ghost(s: &mut State, seat: Seat) {
    if !s.train.on || seat >= s.players {
        return;
    }
    s.train.ghosts |= 1 << seat;
    let p = &mut s.table[seat as usize];
    p.life = 0;
    p.alive = true;
    if s.dying.is_some_and(|d| d.seat == seat) {
        s.dying = None;
    }
}

/// Whether placing `railcar` in front of `to` brings him back as a ghost
/// (TR-11.8.3).
pub fn raises(s: &State, railcar: Card, to: Seat) -> bool {
    s.train.on
        && railcar == railcar_of(RailcarKind::GhostCar)
        && !s.alive(to)
        && !keeps_eliminated_seats(s)
}

impl Machine<'_, '_> {
    /// TR-11.8.6: the ghost `seat` lost the Ghost Car: he is eliminated,
    /// nobody responsible; his cards are discarded (never to Vulture Sam).
    pub fn ghost_leaves(&mut self, seat: Seat) {
        let p = self.s().p(seat);
        let role = p.role.unwrap_or(Role::Outlaw);
        let cards: Vec<Card> = p.hand.iter().chain(&p.in_play).copied().collect();
        self.emit(Event::PlayerEliminated {
            seat,
            role,
            by: None,
        });
        if !cards.is_empty() {
            self.emit(Event::Discarded { seat, cards });
        }
        self.eliminated_gold(seat);
    }
}
