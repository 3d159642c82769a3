//! Telling every server what was committed: `pg_notify` on `bang_changes`,
//! sent after each write's commit by one task per store, in batches.
//!
//! A `NOTIFY` inside a write's own transaction would take PostgreSQL's
//! notification queue lock from before its commit until after its WAL flush,
//! so the commits of all writes would wait on each other, one flush each:
//! no group commit. Sent afterwards, writes commit concurrently (their WAL
//! flushes shared), and the notifications of every write committed
//! meanwhile go out in one statement. A notification is a hint (see
//! `api::service::changes`): one lost in a crash between a commit and its
//! batch only delays the other servers until their next read of that game.

use deadpool_postgres::Pool;
use tokio::sync::mpsc;

/// The most notifications sent in one statement.
const BATCH: usize = 1024;

/// How many times a batch is tried before it is given up (and logged).
const ATTEMPTS: usize = 3;

const NOTIFY_ALL: &str = "SELECT pg_notify('bang_changes', p) FROM unnest($1::text[]) AS p";

/// The sending side: writes hand their payloads to it once committed.
pub(crate) struct Notifier {
    queue: mpsc::UnboundedSender<String>,
}

impl Notifier {
    /// Starts the task that sends the notifications through `pool`.
    pub(crate) fn start(pool: Pool) -> (Notifier, tokio::task::AbortHandle) {
        let (queue, pending) = mpsc::unbounded_channel();
        let task = tokio::spawn(run(pool, pending)).abort_handle();
        (Notifier { queue }, task)
    }

    /// Queues `payload` (a committed write) for the next batch.
    pub(crate) fn tell(&self, payload: String) {
        let _ = self.queue.send(payload);
    }
}

async fn run(pool: Pool, mut pending: mpsc::UnboundedReceiver<String>) {
    let mut batch = Vec::with_capacity(BATCH);
    while pending.recv_many(&mut batch, BATCH).await > 0 {
        for attempt in 1..=ATTEMPTS {
            match send(&pool, &batch).await {
                Ok(()) => break,
                Err(e) if attempt == ATTEMPTS => {
                    tracing::warn!(count = batch.len(), error = %e, "change notifications not sent");
                }
                Err(_) => tokio::time::sleep(std::time::Duration::from_millis(100)).await,
            }
        }
        batch.clear();
    }
}

async fn send(pool: &Pool, batch: &[String]) -> Result<(), String> {
    let client = pool.get().await.map_err(|e| e.to_string())?;
    let statement = client
        .prepare_cached(NOTIFY_ALL)
        .await
        .map_err(|e| e.to_string())?;
    client
        .execute(&statement, &[&batch])
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}
