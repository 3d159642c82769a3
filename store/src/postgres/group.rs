//! Group commit of appends: the sealed appends this server sends while
//! others are on their way go to the database together, as one call of
//! `bang_append_batch` (migration 5): one statement, one commit, one WAL
//! flush for all of them, as sled's writer thread commits the appends
//! queued while it wrote the last batch.
//!
//! At most [`IN_FLIGHT`] batches are written at once; an append that finds
//! a slot free goes alone at once (no waiting for company), and those that
//! arrive while every slot is busy make up the next batch. One call writes
//! each game and each document once, so a batch naming one twice is split
//! into rounds, later appends in later rounds, sent as one transaction in
//! one round trip (`pipeline.rs`) after its games are locked in id order.
//! Every batch locks its games in id order, so that two batches (of this
//! server or another) never wait on each other in a circle. If a batch
//! fails, nothing of it is written and each of its appends is sent alone,
//! so that one append's error is never another's.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use chrono::{DateTime, Utc};
use deadpool_postgres::Pool;
use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio_postgres::Row;
use tokio_postgres::types::ToSql;

use super::{int, pg, pool_error};
use crate::metrics::{QUEUED_NANOS, WOKEN_NANOS, WRITTEN_NANOS, nanos};
use crate::{GameHead, GameId, StoreError};

/// The most batches written at once (each on a connection of the pool).
/// Two rather than four since a batch is one call: fewer, larger batches
/// left more of the machine's cores to the rest (over four alternating
/// pairs, one server +13% actions/s over HTTP, two servers +5%), while one
/// served less (the next batch waits for the last one's commit).
const IN_FLIGHT: usize = 2;

/// The most appends in one batch.
const MOST: usize = 64;

/// A batch of appends of distinct games and documents, in one call of the
/// function of migration 5; its rows carry [`super::append`]'s answer
/// columns, then the append's place in the batch (from 1).
const APPEND_BATCH: &str = "SELECT version, generation, status, head_hash, updated_at, \
     outcome, first_seq, count, digest, n FROM bang_append_batch($1, $2, $3, $4, $5, $6, $7, \
     $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)";

/// Locks a batch's games in id order, before its rounds.
const LOCK_GAMES: &str = "SELECT 1 FROM games WHERE id = ANY ($1) ORDER BY id FOR UPDATE";

/// The column of an answer's place in its batch.
const PLACE: usize = 9;

/// One append sealed on its game's head, as a batch writes it.
pub(crate) struct Sealed {
    /// Its game.
    pub(crate) id: GameId,
    /// The version it expects: its events follow it.
    pub(crate) expected: u64,
    /// The hash its events were sealed on.
    pub(crate) prev_hash: String,
    /// The generation of the head it was sealed on.
    pub(crate) prev_generation: u64,
    /// Its envelopes as stored, the first being `expected + 1`.
    pub(crate) envelopes: Vec<String>,
    /// The game's head once it is written.
    pub(crate) head: GameHead,
    /// The game's new data, as stored (`None`: unchanged).
    pub(crate) data: Option<String>,
    /// Its action id, if any.
    pub(crate) action_id: Option<String>,
    /// The digest its action id is kept with.
    pub(crate) digest: Option<[u8; 32]>,
    /// The documents written with it: collection, key, value as stored
    /// (`None` deletes).
    pub(crate) docs: Vec<(String, String, Option<String>)>,
}

/// An append's answer, sent with the moment it was sent (to time how long
/// the waiting append takes to resume), as sled's writer replies.
type Reply = (Result<Row, StoreError>, Instant);

/// One append waiting for its batch, since `queued`.
struct Job {
    append: Sealed,
    answer: oneshot::Sender<Reply>,
    queued: Instant,
}

impl Job {
    /// `append` queued now, and where its reply will come.
    fn new(append: Sealed) -> (Job, oneshot::Receiver<Reply>) {
        let (answer, answered) = oneshot::channel();
        let queued = Instant::now();
        let job = Job {
            append,
            answer,
            queued,
        };
        (job, answered)
    }

