//! [`EventStore`] on sled 0.34.7.
//!
//! Trees (all integers big-endian, so byte order is numeric order):
//!
//! | tree         | key                                  | value                       |
//! |--------------|--------------------------------------|-----------------------------|
//! | `games`      | game id (8 bytes)                    | [`GameRecord`] as JSON      |
//! | `events`     | game id ++ seq (16 bytes)            | [`Envelope`] as JSON        |
//! | `dedupe`     | game id ++ action id (UTF-8)         | first seq ++ count (16 b.)  |
//! | `by_created` | created_at millis ++ game id (16 b.) | empty                       |
//!
//! Every append is one sled transaction over `games`, `events`, `dedupe` (and
//! `by_created` for a new game), followed by a group commit (flush + fsync) that
//! it awaits before returning.

use std::path::Path;
use std::sync::Arc;

use chrono::{DateTime, SubsecRound, Utc};
use rand::TryRng;
use serde_json::Value;
use sled::Transactional;
use sled::transaction::{
    ConflictableTransactionError, TransactionError, TransactionalTree, UnabortableTransactionError,
};

use crate::canonical::{ZERO_HASH, chain_hash, hex, try_envelope_hash};
use crate::{
    Append, Appended, Envelope, EventStore, GameId, GameRecord, GameStatus, GroupCommit, ListQuery,
    NewGame, Page, StoreError, Verification,
};

/// The page size of [`EventStore::list`] when the query's `limit` is 0.
pub const DEFAULT_LIST_LIMIT: usize = 50;
/// The largest page [`EventStore::list`] returns.
pub const MAX_LIST_LIMIT: usize = 200;

/// How many fresh ids `create` tries before giving up (a collision of 64
/// random bits is already all but impossible).
const CREATE_ATTEMPTS: usize = 8;

/// The sled-backed event store. Cloning is cheap (the clones share one
/// database); dropping the last clone stops the group-commit thread after a
/// last flush, and closes the database.
///
/// Semantics beyond the trait's:
///
/// * An [`Append`] with no events is a metadata-only update: the expected
///   version is checked as usual, `status`/`data`/`updated_at` change, the
///   version and head hash do not, and no envelope is written. With an
///   `action_id`, that id is recorded (a retry is a duplicate with no envelopes).
/// * A duplicate `action_id` also waits for the group commit, so it never
///   reports success before the first append is durable.
/// * If the flush after a committed transaction fails, the append returns
///   [`StoreError::Io`] although its events are in the log (and will be read
///   back); retrying with the same `action_id` is safe.
/// * [`EventStore::events`] of an unknown game is empty, not `NotFound`.
/// * [`EventStore::list`] with a cursor that is not one it returned gives an
///   empty page.
#[derive(Clone)]
pub struct SledStore {
    inner: Arc<Inner>,
}

struct Inner {
    // Declared first so it is dropped first: the thread is joined (after a last
    // flush) before the trees and the database are released.
    commit: GroupCommit,
    games: sled::Tree,
    events: sled::Tree,
    dedupe: sled::Tree,
    by_created: sled::Tree,
    db: sled::Db,
}

impl std::fmt::Debug for SledStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SledStore").finish_non_exhaustive()
    }
}

/// Why a transaction gave up.
enum Abort {
    NotFound,
    Conflict(u64),
    Duplicate { first: u64, count: u64 },
    IdTaken,
    Corrupt(String),
    Io(String),
}

impl From<UnabortableTransactionError> for Abort {
    fn from(e: UnabortableTransactionError) -> Abort {
        Abort::Io(e.to_string())
    }
}

/// What a committed write transaction did.
enum Outcome {
    Written(GameRecord, Vec<Envelope>),
    Duplicate {
        first: u64,
        count: u64,
    },
    /// `create` drew an id that is already in use.
    IdTaken,
}

fn io(e: sled::Error) -> StoreError {
    StoreError::Io(e.to_string())
}

