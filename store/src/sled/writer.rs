//! The writer thread's side of a write: the requests it is sent, how it
//! checks each request of a batch against the state the requests before it
//! left, and what it answers. The writes it plans are made in `commit.rs`.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::codec::{Meta, StoredHead, dedupe_value, read_dedupe};
use super::commit::Plan;
use super::index::{created_key, filter_keys, status_keys};
use super::io;
use super::keys::{dedupe_key, event_key, game_key};
use crate::canonical::ZERO_HASH;
use crate::shared::{CREATE_ATTEMPTS, Write, now, seal_events};
use crate::{GameHead, GameId, GameRecord, GameStatus, NewGame, StoreError};

/// The most write requests the writer thread applies in one batch (and covers
/// with one flush). It bounds how long one batch holds sled's global write lock
/// (taken by its batches and transactions), and so the latency of the next batch.
pub const WRITE_BATCH: usize = 512;

/// The most games whose head and meta the writer thread keeps in memory. Past
/// it, the finished games are dropped first, then all (a game not in memory is
/// read back from its trees).
pub const WRITER_CACHE: usize = 16_384;

/// A write for the writer thread.
pub(super) enum Request {
    /// Create a game with its opening append, under the first of `ids` not in
    /// use (drawn by the caller, so that the batch is a pure function of the
    /// requests and the stored state).
    Create {
        ids: [GameId; CREATE_ATTEMPTS],
        new: NewGame,
        write: Write,
    },
    /// Append to game `id` after `expected` events.
    Append {
        id: GameId,
        expected: u64,
        write: Write,
    },
    /// Write the document under `key` (its `docs` key) if its revision is
    /// `expected`: to `value` (its JSON, encoded by the caller), or delete it.
    PutDoc {
        key: Vec<u8>,
        value: Option<Vec<u8>>,
        expected: u64,
    },
}

/// A game as the writer thread keeps it. Cloning is cheap (the meta is shared).
#[derive(Clone, Debug)]
pub(super) struct Game {
    pub(super) id: GameId,
    pub(super) head: StoredHead,
    pub(super) meta: Arc<Meta>,
}

impl Game {
    /// The full record (clones the meta's data: done by the caller, not by
    /// the writer thread).
    pub(super) fn record(&self) -> GameRecord {
        GameRecord {
            id: self.id,
            ruleset: self.meta.ruleset.clone(),
            status: self.head.status,
            version: self.head.version,
            head_hash: self.head.head_hash.clone(),
            generation: self.meta.generation,
            created_at: self.meta.created_at,
            updated_at: self.head.updated_at,
            data: self.meta.data.clone(),
        }
    }

    /// Its head.
    pub(super) fn head(self) -> GameHead {
        GameHead {
            version: self.head.version,
            head_hash: self.head.head_hash,
            status: self.head.status,
            generation: self.head.generation,
            updated_at: self.head.updated_at,
        }
    }
}

/// What the writer thread did with an accepted request.
pub(super) enum Outcome {
    /// Written: the game after the write, and the envelopes' common time,
    /// first seq, first `prev_hash` and hashes (the caller builds the
    /// envelopes from its events).
    Written {
        game: Game,
        at: DateTime<Utc>,
        first: u64,
        prev_hash: String,
        hashes: Vec<String>,
    },
    /// The action id was already recorded: nothing was written. The game as
    /// the request found it, and where the first append's envelopes are (the
    /// caller reads them back; stored envelopes never change).
    Duplicate { game: Game, first: u64, count: u64 },
    /// A document was written (or deleted: revision 0).
    Doc { revision: u64 },
}

/// Why one request of a batch failed.
pub(super) enum Fail {
    /// Rejected (conflict, unknown game, bad data…): the request wrote nothing
    /// and the batch goes on.
    Rejected(StoreError),
    /// sled failed: the whole batch fails.
    Storage(sled::Error),
}

impl From<sled::Error> for Fail {
    fn from(e: sled::Error) -> Fail {
        Fail::Storage(e)
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Rejected(e)
    }
}

/// The answer to a request that does not fit its kind (a bug).
pub(super) fn unexpected_outcome() -> StoreError {
    StoreError::Io("the writer answered with another kind of outcome".into())
}

