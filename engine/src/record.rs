//! A finished game's record: one self-contained file (format
//! [`RECORD_FORMAT`], documented in `docs/record-format.md`) with the log's
//! envelopes as the server stored them and every secret needed to check
//! them, and its verification without any server: the hash chain, every
//! commitment, the seed's commitment and derivation, and the re-derivation
//! of every event from the seed and the recorded decisions.

use std::io::Write;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::core::Seed;
use crate::core::chain::{ZERO_HASH, chain_key, check_envelope, scheme_of, seed_with_entropy};
use crate::game::RulesetEntry;

/// The format id every record of this version carries in `format`.
pub const RECORD_FORMAT: &str = "bang-record/1";

/// A finished game, as `GET /v1/games/{id}/record` gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Record {
    /// Always [`RECORD_FORMAT`] (`bang-record/1`).
    pub format: String,
    /// The version of the engine that played the game.
    pub engine_version: String,
    /// The game's id on the server that played it.
    pub game: String,
    /// The ruleset's id (`dice`, `bang`).
    pub ruleset: String,
    /// Seats.
    pub players: u8,
    /// The options the game was created with (also in its first event).
    pub options: Value,
    /// Each seat's name, seat 0 first (the history's names).
    pub names: Vec<String>,
    /// The game's seed (64 hex digits), revealed when it ended.
    pub seed: String,
    /// The SHA-256 commitment the server published before the first move:
    /// of `seed`, or with players' entropy of `entropy.server_seed`.
    pub seed_commitment: String,
    /// Whether the game's creator chose its seed (then it is not provably fair).
    pub seed_chosen: bool,
    /// The players' entropy, when they added some to the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entropy: Option<RecordEntropy>,
    /// The finished game this one was forked from, if it is a fork.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<RecordFork>,
    /// The hash of the last envelope: the chain head the server reports.
    pub head_hash: String,
    /// Every envelope of the log, seq 1 first, as stored (a chain v2
    /// envelope without its `action_id`, the sender's private idempotency
    /// key, which its hash does not cover).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub envelopes: Vec<Value>,
}

/// How a seed was made from the server's seed and the players' entropy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordEntropy {
    /// The server's seed, committed to before any contribution.
    pub server_seed: String,
    /// The contributions, in the order they were mixed in.
    pub contributions: Vec<RecordContribution>,
}

/// One player's contribution to a seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordContribution {
    /// The seat that gave it.
    pub seat: u8,
    /// Its text.
    pub entropy: String,
}

/// Where a fork came from: the events before `at` were drawn from the
/// original game's seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordFork {
    /// The original game's id.
    pub game: String,
    /// The version the fork was made at.
    pub at: u64,
    /// The original game's seed (public: that game was over).
    pub origin_seed: String,
}

/// Why a record is refused: the first envelope found wrong (its seq), or
/// the record as a whole (`seq` 0), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{reason}", if *.seq == 0 { String::new() } else { format!("event {}: ", .seq) })]
pub struct Refusal {
    /// The first bad envelope's seq, or 0 for the record as a whole.
    pub seq: u64,
    /// What is wrong, in a sentence.
    pub reason: String,
}

impl Refusal {
    fn record(reason: impl Into<String>) -> Refusal {
        Refusal {
            seq: 0,
            reason: reason.into(),
        }
    }

    fn at(seq: u64, reason: impl Into<String>) -> Refusal {
        Refusal {
            seq,
            reason: reason.into(),
        }
    }
}

/// One event of a record told as a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLine {
    /// The envelope's seq.
    pub seq: u64,
    /// Who caused it: a seat number as text, or `system`.
    pub actor: String,
    /// The sentence.
    pub text: String,
    /// The rule it applied (`bang.md §10`).
    pub rule: Option<&'static str>,
}

/// What a verified record holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Events in the log.
    pub events: u64,
    /// The chain scheme (2: hidden events committed; 1: an older game).
    pub chain: u8,
    /// Whether each hidden event's commitment was checked (chain 2).
    pub commitments_checked: bool,
    /// Whether the seed was fair: not chosen by the creator, not a fork.
    pub provably_fair: bool,
}

