//! The HTTP service of the BANG! game server (API v1).
//!
//! Every game is an append-only event log in the store; its state is the fold of
//! the log through the engine. Routes are thin: they read the request (ids,
//! bodies, queries, credentials), and [`service::Service`] does the rest
//! (resolve the caller, cache, decide, append, signal). The OpenAPI
//! document is generated from the handlers ([`openapi`]) and served at
//! `/openapi.json`, with Swagger UI (vendored, works offline) at `/docs`.
//!
//! Around the routes: [`limits`] (connections, rates and slow bodies per
//! client), [`telemetry`] (request logs), [`metrics`] (`GET /metrics`) and
//! optional CORS (`BANG_CORS_ORIGINS`). The web client ([`web_client`],
//! the files of `web/`) is served at `/` to browsers.

#![warn(missing_docs)]

pub mod allocator;
pub mod auth;
pub mod config;
mod doc_links;
mod doc_responses;
pub mod error;
mod fallback;
pub mod limits;
pub mod metrics;
pub mod models;
mod quota;
mod rating;
pub mod routes;
pub mod ruleset;
mod schemas;
pub mod service;
mod stored;
mod takes;
pub mod telemetry;
pub mod text;
#[path = "web.rs"]
pub mod web_client;

pub use stored::{chosen_seed, finished_chain_key};

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use store::EventStore;

use actix_cors::Cors;
use actix_web::dev::ServerHandle;
use actix_web::error::{InternalError, JsonPayloadError};
use actix_web::http::KeepAlive;
use actix_web::middleware::{Condition, from_fn};
use actix_web::{App, HttpResponse, HttpServer, web};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_swagger_ui::{Config as SwaggerConfig, SwaggerUi};

use crate::config::{BotsMode, Config};
use crate::error::ApiError;
use crate::service::Service;

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
worker key. Errors are `application/problem+json` with a stable `code`.\n\nBodies are JSON in \
UTF-8 (`Content-Type: application/json`; another charset is a 415). An object names each key \
once, and a whole number is written as one (`4`, not `4.0`): either is a 400 that names the \
field.\n\nA server on a \
shared PostgreSQL store answers any request with 503 `store_unavailable` (and `Retry-After`) \
while its database cannot be reached; nothing was done.\n\nDice game, \
Old Saloon special roles: reveal windows are answered by each seat's private standing \
orders (`set_orders`, any time); only seats whose order is `ask` are waited for. See \
`POST /v1/games/{id}/actions`."
    ),
    components(schemas(error::Problem)),
    modifiers(&Security),
    tags(
        (name = "games", description = "Create, list, view, follow, fork and audit games"),
        (name = "rules", description = "The rulesets and their catalogs: every card, die, character and role with its rules text"),
        (name = "actions", description = "Legal actions and acting"),
        (name = "lobby", description = "Open tables: join, leave, start"),
        (name = "players", description = "Player accounts, their inbox, profile and archive of finished games"),
        (name = "chat", description = "Table chat, beside the game's events"),
        (name = "coach", description = "The search's estimate of each action at a seat's decision, from what the seat was shown"),
        (name = "webhooks", description = "Notifications for play-by-post: your turn, game over, chat"),
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
        components.add_security_scheme("player_key", bearer());
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
        .service(routes::game_stream)
        .service(routes::game_history)
        .service(routes::fork_game)
        .service(routes::audit_game)
        .service(routes::game_record)
        .service(routes::import_game)
        .service(routes::bot_turns)
        .service(routes::create_player)
        .service(routes::inbox)
        .service(routes::player_profile)
        .service(routes::player_games)
        .service(routes::player_ratings)
        .service(routes::leaderboard)
        .service(routes::join_game)
        .service(routes::leave_game)
        .service(routes::rematch_game)
        .service(routes::start_game)
        .service(routes::post_chat)
        .service(routes::read_chat)
        .service(routes::reclaim_seat)
        .service(routes::game_analysis)
        .service(routes::create_player_webhook)
        .service(routes::player_webhooks)
        .service(routes::delete_player_webhook)
        .service(routes::player_webhook_deliveries)
        .service(routes::create_game_webhook)
        .service(routes::game_webhooks)
        .service(routes::delete_game_webhook)
        .service(routes::game_webhook_deliveries)
        .service(routes::list_rulesets)
        .service(routes::get_ruleset)
        .service(routes::healthz);
}

