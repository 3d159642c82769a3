//! Group commit: one thread applies every pending write in one batch, makes
//! the batch durable with one flush, and answers each writer.
//!
//! A writer hands its request to [`GroupCommit::submit`] and awaits the
//! returned future. The thread takes every request waiting at that moment (up
//! to a cap, in arrival order), applies them all with one call of the batch
//! function given to [`GroupCommit::start`] (the store writes the batch with
//! two atomic sled batches there, whatever the number of requests), then runs
//! one hard flush and answers every request of the batch.
//! Requests that arrive meanwhile wait for the next batch.
//!
//! A hard flush is `Db::flush()` followed by `File::sync_all()` on the log file
//! `<db dir>/db`: sled 0.34.7's `flush_async` deadlocks with 7 or more calls in
//! flight, and its `flush` stops at `sync_file_range` on Linux (no `fsync`; see
//! `notes/stack.md`).

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Instant;

use tokio::sync::oneshot;

use crate::StoreError;
use crate::metrics::{QUEUED_NANOS, WOKEN_NANOS, WRITTEN_NANOS, nanos};

/// A request's answer, sent with the moment it was sent (to time how long
/// the waiting request takes to resume).
type Reply<T> = oneshot::Sender<(Result<T, StoreError>, Instant)>;

struct State<R, T> {
    /// Each request, its reply and when it was submitted.
    queue: VecDeque<(R, Reply<T>, Instant)>,
    /// Set by `Drop` (drain what is queued, then stop), or by the thread when
    /// it exits: no request is accepted any more.
    shutdown: bool,
}

struct Shared<R, T> {
    state: Mutex<State<R, T>>,
    wake: Condvar,
    flushes: AtomicU64,
}

impl<R, T> Shared<R, T> {
    fn lock(&self) -> MutexGuard<'_, State<R, T>> {
        // The lock guards a plain queue and a flag; a panic elsewhere cannot
        // leave them inconsistent, so a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn stopped() -> StoreError {
    StoreError::Io("the group-commit thread has stopped".into())
}

/// The writer thread of one sled database: it batches requests of type `R`,
/// applies each batch, flushes once per batch and answers with a `T` per
/// request.
///
/// Dropping it lets the thread serve every request already submitted (in
/// batches, as usual), run a last hard flush, and joins it.
pub struct GroupCommit<R, T> {
    shared: Arc<Shared<R, T>>,
    thread: Option<JoinHandle<()>>,
}

impl<R: Send + 'static, T: Send + 'static> GroupCommit<R, T> {
    /// Starts the thread for `db`, whose directory is `dir` (the log file is
    /// `dir/db`, sled's default layout).
    ///
    /// `apply` gets each batch (at most `max_batch` requests, at least one, in
    /// arrival order) and returns one result per request, in the same order. A
    /// request answered `Ok` is one whose writes `apply` made: it is answered
    /// only after the flush that follows, and with [`StoreError::Io`] instead
    /// if that flush fails. A request answered `Err` gets that error as it is,
    /// also after the flush. Missing results are answered with an error.
    pub fn start<F>(
        db: sled::Db,
        dir: &Path,
        max_batch: usize,
        apply: F,
    ) -> Result<GroupCommit<R, T>, StoreError>
    where
        F: FnMut(&[R]) -> Vec<Result<T, StoreError>> + Send + 'static,
    {
        let log_path = dir.join("db");
        let log = OpenOptions::new()
            .write(true)
            .open(&log_path)
            .map_err(|e| StoreError::Io(format!("open {}: {e}", log_path.display())))?;
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                queue: VecDeque::new(),
                shutdown: false,
            }),
            wake: Condvar::new(),
            flushes: AtomicU64::new(0),
        });
        let thread_shared = Arc::clone(&shared);
        let max_batch = max_batch.max(1);
        let thread = std::thread::Builder::new()
            .name("group-commit".into())
            .spawn(move || run(&thread_shared, &db, &log, max_batch, apply))
            .map_err(|e| StoreError::Io(format!("spawn group-commit thread: {e}")))?;
        Ok(GroupCommit {
            shared,
            thread: Some(thread),
        })
    }

    /// Queues `request` for the next batch. The future resolves once the
    /// batch holding it has been applied and flushed, to the result `apply`
    /// gave it (see [`GroupCommit::start`]). The request is queued by this
    /// call itself, so it is applied even if the future is awaited later or
    /// dropped; the future borrows nothing.
    pub fn submit(
        &self,
        request: R,
    ) -> impl Future<Output = Result<T, StoreError>> + Send + 'static {
        let (tx, rx) = oneshot::channel();
        let (queued, first) = {
            let mut state = self.shared.lock();
            if state.shutdown {
                (false, false)
            } else {
                state.queue.push_back((request, tx, Instant::now()));
                (true, state.queue.len() == 1)
            }
        };
        // The thread only sleeps when it has seen the queue empty (under the
        // lock), so only the request that makes it non-empty needs to wake it.
        if first {
            self.shared.wake.notify_one();
        }
        async move {
            if !queued {
                return Err(stopped());
            }
            match rx.await {
                Ok((answer, sent)) => {
                    WOKEN_NANOS.observe(nanos(sent.elapsed()));
                    answer
                }
                Err(_) => Err(stopped()),
            }
        }
    }

    /// How many hard flushes (one per batch) the thread has run so far, for
    /// tests and metrics: concurrent writers share batches, so this grows
    /// slower than the requests.
    pub fn flushes(&self) -> u64 {
        self.shared.flushes.load(Ordering::Relaxed)
    }
}

