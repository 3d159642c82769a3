//! The bounded cache of folded games: each game's record, data and state kept
//! in step, with copies of the state for the rewinds of a game someone
//! rewinds, loaded from the store off the async threads and caught up with it
//! when it fell behind.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;
use store::{Envelope, EventStore, GameId, GameRecord, Store};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

use super::lock;
use crate::error::ApiError;
use crate::stored::GameData;
use engine::Game;

/// Events read from the store per call when folding a log: the whole log
/// of almost any game in one read, which a store answers from a packed log
/// by moving its envelopes out rather than copying them and keeping the
/// log (`store::packing`); a longer log is read in chunks of this many.
const READ_CHUNK: usize = 10_000;

/// How far apart (in events) a cached game keeps copies of its state: a
/// rewind (`?at=N`) reads and folds at most this many events.
pub const SNAPSHOT_EVERY: u64 = 32;

/// One game in memory: its record, its data and its folded state, kept in step.
pub(super) struct Entry {
    /// The store's record.
    pub record: GameRecord,
    /// The server's data for it.
    pub data: GameData,
    /// The folded state.
    pub live: Box<dyn Game>,
    /// Its chain v2 key, derived once (`None` for a chain v1 game).
    pub chain_key: Option<[u8; 32]>,
    /// Copies of the state, at least [`SNAPSHOT_EVERY`] events apart (by the
    /// version they were taken at), so that a rewind folds few events; taken
    /// at the game's first rewind ([`GameCache::rewound`]), not before, so
    /// that a game only viewed or played holds one state, not one per 32
    /// events (a long card game's copies weigh hundreds of KB).
    snapshots: Option<Vec<(u64, Box<dyn Game>)>>,
}

impl Entry {
    /// The entry of a game folded to `live`, with no copies of its state yet.
    pub(super) fn new(
        record: GameRecord,
        data: GameData,
        live: Box<dyn Game>,
    ) -> Result<Entry, ApiError> {
        Ok(Entry {
            chain_key: data.chain_key()?,
            record,
            data,
            live,
            snapshots: None,
        })
    }

    /// Keeps a copy of the state if the game keeps copies (it was rewound)
    /// and the last one is [`SNAPSHOT_EVERY`] events old.
    pub(super) fn keep_snapshot(&mut self) {
        let version = self.live.version();
        if let Some(snapshots) = &mut self.snapshots {
            let last = snapshots.last().map_or(0, |(v, _)| *v);
            if version >= last + SNAPSHOT_EVERY {
                snapshots.push((version, self.live.clone()));
            }
        }
    }
}

/// A game's record, or a 404.
pub(super) async fn record_of(store: &Store, id: GameId) -> Result<GameRecord, ApiError> {
    store.game(id).await?.ok_or_else(|| ApiError::no_game(id))
}

