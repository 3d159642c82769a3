//! Who is calling: the credentials a request brought (read by the routes) and
//! the caller they make of it in one game, one of its seats, a bot worker or a
//! spectator.

use engine::{SeatSet, Viewer};

use super::Service;
use crate::auth;
use crate::error::ApiError;
use crate::stored::GameData;

/// What a request says about who sends it, as the routes read it from its
/// `Authorization` header. It is judged only where the service resolves the
/// caller, so that a bad header is refused at the same point as a bad token
/// (after, say, a missing game's 404).
#[derive(Clone)]
pub enum Credentials {
    /// No `Authorization` header: a spectator.
    Anonymous,
    /// A bearer token: a seat's token or the worker key.
    Bearer(String),
    /// A header that is not `Bearer <token>`: the 401 to answer.
    Malformed(ApiError),
}

impl Credentials {
    /// The bearer token, if any; a malformed header's refusal.
    pub(super) fn token(&self) -> Result<Option<&str>, ApiError> {
        match self {
            Credentials::Anonymous => Ok(None),
            Credentials::Bearer(token) => Ok(Some(token)),
            Credentials::Malformed(refusal) => Err(refusal.clone()),
        }
    }
}

/// Who is calling, resolved against a game's seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    /// The seat the caller acts for now (or, for the worker, the bot seat it
    /// acts for).
    pub seat: Option<u8>,
    /// Whether the caller is a bot worker (the worker key).
    pub worker: bool,
    /// Every seat the person plays: his own, and in a solo game the partner
    /// his token also opens. Empty for a spectator or a worker.
    pub plays: SeatSet,
    /// Whether the request named the seat (`?seat=N`).
    pub named: bool,
}

impl Caller {
    const SPECTATOR: Caller = Caller {
        seat: None,
        worker: false,
        plays: SeatSet::EMPTY,
        named: false,
    };

    /// The seat a person who plays several acts for when the request does
    /// not name one: the only one of his seats the game waits for (his own
    /// when none or several are waited for; several is refused where it matters).
    pub(super) fn acting_seat(&self, waiting: &[u8]) -> Option<u8> {
        if self.named || self.worker {
            return self.seat;
        }
        let mut asked = self.plays.iter().filter(|s| waiting.contains(s));
        match (asked.next(), asked.next()) {
            (Some(only), None) => Some(only),
            _ => self.seat,
        }
    }

    /// Whether more than one of the person's seats is waited for (then an
    /// action must name its seat).
    pub(super) fn several_asked(&self, waiting: &[u8]) -> bool {
        !self.named && self.plays.iter().filter(|s| waiting.contains(s)).count() > 1
    }

    /// The scope of the caller's action ids: each seat's ids are its own, and
    /// the workers' ids are theirs (a person cannot take a bot's next id).
    pub(super) fn action_scope(&self) -> String {
        match (self.worker, self.seat) {
            (true, _) => "worker".to_owned(),
            (false, Some(seat)) => format!("seat:{seat}"),
            (false, None) => "spectator".to_owned(),
        }
    }

    /// What the caller may see of a game: everything once it is `over`, else
    /// its seat's view or a spectator's.
    pub(super) fn viewer(&self, over: bool) -> Viewer {
        match (over, self.seat) {
            (true, _) => Viewer::Omniscient,
            (false, Some(seat)) => Viewer::Seat(seat),
            (false, None) => Viewer::Spectator,
        }
    }
}

impl Service {
    /// Resolves the caller of a request against a game's seats. `as_seat` is the
    /// bot seat the worker acts for.
    pub(super) async fn caller(
        &self,
        credentials: &Credentials,
        data: &GameData,
        as_seat: Option<u8>,
    ) -> Result<Caller, ApiError> {
        let Some(token) = credentials.token()? else {
            if as_seat.is_some() {
                return Err(ApiError::unauthorized(
                    "`seat` is for bot workers: send the worker key",
                ));
            }
            return Ok(Caller::SPECTATOR);
        };
        if auth::same_secret(token, &self.worker_key) {
            return match as_seat {
                Some(seat) if data.is_bot(seat) => Ok(Caller {
                    seat: Some(seat),
                    worker: true,
                    plays: SeatSet::EMPTY,
                    named: true,
                }),
                Some(seat) => Err(ApiError::not_a_bot_seat(seat)),
                None => Ok(Caller {
                    seat: None,
                    worker: true,
                    plays: SeatSet::EMPTY,
                    named: false,
                }),
            };
        }
        let seat = match self.player_of(credentials).await? {
            // A player key opens the player's seat.
            Some(player) => data.seat_of_player(&player.id).map(usize::from),
            None => {
                let hash = auth::token_hash(token);
                data.seats.iter().position(|s| {
                    s.token_hash
                        .as_deref()
                        .is_some_and(|h| auth::same_secret(h, &hash))
                })
            }
        };
        let Some(mine) = seat else {
            return Err(ApiError::unauthorized(
                "this token opens no seat of this game",
            ));
        };
        let plays = data.seats[mine]
            .also_plays
            .iter()
            .fold(SeatSet::of(&[mine as u8]), |set, &s| set.with(s));
        match as_seat {
            Some(asked) if !plays.contains(asked) => {
                Err(ApiError::not_your_seat(mine as u8, asked))
            }
            _ => Ok(Caller {
                seat: Some(as_seat.unwrap_or(mine as u8)),
                worker: false,
                plays,
                named: as_seat.is_some(),
            }),
        }
    }

    /// Whether the credentials are the worker key.
    pub fn is_worker(&self, credentials: &Credentials) -> Result<bool, ApiError> {
        Ok(credentials
            .token()?
            .is_some_and(|t| auth::same_secret(t, &self.worker_key)))
    }
}
