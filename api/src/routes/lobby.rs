//! Play-by-post: player accounts and their inbox, and the lobby of open
//! tables (join, leave, start).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};

use super::Shared;
use super::examples;
use super::json::JsonBody;
use super::request::{body, game_id};
use crate::error::{ApiError, Problem, example};
use crate::models::*;
use crate::service::Credentials;

/// Create a player account.
///
/// The answer holds the player's secret key, shown only here: with
/// `Authorization: Bearer <key>` it acts for every seat of the player in
/// every game (a seat given to the player at creation, `{"player": id}`, or
/// taken with `POST /v1/games/{id}/join`), and reads the inbox
/// (`GET /v1/me/games`). Seat tokens keep working beside it.
#[utoipa::path(
    tag = "players",
    request_body(content = CreatePlayer),
    responses(
        (status = 201, description = "Created: keep the key, it is not shown again", body = CreatedPlayer),
        (status = 400, description = "Malformed body: not JSON, a field of the wrong type or an unknown field (the detail names it)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "nam: unknown field (the fields are `name`)"))),
        (status = 422, description = "A name other players cannot be shown", body = Problem, content_type = "application/problem+json",
            example = json!(example(422, "invalid_option", &format!("name: {}", crate::text::NAME_RULE)))),
    )
)]
#[post("/v1/players")]
pub async fn create_player(service: Shared, json: JsonBody) -> Result<HttpResponse, ApiError> {
    let created = service.create_player(body::<CreatePlayer>(json)?).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(created))
}

/// The player's inbox: every game he has a seat in, those waiting for his
/// move first (oldest waiting first), then the others, most recent first:
/// every game not yet over (at most 500) and the 50 most recently finished.
#[utoipa::path(
    tag = "players",
    responses(
        (status = 200, description = "The inbox", body = Inbox, example = json!(examples::inbox())),
        (status = 401, description = "No player key, or one that opens no account", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your player key: `Authorization: Bearer pk_...`"))),
    ),
    security(("player_key" = []))
)]
#[get("/v1/me/games")]
pub async fn inbox(service: Shared, credentials: Credentials) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service.inbox(&credentials).await?))
}

/// Take an open seat of a table.
///
/// With a player key, the seat becomes the player's (and its name defaults
/// to his); without one, `name` is required. The invite code is required
/// unless the table is public. The answer holds the seat's token, shown only
/// here. The join that takes the last open seat starts the game: its status
/// is then `active` and the cards or dice are dealt.
#[utoipa::path(
    tag = "lobby",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    request_body(content = JoinGame),
    responses(
        (status = 200, description = "Seated", body = Joined),
        (status = 400, description = "Malformed body: not JSON, a field of the wrong type or an unknown field (the detail names it)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "seat: a seat number from 0 to 7, not 9"))),
        (status = 401, description = "A player key that opens no account, or another kind of token", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "join with your player key, or with no Authorization header"))),
        (status = 403, description = "A private table joined without its invite code", body = Problem, content_type = "application/problem+json",
            example = json!(example(403, "bad_invite", "this table is joined with its invite code (`invite`), which its host shares"))),
        (status = 409, description = "Not an open table (it has started), the seat asked is not open or is kept for another player (a rematch's), or the player already sits at it", body = Problem, content_type = "application/problem+json",
            examples(
                ("not_open" = (summary = "The game has started", value = json!(example(409, "not_open", "this game is not an open table: it has started (or never was one)")))),
                ("seat_reserved" = (summary = "The seats left are kept for invited players", value = json!(example(409, "seat_reserved", "the open seats left are kept for the players invited to this rematch")))),
            )),
        (status = 422, description = "No name to join without a player key, or a name other players cannot be shown", body = Problem, content_type = "application/problem+json",
            example = json!(example(422, "invalid_option", "name: required to join without a player key"))),
    ),
    security((), ("player_key" = []))
)]
#[post("/v1/games/{id}/join")]
pub async fn join_game(
    service: Shared,
    id: web::Path<String>,
    credentials: Credentials,
    json: JsonBody,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let joined = service
        .join(id, body::<JoinGame>(json)?, &credentials)
        .await?;
    Ok(HttpResponse::Ok().json(joined))
}

/// Give up one's seat of a table before it starts (not the host's), or
/// decline a rematch's seat kept for you (it opens to anyone with the invite).
#[utoipa::path(
    tag = "lobby",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    responses(
        (status = 200, description = "The table, the seat open again", body = GameSummary),
        (status = 401, description = "No token, or one that opens no seat of this table", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this token opens no seat of this table"))),
        (status = 409, description = "The game has started, or the caller is the host", body = Problem, content_type = "application/problem+json",
            example = json!(example(409, "host_cannot_leave", "the host keeps his seat: start the game (`POST /v1/games/{id}/start`) to fill the open seats with bots"))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[post("/v1/games/{id}/leave")]
pub async fn leave_game(
    service: Shared,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    Ok(HttpResponse::Ok().json(service.leave(id, &credentials).await?))
}

/// The host starts his table: its open seats are played by bots (the
/// ruleset's default policy), and the game is dealt.
#[utoipa::path(
    tag = "lobby",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    responses(
        (status = 200, description = "Started: the game, now `active`", body = GameSummary),
        (status = 401, description = "No token, or one that opens no seat of this table", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your seat's token or your player key"))),
        (status = 403, description = "Not the host", body = Problem, content_type = "application/problem+json",
            example = json!(example(403, "not_the_host", "only the host (the seat that created the table) starts it"))),
        (status = 409, description = "Not an open table (it has started), or no bots play the ruleset to fill its seats", body = Problem, content_type = "application/problem+json",
            example = json!(example(409, "not_open", "this game is not an open table: it has started (or never was one)"))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[post("/v1/games/{id}/start")]
pub async fn start_game(
    service: Shared,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    Ok(HttpResponse::Ok().json(service.start(id, &credentials).await?))
}

/// Ask for a rematch of a finished game (one of its seats: its token or its
/// player's key).
///
/// A new game with the same ruleset, options and bots, every seat moved one
/// place clockwise (a solo game's seats stay). The caller's seat is his at
/// once (its token is in the answer); a seat a player account held is kept
/// for that player, who finds it in his inbox (`invited: true`) and takes it
/// with `POST /v1/games/{id}/join` and his key, no invite, or declines with
/// `POST /v1/games/{id}/leave`; a seat a person held without an account is
/// open to whoever has the `invite`. The table starts when its last seat is
/// taken, or when the caller (its host) starts it; with no seat to fill it
/// starts at once.
#[utoipa::path(
    tag = "lobby",
    params(("id" = String, Path, description = "The finished game's id (16 hex digits)", example = "9f86d081884c7d65")),
    responses(
        (status = 201, description = "The rematch: an open table (with its invite) or, with no seat to fill, a started game", body = CreatedGame),
        (status = 401, description = "No token or key, or one that opens no seat of that game", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this token opens no seat of this table"))),
        (status = 409, description = "The game is not over", body = Problem, content_type = "application/problem+json",
            example = json!(example(409, "not_finished", "a rematch is asked once the game is over"))),
        (status = 429, description = "Too many requests or new games from this client, or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "rate_limited", &format!("{}; retry in 6 s", crate::limits::creations_detail(crate::config::DEFAULT_CREATES_PER_MINUTE, crate::config::DEFAULT_CREATES_BURST))))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[post("/v1/games/{id}/rematch")]
pub async fn rematch_game(
    service: Shared,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let created = service.rematch(id, &credentials).await?;
    Ok(HttpResponse::build(actix_web::http::StatusCode::CREATED).json(created))
}
