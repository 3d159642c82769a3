//! The reads of the sled backend, straight from the trees (not through the
//! writer thread): a game's record, its committed events, the runs its action
//! ids name, a page of the list, and the walk of its chain.

use std::ops::Bound;

use super::codec::{DedupeEntry, read_dedupe, record};
use super::index::{list_prefix, parse_cursor, with_created};
use super::keys::{dedupe_key, event_key, game_key, two_u64};
use super::pack::read_record;
use super::{SledStore, io};
use crate::canonical::hex;
use crate::shared::{Checked, decode_envelope, list_limit, verify_log_after};
use crate::transfer::DedupeExport;
use crate::types::same_action;
use crate::{Envelope, GameId, GameRecord, ListQuery, Page, StoreError, Verification};

impl SledStore {
    /// The version of a game's head (0 for an unknown game): its committed log
    /// ends there.
    fn committed_version(&self, id: GameId) -> Result<u64, StoreError> {
        Ok(self.inner.trees.head(id)?.map_or(0, |head| head.version))
    }

    /// The dedupe entry of `action_id` in game `id`.
    fn dedupe_entry(&self, id: GameId, action_id: &str) -> Result<Option<DedupeEntry>, StoreError> {
        let Some(seen) = self
            .inner
            .trees
            .dedupe
            .get(dedupe_key(id, action_id))
            .map_err(io)?
        else {
            return Ok(None);
        };
        read_dedupe(&seen)
            .map(Some)
            .ok_or_else(|| StoreError::Corrupt(format!("dedupe entry of game {id}")))
    }

    /// Envelopes `first..first + count` of a game, which must all exist (in
    /// its entries, or, if some are missing, its packed log).
    pub(super) fn read_run(
        &self,
        id: GameId,
        first: u64,
        count: u64,
    ) -> Result<Vec<Envelope>, StoreError> {
        let end = first
            .checked_add(count)
            .ok_or_else(|| StoreError::Corrupt("dedupe entry out of range".into()))?;
        let out = self.entries(id, first, end.saturating_sub(1), usize::MAX)?;
        if out.len() as u64 == count {
            return Ok(out);
        }
        if let Some(packed) = self.packed_log(id, 0)?
            && let Some(run) = packed.run(first, count)
        {
            return Ok(run.to_vec());
        }
        Err(StoreError::Corrupt(format!(
            "game {id}: dedupe entry names {count} events from {first}, found {}",
            out.len()
        )))
    }

    /// A game's event entries `from..=to`, at most `limit`.
    fn entries(
        &self,
        id: GameId,
        from: u64,
        to: u64,
        limit: usize,
    ) -> Result<Vec<Envelope>, StoreError> {
        let mut out = Vec::with_capacity(limit.min(1024));
        if from > to {
            return Ok(out);
        }
        let range = event_key(id, from)..=event_key(id, to);
        for item in self.inner.trees.events.range(range).take(limit) {
            let (_, value) = item.map_err(io)?;
            out.push(decode_envelope(&value)?);
        }
        Ok(out)
    }

    /// A game's dedupe entries (not those in its packed log), sorted.
    pub(super) fn dedupe_entries(&self, id: GameId) -> Result<Vec<DedupeExport>, StoreError> {
        let mut dedupe = Vec::new();
        for item in self.inner.trees.dedupe.scan_prefix(game_key(id)) {
            let (key, value) = item.map_err(io)?;
            let bad = || StoreError::Corrupt(format!("dedupe entry of game {id}"));
            let action_id = String::from_utf8(key[8..].to_vec()).map_err(|_| bad())?;
            let (first, count, digest) = read_dedupe(&value).ok_or_else(bad)?;
            dedupe.push(DedupeExport {
                action_id,
                first,
                count,
                digest,
            });
        }
        dedupe.sort();
        Ok(dedupe)
    }

    /// A game's committed log from seq `after + 1` up to `version`, at most
    /// `limit` envelopes: its entries, unless some are missing (a packing
    /// removed them, after it wrote its record), then its packed log and
    /// the entries past it.
    fn log_after(
        &self,
        id: GameId,
        after: u64,
        version: u64,
        limit: usize,
    ) -> Result<Vec<Envelope>, StoreError> {
        let start = after.saturating_add(1);
        let rows = self.entries(id, start, version, limit)?;
        let want = usize::try_from(version - after).map_or(limit, |n| n.min(limit));
        let whole = rows.len() == want
            && rows.first().is_none_or(|e| e.seq == start)
            && rows.last().is_none_or(|e| e.seq + 1 == start + want as u64);
        if whole {
            return Ok(rows);
        }
        let Some(packed) = self.packed_read(id, after, limit)? else {
            return Ok(rows);
        };
        let later = self.entries(id, packed.upto().saturating_add(1), version, limit)?;
        Ok(packed.after(after, later, limit))
    }

    /// The ids of every stored game, in id order.
    pub(super) fn stored_ids(&self) -> Result<Vec<GameId>, StoreError> {
        self.inner.trees.game_ids()
    }

