//! What packing ([`crate::packed`]) keeps in memory, the same on either
//! backend: unpacked logs for reads (a packed log never changes), and the
//! last records packed for bulk writes of copies of one log (`scale`); and
//! the queue of finished games each backend packs one at a time, so that
//! packings take at most one core and one log's memory however many games
//! finish together.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use sha2::{Digest, Sha256};

use crate::packed::{self, Unpacked};
use crate::transfer::{DedupeExport, GameExport};
use crate::{Envelope, GameId, StoreError, ZERO_HASH};

/// Memory the unpacked logs kept for reads may take: a rewind or an audit
/// reads one log several times, and a long game's takes ~6 ms to unpack.
const UNPACKED_BUDGET: usize = 24 << 20;

/// Packed records kept for bulk writes of copies of one log.
const COPIES_KEPT: usize = 64;

/// How many finished games may wait to be packed; past it a game is left
/// as it is (and logged), for `bang-store pack`.
pub(crate) const PACK_QUEUE: usize = 4_096;

/// A finished game to pack, with its chain key if the append gave one.
pub(crate) type PackJob = (GameId, Option<[u8; 32]>);

/// Logs a game left unpacked because the queue was full or gone.
pub(crate) fn left_unpacked(id: GameId) {
    tracing::warn!(
        game = %id,
        "too many finished games wait to be packed: this one is left as it is (`bang-store pack` packs it)"
    );
}

/// Packs game `id`'s whole log at `version`, ending at `head_hash`, for a
/// packing that replaces its entries: refused unless it reads back as the
/// whole log, ending at the game's head.
pub(crate) fn pack_whole(
    id: GameId,
    envelopes: &[Envelope],
    dedupe: &[DedupeExport],
    chain_key: Option<&[u8; 32]>,
    (version, head_hash): (u64, &str),
) -> Result<Vec<u8>, StoreError> {
    let log = packed::pack(envelopes, dedupe, chain_key)?;
    let unpacked = packed::unpack(&log, head_hash)?;
    if unpacked.envelopes.len() as u64 != version {
        return Err(StoreError::Corrupt(format!(
            "game {id}: {} envelopes for version {version}",
            unpacked.envelopes.len()
        )));
    }
    Ok(log)
}

/// A bulk write's packing, by what it packed: a log (its envelope count
/// and its last envelope's text, which holds the head hash), its chain key
/// and the dedupe entries it packs give one record.
type CopyKey = (usize, String, Option<[u8; 32]>, Vec<DedupeExport>);

/// A finished game as a bulk write stores it: its packed log, and the
/// dedupe entries left out of it.
pub(crate) struct PackedGame {
    /// The last seq the record holds.
    pub(crate) upto: u64,
    /// The hash of envelope `upto` (the zero hash for an empty log).
    pub(crate) hash: String,
    /// The packed log.
    pub(crate) log: Vec<u8>,
    /// The dedupe entries stored as entries of their own: an action that
    /// wrote no event at the log's end, as a packing leaves it.
    pub(crate) tail: Vec<DedupeExport>,
}

/// What a bulk write keeps of a log it packed.
struct PackedCopy {
    hash: String,
    log: Vec<u8>,
}

/// A packed log as a read of its envelopes gets it: kept in memory for the
/// reads after it, or taken by this read alone.
pub(crate) enum ReadLog {
    /// Kept: the read copies the envelopes it returns.
    Kept(Arc<Unpacked>),
    /// Not kept: the read moves them out.
    Taken(Unpacked),
}

impl ReadLog {
    /// The last seq the log holds.
    pub(crate) fn upto(&self) -> u64 {
        let log = match self {
            ReadLog::Kept(log) => &**log,
            ReadLog::Taken(log) => log,
        };
        log.envelopes.len() as u64
    }

    /// The log itself, shared (a taken log then belongs to the caller).
    pub(crate) fn into_shared(self) -> Arc<Unpacked> {
        match self {
            ReadLog::Kept(log) => log,
            ReadLog::Taken(log) => Arc::new(log),
        }
    }

