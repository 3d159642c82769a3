//! `GET /v1/games/{id}/history`: a game as sentences.

use actix_web::{HttpRequest, HttpResponse, get, web};

use super::Shared;
use super::request::{HistoryParams, game_id};
use crate::error::{ApiError, Problem, example};
use crate::models::*;
use crate::service::Credentials;

/// Read a game as sentences.
///
/// Each event the caller may see (redacted as `/events` redacts it) told as
/// one sentence, citing the rule it applied (`bang.md §10`, `dice.md 3.9`),
/// with the table's chat after the event each message was sent at — so a
/// disputed game explains itself. `?format=text` answers `text/plain`, one
/// line each: `v41 · Ann shoots Bob with BANG! (7♥) [bang.md §10]`.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), HistoryParams),
    responses(
        (status = 200, description = "The history: JSON, or with `format=text` one line a sentence", content(
            (History = "application/json"),
            (String = "text/plain"))),
        (status = 400, description = "Bad query: an unknown `format`, a bad `after`, `limit` or `seat`, or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "format: `json` or `text`, not `xml`"))),
        (status = 401, description = "A token that opens no seat of this game, or `seat` without the worker key", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this token opens no seat of this game"))),
    ),
    security((), ("seat_token" = []), ("player_key" = []), ("worker_key" = []))
)]
#[get("/v1/games/{id}/history")]
pub async fn game_history(
    service: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = HistoryParams::read(&req)?;
    let history = service
        .history(
            id,
            &credentials,
            q.seat,
            q.after.unwrap_or(0),
            q.limit.unwrap_or(1000),
        )
        .await?;
    if q.format.as_deref() != Some("text") {
        return Ok(HttpResponse::Ok().json(history));
    }
    let mut text = String::new();
    for line in &history.lines {
        let sentence = line.text.replace('\n', " ");
        match &line.rule {
            Some(rule) => text.push_str(&format!("v{} · {sentence} [{rule}]\n", line.version)),
            None => text.push_str(&format!("v{} · {sentence}\n", line.version)),
        }
    }
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
}
