//! What every ruleset shares: the [`Ruleset`] shape itself, seats and
//! viewers, the seeded RNG with its commitment, the family's roles and sides,
//! reaction windows, the decision loop, the audit that re-derives a log and
//! the hash chain that seals it.

mod audit;
pub mod chain;
pub mod control;
pub mod history;
mod recorder;
mod rng;
mod roles;
mod ruleset;
mod seat_control;
mod seats;
mod text;
mod viewer;
mod window;

pub use audit::{expire, verify_log};
pub use control::Controls;
pub use history::Line;
pub use recorder::{MAX_STEPS, Recorder, Step, record};
pub use rng::{GameRng, Seed, SeedParseError};
pub use roles::{Role, Team};
pub use ruleset::{Decided, PlayError, Ruleset, Winners};
pub use seat_control::{RULE as CONTROL_RULE, SeatControl};
pub use seats::{MAX_SEATS, SeatSet, SeatSpec};
pub use text::{Text, text, text_of};
pub use viewer::{Seat, Viewer};
pub use window::{Asking, MAX_REACTION_SECONDS, ReactionSecondsOutOfRange, check_reaction_seconds};

/// Reads a game's `options` object: `null` is the defaults; a mistake is
/// named by its path (`options.expansions: invalid type: string "gold_rush",
/// expected a sequence`), so a client sees which option to fix. `example`
/// shows an object when something else was sent.
pub fn parse_options<T>(options: &serde_json::Value, example: &str) -> Result<T, String>
where
    T: serde::de::DeserializeOwned + Default,
{
    match options {
        serde_json::Value::Null => Ok(T::default()),
        serde_json::Value::Object(_) => serde_path_to_error::deserialize(options).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            if path == "." {
                format!("options: {inner}")
            } else {
                format!("options.{path}: {inner}")
            }
        }),
        _ => Err(format!("options: an object, such as {example}")),
    }
}
