//! Webhooks (play-by-post notifications): subscriptions, the durable outbox
//! of notifications and the task that delivers them.
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
//!   then. [`Service::notify_webhooks`] moves it after every append; at a
//!   start, [`Service::recover_webhooks`] enqueues whatever a crash left
//!   between an append and its notifications.
//!
//! A delivery claims its notification by a compare-and-swap on the
//! document's revision (so two tasks never make one attempt twice), resolves
//! the URL's host and refuses non-public addresses (unless
//! `BANG_WEBHOOK_ALLOW_PRIVATE`), pins the connection to the address it
//! checked, follows no redirect, and signs as Standard Webhooks do.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use chrono::{DateTime, Utc};
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use store::{EventStore, GameId, GameStatus, StoreError};
use tokio::sync::{Notify, Semaphore};

use super::cache::Entry;
use super::{Credentials, Service, lock};
use crate::auth;
use crate::error::ApiError;
use crate::models::{
    ChatMessage, CreateWebhook, CreatedWebhook, DeliveryAttempt, DeliveryList, DeliveryStatus,
    Webhook, WebhookDelivery, WebhookEvent, WebhookList,
};
use crate::stored::GameData;

const HOOKS: &str = "webhooks";
const IDS: &str = "webhook_ids";
const OUTBOX: &str = "webhook_outbox";
const PENDING: &str = "webhook_pending";
const CURSORS: &str = "webhook_cursor";
/// Per game: the newest chat message whose notifications are in the outbox.
const CHAT_CURSORS: &str = "webhook_chat_cursor";
/// At a start, the most chat messages of one game told again after a crash.
const CHAT_RECOVERY: u64 = 20;

/// The notifications kept per subscription for its deliveries listing (the
/// oldest delivered or failed ones go first).
pub const KEEP_DELIVERIES: usize = 100;
/// The attempts a notification keeps (the last ones).
const KEEP_ATTEMPTS: usize = 10;
/// The longest wait between two attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(3600);
/// How long a host name may take to resolve.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);
/// Deliveries under way at once.
const CONCURRENCY: usize = 32;

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

/// Who owns a subscription.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Owner {
    /// A player: every seat of his in every game.
    Player(String),
    /// One seat of one game.
    Seat(GameId, u8),
}

impl Owner {
    fn key(&self) -> String {
        match self {
            Owner::Player(id) => format!("p/{id}"),
            Owner::Seat(game, seat) => format!("g/{game}/{seat}"),
        }
    }
}

/// A stored subscription.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Subscription {
    id: String,
    owner: String,
    url: String,
    events: Vec<WebhookEvent>,
    secret: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seat: Option<u8>,
    created_at: DateTime<Utc>,
}

impl Subscription {
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

/// A notification in the outbox.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Notification {
    id: String,
    webhook: String,
    kind: WebhookEvent,
    game: String,
    seat: u8,
    version: u64,
    /// A chat notification's message number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    message: Option<u64>,
    /// The exact body every attempt POSTs (and signs).
    body: String,
    status: DeliveryStatus,
    created_at: DateTime<Utc>,
    /// When the next attempt is due; while `delivering`, when the claim
    /// lapses (its deliverer died).
    next_at: DateTime<Utc>,
    attempt: u32,
    attempts: Vec<DeliveryAttempt>,
}

/// Where a watched game's notifications stand.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Cursor {
    version: u64,
    waiting: Vec<u8>,
}

/// The notifications due for delivery, in memory (the store has them all:
/// this is rebuilt from `webhook_pending` at a start).
pub(super) struct Outbox {
    queue: Mutex<BinaryHeap<Reverse<(i64, String)>>>,
    wake: Notify,
    settings: WebhookSettings,
    /// HTTP clients by host and the addresses checked for it: a client is
    /// pinned to those addresses, so it is reused (with its connections and
    /// its TLS roots, costly to load) only while the host resolves to them.
    clients: Mutex<HashMap<(String, Vec<SocketAddr>), reqwest::Client>>,
    /// Counts the writes of subscriptions (here, and on a shared store by
    /// any server): a game found unwatched stays so until it moves on.
    hooks_epoch: std::sync::atomic::AtomicU64,
    /// The games found with no subscription and no cursor, with the epoch
    /// they were found at: their appends then read no document.
    unwatched: Mutex<HashMap<GameId, u64>>,
}

