//! The server's shared state and every operation the routes call: games in a
//! bounded cache of folded states, the store behind them, long-poll signals, and
//! the list of bot seats that must act.

use std::collections::{BTreeMap, HashMap};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::HttpRequest;
use chrono::{DateTime, Utc};
use engine::{Seed, Viewer};
use lru::LruCache;
use serde_json::Value;
use store::{
    Append, Envelope, EventStore, GameId, GameRecord, GameStatus, ListQuery, NewGame, SledStore,
};
use tokio::sync::{Mutex as AsyncMutex, Notify, OwnedMutexGuard, watch};
use tokio::time::Instant;

use crate::auth;
use crate::data::{GameData, SeatData};
use crate::error::ApiError;
use crate::models::*;
use crate::quota::SeatQuota;
use crate::rules::{self, Live, SeatSetup};

/// What the hub is configured with (see [`crate::config::Config`]).
#[derive(Clone, Debug)]
pub struct Settings {
    /// How many folded games the cache keeps.
    pub cache_games: usize,
    /// The most events one game's log may hold.
    pub max_events_per_game: u64,
    /// How many `set_orders` one seat may post per minute.
    pub orders_per_minute: u32,
    /// The secret mixed into chosen seeds.
    pub seed_secret: String,
}

impl Settings {
    /// The hub's part of the server's configuration; `stored_secret` is the
    /// store's seed secret, used when the configuration names none.
    pub fn of(config: &crate::config::Config, stored_secret: String) -> Settings {
        Settings {
            cache_games: config.cache_games,
            max_events_per_game: config.max_events_per_game,
            orders_per_minute: config.orders_per_minute,
            seed_secret: config.seed_secret.clone().unwrap_or(stored_secret),
        }
    }
}
/// Events read from the store per call when folding a log.
const READ_CHUNK: usize = 1_000;
/// The longest a long-poll may wait.
pub const MAX_WAIT_S: u64 = 60;

/// One game in memory: its record, its data and its folded state, kept in step.
pub struct Entry {
    /// The store's record.
    pub record: GameRecord,
    /// The server's data for it.
    pub data: GameData,
    /// The folded state.
    pub live: Live,
    /// Its chain v2 key, derived once (`None` for a chain v1 game).
    chain_key: Option<[u8; 32]>,
    /// Copies of the state, at least [`SNAPSHOT_EVERY`] events apart (by the
    /// version they were taken at), so that a rewind folds few events.
    snapshots: Vec<(u64, Live)>,
}

impl Entry {
    fn new(
        record: GameRecord,
        data: GameData,
        live: Live,
        snapshots: Vec<(u64, Live)>,
    ) -> Result<Entry, ApiError> {
        Ok(Entry {
            chain_key: data.chain_key()?,
            record,
            data,
            live,
            snapshots,
        })
    }

    /// Keeps a copy of the state if the last one is [`SNAPSHOT_EVERY`] events old.
    fn keep_snapshot(&mut self) {
        let version = self.live.version();
        let last = self.snapshots.last().map_or(0, |(v, _)| *v);
        if version >= last + SNAPSHOT_EVERY {
            self.snapshots.push((version, self.live.clone()));
        }
    }

    /// The latest state kept at or before version `at`.
    fn state_before(&self, at: u64) -> Option<(u64, Live)> {
        if at >= self.live.version() {
            return Some((self.live.version(), self.live.clone()));
        }
        // Kept in version order: a binary search, whatever the log's length.
        let after = self.snapshots.partition_point(|(v, _)| *v <= at);
        after.checked_sub(1).map(|i| self.snapshots[i].clone())
    }
}

/// How far apart (in events) a cached game keeps copies of its state: a
/// rewind (`?at=N`) reads and folds at most this many events.
pub const SNAPSHOT_EVERY: u64 = 32;

/// Runs `work` on tokio's blocking threads, so that store scans and long folds
/// never hold up the threads that serve requests.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("a background task failed: {e}")))?
}

fn record_of(store: &SledStore, id: GameId) -> Result<GameRecord, ApiError> {
    store
        .game(id)?
        .ok_or_else(|| ApiError::not_found(format!("no game {id}")))
}

/// Folds events after `live`'s version up to `upto` into `live`, reading them
/// in chunks; with `snapshots`, keeps a copy every [`SNAPSHOT_EVERY`] events.
fn fold_into(
    store: &SledStore,
    id: GameId,
    live: &mut Live,
    upto: u64,
    mut snapshots: Option<&mut Vec<(u64, Live)>>,
) -> Result<(), ApiError> {
    while live.version() < upto {
        let chunk = READ_CHUNK.min((upto - live.version()) as usize);
        let got = store.events(id, live.version(), chunk)?;
        if got.is_empty() {
            break;
        }
        for e in &got {
            live.apply(&e.event)?;
            if let Some(snapshots) = snapshots.as_deref_mut()
                && live.version().is_multiple_of(SNAPSHOT_EVERY)
            {
                snapshots.push((live.version(), live.clone()));
            }
        }
    }
    Ok(())
}

