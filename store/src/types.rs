//! The store's data types.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A game's id: 64 random bits, written as 16 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// Why a string is not a game id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a game id is 16 hexadecimal digits")]
pub struct GameIdError;

impl FromStr for GameId {
    type Err = GameIdError;
    fn from_str(s: &str) -> Result<GameId, GameIdError> {
        if s.len() != 16 {
            return Err(GameIdError);
        }
        u64::from_str_radix(s, 16)
            .map(GameId)
            .map_err(|_| GameIdError)
    }
}

impl Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Whether a game is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Being played.
    Active,
    /// A table waiting for players: created with no events (version 0).
    Open,
    /// Over.
    Finished,
}

/// A game as the store keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its id.
    pub id: GameId,
    /// The ruleset (`dice`, `bang`).
    pub ruleset: String,
    /// Open, active or finished.
    pub status: GameStatus,
    /// Events in its log.
    pub version: u64,
    /// The hash of its last envelope (64 zeros before the first).
    pub head_hash: String,
    /// The generation of its `data` this record was read with: 0 at creation,
    /// plus one for each append that carried new `data`. Pass it as
    /// [`Append::expected_generation`] to change the data only if nobody else did.
    #[serde(default)]
    pub generation: u64,
    /// When it was created.
    pub created_at: DateTime<Utc>,
    /// When it was last appended to.
    pub updated_at: DateTime<Utc>,
    /// Whatever the API keeps with the game (seats, token hashes, secrets).
    pub data: serde_json::Value,
}

/// What a new game starts with.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// The ruleset.
    pub ruleset: String,
    /// The API's data for the game.
    pub data: serde_json::Value,
}

/// One append: the events one action caused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Append {
    /// Who caused them: a seat number as text, or `system`.
    pub actor: String,
    /// The idempotency key of the append, if it has one: the dedupe key, so
    /// the caller scopes it (e.g. per seat) as it needs.
    pub action_id: Option<String>,
    /// A digest of what the client sent with `action_id`, kept with it so
    /// that a reuse of the id with another body can be told from a retry
    /// ([`crate::EventStore::action_digest`]).
    pub action_digest: Option<[u8; 32]>,
    /// The events, in order (opaque JSON).
    pub events: Vec<serde_json::Value>,
    /// Chain v2: each event as anyone may see it, where that differs from the
    /// event (`None`, or a shorter vector, where it does not). The chain hash
    /// covers this public form; the whole event is covered by its commitment.
    pub public: Vec<Option<serde_json::Value>>,
    /// Chain v2: the game's secret chain key. Every envelope then carries a
    /// commitment to its whole event, salted with a secret
    /// derived from this key and its seq, and its hash covers only the public
    /// form and the commitment ([`crate::commitment`]). `None`: chain v1 (the
    /// hash covers the whole envelope), for games stored before v2.
    pub chain_key: Option<[u8; 32]>,
    /// A new status for the game, if it changes.
    pub status: Option<GameStatus>,
    /// New API data for the game, if it changes.
    pub data: Option<serde_json::Value>,
    /// Compare-and-swap on the game's `data`: the append is refused with
    /// [`StoreError::Stale`] (and writes nothing) unless the game's data is
    /// still at this generation ([`GameRecord::generation`]). `None`: no check.
    pub expected_generation: Option<u64>,
    /// Documents written with the append, in the same commit: none of them
    /// if the append is refused, all of them if it is written.
    pub docs: Vec<DocWrite>,
}

/// A document written with an append ([`Append::docs`]): set to `value`
/// (or deleted with `None`) whatever its revision, which moves on by one.
#[derive(Clone, Debug, PartialEq)]
pub struct DocWrite {
    /// Its collection.
    pub collection: String,
    /// Its key in the collection; `{game}` in it stands for the game's id
    /// (which the store draws when it creates a game).
    pub key: String,
    /// Its new value; `None` deletes it.
    pub value: Option<serde_json::Value>,
}

/// One write of [`crate::EventStore::put_docs`]: the document `key` of
/// `collection` set to `value` (or deleted with `None`) if its revision is
/// `expected` (0: it must not exist).
#[derive(Clone, Debug, PartialEq)]
pub struct DocPut {
    /// Its collection.
    pub collection: String,
    /// Its key in the collection.
    pub key: String,
    /// Its new value; `None` deletes it.
    pub value: Option<serde_json::Value>,
    /// The revision it must be at.
    pub expected: u64,
}

/// One event as stored: the payload in its envelope.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// Its position in the log, from 1.
    pub seq: u64,
    /// When it was appended (RFC 3339, UTC).
    pub at: DateTime<Utc>,
    /// Who caused it.
    pub actor: String,
    /// The idempotency key of the append that wrote it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action_id: Option<String>,
    /// The event (opaque JSON).
    pub event: serde_json::Value,
    /// Chain v2: the event as anyone may see it, when that differs from `event`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<serde_json::Value>,
    /// Chain v2: the commitment to `event` (hex SHA-256 of a secret salt and
    /// its canonical JSON). Absent in a chain v1 envelope.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The hash of the previous envelope (64 zeros for the first).
    pub prev_hash: String,
    /// Chain v1: SHA-256(prev_hash ++ canonical JSON of this envelope without
    /// `hash`); chain v2: the same over the envelope with `public` (or
    /// `event`) as its event and without `action_id` ([`crate::envelope_hash`]). Hex.
    pub hash: String,
}

