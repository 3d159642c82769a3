//! [`EventStore`] on PostgreSQL: a store shared by several servers.
//!
//! The schema and its migrations are in `schema.rs`; the pool's connections
//! are made in `connect.rs`; the writes in `append.rs`, an append being
//! written by `group.rs` with the others sent meanwhile, in one call of one
//! function; the reads in `reads.rs`; the rate limits' shared takes in
//! `takes.rs`; the changes sent in `notify.rs` and heard in `listen.rs`.
//!
//! An append is sealed here on the game's head as this server last saw it
//! (its hash, and this server's clock, never earlier than the head's last
//! event), then written with the other appends of this server on their way
//! at once by one call of `bang_append_batch` (migration 5: `group.rs`). For
//! each append, it checks the action id (→ the first append's envelopes,
//! nothing written), moves the head only if it is still where the events
//! were sealed (→ the head as it is, and the append sealed again on it, or
//! [`StoreError::Conflict`]), inserts the envelopes, the dedupe entry and the
//! documents written with them. A head this server does not know is read by
//! a call of `bang_append` (migration 2) that writes nothing. The batch is
//! one transaction; it is durable when it returns
//! (`synchronous_commit` on). Creations and documents are one transaction
//! each; a creation's is sent in one round trip once the database's time is
//! read. Once committed, a write is told to every server (`notify.rs`: one
//! task per store sends the notifications of the writes committed meanwhile
//! in one statement, outside the writes' transactions, so that they do not
//! serialize the commits).
//!
//! A game's creation is stamped by the database's clock
//! (`clock_timestamp()`), truncated to the millisecond as sled's times are.

mod append;
mod connect;
mod group;
mod heads;
mod listen;
mod notify;
mod pack;
mod pipeline;
mod reads;
mod schema;
mod takes;
mod tls;
mod transfer;

use std::sync::Arc;

use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod};
use serde_json::Value;
use tokio::sync::{broadcast, oneshot};

use crate::{
    Append, Appended, Change, Envelope, EventStore, GameHead, GameId, GameRecord, ListQuery,
    NewGame, Page, StoreError, Verification,
};

/// The connections [`PgStore::connect`] pools: at most 16.
pub const DEFAULT_POOL_SIZE: usize = 16;

/// How many changes a slow follower of [`EventStore::changes`] may fall
/// behind before it is told it lagged (tokio's broadcast channel).
const CHANGES_CAPACITY: usize = 4096;

/// The PostgreSQL-backed event store. Cloning is cheap (the clones share one
/// pool and one listener connection).
///
/// Connections use TLS as the URL's `sslmode` asks (`disable`, `prefer` by
/// default, `require`, `verify-full` with `sslrootcert`; see `tls`), so the
/// database may be on another machine.
///
/// Semantics are [`crate::SledStore`]'s (same envelope bytes, hashes, dedupe,
/// list order, cursors and limits, document rules), except that:
///
/// * a game's creation is stamped by the database's clock; an append by this
///   server's, never earlier than the game's last event (it is sealed before
///   it is sent: one statement, see `append`);
/// * a write whose caller drops its future before the commit is rolled back;
/// * [`EventStore::changes`] is `Some`: every store on the database, this one
///   included, is told every committed write.
#[derive(Clone)]
pub struct PgStore {
    inner: Arc<Inner>,
}

struct Inner {
    pool: Pool,
    changes: broadcast::Sender<Change>,
    listener: tokio::task::AbortHandle,
    /// Sends the notifications of committed writes.
    notifier: notify::Notifier,
    /// The heads it last wrote or read, for one-statement appends.
    heads: heads::HeadCache,
    notifier_task: tokio::task::AbortHandle,
    /// Commits the appends sent together in one transaction.
    group: group::GroupCommit,
    group_task: tokio::task::AbortHandle,
    /// Unpacked logs for reads, packed records for bulk writes.
    packs: crate::packing::PackCaches,
    /// The packer task's queue of finished games.
    packer: tokio::sync::mpsc::Sender<crate::packing::PackJob>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.listener.abort();
        self.notifier_task.abort();
        self.group_task.abort();
    }
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore").finish_non_exhaustive()
    }
}

/// A driver error as a store error.
///
/// A lost connection, and the database's own "cannot serve now" answers
/// (SQLSTATE classes 08 connection exception, 53 insufficient resources, 57
/// operator intervention such as a shutdown), are
/// [`StoreError::Unavailable`]: a client may retry them.
pub(crate) fn pg(e: tokio_postgres::Error) -> StoreError {
    match e.as_db_error() {
        Some(db) => {
            let code = db.code().code();
            let detail = format!("postgres: {} ({code})", db.message());
            if ["08", "53", "57"]
                .iter()
                .any(|class| code.starts_with(class))
            {
                StoreError::Unavailable(detail)
            } else {
                StoreError::Io(detail)
            }
        }
        None => StoreError::Unavailable(format!("postgres: {}", with_causes(&e))),
    }
}

