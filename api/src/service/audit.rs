//! Auditing a game: its hash chain, its hidden events' commitments and, once
//! its seed is public, whether its log is what the seed decides.

use serde_json::Value;
use store::{EventStore, GameId, GameStatus, Store};

use super::cache::{read_all, record_of};
use super::{Service, blocking, seed_of};
use crate::error::ApiError;
use crate::models::{Audit, EntropyAudit, ForkOrigin};
use crate::stored::{GameData, seed_with_entropy};

/// How a table's seed is derived from the server's and its players' entropy
/// (what [`seed_with_entropy`] computes), for the audit's readers.
const ENTROPY_DERIVATION: &str = "seed = SHA-256(\"bang/seed-with-entropy/v1\" || server seed (32 bytes) \
|| for each contribution in order: seat (1 byte) || length of its text in bytes (8 bytes, little-endian) \
|| its text (UTF-8)); hex";

impl Service {
    /// Verifies a game's hash chain and, once its seed is public, its
    /// hidden events' commitments and its dice (re-derived on the blocking
    /// threads: it folds the whole log).
    pub async fn audit(&self, id: GameId) -> Result<Audit, ApiError> {
        audit(&self.store, id).await
    }
}

/// Why a game is not provably fair, if it is not: its creator chose its
/// seed, or it is a fork, whose copied events were public when it was made.
fn fairness_note(data: &GameData) -> Option<String> {
    let mut notes = Vec::new();
    if data.seed_chosen {
        notes.push(crate::stored::CHOSEN_SEED_NOTE.to_owned());
    }
    if let Some(origin) = &data.forked_from {
        notes.push(fork_note(origin));
    }
    if let Some(origin) = &data.imported {
        notes.push(format!(
            "imported from a record of game {} (chain head {}); the whole record was checked \
             on import (chain, commitments, seed, every event), but that its seed commitment \
             was published before play is the word of the server that played it",
            origin.game, origin.head_hash
        ));
    }
    (!notes.is_empty()).then(|| notes.join("; also, "))
}

/// What a fork's audit says was public at its fork point.
fn fork_note(origin: &ForkOrigin) -> String {
    format!(
        "a fork of finished game {} at version {}: the events it starts with were copied from \
         a log that was public when the fork was made, its seed revealed, so everything they \
         had dealt (roles, characters, hands, the order of a shuffled deck) was known to \
         everyone; the outcomes drawn after version {} come from the fork's own committed \
         seed, but cards drawn from a deck shuffled before it were known in advance",
        origin.game, origin.at, origin.at
    )
}

/// [`Service::audit`]: the chain, every commitment (the server knows the chain
/// key; the answer says only whether they hold, which a sound log always
/// does), and once the seed is public, a re-derivation of the log.
async fn audit(store: &Store, id: GameId) -> Result<Audit, ApiError> {
    let record = record_of(store, id).await?;
    let data = GameData::of(&record)?;
    let over = record.status == GameStatus::Finished;
    let key = data.chain_key()?;
    let check = store.verify_with(id, key.as_ref()).await?;
    let (mut fair, mut first_unfair_seq) = (None, None);
    if over && check.valid {
        let envelopes = read_all(store, id, record.version).await?;
        let events: Vec<Value> = envelopes.into_iter().map(|e| e.event).collect();
        let own = seed_of(&data.seed)?;
        let origin = match &data.origin_seed {
            Some(hex) => seed_of(hex)?,
            None => own,
        };
        let fork_at = data.forked_from.as_ref().map_or(0, |f| f.at);
        let live = crate::ruleset::new_game(&record.ruleset)?;
        // Re-deriving a whole log is the one long computation here.
        let result = blocking(move || {
            Ok(live.verify_log(&events, &|v| if v < fork_at { origin } else { own }))
        })
        .await?;
        fair = Some(result.is_ok());
        first_unfair_seq = result.err().map(|i| i as u64 + 1);
    }
    let entropy = data
        .lobby
        .as_ref()
        .filter(|l| !l.entropy.is_empty())
        .map(|l| -> Result<EntropyAudit, ApiError> {
            let server_seed = l.server_seed.as_ref().filter(|_| over);
            let derived = match server_seed {
                Some(hex) => {
                    let server = seed_of(hex)?;
                    let seed = seed_with_entropy(&server, &l.entropy);
                    Some(
                        server.commitment() == data.seed_commitment
                            && seed.to_string() == data.seed,
                    )
                }
                None => None,
            };
            Ok(EntropyAudit {
                derivation: ENTROPY_DERIVATION.to_owned(),
                contributions: l.entropy.clone(),
                server_seed: server_seed.cloned(),
                derived,
            })
        })
        .transpose()?;
    // A chain v1 hash covers hidden facts: it may be published only once
    // they are public.
    let head_hash = (check.scheme >= 2 || over).then_some(check.head_hash);
    Ok(Audit {
        valid: check.valid,
        version: check.version,
        head_hash,
        first_bad_seq: check.first_bad_seq,
        chain: check.scheme,
        hidden_checked: check.hidden_checked,
        provably_fair: !data.seed_chosen && data.forked_from.is_none() && data.imported.is_none(),
        fairness_note: fairness_note(&data),
        seed_commitment: data.seed_commitment.clone(),
        entropy,
        seed: over.then(|| data.seed.clone()),
        fair,
        first_unfair_seq,
        forked_from: data.forked_from,
        imported_from: data.imported,
    })
}
