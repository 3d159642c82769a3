//! The bodies of play-by-post: player accounts, their inbox, and joining,
//! leaving and starting an open table.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{GameSummary, SeatToken};

/// `POST /v1/players`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
#[schema(example = json!({"name": "Ann"}))]
pub struct CreatePlayer {
    /// The name other players see: 1 to 64 characters, not blank, without
    /// control characters, bidirectional controls or invisible characters
    /// (the same rules as a seat's name).
    #[schema(min_length = 1, max_length = 64, example = "Ann")]
    pub name: String,
}

/// A new player account.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"id": "p_3f2a9c1e7b5d4a60", "name": "Ann", "key": "pk_5c0e8f0d6a1b4e3f9a7c2d1e0b9f8a76"}))]
pub struct CreatedPlayer {
    /// The player's id (public: it names the player's seats).
    pub id: String,
    /// The name.
    pub name: String,
    /// The player's secret key, shown only here (the server keeps its hash):
    /// `Authorization: Bearer <key>` acts for every seat of the player in
    /// every game, and reads the inbox.
    pub key: String,
}

/// `POST /v1/games/{id}/join`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
#[schema(example = json!({"name": "Bob", "invite": "7d1e0b9f8a765c0e"}))]
pub struct JoinGame {
    /// The seat's name (default: the player's name when a player key is
    /// sent; otherwise required). Same rules as a seat's name.
    #[schema(min_length = 1, max_length = 64, example = "Bob")]
    pub name: Option<String>,
    /// The table's invite code (required unless the table is public).
    pub invite: Option<String>,
    /// Which open seat to take (default: the first open one).
    #[schema(minimum = 0, maximum = 7)]
    pub seat: Option<u8>,
    /// Your own entropy for the game's seed (1 to 128 printable characters,
    /// recorded publicly): the seed is then derived from the server's seed,
    /// committed before anyone joined, and every contribution, so neither the
    /// server nor any player can steer the outcomes. The audit shows how.
    #[schema(min_length = 1, max_length = 128, example = "my lucky horseshoe 8812")]
    pub entropy: Option<String>,
}

/// The seat a join took.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Joined {
    /// The table after the join (`status` is `active` if this join filled it).
    pub game: GameSummary,
    /// The seat and its token, shown only here (a player's key acts for the
    /// seat too).
    #[serde(flatten)]
    pub token: SeatToken,
}

/// One game of a player's inbox.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InboxEntry {
    /// The game.
    pub game: GameSummary,
    /// The player's seat in it.
    pub seat: u8,
    /// The seat is kept for you at an open table (a rematch's): join it
    /// (`POST /v1/games/{id}/join` with your key, no invite) or decline
    /// (`POST /v1/games/{id}/leave`).
    pub invited: bool,
    /// Whether the game waits for the player now.
    pub your_move: bool,
    /// Since when the game has been where it is (its last change).
    pub since: DateTime<Utc>,
    /// When it is the player's move and the table has deadlines: by when he
    /// must answer (the window's closing, or the move deadline) before the
    /// server acts for him.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due_at: Option<DateTime<Utc>>,
}

/// `GET /v1/me/games`: the player's games, those waiting for his move first
/// (oldest waiting first, like a mail inbox), then the others (open tables,
/// games waiting for others, finished games), most recent change first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Inbox {
    /// The player's id.
    pub player: String,
    /// The games.
    pub games: Vec<InboxEntry>,
}

/// Who may read a game's chat besides its seats.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChatVisibility {
    /// Everyone, spectators included (the default).
    #[default]
    Everyone,
    /// Only the game's seats.
    Players,
}

/// When the coach (`GET /v1/games/{id}/analysis`) may analyse a seat's
/// decisions in a game of more than one person. A game of one person (solo,
/// or against bots only) may always be analysed: nobody is there to be
/// helped against.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisAccess {
    /// Once the game is over (the default): a review, never help in play.
    #[default]
    After,
    /// At any time, during the game too (a teaching table).
    Always,
    /// Never.
    Never,
}

/// `POST /v1/games/{id}/chat`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
#[schema(example = json!({"text": "nice shot, Bob"}))]
pub struct PostChat {
    /// The message: 1 to 500 characters, not blank, without control
    /// characters other than line breaks and without bidirectional controls
    /// (which would reorder what others read).
    #[schema(
        min_length = 1,
        max_length = 500,
        pattern = "^[^\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]*$"
    )]
    pub text: String,
}

/// One chat message.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"id": 3, "seat": 1, "name": "Bob", "text": "nice shot", "version": 57, "at": "2026-11-26T07:01:02.345Z"}))]
pub struct ChatMessage {
    /// Its number in the game's chat (from 1).
    pub id: u64,
    /// The seat that sent it.
    pub seat: u8,
    /// The seat's name when it was sent.
    pub name: String,
    /// The message.
    pub text: String,
    /// The game's version when it was sent (its events so far): the
    /// message belongs after that event in the history and in rewinds.
    pub version: u64,
    /// When it was sent (UTC).
    pub at: DateTime<Utc>,
}

/// `GET /v1/games/{id}/chat`: messages in order.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChatPage {
    /// The messages after `after` (and at or before version `at`, if asked).
    pub messages: Vec<ChatMessage>,
}

/// One line of a game's readable history: an event told as a sentence (with
/// the rule it applied), or a chat message at the point it was sent.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"seq": 41, "version": 41, "at": "2026-11-26T07:01:02.345Z", "actor": "0",
    "text": "Ann shoots Bob with BANG! (7♥)", "rule": "bang.md §10"}))]
pub struct HistoryLine {
    /// The event's `seq`; absent for a chat message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// The game's version after the line (for a chat message: when it was sent).
    pub version: u64,
    /// When it happened (UTC).
    pub at: DateTime<Utc>,
    /// Who caused the event (a seat as text, `system` or `server`); for a
    /// chat message, the seat that spoke.
    pub actor: String,
    /// The sentence (for a chat message: `Name: text`).
    pub text: String,
    /// The rule the event applied (`bang.md §10`, `dice.md 3.9`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// A chat message's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat: Option<u64>,
}

/// `GET /v1/games/{id}/history`: the game as sentences, redacted for the caller.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct History {
    /// The game's version now.
    pub version: u64,
    /// The lines after `after`, in order.
    pub lines: Vec<HistoryLine>,
}

/// One player's contribution to a table's seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Contribution {
    /// The seat that gave it.
    pub seat: u8,
    /// What it gave (any text, public).
    pub entropy: String,
}
