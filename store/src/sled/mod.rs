//! [`EventStore`] on sled 0.34.7.
//!
//! The keys of a game's entries are in `keys.rs`, their values (head, meta,
//! dedupe entry) in `codec.rs`, the list indexes in `index.rs`; the trees
//! that keep small entries many to a key in `runs.rs`; what the
//! writer thread and its callers hand each other in `types.rs`, the writer
//! thread's checks in `writer.rs` and the writes it plans in `commit.rs`;
//! what a caller of `create` and `append` runs in `append.rs`; the reads in
//! `reads.rs`; packing finished games' logs in `pack.rs`, into the file of
//! `packfile.rs`; where a game's head and meta are (folded or not) in
//! `stored.rs`; the documents in
//! `documents.rs`; copies in `transfer.rs`.
//!
//! Trees (all integers big-endian, so byte order is numeric order):
//!
//! | tree         | key                                  | value                               |
//! |--------------|--------------------------------------|-------------------------------------|
//! | `games`      | game id (8 bytes)                    | the game's meta, JSON (see below)   |
//! | `heads`      | game id (8 bytes)                    | the game's head, binary (see below) |
//! | `events`     | game id ++ seq (16 bytes)            | [`Envelope`] as JSON                |
//! | `dedupe`     | game id ++ action id (UTF-8)         | first seq ++ count (16 b.)          |
//! | `lists`      | runs of: filter ++ created ++ id     | runs of: empty                      |
//! | `meta`       | `secret/{name}`, `index/lists`       | a server secret; `1` once built     |
//! | `doc_runs`   | runs of: collection ++ 0 ++ key      | runs of: revision ++ document JSON  |
//! | `packed`     | game id (8 bytes)                    | where its packed log is (`pack.rs`) |
//!
//! **A finished, packed game takes one sled key**: the writer thread folds
//! its head and meta into its `packed` value and removes its `heads` and
//! `games` entries (`stored.rs`); a later write to it unfolds it. Reads
//! look in `heads` first, then in `packed`. A store whose games were packed
//! before folding has them folded by `bang-store pack`.
//!
//! `lists` and `doc_runs` hold their entries as runs (`runs.rs`): many small
//! entries to a sled key, because sled keeps about 52 bytes of memory for
//! every key of an open database. A store made before runs has them built
//! when it is opened (the lists from the games, the documents moved from the
//! tree `docs`), and the trees of the old layout dropped.
//!
//! `doc_runs` holds the documents of [`EventStore::put_doc`] (player accounts,
//! memberships), beside the games and independent of them: a collection is
//! at most 32 bytes without a NUL, so the first 0 byte ends it; a key is at
//! most 200 bytes; the revision is 1 for a new document and grows by one with
//! each write (a deleted document has no entry, revision 0).
//!
//! `lists` lets a list read only the games it returns: each game has four
//! entries there (`index.rs`), every list and every filter's, each ending
//! with its creation time and id. A status change moves two of them.
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
//! 2. every head, with the metas, dedupe entries and list entries of
//!    the batch, if any: one sled batch on `heads`, or, when other trees are
//!    written too, one transaction over them.
//!
//! The documents the batch writes (`put_doc`) then go in one more atomic sled
//! batch, on `doc_runs` (they depend on no game, so their order against steps 1
//! and 2 does not matter).
//!
//! Then one flush + fsync, and only then is each caller answered. sled
//! recovers a prefix of its log after a crash, so step 2 never survives
//! without step 1; step 1 without step 2 leaves only uncommitted events past
//! the heads, which nothing reads. Two batches instead of one transaction
//! spare a transaction's extra lookup per written key. The writer keeps the
//! head and meta of the games it wrote in memory (bounded, see
//! [`WRITER_CACHE`](writer::WRITER_CACHE)), so an append to a known game reads nothing from sled.
//! Reads go to the trees directly.
//!
//! **A finished game's log is packed** (`pack.rs`, [`crate::packed`]): after
//! the append that finished it, its events `1..=version` and their dedupe
//! entries become one record in the file `packs` beside sled's own
//! (`packfile.rs`), which `packed` names: the record is written, then the
//! entries it holds are removed one by one. A read takes a game's
//! entries, unless some it asked for are missing: then the events a record
//! holds come from it (its chain recomputed, ending at the hash kept with
//! it) and the rest from `events`; an action id not in `dedupe` is looked
//! up in the record.
//!
//! [`crate::transfer::Transfer`] (the `bang-store copy` tool) lists the games by
//! their `heads`, and its imports write the trees directly, a game's head last.
//!
//! Format changes: before the split, `games` held the whole [`GameRecord`] as
//! JSON, there was no `heads` tree, and one transaction wrote a batch; such a
//! database is not readable by this version. The `events` tree is unchanged.

