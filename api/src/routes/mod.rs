//! The HTTP routes of API v1: thin handlers over [`crate::service::Service`].
//! The request stops here: the service gets what was read from it, never it.
//!
//! Bodies and queries are read in `request`, so that a refusal speaks the API's words
//! (`players: a number from 3 to 8, not 300`) rather than its parser's. Every
//! status an operation may answer is documented with an example problem of
//! its own: besides the handler's, the limits may answer any request 429, a
//! known path with another method is a 405, and a body may be refused 408
//! (too slow), 413 (too large) or 400 (not JSON).

mod analysis;
mod chat;
mod examples;
mod history;
mod json;
mod lobby;
mod reclaim;
mod records;
mod request;
mod rulesets;
mod stream;
mod webhooks;

pub use analysis::game_analysis;
pub use chat::{post_chat, read_chat};
pub use history::game_history;
pub use json::JsonBody;
pub(crate) use json::MEDIA_TYPE_RULE;
pub use lobby::{create_player, inbox, join_game, leave_game, rematch_game, start_game};
pub use reclaim::reclaim_seat;
pub use records::{leaderboard, player_games, player_profile, player_ratings};
pub use rulesets::{get_ruleset, list_rulesets};
pub use stream::game_stream;
pub use webhooks::{
    create_game_webhook, create_player_webhook, delete_game_webhook, delete_player_webhook,
    game_webhook_deliveries, game_webhooks, player_webhook_deliveries, player_webhooks,
};

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use store::ListQuery;

use crate::error::{ApiError, Problem, example, stale_example};
use crate::models::*;
use crate::service::{Credentials, Service};

use request::{EventParams, GameParams, ListParams, SeatParams, WaitParams, body, game_id};

/// The shared state as handlers see it.
pub type Shared = web::Data<Service>;

// ----- operations -----------------------------------------------------------
//
// The error responses of each operation, with an example problem per code.