/// A game read from the store and folded.
fn load(store: &SledStore, id: GameId) -> Result<Entry, ApiError> {
    let record = record_of(store, id)?;
    let data = GameData::of(&record)?;
    let mut live = Live::new(&record.ruleset)?;
    let mut snapshots = Vec::new();
    fold_into(store, id, &mut live, record.version, Some(&mut snapshots))?;
    Entry::new(record, data, live, snapshots)
}

/// All events of a game up to `upto`.
fn read_all(store: &SledStore, id: GameId, upto: u64) -> Result<Vec<Envelope>, ApiError> {
    let mut all = Vec::new();
    while (all.len() as u64) < upto {
        let after = all.len() as u64;
        let chunk = READ_CHUNK.min((upto - after) as usize);
        let got = store.events(id, after, chunk)?;
        let n = got.len();
        all.extend(got);
        if n < chunk {
            break;
        }
    }
    Ok(all)
}

/// Special roles: when an open window of a game with a live reaction window closes.
#[derive(Clone, Copy, Debug)]
struct Deadline {
    /// The window, by the version it opened at.
    opened: u64,
    /// When it closes.
    at: Instant,
    /// The same moment, for clients.
    utc: DateTime<Utc>,
}

/// Who is calling, resolved against a game's seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    /// The seat the caller plays (or, for the worker, the bot seat it acts for).
    pub seat: Option<u8>,
    /// Whether the caller is a bot worker (the worker key).
    pub worker: bool,
}

impl Caller {
    const SPECTATOR: Caller = Caller {
        seat: None,
        worker: false,
    };

    /// The scope of the caller's action ids: each seat's ids are its own, and
    /// the workers' ids are theirs (a person cannot take a bot's next id).
    fn action_scope(&self) -> String {
        match (self.worker, self.seat) {
            (true, _) => "worker".to_owned(),
            (false, Some(seat)) => format!("seat:{seat}"),
            (false, None) => "spectator".to_owned(),
        }
    }
}

/// The digest kept with an action id: SHA-256 of the canonical JSON of what
/// was posted with it (the action and the expected version).
fn action_digest(body: &PostAction) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let posted = serde_json::json!({
        "action": body.action,
        "expected_version": body.expected_version,
    });
    Sha256::digest(store::canonical_json(&posted)).into()
}

/// Each event's public form, where it differs from the event (chain v2 hashes
/// it instead of the event).
fn public_forms(live: &Live, events: &[Value]) -> Vec<Option<Value>> {
    events.iter().map(|e| live.public_form(e)).collect()
}

/// Whether `name` is fit to show other players: 1 to 64 characters, not
/// blank, with no control characters and no bidirectional overrides or
/// isolates (which make a name display as something it is not).
fn valid_name(name: &str) -> bool {
    let bidi = |c: char| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}');
    !name.trim().is_empty()
        && name.chars().count() <= 64
        && !name.chars().any(|c| c.is_control() || bidi(c))
}

/// The server's shared state.
pub struct Hub {
    store: SledStore,
    cache: Mutex<LruCache<GameId, Arc<AsyncMutex<Entry>>>>,
    versions: Mutex<HashMap<GameId, watch::Sender<u64>>>,
    bot_turns: Mutex<BTreeMap<(GameId, u8), u64>>,
    bot_signal: watch::Sender<u64>,
    /// Special roles: when each open window of a game with a live reaction window closes.
    deadlines: Mutex<BTreeMap<GameId, Deadline>>,
    deadline_signal: Notify,
    /// The version of every game this process appended to, as acknowledged by
    /// the store: a cached entry behind it is caught up from the store.
    committed: Mutex<HashMap<GameId, u64>>,
    worker_key: String,
    /// How many standing orders each seat has posted lately.
    orders_quota: SeatQuota,
    settings: Settings,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn seed_of(hex: &str) -> Result<Seed, ApiError> {
    hex.parse()
        .map_err(|_| ApiError::internal("a game's seed is unreadable"))
}

impl Hub {
    /// A hub over `store`; bot workers authenticate with `worker_key`.
    pub fn new(store: SledStore, worker_key: String, settings: Settings) -> Hub {
        Hub {
            store,
            cache: Mutex::new(LruCache::new(
                NonZeroUsize::new(settings.cache_games).unwrap_or(NonZeroUsize::MIN),
            )),
            versions: Mutex::new(HashMap::new()),
            bot_turns: Mutex::new(BTreeMap::new()),
            bot_signal: watch::Sender::new(0),
            deadlines: Mutex::new(BTreeMap::new()),
            deadline_signal: Notify::new(),
            committed: Mutex::new(HashMap::new()),
            worker_key,
            orders_quota: SeatQuota::new(settings.orders_per_minute),
            settings,
        }
    }

