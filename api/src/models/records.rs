//! The bodies of a player's record: his profile and his archive of
//! finished games.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::GameSummary;

/// `GET /v1/players/{id}`: who the player is and how his finished games went.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "p_3f2a9c1e7b5d4a60", "name": "Ann", "created_at": "2026-11-01T09:00:00Z",
    "played": 12, "won": 5,
    "rulesets": [{"ruleset": "bang", "played": 12, "won": 5, "roles": [
        {"role": "sheriff", "played": 3, "won": 2}, {"role": "outlaw", "played": 6, "won": 2},
        {"role": "deputy", "played": 2, "won": 1}, {"role": "renegade", "played": 1, "won": 0}]}],
    "ratings": [{"ruleset": "bang", "mode": "table", "rating": 27.41, "uncertainty": 4.02,
        "score": 15.35, "games": 9, "won": 4}]
}))]
pub struct Profile {
    /// The player's id.
    pub id: String,
    /// The player's name.
    pub name: String,
    /// When the account was made.
    pub created_at: Option<DateTime<Utc>>,
    /// Finished games he had a seat in.
    pub played: u64,
    /// Those he won.
    pub won: u64,
    /// By ruleset, the most played first.
    pub rulesets: Vec<RulesetRecord>,
    /// His current ratings, one per ruleset and mode he played rated games
    /// of (`GET /v1/players/{id}/ratings` has their history).
    pub ratings: Vec<super::CurrentRating>,
}

/// A player's finished games of one ruleset.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RulesetRecord {
    /// The ruleset.
    pub ruleset: String,
    /// Finished games of it.
    pub played: u64,
    /// Those he won.
    pub won: u64,
    /// By the role he held, the most played first.
    pub roles: Vec<RoleRecord>,
}

/// A player's finished games in one role.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoleRecord {
    /// `sheriff`, `deputy`, `outlaw` or `renegade`.
    pub role: String,
    /// Games in that role.
    pub played: u64,
    /// Those he won.
    pub won: u64,
}

/// `GET /v1/players/{id}/games`: a page of the player's finished games,
/// the most recently finished first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlayerGames {
    /// The player's id.
    pub player: String,
    /// The games.
    pub games: Vec<ArchivedGame>,
    /// Pass it as `cursor` for the next page; absent on the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
}

/// One finished game of a player's archive.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArchivedGame {
    /// His seat.
    pub seat: u8,
    /// His role (absent in a game without roles, or recorded before roles were).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Whether he won.
    pub won: bool,
    /// When the game ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<DateTime<Utc>>,
    /// Every seat's role as the end revealed them, by seat (empty if not recorded).
    pub roles: Vec<Option<String>>,
    /// The game: its seats, options and winners.
    pub game: GameSummary,
}
