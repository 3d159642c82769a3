//! Packing a finished game's log ([`crate::packed`]) on sled: its entries in
//! `events` and `dedupe` become one record in the store's file of packed
//! logs (`packfile.rs`), which `packed` names: the record is written first,
//! then the entries it holds are removed one by one. Events appended after
//! the record stay entries of `events`.
//!
//! A read never waits for a packing: it reads a game's entries, and only
//! if some it asked for are missing (a packing removed them) reads the
//! packed record, which then exists (`reads.rs`).
//!
//! A value of `packed`: `upto` (u64, the last seq the record holds) ++ the
//! length of the hash of envelope `upto` (1 byte) ++ that hash (hex text)
//! ++ the record's [`Location`] in the file (12 bytes); then, once the
//! game's head and meta are folded into it (`stored.rs`), the length of its
//! encoded head (u16) ++ that head ++ its meta (JSON, the rest).
//!
//! After a packing, the packer asks the writer thread to fold the game
//! ([`SledStore::fold_later`]): only the writer thread writes heads.

use std::sync::mpsc::Receiver;
use std::sync::{Arc, Weak};

use super::keys::{dedupe_key, event_key, game_key};
use super::packfile::{Location, PackFile};
use super::types::Request;
use super::{Inner, SledStore, io};
use crate::packed::{self, Unpacked};
use crate::packing::{PackJob, ReadLog, left_unpacked, pack_whole};
use crate::shared::decode_envelope;
use crate::transfer::DedupeExport;
use crate::{GameId, GameRecord, GameStatus, StoreError};

/// The value of `packed` for a record at `at`.
pub(crate) fn packed_value(upto: u64, hash: &str, at: Location) -> Result<Vec<u8>, StoreError> {
    let length = u8::try_from(hash.len())
        .map_err(|_| StoreError::Corrupt(format!("a head hash of {} bytes", hash.len())))?;
    let mut value = Vec::with_capacity(9 + hash.len() + 12);
    value.extend_from_slice(&upto.to_be_bytes());
    value.push(length);
    value.extend_from_slice(hash.as_bytes());
    value.extend_from_slice(&at.to_bytes());
    Ok(value)
}

/// A value of `packed`, read.
pub(super) struct PackedValue<'a> {
    /// The last seq the record holds.
    pub(super) upto: u64,
    /// The hash of envelope `upto`.
    pub(super) hash: &'a str,
    /// Where the record is in the file.
    pub(super) at: Location,
    /// The value without its fold: what `packed` holds for a game whose
    /// head and meta are in `heads` and `games`.
    pub(super) unfolded: &'a [u8],
    /// The game's head and meta, when they are folded into the value.
    pub(super) fold: Option<Fold<'a>>,
}

/// A finished game's head and meta as folded into its `packed` value.
pub(super) struct Fold<'a> {
    /// Its head, encoded as in `heads`.
    pub(super) head: &'a [u8],
    /// Its meta, encoded as in `games`.
    pub(super) meta: &'a [u8],
}

/// A value of `packed` of game `id`, read.
pub(super) fn read_packed_value(id: GameId, value: &[u8]) -> Result<PackedValue<'_>, StoreError> {
    let bad = || StoreError::Corrupt(format!("the packed log of game {id}"));
    let (upto, rest) = value.split_at_checked(8).ok_or_else(bad)?;
    let upto = u64::from_be_bytes(upto.try_into().map_err(|_| bad())?);
    let (&length, rest) = rest.split_first().ok_or_else(bad)?;
    let (hash, rest) = rest.split_at_checked(usize::from(length)).ok_or_else(bad)?;
    let hash = std::str::from_utf8(hash).map_err(|_| bad())?;
    let (at, rest) = rest.split_at_checked(12).ok_or_else(bad)?;
    let at = Location::from_bytes(at).ok_or_else(bad)?;
    let unfolded = &value[..value.len() - rest.len()];
    let fold = if rest.is_empty() {
        None
    } else {
        let (head_length, rest) = rest.split_at_checked(2).ok_or_else(bad)?;
        let head_length = u16::from_be_bytes(head_length.try_into().map_err(|_| bad())?);
        let (head, meta) = rest
            .split_at_checked(usize::from(head_length))
            .ok_or_else(bad)?;
        Some(Fold { head, meta })
    };
    Ok(PackedValue {
        upto,
        hash,
        at,
        unfolded,
        fold,
    })
}

/// The value of `packed` that folds a game's encoded `head` and `meta`
/// into its `unfolded` value.
pub(super) fn folded_value(
    unfolded: &[u8],
    head: &[u8],
    meta: &[u8],
) -> Result<Vec<u8>, StoreError> {
    let head_length = u16::try_from(head.len())
        .map_err(|_| StoreError::Corrupt(format!("a head of {} bytes", head.len())))?;
    let mut value = Vec::with_capacity(unfolded.len() + 2 + head.len() + meta.len());
    value.extend_from_slice(unfolded);
    value.extend_from_slice(&head_length.to_be_bytes());
    value.extend_from_slice(head);
    value.extend_from_slice(meta);
    Ok(value)
}