    /// Answers the append, and records how long its batch took since it
    /// was `taken` (its writes and commit).
    fn answer(self, taken: Instant, answer: Result<Row, StoreError>) {
        WRITTEN_NANOS.observe(nanos(taken.elapsed()));
        let _ = self.answer.send((answer, Instant::now()));
    }
}

/// The sending side: appends hand themselves to it.
pub(crate) struct GroupCommit {
    queue: mpsc::UnboundedSender<Job>,
}

impl GroupCommit {
    /// Starts the task that writes batches of appends through `pool`.
    pub(crate) fn start(pool: Pool) -> (GroupCommit, tokio::task::AbortHandle) {
        let (queue, jobs) = mpsc::unbounded_channel();
        let task = tokio::spawn(run(pool, jobs)).abort_handle();
        (GroupCommit { queue }, task)
    }

    /// Writes `append` in the next batch; its answer row once the batch
    /// committed.
    pub(crate) async fn call(&self, append: Sealed) -> Result<Row, StoreError> {
        let (job, answered) = Job::new(append);
        self.queue
            .send(job)
            .map_err(|_| StoreError::Unavailable("the append writer stopped".into()))?;
        let (answer, sent) = answered
            .await
            .map_err(|_| StoreError::Unavailable("the append writer stopped".into()))?;
        WOKEN_NANOS.observe(nanos(sent.elapsed()));
        answer
    }
}

async fn run(pool: Pool, mut jobs: mpsc::UnboundedReceiver<Job>) {
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
            write(&pool, jobs).await;
            drop(slot);
        });
    }
}

/// Writes one batch and answers each of its appends.
async fn write(pool: &Pool, mut jobs: Vec<Job>) {
    // Stable: a game's appends keep the order they came in.
    jobs.sort_by_key(|job| job.append.id);
    let started = Instant::now();
    for job in &jobs {
        QUEUED_NANOS.observe(nanos(started - job.queued));
    }
    let count = jobs.len();
    let appends: Vec<&Sealed> = jobs.iter().map(|job| &job.append).collect();
    let rows = together(pool, &appends).await;
    crate::metrics::batch(count, count, started.elapsed(), rows.is_ok());
    match rows {
        Ok(rows) => {
            for (job, row) in jobs.into_iter().zip(rows) {
                job.answer(started, Ok(row));
            }
        }
        Err(e) if count == 1 => {
            for job in jobs {
                job.answer(started, Err(e.clone()));
            }
        }
        Err(_) => {
            // One append's error is not the others': each goes alone.
            for job in jobs {
                let row = together(pool, &[&job.append]).await.and_then(only_row);
                job.answer(started, row);
            }
        }
    }
}

/// The single row of a batch of one.
fn only_row(rows: Vec<Row>) -> Result<Row, StoreError> {
    rows.into_iter()
        .next()
        .ok_or_else(|| StoreError::Io("an append answered no row".into()))
}

