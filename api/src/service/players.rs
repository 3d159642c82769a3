//! Player accounts: an id and a secret key (kept hashed) that acts for the
//! player's seats in every game, and the inbox of those games.
//!
//! Four document collections of the store hold them: `players` (id → name),
//! `player_keys` (SHA-256 of a key → id), `player_seats` (`{id}/{game}` →
//! the seat), written whenever a seat of a game not yet over becomes or stops
//! being a player's, and `player_finished` (`{id}/{newest first}/{game}` →
//! the seat), to which the append that ends a game moves its players'
//! entries. The inbox reads both as indexes, newest finished game first,
//! and never scans a player's games.

use chrono::{DateTime, Utc};
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

/// A player's entry for a finished game, in `player_finished` (and, by
/// ruleset, `player_archive`): what his archive and profile show without
/// reading the game. Entries moved by the one-time migration of an older
/// store carry only the seat.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FinishedSeat {
    /// His seat (his first, if he held several).
    pub seat: u8,
    /// The game's ruleset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// Every seat's role, as the end of the game revealed them (none in a
    /// game without roles).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roles: Vec<Option<engine::Role>>,
    /// Whether he won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub won: Option<bool>,
}

impl FinishedSeat {
    /// His role, if the entry has the roles.
    pub fn role(&self) -> Option<engine::Role> {
        self.roles.get(usize::from(self.seat)).copied().flatten()
    }
}

/// The inbox's entries of a game's players, moved by the append that ends
/// the game at `at`: out of `player_seats`, into `player_finished` under a
/// key that sorts the newest first (one entry per player: his first seat),
/// and into `player_archive` under his id and the ruleset. `roles` are the
/// end's (every seat's), `data` has the winners.
pub(super) fn finished_docs(
    data: &GameData,
    game: GameId,
    ruleset: &str,
    roles: Vec<Option<engine::Role>>,
    at: DateTime<Utc>,
) -> Vec<DocWrite> {
    let mut players: Vec<(&str, u8)> = Vec::new();
    for (seat, s) in data.seats.iter().enumerate() {
        if let Some(p) = s.player.as_deref()
            && players.iter().all(|(q, _)| *q != p)
        {
            players.push((p, seat as u8));
        }
    }
    let winners: &[u8] = data.winners.as_ref().map_or(&[], |w| &w.seats);
    let mut docs = Vec::new();
    for (player, seat) in players {
        let entry = FinishedSeat {
            seat,
            ruleset: Some(ruleset.to_string()),
            roles: roles.clone(),
            won: Some(winners.contains(&seat)),
        };
        docs.push(seat_doc(player, Some(game), None));
        docs.extend(finished_entry(player, game, &entry, at));
    }
    docs
}

/// The documents of a new player account: `id` → its name, and the hash of
/// its `key` → `id` (public for tools that bulk-load accounts).
pub fn account_docs(id: &str, name: &str, key: &str, created_at: DateTime<Utc>) -> [DocWrite; 2] {
    [
        DocWrite {
            collection: PLAYERS.to_string(),
            key: id.to_string(),
            value: Some(json!({"name": name, "created_at": created_at})),
        },
        DocWrite {
            collection: KEYS.to_string(),
            key: auth::token_hash(key),
            value: Some(json!({ "player": id })),
        },
    ]
}

/// The entries of `player` for `game`, finished at `at`: in his finished
/// games and in those of its ruleset (what the append that ends a game
/// writes; public for tools that bulk-load finished games).
pub fn finished_entry(
    player: &str,
    game: GameId,
    entry: &FinishedSeat,
    at: DateTime<Utc>,
) -> Vec<DocWrite> {
    let value = serde_json::to_value(entry).unwrap_or_else(|_| json!({ "seat": entry.seat }));
    let mut docs = vec![DocWrite {
        collection: FINISHED_SEATS.to_string(),
        key: finished_key(player, game, at),
        value: Some(value.clone()),
    }];
    if let Some(ruleset) = &entry.ruleset {
        docs.push(DocWrite {
            collection: ARCHIVE.to_string(),
            key: finished_key(&format!("{player}/{ruleset}"), game, at),
            value: Some(value),
        });
    }
    docs
}

/// The key of `player`'s entry for `game`, finished at `at`: the newest
/// first in key order.
fn finished_key(player: &str, game: GameId, at: DateTime<Utc>) -> String {
    format!("{}/{game}", finished_from(player, at.timestamp_millis()))
}