/// Game `id`'s stored record, if it is packed: `upto`, the head hash and
/// the packed log, read from `file` where `packed` says it is.
pub(crate) fn read_record(
    packed: &sled::Tree,
    file: &PackFile,
    id: GameId,
) -> Result<Option<(u64, String, Vec<u8>)>, StoreError> {
    let Some(value) = packed.get(game_key(id)).map_err(io)? else {
        return Ok(None);
    };
    let value = read_packed_value(id, &value)?;
    let log = file.read(id, value.at)?;
    Ok(Some((value.upto, value.hash.to_owned(), log)))
}

/// Stores game `id`'s packed `log`, which holds envelopes up to `upto`,
/// the last with hash `hash`: on disk in `file` first, then where it is
/// in `packed` (keeping the game's head and meta if they are folded there).
pub(crate) fn write_record(
    packed: &sled::Tree,
    file: &PackFile,
    id: GameId,
    (upto, hash): (u64, &str),
    log: &[u8],
) -> Result<(), StoreError> {
    let at = file.append(&[(id, log)])?[0];
    let mut value = packed_value(upto, hash, at)?;
    if let Some(old) = packed.get(game_key(id)).map_err(io)?
        && let Some(fold) = read_packed_value(id, &old)?.fold
    {
        value = folded_value(&value, fold.head, fold.meta)?;
    }
    packed.insert(game_key(id), value).map_err(io)?;
    Ok(())
}

impl SledStore {
    /// Game `id`'s packed log, read from `packed` (not kept): when
    /// `checked`, refused unless its chain ends at the hash kept with it.
    pub(super) fn read_packed(
        &self,
        id: GameId,
        checked: bool,
    ) -> Result<Option<Unpacked>, StoreError> {
        let inner = &self.inner;
        let Some((upto, hash, log)) = read_record(&inner.trees.packed, &inner.packfile, id)? else {
            return Ok(None);
        };
        packed::unpack_record(id, (upto, &hash, &log), checked).map(Some)
    }

    /// Game `id`'s packed log if it runs past seq `after`, from memory or
    /// read (checked) and kept.
    pub(super) fn packed_log(
        &self,
        id: GameId,
        after: u64,
    ) -> Result<Option<Arc<Unpacked>>, StoreError> {
        // A read of no envelope never takes the log whole: it is kept.
        Ok(self.packed_read(id, after, 0)?.map(ReadLog::into_shared))
    }

