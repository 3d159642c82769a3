//! The writer thread's side of a write: the requests it is sent, how it
//! checks each request of a batch against the state the requests before it
//! left, and what it answers. The writes it plans are made in `commit.rs`.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::codec::{DedupeEntry, Meta, StoredHead, read_dedupe, record};
use super::commit::Plan;
use super::keys::{dedupe_key, game_key};
use super::{Trees, io};
use crate::canonical::ZERO_HASH;
use crate::shared::{CREATE_ATTEMPTS, Write, check_expected, envelopes, now, seal_events};
use crate::{Append, Envelope, GameHead, GameId, GameRecord, GameStatus, NewGame, StoreError};

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
        record(self.id, self.head.clone(), Meta::clone(&self.meta))
    }

    /// Its head.
    pub(super) fn head(self) -> GameHead {
        self.head.into_head()
    }
}

/// What the writer thread did with an accepted request.
pub(super) enum Outcome {
    /// Written.
    Written(Written),
    /// The action id was already recorded: nothing was written. The game as
    /// the request found it, and where the first append's envelopes are (the
    /// caller reads them back; stored envelopes never change).
    Duplicate { game: Game, first: u64, count: u64 },
    /// A document was written (or deleted: revision 0).
    Doc { revision: u64 },
}

/// A game write the writer thread made: the game after it, and the
/// envelopes' common time, first seq, first `prev_hash` and hashes (the
/// caller builds the envelopes from its events).
pub(super) struct Written {
    pub(super) game: Game,
    pub(super) at: DateTime<Utc>,
    pub(super) first: u64,
    pub(super) prev_hash: String,
    pub(super) hashes: Vec<String>,
}

impl Written {
    /// The game after the write, and the envelopes of `append` (as its
    /// caller encoded it, with these `commitments`).
    pub(super) fn envelopes(
        self,
        append: Append,
        commitments: Vec<Option<String>>,
    ) -> Result<(Game, Vec<Envelope>), StoreError> {
        let envelopes = envelopes(
            append,
            commitments,
            self.at,
            self.first,
            self.prev_hash,
            self.hashes,
        )?;
        Ok((self.game, envelopes))
    }
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

/// The writer thread's state: the trees, and the games it knows.
pub(super) struct Writer {
    pub(super) trees: Trees,
    /// Games as last committed by this thread (the only writer), so that an
    /// append reads nothing. Bounded by [`WRITER_CACHE`].
    pub(super) cache: HashMap<GameId, Game>,
}

impl Writer {
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
        let Some(head) = self.trees.heads.get(key)? else {
            return Ok(None);
        };
        let head = StoredHead::decode(id, &head)?;
        let meta = self
            .trees
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
        at: (DateTime<Utc>, &[u8]),
    ) -> Result<Outcome, Fail> {
        let (game, expected, write, new) = match request {
            Request::Create { ids, new, write } => {
                (self.new_game(plan, ids, new, at.0)?, 0, write, true)
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
        let dkey = write.action_id.as_deref().map(|a| dedupe_key(game.id, a));
        if let Some(dkey) = &dkey
            && let Some((first, count, recorded)) = self.recorded(plan, game.id, dkey, new)?
        {
            crate::types::same_action(recorded.as_ref(), write.action_digest.as_ref())?;
            return Ok(Outcome::Duplicate { game, first, count });
        }
        check_expected(write, expected, game.head.version, game.meta.generation)?;
        let sealed = Sealed::new(game, write, at, new)?;
        Ok(plan.add(sealed, write, dkey, new))
    }

    /// A new game, at version 0, under the first of `ids` used neither in
    /// the store nor earlier in the batch.
    fn new_game(
        &self,
        plan: &Plan,
        ids: &[GameId],
        new: &NewGame,
        at: DateTime<Utc>,
    ) -> Result<Game, Fail> {
        let mut free = None;
        for &id in ids {
            if !plan.changed.contains_key(&id) && self.trees.games.get(game_key(id))?.is_none() {
                free = Some(id);
                break;
            }
        }
        let id = free.ok_or_else(|| StoreError::Io("could not draw an unused game id".into()))?;
        Ok(Game {
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
        })
    }

    /// Where the envelopes of the append that recorded the action id of
    /// dedupe key `dkey` in game `id` are (first seq, count) and the digest
    /// it was recorded with, if one did, earlier in the batch or before;
    /// `new`: the game is being created.
    fn recorded(
        &self,
        plan: &Plan,
        id: GameId,
        dkey: &[u8],
        new: bool,
    ) -> Result<Option<DedupeEntry>, Fail> {
        let seen = match plan.dedupe.get(dkey) {
            Some(value) => Some(read_dedupe(value)),
            None => self.trees.dedupe.get(dkey)?.map(|v| read_dedupe(&v)),
        };
        let Some(seen) = seen else {
            return Ok(None);
        };
        let seen = seen.ok_or_else(|| StoreError::Corrupt(format!("dedupe entry of game {id}")))?;
        if new {
            // A new game has no dedupe entries.
            return Err(StoreError::Corrupt(format!("dedupe entry for new game {id}")).into());
        }
        Ok(Some(seen))
    }
}

/// An accepted write of a game, with every fallible computation made: the
/// game after it, and what the batch must write for it.
pub(super) struct Sealed {
    /// The game after the write, and what its caller is answered.
    pub(super) written: Written,
    /// Its status before the write.
    pub(super) old_status: GameStatus,
    /// How many envelopes it writes, and their stored bytes.
    pub(super) count: u64,
    pub(super) stored: Vec<Vec<u8>>,
    /// The game's meta as stored, if the write stores it.
    pub(super) meta: Option<Vec<u8>>,
}

impl Sealed {
    /// Seals `write`'s events after `game`'s head and moves the game on (its
    /// head, and its meta for new `data` or a `new` game).
    fn new(
        mut game: Game,
        write: &Write,
        (at, at_json): (DateTime<Utc>, &[u8]),
        new: bool,
    ) -> Result<Sealed, Fail> {
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
        let meta = next_meta(&mut game, write, new)?;
        let written = Written {
            game,
            at,
            first,
            prev_hash,
            hashes,
        };
        Ok(Sealed {
            written,
            old_status,
            count,
            stored,
            meta,
        })
    }
}

/// Moves `game`'s meta on to the write's `data` (its next generation, but
/// for a `new` game), and its head with it: the meta's bytes, if the write
/// stores it (a new game's always, another's only with new data).
fn next_meta(game: &mut Game, write: &Write, new: bool) -> Result<Option<Vec<u8>>, Fail> {
    if !new && write.data.is_none() {
        return Ok(None);
    }
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
    Ok(Some(game.meta.encode()?))
}
