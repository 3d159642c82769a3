//! The coach: the search's estimate of each legal action at one of a
//! person's decisions.

use actix_web::{HttpRequest, HttpResponse, get, web};

use super::Shared;
use super::request::{AnalysisParams, game_id};
use crate::error::{ApiError, Problem, example};
use crate::models::*;
use crate::service::Credentials;

/// Analyse one of your seat's decisions.
///
/// The `strong` bot's search, run for you: each legal action of your seat at
/// the decision it faces now (or faced after `at` events) is played out in
/// the same worlds sampled from what your seat was shown — never from the
/// true state, even once the game is over — and scored by how often your
/// seat then wins. The first action listed is the search's choice; `played`
/// says what you played there and the win chance it gave up. A decision
/// with many legal actions is analysed on some of them (the `normal` bot's
/// choice and yours always among them).
///
/// In a game of more than one person the table's `analysis` option rules:
/// `after` the game (the default), `always`, or `never`; a game of one
/// person (solo, or against bots only) may always be analysed. Each seat
/// may ask for `BANG_ANALYSIS_PER_MINUTE` analyses a minute (429
/// `too_many_analyses`); each searches about `BANG_ANALYSIS_MS` ms, and the
/// server runs `BANG_ANALYSIS_THREADS` at once (more wait their turn). The
/// same question gets the same answer.
#[utoipa::path(
    tag = "coach",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), AnalysisParams),
    responses(
        (status = 200, description = "The analysis", body = Analysis),
        (status = 400, description = "Bad query: `at` past the game's version, a bad `seat` or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "at: 1 to 42 (the game's version)"))),
        (status = 401, description = "No seat's token or player key, or one that opens no seat of this game", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your seat's token (or player key) to have its decisions analysed"))),
        (status = 403, description = "The table allows no analysis now, `seat` names a seat the caller does not play, or the worker key (bots are not coached)", body = Problem, content_type = "application/problem+json",
            examples(
                ("analysis_after_the_game" = (summary = "The table allows analysis once the game is over", value = json!(example(403, "analysis_after_the_game", "this table allows analysis once the game is over (its `analysis` option is `after`)")))),
                ("analysis_off" = (summary = "The table allows no analysis", value = json!(example(403, "analysis_off", "this table allows no analysis (its `analysis` option is `never`)")))),
                ("not_your_seat" = (summary = "Another seat than the token's", value = json!(example(403, "not_your_seat", "your token is for seat 0, not 2")))),
                ("worker_not_coached" = (summary = "The worker key", value = json!(example(403, "worker_not_coached", "the coach analyses a person's decisions: send the seat's token")))))),
        (status = 409, description = "The seat is not asked anything there, or the table has not started", body = Problem, content_type = "application/problem+json",
            examples(
                ("not_asked" = (summary = "Nothing to decide there", value = json!(example(409, "not_asked", "seat 2 is not asked anything at version 40")))),
                ("not_started" = (summary = "An open table", value = json!(example(409, "not_started", "the table has not started: nothing to analyse yet")))))),
        (status = 429, description = "Too many analyses from this seat, or too many requests: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "too_many_analyses", "a seat may ask for an analysis 60 times a minute; try again in 12 s"))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[get("/v1/games/{id}/analysis")]
pub async fn game_analysis(
    service: Shared,
    req: HttpRequest,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = AnalysisParams::read(&req)?;
    let analysis = service.analysis(id, &credentials, q.seat, q.at).await?;
    Ok(HttpResponse::Ok().json(analysis))
}