/// Writes `appends` (sorted by game) in one transaction: their answer rows,
/// in their order, or the first error (and nothing written).
async fn together(pool: &Pool, appends: &[&Sealed]) -> Result<Vec<Row>, StoreError> {
    let rounds = rounds(appends);
    let columns: Vec<Columns> = rounds
        .iter()
        .map(|round| Columns::of(round.iter().map(|&i| appends[i])))
        .collect();
    let client = pool.get().await.map_err(pool_error)?;
    let batch = client.prepare_cached(APPEND_BATCH).await.map_err(pg)?;
    let answers = if let [only] = &columns[..] {
        // One statement is a transaction of its own.
        vec![client.query(&batch, &only.params()).await.map_err(pg)?]
    } else {
        let lock = client.prepare_cached(LOCK_GAMES).await.map_err(pg)?;
        let games: Vec<i64> = appends.iter().map(|a| int(a.id.0)).collect();
        let mut steps: Vec<super::pipeline::Step> = vec![(&lock, vec![&games])];
        steps.extend(columns.iter().map(|c| (&batch, c.params())));
        let mut answers = super::pipeline::transaction(&client, "BEGIN", &steps)
            .await
            .map_err(pg)?;
        answers.remove(0);
        answers
    };
    let mut rows: Vec<Option<Row>> = appends.iter().map(|_| None).collect();
    for (round, answer) in rounds.iter().zip(answers) {
        for row in answer {
            let place: i32 = row.get(PLACE);
            let i = usize::try_from(place)
                .ok()
                .and_then(|p| p.checked_sub(1))
                .and_then(|p| round.get(p))
                .ok_or_else(|| StoreError::Io(format!("a batch answered place {place}")))?;
            rows[*i] = Some(row);
        }
    }
    rows.into_iter()
        .map(|row| row.ok_or_else(|| StoreError::Io("an append of a batch went unanswered".into())))
        .collect()
}

/// `appends` (sorted by game) in rounds of distinct games and documents,
/// as indices: an append goes in the round after the last one naming its
/// game or one of its documents, so that it sees their writes, as if sent
/// after them.
fn rounds(appends: &[&Sealed]) -> Vec<Vec<usize>> {
    struct Round<'a> {
        games: HashSet<GameId>,
        docs: HashSet<(&'a str, &'a str)>,
        appends: Vec<usize>,
    }
    let mut rounds: Vec<Round> = Vec::new();
    for (i, append) in appends.iter().enumerate() {
        let docs = || append.docs.iter().map(|(c, k, _)| (c.as_str(), k.as_str()));
        let after = rounds
            .iter()
            .rposition(|r| r.games.contains(&append.id) || docs().any(|d| r.docs.contains(&d)))
            .map_or(0, |last| last + 1);
        if after == rounds.len() {
            rounds.push(Round {
                games: HashSet::new(),
                docs: HashSet::new(),
                appends: Vec::new(),
            });
        }
        let round = &mut rounds[after];
        round.games.insert(append.id);
        round.docs.extend(docs());
        round.appends.push(i);
    }
    rounds.into_iter().map(|r| r.appends).collect()
}

/// The parameters of one call of [`APPEND_BATCH`]: its appends as columns.
#[derive(Default)]
struct Columns<'a> {
    games: Vec<i64>,
    expected: Vec<i64>,
    prev_hashes: Vec<&'a str>,
    prev_generations: Vec<i64>,
    versions: Vec<i64>,
    head_hashes: Vec<&'a str>,
    statuses: Vec<i16>,
    updated_ats: Vec<DateTime<Utc>>,
    generations: Vec<i64>,
    datas: Vec<Option<&'a str>>,
    action_ids: Vec<Option<&'a [u8]>>,
    digests: Vec<Option<&'a [u8]>>,
    event_of: Vec<i32>,
    seqs: Vec<i64>,
    envelopes: Vec<&'a str>,
    doc_of: Vec<i32>,
    doc_collections: Vec<&'a str>,
    doc_keys: Vec<&'a [u8]>,
    doc_values: Vec<Option<&'a str>>,
}

