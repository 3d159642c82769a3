//! Table chat: `POST` and `GET /v1/games/{id}/chat`.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};

use super::Shared;
use super::json::JsonBody;
use super::request::{ChatParams, SeatParams, body, game_id};
use crate::error::{ApiError, Problem, example};
use crate::models::*;
use crate::service::Credentials;

/// Send a chat message to the table.
///
/// Only the game's seats speak (a seat token or a player key; a solo game's
/// token names its seat with `?seat=N` if it wants). The message is stamped
/// with the game's version: it never makes an action stale, and it sits
/// after that event in the history and in rewinds. A seat sends at most
/// `BANG_CHAT_PER_MINUTE` messages a minute; a game keeps at most
/// `BANG_MAX_CHAT_PER_GAME`.
#[utoipa::path(
    tag = "chat",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), SeatParams),
    request_body(content = PostChat),
    responses(
        (status = 201, description = "Sent", body = ChatMessage),
        (status = 400, description = "Malformed body or query (the detail names it)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "txt: unknown field (the fields are `text`)"))),
        (status = 401, description = "Not a seat of this game (spectators and bot workers read only)", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "chat is for the game's seats: send your seat's token or player key"))),
        (status = 409, description = "Many messages at once: send it again", body = Problem, content_type = "application/problem+json",
            example = json!(example(409, "changed_meanwhile", "many messages arrived at once: send it again"))),
        (status = 422, description = "A blank, too long or unprintable message, or the game's chat is full", body = Problem, content_type = "application/problem+json",
            example = json!(example(422, "invalid_option", &format!("text: {}", crate::text::CHAT_RULE)))),
        (status = 429, description = "Too many messages from this seat, or too many requests: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "too_many_messages", "a seat may send a chat message 10 times a minute; try again in 12 s"))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[post("/v1/games/{id}/chat")]
pub async fn post_chat(
    service: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    credentials: Credentials,
    json: JsonBody,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = SeatParams::read(&req)?;
    let sent = service
        .post_chat(id, &credentials, q.seat, body::<PostChat>(json)?)
        .await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(sent))
}

/// Read a game's chat, in order (200 messages a page; page with `after`).
///
/// Its seats always read it; spectators too unless the game was created
/// with `"chat": "players"`. `?at=N` keeps the messages sent by version `N`
/// (a rewind's chat).
#[utoipa::path(
    tag = "chat",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), ChatParams),
    responses(
        (status = 200, description = "The messages", body = ChatPage),
        (status = 400, description = "Bad query: a bad `after`, `at` or `seat`, or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "after: a whole number, the last message `id` seen, not `x`"))),
        (status = 401, description = "A token that opens no seat of this game, or a spectator of a players-only chat", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this game's chat is for its players: send your seat's token or player key"))),
    ),
    security((), ("seat_token" = []), ("player_key" = []), ("worker_key" = []))
)]
#[get("/v1/games/{id}/chat")]
pub async fn read_chat(
    service: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = ChatParams::read(&req)?;
    let page = service
        .chat(id, &credentials, q.seat, q.after.unwrap_or(0), q.at)
        .await?;
    Ok(HttpResponse::Ok().json(page))
}
