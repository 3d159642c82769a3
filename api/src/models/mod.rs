//! The JSON bodies of the HTTP API, documented for OpenAPI. How request
//! bodies are read, with refusals in the API's words, is in `reading.rs`.

mod deadlines;
mod lobby;
mod reading;
mod rulesets;
#[cfg(test)]
mod tests;
mod webhooks;

pub use deadlines::*;
pub use lobby::*;
pub use reading::Refusal;
pub use rulesets::*;
pub use webhooks::*;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{GameId, GameStatus};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

use crate::schemas::{RulesetAction, RulesetEvent, RulesetOptions, RulesetPending, RulesetView};

/// A seat in a create request: `{"name": "Ann"}` is a human seat; `{"bot": "random"}`,
/// `{"bot": "normal"}` or `{}` (the default policy, `normal`) is a bot seat.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
pub struct SeatRequest {
    /// Display name; a seat with a name and no `bot` is a human seat. 1 to 64
    /// characters, not blank, without control characters, bidirectional
    /// controls, or invisible characters: format (Cf) and other
    /// default-ignorable characters (U+200B, U+FEFF, U+3164, U+E0001 …) and
    /// line and paragraph separators; a zero-width joiner or a presentation
    /// selector is allowed only inside an emoji sequence. The pattern lists
    /// the characters of the Basic Multilingual Plane refused everywhere.
    #[schema(
        min_length = 1,
        max_length = 64,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b\\u200c\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0d\\ufeff\\uffa0\\ufff0-\\ufffb]*$",
        example = "Ann"
    )]
    pub name: Option<String>,
    /// The bot policy for a bot seat: `normal` (the default: a sound
    /// heuristic in the dice game, the rules' own NPC policy in the card
    /// game), `random` (uniformly random legal actions) or `strong`
    /// (searches: plays the game out from each decision many times, in
    /// worlds sampled from what its seat may know).
    #[schema(schema_with = bot_policy_schema)]
    pub bot: Option<String>,
    /// A `strong` bot's thinking budget per decision, in milliseconds (1 to
    /// 1000; default 8 in the dice game, 20 in the card game). It is turned
    /// into a fixed number of playouts at the rate measured on the reference
    /// machine for the game's options, never timed, so every bot worker
    /// makes the same choice. Only with `"bot": "strong"`.
    #[schema(minimum = 1, maximum = 1000, example = 200)]
    pub budget_ms: Option<u32>,
    /// `true`: an open seat, for a player to join later (`POST
    /// /v1/games/{id}/join`); the game is then an open table until its seats
    /// are filled or its host starts it. Not with `name`, `bot` or `player`.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub open: bool,
    /// The player account this seat belongs to (its key then acts for it):
    /// only the caller's own (`Authorization: Bearer <player key>`). The
    /// seat's name defaults to the player's.
    #[schema(example = "p_3f2a9c1e7b5d4a60")]
    pub player: Option<String>,
}

