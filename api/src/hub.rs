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
use crate::rules::{self, Live, SeatSetup};

/// How many folded games the cache keeps.
const CACHE_GAMES: usize = 10_000;
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
}

/// [M3] When an open window of a game with a live reaction window closes.
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
}

/// The server's shared state.
pub struct Hub {
    store: SledStore,
    cache: Mutex<LruCache<GameId, Arc<AsyncMutex<Entry>>>>,
    versions: Mutex<HashMap<GameId, watch::Sender<u64>>>,
    bot_turns: Mutex<BTreeMap<(GameId, u8), u64>>,
    bot_signal: watch::Sender<u64>,
    /// [M3] When each open window of a game with a live reaction window closes.
    deadlines: Mutex<BTreeMap<GameId, Deadline>>,
    deadline_signal: Notify,
    /// The version of every game this process appended to, as acknowledged by
    /// the store: a cached entry behind it is caught up from the store.
    committed: Mutex<HashMap<GameId, u64>>,
    worker_key: String,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// [`auth::token_hash`] (hex of the token's SHA-256), without a `format!` per
/// byte: it runs on every authenticated request.
fn token_hash(token: &str) -> String {
    use sha2::{Digest, Sha256};
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(token.as_bytes());
    let mut out = String::with_capacity(2 * digest.len());
    for b in digest {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

fn seed_of(hex: &str) -> Result<Seed, ApiError> {
    hex.parse()
        .map_err(|_| ApiError::internal("a game's seed is unreadable"))
}

impl Hub {
    /// A hub over `store`; bot workers authenticate with `worker_key`.
    pub fn new(store: SledStore, worker_key: String) -> Hub {
        Hub {
            store,
            cache: Mutex::new(LruCache::new(
                NonZeroUsize::new(CACHE_GAMES).unwrap_or(NonZeroUsize::MIN),
            )),
            versions: Mutex::new(HashMap::new()),
            bot_turns: Mutex::new(BTreeMap::new()),
            bot_signal: watch::Sender::new(0),
            deadlines: Mutex::new(BTreeMap::new()),
            deadline_signal: Notify::new(),
            committed: Mutex::new(HashMap::new()),
            worker_key,
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
                let entry = self.entry(record.id)?;
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

    fn read_all(&self, id: GameId, upto: u64) -> Result<Vec<Envelope>, ApiError> {
        let mut all = Vec::new();
        loop {
            let after = all.len() as u64;
            if after >= upto {
                break;
            }
            let chunk = READ_CHUNK.min((upto - after) as usize);
            let got = self.store.events(id, after, chunk)?;
            let n = got.len();
            all.extend(got);
            if n < chunk {
                break;
            }
        }
        Ok(all)
    }

    fn fold(ruleset: &str, envelopes: &[Envelope]) -> Result<Live, ApiError> {
        let mut live = Live::new(ruleset)?;
        for e in envelopes {
            live.apply(&e.event)?;
        }
        Ok(live)
    }

    fn record(&self, id: GameId) -> Result<GameRecord, ApiError> {
        self.store
            .game(id)?
            .ok_or_else(|| ApiError::not_found(format!("no game {id}")))
    }

    fn load(&self, id: GameId) -> Result<Entry, ApiError> {
        let record = self.record(id)?;
        let data = GameData::of(&record)?;
        let envelopes = self.read_all(id, record.version)?;
        let live = Self::fold(&record.ruleset, &envelopes)?;
        Ok(Entry { record, data, live })
    }

    fn entry(&self, id: GameId) -> Result<Arc<AsyncMutex<Entry>>, ApiError> {
        if let Some(entry) = lock(&self.cache).get(&id) {
            return Ok(entry.clone());
        }
        let loaded = self.load(id)?;
        let mut cache = lock(&self.cache);
        Ok(cache
            .get_or_insert(id, || Arc::new(AsyncMutex::new(loaded)))
            .clone())
    }

    /// The game, locked, caught up with the store. This process is the store's
    /// only writer, so an entry can only fall behind if it was evicted and
    /// reloaded while a request still held the old one; `committed` tells.
    async fn current(&self, id: GameId) -> Result<OwnedMutexGuard<Entry>, ApiError> {
        let mut entry = self.entry(id)?.lock_owned().await;
        let committed = lock(&self.committed).get(&id).copied();
        if committed.is_some_and(|v| v > entry.live.version()) {
            let record = self.record(id)?;
            for e in self.store.events(id, entry.live.version(), usize::MAX)? {
                entry.live.apply(&e.event)?;
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
            return Ok(Caller { seat: None });
        };
        if auth::same_secret(&token, &self.worker_key) {
            return match as_seat {
                Some(seat) if data.is_bot(seat) => Ok(Caller { seat: Some(seat) }),
                Some(seat) => Err(ApiError::forbidden(
                    "not_a_bot_seat",
                    format!("seat {seat} is not a bot seat"),
                )),
                None => Ok(Caller { seat: None }),
            };
        }
        let hash = token_hash(&token);
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

    /// [M3] Closes windows whose live reaction time is up, for as long as the
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
                && (name.trim().is_empty() || name.chars().count() > 64)
            {
                return Err(ApiError::unprocessable(
                    "invalid_option",
                    format!("seats[{i}].name: 1 to 64 characters"),
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
            Some(n) => Seed::from_u64(n),
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
                    action_id: None,
                    events,
                    status: Some(status),
                    data: None,
                },
            )
            .await?;
        let summary = data.summary(&record);
        let entry = Entry { record, data, live };
        self.refresh_waiting(&entry);
        let id = entry.record.id;
        lock(&self.cache).put(id, Arc::new(AsyncMutex::new(entry)));
        Ok(summary)
    }

    /// Lists games.
    pub fn list(&self, query: &ListQuery) -> Result<GameList, ApiError> {
        let page = self.store.list(query)?;
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
                let record = self.record(id)?;
                let data = GameData::of(&record)?;
                let caller = self.caller(req, &data, as_seat)?;
                if at == 0 || at > record.version {
                    return Err(ApiError::bad_request(format!(
                        "at: 1 to {} (the game's version)",
                        record.version
                    )));
                }
                let envelopes = self.read_all(id, at)?;
                let live = Self::fold(&record.ruleset, &envelopes)?;
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
            && (action_id.is_empty() || action_id.len() > 128)
        {
            return Err(ApiError::bad_request("action_id: 1 to 128 characters"));
        }
        let mut entry = self.current(id).await?;
        let caller = self.caller(req, &entry.data, as_seat)?;
        let seat = caller
            .seat
            .ok_or_else(|| ApiError::unauthorized("send your seat's token to act"))?;
        if let Some(action_id) = &body.action_id
            && let Some(first) = self.store.find_action(id, action_id)?
        {
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
        let seed = seed_of(&entry.data.seed)?;
        let (events, next) = entry.live.decide(seat, &body.action, seed)?;
        let (envelopes, duplicate) = self
            .commit(
                &mut entry,
                version,
                seat.to_string(),
                body.action_id.clone(),
                events,
                next,
            )
            .await?;
        if duplicate {
            return Ok(self.repeated(&entry, caller, &envelopes));
        }
        let viewer = Self::viewer(entry.live.is_over(), caller);
        Ok(ActionResult {
            version: entry.live.version(),
            events: Self::events_into(&entry.live, envelopes, viewer),
            duplicate: false,
        })
    }

    /// Appends decided events at `version` and moves the entry on to `next`
    /// (unless the store found `action_id` already used).
    async fn commit(
        &self,
        entry: &mut Entry,
        version: u64,
        actor: String,
        action_id: Option<String>,
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
                    action_id,
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
        while envelopes.is_empty() {
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
        let envelopes = self.read_all(id, record.version.min(at + 1))?;
        if at < record.version
            && !envelopes
                .get(at as usize)
                .is_some_and(|e| rules::starts_action(&record.ruleset, &e.event))
        {
            return Err(ApiError::unprocessable(
                "bad_fork",
                format!(
                    "at: version {at} falls inside one action's events; fork where the game \
                     waits for a decision (just before an `acted` event)"
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

    /// Verifies a game's hash chain and, once its seed is public, its dice.
    pub fn audit(&self, id: GameId) -> Result<Audit, ApiError> {
        let record = self.record(id)?;
        let data = GameData::of(&record)?;
        let check = self.store.verify(id)?;
        let over = record.status == GameStatus::Finished;
        let (mut fair, mut first_unfair_seq) = (None, None);
        if over && check.valid {
            let envelopes = self.read_all(id, record.version)?;
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
        Ok(Audit {
            valid: check.valid,
            version: check.version,
            head_hash: check.head_hash,
            first_bad_seq: check.first_bad_seq,
            seed_commitment: data.seed_commitment.clone(),
            seed: over.then(|| data.seed.clone()),
            fair,
            first_unfair_seq,
            forked_from: data.forked_from,
        })
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

#[cfg(test)]
mod tests {
    use super::token_hash;
    use crate::auth;

    #[test]
    fn token_hash_is_auth_token_hash() {
        for token in [
            "",
            "a",
            "ff8c50e5843e41370e531ffbe90e5158",
            "é☃ x",
            &auth::new_token(),
        ] {
            assert_eq!(token_hash(token), auth::token_hash(token));
        }
    }
}