    /// Its envelopes after seq `after`, then `later` (the game's entries
    /// past it), at most `limit` in all.
    pub(crate) fn after(self, after: u64, later: Vec<Envelope>, limit: usize) -> Vec<Envelope> {
        match self {
            ReadLog::Kept(log) => log.after(after, later, limit),
            ReadLog::Taken(log) => log.into_after(after, later, limit),
        }
    }
}

/// Whether a read of at most `limit` envelopes after seq `after` takes the
/// whole of a log of `upto` envelopes from its start: a game loaded to be
/// folded, or copied. Such a read is seldom followed by another of the
/// same log soon, so the log is not kept: keeping it would cost a copy of
/// every envelope and evict the logs that are read again (a rewind's, a
/// page of events').
pub(crate) fn takes_whole(after: u64, limit: usize, upto: u64) -> bool {
    after == 0 && limit as u64 >= upto
}

/// A store's packing memory (see the module docs).
#[derive(Default)]
pub(crate) struct PackCaches {
    unpacked: Mutex<UnpackedLogs>,
    copies: Mutex<VecDeque<(CopyKey, PackedCopy)>>,
}

/// Unpacked logs by game, the oldest evicted first past the budget.
#[derive(Default)]
struct UnpackedLogs {
    logs: HashMap<GameId, Arc<Unpacked>>,
    order: VecDeque<GameId>,
    used: usize,
}

impl UnpackedLogs {
    fn put(&mut self, id: GameId, log: Arc<Unpacked>) {
        if log.bytes > UNPACKED_BUDGET / 4 || self.logs.contains_key(&id) {
            return;
        }
        while self.used + log.bytes > UNPACKED_BUDGET {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.logs.remove(&old) {
                self.used -= gone.bytes;
            }
        }
        self.used += log.bytes;
        self.order.push_back(id);
        self.logs.insert(id, log);
    }
}

impl PackCaches {
    /// Game `id`'s unpacked log, if it is kept.
    pub(crate) fn unpacked(&self, id: GameId) -> Option<Arc<Unpacked>> {
        let logs = self.unpacked.lock().unwrap_or_else(PoisonError::into_inner);
        logs.logs.get(&id).cloned()
    }

    /// Game `id`'s log, just unpacked for a read of at most `limit`
    /// envelopes after seq `after`: kept for the reads after it, unless
    /// the read takes it whole ([`takes_whole`]).
    pub(crate) fn for_read(&self, id: GameId, log: Unpacked, after: u64, limit: usize) -> ReadLog {
        if takes_whole(after, limit, log.envelopes.len() as u64) {
            return ReadLog::Taken(log);
        }
        let log = Arc::new(log);
        self.keep(id, log.clone());
        ReadLog::Kept(log)
    }

    /// Keeps game `id`'s unpacked log (unless it alone would take a quarter
    /// of the budget), evicting the oldest past the budget.
    pub(crate) fn keep(&self, id: GameId, log: Arc<Unpacked>) {
        self.unpacked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .put(id, log);
    }

    /// Game `id`'s stored packed record (`upto`, `hash`, `log`) unpacked
    /// for a verification, which must check these very bytes: the log kept
    /// for reads if it was unpacked from them, else unpacked here without
    /// refusing a chain that does not end at `hash` (the verification says
    /// where it breaks), and kept for reads when it does end there. An
    /// audit then unpacks a long log once, not once per request.
    pub(crate) fn to_verify(
        &self,
        id: GameId,
        (upto, hash, log): (u64, &str, &[u8]),
    ) -> Result<Arc<Unpacked>, StoreError> {
        if let Some(kept) = self.unpacked(id)
            && kept.envelopes.len() as u64 == upto
            && kept.source == <[u8; 32]>::from(Sha256::digest(log))
        {
            return Ok(kept);
        }
        let unpacked = Arc::new(packed::unpack_record(id, (upto, hash, log), false)?);
        if unpacked.head_hash() == hash {
            self.keep(id, unpacked.clone());
        }
        Ok(unpacked)
    }