/// Create a game.
///
/// Human seats (`{"name": ...}`) get a secret token each, shown only in this
/// response. Seats not listed, `{}` and `{"bot": ...}` are bot seats. With
/// `"seed": N` the game is reproducible on this server but not provably fair,
/// and says so (`seed_chosen`).
#[utoipa::path(
    tag = "games",
    request_body(content = CreateGame, examples(
        ("dice" = (summary = "The dice game: two people, three bots", value = json!({"ruleset": "dice", "players": 5, "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}], "options": {"modules": []}}))),
        ("bang gold rush" = (summary = "The card game with Gold Rush: one person, three bots", value = json!(examples::bang_create_gold_rush()))),
        ("bang train robbery" = (summary = "The card game with the Great Train Robbery and Gold Rush: one person, three bots", value = json!(examples::bang_create_train_robbery()))),
        ("bang dodge city" = (summary = "The card game with Dodge City: one person, three bots", value = json!(examples::bang_create_dodge_city()))))),
    responses(
        (status = 201, description = "Created", body = CreatedGame),
        (status = 400, description = "Malformed body: none, not JSON, a key given twice, a field of the wrong type (`4.0` where a whole number goes) or an unknown field (the detail names it)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "seats[1].nam: unknown field (the fields are `name`, `bot`, `open`, `player`)"))),
        (status = 401, description = "A player key that opens no account (`Authorization` is only needed to give a seat to your own player)", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this player key opens no player account"))),
        (status = 403, description = "A seat given to a player other than the caller's", body = Problem, content_type = "application/problem+json",
            example = json!(example(403, "not_your_player", "seats[1].player: a seat can be given only to your own player id, with your player key (`Authorization: Bearer <key>`)"))),
        (status = 422, description = "Unknown ruleset, players out of range, a bad seat or an invalid option (the detail names it)", body = Problem, content_type = "application/problem+json",
            examples(
                ("players" = (summary = "Players out of range", value = json!(example(422, "invalid_option", "players: a number from 3 to 8, not 300")))),
                ("option" = (summary = "An option the game does not take", value = json!(example(422, "invalid_option", "options.modules[0]: unknown variant `warp`, expected one of `loudmouth_coward`, `chief_arrow`, `special_roles`, `new_characters`, `ghost`")))),
                ("expansion" = (summary = "A card-game expansion not available", value = json!(example(422, "invalid_option", "options.expansions: \"gold_rush\", \"train_robbery\" and \"dodge_city\" are available, not \"high_noon\"")))),
                ("name" = (summary = "A bad seat name", value = json!(example(422, "invalid_option", &format!("seats[0].name: {}", crate::text::NAME_RULE))))),
            )),
        (status = 429, description = "Too many requests or new games from this client, or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            examples(
                ("rate_limited" = (summary = "Too many new games", value = json!(example(429, "rate_limited", &format!("{}; retry in 6 s", crate::limits::creations_detail(crate::config::DEFAULT_CREATES_PER_MINUTE, crate::config::DEFAULT_CREATES_BURST)))))),
                ("too_many_connections" = (summary = "Too many connections", value = json!(example(429, "too_many_connections", "this client holds more than 100 connections; retry in 1 s")))),
            )),
    )
)]
#[post("/v1/games")]
pub async fn create_game(
    service: Shared,
    credentials: Credentials,
    json: JsonBody,
) -> Result<HttpResponse, ApiError> {
    let created = service
        .create(body::<CreateGame>(json)?, &credentials)
        .await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(created))
}

/// List games, newest first.
#[utoipa::path(
    tag = "games",
    params(ListParams),
    responses(
        (status = 200, description = "A page of games", body = GameList),
        (status = 400, description = "Bad query: an unknown status, `limit` out of range or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "limit: a whole number from 1 to 200, not `0`"))),
    )
)]
#[get("/v1/games")]
pub async fn list_games(service: Shared, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let q = ListParams::read(&req)?;
    let list = service
        .list(ListQuery {
            status: q.status,
            ruleset: q.ruleset,
            limit: q.limit.unwrap_or(50),
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
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), GameParams),
    responses(
        (status = 200, description = "The game", body = GameState, examples(
            ("bang" = (summary = "A card game, as seat 0 sees it (the dice game's is the schema's example)", value = json!(examples::bang_game_state()))),
            ("bang gold rush" = (summary = "A card game with Gold Rush, as seat 0 sees it: the market, the nuggets", value = json!(examples::bang_gold_rush_state()))),
            ("bang train robbery" = (summary = "A card game with the Great Train Robbery, as seat 0 sees it: the train as data", value = json!(examples::bang_train_robbery_state()))))),
        (status = 400, description = "Bad query: `at` past the game's version, a bad `seat` or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "at: 1 to 42 (the game's version)"))),
        (status = 401, description = "A token that opens no seat of this game, a malformed `Authorization` header, or `seat` without the worker key", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this token opens no seat of this game"))),
        (status = 429, description = "Too many requests from this client or with this token, or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "rate_limited", "more than 20 requests per second with this token; retry in 1 s"))),
    ),
    security((), ("seat_token" = []), ("worker_key" = []))
)]
#[get("/v1/games/{id}")]
pub async fn get_game(
    service: Shared,
    req: HttpRequest,
    credentials: Credentials,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = GameParams::read(&req)?;
    let state = service.game(id, &credentials, q.at, q.seat).await?;
    Ok(HttpResponse::Ok().json(state))
}

/// The caller's legal actions, each ready to post.
///
/// `version` is the one to send back as `expected_version`.
#[utoipa::path(
    tag = "actions",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), SeatParams),
    responses(
        (status = 200, description = "Legal actions (empty when it is not the caller's decision)", body = LegalActions, examples(
            ("bang turn" = (summary = "The card game: a turn", value = json!(examples::bang_legal_actions()))),
            ("bang response" = (summary = "The card game: shot at", value = json!(examples::bang_response_actions()))),
            ("bang gold rush" = (summary = "The card game with Gold Rush: buy, sell a Beer, pay nuggets", value = json!(examples::bang_gold_rush_actions()))),
            ("bang train robbery" = (summary = "The card game with the Great Train Robbery: take a railcar (paying its station, placing a Ghost Car, after the free advance)", value = json!(examples::bang_train_robbery_actions()))),
            ("bang dodge city" = (summary = "The card game with Dodge City: cards played with another discarded, a green card used from play", value = json!(examples::bang_dodge_city_actions()))))),
        (status = 400, description = "Bad query: a bad `seat` or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "seat: a seat number from 0 to 7, not `2147483648`"))),
        (status = 401, description = "No token, a token that opens no seat of this game, or `seat` without the worker key", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your seat's token to see its actions"))),
        (status = 429, description = "Too many requests from this client or with this token, or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "rate_limited", "more than 20 requests per second with this token; retry in 1 s"))),
    ),
    security(("seat_token" = []), ("worker_key" = []))
)]
#[get("/v1/games/{id}/actions")]
pub async fn legal_actions(
    service: Shared,
    req: HttpRequest,
    credentials: Credentials,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = SeatParams::read(&req)?;
    let actions = service.legal(id, &credentials, q.seat).await?;
    Ok(HttpResponse::Ok().json(actions))
}

/// Take an action.
///
/// `expected_version` (the `version` of `GET /v1/games/{id}/actions`) guards
/// against acting on a stale view: 409 with the current version. `action_id`
/// makes retries safe: ids are scoped per seat, and the same id with the same
/// body returns the first result and appends nothing, while with another body
/// it is a 422 `idempotency_key_reused`.
///
/// Dice game with `special_roles`: after every roll, before gains, eliminations
/// and so on, a *window* opens in which a special role may be revealed. It is
/// offered to every living seat whose role is face down, so its presence tells
/// nothing. Each seat answers it from its private **standing orders**, posted at
/// any time (even when not asked) as
/// `{"type":"set_orders","orders":{"the_doc":"ask","left_hand":{"use":[3]},...}}`:
/// `pass` (default for human seats), `ask` (the game waits for your `pass` or
/// `reveal`; default for bot seats), or `{"use":[seats]}` (reveal by itself when
/// the card's condition holds for those seats). Each `set_orders` replaces all
/// of the seat's orders: a card it leaves out goes back to the default. Only
/// `ask` seats are waited for, all at once: `pending` then lists each of them.
/// Orders are hidden from everyone else, in views and in events.
///
/// Card game (`bang`): a shot (Missed!, Barrel), Indians!, a Duel, a dying
/// window (Beer, Sid Ketchum) and a General Store pick are each a decision of
/// the seat concerned (`pending[].reaction` is true), asked whatever it holds;
/// its standing orders `{"type":"set_orders","orders":{"shot":"auto",
/// "dying":"auto","indians":"ask","duel":"ask","store":"first"}}` answer them
/// without asking (`ask` is the default for every kind). With
/// `reaction_seconds`, an unanswered response closes by itself with the safe
/// default: no card played, or the first card of the General Store.
///
/// Card game with Gold Rush (`"expansions": ["gold_rush"]`): in phase 2 the
/// legal actions also list `buy` (a market slot, 0 to 2; a brown card with
/// its `mode` and `target`), `force_discard` (another player's black
/// equipment), `sell_beer` and `pay` (nuggets for an ability or equipment).
///
/// Card game with the Great Train Robbery (`"expansions": ["train_robbery"]`):
/// in phase 2 also `take_railcar` (paying its station with `pay`/`pay_also`;
/// `advance` uses the free advance first; `place` for a Ghost Car or Lumber
/// Flatcar), `use_railcar` and the characters' actions; out of turn, Evan
/// Babbit's redirect, Shade O'Connor's swap and the target's choices against a
/// Train Robbery are reaction windows like a shot.
#[utoipa::path(
    tag = "actions",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), SeatParams),
    request_body(content = PostAction, examples(
        ("bang play" = (summary = "The card game: play a BANG!", value = json!(examples::bang_play()))),
        ("bang orders" = (summary = "The card game: standing orders", value = json!(examples::bang_orders()))),
        ("bang buy" = (summary = "Gold Rush: buy the Bottle in market slot 1 as a BANG!", value = json!(examples::bang_buy_bottle()))),
        ("bang sell beer" = (summary = "Gold Rush: sell a Beer for a nugget", value = json!(examples::bang_sell_beer()))),
        ("bang take railcar" = (summary = "The Great Train Robbery: take the Ghost Car, paying Deathwood with a blue card", value = json!(examples::bang_take_railcar()))))),
    responses(
        (status = 200, description = "Applied (or a repeated `action_id`): the new version and the events it caused", body = ActionResult, examples(
            ("bang" = (summary = "The card game: a BANG! played", value = json!(examples::bang_action_result()))),
            ("bang buy" = (summary = "Gold Rush: a Bottle bought as a BANG!", value = json!(examples::bang_buy_result()))),
            ("bang sell beer" = (summary = "Gold Rush: a Beer sold", value = json!(examples::bang_sell_result()))),
            ("bang take railcar" = (summary = "The Great Train Robbery: a railcar taken, the train refilled", value = json!(examples::bang_take_railcar_result()))))),
        (status = 400, description = "Malformed body or query: not JSON, a field of the wrong type, an unknown field, a bad `action_id` or `seat` (the detail names it)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "expected_version: a whole number, the `version` of GET /v1/games/{id}/actions, not -5"))),
        (status = 401, description = "No token, a token that opens no seat of this game, or `seat` without the worker key", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your seat's token to act"))),
        (status = 403, description = "Not your decision, `seat` names another seat than the token's, or (worker key) not a bot seat", body = Problem, content_type = "application/problem+json",
            examples(
                ("not_your_decision" = (summary = "Another seat must act", value = json!(example(403, "not_your_decision", "seat 2 is not asked to decide anything now")))),
                ("not_your_seat" = (summary = "Another seat than the token's", value = json!(example(403, "not_your_seat", "your token is for seat 0, not 2")))),
                ("not_a_bot_seat" = (summary = "The worker acted for a human seat", value = json!(example(403, "not_a_bot_seat", "seat 0 is not a bot seat")))),
            )),
        (status = 409, description = "Stale `expected_version`: `current_version` is the game's version now", body = Problem, content_type = "application/problem+json",
            example = json!(stale_example())),
        (status = 422, description = "Illegal or unknown action, the game is over, an `action_id` reused with another body, the game's log is full, or a solo token that must name its seat (the detail says why)", body = Problem, content_type = "application/problem+json",
            examples(
                ("illegal_action" = (summary = "Not legal now", value = json!(example(422, "illegal_action", "die 3 shows Dynamite and cannot be re-rolled")))),
                ("invalid_action" = (summary = "Not an action of this game", value = json!(example(422, "invalid_action", "action.extra: unknown field")))),
                ("game_over" = (summary = "The game is over", value = json!(example(422, "game_over", "the game is over")))),
                ("idempotency_key_reused" = (summary = "An action id reused with another body", value = json!(example(422, "idempotency_key_reused", "this action_id was already used with another action or expected_version: use a new action_id for a new action")))),
                ("game_too_long" = (summary = "The game's log is full", value = json!(example(422, "game_too_long", "this game's log holds 100000 events and may hold at most 100000; it can still be read, audited and forked")))),
                ("seat_needed" = (summary = "A solo token whose two seats are both asked", value = json!(example(422, "seat_needed", "your token plays several seats the game waits for: name one with ?seat=0 or ?seat=3")))),
            )),
        (status = 429, description = "Too many requests from this client or with this token, too many connections, or too many `set_orders` from this seat: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            examples(
                ("rate_limited" = (summary = "Too many requests", value = json!(example(429, "rate_limited", "more than 20 requests per second with this token; retry in 1 s")))),
                ("too_many_orders" = (summary = "Too many standing orders", value = json!(example(429, "too_many_orders", "a seat may post standing orders 60 times a minute; try again in 12 s")))),
                ("too_many_connections" = (summary = "Too many connections", value = json!(example(429, "too_many_connections", "this client holds more than 100 connections; retry in 1 s")))),
            )),
    ),
    security(("seat_token" = []), ("worker_key" = []))
)]
#[post("/v1/games/{id}/actions")]
pub async fn post_action(
    service: Shared,
    req: HttpRequest,
    credentials: Credentials,
    id: web::Path<String>,
    json: JsonBody,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = SeatParams::read(&req)?;
    let action = body::<PostAction>(json)?;
    let result = service.act(id, &credentials, q.seat, action).await?;
    Ok(HttpResponse::Ok().json(result))
}

