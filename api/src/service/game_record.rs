//! A finished game's record (`bang-record/1`, the engine's
//! [`engine::record::Record`]): its log as stored with every secret needed
//! to check it, so anyone can verify it with `bang-verify` and no server.

use engine::record::{RECORD_FORMAT, Record, RecordContribution, RecordEntropy, RecordFork};
use store::{DocWrite, Envelope, EventStore, GameId, GameStatus};

use super::cache::{read_all, record_of};
use super::{Service, blocking};
use crate::error::ApiError;
use crate::models::{ForkOrigin, GameSummary, ImportOrigin};
use crate::stored::{CHAIN_SCHEME, GameData, SeatData};

/// The documents that find an imported game by its record's chain head
/// (`{head_hash}/{game}`), so the same record imported twice is one game.
const IMPORTS: &str = "imports";

/// What [`Service::import`] did.
pub enum Imported {
    /// A new game, read-only, from the record.
    New(GameSummary),
    /// The record was imported before: that game.
    Present(GameSummary),
}

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

impl Service {
    /// The largest record [`Service::import`] is given, in bytes.
    pub fn max_record_bytes(&self) -> usize {
        self.settings.max_record_bytes
    }

    /// Imports a finished game's record as a read-only game of this server,
    /// after checking all of it (`Record::verify`, on the blocking threads:
    /// it re-derives the whole log). Its events are appended to a new chain
    /// of this server; its audit names the record's game and chain head.
    pub async fn import(&self, record: Record) -> Result<Imported, ApiError> {
        if record.envelopes.len() as u64 > self.settings.max_events_per_game {
            return Err(ApiError::too_large(format!(
                "the record has {} events; this server keeps games of up to {} \
                 (BANG_MAX_EVENTS_PER_GAME)",
                record.envelopes.len(),
                self.settings.max_events_per_game
            )));
        }
        let record = blocking(move || match record.verify() {
            Ok(_) => Ok(record),
            Err(refusal) => Err(ApiError::unprocessable(
                "invalid_record",
                format!("the record does not verify: {refusal}"),
            )),
        })
        .await?;
        // Only a record that holds finds an earlier import of itself.
        let prefix = format!("{}/", record.head_hash);
        let known = self.store.docs(IMPORTS, &prefix, None, 1).await?;
        if let Some((key, _, _)) = known.first() {
            let id: GameId = key[prefix.len()..]
                .parse()
                .map_err(|_| ApiError::internal("an import's game id is unreadable"))?;
            let game = record_of(&self.store, id).await?;
            return Ok(Imported::Present(GameData::of(&game)?.summary(&game)));
        }
        let events: Vec<serde_json::Value> = record
            .envelopes
            .iter()
            .map(|e| e["event"].clone())
            .collect();
        let forked_from = match &record.forked_from {
            Some(fork) => Some(ForkOrigin {
                game: fork.game.parse().map_err(|_| {
                    ApiError::unprocessable("invalid_record", "forked_from.game: not a game id")
                })?,
                at: fork.at,
            }),
            None => None,
        };
        let data = GameData {
            players: record.players,
            options: record.options.clone(),
            seats: record
                .names
                .iter()
                .map(|name| SeatData::played(name.clone(), None))
                .collect(),
            seed: record.seed.clone(),
            seed_commitment: record.seed_commitment.clone(),
            seed_chosen: record.seed_chosen,
            chain: CHAIN_SCHEME,
            forked_from: None,
            origin_seed: record.forked_from.as_ref().map(|f| f.origin_seed.clone()),
            winners: None,
            chat: Default::default(),
            analysis: Default::default(),
            lobby: None,
            deadlines: None,
            imported: Some(ImportOrigin {
                game: record.game.clone(),
                head_hash: record.head_hash.clone(),
                engine_version: record.engine_version.clone(),
            }),
            rated: false,
        };
        let docs = vec![DocWrite {
            collection: IMPORTS.into(),
            key: format!("{prefix}{{game}}"),
            value: Some(serde_json::json!({})),
        }];
        let game = self
            .open(&record.ruleset, data, events, "system", forked_from, docs)
            .await?;
        Ok(Imported::New(game))
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