    /// After a start: folds every active game so that bot seats waiting to act
    /// are known again.
    pub async fn recover(&self) -> Result<usize, ApiError> {
        let mut cursor = None;
        let mut count = 0;
        loop {
            let page = self.store.list(&ListQuery {
                status: Some(GameStatus::Active),
                ruleset: None,
                limit: 200,
                cursor,
            })?;
            for record in &page.games {
                let entry = self.entry(record.id).await?;
                let guard = entry.lock().await;
                self.refresh_waiting(&guard);
                count += 1;
            }
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => return Ok(count),
            }
        }
    }

    // ----- loading and caching -------------------------------------------

    fn record(&self, id: GameId) -> Result<GameRecord, ApiError> {
        record_of(&self.store, id)
    }

    /// The cached game, loaded (off the async threads) if it is not cached.
    async fn entry(&self, id: GameId) -> Result<Arc<AsyncMutex<Entry>>, ApiError> {
        if let Some(entry) = lock(&self.cache).get(&id) {
            return Ok(entry.clone());
        }
        let store = self.store.clone();
        let loaded = blocking(move || load(&store, id)).await?;
        let mut cache = lock(&self.cache);
        let entry = cache
            .get_or_insert(id, || Arc::new(AsyncMutex::new(loaded)))
            .clone();
        crate::metrics::GAMES_CACHED.set(cache.len());
        Ok(entry)
    }

    /// The game, locked, caught up with the store. This process is the store's
    /// only writer, so an entry can only fall behind if it was evicted and
    /// reloaded while a request still held the old one; `committed` tells.
    async fn current(&self, id: GameId) -> Result<OwnedMutexGuard<Entry>, ApiError> {
        let mut entry = self.entry(id).await?.lock_owned().await;
        let committed = lock(&self.committed).get(&id).copied();
        if committed.is_some_and(|v| v > entry.live.version()) {
            let record = self.record(id)?;
            for e in self.store.events(id, entry.live.version(), usize::MAX)? {
                entry.live.apply(&e.event)?;
                entry.keep_snapshot();
            }
            entry.data = GameData::of(&record)?;
            entry.record = record;
        }
        Ok(entry)
    }

    // ----- callers ----------------------------------------------------------

