//! The backends the store's tests run on: every backend-independent test is
//! a generic case run once on sled and once on PostgreSQL ([`on_both!`]; the
//! PostgreSQL run returns early, having said why, when there is none).
#![allow(dead_code)]

use serde_json::Value;
use store::{EventStore, GameId, PgStore, SledStore};

/// A backend under test: opens its store (again: a reopen of the same data)
/// and can rewrite a stored envelope while no store of it is open.
pub trait Backend: Send + Sync + Sized {
    /// Its store.
    type S: EventStore + Clone;
    /// Opens (or reopens) the store on this backend's data.
    fn open(&self) -> impl std::future::Future<Output = Self::S> + Send;
    /// A new, empty backend of the same kind.
    fn another(&self) -> impl std::future::Future<Output = Self> + Send;
    /// Rewrites envelope `seq` of game `id` with `edit`, behind the store's back.
    fn tamper(
        &self,
        id: GameId,
        seq: u64,
        edit: impl FnOnce(&mut Value) + Send,
    ) -> impl std::future::Future<Output = ()> + Send;
    /// How many hard flushes the store ran (sled only).
    fn flushes(store: &Self::S) -> Option<u64>;
}

/// A sled store in a temporary directory.
pub struct Sled(pub tempfile::TempDir);

impl Sled {
    pub fn new() -> Sled {
        Sled(tempfile::tempdir().unwrap())
    }
}

impl Backend for Sled {
    type S = SledStore;
    async fn open(&self) -> SledStore {
        SledStore::open(self.0.path()).unwrap()
    }
    async fn another(&self) -> Sled {
        Sled::new()
    }
    async fn tamper(&self, id: GameId, seq: u64, edit: impl FnOnce(&mut Value) + Send) {
        let db = sled::open(self.0.path()).unwrap();
        let tree = db.open_tree("events").unwrap();
        let mut key = id.0.to_be_bytes().to_vec();
        key.extend_from_slice(&seq.to_be_bytes());
        let bytes = tree.get(&key).unwrap().expect("stored envelope");
        let mut value: Value = serde_json::from_slice(&bytes).unwrap();
        edit(&mut value);
        tree.insert(key, serde_json::to_vec(&value).unwrap())
            .unwrap();
        db.flush().unwrap();
    }
    fn flushes(store: &SledStore) -> Option<u64> {
        Some(store.flushes())
    }
}

/// A fresh PostgreSQL database.
pub struct Pg(pub String);

impl Pg {
    /// A new database, if there is a PostgreSQL to test on.
    pub async fn new() -> Option<Pg> {
        store::testing::postgres_database().await.map(Pg)
    }

    /// A plain connection to the database, for what the store does not do.
    pub async fn sql(&self) -> tokio_postgres::Client {
        let (client, connection) = tokio_postgres::connect(&self.0, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        client
    }
}

impl Backend for Pg {
    type S = PgStore;
    async fn open(&self) -> PgStore {
        PgStore::connect(&self.0).await.unwrap()
    }
    async fn another(&self) -> Pg {
        Pg::new().await.expect("a PostgreSQL database")
    }
    async fn tamper(&self, id: GameId, seq: u64, edit: impl FnOnce(&mut Value) + Send) {
        let client = self.sql().await;
        let row = client
            .query_one(
                "SELECT envelope FROM events WHERE game = $1 AND seq = $2",
                &[&(id.0 as i64), &(seq as i64)],
            )
            .await
            .unwrap();
        let mut value: Value = serde_json::from_str(row.get(0)).unwrap();
        edit(&mut value);
        client
            .execute(
                "UPDATE events SET envelope = $3 WHERE game = $1 AND seq = $2",
                &[
                    &(id.0 as i64),
                    &(seq as i64),
                    &serde_json::to_string(&value).unwrap(),
                ],
            )
            .await
            .unwrap();
    }
    fn flushes(_: &PgStore) -> Option<u64> {
        None
    }
}

/// Runs the generic case `$name` (an `async fn $name<B: Backend>(b: &B)`) on
/// a fresh sled store and on a fresh PostgreSQL database, as `$name::sled`
/// and `$name::postgres`.
#[macro_export]
macro_rules! on_both {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sled() {
                super::$name(&super::common::Sled::new()).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn postgres() {
                if let Some(pg) = super::common::Pg::new().await {
                    super::$name(&pg).await
                }
            }
        }
    };
}
