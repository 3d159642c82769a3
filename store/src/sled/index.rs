//! The list indexes, kept as runs ([`super::runs`]) in the tree `lists`:
//! every game has four entries there, each a filter's prefix followed by its
//! `created` key (creation time in milliseconds ++ id): `A` (every game),
//! `S` ++ status, `R` ++ ruleset ++ 0, and `B` ++ status ++ ruleset ++ 0. A
//! status change moves its `S` and `B` entries. Also here: the list cursor
//! (a `created` key in hex), and the building of `lists` in a store made
//! before it (which kept the entries one per sled key, in `by_created` and
//! `by_filter`).

use chrono::{DateTime, Utc};

use super::runs::Entry;
use super::{Trees, io};
use crate::shared::status_byte;
use crate::{GameId, GameStatus, StoreError};

/// The `created` key of a game: its creation time in milliseconds ++ its id.
pub(super) fn created_key(created_at: DateTime<Utc>, id: GameId) -> [u8; 16] {
    let millis = u64::try_from(created_at.timestamp_millis()).unwrap_or(0);
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&millis.to_be_bytes());
    k[8..].copy_from_slice(&id.0.to_be_bytes());
    k
}

/// The `lists` prefix of a list query's filters.
pub(super) fn list_prefix(status: Option<GameStatus>, ruleset: Option<&str>) -> Vec<u8> {
    let mut key = Vec::with_capacity(2 + ruleset.map_or(0, str::len) + 1);
    match (status, ruleset) {
        (None, None) => key.push(b'A'),
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
    key
}

/// A `lists` prefix followed by a game's `created` key.
pub(super) fn with_created(mut prefix: Vec<u8>, created: &[u8; 16]) -> Vec<u8> {
    prefix.extend_from_slice(created);
    prefix
}

/// The `lists` entries of a game that depend on its status.
pub(super) fn status_keys(status: GameStatus, ruleset: &str, created: &[u8; 16]) -> [Vec<u8>; 2] {
    [
        list_prefix(Some(status), None),
        list_prefix(Some(status), Some(ruleset)),
    ]
    .map(|p| with_created(p, created))
}

/// Every `lists` entry of a game.
pub(super) fn list_keys(status: GameStatus, ruleset: &str, created: &[u8; 16]) -> [Vec<u8>; 4] {
    let [a, b] = status_keys(status, ruleset, created);
    let c = with_created(list_prefix(None, Some(ruleset)), created);
    let d = with_created(list_prefix(None, None), created);
    [a, b, c, d]
}

/// The marker, in the tree `meta`, of a store whose lists are runs.
const LISTS_BUILT: &[u8] = b"index/lists";

/// Builds the `lists` runs of a store made before them, once, from its
/// games, then drops the trees that held the entries one per key.
pub(super) fn build_lists(db: &sled::Db, trees: &Trees) -> Result<(), StoreError> {
    let meta = db.open_tree("meta").map_err(io)?;
    if meta.get(LISTS_BUILT).map_err(io)?.is_none() {
        // An earlier build that a crash cut short is started again.
        trees.lists.tree().clear().map_err(io)?;
        let ids = trees.game_ids()?;
        let games = ids.into_iter().map(|id| -> Result<Vec<Entry>, StoreError> {
            let Some(game) = trees.game(id)? else {
                return Ok(Vec::new());
            };
            let created = created_key(game.meta.created_at, id);
            Ok(list_keys(game.head.status, &game.meta.ruleset, &created)
                .into_iter()
                .map(|key| (key, Vec::new()))
                .collect())
        });
        trees.lists.put_all(games)?;
        meta.insert(LISTS_BUILT, b"1").map_err(io)?;
        db.flush().map_err(io)?;
    }
    for old in ["by_created", "by_filter"] {
        if super::has_tree(db, old) {
            db.drop_tree(old).map_err(io)?;
        }
    }
    // The marker of the old layout's filter index.
    meta.remove(b"index/by_filter").map_err(io)?;
    Ok(())
}

/// The `created` key a list cursor names, if it is one this store gave.
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
