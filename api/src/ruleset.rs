//! The one place where the server meets the rules, through the engine's one
//! door: every ruleset's state, actions, events and views are a
//! [`engine::Game`] behind JSON, made by the engine's registry. Nothing here
//! names a ruleset, its events or its actions.

use engine::{Game, PlayError, Seed};
use serde_json::Value;

use crate::error::ApiError;
use crate::models::Winners;

pub use engine::SeatSpec;

/// The rulesets the server plays (the engine's registry, by id).
pub fn ruleset_ids() -> impl Iterator<Item = &'static str> {
    engine::rulesets().iter().map(|r| r.id())
}

fn entry(ruleset: &str) -> Result<&'static dyn engine::RulesetEntry, ApiError> {
    engine::ruleset(ruleset).ok_or_else(|| {
        let ids: Vec<&str> = ruleset_ids().collect();
        ApiError::unprocessable(
            "invalid_option",
            format!("ruleset: `{ruleset}` is not one of {ids:?}"),
        )
    })
}

/// Checks a ruleset name.
pub fn check_ruleset(ruleset: &str) -> Result<(), ApiError> {
    entry(ruleset).map(|_| ())
}

/// Checks a player count against what the ruleset allows.
pub fn check_players(ruleset: &str, players: u8) -> Result<(), ApiError> {
    let allowed = entry(ruleset)?.players();
    if allowed.contains(&players) {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "invalid_option",
            format!(
                "players: {} to {}, not {players}",
                allowed.start(),
                allowed.end()
            ),
        ))
    }
}

/// The opening events of a new game, validating its options.
pub fn start(
    ruleset: &str,
    players: u8,
    options: &Value,
    seats: Vec<SeatSpec>,
    seed: Seed,
) -> Result<Vec<Value>, ApiError> {
    entry(ruleset)?
        .start(players, options, seats, seed)
        .map_err(|why| ApiError::unprocessable("invalid_option", why))
}

/// The seats of a new game of `ruleset` that no creator's seat plays (a solo
/// game's NPCs and partner seat).
pub fn rules_seats(ruleset: &str, players: u8, options: &Value) -> Result<Vec<u8>, ApiError> {
    Ok(entry(ruleset)?.rules_seats(players, options))
}

/// Whether a game of `ruleset` with these options ever opens a reaction
/// window (a response deadline applies to those).
pub fn has_reaction_windows(ruleset: &str, options: &Value) -> bool {
    engine::ruleset(ruleset).is_some_and(|r| r.has_reaction_windows(options))
}

/// `options` with a response deadline of `seconds` as the game's live
/// reaction time (the ruleset names its option).
pub fn with_reaction_seconds(
    ruleset: &str,
    options: &Value,
    seconds: u32,
) -> Result<Value, ApiError> {
    entry(ruleset)?
        .with_reaction_seconds(options, seconds)
        .map_err(ApiError::invalid_option)
}

/// Whether a stored event of `ruleset` begins a decision's events: a game may
/// be forked just before it (or at its end), where it waits for a decision.
pub fn starts_action(ruleset: &str, event: &Value) -> bool {
    engine::ruleset(ruleset).is_some_and(|r| r.begins_decision(event))
}

/// A stored event of `ruleset` (as a viewer may see it) told as a sentence,
/// with the rule it applied; `names` are the seats' names.
pub fn describe(ruleset: &str, event: &Value, names: &[String]) -> Option<engine::Line> {
    engine::ruleset(ruleset)?.describe(event, names)
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> ApiError {
        match e {
            PlayError::Invalid(why) => ApiError::unprocessable("invalid_action", why),
            PlayError::NotYourDecision(why) => ApiError::forbidden("not_your_decision", why),
            PlayError::GameOver => ApiError::unprocessable("game_over", e.to_string()),
            PlayError::Illegal(why) => ApiError::unprocessable("illegal_action", why),
        }
    }
}

/// A stored event the engine cannot fold: the log is damaged, not the request.
impl From<engine::CorruptEvent> for ApiError {
    fn from(e: engine::CorruptEvent) -> ApiError {
        ApiError::internal(e.to_string())
    }
}

impl From<engine::Winners> for Winners {
    fn from(w: engine::Winners) -> Winners {
        Winners {
            team: w.team,
            seats: w.seats,
        }
    }
}

/// A game of `ruleset` before any event, to fold its log into.
pub fn new_game(ruleset: &str) -> Result<Box<dyn Game>, ApiError> {
    Ok(entry(ruleset)?.new_game())
}