/// The most HTTP clients the outbox keeps (all are dropped when full).
const MAX_CLIENTS: usize = 256;

/// The most games remembered as unwatched (all are forgotten when full).
const MAX_UNWATCHED: usize = 100_000;

impl Outbox {
    /// The current subscriptions epoch.
    fn epoch(&self) -> u64 {
        self.hooks_epoch.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// A subscription was written: every game may be watched again.
    fn hooks_changed(&self) {
        self.hooks_epoch
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        lock(&self.unwatched).clear();
    }

    /// Whether game `id` was found unwatched since the last subscription write.
    fn is_unwatched(&self, id: GameId) -> bool {
        lock(&self.unwatched).get(&id) == Some(&self.epoch())
    }

    /// Notes that game `id` had no subscription and no cursor at `epoch`.
    fn found_unwatched(&self, id: GameId, epoch: u64) {
        let mut unwatched = lock(&self.unwatched);
        if unwatched.len() >= MAX_UNWATCHED {
            unwatched.clear();
        }
        unwatched.insert(id, epoch);
    }

    /// An empty outbox.
    pub(super) fn new(settings: WebhookSettings) -> Outbox {
        Outbox {
            queue: Mutex::new(BinaryHeap::new()),
            wake: Notify::new(),
            settings,
            clients: Mutex::new(HashMap::new()),
            hooks_epoch: std::sync::atomic::AtomicU64::new(0),
            unwatched: Mutex::new(HashMap::new()),
        }
    }

    /// The client for `url`'s host pinned to `addrs`, made once.
    fn client(&self, url: &reqwest::Url, addrs: &[SocketAddr]) -> Result<reqwest::Client, String> {
        let host = url.host_str().unwrap_or_default().to_string();
        let key = (host, addrs.to_vec());
        if let Some(client) = lock(&self.clients).get(&key) {
            return Ok(client.clone());
        }
        let settings = &self.settings;
        let mut client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(settings.timeout)
            .connect_timeout(settings.timeout)
            .no_proxy()
            .user_agent("bang-server webhooks");
        if let Some(domain) = url.domain() {
            // Pinned: the connection goes to the address just checked, not
            // to whatever the name resolves to a moment later.
            client = client.resolve_to_addrs(domain, addrs);
        }
        let client = client.build().map_err(|e| format!("no HTTP client: {e}"))?;
        let mut clients = lock(&self.clients);
        if clients.len() >= MAX_CLIENTS {
            clients.clear();
        }
        clients.insert(key, client.clone());
        Ok(client)
    }

    fn push(&self, at: DateTime<Utc>, key: String) {
        lock(&self.queue).push(Reverse((at.timestamp_millis(), key)));
        self.wake.notify_one();
    }

    /// Up to `max` keys due at `now` (ms), and when the next one is due.
    fn take_due(&self, now: i64, max: usize) -> (Vec<String>, Option<i64>) {
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

/// Whether `ip` is a public address a webhook may reach: not private,
/// loopback, link-local, unspecified, multicast, broadcast, shared (CGNAT),
/// documentation, benchmarking or reserved; for IPv6 also not a unique local
/// address, and an IPv4 address inside an IPv6 one (mapped, NAT64, 6to4) is
/// judged as itself.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

/// Whether an IPv6 address reaches the public Internet: global unicast
/// (`2000::/3`) outside its reserved blocks, or one of the forms that carry
/// an IPv4 address, judged by that address. Everything outside `2000::/3` is
/// reserved, local or multicast, whatever IPv4 address it may embed.
fn public_v6(v6: Ipv6Addr) -> bool {
    let s = v6.segments();
    let embedded =
        |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    // IPv4-mapped (`::ffff:0:0/96`) and IPv4-translated (`::ffff:0:0:0/96`,
    // SIIT): the IPv4 address they stand for.
    if s[..6] == [0, 0, 0, 0, 0, 0xffff] || s[..6] == [0, 0, 0, 0, 0xffff, 0] {
        return public_v4(embedded(s[6], s[7]));
    }
    // NAT64's well-known prefix (`64:ff9b::/96`): the IPv4 address it reaches.
    // Its local-use prefix (`64:ff9b:1::/48`) is private, like every other
    // address outside `2000::/3` (`::/96` IPv4-compatible included).
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return public_v4(embedded(s[6], s[7]));
    }
    if s[0] & 0xe000 != 0x2000 {
        return false;
    }
    let reserved = match s[0] {
        // IETF protocol assignments (Teredo, whose IPv4 address is
        // obfuscated, benchmarking, ORCHID), and documentation.
        0x2001 => s[1] < 0x0200 || s[1] == 0x0db8,
        // 6to4: the IPv4 address of its relay.
        0x2002 => !public_v4(embedded(s[1], s[2])),
        // Documentation (3fff::/20).
        0x3fff => s[1] < 0x1000,
        _ => false,
    };
    if reserved {
        return false;
    }
    // ISATAP interface ids (`…:0:5efe:a.b.c.d`, `…:200:5efe:a.b.c.d`) lead
    // to the IPv4 host they name.
    if (s[4] & 0xfdff) == 0 && s[5] == 0x5efe {
        return public_v4(embedded(s[6], s[7]));
    }
    true
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let o = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || o[0] == 0
        || (o[0] == 100 && (o[1] & 0xc0) == 64)
        || (o[0] == 192 && o[1] == 0 && o[2] == 0)
        || (o[0] == 198 && (o[1] & 0xfe) == 18)
        || o[0] >= 240)
}

/// Why an address was not used.
enum Refused {
    /// The URL is not one a webhook takes.
    Url(String),
    /// The host did not resolve.
    Unresolved(String),
    /// The host resolves to an address that is not public.
    Private(String),
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> ApiError {
        match refused {
            Refused::Url(m) => ApiError::invalid_option(m),
            Refused::Unresolved(m) => ApiError::unprocessable("unresolvable_host", m),
            Refused::Private(m) => ApiError::unprocessable("private_address", m),
        }
    }
}

impl Refused {
    fn text(self) -> String {
        match self {
            Refused::Url(m) | Refused::Unresolved(m) | Refused::Private(m) => m,
        }
    }
}

/// The URL of a webhook, if it is one: `http` or `https`, with a host.
fn parse_url(raw: &str) -> Result<reqwest::Url, Refused> {
    let url = reqwest::Url::parse(raw)
        .map_err(|e| Refused::Url(format!("url: not a URL ({e}): `{raw}`")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Refused::Url(format!(
            "url: an http or https URL, not `{}:`",
            url.scheme()
        )));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(Refused::Url("url: a URL with a host".into()));
    }
    Ok(url)
}

/// The addresses `url`'s host resolves to, each one checked; the first
/// address refused refuses them all.
async fn resolve(url: &reqwest::Url, allow_private: bool) -> Result<Vec<SocketAddr>, Refused> {
    let port = url.port_or_known_default().unwrap_or(80);
    let addrs: Vec<SocketAddr> = match url.domain() {
        Some(domain) => {
            let found = tokio::time::timeout(
                RESOLVE_TIMEOUT,
                tokio::net::lookup_host((domain.to_string(), port)),
            )
            .await
            .map_err(|_| Refused::Unresolved(format!("url: `{domain}` did not resolve in time")))?
            .map_err(|e| Refused::Unresolved(format!("url: `{domain}` does not resolve ({e})")))?;
            found.collect()
        }
        None => {
            let host = url.host_str().unwrap_or_default();
            let ip: IpAddr = host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse()
                .map_err(|_| Refused::Url(format!("url: `{host}` is not a host")))?;
            vec![SocketAddr::new(ip, port)]
        }
    };
    if addrs.is_empty() {
        return Err(Refused::Unresolved(format!(
            "url: `{}` resolves to no address",
            url.host_str().unwrap_or_default()
        )));
    }
    if !allow_private && let Some(bad) = addrs.iter().find(|a| !is_public(a.ip())) {
        return Err(Refused::Private(private_detail(
            url.host_str().unwrap_or_default(),
            bad.ip(),
        )));
    }
    Ok(addrs)
}

/// What the refusal of a URL whose `host` resolves to the non-public `ip`
/// says (a 422 `private_address`, and a delivery's error).
pub fn private_detail(host: &str, ip: impl std::fmt::Display) -> String {
    format!(
        "url: `{host}` resolves to {ip}, which is not a public address (private, loopback, \
         link-local and other reserved addresses are refused; a server for tests or a closed \
         network may allow them with BANG_WEBHOOK_ALLOW_PRIVATE=1)"
    )
}

/// The Standard Webhooks signature of a body: base64 of
/// HMAC-SHA256(key, "{id}.{timestamp}.{body}"), the key being the secret
/// after `whsec_`, base64-decoded.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &str) -> Result<String, String> {
    let key = BASE64
        .decode(secret.strip_prefix("whsec_").unwrap_or(secret))
        .map_err(|_| "the webhook's secret is unreadable".to_string())?;
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&key)
        .map_err(|_| "the webhook's secret is unusable".to_string())?;
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    Ok(BASE64.encode(mac.finalize().into_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn parse<T: for<'de> Deserialize<'de>>(value: Value, what: &str) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::internal(format!("a stored {what}: {e}")))
}

