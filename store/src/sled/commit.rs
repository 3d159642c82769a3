//! The writes of a batch, gathered by the writer thread ([`Plan`]) and then
//! made in two atomic steps: the events in one sled batch, then the heads
//! with everything else (see the module docs of [`super`]); the documents
//! after them.

use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;

use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError};

use super::codec::dedupe_value;
use super::index::{created_key, list_keys, status_keys};
use super::keys::{event_key, game_key};
use super::types::{Game, Outcome, Sealed};
use super::{Trees, io};
use crate::shared::Write;
use crate::{GameId, GameStatus, StoreError};

/// The writes of one batch, gathered (in order) before any is made, and the
/// games they change.
#[derive(Default)]
pub(super) struct Plan {
    /// `events` entries to write: envelopes by game id ++ seq.
    pub(super) events: Vec<([u8; 16], Vec<u8>)>,
    /// `heads` entries to write (`Some`) or remove, in order: heads by game
    /// id.
    pub(super) heads: Vec<([u8; 8], Option<Vec<u8>>)>,
    /// `games` entries to write (`Some`) or remove, in order: metas by game
    /// id.
    pub(super) games: Vec<([u8; 8], Option<Vec<u8>>)>,
    /// `packed` values to write, in order: a game folded or unfolded.
    pub(super) packed: Vec<([u8; 8], Vec<u8>)>,
    /// `dedupe` entries to write, by key.
    pub(super) dedupe: HashMap<Vec<u8>, Vec<u8>>,
    /// `lists` entries to insert (`Some`, empty) or remove, by key.
    pub(super) lists: BTreeMap<Vec<u8>, Option<Vec<u8>>>,
    /// Documents to write (`Some`) or remove, by their `doc_runs` key.
    pub(super) docs: BTreeMap<Vec<u8>, Option<Vec<u8>>>,
    /// The games as the batch leaves them, by id.
    pub(super) changed: HashMap<GameId, Game>,
}

impl Plan {
    /// Adds the writes of an accepted game write (`dkey`: the dedupe key of
    /// its action id; `new`: it creates the game; `unfolded`: the game's
    /// `packed` value without its fold, when the write unfolds it), and
    /// answers it.
    pub(super) fn add(
        &mut self,
        sealed: Sealed,
        write: &Write,
        dkey: Option<Vec<u8>>,
        new: bool,
        unfolded: Option<Vec<u8>>,
    ) -> Outcome {
        let Sealed {
            written,
            old_status,
            count,
            stored,
            meta,
        } = sealed;
        let game = &written.game;
        let (id, first) = (game.id, written.first);
        let gkey = game_key(id);
        for (seq, bytes) in (first..).zip(stored) {
            self.events.push((event_key(id, seq), bytes));
        }
        if let Some(dkey) = dkey {
            self.dedupe.insert(
                dkey,
                dedupe_value(first, count, write.action_digest.as_ref()),
            );
        }
        if let Some(unfolded) = unfolded {
            self.packed.push((gkey, unfolded));
        }
        if let Some(meta) = meta {
            self.games.push((gkey, Some(meta)));
        }
        self.heads.push((gkey, Some(game.head.encode())));
        self.add_to_index(game, old_status, new, write.status);
        self.changed.insert(id, game.clone());
        Outcome::Written(written)
    }

    /// Folds `game` (not folded yet) into its `packed` value `folded`,
    /// which holds its head and meta: they leave `heads` and `games`.
    pub(super) fn fold(&mut self, mut game: Game, folded: Vec<u8>) {
        let gkey = game_key(game.id);
        self.packed.push((gkey, folded));
        self.games.push((gkey, None));
        self.heads.push((gkey, None));
        game.folded = true;
        self.changed.insert(game.id, game);
    }

    /// The list indexes' part of a game write: a `new` game's keys, or the
    /// keys that move with its status when the write sets another.
    fn add_to_index(
        &mut self,
        game: &Game,
        old_status: GameStatus,
        new: bool,
        status: Option<GameStatus>,
    ) {
        let created = created_key(game.meta.created_at, game.id);
        let ruleset = &game.meta.ruleset;
        if new {
            for key in list_keys(game.head.status, ruleset, &created) {
                self.lists.insert(key, Some(Vec::new()));
            }
        } else if status.is_some_and(|s| s != old_status) {
            for key in status_keys(old_status, ruleset, &created) {
                self.lists.insert(key, None);
            }
            for key in status_keys(game.head.status, ruleset, &created) {
                self.lists.insert(key, Some(Vec::new()));
            }
        }
    }
}

impl Plan {
    /// Makes the writes of a batch in `trees`: those of the games, then the
    /// documents (see the module docs).
    pub(super) fn commit(mut self, trees: &Trees) -> Result<(), StoreError> {
        let docs = std::mem::take(&mut self.docs);
        self.commit_games(trees)?;
        trees.docs.apply(docs)
    }

    /// Makes the writes of the games of a batch: the events first, in one
    /// atomic sled batch, then everything else, the heads last (see the
    /// module docs).
    fn commit_games(self, trees: &Trees) -> Result<(), StoreError> {
        if !self.events.is_empty() {
            let mut events = sled::Batch::default();
            for (key, value) in self.events {
                events.insert(&key, value);
            }
            trees.events.apply_batch(events).map_err(io)?;
        }
        let no_heads = self.heads.is_empty();
        let heads = batch(self.heads);
        if self.games.is_empty()
            && self.dedupe.is_empty()
            && self.lists.is_empty()
            && self.packed.is_empty()
        {
            if no_heads {
                return Ok(()); // every request was rejected
            }
            return trees.heads.apply_batch(heads).map_err(io);
        }
        let games = batch(self.games);
        let mut dedupe = sled::Batch::default();
        for (key, value) in self.dedupe {
            dedupe.insert(key, value);
        }
        let packed = batch(self.packed.into_iter().map(|(k, v)| (k, Some(v))));
        // The list runs are read here, before the transaction: only this
        // thread writes them.
        let lists = trees.lists.changes(self.lists)?;
        // The meta is written before the head (tree order of the commit).
        let trees = (
            &trees.games,
            &trees.dedupe,
            trees.lists.tree(),
            &trees.packed,
            &trees.heads,
        );
        trees
            .transaction(|(g, d, l, p, h)| {
                g.apply_batch(&games)?;
                d.apply_batch(&dedupe)?;
                l.apply_batch(&lists)?;
                p.apply_batch(&packed)?;
                h.apply_batch(&heads)?;
                Ok::<_, ConflictableTransactionError<Infallible>>(())
            })
            .map_err(|e| match e {
                TransactionError::Storage(e) => io(e),
                TransactionError::Abort(never) => match never {},
            })
    }
}

/// A sled batch of these writes (`Some`) and removals, in order.
fn batch(writes: impl IntoIterator<Item = ([u8; 8], Option<Vec<u8>>)>) -> sled::Batch {
    let mut batch = sled::Batch::default();
    for (key, value) in writes {
        match value {
            Some(value) => batch.insert(&key, value),
            None => batch.remove(&key),
        }
    }
    batch
}
