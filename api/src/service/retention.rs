//! Retention (`BANG_KEEP_FINISHED_DAYS`): the documents a finished game
//! gathered around its log (its chat, its seats' webhook subscriptions with
//! their deliveries, its webhook cursors) are deleted that many days after
//! it ended. Its events, data and audit are kept for ever: a game can
//! always be replayed and checked.
//!
//! The append that ends a game writes, in the same commit, a marker
//! `finished/{ended_at_ms}/{game}`; markers sort by time, so a sweep reads
//! only the ones due, and every server may sweep (deleting twice is
//! harmless).

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde_json::json;
use store::{DocWrite, EventStore, GameId};

use super::Service;
use super::webhooks::unless_stale;
use crate::error::ApiError;

/// The markers of finished games.
const FINISHED: &str = "finished";

/// How often a server sweeps; the first sweep is a minute after its start.
const SWEEP_EVERY: Duration = Duration::from_secs(600);

/// Markers read at once by a sweep.
const PAGE: usize = 200;

/// The marker the append ending game `id` at `at` writes.
pub(super) fn finished_marker(id: GameId, at: DateTime<Utc>) -> DocWrite {
    DocWrite {
        collection: FINISHED.to_string(),
        key: format!("{:013}/{id}", at.timestamp_millis().max(0)),
        value: Some(json!({})),
    }
}

impl Service {
    /// Sweeps for ever, if the server keeps finished games' documents for a
    /// limited time (returns at once otherwise).
    pub async fn run_retention(self: Arc<Self>) {
        let Some(keep) = self.settings.keep_finished else {
            return;
        };
        tokio::time::sleep(Duration::from_secs(60)).await;
        loop {
            let cutoff = Utc::now() - keep;
            match self.sweep_finished(cutoff).await {
                Ok(0) => {}
                Ok(games) => tracing::info!(games, "finished games' documents deleted"),
                Err(e) => tracing::warn!(error = %e, "finished games' documents not swept"),
            }
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    }

    /// Deletes the documents of every game that ended before `cutoff` (and
    /// their markers); how many games.
    pub async fn sweep_finished(&self, cutoff: DateTime<Utc>) -> Result<usize, ApiError> {
        let mut swept = 0;
        loop {
            let markers = self.store.docs(FINISHED, "", None, PAGE).await?;
            if markers.is_empty() {
                return Ok(swept);
            }
            for (key, revision, _) in markers {
                let parsed = key.split_once('/').and_then(|(ms, id)| {
                    Some((ms.parse::<i64>().ok()?, id.parse::<GameId>().ok()?))
                });
                if let Some((ms, id)) = parsed {
                    if ms >= cutoff.timestamp_millis() {
                        return Ok(swept);
                    }
                    self.purge_documents(id).await?;
                    swept += 1;
                }
                unless_stale(self.store.put_doc(FINISHED, &key, None, revision).await)?;
            }
        }
    }

    /// Deletes game `id`'s chat, its seats' webhook subscriptions (with
    /// their deliveries) and its webhook cursors.
    async fn purge_documents(&self, id: GameId) -> Result<(), ApiError> {
        let prefix = format!("{id}/");
        loop {
            let messages = self
                .store
                .docs(super::chat::MESSAGES, &prefix, None, PAGE)
                .await?;
            if messages.is_empty() {
                break;
            }
            for (key, revision, _) in messages {
                unless_stale(
                    self.store
                        .put_doc(super::chat::MESSAGES, &key, None, revision)
                        .await,
                )?;
            }
        }
        let key = id.to_string();
        for collection in [super::chat::COUNTS]
            .into_iter()
            .chain(super::webhooks::GAME_COLLECTIONS)
        {
            if let Some((revision, _)) = self.store.doc(collection, &key).await? {
                unless_stale(self.store.put_doc(collection, &key, None, revision).await)?;
            }
        }
        self.remove_game_subscriptions(id).await
    }
}