impl<'a> Columns<'a> {
    /// The columns of `appends`, the first being place 1.
    fn of(appends: impl Iterator<Item = &'a Sealed>) -> Columns<'a> {
        let mut c = Columns::default();
        for (place, a) in (1..).zip(appends) {
            c.games.push(int(a.id.0));
            c.expected.push(int(a.expected));
            c.prev_hashes.push(&a.prev_hash);
            c.prev_generations.push(int(a.prev_generation));
            c.versions.push(int(a.head.version));
            c.head_hashes.push(&a.head.head_hash);
            c.statuses
                .push(i16::from(crate::shared::status_byte(a.head.status)));
            c.updated_ats.push(a.head.updated_at);
            c.generations.push(int(a.head.generation));
            c.datas.push(a.data.as_deref());
            c.action_ids.push(a.action_id.as_deref().map(str::as_bytes));
            c.digests.push(a.digest.as_ref().map(|d| &d[..]));
            for (seq, envelope) in (a.expected + 1..).zip(&a.envelopes) {
                c.event_of.push(place);
                c.seqs.push(int(seq));
                c.envelopes.push(envelope);
            }
            for (collection, key, value) in &a.docs {
                c.doc_of.push(place);
                c.doc_collections.push(collection);
                c.doc_keys.push(key.as_bytes());
                c.doc_values.push(value.as_deref());
            }
        }
        c
    }

    /// The statement's parameters, in order.
    fn params(&self) -> Vec<&(dyn ToSql + Sync)> {
        vec![
            &self.games,
            &self.expected,
            &self.prev_hashes,
            &self.prev_generations,
            &self.versions,
            &self.head_hashes,
            &self.statuses,
            &self.updated_ats,
            &self.generations,
            &self.datas,
            &self.action_ids,
            &self.digests,
            &self.event_of,
            &self.seqs,
            &self.envelopes,
            &self.doc_of,
            &self.doc_collections,
            &self.doc_keys,
            &self.doc_values,
        ]
    }
}

#[cfg(test)]
mod tests {
    use deadpool_postgres::{Manager, ManagerConfig, RecyclingMethod};
    use tokio_postgres::NoTls;

    use super::*;
    use crate::GameStatus;
    use crate::postgres::PgStore;

    /// A migrated database holding games `1..=games` at version 0 (hash
    /// `h0`), and a pool on it: its own, not the migrating store's, whose
    /// connections' table counts (read by the plan test) would still hold
    /// the migrations' scans until PostgreSQL flushes them.
    async fn database(games: i64) -> Option<Pool> {
        let url = crate::testing::postgres_database().await?;
        drop(PgStore::connect(&url).await.unwrap());
        let config: tokio_postgres::Config = url.parse().unwrap();
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager).max_size(4).build().unwrap();
        pool.get()
            .await
            .unwrap()
            .execute(
                "INSERT INTO games SELECT i, 'dice', 0, 0, 0, 'h0', now(), now(), '{}' \
                 FROM generate_series(1, $1::BIGINT) i",
                &[&games],
            )
            .await
            .unwrap();
        Some(pool)
    }

    /// An append of `events` events to `game` at `expected`, sealed on
    /// `prev_hash`; its head's hash is `h{game}-{version}`, and it writes
    /// the document `("seen", "{game}")`.
    fn sealed(game: u64, expected: u64, prev_hash: &str, events: u64) -> Sealed {
        let version = expected + events;
        Sealed {
            id: GameId(game),
            expected,
            prev_hash: prev_hash.into(),
            prev_generation: 0,
            envelopes: (expected + 1..=version).map(|s| format!("e{s}")).collect(),
            head: GameHead {
                version,
                head_hash: format!("h{game}-{version}"),
                status: GameStatus::Active,
                generation: 0,
                updated_at: DateTime::from_timestamp_millis(1_700_000_000_000).unwrap(),
            },
            data: None,
            action_id: None,
            digest: None,
            docs: vec![("seen".into(), game.to_string(), Some(version.to_string()))],
        }
    }

    /// `appends` written as one batch: each one's outcome and answered
    /// version (or its error).
    async fn batch(
        pool: &Pool,
        appends: Vec<Sealed>,
    ) -> Vec<Result<(String, Option<i64>), String>> {
        let (jobs, answers): (Vec<_>, Vec<_>) = appends.into_iter().map(Job::new).unzip();
        write(pool, jobs).await;
        let mut out = Vec::new();
        for answered in answers {
            out.push(match answered.await.unwrap().0 {
                Ok(row) => Ok((row.get(5), row.get(0))),
                Err(e) => Err(e.to_string()),
            });
        }
        out
    }