impl Record {
    /// The registry entry of the record's ruleset.
    pub fn ruleset_entry(&self) -> Result<&'static dyn RulesetEntry, Refusal> {
        crate::rulesets()
            .iter()
            .copied()
            .find(|r| r.id() == self.ruleset)
            .ok_or_else(|| Refusal::record(format!("unknown ruleset `{}`", self.ruleset)))
    }

    /// Checks everything the record claims, in this order: its format; the
    /// seed against its commitment (and its derivation from the server's
    /// seed and the players' entropy); every envelope's place, hash and
    /// commitment, and the head; then that every event is what the rules
    /// derive from the seed and the recorded decisions. The first failure
    /// is the answer.
    pub fn verify(&self) -> Result<Verified, Refusal> {
        if self.format != RECORD_FORMAT {
            return Err(Refusal::record(format!(
                "the format is `{}`, not `{RECORD_FORMAT}`",
                self.format
            )));
        }
        let entry = self.ruleset_entry()?;
        let seed = parse_seed(&self.seed, "seed")?;
        self.check_seed(&seed)?;
        let chain = self.check_chain(&seed)?;
        let events: Vec<Value> = self
            .envelopes
            .iter()
            .map(|e| e.get("event").cloned().unwrap_or(Value::Null))
            .collect();
        let (origin, fork_at) = match &self.forked_from {
            Some(fork) => (parse_seed(&fork.origin_seed, "origin seed")?, fork.at),
            None => (seed, 0),
        };
        let game = entry.new_game();
        game.verify_log(&events, &|v| if v < fork_at { origin } else { seed })
            .map_err(|index| {
                Refusal::at(
                    index as u64 + 1,
                    "this is not what the rules derive from the seed and the decisions before it",
                )
            })?;
        if chain == 2 {
            self.check_public_forms(entry, &events)?;
        }
        self.check_seats(&events)?;
        Ok(Verified {
            events: self.envelopes.len() as u64,
            chain,
            commitments_checked: chain == 2,
            provably_fair: !self.seed_chosen && self.forked_from.is_none(),
        })
    }

    /// Every chain v2 envelope's public form (`public`, else the event
    /// itself) is what the rules show a spectator of that event: a server
    /// that published more (a hidden card) or less (a public one withheld)
    /// than the redaction is caught at that event. `events` have been
    /// re-derived already, so they fold.
    fn check_public_forms(
        &self,
        entry: &dyn RulesetEntry,
        events: &[Value],
    ) -> Result<(), Refusal> {
        let mut game = entry.new_game();
        for (i, (event, envelope)) in events.iter().zip(&self.envelopes).enumerate() {
            let seq = i as u64 + 1;
            game.apply(event)
                .map_err(|e| Refusal::at(seq, format!("it does not fold: {e}")))?;
            if game.public_form(event).as_ref() != envelope.get("public") {
                return Err(Refusal::at(
                    seq,
                    "its public form is not what the rules show a spectator of it \
                     (it shows a hidden fact, or hides a public one)",
                ));
            }
        }
        Ok(())
    }

    /// `players` and `names` agree with the seats the log deals.
    fn check_seats(&self, events: &[Value]) -> Result<(), Refusal> {
        let mut game = self.ruleset_entry()?.new_game();
        for (seq, event) in (1u64..).zip(events) {
            game.apply(event)
                .map_err(|_| Refusal::at(seq, "this event does not fold"))?;
        }
        let seats = game.roles().len();
        if usize::from(self.players) != seats || self.names.len() != seats {
            return Err(Refusal::record(format!(
                "the record names {} players and {} names, but its game has {seats} seats",
                self.players,
                self.names.len()
            )));
        }
        Ok(())
    }

    /// The seed against the published commitment: directly, or through the
    /// server's seed and the players' entropy.
    fn check_seed(&self, seed: &Seed) -> Result<(), Refusal> {
        let committed = match &self.entropy {
            Some(entropy) => {
                let server = parse_seed(&entropy.server_seed, "server seed")?;
                let mixed = seed_with_entropy(
                    &server,
                    entropy
                        .contributions
                        .iter()
                        .map(|c| (c.seat, c.entropy.as_str())),
                );
                if mixed != *seed {
                    return Err(Refusal::record(
                        "the seed is not the server's seed mixed with the players' entropy",
                    ));
                }
                server
            }
            None => *seed,
        };
        if committed.commitment() != self.seed_commitment {
            return Err(Refusal::record(
                "the seed does not match the commitment published before the first move",
            ));
        }
        Ok(())
    }

    /// Every envelope in place with the right hash (and, in chain v2, the
    /// right commitment under the seed's chain key), and the head; the
    /// chain scheme.
    fn check_chain(&self, seed: &Seed) -> Result<u8, Refusal> {
        let Some(first) = self.envelopes.first() else {
            return Err(Refusal::record("the record has no events"));
        };
        let scheme = scheme_of(first);
        let key = (scheme == 2).then(|| chain_key(seed));
        let mut prev = ZERO_HASH.to_owned();
        for (seq, envelope) in (1u64..).zip(&self.envelopes) {
            prev = check_envelope(envelope, seq, &prev, scheme, key.as_ref()).ok_or_else(|| {
                Refusal::at(
                    seq,
                    "its place, hash or commitment does not hold in the chain",
                )
            })?;
        }
        if prev != self.head_hash {
            return Err(Refusal::record(
                "the last event's hash is not the head hash (events missing at the end?)",
            ));
        }
        Ok(scheme)
    }

    /// The game told event by event, with the rule each applied, for each
    /// event worth a sentence.
    pub fn history(&self) -> Result<Vec<RecordLine>, Refusal> {
        let entry = self.ruleset_entry()?;
        Ok((1u64..)
            .zip(&self.envelopes)
            .filter_map(|(seq, e)| {
                let line = entry.describe(e.get("event")?, &self.names)?;
                let actor = e.get("actor").and_then(Value::as_str).unwrap_or("?");
                Some(RecordLine {
                    seq,
                    actor: actor.to_owned(),
                    text: line.text,
                    rule: line.rule,
                })
            })
            .collect())
    }
}

