//! Group commit of appends: the sealed appends this server sends while
//! others are on their way go to the database together, in one transaction
//! (one commit, one WAL flush), pipelined on one connection with its
//! `BEGIN` and `COMMIT` (one round trip for all of them: `pipeline.rs`), as
//! sled's writer thread commits the appends queued while it wrote the last
//! batch.
//!
//! At most [`IN_FLIGHT`] batches are written at once; an append that finds
//! a slot free goes alone at once (no waiting for company), and those that
//! arrive while every slot is busy make up the next batch. A batch's games
//! are locked in id order, so that two batches (of this server or another)
//! never wait on each other in a circle. If any statement of a batch fails,
//! the batch is rolled back and each of its appends is sent alone, so that
//! one append's error is never another's.

use std::sync::Arc;

use deadpool_postgres::Pool;
use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio_postgres::Row;
use tokio_postgres::types::ToSql;

use super::{pg, pool_error};
use crate::StoreError;

/// The most batches written at once (each on a connection of the pool).
const IN_FLIGHT: usize = 4;

/// The most appends in one batch.
const MOST: usize = 64;

/// The owned parameters of one call of an append statement.
pub(crate) type Params = Vec<Box<dyn ToSql + Sync + Send>>;

/// One append waiting for its batch.
struct Job {
    /// Its game (batches lock games in this order).
    game: i64,
    params: Params,
    answer: oneshot::Sender<Result<Row, StoreError>>,
}

/// The sending side: appends hand their statement's parameters to it.
pub(crate) struct GroupCommit {
    queue: mpsc::UnboundedSender<Job>,
}

impl GroupCommit {
    /// Starts the task that writes batches of `statement` (an append of one
    /// game, answering one row) through `pool`.
    pub(crate) fn start(
        pool: Pool,
        statement: &'static str,
    ) -> (GroupCommit, tokio::task::AbortHandle) {
        let (queue, jobs) = mpsc::unbounded_channel();
        let task = tokio::spawn(run(pool, statement, jobs)).abort_handle();
        (GroupCommit { queue }, task)
    }

    /// Runs the statement with `params` for `game` in the next batch; its
    /// row once the batch committed.
    pub(crate) async fn call(&self, game: i64, params: Params) -> Result<Row, StoreError> {
        let (answer, answered) = oneshot::channel();
        self.queue
            .send(Job {
                game,
                params,
                answer,
            })
            .map_err(|_| StoreError::Unavailable("the append writer stopped".into()))?;
        answered
            .await
            .map_err(|_| StoreError::Unavailable("the append writer stopped".into()))?
    }
}

async fn run(pool: Pool, statement: &'static str, mut jobs: mpsc::UnboundedReceiver<Job>) {
    let slots = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut batch = Vec::with_capacity(MOST);
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        if jobs.recv_many(&mut batch, MOST).await == 0 {
            return;
        }
        let pool = pool.clone();
        let jobs = std::mem::replace(&mut batch, Vec::with_capacity(MOST));
        tokio::spawn(async move {
            write(&pool, statement, jobs).await;
            drop(slot);
        });
    }
}

/// Writes one batch and answers each of its appends.
async fn write(pool: &Pool, statement: &str, mut jobs: Vec<Job>) {
    jobs.sort_by_key(|job| job.game);
    let started = std::time::Instant::now();
    let count = jobs.len();
    let rows = match jobs.len() {
        1 => alone(pool, statement, &jobs[0]).await.map(|row| vec![row]),
        _ => together(pool, statement, &jobs).await,
    };
    crate::metrics::batch(count, count, started.elapsed(), rows.is_ok());
    match rows {
        Ok(rows) => {
            for (job, row) in jobs.into_iter().zip(rows) {
                let _ = job.answer.send(Ok(row));
            }
        }
        Err(e) if count == 1 => {
            for job in jobs {
                let _ = job.answer.send(Err(e.clone()));
            }
        }
        Err(_) => {
            // One append's error is not the others': each goes alone.
            for job in jobs {
                let row = alone(pool, statement, &job).await;
                let _ = job.answer.send(row);
            }
        }
    }
}

/// The parameters of `job` as the driver takes them.
fn refs(job: &Job) -> Vec<&(dyn ToSql + Sync)> {
    job.params.iter().map(|p| &**p as _).collect()
}

/// One append in a transaction of its own.
async fn alone(pool: &Pool, statement: &str, job: &Job) -> Result<Row, StoreError> {
    let client = pool.get().await.map_err(pool_error)?;
    let prepared = client.prepare_cached(statement).await.map_err(pg)?;
    client.query_one(&prepared, &refs(job)).await.map_err(pg)
}

/// Every append of `jobs` in one transaction, their statements pipelined
/// ([`super::pipeline`]): nothing written unless all of them answered.
async fn together(pool: &Pool, statement: &str, jobs: &[Job]) -> Result<Vec<Row>, StoreError> {
    let client = pool.get().await.map_err(pool_error)?;
    let prepared = client.prepare_cached(statement).await.map_err(pg)?;
    let steps: Vec<_> = jobs.iter().map(|job| (&prepared, refs(job))).collect();
    let answers = super::pipeline::transaction(&client, "BEGIN", &steps)
        .await
        .map_err(pg)?;
    answers
        .into_iter()
        .map(|rows| {
            <[Row; 1]>::try_from(rows)
                .map(|[row]| row)
                .map_err(|_| StoreError::Io("an append answered no single row".into()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use deadpool_postgres::{Manager, ManagerConfig, RecyclingMethod};
    use futures_util::future::join_all;
    use tokio_postgres::NoTls;

    use super::*;

    /// Appends of games `1..=8` sent at once (one batch after the first,
    /// which finds a slot free), the fifth failing: it alone gets the error,
    /// and each other is written exactly once (a batch's statements before
    /// the failure are rolled back, then sent alone).
    #[tokio::test(flavor = "current_thread")]
    async fn a_failing_append_rolls_its_batch_back_and_only_it_fails() {
        let Some(url) = crate::testing::postgres_database().await else {
            return;
        };
        let config: tokio_postgres::Config = url.parse().unwrap();
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager).max_size(4).build().unwrap();
        let client = pool.get().await.unwrap();
        client
            .batch_execute("CREATE TABLE written (game BIGINT NOT NULL)")
            .await
            .unwrap();
        // The divisor 0 fails the statement when it runs.
        let statement = "INSERT INTO written (game) SELECT $1::BIGINT + 0 * (1 / $2::BIGINT) \
                         RETURNING game";
        let (group, _task) = GroupCommit::start(pool.clone(), statement);
        let calls = (1..=8i64).map(|game| {
            let divisor = i64::from(game != 5);
            let params: Params = vec![Box::new(game), Box::new(divisor)];
            group.call(game, params)
        });
        let answers = join_all(calls).await;
        for (game, answer) in (1..=8i64).zip(&answers) {
            match answer {
                Ok(row) => assert_eq!(row.get::<_, i64>(0), game),
                Err(e) => assert_eq!(game, 5, "game {game}: {e}"),
            }
        }
        assert!(answers[4].is_err());
        let rows = client
            .query("SELECT game FROM written ORDER BY game", &[])
            .await
            .unwrap();
        let written: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
        assert_eq!(written, vec![1, 2, 3, 4, 6, 7, 8]);
    }
}
