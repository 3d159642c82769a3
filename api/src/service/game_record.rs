//! A finished game's record (`bang-record/1`, the engine's
//! [`engine::record::Record`]): its log as stored with every secret needed
//! to check it, so anyone can verify it with `bang-verify` and no server.

use engine::record::{RECORD_FORMAT, Record, RecordContribution, RecordEntropy, RecordFork};
use store::{Envelope, GameId, GameStatus};

use super::Service;
use super::cache::{read_all, record_of};
use crate::error::ApiError;
use crate::stored::GameData;

impl Service {
    /// The record of finished game `id`; a game still being played has
    /// none (its seed and hidden events are secret).
    pub async fn game_record(&self, id: GameId) -> Result<Record, ApiError> {
        let record = record_of(&self.store, id).await?;
        if record.status != GameStatus::Finished {
            return Err(ApiError::conflict(
                "not_finished",
                "a game's record is given once it is over: until then its seed and hidden \
                 cards are secret",
            ));
        }
        let data = GameData::of(&record)?;
        let envelopes = read_all(&self.store, id, record.version).await?;
        let engine_version = envelopes
            .first()
            .and_then(|e| e.event.get("engine"))
            .and_then(serde_json::Value::as_str)
            .unwrap_or("unknown")
            .to_owned();
        let entropy = data
            .lobby
            .as_ref()
            .filter(|l| !l.entropy.is_empty())
            .and_then(|l| {
                Some(RecordEntropy {
                    server_seed: l.server_seed.clone()?,
                    contributions: l
                        .entropy
                        .iter()
                        .map(|c| RecordContribution {
                            seat: c.seat,
                            entropy: c.entropy.clone(),
                        })
                        .collect(),
                })
            });
        let forked_from = data.forked_from.as_ref().map(|f| RecordFork {
            game: f.game.to_string(),
            at: f.at,
            origin_seed: data.origin_seed.clone().unwrap_or_default(),
        });
        Ok(Record {
            format: RECORD_FORMAT.to_owned(),
            engine_version,
            game: id.to_string(),
            ruleset: record.ruleset.clone(),
            players: data.players,
            options: data.options.clone(),
            names: data.seats.iter().map(|s| s.spec.name.clone()).collect(),
            seed: data.seed.clone(),
            seed_commitment: data.seed_commitment.clone(),
            seed_chosen: data.seed_chosen,
            entropy,
            forked_from,
            head_hash: record.head_hash.clone(),
            envelopes: envelopes.into_iter().map(as_recorded).collect(),
        })
    }
}

/// An envelope as the record carries it: as stored, but a chain v2
/// envelope without its `action_id` (the sender's private idempotency key,
/// which the v2 hash does not cover; a v1 hash covers it, so it stays).
fn as_recorded(mut envelope: Envelope) -> serde_json::Value {
    if envelope.commitment.is_some() {
        envelope.action_id = None;
    }
    serde_json::to_value(envelope).unwrap_or(serde_json::Value::Null)
}
