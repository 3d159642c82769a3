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
//! Writes (`create`, `append`) are not run by their callers: they are submitted
//! to the store's single writer thread ([`GroupCommit`]), which takes every
//! pending request (up to [`WRITE_BATCH`]), applies them all in arrival order in
//! ONE sled transaction over `games`, `events`, `dedupe` and `by_created`, runs
//! one flush + fsync, and only then answers each caller. Each request is checked
//! against the state left by the requests before it in the same batch (version
//! → `Conflict`, action id → duplicate); a rejected request writes nothing, so
//! each request stays all-or-nothing and does not affect the others. One
//! transaction per batch means one log reservation per batch instead of one per
//! append, and, the writer being alone, the transaction never conflicts. Reads
//! go to the trees directly.

use std::convert::Infallible;
use std::path::Path;
use std::sync::Arc;

use chrono::{DateTime, SubsecRound, Utc};
use rand::TryRng;
use serde_json::Value;
use sled::Transactional;
use sled::transaction::{
    ConflictableTransactionError, TransactionError, TransactionalTree, UnabortableTransactionError,
};

use crate::canonical::{EncodedEvent, SharedFields, ZERO_HASH, chain_hash, hex, json_string, seal};
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

/// The most write requests the writer thread applies in one transaction (and
/// covers with one flush). It bounds how long one batch holds sled's global
/// transaction lock, and so the latency of reads and of the next batch.
pub const WRITE_BATCH: usize = 512;

/// The sled-backed event store. Cloning is cheap (the clones share one
/// database and one writer thread); dropping the last clone lets the writer
/// thread answer every request already submitted, run a last flush and stop,
/// then closes the database.
///
/// Semantics beyond the trait's:
///
/// * An [`Append`] with no events is a metadata-only update: the expected
///   version is checked as usual, `status`/`data`/`updated_at` change, the
///   version and head hash do not, and no envelope is written. With an
///   `action_id`, that id is recorded (a retry is a duplicate with no envelopes).
/// * Every write, rejected or not, is answered only after the flush of its
///   batch, so a duplicate `action_id` never reports success before the first
///   append is durable.
/// * If the flush after a batch fails, each append of the batch that was
///   written (or found to be a duplicate) returns [`StoreError::Io`] although
///   its events are in the log (and will be read back); retrying with the same
///   `action_id` is safe.
/// * Timestamps (`at`, `created_at`, `updated_at`) are taken once per batch,
///   by the writer thread.
/// * A write whose caller gives up (drops the future) after it was submitted
///   is still applied.
/// * [`EventStore::events`] of an unknown game is empty, not `NotFound`.
/// * [`EventStore::list`] with a cursor that is not one it returned gives an
///   empty page.
#[derive(Clone)]
pub struct SledStore {
    inner: Arc<Inner>,
}

struct Inner {
    // Declared first so it is dropped first: the thread is joined (after it
    // served the pending writes and ran a last flush) before the trees and the
    // database are released.
    writer: GroupCommit<Request, Outcome>,
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

/// A write for the writer thread.
enum Request {
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
}

/// An [`Append`] as the writer thread needs it: everything that does not
/// depend on the game's state is encoded by the caller beforehand, so the one
/// writer thread spends its time on the checks and the writes. The caller keeps
/// the events themselves and builds the returned envelopes.
struct Write {
    /// The action id (the dedupe key).
    action_id: Option<String>,
    /// `actor` and `action_id` as JSON strings.
    actor_json: Vec<u8>,
    action_id_json: Option<Vec<u8>>,
    events: Vec<EncodedEvent>,
    status: Option<GameStatus>,
    data: Option<Value>,
}

impl Write {
    /// Encodes `append`, taking its `data`; its events stay with the caller.
    fn encode(append: &mut Append) -> Result<Write, StoreError> {
        let events = append
            .events
            .iter()
            .map(EncodedEvent::new)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| StoreError::Io(format!("encode event: {e}")))?;
        Ok(Write {
            action_id: append.action_id.clone(),
            actor_json: json_string(&append.actor),
            action_id_json: append.action_id.as_deref().map(json_string),
            events,
            status: append.status,
            data: append.data.take(),
        })
    }
}

/// What the writer thread did with an accepted request.
enum Outcome {
    /// Written: the game after the write, and the envelopes' common time,
    /// first seq, first `prev_hash` and hashes (the caller builds the
    /// envelopes from its events).
    Written {
        game: GameRecord,
        at: DateTime<Utc>,
        first: u64,
        prev_hash: String,
        hashes: Vec<String>,
    },
    /// The action id was already recorded: nothing was written. The game as
    /// the request found it, and where the first append's envelopes are (the
    /// caller reads them back; stored envelopes never change).
    Duplicate {
        game: GameRecord,
        first: u64,
        count: u64,
    },
}

