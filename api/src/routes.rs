//! The HTTP routes of API v1: thin handlers over [`crate::hub::Hub`].

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::Deserialize;
use store::{GameId, GameStatus, ListQuery};
use utoipa::IntoParams;

use crate::error::{ApiError, Problem};
use crate::hub::{Hub, MAX_WAIT_S};
use crate::models::*;

/// The shared state as handlers see it.
pub type Shared = web::Data<Hub>;

fn game_id(raw: &str) -> Result<GameId, ApiError> {
    raw.parse()
        .map_err(|_| ApiError::not_found(format!("no game {raw}")))
}

fn wait(seconds: Option<u64>) -> Duration {
    Duration::from_secs(seconds.unwrap_or(0).min(MAX_WAIT_S))
}

/// Query of `GET /v1/games`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct ListParams {
    /// `active` or `finished`.
    status: Option<String>,
    /// Only this ruleset.
    ruleset: Option<String>,
    /// 1 to 200 (default 50).
    limit: Option<usize>,
    /// From a previous page's `next_cursor`.
    cursor: Option<String>,
}

/// Query of `GET /v1/games/{id}`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct GameParams {
    /// Rewind: the game as it stood after this many events.
    at: Option<u64>,
    /// Bot workers only (with the worker key): see the game as this bot seat.
    seat: Option<u8>,
}

/// Query of the actions endpoints.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct SeatParams {
    /// Bot workers only (with the worker key): the bot seat to act for.
    seat: Option<u8>,
}

/// Query of `GET /v1/games/{id}/events`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct EventParams {
    /// Only events with `seq` greater than this (default 0).
    after: Option<u64>,
    /// At most this many (1 to 1000, default 100).
    limit: Option<usize>,
    /// Hold the request up to this many seconds (max 60) until an event arrives.
    wait: Option<u64>,
    /// Bot workers only (with the worker key): the events as this bot seat sees them.
    seat: Option<u8>,
}

/// Query of `GET /v1/bot/turns`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct WaitParams {
    /// Hold the request up to this many seconds (max 60) until a bot must act.
    wait: Option<u64>,
}

/// Create a game.
///
/// Human seats (`{"name": ...}`) get a secret token each, shown only in this
/// response. Seats not listed, `{}` and `{"bot": ...}` are bot seats.
#[utoipa::path(
    tag = "games",
    request_body = CreateGame,
    responses(
        (status = 201, description = "Created", body = CreatedGame),
        (status = 400, description = "Malformed body", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Unknown ruleset or invalid option (the detail names it)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games")]
pub async fn create_game(
    hub: Shared,
    body: web::Json<CreateGame>,
) -> Result<HttpResponse, ApiError> {
    let created = hub.create(body.into_inner()).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(created))
}

/// List games, newest first.
#[utoipa::path(
    tag = "games",
    params(ListParams),
    responses(
        (status = 200, description = "A page of games", body = GameList),
        (status = 400, description = "Bad filter", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games")]
pub async fn list_games(
    hub: Shared,
    query: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let status = match q.status.as_deref() {
        None => None,
        Some("active") => Some(GameStatus::Active),
        Some("finished") => Some(GameStatus::Finished),
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "status: `active` or `finished`, not `{other}`"
            )));
        }
    };
    let limit = q.limit.unwrap_or(50);
    if !(1..=200).contains(&limit) {
        return Err(ApiError::bad_request("limit: 1 to 200"));
    }
    let list = hub
        .list(ListQuery {
            status,
            ruleset: q.ruleset,
            limit,
            cursor: q.cursor,
        })
        .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// The game as the caller may see it.
///
/// Without a token: a spectator's view (public facts only). With a seat's token:
/// that seat's view. Once the game is over, everything is visible. `?at=N` shows
/// the game as it stood after its first N events.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id"), GameParams),
    responses(
        (status = 200, description = "The game", body = GameState),
        (status = 400, description = "`at` out of range", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "Unknown token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
    ),
    security((), ("seat_token" = []))
)]
#[get("/v1/games/{id}")]
pub async fn get_game(
    hub: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    query: web::Query<GameParams>,
) -> Result<HttpResponse, ApiError> {
    let state = hub.game(game_id(&id)?, &req, query.at, query.seat).await?;
    Ok(HttpResponse::Ok().json(state))
}

/// The caller's legal actions, each ready to post.
#[utoipa::path(
    tag = "actions",
    params(("id" = String, Path, description = "Game id"), SeatParams),
    responses(
        (status = 200, description = "Legal actions (empty when it is not the caller's decision)", body = LegalActions),
        (status = 401, description = "No or unknown token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "Not your seat", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
    ),
    security(("seat_token" = []), ("worker_key" = []))
)]
#[get("/v1/games/{id}/actions")]
pub async fn legal_actions(
    hub: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    query: web::Query<SeatParams>,
) -> Result<HttpResponse, ApiError> {
    let actions = hub.legal(game_id(&id)?, &req, query.seat).await?;
    Ok(HttpResponse::Ok().json(actions))
}

