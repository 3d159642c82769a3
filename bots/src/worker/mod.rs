//! The bot worker: plays bot seats through the HTTP API, like any client.
//!
//! It long-polls `GET /v1/bot/turns` with the worker key, and for each bot seat
//! that must act: shows the seat's policy the events it has not seen yet (as that
//! seat may see them), reads the seat's view and legal actions, and posts the
//! policy's choice with `expected_version` and a deterministic `action_id`.
//! A 409 means someone else moved the game on: the turn is simply read again.
//! Several workers may run at once: the version check and the `action_id`
//! make sure no decision is taken twice.
//!
//! A searching bot (`strong`) posts each answer a fixed time after it was
//! asked ([`WorkerConfig::answer`] plus [`ANSWER_PER_BUDGET`] times its
//! budget), whether it had one legal action or searched among many: event
//! times are public to the millisecond, and an answer posted as soon as it is
//! chosen would tell whether the seat had a choice (a Missed! in its hand,
//! say). A search that overruns that time (an overloaded machine) posts at
//! the next multiple of it, and counts in [`Stats::late`].
//!
//! A worker whose key the server refuses (401 or 403 from `/v1/bot/turns`)
//! stops with [`WorkerError::Refused`]: playing on could never succeed. A
//! server that cannot be reached is retried every half second, forever once
//! running ([`check`] is the bounded first contact a standalone worker makes).
//!
//! This file lists the turns and hands each to a task; `decision.rs` plays one
//! decision, `timing.rs` computes when its answer is posted, `error.rs` says
//! why a worker cannot play.

mod decision;
mod error;
mod timing;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::{Notify, Semaphore, watch};

use crate::players::{BotRuleset, SeatPlayer, bots_for};

pub use error::WorkerError;
use error::chain;
pub use timing::{ANSWER_PER_BUDGET, DEFAULT_ANSWER_MS, answer_at, answer_time, asked_at};

/// How a worker reaches the server.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    /// The server's base URL, e.g. `http://127.0.0.1:8080`.
    pub server: String,
    /// The server's worker key.
    pub worker_key: String,
    /// A pause before each action, so that people can follow.
    pub delay: Duration,
    /// The most searching decisions (`strong` seats) the worker makes at
    /// once, each on a core for up to its budget; more wait for a free one,
    /// so bots never take more than this many cores from the server.
    pub thinkers: usize,
    /// A searching bot's answer time, besides [`ANSWER_PER_BUDGET`] times
    /// its budget: it posts each answer no sooner than that after it was
    /// asked, whatever it holds, so that when it answers tells nothing of
    /// what it holds (a move that is not a reaction waits the longer of
    /// this and [`WorkerConfig::delay`]). Bots that do not search answer at
    /// once.
    pub answer: Duration,
}

/// The default [`WorkerConfig::thinkers`]: the machine's cores.
pub fn default_thinkers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// First contact: asks the server for bot turns (without waiting) with the
/// worker key, trying `attempts` times `pause` apart while it cannot be
/// reached. `Ok` when the server accepts the key.
pub async fn check(
    config: &WorkerConfig,
    attempts: u32,
    pause: Duration,
) -> Result<(), WorkerError> {
    let http = client();
    let server = config.server.clone();
    let mut last = String::new();
    for attempt in 0..attempts.max(1) {
        if attempt > 0 {
            tokio::time::sleep(pause).await;
        }
        let sent = http
            .get(format!("{server}/v1/bot/turns?wait=0"))
            .bearer_auth(&config.worker_key)
            .send()
            .await;
        match sent {
            Ok(resp) => {
                let status = resp.status();
                return match status {
                    StatusCode::OK => Ok(()),
                    StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => Err(WorkerError::Refused {
                        server,
                        status: status.as_u16(),
                    }),
                    _ => Err(WorkerError::Unexpected {
                        server,
                        status: status.as_u16(),
                    }),
                };
            }
            Err(e) => last = chain(&e),
        }
    }
    Err(WorkerError::Unreachable {
        server,
        error: last,
    })
}

/// The worker's HTTP client: a bounded connect, no overall timeout (turns are
/// long-polled).
fn client() -> reqwest::Client {
    crate::http_client()
        .connect_timeout(Duration::from_secs(5))
        .build()
        .unwrap_or_default()
}