fn game_key(id: GameId) -> [u8; 8] {
    id.0.to_be_bytes()
}

fn event_key(id: GameId, seq: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&id.0.to_be_bytes());
    k[8..].copy_from_slice(&seq.to_be_bytes());
    k
}

fn dedupe_key(id: GameId, action_id: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(8 + action_id.len());
    k.extend_from_slice(&id.0.to_be_bytes());
    k.extend_from_slice(action_id.as_bytes());
    k
}

fn created_key(created_at: DateTime<Utc>, id: GameId) -> [u8; 16] {
    let millis = u64::try_from(created_at.timestamp_millis()).unwrap_or(0);
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&millis.to_be_bytes());
    k[8..].copy_from_slice(&id.0.to_be_bytes());
    k
}

fn two_u64(bytes: &[u8]) -> Option<(u64, u64)> {
    let a: [u8; 8] = bytes.get(..8)?.try_into().ok()?;
    let b: [u8; 8] = bytes.get(8..16)?.try_into().ok()?;
    (bytes.len() == 16).then(|| (u64::from_be_bytes(a), u64::from_be_bytes(b)))
}

fn dedupe_value(first: u64, count: u64) -> [u8; 16] {
    let mut v = [0u8; 16];
    v[..8].copy_from_slice(&first.to_be_bytes());
    v[8..].copy_from_slice(&count.to_be_bytes());
    v
}

fn parse_cursor(cursor: &str) -> Option<[u8; 16]> {
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

fn decode_record(bytes: &[u8]) -> Result<GameRecord, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(format!("game record: {e}")))
}

fn decode_envelope(bytes: &[u8]) -> Result<Envelope, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(format!("envelope: {e}")))
}

/// Now, to the millisecond: the `by_created` index orders by milliseconds, so
/// a record's `created_at` sorts exactly as its index key does.
fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(3)
}

fn random_id() -> Result<GameId, StoreError> {
    rand::rngs::SysRng
        .try_next_u64()
        .map(GameId)
        .map_err(|e| StoreError::Io(format!("random game id: {e}")))
}

/// Checks one stored envelope against the chain: its key's seq and its own seq
/// are `expect`, its `prev_hash` is `prev`, and its hash is right. Returns its
/// hash, or `None` if anything is wrong (including undecodable bytes).
fn check_envelope(key: &[u8], value: &[u8], expect: u64, prev: &str) -> Option<String> {
    let (_, key_seq) = two_u64(key)?;
    if key_seq != expect {
        return None;
    }
    // Hash the stored JSON itself (minus `hash`), so that a field added to it
    // is caught as well as a changed one.
    let mut raw: Value = serde_json::from_slice(value).ok()?;
    let envelope: Envelope = serde_json::from_value(raw.clone()).ok()?;
    if let Value::Object(map) = &mut raw {
        map.remove("hash");
    }
    let ok = envelope.seq == expect
        && envelope.prev_hash == prev
        && chain_hash(prev, &raw) == envelope.hash;
    ok.then_some(envelope.hash)
}

impl SledStore {
    /// Opens (or creates) the store in the directory `path` and starts its
    /// group-commit thread. One process at a time may hold a store open.
    pub fn open(path: impl AsRef<Path>) -> Result<SledStore, StoreError> {
        let path = path.as_ref();
        let db = sled::Config::new().path(path).open().map_err(io)?;
        let games = db.open_tree("games").map_err(io)?;
        let events = db.open_tree("events").map_err(io)?;
        let dedupe = db.open_tree("dedupe").map_err(io)?;
        let by_created = db.open_tree("by_created").map_err(io)?;
        let commit = GroupCommit::start(db.clone(), path)?;
        Ok(SledStore {
            inner: Arc::new(Inner {
                commit,
                games,
                events,
                dedupe,
                by_created,
                db,
            }),
        })
    }