/// `POST /v1/games`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
#[schema(example = json!({
    "ruleset": "dice", "players": 5,
    "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}],
    "options": {"modules": []}
}))]
pub struct CreateGame {
    /// The ruleset.
    #[schema(schema_with = ruleset_schema)]
    pub ruleset: String,
    /// Players at the table: 3 to 8 (the dice game's `ghost` needs 5 or more).
    #[schema(minimum = 3, maximum = 8)]
    pub players: u8,
    /// Seats in order, at most `players`; seats not listed are bot seats.
    #[serde(default)]
    #[schema(value_type = Option<Vec<SeatRequest>>, max_items = 8)]
    pub seats: Vec<SeatRequest>,
    /// Ruleset options; for `dice`: `{"modules": [...]}`, for `bang`:
    /// `{"expansions": ["gold_rush", "train_robbery"], "character_choice": 2, "reaction_seconds": 20}`. A bad or
    /// contradictory option is a 422 `invalid_option` that names it.
    #[serde(default)]
    #[schema(value_type = Option<RulesetOptions>)]
    pub options: Value,
    /// A number that fixes the game's random outcomes, for reproducing a game
    /// on this server (the same number plays the same game). The game then
    /// says publicly that its seed was chosen (`seed_chosen`) and is not
    /// provably fair; the number is mixed with a server secret, so nobody
    /// else can guess the game's seed. Without it the server draws a random
    /// 256-bit seed. 0 to 18446744073709551615.
    #[schema(schema_with = seed_schema)]
    pub seed: Option<u64>,
    /// With open seats: whether anyone may join without the invite code
    /// (default `false`: only who was given the invite). Open tables are
    /// listed either way (`GET /v1/games?status=open`).
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub public: bool,
    /// Who may read the game's chat besides its seats: `everyone` (the
    /// default, spectators included) or `players`.
    #[serde(default)]
    #[schema(value_type = Option<ChatVisibility>)]
    pub chat: ChatVisibility,
    /// Play-by-post: how long a seat asked to move may take (`"24h"`,
    /// `"90m"`, `"1h30m"`, `"2d"`: 1 second to a week), counted from when it
    /// is asked; past it a bot makes that move for it once, as an event of the
    /// log (actor `server`). Without it, a game waits for ever.
    #[schema(pattern = "^([0-9]+[dhms])+$", example = "24h")]
    pub move_deadline: Option<String>,
    /// Play-by-post: how long a seat asked to answer a reaction window (a
    /// Missed!, a special role) may take, like `move_deadline`; past it the
    /// window closes with its safe default. It is the game's live reaction
    /// time (`options.reaction_seconds`, which it replaces); ignored by a game
    /// that never asks for an answer (the dice game without `special_roles`).
    /// Defaults to `move_deadline`.
    #[schema(pattern = "^([0-9]+[dhms])+$", example = "2h")]
    pub response_deadline: Option<String>,
    /// With `move_deadline`: how many move deadlines a seat may miss in a row
    /// before a bot keeps it (until its player takes it back with `POST
    /// /v1/games/{id}/reclaim`): 0 (never) to 20, default 2.
    #[schema(minimum = 0, maximum = 20)]
    pub misses_before_bot: Option<u8>,
}

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
}

/// Who won a finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Winners {
    /// The winning side (`law`, `outlaws`, `renegade`), or none for a draw.
    pub team: Option<engine::Team>,
    /// Every winning seat, eliminated ones included.
    pub seats: Vec<u8>,
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

/// How the seed of a table whose players added entropy was derived.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntropyAudit {
    /// How: `seed = SHA-256("bang/seed-with-entropy/v1" ‖ server seed ‖ for
    /// each contribution in order: its seat (1 byte) ‖ its length in bytes (8
    /// bytes, little-endian) ‖ its UTF-8 text)`.
    pub derivation: String,
    /// The players' contributions, in the order given.
    pub contributions: Vec<Contribution>,
    /// The server's seed, once the game is over (its SHA-256 is `seed_commitment`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server_seed: Option<String>,
    /// Once over: whether the server's seed matches its commitment and
    /// derives `seed` with the contributions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub derived: Option<bool>,
}

/// `POST /v1/games/{id}/fork`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
#[schema(example = json!({"at": 11}))]
pub struct ForkRequest {
    /// How many events of this game the fork starts with: a version at which
    /// the game waited for a decision, such as the `version` its actions were
    /// listed at, or the `seq` of an `acted` event less one. 1 to the game's
    /// version.
    #[schema(minimum = 1)]
    pub at: u64,
}

