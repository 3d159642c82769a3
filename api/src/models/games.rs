//! A game as listed and as made: its summary, seats, winners and origin,
//! the tokens shown once, and a page of games.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{GameId, GameStatus};
use utoipa::ToSchema;

use super::{AnalysisAccess, DeadlineRules};

/// How a seat is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with a token (in a solo game, also the Deputy's seat his
    /// token plays).
    Human,
    /// A bot policy, played by the bot workers.
    Bot,
    /// Played by the rules themselves: a solo game's NPCs.
    Npc,
    /// An open table's seat waiting for a player (`POST /v1/games/{id}/join`).
    Open,
}

/// A seat in a game summary.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatSummary {
    /// Seat number, clockwise from 0.
    pub seat: u8,
    /// Display name.
    pub name: String,
    /// Human or bot.
    pub kind: SeatKind,
    /// The bot policy, for a bot seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// A `strong` bot's budget per decision in milliseconds, when the seat
    /// was given one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_ms: Option<u32>,
    /// Play-by-post: the bot that keeps this person's seat since it missed
    /// too many move deadlines in a row, until its player takes it back
    /// (`POST /v1/games/{id}/reclaim`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept_by_bot: Option<String>,
    /// An open seat kept for one player (a rematch's): his player id. Only
    /// he takes it, from his inbox, without the invite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserved_for: Option<String>,
    /// The player account that holds the seat, if any: his public id, for
    /// his profile (`GET /v1/players/{id}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// Who won a finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Winners {
    /// The winning side (`law`, `outlaws`, `renegade`), or none for a draw.
    pub team: Option<engine::Team>,
    /// Every winning seat, eliminated ones included.
    pub seats: Vec<u8>,
}

/// Where an imported game came from: the record it was read from, checked
/// on import (`POST /v1/games/import`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ImportOrigin {
    /// The game's id on the server that played it.
    pub game: String,
    /// That server's chain head for the game (the record's `head_hash`).
    pub head_hash: String,
    /// The engine that played it.
    pub engine_version: String,
}

/// Where a forked game came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ForkOrigin {
    /// The game it was forked from.
    #[schema(value_type = String)]
    pub game: GameId,
    /// The number of that game's events it starts with.
    pub at: u64,
}

/// A game as listed: public facts only.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "9f86d081884c7d65", "ruleset": "dice", "options": {"modules": []}, "status": "active",
    "version": 42, "players": 4,
    "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Bot 2", "kind": "bot", "bot": "normal"},
              {"seat": 2, "name": "Bob", "kind": "human"}, {"seat": 3, "name": "Bot 4", "kind": "bot", "bot": "random"}],
    "created_at": "2026-11-24T01:48:21.937Z", "updated_at": "2026-11-24T01:52:03.120Z"
}))]
pub struct GameSummary {
    /// Its id (16 hex digits).
    #[schema(value_type = String, example = "9f86d081884c7d65")]
    pub id: GameId,
    /// The ruleset.
    pub ruleset: String,
    /// The options it was created with.
    #[schema(value_type = Object)]
    pub options: Value,
    /// `active` or `finished`.
    #[schema(value_type = String, example = "active")]
    pub status: GameStatus,
    /// Events in its log.
    pub version: u64,
    /// Players at the table.
    pub players: u8,
    /// The seats.
    pub seats: Vec<SeatSummary>,
    /// Creation time (UTC).
    pub created_at: DateTime<Utc>,
    /// Last change (UTC).
    pub updated_at: DateTime<Utc>,
    /// Once finished: who won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winners: Option<Winners>,
    /// For a fork: its origin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<ForkOrigin>,
    /// Whether the creator chose the seed (`"seed": N`): then the game is not
    /// provably fair (see its audit).
    pub seed_chosen: bool,
    /// For a game that was an open table: whether anyone may join it without
    /// the invite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public: Option<bool>,
    /// Play-by-post: the table's deadlines, if it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadlines: Option<DeadlineRules>,
    /// When the coach may analyse a seat's decisions (see `POST /v1/games`).
    pub analysis: AnalysisAccess,
    /// `true` in a rated game: its end moves its players' ratings (absent
    /// otherwise).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// An imported game (`POST /v1/games/import`): the record it was read
    /// from (absent otherwise). It is read-only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imported_from: Option<ImportOrigin>,
}

/// A human seat's secret token, shown once at creation.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatToken {
    /// The seat.
    pub seat: u8,
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
}

/// `201` for a created (or forked) game.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "game": {"id": "9f86d081884c7d65", "ruleset": "dice", "options": {}, "status": "active", "version": 11,
             "players": 3, "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Bot 2", "kind": "bot", "bot": "random"},
             {"seat": 2, "name": "Bot 3", "kind": "bot", "bot": "random"}],
             "created_at": "2026-11-24T01:48:21.937Z", "updated_at": "2026-11-24T01:48:21.937Z"},
    "tokens": [{"seat": 0, "token": "ff8c50e5843e41370e531ffbe90e5158"}]
}))]
pub struct CreatedGame {
    /// The game.
    pub game: GameSummary,
    /// One token per human seat. Keep them: they are not shown again.
    pub tokens: Vec<SeatToken>,
    /// An open table's invite code, shown only here: a player joins with it
    /// (`{"invite": ...}`), so share it (or a link holding it) with those you
    /// invite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// A page of games.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"games": [], "next_cursor": "0000019ab3f1c2a59f86d081884c7d65"}))]
pub struct GameList {
    /// Newest first.
    pub games: Vec<GameSummary>,
    /// Pass as `cursor` for the next page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
}
