//! The durable event log of games, on sled (one server) or PostgreSQL
//! (several servers sharing one database, see [`PgStore`]).
//!
//! The store knows nothing of rules: an event is an opaque JSON payload, and a
//! game's `data` (seats, token hashes, secrets) belongs to the API. What the store
//! guarantees:
//!
//! * **Atomic, ordered appends.** [`EventStore::append`] takes the version the
//!   caller expects; a stale version is a [`StoreError::Conflict`] and nothing is
//!   written. All the events of one append land together or not at all.
//! * **Durability.** An append returns only after its events are flushed and the
//!   log file is fsynced (PostgreSQL: after its transaction commits). Writes go through one writer thread ([`GroupCommit`]):
//!   it applies all pending appends and creates in two atomic sled batches
//!   (the events, then the games' heads, a game's head being the commit point
//!   of its log), then runs one flush + fsync for all of them (sled's `flush_async` deadlocks
//!   under load and its `flush` does not fsync, see `notes/stack.md`).
//! * **Idempotence.** An append with an `action_id` already recorded for the game
//!   appends nothing and returns the events of the first append.
//! * **Tamper evidence that hides nothing.** Every envelope carries `prev_hash`
//!   and a `hash`. In chain v2 (every new game) the hash covers the event's
//!   *public* form and a `commitment` to the whole event, salted with a secret
//!   derived from the game's chain key and the seq: anyone can walk the chain
//!   during play, nobody can test a guess of a hidden fact against it, and
//!   once the key is public every commitment can be checked too. Chain v1
//!   (games stored before) hashed the whole envelope and is still verified
//!   as such. [`EventStore::verify_with`] walks the chain.
//! * **Compare-and-swap on a game's data.** An append with
//!   [`Append::expected_generation`] is refused with [`StoreError::Stale`]
//!   unless the game's `data` is still at that generation.
//! * **Documents beside the games.** [`EventStore::put_doc`] writes a JSON
//!   document (a player account, a membership) at an expected revision,
//!   durably and through the same writer as the games.
//!
//! The sled description below is of [`SledStore`]; [`PgStore`] keeps the same
//! guarantees with one transaction per write (see its docs), and
//! [`transfer`] copies a store from one backend to the other.

#![warn(missing_docs)]

mod any;
mod canonical;
mod group_commit;
pub mod metrics;
mod packed;
mod packing;
mod postgres;
mod shared;
mod sled;
mod takes;
#[cfg(feature = "testing")]
pub mod testing;
pub mod transfer;
mod types;

pub use self::sled::{DEFAULT_CACHE_BYTES, SledStore};
pub use any::{Store, is_postgres_url, settle};
pub use canonical::{ZERO_HASH, canonical_json, commitment, envelope_hash, event_salt};
pub use group_commit::GroupCommit;
pub use postgres::{DEFAULT_POOL_SIZE, PgStore};
pub use takes::{TAKES_KEPT_SECONDS, TakesCursor};
pub use types::*;

use std::future::Future;

