//! Subscriptions: a webhook belongs to a player (every seat of his) or to
//! one seat of one game; making one (its URL checked, its secret shown
//! once), listing and deleting them. The stored subscription, and the
//! subscriptions that speak for a game's seats, are in `records.rs`.

use std::cmp::Reverse;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use chrono::Utc;
use serde_json::{Value, json};
use store::{EventStore, GameId};

use super::address::{parse_url, resolve};
use super::records::{KEEP_DELIVERIES, Notification, Subscription};
use super::{HOOKS, IDS, OUTBOX, PENDING, encode, parse, unless_stale};
use crate::auth;
use crate::error::ApiError;
use crate::models::{
    CreateWebhook, CreatedWebhook, DeliveryList, DeliveryStatus, Webhook, WebhookDelivery,
    WebhookEvent, WebhookList,
};
use crate::service::{Credentials, INBOX_GAMES, Service, players};

/// Who owns a subscription.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Owner {
    /// A player: every seat of his in every game.
    Player(String),
    /// One seat of one game.
    Seat(GameId, u8),
}

impl Owner {
    /// The prefix of its subscriptions' keys in `webhooks`.
    fn key(&self) -> String {
        match self {
            Owner::Player(id) => format!("p/{id}"),
            Owner::Seat(game, seat) => format!("g/{game}/{seat}"),
        }
    }
}

impl Subscription {
    /// As the API shows it (without its secret).
    fn shown(&self) -> Webhook {
        Webhook {
            id: self.id.clone(),
            url: self.url.clone(),
            events: self.events.clone(),
            player: self.player.clone(),
            game: self.game.clone(),
            seat: self.seat,
            created_at: self.created_at,
        }
    }
}