    /// Resolves the caller of a request against a game's seats. `as_seat` is the
    /// bot seat the worker acts for.
    pub fn caller(
        &self,
        req: &HttpRequest,
        data: &GameData,
        as_seat: Option<u8>,
    ) -> Result<Caller, ApiError> {
        let Some(token) = auth::bearer(req)? else {
            if as_seat.is_some() {
                return Err(ApiError::unauthorized(
                    "`seat` is for bot workers: send the worker key",
                ));
            }
            return Ok(Caller::SPECTATOR);
        };
        if auth::same_secret(&token, &self.worker_key) {
            return match as_seat {
                Some(seat) if data.is_bot(seat) => Ok(Caller {
                    seat: Some(seat),
                    worker: true,
                }),
                Some(seat) => Err(ApiError::forbidden(
                    "not_a_bot_seat",
                    format!("seat {seat} is not a bot seat"),
                )),
                None => Ok(Caller {
                    seat: None,
                    worker: true,
                }),
            };
        }
        let hash = auth::token_hash(&token);
        let seat = data.seats.iter().position(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|h| auth::same_secret(h, &hash))
        });
        match (seat, as_seat) {
            (None, _) => Err(ApiError::unauthorized(
                "this token opens no seat of this game",
            )),
            (Some(mine), Some(asked)) if mine as u8 != asked => Err(ApiError::forbidden(
                "not_your_seat",
                format!("your token is for seat {mine}, not {asked}"),
            )),
            (Some(mine), _) => Ok(Caller {
                seat: Some(mine as u8),
                worker: false,
            }),
        }
    }

    /// Whether `req` carries the worker key.
    pub fn is_worker(&self, req: &HttpRequest) -> Result<bool, ApiError> {
        Ok(auth::bearer(req)?.is_some_and(|t| auth::same_secret(&t, &self.worker_key)))
    }

    fn viewer(over: bool, caller: Caller) -> Viewer {
        match (over, caller.seat) {
            (true, _) => Viewer::Omniscient,
            (false, Some(seat)) => Viewer::Seat(seat),
            (false, None) => Viewer::Spectator,
        }
    }

    fn events_out(live: &Live, envelopes: &[Envelope], viewer: Viewer) -> Vec<EventOut> {
        envelopes
            .iter()
            .map(|e| EventOut {
                seq: e.seq,
                at: e.at,
                actor: e.actor.clone(),
                event: live.redact(&e.event, viewer),
                commitment: e.commitment.clone(),
                hash: e.commitment.is_some().then(|| e.hash.clone()),
            })
            .collect()
    }

    /// [`Hub::events_out`], taking the envelopes (their events are moved, not
    /// copied, when the viewer may see them as they are).
    fn events_into(live: &Live, envelopes: Vec<Envelope>, viewer: Viewer) -> Vec<EventOut> {
        envelopes
            .into_iter()
            .map(|e| EventOut {
                seq: e.seq,
                at: e.at,
                actor: e.actor,
                event: live.redact_owned(e.event, viewer),
                hash: e.commitment.is_some().then_some(e.hash),
                commitment: e.commitment,
            })
            .collect()
    }

    // ----- signals ----------------------------------------------------------

    fn subscribe(&self, id: GameId) -> watch::Receiver<u64> {
        lock(&self.versions)
            .entry(id)
            .or_insert_with(|| watch::Sender::new(0))
            .subscribe()
    }

    fn publish(&self, id: GameId, version: u64) {
        let mut versions = lock(&self.versions);
        if let Some(tx) = versions.get(&id) {
            if tx.receiver_count() == 0 {
                versions.remove(&id);
            } else {
                tx.send_replace(version);
            }
        }
    }

    /// Records who the game waits for now: its bot seats, and the deadline of
    /// an open window with a live reaction time.
    fn refresh_waiting(&self, entry: &Entry) {
        self.refresh_deadline(entry);
        let id = entry.record.id;
        let version = entry.live.version();
        let mut turns = lock(&self.bot_turns);
        let before = turns.len();
        let stale: Vec<(GameId, u8)> = turns
            .range((id, u8::MIN)..=(id, u8::MAX))
            .map(|(&key, _)| key)
            .collect();
        for key in stale {
            turns.remove(&key);
        }
        let mut added = false;
        if !entry.live.is_over() {
            for seat in entry.live.waiting() {
                if entry.data.is_bot(seat) {
                    turns.insert((id, seat), version);
                    added = true;
                }
            }
        }
        if added || turns.len() != before {
            self.bot_signal.send_modify(|n| *n += 1);
        }
    }

    fn refresh_deadline(&self, entry: &Entry) {
        let id = entry.record.id;
        let mut deadlines = lock(&self.deadlines);
        match entry.live.reaction_window() {
            Some((opened, seconds)) => {
                if deadlines.get(&id).map(|d| d.opened) != Some(opened) {
                    let wait = Duration::from_secs(seconds.into());
                    deadlines.insert(
                        id,
                        Deadline {
                            opened,
                            at: Instant::now() + wait,
                            utc: Utc::now() + wait,
                        },
                    );
                    self.deadline_signal.notify_one();
                }
            }
            None => {
                deadlines.remove(&id);
            }
        }
    }

    /// Special roles: closes windows whose live reaction time is up, for as long as the
    /// server runs. A window still open after a restart gets its full time again.
    pub async fn run_deadlines(self: Arc<Self>) {
        loop {
            let next = lock(&self.deadlines).values().map(|d| d.at).min();
            let sleep = async {
                match next {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = sleep => {}
                _ = self.deadline_signal.notified() => continue,
            }
            let now = Instant::now();
            let due: Vec<(GameId, u64)> = lock(&self.deadlines)
                .iter()
                .filter(|(_, d)| d.at <= now)
                .map(|(&id, d)| (id, d.opened))
                .collect();
            for (id, opened) in due {
                if let Err(e) = self.expire(id, opened).await {
                    eprintln!("bang: game {id}: closing a reaction window failed: {e}");
                    let mut deadlines = lock(&self.deadlines);
                    if deadlines.get(&id).is_some_and(|d| d.opened == opened) {
                        deadlines.remove(&id);
                    }
                }
            }
        }
    }

    /// Closes window `opened` of game `id` if it is still open.
    async fn expire(&self, id: GameId, opened: u64) -> Result<(), ApiError> {
        let mut entry = self.current(id).await?;
        if entry.live.reaction_window().map(|w| w.0) != Some(opened) {
            self.refresh_waiting(&entry);
            return Ok(());
        }
        let seed = seed_of(&entry.data.seed)?;
        let (events, next) = entry.live.expire(seed)?;
        let version = entry.live.version();
        self.commit(&mut entry, version, "server".into(), None, events, next)
            .await?;
        Ok(())
    }

    /// The deadline of the window the game waits on, if it has one.
    fn deadline_of(&self, id: GameId, live: &Live) -> Option<DateTime<Utc>> {
        let opened = live.reaction_window()?.0;
        lock(&self.deadlines)
            .get(&id)
            .filter(|d| d.opened == opened)
            .map(|d| d.utc)
    }

    // ----- operations -------------------------------------------------------

    /// Creates a game.
    pub async fn create(&self, body: CreateGame) -> Result<CreatedGame, ApiError> {
        rules::check_ruleset(&body.ruleset)?;
        if body.seats.len() > body.players as usize {
            return Err(ApiError::unprocessable(
                "invalid_option",
                format!(
                    "seats: {} seats were given for {} players",
                    body.seats.len(),
                    body.players
                ),
            ));
        }
        if !(3..=8).contains(&body.players) {
            return Err(ApiError::unprocessable(
                "invalid_option",
                format!("players: 3 to 8, not {}", body.players),
            ));
        }
        let mut seats = Vec::new();
        let mut tokens = Vec::new();
        for i in 0..body.players {
            let req = body.seats.get(i as usize).cloned().unwrap_or_default();
            if let Some(name) = &req.name
                && !valid_name(name)
            {
                return Err(ApiError::unprocessable(
                    "invalid_option",
                    format!(
                        "seats[{i}].name: 1 to 64 characters, not blank, without control \
                         characters or bidirectional overrides"
                    ),
                ));
            }
            let human = req.name.is_some() && req.bot.is_none();
            if human {
                let token = auth::new_token();
                seats.push(SeatData {
                    name: req.name.unwrap_or_default(),
                    bot: None,
                    token_hash: Some(auth::token_hash(&token)),
                });
                tokens.push(SeatToken { seat: i, token });
            } else {
                let bot = req.bot.unwrap_or_else(|| bots::DEFAULT_POLICY.to_string());
                if !bots::POLICIES.contains(&bot.as_str()) {
                    return Err(ApiError::unprocessable(
                        "invalid_option",
                        format!("seats[{i}].bot: `{bot}` is not one of {:?}", bots::POLICIES),
                    ));
                }
                seats.push(SeatData {
                    name: req.name.unwrap_or_else(|| format!("Bot {}", i + 1)),
                    bot: Some(bot),
                    token_hash: None,
                });
            }
        }
        let seed = match body.seed {
            Some(n) => crate::data::chosen_seed(n, &self.settings.seed_secret),
            None => auth::random_seed(),
        };
        let setups = seats
            .iter()
            .map(|s| SeatSetup {
                name: s.name.clone(),
                bot: s.bot.clone(),
            })
            .collect();
        let events = rules::start(&body.ruleset, body.players, &body.options, setups, seed)?;
        let data = GameData {
            players: body.players,
            options: if body.options.is_null() {
                serde_json::json!({})
            } else {
                body.options
            },
            seats,
            seed: seed.to_string(),
            seed_commitment: seed.commitment(),
            seed_chosen: body.seed.is_some(),
            chain: crate::data::CHAIN_SCHEME,
            forked_from: None,
            origin_seed: None,
            winners: None,
        };
        let game = self
            .open(&body.ruleset, data, events, "system", None)
            .await?;
        Ok(CreatedGame { game, tokens })
    }

    /// Stores a new game with its opening events and caches it.
    async fn open(
        &self,
        ruleset: &str,
        mut data: GameData,
        events: Vec<Value>,
        actor: &str,
        forked_from: Option<ForkOrigin>,
    ) -> Result<GameSummary, ApiError> {
        let mut live = Live::new(ruleset)?;
        for e in &events {
            live.apply(e)?;
        }
        data.forked_from = forked_from;
        data.winners = live.winners();
        let chain_key = data.chain_key()?;
        let public = match chain_key {
            Some(_) => public_forms(&live, &events),
            None => Vec::new(),
        };
        let status = if live.is_over() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        };
        let (record, _) = self
            .store
            .create(
                NewGame {
                    ruleset: ruleset.to_string(),
                    data: data.to_value(),
                },
                Append {
                    actor: actor.to_string(),
                    events,
                    public,
                    chain_key,
                    status: Some(status),
                    ..Append::default()
                },
            )
            .await?;
        let summary = data.summary(&record);
        let mut entry = Entry::new(record, data, live, Vec::new())?;
        entry.keep_snapshot();
        self.refresh_waiting(&entry);
        let id = entry.record.id;
        let mut cache = lock(&self.cache);
        cache.put(id, Arc::new(AsyncMutex::new(entry)));
        crate::metrics::GAMES_CACHED.set(cache.len());
        Ok(summary)
    }

    /// Lists games (on the blocking threads: a page may read many records).
    pub async fn list(&self, query: ListQuery) -> Result<GameList, ApiError> {
        let store = self.store.clone();
        let page = blocking(move || Ok(store.list(&query)?)).await?;
        let games = page
            .games
            .iter()
            .map(|r| GameData::of(r).map(|d| d.summary(r)))
            .collect::<Result<_, _>>()?;
        Ok(GameList {
            games,
            next_cursor: page.next_cursor,
        })
    }

    /// The game as the caller may see it, now or after `at` events.
    pub async fn game(
        &self,
        id: GameId,
        req: &HttpRequest,
        at: Option<u64>,
        as_seat: Option<u8>,
    ) -> Result<GameState, ApiError> {
        match at {
            None => {
                let entry = self.current(id).await?;
                let caller = self.caller(req, &entry.data, as_seat)?;
                let mut state = Self::state_of(
                    &entry.record,
                    &entry.data,
                    &entry.live,
                    caller,
                    entry.live.is_over(),
                );
                state.window_closes_at = self.deadline_of(id, &entry.live);
                Ok(state)
            }
            Some(at) => {
                // From the latest copy of the state at or before `at`: at
                // most SNAPSHOT_EVERY events are read and folded.
                let (record, data, caller, mut live) = {
                    let entry = self.current(id).await?;
                    let caller = self.caller(req, &entry.data, as_seat)?;
                    let version = entry.live.version();
                    if at == 0 || at > version {
                        return Err(ApiError::bad_request(format!(
                            "at: 1 to {version} (the game's version)"
                        )));
                    }
                    let (_, base) = match entry.state_before(at) {
                        Some(found) => found,
                        None => (0, Live::new(&entry.record.ruleset)?),
                    };
                    (entry.record.clone(), entry.data.clone(), caller, base)
                };
                if live.version() < at {
                    let store = self.store.clone();
                    live = blocking(move || {
                        fold_into(&store, id, &mut live, at, None)?;
                        Ok(live)
                    })
                    .await?;
                }
                let over = record.status == GameStatus::Finished;
                Ok(Self::state_of(&record, &data, &live, caller, over))
            }
        }
    }

    fn state_of(
        record: &GameRecord,
        data: &GameData,
        live: &Live,
        caller: Caller,
        over: bool,
    ) -> GameState {
        let waiting = live.waiting();
        GameState {
            game: data.summary(record),
            version: live.version(),
            view: live.view(Self::viewer(over, caller)),
            pending: live.pending(),
            your_seat: caller.seat,
            your_turn: caller.seat.is_some_and(|s| waiting.contains(&s)),
            window_closes_at: None,
        }
    }

    /// The caller's legal actions.
    pub async fn legal(
        &self,
        id: GameId,
        req: &HttpRequest,
        as_seat: Option<u8>,
    ) -> Result<LegalActions, ApiError> {
        let entry = self.current(id).await?;
        let caller = self.caller(req, &entry.data, as_seat)?;
        let seat = caller
            .seat
            .ok_or_else(|| ApiError::unauthorized("send your seat's token to see its actions"))?;
        Ok(LegalActions {
            version: entry.live.version(),
            seat,
            actions: entry.live.legal(seat),
        })
    }

    /// Takes an action for the caller's seat.
    pub async fn act(
        &self,
        id: GameId,
        req: &HttpRequest,
        as_seat: Option<u8>,
        body: PostAction,
    ) -> Result<ActionResult, ApiError> {
        if let Some(action_id) = &body.action_id
            && (action_id.is_empty()
                || action_id.chars().count() > 128
                || action_id.chars().any(char::is_control))
        {
            return Err(ApiError::bad_request(
                "action_id: 1 to 128 characters, without control characters",
            ));
        }
        let mut entry = self.current(id).await?;
        let caller = self.caller(req, &entry.data, as_seat)?;
        let seat = caller
            .seat
            .ok_or_else(|| ApiError::unauthorized("send your seat's token to act"))?;
        // Action ids are scoped to who sends them: one seat's ids never
        // answer for another's, nor for the bot workers'.
        let digest = action_digest(&body);
        let action_key = body
            .action_id
            .as_ref()
            .map(|a| format!("{}/{a}", caller.action_scope()));
        if let Some(key) = &action_key
            && let Some(first) = self.store.find_action(id, key)?
        {
            self.same_body(id, key, &digest)?;
            return Ok(self.repeated(&entry, caller, &first));
        }
        let version = entry.live.version();
        if let Some(expected) = body.expected_version
            && expected != version
            && !(expected < version && entry.live.still_asked(seat, expected))
        {
            // Stale, unless only other seats' answers to the window this seat
            // is still asked in came in since.
            return Err(ApiError::stale(expected, version));
        }
        if entry.live.is_over() {
            return Err(ApiError::unprocessable("game_over", "the game is over"));
        }
        if !entry.live.waiting().contains(&seat) && !entry.live.anytime(&body.action) {
            return Err(ApiError::forbidden(
                "not_your_decision",
                format!("seat {seat} is not asked to decide anything now"),
            ));
        }
        let standing_orders = entry.live.anytime(&body.action);
        if standing_orders {
            self.orders_quota.check(id, seat)?;
        }
        let seed = seed_of(&entry.data.seed)?;
        let (events, next) = entry.live.decide(seat, &body.action, seed)?;
        let limit = self.settings.max_events_per_game;
        if version.saturating_add(events.len() as u64) > limit {
            return Err(ApiError::unprocessable(
                "game_too_long",
                format!(
                    "this game's log holds {version} events and may hold at most {limit}; \
                     it can still be read, audited and forked"
                ),
            ));
        }
        let (envelopes, duplicate) = self
            .commit(
                &mut entry,
                version,
                seat.to_string(),
                action_key.clone().map(|key| (key, digest)),
                events,
                next,
            )
            .await?;
        if duplicate {
            if let Some(key) = &action_key {
                self.same_body(id, key, &digest)?;
            }
            return Ok(self.repeated(&entry, caller, &envelopes));
        }
        if standing_orders {
            self.orders_quota.record(id, seat);
        }
        let viewer = Self::viewer(entry.live.is_over(), caller);
        Ok(ActionResult {
            version: entry.live.version(),
            events: Self::events_into(&entry.live, envelopes, viewer),
            duplicate: false,
        })
    }

    /// A repeated action id must come with the body it was first sent with.
    fn same_body(&self, id: GameId, key: &str, digest: &[u8; 32]) -> Result<(), ApiError> {
        match self.store.action_digest(id, key)? {
            Some(first) if first != *digest => Err(ApiError::unprocessable(
                "idempotency_key_reused",
                "this action_id was already used with another action or expected_version: \
                 use a new action_id for a new action",
            )),
            _ => Ok(()),
        }
    }

    /// Appends decided events at `version` and moves the entry on to `next`
    /// (unless the store found the action id already used). `action` is the
    /// scoped action id and the digest of what was posted with it.
    async fn commit(
        &self,
        entry: &mut Entry,
        version: u64,
        actor: String,
        action: Option<(String, [u8; 32])>,
        events: Vec<Value>,
        next: Live,
    ) -> Result<(Vec<Envelope>, bool), ApiError> {
        let id = entry.record.id;
        let over = next.is_over();
        // The data changes only when the game ends (its winners).
        let data = over.then(|| {
            let mut data = entry.data.clone();
            data.winners = next.winners();
            let value = data.to_value();
            (data, value)
        });
        let store::AppendedHead {
            head,
            envelopes,
            duplicate,
        } = self
            .store
            .append_head(
                id,
                version,
                Append {
                    actor,
                    action_digest: action.as_ref().map(|(_, digest)| *digest),
                    action_id: action.map(|(key, _)| key),
                    public: match entry.chain_key {
                        Some(_) => public_forms(&next, &events),
                        None => Vec::new(),
                    },
                    chain_key: entry.chain_key,
                    events,
                    status: over.then_some(GameStatus::Finished),
                    data: data.as_ref().map(|(_, value)| value.clone()),
                },
            )
            .await
            .map_err(|e| match e {
                store::StoreError::Conflict { current } => ApiError::stale(version, current),
                other => other.into(),
            })?;
        if duplicate {
            return Ok((envelopes, true));
        }
        entry.live = next;
        entry.keep_snapshot();
        head.apply_to(&mut entry.record);
        if let Some((data, value)) = data {
            entry.data = data;
            entry.record.data = value;
        }
        let new_version = entry.live.version();
        lock(&self.committed).insert(id, new_version);
        self.publish(id, new_version);
        self.refresh_waiting(entry);
        Ok((envelopes, false))
    }

    fn repeated(&self, entry: &Entry, caller: Caller, first: &[Envelope]) -> ActionResult {
        let viewer = Self::viewer(entry.live.is_over(), caller);
        ActionResult {
            version: first.last().map_or(entry.live.version(), |e| e.seq),
            events: Self::events_out(&entry.live, first, viewer),
            duplicate: true,
        }
    }

    /// Events after `after`, waiting up to `wait` for some to arrive.
    pub async fn events(
        &self,
        id: GameId,
        req: &HttpRequest,
        after: u64,
        limit: usize,
        wait: Duration,
        as_seat: Option<u8>,
    ) -> Result<EventPage, ApiError> {
        let record = self.record(id)?;
        let data = GameData::of(&record)?;
        let caller = self.caller(req, &data, as_seat)?;
        let mut signal = self.subscribe(id);
        let deadline = tokio::time::Instant::now() + wait;
        let mut envelopes = self.store.events(id, after, limit)?;
        // A finished game gets no more events: nothing to wait for.
        let over = record.status == GameStatus::Finished;
        while envelopes.is_empty() && !over {
            match tokio::time::timeout_at(deadline, signal.changed()).await {
                Ok(Ok(())) => envelopes = self.store.events(id, after, limit)?,
                _ => break,
            }
        }
        let record = self.record(id)?;
        let live = Live::new(&record.ruleset)?;
        let viewer = Self::viewer(record.status == GameStatus::Finished, caller);
        Ok(EventPage {
            version: record.version,
            events: Self::events_into(&live, envelopes, viewer),
        })
    }

    /// A new game starting with the first `at` events of a finished game.
    pub async fn fork(&self, id: GameId, at: u64) -> Result<CreatedGame, ApiError> {
        let record = self.record(id)?;
        let parent = GameData::of(&record)?;
        if record.status != GameStatus::Finished {
            return Err(ApiError::unprocessable(
                "bad_fork",
                "only a finished game can be forked: a fork of a game in progress would show \
                 its hidden cards to the fork's players",
            ));
        }
        if at == 0 || at > record.version {
            return Err(ApiError::unprocessable(
                "bad_fork",
                format!("at: 1 to {} (the game's version)", record.version),
            ));
        }
        let store = self.store.clone();
        let version = record.version;
        let envelopes = blocking(move || read_all(&store, id, version)).await?;
        // The game waited at version v when v is its end or event v + 1
        // begins a decision.
        let waited = |v: u64| {
            v == version
                || envelopes
                    .get(v as usize)
                    .is_some_and(|e| rules::starts_action(&record.ruleset, &e.event))
        };
        if !waited(at) {
            let before = (1..at).rev().find(|&v| waited(v));
            let after = (at + 1..=version).find(|&v| waited(v));
            let nearest = match (before, after) {
                (Some(b), Some(a)) => {
                    format!("the nearest versions where it waited are {b} and {a}")
                }
                (Some(v), None) | (None, Some(v)) => {
                    format!("the nearest version where it waited is {v}")
                }
                (None, None) => format!("it can fork at {version}"),
            };
            return Err(ApiError::unprocessable(
                "bad_fork",
                format!(
                    "at: version {at} falls inside one action's events, where the game did not \
                     wait for a decision; {nearest}"
                ),
            ));
        }
        let events: Vec<Value> = envelopes
            .into_iter()
            .take(at as usize)
            .map(|e| e.event)
            .collect();
        let mut tokens = Vec::new();
        let seats = parent
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let token_hash = s.token_hash.as_ref().map(|_| {
                    let token = auth::new_token();
                    let hash = auth::token_hash(&token);
                    tokens.push(SeatToken {
                        seat: i as u8,
                        token,
                    });
                    hash
                });
                SeatData {
                    name: s.name.clone(),
                    bot: s.bot.clone(),
                    token_hash,
                }
            })
            .collect();
        let seed = auth::random_seed();
        let data = GameData {
            players: parent.players,
            options: parent.options.clone(),
            seats,
            seed: seed.to_string(),
            seed_commitment: seed.commitment(),
            // The events it starts with were drawn with the origin's seed.
            seed_chosen: parent.seed_chosen,
            chain: crate::data::CHAIN_SCHEME,
            forked_from: None,
            origin_seed: Some(parent.origin_seed.clone().unwrap_or(parent.seed.clone())),
            winners: None,
        };
        let origin = ForkOrigin { game: id, at };
        let game = self
            .open(&record.ruleset, data, events, "system", Some(origin))
            .await?;
        Ok(CreatedGame { game, tokens })
    }

    /// Verifies a game's hash chain and, once its seed is public, its
    /// hidden events' commitments and its dice. Runs on the blocking threads
    /// (it reads the whole log).
    pub async fn audit(&self, id: GameId) -> Result<Audit, ApiError> {
        let store = self.store.clone();
        blocking(move || audit(&store, id)).await
    }

    /// The bot seats that must act, waiting up to `wait` for one.
    pub async fn bot_turns(&self, wait: Duration) -> Vec<BotTurn> {
        let mut signal = self.bot_signal.subscribe();
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let turns: Vec<BotTurn> = lock(&self.bot_turns)
                .iter()
                .map(|(&(game, seat), &version)| BotTurn {
                    game,
                    seat,
                    version,
                })
                .collect();
            if !turns.is_empty() {
                return turns;
            }
            match tokio::time::timeout_at(deadline, signal.changed()).await {
                Ok(Ok(())) => continue,
                _ => return turns,
            }
        }
    }
}

