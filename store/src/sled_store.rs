//! [`EventStore`] on sled 0.34.7.
//!
//! Trees (all integers big-endian, so byte order is numeric order):
//!
//! | tree         | key                                  | value                               |
//! |--------------|--------------------------------------|-------------------------------------|
//! | `games`      | game id (8 bytes)                    | the game's meta, JSON (see below)   |
//! | `heads`      | game id (8 bytes)                    | the game's head, binary (see below) |
//! | `events`     | game id ++ seq (16 bytes)            | [`Envelope`] as JSON                |
//! | `dedupe`     | game id ++ action id (UTF-8)         | first seq ++ count (16 b.)          |
//! | `by_created` | created_at millis ++ game id (16 b.) | empty                               |
//! | `by_filter`  | filter ++ created_at millis ++ id    | empty                               |
//! | `meta`       | `secret/{name}`, `index/by_filter`   | a server secret; `1` once indexed   |
//! | `docs`       | collection ++ 0 ++ key (UTF-8)       | revision (u64) ++ the document JSON |
//!
//! `docs` holds the documents of [`EventStore::put_doc`] (player accounts,
//! memberships), beside the games and independent of them: a collection is
//! at most 32 bytes without a NUL, so the first 0 byte ends it; a key is at
//! most 200 bytes; the revision is 1 for a new document and grows by one with
//! each write (a deleted document has no entry, revision 0).
//!
//! `by_filter` lets a filtered list read only the games it returns: each game
//! has three keys there, `S` ++ status, `R` ++ ruleset ++ 0, and `B` ++ status
//! ++ ruleset ++ 0, each followed by its `by_created` key. A status change
//! moves its `S` and `B` keys. A store made before this index gets it built
//! when it is opened.
//!
//! A [`GameRecord`] is kept in two parts, so that an append, which changes only
//! the version, head hash, status and `updated_at`, neither reads nor rewrites
//! the API's `data`:
//!
//! * its **meta** in `games`: `{"generation": g, "ruleset": …, "created_at": …,
//!   "data": …}` (JSON), the rarely-changing part, written at creation and by
//!   an append that carries new `data`; each such write increments `g`;
//! * its **head** in `heads`: `version` (u64) ++ `generation` (u64, the `g` of
//!   the meta it goes with) ++ `status` (1 byte: 0 active, 1 finished, 2
//!   open) ++ `updated_at` (i64 seconds since the epoch ++ u32 nanoseconds) ++
//!   `head_hash` (its hex text, the rest of the value), 29 + 64 bytes, written
//!   by every write.
//!
//! [`EventStore::game`] reads the head, then the meta, and retries until their
//! generations match, so that it never pairs a head with the meta of another
//! write.
//!
//! **The head is the commit point of a game's log**: the log is events `1..=
//! version` of its head. Events past it are not committed (the tail of a batch
//! whose heads were lost in a crash, see below): no read returns them,
//! [`EventStore::verify`] walks only the committed log, and the next append
//! overwrites them.
//!
//! Writes (`create`, `append`, `put_doc`) are not run by their callers: they
//! are submitted to the store's single writer thread ([`GroupCommit`]), which
//! takes every pending request (up to [`WRITE_BATCH`]) and checks each, in
//! arrival order, against the state left by the requests before it in the
//! same batch (version → `Conflict`, action id → duplicate, data generation or
//! document revision → `Stale`); a rejected request writes nothing, so each
//! request stays all-or-nothing and does not affect the others. The writes of
//! the accepted ones are then made in two atomic steps:
//!
//! 1. every new envelope, in ONE sled batch on `events` (`Tree::apply_batch`:
//!    recovered all or nothing);
//! 2. every head, with the metas, dedupe entries and `by_created` entries of
//!    the batch, if any: one sled batch on `heads`, or, when other trees are
//!    written too, one transaction over them.
//!
//! The documents the batch writes (`put_doc`) then go in one more atomic sled
//! batch, on `docs` (they depend on no game, so their order against steps 1
//! and 2 does not matter).
//!
//! Then one flush + fsync, and only then is each caller answered. sled
//! recovers a prefix of its log after a crash, so step 2 never survives
//! without step 1; step 1 without step 2 leaves only uncommitted events past
//! the heads, which nothing reads. Two batches instead of one transaction
//! spare a transaction's extra lookup per written key. The writer keeps the
//! head and meta of the games it wrote in memory (bounded, see
//! [`WRITER_CACHE`]), so an append to a known game reads nothing from sled.
//! Reads go to the trees directly.
//!
//! [`crate::transfer::Transfer`] (the `bang-store copy` tool) lists the games by
//! their `heads`, and its imports write the trees directly, a game's head last.
//!
//! Format changes: before the split, `games` held the whole [`GameRecord`] as
//! JSON, there was no `heads` tree, and one transaction wrote a batch; such a
//! database is not readable by this version. The `events` tree is unchanged.

use std::collections::HashMap;
use std::convert::Infallible;
use std::ops::Bound;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError};

use crate::canonical::{ZERO_HASH, hex};
use crate::shared::{
    CREATE_ATTEMPTS, Write, check_collection, check_doc_key, decode_envelope, envelopes,
    list_limit, now, random_ids, seal_events, status_byte, status_of_byte, verify_log,
};
use crate::transfer::{DedupeExport, DocExport, GameExport, Imported, Transfer, same_or_refuse};
use crate::{
    Append, Appended, Envelope, EventStore, GameHead, GameId, GameRecord, GameStatus, GroupCommit,
    ListQuery, NewGame, Page, StoreError, Verification,
};

/// The most write requests the writer thread applies in one batch (and covers
/// with one flush). It bounds how long one batch holds sled's global write lock
/// (taken by its batches and transactions), and so the latency of the next batch.
pub const WRITE_BATCH: usize = 512;

/// The most games whose head and meta the writer thread keeps in memory. Past
/// it, the finished games are dropped first, then all (a game not in memory is
/// read back from its trees).
pub const WRITER_CACHE: usize = 16_384;

/// How many times [`EventStore::game`] rereads a head and a meta that do not
/// go together (a write came between the two reads) before giving up: the
/// first few right away, then 1 ms apart (the writer may have been preempted
/// between its two inserts).
const CONSISTENT_READ_ATTEMPTS: usize = 1_000;
const CONSISTENT_READ_SPINS: usize = 16;

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
/// * A game's log ends at its head's version: envelopes stored past it (left
///   by a crash between the two write steps of a batch, see the module docs)
///   are not returned, not verified, and are overwritten by the next append.
/// * [`EventStore::append`] answers with the game's head: the game's `data`
///   is not copied out of the writer's memory on every append.
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
    heads: sled::Tree,
    events: sled::Tree,
    dedupe: sled::Tree,
    by_created: sled::Tree,
    by_filter: sled::Tree,
    docs: sled::Tree,
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
    /// Write the document under `key` (its `docs` key) if its revision is
    /// `expected`: to `value` (its JSON, encoded by the caller), or delete it.
    PutDoc {
        key: Vec<u8>,
        value: Option<Vec<u8>>,
        expected: u64,
    },
}

