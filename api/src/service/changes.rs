//! Several servers on one store (issue 17): what the others wrote, told by
//! the store ([`EventStore::changes`]). Long-polls and streams wake on it at
//! once, whichever server wrote; bot turns, deadlines and webhook
//! deliveries are taken up a few seconds later (at once for a game held
//! here with bot seats), so that a server gone after its append leaves
//! nothing undone.
//!
//! The store sends its notices after each commit, in batches; a notice lost
//! in a crash between the two is made good by a resync every minute.
//!
//! Correctness never rests on these notices alone: every read of a game
//! checks its head in the store first ([`super::cache::GameCache::current`]),
//! deadlines and webhook deliveries are claimed in the store by
//! compare-and-swap, and appends are checked against the expected version.
//! A notice only makes this server act sooner than its next read.

use std::sync::Arc;
use std::time::Duration;

use store::{Change, EventStore, GameId};
use tokio::sync::OwnedMutexGuard;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;

use super::Service;
use super::cache::Entry;

/// How often a server reads every active game again, as after a lost
/// connection: a notification lost in a crash between another server's
/// commit and its notification batch is made good within this time.
const RESYNC_EVERY: Duration = Duration::from_secs(60);

/// How long another server's game must have been quiet (no append from
/// it) before this one catches up with it: one read per game however many
/// appends came, none while the game is played on. It then takes over what
/// follows from the game (bot turns, the deadline) and checks that the
/// appending server wrote its webhook notifications (it writes them right
/// after its append; this covers a crash in between): should that server
/// die, this one takes over this long after its last append. Followers on
/// this server do not wait for it: a notice wakes them at once, and they
/// read the game's head.
const FOLLOW_DELAY: Duration = Duration::from_secs(3);

/// The most delayed catch-ups run at once. Games that go quiet together
/// (a burst of them ending) fall due together, and a burst of catch-ups
/// took the store's connections from the appends: two servers' p99 at half
/// load was 90–104 ms.
pub(super) const FOLLOWS_AT_ONCE: usize = 2;

impl Service {
    /// Subscribes to the store's changes, if it is shared with other
    /// servers: before the start's recovery, so that nothing written after
    /// it is missed.
    pub fn subscribe_changes(&self) -> Option<Receiver<Change>> {
        self.store.changes()
    }

    /// Follows the store's changes for ever (returns at once without them).
    pub async fn run_changes(self: Arc<Self>, changes: Option<Receiver<Change>>) {
        let Some(mut changes) = changes else {
            return;
        };
        let mut resync = tokio::time::interval(RESYNC_EVERY);
        resync.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        resync.tick().await;
        loop {
            let change = tokio::select! {
                change = changes.recv() => change,
                _ = resync.tick() => Ok(Change::Resync),
            };
            match change {
                Ok(Change::Game { id, version }) => self.game_changed(id, version).await,
                Ok(Change::Doc { collection, key }) => self.doc_changed(&collection, &key).await,
                Ok(Change::Resync) | Err(RecvError::Lagged(_)) => self.resync().await,
                Err(RecvError::Closed) => return,
            }
        }
    }

    /// Game `id` is at `version` in the store: wake its followers at once,
    /// and if another server wrote it, catch up with it and take over what
    /// follows from it (bot turns, the deadline, webhook notifications)
    /// should that server be gone: at once for a game held here with bot
    /// seats (a bot worker here may be waiting on its turn), once it has
    /// been quiet a little while ([`FOLLOW_DELAY`]) for any other.
    ///
    /// Catching up on every append cost a third of the store's appends per
    /// second with two servers (issue 34). The appending server plays on
    /// without this one, and an action through this server on a game it
    /// holds behind the store is decided again on the game as stored.
    async fn game_changed(self: &Arc<Self>, id: GameId, version: u64) {
        self.versions.publish(id, version);
        if self.games.knows(id, version) {
            return;
        }
        if self.games.held_with_bots(id) {
            self.follow(id).await;
        }
        self.follow_later(id);
    }

    /// Catches up with game `id` and takes over its bot turns and deadline;
    /// gives the game, still locked.
    async fn follow(&self, id: GameId) -> Option<OwnedMutexGuard<Entry>> {
        crate::metrics::FOLLOWS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match self.games.current(id).await {
            Ok(entry) => {
                self.refresh_waiting(&entry).await;
                Some(entry)
            }
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "another server's append not followed");
                None
            }
        }
    }

    /// Follows game `id` once no append to it has come for
    /// [`FOLLOW_DELAY`], and checks its webhook notifications: one check per
    /// game at a time, which reads the game as it is then and so covers
    /// every append made meanwhile.
    fn follow_later(self: &Arc<Self>, id: GameId) {
        let now = tokio::time::Instant::now();
        if super::lock(&self.follows_due).insert(id, now).is_some() {
            return; // its task waits on from this append
        }
        let service = self.clone();
        tokio::spawn(async move {
            loop {
                let last = super::lock(&service.follows_due).get(&id).copied();
                let Some(last) = last else { return };
                let quiet = last + FOLLOW_DELAY;
                if tokio::time::Instant::now() >= quiet {
                    break;
                }
                tokio::time::sleep_until(quiet).await;
            }
            let Ok(_running) = service.follows_running.acquire().await else {
                return;
            };
            super::lock(&service.follows_due).remove(&id);
            if let Some(entry) = service.follow(id).await {
                service.notify_webhooks(&entry).await;
            }
        });
    }

    /// A document changed: a webhook notification written by any server is
    /// delivered by whichever claims it first; a subscription written by any
    /// server is seen by this one's next append; a chat message stored by
    /// any server is checked to have been told, a little later (its server
    /// tells it right after storing it; this covers a crash in between).
    async fn doc_changed(self: &Arc<Self>, collection: &str, key: &str) {
        self.webhook_doc_changed(collection, key).await;
        if let Some((id, n)) = super::chat::parse_message_key(collection, key) {
            let service = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(FOLLOW_DELAY).await;
                if let Err(e) = service.tell_chat_if_untold(id, n).await {
                    tracing::warn!(game = %id, message = n, error = %e, "chat message not checked");
                }
            });
        }
    }

    /// Changes may have been missed: every active game is read again, and
    /// every follower woken to read again.
    async fn resync(&self) {
        self.versions.wake_all();
        self.webhook_subscriptions_may_have_changed();
        if let Err(e) = self.recover().await {
            tracing::warn!(error = %e, "games not read again after the store's listener reconnected");
        }
        if let Err(e) = self.reload_pending_webhooks().await {
            tracing::warn!(error = %e, "webhook notifications not read again");
        }
    }
}
