//! Making a game: `POST /v1/games` (its seats and options) and `POST
//! /v1/games/{id}/fork`, with the schemas written by hand for the fields
//! whose values the server knows only when it runs (rulesets, bot policies).

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

use super::{AnalysisAccess, ChatVisibility};
use crate::schemas::RulesetOptions;

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
    /// `{"expansions": ["gold_rush", "dodge_city"], "character_choice": 2, "reaction_seconds": 20}`. A bad or
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
    /// `true`: a rated game, whose end moves the ratings of its players and
    /// bots (`GET /v1/rulesets/{id}/leaderboard`). Its seats must be player
    /// accounts (the creator's own, or open seats joined with a player key)
    /// or bots at their standard strength (no `budget_ms`), and its seed is
    /// the server's (no `seed`); otherwise a 422 naming `rated`. Default
    /// `false`.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub rated: bool,
    /// Who may read the game's chat besides its seats: `everyone` (the
    /// default, spectators included) or `players`.
    #[serde(default)]
    #[schema(value_type = Option<ChatVisibility>)]
    pub chat: ChatVisibility,
    /// When the coach may analyse a seat's decisions if more than one person
    /// plays: `after` the game (the default), `always` or `never`. A game of
    /// one person (solo, or against bots only) may always be analysed.
    #[serde(default)]
    #[schema(value_type = Option<AnalysisAccess>)]
    pub analysis: AnalysisAccess,
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
