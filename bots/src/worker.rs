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

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use chrono::DateTime;
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
    /// A searching bot's answer time, besides [`ANSWER_PER_BUDGET`] times
    /// its budget: it posts each answer no sooner than that after it was
    /// asked, whatever it holds, so that when it answers tells nothing of
    /// what it holds (a move that is not a reaction waits the longer of
    /// this and [`WorkerConfig::delay`]). Bots that do not search answer at
    /// once.
    pub answer: Duration,
}

/// The default [`WorkerConfig::answer`], in milliseconds: room for the
/// worker's reads and the server's load around a search.
pub const DEFAULT_ANSWER_MS: u64 = 100;

/// How many times its budget a searching bot's answer time adds to
/// [`WorkerConfig::answer`]: a search takes about its budget on the
/// reference machine, and the longest measured 3.4 times it (the dice game
/// at 500 playouts, 68 ms for 20 ms); five times leaves room for a loaded
/// machine at any budget.
pub const ANSWER_PER_BUDGET: u32 = 5;

/// A searching decision's answer time: `answer` plus [`ANSWER_PER_BUDGET`]
/// times its budget of `budget_ms`. Public facts only: the seat's budget
/// is in the game's first event.
pub fn answer_time(answer: Duration, budget_ms: u32) -> Duration {
    answer.saturating_add(Duration::from_millis(
        u64::from(budget_ms) * u64::from(ANSWER_PER_BUDGET),
    ))
}

/// When a decision was asked, on this worker's clock: when the server
/// appended the event the game waits at (its public time `event_at`), as
/// seen from `listed` (the instant and wall time the worker listed the
/// turn), so that how soon the worker noticed the turn does not show in when
/// it answers; but no more than `limit` before `listed` (a clock ahead of the
/// server's), and never after it (a clock behind, or no event time).
pub fn asked_at(
    listed: (Instant, SystemTime),
    event_at: Option<SystemTime>,
    limit: Duration,
) -> Instant {
    let (instant, wall) = listed;
    let lag = event_at
        .and_then(|at| wall.duration_since(at).ok())
        .unwrap_or_default()
        .min(limit);
    instant.checked_sub(lag).unwrap_or(instant)
}

/// When a searching decision asked at `asked` and chosen at `ready` is
/// posted: `asked + answer`, or when the choice came later (an overloaded
/// machine), the first later multiple of `answer` after `asked`. The time
/// then tells only how many answer times the search overran, not by how
/// much.
pub fn answer_at(asked: Instant, ready: Instant, answer: Duration) -> Instant {
    let took = ready.saturating_duration_since(asked);
    let periods = match answer.as_nanos() {
        0 => 0,
        period => took.as_nanos().div_ceil(period).max(1),
    };
    let due = u32::try_from(periods)
        .ok()
        .and_then(|n| answer.checked_mul(n))
        .and_then(|wait| asked.checked_add(wait));
    due.unwrap_or(ready).max(ready)
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

    /// Waits until a decision chosen now may be posted: its pause after it
    /// was asked (`(asked, pause)`), and a searching decision's `answer`
    /// time too (see [`answer_at`]), counted late when chosen after it.
    /// A pause as long as the answer time or longer thus hides the search
    /// as well.
    async fn wait_to_post(&self, (asked, pause): (Instant, Duration), answer: Option<Duration>) {
        let ready = Instant::now();
        let Some(mut at) = asked.checked_add(pause) else {
            return tokio::time::sleep(pause).await;
        };
        if let Some(answer) = answer {
            let took = ready.saturating_duration_since(asked);
            let took_ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
            self.stats.slowest_ms.fetch_max(took_ms, Ordering::Relaxed);
            if !answer.is_zero() && took > answer {
                let late = self.stats.late.fetch_add(1, Ordering::Relaxed) + 1;
                if late.is_power_of_two() {
                    eprintln!(
                        "bot worker: {late} searching decisions chosen after their answer \
                         time (this one after {took_ms} ms of {} ms): the machine is \
                         overloaded, and their timing may tell that they searched; give \
                         the bots more thinkers or a longer answer time",
                        answer.as_millis()
                    );
                }
            }
            at = at.max(answer_at(asked, ready, answer));
        }
        tokio::time::sleep_until(at.into()).await;
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

    /// Catches the policy up, chooses and posts, no sooner than the pause
    /// after it was asked (`(listed, pause)`: when the worker listed the
    /// turn, and that pause; see [`asked_at`]) nor, for a searching policy,
    /// than its answer time; `Ok(true)` once the game is over.
    async fn decide_and_post(
        &self,
        turn: &Turn,
        bot: &mut SeatBot,
        (listed, pause): ((Instant, SystemTime), Duration),
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
                bot.seen_at = e["at"]
                    .as_str()
                    .and_then(|at| DateTime::parse_from_rfc3339(at).ok())
                    .map(SystemTime::from);
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
        // Every decision of a searching policy takes a thinker, one legal
        // action or many, so that its place in the queue does not depend on
        // what it holds either.
        let search_ms = bot.player.search_ms();
        let answer = search_ms.map(|ms| answer_time(self.config.answer, ms));
        let asked = asked_at(
            listed,
            bot.seen_at,
            pause.max(answer.unwrap_or_default()) / 2,
        );
        let thinker = match search_ms {
            Some(_) => self.thinker().await,
            None => None,
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
        self.wait_to_post((asked, pause), answer).await;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn an_answer_chosen_in_time_is_posted_at_its_answer_time() {
        let asked = Instant::now();
        for took in [0, 1, 20, 179, 180] {
            assert_eq!(
                answer_at(asked, asked + ms(took), ms(180)),
                asked + ms(180),
                "{took}"
            );
        }
    }

    #[test]
    fn a_late_answer_is_posted_at_the_next_multiple_of_its_answer_time() {
        let asked = Instant::now();
        for (took, posted) in [(181, 360), (360, 360), (361, 540), (1000, 1080)] {
            assert_eq!(
                answer_at(asked, asked + ms(took), ms(180)),
                asked + ms(posted),
                "{took}"
            );
        }
        // No answer time: posted when chosen.
        assert_eq!(
            answer_at(asked, asked + ms(7), Duration::ZERO),
            asked + ms(7)
        );
        assert_eq!(answer_at(asked, asked, Duration::MAX), asked);
    }

    #[test]
    fn a_decision_is_asked_when_its_event_was_appended_within_a_limit() {
        let now = Instant::now();
        let wall = SystemTime::now();
        let listed = (now, wall);
        assert_eq!(asked_at(listed, Some(wall - ms(30)), ms(90)), now - ms(30));
        // A clock ahead of the server's (or a worker that noticed late).
        assert_eq!(
            asked_at(listed, Some(wall - ms(5000)), ms(90)),
            now - ms(90)
        );
        // A clock behind it, or no event time.
        assert_eq!(asked_at(listed, Some(wall + ms(5000)), ms(90)), now);
        assert_eq!(asked_at(listed, None, ms(90)), now);
        // Bots that neither pause nor search answer when they have chosen.
        assert_eq!(asked_at(listed, Some(wall - ms(30)), Duration::ZERO), now);
    }

    #[test]
    fn the_answer_time_grows_with_the_budget() {
        assert_eq!(answer_time(ms(DEFAULT_ANSWER_MS), 20), ms(200));
        assert_eq!(answer_time(ms(DEFAULT_ANSWER_MS), 8), ms(140));
        assert_eq!(answer_time(Duration::ZERO, 1000), ms(5000));
        assert_eq!(answer_time(Duration::MAX, 1000), Duration::MAX);
    }
}
