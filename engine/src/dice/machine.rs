//! The machine that turns decisions into events: it applies each event it emits to
//! a working copy of the state, then keeps running the automatic steps of the
//! turn (see `turn.rs` and `life.rs`) until a decision is pending or the game ends.

use super::actions::Action;
use super::decisions::pending;
use super::events::{Event, apply};
use super::state::{Stage, State};
use crate::core::GameRng;

/// A bound on automatic steps per decision; reaching it means a bug, not a game.
const MAX_STEPS: usize = 10_000;

/// A working copy of the state plus the events emitted so far.
pub(crate) struct Machine<'r> {
    /// The state after every event emitted so far.
    pub s: State,
    /// The events emitted so far.
    pub events: Vec<Event>,
    /// The source of every random outcome.
    pub rng: &'r mut GameRng,
}

impl<'r> Machine<'r> {
    pub fn new(s: State, rng: &'r mut GameRng) -> Machine<'r> {
        Machine {
            s,
            events: Vec::with_capacity(16),
            rng,
        }
    }

    /// Records an event and folds it into the working state.
    pub fn emit(&mut self, event: Event) {
        apply(&mut self.s, &event);
        self.events.push(event);
    }

    /// Moves the game to another stage.
    pub fn stage(&mut self, stage: Stage) {
        self.emit(Event::StageChanged { stage });
    }

    /// Runs automatic steps until a decision is pending or the game is over.
    pub fn run(&mut self) {
        for _ in 0..MAX_STEPS {
            if self.s.is_over() {
                return;
            }
            if self.s.batch.is_none() && self.turn_cut_short() {
                self.stage(Stage::TurnEnd);
                continue;
            }
            if pending(&self.s).is_some() {
                return;
            }
            if self.s.batch.is_some() {
                self.batch_step();
            } else {
                self.turn_step();
            }
        }
        debug_assert!(false, "the game did not reach a decision");
    }

    /// Whether the active player was eliminated during his turn (3.14.3).
    fn turn_cut_short(&self) -> bool {
        !self.s.is_alive(self.s.turn.active)
            && !matches!(self.s.stage, Stage::TurnEnd | Stage::Over | Stage::Setup)
    }

    /// Applies a checked action: records it, then carries it out.
    pub fn act(&mut self, seat: u8, action: Action) {
        self.emit(Event::Acted {
            seat,
            action: action.clone(),
        });
        self.answer(seat, action);
    }
}
