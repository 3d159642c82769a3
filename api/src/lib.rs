//! The HTTP service of the BANG! game server (API v1).
//!
//! Every game is an append-only event log in the store; its state is the fold of
//! the log through the engine. Routes are thin: they resolve the caller, and
//! [`hub::Hub`] does the rest (cache, decide, append, signal). The OpenAPI
//! document is generated from the handlers ([`openapi`]) and served at
//! `/openapi.json`, with Swagger UI (vendored, works offline) at `/docs`.

#![warn(missing_docs)]

pub mod auth;
pub mod config;
mod data;
pub mod error;
pub mod hub;
pub mod models;
pub mod routes;
pub mod rules;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use actix_web::dev::ServerHandle;
use actix_web::error::JsonPayloadError;
use actix_web::{App, HttpResponse, HttpServer, web};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_swagger_ui::{Config as SwaggerConfig, SwaggerUi};

use crate::config::{BotsMode, Config};
use crate::error::ApiError;
use crate::hub::Hub;

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "BANG! game service",
        version = "1",
        description = "Event-sourced BANG! games over HTTP: create a game, read your seat's view, \
list and post legal actions, follow the event log (long-poll), rewind with `?at=N`, fork a \
finished game, and audit its hash chain and dice.\n\nAuthentication: `Authorization: Bearer \
<token>` with a seat token from creation (no token = spectator). Bot workers use the server's \
worker key. Errors are `application/problem+json` with a stable `code`.\n\nDice game, \
Old Saloon special roles: reveal windows are answered by each seat's private standing \
orders (`set_orders`, any time); only seats whose order is `ask` are waited for. See \
`POST /v1/games/{id}/actions`."
    ),
    components(schemas(error::Problem)),
    modifiers(&Security),
    tags(
        (name = "games", description = "Create, list, view, follow, fork and audit games"),
        (name = "actions", description = "Legal actions and acting"),
        (name = "bots", description = "For bot workers"),
        (name = "service", description = "Service health"),
    )
)]
struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        let components = api.components.get_or_insert_with(Default::default);
        let bearer = || SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer));
        components.add_security_scheme("seat_token", bearer());
        components.add_security_scheme("worker_key", bearer());
    }
}

fn routes(cfg: &mut ServiceConfig) {
    // Routes are tried in this order (each path pattern with a `{id}` is a
    // regex match): the hot one, posting an action, comes first. No two
    // routes match the same method and path, so the order changes nothing else.
    cfg.service(routes::post_action)
        .service(routes::create_game)
        .service(routes::list_games)
        .service(routes::get_game)
        .service(routes::legal_actions)
        .service(routes::game_events)
        .service(routes::fork_game)
        .service(routes::audit_game)
        .service(routes::bot_turns)
        .service(routes::healthz);
}

/// The OpenAPI document of the API.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, api) = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes)
        .split_for_parts();
    api
}

/// The OpenAPI document as pretty JSON (what `openapi/openapi.json` holds).
pub fn openapi_json() -> String {
    let mut text = openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}

fn json_error(err: JsonPayloadError) -> ApiError {
    match err {
        JsonPayloadError::Overflow { limit }
        | JsonPayloadError::OverflowKnownLength { limit, .. } => {
            ApiError::too_large(format!("the body is over {limit} bytes"))
        }
        JsonPayloadError::ContentType => {
            ApiError::bad_request("send the body as JSON with `Content-Type: application/json`")
        }
        other => ApiError::bad_request(format!("body: {other}")),
    }
}

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The worker key bot workers authenticate with.
    pub worker_key: String,
    /// The embedded bot worker, when `BANG_BOTS=embedded`.
    pub bots: Option<bots::worker::Running>,
    deadlines: tokio::task::JoinHandle<()>,
    handle: ServerHandle,
    task: tokio::task::JoinHandle<io::Result<()>>,
}

impl Running {
    /// Stops the embedded worker and the server, and waits for them.
    pub async fn stop(self) {
        if let Some(bots) = self.bots {
            bots.stop().await;
        }
        self.deadlines.abort();
        let _ = self.deadlines.await;
        self.handle.stop(true).await;
        let _ = self.task.await;
    }

    /// Waits until the server stops.
    pub async fn wait(self) -> io::Result<()> {
        self.task.await.map_err(io::Error::other)?
    }
}

/// Opens the store, recovers its games and starts serving (on the current tokio
/// runtime). Returns once the server listens.
pub async fn start(config: &Config) -> io::Result<Running> {
    let store = store::SledStore::open(&config.data).map_err(io::Error::other)?;
    let worker_key = config.worker_key.clone().unwrap_or_else(auth::new_token);
    let hub = web::Data::from(Arc::new(Hub::new(store, worker_key.clone())));
    hub.recover()
        .await
        .map_err(|e| io::Error::other(e.to_string()))?;
    let deadlines = tokio::spawn(hub.clone().into_inner().run_deadlines());
    let app_hub = hub.clone();
    let server = HttpServer::new(move || {
        App::new()
            .into_utoipa_app()
            .openapi(ApiDoc::openapi())
            .app_data(app_hub.clone())
            .app_data(
                web::JsonConfig::default()
                    .limit(BODY_LIMIT)
                    .error_handler(|err, _| json_error(err).into()),
            )
            .app_data(
                web::QueryConfig::default()
                    .error_handler(|err, _| ApiError::bad_request(format!("query: {err}")).into()),
            )
            .app_data(
                web::PathConfig::default()
                    .error_handler(|err, _| ApiError::bad_request(format!("path: {err}")).into()),
            )
            .configure(routes)
            .openapi_service(|api| {
                SwaggerUi::new("/docs/{_:.*}")
                    .url("/openapi.json", api)
                    .config(SwaggerConfig::default().validator_url("none"))
            })
            .into_app()
            .route(
                "/docs",
                web::get().to(|| async {
                    HttpResponse::Found()
                        .insert_header(("location", "/docs/"))
                        .finish()
                }),
            )
            .default_service(web::to(|| async {
                Err::<HttpResponse, _>(ApiError::not_found("no such route"))
            }))
    })
    .bind(&config.addr)?;
    let addr = server
        .addrs()
        .first()
        .copied()
        .ok_or_else(|| io::Error::other("bound to no address"))?;
    let server = server.run();
    let handle = server.handle();
    let task = tokio::spawn(server);
    let bots = (config.bots == BotsMode::Embedded).then(|| {
        let mut local = addr;
        if local.ip().is_unspecified() {
            local.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
        }
        bots::worker::spawn(bots::worker::WorkerConfig {
            server: format!("http://{local}"),
            worker_key: worker_key.clone(),
            delay: std::time::Duration::from_millis(config.bot_delay_ms),
        })
    });
    Ok(Running {
        addr,
        worker_key,
        bots,
        deadlines,
        handle,
        task,
    })
}