    /// Game `id`'s packed log if it runs past seq `after`, for a read of at
    /// most `limit` envelopes after `after`: from memory, or read (checked)
    /// and kept unless the read takes it whole ([`PackCaches::for_read`]).
    ///
    /// [`PackCaches::for_read`]: crate::packing::PackCaches::for_read
    pub(super) fn packed_read(
        &self,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> Result<Option<ReadLog>, StoreError> {
        if let Some(log) = self.inner.packs.unpacked(id) {
            return Ok((log.envelopes.len() as u64 > after).then_some(ReadLog::Kept(log)));
        }
        // A poll for what is new past a packed log does not unpack it.
        let Some(value) = self.inner.trees.packed.get(game_key(id)).map_err(io)? else {
            return Ok(None);
        };
        if read_packed_value(id, &value)?.upto <= after {
            return Ok(None);
        }
        let Some(log) = self.read_packed(id, true)? else {
            return Ok(None);
        };
        Ok(Some(self.inner.packs.for_read(id, log, after, limit)))
    }

    /// Whether game `id`'s log is packed.
    pub fn is_packed(&self, id: GameId) -> Result<bool, StoreError> {
        self.inner
            .trees
            .packed
            .contains_key(game_key(id))
            .map_err(io)
    }

    /// Whether game `id`'s head and meta are folded into its `packed`
    /// value (`stored.rs`).
    pub fn is_folded(&self, id: GameId) -> Result<bool, StoreError> {
        match self.inner.trees.packed.get(game_key(id)).map_err(io)? {
            Some(value) => Ok(read_packed_value(id, &value)?.fold.is_some()),
            None => Ok(false),
        }
    }

    /// Packs game `id`'s log if the game is finished and not packed yet:
    /// `Ok(true)` when it did. Reads answer the same before and after.
    /// A finished game packed now or before and not folded yet is then
    /// queued to be folded ([`SledStore::fold_later`]).
    /// Given the game's chain key, the commitments it gives are left out.
    /// The entries of a game packed before (a crash cut its removal short)
    /// are removed.
    pub fn pack(&self, id: GameId, chain_key: Option<&[u8; 32]>) -> Result<bool, StoreError> {
        let trees = &self.inner.trees;
        let Some(record) = self.read_game(id)? else {
            return Ok(false);
        };
        if let Some(value) = trees.packed.get(game_key(id)).map_err(io)? {
            let value = read_packed_value(id, &value)?;
            self.remove_packed_entries(id, value.upto)?;
            if value.fold.is_none() && record.status == GameStatus::Finished {
                self.fold_later(id);
            }
            return Ok(false);
        }
        if record.status != GameStatus::Finished {
            return Ok(false);
        }
        // Events 1..=version never change once committed, and appends after
        // them write neither these entries nor these dedupe keys.
        let version = record.version;
        let mut envelopes = Vec::new();
        for item in trees
            .events
            .range(event_key(id, 1)..=event_key(id, version.max(1)))
        {
            let (_, value) = item.map_err(io)?;
            envelopes.push(decode_envelope(&value)?);
        }
        // A retry of an action that wrote no event at the log's end comes at
        // the game's version: its dedupe entry stays for the writer to find.
        let dedupe: Vec<DedupeExport> = self
            .dedupe_entries(id)?
            .into_iter()
            .filter(|d| d.first <= version)
            .collect();
        let head = (version, record.head_hash.as_str());
        let log = pack_whole(id, &envelopes, &dedupe, chain_key, head)?;
        // The record on disk first, then where it is, then the entries it
        // holds: sled recovers a prefix of its log, so no crash keeps a
        // removal without the record.
        write_record(&trees.packed, &self.inner.packfile, id, head, &log)?;
        self.remove_packed_entries(id, version)?;
        self.fold_later(id);
        Ok(true)
    }

    /// Removes game `id`'s entries that its packed record holds (events
    /// `1..=upto`, then the dedupe entries of their actions), one by one.
    /// Events go first: a read that finds every event it asked for before a
    /// packing began found every dedupe entry read before them.
    ///
    /// Single removes, not batches: a batch (like a transaction) takes
    /// sled's process-wide write lock, which only the writer thread takes
    /// (see `docs/decisions.md`), and single removes never hold up appends.
    fn remove_packed_entries(&self, id: GameId, upto: u64) -> Result<(), StoreError> {
        let trees = &self.inner.trees;
        let events: Vec<sled::IVec> = trees
            .events
            .range(event_key(id, 1)..=event_key(id, upto.max(1)))
            .keys()
            .collect::<Result<_, _>>()
            .map_err(io)?;
        let dedupe: Vec<sled::IVec> = self
            .dedupe_entries(id)?
            .into_iter()
            .filter(|d| d.first <= upto)
            .map(|d| dedupe_key(id, &d.action_id).into())
            .collect();
        for (tree, keys) in [(&trees.events, events), (&trees.dedupe, dedupe)] {
            for key in keys {
                tree.remove(key).map_err(io)?;
            }
        }
        Ok(())
    }

    /// Packs every finished game not packed yet (those that finished
    /// before packing existed, or whose packing a crash cut short), each
    /// with the chain key `key_of` finds in its record, if any: how many it
    /// packed. Every finished game packed but not folded is queued to be
    /// folded (done before the store closes).
    pub fn pack_finished(
        &self,
        key_of: impl Fn(&GameRecord) -> Option<[u8; 32]>,
    ) -> Result<u64, StoreError> {
        let mut packed = 0;
        for id in self.stored_ids()? {
            let Some(record) = self.read_game(id)? else {
                continue;
            };
            if record.status == GameStatus::Finished {
                packed += u64::from(self.pack(id, key_of(&record).as_ref())?);
            }
        }
        Ok(packed)
    }

    /// Asks the writer thread to fold finished game `id`'s head and meta
    /// into its `packed` value (`stored.rs`), without waiting: the request
    /// is queued at once, and the writer serves every queued request before
    /// it stops.
    pub(super) fn fold_later(&self, id: GameId) {
        drop(self.inner.writer.submit(Request::Fold { id }));
    }

    /// Queues game `id` for the packer thread (after the append that
    /// finished it), without waiting.
    pub(super) fn pack_later(&self, id: GameId, chain_key: Option<[u8; 32]>) {
        if self.inner.packer.try_send((id, chain_key)).is_err() {
            left_unpacked(id);
        }
    }
}

/// Starts the thread that packs the games [`SledStore::pack_later`]
/// queues in `jobs`, one at a time; it stops with the store (it holds the store
/// only while it packs).
pub(super) fn start_packer(store: Weak<Inner>, jobs: Receiver<PackJob>) -> Result<(), StoreError> {
    std::thread::Builder::new()
        .name("bang-sled-packer".into())
        .spawn(move || {
            for (id, chain_key) in jobs {
                let Some(inner) = store.upgrade() else {
                    return;
                };
                if let Err(e) = (SledStore { inner }).pack(id, chain_key.as_ref()) {
                    tracing::warn!(game = %id, error = %e, "packing a finished game's log failed");
                }
            }
        })
        .map(drop)
        .map_err(|e| StoreError::Io(format!("start the packer thread: {e}")))
}
