//! The outbox: every notification, durable in the store (`webhook_outbox`,
//! with a mark in `webhook_pending` while it is still to deliver), and those
//! due for delivery in memory ([`Outbox`], rebuilt from the marks at a start
//! and told of the marks another server writes).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use store::{EventStore, GameId, StoreError};
use tokio::sync::Notify;

use super::clients::Clients;
use super::records::{KEEP_DELIVERIES, Notification, Subscription};
use super::{HOOKS, OUTBOX, PENDING, WebhookSettings, encode, parse, unless_stale};
use crate::error::ApiError;
use crate::models::{DeliveryStatus, WebhookEvent};
use crate::service::{Service, lock};

/// The notifications due for delivery, in memory (the store has them all:
/// this is rebuilt from `webhook_pending` at a start).
pub(in crate::service) struct Outbox {
    queue: Mutex<BinaryHeap<Reverse<(i64, String)>>>,
    /// Wakes the delivery task when a notification is queued.
    pub(super) wake: Notify,
    /// The webhooks' configuration.
    pub(super) settings: WebhookSettings,
    /// The HTTP clients of the deliveries.
    pub(super) clients: Clients,
    /// Counts the writes of subscriptions (here, and on a shared store by
    /// any server): a game found unwatched stays so until it moves on.
    hooks_epoch: std::sync::atomic::AtomicU64,
    /// The games found with no subscription and no cursor, with the epoch
    /// they were found at: their appends then read no document.
    unwatched: Mutex<HashMap<GameId, u64>>,
}

/// The most games remembered as unwatched (all are forgotten when full).
const MAX_UNWATCHED: usize = 100_000;

impl Outbox {
    /// The current subscriptions epoch.
    pub(super) fn epoch(&self) -> u64 {
        self.hooks_epoch.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// A subscription was written: every game may be watched again.
    pub(super) fn hooks_changed(&self) {
        self.hooks_epoch
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        lock(&self.unwatched).clear();
    }

    /// Whether game `id` was found unwatched since the last subscription write.
    pub(super) fn is_unwatched(&self, id: GameId) -> bool {
        lock(&self.unwatched).get(&id) == Some(&self.epoch())
    }

    /// Notes that game `id` had no subscription and no cursor at `epoch`.
    pub(super) fn found_unwatched(&self, id: GameId, epoch: u64) {
        let mut unwatched = lock(&self.unwatched);
        if unwatched.len() >= MAX_UNWATCHED {
            unwatched.clear();
        }
        unwatched.insert(id, epoch);
    }

    /// An empty outbox.
    pub(in crate::service) fn new(settings: WebhookSettings) -> Outbox {
        Outbox {
            queue: Mutex::new(BinaryHeap::new()),
            wake: Notify::new(),
            settings,
            clients: Clients::default(),
            hooks_epoch: std::sync::atomic::AtomicU64::new(0),
            unwatched: Mutex::new(HashMap::new()),
        }
    }

    /// Queues notification `key`, due at `at`.
    pub(super) fn push(&self, at: DateTime<Utc>, key: String) {
        lock(&self.queue).push(Reverse((at.timestamp_millis(), key)));
        self.wake.notify_one();
    }

    /// Up to `max` keys due at `now` (ms), and when the next one is due.
    pub(super) fn take_due(&self, now: i64, max: usize) -> (Vec<String>, Option<i64>) {
        let mut queue = lock(&self.queue);
        let mut due = Vec::new();
        while due.len() < max {
            match queue.peek() {
                Some(Reverse((at, _))) if *at <= now => {
                    if let Some(Reverse((_, key))) = queue.pop() {
                        due.push(key);
                    }
                }
                _ => break,
            }
        }
        (due, queue.peek().map(|Reverse((at, _))| *at))
    }
}

impl Service {
    /// A notification and its outbox key; its id is derived from what it
    /// tells, so the same news always has the same id.
    pub(super) fn notification(
        &self,
        sub: &Subscription,
        kind: WebhookEvent,
        game: GameId,
        seat: u8,
        version: u64,
        payload: &Value,
    ) -> (String, Notification) {
        let digest = Sha256::digest(format!(
            "{}\n{game}\n{version}\n{}\n{seat}",
            sub.id,
            kind.name()
        ));
        let id = format!("msg_{}", hex(&digest));
        let key = format!("{}/{id}", sub.id);
        let now = Utc::now();
        let notification = Notification {
            id,
            webhook: sub.id.clone(),
            kind,
            game: game.to_string(),
            seat,
            version,
            message: None,
            body: payload.to_string(),
            status: DeliveryStatus::Pending,
            created_at: now,
            next_at: now + self.webhooks.settings.delay,
            attempt: 0,
            attempts: Vec::new(),
        };
        (key, notification)
    }