/// The OpenAPI document of the API.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, api) = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes)
        .split_for_parts();
    finished(api)
}

/// The document as the routes made it, with what only the whole document can
/// say: the rulesets' unions as `anyOf`, the expansions' events listed among
/// the card game's (see `schemas.rs`), the card game's catalogue types
/// that no body refers to (see `schemas.rs`), and the responses
/// operations share (405, and 408, 413 and 415 of a body: see
/// `doc_responses.rs`), the event stream's items, and the links between
/// operations (`doc_links.rs`).
fn finished(mut api: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    if let Some(components) = api.components.as_mut() {
        schemas::any_of_rulesets(components);
        schemas::flatten_nested_events(components);
        schemas::flatten_nested_decisions(components);
        schemas::flatten_window_kinds(components);
        schemas::join_nested_actions(components);
        schemas::catalogue(components);
    }
    doc_responses::add_shared_responses(&mut api);
    doc_responses::describe_stream(&mut api);
    doc_links::add_links(&mut api);
    api
}

/// The OpenAPI document as pretty JSON (what `openapi/openapi.json` holds).
pub fn openapi_json() -> String {
    let mut text = openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}

/// The answer to a body that could not be read as JSON: 408 when it did not
/// arrive in time, 413 when too large, else 400.
fn json_error(err: JsonPayloadError, timeout: Option<Duration>) -> actix_web::Error {
    if let (JsonPayloadError::Payload(e), Some(timeout)) = (&err, timeout)
        && limits::is_body_timeout(e)
    {
        let resp = limits::body_timeout_response(timeout);
        return InternalError::from_response(err, resp).into();
    }
    json_api_error(err).into()
}

fn json_api_error(err: JsonPayloadError) -> ApiError {
    match err {
        JsonPayloadError::Overflow { limit }
        | JsonPayloadError::OverflowKnownLength { limit, .. } => {
            ApiError::too_large(limits::too_large_detail(limit))
        }
        // The media type of a body is checked before it is read (see
        // `routes::JsonBody`): this is a request without one.
        JsonPayloadError::ContentType => {
            ApiError::bad_request(format!("the body is missing: {}", routes::MEDIA_TYPE_RULE))
        }
        JsonPayloadError::Deserialize(e) => ApiError::bad_request(json_syntax(&e)),
        other => ApiError::bad_request(format!("body: {other}")),
    }
}

/// A body that is not JSON, in plain words (routes read bodies as `Value`;
/// what each field must be is said by `models`).
fn json_syntax(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let what = text
        .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
        .unwrap_or(&text);
    if e.is_data() {
        // Valid JSON the body may still not say: a key given twice.
        return format!("{what} (line {}, column {})", e.line(), e.column());
    }
    format!(
        "the body is not valid JSON: {what} (line {}, column {})",
        e.line(),
        e.column()
    )
}

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The worker key bot workers authenticate with.
    pub worker_key: String,
    /// The embedded bot worker, when `BANG_BOTS=embedded`.
    pub bots: Option<bots::worker::Running>,
    /// The background tasks: the deadlines, the webhook deliverer, the
    /// follower of other servers' writes and the limits' sync (a shared
    /// store only), the sweeper of finished games' documents (with a
    /// retention only), the rater of finished rated games, the one-time
    /// indexing of finished games.
    background: Vec<tokio::task::JoinHandle<()>>,
    stopping: web::Data<limits::Stopping>,
    handle: ServerHandle,
    task: tokio::task::JoinHandle<io::Result<()>>,
}

/// Stops background tasks and waits for them.
async fn stop_all(tasks: &mut Vec<tokio::task::JoinHandle<()>>) {
    for task in tasks.drain(..) {
        task.abort();
        let _ = task.await;
    }
}

impl Running {
    /// Stops the embedded worker and the server, and waits for them.
    pub async fn stop(mut self) {
        if let Some(bots) = self.bots {
            bots.stop().await;
        }
        self.stopping.stop();
        stop_all(&mut self.background).await;
        self.handle.stop(true).await;
        let _ = self.task.await;
    }

