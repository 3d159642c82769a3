//! The list indexes: `by_created` (every game, by creation time) and
//! `by_filter` (the same keys behind a status and ruleset filter), their keys,
//! the list cursor (a `by_created` key in hex), and the building of
//! `by_filter` in a store made before it.

use chrono::{DateTime, Utc};

use super::codec::{Meta, StoredHead};
use super::keys::{game_key, two_u64};
use super::{Trees, io};
use crate::shared::status_byte;
use crate::{GameId, GameStatus, StoreError};

/// The `by_created` key of a game: its creation time in milliseconds ++ its id.
pub(super) fn created_key(created_at: DateTime<Utc>, id: GameId) -> [u8; 16] {
    let millis = u64::try_from(created_at.timestamp_millis()).unwrap_or(0);
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&millis.to_be_bytes());
    k[8..].copy_from_slice(&id.0.to_be_bytes());
    k
}

/// The `by_filter` prefix of a list query's filters (`None` without filters).
pub(super) fn filter_prefix(status: Option<GameStatus>, ruleset: Option<&str>) -> Option<Vec<u8>> {
    let mut key = Vec::with_capacity(2 + ruleset.map_or(0, str::len) + 1);
    match (status, ruleset) {
        (None, None) => return None,
        (Some(s), None) => key.extend_from_slice(&[b'S', status_byte(s)]),
        (None, Some(r)) => {
            key.push(b'R');
            key.extend_from_slice(r.as_bytes());
            key.push(0);
        }
        (Some(s), Some(r)) => {
            key.extend_from_slice(&[b'B', status_byte(s)]);
            key.extend_from_slice(r.as_bytes());
            key.push(0);
        }
    }
    Some(key)
}

/// A `by_filter` prefix followed by a game's `by_created` key.
pub(super) fn with_created(mut prefix: Vec<u8>, created: &[u8; 16]) -> Vec<u8> {
    prefix.extend_from_slice(created);
    prefix
}

/// The `by_filter` keys of a game that depend on its status.
pub(super) fn status_keys(status: GameStatus, ruleset: &str, created: &[u8; 16]) -> [Vec<u8>; 2] {
    [
        filter_prefix(Some(status), None),
        filter_prefix(Some(status), Some(ruleset)),
    ]
    .map(|p| with_created(p.unwrap_or_default(), created))
}

/// Every `by_filter` key of a game.
pub(super) fn filter_keys(status: GameStatus, ruleset: &str, created: &[u8; 16]) -> [Vec<u8>; 3] {
    let [a, b] = status_keys(status, ruleset, created);
    let c = with_created(
        filter_prefix(None, Some(ruleset)).unwrap_or_default(),
        created,
    );
    [a, b, c]
}

/// Builds the `by_filter` index of a store made before it, once.
pub(super) fn build_filter_index(db: &sled::Db, trees: &Trees) -> Result<(), StoreError> {
    const DONE: &[u8] = b"index/by_filter";
    let meta = db.open_tree("meta").map_err(io)?;
    if meta.get(DONE).map_err(io)?.is_some() {
        return Ok(());
    }
    let mut batch = sled::Batch::default();
    for item in trees.by_created.iter() {
        let (key, _) = item.map_err(io)?;
        let created: [u8; 16] = key
            .as_ref()
            .try_into()
            .map_err(|_| StoreError::Corrupt("by_created key is not 16 bytes".into()))?;
        let id = GameId(two_u64(&created).map_or(0, |(_, id)| id));
        let (Some(head), Some(game)) = (
            trees.heads.get(game_key(id)).map_err(io)?,
            trees.games.get(game_key(id)).map_err(io)?,
        ) else {
            continue;
        };
        let head = StoredHead::decode(id, &head)?;
        let game = Meta::decode(id, &game)?;
        for key in filter_keys(head.status, &game.ruleset, &created) {
            batch.insert(key, &[]);
        }
    }
    trees.by_filter.apply_batch(batch).map_err(io)?;
    meta.insert(DONE, b"1").map_err(io)?;
    db.flush().map_err(io)?;
    Ok(())
}

/// The `by_created` key a list cursor names, if it is one this store gave.
pub(super) fn parse_cursor(cursor: &str) -> Option<[u8; 16]> {
    if cursor.len() != 32 || !cursor.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut key = [0u8; 16];
    for (i, byte) in key.iter_mut().enumerate() {
        let pair = cursor.get(2 * i..2 * i + 2)?;
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::hex;

    #[test]
    fn cursors_round_trip_and_reject_junk() {
        let key = created_key(Utc::now(), GameId(42));
        assert_eq!(parse_cursor(&hex(&key)), Some(key));
        assert_eq!(parse_cursor(""), None);
        assert_eq!(parse_cursor("zz"), None);
        assert_eq!(parse_cursor(&"g".repeat(32)), None);
        assert_eq!(parse_cursor(&"é".repeat(16)), None);
        assert_eq!(parse_cursor("+1000000000000000000000000000000"), None);
    }
}
