//! A rematch: a finished game's seats asked to play again, the same ruleset
//! and options, each seat moved one place clockwise.

use store::{GameId, GameStatus};

use super::lobby::seat_of;
use super::players::seat_doc;
use super::{Credentials, Service};
use crate::auth;
use crate::error::ApiError;
use crate::models::{CreatedGame, SeatToken};
use crate::ruleset;
use crate::stored::{CHAIN_SCHEME, GameData, SeatData};

impl Service {
    /// A new game after finished game `id`, asked by one of its seats (his
    /// seat token or his player key): the same ruleset, options, bots and
    /// players, every seat moved one place clockwise (but where the rules
    /// play some seats, a solo game, whose seats stay put). The caller's
    /// seat is his at once; a seat a player account held is kept for him
    /// (he takes it from his inbox); a seat a person held without an
    /// account is open to whoever has the invite. With no seat left to
    /// fill the game starts at once.
    pub async fn rematch(
        &self,
        id: GameId,
        credentials: &Credentials,
    ) -> Result<CreatedGame, ApiError> {
        let player = self.player_of(credentials).await?;
        let record = self.record(id).await?;
        let old = GameData::of(&record)?;
        let caller = seat_of(&old, credentials, player.as_ref())?;
        if record.status != GameStatus::Finished {
            return Err(ApiError::conflict(
                "not_finished",
                "a rematch is asked once the game is over",
            ));
        }
        let n = old.seats.len();
        let rotate = ruleset::rules_seats(&record.ruleset, old.players, &old.options)?.is_empty();
        let moved = |i: usize| if rotate { (i + 1) % n } else { i };
        let mut seats = vec![SeatData::open(0); n];
        let mut tokens = Vec::new();
        let mut docs = Vec::new();
        for (i, was) in old.seats.iter().enumerate() {
            let j = moved(i);
            let name = was.spec.name.clone();
            seats[j] = if i == caller as usize {
                let token = auth::new_token();
                let mut seat = SeatData::human(name, auth::token_hash(&token));
                seat.player = was.player.clone();
                tokens.push(SeatToken {
                    seat: j as u8,
                    token,
                });
                seat
            } else if was.spec.bot.is_some() {
                let mut seat = SeatData::played(name, was.spec.bot.clone());
                seat.spec.budget_ms = was.spec.budget_ms;
                seat
            } else if let Some(p) = &was.player {
                SeatData::reserved(name, p.clone())
            } else if was.token_hash.is_some() || was.kept_by_bot.is_some() {
                SeatData::open(j as u8)
            } else {
                // A seat the rules play (a solo game's NPC).
                SeatData::played(name, None)
            };
            if let Some(p) = &seats[j].player {
                docs.push(seat_doc(p, None, Some(j as u8)));
            }
        }
        let seed = auth::random_seed();
        let setups = seats.iter().map(|s| s.spec.clone()).collect();
        let events = ruleset::start(&record.ruleset, old.players, &old.options, setups, seed)?;
        let data = GameData {
            players: old.players,
            options: old.options.clone(),
            seats,
            seed: seed.to_string(),
            seed_commitment: seed.commitment(),
            seed_chosen: false,
            chain: CHAIN_SCHEME,
            forked_from: None,
            origin_seed: None,
            winners: None,
            chat: old.chat,
            analysis: old.analysis,
            lobby: None,
            deadlines: old.deadlines,
            imported: None,
            rated: old.rated,
        };
        self.store_new(&record.ruleset, data, events, false, docs, tokens)
            .await
    }
}