    /// How many hard flushes (flush + fsync) the group-commit thread has run.
    pub fn flushes(&self) -> u64 {
        self.inner.commit.flushes()
    }

    /// The size of the database on disk, in bytes.
    pub fn size_on_disk(&self) -> Result<u64, StoreError> {
        self.inner.db.size_on_disk().map_err(io)
    }

    /// Envelopes `first..first + count` of a game, which must all exist.
    fn read_run(&self, id: GameId, first: u64, count: u64) -> Result<Vec<Envelope>, StoreError> {
        let end = first
            .checked_add(count)
            .ok_or_else(|| StoreError::Corrupt("dedupe entry out of range".into()))?;
        let mut out = Vec::with_capacity(usize::try_from(count).unwrap_or(0).min(1024));
        for item in self
            .inner
            .events
            .range(event_key(id, first)..event_key(id, end))
        {
            let (_, value) = item.map_err(io)?;
            out.push(decode_envelope(&value)?);
        }
        if u64::try_from(out.len()).ok() != Some(count) {
            return Err(StoreError::Corrupt(format!(
                "game {id}: dedupe entry names {count} events from {first}, found {}",
                out.len()
            )));
        }
        Ok(out)
    }

    /// The one write path: a transaction that checks the record (or claims a
    /// new id when `create` is given), the dedupe entry and the version, then
    /// writes the envelopes, the dedupe entry and the new record.
    fn write(
        &self,
        id: GameId,
        expected: u64,
        append: &Append,
        create: Option<&NewGame>,
        at: DateTime<Utc>,
    ) -> Result<Outcome, StoreError> {
        let inner = &*self.inner;
        let trees = (
            &inner.games,
            &inner.events,
            &inner.dedupe,
            &inner.by_created,
        );
        let result = trees.transaction(|(games, events, dedupe, by_created)| {
            write_tx(
                (games, events, dedupe, by_created),
                id,
                expected,
                append,
                create,
                at,
            )
            .map_err(ConflictableTransactionError::Abort)
        });
        match result {
            Ok(outcome) => Ok(outcome),
            Err(TransactionError::Storage(e)) => Err(io(e)),
            Err(TransactionError::Abort(abort)) => match abort {
                Abort::NotFound => Err(StoreError::NotFound),
                Abort::Conflict(current) => Err(StoreError::Conflict { current }),
                Abort::Duplicate { first, count } => Ok(Outcome::Duplicate { first, count }),
                Abort::IdTaken => Ok(Outcome::IdTaken),
                Abort::Corrupt(m) => Err(StoreError::Corrupt(m)),
                Abort::Io(m) => Err(StoreError::Io(m)),
            },
        }
    }
}

type Trees<'a> = (
    &'a TransactionalTree,
    &'a TransactionalTree,
    &'a TransactionalTree,
    &'a TransactionalTree,
);

