//! Webhooks (play-by-post notifications): subscriptions, the durable outbox
//! of notifications and the task that delivers them.
//!
//! - `records.rs`: the stored subscription and notification, how much of
//!   them is kept, and the subscriptions of a game's seats;
//! - `subscriptions.rs`: who owns a webhook, and making, listing and
//!   deleting them;
//! - `notify.rs`: the news an append, a chat message or a start makes, and
//!   the cursors that say what was told;
//! - `outbox.rs`: the notifications, durable in the store and due in
//!   memory;
//! - `delivery.rs`: the task that posts them, signed;
//! - `clients.rs`: the HTTP clients it posts with, pinned to checked
//!   addresses;
//! - `address.rs`: which URLs and addresses a webhook may reach.
//!
//! Store documents:
//!
//! - `webhooks`: `{owner}/{webhook id}` → the subscription (its secret
//!   included: the server signs with it), the owner being `p/{player}` or
//!   `g/{game}/{seat}`;
//! - `webhook_ids`: `{webhook id}` → its owner;
//! - `webhook_outbox`: `{webhook id}/{notification id}` → a notification,
//!   its body and its attempts. The notification id is derived from what it
//!   tells (SHA-256 of the subscription, game, version, type and seat), so
//!   writing it again (after a crash) writes nothing, and every attempt
//!   carries the same `webhook-id`;
//! - `webhook_pending`: the same keys, for the notifications not yet
//!   delivered nor given up (what the deliverer reloads at a start);
//! - `webhook_cursor`: `{game}` → the version up to which a watched game's
//!   notifications are in the outbox, and the human seats it waited for
//!   then. [`Service::notify_webhooks`](super::Service::notify_webhooks) moves it after every append; at a
//!   start, [`Service::recover_webhooks`](super::Service::recover_webhooks) enqueues whatever a crash left
//!   between an append and its notifications.
//!
//! A delivery claims its notification by a compare-and-swap on the
//! document's revision (so two tasks never make one attempt twice), resolves
//! the URL's host and refuses non-public addresses (unless
//! `BANG_WEBHOOK_ALLOW_PRIVATE`), pins the connection to the address it
//! checked, follows no redirect, and signs as Standard Webhooks do.

mod address;
mod clients;
mod delivery;
mod notify;
mod outbox;
mod records;
mod subscriptions;

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::StoreError;

use crate::error::ApiError;

pub use address::{is_public, private_detail};
pub use delivery::sign;
pub(super) use outbox::Outbox;

const HOOKS: &str = "webhooks";
const IDS: &str = "webhook_ids";
const OUTBOX: &str = "webhook_outbox";
const PENDING: &str = "webhook_pending";
const CURSORS: &str = "webhook_cursor";
/// Per game: the newest chat message whose notifications are in the outbox.
const CHAT_CURSORS: &str = "webhook_chat_cursor";
/// The collections holding one document per game (keyed by its id).
pub(super) const GAME_COLLECTIONS: [&str; 2] = [CURSORS, CHAT_CURSORS];

/// The longest wait between two attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(3600);

/// The webhooks' part of the configuration (see [`crate::config::Config`]).
#[derive(Clone, Debug)]
pub struct WebhookSettings {
    /// Whether URLs may resolve to private, loopback and other non-public
    /// addresses.
    pub allow_private: bool,
    /// The most subscriptions one owner (a player, a seat of a game) has.
    pub max_per_owner: usize,
    /// How long one attempt may take.
    pub timeout: Duration,
    /// The wait before the first retry (doubling at each one).
    pub first_retry: Duration,
    /// Attempts before a notification is given up.
    pub attempts: u32,
    /// The pause before a notification's first attempt.
    pub delay: Duration,
}

impl WebhookSettings {
    /// The webhook settings of `config`.
    pub fn of(config: &crate::config::Config) -> WebhookSettings {
        WebhookSettings {
            allow_private: config.webhook_allow_private,
            max_per_owner: config.max_webhooks_per_owner,
            timeout: Duration::from_millis(config.webhook_timeout_ms.max(1)),
            first_retry: Duration::from_millis(config.webhook_retry_ms),
            attempts: config.webhook_attempts.max(1),
            delay: Duration::from_millis(config.webhook_delay_ms),
        }
    }

    /// The wait after failed attempt number `attempt` (from 1).
    fn backoff(&self, attempt: u32) -> Duration {
        let factor = 1u32 << attempt.saturating_sub(1).min(20);
        self.first_retry
            .checked_mul(factor)
            .unwrap_or(MAX_BACKOFF)
            .min(MAX_BACKOFF)
    }
}

/// The result of a document write, a stale revision let go: another task or
/// server wrote the document first, a race every caller of this one may lose.
pub(super) fn unless_stale(written: Result<u64, StoreError>) -> Result<(), ApiError> {
    match written {
        Ok(_) | Err(StoreError::Stale { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// A stored document read as a `T` (`what` it is, for the error).
fn parse<T: for<'de> Deserialize<'de>>(value: Value, what: &str) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::internal(format!("a stored {what}: {e}")))
}

/// A `T` as a stored document.
fn encode<T: Serialize>(value: &T) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(|e| ApiError::internal(format!("encode: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_an_hour() {
        let settings = WebhookSettings {
            allow_private: false,
            max_per_owner: 10,
            timeout: Duration::from_secs(10),
            first_retry: Duration::from_secs(5),
            attempts: 8,
            delay: Duration::ZERO,
        };
        let waits: Vec<u64> = (1..=4).map(|a| settings.backoff(a).as_secs()).collect();
        assert_eq!(waits, [5, 10, 20, 40]);
        assert_eq!(settings.backoff(30), MAX_BACKOFF);
    }
}