impl Envelope {
    /// The event as anyone may see it: what the chain hash covers.
    pub fn shown(&self) -> &serde_json::Value {
        self.public.as_ref().unwrap_or(&self.event)
    }
}

/// What every append changes in a game's record: its version, head hash,
/// status, `updated_at` and the generation of its `data` (see
/// [`crate::EventStore::append`]; the data itself is the caller's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHead {
    /// Events in its log.
    pub version: u64,
    /// The hash of its last envelope (64 zeros before the first).
    pub head_hash: String,
    /// Open, active or finished.
    pub status: GameStatus,
    /// The generation of its `data` ([`GameRecord::generation`]): one more
    /// after an append that carried new `data`.
    pub generation: u64,
    /// When it was last appended to.
    pub updated_at: DateTime<Utc>,
}

impl GameHead {
    /// The head of `record`.
    pub fn of(record: &GameRecord) -> GameHead {
        GameHead {
            version: record.version,
            head_hash: record.head_hash.clone(),
            status: record.status,
            generation: record.generation,
            updated_at: record.updated_at,
        }
    }

    /// Sets these fields of `record` (the others, `data` included, stay).
    pub fn apply_to(self, record: &mut GameRecord) {
        record.version = self.version;
        record.head_hash = self.head_hash;
        record.status = self.status;
        record.generation = self.generation;
        record.updated_at = self.updated_at;
    }
}

/// The result of an append: the game's head after it and the envelopes written.
#[derive(Clone, Debug, PartialEq)]
pub struct Appended {
    /// The game's head after the append.
    pub head: GameHead,
    /// The envelopes written (or, for a duplicate, those of the first append).
    pub envelopes: Vec<Envelope>,
    /// Whether the `action_id` had been seen: nothing was written.
    pub duplicate: bool,
}

/// What a list of games asks for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListQuery {
    /// Only games with this status.
    pub status: Option<GameStatus>,
    /// Only games of this ruleset.
    pub ruleset: Option<String>,
    /// At most this many (the store caps it at 200).
    pub limit: usize,
    /// Continue after this cursor (from a previous [`Page`]).
    pub cursor: Option<String>,
}

/// One page of games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// Newest first.
    pub games: Vec<GameRecord>,
    /// Pass this to get the next page; `None` at the end.
    pub next_cursor: Option<String>,
}

/// The result of walking a game's hash chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verification {
    /// Whether every envelope's hash and link is right.
    pub valid: bool,
    /// Events in the log.
    pub version: u64,
    /// The hash of the last envelope.
    pub head_hash: String,
    /// The first envelope whose hash, link or commitment is wrong.
    pub first_bad_seq: Option<u64>,
    /// The chain's scheme: 1 (hash over whole events) or 2 (hash over public
    /// parts and commitments), as its first envelope says.
    pub scheme: u8,
    /// Whether every commitment was checked against its hidden event too
    /// (chain v2 with its key), not only the public chain.
    pub hidden_checked: bool,
}

/// Why a store call failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// The expected version is not the game's version.
    #[error("the game is at version {current}")]
    Conflict {
        /// The game's version now.
        current: u64,
    },
    /// The data on disk could not be read.
    #[error("corrupt store: {0}")]
    Corrupt(String),
    /// The database failed.
    #[error("storage error: {0}")]
    Io(String),
    /// The database cannot be reached now (a shared store's server is down,
    /// restarting or refusing connections): nothing was written; retry later.
    #[error("the store cannot be reached: {0}")]
    Unavailable(String),
    /// A compare-and-swap lost: the game's data is not at the expected
    /// generation ([`Append::expected_generation`]), or a document is not at
    /// the expected revision ([`crate::EventStore::put_doc`]). Nothing was written.
    #[error("the data changed (generation {generation})")]
    Stale {
        /// The generation (or the document's revision, 0 if it does not exist) now.
        generation: u64,
    },
    /// The request itself is malformed (a bad document collection or key).
    #[error("invalid request: {0}")]
    Invalid(String),
    /// The action id was recorded by an append with another digest
    /// ([`Append::action_digest`]): a new action under an old id. Nothing was written.
    #[error("this action id was recorded with another action")]
    ActionIdReused,
}

/// Whether an append sent with `sent` may answer for the one recorded with
/// `recorded` under the same action id: only if neither has a digest or they
/// are equal.
pub(crate) fn same_action(
    recorded: Option<&[u8; 32]>,
    sent: Option<&[u8; 32]>,
) -> Result<(), StoreError> {
    match (recorded, sent) {
        (Some(a), Some(b)) if a != b => Err(StoreError::ActionIdReused),
        _ => Ok(()),
    }
}

/// A write committed to a shared store, told to every server on it
/// ([`crate::EventStore::changes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Game `id` was created or appended to; its head is now at `version`.
    Game {
        /// The game.
        id: GameId,
        /// Its version after the write.
        version: u64,
    },
    /// Document `key` of `collection` was written or deleted.
    Doc {
        /// The document's collection.
        collection: String,
        /// Its key.
        key: String,
    },
    /// Changes may have been missed (the store's listener lost its
    /// connection and made a new one): whoever follows something should
    /// read it again.
    Resync,
}
