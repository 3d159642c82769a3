//! The server's shared state and every operation the routes call. The routes
//! hand it what they read from a request (ids, bodies, queries and the
//! caller's [`Credentials`]); it never sees the request itself.
//!
//! - `cache`: games in a bounded cache of folded states, with copies for
//!   rewinds, loaded off the async threads;
//! - `callers`: who is calling, resolved against a game's seats;
//! - `signals`: each game's version, for long-polls;
//! - `bot_queue`: the bot seats that must act, for bot workers;
//! - `deadlines`: live reaction windows and play-by-post move deadlines,
//!   kept in the store, and the timer that acts when they pass;
//! - the use cases: `games` (create, fork, list), `play` (act and
//!   append), `views` (a game, its legal actions, its events) and
//!   `audit`;
//! - `webhooks`: subscriptions, the durable outbox of notifications and
//!   their deliverer.

mod analysis;
mod audit;
mod bot_queue;
mod cache;
mod callers;
mod changes;
mod chat;
mod deadlines;
mod game_record;
pub use game_record::Imported;
mod games;
mod history;
mod limits_sync;
mod lobby;
mod play;
mod players;
mod ratings;
pub use ratings::{RATINGS_PAGE_MAX, RebuildReport, rebuild_ratings};
mod records;
mod rematch;
mod retention;
mod signals;
mod streams;
mod views;
mod webhooks;

use std::sync::Mutex;

use engine::Seed;
use store::{EventStore, GameId, GameRecord, GameStatus, ListQuery, Store};

use crate::error::ApiError;
use crate::quota::SeatQuota;

use bot_queue::BotQueue;
use cache::{Entry, GameCache};
use deadlines::Deadlines;
use signals::VersionSignals;

pub use cache::SNAPSHOT_EVERY;
pub use callers::{Caller, Credentials};
pub use players::{
    FinishedSeat, INBOX_FINISHED, INBOX_GAMES, KEY_PREFIX, Player, account_docs, finished_entry,
};
pub use records::ARCHIVE_PAGE_MAX;
pub use streams::{Format, StreamSlots};
pub use webhooks::{WebhookSettings, is_public, private_detail, sign};

/// What the service is configured with (see [`crate::config::Config`]).
#[derive(Clone, Debug)]
pub struct Settings {
    /// How many folded games the cache keeps.
    pub cache_games: usize,
    /// The most events one game's log may hold.
    pub max_events_per_game: u64,
    /// The largest record an import reads, in bytes.
    pub max_record_bytes: usize,
    /// How many `set_orders` one seat may post per minute.
    pub orders_per_minute: u32,
    /// The secret mixed into chosen seeds.
    pub seed_secret: String,
    /// Event streams one client may hold open at once (0: no limit).
    pub max_streams_per_client: usize,
    /// How long an event stream stays quiet before a heartbeat.
    pub stream_heartbeat: std::time::Duration,
    /// Chat messages one seat may send per minute.
    pub chat_per_minute: u32,
    /// The most chat messages one game keeps.
    pub max_chat_per_game: u64,
    /// How long a finished game keeps its chat and webhooks (`None`: for ever).
    pub keep_finished: Option<chrono::TimeDelta>,
    /// Webhooks: limits, retries and which addresses they may reach.
    pub webhooks: WebhookSettings,
    /// The coach: analyses per seat per minute, budget, actions compared,
    /// analyses at once.
    pub analysis: AnalysisSettings,
}

/// The coach's limits (see [`crate::config::Config`]).
#[derive(Clone, Debug)]
pub struct AnalysisSettings {
    /// Analyses one seat may ask for per minute (0: off).
    pub per_minute: u32,
    /// The search's budget per decision, in milliseconds on the reference
    /// machine.
    pub budget_ms: u32,
    /// The most legal actions one analysis compares.
    pub actions: usize,
    /// Analyses run at once.
    pub threads: usize,
}

impl Settings {
    /// The service's part of the server's configuration; `stored_secret` is
    /// the store's seed secret, used when the configuration names none.
    pub fn of(config: &crate::config::Config, stored_secret: String) -> Settings {
        Settings {
            cache_games: config.cache_games,
            max_events_per_game: config.max_events_per_game,
            max_record_bytes: config.max_record_bytes,
            orders_per_minute: config.orders_per_minute,
            seed_secret: config.seed_secret.clone().unwrap_or(stored_secret),
            max_streams_per_client: config.max_streams_per_client,
            stream_heartbeat: std::time::Duration::from_secs(config.stream_heartbeat_s),
            chat_per_minute: config.chat_per_minute,
            max_chat_per_game: config.max_chat_per_game,
            keep_finished: (config.keep_finished_days > 0)
                .then(|| chrono::TimeDelta::days(i64::from(config.keep_finished_days))),
            webhooks: WebhookSettings::of(config),
            analysis: AnalysisSettings {
                per_minute: config.analysis_per_minute,
                budget_ms: config.analysis_ms,
                actions: config.analysis_actions as usize,
                threads: config.analysis_threads as usize,
            },
        }
    }
}

/// The longest a long-poll may wait.
pub const MAX_WAIT_S: u64 = 60;