/// The part of a game every write changes (the `heads` tree).
#[derive(Clone, Debug, PartialEq)]
struct StoredHead {
    version: u64,
    /// The generation of the [`Meta`] this head goes with.
    generation: u64,
    status: GameStatus,
    updated_at: DateTime<Utc>,
    head_hash: String,
}

/// The fixed-size prefix of an encoded [`StoredHead`]; the hash text follows.
const HEAD_PREFIX: usize = 8 + 8 + 1 + 8 + 4;

impl StoredHead {
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEAD_PREFIX + self.head_hash.len());
        out.extend_from_slice(&self.version.to_be_bytes());
        out.extend_from_slice(&self.generation.to_be_bytes());
        out.push(status_byte(self.status));
        out.extend_from_slice(&self.updated_at.timestamp().to_be_bytes());
        out.extend_from_slice(&self.updated_at.timestamp_subsec_nanos().to_be_bytes());
        out.extend_from_slice(self.head_hash.as_bytes());
        out
    }

    fn decode(id: GameId, bytes: &[u8]) -> Result<StoredHead, StoreError> {
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
}

/// The part of a game that rarely changes (the `games` tree, as JSON).
#[derive(Debug, Serialize, Deserialize)]
struct Meta {
    /// Incremented by each write of the meta; the head names the one it goes with.
    generation: u64,
    ruleset: String,
    created_at: DateTime<Utc>,
    data: Value,
}

impl Meta {
    fn decode(id: GameId, bytes: &[u8]) -> Result<Meta, StoreError> {
        serde_json::from_slice(bytes)
            .map_err(|e| StoreError::Corrupt(format!("meta of game {id}: {e}")))
    }
}

/// A game as the writer thread keeps it. Cloning is cheap (the meta is shared).
#[derive(Clone, Debug)]
struct Game {
    id: GameId,
    head: StoredHead,
    meta: Arc<Meta>,
}

impl Game {
    /// The full record (clones the meta's data: done by the caller, not by
    /// the writer thread).
    fn record(&self) -> GameRecord {
        GameRecord {
            id: self.id,
            ruleset: self.meta.ruleset.clone(),
            status: self.head.status,
            version: self.head.version,
            head_hash: self.head.head_hash.clone(),
            generation: self.meta.generation,
            created_at: self.meta.created_at,
            updated_at: self.head.updated_at,
            data: self.meta.data.clone(),
        }
    }

    /// Its head.
    fn head(self) -> GameHead {
        GameHead {
            version: self.head.version,
            head_hash: self.head.head_hash,
            status: self.head.status,
            generation: self.head.generation,
            updated_at: self.head.updated_at,
        }
    }
}

/// What the writer thread did with an accepted request.
enum Outcome {
    /// Written: the game after the write, and the envelopes' common time,
    /// first seq, first `prev_hash` and hashes (the caller builds the
    /// envelopes from its events).
    Written {
        game: Game,
        at: DateTime<Utc>,
        first: u64,
        prev_hash: String,
        hashes: Vec<String>,
    },
    /// The action id was already recorded: nothing was written. The game as
    /// the request found it, and where the first append's envelopes are (the
    /// caller reads them back; stored envelopes never change).
    Duplicate { game: Game, first: u64, count: u64 },
    /// A document was written (or deleted: revision 0).
    Doc { revision: u64 },
}

/// Why one request of a batch failed.
enum Fail {
    /// Rejected (conflict, unknown game, bad data…): the request wrote nothing
    /// and the batch goes on.
    Rejected(StoreError),
    /// sled failed: the whole batch fails.
    Storage(sled::Error),
}

