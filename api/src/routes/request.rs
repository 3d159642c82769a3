//! Reading a request in the API's words: its game id, its query, its JSON
//! body and its credentials. A refusal names the field and says what it takes
//! (`limit: a whole number from 1 to 200, not \`0\``), rather than what a
//! parser expected.

use std::collections::HashMap;
use std::future::{Ready, ready};
use std::time::Duration;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use serde_json::Value;
use store::{GameId, GameStatus};
use utoipa::IntoParams;

use super::json::JsonBody;
use crate::auth;
use crate::error::ApiError;
use crate::models::reading::MAX_VERSION;
use crate::models::{RatingMode, Refusal};
use crate::service::{ARCHIVE_PAGE_MAX, Credentials, MAX_WAIT_S, RATINGS_PAGE_MAX};

/// The caller's credentials: the `Authorization` header, read but not judged
/// (the service refuses a malformed one where it resolves the caller).
impl FromRequest for Credentials {
    type Error = ApiError;
    type Future = Ready<Result<Credentials, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(match auth::bearer(req) {
            Ok(None) => Credentials::Anonymous,
            Ok(Some(token)) => Credentials::Bearer(token),
            Err(refusal) => Credentials::Malformed(refusal),
        }))
    }
}

/// A game id from the path; one that is not 16 hex digits names no game (404).
pub(super) fn game_id(raw: &str) -> Result<GameId, ApiError> {
    raw.parse().map_err(|_| ApiError::no_game(raw))
}

// ----- queries --------------------------------------------------------------

/// A request's query parameters by name, each at most once and each one of
/// `known`.
struct Query(HashMap<String, String>);

impl Query {
    fn of(req: &HttpRequest, known: &[&str]) -> Result<Query, ApiError> {
        let pairs = web::Query::<Vec<(String, String)>>::from_query(req.query_string())
            .map_err(|_| ApiError::bad_request("query: not a valid query string"))?
            .into_inner();
        let mut params = HashMap::new();
        for (name, value) in pairs {
            if !known.contains(&name.as_str()) {
                let known = match known {
                    [] => "none".to_string(),
                    _ => known
                        .iter()
                        .map(|k| format!("`{k}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                return Err(ApiError::bad_request(format!(
                    "{name}: unknown query parameter (this one takes {known})"
                )));
            }
            if params.contains_key(&name) {
                return Err(ApiError::bad_request(format!("{name}: given twice")));
            }
            params.insert(name, value);
        }
        Ok(Query(params))
    }

    fn text(&self, name: &str) -> Option<String> {
        self.0.get(name).cloned()
    }

    /// A whole number in `min..=max`, or a 400 that says `what` it must be.
    fn number(&self, name: &str, min: u64, max: u64, what: &str) -> Result<Option<u64>, ApiError> {
        let Some(raw) = self.0.get(name) else {
            return Ok(None);
        };
        raw.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| raw.parse::<u64>().ok())
            .flatten()
            .filter(|n| (min..=max).contains(n))
            .map(Some)
            .ok_or_else(|| ApiError::bad_request(format!("{name}: {what}, not `{raw}`")))
    }

    /// `after`: the last event `seq` the client has seen.
    fn after(&self) -> Result<Option<u64>, ApiError> {
        self.number(
            "after",
            0,
            MAX_VERSION,
            "a whole number, the last `seq` seen (0 for the start)",
        )
    }

    fn seat(&self) -> Result<Option<u8>, ApiError> {
        Ok(self
            .number("seat", 0, 7, "a seat number from 0 to 7")?
            .map(|s| s as u8))
    }

    fn wait(&self) -> Result<Duration, ApiError> {
        let seconds = self.number(
            "wait",
            0,
            MAX_WAIT_S,
            "seconds, a whole number from 0 to 60",
        )?;
        Ok(Duration::from_secs(seconds.unwrap_or(0)))
    }
}

