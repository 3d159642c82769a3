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
//! ++ the record's [`Location`] in the file (12 bytes).

use std::sync::mpsc::Receiver;
use std::sync::{Arc, Weak};

use super::keys::{dedupe_key, event_key, game_key};
use super::packfile::{Location, PackFile};
use super::{Inner, SledStore, io};
use crate::packed::{self, Unpacked};
use crate::packing::{PackJob, left_unpacked, pack_whole};
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

/// `upto`, the hash and the location of a value of `packed`.
fn read_packed_value(id: GameId, value: &[u8]) -> Result<(u64, &str, Location), StoreError> {
    let bad = || StoreError::Corrupt(format!("the packed log of game {id}"));
    let (upto, rest) = value.split_at_checked(8).ok_or_else(bad)?;
    let upto = u64::from_be_bytes(upto.try_into().map_err(|_| bad())?);
    let (&length, rest) = rest.split_first().ok_or_else(bad)?;
    let (hash, at) = rest.split_at_checked(usize::from(length)).ok_or_else(bad)?;
    let hash = std::str::from_utf8(hash).map_err(|_| bad())?;
    let at = Location::from_bytes(at).ok_or_else(bad)?;
    Ok((upto, hash, at))
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
    let (upto, hash, at) = read_packed_value(id, &value)?;
    Ok(Some((upto, hash.to_owned(), file.read(id, at)?)))
}

/// Stores game `id`'s packed `log`, which holds envelopes up to `upto`,
/// the last with hash `hash`: on disk in `file` first, then where it is
/// in `packed`.
pub(crate) fn write_record(
    packed: &sled::Tree,
    file: &PackFile,
    id: GameId,
    (upto, hash): (u64, &str),
    log: &[u8],
) -> Result<(), StoreError> {
    let at = file.append(&[(id, log)])?[0];
    packed
        .insert(game_key(id), packed_value(upto, hash, at)?)
        .map_err(io)?;
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
        if let Some(log) = self.inner.packs.unpacked(id) {
            return Ok((log.envelopes.len() as u64 > after).then_some(log));
        }
        // A poll for what is new past a packed log does not unpack it.
        let Some(value) = self.inner.trees.packed.get(game_key(id)).map_err(io)? else {
            return Ok(None);
        };
        if read_packed_value(id, &value)?.0 <= after {
            return Ok(None);
        }
        let Some(log) = self.read_packed(id, true)? else {
            return Ok(None);
        };
        let log = Arc::new(log);
        self.inner.packs.keep(id, log.clone());
        Ok(Some(log))
    }

    /// Whether game `id`'s log is packed.
    pub fn is_packed(&self, id: GameId) -> Result<bool, StoreError> {
        self.inner
            .trees
            .packed
            .contains_key(game_key(id))
            .map_err(io)
    }

    /// Packs game `id`'s log if the game is finished and not packed yet:
    /// `Ok(true)` when it did. Reads answer the same before and after.
    /// Given the game's chain key, the commitments it gives are left out.
    /// The entries of a game packed before (a crash cut its removal short)
    /// are removed.
    pub fn pack(&self, id: GameId, chain_key: Option<&[u8; 32]>) -> Result<bool, StoreError> {
        let trees = &self.inner.trees;
        let Some(record) = self.read_game(id)? else {
            return Ok(false);
        };
        if let Some(value) = trees.packed.get(game_key(id)).map_err(io)? {
            let upto = read_packed_value(id, &value)?.0;
            self.remove_packed_entries(id, upto)?;
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
    /// packed.
    pub fn pack_finished(
        &self,
        key_of: impl Fn(&GameRecord) -> Option<[u8; 32]>,
    ) -> Result<u64, StoreError> {
        let mut packed = 0;
        for id in self.stored_ids() {
            let id = id?;
            let Some(record) = self.read_game(id)? else {
                continue;
            };
            if record.status == GameStatus::Finished {
                packed += u64::from(self.pack(id, key_of(&record).as_ref())?);
            }
        }
        Ok(packed)
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