/// A webhook id as the server makes them (`wh_` and 16 hex digits).
fn valid_id(id: &str) -> bool {
    id.strip_prefix("wh_")
        .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The 404 of a webhook the caller does not own.
fn no_webhook(id: &str) -> ApiError {
    ApiError::not_found(format!("no webhook {id} of yours"))
}

impl Service {
    /// Who owns the subscriptions the request speaks of: the player whose
    /// key it carries (`game` none), or the caller's seat of `game`.
    async fn webhook_owner(
        &self,
        game: Option<GameId>,
        credentials: &Credentials,
    ) -> Result<Owner, ApiError> {
        match game {
            None => {
                let player = self.player_of(credentials).await?.ok_or_else(|| {
                    ApiError::unauthorized("send your player key: `Authorization: Bearer pk_...`")
                })?;
                Ok(Owner::Player(player.id))
            }
            Some(id) => {
                let entry = self.games.current(id).await?;
                let caller = self.caller(credentials, &entry.data, None).await?;
                match (caller.seat, caller.worker) {
                    (Some(seat), false) => Ok(Owner::Seat(id, seat)),
                    _ => Err(ApiError::unauthorized(
                        "a game's webhooks are its seats': send your seat's token or player key",
                    )),
                }
            }
        }
    }

    /// Subscribes the caller (a player, or his seat of `game`) to
    /// notifications; the answer shows the signing secret, once.
    pub async fn create_webhook(
        &self,
        game: Option<GameId>,
        credentials: &Credentials,
        body: CreateWebhook,
    ) -> Result<CreatedWebhook, ApiError> {
        let owner = self.webhook_owner(game, credentials).await?;
        let settings = &self.webhooks.settings;
        let url = parse_url(&body.url)?;
        resolve(&url, settings.allow_private).await?;
        let prefix = format!("{}/", owner.key());
        let max = settings.max_per_owner;
        let store = self.store.clone();
        let count = store.docs(HOOKS, &prefix, None, max + 1).await?.len();
        if count >= max {
            return Err(ApiError::unprocessable(
                "too_many_webhooks",
                format!("you have {count} webhooks here, the most allowed: delete one first"),
            ));
        }
        let id = format!("wh_{}", &auth::new_token()[..16]);
        let secret = format!("whsec_{}", BASE64.encode(auth::random_bytes::<24>()));
        let (player, game_id, seat) = match &owner {
            Owner::Player(p) => (Some(p.clone()), None, None),
            Owner::Seat(g, s) => (None, Some(g.to_string()), Some(*s)),
        };
        let subscription = Subscription {
            id: id.clone(),
            owner: owner.key(),
            url: body.url,
            events: body.events.unwrap_or_else(|| WebhookEvent::ALL.to_vec()),
            secret: secret.clone(),
            player,
            game: game_id,
            seat,
            created_at: Utc::now(),
        };
        self.store
            .put_doc(IDS, &id, Some(json!({"owner": owner.key()})), 0)
            .await?;
        self.store
            .put_doc(
                HOOKS,
                &format!("{}/{id}", owner.key()),
                Some(encode(&subscription)?),
                0,
            )
            .await?;
        self.webhooks.hooks_changed();
        // From now on, only changes are news: the seats waited for now are
        // where the watched games stand.
        match &owner {
            Owner::Seat(game, _) => self.start_cursor(*game).await?,
            Owner::Player(player) => {
                let store = self.store.clone();
                let prefix = format!("{player}/");
                let seats = store
                    .docs(players::SEATS, &prefix, None, INBOX_GAMES)
                    .await?;
                for (key, _, _) in seats {
                    if let Some(game) = key.rsplit('/').next().and_then(|g| g.parse().ok()) {
                        self.start_cursor(game).await?;
                    }
                }
            }
        }
        Ok(CreatedWebhook {
            webhook: subscription.shown(),
            secret,
        })
    }

    /// The caller's subscriptions (a player's, or his seat's in `game`).
    pub async fn webhooks(
        &self,
        game: Option<GameId>,
        credentials: &Credentials,
    ) -> Result<WebhookList, ApiError> {
        let owner = self.webhook_owner(game, credentials).await?;
        let mut webhooks = Vec::new();
        for (_, _, value) in self
            .store
            .docs(HOOKS, &format!("{}/", owner.key()), None, 1000)
            .await?
        {
            webhooks.push(parse::<Subscription>(value, "webhook")?.shown());
        }
        webhooks.sort_by_key(|w| w.created_at);
        Ok(WebhookList { webhooks })
    }

    /// The subscription `id` if the owner is `owner`.
    async fn owned(&self, owner: &Owner, id: &str) -> Result<(), ApiError> {
        if !valid_id(id) {
            return Err(no_webhook(id));
        }
        match self.store.doc(IDS, id).await? {
            Some((_, value)) if value["owner"].as_str() == Some(owner.key().as_str()) => Ok(()),
            _ => Err(no_webhook(id)),
        }
    }

    /// Deletes the caller's subscription `id` and its notifications.
    pub async fn delete_webhook(
        &self,
        game: Option<GameId>,
        credentials: &Credentials,
        id: &str,
    ) -> Result<(), ApiError> {
        let owner = self.webhook_owner(game, credentials).await?;
        self.owned(&owner, id).await?;
        self.remove_subscription(&format!("{}/{id}", owner.key()), id)
            .await
    }

    /// Deletes every subscription of game `id`'s seats and their
    /// notifications (the game's documents are past their retention).
    pub(in crate::service) async fn remove_game_subscriptions(
        &self,
        game: GameId,
    ) -> Result<(), ApiError> {
        let prefix = format!("g/{game}/");
        for (key, _, _) in self.store.docs(HOOKS, &prefix, None, 10_000).await? {
            if let Some((_, id)) = key.rsplit_once('/') {
                self.remove_subscription(&key, id).await?;
            }
        }
        Ok(())
    }

    /// Deletes subscription `id` (stored at `key`) and its notifications.
    async fn remove_subscription(&self, key: &str, id: &str) -> Result<(), ApiError> {
        if let Some((revision, _)) = self.store.doc(HOOKS, key).await? {
            unless_stale(self.store.put_doc(HOOKS, key, None, revision).await)?;
        }
        self.webhooks.hooks_changed();
        if let Some((revision, _)) = self.store.doc(IDS, id).await? {
            unless_stale(self.store.put_doc(IDS, id, None, revision).await)?;
        }
        let prefix = format!("{id}/");
        for collection in [OUTBOX, PENDING] {
            for (key, revision, _) in self.store.docs(collection, &prefix, None, 10_000).await? {
                unless_stale(self.store.put_doc(collection, &key, None, revision).await)?;
            }
        }
        Ok(())
    }

    /// The recent notifications of the caller's subscription `id`, newest first.
    pub async fn webhook_deliveries(
        &self,
        game: Option<GameId>,
        credentials: &Credentials,
        id: &str,
    ) -> Result<DeliveryList, ApiError> {
        let owner = self.webhook_owner(game, credentials).await?;
        self.owned(&owner, id).await?;
        let store = self.store.clone();
        let prefix = format!("{id}/");
        let docs = store.docs(OUTBOX, &prefix, None, 10_000).await?;
        let mut deliveries = Vec::with_capacity(docs.len());
        for (_, _, value) in docs {
            let n: Notification = parse(value, "notification")?;
            deliveries.push(WebhookDelivery {
                payload: serde_json::from_str(&n.body).unwrap_or(Value::Null),
                next_attempt_at: matches!(
                    n.status,
                    DeliveryStatus::Pending | DeliveryStatus::Delivering
                )
                .then_some(n.next_at),
                id: n.id,
                kind: n.kind,
                game: n.game,
                seat: n.seat,
                version: n.version,
                message: n.message,
                status: n.status,
                created_at: n.created_at,
                attempts: n.attempts,
            });
        }
        deliveries.sort_by_key(|d| Reverse(d.created_at));
        deliveries.truncate(KEEP_DELIVERIES);
        Ok(DeliveryList { deliveries })
    }
}