/// The game's events after `after`, redacted for the caller.
///
/// With `wait`, the request is held until an event arrives or the time is up:
/// a play-by-post client can long-poll this to follow a game. A finished game
/// answers at once.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), EventParams),
    responses(
        (status = 200, description = "Events", body = EventPage, examples(
            ("bang" = (summary = "The card game, as seat 0 sees it: its cards, and `null` for what it may not see", value = json!(examples::bang_event_page()))),
            ("bang gold rush" = (summary = "Gold Rush setup: the equipment deck's order hidden from everyone, the market", value = json!(examples::bang_gold_rush_event_page()))),
            ("bang train robbery" = (summary = "Great Train Robbery setup: the railcar deck and stations hidden from everyone, the row and the Locomotive revealed", value = json!(examples::bang_train_robbery_event_page()))))),
        (status = 400, description = "Bad query: `limit`, `wait`, `after` or `seat` out of range, or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "wait: seconds, a whole number from 0 to 60, not `-1`"))),
        (status = 401, description = "A token that opens no seat of this game, a malformed `Authorization` header, or `seat` without the worker key", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this token opens no seat of this game"))),
        (status = 429, description = "Too many requests from this client or with this token, or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "rate_limited", "more than 100 requests per second from this client; retry in 1 s"))),
        (status = 503, description = "The server is stopping: a long-poll (`wait` > 0) in flight ends at once; retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(503, "shutting_down", "the server is stopping; retry in 1 s"))),
    ),
    security((), ("seat_token" = []), ("worker_key" = []))
)]
#[get("/v1/games/{id}/events")]
pub async fn game_events(
    service: Shared,
    req: HttpRequest,
    credentials: Credentials,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = EventParams::read(&req)?;
    let page = service
        .events(
            id,
            &credentials,
            q.after.unwrap_or(0),
            q.limit.unwrap_or(100),
            q.wait,
            q.seat,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Fork a finished game: a new game whose log is its first `at` events.
///
/// The fork gets new seat tokens and a new seed for its future draws. `at` must be
/// a point where the game waits for a decision: the `version` its actions were
/// listed at (11 for the first roll of a 4-player game), or the `seq` of one of
/// its `acted` events less one.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    request_body = ForkRequest,
    responses(
        (status = 201, description = "The fork", body = CreatedGame),
        (status = 400, description = "Malformed body: none, not JSON, `at` not a whole number, or an unknown field", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "at: required, a whole number from 1 to the game's version, where the game waits for a decision"))),
        (status = 422, description = "The game is not finished, or `at` is out of range or not a decision point", body = Problem, content_type = "application/problem+json",
            examples(
                ("not_finished" = (summary = "The game is still running", value = json!(example(422, "bad_fork", "only a finished game can be forked: a fork of a game in progress would show its hidden cards to the fork's players")))),
                ("not_a_decision" = (summary = "Inside one action's events", value = json!(example(422, "bad_fork", "at: version 40 falls inside one action's events; fork where the game waits for a decision (just before an `acted` event)")))),
            )),
        (status = 429, description = "Too many requests or new games from this client, or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "rate_limited", &format!("{}; retry in 6 s", crate::limits::creations_detail(crate::config::DEFAULT_CREATES_PER_MINUTE, crate::config::DEFAULT_CREATES_BURST))))),
    )
)]
#[post("/v1/games/{id}/fork")]
pub async fn fork_game(
    service: Shared,
    id: web::Path<String>,
    json: JsonBody,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let fork = body::<ForkRequest>(json)?;
    let created = service.fork(id, fork.at).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(created))
}