/// `GET /v1/games/{id}/audit`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "valid": true, "version": 377,
    "head_hash": "f48bfc7c45eeddcc20262efc41d1ba98000885d081cab4767ba0a282be71cc4d",
    "seed_commitment": "263fe2f61a8b7472f1e98f6fba579a582f29e4c1d850b5c204e41b0924afd6ae",
    "seed": "633252bf580509b7b53c94bb0b7c956ef084b1f89f6e472a1f619ca87760fbc9",
    "fair": true, "chain": 2, "hidden_checked": true, "provably_fair": true
}))]
pub struct Audit {
    /// Whether the hash chain is intact (and, with `hidden_checked`, every
    /// commitment to a hidden event).
    pub valid: bool,
    /// Events in the log.
    pub version: u64,
    /// The hash of the last event. Chain v2 hashes cover each event's public
    /// form and a salted commitment to the whole event, so the head hash
    /// reveals nothing hidden and is shown during play; a chain v1 game (stored
    /// before v2) shows it only once over, since its hashes cover hidden facts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head_hash: Option<String>,
    /// The first event whose hash, link or commitment is wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_bad_seq: Option<u64>,
    /// The chain's scheme: 2 (public parts + commitments) or 1 (whole events,
    /// games stored before v2).
    pub chain: u8,
    /// Whether every commitment was checked against its whole event (chain
    /// v2: the server does it at any time; anyone can, once the game is over
    /// and its seed, from which the salts derive, is public).
    pub hidden_checked: bool,
    /// False when outcomes may have been known in advance (see
    /// `fairness_note`): the creator chose the seed, or the game is a fork,
    /// whose first events (and whatever they dealt: roles, hands, a deck's
    /// order) were public when it was made.
    pub provably_fair: bool,
    /// Why the game is not provably fair, if it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairness_note: Option<String>,
    /// SHA-256 of the seed that draws this game's random outcomes (hex);
    /// for a table whose players added entropy, of the server's seed, the
    /// commitment published when the table was created (see `entropy`).
    pub seed_commitment: String,
    /// A table whose players added entropy: how its seed was derived.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entropy: Option<EntropyAudit>,
    /// The seed, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Once the seed is public: whether re-deciding every recorded action from
    /// the seed gives exactly the logged events (the dice were fair).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fair: Option<bool>,
    /// If not fair: the first event that differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_unfair_seq: Option<u64>,
    /// For a fork: its origin (events up to `at` were drawn with the origin's seed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<ForkOrigin>,
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

/// `GET /healthz`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"status": "ok"}))]
pub struct Health {
    /// `ok`.
    pub status: &'static str,
}

// ----- schemas written by hand ------------------------------------------------

/// `ruleset`: one of the rulesets this server plays.
fn ruleset_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(engine::rulesets().iter().map(|r| r.id())))
        .description(Some("The ruleset."))
        .examples(["dice"])
        .build()
}

/// `bot`: one of the bot policies of any ruleset, or none (a human seat when
/// it has a name).
fn bot_policy_schema() -> Object {
    let mut names: Vec<&str> = bots::players::bot_rulesets()
        .iter()
        .flat_map(|b| b.policies.iter().copied())
        .collect();
    names.sort_unstable();
    names.dedup();
    let defaults: Vec<String> = bots::players::bot_rulesets()
        .iter()
        .map(|b| format!("`{}` for `{}`", b.default_policy, b.id))
        .collect();
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(
            names.into_iter().map(Value::from).chain([Value::Null]),
        ))
        .description(Some(format!(
            "The bot policy of a bot seat: `normal` (a sound heuristic in the dice game, \
             the rules' own NPC policy in the card game), `random` (uniformly random \
             legal actions) or `strong` (searches: plays the game out from each decision \
             many times, in worlds sampled from what its seat may know). The default: {}.",
            defaults.join(", ")
        )))
        .build()
}

/// `seed`: any unsigned 64-bit number (its full range, which `int64` is not).
fn seed_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .minimum(Some(0u64))
        .maximum(Some(u64::MAX))
        .description(Some(
            "A number that fixes the game's random outcomes, for reproducing a game on \
             this server (the same number plays the same game). The game then says \
             publicly that its seed was chosen (`seed_chosen`) and is not provably fair; \
             the number is mixed with a server secret, so nobody else can guess the \
             game's seed. Without it the server draws a random 256-bit seed. 0 to \
             18446744073709551615.",
        ))
        .examples([42])
        .build()
}
