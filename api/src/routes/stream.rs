//! `GET /v1/games/{id}/stream`: a game's events pushed as they happen.

use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, get, web};
use tokio::sync::mpsc;

use super::Shared;
use super::request::{StreamParams, game_id};
use crate::error::{ApiError, Problem, example};
use crate::limits::{Caller as Client, Stopping};
use crate::service::{Credentials, Format};

/// The chunks a stream's task sends, as the response body.
struct Chunks(mpsc::Receiver<String>);

impl futures_core::Stream for Chunks {
    type Item = Result<Bytes, actix_web::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0
            .poll_recv(cx)
            .map(|chunk| chunk.map(|c| Ok(Bytes::from(c))))
    }
}

/// Follow a game's events as they are appended.
///
/// Server-Sent Events (`text/event-stream`): each event the caller may see,
/// redacted as `/events` redacts it, as `id: <seq>`, `event: <type>` and
/// `data: <the event as /events lists it>`; a comment line after
/// `BANG_STREAM_HEARTBEAT_S` (15) seconds of quiet; `event: end` once the game is over, and the stream closes. A
/// reconnecting `EventSource` sends `Last-Event-ID` and resumes after it.
/// `?format=ndjson` (or `Accept: application/x-ndjson`): one JSON event a
/// line, an empty line as the heartbeat. A client holds at most
/// `BANG_MAX_STREAMS_PER_CLIENT` streams at once.
#[utoipa::path(
    tag = "games",
    params(("id" = String, Path, description = "Game id (16 hex digits)", example = "9f86d081884c7d65"), StreamParams,
        ("last-event-id" = Option<u64>, Header, description = "The last `seq` received (resumes after it)")),
    responses(
        (status = 200, description = "The stream", content_type = "text/event-stream", body = String,
            example = json!("id: 1\nevent: game_created\ndata: {\"seq\":1,\"at\":\"2026-11-26T07:00:00Z\",\"actor\":\"system\",\"event\":{\"type\":\"game_created\"}}\n\n")),
        (status = 400, description = "Bad query: an unknown `format`, a bad `after` or `seat`, or an unknown parameter", body = Problem, content_type = "application/problem+json",
            example = json!(example(400, "bad_request", "format: `sse` or `ndjson`, not `xml`"))),
        (status = 401, description = "A token that opens no seat of this game, or `seat` without the worker key", body = Problem, content_type = "application/problem+json",
            example = json!(example(401, "unauthorized", "this token opens no seat of this game"))),
        (status = 429, description = "Too many streams (or requests) from this client: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("retry-after" = u64, description = "Seconds to wait before trying again")),
            example = json!(example(429, "too_many_streams", "this client holds 8 event streams already; close one or retry later"))),
    ),
    security((), ("seat_token" = []), ("player_key" = []), ("worker_key" = []))
)]
#[get("/v1/games/{id}/stream")]
pub async fn game_stream(
    service: Shared,
    stopping: web::Data<Stopping>,
    req: HttpRequest,
    credentials: Credentials,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id)?;
    let q = StreamParams::read(&req)?;
    let resume = match req.headers().get("last-event-id") {
        None => None,
        Some(v) => Some(
            v.to_str()
                .ok()
                .and_then(|t| t.trim().parse::<u64>().ok())
                .ok_or_else(|| {
                    ApiError::bad_request("Last-Event-ID: the `seq` of the last event received")
                })?,
        ),
    };
    let accept_ndjson = req
        .headers()
        .get("accept")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/x-ndjson"));
    let format = match q.format.as_deref() {
        Some("ndjson") => Format::NdJson,
        Some(_) => Format::Sse,
        None if accept_ndjson => Format::NdJson,
        None => Format::Sse,
    };
    service.check_stream(id, &credentials, q.seat).await?;
    let client = Client::of(&req, "").client;
    let slot = service.streams.take(client)?;
    let (tx, rx) = mpsc::channel(64);
    let task = service.clone().into_inner();
    tokio::spawn(task.stream(
        id,
        credentials,
        q.seat,
        resume.or(q.after).unwrap_or(0),
        format,
        tx,
        stopping.watch(),
        slot,
    ));
    let content_type = match format {
        Format::Sse => "text/event-stream",
        Format::NdJson => "application/x-ndjson",
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("cache-control", "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(Chunks(rx)))
}