/// Audit a game: its hash chain, its seed commitment and, once over, its dice.
///
/// During play the chain (v2) is checked over the events' public forms and
/// commitments; once the game is over and its seed revealed, every commitment
/// is checked against the whole event too (`hidden_checked`) and every action
/// is re-decided from the seed (`fair`). A game whose creator chose its seed
/// says `provably_fair: false`.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    responses(
        (status = 200, description = "The audit", body = Audit),
    )
)]
#[get("/v1/games/{id}/audit")]
pub async fn audit_game(service: Shared, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service.audit(game_id(&id)?).await?))
}

/// A finished game's record, to verify without any server.
///
/// One self-contained JSON file (format `bang-record/1`, see
/// `docs/record-format.md`): the log's envelopes as stored (a chain v2
/// envelope without the sender's private `action_id`), the options, the
/// seats' names, the engine version, the seed with its commitment and the
/// players' entropy. `bang-verify FILE` checks the hash chain, every
/// commitment, the seed and every event against the rules, offline.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    responses(
        (status = 200, description = "The record", body = engine::record::Record),
        (status = 409, description = "The game is not over: its seed and hidden cards are still secret", body = Problem, content_type = "application/problem+json",
            example = json!(example(409, "not_finished", "a game's record is given once it is over: until then its seed and hidden cards are secret"))),
    )
)]
#[get("/v1/games/{id}/record")]
pub async fn game_record(service: Shared, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let record = service.game_record(id).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"bang-{id}.json\""),
        ))
        .json(record))
}