/// A JSON body read as `T`, refused in the API's words.
pub(super) fn body<T: TryFrom<Value, Error = Refusal>>(body: JsonBody) -> Result<T, ApiError> {
    T::try_from(body.into_inner()).map_err(ApiError::from)
}

/// Query of `GET /v1/games`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Only games with this status: `open`, `active` or `finished`.
    #[param(schema_with = status_schema)]
    pub(super) status: Option<GameStatus>,
    /// Only this ruleset.
    #[param(example = "dice")]
    pub(super) ruleset: Option<String>,
    /// Page size: 1 to 200.
    #[param(minimum = 1, maximum = 200, default = 50)]
    pub(super) limit: Option<usize>,
    /// From a previous page's `next_cursor`.
    pub(super) cursor: Option<String>,
}

/// A string that is one of `values`.
fn one_of(values: [&'static str; 2], description: &str) -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(values))
        .description(Some(description))
        .build()
}

fn history_format_schema() -> utoipa::openapi::schema::Object {
    one_of(
        ["json", "text"],
        "`json` (the default) or `text` (one line a sentence, `text/plain`).",
    )
}

fn stream_format_schema() -> utoipa::openapi::schema::Object {
    one_of(
        ["sse", "ndjson"],
        "`sse` (the default: `text/event-stream`) or `ndjson` (one JSON event a line).",
    )
}

fn status_schema() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(["open", "active", "finished"]))
        .description(Some(
            "Only games with this status: `open` (tables waiting for players), `active` or \
             `finished`.",
        ))
        .build()
}

impl ListParams {
    pub(super) fn read(req: &HttpRequest) -> Result<ListParams, ApiError> {
        let q = Query::of(req, &["status", "ruleset", "limit", "cursor"])?;
        let status = match q.text("status").as_deref() {
            None => None,
            Some("open") => Some(GameStatus::Open),
            Some("active") => Some(GameStatus::Active),
            Some("finished") => Some(GameStatus::Finished),
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "status: `open`, `active` or `finished`, not `{other}`"
                )));
            }
        };
        Ok(ListParams {
            status,
            ruleset: q.text("ruleset"),
            limit: q
                .number("limit", 1, 200, "a whole number from 1 to 200")?
                .map(|n| n as usize),
            cursor: q.text("cursor"),
        })
    }
}

/// Query of `GET /v1/players/{id}/games`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ArchiveParams {
    /// Only games of this ruleset.
    #[param(schema_with = ruleset_schema)]
    pub(super) ruleset: Option<String>,
    /// Page size: 1 to 100.
    #[param(minimum = 1, maximum = 100, default = 20)]
    pub(super) limit: Option<usize>,
    /// From a previous page's `next_cursor`.
    #[param(pattern = "^[0-9a-fA-F/]{0,40}$")]
    pub(super) cursor: Option<String>,
}

/// The rulesets' ids, as an enum.
fn ruleset_schema() -> utoipa::openapi::schema::Object {
    ruleset_enum("Only games of this ruleset.")
}

/// A string schema listing the rulesets' ids, described as `description`.
fn ruleset_enum(description: &str) -> utoipa::openapi::schema::Object {
    let ids: Vec<&str> = engine::rulesets().iter().map(|r| r.id()).collect();
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(ids))
        .description(Some(description))
        .build()
}

impl ArchiveParams {
    pub(super) fn read(req: &HttpRequest) -> Result<ArchiveParams, ApiError> {
        let q = Query::of(req, &["ruleset", "limit", "cursor"])?;
        let ruleset = q.text("ruleset");
        if let Some(r) = &ruleset
            && engine::ruleset(r).is_none()
        {
            let known: Vec<String> = engine::rulesets()
                .iter()
                .map(|r| format!("`{}`", r.id()))
                .collect();
            return Err(ApiError::bad_request(format!(
                "ruleset: one of {}, not `{r}`",
                known.join(", ")
            )));
        }
        // A cursor is a key's tail this server gave: digits, hex and `/`.
        let cursor = q.text("cursor");
        if let Some(c) = &cursor
            && (c.len() > 40 || !c.bytes().all(|b| b.is_ascii_hexdigit() || b == b'/'))
        {
            return Err(ApiError::bad_request(format!(
                "cursor: a previous page's `next_cursor`, not `{c}`"
            )));
        }
        Ok(ArchiveParams {
            ruleset,
            limit: q
                .number(
                    "limit",
                    1,
                    ARCHIVE_PAGE_MAX as u64,
                    &format!("a whole number from 1 to {ARCHIVE_PAGE_MAX}"),
                )?
                .map(|n| n as usize),
            cursor,
        })
    }
}

