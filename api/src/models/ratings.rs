//! The bodies of the ratings: a player's (or a bot level's) current ratings,
//! a ruleset's leaderboard and a rating's history.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Which games a rating counts: the table games of a ruleset, or its solo
/// mode (`bang` only: the Lone Gunslinger, where each level is rated).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RatingMode {
    /// Games at a table (people and bots).
    #[default]
    Table,
    /// The solo mode: the person against a difficulty level.
    Solo,
}

impl RatingMode {
    /// Its name in URLs and bodies.
    pub fn as_str(self) -> &'static str {
        match self {
            RatingMode::Table => "table",
            RatingMode::Solo => "solo",
        }
    }
}

/// What holds a rating: a player account, a bot policy or a solo level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RatedKind {
    /// A player account (`p_…`).
    Player,
    /// A bot policy (`bot:normal`, `bot:strong`, `bot:random`).
    Bot,
    /// A level of the solo mode (`solo:4`, `solo:4+night_brings_chaos`).
    SoloLevel,
}

/// A rating at one moment: Weng-Lin's skill estimate (25 at the start) and
/// its uncertainty (25/3 at the start, shrinking with games).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingValue {
    /// The skill estimate (μ).
    pub rating: f64,
    /// Its uncertainty (σ).
    pub uncertainty: f64,
    /// `rating − 3 × uncertainty`: a skill the holder has with 99.7%
    /// confidence, what the leaderboard sorts by.
    pub score: f64,
}

/// One current rating of a player or bot level: a ruleset and mode's.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"ruleset": "bang", "mode": "table", "rating": 27.41,
    "uncertainty": 4.02, "score": 15.35, "games": 31, "won": 14}))]
pub struct CurrentRating {
    /// The ruleset.
    pub ruleset: String,
    /// Table games or the solo mode.
    pub mode: RatingMode,
    /// The skill estimate (μ).
    pub rating: f64,
    /// Its uncertainty (σ).
    pub uncertainty: f64,
    /// `rating − 3 × uncertainty`.
    pub score: f64,
    /// Rated games counted.
    pub games: u64,
    /// Those won.
    pub won: u64,
}

/// `GET /v1/rulesets/{id}/leaderboard`: the best ratings of a ruleset.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"ruleset": "dice", "mode": "table", "entries": [
    {"rank": 1, "id": "bot:strong", "kind": "bot", "name": "strong bot", "rating": 29.8,
     "uncertainty": 1.1, "score": 26.5, "games": 812, "won": 401},
    {"rank": 2, "id": "p_3f2a9c1e7b5d4a60", "kind": "player", "name": "Ann", "rating": 28.2,
     "uncertainty": 3.9, "score": 16.5, "games": 40, "won": 19}]}))]
pub struct Leaderboard {
    /// The ruleset.
    pub ruleset: String,
    /// Table games or the solo mode.
    pub mode: RatingMode,
    /// The best, by `score`, at most `limit` (100).
    pub entries: Vec<LeaderboardEntry>,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LeaderboardEntry {
    /// 1 for the best.
    pub rank: u32,
    /// The holder: a player id, `bot:<policy>` or `solo:<level>`.
    pub id: String,
    /// What the holder is.
    pub kind: RatedKind,
    /// Its name (a player's own; `strong bot`; `level 4`…).
    pub name: String,
    /// The skill estimate (μ).
    pub rating: f64,
    /// Its uncertainty (σ).
    pub uncertainty: f64,
    /// `rating − 3 × uncertainty`, what the board sorts by.
    pub score: f64,
    /// Rated games counted.
    pub games: u64,
    /// Those won.
    pub won: u64,
}

/// `GET /v1/players/{id}/ratings`: a rating and how it moved, game by game,
/// the newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"id": "p_3f2a9c1e7b5d4a60", "kind": "player", "name": "Ann",
    "ruleset": "dice", "mode": "table",
    "current": {"ruleset": "dice", "mode": "table", "rating": 26.1, "uncertainty": 6.9,
        "score": 5.4, "games": 2, "won": 1},
    "changes": [{"game": "0000000000000a1f", "at": "2026-11-29T10:00:00Z", "won": true,
        "before": {"rating": 24.2, "uncertainty": 7.6, "score": 1.4},
        "after": {"rating": 26.1, "uncertainty": 6.9, "score": 5.4}}]}))]
pub struct RatingHistory {
    /// The holder: a player id, `bot:<policy>` or `solo:<level>`.
    pub id: String,
    /// What the holder is.
    pub kind: RatedKind,
    /// Its name.
    pub name: String,
    /// The ruleset.
    pub ruleset: String,
    /// Table games or the solo mode.
    pub mode: RatingMode,
    /// The rating now (absent before its first rated game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current: Option<CurrentRating>,
    /// The changes, the newest first.
    pub changes: Vec<RatingChange>,
    /// Pass it as `cursor` for the next page; absent on the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
}

/// How one rated game moved a rating.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RatingChange {
    /// The game.
    pub game: String,
    /// When the rating was updated (shortly after the game ended).
    pub at: DateTime<Utc>,
    /// Whether the holder's side won.
    pub won: bool,
    /// The rating before the game.
    pub before: RatingValue,
    /// The rating after it.
    pub after: RatingValue,
}