/// Folds events after `live`'s version up to `upto` into `live`, reading them
/// in chunks; with `snapshots`, keeps a copy every [`SNAPSHOT_EVERY`] events.
pub(super) async fn fold_into(
    store: &Store,
    id: GameId,
    live: &mut Box<dyn Game>,
    upto: u64,
    mut snapshots: Option<&mut Vec<(u64, Box<dyn Game>)>>,
) -> Result<(), ApiError> {
    while live.version() < upto {
        let chunk = READ_CHUNK.min((upto - live.version()) as usize);
        let got = store.events(id, live.version(), chunk).await?;
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
async fn load(store: &Store, id: GameId) -> Result<Entry, ApiError> {
    let record = record_of(store, id).await?;
    let data = GameData::of(&record)?;
    let mut live = crate::ruleset::new_game(&record.ruleset)?;
    fold_into(store, id, &mut live, record.version, None).await?;
    Entry::new(record, data, live)
}

/// All events of a game up to `upto`.
pub(super) async fn read_all(
    store: &Store,
    id: GameId,
    upto: u64,
) -> Result<Vec<Envelope>, ApiError> {
    let mut all = Vec::new();
    while (all.len() as u64) < upto {
        let after = all.len() as u64;
        let chunk = READ_CHUNK.min((upto - after) as usize);
        let got = store.events(id, after, chunk).await?;
        let n = got.len();
        all.extend(got);
        if n < chunk {
            break;
        }
    }
    Ok(all)
}

/// The folded games, at most a configured number of them (least recently used
/// out first), each behind its own lock.
pub(super) struct GameCache {
    store: Store,
    games: Mutex<LruCache<GameId, Arc<AsyncMutex<Entry>>>>,
    /// The version of every game this process appended to, as acknowledged by
    /// the store: a cached entry behind it is caught up from the store.
    committed: Mutex<HashMap<GameId, u64>>,
    /// Whether other servers write to the store too: then every read checks
    /// the game's head in the store first.
    shared: bool,
}

impl GameCache {
    /// A cache of at most `capacity` games (at least one) read from `store`,
    /// which other servers write to too if `shared`.
    pub(super) fn new(store: Store, capacity: usize, shared: bool) -> GameCache {
        GameCache {
            shared,
            store,
            games: Mutex::new(LruCache::new(
                NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN),
            )),
            committed: Mutex::new(HashMap::new()),
        }
    }

    /// The cached game, loaded (off the async threads) if it is not cached.
    pub(super) async fn entry(&self, id: GameId) -> Result<Arc<AsyncMutex<Entry>>, ApiError> {
        if let Some(entry) = lock(&self.games).get(&id) {
            return Ok(entry.clone());
        }
        let loaded = load(&self.store, id).await?;
        let mut cache = lock(&self.games);
        let entry = cache
            .get_or_insert(id, || Arc::new(AsyncMutex::new(loaded)))
            .clone();
        crate::metrics::GAMES_CACHED.set(cache.len());
        Ok(entry)
    }

    /// The game, locked, caught up with the store. On a store only this
    /// process writes, an entry can only fall behind if it was evicted and
    /// reloaded while a request still held the old one; `committed` tells.
    /// On a shared store, another server may have written: the game's head
    /// is read from the store, so that any read after an acknowledged
    /// append, on any server, shows it.
    pub(super) async fn current(&self, id: GameId) -> Result<OwnedMutexGuard<Entry>, ApiError> {
        let mut entry = self.entry(id).await?.lock_owned().await;
        self.catch_up(&mut entry).await?;
        Ok(entry)
    }

    /// The game, locked, for an action, and whether it was caught up with
    /// the store ([`GameCache::current`]). On a shared store a game this
    /// server holds is given as it holds it, its head not read: an action
    /// decided on it is appended with its version and generation expected,
    /// and anything else is decided again after [`GameCache::catch_up`].
    pub(super) async fn for_action(
        &self,
        id: GameId,
    ) -> Result<(OwnedMutexGuard<Entry>, bool), ApiError> {
        let held = self.shared.then(|| lock(&self.games).get(&id).cloned());
        match held.flatten() {
            Some(entry) => Ok((entry.lock_owned().await, false)),
            None => Ok((self.current(id).await?, true)),
        }
    }

    /// Catches `entry` up with the store (see [`GameCache::current`]).
    pub(super) async fn catch_up(&self, entry: &mut Entry) -> Result<(), ApiError> {
        let id = entry.record.id;
        let behind = if self.shared {
            let head = self
                .store
                .head(id)
                .await?
                .ok_or_else(|| ApiError::no_game(id))?;
            head.version != entry.live.version() || head.generation != entry.record.generation
        } else {
            let committed = lock(&self.committed).get(&id).copied();
            committed.is_some_and(|v| v > entry.live.version())
        };
        if behind {
            let record = record_of(&self.store, id).await?;
            if record.version < entry.live.version() {
                return Err(ApiError::internal(format!(
                    "game {id}: the store is at version {}, behind this server's {}",
                    record.version,
                    entry.live.version()
                )));
            }
            fold_into(
                &self.store,
                id,
                &mut entry.live,
                record.version,
                entry.snapshots.as_mut(),
            )
            .await?;
            self.committed(id, record.version);
            entry.data = GameData::of(&record)?;
            entry.chain_key = entry.data.chain_key()?;
            entry.record = record;
        }
        Ok(())
    }

    /// The latest state at or before version `at` that `entry` keeps a copy
    /// of, with its version, or the game's start. At the game's first rewind
    /// its log is folded once to take the copies, kept from then on.
    pub(super) async fn rewound(
        &self,
        entry: &mut Entry,
        at: u64,
    ) -> Result<(u64, Box<dyn Game>), ApiError> {
        if at >= entry.live.version() {
            return Ok((entry.live.version(), entry.live.clone()));
        }
        let snapshots = match &mut entry.snapshots {
            Some(snapshots) => snapshots,
            None => {
                let mut taken = Vec::new();
                let mut live = crate::ruleset::new_game(&entry.record.ruleset)?;
                let upto = entry.live.version();
                fold_into(
                    &self.store,
                    entry.record.id,
                    &mut live,
                    upto,
                    Some(&mut taken),
                )
                .await?;
                entry.snapshots.insert(taken)
            }
        };
        // Kept in version order: a binary search, whatever the log's length.
        let after = snapshots.partition_point(|(v, _)| *v <= at);
        match after.checked_sub(1) {
            Some(i) => Ok(snapshots[i].clone()),
            None => Ok((0, crate::ruleset::new_game(&entry.record.ruleset)?)),
        }
    }

    /// Whether this process already holds game `id` at `version` or later
    /// (it wrote it, or caught up with it).
    pub(super) fn knows(&self, id: GameId, version: u64) -> bool {
        let committed = lock(&self.committed).get(&id).copied();
        committed.is_some_and(|v| v >= version)
    }

    /// Whether this process holds game `id` (at any version) with a seat a
    /// bot plays, or is busy with it: another server's append to it is
    /// followed at once, for a bot worker here may be waiting on its turn.
    pub(super) fn held_with_bots(&self, id: GameId) -> bool {
        let held = lock(&self.games).peek(&id).cloned();
        held.is_some_and(|entry| match entry.try_lock() {
            Ok(entry) => entry.data.has_bots(),
            Err(_) => true,
        })
    }

    /// Caches a game just created.
    pub(super) fn put(&self, entry: Entry) {
        let id = entry.record.id;
        let mut cache = lock(&self.games);
        cache.put(id, Arc::new(AsyncMutex::new(entry)));
        crate::metrics::GAMES_CACHED.set(cache.len());
    }

    /// Notes that the store acknowledged game `id` at `version`.
    pub(super) fn committed(&self, id: GameId, version: u64) {
        let mut committed = lock(&self.committed);
        let known = committed.entry(id).or_insert(version);
        *known = (*known).max(version);
    }
}