/// What a worker has done, for tests and logs.
#[derive(Debug, Default)]
pub struct Stats {
    /// Actions the server applied.
    pub applied: AtomicU64,
    /// Posts refused as stale (another worker, or a human, moved first).
    pub stale: AtomicU64,
    /// Posts another worker had already made (same `action_id`): nothing applied.
    pub duplicates: AtomicU64,
    /// Posts the server could not take just then (408: it arrived too
    /// slowly; 429; 503): nothing applied, and the turn is played again.
    pub busy: AtomicU64,
    /// Posts refused for any other reason (a bug: bots only post legal actions).
    pub refused: AtomicU64,
    /// Requests that failed (server unreachable, bad answer).
    pub failures: AtomicU64,
    /// Searching decisions that waited for a free thinker
    /// ([`WorkerConfig::thinkers`]).
    pub waited_to_think: AtomicU64,
    /// The most searching decisions made at once so far.
    pub thinking_peak: AtomicU64,
    /// Searching decisions chosen after their answer time (see
    /// [`answer_at`]): posted at a later multiple of it, so their timing
    /// may tell that they searched. Nonzero only when the machine is
    /// overloaded (raise the thinkers or the answer time).
    pub late: AtomicU64,
    /// The longest a searching decision took from being asked to being
    /// chosen, in milliseconds (compare with its answer time).
    pub slowest_ms: AtomicU64,
}

/// One bot seat the worker plays: its policy and how much of the log it has seen.
struct SeatBot {
    /// The bots of the game's ruleset.
    bots: &'static BotRuleset,
    player: Box<dyn SeatPlayer>,
    seen: u64,
    /// When the last event it saw was appended (its public `at`).
    seen_at: Option<SystemTime>,
}

/// A bot seat asked to act, as `GET /v1/bot/turns` lists it.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, Hash)]
struct Turn {
    game: String,
    seat: u8,
    version: u64,
}

/// A bot worker.
pub struct Worker {
    config: WorkerConfig,
    http: reqwest::Client,
    seats: Mutex<HashMap<(String, u8), SeatBot>>,
    busy: Mutex<HashSet<(String, u8)>>,
    done: Notify,
    /// One permit per searching decision in progress.
    thinking: Semaphore,
    /// What it has done so far.
    pub stats: Stats,
}

/// Locks `m`, even when a task panicked while holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A seed for a seat's policy, from its game and seat (stable across restarts).
pub fn seat_seed(game: &str, seat: u8) -> u64 {
    let game = u64::from_str_radix(game, 16).unwrap_or(0);
    game ^ (u64::from(seat) << 56) ^ 0x9e37_79b9_7f4a_7c15
}