/// Query of `GET /v1/rulesets/{id}/leaderboard`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardParams {
    /// `table` (the default) or `solo` (the card game's solo mode, where
    /// each level is rated).
    pub(super) mode: Option<RatingMode>,
    /// How many of the best: 1 to 100.
    #[param(minimum = 1, maximum = 100, default = 100)]
    pub(super) limit: Option<usize>,
}

/// `mode`: `table` or `solo`.
fn rating_mode(q: &Query) -> Result<Option<RatingMode>, ApiError> {
    match q.text("mode").as_deref() {
        None => Ok(None),
        Some("table") => Ok(Some(RatingMode::Table)),
        Some("solo") => Ok(Some(RatingMode::Solo)),
        Some(other) => Err(ApiError::bad_request(format!(
            "mode: `table` or `solo`, not `{other}`"
        ))),
    }
}

/// `limit`: 1 to [`RATINGS_PAGE_MAX`].
fn ratings_limit(q: &Query) -> Result<Option<usize>, ApiError> {
    Ok(q.number(
        "limit",
        1,
        RATINGS_PAGE_MAX as u64,
        &format!("a whole number from 1 to {RATINGS_PAGE_MAX}"),
    )?
    .map(|n| n as usize))
}

impl LeaderboardParams {
    pub(super) fn read(req: &HttpRequest) -> Result<LeaderboardParams, ApiError> {
        let q = Query::of(req, &["mode", "limit"])?;
        Ok(LeaderboardParams {
            mode: rating_mode(&q)?,
            limit: ratings_limit(&q)?,
        })
    }
}

/// Query of `GET /v1/players/{id}/ratings`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RatingParams {
    /// The ruleset (required).
    #[param(inline)]
    pub(super) ruleset: RulesetId,
    /// `table` (the default) or `solo`.
    pub(super) mode: Option<RatingMode>,
    /// Page size: 1 to 100.
    #[param(minimum = 1, maximum = 100, default = 20)]
    pub(super) limit: Option<usize>,
    /// From a previous page's `next_cursor`.
    #[param(pattern = "^[0-9]{1,12}$")]
    pub(super) cursor: Option<String>,
}

/// A ruleset's id in a query, one of the rulesets this server plays (its
/// schema an enum of them, written when the server runs).
#[derive(Debug)]
pub struct RulesetId(pub(super) String);

impl utoipa::PartialSchema for RulesetId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        ruleset_enum("The ruleset.").into()
    }
}

impl utoipa::ToSchema for RulesetId {}

