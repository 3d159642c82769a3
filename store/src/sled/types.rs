//! What the writer thread and its callers hand each other, and what a game
//! write is made of on its way: the [`Request`]s the writer thread takes,
//! the [`Game`]s it keeps, a write [`Sealed`] with every fallible
//! computation made, and the [`Outcome`] (or [`Fail`]) of each request.
//!
//! These are the data shared by `writer.rs` (which checks the requests and
//! seals the writes), `commit.rs` (which plans and makes their writes),
//! `documents.rs` and `append.rs` (which submit requests and read the
//! outcomes); this file depends on none of them.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::codec::{Meta, StoredHead, record};
use crate::shared::{CREATE_ATTEMPTS, Write, envelopes, seal_events};
use crate::{Append, Envelope, GameHead, GameId, GameRecord, GameStatus, NewGame, StoreError};

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
    /// Write the document under `key` (its `doc_runs` key) if its revision is
    /// `expected`: to `value` (its JSON, encoded by the caller), or delete it.
    PutDoc {
        key: Vec<u8>,
        value: Option<Vec<u8>>,
        expected: u64,
    },
    /// Write every document of `writes` (`doc_runs` key, JSON or a delete,
    /// expected revision), all or none: each checked against the revision
    /// the writes before it leave.
    PutDocs { writes: Vec<EncodedPut> },
    /// Fold finished game `id`'s head and meta into its `packed` value
    /// (`stored.rs`), if it is packed and not folded yet.
    Fold { id: GameId },
}

/// A document write as the writer thread takes it: its `doc_runs` key, its JSON
/// (`None`: delete) and the revision it must be at.
pub(super) type EncodedPut = (Vec<u8>, Option<Vec<u8>>, u64);

/// A game as the writer thread keeps it. Cloning is cheap (the meta is shared).
#[derive(Clone, Debug)]
pub(super) struct Game {
    /// Its id.
    pub(super) id: GameId,
    /// Its head, as stored in `heads`.
    pub(super) head: StoredHead,
    /// Its meta, as stored in `games`.
    pub(super) meta: Arc<Meta>,
    /// Whether its head and meta are folded into its `packed` value
    /// instead (`stored.rs`): a write to it unfolds it.
    pub(super) folded: bool,
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
    /// Documents were written: each one's new revision (0: deleted).
    Docs { revisions: Vec<u64> },
    /// The game is folded, by this request or before it, or is not to be
    /// (not finished, or not packed).
    Folded,
}

/// A game write the writer thread made: the game after it, and the
/// envelopes' common time, first seq, first `prev_hash` and hashes (the
/// caller builds the envelopes from its events).
pub(super) struct Written {
    /// The game after the write.
    pub(super) game: Game,
    /// The time of every envelope of the write.
    pub(super) at: DateTime<Utc>,
    /// The seq of its first envelope.
    pub(super) first: u64,
    /// The `prev_hash` of its first envelope.
    pub(super) prev_hash: String,
    /// The hash of each envelope.
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

/// An accepted write of a game, with every fallible computation made: the
/// game after it, and what the batch must write for it.
pub(super) struct Sealed {
    /// The game after the write, and what its caller is answered.
    pub(super) written: Written,
    /// Its status before the write.
    pub(super) old_status: GameStatus,
    /// How many envelopes it writes.
    pub(super) count: u64,
    /// The stored bytes of its envelopes.
    pub(super) stored: Vec<Vec<u8>>,
    /// The game's meta as stored, if the write stores it.
    pub(super) meta: Option<Vec<u8>>,
}

impl Sealed {
    /// Seals `write`'s events after `game`'s head and moves the game on (its
    /// head, and its meta for new `data` or a `new` game).
    pub(super) fn new(
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
        game.folded = false;
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
/// stores it (a new game's always, a folded game's always since the write
/// unfolds it, another's only with new data).
fn next_meta(game: &mut Game, write: &Write, new: bool) -> Result<Option<Vec<u8>>, Fail> {
    if !new && write.data.is_none() && !game.folded {
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
