//! [`Store`]: the backend a server runs on, chosen by its configuration.

use serde_json::Value;

use crate::{
    Append, Appended, Change, Envelope, EventStore, GameHead, GameId, GameRecord, ListQuery,
    NewGame, Page, PgStore, SledStore, StoreError, TakesCursor, Verification,
};

/// One of the store's backends: what the server holds, so that the choice
/// between them is made once, when it starts.
#[derive(Clone, Debug)]
pub enum Store {
    /// The embedded store (one process, one data directory).
    Sled(SledStore),
    /// The shared store (any number of servers on one PostgreSQL database).
    Postgres(PgStore),
}

/// Calls the same method on whichever backend `$store` is.
macro_rules! on_backend {
    ($store:expr, $backend:ident => $call:expr) => {
        match $store {
            Store::Sled($backend) => $call,
            Store::Postgres($backend) => $call,
        }
    };
}

impl Store {
    /// Whether other server processes may write to this store too (their
    /// writes are then told by [`EventStore::changes`]).
    pub fn is_shared(&self) -> bool {
        on_backend!(self, s => s.changes().is_some())
    }

    /// Shares rate-limit takes with the other servers of a shared store:
    /// writes `mine` (a limit's key, tokens this server took of it since its
    /// last call) as taken by `server`, and returns what the other servers
    /// took since `cursor`, summed by key (moving `cursor` on). A store no
    /// other server writes returns nothing.
    pub async fn share_takes(
        &self,
        server: i64,
        mine: &[(String, u32)],
        cursor: &mut TakesCursor,
    ) -> Result<Vec<(String, u32)>, StoreError> {
        match self {
            Store::Sled(_) => Ok(Vec::new()),
            Store::Postgres(s) => s.share_takes(server, mine, cursor).await,
        }
    }

    /// The store's size on disk, in bytes: sled's files, or the whole
    /// PostgreSQL database (tables, indexes and TOAST).
    pub async fn size_on_disk(&self) -> Result<u64, StoreError> {
        match self {
            Store::Sled(s) => s.size_on_disk(),
            Store::Postgres(s) => s.size_on_disk().await,
        }
    }

    /// Packs the log of every finished game not packed yet (a server packs
    /// each game as it finishes; this is for games that finished before, or
    /// whose packing a crash cut short), each with the chain key `key_of`
    /// finds in its record: how many it packed.
    pub async fn pack_finished(
        &self,
        key_of: impl Fn(&GameRecord) -> Option<[u8; 32]>,
    ) -> Result<u64, StoreError> {
        match self {
            Store::Sled(s) => s.pack_finished(key_of),
            Store::Postgres(s) => s.pack_finished(key_of).await,
        }
    }

    /// The backend's name, for logs and metrics.
    pub fn backend(&self) -> &'static str {
        match self {
            Store::Sled(_) => "sled",
            Store::Postgres(_) => "postgres",
        }
    }

    /// Opens the store `spec` names: a `postgres://` or `postgresql://` URL
    /// connects to that PostgreSQL database ([`PgStore::connect`]); anything
    /// else is the directory of a sled store, opened with a page cache of
    /// `sled_cache_bytes` ([`SledStore::open_with`]).
    pub async fn open(spec: &str, sled_cache_bytes: u64) -> Result<Store, StoreError> {
        if is_postgres_url(spec) {
            return PgStore::connect(spec).await.map(Store::Postgres);
        }
        SledStore::open_with(spec, sled_cache_bytes).map(Store::Sled)
    }
}

/// After a bulk write to the store `spec` names, closed since: a sled
/// store is opened once more so that sled writes its snapshot
/// ([`SledStore::settle`]); nothing is needed on PostgreSQL.
pub fn settle(spec: &str) -> Result<(), StoreError> {
    if is_postgres_url(spec) {
        return Ok(());
    }
    SledStore::settle(spec)
}

/// Whether `spec` names a PostgreSQL database rather than a sled directory.
pub fn is_postgres_url(spec: &str) -> bool {
    spec.starts_with("postgres://") || spec.starts_with("postgresql://")
}

impl From<PgStore> for Store {
    fn from(store: PgStore) -> Store {
        Store::Postgres(store)
    }
}

impl From<SledStore> for Store {
    fn from(store: SledStore) -> Store {
        Store::Sled(store)
    }
}

impl EventStore for Store {
    async fn create(
        &self,
        new: NewGame,
        append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        on_backend!(self, s => s.create(new, append).await)
    }

    async fn append(
        &self,
        id: GameId,
        expected: u64,
        append: Append,
    ) -> Result<Appended, StoreError> {
        on_backend!(self, s => s.append(id, expected, append).await)
    }

    async fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        on_backend!(self, s => s.game(id).await)
    }

    async fn head(&self, id: GameId) -> Result<Option<GameHead>, StoreError> {
        on_backend!(self, s => s.head(id).await)
    }

    async fn events(
        &self,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Envelope>, StoreError> {
        on_backend!(self, s => s.events(id, after, limit).await)
    }

    async fn find_action(
        &self,
        id: GameId,
        action_id: &str,
        digest: Option<&[u8; 32]>,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        on_backend!(self, s => s.find_action(id, action_id, digest).await)
    }

    async fn list(&self, query: &ListQuery) -> Result<Page, StoreError> {
        on_backend!(self, s => s.list(query).await)
    }

    async fn verify_with(
        &self,
        id: GameId,
        chain_key: Option<&[u8; 32]>,
    ) -> Result<Verification, StoreError> {
        on_backend!(self, s => s.verify_with(id, chain_key).await)
    }

    async fn put_doc(
        &self,
        collection: &str,
        key: &str,
        value: Option<Value>,
        expected: u64,
    ) -> Result<u64, StoreError> {
        on_backend!(self, s => s.put_doc(collection, key, value, expected).await)
    }

    async fn put_docs(&self, writes: Vec<crate::DocPut>) -> Result<Vec<u64>, StoreError> {
        on_backend!(self, s => s.put_docs(writes).await)
    }

    async fn doc(&self, collection: &str, key: &str) -> Result<Option<(u64, Value)>, StoreError> {
        on_backend!(self, s => s.doc(collection, key).await)
    }

    async fn docs(
        &self,
        collection: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, u64, Value)>, StoreError> {
        on_backend!(self, s => s.docs(collection, prefix, after, limit).await)
    }

    async fn secret(&self, name: &str, fresh: String) -> Result<String, StoreError> {
        on_backend!(self, s => s.secret(name, fresh).await)
    }

    fn changes(&self) -> Option<tokio::sync::broadcast::Receiver<Change>> {
        on_backend!(self, s => s.changes())
    }
}
