//! Webhooks: subscriptions of a player (`/v1/me/webhooks`) or of a seat
//! of one game (`/v1/games/{id}/webhooks`), and their deliveries.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, get, post, web};

use super::Shared;
use super::json::JsonBody;
use super::request::{body, game_id};
use crate::error::{ApiError, Problem, example};
use crate::models::*;
use crate::service::Credentials;

/// Subscribe to notifications: the player whose key is sent: every seat of his, in every game.
///
/// Each notification is a JSON POST to `url`, signed as Standard Webhooks
/// sign (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
/// HMAC-SHA256>` over `id.timestamp.body` with the secret shown once in
/// this answer), retried with a doubling wait until answered 2xx.
/// `events` (default all): `your_turn` (the game waits for your seat),
/// `game_finished`, `chat` (another seat's message). The URL must resolve
/// to public addresses only.
#[utoipa::path(
    tag = "webhooks",
    request_body(content = CreateWebhook),
    responses(
        (status = 201, description = "Subscribed: keep the secret, it is not shown again", body = CreatedWebhook),
        (status = 400, description = "Malformed body: not JSON, a field of the wrong type or an unknown field (the detail names it)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "uri: unknown field (the fields are `url`, `events`)"))),
        (status = 422, description = "A URL that is not http(s), too long, does not resolve or resolves to a non-public address; an unknown event; too many webhooks", body = Problem, content_type = "application/problem+json",
            examples(
                ("url" = (summary = "Not an http(s) URL", value = json!(example(422, "invalid_option", "url: an http or https URL, not `ftp:`")))),
                ("private" = (summary = "A private or loopback address", value = json!(example(422, "private_address", &crate::service::private_detail("localhost", "127.0.0.1"))))),
                ("unresolvable" = (summary = "A host that does not resolve", value = json!(example(422, "unresolvable_host", "url: `nowhere.invalid` does not resolve")))),
                ("too_many" = (summary = "Too many webhooks", value = json!(example(422, "too_many_webhooks", "you have 10 webhooks here, the most allowed: delete one first")))))),
        (status = 401, description = "No player key, or one that opens no account", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your player key: `Authorization: Bearer pk_...`"))),
    ),
    security(("player_key" = []))
)]
#[post("/v1/me/webhooks")]
pub async fn create_player_webhook(
    service: Shared,
    credentials: Credentials,
    json: JsonBody,
) -> Result<HttpResponse, ApiError> {
    let game = None;
    let created = service
        .create_webhook(game, &credentials, body::<CreateWebhook>(json)?)
        .await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(created))
}

/// The webhooks of the player (without their secrets).
#[utoipa::path(
    tag = "webhooks",
    responses(
        (status = 200, description = "The subscriptions", body = WebhookList),
        (status = 401, description = "No player key, or one that opens no account", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your player key: `Authorization: Bearer pk_...`"))),
    ),
    security(("player_key" = []))
)]
#[get("/v1/me/webhooks")]
pub async fn player_webhooks(
    service: Shared,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let game = None;
    Ok(HttpResponse::Ok().json(service.webhooks(game, &credentials).await?))
}

/// Delete a webhook, and its notifications not yet delivered.
#[utoipa::path(
    tag = "webhooks",
    params(("webhook_id" = String, Path, description = "Webhook id", example = "wh_5c0e8f0d6a1b4e3f")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "No player key, or one that opens no account", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your player key: `Authorization: Bearer pk_...`"))),
        (status = 404, description = "No such webhook of the caller's", body = Problem, content_type = "application/problem+json",
            example = json!(example(404, "not_found", "no webhook wh_5c0e8f0d6a1b4e3f of yours"))),
    ),
    security(("player_key" = []))
)]
#[delete("/v1/me/webhooks/{webhook_id}")]
pub async fn delete_player_webhook(
    service: Shared,
    webhook: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let game = None;
    service.delete_webhook(game, &credentials, &webhook).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A webhook's recent notifications (the last 100), newest first: each
/// with its payload, where it stands and its attempts (the status answered
/// or the error, when, and the next attempt while pending). Only its owner
/// sees them.
#[utoipa::path(
    tag = "webhooks",
    params(("webhook_id" = String, Path, description = "Webhook id", example = "wh_5c0e8f0d6a1b4e3f")),
    responses(
        (status = 200, description = "The notifications", body = DeliveryList),
        (status = 401, description = "No player key, or one that opens no account", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "send your player key: `Authorization: Bearer pk_...`"))),
        (status = 404, description = "No such webhook of the caller's", body = Problem, content_type = "application/problem+json",
            example = json!(example(404, "not_found", "no webhook wh_5c0e8f0d6a1b4e3f of yours"))),
    ),
    security(("player_key" = []))
)]
#[get("/v1/me/webhooks/{webhook_id}/deliveries")]
pub async fn player_webhook_deliveries(
    service: Shared,
    webhook: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let game = None;
    let list = service
        .webhook_deliveries(game, &credentials, &webhook)
        .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Subscribe to notifications: the caller's seat of this game (a seat token, or the player key of a seat here): that seat's notifications in this game.
///
/// Each notification is a JSON POST to `url`, signed as Standard Webhooks
/// sign (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
/// HMAC-SHA256>` over `id.timestamp.body` with the secret shown once in
/// this answer), retried with a doubling wait until answered 2xx.
/// `events` (default all): `your_turn` (the game waits for your seat),
/// `game_finished`, `chat` (another seat's message). The URL must resolve
/// to public addresses only.
#[utoipa::path(
    tag = "webhooks",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    request_body(content = CreateWebhook),
    responses(
        (status = 201, description = "Subscribed: keep the secret, it is not shown again", body = CreatedWebhook),
        (status = 400, description = "Malformed body: not JSON, a field of the wrong type or an unknown field (the detail names it)", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "uri: unknown field (the fields are `url`, `events`)"))),
        (status = 422, description = "A URL that is not http(s), too long, does not resolve or resolves to a non-public address; an unknown event; too many webhooks", body = Problem, content_type = "application/problem+json",
            examples(
                ("url" = (summary = "Not an http(s) URL", value = json!(example(422, "invalid_option", "url: an http or https URL, not `ftp:`")))),
                ("private" = (summary = "A private or loopback address", value = json!(example(422, "private_address", &crate::service::private_detail("localhost", "127.0.0.1"))))),
                ("unresolvable" = (summary = "A host that does not resolve", value = json!(example(422, "unresolvable_host", "url: `nowhere.invalid` does not resolve")))),
                ("too_many" = (summary = "Too many webhooks", value = json!(example(422, "too_many_webhooks", "you have 10 webhooks here, the most allowed: delete one first")))))),
        (status = 401, description = "Not a seat of this game (a seat token or the player key of a seat here)", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "a game's webhooks are its seats': send your seat's token or player key"))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[post("/v1/games/{id}/webhooks")]