/// The envelopes of a written append, from the caller's `append` and the
/// writer's answer.
fn envelopes(
    append: Append,
    at: DateTime<Utc>,
    first: u64,
    mut prev_hash: String,
    hashes: Vec<String>,
) -> Result<Vec<Envelope>, StoreError> {
    if hashes.len() != append.events.len() {
        return Err(StoreError::Io(format!(
            "the writer returned {} hashes for {} events",
            hashes.len(),
            append.events.len()
        )));
    }
    let mut out = Vec::with_capacity(hashes.len());
    for ((seq, event), hash) in (first..).zip(append.events).zip(hashes) {
        let next = hash.clone();
        out.push(Envelope {
            seq,
            at,
            actor: append.actor.clone(),
            action_id: append.action_id.clone(),
            event,
            prev_hash: std::mem::replace(&mut prev_hash, next),
            hash,
        });
    }
    Ok(out)
}

/// Why one request of a batch failed.
enum Fail {
    /// Rejected (conflict, unknown game, bad data…): the request wrote nothing
    /// and the batch goes on.
    Rejected(StoreError),
    /// sled failed: the whole transaction fails.
    Storage(UnabortableTransactionError),
}

impl From<UnabortableTransactionError> for Fail {
    fn from(e: UnabortableTransactionError) -> Fail {
        Fail::Storage(e)
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Rejected(e)
    }
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

/// `CREATE_ATTEMPTS` random candidate ids for a new game.
fn random_ids() -> Result<[GameId; CREATE_ATTEMPTS], StoreError> {
    let mut ids = [GameId(0); CREATE_ATTEMPTS];
    for id in &mut ids {
        *id = rand::rngs::SysRng
            .try_next_u64()
            .map(GameId)
            .map_err(|e| StoreError::Io(format!("random game id: {e}")))?;
    }
    Ok(ids)
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
    /// writer thread. One process at a time may hold a store open.
    pub fn open(path: impl AsRef<Path>) -> Result<SledStore, StoreError> {
        let path = path.as_ref();
        let db = sled::Config::new().path(path).open().map_err(io)?;
        let games = db.open_tree("games").map_err(io)?;
        let events = db.open_tree("events").map_err(io)?;
        let dedupe = db.open_tree("dedupe").map_err(io)?;
        let by_created = db.open_tree("by_created").map_err(io)?;
        let trees = WriterTrees {
            games: games.clone(),
            events: events.clone(),
            dedupe: dedupe.clone(),
            by_created: by_created.clone(),
        };
        let writer = GroupCommit::start(db.clone(), path, WRITE_BATCH, move |batch| {
            trees.apply(batch)
        })?;
        Ok(SledStore {
            inner: Arc::new(Inner {
                writer,
                games,
                events,
                dedupe,
                by_created,
                db,
            }),
        })
    }

    /// How many hard flushes (flush + fsync) the writer thread has run: one
    /// per batch of writes.
    pub fn flushes(&self) -> u64 {
        self.inner.writer.flushes()
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
}

/// The trees, as the writer thread holds them.
struct WriterTrees {
    games: sled::Tree,
    events: sled::Tree,
    dedupe: sled::Tree,
    by_created: sled::Tree,
}

impl WriterTrees {
    /// Applies a batch of requests, in order, in one transaction; one result
    /// per request. Runs on the writer thread.
    fn apply(&self, batch: &[Request]) -> Vec<Result<Outcome, StoreError>> {
        let at = now();
        let at_json = match serde_json::to_vec(&at) {
            Ok(json) => json,
            Err(e) => {
                let e = StoreError::Io(format!("encode time: {e}"));
                return batch.iter().map(|_| Err(e.clone())).collect();
            }
        };
        let at = (at, at_json.as_slice());
        let trees = (&self.games, &self.events, &self.dedupe, &self.by_created);
        // Retry-safe: every result is computed inside the closure and returned
        // from it, so a rerun starts over (with the transaction's fresh view).
        let result = trees.transaction(|(games, events, dedupe, by_created)| {
            let mut results = Vec::with_capacity(batch.len());
            for request in batch {
                match apply_one((games, events, dedupe, by_created), request, at) {
                    Ok(outcome) => results.push(Ok(outcome)),
                    Err(Fail::Rejected(e)) => results.push(Err(e)),
                    Err(Fail::Storage(e)) => return Err(e.into()),
                }
            }
            Ok::<_, ConflictableTransactionError<Infallible>>(results)
        });
        match result {
            Ok(results) => results,
            Err(TransactionError::Storage(e)) => {
                let e = io(e);
                batch.iter().map(|_| Err(e.clone())).collect()
            }
            Err(TransactionError::Abort(never)) => match never {},
        }
    }
}

type Trees<'a> = (
    &'a TransactionalTree,
    &'a TransactionalTree,
    &'a TransactionalTree,
    &'a TransactionalTree,
);

/// One request of a batch, inside the batch's transaction (whose reads see
/// the writes of the requests before it). Every check and every fallible
/// computation comes first; writes start only once the request is accepted,
/// so a rejected request writes nothing. Only sled itself can fail after that
/// (failing the whole transaction).
fn apply_one(
    (games, events, dedupe, by_created): Trees<'_>,
    request: &Request,
    (at, at_json): (DateTime<Utc>, &[u8]),
) -> Result<Outcome, Fail> {
    let (id, expected, write, new) = match request {
        Request::Create { ids, new, write } => {
            let mut free = None;
            for &id in ids {
                if games.get(game_key(id))?.is_none() {
                    free = Some(id);
                    break;
                }
            }
            let id =
                free.ok_or_else(|| StoreError::Io("could not draw an unused game id".into()))?;
            (id, 0, write, Some(new))
        }
        Request::Append {
            id,
            expected,
            write,
        } => (*id, *expected, write, None),
    };
    let gkey = game_key(id);
    let mut record = match new {
        Some(new) => GameRecord {
            id,
            ruleset: new.ruleset.clone(),
            status: GameStatus::Active,
            version: 0,
            head_hash: ZERO_HASH.to_owned(),
            created_at: at,
            updated_at: at,
            data: new.data.clone(),
        },
        None => match games.get(gkey)? {
            None => return Err(StoreError::NotFound.into()),
            Some(bytes) => serde_json::from_slice::<GameRecord>(&bytes)
                .map_err(|e| StoreError::Corrupt(format!("game record {id}: {e}")))?,
        },
    };

    let dkey = write.action_id.as_deref().map(|a| dedupe_key(id, a));
    if let Some(dkey) = &dkey
        && let Some(seen) = dedupe.get(dkey.as_slice())?
    {
        let (first, count) = two_u64(&seen)
            .ok_or_else(|| StoreError::Corrupt(format!("dedupe entry of game {id}")))?;
        if new.is_some() {
            // A new game has no dedupe entries.
            return Err(StoreError::Corrupt(format!("dedupe entry for new game {id}")).into());
        }
        return Ok(Outcome::Duplicate {
            game: record,
            first,
            count,
        });
    }
    if record.version != expected {
        return Err(StoreError::Conflict {
            current: record.version,
        }
        .into());
    }

    let count =
        u64::try_from(write.events.len()).map_err(|_| StoreError::Io("too many events".into()))?;
    let first = record
        .version
        .checked_add(1)
        .filter(|f| f.checked_add(count).is_some())
        .ok_or_else(|| StoreError::Io("version overflow".into()))?;

    let fields = SharedFields {
        at: at_json,
        actor: &write.actor_json,
        action_id: write.action_id_json.as_deref(),
    };
    let prev_hash = std::mem::take(&mut record.head_hash);
    let mut hashes: Vec<String> = Vec::with_capacity(write.events.len());
    let mut stored = Vec::with_capacity(write.events.len());
    for (seq, event) in (first..).zip(&write.events) {
        let prev = hashes.last().unwrap_or(&prev_hash);
        let (hash, bytes) = seal(&fields, seq, prev, event);
        hashes.push(hash);
        stored.push(bytes);
    }
    record.version += count;
    record.head_hash = hashes.last().unwrap_or(&prev_hash).clone();
    record.updated_at = at;
    if let Some(status) = write.status {
        record.status = status;
    }
    if let Some(data) = &write.data {
        record.data = data.clone();
    }
    let record_bytes = serde_json::to_vec(&record).map_err(|e| StoreError::Io(e.to_string()))?;

    // Accepted: write.
    for (seq, bytes) in (first..).zip(stored) {
        events.insert(&event_key(id, seq), bytes)?;
    }
    if let Some(dkey) = dkey {
        dedupe.insert(dkey, &dedupe_value(first, count))?;
    }
    games.insert(&gkey, record_bytes)?;
    if new.is_some() {
        by_created.insert(&created_key(record.created_at, id), &[])?;
    }
    Ok(Outcome::Written {
        game: record,
        at,
        first,
        prev_hash,
        hashes,
    })
}

impl EventStore for SledStore {
    async fn create(
        &self,
        new: NewGame,
        mut append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        let ids = random_ids()?;
        let write = Write::encode(&mut append)?;
        match self
            .inner
            .writer
            .submit(Request::Create { ids, new, write })
            .await?
        {
            Outcome::Written {
                game,
                at,
                first,
                prev_hash,
                hashes,
            } => {
                let envelopes = envelopes(append, at, first, prev_hash, hashes)?;
                Ok((game, envelopes))
            }
            Outcome::Duplicate { game, .. } => Err(StoreError::Corrupt(format!(
                "dedupe entry for new game {}",
                game.id
            ))),
        }
    }

    async fn append(
        &self,
        id: GameId,
        expected: u64,
        mut append: Append,
    ) -> Result<Appended, StoreError> {
        let write = Write::encode(&mut append)?;
        let request = Request::Append {
            id,
            expected,
            write,
        };
        match self.inner.writer.submit(request).await? {
            Outcome::Written {
                game,
                at,
                first,
                prev_hash,
                hashes,
            } => Ok(Appended {
                game,
                envelopes: envelopes(append, at, first, prev_hash, hashes)?,
                duplicate: false,
            }),
            Outcome::Duplicate { game, first, count } => Ok(Appended {
                game,
                envelopes: self.read_run(id, first, count)?,
                duplicate: true,
            }),
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
