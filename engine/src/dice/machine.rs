//! The machine that turns decisions into events: it applies each event it emits to
//! a working copy of the state, then keeps running the automatic steps of the
//! turn (see `turn.rs` and `life.rs`) until a decision is pending or the game ends.
//!
//! The stage (the game's program counter) moves many times within one decision;
//! the machine tracks it itself and records it once, in a `stage_changed` event,
//! where the game stops to wait. So the log says where the game waits without a
//! plumbing event for every automatic step.

use super::actions::Action;
use super::decisions::pending_at;
use super::events::Event;
use super::state::{Stage, State};
use crate::core::{GameRng, MAX_STEPS};

/// The state being moved on, plus the events emitted so far.
pub(crate) struct Machine<'s, 'r> {
    /// The state after every event emitted so far.
    pub s: &'s mut State,
    /// The events emitted so far.
    pub events: Vec<Event>,
    /// The source of every random outcome.
    pub rng: &'r mut GameRng,
    /// The stage the turn has reached, when ahead of the last one recorded.
    stage: Option<Stage>,
}

impl<'s, 'r> Machine<'s, 'r> {
    pub fn new(s: &'s mut State, rng: &'r mut GameRng) -> Machine<'s, 'r> {
        Machine::with_buffer(s, rng, Vec::with_capacity(16))
    }

    /// A machine that appends its events to `events`.
    pub fn with_buffer(
        s: &'s mut State,
        rng: &'r mut GameRng,
        events: Vec<Event>,
    ) -> Machine<'s, 'r> {
        Machine {
            s,
            events,
            rng,
            stage: None,
        }
    }

    /// Records an event and folds it into the working state.
    pub fn emit(&mut self, event: Event) {
        if matches!(event, Event::TurnStarted { .. } | Event::GameEnded { .. }) {
            // These events set the stage themselves.
            self.stage = None;
        }
        crate::core::record::<super::Dice>(self.s, &mut self.events, event);
    }

    /// Moves the game to another stage (recorded when the game stops to wait).
    pub fn stage(&mut self, stage: Stage) {
        self.stage = Some(stage);
    }

    /// The stage the turn has reached.
    pub fn at(&self) -> Stage {
        self.stage.unwrap_or(self.s.stage)
    }

    /// Runs automatic steps until a decision is pending or the game is over,
    /// then records the stage where the game waits.
    pub fn run(&mut self) {
        self.steps();
        if let Some(stage) = self.stage.take()
            && stage != self.s.stage
        {
            self.emit(Event::StageChanged { stage });
        }
    }

    fn steps(&mut self) {
        for _ in 0..MAX_STEPS {
            if self.s.is_over() {
                return;
            }
            if let Some(window) = self.s.window {
                if !window.asked.is_empty() {
                    return;
                }
                self.close_window();
                continue;
            }
            if self.s.batch.is_none() && self.turn_cut_short() {
                self.stage(Stage::TurnEnd);
                continue;
            }
            if pending_at(self.s, self.at()).is_some() {
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
            && !self.s.ghost_turn()
            && !matches!(
                self.at(),
                Stage::TurnEnd | Stage::NextTurn | Stage::Over | Stage::Setup
            )
    }

    /// Applies a checked action: records it, then carries it out.
    pub fn act(&mut self, seat: u8, action: Action) {
        if let Action::SetOrders { orders } = action {
            // Private: recorded apart from `acted`, so redaction can hide it.
            self.emit(Event::OrdersSet {
                seat,
                orders: Some(orders),
            });
            return;
        }
        self.emit(Event::Acted { seat, action });
        if self.s.window.is_some() {
            self.window_answered(seat, action);
        } else {
            self.answer(seat, action);
        }
    }
}