/// The server's shared state.
pub struct Service {
    store: Store,
    /// The folded games.
    games: GameCache,
    /// Woken when a rated game ends here: its match is to be applied.
    ratings_wake: tokio::sync::Notify,
    /// Held while this server applies pending matches: one pass at a time
    /// (passes of one server would only contend for the same ledger number).
    rating_pass: tokio::sync::Mutex<()>,
    /// Each followed game's version, for long-polls.
    versions: VersionSignals,
    /// The bot seats that must act.
    bot_turns: BotQueue,
    /// When the seats each game waits for must have acted.
    deadlines: Deadlines,
    /// This server process's random id (it signs its claims on deadlines).
    instance: String,
    worker_key: String,
    /// How many standing orders each seat has posted lately.
    orders_quota: SeatQuota,
    /// How many chat messages each seat has sent lately.
    chat_quota: SeatQuota,
    /// How many analyses each seat has asked for lately.
    analysis_quota: SeatQuota,
    /// This server's takes of every limit, to share with the others of a
    /// shared store.
    pub takes: std::sync::Arc<crate::takes::Takes>,
    /// The analyses that may run at once.
    analyses: std::sync::Arc<tokio::sync::Semaphore>,
    /// How many event streams each client holds open.
    pub streams: std::sync::Arc<StreamSlots>,
    settings: Settings,
    /// Webhooks: the notifications due for delivery.
    webhooks: webhooks::Outbox,
    /// The games another server appended to that this server will catch
    /// up with once they are quiet, and when it last heard of an append to
    /// each (a shared store only; see `changes.rs`).
    follows_due: Mutex<std::collections::HashMap<GameId, tokio::time::Instant>>,
    /// The delayed catch-ups running now (see `changes.rs`).
    follows_running: tokio::sync::Semaphore,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `work` on tokio's blocking threads, so that store scans and long folds
/// never hold up the threads that serve requests.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("a background task failed: {e}")))?
}

fn seed_of(hex: &str) -> Result<Seed, ApiError> {
    hex.parse()
        .map_err(|_| ApiError::internal("a game's seed is unreadable"))
}

impl Service {
    /// A service over `store`; bot workers authenticate with `worker_key`.
    pub fn new(store: Store, worker_key: String, settings: Settings) -> Service {
        let takes = std::sync::Arc::new(crate::takes::Takes::new(store.is_shared()));
        Service {
            games: GameCache::new(store.clone(), settings.cache_games, store.is_shared()),
            ratings_wake: tokio::sync::Notify::new(),
            rating_pass: tokio::sync::Mutex::new(()),
            store,
            versions: VersionSignals::new(),
            bot_turns: BotQueue::new(),
            deadlines: Deadlines::new(),
            instance: crate::auth::new_token(),
            worker_key,
            orders_quota: SeatQuota::new(
                "orders",
                settings.orders_per_minute,
                "too_many_orders",
                "post standing orders",
                takes.clone(),
            ),
            chat_quota: SeatQuota::new(
                "chat",
                settings.chat_per_minute,
                "too_many_messages",
                "send a chat message",
                takes.clone(),
            ),
            analysis_quota: SeatQuota::new(
                "analysis",
                settings.analysis.per_minute,
                "too_many_analyses",
                "ask for an analysis",
                takes.clone(),
            ),
            takes,
            analyses: std::sync::Arc::new(tokio::sync::Semaphore::new(settings.analysis.threads)),
            streams: StreamSlots::new(settings.max_streams_per_client),
            webhooks: webhooks::Outbox::new(settings.webhooks.clone()),
            follows_due: Mutex::default(),
            follows_running: tokio::sync::Semaphore::new(changes::FOLLOWS_AT_ONCE),
            settings,
        }
    }

    /// After a start: folds every active game so that bot seats waiting to act
    /// are known again.
    pub async fn recover(&self) -> Result<usize, ApiError> {
        let games = self.active_games().await?;
        for &id in &games {
            let entry = self.games.current(id).await?;
            self.refresh_waiting(&entry).await;
        }
        Ok(games.len())
    }

    /// The ids of every active game, newest first.
    async fn active_games(&self) -> Result<Vec<GameId>, ApiError> {
        let mut games = Vec::new();
        let mut cursor = None;
        loop {
            let page = self
                .store
                .list(&ListQuery {
                    status: Some(GameStatus::Active),
                    ruleset: None,
                    limit: 200,
                    cursor,
                })
                .await?;
            games.extend(page.games.iter().map(|r| r.id));
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => return Ok(games),
            }
        }
    }

    /// A game's record, read from the store (not the cache).
    async fn record(&self, id: GameId) -> Result<GameRecord, ApiError> {
        cache::record_of(&self.store, id).await
    }

    /// Records who the game waits for now: its bot seats, and the deadline of
    /// an open window with a live reaction time.
    async fn refresh_waiting(&self, entry: &Entry) {
        let id = entry.record.id;
        self.refresh_deadline(entry).await;
        let bots = if entry.live.is_over() {
            Vec::new()
        } else {
            let mut waiting = entry.live.waiting();
            waiting.retain(|&seat| entry.data.is_bot(seat));
            waiting
        };
        self.bot_turns.set(id, entry.live.version(), bots);
    }
}
