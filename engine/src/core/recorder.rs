//! The loop every ruleset runs a decision with: record an event and fold it
//! into a working state at once, so each automatic step sees the state the
//! events so far lead to; then step on until the game waits for a decision.

use super::Ruleset;

/// A state being moved on by one decision, with the events recorded so far.
/// `play` is then exactly `decide` followed by `apply`: the state is only ever
/// changed by folding the events it returns.
pub struct Recorder<'s, R: Ruleset> {
    /// The state after every event recorded so far.
    pub state: &'s mut R::State,
    /// The events recorded so far.
    pub events: Vec<R::Event>,
}

/// Records `event` after `events` and folds it into `state`: the one way a
/// decision moves a working state on, for a machine that keeps its state and
/// events in its own fields.
#[inline]
pub fn record<R: Ruleset>(state: &mut R::State, events: &mut Vec<R::Event>, event: R::Event) {
    R::apply(state, &event);
    events.push(event);
}

/// What an automatic step says about the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Something happened; step again.
    Moved,
    /// The game waits for a decision (or is over).
    Waits,
}

/// A bound on automatic steps per decision; reaching it means a bug, not a game.
pub const MAX_STEPS: usize = 10_000;

impl<'s, R: Ruleset> Recorder<'s, R> {
    /// A recorder that appends to `events` (a buffer the caller may reuse).
    pub fn new(state: &'s mut R::State, events: Vec<R::Event>) -> Recorder<'s, R> {
        Recorder { state, events }
    }

    /// Records an event and folds it into the working state.
    pub fn emit(&mut self, event: R::Event) {
        record::<R>(self.state, &mut self.events, event);
    }

    /// Runs `step` until it says the game waits (at most [`MAX_STEPS`] times).
    pub fn run<C>(&mut self, ctx: &mut C, mut step: impl FnMut(&mut Self, &mut C) -> Step) {
        for _ in 0..MAX_STEPS {
            if step(self, ctx) == Step::Waits {
                return;
            }
        }
        debug_assert!(false, "{}: the game did not reach a decision", R::ID);
    }
}