    fn answer(outcome: &str, version: Option<i64>) -> Result<(String, Option<i64>), String> {
        Ok((outcome.to_string(), version))
    }

    /// Rows of `sql` as `(game, a text)` pairs.
    async fn pairs(pool: &Pool, sql: &str) -> Vec<(i64, String)> {
        let client = pool.get().await.unwrap();
        let rows = client.query(sql, &[]).await.unwrap();
        rows.iter().map(|r| (r.get(0), r.get(1))).collect()
    }

    /// An append through the group commit is timed in the writer's queue,
    /// write and wake-up histograms, as sled's writer times its requests.
    #[tokio::test(flavor = "current_thread")]
    async fn an_append_is_timed_in_the_queue_write_and_wake_up_histograms() {
        let Some(pool) = database(1).await else {
            return;
        };
        // Process-wide: other tests may add to them meanwhile, never take.
        let counts = || [&QUEUED_NANOS, &WRITTEN_NANOS, &WOKEN_NANOS].map(|h| h.snapshot().count);
        let before = counts();
        let (group, task) = GroupCommit::start(pool);
        let row = group.call(sealed(1, 0, "h0", 2)).await.unwrap();
        task.abort();
        assert_eq!(row.get::<_, String>(5), "applied");
        let after = counts();
        assert!(
            before.iter().zip(&after).all(|(b, a)| a > b),
            "{before:?} then {after:?}"
        );
    }

    /// Each append of one batch is answered as bang_append answers it
    /// alone: applied, moved (stale version or hash), duplicate (its
    /// action id's first append), missing; only the applied ones wrote.
    #[tokio::test(flavor = "current_thread")]
    async fn a_batch_answers_each_append_as_it_would_be_answered_alone() {
        let Some(pool) = database(5).await else {
            return;
        };
        let mut first = sealed(3, 0, "h0", 2);
        first.action_id = Some("a".into());
        first.digest = Some([7; 32]);
        assert_eq!(
            batch(&pool, vec![first]).await,
            [answer("applied", Some(2))]
        );

        let mut again = sealed(3, 2, "h3-2", 1);
        again.action_id = Some("a".into());
        let mut gone = sealed(5, 0, "h0", 1);
        gone.docs.push(("seen".into(), "3".into(), None));
        gone.data = Some("{\"x\":1}".into());
        let answers = batch(
            &pool,
            vec![
                sealed(1, 0, "h0", 1),
                sealed(2, 5, "h0", 1),
                again,
                sealed(4, 0, "wrong", 1),
                sealed(7, 0, "h0", 1),
                gone,
            ],
        )
        .await;
        assert_eq!(
            answers,
            [
                answer("applied", Some(1)),
                answer("moved", Some(0)),
                answer("duplicate", Some(2)),
                answer("moved", Some(0)),
                answer("missing", None),
                answer("applied", Some(1)),
            ]
        );
        let client = pool.get().await.unwrap();
        let duplicate = client
            .query_one(
                "SELECT first_seq, count, digest FROM dedupe WHERE game = 3",
                &[],
            )
            .await
            .unwrap();
        assert_eq!(duplicate.get::<_, i64>(0), 1);
        assert_eq!(duplicate.get::<_, i64>(1), 2);
        assert_eq!(duplicate.get::<_, Vec<u8>>(2), vec![7; 32]);
        assert_eq!(
            pairs(
                &pool,
                "SELECT game, envelope FROM events ORDER BY game, seq"
            )
            .await,
            [(1, "e1"), (3, "e1"), (3, "e2"), (5, "e1")].map(|(g, e)| (g, e.to_string()))
        );
        assert_eq!(
            pairs(
                &pool,
                "SELECT id, head_hash || ' ' || data FROM games ORDER BY id"
            )
            .await,
            [
                (1, "h1-1 {}"),
                (2, "h0 {}"),
                (3, "h3-2 {}"),
                (4, "h0 {}"),
                (5, "h5-1 {\"x\":1}"),
            ]
            .map(|(g, e)| (g, e.to_string()))
        );
        assert_eq!(
            pairs(
                &pool,
                "SELECT revision, convert_from(key, 'UTF8') || '=' || value FROM docs ORDER BY key"
            )
            .await,
            [(1, "1=1"), (1, "5=1")].map(|(g, e)| (g, e.to_string()))
        );
    }