/// [`Hub::audit`]: the chain, every commitment (the server knows the chain
/// key; the answer says only whether they hold, which a sound log always
/// does), and once the seed is public, a re-derivation of the log.
fn audit(store: &SledStore, id: GameId) -> Result<Audit, ApiError> {
    let record = record_of(store, id)?;
    let data = GameData::of(&record)?;
    let over = record.status == GameStatus::Finished;
    let key = data.chain_key()?;
    let check = store.verify_with(id, key.as_ref())?;
    let (mut fair, mut first_unfair_seq) = (None, None);
    if over && check.valid {
        let envelopes = read_all(store, id, record.version)?;
        let events: Vec<Value> = envelopes.into_iter().map(|e| e.event).collect();
        let own = seed_of(&data.seed)?;
        let origin = match &data.origin_seed {
            Some(hex) => seed_of(hex)?,
            None => own,
        };
        let fork_at = data.forked_from.as_ref().map_or(0, |f| f.at);
        let live = Live::new(&record.ruleset)?;
        let result = live.verify_log(&events, |v| if v < fork_at { origin } else { own });
        fair = Some(result.is_ok());
        first_unfair_seq = result.err().map(|i| i as u64 + 1);
    }
    // A chain v1 hash covers hidden facts: it may be published only once
    // they are public.
    let head_hash = (check.scheme >= 2 || over).then_some(check.head_hash);
    Ok(Audit {
        valid: check.valid,
        version: check.version,
        head_hash,
        first_bad_seq: check.first_bad_seq,
        chain: check.scheme,
        hidden_checked: check.hidden_checked,
        provably_fair: !data.seed_chosen,
        fairness_note: data
            .seed_chosen
            .then(|| crate::data::CHOSEN_SEED_NOTE.to_owned()),
        seed_commitment: data.seed_commitment.clone(),
        seed: over.then(|| data.seed.clone()),
        fair,
        first_unfair_seq,
        forked_from: data.forked_from,
    })
}