/// The latest time a finished key can say (year 2286).
const LATEST_MS: i64 = 9_999_999_999_999;

/// Where `player`'s entries of games finished at `at_ms` or earlier begin
/// (they come after every newer one).
pub(super) fn finished_from(player: &str, at_ms: i64) -> String {
    format!("{player}/{:013}", LATEST_MS - at_ms.clamp(0, LATEST_MS))
}

/// When the game of a finished entry's key ended (ms), if it is one.
pub(super) fn finished_ms(key: &str) -> Option<i64> {
    let mut parts = key.rsplit('/');
    parts.next()?;
    let newest_first: i64 = parts.next()?.parse().ok()?;
    Some(LATEST_MS - newest_first)
}

pub(super) const PLAYERS: &str = "players";
const KEYS: &str = "player_keys";
pub(super) const SEATS: &str = "player_seats";
/// The finished games of each player, the newest first.
pub(super) const FINISHED_SEATS: &str = "player_finished";
/// The same entries by player and ruleset (`{id}/{ruleset}/{newest first}/{game}`).
pub(super) const ARCHIVE: &str = "player_archive";

/// The most finished games an inbox lists (the newest).
pub const INBOX_FINISHED: usize = 50;

/// The marker of the one-time move of finished games out of `player_seats`
/// (stores written before the `player_finished` index).
pub(super) const INDEXED: (&str, &str) = ("migrations", "player_finished");

/// How a player key begins (a seat token never does): only such a bearer
/// is looked up among the accounts.
pub const KEY_PREFIX: &str = "pk_";

/// The most games not yet over an inbox lists.
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
        for doc in account_docs(&id, &body.name, &key, chrono::Utc::now()) {
            self.store
                .put_doc(&doc.collection, &doc.key, doc.value, 0)
                .await?;
        }
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
        let prefix = format!("{}/", player.id);
        let mut seats = self.store.docs(SEATS, &prefix, None, INBOX_GAMES).await?;
        let finished = self
            .store
            .docs(FINISHED_SEATS, &prefix, None, INBOX_FINISHED);
        seats.extend(finished.await?);
        let mut games = Vec::with_capacity(seats.len());
        let mut listed = std::collections::HashSet::new();
        for (key, _, value) in seats {
            let Some(id) = key
                .rsplit('/')
                .next()
                .and_then(|g| g.parse::<GameId>().ok())
            else {
                continue;
            };
            // Listed once, even while a start moves it between the two.
            if !listed.insert(id) {
                continue;
            }
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
                invited: data.seat_reserved_for(&player.id) == Some(seat),
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

    /// Moves the entries of finished games out of `player_seats` into
    /// `player_finished`, once per store (a store written before that index
    /// kept them all in `player_seats`); idempotent, so that servers starting
    /// together may both run it. How many entries it moved.
    pub async fn index_finished_seats(&self) -> Result<usize, ApiError> {
        let (collection, key) = INDEXED;
        if self.store.doc(collection, key).await?.is_some() {
            return Ok(0);
        }
        let mut moved = 0;
        let mut after: Option<String> = None;
        loop {
            let page = self.store.docs(SEATS, "", after.as_deref(), 200).await?;
            let Some((last, _, _)) = page.last() else {
                break;
            };
            after = Some(last.clone());
            for (seat_key, revision, value) in page {
                let Some((player, game)) = seat_key.rsplit_once('/') else {
                    continue;
                };
                let Ok(id) = game.parse::<GameId>() else {
                    continue;
                };
                let Some(record) = self.store.game(id).await? else {
                    continue;
                };
                if record.status != GameStatus::Finished {
                    continue;
                }
                let finished = finished_key(player, id, record.updated_at);
                super::webhooks::unless_stale(
                    self.store
                        .put_doc(FINISHED_SEATS, &finished, Some(value), 0)
                        .await,
                )?;
                super::webhooks::unless_stale(
                    self.store.put_doc(SEATS, &seat_key, None, revision).await,
                )?;
                moved += 1;
            }
        }
        super::webhooks::unless_stale(
            self.store
                .put_doc(collection, key, Some(json!({"moved": moved})), 0)
                .await,
        )?;
        Ok(moved)
    }
}