    /// A batch naming one game (or one document) twice is written in
    /// rounds, each seeing the one before, as if sent one after the other:
    /// a game's second append sealed on its first's head is applied, a
    /// third sealed on the old head finds it moved, and a document written
    /// by two games keeps the later value.
    #[tokio::test(flavor = "current_thread")]
    async fn a_game_twice_in_a_batch_is_written_in_order() {
        let Some(pool) = database(3).await else {
            return;
        };
        let mut two = sealed(2, 0, "h0", 1);
        two.docs = vec![("shared".into(), "k".into(), Some("two".into()))];
        let mut three = sealed(3, 0, "h0", 1);
        three.docs = vec![("shared".into(), "k".into(), Some("three".into()))];
        let answers = batch(
            &pool,
            vec![
                sealed(1, 0, "h0", 1),
                three,
                sealed(1, 1, "h1-1", 2),
                two,
                sealed(1, 1, "h1-1", 1),
            ],
        )
        .await;
        assert_eq!(
            answers,
            [
                answer("applied", Some(1)),
                answer("applied", Some(1)),
                answer("applied", Some(3)),
                answer("applied", Some(1)),
                answer("moved", Some(3)),
            ]
        );
        assert_eq!(
            pairs(
                &pool,
                "SELECT game, envelope FROM events WHERE game = 1 ORDER BY seq"
            )
            .await,
            [(1, "e1"), (1, "e2"), (1, "e3")].map(|(g, e)| (g, e.to_string()))
        );
        assert_eq!(
            pairs(
                &pool,
                "SELECT revision, value FROM docs WHERE collection = 'shared'"
            )
            .await,
            [(2, "three".to_string())]
        );
    }

    /// Rounds keep a game's appends in order, and put an append after
    /// every round naming its game or one of its documents.
    #[test]
    fn an_append_goes_in_the_round_after_the_last_naming_its_game_or_a_document() {
        let mut a = sealed(1, 0, "h0", 1);
        a.docs = vec![("c".into(), "k".into(), None)];
        let b = sealed(1, 1, "h1-1", 1);
        let mut c = sealed(2, 0, "h0", 1);
        c.docs = vec![("c".into(), "k".into(), None)];
        let d = sealed(2, 1, "h2-1", 1);
        let e = sealed(3, 0, "h0", 1);
        assert_eq!(
            rounds(&[&a, &b, &c, &d, &e]),
            [vec![0, 4], vec![1, 2], vec![3]]
        );
    }

