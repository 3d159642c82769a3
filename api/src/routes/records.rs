//! A player's record, public: his profile, his archive of finished games,
//! his ratings' history, and each ruleset's leaderboard.

use actix_web::{HttpRequest, HttpResponse, get, web};

use super::Shared;
use super::request::{ArchiveParams, LeaderboardParams, RatingParams};
use crate::error::{ApiError, Problem, example};
use crate::models::*;

/// A player's profile: his name, and his finished games played and won by
/// ruleset and by the role he held. Public: no key.
#[utoipa::path(
    tag = "players",
    params(("id" = String, Path, description = "Player id", example = "p_3f2a9c1e7b5d4a60")),
    responses(
        (status = 200, description = "The profile", body = Profile),
        (status = 404, description = "No such player", body = Problem, content_type = "application/problem+json",
            example = json!(example(404, "not_found", "no player `p_3f2a9c1e7b5d4a61`"))),
    )
)]
#[get("/v1/players/{id}")]
pub async fn player_profile(
    service: Shared,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service.profile(&id).await?))
}

/// A player's finished games, the most recently finished first, each with
/// its seats, every seat's role as the end revealed it, its winners and the
/// player's own seat, role and result. Public: no key. Paged by
/// `next_cursor`; `ruleset` keeps one ruleset's games.
#[utoipa::path(
    tag = "players",
    params(("id" = String, Path, description = "Player id", example = "p_3f2a9c1e7b5d4a60"), ArchiveParams),
    responses(
        (status = 200, description = "A page of the player's finished games", body = PlayerGames),
        (status = 400, description = "Bad query: an unknown ruleset, `limit` out of range, a cursor this server did not give or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "ruleset: one of `dice`, `bang`, not `chess`"))),
        (status = 404, description = "No such player", body = Problem, content_type = "application/problem+json",
            example = json!(example(404, "not_found", "no player `p_3f2a9c1e7b5d4a61`"))),
    )
)]
#[get("/v1/players/{id}/games")]
pub async fn player_games(
    service: Shared,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q = ArchiveParams::read(&req)?;
    let page = service
        .archive(
            &id,
            q.ruleset.as_deref(),
            q.limit.unwrap_or(20),
            q.cursor.as_deref(),
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// A ruleset's leaderboard: the best ratings of its rated games (players,
/// bot policies and, in the solo mode, its levels), by `score` (`rating −
/// 3 × uncertainty`), each with its uncertainty. Public: no key. The dice
/// game has no solo mode: its `solo` board is empty.
#[utoipa::path(
    tag = "players",
    params(("id" = String, Path, description = "Ruleset id", example = "dice"), LeaderboardParams),
    responses(
        (status = 200, description = "The best ratings", body = Leaderboard),
        (status = 400, description = "Bad query: an unknown mode, `limit` out of range or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "mode: `table` or `solo`, not `duel`"))),
        (status = 404, description = "No such ruleset", body = Problem, content_type = "application/problem+json",
            example = json!(example(404, "not_found", "no ruleset `chess`"))),
    )
)]
#[get("/v1/rulesets/{id}/leaderboard")]
pub async fn leaderboard(
    service: Shared,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q = LeaderboardParams::read(&req)?;
    let board = service
        .leaderboard(&id, q.mode.unwrap_or_default(), q.limit.unwrap_or(100))
        .await?;
    Ok(HttpResponse::Ok().json(board))
}

/// A rating and its history, game by game, the newest first: a player's
/// (`p_…`), a bot policy's (`bot:strong`) or a solo level's (`solo:4`), in
/// one ruleset's table games or solo mode. Public: no key. Paged by
/// `next_cursor`.
#[utoipa::path(
    tag = "players",
    params(("id" = String, Path, description = "A player id, `bot:<policy>` or `solo:<level>`", example = "bot:strong"), RatingParams),
    responses(
        (status = 200, description = "The rating and its changes", body = RatingHistory),
        (status = 400, description = "Bad query: no or an unknown ruleset, an unknown mode, `limit` out of range, a cursor this server did not give or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "ruleset: required (`dice` or `bang`)"))),
        (status = 404, description = "No such player, bot or level", body = Problem, content_type = "application/problem+json",
            example = json!(example(404, "not_found", "no player, bot or solo level `p_3f2a9c1e7b5d4a61`"))),
    )
)]
#[get("/v1/players/{id}/ratings")]
pub async fn player_ratings(
    service: Shared,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q = RatingParams::read(&req)?;
    let history = service
        .rating_history(
            &id,
            &q.ruleset.0,
            q.mode.unwrap_or_default(),
            q.limit.unwrap_or(20),
            q.cursor.as_deref(),
        )
        .await?;
    Ok(HttpResponse::Ok().json(history))
}