    /// Waits until the server stops.
    pub async fn wait(self) -> io::Result<()> {
        self.task.await.map_err(io::Error::other)?
    }

    /// Serves until `shutdown` resolves (a signal), then stops: the embedded
    /// bot worker first, then the server, letting requests in flight finish
    /// (up to `BANG_SHUTDOWN_TIMEOUT_S`). Returns early if the server fails.
    pub async fn run_until(mut self, shutdown: impl Future<Output = ()>) -> io::Result<()> {
        tokio::select! {
            ended = &mut self.task => {
                return ended.map_err(io::Error::other)?;
            }
            () = shutdown => {}
        }
        let started = Instant::now();
        tracing::info!("shutting down: the bot worker first, then the server");
        if let Some(bots) = self.bots.take() {
            bots.stop().await;
            tracing::info!("bot worker stopped");
        }
        self.stopping.stop();
        stop_all(&mut self.background).await;
        self.handle.stop(true).await;
        let ended = (&mut self.task).await;
        tracing::info!(
            elapsed_ms = started.elapsed().as_millis() as u64,
            "server stopped"
        );
        ended.map_err(io::Error::other)?
    }
}

/// The CORS middleware `BANG_CORS_ORIGINS` asks for, if any: `*` for any
/// origin, else a comma list of origins (`https://host[:port]`).
fn cors(origins: Option<&str>) -> io::Result<Option<Cors>> {
    let Some(origins) = origins.map(str::trim).filter(|o| !o.is_empty()) else {
        return Ok(None);
    };
    let base = Cors::default()
        .allowed_methods(["GET", "POST", "DELETE"])
        .allowed_headers([
            actix_web::http::header::AUTHORIZATION,
            actix_web::http::header::CONTENT_TYPE,
        ])
        .expose_headers([
            actix_web::http::header::RETRY_AFTER,
            actix_web::http::header::ALLOW,
        ])
        .max_age(3600);
    if origins == "*" {
        return Ok(Some(base.allow_any_origin().send_wildcard()));
    }
    let mut cors = base;
    for origin in origins.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let valid = origin.parse::<actix_web::http::Uri>().is_ok_and(|uri| {
            matches!(uri.scheme_str(), Some("http" | "https"))
                && uri.host().is_some()
                && uri
                    .path_and_query()
                    .is_none_or(|p| p.as_str() == "/" || p.as_str().is_empty())
        });
        if !valid {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("BANG_CORS_ORIGINS: `{origin}` is not an origin like https://example.org"),
            ));
        }
        cors = cors.allowed_origin(origin.trim_end_matches('/'));
    }
    Ok(Some(cors))
}

/// The soft limit of open files of this process, if Linux says.
fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// The store the configuration names: PostgreSQL with `BANG_STORE`, else
/// the embedded sled store in `BANG_DATA`.
async fn open_store(config: &Config) -> io::Result<store::Store> {
    match &config.store {
        Some(url) => store::PgStore::connect_with(url, config.store_connections.max(1))
            .await
            .map(store::Store::from)
            .map_err(|e| io::Error::other(format!("BANG_STORE: {e}"))),
        None => store::SledStore::open_with(&config.data, config.store_cache_mb << 20)
            .map(store::Store::from)
            .map_err(io::Error::other),
    }
}