pub async fn create_game_webhook(
    service: Shared,
    id: web::Path<String>,
    credentials: Credentials,
    json: JsonBody,
) -> Result<HttpResponse, ApiError> {
    let game = Some(game_id(&id)?);
    let created = service
        .create_webhook(game, &credentials, body::<CreateWebhook>(json)?)
        .await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(created))
}

/// The webhooks of the caller's seat of this game (without their secrets).
#[utoipa::path(
    tag = "webhooks",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65")),
    responses(
        (status = 200, description = "The subscriptions", body = WebhookList),
        (status = 401, description = "Not a seat of this game (a seat token or the player key of a seat here)", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "a game's webhooks are its seats': send your seat's token or player key"))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[get("/v1/games/{id}/webhooks")]
pub async fn game_webhooks(
    service: Shared,
    id: web::Path<String>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let game = Some(game_id(&id)?);
    Ok(HttpResponse::Ok().json(service.webhooks(game, &credentials).await?))
}

/// Delete a webhook, and its notifications not yet delivered.
#[utoipa::path(
    tag = "webhooks",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), ("webhook_id" = String, Path, description = "Webhook id", example = "wh_5c0e8f0d6a1b4e3f")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not a seat of this game (a seat token or the player key of a seat here)", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "a game's webhooks are its seats': send your seat's token or player key"))),
        (status = 404, description = "No such game, or no such webhook of the caller's", body = Problem, content_type = "application/problem+json",
            examples(
                ("game" = (summary = "No such game", value = json!(example(404, "not_found", "no game 9f86d081884c7d65")))),
                ("webhook" = (summary = "No such webhook of yours", value = json!(example(404, "not_found", "no webhook wh_5c0e8f0d6a1b4e3f of yours")))))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[delete("/v1/games/{id}/webhooks/{webhook_id}")]
pub async fn delete_game_webhook(
    service: Shared,
    path: web::Path<(String, String)>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let (id, webhook) = path.into_inner();
    let game = Some(game_id(&id)?);
    service.delete_webhook(game, &credentials, &webhook).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A webhook's recent notifications (the last 100), newest first: each
/// with its payload, where it stands and its attempts (the status answered
/// or the error, when, and the next attempt while pending). Only its owner
/// sees them.
#[utoipa::path(
    tag = "webhooks",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), ("webhook_id" = String, Path, description = "Webhook id", example = "wh_5c0e8f0d6a1b4e3f")),
    responses(
        (status = 200, description = "The notifications", body = DeliveryList),
        (status = 401, description = "Not a seat of this game (a seat token or the player key of a seat here)", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "a game's webhooks are its seats': send your seat's token or player key"))),
        (status = 404, description = "No such game, or no such webhook of the caller's", body = Problem, content_type = "application/problem+json",
            examples(
                ("game" = (summary = "No such game", value = json!(example(404, "not_found", "no game 9f86d081884c7d65")))),
                ("webhook" = (summary = "No such webhook of yours", value = json!(example(404, "not_found", "no webhook wh_5c0e8f0d6a1b4e3f of yours")))))),
    ),
    security(("seat_token" = []), ("player_key" = []))
)]
#[get("/v1/games/{id}/webhooks/{webhook_id}/deliveries")]
pub async fn game_webhook_deliveries(
    service: Shared,
    path: web::Path<(String, String)>,
    credentials: Credentials,
) -> Result<HttpResponse, ApiError> {
    let (id, webhook) = path.into_inner();
    let game = Some(game_id(&id)?);
    let list = service
        .webhook_deliveries(game, &credentials, &webhook)
        .await?;
    Ok(HttpResponse::Ok().json(list))
}
