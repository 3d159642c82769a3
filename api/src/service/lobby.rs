//! Open tables: a game created with open seats waits, with nothing dealt,
//! for players to join (with the invite code unless it is public); it starts
//! when its last seat is taken, or when its host starts it, the open seats
//! then played by bots. A seat's person may leave before the start.
//!
//! Every change of a table is one append of new data with no events, made
//! under the game's lock and only if the data is still the one it was read
//! from (the store's `expected_generation`), so that two joins never take the
//! same seat; the start appends the opening events with the final seats.

use store::{Append, DocWrite, EventStore, GameId, GameStatus, NewGame};

use super::cache::Entry;
use super::games::Opening;
use super::players::Player;
use super::{Credentials, Service};
use crate::auth;
use crate::error::ApiError;
use crate::models::Contribution;
use crate::models::{GameSummary, JoinGame, Joined, SeatToken};
use crate::ruleset;
use crate::stored::{GameData, Lobby, SeatData, seed_with_entropy};

impl Service {
    /// Stores an open table (no events: nothing is dealt yet) with `docs`
    /// (its players' inbox entries); returns it and its invite code.
    pub(super) async fn open_table(
        &self,
        ruleset: &str,
        mut data: GameData,
        public: bool,
        docs: Vec<DocWrite>,
    ) -> Result<(GameSummary, String), ApiError> {
        let host = data
            .seats
            .iter()
            .position(|s| s.token_hash.is_some())
            .ok_or_else(|| {
                ApiError::invalid_option(
                    "seats: an open table needs its host's seat (one with a `name` or your \
                     `player`): its token starts the game",
                )
            })?;
        let invite = auth::new_token()[..16].to_string();
        data.lobby = Some(Lobby {
            host: host as u8,
            invite_hash: auth::token_hash(&invite),
            public,
            entropy: Vec::new(),
            server_seed: None,
        });
        let (record, _) = self
            .store
            .create(
                NewGame {
                    ruleset: ruleset.to_string(),
                    data: data.to_value(),
                },
                Append {
                    actor: "system".into(),
                    status: Some(GameStatus::Open),
                    docs,
                    ..Append::default()
                },
            )
            .await?;
        Ok((data.summary(&record), invite))
    }

    /// Takes an open seat of table `id`.
    pub async fn join(
        &self,
        id: GameId,
        body: JoinGame,
        credentials: &Credentials,
    ) -> Result<Joined, ApiError> {
        let player = self.player_of(credentials).await?;
        if player.is_none() && credentials.token()?.is_some() {
            return Err(ApiError::unauthorized(
                "join with your player key, or with no Authorization header",
            ));
        }
        let mut entry = self.games.current(id).await?;
        let (mut data, lobby) = table(&entry)?;
        if data.rated && player.is_none() {
            return Err(ApiError::unauthorized(
                "this table is rated: join with your player key (`Authorization: Bearer <key>`)",
            ));
        }
        // A seat kept for this player (a rematch's) is his without the invite.
        let reserved = player.as_ref().and_then(|p| data.seat_reserved_for(&p.id));
        if !lobby.public && reserved.is_none() {
            let sent = body.invite.as_deref().map(auth::token_hash);
            if !sent.is_some_and(|h| auth::same_secret(&h, &lobby.invite_hash)) {
                return Err(ApiError::forbidden(
                    "bad_invite",
                    "this table is joined with its invite code (`invite`), which its host shares",
                ));
            }
        }
        if let Some(p) = &player
            && data.seat_of_player(&p.id).is_some()
        {
            return Err(ApiError::conflict(
                "already_seated",
                "you already have a seat at this table",
            ));
        }
        let free = |s: &SeatData| s.open && s.player.is_none();
        let kept = || {
            ApiError::conflict(
                "seat_reserved",
                "the open seats left are kept for the players invited to this rematch",
            )
        };
        let seat = match (reserved, body.seat) {
            (Some(r), None) => r,
            (Some(r), Some(s)) if s == r => r,
            (_, Some(s)) if data.seats.get(s as usize).is_some_and(free) => s,
            (_, Some(s)) if data.seats.get(s as usize).is_some_and(|x| x.open) => {
                return Err(kept());
            }
            (_, Some(s)) => {
                return Err(ApiError::conflict(
                    "seat_taken",
                    format!("seat {s} is not an open seat of this table"),
                ));
            }
            (None, None) => data.seats.iter().position(free).ok_or_else(kept)? as u8,
        };
        let name = match (&body.name, &player) {
            (Some(name), _) => name.clone(),
            (None, Some(p)) => p.name.clone(),
            (None, None) => {
                return Err(ApiError::invalid_option(
                    "name: required to join without a player key",
                ));
            }
        };
        if !crate::text::valid_name(&name) {
            return Err(ApiError::invalid_option(format!(
                "name: {}",
                crate::text::NAME_RULE
            )));
        }
        let token = auth::new_token();
        let mut taken = SeatData::human(name, auth::token_hash(&token));
        taken.player = player.as_ref().map(|p| p.id.clone());
        data.seats[seat as usize] = taken;
        if let (Some(entropy), Some(lobby)) = (body.entropy, data.lobby.as_mut()) {
            lobby.entropy.push(Contribution { seat, entropy });
        }
        // The player's inbox entry lands with his seat or not at all.
        let docs: Vec<DocWrite> = player
            .iter()
            .map(|p| super::players::seat_doc(&p.id, Some(id), Some(seat)))
            .collect();
        let game = if data.seats.iter().any(|s| s.open) {
            self.change_table(&mut entry, data, docs).await?
        } else {
            self.start_table(&mut entry, data, docs).await?
        };
        Ok(Joined {
            game,
            token: SeatToken { seat, token },
        })
    }