/// A durable, append-only log of games. Implemented by [`SledStore`] and
/// [`PgStore`] (and [`Store`], either of them), with the same semantics and
/// the same stored bytes.
pub trait EventStore: Send + Sync + 'static {
    /// Creates a game with a fresh id and appends its opening events (version 0
    /// before them). Durable when it returns.
    fn create(
        &self,
        new: NewGame,
        append: Append,
    ) -> impl Future<Output = Result<(GameRecord, Vec<Envelope>), StoreError>> + Send;

    /// Appends `append.events` after exactly `expected` events. Durable when it
    /// returns. Answers with the game's new head (what an append changes; a
    /// caller wanting the rest of the record reads [`EventStore::game`]) and
    /// the envelopes written. A repeated `action_id` returns
    /// [`Appended::duplicate`] with the first append's envelopes and writes
    /// nothing, or [`StoreError::ActionIdReused`] if the first append had
    /// another [`Append::action_digest`].
    fn append(
        &self,
        id: GameId,
        expected: u64,
        append: Append,
    ) -> impl Future<Output = Result<Appended, StoreError>> + Send;

    /// A game's record, if it exists.
    fn game(
        &self,
        id: GameId,
    ) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send;

    /// A game's head (what every append changes), if it exists: cheaper than
    /// [`EventStore::game`], for a server checking that it is up to date.
    fn head(&self, id: GameId)
    -> impl Future<Output = Result<Option<GameHead>, StoreError>> + Send;

    /// Up to `limit` envelopes with `seq > after`, in order.
    fn events(
        &self,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<Envelope>, StoreError>> + Send;

    /// The envelopes written by the append that carried `action_id`, if any;
    /// [`StoreError::ActionIdReused`] if that append was written with another
    /// `digest` ([`Append::action_digest`]) than the one given.
    fn find_action(
        &self,
        id: GameId,
        action_id: &str,
        digest: Option<&[u8; 32]>,
    ) -> impl Future<Output = Result<Option<Vec<Envelope>>, StoreError>> + Send;

    /// Games, newest first, filtered and paged.
    fn list(&self, query: &ListQuery) -> impl Future<Output = Result<Page, StoreError>> + Send;

    /// Walks a game's hash chain. A chain v2 is checked from its public parts
    /// and commitments, and, given the game's chain key, every commitment
    /// against its hidden event too.
    fn verify_with(
        &self,
        id: GameId,
        chain_key: Option<&[u8; 32]>,
    ) -> impl Future<Output = Result<Verification, StoreError>> + Send;

    /// [`EventStore::verify_with`] without the chain key: what anyone may check.
    fn verify(&self, id: GameId) -> impl Future<Output = Result<Verification, StoreError>> + Send {
        self.verify_with(id, None)
    }

    /// Writes the document `key` of `collection` (both non-empty; the key at most
    /// 200 bytes, the collection at most 32 and without a NUL byte) to `value`,
    /// if its revision is `expected` (`0`: it must not exist yet); returns its new
    /// revision (1 for a new document). A `None` value deletes it. Durable when it returns.
    ///
    /// A wrong revision is [`StoreError::Stale`] with the current one (0 if
    /// the document does not exist) and writes nothing; a bad collection or
    /// key is [`StoreError::Invalid`]. A delete returns 0 (the revision of an
    /// absent document); deleting an absent document expecting 0 writes nothing.
    fn put_doc(
        &self,
        collection: &str,
        key: &str,
        value: Option<serde_json::Value>,
        expected: u64,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send;

    /// Writes several documents in one commit, all or none: each at its
    /// expected revision (as the writes before it in `writes` leave it), with
    /// the rules of [`EventStore::put_doc`]. Returns each one's new revision.
    /// One stale revision is [`StoreError::Stale`] with that document's
    /// current revision, and nothing is written.
    fn put_docs(
        &self,
        writes: Vec<DocPut>,
    ) -> impl Future<Output = Result<Vec<u64>, StoreError>> + Send;

    /// The document `key` of `collection` and its revision, if it exists.
    fn doc(
        &self,
        collection: &str,
        key: &str,
    ) -> impl Future<Output = Result<Option<(u64, serde_json::Value)>, StoreError>> + Send;

    /// Up to `limit` documents of `collection` whose key starts with `prefix` and
    /// comes after `after` (byte order), in key order, each with its key and revision.
    fn docs(
        &self,
        collection: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<(String, u64, serde_json::Value)>, StoreError>> + Send;

    /// The server secret named `name`: `fresh` is stored durably the first
    /// time it is asked for, and every later call (from any server on the
    /// same store) gets the stored value.
    fn secret(
        &self,
        name: &str,
        fresh: String,
    ) -> impl Future<Output = Result<String, StoreError>> + Send;

    /// The writes committed to this store by any process, as they commit, if
    /// the store is shared by several servers (`None` for a store only this
    /// process writes, whose writes this process already knows).
    fn changes(&self) -> Option<tokio::sync::broadcast::Receiver<Change>> {
        None
    }
}
