//! What is news, and to whom: after an append (a seat's turn, a game's
//! end), a chat message, and at a start whatever a crash left untold. Each
//! watched game has a cursor (`webhook_cursor`: the version told and the
//! seats it waited for) and a chat cursor (`webhook_chat_cursor`), moved
//! once its notifications are in the outbox.

use serde::{Deserialize, Serialize};
use serde_json::json;
use store::{EventStore, GameId, GameStatus, StoreError};

use super::records::{Notification, Subscription};
use super::{CHAT_CURSORS, CURSORS, encode, parse, unless_stale};
use crate::error::ApiError;
use crate::models::{ChatMessage, WebhookEvent};
use crate::service::cache::Entry;
use crate::service::{Service, chat};
use crate::stored::GameData;

/// At a start, the most chat messages of one game told again after a crash.
const CHAT_RECOVERY: u64 = 20;

/// Where a watched game's notifications stand.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Cursor {
    version: u64,
    waiting: Vec<u8>,
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

impl Service {
    /// The subscriptions' epoch now, read before a game is created: see
    /// [`Service::created_unwatched`].
    pub(in crate::service) fn webhooks_epoch(&self) -> u64 {
        self.webhooks.epoch()
    }

    /// Game `id` was just created with `data`, `epoch` read before: with no
    /// seat of a player account nobody can watch it yet (a game's own
    /// subscriptions are made once it exists, a player's reach it through
    /// a seat), so its appends read no webhook document until a
    /// subscription is written anywhere. This spares its first action two
    /// store reads.
    pub(in crate::service) fn created_unwatched(&self, id: GameId, data: &GameData, epoch: u64) {
        if data.seats.iter().all(|seat| seat.player.is_none()) {
            self.webhooks.found_unwatched(id, epoch);
        }
    }

    /// Webhooks (issue 15): after an append (or a table's start), puts the
    /// notifications it makes in the outbox and moves the game's cursor.
    /// Never fails the append, which is durable already: a notification
    /// that could not be written is written at the next start
    /// ([`Service::recover_webhooks`]).
    pub(in crate::service) async fn notify_webhooks(&self, entry: &Entry) {
        if let Err(e) = self.notify_game(entry).await {
            tracing::warn!(game = %entry.record.id, error = %e, "webhook notifications not written");
        }
    }

    /// [`Service::notify_webhooks`], its errors returned.
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
                unless_stale(
                    self.store
                        .put_doc(CURSORS, &id.to_string(), None, revision)
                        .await,
                )?;
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
        let news = self.game_news(entry, &subscriptions, &before.waiting, &waiting);
        self.enqueue(news).await?;
        // A finished game is never notified again: its cursor goes.
        let next = (!over)
            .then(|| encode(&Cursor { version, waiting }))
            .transpose()?;
        if next.is_some() || revision > 0 {
            unless_stale(
                self.store
                    .put_doc(CURSORS, &id.to_string(), next, revision)
                    .await,
            )?;
        }
        Ok(())
    }

    /// The notifications of game `entry` now that it waits for the human
    /// seats `waiting`, where it waited for `before`: its turn to each
    /// subscription of a seat newly waited for, and its end to every one.
    fn game_news(
        &self,
        entry: &Entry,
        subscriptions: &[(Subscription, Vec<u8>)],
        before: &[u8],
        waiting: &[u8],
    ) -> Vec<(String, Notification)> {
        let id = entry.record.id;
        let version = entry.live.version();
        let ruleset = &entry.record.ruleset;
        let over = entry.live.is_over();
        let mut news = Vec::new();
        for (sub, seats) in subscriptions {
            if sub.events.contains(&WebhookEvent::YourTurn) {
                for &seat in seats {
                    if waiting.contains(&seat) && !before.contains(&seat) {
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
        news
    }

    /// Webhooks (issue 15): a chat message, told to the subscriptions of
    /// every seat but the sender's.
    pub(in crate::service) async fn notify_chat(&self, id: GameId, message: &ChatMessage) {
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

    /// Tells chat message `n` of game `id` to the subscriptions, unless the
    /// game's chat cursor says it was told (by whichever server stored it).
    pub(in crate::service) async fn tell_chat_if_untold(
        &self,
        id: GameId,
        n: u64,
    ) -> Result<(), ApiError> {
        if self.chat_told_up_to(id).await? < n {
            self.tell_stored_chat(id, n).await?;
        }
        Ok(())
    }

    /// The last chat message of game `id` whose notifications are written
    /// (its chat cursor; 0 for none).
    async fn chat_told_up_to(&self, id: GameId) -> Result<u64, ApiError> {
        Ok(self
            .store
            .doc(CHAT_CURSORS, &id.to_string())
            .await?
            .and_then(|(_, v)| v["told"].as_u64())
            .unwrap_or(0))
    }

    /// Tells stored chat message `n` of game `id` (if it is stored).
    async fn tell_stored_chat(&self, id: GameId, n: u64) -> Result<(), ApiError> {
        if let Some((_, value)) = self
            .store
            .doc(chat::MESSAGES, &chat::message_key(id, n))
            .await?
        {
            let message: ChatMessage = parse(value, "chat message")?;
            self.notify_chat(id, &message).await;
        }
        Ok(())
    }

    /// At a start: tells the chat messages a crash left between their
    /// storing and their notifications (past each game's chat cursor, at
    /// most the last [`CHAT_RECOVERY`]), with the same ids as ever.
    async fn recover_chat(&self) -> Result<(), ApiError> {
        for (key, _, value) in self.store.docs(chat::COUNTS, "", None, usize::MAX).await? {
            let Ok(id) = key.parse::<GameId>() else {
                continue;
            };
            let count = value["count"].as_u64().unwrap_or(0);
            let told = self.chat_told_up_to(id).await?;
            for n in told.max(count.saturating_sub(CHAT_RECOVERY)) + 1..=count {
                self.tell_stored_chat(id, n).await?;
            }
        }
        Ok(())
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

    /// Writes a watched game's cursor where it stands, unless it has one.
    pub(super) async fn start_cursor(&self, game: GameId) -> Result<(), ApiError> {
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
        unless_stale(
            self.store
                .put_doc(CURSORS, &game.to_string(), Some(encode(&cursor)?), 0)
                .await,
        )
    }
}