    /// The caller gives up his seat of table `id` before it starts.
    pub async fn leave(
        &self,
        id: GameId,
        credentials: &Credentials,
    ) -> Result<GameSummary, ApiError> {
        let player = self.player_of(credentials).await?;
        let mut entry = self.games.current(id).await?;
        // A player invited to a rematch declines: his kept seat opens to all.
        if let Some(p) = &player
            && let Some(seat) = entry.data.seat_reserved_for(&p.id)
        {
            let (mut data, _) = table(&entry)?;
            data.seats[seat as usize] = SeatData::open(seat);
            let docs = vec![super::players::seat_doc(&p.id, Some(id), None)];
            return self.change_table(&mut entry, data, docs).await;
        }
        // Who asks first: a caller with no seat here is told so (401)
        // whatever the table's state.
        let seat = seat_of(&entry.data, credentials, player.as_ref())?;
        let (mut data, lobby) = table(&entry)?;
        if seat == lobby.host {
            return Err(ApiError::conflict(
                "host_cannot_leave",
                "the host keeps his seat: start the game (`POST /v1/games/{id}/start`) to fill \
                 the open seats with bots",
            ));
        }
        let left = std::mem::replace(&mut data.seats[seat as usize], SeatData::open(seat));
        if let Some(lobby) = data.lobby.as_mut() {
            lobby.entropy.retain(|c| c.seat != seat);
        }
        let docs = left
            .player
            .iter()
            .map(|p| super::players::seat_doc(p, Some(id), None))
            .collect();
        let game = self.change_table(&mut entry, data, docs).await?;
        Ok(game)
    }

    /// The host starts table `id`: its open seats are played by bots.
    pub async fn start(
        &self,
        id: GameId,
        credentials: &Credentials,
    ) -> Result<GameSummary, ApiError> {
        let player = self.player_of(credentials).await?;
        let mut entry = self.games.current(id).await?;
        let seat = seat_of(&entry.data, credentials, player.as_ref())?;
        let (mut data, lobby) = table(&entry)?;
        if seat != lobby.host {
            return Err(ApiError::forbidden(
                "not_the_host",
                "only the host (the seat that created the table) starts it",
            ));
        }
        let Some(robots) = bots::players::bots_for(&entry.record.ruleset) else {
            return Err(ApiError::conflict(
                "seats_open",
                "no bots play this ruleset yet: the table starts when every seat is taken",
            ));
        };
        let mut docs = Vec::new();
        for (i, seat) in data.seats.iter_mut().enumerate() {
            if seat.open {
                // A player invited to a rematch who did not come: the game
                // leaves his inbox.
                if let Some(p) = &seat.player {
                    docs.push(super::players::seat_doc(p, Some(id), None));
                }
                *seat = SeatData::played(
                    format!("Bot {}", i + 1),
                    Some(robots.default_policy.to_string()),
                );
            }
        }
        self.start_table(&mut entry, data, docs).await
    }

