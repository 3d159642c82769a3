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
//! A worker whose key the server refuses (401 or 403 from `/v1/bot/turns`)
//! stops with [`WorkerError::Refused`]: playing on could never succeed. A
//! server that cannot be reached is retried every half second, forever once
//! running ([`check`] is the bounded first contact a standalone worker makes).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{Notify, Semaphore, SemaphorePermit, watch};

use crate::players::{BotRuleset, SeatPlayer, bots_for};

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
}

/// The default [`WorkerConfig::thinkers`]: the machine's cores.
pub fn default_thinkers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why a worker cannot play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerError {
    /// The server refused the worker key (HTTP 401 or 403).
    Refused {
        /// The server's base URL.
        server: String,
        /// The status it answered.
        status: u16,
    },
    /// The server could not be reached (after the retries).
    Unreachable {
        /// The server's base URL.
        server: String,
        /// The last error.
        error: String,
    },
    /// Something answered, but not as a BANG! server would.
    Unexpected {
        /// The server's base URL.
        server: String,
        /// The status it answered.
        status: u16,
    },
    /// The worker's own task failed (a bug).
    Crashed(String),
}

impl std::fmt::Display for WorkerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorkerError::Refused { server, status } => write!(
                f,
                "{server} refused the worker key (HTTP {status}): give the server's \
                 BANG_WORKER_KEY (it logs a generated one at start)"
            ),
            WorkerError::Unreachable { server, error } => {
                write!(f, "cannot reach {server}: {error}")
            }
            WorkerError::Unexpected { server, status } => write!(
                f,
                "{server} answered GET /v1/bot/turns with HTTP {status}: is it a BANG! server?"
            ),
            WorkerError::Crashed(why) => write!(f, "the bot worker failed: {why}"),
        }
    }
}

impl std::error::Error for WorkerError {}

/// The full chain of an error, for a message.
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
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
    reqwest::Client::builder()
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
}