/// A pool error as a store error: no connection could be had.
pub(crate) fn pool_error(e: deadpool_postgres::PoolError) -> StoreError {
    StoreError::Unavailable(format!("postgres pool: {}", with_causes(&e)))
}

/// `e` and the errors that caused it, outermost first (a failed TLS
/// handshake says why only in its causes: an unknown issuer, a wrong name).
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let said = c.to_string();
        if !text.contains(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        cause = c.source();
    }
    text
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`),
    /// applies the migrations it lacks and starts listening for changes, with
    /// a pool of [`DEFAULT_POOL_SIZE`] connections. Must run in the tokio
    /// runtime the store is used in: its listener and its connections are
    /// tasks of that runtime.
    pub async fn connect(url: &str) -> Result<PgStore, StoreError> {
        PgStore::connect_with(url, DEFAULT_POOL_SIZE).await
    }

    /// [`PgStore::connect`] with a pool of at most `pool_size` connections.
    pub async fn connect_with(url: &str, pool_size: usize) -> Result<PgStore, StoreError> {
        let (config, tls) = tls::configure(url)?;
        let manager = Manager::from_connect(
            config.clone(),
            connect::OnRuntime {
                tls: tls.clone(),
                runtime: tokio::runtime::Handle::current(),
            },
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(pool_size.max(1))
            .build()
            .map_err(|e| StoreError::Io(format!("postgres pool: {e}")))?;
        let mut client = pool.get().await.map_err(pool_error)?;
        schema::migrate(&mut client).await?;
        drop(client);
        let (changes, _) = broadcast::channel(CHANGES_CAPACITY);
        let (ready, listening) = oneshot::channel();
        let listener =
            tokio::spawn(listen::run(config, tls, changes.clone(), ready)).abort_handle();
        let (notifier, notifier_task) = notify::Notifier::start(pool.clone());
        let (group, group_task) = group::GroupCommit::start(pool.clone());
        let (packer, jobs) = tokio::sync::mpsc::channel(crate::packing::PACK_QUEUE);
        let inner = Arc::new(Inner {
            pool,
            changes,
            listener,
            notifier,
            notifier_task,
            group,
            group_task,
            packs: crate::packing::PackCaches::default(),
            packer,
            heads: heads::HeadCache::default(),
        });
        pack::start_packer(Arc::downgrade(&inner), jobs);
        listening
            .await
            .map_err(|_| StoreError::Io("the change listener stopped".into()))??;
        Ok(PgStore { inner })
    }

    /// A connection of the pool.
    pub(crate) async fn client(&self) -> Result<Object, StoreError> {
        self.inner.pool.get().await.map_err(pool_error)
    }

    /// The database's size on disk, in bytes (`pg_database_size`).
    pub async fn size_on_disk(&self) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one("SELECT pg_database_size(current_database())", &[])
            .await
            .map_err(pg)?;
        Ok(uint(row.get(0)))
    }
}

/// A `u64` (id, version, seq) as the `BIGINT` with the same bits.
pub(crate) fn int(n: u64) -> i64 {
    n as i64
}

/// A `BIGINT` column back as the `u64` with the same bits.
pub(crate) fn uint(n: i64) -> u64 {
    n as u64
}

impl EventStore for PgStore {
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
        self.read_game(id).await
    }

    async fn head(&self, id: GameId) -> Result<Option<GameHead>, StoreError> {
        self.read_head(id).await
    }

    async fn events(
        &self,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Envelope>, StoreError> {
        self.read_events(id, after, limit).await
    }

    async fn find_action(
        &self,
        id: GameId,
        action_id: &str,
        digest: Option<&[u8; 32]>,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        self.read_find_action(id, action_id, digest).await
    }

    async fn list(&self, query: &ListQuery) -> Result<Page, StoreError> {
        self.read_list(query).await
    }

    async fn verify_with(
        &self,
        id: GameId,
        chain_key: Option<&[u8; 32]>,
    ) -> Result<Verification, StoreError> {
        self.read_verify_with(id, chain_key).await
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
        self.read_doc(collection, key).await
    }

    async fn docs(
        &self,
        collection: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, u64, Value)>, StoreError> {
        self.read_docs(collection, prefix, after, limit).await
    }

    async fn secret(&self, name: &str, fresh: String) -> Result<String, StoreError> {
        self.read_secret(name, fresh).await
    }

    fn changes(&self) -> Option<broadcast::Receiver<Change>> {
        Some(self.inner.changes.subscribe())
    }
}