impl<R, T> Drop for GroupCommit<R, T> {
    fn drop(&mut self) {
        self.shared.lock().shutdown = true;
        self.shared.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            // If the thread panicked, its exit guard has already failed every
            // queued request; there is nothing more to report here.
            let _ = thread.join();
        }
    }
}

/// Marks the writer stopped when its thread exits, however it exits: later
/// submits fail at once, and requests still queued (only possible after a
/// panic) are failed by dropping their reply senders.
struct ExitGuard<'a, R, T>(&'a Shared<R, T>);

impl<R, T> Drop for ExitGuard<'_, R, T> {
    fn drop(&mut self) {
        let orphans = {
            let mut state = self.0.lock();
            state.shutdown = true;
            std::mem::take(&mut state.queue)
        };
        drop(orphans);
    }
}

fn run<R, T, F>(shared: &Shared<R, T>, db: &sled::Db, log: &File, max_batch: usize, mut apply: F)
where
    F: FnMut(&[R]) -> Vec<Result<T, StoreError>>,
{
    let _guard = ExitGuard(shared);
    let mut requests = Vec::with_capacity(max_batch.min(4096));
    let mut replies = Vec::with_capacity(max_batch.min(4096));
    loop {
        let taken = {
            let mut state = shared.lock();
            while state.queue.is_empty() && !state.shutdown {
                state = shared.wake.wait(state).unwrap_or_else(|e| e.into_inner());
            }
            if state.queue.is_empty() {
                break; // shutdown, nothing left to serve
            }
            let take = state.queue.len().min(max_batch);
            let taken = Instant::now();
            for (request, reply, submitted) in state.queue.drain(..take) {
                QUEUED_NANOS.observe(nanos(taken.saturating_duration_since(submitted)));
                requests.push(request);
                replies.push(reply);
            }
            taken
        };
        let size = requests.len();
        let results = apply(&requests);
        requests.clear();
        let started = Instant::now();
        let flushed = flush_hard(db, log);
        shared.flushes.fetch_add(1, Ordering::Relaxed);
        let applied = results.iter().filter(|r| r.is_ok()).count();
        crate::metrics::batch(size, applied, started.elapsed(), flushed.is_ok());
        let written = nanos(taken.elapsed());
        let mut results = results.into_iter();
        for reply in replies.drain(..) {
            WRITTEN_NANOS.observe(written);
            let answer = match results.next() {
                Some(Ok(value)) => match &flushed {
                    Ok(()) => Ok(value),
                    Err(e) => Err(e.clone()),
                },
                Some(Err(e)) => Err(e),
                None => Err(StoreError::Io(
                    "the batch gave this request no result".into(),
                )),
            };
            // The writer may have given up (its future dropped): fine.
            let _ = reply.send((answer, Instant::now()));
        }
    }
    // Last flush on shutdown; nobody is left to tell if it fails (sled flushes
    // again when the last handle of the Db is dropped).
    let _ = flush_hard(db, log);
}

