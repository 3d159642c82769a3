//! Play-by-post deadlines: a person takes back the seat a bot keeps since it
//! missed too many move deadlines in a row.

use actix_web::{HttpRequest, HttpResponse, post, web};

use super::Shared;
use super::request::{SeatParams, game_id};
use crate::error::{ApiError, Problem, example};
use crate::models::*;
use crate::service::Credentials;

/// Take one's seat back from the bot that keeps it.
///
/// A table created with `move_deadline` lets a bot make a move its seat
/// missed; after `misses_before_bot` misses in a row the bot keeps the seat
/// (a `seat_control` event, `kept_by_bot` in the game's seats) and the
/// seat's actions are refused with 409 `seat_kept_by_bot`. This call, with
/// the seat's token or its player's key, gives it back to its person (a
/// `seat_control` event by the seat): its next decisions are his again.
#[utoipa::path(
    tag = "actions",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), SeatParams),
    responses(
        (status = 200, description = "The seat is its person's again: the event, as the caller sees it", body = ActionResult,
            example = json!({"version": 88, "duplicate": false, "events": [
                {"seq": 88, "at": "2026-11-26T09:12:03.511Z", "actor": "2",
                 "event": {"type": "seat_control", "change": "seat_reclaimed", "seat": 2}}]})),
        (status = 400, description = "A malformed query (`seat`)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "seat: a seat number from 0 to 7, not `x`"))),
        (status = 401, description = "No token, or one that opens no seat of this game", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send the token (or player key) of the seat to take back"))),
        (status = 403, description = "`seat` names a seat the caller does not play", body = Problem, content_type = "application/problem+json",
            example = json!(example(403, "not_your_seat", "your token opens seat 0, not seat 3"))),
        (status = 409, description = "No bot keeps the seat, or the table has not started", body = Problem, content_type = "application/problem+json",
            example = json!(example(409, "not_kept_by_bot", "no bot keeps seat 2: it is yours to play"))),
        (status = 422, description = "The game is over", body = Problem, content_type = "application/problem+json",
            example = json!(example(422, "game_over", "the game is over"))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[post("/v1/games/{id}/reclaim")]
pub async fn reclaim_seat(
    service: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = SeatParams::read(&req)?;
    Ok(HttpResponse::Ok().json(service.reclaim(id, &credentials, q.seat).await?))
}
