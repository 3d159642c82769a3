//! Errors as `application/problem+json` (RFC 9457), each with a stable `code`.
//!
//! [`ApiError`] is the one error type of the service and the routes alike:
//! a plain value (no request, no response) whose stable `code` is what the
//! API promises its clients. This module is the one place where a code gets
//! its HTTP status: the service names the problem (`ApiError::bad_fork`,
//! `ApiError::not_your_seat`, ...), and [`ResponseError`] renders it.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

/// A problem document: what every error response carries.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "/problems/stale_version",
    "title": "Stale version",
    "status": 409,
    "detail": "the game is at version 42, not 40",
    "code": "stale_version",
    "current_version": 42
}))]
pub struct Problem {
    /// A URI naming the kind of problem: `/problems/{code}`.
    #[serde(rename = "type")]
    pub kind: String,
    /// A short summary of the kind of problem.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// What went wrong this time, for humans.
    pub detail: String,
    /// A stable machine-readable code.
    pub code: String,
    /// For `stale_version`: the game's version now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<u64>,
}

/// An error a handler returns; rendered as a [`Problem`].
#[derive(Debug, Clone, thiserror::Error)]
#[error("{code}: {detail}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The stable code.
    pub code: &'static str,
    /// What went wrong.
    pub detail: String,
    /// For conflicts: the current version.
    pub current_version: Option<u64>,
    /// For 429 and 503: seconds to wait before trying again (`Retry-After`).
    pub retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            detail: detail.into(),
            current_version: None,
            retry_after: None,
        }
    }

    /// 429: too many requests; try again after `retry_after` seconds.
    pub fn rate_limited(
        code: &'static str,
        detail: impl Into<String>,
        retry_after: u64,
    ) -> ApiError {
        ApiError {
            retry_after: Some(retry_after.max(1)),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, detail)
        }
    }

    /// 408: the request (its body) did not arrive in time.
    pub fn timeout(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::REQUEST_TIMEOUT, "request_timeout", detail)
    }

    /// 405: the path exists but not with this method.
    pub fn method_not_allowed(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", detail)
    }

    /// 400: the request is malformed (bad JSON, query or path).
    pub fn bad_request(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", detail)
    }

    /// 401: no token, or a token that matches nothing.
    pub fn unauthorized(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", detail)
    }

    /// 403: the caller may not do this (not his seat, not his decision).
    pub fn forbidden(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, detail)
    }

    /// 404: no such game (or resource).
    pub fn not_found(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", detail)
    }

    /// 409: the expected version is stale.
    pub fn stale(expected: u64, current: u64) -> ApiError {
        ApiError {
            current_version: Some(current),
            ..ApiError::new(
                StatusCode::CONFLICT,
                "stale_version",
                format!("the game is at version {current}, not {expected}"),
            )
        }
    }

    /// 422: well-formed but not allowed by the rules or the options.
    pub fn unprocessable(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, detail)
    }

    /// 404 `not_found`: no game with this id.
    pub fn no_game(id: impl std::fmt::Display) -> ApiError {
        ApiError::not_found(format!("no game {id}"))
    }

    /// 403 `not_your_seat`: the token is for seat `mine`, not `asked`.
    pub fn not_your_seat(mine: u8, asked: u8) -> ApiError {
        ApiError::forbidden(
            "not_your_seat",
            format!("your token is for seat {mine}, not {asked}"),
        )
    }

    /// 422 `seat_needed`: the token plays several seats the game waits for;
    /// the action must name one.
    pub fn seat_needed(seats: &[u8]) -> ApiError {
        let named: Vec<String> = seats.iter().map(|s| format!("?seat={s}")).collect();
        ApiError::unprocessable(
            "seat_needed",
            format!(
                "your token plays several seats the game waits for: name one with {}",
                named.join(" or ")
            ),
        )
    }

    /// 403 `not_a_bot_seat`: the worker asked to act for a human seat.
    pub fn not_a_bot_seat(seat: u8) -> ApiError {
        ApiError::forbidden("not_a_bot_seat", format!("seat {seat} is not a bot seat"))
    }

    /// 403 `not_your_decision`: the seat is not asked anything now.
    pub fn not_your_decision(detail: impl Into<String>) -> ApiError {
        ApiError::forbidden("not_your_decision", detail)
    }

    /// 409 with `code`: the request conflicts with the game's state (an open
    /// table that has started, a seat already taken, ...).
    pub fn conflict(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, detail)
    }

    /// 409 `seat_kept_by_bot`: a bot keeps the seat since it missed its
    /// deadlines; its person takes it back first.
    pub fn seat_kept_by_bot(game: store::GameId, seat: u8, bot: &str) -> ApiError {
        ApiError::conflict(
            "seat_kept_by_bot",
            format!(
                "the {bot} bot keeps seat {seat} since it missed too many move deadlines: take \
                 it back with POST /v1/games/{game}/reclaim, then play"
            ),
        )
    }

    /// 422 `invalid_option`: a game no ruleset plays (a bad option, seat or count).
    pub fn invalid_option(detail: impl Into<String>) -> ApiError {
        ApiError::unprocessable("invalid_option", detail)
    }

    /// 422 `game_over`: the game takes no more actions.
    pub fn game_over() -> ApiError {
        ApiError::unprocessable("game_over", "the game is over")
    }

    /// 422 `game_too_long`: a log of `version` events may not grow past `limit`.
    pub fn game_too_long(version: u64, limit: u64) -> ApiError {
        ApiError::unprocessable(
            "game_too_long",
            format!(
                "this game's log holds {version} events and may hold at most {limit}; \
                 it can still be read, audited and forked"
            ),
        )
    }

    /// 422 `idempotency_key_reused`: an action id sent again with another body.
    pub fn action_id_reused() -> ApiError {
        ApiError::unprocessable(
            "idempotency_key_reused",
            "this action_id was already used with another action or expected_version: \
             use a new action_id for a new action",
        )
    }

    /// 422 `bad_fork`: the game cannot be forked there.
    pub fn bad_fork(detail: impl Into<String>) -> ApiError {
        ApiError::unprocessable("bad_fork", detail)
    }

    /// 415: the body is not JSON in UTF-8 (its `Content-Type` says so).
    pub fn unsupported_media_type(detail: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            detail,
        )
    }

    /// 413: the body is too large.
    pub fn too_large(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", detail)
    }

    /// 500: the server failed (storage); never for a client mistake.
    pub fn internal(detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", detail)
    }

    /// The problem document.
    pub fn problem(&self) -> Problem {
        Problem {
            kind: format!("/problems/{}", self.code),
            title: title(self.code).to_string(),
            status: self.status.as_u16(),
            detail: self.detail.clone(),
            code: self.code.to_string(),
            current_version: self.current_version,
        }
    }
}