/// `Db::flush()` (write the IO buffers) then `fsync` the log file.
fn flush_hard(db: &sled::Db, log: &File) -> Result<(), StoreError> {
    db.flush()
        .map_err(|e| StoreError::Io(format!("flush: {e}")))?;
    log.sync_all()
        .map_err(|e| StoreError::Io(format!("fsync: {e}")))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::GroupCommit;
    use crate::StoreError;

    /// Every batch a test writer was given, in order.
    type Batches = Arc<Mutex<Vec<Vec<u32>>>>;

    /// A writer whose batches insert each `u32` key and record the batch.
    fn inserting(
        db: &sled::Db,
        dir: &std::path::Path,
        max_batch: usize,
    ) -> (GroupCommit<u32, u32>, Batches) {
        let batches = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&batches);
        let tree = db.clone();
        let gc = GroupCommit::start(db.clone(), dir, max_batch, move |requests: &[u32]| {
            seen.lock().expect("lock").push(requests.to_vec());
            requests
                .iter()
                .map(|&r| {
                    if r % 10 == 7 {
                        return Err(StoreError::Conflict { current: r.into() });
                    }
                    tree.insert(r.to_be_bytes(), &[1u8])
                        .map(|_| r * 2)
                        .map_err(|e| StoreError::Io(e.to_string()))
                })
                .collect()
        })
        .expect("start");
        (gc, batches)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn batches_keep_order_are_capped_and_answer_each_request() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::open(dir.path()).expect("open");
        let (gc, batches) = inserting(&db, dir.path(), 8);
        // Queued in this order before any is awaited.
        let waiting: Vec<_> = (0u32..100).map(|i| (i, gc.submit(i))).collect();
        for (i, w) in waiting {
            let answer = w.await;
            if i % 10 == 7 {
                assert_eq!(answer, Err(StoreError::Conflict { current: i.into() }));
            } else {
                assert_eq!(answer, Ok(i * 2));
            }
        }
        let batches = batches.lock().expect("lock").clone();
        assert!(
            batches.iter().all(|b| (1..=8).contains(&b.len())),
            "{batches:?}"
        );
        let order: Vec<u32> = batches.concat();
        assert_eq!(order, (0..100).collect::<Vec<_>>());
        assert_eq!(gc.flushes(), batches.len() as u64);
        assert!(gc.flushes() >= 13);

        // Concurrent submitters share batches.
        let gc = Arc::new(gc);
        let tasks: Vec<_> = (100u32..164)
            .map(|i| {
                let gc = Arc::clone(&gc);
                tokio::spawn(async move { gc.submit(i).await })
            })
            .collect();
        for (i, t) in (100u32..).zip(tasks) {
            let answer = t.await.expect("join");
            if i % 10 == 7 {
                assert_eq!(answer, Err(StoreError::Conflict { current: i.into() }));
            } else {
                assert_eq!(answer, Ok(i * 2));
            }
        }
        let gc = Arc::into_inner(gc).expect("sole owner");

        // Queued but never awaited: still served, and Drop does not hang.
        let pending = gc.submit(1000);
        drop(gc);
        assert_eq!(pending.await, Ok(2000));
        drop(db);
        // Everything is released and durable: the directory opens again.
        let db = sled::open(dir.path()).expect("reopen");
        assert_eq!(db.len(), 100 - 10 + 64 - 6 + 1);
    }

    #[tokio::test]
    async fn missing_results_are_errors() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::open(dir.path()).expect("open");
        let gc: GroupCommit<u32, u32> =
            GroupCommit::start(db, dir.path(), 4, |_: &[u32]| Vec::new()).expect("start");
        assert!(matches!(gc.submit(1).await, Err(StoreError::Io(_))));
    }

    #[tokio::test]
    async fn a_dead_thread_fails_waiters_and_later_submits() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::open(dir.path()).expect("open");
        let gc: GroupCommit<u32, u32> = GroupCommit::start(db, dir.path(), 4, |r: &[u32]| {
            if r.contains(&13) {
                panic!("test: the batch function fails");
            }
            r.iter().map(|&x| Ok(x)).collect()
        })
        .expect("start");
        assert_eq!(gc.submit(1).await, Ok(1));
        assert!(matches!(gc.submit(13).await, Err(StoreError::Io(_))));
        // The thread is gone: no hang, an error at once.
        assert!(matches!(gc.submit(2).await, Err(StoreError::Io(_))));
        drop(gc);
    }

    #[test]
    fn missing_log_file_is_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::Config::new().temporary(true).open().expect("open");
        let started =
            GroupCommit::<u32, u32>::start(db, &dir.path().join("nowhere"), 4, |_| Vec::new());
        assert!(started.is_err());
    }
}
