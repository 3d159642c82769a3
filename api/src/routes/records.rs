//! A player's record, public: his profile and his archive of finished games.

use actix_web::{HttpRequest, HttpResponse, get, web};

use super::Shared;
use super::request::ArchiveParams;
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
