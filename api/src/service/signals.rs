//! Long-poll signals: the version of every game someone follows, on a watch
//! channel of its own, so that a request waiting for events wakes when the
//! game moves on.

use std::collections::HashMap;
use std::sync::Mutex;

use store::GameId;
use tokio::sync::watch;

use super::lock;

/// A watch channel per followed game, carrying its version.
pub(super) struct VersionSignals {
    versions: Mutex<HashMap<GameId, watch::Sender<u64>>>,
}

impl VersionSignals {
    /// No game followed yet.
    pub(super) fn new() -> VersionSignals {
        VersionSignals {
            versions: Mutex::new(HashMap::new()),
        }
    }

    /// Follows game `id`: the receiver changes when it moves on.
    pub(super) fn subscribe(&self, id: GameId) -> watch::Receiver<u64> {
        lock(&self.versions)
            .entry(id)
            .or_insert_with(|| watch::Sender::new(0))
            .subscribe()
    }

    /// Tells the followers of game `id` that it is at `version`; forgets a
    /// game nobody follows any more.
    pub(super) fn publish(&self, id: GameId, version: u64) {
        let mut versions = lock(&self.versions);
        if let Some(tx) = versions.get(&id) {
            if tx.receiver_count() == 0 {
                versions.remove(&id);
            } else {
                tx.send_replace(version);
            }
        }
    }

    /// Wakes the followers of every game, to read again.
    pub(super) fn wake_all(&self) {
        for tx in lock(&self.versions).values() {
            tx.send_modify(|_| {});
        }
    }
}
