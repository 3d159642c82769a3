//! `GET /v1/games/{id}/audit`: the hash chain, the seed and its fairness.

use serde::Serialize;
use utoipa::ToSchema;

use super::{Contribution, ForkOrigin};

/// How the seed of a table whose players added entropy was derived.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntropyAudit {
    /// How: `seed = SHA-256("bang/seed-with-entropy/v1" ‖ server seed ‖ for
    /// each contribution in order: its seat (1 byte) ‖ its length in bytes (8
    /// bytes, little-endian) ‖ its UTF-8 text)`.
    pub derivation: String,
    /// The players' contributions, in the order given.
    pub contributions: Vec<Contribution>,
    /// The server's seed, once the game is over (its SHA-256 is `seed_commitment`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server_seed: Option<String>,
    /// Once over: whether the server's seed matches its commitment and
    /// derives `seed` with the contributions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub derived: Option<bool>,
}

/// `GET /v1/games/{id}/audit`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "valid": true, "version": 377,
    "head_hash": "f48bfc7c45eeddcc20262efc41d1ba98000885d081cab4767ba0a282be71cc4d",
    "seed_commitment": "263fe2f61a8b7472f1e98f6fba579a582f29e4c1d850b5c204e41b0924afd6ae",
    "seed": "633252bf580509b7b53c94bb0b7c956ef084b1f89f6e472a1f619ca87760fbc9",
    "fair": true, "chain": 2, "hidden_checked": true, "provably_fair": true
}))]
pub struct Audit {
    /// Whether the hash chain is intact (and, with `hidden_checked`, every
    /// commitment to a hidden event).
    pub valid: bool,
    /// Events in the log.
    pub version: u64,
    /// The hash of the last event. Chain v2 hashes cover each event's public
    /// form and a salted commitment to the whole event, so the head hash
    /// reveals nothing hidden and is shown during play; a chain v1 game (stored
    /// before v2) shows it only once over, since its hashes cover hidden facts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head_hash: Option<String>,
    /// The first event whose hash, link or commitment is wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_bad_seq: Option<u64>,
    /// The chain's scheme: 2 (public parts + commitments) or 1 (whole events,
    /// games stored before v2).
    pub chain: u8,
    /// Whether every commitment was checked against its whole event (chain
    /// v2: the server does it at any time; anyone can, once the game is over
    /// and its seed, from which the salts derive, is public).
    pub hidden_checked: bool,
    /// False when outcomes may have been known in advance (see
    /// `fairness_note`): the creator chose the seed, or the game is a fork,
    /// whose first events (and whatever they dealt: roles, hands, a deck's
    /// order) were public when it was made.
    pub provably_fair: bool,
    /// Why the game is not provably fair, if it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairness_note: Option<String>,
    /// SHA-256 of the seed that draws this game's random outcomes (hex);
    /// for a table whose players added entropy, of the server's seed, the
    /// commitment published when the table was created (see `entropy`).
    pub seed_commitment: String,
    /// A table whose players added entropy: how its seed was derived.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entropy: Option<EntropyAudit>,
    /// The seed, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Once the seed is public: whether re-deciding every recorded action from
    /// the seed gives exactly the logged events (the dice were fair).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fair: Option<bool>,
    /// If not fair: the first event that differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_unfair_seq: Option<u64>,
    /// For a fork: its origin (events up to `at` were drawn with the origin's seed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<ForkOrigin>,
    /// For an imported game: the record's game and the chain head of the
    /// server that played it (this server's chain is its own).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imported_from: Option<crate::models::ImportOrigin>,
}
