//! What the server keeps with each game besides its log (the store's `data`):
//! seats with token hashes, the secret seed, and where a fork came from.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::GameRecord;

use crate::error::ApiError;
use crate::models::{ForkOrigin, GameSummary, SeatKind, SeatSummary, Winners};

/// One seat as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatData {
    /// Display name.
    pub name: String,
    /// The bot policy, for a bot seat.
    #[serde(default)]
    pub bot: Option<String>,
    /// SHA-256 of the seat's token, for a human seat.
    #[serde(default)]
    pub token_hash: Option<String>,
}

/// A game's private data.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameData {
    /// Players at the table.
    pub players: u8,
    /// The options, as given.
    pub options: Value,
    /// The seats.
    pub seats: Vec<SeatData>,
    /// The secret seed for this game's random draws (hex). Never shown before the end.
    pub seed: String,
    /// SHA-256 of `seed` (public).
    pub seed_commitment: String,
    /// For a fork: its origin.
    #[serde(default)]
    pub forked_from: Option<ForkOrigin>,
    /// For a fork: the origin's seed, which drew the events it starts with.
    #[serde(default)]
    pub origin_seed: Option<String>,
    /// Once finished: who won.
    #[serde(default)]
    pub winners: Option<Winners>,
}

impl GameData {
    /// Reads a record's data.
    pub fn of(record: &GameRecord) -> Result<GameData, ApiError> {
        serde_json::from_value(record.data.clone())
            .map_err(|e| ApiError::internal(format!("game data unreadable: {e}")))
    }

    /// The data as the store keeps it.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Whether `seat` is a bot seat.
    pub fn is_bot(&self, seat: u8) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| s.bot.is_some())
    }

    /// The public summary of a game.
    pub fn summary(&self, record: &GameRecord) -> GameSummary {
        GameSummary {
            id: record.id,
            ruleset: record.ruleset.clone(),
            options: self.options.clone(),
            status: record.status,
            version: record.version,
            players: self.players,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatSummary {
                    seat: i as u8,
                    name: s.name.clone(),
                    kind: if s.bot.is_some() {
                        SeatKind::Bot
                    } else {
                        SeatKind::Human
                    },
                    bot: s.bot.clone(),
                })
                .collect(),
            created_at: record.created_at,
            updated_at: record.updated_at,
            winners: self.winners.clone(),
            forked_from: self.forked_from.clone(),
        }
    }
}
