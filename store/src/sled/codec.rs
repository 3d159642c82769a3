//! The values of a game's entries: its head (`heads`, binary), its meta
//! (`games`, JSON) and its dedupe entries (`dedupe`, binary). The module docs
//! of [`super`] give their layouts.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::keys::two_u64;
use crate::shared::{status_byte, status_of_byte};
use crate::{GameHead, GameId, GameRecord, GameStatus, StoreError};

/// The part of a game every write changes (the `heads` tree).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct StoredHead {
    pub(super) version: u64,
    /// The generation of the [`Meta`] this head goes with.
    pub(super) generation: u64,
    pub(super) status: GameStatus,
    pub(super) updated_at: DateTime<Utc>,
    pub(super) head_hash: String,
}

/// The fixed-size prefix of an encoded [`StoredHead`]; the hash text follows.
const HEAD_PREFIX: usize = 8 + 8 + 1 + 8 + 4;

impl StoredHead {
    /// Its bytes in `heads`.
    pub(super) fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEAD_PREFIX + self.head_hash.len());
        out.extend_from_slice(&self.version.to_be_bytes());
        out.extend_from_slice(&self.generation.to_be_bytes());
        out.push(status_byte(self.status));
        out.extend_from_slice(&self.updated_at.timestamp().to_be_bytes());
        out.extend_from_slice(&self.updated_at.timestamp_subsec_nanos().to_be_bytes());
        out.extend_from_slice(self.head_hash.as_bytes());
        out
    }

    /// The head of game `id` stored as `bytes`.
    pub(super) fn decode(id: GameId, bytes: &[u8]) -> Result<StoredHead, StoreError> {
        let bad = || StoreError::Corrupt(format!("head of game {id}"));
        let (prefix, hash) = bytes.split_at_checked(HEAD_PREFIX).ok_or_else(bad)?;
        let u64_at = |i: usize| -> Result<u64, StoreError> {
            let b: [u8; 8] = prefix[i..i + 8].try_into().map_err(|_| bad())?;
            Ok(u64::from_be_bytes(b))
        };
        let version = u64_at(0)?;
        let generation = u64_at(8)?;
        let status = status_of_byte(prefix[16]).ok_or_else(bad)?;
        let secs = i64::from_be_bytes(prefix[17..25].try_into().map_err(|_| bad())?);
        let nanos = u32::from_be_bytes(prefix[25..29].try_into().map_err(|_| bad())?);
        let updated_at = DateTime::from_timestamp(secs, nanos).ok_or_else(bad)?;
        let head_hash = std::str::from_utf8(hash).map_err(|_| bad())?.to_owned();
        Ok(StoredHead {
            version,
            generation,
            status,
            updated_at,
            head_hash,
        })
    }

    /// The head as the store's API gives it.
    pub(super) fn into_head(self) -> GameHead {
        GameHead {
            version: self.version,
            head_hash: self.head_hash,
            status: self.status,
            generation: self.generation,
            updated_at: self.updated_at,
        }
    }
}

/// The record of game `id` whose head and meta (of the same generation) are
/// these.
pub(super) fn record(id: GameId, head: StoredHead, meta: Meta) -> GameRecord {
    GameRecord {
        id,
        ruleset: meta.ruleset,
        status: head.status,
        version: head.version,
        head_hash: head.head_hash,
        generation: meta.generation,
        created_at: meta.created_at,
        updated_at: head.updated_at,
        data: meta.data,
    }
}

/// The part of a game that rarely changes (the `games` tree, as JSON).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct Meta {
    /// Incremented by each write of the meta; the head names the one it goes with.
    pub(super) generation: u64,
    pub(super) ruleset: String,
    pub(super) created_at: DateTime<Utc>,
    pub(super) data: Value,
}

impl Meta {
    /// Its bytes in `games`.
    pub(super) fn encode(&self) -> Result<Vec<u8>, StoreError> {
        serde_json::to_vec(self).map_err(|e| StoreError::Io(e.to_string()))
    }

    /// The meta of game `id` stored as `bytes`.
    pub(super) fn decode(id: GameId, bytes: &[u8]) -> Result<Meta, StoreError> {
        serde_json::from_slice(bytes)
            .map_err(|e| StoreError::Corrupt(format!("meta of game {id}: {e}")))
    }
}

/// A dedupe entry: first seq and count (16 bytes), then the action's digest
/// (32 bytes) when the append carried one.
pub(super) fn dedupe_value(first: u64, count: u64, digest: Option<&[u8; 32]>) -> Vec<u8> {
    let mut v = Vec::with_capacity(48);
    v.extend_from_slice(&first.to_be_bytes());
    v.extend_from_slice(&count.to_be_bytes());
    if let Some(digest) = digest {
        v.extend_from_slice(digest);
    }
    v
}

/// A dedupe entry: the first seq and count of its append, and its digest.
pub(super) type DedupeEntry = (u64, u64, Option<[u8; 32]>);

/// The first seq and count of a dedupe entry, and its digest if it has one.
pub(super) fn read_dedupe(bytes: &[u8]) -> Option<DedupeEntry> {
    let (run, digest) = match bytes.len() {
        16 => (bytes, None),
        48 => (&bytes[..16], Some(bytes[16..].try_into().ok()?)),
        _ => return None,
    };
    let (first, count) = two_u64(run)?;
    Some((first, count, digest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::ZERO_HASH;
    use crate::shared::now;

    #[test]
    fn dedupe_entries_round_trip() {
        assert_eq!(read_dedupe(&dedupe_value(7, 3, None)), Some((7, 3, None)));
        assert_eq!(
            read_dedupe(&dedupe_value(7, 3, Some(&[9; 32]))),
            Some((7, 3, Some([9; 32])))
        );
        assert_eq!(read_dedupe(&[0u8; 20]), None);
    }

    #[test]
    fn statuses_round_trip_through_their_byte() {
        for status in [GameStatus::Active, GameStatus::Finished, GameStatus::Open] {
            assert_eq!(status_of_byte(status_byte(status)), Some(status));
            let head = StoredHead {
                version: 3,
                generation: 2,
                status,
                updated_at: now(),
                head_hash: ZERO_HASH.to_owned(),
            };
            assert_eq!(StoredHead::decode(GameId(1), &head.encode()), Ok(head));
        }
        assert_eq!(status_byte(GameStatus::Open), 2);
        assert_eq!(status_of_byte(3), None);
    }
}