    /// A finished game of a bulk write, packed: a log copied many times
    /// (`scale`) is parsed and packed once.
    pub(crate) fn pack_game(&self, game: &GameExport) -> Result<PackedGame, StoreError> {
        let upto = game.envelopes.len() as u64;
        let (inside, tail): (Vec<_>, Vec<_>) =
            game.dedupe.iter().cloned().partition(|d| d.first <= upto);
        let last = game.envelopes.last().cloned().unwrap_or_default();
        let key: CopyKey = (game.envelopes.len(), last, game.chain_key, inside);
        let mut copies = self.copies.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, copy)) = copies.iter().find(|(k, _)| *k == key) {
            return Ok(PackedGame {
                upto,
                hash: copy.hash.clone(),
                log: copy.log.clone(),
                tail,
            });
        }
        let envelopes = packed::parse(&game.envelopes)?;
        let log = packed::pack(&envelopes, &key.3, game.chain_key.as_ref())?;
        let hash = envelopes
            .last()
            .map_or(ZERO_HASH.to_owned(), |e| e.hash.clone());
        if copies.len() == COPIES_KEPT {
            copies.pop_front();
        }
        let copy = PackedCopy {
            hash: hash.clone(),
            log: log.clone(),
        };
        copies.push_back((key, copy));
        Ok(PackedGame {
            upto,
            hash,
            log,
            tail,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packed::tests::log_of;
    use serde_json::json;

    #[test]
    fn a_read_that_takes_a_log_whole_moves_it_out_and_others_keep_it() {
        let envelopes = log_of(40);
        let log = packed::pack(&envelopes, &[], None).unwrap();
        let head = envelopes.last().unwrap().hash.clone();
        let unpacked = || packed::unpack(&log, &head).unwrap();
        let caches = PackCaches::default();
        // The whole log from its start: not kept, and read the same.
        for limit in [40, 41, usize::MAX] {
            let read = caches.for_read(GameId(1), unpacked(), 0, limit);
            assert!(matches!(read, ReadLog::Taken(_)));
            assert_eq!(read.after(0, Vec::new(), limit), envelopes);
        }
        assert!(caches.unpacked(GameId(1)).is_none());
        // Part of it: kept for the reads after it.
        for (id, after, limit) in [(2, 0, 39), (3, 1, 100), (4, 39, 1)] {
            let read = caches.for_read(GameId(id), unpacked(), after, limit);
            assert!(matches!(read, ReadLog::Kept(_)));
            assert_eq!(read.upto(), 40);
            let expected: Vec<_> = envelopes
                .iter()
                .skip(after as usize)
                .take(limit)
                .cloned()
                .collect();
            assert_eq!(read.after(after, Vec::new(), limit), expected);
            assert!(caches.unpacked(GameId(id)).is_some());
        }
    }

    #[test]
    fn a_verification_reuses_a_kept_log_only_for_the_bytes_it_came_from() {
        let id = GameId(7);
        let envelopes = log_of(40);
        let head = envelopes.last().unwrap().hash.clone();
        let log = packed::pack(&envelopes, &[], None).unwrap();
        let caches = PackCaches::default();
        let first = caches.to_verify(id, (40, &head, &log)).unwrap();
        let kept = caches.unpacked(id).expect("a sound log is kept for reads");
        assert!(Arc::ptr_eq(&kept, &first));
        let again = caches.to_verify(id, (40, &head, &log)).unwrap();
        assert!(
            Arc::ptr_eq(&again, &first),
            "the same bytes are not unpacked again"
        );

        // Altered bytes are unpacked again; their broken chain is not kept.
        let mut altered = envelopes.clone();
        altered[9].event = json!({"n": 1000});
        let bad = packed::pack(&altered, &[], None).unwrap();
        let broken = caches.to_verify(id, (40, &head, &bad)).unwrap();
        assert_ne!(broken.head_hash(), head);
        assert!(Arc::ptr_eq(&caches.unpacked(id).unwrap(), &first));

        // A record that claims another length is refused, kept log or not.
        assert!(matches!(
            caches.to_verify(id, (39, &head, &log)),
            Err(StoreError::Corrupt(_))
        ));
    }
}