/// Take an action.
///
/// `expected_version` guards against acting on a stale view (409 with the current
/// version). A repeated `action_id` returns the first result and appends nothing.
///
/// Dice game with `special_roles`: after every roll, before gains, eliminations
/// and so on, a *window* opens in which a special role may be revealed. It is
/// offered to every living seat whose role is face down, so its presence tells
/// nothing. Each seat answers it from its private **standing orders**, posted at
/// any time (even when not asked) as
/// `{"type":"set_orders","orders":{"the_doc":"ask","left_hand":{"use":[3]},...}}`:
/// `pass` (default for human seats), `ask` (the game waits for your `pass` or
/// `reveal`; default for bot seats), or `{"use":[seats]}` (reveal by itself when
/// the card's condition holds for those seats). Only `ask` seats are waited for,
/// all at once: `pending` then lists each of them. Orders are hidden from
/// everyone else, in views and in events.
#[utoipa::path(
    tag = "actions",
    params(("id" = String, Path, description = "Game id"), SeatParams),
    request_body = PostAction,
    responses(
        (status = 200, description = "Applied: the new version and the events it caused", body = ActionResult),
        (status = 400, description = "Malformed body", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or unknown token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "Not your seat, or not your decision", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "Stale `expected_version`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Illegal or invalid action, or the game is over (the detail says why)", body = Problem, content_type = "application/problem+json"),
    ),
    security(("seat_token" = []), ("worker_key" = []))
)]
#[post("/v1/games/{id}/actions")]
pub async fn post_action(
    hub: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    query: web::Query<SeatParams>,
    body: web::Json<PostAction>,
) -> Result<HttpResponse, ApiError> {
    let result = hub
        .act(game_id(&id)?, &req, query.seat, body.into_inner())
        .await?;
    Ok(HttpResponse::Ok().json(result))
}

/// The game's events after `after`, redacted for the caller.
///
/// With `wait`, the request is held until an event arrives or the time is up:
/// a play-by-post client can long-poll this to follow a game.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id"), EventParams),
    responses(
        (status = 200, description = "Events", body = EventPage),
        (status = 400, description = "Bad query", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "Unknown token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
    ),
    security((), ("seat_token" = []))
)]
#[get("/v1/games/{id}/events")]
pub async fn game_events(
    hub: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    query: web::Query<EventParams>,
) -> Result<HttpResponse, ApiError> {
    let limit = query.limit.unwrap_or(100);
    if !(1..=1000).contains(&limit) {
        return Err(ApiError::bad_request("limit: 1 to 1000"));
    }
    let page = hub
        .events(
            game_id(&id)?,
            &req,
            query.after.unwrap_or(0),
            limit,
            wait(query.wait),
            query.seat,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Fork a finished game: a new game whose log is its first `at` events.
///
/// The fork gets new seat tokens and a new seed for its future draws. `at` must be
/// a point where the game waits for a decision.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id")),
    request_body = ForkRequest,
    responses(
        (status = 201, description = "The fork", body = CreatedGame),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Game not finished, or `at` not a decision point", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/fork")]
pub async fn fork_game(
    hub: Shared,
    id: web::Path<String>,
    body: web::Json<ForkRequest>,
) -> Result<HttpResponse, ApiError> {
    let created = hub.fork(game_id(&id)?, body.at).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(created))
}

/// Audit a game: its hash chain, its seed commitment and, once over, its dice.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id")),
    responses(
        (status = 200, description = "The audit", body = Audit),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games/{id}/audit")]
pub async fn audit_game(hub: Shared, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(hub.audit(game_id(&id)?).await?))
}

/// Bot workers: the bot seats that must act now.
#[utoipa::path(
    tag = "bots",
    params(WaitParams),
    responses(
        (status = 200, description = "Bot seats to play", body = Vec<BotTurn>),
        (status = 401, description = "No worker key", body = Problem, content_type = "application/problem+json"),
    ),
    security(("worker_key" = []))
)]
#[get("/v1/bot/turns")]
pub async fn bot_turns(
    hub: Shared,
    req: HttpRequest,
    query: web::Query<WaitParams>,
) -> Result<HttpResponse, ApiError> {
    if !hub.is_worker(&req)? {
        return Err(ApiError::unauthorized("bot turns need the worker key"));
    }
    Ok(HttpResponse::Ok().json(hub.bot_turns(wait(query.wait)).await))
}

/// Liveness.
#[utoipa::path(tag = "service", responses((status = 200, description = "Alive", body = Health)))]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok" })
}