/// The seed of a seat's decision at `version`: every worker that saw the
/// same events draws the same, so racing workers post the same body under
/// the same `action_id` (and the loser's post is a duplicate, not a refusal).
pub fn decision_seed(game: &str, seat: u8, version: u64) -> u64 {
    seat_seed(game, seat) ^ version.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

impl Worker {
    /// A worker for `config`.
    pub fn new(config: WorkerConfig) -> Arc<Worker> {
        Arc::new(Worker {
            thinking: Semaphore::new(config.thinkers.max(1)),
            config,
            http: client(),
            seats: Mutex::new(HashMap::new()),
            busy: Mutex::new(HashSet::new()),
            done: Notify::new(),
            stats: Stats::default(),
        })
    }

    /// `GET path` on the server with the worker key: the status and the
    /// JSON body (`null` when there is none).
    async fn get(&self, path: &str) -> Result<(StatusCode, Value), reqwest::Error> {
        let resp = self
            .http
            .get(format!("{}{path}", self.config.server))
            .bearer_auth(&self.config.worker_key)
            .send()
            .await?;
        let status = resp.status();
        Ok((status, resp.json().await.unwrap_or(Value::Null)))
    }

    /// Plays until `stop` turns true, or until the server refuses the key.
    pub async fn run(self: Arc<Self>, mut stop: watch::Receiver<bool>) -> Result<(), WorkerError> {
        let mut outage = false;
        while !*stop.borrow() {
            let turns = tokio::select! {
                turns = self.get("/v1/bot/turns?wait=20") => turns,
                _ = stop.changed() => break,
            };
            let turns: Vec<Turn> = match turns {
                Ok((StatusCode::OK, body)) => {
                    if std::mem::take(&mut outage) {
                        eprintln!("bot worker: {} answers again", self.config.server);
                    }
                    serde_json::from_value(body).unwrap_or_default()
                }
                Ok((status @ (StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN), _)) => {
                    return Err(WorkerError::Refused {
                        server: self.config.server.clone(),
                        status: status.as_u16(),
                    });
                }
                failed => {
                    self.stats.failures.fetch_add(1, Ordering::Relaxed);
                    if !std::mem::replace(&mut outage, true) {
                        let why = match failed {
                            Ok((status, _)) => format!("HTTP {status}"),
                            Err(e) => chain(&e),
                        };
                        eprintln!(
                            "bot worker: {}: {why}; retrying every 0.5 s",
                            self.config.server
                        );
                    }
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_millis(500)) => {}
                        _ = stop.changed() => break,
                    }
                    continue;
                }
            };
            let mut started = 0;
            let listed = (Instant::now(), SystemTime::now());
            for turn in turns {
                let key = (turn.game.clone(), turn.seat);
                if !lock(&self.busy).insert(key.clone()) {
                    continue;
                }
                started += 1;
                let worker = self.clone();
                tokio::spawn(async move {
                    if worker.play(&turn, listed).await.is_err() {
                        worker.stats.failures.fetch_add(1, Ordering::Relaxed);
                    }
                    lock(&worker.busy).remove(&key);
                    worker.done.notify_waiters();
                });
            }
            if started == 0 {
                // Every listed seat is already being played: wait for one to finish.
                tokio::select! {
                    _ = self.done.notified() => {}
                    _ = tokio::time::sleep(Duration::from_millis(50)) => {}
                    _ = stop.changed() => break,
                }
            }
        }
        Ok(())
    }

    /// Plays one decision of one bot seat, listed at `listed` (this
    /// worker's instant and wall time).
    async fn play(&self, turn: &Turn, listed: (Instant, SystemTime)) -> Result<(), reqwest::Error> {
        let (game, seat) = (turn.game.as_str(), turn.seat);
        let key = (game.to_string(), seat);
        let existing = lock(&self.seats).remove(&key);
        let mut bot = match existing {
            Some(bot) => bot,
            None => {
                let (_, summary) = self.get(&format!("/v1/games/{game}?seat={seat}")).await?;
                let ruleset = summary["game"]["ruleset"].as_str().unwrap_or_default();
                let Some(bots) = bots_for(ruleset) else {
                    return Ok(());
                };
                let spec = &summary["game"]["seats"][seat as usize];
                let name = spec["bot"]
                    .as_str()
                    .unwrap_or(bots.default_policy)
                    .to_string();
                let budget_ms = spec["budget_ms"]
                    .as_u64()
                    .map(|ms| ms.min(u64::from(u32::MAX)) as u32);
                let seed = seat_seed(game, seat);
                let player = (bots.player)(&name, seed, budget_ms)
                    .or_else(|| (bots.player)(bots.default_policy, seed, None));
                let Some(player) = player else { return Ok(()) };
                SeatBot {
                    bots,
                    player,
                    seen: 0,
                    seen_at: None,
                }
            }
        };
        // The pause lets people follow a bot's turn. Answers to reaction
        // windows come without it, so a window does not hold the table up;
        // whether a decision is a reaction is public.
        let pause = if !self.config.delay.is_zero() && !self.in_window(game, seat, bot.bots).await?
        {
            self.config.delay
        } else {
            Duration::ZERO
        };
        let result = self.decide_and_post(turn, &mut bot, (listed, pause)).await;
        let over = matches!(result, Ok(true));
        if !over {
            lock(&self.seats).insert(key, bot);
        }
        result.map(|_| ())
    }
}

/// A worker running in the background.
pub struct Running {
    /// The worker (for its stats).
    pub worker: Arc<Worker>,
    stop: watch::Sender<bool>,
    task: Option<tokio::task::JoinHandle<Result<(), WorkerError>>>,
}

impl Running {
    /// Stops the worker and waits for it.
    pub async fn stop(mut self) {
        let _ = self.stop.send(true);
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }

    /// Waits until the worker ends by itself, which it only does when the
    /// server refuses its key; never resolves after that (cancel-safe).
    pub async fn failed(&mut self) -> WorkerError {
        let Some(task) = self.task.as_mut() else {
            return std::future::pending().await;
        };
        let ended = task.await;
        self.task = None;
        match ended {
            Ok(Err(e)) => e,
            Ok(Ok(())) => std::future::pending().await,
            Err(e) => WorkerError::Crashed(e.to_string()),
        }
    }
}

/// Starts a worker on the current tokio runtime.
pub fn spawn(config: WorkerConfig) -> Running {
    let worker = Worker::new(config);
    let (stop, stopped) = watch::channel(false);
    let task = tokio::spawn(worker.clone().run(stopped));
    Running {
        worker,
        stop,
        task: Some(task),
    }
}