/// The trees, as the writer thread holds them, and the games it knows.
pub(super) struct WriterTrees {
    pub(super) games: sled::Tree,
    pub(super) heads: sled::Tree,
    pub(super) events: sled::Tree,
    pub(super) dedupe: sled::Tree,
    pub(super) by_created: sled::Tree,
    pub(super) by_filter: sled::Tree,
    pub(super) docs: sled::Tree,
    /// Games as last committed by this thread (the only writer), so that an
    /// append reads nothing. Bounded by [`WRITER_CACHE`].
    pub(super) cache: HashMap<GameId, Game>,
}

impl WriterTrees {
    /// Applies a batch of requests, in order; one result per request. Runs on
    /// the writer thread.
    pub(super) fn apply(&mut self, batch: &[Request]) -> Vec<Result<Outcome, StoreError>> {
        let at = now();
        let at_json = match serde_json::to_vec(&at) {
            Ok(json) => json,
            Err(e) => {
                let e = StoreError::Io(format!("encode time: {e}"));
                return batch.iter().map(|_| Err(e.clone())).collect();
            }
        };
        let at = (at, at_json.as_slice());
        let mut plan = Plan::default();
        let mut results = Vec::with_capacity(batch.len());
        for request in batch {
            match self.apply_one(&mut plan, request, at) {
                Ok(outcome) => results.push(Ok(outcome)),
                Err(Fail::Rejected(e)) => results.push(Err(e)),
                Err(Fail::Storage(e)) => {
                    let e = io(e);
                    return batch.iter().map(|_| Err(e.clone())).collect();
                }
            }
        }
        let changed = std::mem::take(&mut plan.changed);
        match self.commit(plan) {
            Ok(()) => {
                self.remember(changed);
                results
            }
            Err(e) => {
                // What sled kept of the batch is unknown: forget everything,
                // the trees are the truth.
                self.cache.clear();
                let e = io(e);
                batch.iter().map(|_| Err(e.clone())).collect()
            }
        }
    }

    /// Records the games a committed batch changed, keeping the cache bounded.
    fn remember(&mut self, changed: HashMap<GameId, Game>) {
        if self.cache.len() + changed.len() > WRITER_CACHE {
            self.cache
                .retain(|_, g| g.head.status != GameStatus::Finished);
            if self.cache.len() + changed.len() > WRITER_CACHE / 2 {
                self.cache.clear();
            }
        }
        self.cache.extend(changed);
    }

    /// A game as a request of the batch sees it: as changed earlier in the
    /// batch, else as the writer remembers it, else as stored.
    fn known_game(&self, plan: &Plan, id: GameId) -> Result<Option<Game>, Fail> {
        if let Some(game) = plan.changed.get(&id).or_else(|| self.cache.get(&id)) {
            return Ok(Some(game.clone()));
        }
        let key = game_key(id);
        let Some(head) = self.heads.get(key)? else {
            return Ok(None);
        };
        let head = StoredHead::decode(id, &head)?;
        let meta = self
            .games
            .get(key)?
            .ok_or_else(|| StoreError::Corrupt(format!("game {id} has a head but no meta")))?;
        let meta = Meta::decode(id, &meta)?;
        if meta.generation != head.generation {
            return Err(StoreError::Corrupt(format!(
                "game {id}: head of meta generation {}, meta of generation {}",
                head.generation, meta.generation
            ))
            .into());
        }
        Ok(Some(Game {
            id,
            head,
            meta: Arc::new(meta),
        }))
    }

