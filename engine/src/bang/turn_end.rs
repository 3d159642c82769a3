//! The end of a turn (after §6.3): the steps an
//! expansion takes once a turn is over, the Gold Rush card's heal, and the
//! extra turns any expansion grants.

use super::events::Event;
use super::machine::{Machine, TurnHooks};
use super::state::{Phase, State};

/// Whether the current turn has end-of-turn steps before the next player's
/// turn: an expansion's (Don Bell's check), the Gold Rush card's heal, an
/// extra turn.
fn end_of_turn_work(s: &State) -> bool {
    s.alive(s.turn.seat)
        && (s.extra.heal_due || s.extra.due > 0 || TurnHooks::in_play(s).any(|e| e.end_step_due(s)))
}

impl Machine<'_, '_> {
    /// The turn is over: the expansions' steps, then its end-of-turn steps,
    /// if any, else the next player.
    pub fn finish_turn(&mut self) {
        for e in TurnHooks::in_play(self.s()) {
            e.turn_over(self);
        }
        if end_of_turn_work(self.s()) {
            self.emit(Event::PhaseStarted { phase: Phase::End });
        } else {
            self.next_turn();
        }
    }

    /// One end-of-turn step, in the order of GC1 and GR-7.4: an expansion's
    /// (Don Bell's check), the Gold Rush card's heal, then an extra turn.
    pub fn end_step(&mut self) {
        let seat = self.s().turn.seat;
        if !self.s().alive(seat) {
            return self.next_turn();
        }
        if TurnHooks::in_play(self.s()).any(|e| e.end_step(self)) {
            return;
        }
        let s = self.s();
        // A shadow or a ghost cannot gain life (SG-2.2, TR-11.8.4).
        if s.extra.heal_due && s.can_gain_life(seat) {
            let p = s.p(seat);
            let amount = (p.max_life as i8 - p.life) as u8;
            return self.gain_life(seat, amount);
        }
        if s.extra.due > 0 {
            return self.emit(Event::TurnStarted {
                seat,
                extra: true,
                shadow: false,
            });
        }
        self.next_turn();
    }
}
