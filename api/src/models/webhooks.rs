//! The bodies of webhooks (play-by-post notifications): a subscription, its
//! signing secret shown once, and its delivery attempts.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::reading::{Refusal, malformed, object};

/// The longest webhook URL accepted, in characters.
pub const MAX_WEBHOOK_URL: usize = 2000;

/// What a webhook is told about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WebhookEvent {
    /// The game waits for one of the subscription's seats, which it did not
    /// wait for before (a reaction asked of it counts).
    YourTurn,
    /// The game is over (its winners).
    GameFinished,
    /// A chat message from another seat.
    Chat,
}

impl WebhookEvent {
    /// Every event, the default of a subscription.
    pub const ALL: [WebhookEvent; 3] = [
        WebhookEvent::YourTurn,
        WebhookEvent::GameFinished,
        WebhookEvent::Chat,
    ];

    /// Its name in payloads and bodies.
    pub fn name(self) -> &'static str {
        match self {
            WebhookEvent::YourTurn => "your_turn",
            WebhookEvent::GameFinished => "game_finished",
            WebhookEvent::Chat => "chat",
        }
    }
}

/// `POST /v1/me/webhooks` and `POST /v1/games/{id}/webhooks`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(try_from = "Value", deny_unknown_fields)]
#[schema(example = json!({"url": "https://bot.example.org/bang", "events": ["your_turn", "game_finished"]}))]
pub struct CreateWebhook {
    /// Where notifications are POSTed: an `http` or `https` URL of at most
    /// 2000 characters whose host resolves to public addresses only.
    #[schema(
        min_length = 1,
        max_length = 2000,
        example = "https://bot.example.org/bang"
    )]
    pub url: String,
    /// What to be told about (default: all three).
    #[schema(min_items = 1)]
    pub events: Option<Vec<WebhookEvent>>,
}

impl TryFrom<Value> for CreateWebhook {
    type Error = Refusal;

    fn try_from(body: Value) -> Result<CreateWebhook, Refusal> {
        let like = r#"{"url": "https://bot.example.org/bang"}"#;
        let map = object(&body, "", &["url", "events"], like)?;
        let url = match map.get("url").filter(|v| !v.is_null()) {
            Some(Value::String(url)) => url.clone(),
            Some(other) => return malformed(format!("url: a URL (a string), not {other}")),
            None => return malformed("url: required, where notifications are sent".into()),
        };
        if url.is_empty() || url.chars().count() > MAX_WEBHOOK_URL {
            return Err(Refusal::Invalid(format!(
                "url: 1 to {MAX_WEBHOOK_URL} characters"
            )));
        }
        let events = match map.get("events").filter(|v| !v.is_null()) {
            None => None,
            Some(Value::Array(items)) => {
                let mut events = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let event = WebhookEvent::ALL
                        .into_iter()
                        .find(|e| item.as_str() == Some(e.name()))
                        .ok_or_else(|| {
                            Refusal::Invalid(format!(
                                "events[{i}]: `your_turn`, `game_finished` or `chat`, not {item}"
                            ))
                        })?;
                    if !events.contains(&event) {
                        events.push(event);
                    }
                }
                if events.is_empty() {
                    return Err(Refusal::Invalid(
                        "events: at least one of `your_turn`, `game_finished`, `chat`".into(),
                    ));
                }
                Some(events)
            }
            Some(other) => {
                return malformed(format!(
                    r#"events: a list like ["your_turn", "chat"], not {other}"#
                ));
            }
        };
        Ok(CreateWebhook { url, events })
    }
}

/// A webhook subscription (its secret is shown only when it is created).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"id": "wh_5c0e8f0d6a1b4e3f", "url": "https://bot.example.org/bang",
    "events": ["your_turn", "game_finished", "chat"], "player": "p_3f2a9c1e7b5d4a60",
    "created_at": "2026-11-26T07:01:02.345Z"}))]
pub struct Webhook {
    /// Its id.
    pub id: String,
    /// Where notifications are POSTed.
    pub url: String,
    /// What it is told about.
    pub events: Vec<WebhookEvent>,
    /// For a player's subscription: the player (every seat of his, in every game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// For a game's subscription: the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// For a game's subscription: the seat it speaks for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// When it was created (UTC).
    pub created_at: DateTime<Utc>,
}

/// A new subscription, with its signing secret (shown only here).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"id": "wh_5c0e8f0d6a1b4e3f", "url": "https://bot.example.org/bang",
    "events": ["your_turn", "game_finished", "chat"], "player": "p_3f2a9c1e7b5d4a60",
    "created_at": "2026-11-26T07:01:02.345Z", "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"}))]
pub struct CreatedWebhook {
    /// The subscription.
    #[serde(flatten)]
    pub webhook: Webhook,
    /// The signing secret (Standard Webhooks: `whsec_` and the base64 of
    /// the key): every notification carries `webhook-signature: v1,<base64
    /// of HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{body}")>`.
    pub secret: String,
}

/// The caller's subscriptions.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WebhookList {
    /// Oldest first.
    pub webhooks: Vec<Webhook>,
}

/// Where a notification stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryStatus {
    /// Waiting for its next attempt (`next_attempt_at`).
    Pending,
    /// An attempt is under way.
    Delivering,
    /// Answered with a 2xx status.
    Delivered,
    /// Every attempt failed (or its subscription was deleted): no more tries.
    Failed,
}

/// One attempt to deliver a notification.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DeliveryAttempt {
    /// Its number (from 1).
    pub attempt: u32,
    /// When it was made (UTC).
    pub at: DateTime<Utc>,
    /// The HTTP status the receiver answered, if it answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// Why it failed without an answer (refused address, timeout, connection).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A notification and its delivery attempts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"id": "msg_2f1c…", "type": "your_turn", "game": "9f86d081884c7d65",
    "seat": 1, "version": 57, "status": "delivered", "created_at": "2026-11-26T07:01:02.345Z",
    "attempts": [{"attempt": 1, "at": "2026-11-26T07:01:02.400Z", "status": 500},
                 {"attempt": 2, "at": "2026-11-26T07:01:07.401Z", "status": 204}],
    "payload": {"type": "your_turn", "game": "9f86d081884c7d65", "seat": 1, "version": 57, "ruleset": "bang"}}))]
pub struct WebhookDelivery {
    /// The notification's id (the `webhook-id` of every attempt).
    pub id: String,
    /// What it tells.
    #[serde(rename = "type")]
    pub kind: WebhookEvent,
    /// The game.
    pub game: String,
    /// The seat it speaks to.
    pub seat: u8,
    /// The game's version it speaks of (for a chat message: the version the
    /// message was sent at, as in its payload).
    pub version: u64,
    /// For a chat message: the message's number (`id` in the chat).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<u64>,
    /// Where it stands.
    pub status: DeliveryStatus,
    /// When it was made (UTC).
    pub created_at: DateTime<Utc>,
    /// When the next attempt is due, while pending.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// The attempts so far (the last ten).
    pub attempts: Vec<DeliveryAttempt>,
    /// The JSON body every attempt POSTs.
    pub payload: Value,
}

/// A subscription's recent notifications.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryList {
    /// Newest first (the last 100 are kept).
    pub deliveries: Vec<WebhookDelivery>,
}