    /// One request of a batch: checked against the state the requests before
    /// it in the batch left (`plan`), and, if accepted, its writes added to
    /// `plan`. Every check and every fallible computation comes first, so a
    /// rejected request adds nothing.
    fn apply_one(
        &self,
        plan: &mut Plan,
        request: &Request,
        (at, at_json): (DateTime<Utc>, &[u8]),
    ) -> Result<Outcome, Fail> {
        let (mut game, expected, write, new) = match request {
            Request::Create { ids, new, write } => {
                let mut free = None;
                for &id in ids {
                    if !plan.changed.contains_key(&id) && self.games.get(game_key(id))?.is_none() {
                        free = Some(id);
                        break;
                    }
                }
                let id =
                    free.ok_or_else(|| StoreError::Io("could not draw an unused game id".into()))?;
                let game = Game {
                    id,
                    head: StoredHead {
                        version: 0,
                        generation: 0,
                        status: GameStatus::Active,
                        updated_at: at,
                        head_hash: ZERO_HASH.to_owned(),
                    },
                    meta: Arc::new(Meta {
                        generation: 0,
                        ruleset: new.ruleset.clone(),
                        created_at: at,
                        data: new.data.clone(),
                    }),
                };
                (game, 0, write, true)
            }
            Request::Append {
                id,
                expected,
                write,
            } => match self.known_game(plan, *id)? {
                None => return Err(StoreError::NotFound.into()),
                Some(game) => (game, *expected, write, false),
            },
            Request::PutDoc {
                key,
                value,
                expected,
            } => return self.put_doc(plan, key, value.as_deref(), *expected),
        };
        let id = game.id;

        let dkey = write.action_id.as_deref().map(|a| dedupe_key(id, a));
        if let Some(dkey) = &dkey {
            let seen = match plan.dedupe.get(dkey) {
                Some(value) => Some(read_dedupe(value)),
                None => self.dedupe.get(dkey.as_slice())?.map(|v| read_dedupe(&v)),
            };
            if let Some(seen) = seen {
                let (first, count, _) =
                    seen.ok_or_else(|| StoreError::Corrupt(format!("dedupe entry of game {id}")))?;
                if new {
                    // A new game has no dedupe entries.
                    return Err(
                        StoreError::Corrupt(format!("dedupe entry for new game {id}")).into(),
                    );
                }
                return Ok(Outcome::Duplicate { game, first, count });
            }
        }
        if game.head.version != expected {
            return Err(StoreError::Conflict {
                current: game.head.version,
            }
            .into());
        }
        if write
            .expected_generation
            .is_some_and(|g| g != game.meta.generation)
        {
            return Err(StoreError::Stale {
                generation: game.meta.generation,
            }
            .into());
        }

        let count = u64::try_from(write.events.len())
            .map_err(|_| StoreError::Io("too many events".into()))?;
        let first = game
            .head
            .version
            .checked_add(1)
            .filter(|f| f.checked_add(count).is_some())
            .ok_or_else(|| StoreError::Io("version overflow".into()))?;

        let old_status = game.head.status;
        let prev_hash = std::mem::take(&mut game.head.head_hash);
        let (hashes, stored) = seal_events(write, at_json, first, &prev_hash);
        game.head.version += count;
        game.head.head_hash = hashes.last().unwrap_or(&prev_hash).clone();
        game.head.updated_at = at;
        if let Some(status) = write.status {
            game.head.status = status;
        }
        let meta_bytes = if new || write.data.is_some() {
            if let Some(data) = &write.data {
                let generation = game
                    .meta
                    .generation
                    .checked_add(u64::from(!new))
                    .ok_or_else(|| StoreError::Io("meta generation overflow".into()))?;
                game.meta = Arc::new(Meta {
                    generation,
                    ruleset: game.meta.ruleset.clone(),
                    created_at: game.meta.created_at,
                    data: data.clone(),
                });
            }
            game.head.generation = game.meta.generation;
            Some(serde_json::to_vec(&*game.meta).map_err(|e| StoreError::Io(e.to_string()))?)
        } else {
            None
        };

        // Accepted: plan its writes.
        let gkey = game_key(id);
        for (seq, bytes) in (first..).zip(stored) {
            plan.events.push((event_key(id, seq), bytes));
        }
        if let Some(dkey) = dkey {
            plan.dedupe.insert(
                dkey,
                dedupe_value(first, count, write.action_digest.as_ref()),
            );
        }
        if let Some(meta_bytes) = meta_bytes {
            plan.games.push((gkey, meta_bytes));
        }
        plan.heads.push((gkey, game.head.encode()));
        let created = created_key(game.meta.created_at, id);
        if new {
            plan.by_created.push(created);
            for key in filter_keys(game.head.status, &game.meta.ruleset, &created) {
                plan.by_filter.push((key, true));
            }
        } else if write.status.is_some_and(|s| s != old_status) {
            let ruleset = &game.meta.ruleset;
            for key in status_keys(old_status, ruleset, &created) {
                plan.by_filter.push((key, false));
            }
            for key in status_keys(game.head.status, ruleset, &created) {
                plan.by_filter.push((key, true));
            }
        }
        plan.changed.insert(id, game.clone());
        Ok(Outcome::Written {
            game,
            at,
            first,
            prev_hash,
            hashes,
        })
    }
}