fn write_tx(
    (games, events, dedupe, by_created): Trees<'_>,
    id: GameId,
    expected: u64,
    append: &Append,
    create: Option<&NewGame>,
    at: DateTime<Utc>,
) -> Result<Outcome, Abort> {
    let gkey = game_key(id);
    let mut record = match create {
        Some(new) => {
            if games.get(gkey)?.is_some() {
                return Err(Abort::IdTaken);
            }
            GameRecord {
                id,
                ruleset: new.ruleset.clone(),
                status: GameStatus::Active,
                version: 0,
                head_hash: ZERO_HASH.to_owned(),
                created_at: at,
                updated_at: at,
                data: new.data.clone(),
            }
        }
        None => match games.get(gkey)? {
            None => return Err(Abort::NotFound),
            Some(bytes) => serde_json::from_slice::<GameRecord>(&bytes)
                .map_err(|e| Abort::Corrupt(format!("game record {id}: {e}")))?,
        },
    };

    let dkey = append.action_id.as_deref().map(|a| dedupe_key(id, a));
    if let Some(dkey) = &dkey
        && let Some(seen) = dedupe.get(dkey.as_slice())?
    {
        let (first, count) =
            two_u64(&seen).ok_or_else(|| Abort::Corrupt(format!("dedupe entry of game {id}")))?;
        return Err(Abort::Duplicate { first, count });
    }
    if record.version != expected {
        return Err(Abort::Conflict(record.version));
    }

    let count =
        u64::try_from(append.events.len()).map_err(|_| Abort::Io("too many events".into()))?;
    let first = record
        .version
        .checked_add(1)
        .filter(|f| f.checked_add(count).is_some())
        .ok_or_else(|| Abort::Io("version overflow".into()))?;

    let mut envelopes = Vec::with_capacity(append.events.len());
    let mut prev = record.head_hash.clone();
    for (seq, event) in (first..).zip(&append.events) {
        let mut envelope = Envelope {
            seq,
            at,
            actor: append.actor.clone(),
            action_id: append.action_id.clone(),
            event: event.clone(),
            prev_hash: prev,
            hash: String::new(),
        };
        envelope.hash = try_envelope_hash(&envelope).map_err(|e| Abort::Io(e.to_string()))?;
        let bytes = serde_json::to_vec(&envelope).map_err(|e| Abort::Io(e.to_string()))?;
        events.insert(&event_key(id, seq), bytes)?;
        prev = envelope.hash.clone();
        envelopes.push(envelope);
    }
    if let Some(dkey) = dkey {
        dedupe.insert(dkey, &dedupe_value(first, count))?;
    }

    record.version += count;
    record.head_hash = prev;
    record.updated_at = at;
    if let Some(status) = append.status {
        record.status = status;
    }
    if let Some(data) = &append.data {
        record.data = data.clone();
    }
    let bytes = serde_json::to_vec(&record).map_err(|e| Abort::Io(e.to_string()))?;
    games.insert(&gkey, bytes)?;
    if create.is_some() {
        by_created.insert(&created_key(record.created_at, id), &[])?;
    }
    Ok(Outcome::Written(record, envelopes))
}

impl EventStore for SledStore {
    async fn create(
        &self,
        new: NewGame,
        append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        let at = now();
        for _ in 0..CREATE_ATTEMPTS {
            let id = random_id()?;
            match self.write(id, 0, &append, Some(&new), at) {
                Ok(Outcome::Written(record, envelopes)) => {
                    self.inner.commit.commit().await?;
                    return Ok((record, envelopes));
                }
                Ok(Outcome::IdTaken) => continue,
                // A new game has no dedupe entries.
                Ok(Outcome::Duplicate { .. }) => {
                    return Err(StoreError::Corrupt(format!(
                        "dedupe entry for new game {id}"
                    )));
                }
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Io("could not draw an unused game id".into()))
    }

    async fn append(
        &self,
        id: GameId,
        expected: u64,
        append: Append,
    ) -> Result<Appended, StoreError> {
        match self.write(id, expected, &append, None, now())? {
            Outcome::Written(game, envelopes) => {
                self.inner.commit.commit().await?;
                Ok(Appended {
                    game,
                    envelopes,
                    duplicate: false,
                })
            }
            Outcome::IdTaken => Err(StoreError::Io("unexpected id claim".into())),
            Outcome::Duplicate { first, count } => {
                // The first append may still be waiting for its flush.
                let durable = self.inner.commit.commit();
                let envelopes = self.read_run(id, first, count)?;
                let game = self.game(id)?.ok_or(StoreError::NotFound)?;
                durable.await?;
                Ok(Appended {
                    game,
                    envelopes,
                    duplicate: true,
                })
            }
        }
    }

    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        match self.inner.games.get(game_key(id)).map_err(io)? {
            None => Ok(None),
            Some(bytes) => decode_record(&bytes).map(Some),
        }
    }

