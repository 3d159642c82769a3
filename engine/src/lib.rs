//! The rules of the BANG! family of games, as pure event-sourced state machines.
//!
//! Every ruleset follows the same shape (see [`Ruleset`]), and everything
//! outside the engine reaches it through one door, [`Game`] and the registry
//! ([`rulesets`], [`ruleset`]):
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

pub mod bang;
pub mod core;
pub mod dice;
pub mod game;
pub mod record;

pub use crate::core::{
    Asking, Controls, Decided, GameRng, Line, Recorder, Role, Seat, SeatControl, SeatSet, SeatSpec,
    Seed, Team, Viewer, verify_log,
};
pub use crate::game::{
    CorruptEvent, Game, Outcome, PlayError, Ruleset, RulesetEntry, Seen, TypedGame, Winners,
};

/// Every ruleset the engine plays: the registry. Adding a ruleset is its
/// [`Ruleset`] impl and one line here.
pub fn rulesets() -> &'static [&'static dyn RulesetEntry] {
    &[
        &game::Registered::<dice::Dice>::ENTRY,
        &game::Registered::<bang::Bang>::ENTRY,
    ]
}

/// The ruleset with this id.
pub fn ruleset(id: &str) -> Option<&'static dyn RulesetEntry> {
    rulesets().iter().copied().find(|r| r.id() == id)
}

/// The version of the rules engine, recorded in the first event of every game.
pub const ENGINE_VERSION: &str = concat!("engine/", env!("CARGO_PKG_VERSION"));

/// Whether a log's first event names an engine older than `major.minor`
/// (`"engine/0.1.0"` is older than `(0, 2)`). A fold keeps reading such a log
/// as it was written where a later engine records more events for the same
/// facts. An engine string that does not parse is taken as current.
pub fn written_before(engine: &str, major: u32, minor: u32) -> bool {
    let mut parts = engine
        .strip_prefix("engine/")
        .unwrap_or_default()
        .split('.')
        .map(str::parse::<u32>);
    match (parts.next(), parts.next()) {
        (Some(Ok(a)), Some(Ok(b))) => (a, b) < (major, minor),
        _ => false,
    }
}

#[cfg(test)]
mod version_tests {
    use super::*;

    #[test]
    fn older_engines_are_recognised_and_others_are_current() {
        assert!(written_before("engine/0.1.0", 0, 2));
        assert!(written_before("engine/0.0.1", 0, 2));
        assert!(!written_before("engine/0.2.0", 0, 2));
        assert!(!written_before("engine/1.0.0", 0, 2));
        assert!(!written_before("something else", 0, 2));
        assert!(!written_before(ENGINE_VERSION, 0, 2));
    }
}