impl RatingParams {
    pub(super) fn read(req: &HttpRequest) -> Result<RatingParams, ApiError> {
        let q = Query::of(req, &["ruleset", "mode", "limit", "cursor"])?;
        let Some(ruleset) = q.text("ruleset") else {
            return Err(ApiError::bad_request(
                "ruleset: required (`dice` or `bang`)",
            ));
        };
        if engine::ruleset(&ruleset).is_none() {
            return Err(ApiError::bad_request(format!(
                "ruleset: one of {}, not `{ruleset}`",
                engine::rulesets()
                    .iter()
                    .map(|r| format!("`{}`", r.id()))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let cursor = q.text("cursor");
        if let Some(c) = &cursor
            && (c.is_empty() || c.len() > 12 || !c.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(ApiError::bad_request(format!(
                "cursor: a previous page's `next_cursor`, not `{c}`"
            )));
        }
        Ok(RatingParams {
            ruleset: RulesetId(ruleset),
            mode: rating_mode(&q)?,
            limit: ratings_limit(&q)?,
            cursor,
        })
    }
}

/// Query of `GET /v1/games/{id}`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameParams {
    /// Rewind: the game as it stood after this many events (1 to its version).
    #[param(minimum = 1)]
    pub(super) at: Option<u64>,
    /// See the game as this seat: for bot workers (with the worker key), a bot
    /// seat; for a solo game's token, either seat it plays.
    #[param(minimum = 0, maximum = 7)]
    pub(super) seat: Option<u8>,
}

impl GameParams {
    pub(super) fn read(req: &HttpRequest) -> Result<GameParams, ApiError> {
        let q = Query::of(req, &["at", "seat"])?;
        Ok(GameParams {
            at: q.number(
                "at",
                1,
                MAX_VERSION,
                "a whole number from 1 to the game's version",
            )?,
            seat: q.seat()?,
        })
    }
}

/// Query of `GET /v1/games/{id}/analysis`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalysisParams {
    /// The decision analysed: the one the seat faced after this many events
    /// (1 to the game's version); without it, the one it faces now.
    #[param(minimum = 1)]
    pub(super) at: Option<u64>,
    /// For a solo game's token: which of its two seats' decision.
    #[param(minimum = 0, maximum = 7)]
    pub(super) seat: Option<u8>,
}

impl AnalysisParams {
    /// Read as `GET /v1/games/{id}`'s query is: the same two parameters.
    pub(super) fn read(req: &HttpRequest) -> Result<AnalysisParams, ApiError> {
        let GameParams { at, seat } = GameParams::read(req)?;
        Ok(AnalysisParams { at, seat })
    }
}

/// Query of the actions endpoints.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SeatParams {
    /// The seat to act for: for bot workers (with the worker key), a bot seat;
    /// for a solo game's token, the Sheriff's or the Deputy's seat it plays.
    #[param(minimum = 0, maximum = 7)]
    pub(super) seat: Option<u8>,
}

impl SeatParams {
    pub(super) fn read(req: &HttpRequest) -> Result<SeatParams, ApiError> {
        let q = Query::of(req, &["seat"])?;
        Ok(SeatParams { seat: q.seat()? })
    }
}

/// Query of `GET /v1/games/{id}/events`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventParams {
    /// Only events with `seq` greater than this.
    #[param(minimum = 0, default = 0)]
    pub(super) after: Option<u64>,
    /// At most this many events: 1 to 1000.
    #[param(minimum = 1, maximum = 1000, default = 100)]
    pub(super) limit: Option<usize>,
    /// Hold the request up to this many seconds (0 to 60) until an event
    /// arrives; a finished game answers at once.
    #[param(value_type = Option<u64>, minimum = 0, maximum = 60, default = 0)]
    pub(super) wait: Duration,
    /// The events as this seat sees them: for bot workers (with the worker key),
    /// a bot seat; for a solo game's token, either seat it plays.
    #[param(minimum = 0, maximum = 7)]
    pub(super) seat: Option<u8>,
}

impl EventParams {
    pub(super) fn read(req: &HttpRequest) -> Result<EventParams, ApiError> {
        let q = Query::of(req, &["after", "limit", "wait", "seat"])?;
        Ok(EventParams {
            after: q.after()?,
            limit: q
                .number("limit", 1, 1000, "a whole number from 1 to 1000")?
                .map(|n| n as usize),
            wait: q.wait()?,
            seat: q.seat()?,
        })
    }
}