/// An example problem for the OpenAPI document: what the server sends for
/// `code`, its title taken from the same table as real errors'.
pub fn example(status: u16, code: &'static str, detail: &str) -> Problem {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST);
    ApiError::new(status, code, detail).problem()
}

/// The example of a `stale_version` problem (409), with the current version.
pub fn stale_example() -> Problem {
    ApiError::stale(40, 42).problem()
}

fn title(code: &str) -> &'static str {
    match code {
        "bad_request" => "Malformed request",
        "unauthorized" => "Missing or unknown token",
        "not_your_seat" => "Not your seat",
        "not_your_decision" => "Not your decision",
        "not_a_bot_seat" => "Not a bot seat",
        "seat_needed" => "Name the seat",
        "not_found" => "Not found",
        "stale_version" => "Stale version",
        "illegal_action" => "Illegal action",
        "invalid_action" => "Invalid action",
        "invalid_option" => "Invalid option",
        "game_over" => "Game over",
        "not_finished" => "Game not finished",
        "invalid_record" => "Record does not verify",
        "payload_too_large" => "Payload too large",
        "unsupported_media_type" => "Unsupported media type",
        "bad_fork" => "Cannot fork there",
        "rate_limited" => "Too many requests",
        "too_many_orders" => "Too many standing orders",
        "request_timeout" => "Request timeout",
        "method_not_allowed" => "Method not allowed",
        "idempotency_key_reused" => "Action id reused with another body",
        "game_too_long" => "The game's log is full",
        "too_many_connections" => "Too many connections",
        "shutting_down" => "Shutting down",
        "store_unavailable" => "Store unavailable",
        "not_your_player" => "Not your player",
        "not_started" => "Not started",
        "not_open" => "Not an open table",
        "bad_invite" => "Invite required",
        "already_seated" => "Already seated",
        "seat_taken" => "Seat taken",
        "seat_reserved" => "Seat kept for another player",
        "host_cannot_leave" => "The host stays",
        "not_the_host" => "Not the host",
        "seats_open" => "Seats still open",
        "changed_meanwhile" => "Changed meanwhile",
        "too_many_streams" => "Too many event streams",
        "too_many_messages" => "Too many chat messages",
        "too_many_analyses" => "Too many analyses",
        "analysis_off" => "No analysis at this table",
        "analysis_after_the_game" => "Analysis after the game",
        "not_asked" => "Not asked there",
        "worker_not_coached" => "Bots are not coached",
        "chat_full" => "The chat is full",
        "seat_kept_by_bot" => "A bot keeps this seat",
        "not_kept_by_bot" => "No bot keeps this seat",
        "too_many_webhooks" => "Too many webhooks",
        "private_address" => "Address not allowed",
        "unresolvable_host" => "Host does not resolve",
        _ => "Server error",
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        response.content_type("application/problem+json");
        if let Some(seconds) = self.retry_after {
            response.insert_header(("retry-after", seconds.to_string()));
        }
        response.json(self.problem())
    }
}

impl From<store::StoreError> for ApiError {
    fn from(e: store::StoreError) -> ApiError {
        match e {
            store::StoreError::NotFound => ApiError::not_found("no such game"),
            store::StoreError::Conflict { current } => ApiError {
                current_version: Some(current),
                ..ApiError::new(
                    StatusCode::CONFLICT,
                    "stale_version",
                    format!("the game is at version {current}"),
                )
            },
            store::StoreError::Stale { .. } => ApiError::conflict(
                "changed_meanwhile",
                "the table changed while this request was made: read it again and retry",
            ),
            store::StoreError::Invalid(detail) => ApiError::bad_request(detail),
            store::StoreError::ActionIdReused => ApiError::action_id_reused(),
            store::StoreError::Unavailable(detail) => {
                tracing::warn!(error = %detail, "the store cannot be reached");
                ApiError {
                    retry_after: Some(1),
                    ..ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "store_unavailable",
                        "the game store cannot be reached now; retry in 1 s",
                    )
                }
            }
            other => ApiError::internal(other.to_string()),
        }
    }
}