/// One bot seat the worker plays: its policy and how much of the log it has seen.
struct SeatBot {
    /// The bots of the game's ruleset.
    bots: &'static BotRuleset,
    player: Box<dyn SeatPlayer>,
    seen: u64,
}

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
            for turn in turns {
                let key = (turn.game.clone(), turn.seat);
                if !lock(&self.busy).insert(key.clone()) {
                    continue;
                }
                started += 1;
                let worker = self.clone();
                tokio::spawn(async move {
                    if worker.play(&turn).await.is_err() {
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

    /// Plays one decision of one bot seat.
    async fn play(&self, turn: &Turn) -> Result<(), reqwest::Error> {
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
                }
            }
        };
        if !self.config.delay.is_zero() && !self.in_window(game, seat, bot.bots).await? {
            // The pause lets people follow a bot's turn. Answers to reaction
            // windows come at once, whatever they are, so their timing says
            // nothing and a window does not hold the table up.
            tokio::time::sleep(self.config.delay).await;
        }
        let result = self.decide_and_post(turn, &mut bot).await;
        let over = matches!(result, Ok(true));
        if !over {
            lock(&self.seats).insert(key, bot);
        }
        result.map(|_| ())
    }

    /// A free thinker for one searching decision, waiting for one if need be.
    async fn thinker(&self) -> Option<SemaphorePermit<'_>> {
        let permit = match self.thinking.try_acquire() {
            Ok(permit) => permit,
            Err(_) => {
                self.stats.waited_to_think.fetch_add(1, Ordering::Relaxed);
                self.thinking.acquire().await.ok()?
            }
        };
        let thinking = self.config.thinkers.max(1) - self.thinking.available_permits();
        self.stats
            .thinking_peak
            .fetch_max(thinking as u64, Ordering::Relaxed);
        Some(permit)
    }

    /// Whether the seat is asked to answer a reaction window now.
    async fn in_window(
        &self,
        game: &str,
        seat: u8,
        bots: &BotRuleset,
    ) -> Result<bool, reqwest::Error> {
        let (_, state) = self.get(&format!("/v1/games/{game}?seat={seat}")).await?;
        Ok(state["pending"].as_array().is_some_and(|pending| {
            pending
                .iter()
                .any(|p| p["seat"] == seat && (bots.is_reaction)(p))
        }))
    }

    /// Catches the policy up, chooses and posts; `Ok(true)` once the game is over.
    async fn decide_and_post(
        &self,
        turn: &Turn,
        bot: &mut SeatBot,
    ) -> Result<bool, reqwest::Error> {
        let (game, seat) = (turn.game.as_str(), turn.seat);
        loop {
            let path = format!(
                "/v1/games/{game}/events?after={}&limit=1000&seat={seat}",
                bot.seen
            );
            let (status, page) = self.get(&path).await?;
            if status != StatusCode::OK {
                return Ok(false);
            }
            let events = page["events"].as_array().cloned().unwrap_or_default();
            for e in &events {
                bot.player.observe(&e["event"]);
                bot.seen = e["seq"].as_u64().unwrap_or(bot.seen);
            }
            if events.len() < 1000 {
                break;
            }
        }
        let (_, state) = self.get(&format!("/v1/games/{game}?seat={seat}")).await?;
        if state["game"]["status"] == "finished" {
            return Ok(true);
        }
        let (_, legal) = self
            .get(&format!("/v1/games/{game}/actions?seat={seat}"))
            .await?;
        let actions = legal["actions"].as_array().cloned().unwrap_or_default();
        let Some(version) = legal["version"].as_u64() else {
            return Ok(false);
        };
        if actions.is_empty() || version != bot.seen {
            return Ok(false);
        }
        bot.player.reseed(decision_seed(game, seat, version));
        let thinker = if bot.player.search_ms().is_some() {
            self.thinker().await
        } else {
            None
        };
        // A searching policy (`strong`) thinks for milliseconds: off the
        // runtime's other tasks, where the runtime allows it.
        let view = &state["view"];
        let mut choose = || bot.player.choose(view, &actions);
        let chosen = match tokio::runtime::Handle::current().runtime_flavor() {
            tokio::runtime::RuntimeFlavor::MultiThread => tokio::task::block_in_place(choose),
            _ => choose(),
        };
        drop(thinker);
        let Some(action) = chosen else {
            return Ok(false);
        };
        let body = json!({
            "action": action,
            "expected_version": version,
            "action_id": format!("bot-{seat}-{version}"),
        });
        let resp = self
            .http
            .post(format!(
                "{}/v1/games/{game}/actions?seat={seat}",
                self.config.server
            ))
            .bearer_auth(&self.config.worker_key)
            .json(&body)
            .send()
            .await?;
        let status = resp.status();
        let result: Value = resp.json().await.unwrap_or(Value::Null);
        match status {
            StatusCode::OK if result["duplicate"] == true => {
                self.stats.duplicates.fetch_add(1, Ordering::Relaxed);
                Ok(false)
            }
            StatusCode::OK => {
                self.stats.applied.fetch_add(1, Ordering::Relaxed);
                let over = result["events"]
                    .as_array()
                    .is_some_and(|es| es.iter().any(|e| (bot.bots.ends_game)(&e["event"])));
                Ok(over)
            }
            StatusCode::CONFLICT => {
                self.stats.stale.fetch_add(1, Ordering::Relaxed);
                Ok(false)
            }
            StatusCode::REQUEST_TIMEOUT
            | StatusCode::TOO_MANY_REQUESTS
            | StatusCode::SERVICE_UNAVAILABLE => {
                self.stats.busy.fetch_add(1, Ordering::Relaxed);
                Ok(false)
            }
            _ => {
                self.stats.refused.fetch_add(1, Ordering::Relaxed);
                eprintln!("bot worker: {game} seat {seat}: {status}: {result}");
                Ok(false)
            }
        }
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
