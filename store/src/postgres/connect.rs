//! Making the pool's connections so that each one's I/O runs on the
//! store's runtime, wherever the connection was asked for.
//!
//! deadpool spawns a new connection's task (the socket's reads and writes)
//! on the runtime of whoever asked the pool for it. A request handled by an
//! HTTP worker (a single-threaded runtime of its own) that found the pool
//! empty would so tie that connection to the worker's thread: every later
//! batch written on it would wait for that worker to finish what it was
//! doing before its answer was read, even a batch of another worker's
//! appends. Spawned on the runtime the store was made in, a connection is
//! served by that runtime's threads, like the store's own tasks.

use deadpool_postgres::Connect;
use tokio::runtime::Handle;
use tokio::task::JoinHandle;
use tokio_postgres::{Client, Config, Error};

use super::tls::Connector;

/// Opens each connection on `runtime` and runs its task there.
pub(crate) struct OnRuntime {
    /// The TLS connector (or none) the URL asks for.
    pub(crate) tls: Connector,
    /// The runtime the store was made in.
    pub(crate) runtime: Handle,
}

impl Connect for OnRuntime {
    fn connect(
        &self,
        config: &Config,
    ) -> futures_util::future::BoxFuture<'_, Result<(Client, JoinHandle<()>), Error>> {
        let (tls, config) = (self.tls.clone(), config.clone());
        // The socket belongs to the reactor of the runtime that opened it:
        // it is opened there too, not only driven there.
        let made = self.runtime.spawn(connect(config.clone(), tls.clone()));
        Box::pin(async move {
            match made.await {
                Ok(made) => made,
                Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
                // The store's runtime is shutting down: here, then.
                Err(_) => connect(config, tls).await,
            }
        })
    }
}

/// Connects with `config` and `tls`, and spawns the connection's task on
/// the current runtime.
async fn connect(config: Config, tls: Connector) -> Result<(Client, JoinHandle<()>), Error> {
    let (client, connection) = config.connect(tls).await?;
    let task = tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::warn!(error = %e, "a database connection failed");
        }
    });
    Ok((client, task))
}

#[cfg(test)]
mod tests {
    use crate::postgres::PgStore;

    /// A connection the pool made for a caller on another runtime (an HTTP
    /// worker's) still serves once that runtime is gone: its task runs on
    /// the store's runtime, not the caller's.
    #[test]
    fn a_connection_made_for_another_runtime_outlives_it() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let Some(store) = runtime.block_on(async {
            let url = crate::testing::postgres_database().await?;
            Some(PgStore::connect_with(&url, 2).await.unwrap())
        }) else {
            return;
        };
        // The pool's one idle connection is taken, so the worker's request
        // makes a new one.
        let held = runtime.block_on(store.client()).unwrap();
        let worker = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let made = worker.block_on(store.client()).unwrap();
        drop(worker);
        runtime.block_on(async {
            let one: i32 = made.query_one("SELECT 1", &[]).await.unwrap().get(0);
            assert_eq!(one, 1);
        });
        drop((held, made));
    }
}
