//! The stored records of webhooks: a [`Subscription`] (in `webhooks`) and a
//! [`Notification`] (in `webhook_outbox`), how much of them is kept, and the
//! subscriptions read back (those of a game's seats, or one by its id).
//! `outbox.rs`, `notify.rs`, `delivery.rs` and `subscriptions.rs` build on
//! these; this file imports none of its siblings.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::{EventStore, GameId};

use super::{HOOKS, IDS, parse};
use crate::error::ApiError;
use crate::models::{DeliveryAttempt, DeliveryStatus, WebhookEvent};
use crate::service::Service;
use crate::stored::GameData;

/// The notifications kept per subscription for its deliveries listing (the
/// oldest delivered or failed ones go first).
pub(super) const KEEP_DELIVERIES: usize = 100;
/// The attempts a notification keeps (the last ones).
pub(super) const KEEP_ATTEMPTS: usize = 10;

/// A notification in the outbox.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct Notification {
    /// Its id (`msg_` and a digest of what it tells), the `webhook-id` of
    /// every attempt.
    pub(super) id: String,
    /// The id of the subscription it is for.
    pub(super) webhook: String,
    /// What it tells.
    pub(super) kind: WebhookEvent,
    /// The game it speaks of.
    pub(super) game: String,
    /// The seat it speaks to.
    pub(super) seat: u8,
    /// The game's version it speaks of.
    pub(super) version: u64,
    /// A chat notification's message number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) message: Option<u64>,
    /// The exact body every attempt POSTs (and signs).
    pub(super) body: String,
    /// Where its delivery stands.
    pub(super) status: DeliveryStatus,
    /// When it was made.
    pub(super) created_at: DateTime<Utc>,
    /// When the next attempt is due; while `delivering`, when the claim
    /// lapses (its deliverer died).
    pub(super) next_at: DateTime<Utc>,
    /// The number of the latest attempt (0 before the first).
    pub(super) attempt: u32,
    /// The last [`KEEP_ATTEMPTS`] attempts and their results.
    pub(super) attempts: Vec<DeliveryAttempt>,
}

/// A stored subscription.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct Subscription {
    /// Its id (`wh_` and 16 hex digits).
    pub(super) id: String,
    /// The key of its owner: `p/{player}` or `g/{game}/{seat}`.
    pub(super) owner: String,
    /// Where its notifications are posted.
    pub(super) url: String,
    /// The kinds of news it is told.
    pub(super) events: Vec<WebhookEvent>,
    /// The secret its notifications are signed with (`whsec_…`).
    pub(super) secret: String,
    /// The player who owns it, if a player does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) player: Option<String>,
    /// The game of the seat that owns it, if a seat does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) game: Option<String>,
    /// The seat that owns it, if a seat does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) seat: Option<u8>,
    /// When it was made.
    pub(super) created_at: DateTime<Utc>,
}

/// Every seat the person at `seat` plays (his own, and a solo game's partner).
fn plays(data: &GameData, seat: u8) -> Vec<u8> {
    let mut seats = vec![seat];
    if let Some(s) = data.seats.get(seat as usize) {
        seats.extend(s.also_plays.iter().copied());
    }
    seats
}

impl Service {
    /// Every subscription that speaks for a seat of game `id`, with the
    /// seats it speaks for.
    pub(super) async fn subscriptions_of(
        &self,
        id: GameId,
        data: &GameData,
    ) -> Result<Vec<(Subscription, Vec<u8>)>, ApiError> {
        let mut found = Vec::new();
        for (_, _, value) in self
            .store
            .docs(HOOKS, &format!("g/{id}/"), None, 1000)
            .await?
        {
            let sub: Subscription = parse(value, "webhook")?;
            if let Some(seat) = sub.seat {
                found.push((sub, plays(data, seat)));
            }
        }
        for (seat, spec) in data.seats.iter().enumerate() {
            let Some(player) = &spec.player else { continue };
            for (_, _, value) in self
                .store
                .docs(HOOKS, &format!("p/{player}/"), None, 1000)
                .await?
            {
                found.push((parse(value, "webhook")?, plays(data, seat as u8)));
            }
        }
        Ok(found)
    }

    /// The subscription `id`, if it still exists.
    pub(super) async fn subscription(&self, id: &str) -> Result<Option<Subscription>, ApiError> {
        let Some((_, owner)) = self.store.doc(IDS, id).await? else {
            return Ok(None);
        };
        let owner = owner["owner"].as_str().unwrap_or_default();
        match self.store.doc(HOOKS, &format!("{owner}/{id}")).await? {
            Some((_, value)) => Ok(Some(parse(value, "webhook")?)),
            None => Ok(None),
        }
    }
}