/// Opens the store, recovers its games and starts serving (on the current tokio
/// runtime). Returns once the server listens.
pub async fn start(config: &Config) -> io::Result<Running> {
    let store = open_store(config).await?;
    let worker_key = config.worker_key.clone().unwrap_or_else(auth::new_token);
    let stored_secret = store
        .secret("seed_secret", auth::new_token())
        .await
        .map_err(io::Error::other)?;
    let settings = service::Settings::of(config, stored_secret);
    let service = web::Data::from(Arc::new(Service::new(store, worker_key.clone(), settings)));
    let changes = service.subscribe_changes();
    service
        .recover()
        .await
        .map_err(|e| io::Error::other(e.to_string()))?;
    // Webhooks (issue 15): what a crash left unnotified, then the deliverer.
    service
        .recover_webhooks()
        .await
        .map_err(|e| io::Error::other(e.to_string()))?;
    let deadlines = tokio::spawn(service.clone().into_inner().run_deadlines());
    let webhooks = tokio::spawn(service.clone().into_inner().run_webhooks());
    let changes = tokio::spawn(service.clone().into_inner().run_changes(changes));
    let retention = tokio::spawn(service.clone().into_inner().run_retention());
    let ratings = tokio::spawn(service.clone().into_inner().run_ratings());
    // Once per store: finished games' inbox entries into their own index.
    let indexing = {
        let service = service.clone();
        tokio::spawn(async move {
            match service.index_finished_seats().await {
                Ok(0) => {}
                Ok(moved) => tracing::info!(moved, "finished games moved to the players' index"),
                Err(e) => {
                    tracing::warn!(error = %e, "the players' finished games were not indexed")
                }
            }
        })
    };
    let app_service = service.clone();
    let limits = web::Data::new(limits::Limits::new(
        config,
        worker_key.clone(),
        service.takes.clone(),
    ));
    let limits_sync = tokio::spawn(service.clone().into_inner().run_limits_sync(
        limits.clone().into_inner(),
        Duration::from_millis(config.limits_sync_ms.max(10)),
    ));
    let body_timeout = limits.body_timeout();
    let stopping = web::Data::new(limits::Stopping::new());
    let app_stopping = stopping.clone();
    let methods = web::Data::new(fallback::MethodTable::new(&openapi()));
    // Checked here, built by each worker (a `Cors` is not `Clone`).
    let cors_origins = config.cors_origins.clone();
    cors(cors_origins.as_deref())?;
    let connections = limits::Connections::new(config.max_connections_per_client);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let max_connections = config.max_connections.max(1);
    if let Some(files) = open_files_limit().filter(|&f| f < max_connections + 64) {
        tracing::warn!(
            max_connections,
            open_files_limit = files,
            "BANG_MAX_CONNECTIONS is above the open-files limit: raise `ulimit -n` or lower it"
        );
    }
    let server = HttpServer::new(move || {
        let cors = cors(cors_origins.as_deref()).ok().flatten();
        App::new()
            .into_utoipa_app()
            .openapi(ApiDoc::openapi())
            .app_data(app_service.clone())
            .app_data(limits.clone())
            .app_data(app_stopping.clone())
            .app_data(methods.clone())
            .app_data(
                web::JsonConfig::default()
                    .limit(BODY_LIMIT)
                    .error_handler(move |err, _| json_error(err, body_timeout)),
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
                    .url("/openapi.json", finished(api))
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
            .route("/", web::get().to(web_client::root))
            .route("/web/{file}", web::get().to(web_client::asset))
            .route("/metrics", web::get().to(metrics::metrics))
            .default_service(web::to(fallback::unrouted))
            .wrap(from_fn(limits::guard))
            .wrap(Condition::new(cors.is_some(), cors.unwrap_or_default()))
            .wrap(from_fn(telemetry::observe))
    })
    .workers(workers)
    .max_connections(max_connections.div_ceil(workers))
    .keep_alive(match config.keep_alive_s {
        0 => KeepAlive::Disabled,
        s => KeepAlive::Timeout(Duration::from_secs(s)),
    })
    .client_request_timeout(Duration::from_millis(config.head_timeout_ms))
    .client_disconnect_timeout(Duration::from_millis(config.disconnect_timeout_ms))
    .shutdown_timeout(config.shutdown_timeout_s)
    .disable_signals()
    .on_connect(move |io, data| connections.on_connect(io, data))
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
            thinkers: config
                .bot_thinkers
                .map_or_else(bots::worker::default_thinkers, usize::from),
            answer: std::time::Duration::from_millis(config.bot_answer_ms),
        })
    });
    Ok(Running {
        addr,
        worker_key,
        bots,
        background: vec![
            deadlines,
            webhooks,
            changes,
            retention,
            ratings,
            limits_sync,
            indexing,
        ],
        stopping,
        handle,
        task,
    })
}
