//! The rules of the BANG! family of games, as pure event-sourced state machines.
//!
//! Every ruleset follows the same shape (see [`Ruleset`]):
//!
//! * `decide` validates a seat's action against the current state, draws any
//!   randomness it needs, and returns the events that record what happened;
//! * `apply` folds one event into the state. It is total, pure and never fails,
//!   so a game's state is nothing but the fold of its event log;
//! * `legal_actions` lists every action a seat may post now, concrete and ready;
//! * `view` and `redact` show a state or an event to one viewer, hiding what that
//!   viewer may not know.
//!
//! The engine does no I/O, reads no clock and owns no global RNG: randomness is
//! drawn from a [`core::GameRng`] derived from the game's secret seed and the log
//! version, so every outcome can be re-derived once the seed is revealed.

#![warn(missing_docs)]

pub mod core;
pub mod dice;

pub use crate::core::{GameRng, Seat, Seed, Viewer};

/// The version of the rules engine, recorded in the first event of every game.
pub const ENGINE_VERSION: &str = concat!("engine/", env!("CARGO_PKG_VERSION"));

/// One game family: its types and the four functions that define it.
pub trait Ruleset {
    /// How a game is set up (players, options, seats).
    type Config;
    /// The folded state of one game.
    type State: Default + Clone;
    /// One fact in the log.
    type Event: Clone;
    /// What a seat can ask for.
    type Action;
    /// What one viewer is allowed to see of a state.
    type View;
    /// Why an action or a configuration was refused.
    type Error;

    /// The events that open a new game.
    fn start(config: &Self::Config, rng: &mut GameRng) -> Result<Vec<Self::Event>, Self::Error>;
    /// Folds one event into the state. Total: never fails, never panics.
    fn apply(state: &mut Self::State, event: &Self::Event);
    /// Validates an action and returns the events it causes.
    fn decide(
        state: &Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, Self::Error>;
    /// Every action `seat` may take now.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// The state as `viewer` may see it.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    /// The event as `viewer` may see it.
    fn redact(event: &Self::Event, viewer: Viewer) -> Self::Event;

    /// Folds a whole log from the default state.
    fn replay<'a>(events: impl IntoIterator<Item = &'a Self::Event>) -> Self::State
    where
        Self::Event: 'a,
    {
        let mut state = Self::State::default();
        for event in events {
            Self::apply(&mut state, event);
        }
        state
    }
}
