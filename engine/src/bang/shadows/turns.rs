//! The shadow turns (SG-2): who plays next, the side a Shadow-Renegade takes
//! (SR-2, SR-3), and how a shadow leaves at the end of his turn.

use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::State;
use crate::core::{Role, Seat, Team};

/// SR-2, SR-3 (D-G19): the side a Shadow-Renegade joins now — the one with
/// more face-up role cards (the Sheriff and eliminated Deputies against
/// eliminated Outlaws), the Outlaws on a tie.
pub fn shadow_renegade_side(s: &State, me: Seat) -> Team {
    let face_up = |role: Role| {
        s.seats()
            .filter(|&x| x != me && s.p(x).role == Some(role))
            .filter(|&x| role == Role::Sheriff || !s.in_play(x))
            .count()
    };
    let law = face_up(Role::Sheriff) + face_up(Role::Deputy);
    let outlaws = face_up(Role::Outlaw);
    if law > outlaws {
        Team::Law
    } else {
        Team::Outlaws
    }
}

impl Machine<'_, '_> {
    /// The next turn with shadows (SG-2): the next seat clockwise, in play or
    /// not; an eliminated player plays a shadow turn, the Shadow-Renegade
    /// first taking his side (SR-2).
    pub fn next_shadow_turn(&mut self) {
        let s = self.s();
        let n = s.players.max(1);
        let seat = (s.turn.seat + 1) % n;
        let shadow = !s.in_play(seat);
        self.emit(Event::TurnStarted {
            seat,
            extra: false,
            shadow,
        });
        if shadow && self.s().p(seat).role == Some(Role::Renegade) {
            let side = shadow_renegade_side(self.s(), seat);
            self.emit(Event::SideTaken { seat, side });
        }
    }

    /// SG-2.6: the shadow leaves the game again, discarding his hand and
    /// every card in front of him (equipment to the equipment deck), with
    /// nobody collecting them; then the next turn.
    pub fn shadow_leaves(&mut self, seat: Seat) {
        let p = self.s().p(seat);
        let cards: Vec<u8> = p.hand.iter().chain(&p.in_play).copied().collect();
        if !cards.is_empty() {
            self.emit(Event::Discarded { seat, cards });
        }
        self.return_all_equipment(seat);
        self.next_turn();
    }
}