impl From<sled::Error> for Fail {
    fn from(e: sled::Error) -> Fail {
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

/// The `by_filter` prefix of a list query's filters (`None` without filters).
fn filter_prefix(status: Option<GameStatus>, ruleset: Option<&str>) -> Option<Vec<u8>> {
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

fn with_created(mut prefix: Vec<u8>, created: &[u8; 16]) -> Vec<u8> {
    prefix.extend_from_slice(created);
    prefix
}

/// The `by_filter` keys of a game that depend on its status.
fn status_keys(status: GameStatus, ruleset: &str, created: &[u8; 16]) -> [Vec<u8>; 2] {
    [
        filter_prefix(Some(status), None),
        filter_prefix(Some(status), Some(ruleset)),
    ]
    .map(|p| with_created(p.unwrap_or_default(), created))
}

/// Every `by_filter` key of a game.
fn filter_keys(status: GameStatus, ruleset: &str, created: &[u8; 16]) -> [Vec<u8>; 3] {
    let [a, b] = status_keys(status, ruleset, created);
    let c = with_created(
        filter_prefix(None, Some(ruleset)).unwrap_or_default(),
        created,
    );
    [a, b, c]
}

/// Builds the `by_filter` index of a store made before it, once.
fn build_filter_index(
    db: &sled::Db,
    games: &sled::Tree,
    heads: &sled::Tree,
    by_created: &sled::Tree,
    by_filter: &sled::Tree,
) -> Result<(), StoreError> {
    const DONE: &[u8] = b"index/by_filter";
    let meta = db.open_tree("meta").map_err(io)?;
    if meta.get(DONE).map_err(io)?.is_some() {
        return Ok(());
    }
    let mut batch = sled::Batch::default();
    for item in by_created.iter() {
        let (key, _) = item.map_err(io)?;
        let created: [u8; 16] = key
            .as_ref()
            .try_into()
            .map_err(|_| StoreError::Corrupt("by_created key is not 16 bytes".into()))?;
        let id = GameId(two_u64(&created).map_or(0, |(_, id)| id));
        let (Some(head), Some(game)) = (
            heads.get(game_key(id)).map_err(io)?,
            games.get(game_key(id)).map_err(io)?,
        ) else {
            continue;
        };
        let head = StoredHead::decode(id, &head)?;
        let game = Meta::decode(id, &game)?;
        for key in filter_keys(head.status, &game.ruleset, &created) {
            batch.insert(key, &[]);
        }
    }
    by_filter.apply_batch(batch).map_err(io)?;
    meta.insert(DONE, b"1").map_err(io)?;
    db.flush().map_err(io)?;
    Ok(())
}

fn two_u64(bytes: &[u8]) -> Option<(u64, u64)> {
    let a: [u8; 8] = bytes.get(..8)?.try_into().ok()?;
    let b: [u8; 8] = bytes.get(8..16)?.try_into().ok()?;
    (bytes.len() == 16).then(|| (u64::from_be_bytes(a), u64::from_be_bytes(b)))
}

/// A dedupe entry: first seq and count (16 bytes), then the action's digest
/// (32 bytes) when the append carried one.
fn dedupe_value(first: u64, count: u64, digest: Option<&[u8; 32]>) -> Vec<u8> {
    let mut v = Vec::with_capacity(48);
    v.extend_from_slice(&first.to_be_bytes());
    v.extend_from_slice(&count.to_be_bytes());
    if let Some(digest) = digest {
        v.extend_from_slice(digest);
    }
    v
}

/// A dedupe entry: the first seq and count of its append, and its digest.
type DedupeEntry = (u64, u64, Option<[u8; 32]>);

/// The first seq and count of a dedupe entry, and its digest if it has one.
fn read_dedupe(bytes: &[u8]) -> Option<DedupeEntry> {
    let (run, digest) = match bytes.len() {
        16 => (bytes, None),
        48 => (&bytes[..16], Some(bytes[16..].try_into().ok()?)),
        _ => return None,
    };
    let (first, count) = two_u64(run)?;
    Some((first, count, digest))
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

/// `collection` ++ 0 ++ `rest`: a `docs` key, or the prefix of some.
fn doc_prefix(collection: &str, rest: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(collection.len() + 1 + rest.len());
    k.extend_from_slice(collection.as_bytes());
    k.push(0);
    k.extend_from_slice(rest.as_bytes());
    k
}

/// The `docs` key of the document `key` of `collection`, if both are valid.
fn doc_key(collection: &str, key: &str) -> Result<Vec<u8>, StoreError> {
    check_doc_key(collection, key)?;
    Ok(doc_prefix(collection, key))
}

/// The revision of a stored document.
fn doc_revision(stored: &[u8]) -> Result<u64, StoreError> {
    let revision: [u8; 8] = stored
        .get(..8)
        .and_then(|r| r.try_into().ok())
        .ok_or_else(|| StoreError::Corrupt("document shorter than its revision".into()))?;
    Ok(u64::from_be_bytes(revision))
}

/// A stored document: its revision and its JSON.
fn decode_doc(stored: &[u8]) -> Result<(u64, Value), StoreError> {
    let revision = doc_revision(stored)?;
    let value = serde_json::from_slice(&stored[8..])
        .map_err(|e| StoreError::Corrupt(format!("document: {e}")))?;
    Ok((revision, value))
}

/// The answer to a request that does not fit its kind (a bug).
fn unexpected_outcome() -> StoreError {
    StoreError::Io("the writer answered with another kind of outcome".into())
}

/// How long opening a store waits for its directory's lock: a store this
/// process has just closed there lets go of it a little later (sled's
/// background threads drop their last handles to its files after ours).
/// Another process holding it is refused once this has passed.
const LOCK_WAIT: Duration = Duration::from_secs(3);

/// Opens the sled database in `path`, waiting up to [`LOCK_WAIT`] for its lock.
fn open_db(path: &Path, cache_bytes: u64) -> Result<sled::Db, StoreError> {
    let started = Instant::now();
    loop {
        match sled::Config::new()
            .path(path)
            .cache_capacity(cache_bytes)
            .open()
        {
            Err(sled::Error::Io(e))
                if e.to_string().contains("could not acquire lock")
                    && started.elapsed() < LOCK_WAIT =>
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            opened => return opened.map_err(io),
        }
    }
}

/// The page cache of [`SledStore::open`]: 64 MiB.
pub const DEFAULT_CACHE_BYTES: u64 = 64 << 20;

impl SledStore {
    /// Opens (or creates) the store in the directory `path` and starts its
    /// writer thread. One process at a time may hold a store open (a store
    /// this process has just closed is waited for, up to 3 s).
    pub fn open(path: impl AsRef<Path>) -> Result<SledStore, StoreError> {
        SledStore::open_with(path, DEFAULT_CACHE_BYTES)
    }

    /// [`SledStore::open`] with a page cache of `cache_bytes` (sled's own
    /// default, 1 GiB, is far more than a game server needs).
    pub fn open_with(path: impl AsRef<Path>, cache_bytes: u64) -> Result<SledStore, StoreError> {
        let path = path.as_ref();
        let db = open_db(path, cache_bytes)?;
        let games = db.open_tree("games").map_err(io)?;
        let heads = db.open_tree("heads").map_err(io)?;
        let events = db.open_tree("events").map_err(io)?;
        let dedupe = db.open_tree("dedupe").map_err(io)?;
        let by_created = db.open_tree("by_created").map_err(io)?;
        let by_filter = db.open_tree("by_filter").map_err(io)?;
        let docs = db.open_tree("docs").map_err(io)?;
        build_filter_index(&db, &games, &heads, &by_created, &by_filter)?;
        let mut trees = WriterTrees {
            games: games.clone(),
            heads: heads.clone(),
            events: events.clone(),
            dedupe: dedupe.clone(),
            by_created: by_created.clone(),
            by_filter: by_filter.clone(),
            docs: docs.clone(),
            cache: HashMap::new(),
        };
        let writer = GroupCommit::start(db.clone(), path, WRITE_BATCH, move |batch| {
            trees.apply(batch)
        })?;
        Ok(SledStore {
            inner: Arc::new(Inner {
                writer,
                games,
                heads,
                events,
                dedupe,
                by_created,
                by_filter,
                docs,
                db,
            }),
        })
    }

    /// How many hard flushes (flush + fsync) the writer thread has run: one
    /// per batch of writes.
    pub fn flushes(&self) -> u64 {
        self.inner.writer.flushes()
    }

    /// See [`EventStore::secret`].
    fn read_secret(&self, name: &str, fresh: String) -> Result<String, StoreError> {
        let meta = self.inner.db.open_tree("meta").map_err(io)?;
        let key = format!("secret/{name}");
        // Insert-if-absent: two callers racing keep the first one's value.
        let _ = meta
            .compare_and_swap(
                key.as_bytes(),
                None as Option<&[u8]>,
                Some(fresh.as_bytes()),
            )
            .map_err(io)?;
        self.inner.db.flush().map_err(io)?;
        let stored = meta
            .get(key.as_bytes())
            .map_err(io)?
            .ok_or_else(|| StoreError::Corrupt(format!("secret {name} vanished")))?;
        String::from_utf8(stored.to_vec())
            .map_err(|_| StoreError::Corrupt(format!("secret {name} is not text")))
    }

    /// The size of the database on disk, in bytes.
    pub fn size_on_disk(&self) -> Result<u64, StoreError> {
        self.inner.db.size_on_disk().map_err(io)
    }

    /// The version of a game's head (0 for an unknown game): its committed log
    /// ends there.
    fn committed_version(&self, id: GameId) -> Result<u64, StoreError> {
        let Some(head) = self.inner.heads.get(game_key(id)).map_err(io)? else {
            return Ok(0);
        };
        let version: [u8; 8] = head
            .get(..8)
            .and_then(|v| v.try_into().ok())
            .ok_or_else(|| StoreError::Corrupt(format!("head of game {id}")))?;
        Ok(u64::from_be_bytes(version))
    }

    /// An append, run by the writer thread: the game after it, its envelopes
    /// and whether it was a duplicate.
    async fn append_outcome(
        &self,
        id: GameId,
        expected: u64,
        mut append: Append,
    ) -> Result<(Game, Vec<Envelope>, bool), StoreError> {
        let (write, commitments) = Write::encode(&mut append, expected.saturating_add(1))?;
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
            } => Ok((
                game,
                envelopes(append, commitments, at, first, prev_hash, hashes)?,
                false,
            )),
            Outcome::Duplicate { game, first, count } => {
                Ok((game, self.read_run(id, first, count)?, true))
            }
            Outcome::Doc { .. } => Err(unexpected_outcome()),
        }
    }

    /// The dedupe entry of `action_id` in game `id`.
    fn dedupe_entry(&self, id: GameId, action_id: &str) -> Result<Option<DedupeEntry>, StoreError> {
        let Some(seen) = self
            .inner
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

/// The trees, as the writer thread holds them, and the games it knows.
struct WriterTrees {
    games: sled::Tree,
    heads: sled::Tree,
    events: sled::Tree,
    dedupe: sled::Tree,
    by_created: sled::Tree,
    by_filter: sled::Tree,
    docs: sled::Tree,
    /// Games as last committed by this thread (the only writer), so that an
    /// append reads nothing. Bounded by [`WRITER_CACHE`].
    cache: HashMap<GameId, Game>,
}

impl WriterTrees {
    /// Applies a batch of requests, in order; one result per request. Runs on
    /// the writer thread.
    fn apply(&mut self, batch: &[Request]) -> Vec<Result<Outcome, StoreError>> {
        let at = now();
        let at_json = match serde_json::to_vec(&at) {
            Ok(json) => json,
            Err(e) => {
                let e = StoreError::Io(format!("encode time: {e}"));
                return batch.iter().map(|_| Err(e.clone())).collect();
            }
        };
        let at = (at, at_json.as_slice());
        let mut plan = Plan::default();
        let mut results = Vec::with_capacity(batch.len());
        for request in batch {
            match self.apply_one(&mut plan, request, at) {
                Ok(outcome) => results.push(Ok(outcome)),
                Err(Fail::Rejected(e)) => results.push(Err(e)),
                Err(Fail::Storage(e)) => {
                    let e = io(e);
                    return batch.iter().map(|_| Err(e.clone())).collect();
                }
            }
        }
        let changed = std::mem::take(&mut plan.changed);
        match self.commit(plan) {
            Ok(()) => {
                self.remember(changed);
                results
            }
            Err(e) => {
                // What sled kept of the batch is unknown: forget everything,
                // the trees are the truth.
                self.cache.clear();
                let e = io(e);
                batch.iter().map(|_| Err(e.clone())).collect()
            }
        }
    }

    /// Makes the writes of a batch: those of the games, then the documents
    /// (see the module docs).
    fn commit(&self, mut plan: Plan) -> Result<(), sled::Error> {
        let docs = std::mem::take(&mut plan.docs);
        self.commit_games(plan)?;
        self.commit_docs(docs)
    }

    /// Writes the documents of a batch, in one atomic sled batch.
    fn commit_docs(&self, docs: HashMap<Vec<u8>, Option<Vec<u8>>>) -> Result<(), sled::Error> {
        if docs.is_empty() {
            return Ok(());
        }
        let mut batch = sled::Batch::default();
        for (key, value) in docs {
            match value {
                Some(value) => batch.insert(key, value),
                None => batch.remove(key),
            }
        }
        self.docs.apply_batch(batch)
    }

    /// Makes the writes of the games of a batch: the events first, in one
    /// atomic sled batch, then everything else, the heads last (see the
    /// module docs).
    fn commit_games(&self, plan: Plan) -> Result<(), sled::Error> {
        if !plan.events.is_empty() {
            let mut events = sled::Batch::default();
            for (key, value) in plan.events {
                events.insert(&key, value);
            }
            self.events.apply_batch(events)?;
        }
        let no_heads = plan.heads.is_empty();
        let mut heads = sled::Batch::default();
        for (key, value) in plan.heads {
            heads.insert(&key, value);
        }
        if plan.games.is_empty()
            && plan.dedupe.is_empty()
            && plan.by_created.is_empty()
            && plan.by_filter.is_empty()
        {
            if no_heads {
                return Ok(()); // every request was rejected
            }
            return self.heads.apply_batch(heads);
        }
        let mut games = sled::Batch::default();
        for (key, value) in plan.games {
            games.insert(&key, value);
        }
        let mut dedupe = sled::Batch::default();
        for (key, value) in plan.dedupe {
            dedupe.insert(key, value);
        }
        let mut by_created = sled::Batch::default();
        for key in plan.by_created {
            by_created.insert(&key, &[]);
        }
        let mut by_filter = sled::Batch::default();
        for (key, insert) in plan.by_filter {
            if insert {
                by_filter.insert(key, &[]);
            } else {
                by_filter.remove(key);
            }
        }
        // The meta is written before the head (tree order of the commit).
        let trees = (
            &self.games,
            &self.dedupe,
            &self.by_created,
            &self.by_filter,
            &self.heads,
        );
        trees
            .transaction(|(g, d, b, f, h)| {
                g.apply_batch(&games)?;
                d.apply_batch(&dedupe)?;
                b.apply_batch(&by_created)?;
                f.apply_batch(&by_filter)?;
                h.apply_batch(&heads)?;
                Ok::<_, ConflictableTransactionError<Infallible>>(())
            })
            .map_err(|e| match e {
                TransactionError::Storage(e) => e,
                TransactionError::Abort(never) => match never {},
            })
    }

    /// Records the games a committed batch changed, keeping the cache bounded.
    fn remember(&mut self, changed: HashMap<GameId, Game>) {
        if self.cache.len() + changed.len() > WRITER_CACHE {
            self.cache
                .retain(|_, g| g.head.status != GameStatus::Finished);
            if self.cache.len() + changed.len() > WRITER_CACHE / 2 {
                self.cache.clear();
            }
        }
        self.cache.extend(changed);
    }

    /// A game as a request of the batch sees it: as changed earlier in the
    /// batch, else as the writer remembers it, else as stored.
    fn known_game(&self, plan: &Plan, id: GameId) -> Result<Option<Game>, Fail> {
        if let Some(game) = plan.changed.get(&id).or_else(|| self.cache.get(&id)) {
            return Ok(Some(game.clone()));
        }
        let key = game_key(id);
        let Some(head) = self.heads.get(key)? else {
            return Ok(None);
        };
        let head = StoredHead::decode(id, &head)?;
        let meta = self
            .games
            .get(key)?
            .ok_or_else(|| StoreError::Corrupt(format!("game {id} has a head but no meta")))?;
        let meta = Meta::decode(id, &meta)?;
        if meta.generation != head.generation {
            return Err(StoreError::Corrupt(format!(
                "game {id}: head of meta generation {}, meta of generation {}",
                head.generation, meta.generation
            ))
            .into());
        }
        Ok(Some(Game {
            id,
            head,
            meta: Arc::new(meta),
        }))
    }

    /// A document write of a batch: checked against the revision the requests
    /// before it in the batch left (`plan`), and, if accepted, added to `plan`.
    /// Deleting a document that does not exist (expecting revision 0) writes nothing.
    fn put_doc(
        &self,
        plan: &mut Plan,
        key: &[u8],
        value: Option<&[u8]>,
        expected: u64,
    ) -> Result<Outcome, Fail> {
        let current = match plan.docs.get(key) {
            Some(Some(stored)) => doc_revision(stored)?,
            Some(None) => 0,
            None => match self.docs.get(key)? {
                Some(stored) => doc_revision(&stored)?,
                None => 0,
            },
        };
        if current != expected {
            return Err(StoreError::Stale {
                generation: current,
            }
            .into());
        }
        let Some(value) = value else {
            if current != 0 {
                plan.docs.insert(key.to_vec(), None);
            }
            return Ok(Outcome::Doc { revision: 0 });
        };
        let revision = current
            .checked_add(1)
            .ok_or_else(|| StoreError::Io("document revision overflow".into()))?;
        let mut stored = Vec::with_capacity(8 + value.len());
        stored.extend_from_slice(&revision.to_be_bytes());
        stored.extend_from_slice(value);
        plan.docs.insert(key.to_vec(), Some(stored));
        Ok(Outcome::Doc { revision })
    }

    /// One request of a batch: checked against the state the requests before
    /// it in the batch left (`plan`), and, if accepted, its writes added to
    /// `plan`. Every check and every fallible computation comes first, so a
    /// rejected request adds nothing.
    fn apply_one(
        &self,
        plan: &mut Plan,
        request: &Request,
        (at, at_json): (DateTime<Utc>, &[u8]),
    ) -> Result<Outcome, Fail> {
        let (mut game, expected, write, new) = match request {
            Request::Create { ids, new, write } => {
                let mut free = None;
                for &id in ids {
                    if !plan.changed.contains_key(&id) && self.games.get(game_key(id))?.is_none() {
                        free = Some(id);
                        break;
                    }
                }
                let id =
                    free.ok_or_else(|| StoreError::Io("could not draw an unused game id".into()))?;
                let game = Game {
                    id,
                    head: StoredHead {
                        version: 0,
                        generation: 0,
                        status: GameStatus::Active,
                        updated_at: at,
                        head_hash: ZERO_HASH.to_owned(),
                    },
                    meta: Arc::new(Meta {
                        generation: 0,
                        ruleset: new.ruleset.clone(),
                        created_at: at,
                        data: new.data.clone(),
                    }),
                };
                (game, 0, write, true)
            }
            Request::Append {
                id,
                expected,
                write,
            } => match self.known_game(plan, *id)? {
                None => return Err(StoreError::NotFound.into()),
                Some(game) => (game, *expected, write, false),
            },
            Request::PutDoc {
                key,
                value,
                expected,
            } => return self.put_doc(plan, key, value.as_deref(), *expected),
        };
        let id = game.id;

        let dkey = write.action_id.as_deref().map(|a| dedupe_key(id, a));
        if let Some(dkey) = &dkey {
            let seen = match plan.dedupe.get(dkey) {
                Some(value) => Some(read_dedupe(value)),
                None => self.dedupe.get(dkey.as_slice())?.map(|v| read_dedupe(&v)),
            };
            if let Some(seen) = seen {
                let (first, count, _) =
                    seen.ok_or_else(|| StoreError::Corrupt(format!("dedupe entry of game {id}")))?;
                if new {
                    // A new game has no dedupe entries.
                    return Err(
                        StoreError::Corrupt(format!("dedupe entry for new game {id}")).into(),
                    );
                }
                return Ok(Outcome::Duplicate { game, first, count });
            }
        }
        if game.head.version != expected {
            return Err(StoreError::Conflict {
                current: game.head.version,
            }
            .into());
        }
        if write
            .expected_generation
            .is_some_and(|g| g != game.meta.generation)
        {
            return Err(StoreError::Stale {
                generation: game.meta.generation,
            }
            .into());
        }

        let count = u64::try_from(write.events.len())
            .map_err(|_| StoreError::Io("too many events".into()))?;
        let first = game
            .head
            .version
            .checked_add(1)
            .filter(|f| f.checked_add(count).is_some())
            .ok_or_else(|| StoreError::Io("version overflow".into()))?;

        let old_status = game.head.status;
        let prev_hash = std::mem::take(&mut game.head.head_hash);
        let (hashes, stored) = seal_events(write, at_json, first, &prev_hash);
        game.head.version += count;
        game.head.head_hash = hashes.last().unwrap_or(&prev_hash).clone();
        game.head.updated_at = at;
        if let Some(status) = write.status {
            game.head.status = status;
        }
        let meta_bytes = if new || write.data.is_some() {
            if let Some(data) = &write.data {
                let generation = game
                    .meta
                    .generation
                    .checked_add(u64::from(!new))
                    .ok_or_else(|| StoreError::Io("meta generation overflow".into()))?;
                game.meta = Arc::new(Meta {
                    generation,
                    ruleset: game.meta.ruleset.clone(),
                    created_at: game.meta.created_at,
                    data: data.clone(),
                });
            }
            game.head.generation = game.meta.generation;
            Some(serde_json::to_vec(&*game.meta).map_err(|e| StoreError::Io(e.to_string()))?)
        } else {
            None
        };

        // Accepted: plan its writes.
        let gkey = game_key(id);
        for (seq, bytes) in (first..).zip(stored) {
            plan.events.push((event_key(id, seq), bytes));
        }
        if let Some(dkey) = dkey {
            plan.dedupe.insert(
                dkey,
                dedupe_value(first, count, write.action_digest.as_ref()),
            );
        }
        if let Some(meta_bytes) = meta_bytes {
            plan.games.push((gkey, meta_bytes));
        }
        plan.heads.push((gkey, game.head.encode()));
        let created = created_key(game.meta.created_at, id);
        if new {
            plan.by_created.push(created);
            for key in filter_keys(game.head.status, &game.meta.ruleset, &created) {
                plan.by_filter.push((key, true));
            }
        } else if write.status.is_some_and(|s| s != old_status) {
            let ruleset = &game.meta.ruleset;
            for key in status_keys(old_status, ruleset, &created) {
                plan.by_filter.push((key, false));
            }
            for key in status_keys(game.head.status, ruleset, &created) {
                plan.by_filter.push((key, true));
            }
        }
        plan.changed.insert(id, game.clone());
        Ok(Outcome::Written {
            game,
            at,
            first,
            prev_hash,
            hashes,
        })
    }
}

/// The writes of one batch, gathered (in order) before any is made, and the
/// games they change.
#[derive(Default)]
struct Plan {
    events: Vec<([u8; 16], Vec<u8>)>,
    heads: Vec<([u8; 8], Vec<u8>)>,
    games: Vec<([u8; 8], Vec<u8>)>,
    dedupe: HashMap<Vec<u8>, Vec<u8>>,
    by_created: Vec<[u8; 16]>,
    /// `by_filter` keys to insert (`true`) or remove.
    by_filter: Vec<(Vec<u8>, bool)>,
    /// `docs` entries to write (`Some`) or remove, by key.
    docs: HashMap<Vec<u8>, Option<Vec<u8>>>,
    changed: HashMap<GameId, Game>,
}

impl SledStore {
    async fn write_create(
        &self,
        new: NewGame,
        mut append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        let ids = random_ids()?;
        let (write, commitments) = Write::encode(&mut append, 1)?;
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
                let envelopes = envelopes(append, commitments, at, first, prev_hash, hashes)?;
                Ok((game.record(), envelopes))
            }
            Outcome::Duplicate { game, .. } => Err(StoreError::Corrupt(format!(
                "dedupe entry for new game {}",
                game.id
            ))),
            Outcome::Doc { .. } => Err(unexpected_outcome()),
        }
    }

    async fn write_append(
        &self,
        id: GameId,
        expected: u64,
        append: Append,
    ) -> Result<Appended, StoreError> {
        let (game, envelopes, duplicate) = self.append_outcome(id, expected, append).await?;
        Ok(Appended {
            head: game.head(),
            envelopes,
            duplicate,
        })
    }

    pub(crate) fn read_game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        let key = game_key(id);
        let mut attempts = 0;
        loop {
            // Head first: the meta a head names is committed with it or
            // before it, and a newer meta comes with a newer head.
            let Some(head) = self.inner.heads.get(key).map_err(io)? else {
                return Ok(None);
            };
            let head = StoredHead::decode(id, &head)?;
            let meta =
                self.inner.games.get(key).map_err(io)?.ok_or_else(|| {
                    StoreError::Corrupt(format!("game {id} has a head but no meta"))
                })?;
            let meta = Meta::decode(id, &meta)?;
            if meta.generation == head.generation {
                return Ok(Some(GameRecord {
                    id,
                    ruleset: meta.ruleset,
                    status: head.status,
                    version: head.version,
                    head_hash: head.head_hash,
                    generation: meta.generation,
                    created_at: meta.created_at,
                    updated_at: head.updated_at,
                    data: meta.data,
                }));
            }
            // A write came between the two reads: read both again.
            attempts += 1;
            if attempts == CONSISTENT_READ_ATTEMPTS {
                return Err(StoreError::Corrupt(format!(
                    "game {id}: head of meta generation {}, meta of generation {}",
                    head.generation, meta.generation
                )));
            }
            if attempts < CONSISTENT_READ_SPINS {
                std::thread::yield_now();
            } else {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }

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
        let mut out = Vec::with_capacity(limit.min(1024));
        let range = event_key(id, start)..=event_key(id, version);
        for item in self.inner.events.range(range).take(limit) {
            let (_, value) = item.map_err(io)?;
            out.push(decode_envelope(&value)?);
        }
        Ok(out)
    }

    pub(crate) fn read_find_action(
        &self,
        id: GameId,
        action_id: &str,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        let Some((first, count, _)) = self.dedupe_entry(id, action_id)? else {
            return Ok(None);
        };
        self.read_run(id, first, count).map(Some)
    }

    pub(crate) fn read_action_digest(
        &self,
        id: GameId,
        action_id: &str,
    ) -> Result<Option<[u8; 32]>, StoreError> {
        Ok(self
            .dedupe_entry(id, action_id)?
            .and_then(|(_, _, digest)| digest))
    }

    pub(crate) fn read_list(&self, query: &ListQuery) -> Result<Page, StoreError> {
        let limit = list_limit(query.limit);
        // A cursor this store did not give is an empty page.
        let cursor = match query.cursor.as_deref().map(parse_cursor) {
            Some(None) => return Ok(Page::default()),
            parsed => parsed.flatten(),
        };
        // Filtered lists walk the filter's own index: only the games listed
        // are read (plus one, to know whether a next page exists).
        let (index, prefix) = match filter_prefix(query.status, query.ruleset.as_deref()) {
            None => (&self.inner.by_created, Vec::new()),
            Some(prefix) => (&self.inner.by_filter, prefix),
        };
        let iter = match cursor {
            None => index.scan_prefix(&prefix),
            Some(key) => index.range(prefix.clone()..with_created(prefix.clone(), &key)),
        };
        let mut games = Vec::with_capacity(limit.min(64));
        let mut last_key: Option<Vec<u8>> = None;
        for item in iter.rev() {
            let (key, _) = item.map_err(io)?;
            let key = key
                .get(prefix.len()..)
                .filter(|k| k.len() == 16)
                .ok_or_else(|| StoreError::Corrupt("list index key is malformed".into()))?
                .to_vec();
            let (_, raw_id) = two_u64(&key)
                .ok_or_else(|| StoreError::Corrupt("by_created key is not 16 bytes".into()))?;
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

    pub(crate) fn read_verify_with(
        &self,
        id: GameId,
        chain_key: Option<&[u8; 32]>,
    ) -> Result<Verification, StoreError> {
        let record = self.read_game(id)?.ok_or(StoreError::NotFound)?;
        // The log is events 1 to the head's version (anything past it is not
        // committed, see the module docs).
        let log = event_key(id, 1)..=event_key(id, record.version.max(1));
        let log = self.inner.events.range(log).map(|item| {
            let (key, value) = item.map_err(io)?;
            // A malformed key is stored under no seq: seq 0 never matches.
            Ok((two_u64(&key).map_or(0, |(_, seq)| seq), value))
        });
        verify_log(record.version, record.head_hash, log, chain_key)
    }

    async fn write_doc(
        &self,
        collection: &str,
        key: &str,
        value: Option<Value>,
        expected: u64,
    ) -> Result<u64, StoreError> {
        let key = doc_key(collection, key)?;
        let value = value
            .map(|v| serde_json::to_vec(&v))
            .transpose()
            .map_err(|e| StoreError::Io(format!("encode document: {e}")))?;
        let request = Request::PutDoc {
            key,
            value,
            expected,
        };
        match self.inner.writer.submit(request).await? {
            Outcome::Doc { revision } => Ok(revision),
            _ => Err(unexpected_outcome()),
        }
    }

    pub(crate) fn read_doc(
        &self,
        collection: &str,
        key: &str,
    ) -> Result<Option<(u64, Value)>, StoreError> {
        let key = doc_key(collection, key)?;
        match self.inner.docs.get(key).map_err(io)? {
            Some(stored) => decode_doc(&stored).map(Some),
            None => Ok(None),
        }
    }

    pub(crate) fn read_docs(
        &self,
        collection: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, u64, Value)>, StoreError> {
        check_collection(collection)?;
        let start = doc_prefix(collection, prefix);
        let from = match after.map(|a| doc_prefix(collection, a)) {
            Some(after) if after >= start => Bound::Excluded(after),
            _ => Bound::Included(start.clone()),
        };
        let mut out = Vec::with_capacity(limit.min(256));
        for item in self.inner.docs.range((from, Bound::Unbounded)) {
            if out.len() == limit {
                break;
            }
            let (key, stored) = item.map_err(io)?;
            if !key.starts_with(&start) {
                break;
            }
            let name = String::from_utf8(key[collection.len() + 1..].to_vec())
                .map_err(|_| StoreError::Corrupt("document key is not UTF-8".into()))?;
            let (revision, value) = decode_doc(&stored)?;
            out.push((name, revision, value));
        }
        Ok(out)
    }
}

/// Reads answer from sled's cache or its files on the calling thread, except
/// the scans (a page of the list, a chain walk), which run on tokio's blocking
/// threads so that they never hold up the threads serving requests.
impl EventStore for SledStore {
    async fn create(
        &self,
        new: NewGame,
        append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        self.write_create(new, append).await
    }

    async fn append(
        &self,
        id: GameId,
        expected: u64,
        append: Append,
    ) -> Result<Appended, StoreError> {
        self.write_append(id, expected, append).await
    }

    async fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.read_game(id)
    }

    async fn head(&self, id: GameId) -> Result<Option<GameHead>, StoreError> {
        match self.inner.heads.get(game_key(id)).map_err(io)? {
            None => Ok(None),
            Some(head) => {
                let head = StoredHead::decode(id, &head)?;
                Ok(Some(GameHead {
                    version: head.version,
                    head_hash: head.head_hash,
                    status: head.status,
                    generation: head.generation,
                    updated_at: head.updated_at,
                }))
            }
        }
    }

    async fn events(
        &self,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Envelope>, StoreError> {
        if limit > SCAN_ON_CALLER {
            let store = self.clone();
            return off_thread(move || store.read_events(id, after, limit)).await;
        }
        self.read_events(id, after, limit)
    }

    async fn find_action(
        &self,
        id: GameId,
        action_id: &str,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        self.read_find_action(id, action_id)
    }

    async fn action_digest(
        &self,
        id: GameId,
        action_id: &str,
    ) -> Result<Option<[u8; 32]>, StoreError> {
        self.read_action_digest(id, action_id)
    }

    async fn list(&self, query: &ListQuery) -> Result<Page, StoreError> {
        let store = self.clone();
        let query = query.clone();
        off_thread(move || store.read_list(&query)).await
    }

    async fn verify_with(
        &self,
        id: GameId,
        chain_key: Option<&[u8; 32]>,
    ) -> Result<Verification, StoreError> {
        let store = self.clone();
        let chain_key = chain_key.copied();
        off_thread(move || store.read_verify_with(id, chain_key.as_ref())).await
    }

    async fn put_doc(
        &self,
        collection: &str,
        key: &str,
        value: Option<Value>,
        expected: u64,
    ) -> Result<u64, StoreError> {
        self.write_doc(collection, key, value, expected).await
    }

    async fn doc(&self, collection: &str, key: &str) -> Result<Option<(u64, Value)>, StoreError> {
        self.read_doc(collection, key)
    }

    async fn docs(
        &self,
        collection: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, u64, Value)>, StoreError> {
        if limit > SCAN_ON_CALLER {
            let store = self.clone();
            let (collection, prefix) = (collection.to_owned(), prefix.to_owned());
            let after = after.map(str::to_owned);
            return off_thread(move || {
                store.read_docs(&collection, &prefix, after.as_deref(), limit)
            })
            .await;
        }
        self.read_docs(collection, prefix, after, limit)
    }

    async fn secret(&self, name: &str, fresh: String) -> Result<String, StoreError> {
        self.read_secret(name, fresh)
    }
}

/// Reads of at most this many entries run on the caller's thread; longer
/// scans go to tokio's blocking threads.
const SCAN_ON_CALLER: usize = 256;

/// Runs a long read on tokio's blocking threads (on the caller's thread
/// outside a tokio runtime).
async fn off_thread<T: Send + 'static>(
    read: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => runtime
            .spawn_blocking(read)
            .await
            .map_err(|e| StoreError::Io(format!("a read task failed: {e}")))?,
        Err(_) => read(),
    }
}

/// Copying a store ([`crate::transfer`]): exports read the trees; imports
/// write them directly (not through the writer thread), a game's head last
/// (its commit point, as in a batch), then flush. Import only into a store
/// no server is writing to.
impl Transfer for SledStore {
    async fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        let mut ids = Vec::new();
        for item in self.inner.heads.iter() {
            let (key, _) = item.map_err(io)?;
            let raw: [u8; 8] = key
                .as_ref()
                .try_into()
                .map_err(|_| StoreError::Corrupt("heads key is not 8 bytes".into()))?;
            ids.push(GameId(u64::from_be_bytes(raw)));
        }
        Ok(ids)
    }

    async fn export_game(&self, id: GameId) -> Result<Option<GameExport>, StoreError> {
        let Some(record) = self.read_game(id)? else {
            return Ok(None);
        };
        let mut envelopes = Vec::new();
        if record.version > 0 {
            let log = event_key(id, 1)..=event_key(id, record.version);
            for item in self.inner.events.range(log) {
                let (_, value) = item.map_err(io)?;
                envelopes.push(
                    String::from_utf8(value.to_vec())
                        .map_err(|_| StoreError::Corrupt(format!("envelope of game {id}")))?,
                );
            }
        }
        let mut dedupe = Vec::new();
        for item in self.inner.dedupe.scan_prefix(game_key(id)) {
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
        Ok(Some(GameExport {
            record,
            envelopes,
            dedupe,
        }))
    }

    async fn write_new_game(&self, game: &GameExport) -> Result<(), StoreError> {
        let record = &game.record;
        let id = record.id;
        let mut events = sled::Batch::default();
        for (seq, envelope) in (1..).zip(&game.envelopes) {
            events.insert(&event_key(id, seq), envelope.as_bytes());
        }
        self.inner.events.apply_batch(events).map_err(io)?;
        for entry in &game.dedupe {
            self.inner
                .dedupe
                .insert(
                    dedupe_key(id, &entry.action_id),
                    dedupe_value(entry.first, entry.count, entry.digest.as_ref()),
                )
                .map_err(io)?;
        }
        let meta = Meta {
            generation: record.generation,
            ruleset: record.ruleset.clone(),
            created_at: record.created_at,
            data: record.data.clone(),
        };
        let meta = serde_json::to_vec(&meta).map_err(|e| StoreError::Io(e.to_string()))?;
        self.inner.games.insert(game_key(id), meta).map_err(io)?;
        let created = created_key(record.created_at, id);
        self.inner.by_created.insert(created, &[]).map_err(io)?;
        for key in filter_keys(record.status, &record.ruleset, &created) {
            self.inner.by_filter.insert(key, &[]).map_err(io)?;
        }
        let head = StoredHead {
            version: record.version,
            generation: record.generation,
            status: record.status,
            updated_at: record.updated_at,
            head_hash: record.head_hash.clone(),
        };
        self.inner
            .heads
            .insert(game_key(id), head.encode())
            .map_err(io)?;
        self.inner.db.flush().map_err(io)?;
        Ok(())
    }

    async fn export_docs(&self) -> Result<Vec<DocExport>, StoreError> {
        let mut out = Vec::new();
        for item in self.inner.docs.iter() {
            let (key, stored) = item.map_err(io)?;
            let bad = || StoreError::Corrupt("document key".into());
            let split = key.iter().position(|&b| b == 0).ok_or_else(bad)?;
            let collection = String::from_utf8(key[..split].to_vec()).map_err(|_| bad())?;
            let name = String::from_utf8(key[split + 1..].to_vec()).map_err(|_| bad())?;
            let (revision, value) = decode_doc(&stored)?;
            out.push(DocExport {
                collection,
                key: name,
                revision,
                value,
            });
        }
        Ok(out)
    }

    async fn import_doc(&self, doc: &DocExport) -> Result<Imported, StoreError> {
        let key = doc_key(&doc.collection, &doc.key)?;
        if let Some(stored) = self.inner.docs.get(&key).map_err(io)? {
            let same = decode_doc(&stored)? == (doc.revision, doc.value.clone());
            return same_or_refuse(
                same,
                format_args!("document {}/{}", doc.collection, doc.key),
            );
        }
        let value = serde_json::to_vec(&doc.value).map_err(|e| StoreError::Io(e.to_string()))?;
        let mut stored = doc.revision.to_be_bytes().to_vec();
        stored.extend_from_slice(&value);
        self.inner.docs.insert(key, stored).map_err(io)?;
        self.inner.db.flush().map_err(io)?;
        Ok(Imported::New)
    }

    async fn export_secrets(&self) -> Result<Vec<(String, String)>, StoreError> {
        let meta = self.inner.db.open_tree("meta").map_err(io)?;
        let mut out = Vec::new();
        for item in meta.scan_prefix(b"secret/") {
            let (key, value) = item.map_err(io)?;
            let bad = || StoreError::Corrupt("secret is not text".into());
            let name = String::from_utf8(key[7..].to_vec()).map_err(|_| bad())?;
            out.push((name, String::from_utf8(value.to_vec()).map_err(|_| bad())?));
        }
        Ok(out)
    }

    async fn import_secret(&self, name: &str, value: &str) -> Result<Imported, StoreError> {
        let meta = self.inner.db.open_tree("meta").map_err(io)?;
        let key = format!("secret/{name}");
        if let Some(stored) = meta.get(key.as_bytes()).map_err(io)? {
            return same_or_refuse(
                stored.as_ref() == value.as_bytes(),
                format_args!("secret {name}"),
            );
        }
        self.read_secret(name, value.to_owned())?;
        Ok(Imported::New)
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
        assert_eq!(read_dedupe(&dedupe_value(7, 3, None)), Some((7, 3, None)));
        assert_eq!(
            read_dedupe(&dedupe_value(7, 3, Some(&[9; 32]))),
            Some((7, 3, Some([9; 32])))
        );
        assert_eq!(read_dedupe(&[0u8; 20]), None);
        assert_eq!(two_u64(&[0u8; 15]), None);
        assert_eq!(two_u64(&[0u8; 17]), None);
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

    #[test]
    fn document_keys_and_values() {
        assert_eq!(doc_key("acc", "ann"), Ok(b"acc\0ann".to_vec()));
        assert!(doc_key("acc", "").is_err());
        assert!(doc_key("a\0c", "ann").is_err());
        let mut stored = 7u64.to_be_bytes().to_vec();
        stored.extend_from_slice(b"{\"a\":1}");
        assert_eq!(doc_revision(&stored), Ok(7));
        assert_eq!(decode_doc(&stored), Ok((7, serde_json::json!({"a": 1}))));
        assert!(doc_revision(&[0; 7]).is_err());
        assert!(decode_doc(&[0; 9]).is_err());
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
