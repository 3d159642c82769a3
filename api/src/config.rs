//! Server configuration: each setting is a flag and an environment variable.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

/// Games and player accounts one client may make per minute, by default.
pub const DEFAULT_CREATES_PER_MINUTE: f64 = 10.0;

/// How many of them one client may make at once, by default.
pub const DEFAULT_CREATES_BURST: f64 = 10.0;

/// How long a request's body may take by default, in milliseconds.
pub const DEFAULT_BODY_TIMEOUT_MS: u64 = 5_000;

/// Where bot seats are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BotsMode {
    /// The server runs a bot worker itself (over loopback HTTP).
    Embedded,
    /// Bot workers run separately (`bang-bots`).
    Off,
}

/// The BANG! game server: BANG! games as event logs over an HTTP JSON API.
///
/// Every setting is also an environment variable (shown in brackets). Logs go
/// to stderr; set their level with `RUST_LOG` (default `info`; the bot
/// workers' requests are logged at `debug`).
#[derive(Debug, Clone, Parser)]
#[command(name = "bang-server", version)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "BANG_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Directory of the embedded event store (sled), used unless `BANG_STORE`
    /// names another.
    #[arg(long, env = "BANG_DATA", default_value = "./data")]
    pub data: PathBuf,
    /// The event store, if not the embedded one in `BANG_DATA`: a PostgreSQL
    /// URL (`postgres://user:password@host:5432/database`), which several
    /// servers may share.
    #[arg(long, env = "BANG_STORE")]
    pub store: Option<String>,
    /// Connections to PostgreSQL each server keeps open (with `BANG_STORE`).
    #[arg(long, env = "BANG_STORE_CONNECTIONS", default_value_t = 16)]
    pub store_connections: usize,
    /// `embedded` (default) or `off` when bot workers run separately.
    #[arg(long, env = "BANG_BOTS", value_enum, default_value = "embedded")]
    pub bots: BotsMode,
    /// The bot workers' key; generated and logged when unset.
    #[arg(long, env = "BANG_WORKER_KEY")]
    pub worker_key: Option<String>,
    /// A bot's pause before acting, in milliseconds.
    #[arg(long, env = "BANG_BOT_DELAY_MS", default_value_t = 0)]
    pub bot_delay_ms: u64,
    /// The most `strong` bot decisions (searches) the embedded worker makes
    /// at once, each on a core for up to its budget; more wait for a free
    /// one (default: the machine's cores).
    #[arg(long, env = "BANG_BOT_THINKERS", value_parser = clap::value_parser!(u16).range(1..))]
    pub bot_thinkers: Option<u16>,
    /// A `strong` bot's answer time besides five times its budget, in
    /// milliseconds: it answers that long after it was asked, whatever it
    /// holds, so that its timing tells nothing.
    #[arg(long, env = "BANG_BOT_ANSWER_MS", default_value_t = bots::worker::DEFAULT_ANSWER_MS,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub bot_answer_ms: u64,
    /// Secret mixed into seeds chosen by a game's creator (`"seed": 42`), so that
    /// nobody else can guess them from the public commitment or the dice; hex or
    /// any text. Generated once and kept in the store when unset.
    #[arg(long, env = "BANG_SEED_SECRET")]
    pub seed_secret: Option<String>,
    /// How many folded games the server keeps in memory.
    #[arg(long, env = "BANG_CACHE_GAMES", default_value_t = 2_000)]
    pub cache_games: usize,
    /// The event store's page cache, in MiB, as sled counts it: sled counts
    /// pages as stored, so the memory it holds is a few times this.
    #[arg(long, env = "BANG_STORE_CACHE_MB", default_value_t = 16)]
    pub store_cache_mb: u64,
    /// The most events one game's log may hold; an action past it is a 422
    /// (`game_too_long`) and the game stays readable.
    #[arg(long, env = "BANG_MAX_EVENTS_PER_GAME", default_value_t = 100_000)]
    pub max_events_per_game: u64,
    /// The largest game record `POST /v1/games/import` reads, in bytes (413
    /// beyond); other bodies stay at 64 KiB.
    #[arg(long, env = "BANG_MAX_RECORD_BYTES", default_value_t = 16 * 1024 * 1024)]
    pub max_record_bytes: usize,
    /// How many `set_orders` one seat may post per minute (429 beyond).
    #[arg(long, env = "BANG_ORDERS_PER_MINUTE", default_value_t = 60)]
    pub orders_per_minute: u32,
    /// How long a request's body may take to arrive, in milliseconds, counted
    /// from its head; a slower body is answered 408 and its connection closed
    /// (0: no limit).
    #[arg(long, env = "BANG_BODY_TIMEOUT_MS", default_value_t = DEFAULT_BODY_TIMEOUT_MS)]
    pub body_timeout_ms: u64,
    /// How long a client may take to send a request's head (line and
    /// headers) on a new connection, in milliseconds, before a 408 (0: no limit).
    #[arg(long, env = "BANG_HEAD_TIMEOUT_MS", default_value_t = 5_000)]
    pub head_timeout_ms: u64,
    /// How long an idle keep-alive connection stays open, in seconds (0: every
    /// connection closes after one request).
    #[arg(long, env = "BANG_KEEP_ALIVE_S", default_value_t = 5)]
    pub keep_alive_s: u64,
    /// How long the server waits for a client to close a connection it is
    /// done with, in milliseconds, before dropping it.
    #[arg(long, env = "BANG_DISCONNECT_TIMEOUT_MS", default_value_t = 1_000)]
    pub disconnect_timeout_ms: u64,
    /// On SIGTERM or Ctrl-C, how long requests in flight (long-polls) may
    /// finish, in seconds, before their connections are closed.
    #[arg(long, env = "BANG_SHUTDOWN_TIMEOUT_S", default_value_t = 5)]
    pub shutdown_timeout_s: u64,
    /// The most connections the server holds open at once; more wait in the
    /// listen queue. Keep it below the process's open-files limit (`ulimit -n`).
    #[arg(long, env = "BANG_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// The most connections one client (IP address; IPv6: its /64) may hold
    /// open; a request on one more is a 429 and the connection is closed
    /// (0: no limit). Requests with the worker key pass.
    #[arg(long, env = "BANG_MAX_CONNECTIONS_PER_CLIENT", default_value_t = 100)]
    pub max_connections_per_client: usize,
    /// Chat messages one seat may send per minute; 429 `too_many_messages`
    /// beyond.
    #[arg(long, env = "BANG_CHAT_PER_MINUTE", default_value_t = 10)]
    pub chat_per_minute: u32,
    /// The coach: analyses one seat may ask for per minute; 429
    /// `too_many_analyses` beyond (0: the coach is off).
    #[arg(long, env = "BANG_ANALYSIS_PER_MINUTE", default_value_t = 60)]
    pub analysis_per_minute: u32,
    /// The coach's budget per analysed decision, in milliseconds of search
    /// on the reference machine (1 to 5000).
    #[arg(long, env = "BANG_ANALYSIS_MS", default_value_t = 300,
          value_parser = clap::value_parser!(u32).range(1..=5000))]
    pub analysis_ms: u32,
    /// The coach: the most legal actions one analysis compares (2 to 64).
    #[arg(long, env = "BANG_ANALYSIS_ACTIONS", default_value_t = 12,
          value_parser = clap::value_parser!(u32).range(2..=64))]
    pub analysis_actions: u32,
    /// The coach: analyses the server runs at once; more wait their turn.
    #[arg(long, env = "BANG_ANALYSIS_THREADS", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub analysis_threads: u32,
    /// The most chat messages one game keeps; 422 `chat_full` beyond.
    #[arg(long, env = "BANG_MAX_CHAT_PER_GAME", default_value_t = 5000)]
    pub max_chat_per_game: u64,
    /// Days a finished game keeps its chat, its seats' webhook
    /// subscriptions and their deliveries (0: for ever). Its events, data
    /// and audit are always kept.
    #[arg(long, env = "BANG_KEEP_FINISHED_DAYS", default_value_t = 0)]
    pub keep_finished_days: u32,
    /// Event streams (`GET /v1/games/{id}/stream`) one client (IP address)
    /// may hold open at once; 429 beyond (0: no limit).
    #[arg(long, env = "BANG_MAX_STREAMS_PER_CLIENT", default_value_t = 8)]
    pub max_streams_per_client: usize,
    /// Seconds of quiet after which an event stream sends a heartbeat (1 to
    /// 300); a stream whose client went away gives its slot back at its next
    /// heartbeat.
    #[arg(long, env = "BANG_STREAM_HEARTBEAT_S", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=300))]
    pub stream_heartbeat_s: u64,
    /// Requests per second one client (IP address) may make on average; 429
    /// beyond, with `Retry-After` (0: no limit). `/healthz`, `/metrics` and the
    /// worker key are not counted.
    #[arg(long, env = "BANG_RATE_PER_CLIENT", default_value_t = 100.0)]
    pub rate_per_client: f64,
    /// How many requests one client may make in a burst above its rate.
    #[arg(long, env = "BANG_BURST_PER_CLIENT", default_value_t = 200.0)]
    pub burst_per_client: f64,
    /// Requests per second one bearer token (a seat) may make on average; 429
    /// beyond (0: no limit). The worker key is not limited.
    #[arg(long, env = "BANG_RATE_PER_TOKEN", default_value_t = 20.0)]
    pub rate_per_token: f64,
    /// How many requests one token may make in a burst above its rate.
    #[arg(long, env = "BANG_BURST_PER_TOKEN", default_value_t = 40.0)]
    pub burst_per_token: f64,
    /// Games and player accounts one client (IP address) may make per
    /// minute, by `POST /v1/games`, a fork or `POST /v1/players`, once its
    /// burst is spent; 429 beyond (0: no limit). Only what was made counts:
    /// a refused request gives its place back.
    #[arg(long, env = "BANG_CREATES_PER_MINUTE", default_value_t = DEFAULT_CREATES_PER_MINUTE)]
    pub creates_per_minute: f64,
    /// How many games and player accounts one client may make at once
    /// before the per-minute rate applies.
    #[arg(long, env = "BANG_CREATES_BURST", default_value_t = DEFAULT_CREATES_BURST)]
    pub creates_burst: f64,
    /// With a store shared by several servers (PostgreSQL), how often each
    /// server shares its limits' takes with the others, in milliseconds:
    /// the rates, creations and seat quotas above are then counted once for
    /// all servers, give or take what a client manages within this period.
    #[arg(long, env = "BANG_LIMITS_SYNC_MS", default_value_t = 500, value_parser = clap::value_parser!(u64).range(10..=60_000))]
    pub limits_sync_ms: u64,
    /// Origins allowed to call the API from a browser (CORS): a comma list
    /// such as `https://a.example,https://b.example`, or `*` for any. Unset: no
    /// CORS headers at all.
    #[arg(long, env = "BANG_CORS_ORIGINS")]
    pub cors_origins: Option<String>,
    /// Webhooks may point at private, loopback, link-local and other
    /// non-public addresses (for tests and closed networks; refused by
    /// default, checked at subscription and at every delivery).
    #[arg(long, env = "BANG_WEBHOOK_ALLOW_PRIVATE", default_value_t = false, value_parser = clap::builder::BoolishValueParser::new())]
    pub webhook_allow_private: bool,
    /// The most webhooks one player, or one seat of a game, may have; 422
    /// `too_many_webhooks` beyond.
    #[arg(long, env = "BANG_MAX_WEBHOOKS_PER_OWNER", default_value_t = 10)]
    pub max_webhooks_per_owner: usize,
    /// How long one webhook delivery may take, in milliseconds.
    #[arg(long, env = "BANG_WEBHOOK_TIMEOUT_MS", default_value_t = 10_000)]
    pub webhook_timeout_ms: u64,
    /// The wait before a failed webhook delivery's first retry, in
    /// milliseconds; it doubles at each retry, up to an hour.
    #[arg(long, env = "BANG_WEBHOOK_RETRY_MS", default_value_t = 5_000)]
    pub webhook_retry_ms: u64,
    /// How many attempts a notification gets before it is `failed`.
    #[arg(long, env = "BANG_WEBHOOK_ATTEMPTS", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub webhook_attempts: u32,
    /// The pause before a notification's first attempt, in milliseconds.
    #[arg(long, env = "BANG_WEBHOOK_DELAY_MS", default_value_t = 0)]
    pub webhook_delay_ms: u64,
    /// Print the OpenAPI document and exit.
    #[arg(long)]
    pub openapi: bool,
}
