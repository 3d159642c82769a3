//! Where a game's head and meta are kept: in `heads` and `games` while it
//! is written to, or **folded** into its `packed` value once it is finished
//! and packed, so that a finished game takes one sled key, not three (sled
//! keeps memory for every key of an open database).
//!
//! Only the writer thread folds a game (on the packer's request, after a
//! packing) and unfolds it (when a write comes to a folded game): one
//! atomic write moves the head and meta from `heads` and `games` into the
//! `packed` value, or back. A game is never in both places once a write is
//! committed. A reader that looks in one place while a fold or an unfold
//! moves the game looks again.

use super::codec::{Meta, StoredHead};
use super::keys::game_key;
use super::pack::{Fold, read_packed_value};
use super::{Trees, io};
use crate::{GameId, StoreError};

/// How many times a read looks for a game's head and meta that a write
/// moved or changed while it read (see [`Trees::game`]): the first few
/// right away, then 1 ms apart (the writer may have been preempted).
const READ_ATTEMPTS: usize = 1_000;
const READ_SPINS: usize = 16;

/// A game's head and meta as stored, and where.
pub(super) struct Stored {
    /// Its head.
    pub(super) head: StoredHead,
    /// Its meta, of the head's generation.
    pub(super) meta: Meta,
    /// Whether they are folded into the game's `packed` value.
    pub(super) folded: bool,
}

/// Where a read found a game's head.
enum Found {
    /// In `heads`: the encoded head.
    Split(sled::IVec),
    /// Folded: the game's `packed` value.
    Folded(sled::IVec),
}

impl Trees {
    /// Where game `id`'s head is, if the game exists.
    fn find(&self, id: GameId) -> Result<Option<Found>, StoreError> {
        let key = game_key(id);
        for _ in 0..3 {
            if let Some(head) = self.heads.get(key).map_err(io)? {
                return Ok(Some(Found::Split(head)));
            }
            let Some(value) = self.packed.get(key).map_err(io)? else {
                return Ok(None);
            };
            if read_packed_value(id, &value)?.fold.is_some() {
                return Ok(Some(Found::Folded(value)));
            }
            // Unfolded between the two reads (or a packed record that no
            // committed head goes with, left by a crash): look again.
        }
        Ok(None)
    }

    /// Game `id`'s head, wherever it is kept.
    pub(super) fn head(&self, id: GameId) -> Result<Option<StoredHead>, StoreError> {
        match self.find(id)? {
            None => Ok(None),
            Some(Found::Split(head)) => StoredHead::decode(id, &head).map(Some),
            Some(Found::Folded(value)) => {
                StoredHead::decode(id, fold_of(id, &value)?.head).map(Some)
            }
        }
    }

    /// Game `id`'s head and meta, of one generation, wherever they are
    /// kept. A write between the reads of the head and of the meta (a new
    /// meta, a fold) makes it read both again.
    pub(super) fn game(&self, id: GameId) -> Result<Option<Stored>, StoreError> {
        let key = game_key(id);
        let mut attempts = 0;
        loop {
            let mismatch = match self.find(id)? {
                None => return Ok(None),
                Some(Found::Folded(value)) => {
                    let fold = fold_of(id, &value)?;
                    let head = StoredHead::decode(id, fold.head)?;
                    let meta = Meta::decode(id, fold.meta)?;
                    if head.generation != meta.generation {
                        return Err(generations(id, &head, &meta));
                    }
                    return Ok(Some(Stored {
                        head,
                        meta,
                        folded: true,
                    }));
                }
                // Head first: the meta a head names is committed with it or
                // before it, and a newer meta comes with a newer head.
                Some(Found::Split(head)) => {
                    let head = StoredHead::decode(id, &head)?;
                    match self.games.get(key).map_err(io)? {
                        // Folded since the head was read.
                        None => StoreError::Corrupt(format!("game {id} has a head but no meta")),
                        Some(meta) => {
                            let meta = Meta::decode(id, &meta)?;
                            if meta.generation == head.generation {
                                return Ok(Some(Stored {
                                    head,
                                    meta,
                                    folded: false,
                                }));
                            }
                            generations(id, &head, &meta)
                        }
                    }
                }
            };
            attempts += 1;
            if attempts == READ_ATTEMPTS {
                return Err(mismatch);
            }
            if attempts < READ_SPINS {
                std::thread::yield_now();
            } else {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }

    /// Whether a game, or a packed record, has id `id`: a new game takes
    /// an id that neither has.
    pub(super) fn id_in_use(&self, id: GameId) -> Result<bool, StoreError> {
        let key = game_key(id);
        Ok(self.heads.contains_key(key).map_err(io)?
            || self.packed.contains_key(key).map_err(io)?)
    }

    /// The ids of every stored game, in id order: those of `heads` and
    /// those folded into `packed`.
    pub(super) fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        let id_of = |key: &[u8]| {
            <[u8; 8]>::try_from(key)
                .map(|k| GameId(u64::from_be_bytes(k)))
                .map_err(|_| StoreError::Corrupt("a game key is not 8 bytes".into()))
        };
        let mut ids = Vec::new();
        for item in self.heads.iter().keys() {
            ids.push(id_of(&item.map_err(io)?)?);
        }
        for item in self.packed.iter() {
            let (key, value) = item.map_err(io)?;
            let id = id_of(&key)?;
            if read_packed_value(id, &value)?.fold.is_some() {
                ids.push(id);
            }
        }
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }
}

/// The fold of game `id`'s `packed` value, which [`Trees::find`] found
/// folded.
fn fold_of(id: GameId, value: &[u8]) -> Result<Fold<'_>, StoreError> {
    read_packed_value(id, value)?
        .fold
        .ok_or_else(|| StoreError::Corrupt(format!("game {id}'s fold")))
}

/// A head and a meta of different generations.
fn generations(id: GameId, head: &StoredHead, meta: &Meta) -> StoreError {
    StoreError::Corrupt(format!(
        "game {id}: head of meta generation {}, meta of generation {}",
        head.generation, meta.generation
    ))
}