fn parse_seed(hex: &str, what: &str) -> Result<Seed, Refusal> {
    hex.parse()
        .map_err(|_| Refusal::record(format!("the {what} is not 64 hex digits")))
}

/// `bang-verify`'s work on a record's text: prints its history with the
/// rule each event applied (unless `quiet`) and the verdict to `out`, and
/// returns the exit status: 0 when the record holds, 1 when it does not
/// (the first bad event named), 2 when the text is not a record.
pub fn verify_and_tell(text: &str, quiet: bool, out: &mut dyn Write) -> u8 {
    let record: Record = match serde_json::from_str(text) {
        Ok(record) => record,
        Err(e) => {
            let _ = writeln!(out, "not a readable record: {e}");
            return 2;
        }
    };
    if !quiet {
        for line in record.history().unwrap_or_default() {
            let RecordLine {
                seq,
                actor,
                text,
                rule,
            } = line;
            let _ = match rule {
                Some(rule) => writeln!(out, "{seq:>5} [{actor}] {text}  ({rule})"),
                None => writeln!(out, "{seq:>5} [{actor}] {text}"),
            };
        }
    }
    match record.verify() {
        Ok(v) => {
            let _ = writeln!(
                out,
                "valid: game {} ({}), {} events, chain v{}{}; {}",
                record.game,
                record.ruleset,
                v.events,
                v.chain,
                if v.commitments_checked {
                    ", every commitment checked"
                } else {
                    ""
                },
                if v.provably_fair {
                    "provably fair"
                } else {
                    "not provably fair (a chosen seed or a fork)"
                }
            );
            0
        }
        Err(refusal) => {
            let _ = writeln!(out, "INVALID: game {}: {refusal}", record.game);
            if record.engine_version != crate::ENGINE_VERSION {
                let _ = writeln!(
                    out,
                    "note: the record was played by {}, this is {}",
                    record.engine_version,
                    crate::ENGINE_VERSION
                );
            }
            1
        }
    }
}
