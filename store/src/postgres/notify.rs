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
//!
//! Each batch costs PostgreSQL a commit, and every listening server a
//! wake-up, so the task lingers a moment ([`LINGER`]) after the first
//! payload, packs the payloads into as few notifications as they fit
//! ([`super::listen::pack`]), and commits without waiting for its WAL flush
//! (`synchronous_commit` off for its own transaction only: a notification
//! carries no data, so a crash may lose it like any hint). Two servers at
//! full load served 14% fewer actions with one notification per change than
//! with none at all (issue 34); the other servers' followers wait at most
//! [`LINGER`] more.

use std::time::Duration;

use deadpool_postgres::Pool;
use tokio::sync::mpsc;

/// The most payloads sent in one statement.
const BATCH: usize = 4096;

/// How long the task waits after a batch's first payload for more.
const LINGER: Duration = Duration::from_millis(2);

/// How many times a batch is tried before it is given up (and logged).
const ATTEMPTS: usize = 3;

/// The notifications `$1`, sent in one implicit transaction that commits
/// without waiting for its flush (`set_config(…, true)`: this transaction
/// only, so the pooled connection goes back with its appends durable).
const NOTIFY_ALL: &str = "WITH hint AS (SELECT set_config('synchronous_commit', 'off', true)) \
     SELECT pg_notify('bang_changes', p) FROM hint, unnest($1::text[]) AS p";

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
        tokio::time::sleep(LINGER).await;
        while batch.len() < BATCH {
            match pending.try_recv() {
                Ok(payload) => batch.push(payload),
                Err(_) => break,
            }
        }
        let notifications = super::listen::pack(&batch);
        for attempt in 1..=ATTEMPTS {
            match send(&pool, &notifications).await {
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

#[cfg(test)]
mod tests {
    use tokio_postgres::{AsyncMessage, NoTls};

    use super::super::listen::{game_payload, pack, parse_all};
    use super::*;
    use crate::{Change, GameId};

    /// A batch of notifications reaches a listener, commits without waiting
    /// for its flush, and leaves its connection's own setting as it was: the
    /// next write on that pooled connection still waits for its flush.
    #[tokio::test]
    async fn notifications_commit_without_a_flush_and_leave_appends_durable() {
        let Some(url) = crate::testing::postgres_database().await else {
            return;
        };
        let (listener, mut connection) = tokio_postgres::connect(&url, NoTls).await.unwrap();
        let (heard, mut hearing) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                if let Ok(AsyncMessage::Notification(n)) = message {
                    let _ = heard.send(n.payload().to_string());
                }
            }
        });
        listener.batch_execute("LISTEN bang_changes").await.unwrap();

        let (mut client, connection) = tokio_postgres::connect(&url, NoTls).await.unwrap();
        tokio::spawn(connection);
        let payloads: Vec<String> = (1..=3).map(|v| game_payload(GameId(7), v)).collect();
        let setting = "SELECT current_setting('synchronous_commit')";
        let transaction = client.transaction().await.unwrap();
        transaction
            .execute(NOTIFY_ALL, &[&pack(&payloads)])
            .await
            .unwrap();
        let inside: String = transaction.query_one(setting, &[]).await.unwrap().get(0);
        transaction.commit().await.unwrap();
        let after: String = client.query_one(setting, &[]).await.unwrap().get(0);
        assert_eq!((inside.as_str(), after.as_str()), ("off", "on"));

        let notification = hearing.recv().await.unwrap();
        let told: Vec<Change> = parse_all(&notification).collect();
        let expected: Vec<Change> = (1..=3)
            .map(|version| Change::Game {
                id: GameId(7),
                version,
            })
            .collect();
        assert_eq!(told, expected, "one notification for the three");
    }
}