    /// The batch's plans are made on the first call and kept: made while
    /// the tables were nearly empty, they still reach each table by key
    /// once the tables hold thousands of rows (a whole scan then would
    /// cost each batch the size of the store).
    #[tokio::test(flavor = "current_thread")]
    async fn a_batch_planned_on_small_tables_reaches_them_by_key_once_they_grow() {
        let Some(pool) = database(3).await else {
            return;
        };
        let client = pool.get().await.unwrap();
        // Small, and known to be (as after an early autovacuum).
        client
            .batch_execute(
                "INSERT INTO dedupe SELECT i, 'x', 1, 1, NULL FROM generate_series(10, 59) i; \
                 INSERT INTO docs SELECT 'seen', i::TEXT::BYTEA, 1, '1' \
                 FROM generate_series(10, 59) i; \
                 ANALYZE games, dedupe, docs, events",
            )
            .await
            .unwrap();
        let batch = client.prepare_cached(APPEND_BATCH).await.unwrap();
        let mut first = sealed(1, 0, "h0", 1);
        first.action_id = Some("a".into());
        let mut gone = sealed(2, 0, "h0", 1);
        gone.docs = vec![("seen".into(), "1".into(), None)];
        let rows = client
            .query(&batch, &Columns::of([&first, &gone].into_iter()).params())
            .await
            .unwrap();
        assert_eq!(rows.len(), 2);
        client
            .batch_execute(
                "INSERT INTO games SELECT i, 'dice', 0, 0, 0, 'h0', now(), now(), '{}' \
                 FROM generate_series(100, 20099) i; \
                 INSERT INTO dedupe SELECT i, 'x', 1, 1, NULL FROM generate_series(100, 20099) i; \
                 INSERT INTO docs SELECT 'seen', i::TEXT::BYTEA, 1, '1' \
                 FROM generate_series(100, 20099) i",
            )
            .await
            .unwrap();
        let mut again = sealed(1, 1, "h1-1", 1);
        again.action_id = Some("a".into());
        let mut next = sealed(3, 0, "h0", 1);
        next.action_id = Some("b".into());
        next.docs = vec![("seen".into(), "100".into(), None)];
        client.batch_execute("BEGIN").await.unwrap();
        let rows = client
            .query(
                &batch,
                &Columns::of([&again, &next, &sealed(1, 0, "h0", 1)].into_iter()).params(),
            )
            .await
            .unwrap();
        let outcomes: Vec<(i32, String)> = rows.iter().map(|r| (r.get(PLACE), r.get(5))).collect();
        assert!(outcomes.contains(&(1, "duplicate".into())), "{outcomes:?}");
        assert!(outcomes.contains(&(2, "applied".into())), "{outcomes:?}");
        assert!(outcomes.contains(&(3, "moved".into())), "{outcomes:?}");
        let scans: Vec<(String, i64)> = client
            .query(
                "SELECT relname::TEXT, seq_scan FROM pg_stat_xact_user_tables \
                 WHERE relname IN ('games', 'dedupe', 'docs', 'events') ORDER BY relname",
                &[],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        client.batch_execute("COMMIT").await.unwrap();
        assert!(scans.iter().all(|(_, n)| *n == 0), "whole scans: {scans:?}");
    }

    /// A batch whose one append fails (its event's row is taken) is rolled
    /// back whole, then each append is sent alone: only that one fails, and
    /// every other is written exactly once, a game named twice included.
    #[tokio::test(flavor = "current_thread")]
    async fn a_failing_append_rolls_its_batch_back_and_only_it_fails() {
        let Some(pool) = database(5).await else {
            return;
        };
        pool.get()
            .await
            .unwrap()
            .execute("INSERT INTO events VALUES (4, 1, 'taken')", &[])
            .await
            .unwrap();
        let answers = batch(
            &pool,
            vec![
                sealed(1, 0, "h0", 1),
                sealed(1, 1, "h1-1", 1),
                sealed(2, 0, "h0", 1),
                sealed(4, 0, "h0", 1),
                sealed(5, 0, "h0", 1),
            ],
        )
        .await;
        assert_eq!(
            answers[..3],
            [
                answer("applied", Some(1)),
                answer("applied", Some(2)),
                answer("applied", Some(1))
            ]
        );
        assert!(
            answers[3]
                .as_ref()
                .is_err_and(|e| e.contains("events_pkey")),
            "{answers:?}"
        );
        assert_eq!(answers[4], answer("applied", Some(1)));
        assert_eq!(
            pairs(
                &pool,
                "SELECT game, envelope FROM events ORDER BY game, seq"
            )
            .await,
            [(1, "e1"), (1, "e2"), (2, "e1"), (4, "taken"), (5, "e1")]
                .map(|(g, e)| (g, e.to_string()))
        );
    }
}
