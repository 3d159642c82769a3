//! Playing a game: its state as the caller may see it, the legal actions,
//! posting one, the events of its log, and the turns of bot seats.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::GameId;
use utoipa::ToSchema;

use super::GameSummary;
use crate::schemas::{RulesetAction, RulesetEvent, RulesetPending, RulesetView};

/// `GET /v1/games/{id}`: the game as the caller may see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "game": {"id": "9f86d081884c7d65", "ruleset": "dice", "options": {}, "status": "active", "version": 11, "players": 3,
             "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Bot 2", "kind": "bot", "bot": "random"},
                       {"seat": 2, "name": "Bot 3", "kind": "bot", "bot": "random"}],
             "created_at": "2026-11-24T01:48:21.937Z", "updated_at": "2026-11-24T01:48:21.937Z"},
    "version": 11,
    "view": {"viewer": {"seat": 0}, "pile": 9, "version": 11, "outcome": null,
             "players": [
                 {"seat": 0, "character": "black_jack", "role": "deputy", "role_public": true, "life": 8, "max_life": 8, "arrows": 0, "alive": true},
                 {"seat": 1, "character": "pedro_ramirez", "role": "outlaw", "role_public": true, "life": 8, "max_life": 8, "arrows": 0, "alive": true},
                 {"seat": 2, "character": "rose_doolan", "role": "renegade", "role_public": true, "life": 9, "max_life": 9, "arrows": 0, "alive": true}],
             "turn": {"active": 0, "dice": [{"kind": "base", "face": null}], "rolls": 0, "roll_limit": 3, "shots": []},
             "stage": {"stage": "first_roll"}, "pending": {"seat": 0, "decision": {"kind": "first_roll"}}},
    "pending": [{"seat": 0, "decision": {"kind": "first_roll"}}],
    "your_seat": 0, "your_turn": true
}))]
pub struct GameState {
    /// The summary.
    pub game: GameSummary,
    /// The version this view shows (the `at` asked for, or the latest).
    pub version: u64,
    /// The table as the caller may see it (hidden roles are `null`); `null`
    /// for an open table, where nothing is dealt yet.
    #[schema(value_type = Option<RulesetView>)]
    pub view: Value,
    /// Who must act now, and on what.
    #[schema(value_type = Vec<RulesetPending>)]
    pub pending: Vec<Value>,
    /// The caller's seat, if he has one.
    pub your_seat: Option<u8>,
    /// Solo games: every seat the caller's token plays (the Sheriff and the
    /// Deputy); an action names its seat with `?seat=N` when both are asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub your_seats: Option<Vec<u8>>,
    /// Whether the caller must act now.
    pub your_turn: bool,
    /// With a live reaction time (`reaction_seconds`): when the
    /// open window closes by itself, every seat still asked then passing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_closes_at: Option<DateTime<Utc>>,
    /// With a move deadline (`move_deadline`): when the seats asked to move
    /// now must have moved; past it a bot makes the move for them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_due_at: Option<DateTime<Utc>>,
}

/// `GET /v1/games/{id}/actions`: every action the caller may post now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "version": 17, "seat": 2,
    "actions": [{"type": "stop"}, {"type": "reroll", "dice": [0]}, {"type": "reroll", "dice": [1]}, {"type": "reroll", "dice": [0, 1]}]
}))]
pub struct LegalActions {
    /// The version they apply to: post it back as `expected_version`.
    pub version: u64,
    /// The caller's seat.
    pub seat: u8,
    /// Each one ready to post as `action`.
    #[schema(value_type = Vec<RulesetAction>)]
    pub actions: Vec<Value>,
}

/// `POST /v1/games/{id}/actions`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
#[schema(example = json!({"action": {"type": "reroll", "dice": [0, 3]}, "expected_version": 17, "action_id": "6f1c2a9e-move-4"}))]
pub struct PostAction {
    /// One of the caller's legal actions; or, at any time, the seat's standing
    /// orders `{"type": "set_orders", "orders": {...}}` (dice with special
    /// roles, and the card game).
    #[schema(value_type = RulesetAction)]
    pub action: Value,
    /// The version the caller saw (the `version` of `GET
    /// /v1/games/{id}/actions`); a stale one is refused with 409, unless the
    /// caller is still asked in the reaction window it saw.
    #[schema(example = 17)]
    pub expected_version: Option<u64>,
    /// An idempotency key, scoped to the seat that sends it (or to the bot
    /// workers): a retry with the same body returns the first result and
    /// appends nothing; the same id with another action or `expected_version`
    /// is a 422 `idempotency_key_reused`. 1 to 128 characters, without control
    /// characters.
    #[schema(
        min_length = 1,
        max_length = 128,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$",
        example = "6f1c2a9e-move-4"
    )]
    pub action_id: Option<String>,
}

/// One event of a game's log, redacted for the caller.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventOut {
    /// Its position in the log (from 1).
    pub seq: u64,
    /// When it was appended (UTC).
    pub at: DateTime<Utc>,
    /// The seat that caused it, or `system`.
    pub actor: String,
    /// The event.
    #[schema(value_type = RulesetEvent)]
    pub event: Value,
    /// Chain v2: the commitment to the whole event, hex
    /// `SHA-256(salt ++ canonical JSON of the event)`, where `salt` =
    /// `SHA-256(chain key ++ seq as 8 big-endian bytes)` and the chain key =
    /// `SHA-256("bang/chain-key/v2" ++ seed)`: checkable once the seed is revealed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// Chain v2: the chain hash after this event, hex `SHA-256(previous hash ++
    /// canonical JSON of {actor, at, commitment, event, prev_hash, seq})` with
    /// `event` as a spectator sees it (the previous hash of event 1 is 64
    /// zeros): read the events without a token to walk the chain yourself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

/// The result of a posted action.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "version": 21, "duplicate": false,
    "events": [
        {"seq": 18, "at": "2026-11-24T01:50:00.001Z", "actor": "2", "event": {"type": "acted", "seat": 2, "action": {"type": "reroll", "dice": [0, 1]}}},
        {"seq": 19, "at": "2026-11-24T01:50:00.001Z", "actor": "2", "event": {"type": "dice_rolled", "dice": [{"die": 0, "face": "arrow"}, {"die": 1, "face": "beer"}]}},
        {"seq": 20, "at": "2026-11-24T01:50:00.001Z", "actor": "2", "event": {"type": "arrow_taken", "seat": 2}},
        {"seq": 21, "at": "2026-11-24T01:50:00.001Z", "actor": "2", "event": {"type": "stage_changed", "stage": {"stage": "reroll"}}}
    ]
}))]
pub struct ActionResult {
    /// The game's version after the action.
    pub version: u64,
    /// The events it caused, redacted for the caller.
    pub events: Vec<EventOut>,
    /// Whether this repeated an earlier `action_id` (nothing new was appended).
    pub duplicate: bool,
}

/// A slice of a game's log.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "version": 12,
    "events": [{"seq": 12, "at": "2026-11-24T01:50:00.001Z", "actor": "0", "event": {"type": "acted", "seat": 0, "action": {"type": "roll"}}}]
}))]
pub struct EventPage {
    /// The game's version now.
    pub version: u64,
    /// Events after `after`, in order, redacted for the caller.
    pub events: Vec<EventOut>,
}

/// A bot seat that must act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"game": "9f86d081884c7d65", "seat": 1, "version": 57}))]
pub struct BotTurn {
    /// The game.
    #[schema(value_type = String)]
    pub game: GameId,
    /// The bot seat.
    pub seat: u8,
    /// The game's version.
    pub version: u64,
}