    /// Puts notifications in the outbox, but those there already. Durable
    /// when it returns; the writes of all of them are made at once (one
    /// group commit for their pending marks, one for the notifications).
    pub(super) async fn enqueue(&self, news: Vec<(String, Notification)>) -> Result<(), ApiError> {
        let mut fresh = Vec::with_capacity(news.len());
        for (key, notification) in news {
            if self.store.doc(OUTBOX, &key).await?.is_none() {
                fresh.push((key, encode(&notification)?, notification.next_at));
            }
        }
        // The pending marks first: a crash between the two rounds leaves a
        // mark without its notification (dropped at the next start), never
        // a notification nobody delivers.
        let marks = fresh
            .iter()
            .map(|(key, _, _)| (PENDING, key.clone(), json!({})));
        self.put_new(marks.collect()).await?;
        let docs = fresh
            .iter()
            .map(|(key, value, _)| (OUTBOX, key.clone(), value.clone()));
        for (written, (key, _, due)) in self.put_new(docs.collect()).await?.into_iter().zip(fresh) {
            if written {
                self.webhooks.push(due, key);
            }
        }
        Ok(())
    }

    /// Writes new documents all at once; whether each was new (a document
    /// already there is left as it is).
    async fn put_new(
        &self,
        docs: Vec<(&'static str, String, Value)>,
    ) -> Result<Vec<bool>, ApiError> {
        let mut writes = tokio::task::JoinSet::new();
        let count = docs.len();
        for (i, (collection, key, value)) in docs.into_iter().enumerate() {
            let store = self.store.clone();
            writes.spawn(async move { (i, store.put_doc(collection, &key, Some(value), 0).await) });
        }
        let mut written = vec![false; count];
        while let Some(done) = writes.join_next().await {
            let (i, result) =
                done.map_err(|e| ApiError::internal(format!("a webhook write failed: {e}")))?;
            match result {
                Ok(_) => written[i] = true,
                Err(StoreError::Stale { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(written)
    }

    /// Forgets which games were found unwatched (after missed changes).
    pub(in crate::service) fn webhook_subscriptions_may_have_changed(&self) {
        self.webhooks.hooks_changed();
    }

    /// Queues every notification still to deliver, and forgets the pending
    /// marks of those delivered or given up.
    pub(in crate::service) async fn reload_pending_webhooks(&self) -> Result<(), ApiError> {
        let mut after: Option<String> = None;
        loop {
            let page = self.store.docs(PENDING, "", after.as_deref(), 500).await?;
            let Some((last, _, _)) = page.last() else {
                return Ok(());
            };
            after = Some(last.clone());
            for (key, revision, _) in page {
                self.queue_pending(key, revision).await?;
            }
        }
    }

    /// Another server wrote document `key` of `collection`: a notification
    /// newly pending is queued here too (whichever server claims it first
    /// delivers it), and a subscription written makes every game watched again.
    pub(in crate::service) async fn webhook_doc_changed(&self, collection: &str, key: &str) {
        if collection == HOOKS {
            self.webhooks.hooks_changed();
            return;
        }
        if collection != PENDING {
            return;
        }
        let queued = async {
            if let Some((revision, _)) = self.store.doc(PENDING, key).await? {
                self.queue_pending(key.to_string(), revision).await?;
            }
            Ok::<(), ApiError>(())
        };
        if let Err(e) = queued.await {
            tracing::warn!(notification = %key, error = %e, "another server's notification not queued");
        }
    }

    /// Queues pending notification `key` (its mark at `revision`) if it is
    /// still to deliver, or removes the mark.
    async fn queue_pending(&self, key: String, revision: u64) -> Result<(), ApiError> {
        let live = match self.store.doc(OUTBOX, &key).await? {
            Some((_, value)) => {
                let n: Notification = parse(value, "notification")?;
                if matches!(n.status, DeliveryStatus::Delivered | DeliveryStatus::Failed) {
                    None
                } else {
                    Some(n.next_at)
                }
            }
            None => None,
        };
        match live {
            Some(at) => self.webhooks.push(at, key),
            // Another server may have removed the mark already.
            None => unless_stale(self.store.put_doc(PENDING, &key, None, revision).await)?,
        }
        Ok(())
    }

    /// Removes notification `key`'s pending mark, if it has one.
    pub(super) async fn drop_pending(&self, key: &str) -> Result<(), ApiError> {
        if let Some((revision, _)) = self.store.doc(PENDING, key).await? {
            unless_stale(self.store.put_doc(PENDING, key, None, revision).await)?;
        }
        Ok(())
    }

    /// Keeps the last [`KEEP_DELIVERIES`] notifications of a subscription.
    pub(super) async fn prune(&self, webhook: &str) -> Result<(), ApiError> {
        let docs = self
            .store
            .docs(OUTBOX, &format!("{webhook}/"), None, 10_000)
            .await?;
        if docs.len() <= KEEP_DELIVERIES {
            return Ok(());
        }
        let mut done = Vec::new();
        for (key, revision, value) in docs.iter() {
            let n: Notification = parse(value.clone(), "notification")?;
            if matches!(n.status, DeliveryStatus::Delivered | DeliveryStatus::Failed) {
                done.push((n.created_at, key.clone(), *revision));
            }
        }
        done.sort();
        let excess = docs.len() - KEEP_DELIVERIES;
        for (_, key, revision) in done.into_iter().take(excess) {
            unless_stale(self.store.put_doc(OUTBOX, &key, None, revision).await)?;
        }
        Ok(())
    }
}

/// Bytes as lowercase hex digits.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