fn encode<T: Serialize>(value: &T) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(|e| ApiError::internal(format!("encode: {e}")))
}

/// A webhook id as the server makes them (`wh_` and 16 hex digits).
fn valid_id(id: &str) -> bool {
    id.strip_prefix("wh_")
        .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Every seat the person at `seat` plays (his own, and a solo game's partner).
fn plays(data: &GameData, seat: u8) -> Vec<u8> {
    let mut seats = vec![seat];
    if let Some(s) = data.seats.get(seat as usize) {
        seats.extend(s.also_plays.iter().copied());
    }
    seats
}

/// The human seats a game waits for now.
fn waiting_humans(entry: &Entry) -> Vec<u8> {
    if entry.live.is_over() {
        return Vec::new();
    }
    let mut waiting = entry.live.waiting();
    waiting.retain(|&s| !entry.data.is_bot(s));
    waiting
}

fn no_webhook(id: &str) -> ApiError {
    ApiError::not_found(format!("no webhook {id} of yours"))
}

impl Service {
    // ----- subscriptions -------------------------------------------------

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
                    .docs(super::players::SEATS, &prefix, None, super::INBOX_GAMES)
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

    /// Writes a watched game's cursor where it stands, unless it has one.
    async fn start_cursor(&self, game: GameId) -> Result<(), ApiError> {
        if self.store.doc(CURSORS, &game.to_string()).await?.is_some() {
            return Ok(());
        }
        let entry = self.games.current(game).await?;
        if entry.record.status != GameStatus::Active || entry.live.is_over() {
            return Ok(());
        }
        let cursor = Cursor {
            version: entry.live.version(),
            waiting: waiting_humans(&entry),
        };
        match self
            .store
            .put_doc(CURSORS, &game.to_string(), Some(encode(&cursor)?), 0)
            .await
        {
            Ok(_) | Err(StoreError::Stale { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
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
        let key = format!("{}/{id}", owner.key());
        if let Some((revision, _)) = self.store.doc(HOOKS, &key).await? {
            self.store.put_doc(HOOKS, &key, None, revision).await?;
        }
        self.webhooks.hooks_changed();
        if let Some((revision, _)) = self.store.doc(IDS, id).await? {
            self.store.put_doc(IDS, id, None, revision).await?;
        }
        let prefix = format!("{id}/");
        for collection in [OUTBOX, PENDING] {
            for (key, revision, _) in self.store.docs(collection, &prefix, None, 10_000).await? {
                match self.store.put_doc(collection, &key, None, revision).await {
                    Ok(_) | Err(StoreError::Stale { .. }) => {}
                    Err(e) => return Err(e.into()),
                }
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

    // ----- notifications -------------------------------------------------

    /// Every subscription that speaks for a seat of game `id`, with the
    /// seats it speaks for.
    async fn subscriptions_of(
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

    /// Webhooks (issue 15): after an append (or a table's start), puts the
    /// notifications it makes in the outbox and moves the game's cursor.
    /// Never fails the append, which is durable already: a notification
    /// that could not be written is written at the next start
    /// ([`Service::recover_webhooks`]).
    pub(super) async fn notify_webhooks(&self, entry: &Entry) {
        if let Err(e) = self.notify_game(entry).await {
            tracing::warn!(game = %entry.record.id, error = %e, "webhook notifications not written");
        }
    }

    async fn notify_game(&self, entry: &Entry) -> Result<(), ApiError> {
        let id = entry.record.id;
        if entry.record.status == GameStatus::Open || self.webhooks.is_unwatched(id) {
            return Ok(());
        }
        // Read before the documents: a subscription written meanwhile moves
        // it on, so the game is not wrongly remembered as unwatched.
        let epoch = self.webhooks.epoch();
        let subscriptions = self.subscriptions_of(id, &entry.data).await?;
        let cursor = self.store.doc(CURSORS, &id.to_string()).await?;
        if subscriptions.is_empty() {
            // Nobody watches (any more): the cursor goes, and with it the
            // cost of a write per append.
            if let Some((revision, _)) = cursor {
                match self
                    .store
                    .put_doc(CURSORS, &id.to_string(), None, revision)
                    .await
                {
                    Ok(_) | Err(StoreError::Stale { .. }) => {}
                    Err(e) => return Err(e.into()),
                }
            }
            // And its next appends read nothing, until a subscription is
            // written somewhere.
            self.webhooks.found_unwatched(id, epoch);
            return Ok(());
        }
        let version = entry.live.version();
        let (revision, before) = match cursor {
            Some((revision, value)) => (revision, parse::<Cursor>(value, "cursor")?),
            None => (0, Cursor::default()),
        };
        if revision > 0 && before.version >= version {
            return Ok(());
        }
        let over = entry.live.is_over();
        let waiting = waiting_humans(entry);
        let ruleset = &entry.record.ruleset;
        let mut news = Vec::new();
        for (sub, seats) in &subscriptions {
            if sub.events.contains(&WebhookEvent::YourTurn) {
                for &seat in seats {
                    if waiting.contains(&seat) && !before.waiting.contains(&seat) {
                        let payload = json!({"type": "your_turn", "game": id.to_string(),
                            "seat": seat, "version": version, "ruleset": ruleset});
                        news.push(self.notification(
                            sub,
                            WebhookEvent::YourTurn,
                            id,
                            seat,
                            version,
                            &payload,
                        ));
                    }
                }
            }
            if over && sub.events.contains(&WebhookEvent::GameFinished) {
                let seat = seats[0];
                let payload = json!({"type": "game_finished", "game": id.to_string(),
                    "seat": seat, "version": version, "ruleset": ruleset,
                    "winners": entry.live.winners()});
                news.push(self.notification(
                    sub,
                    WebhookEvent::GameFinished,
                    id,
                    seat,
                    version,
                    &payload,
                ));
            }
        }
        self.enqueue(news).await?;
        // A finished game is never notified again: its cursor goes.
        let next = (!over)
            .then(|| encode(&Cursor { version, waiting }))
            .transpose()?;
        if next.is_some() || revision > 0 {
            match self
                .store
                .put_doc(CURSORS, &id.to_string(), next, revision)
                .await
            {
                Ok(_) | Err(StoreError::Stale { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// Webhooks (issue 15): a chat message, told to the subscriptions of
    /// every seat but the sender's.
    pub(super) async fn notify_chat(&self, id: GameId, message: &ChatMessage) {
        let told = async {
            let data = GameData::of(&self.record(id).await?)?;
            let mut news = Vec::new();
            for (sub, seats) in self.subscriptions_of(id, &data).await? {
                if !sub.events.contains(&WebhookEvent::Chat) || seats.contains(&message.seat) {
                    continue;
                }
                let seat = seats[0];
                let payload = json!({"type": "chat", "game": id.to_string(), "seat": seat,
                    "version": message.version, "message": message});
                // Its id is made from the message's number (two messages at
                // one version are two notifications); it speaks of the
                // game's version, as its payload does.
                let (key, mut told) =
                    self.notification(&sub, WebhookEvent::Chat, id, seat, message.id, &payload);
                told.message = Some(message.id);
                told.version = message.version;
                news.push((key, told));
            }
            if !news.is_empty() {
                self.enqueue(news).await?;
            }
            // Moved even when nobody was told: a webhook made later must not
            // be told this message at the next start.
            self.chat_told(id, message.id).await
        };
        if let Err(e) = told.await {
            tracing::warn!(game = %id, error = %e, "chat webhook notifications not written");
        }
    }

    /// Moves game `id`'s chat cursor on to message `n` (never back).
    async fn chat_told(&self, id: GameId, n: u64) -> Result<(), ApiError> {
        let key = id.to_string();
        loop {
            let (revision, told) = match self.store.doc(CHAT_CURSORS, &key).await? {
                Some((revision, value)) => (revision, value["told"].as_u64().unwrap_or(0)),
                None => (0, 0),
            };
            if told >= n {
                return Ok(());
            }
            match self
                .store
                .put_doc(CHAT_CURSORS, &key, Some(json!({"told": n})), revision)
                .await
            {
                Err(StoreError::Stale { .. }) => continue,
                other => return other.map(|_| ()).map_err(Into::into),
            }
        }
    }

    /// At a start: tells the chat messages a crash left between their
    /// storing and their notifications (past each game's chat cursor, at
    /// most the last [`CHAT_RECOVERY`]), with the same ids as ever.
    async fn recover_chat(&self) -> Result<(), ApiError> {
        for (key, _, value) in self
            .store
            .docs(super::chat::COUNTS, "", None, usize::MAX)
            .await?
        {
            let Ok(id) = key.parse::<GameId>() else {
                continue;
            };
            let count = value["count"].as_u64().unwrap_or(0);
            let told = self
                .store
                .doc(CHAT_CURSORS, &key)
                .await?
                .and_then(|(_, v)| v["told"].as_u64())
                .unwrap_or(0);
            if count <= told {
                continue;
            }
            for n in told.max(count.saturating_sub(CHAT_RECOVERY)) + 1..=count {
                let stored = self
                    .store
                    .doc(super::chat::MESSAGES, &super::chat::message_key(id, n))
                    .await?;
                if let Some((_, value)) = stored {
                    let message: ChatMessage = parse(value, "chat message")?;
                    self.notify_chat(id, &message).await;
                }
            }
        }
        Ok(())
    }

    /// A notification and its outbox key; its id is derived from what it
    /// tells, so the same news always has the same id.
    fn notification(
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
    async fn enqueue(&self, news: Vec<(String, Notification)>) -> Result<(), ApiError> {
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

    /// After a start: enqueues what a crash left between an append and its
    /// notifications (every active game with a subscription, and every game
    /// whose cursor is behind), and reloads the notifications still to
    /// deliver.
    pub async fn recover_webhooks(&self) -> Result<(), ApiError> {
        let mut games = self.active_games().await?;
        for (key, _, _) in self.store.docs(CURSORS, "", None, usize::MAX).await? {
            if let Ok(id) = key.parse::<GameId>()
                && !games.contains(&id)
            {
                games.push(id);
            }
        }
        for id in games {
            let entry = self.games.current(id).await?;
            self.notify_webhooks(&entry).await;
        }
        self.recover_chat().await?;
        self.reload_pending_webhooks().await
    }

    /// Forgets which games were found unwatched (after missed changes).
    pub(super) fn webhook_subscriptions_may_have_changed(&self) {
        self.webhooks.hooks_changed();
    }

    /// Queues every notification still to deliver, and forgets the pending
    /// marks of those delivered or given up.
    pub(super) async fn reload_pending_webhooks(&self) -> Result<(), ApiError> {
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
    pub(super) async fn webhook_doc_changed(&self, collection: &str, key: &str) {
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
            None => match self.store.put_doc(PENDING, &key, None, revision).await {
                Ok(_) | Err(StoreError::Stale { .. }) => {}
                Err(e) => return Err(e.into()),
            },
        }
        Ok(())
    }

    // ----- delivery ------------------------------------------------------

    /// Delivers the outbox's notifications as they fall due, for ever.
    /// Aborting it aborts the deliveries under way (their claims lapse and
    /// they are made again at the next start).
    pub async fn run_webhooks(self: Arc<Service>) {
        let permits = Arc::new(Semaphore::new(CONCURRENCY));
        let mut under_way = tokio::task::JoinSet::new();
        loop {
            while under_way.try_join_next().is_some() {}
            let now = Utc::now().timestamp_millis();
            let (due, next) = self.webhooks.take_due(now, CONCURRENCY);
            if due.is_empty() {
                let wait = next.map_or(1000, |at| (at - now).clamp(1, 1000)) as u64;
                tokio::select! {
                    () = self.webhooks.wake.notified() => {}
                    () = tokio::time::sleep(Duration::from_millis(wait)) => {}
                }
                continue;
            }
            for key in due {
                let Ok(permit) = permits.clone().acquire_owned().await else {
                    return;
                };
                let service = self.clone();
                under_way.spawn(async move {
                    if let Err(e) = service.deliver(&key).await {
                        tracing::warn!(notification = %key, error = %e, "webhook delivery not recorded");
                        service
                            .webhooks
                            .push(Utc::now() + Duration::from_secs(5), key);
                    }
                    drop(permit);
                });
            }
        }
    }

    /// One attempt at notification `key`, if it is due and this task claims it.
    async fn deliver(&self, key: &str) -> Result<(), ApiError> {
        let Some((revision, value)) = self.store.doc(OUTBOX, key).await? else {
            return self.drop_pending(key).await;
        };
        let mut n: Notification = parse(value, "notification")?;
        if matches!(n.status, DeliveryStatus::Delivered | DeliveryStatus::Failed) {
            return self.drop_pending(key).await;
        }
        let settings = &self.webhooks.settings;
        let now = Utc::now();
        if n.next_at > now {
            self.webhooks.push(n.next_at, key.to_string());
            return Ok(());
        }
        // The claim: whoever writes this revision first makes the attempt.
        n.status = DeliveryStatus::Delivering;
        n.attempt += 1;
        n.next_at = now + settings.timeout + Duration::from_secs(2);
        let revision = match self
            .store
            .put_doc(OUTBOX, key, Some(encode(&n)?), revision)
            .await
        {
            Ok(revision) => revision,
            Err(StoreError::Stale { .. }) => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        let sub = self.subscription(&n.webhook).await?;
        let outcome = match &sub {
            Some(sub) => self.post(sub, &n).await,
            None => Err("the webhook was deleted".to_string()),
        };
        let (status, error) = match outcome {
            Ok(code) => (Some(code), None),
            Err(e) => (None, Some(e)),
        };
        n.attempts.push(DeliveryAttempt {
            attempt: n.attempt,
            at: now,
            status,
            error,
        });
        if n.attempts.len() > KEEP_ATTEMPTS {
            n.attempts.remove(0);
        }
        let delivered = status.is_some_and(|s| (200..300).contains(&s));
        let done = delivered || sub.is_none() || n.attempt >= settings.attempts;
        n.status = match (delivered, done) {
            (true, _) => DeliveryStatus::Delivered,
            (false, true) => DeliveryStatus::Failed,
            (false, false) => DeliveryStatus::Pending,
        };
        n.next_at = Utc::now()
            + if done {
                Duration::ZERO
            } else {
                settings.backoff(n.attempt)
            };
        match self
            .store
            .put_doc(OUTBOX, key, Some(encode(&n)?), revision)
            .await
        {
            Ok(_) => {}
            // Deleted with its subscription meanwhile.
            Err(StoreError::Stale { .. }) => return self.drop_pending(key).await,
            Err(e) => return Err(e.into()),
        }
        if done {
            self.drop_pending(key).await?;
            self.prune(&n.webhook).await?;
        } else {
            self.webhooks.push(n.next_at, key.to_string());
        }
        Ok(())
    }

    /// The subscription `id`, if it still exists.
    async fn subscription(&self, id: &str) -> Result<Option<Subscription>, ApiError> {
        let Some((_, owner)) = self.store.doc(IDS, id).await? else {
            return Ok(None);
        };
        let owner = owner["owner"].as_str().unwrap_or_default();
        match self.store.doc(HOOKS, &format!("{owner}/{id}")).await? {
            Some((_, value)) => Ok(Some(parse(value, "webhook")?)),
            None => Ok(None),
        }
    }

    async fn drop_pending(&self, key: &str) -> Result<(), ApiError> {
        if let Some((revision, _)) = self.store.doc(PENDING, key).await? {
            match self.store.put_doc(PENDING, key, None, revision).await {
                Ok(_) | Err(StoreError::Stale { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// Keeps the last [`KEEP_DELIVERIES`] notifications of a subscription.
    async fn prune(&self, webhook: &str) -> Result<(), ApiError> {
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
            match self.store.put_doc(OUTBOX, &key, None, revision).await {
                Ok(_) | Err(StoreError::Stale { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// POSTs a notification to its subscription's URL, signed, to an
    /// address checked now and pinned for the connection; the status
    /// answered, or why there was none.
    async fn post(&self, sub: &Subscription, n: &Notification) -> Result<u16, String> {
        let settings = &self.webhooks.settings;
        let url = parse_url(&sub.url).map_err(Refused::text)?;
        let addrs = resolve(&url, settings.allow_private)
            .await
            .map_err(Refused::text)?;
        let client = self.webhooks.client(&url, &addrs)?;
        let timestamp = Utc::now().timestamp();
        let signature = sign(&sub.secret, &n.id, timestamp, &n.body)?;
        let response = client
            .post(url)
            .header("content-type", "application/json")
            .header("webhook-id", &n.id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", format!("v1,{signature}"))
            .body(n.body.clone())
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    format!("no answer within {} ms", settings.timeout.as_millis())
                } else if e.is_connect() {
                    "could not connect".to_string()
                } else {
                    format!("the request failed: {e}")
                }
            })?;
        Ok(response.status().as_u16())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "240.0.0.1",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "2001:db8::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
            "2002:c0a8:101::1",
            "::127.0.0.1",
            // Every other form that carries a private IPv4 address.
            "::ffff:0:7f00:1",
            "::ffff:0:10.0.0.1",
            "::ffff:0:192.168.1.1",
            "2001:4860::5efe:10.0.0.1",
            "2001:4860::200:5efe:127.0.0.1",
            "2001:4860:0:1::5efe:c0a8:101",
            "64:ff9b:1::a00:1",
            "64:ff9b:1::808:808",
            "2001::4136:e378:8000:63bf:3fff:fdd2",
            // Outside 2000::/3: reserved, whatever they embed.
            "100::1",
            "::8.8.8.8",
            "1::1",
            "4000::1",
            "3fff::1",
        ] {
            let ip: IpAddr = private.parse().unwrap();
            assert!(!is_public(ip), "{private} is not public");
        }
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "2606:4700:4700::1111",
            "::ffff:8.8.8.8",
            "::ffff:0:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
            "2001:4860::5efe:8.8.8.8",
            "2a00:1450:4001:81b::200e",
        ] {
            let ip: IpAddr = public.parse().unwrap();
            assert!(is_public(ip), "{public} is public");
        }
    }

    #[test]
    fn signatures_are_standard_webhooks() {
        // The example of the Standard Webhooks specification.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        let signature = sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body).unwrap();
        assert_eq!(signature, "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

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

    #[test]
    fn webhook_urls_are_http_or_https_with_a_host() {
        assert!(parse_url("https://bot.example.org/bang").is_ok());
        assert!(parse_url("http://127.0.0.1:9/x").is_ok());
        for bad in [
            "ftp://example.org/",
            "file:///etc/passwd",
            "not a url",
            "http://",
        ] {
            assert!(parse_url(bad).is_err(), "{bad}");
        }
    }
}
