//! Group commit: one thread makes writes durable, and concurrent writers share
//! each flush.
//!
//! sled 0.34.7's `flush_async` deadlocks with 7 or more calls in flight, and its
//! `flush` stops at `sync_file_range` on Linux (no `fsync`; see
//! `notes/stack.md`). A hard commit here is `Db::flush()` followed by
//! `File::sync_all()` on the log file `<db dir>/db`, run by one dedicated OS
//! thread. A writer calls [`GroupCommit::commit`] after its sled write and awaits
//! the returned future; the thread takes every writer waiting at that moment,
//! runs one hard flush and answers them all. Writers that arrive during a flush
//! wait for the next one.

use std::fs::{File, OpenOptions};
use std::future::Future;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use tokio::sync::oneshot;

use crate::StoreError;

type Waiter = oneshot::Sender<Result<(), StoreError>>;

struct State {
    waiting: Vec<Waiter>,
    shutdown: bool,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    flushes: AtomicU64,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The lock guards a plain Vec and a flag; a panic elsewhere cannot leave
        // them inconsistent, so a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The group-commit thread of one sled database. Dropping it serves the writers
/// still waiting, runs a last hard flush and joins the thread.
pub struct GroupCommit {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl GroupCommit {
    /// Starts the thread for `db`, whose directory is `dir` (the log file is
    /// `dir/db`, sled's default layout).
    pub fn start(db: sled::Db, dir: &Path) -> Result<GroupCommit, StoreError> {
        let log_path = dir.join("db");
        let log = OpenOptions::new()
            .write(true)
            .open(&log_path)
            .map_err(|e| StoreError::Io(format!("open {}: {e}", log_path.display())))?;
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                waiting: Vec::new(),
                shutdown: false,
            }),
            wake: Condvar::new(),
            flushes: AtomicU64::new(0),
        });
        let thread_shared = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("group-commit".into())
            .spawn(move || run(&thread_shared, &db, &log))
            .map_err(|e| StoreError::Io(format!("spawn group-commit thread: {e}")))?;
        Ok(GroupCommit {
            shared,
            thread: Some(thread),
        })
    }

    /// Asks for a hard flush of everything written so far. Call it after the
    /// write; the future resolves once a flush that started after this call has
    /// completed, i.e. when the write is durable. A failed flush resolves to
    /// [`StoreError::Io`]. The request is queued by this call itself, so the
    /// future may be awaited later; it borrows nothing.
    pub fn commit(&self) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        let (tx, rx) = oneshot::channel();
        let queued = {
            let mut state = self.shared.lock();
            if state.shutdown {
                false
            } else {
                state.waiting.push(tx);
                true
            }
        };
        if queued {
            self.shared.wake.notify_one();
        }
        async move {
            if !queued {
                return Err(StoreError::Io("the group-commit thread has stopped".into()));
            }
            match rx.await {
                Ok(result) => result,
                Err(_) => Err(StoreError::Io("the group-commit thread has stopped".into())),
            }
        }
    }

    /// How many hard flushes the thread has run so far (for tests and metrics:
    /// concurrent writers share flushes, so this grows slower than the writes).
    pub fn flushes(&self) -> u64 {
        self.shared.flushes.load(Ordering::Relaxed)
    }
}

impl Drop for GroupCommit {
    fn drop(&mut self) {
        self.shared.lock().shutdown = true;
        self.shared.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            // A panic in the thread has already failed its waiters (their senders
            // were dropped); there is nothing more to report here.
            let _ = thread.join();
        }
    }
}

fn run(shared: &Shared, db: &sled::Db, log: &File) {
    loop {
        let batch = {
            let mut state = shared.lock();
            while state.waiting.is_empty() && !state.shutdown {
                state = shared.wake.wait(state).unwrap_or_else(|e| e.into_inner());
            }
            if state.waiting.is_empty() {
                break; // shutdown, nobody waiting
            }
            std::mem::take(&mut state.waiting)
        };
        let result = flush_hard(db, log);
        shared.flushes.fetch_add(1, Ordering::Relaxed);
        for waiter in batch {
            // The writer may have given up (its future dropped): fine.
            let _ = waiter.send(result.clone());
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
    use super::GroupCommit;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_commits_all_resolve_and_drop_joins() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::open(dir.path()).expect("open");
        let gc = GroupCommit::start(db.clone(), dir.path()).expect("start");
        let mut waiting = Vec::new();
        for i in 0u32..64 {
            db.insert(i.to_be_bytes(), &[1u8]).expect("insert");
            waiting.push(tokio::spawn(gc.commit()));
        }
        for w in waiting {
            w.await.expect("join").expect("durable");
        }
        let flushes = gc.flushes();
        assert!((1..=64).contains(&flushes), "{flushes}");
        // Queued but never awaited: still served, and Drop does not hang.
        let pending = gc.commit();
        drop(gc);
        assert_eq!(pending.await, Ok(()));
        drop(db);
        // Everything is released: the directory opens again.
        let db = sled::open(dir.path()).expect("reopen");
        assert_eq!(db.len(), 64);
    }

    #[test]
    fn missing_log_file_is_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::Config::new().temporary(true).open().expect("open");
        assert!(GroupCommit::start(db, &dir.path().join("nowhere")).is_err());
    }
}
