//! Player accounts: an id and a secret key (kept hashed) that acts for the
//! player's seats in every game, and the inbox of those games.
//!
//! Three document collections of the store hold them: `players` (id → name),
//! `player_keys` (SHA-256 of a key → id) and `player_seats` (`{id}/{game}` →
//! the seat), the last one written whenever a seat becomes or stops being a
//! player's.

use serde_json::json;
use store::{DocWrite, EventStore, GameId, GameStatus};

use super::{Credentials, Service};
use crate::auth;
use crate::error::ApiError;
use crate::models::{CreatePlayer, CreatedPlayer, Inbox, InboxEntry};
use crate::stored::GameData;

/// The inbox's entry of `player` in `game` (`None`: a new game, whose id
/// the store draws), written with the append that gives him seat `seat` or,
/// with `None`, takes it back: both land together or not at all.
pub(super) fn seat_doc(player: &str, game: Option<GameId>, seat: Option<u8>) -> DocWrite {
    let game = game.map_or_else(|| "{game}".to_string(), |id| id.to_string());
    DocWrite {
        collection: SEATS.to_string(),
        key: format!("{player}/{game}"),
        value: seat.map(|seat| json!({ "seat": seat })),
    }
}

const PLAYERS: &str = "players";
const KEYS: &str = "player_keys";
pub(super) const SEATS: &str = "player_seats";

/// How a player key begins (a seat token never does): only such a bearer
/// is looked up among the accounts.
pub const KEY_PREFIX: &str = "pk_";

/// The most games an inbox lists.
pub const INBOX_GAMES: usize = 500;

/// A player, as the key that authenticated a request names him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The player's id.
    pub id: String,
    /// The player's name.
    pub name: String,
}

impl Service {
    /// Creates a player account; its key is shown once.
    pub async fn create_player(&self, body: CreatePlayer) -> Result<CreatedPlayer, ApiError> {
        if !crate::text::valid_name(&body.name) {
            return Err(ApiError::invalid_option(format!(
                "name: {}",
                crate::text::NAME_RULE
            )));
        }
        let id = format!("p_{}", &auth::new_token()[..16]);
        let key = format!("{KEY_PREFIX}{}", auth::new_token());
        let created_at = chrono::Utc::now();
        self.store
            .put_doc(
                PLAYERS,
                &id,
                Some(json!({"name": body.name, "created_at": created_at})),
                0,
            )
            .await?;
        self.store
            .put_doc(
                KEYS,
                &auth::token_hash(&key),
                Some(json!({"player": id})),
                0,
            )
            .await?;
        Ok(CreatedPlayer {
            id,
            name: body.name,
            key,
        })
    }

    /// The player whose key the credentials carry: `None` without a player
    /// key (anonymous, a seat token, the worker key); a 401 for a player key
    /// that opens no account.
    pub(super) async fn player_of(
        &self,
        credentials: &Credentials,
    ) -> Result<Option<Player>, ApiError> {
        let Some(key) = credentials.token()?.filter(|t| t.starts_with(KEY_PREFIX)) else {
            return Ok(None);
        };
        let unknown = || ApiError::unauthorized("this player key opens no player account");
        let (_, found) = self
            .store
            .doc(KEYS, &auth::token_hash(key))
            .await?
            .ok_or_else(unknown)?;
        let id = found["player"].as_str().ok_or_else(unknown)?.to_string();
        let (_, player) = self.store.doc(PLAYERS, &id).await?.ok_or_else(unknown)?;
        let name = player["name"].as_str().unwrap_or_default().to_string();
        Ok(Some(Player { id, name }))
    }

    /// The inbox of the player whose key the credentials carry.
    pub async fn inbox(&self, credentials: &Credentials) -> Result<Inbox, ApiError> {
        let player = self.player_of(credentials).await?.ok_or_else(|| {
            ApiError::unauthorized("send your player key: `Authorization: Bearer pk_...`")
        })?;
        let store = self.store.clone();
        let prefix = format!("{}/", player.id);
        let seats = store.docs(SEATS, &prefix, None, INBOX_GAMES).await?;
        let mut games = Vec::with_capacity(seats.len());
        for (key, _, value) in seats {
            let Some(id) = key
                .rsplit('/')
                .next()
                .and_then(|g| g.parse::<GameId>().ok())
            else {
                continue;
            };
            let Some(seat) = value["seat"].as_u64().map(|s| s as u8) else {
                continue;
            };
            let record = match self.store.game(id).await? {
                Some(record) => record,
                None => continue,
            };
            let your_move = record.status == GameStatus::Active && {
                let entry = self.games.current(id).await?;
                let plays = entry.data.seats.get(seat as usize).map_or(Vec::new(), |s| {
                    std::iter::once(seat)
                        .chain(s.also_plays.iter().copied())
                        .collect()
                });
                let waiting = entry.live.waiting();
                // A seat a bot keeps is the bot's to play.
                !entry.data.is_bot(seat) && plays.iter().any(|s| waiting.contains(s))
            };
            let due_at = your_move
                .then(|| {
                    let (window, moving) = self.deadlines_of(id);
                    window.or(moving)
                })
                .flatten();
            let data = GameData::of(&record)?;
            games.push(InboxEntry {
                seat,
                your_move,
                since: record.updated_at,
                due_at,
                game: data.summary(&record),
            });
        }
        // Your move first, oldest waiting first; then the rest, newest first.
        games.sort_by_key(|g| {
            let at = g.since.timestamp_millis();
            (!g.your_move, if g.your_move { at } else { -at })
        });
        Ok(Inbox {
            player: player.id,
            games,
        })
    }
}
