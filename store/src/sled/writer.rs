//! The writer thread's side of a write: how it checks each request of a
//! batch against the state the requests before it left, and what it answers.
//! The requests, outcomes and sealed writes are in `types.rs`; the writes it
//! plans are made in `commit.rs`.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::codec::{DedupeEntry, Meta, StoredHead, read_dedupe};
use super::commit::Plan;
use super::documents::{put_doc, put_docs};
use super::keys::{dedupe_key, game_key};
use super::pack::{folded_value, read_packed_value};
use super::types::{Fail, Game, Outcome, Request, Sealed};
use super::{Trees, io};
use crate::canonical::ZERO_HASH;
use crate::shared::{check_expected, now};
use crate::{GameId, GameStatus, NewGame, StoreError};

/// The most write requests the writer thread applies in one batch (and covers
/// with one flush). It bounds how long one batch holds sled's global write lock
/// (taken by its batches and transactions), and so the latency of the next batch.
pub const WRITE_BATCH: usize = 512;

/// The most games whose head and meta the writer thread keeps in memory. Past
/// it, the finished games are dropped first, then all (a game not in memory is
/// read back from its trees).
pub const WRITER_CACHE: usize = 16_384;

/// The writer thread's state: the trees, and the games it knows.
pub(super) struct Writer {
    /// The store's trees, read for what the cache lacks and written by commits.
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
        match plan.commit(&self.trees) {
            Ok(()) => {
                self.remember(changed);
                results
            }
            Err(e) => {
                // What sled kept of the batch is unknown: forget everything,
                // the trees are the truth.
                self.cache.clear();
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
        Ok(self.trees.game(id)?.map(|stored| Game {
            id,
            head: stored.head,
            meta: Arc::new(stored.meta),
            folded: stored.folded,
        }))
    }

    /// Game `id`'s `packed` value without its fold, for a write that
    /// unfolds the game.
    fn unfolded(&self, id: GameId) -> Result<Vec<u8>, Fail> {
        let value = self.trees.packed.get(game_key(id))?.ok_or_else(|| {
            StoreError::Corrupt(format!("game {id} is folded into no packed value"))
        })?;
        Ok(read_packed_value(id, &value)?.unfolded.to_vec())
    }

    /// A [`Request::Fold`] of game `id`: its head and meta folded into its
    /// `packed` value if it is finished, packed and not folded yet.
    fn fold(&self, plan: &mut Plan, id: GameId) -> Result<Outcome, Fail> {
        let Some(game) = self.known_game(plan, id)? else {
            return Err(StoreError::NotFound.into());
        };
        if game.folded || game.head.status != GameStatus::Finished {
            return Ok(Outcome::Folded);
        }
        let Some(value) = self.trees.packed.get(game_key(id))? else {
            return Ok(Outcome::Folded);
        };
        let unfolded = read_packed_value(id, &value)?.unfolded;
        let folded = folded_value(unfolded, &game.head.encode(), &game.meta.encode()?)?;
        plan.fold(game, folded);
        Ok(Outcome::Folded)
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
            } => return put_doc(plan, &self.trees.docs, key, value.as_deref(), *expected),
            Request::PutDocs { writes } => return put_docs(plan, &self.trees.docs, writes),
            Request::Fold { id } => return self.fold(plan, *id),
        };
        let dkey = write.action_id.as_deref().map(|a| dedupe_key(game.id, a));
        if let Some(dkey) = &dkey
            && let Some((first, count, recorded)) = self.recorded(plan, game.id, dkey, new)?
        {
            crate::types::same_action(recorded.as_ref(), write.action_digest.as_ref())?;
            return Ok(Outcome::Duplicate { game, first, count });
        }
        check_expected(write, expected, game.head.version, game.meta.generation)?;
        let id = game.id;
        let unfolded = if game.folded {
            Some(self.unfolded(id)?)
        } else {
            None
        };
        let sealed = Sealed::new(game, write, at, new)?;
        super::documents::set_docs(plan, &self.trees.docs, id, &write.docs)?;
        Ok(plan.add(sealed, write, dkey, new, unfolded))
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
            if !plan.changed.contains_key(&id) && !self.trees.id_in_use(id)? {
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
            folded: false,
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