/// Import a finished game's record, verified, as a read-only game.
///
/// The body is a record as `GET /v1/games/{id}/record` gives it (format
/// `bang-record/1`, up to `BANG_MAX_RECORD_BYTES`, 16 MiB by default). It is
/// checked whole, as `bang-verify` checks it (chain, commitments, seed,
/// every event against the rules); a record that does not hold is a 422
/// naming the first bad event. The game's events are written to a new
/// chain of this server; its audit names the record's game and chain head
/// (`imported_from`). The same record imported again answers 200 with the
/// game it made the first time.
#[utoipa::path(
    tag = "games",
    request_body(content = engine::record::Record, description = "A game record (`bang-record/1`)"),
    responses(
        (status = 201, description = "Imported: the new, finished game", body = GameSummary),
        (status = 200, description = "This record was imported before: that game", body = GameSummary),
        (status = 400, description = "Malformed body: none, not JSON, or a key given twice", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "body: seed: given twice in one object; a key may appear once at line 1 column 90"))),
        (status = 413, description = "The record is over `BANG_MAX_RECORD_BYTES`, or holds more events than `BANG_MAX_EVENTS_PER_GAME`", body = Problem, content_type = "application/problem+json",
            example = json!(example(413, "payload_too_large", "the body is over 16777216 bytes"))),
        (status = 422, description = "Not a record (a field missing or out of range), or a record that does not verify (the detail names the first bad event)", body = Problem, content_type = "application/problem+json",
            example = json!(example(422, "invalid_record", "the record does not verify: event 57: its place, hash or commitment does not hold in the chain"))),
        (status = 429, description = "Too many requests or new games from this client, or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "rate_limited", &format!("{}; retry in 6 s", crate::limits::creations_detail(crate::config::DEFAULT_CREATES_PER_MINUTE, crate::config::DEFAULT_CREATES_BURST))))),
    )
)]
#[post("/v1/games/import")]
pub async fn import_game(
    service: Shared,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let limit = service.max_record_bytes();
    let value = json::read_large(&req, payload, limit).await?;
    let record: engine::record::Record = serde_json::from_value(value).map_err(|e| {
        ApiError::unprocessable("invalid_record", format!("not a game record: {e}"))
    })?;
    Ok(match service.import(record).await? {
        crate::service::Imported::New(game) => HttpResponse::Created().json(game),
        crate::service::Imported::Present(game) => HttpResponse::Ok().json(game),
    })
}

