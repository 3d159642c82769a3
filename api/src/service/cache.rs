//! The bounded cache of folded games: each game's record, data and state kept
//! in step, with copies of the state for rewinds, loaded from the store off
//! the async threads and caught up with it when it fell behind.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;
use store::{Envelope, EventStore, GameId, GameRecord, SledStore};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

use super::{blocking, lock};
use crate::error::ApiError;
use crate::ruleset::FoldedGame;
use crate::stored::GameData;

/// Events read from the store per call when folding a log.
const READ_CHUNK: usize = 1_000;

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
    pub live: FoldedGame,
    /// Its chain v2 key, derived once (`None` for a chain v1 game).
    pub chain_key: Option<[u8; 32]>,
    /// Copies of the state, at least [`SNAPSHOT_EVERY`] events apart (by the
    /// version they were taken at), so that a rewind folds few events.
    snapshots: Vec<(u64, FoldedGame)>,
}

impl Entry {
    pub(super) fn new(
        record: GameRecord,
        data: GameData,
        live: FoldedGame,
        snapshots: Vec<(u64, FoldedGame)>,
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
    pub(super) fn keep_snapshot(&mut self) {
        let version = self.live.version();
        let last = self.snapshots.last().map_or(0, |(v, _)| *v);
        if version >= last + SNAPSHOT_EVERY {
            self.snapshots.push((version, self.live.clone()));
        }
    }

    /// The latest state kept at or before version `at`.
    pub(super) fn state_before(&self, at: u64) -> Option<(u64, FoldedGame)> {
        if at >= self.live.version() {
            return Some((self.live.version(), self.live.clone()));
        }
        // Kept in version order: a binary search, whatever the log's length.
        let after = self.snapshots.partition_point(|(v, _)| *v <= at);
        after.checked_sub(1).map(|i| self.snapshots[i].clone())
    }
}

/// A game's record, or a 404.
pub(super) fn record_of(store: &SledStore, id: GameId) -> Result<GameRecord, ApiError> {
    store.game(id)?.ok_or_else(|| ApiError::no_game(id))
}

/// Folds events after `live`'s version up to `upto` into `live`, reading them
/// in chunks; with `snapshots`, keeps a copy every [`SNAPSHOT_EVERY`] events.
pub(super) fn fold_into(
    store: &SledStore,
    id: GameId,
    live: &mut FoldedGame,
    upto: u64,
    mut snapshots: Option<&mut Vec<(u64, FoldedGame)>>,
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
    let mut live = FoldedGame::new(&record.ruleset)?;
    let mut snapshots = Vec::new();
    fold_into(store, id, &mut live, record.version, Some(&mut snapshots))?;
    Entry::new(record, data, live, snapshots)
}

/// All events of a game up to `upto`.
pub(super) fn read_all(
    store: &SledStore,
    id: GameId,
    upto: u64,
) -> Result<Vec<Envelope>, ApiError> {
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

/// The folded games, at most a configured number of them (least recently used
/// out first), each behind its own lock.
pub(super) struct GameCache {
    store: SledStore,
    games: Mutex<LruCache<GameId, Arc<AsyncMutex<Entry>>>>,
    /// The version of every game this process appended to, as acknowledged by
    /// the store: a cached entry behind it is caught up from the store.
    committed: Mutex<HashMap<GameId, u64>>,
}

impl GameCache {
    /// A cache of at most `capacity` games (at least one) read from `store`.
    pub(super) fn new(store: SledStore, capacity: usize) -> GameCache {
        GameCache {
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
        let store = self.store.clone();
        let loaded = blocking(move || load(&store, id)).await?;
        let mut cache = lock(&self.games);
        let entry = cache
            .get_or_insert(id, || Arc::new(AsyncMutex::new(loaded)))
            .clone();
        crate::metrics::GAMES_CACHED.set(cache.len());
        Ok(entry)
    }

    /// The game, locked, caught up with the store. This process is the store's
    /// only writer, so an entry can only fall behind if it was evicted and
    /// reloaded while a request still held the old one; `committed` tells.
    pub(super) async fn current(&self, id: GameId) -> Result<OwnedMutexGuard<Entry>, ApiError> {
        let mut entry = self.entry(id).await?.lock_owned().await;
        let committed = lock(&self.committed).get(&id).copied();
        if committed.is_some_and(|v| v > entry.live.version()) {
            let record = record_of(&self.store, id)?;
            for e in self.store.events(id, entry.live.version(), usize::MAX)? {
                entry.live.apply(&e.event)?;
                entry.keep_snapshot();
            }
            entry.data = GameData::of(&record)?;
            entry.record = record;
        }
        Ok(entry)
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
        lock(&self.committed).insert(id, version);
    }
}