    /// Writes a table's new data (and `docs`, the inbox entries of the seats
    /// it changes), if nobody changed it meanwhile.
    async fn change_table(
        &self,
        entry: &mut Entry,
        data: GameData,
        docs: Vec<DocWrite>,
    ) -> Result<GameSummary, ApiError> {
        let id = entry.record.id;
        self.store
            .append(
                id,
                0,
                Append {
                    actor: "system".into(),
                    data: Some(data.to_value()),
                    expected_generation: Some(entry.record.generation),
                    docs,
                    ..Append::default()
                },
            )
            .await?;
        entry.record = self.record(id).await?;
        entry.data = data;
        Ok(entry.data.summary(&entry.record))
    }

    /// Deals table `entry` with its final seats `data`: its opening events,
    /// as a new game's (with `docs`, the inbox entry of a last seat taken).
    async fn start_table(
        &self,
        entry: &mut Entry,
        mut data: GameData,
        docs: Vec<DocWrite>,
    ) -> Result<GameSummary, ApiError> {
        let id = entry.record.id;
        let ruleset = entry.record.ruleset.clone();
        let mut seed = super::seed_of(&data.seed)?;
        if let Some(lobby) = data.lobby.as_mut()
            && !lobby.entropy.is_empty()
        {
            // The players' entropy joins the seed the server committed to.
            lobby.server_seed = Some(data.seed.clone());
            seed = seed_with_entropy(&seed, &lobby.entropy);
            data.seed = seed.to_string();
        }
        let setups = data.seats.iter().map(|s| s.spec.clone()).collect();
        let events = ruleset::start(&ruleset, data.players, &data.options, setups, seed)?;
        let opening = Opening::of(&ruleset, &mut data, &events)?;
        let appended = self
            .store
            .append(
                id,
                0,
                Append {
                    actor: "system".into(),
                    events,
                    public: opening.public,
                    chain_key: opening.chain_key,
                    status: Some(opening.status),
                    data: Some(data.to_value()),
                    expected_generation: Some(entry.record.generation),
                    docs,
                    ..Append::default()
                },
            )
            .await?;
        let record = self.record(id).await?;
        *entry = Entry::new(record, data, opening.live)?;
        let version = appended.head.version;
        self.games.committed(id, version);
        self.versions.publish(id, version);
        self.refresh_waiting(entry).await;
        // Webhooks (issue 15): the start's notifications, in the outbox.
        self.notify_webhooks(entry).await;
        Ok(entry.data.summary(&entry.record))
    }
}

/// The table's data and lobby, or a 409 if the game has started.
fn table(entry: &Entry) -> Result<(GameData, Lobby), ApiError> {
    match (&entry.record.status, &entry.data.lobby) {
        (GameStatus::Open, Some(lobby)) => Ok((entry.data.clone(), lobby.clone())),
        _ => Err(ApiError::conflict(
            "not_open",
            "this game is not an open table: it has started (or never was one)",
        )),
    }
}

/// The table's seat of the caller: by his seat token or his player key.
pub(super) fn seat_of(
    data: &GameData,
    credentials: &Credentials,
    player: Option<&Player>,
) -> Result<u8, ApiError> {
    if let Some(p) = player {
        return data
            .seat_of_player(&p.id)
            .ok_or_else(|| ApiError::unauthorized("you have no seat at this table"));
    }
    let token = credentials
        .token()?
        .ok_or_else(|| ApiError::unauthorized("send your seat's token or your player key"))?;
    let hash = auth::token_hash(token);
    data.seats
        .iter()
        .position(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|h| auth::same_secret(h, &hash))
        })
        .map(|i| i as u8)
        .ok_or_else(|| ApiError::unauthorized("this token opens no seat of this table"))
}