/// Query of `GET /v1/games/{id}/stream`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamParams {
    /// Only events with `seq` greater than this (a `Last-Event-ID` header,
    /// sent by a reconnecting `EventSource`, overrides it).
    #[param(minimum = 0, default = 0)]
    pub(super) after: Option<u64>,
    /// `sse` (the default: `text/event-stream`) or `ndjson` (one JSON event a
    /// line, `application/x-ndjson`; also chosen by `Accept: application/x-ndjson`).
    #[param(schema_with = stream_format_schema)]
    pub(super) format: Option<String>,
    /// As for `/events`: a bot seat for the worker key, or a solo game's second seat.
    #[param(minimum = 0, maximum = 7)]
    pub(super) seat: Option<u8>,
}

impl StreamParams {
    pub(super) fn read(req: &HttpRequest) -> Result<StreamParams, ApiError> {
        let q = Query::of(req, &["after", "format", "seat"])?;
        let format = q.text("format");
        if let Some(f) = format.as_deref()
            && f != "sse"
            && f != "ndjson"
        {
            return Err(ApiError::bad_request(format!(
                "format: `sse` or `ndjson`, not `{f}`"
            )));
        }
        Ok(StreamParams {
            after: q.after()?,
            format,
            seat: q.seat()?,
        })
    }
}

/// Query of `GET /v1/games/{id}/history`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryParams {
    /// Only events with `seq` greater than this.
    #[param(minimum = 0, default = 0)]
    pub(super) after: Option<u64>,
    /// At most this many events: 1 to 1000.
    #[param(minimum = 1, maximum = 1000, default = 1000)]
    pub(super) limit: Option<usize>,
    /// `json` (the default) or `text` (one line a sentence, `text/plain`).
    #[param(schema_with = history_format_schema)]
    pub(super) format: Option<String>,
    /// As for `/events`: a bot seat for the worker key, or a solo game's second seat.
    #[param(minimum = 0, maximum = 7)]
    pub(super) seat: Option<u8>,
}

impl HistoryParams {
    pub(super) fn read(req: &HttpRequest) -> Result<HistoryParams, ApiError> {
        let q = Query::of(req, &["after", "limit", "format", "seat"])?;
        let format = q.text("format");
        if let Some(f) = format.as_deref()
            && f != "json"
            && f != "text"
        {
            return Err(ApiError::bad_request(format!(
                "format: `json` or `text`, not `{f}`"
            )));
        }
        Ok(HistoryParams {
            after: q.after()?,
            limit: q
                .number("limit", 1, 1000, "a whole number from 1 to 1000")?
                .map(|n| n as usize),
            format,
            seat: q.seat()?,
        })
    }
}

/// Query of `GET /v1/games/{id}/chat`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChatParams {
    /// Only messages with `id` greater than this.
    #[param(minimum = 0, default = 0)]
    pub(super) after: Option<u64>,
    /// Only messages sent at or before this game version (a rewind's chat).
    #[param(minimum = 0)]
    pub(super) at: Option<u64>,
    /// As for `/events`: a bot seat for the worker key, or a solo game's second seat.
    #[param(minimum = 0, maximum = 7)]
    pub(super) seat: Option<u8>,
}

impl ChatParams {
    pub(super) fn read(req: &HttpRequest) -> Result<ChatParams, ApiError> {
        let q = Query::of(req, &["after", "at", "seat"])?;
        Ok(ChatParams {
            after: q.number(
                "after",
                0,
                MAX_VERSION,
                "a whole number, the last message `id` seen",
            )?,
            at: q.number("at", 0, MAX_VERSION, "a whole number, a game version")?,
            seat: q.seat()?,
        })
    }
}

/// Query of `GET /v1/bot/turns`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WaitParams {
    /// Hold the request up to this many seconds (0 to 60) until a bot must act.
    #[param(value_type = Option<u64>, minimum = 0, maximum = 60, default = 0)]
    pub(super) wait: Duration,
}

impl WaitParams {
    pub(super) fn read(req: &HttpRequest) -> Result<WaitParams, ApiError> {
        let q = Query::of(req, &["wait"])?;
        Ok(WaitParams { wait: q.wait()? })
    }
}