/// Bot workers: the bot seats that must act now.
#[utoipa::path(
    tag = "bots",
    params(WaitParams),
    responses(
        (status = 200, description = "Bot seats to play", body = Vec<BotTurn>),
        (status = 400, description = "Bad query: `wait` out of range or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "wait: seconds, a whole number from 0 to 60, not `-1`"))),
        (status = 401, description = "No worker key", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "bot turns need the worker key"))),
        (status = 429, description = "Too many requests from this client (without the worker key), or too many connections: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "rate_limited", "more than 100 requests per second from this client; retry in 1 s"))),
        (status = 503, description = "The server is stopping: a long-poll (`wait` > 0) in flight ends at once; retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(503, "shutting_down", "the server is stopping; retry in 1 s"))),
    ),
    security(("worker_key" = []))
)]
#[get("/v1/bot/turns")]
pub async fn bot_turns(
    service: Shared,
    req: HttpRequest,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let q = WaitParams::read(&req)?;
    if !service.is_worker(&credentials)? {
        return Err(ApiError::unauthorized("bot turns need the worker key"));
    }
    Ok(HttpResponse::Ok().json(service.bot_turns(q.wait).await))
}

/// Liveness.
#[utoipa::path(
    tag = "service",
    responses(
        (status = 200, description = "Alive", body = Health),
        (status = 429, description = "Too many connections from this client: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "too_many_connections", "this client holds more than 100 connections; retry in 1 s"))),
    )
)]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok" })
}
