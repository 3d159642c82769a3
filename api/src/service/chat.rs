//! Table chat: a log of its own beside the game's events, each message
//! stamped with the game's version when it was sent (so versions, `?at=N`
//! and `after=N` still count events only, and a message never makes an
//! action stale). Kept as store documents: `chat_count/{game}` (how many,
//! written with compare-and-swap, which numbers each message once) and
//! `chat/{game}/{n}` (message `n`, its number zero-padded so that key order
//! is message order).

use chrono::Utc;
use serde_json::json;
use store::{EventStore, GameId};

use super::{Credentials, Service};
use crate::error::ApiError;
use crate::models::{ChatMessage, ChatPage, ChatVisibility, PostChat};

pub(super) const COUNTS: &str = "chat_count";
pub(super) const MESSAGES: &str = "chat";

/// Messages read per page.
pub const CHAT_PAGE: usize = 200;

/// The key of message `n` of `game`.
pub(super) fn message_key(game: GameId, n: u64) -> String {
    format!("{game}/{n:010}")
}

/// The game and number of the chat message a document of `collection` at
/// `key` is, if it is one.
pub(super) fn parse_message_key(collection: &str, key: &str) -> Option<(GameId, u64)> {
    if collection != MESSAGES {
        return None;
    }
    let (game, n) = key.split_once('/')?;
    Some((game.parse().ok()?, n.parse().ok()?))
}

impl Service {
    /// Sends a message to the table as the caller's seat.
    pub async fn post_chat(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
        body: PostChat,
    ) -> Result<ChatMessage, ApiError> {
        let (seat, name, version) = {
            let entry = self.games.current(id).await?;
            let caller = self.caller(credentials, &entry.data, as_seat).await?;
            let seat = match (caller.seat, caller.worker) {
                (Some(seat), false) => seat,
                _ => {
                    return Err(ApiError::unauthorized(
                        "chat is for the game's seats: send your seat's token or player key",
                    ));
                }
            };
            let name = entry.data.seats[seat as usize].spec.name.clone();
            (seat, name, entry.record.version)
        };
        self.chat_quota.check(id, seat)?;
        for _ in 0..8 {
            let (revision, count) = match self.store.doc(COUNTS, &id.to_string()).await? {
                Some((rev, value)) => (rev, value["count"].as_u64().unwrap_or(0)),
                None => (0, 0),
            };
            if count >= self.settings.max_chat_per_game {
                return Err(ApiError::unprocessable(
                    "chat_full",
                    format!(
                        "this game's chat holds {count} messages, its most; it can still be read"
                    ),
                ));
            }
            let number = count + 1;
            match self
                .store
                .put_doc(
                    COUNTS,
                    &id.to_string(),
                    Some(json!({"count": number})),
                    revision,
                )
                .await
            {
                Ok(_) => {}
                Err(store::StoreError::Stale { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
            let message = ChatMessage {
                id: number,
                seat,
                name,
                text: body.text,
                version,
                at: Utc::now(),
            };
            let value = serde_json::to_value(&message)
                .map_err(|e| ApiError::internal(format!("a chat message: {e}")))?;
            self.store
                .put_doc(MESSAGES, &message_key(id, number), Some(value), 0)
                .await?;
            self.chat_quota.record(id, seat);
            // Webhooks (issue 15): the message, told to the other seats.
            self.notify_chat(id, &message).await;
            return Ok(message);
        }
        Err(ApiError::conflict(
            "changed_meanwhile",
            "many messages arrived at once: send it again",
        ))
    }

    /// The chat messages after message `after` (and sent at or before game
    /// version `at`, for a rewind), as the caller may read them.
    pub async fn chat(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
        after: u64,
        at: Option<u64>,
    ) -> Result<ChatPage, ApiError> {
        let record = self.record(id).await?;
        let data = crate::stored::GameData::of(&record)?;
        let caller = self.caller(credentials, &data, as_seat).await?;
        if data.chat == ChatVisibility::Players && caller.seat.is_none() && !caller.worker {
            return Err(ApiError::unauthorized(
                "this game's chat is for its players: send your seat's token or player key",
            ));
        }
        let prefix = format!("{id}/");
        let from = (after > 0).then(|| message_key(id, after));
        let docs = self
            .store
            .docs(MESSAGES, &prefix, from.as_deref(), CHAT_PAGE)
            .await?;
        let messages = docs
            .into_iter()
            .filter_map(|(_, _, value)| serde_json::from_value::<ChatMessage>(value).ok())
            .filter(|m| at.is_none_or(|v| m.version <= v))
            .collect();
        Ok(ChatPage { messages })
    }
}