mod append;
mod codec;
mod commit;
mod documents;
mod index;
mod keys;
pub(crate) mod pack;
pub(crate) mod packfile;
mod reads;
mod runs;
mod stored;
mod transfer;
mod types;
mod writer;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::packing::PackCaches;
use crate::{
    Append, Appended, Envelope, EventStore, GameHead, GameId, GameRecord, GroupCommit, ListQuery,
    NewGame, Page, StoreError, Verification,
};
use codec::StoredHead;
use index::build_lists;
use types::{Outcome, Request};
use writer::{WRITE_BATCH, Writer};

/// The sled-backed event store. Cloning is cheap (the clones share one
/// database and one writer thread); dropping the last clone lets the writer
/// thread answer every request already submitted, run a last flush and stop,
/// then closes the database (once the packer thread has ended a packing
/// under way: the games still queued for it stay unpacked).
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
    trees: Trees,
    /// Unpacked logs kept for reads, and the records packed for bulk writes.
    packs: PackCaches,
    /// The packer thread's queue of finished games.
    packer: std::sync::mpsc::SyncSender<crate::packing::PackJob>,
    /// The packed logs.
    packfile: packfile::PackFile,
    db: sled::Db,
}

/// The trees of a store (see the module docs), as the readers and the
/// writer thread each hold them.
#[derive(Clone)]
struct Trees {
    games: sled::Tree,
    heads: sled::Tree,
    events: sled::Tree,
    dedupe: sled::Tree,
    /// The list indexes, as runs (`index.rs`).
    lists: runs::Runs,
    /// The documents, as runs (`documents.rs`).
    docs: runs::Runs,
    packed: sled::Tree,
}

impl Trees {
    /// The trees of `db`, made if they are not there yet.
    fn open(db: &sled::Db) -> Result<Trees, StoreError> {
        let tree = |name: &str| db.open_tree(name).map_err(io);
        Ok(Trees {
            games: tree("games")?,
            heads: tree("heads")?,
            events: tree("events")?,
            dedupe: tree("dedupe")?,
            lists: runs::Runs::new(tree("lists")?),
            docs: runs::Runs::new(tree("doc_runs")?),
            packed: tree("packed")?,
        })
    }
}

impl std::fmt::Debug for SledStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SledStore").finish_non_exhaustive()
    }
}

/// Whether `db` has a tree named `name` (opening one would make it).
fn has_tree(db: &sled::Db, name: &str) -> bool {
    db.tree_names()
        .iter()
        .any(|n| n.as_ref() == name.as_bytes())
}

/// A sled error as the store reports it.
fn io(e: sled::Error) -> StoreError {
    StoreError::Io(e.to_string())
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
        let trees = Trees::open(&db)?;
        build_lists(&db, &trees)?;
        documents::move_into_runs(&db, &trees)?;
        let mut writer = Writer {
            trees: trees.clone(),
            cache: HashMap::new(),
        };
        let writer = GroupCommit::start(db.clone(), path, WRITE_BATCH, move |batch| {
            writer.apply(batch)
        })?;
        let (packer, jobs) = std::sync::mpsc::sync_channel(crate::packing::PACK_QUEUE);
        let inner = Arc::new(Inner {
            writer,
            trees,
            packs: PackCaches::default(),
            packer,
            packfile: packfile::PackFile::open(path)?,
            db,
        });
        pack::start_packer(Arc::downgrade(&inner), jobs)?;
        Ok(SledStore { inner })
    }

    /// Opens and closes the store in `path` (closed by this process) so that
    /// sled writes its snapshot: sled 0.34 writes one only as it opens a
    /// database, and every open replays what was written since the last
    /// snapshot (about a second per GB). A bulk writer (`bang-store copy`,
    /// `pack`, `scale`) calls this last, so that the server's next start
    /// does not replay its writes.
    pub fn settle(path: impl AsRef<Path>) -> Result<(), StoreError> {
        open_db(path.as_ref(), DEFAULT_CACHE_BYTES).map(drop)
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

    /// The size of the store on disk (sled's files and the packed logs'),
    /// in bytes.
    pub fn size_on_disk(&self) -> Result<u64, StoreError> {
        Ok(self.inner.db.size_on_disk().map_err(io)? + self.inner.packfile.size())
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
        Ok(self.inner.trees.head(id)?.map(StoredHead::into_head))
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
        digest: Option<&[u8; 32]>,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        self.read_find_action(id, action_id, digest)
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

    async fn put_docs(&self, writes: Vec<crate::DocPut>) -> Result<Vec<u64>, StoreError> {
        self.write_docs(writes).await
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