    fn events(&self, id: GameId, after: u64, limit: usize) -> Result<Vec<Envelope>, StoreError> {
        let Some(start) = after.checked_add(1) else {
            return Ok(Vec::new());
        };
        if limit == 0 {
            return Ok(Vec::new());
        }
        let mut out = Vec::with_capacity(limit.min(1024));
        let range = event_key(id, start)..=event_key(id, u64::MAX);
        for item in self.inner.events.range(range).take(limit) {
            let (_, value) = item.map_err(io)?;
            out.push(decode_envelope(&value)?);
        }
        Ok(out)
    }

    fn find_action(
        &self,
        id: GameId,
        action_id: &str,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        let key = dedupe_key(id, action_id);
        let Some(seen) = self.inner.dedupe.get(key).map_err(io)? else {
            return Ok(None);
        };
        let (first, count) = two_u64(&seen)
            .ok_or_else(|| StoreError::Corrupt(format!("dedupe entry of game {id}")))?;
        self.read_run(id, first, count).map(Some)
    }

    fn list(&self, query: &ListQuery) -> Result<Page, StoreError> {
        let limit = match query.limit {
            0 => DEFAULT_LIST_LIMIT,
            n => n.min(MAX_LIST_LIMIT),
        };
        let index = &self.inner.by_created;
        let iter = match &query.cursor {
            None => index.iter(),
            Some(cursor) => match parse_cursor(cursor) {
                Some(key) => index.range(..key),
                None => {
                    return Ok(Page {
                        games: Vec::new(),
                        next_cursor: None,
                    });
                }
            },
        };
        let mut games = Vec::with_capacity(limit.min(64));
        let mut last_key: Option<sled::IVec> = None;
        for item in iter.rev() {
            let (key, _) = item.map_err(io)?;
            let (_, raw_id) = two_u64(&key)
                .ok_or_else(|| StoreError::Corrupt("by_created key is not 16 bytes".into()))?;
            // The index and the record are written in one transaction; a
            // missing record would be an orphan entry, not worth failing for.
            let Some(record) = self.game(GameId(raw_id))? else {
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

    fn verify(&self, id: GameId) -> Result<Verification, StoreError> {
        let record = self.game(id)?.ok_or(StoreError::NotFound)?;
        let mut prev = ZERO_HASH.to_owned();
        let mut expect: u64 = 1;
        let mut first_bad_seq = None;
        for item in self.inner.events.scan_prefix(game_key(id)) {
            let (key, value) = item.map_err(io)?;
            match check_envelope(&key, &value, expect, &prev) {
                Some(hash) => {
                    prev = hash;
                    expect = expect.saturating_add(1);
                }
                None => {
                    first_bad_seq = Some(expect);
                    break;
                }
            }
        }
        if first_bad_seq.is_none() {
            let count = expect - 1;
            if count != record.version {
                // Events missing after `count`, or more events than the record says.
                first_bad_seq = Some(count.min(record.version) + 1);
            } else if prev != record.head_hash {
                first_bad_seq = Some(record.version.max(1));
            }
        }
        Ok(Verification {
            valid: first_bad_seq.is_none(),
            version: record.version,
            head_hash: record.head_hash,
            first_bad_seq,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_big_endian() {
        let id = GameId(0x0102_0304_0506_0708);
        assert_eq!(game_key(id), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(
            event_key(id, 0x1122),
            [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0x11, 0x22]
        );
        assert!(event_key(id, 255) < event_key(id, 256));
        assert_eq!(
            dedupe_key(id, "ab"),
            vec![1, 2, 3, 4, 5, 6, 7, 8, b'a', b'b']
        );
        assert_eq!(two_u64(&dedupe_value(7, 3)), Some((7, 3)));
        assert_eq!(two_u64(&[0u8; 15]), None);
        assert_eq!(two_u64(&[0u8; 17]), None);
    }

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