    /// See [`crate::EventStore::game`].
    pub(crate) fn read_game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        Ok(self
            .inner
            .trees
            .game(id)?
            .map(|stored| record(id, stored.head, stored.meta)))
    }

    /// See [`crate::EventStore::events`].
    pub(crate) fn read_events(
        &self,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Envelope>, StoreError> {
        let Some(start) = after.checked_add(1) else {
            return Ok(Vec::new());
        };
        if limit == 0 {
            return Ok(Vec::new());
        }
        // The log ends at the head: events past it are not committed.
        let version = self.committed_version(id)?;
        if start > version {
            return Ok(Vec::new());
        }
        self.log_after(id, after, version, limit)
    }

    /// See [`crate::EventStore::find_action`].
    pub(crate) fn read_find_action(
        &self,
        id: GameId,
        action_id: &str,
        digest: Option<&[u8; 32]>,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        if let Some((first, count, recorded)) = self.dedupe_entry(id, action_id)? {
            same_action(recorded.as_ref(), digest)?;
            return self.read_run(id, first, count).map(Some);
        }
        match self.packed_log(id, 0)? {
            Some(packed) => packed.find_action(action_id, digest),
            None => Ok(None),
        }
    }

    /// See [`crate::EventStore::list`].
    pub(crate) fn read_list(&self, query: &ListQuery) -> Result<Page, StoreError> {
        let limit = list_limit(query.limit);
        // A cursor this store did not give is an empty page.
        let cursor = match query.cursor.as_deref().map(parse_cursor) {
            Some(None) => return Ok(Page::default()),
            parsed => parsed.flatten(),
        };
        // Filtered lists walk the filter's own index: only the games listed
        // are read (plus one, to know whether a next page exists).
        let prefix = list_prefix(query.status, query.ruleset.as_deref());
        let iter = match cursor {
            None => self.inner.trees.lists.scan_prefix(&prefix, true),
            Some(key) => self.inner.trees.lists.scan(
                Bound::Included(prefix.clone()),
                Bound::Excluded(with_created(prefix.clone(), &key)),
                true,
            ),
        };
        let mut games = Vec::with_capacity(limit.min(64));
        let mut last_key: Option<Vec<u8>> = None;
        for item in iter {
            let (key, _) = item?;
            let key = key
                .get(prefix.len()..)
                .filter(|k| k.len() == 16)
                .ok_or_else(|| StoreError::Corrupt("list index key is malformed".into()))?
                .to_vec();
            let (_, raw_id) = two_u64(&key)
                .ok_or_else(|| StoreError::Corrupt("a list key is not 16 bytes".into()))?;
            // The index and the record are written in one transaction; a
            // missing record would be an orphan entry, not worth failing for.
            let Some(record) = self.read_game(GameId(raw_id))? else {
                continue;
            };
            if query.status.is_some_and(|s| s != record.status)
                || query.ruleset.as_ref().is_some_and(|r| *r != record.ruleset)
            {
                continue;
            }
            if games.len() == limit {
                // One more match exists: there is a next page.
                return Ok(Page {
                    games,
                    next_cursor: last_key.map(|k| hex(&k)),
                });
            }
            games.push(record);
            last_key = Some(key);
        }
        Ok(Page {
            games,
            next_cursor: None,
        })
    }

    /// See [`crate::EventStore::verify_with`].
    pub(crate) fn read_verify_with(
        &self,
        id: GameId,
        chain_key: Option<&[u8; 32]>,
    ) -> Result<Verification, StoreError> {
        let record = self.read_game(id)?.ok_or(StoreError::NotFound)?;
        // The log ends at the head's version (anything past it is not
        // committed, see the module docs).
        let rows = self.seq_entries(id, 1, record.version)?;
        if rows.len() as u64 == record.version {
            return verify_log_after(
                Checked::default(),
                record.version,
                record.head_hash,
                rows.into_iter().map(Ok),
                chain_key,
            );
        }
        // Some are missing: the log is packed (or being packed), or
        // damaged. A packed log's chain is recomputed as it is unpacked;
        // what is left to check is each commitment against its event, given
        // the key. An alteration shows where it breaks the chain, at the
        // latest at the head.
        let inner = &self.inner;
        let Some((upto, hash, log)) = read_record(&inner.trees.packed, &inner.packfile, id)? else {
            let rows = rows.into_iter().map(Ok);
            return verify_log_after(
                Checked::default(),
                record.version,
                record.head_hash,
                rows,
                chain_key,
            );
        };
        let packed = inner.packs.to_verify(id, (upto, &hash, &log))?;
        let checked = packed.check(chain_key);
        let rows = self.seq_entries(id, checked.count.saturating_add(1), record.version)?;
        let rows = rows.into_iter().map(Ok);
        verify_log_after(checked, record.version, record.head_hash, rows, chain_key)
    }

    /// A game's event entries `from..=to` as stored, each with the seq of
    /// its key (0 for a malformed key, which then matches no seq).
    fn seq_entries(
        &self,
        id: GameId,
        from: u64,
        to: u64,
    ) -> Result<Vec<(u64, sled::IVec)>, StoreError> {
        if from > to {
            return Ok(Vec::new());
        }
        self.inner
            .trees
            .events
            .range(event_key(id, from)..=event_key(id, to))
            .map(|item| {
                let (key, value) = item.map_err(io)?;
                Ok((two_u64(&key).map_or(0, |(_, seq)| seq), value))
            })
            .collect()
    }
}
