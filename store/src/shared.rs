//! What both backends share: an append encoded before it meets the game's
//! state ([`Write`]), the envelopes built from it, the sealing of its events
//! into the hash chain, the walk of a chain, and the rules on list pages,
//! statuses and document names. One copy, so that a game written by either
//! backend has the same bytes and the same hashes.

use chrono::{DateTime, SubsecRound, Utc};
use rand::TryRng;
use serde_json::Value;

use crate::canonical::{EncodedEvent, SharedFields, ZERO_HASH, json_string, seal};
use crate::{Append, Envelope, GameId, GameStatus, StoreError, Verification};

/// The page size of [`crate::EventStore::list`] when the query's `limit` is 0.
pub(crate) const DEFAULT_LIST_LIMIT: usize = 50;
/// The largest page [`crate::EventStore::list`] returns.
pub(crate) const MAX_LIST_LIMIT: usize = 200;

/// How many fresh ids `create` tries before giving up (a collision of 64
/// random bits is already all but impossible).
pub(crate) const CREATE_ATTEMPTS: usize = 8;

/// An [`Append`] as a backend's writer needs it (sled's writer thread, a
/// PostgreSQL transaction): everything that does not depend on the game's
/// state is encoded by the caller beforehand, so the writer spends its time
/// (and, in sled, its one thread; in PostgreSQL, its row lock) on the checks
/// and the writes. The caller keeps the events themselves and builds the
/// returned envelopes ([`envelopes`]).
pub(crate) struct Write {
    /// The action id (the dedupe key).
    pub(crate) action_id: Option<String>,
    /// The digest kept with the action id.
    pub(crate) action_digest: Option<[u8; 32]>,
    /// `actor` and `action_id` as JSON strings.
    pub(crate) actor_json: Vec<u8>,
    pub(crate) action_id_json: Option<Vec<u8>>,
    pub(crate) events: Vec<EncodedEvent>,
    pub(crate) status: Option<GameStatus>,
    pub(crate) data: Option<Value>,
    /// The generation the game's meta must be at ([`Append::expected_generation`]).
    pub(crate) expected_generation: Option<u64>,
    /// The documents written with it ([`Append::docs`]), values as JSON text.
    pub(crate) docs: Vec<EncodedDoc>,
}

/// The documents of an append, checked (each key once) and encoded.
fn encode_docs(docs: &[crate::DocWrite]) -> Result<Vec<EncodedDoc>, StoreError> {
    let mut seen = std::collections::HashSet::new();
    docs.iter()
        .map(|doc| {
            if !seen.insert((&doc.collection, &doc.key)) {
                return Err(StoreError::Invalid(format!(
                    "document {}/{} written twice by one append",
                    doc.collection, doc.key
                )));
            }
            EncodedDoc::of(doc)
        })
        .collect()
}

/// A document written with an append, checked and encoded.
pub(crate) struct EncodedDoc {
    pub(crate) collection: String,
    /// Its key, `{game}` still in it ([`EncodedDoc::key_of`]).
    key: String,
    /// Its JSON text; `None` deletes it.
    pub(crate) value: Option<String>,
}

impl EncodedDoc {
    /// `doc`, its key checked and its value encoded.
    pub(crate) fn of(doc: &crate::DocWrite) -> Result<EncodedDoc, StoreError> {
        check_doc_key(&doc.collection, &doc.key.replace(GAME, "0123456789abcdef"))?;
        let value = doc
            .value
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| StoreError::Io(format!("encode document: {e}")))?;
        Ok(EncodedDoc {
            collection: doc.collection.clone(),
            key: doc.key.clone(),
            value,
        })
    }

    /// Its key in the game `id`.
    pub(crate) fn key_of(&self, id: crate::GameId) -> String {
        self.key.replace(GAME, &id.to_string())
    }
}

/// What stands for the game's id in a [`crate::DocWrite`]'s key.
const GAME: &str = "{game}";

impl Write {
    /// Encodes `append`, whose first event will be envelope `first` (an
    /// append is only written at the version it expects), taking its `data`;
    /// its events stay with the caller, with their chain v2 commitments.
    pub(crate) fn encode(
        append: &mut Append,
        first: u64,
    ) -> Result<(Write, Vec<Option<String>>), StoreError> {
        let action_id_json = append.action_id.as_deref().map(json_string);
        let encode_error = |e: serde_json::Error| StoreError::Io(format!("encode event: {e}"));
        let mut events = Vec::with_capacity(append.events.len());
        let mut commitments = Vec::with_capacity(append.events.len());
        for (i, event) in append.events.iter().enumerate() {
            let encoded = match &append.chain_key {
                None => EncodedEvent::new(event).map_err(encode_error)?,
                Some(key) => {
                    let seq = first.saturating_add(i as u64);
                    let public = append.public.get(i).and_then(Option::as_ref);
                    let encoded =
                        EncodedEvent::committed(event, public, key, seq).map_err(encode_error)?;
                    // Keep only the public forms that differ (as stored).
                    if let Some(slot) = append.public.get_mut(i)
                        && slot.as_ref() == Some(event)
                    {
                        *slot = None;
                    }
                    encoded
                }
            };
            commitments.push(encoded.commitment().map(str::to_owned));
            events.push(encoded);
        }
        let write = Write {
            action_id: append.action_id.clone(),
            action_digest: append.action_digest,
            actor_json: json_string(&append.actor),
            action_id_json,
            events,
            status: append.status,
            data: append.data.take(),
            expected_generation: append.expected_generation,
            docs: encode_docs(&append.docs)?,
        };
        Ok((write, commitments))
    }
}

/// Refuses `write` to a game at `version` whose data is at `generation` if
/// it expects another version ([`StoreError::Conflict`]) or another
/// generation ([`StoreError::Stale`]).
pub(crate) fn check_expected(
    write: &Write,
    expected: u64,
    version: u64,
    generation: u64,
) -> Result<(), StoreError> {
    if version != expected {
        return Err(StoreError::Conflict { current: version });
    }
    if write.expected_generation.is_some_and(|g| g != generation) {
        return Err(StoreError::Stale { generation });
    }
    Ok(())
}

/// The envelopes of a written append, from the caller's `append` and the
/// writer's answer.
pub(crate) fn envelopes(
    mut append: Append,
    commitments: Vec<Option<String>>,
    at: DateTime<Utc>,
    first: u64,
    mut prev_hash: String,
    hashes: Vec<String>,
) -> Result<Vec<Envelope>, StoreError> {
    if hashes.len() != append.events.len() {
        return Err(StoreError::Io(format!(
            "the writer returned {} hashes for {} events",
            hashes.len(),
            append.events.len()
        )));
    }
    let mut out = Vec::with_capacity(hashes.len());
    append.public.resize(hashes.len(), None);
    let parts = append
        .events
        .into_iter()
        .zip(append.public)
        .zip(commitments);
    for ((seq, ((event, public), commitment)), hash) in (first..).zip(parts).zip(hashes) {
        let next = hash.clone();
        out.push(Envelope {
            seq,
            at,
            actor: append.actor.clone(),
            action_id: append.action_id.clone(),
            event,
            public,
            commitment,
            prev_hash: std::mem::replace(&mut prev_hash, next),
            hash,
        });
    }
    Ok(out)
}

/// A status as the head and the list keys store it.
pub(crate) fn status_byte(status: GameStatus) -> u8 {
    match status {
        GameStatus::Active => 0,
        GameStatus::Finished => 1,
        GameStatus::Open => 2,
    }
}

/// The status stored as `byte`, if any.
pub(crate) fn status_of_byte(byte: u8) -> Option<GameStatus> {
    match byte {
        0 => Some(GameStatus::Active),
        1 => Some(GameStatus::Finished),
        2 => Some(GameStatus::Open),
        _ => None,
    }
}

/// The longest document collection name, in bytes ([`crate::EventStore::put_doc`]).
pub(crate) const MAX_DOC_COLLECTION: usize = 32;
/// The longest document key, in bytes ([`crate::EventStore::put_doc`]).
pub(crate) const MAX_DOC_KEY: usize = 200;

/// Checks a document collection name: non-empty, at most
/// [`MAX_DOC_COLLECTION`] bytes, no NUL byte.
pub(crate) fn check_collection(collection: &str) -> Result<(), StoreError> {
    if collection.is_empty()
        || collection.len() > MAX_DOC_COLLECTION
        || collection.as_bytes().contains(&0)
    {
        return Err(StoreError::Invalid(format!(
            "a document collection is 1 to {MAX_DOC_COLLECTION} bytes without a NUL byte"
        )));
    }
    Ok(())
}

pub(crate) fn decode_envelope(bytes: &[u8]) -> Result<Envelope, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(format!("envelope: {e}")))
}

/// Now, to the millisecond: the list indexes order by milliseconds, so
/// a record's `created_at` sorts exactly as its index key does.
pub(crate) fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(3)
}

/// `CREATE_ATTEMPTS` random candidate ids for a new game.
pub(crate) fn random_ids() -> Result<[GameId; CREATE_ATTEMPTS], StoreError> {
    let mut ids = [GameId(0); CREATE_ATTEMPTS];
    for id in &mut ids {
        *id = rand::rngs::SysRng
            .try_next_u64()
            .map(GameId)
            .map_err(|e| StoreError::Io(format!("random game id: {e}")))?;
    }
    Ok(ids)
}

/// Checks one stored envelope against the chain: the seq it is stored under (`key_seq`) and its own seq
/// are `expect`, its `prev_hash` is `prev`, its scheme is `scheme` (1 or 2) and
/// its hash is right; in chain v2 with the game's `key`, its commitment too
/// (the engine's [`engine::core::chain::check_envelope`], on an envelope that
/// also reads as an [`Envelope`]). Returns its hash, or `None` if anything is
/// wrong (including undecodable bytes).
pub(crate) fn check_envelope(
    key_seq: u64,
    value: &[u8],
    expect: u64,
    prev: &str,
    scheme: u8,
    chain_key: Option<&[u8; 32]>,
) -> Option<String> {
    if key_seq != expect {
        return None;
    }
    let raw: Value = serde_json::from_slice(value).ok()?;
    <Envelope as serde::Deserialize>::deserialize(&raw).ok()?;
    engine::core::chain::check_envelope(&raw, expect, prev, scheme, chain_key)
}

/// The chain scheme of a stored first envelope: 2 if it carries a commitment.
pub(crate) fn scheme_of(first: &[u8]) -> u8 {
    serde_json::from_slice::<Value>(first).map_or(1, |v| engine::core::chain::scheme_of(&v))
}

/// Checks a document key (with its collection): non-empty, at most
/// [`MAX_DOC_KEY`] bytes.
pub(crate) fn check_doc_key(collection: &str, key: &str) -> Result<(), StoreError> {
    check_collection(collection)?;
    if key.is_empty() || key.len() > MAX_DOC_KEY {
        return Err(StoreError::Invalid(format!(
            "a document key is 1 to {MAX_DOC_KEY} bytes"
        )));
    }
    Ok(())
}

/// The page size of a list query's `limit`: [`DEFAULT_LIST_LIMIT`] for 0,
/// at most [`MAX_LIST_LIMIT`].
pub(crate) fn list_limit(limit: usize) -> usize {
    match limit {
        0 => DEFAULT_LIST_LIMIT,
        n => n.min(MAX_LIST_LIMIT),
    }
}

/// Seals the events of `write` as envelopes `first..` after `prev_hash`, all
/// at the time whose JSON is `at_json`: their hashes and their stored bytes.
pub(crate) fn seal_events(
    write: &Write,
    at_json: &[u8],
    first: u64,
    prev_hash: &str,
) -> (Vec<String>, Vec<Vec<u8>>) {
    let fields = SharedFields {
        at: at_json,
        actor: &write.actor_json,
        action_id: write.action_id_json.as_deref(),
    };
    let mut hashes: Vec<String> = Vec::with_capacity(write.events.len());
    let mut stored = Vec::with_capacity(write.events.len());
    for (seq, event) in (first..).zip(&write.events) {
        let prev = hashes.last().map_or(prev_hash, String::as_str);
        let (hash, bytes) = seal(&fields, seq, prev, event);
        hashes.push(hash);
        stored.push(bytes);
    }
    (hashes, stored)
}

/// How far a log was checked before its stored envelopes (a packed log's,
/// checked as it was unpacked): envelopes `1..=count`, ending at `prev`,
/// of chain `scheme`, the first bad one if any.
pub(crate) struct Checked {
    pub(crate) count: u64,
    pub(crate) prev: String,
    pub(crate) scheme: u8,
    pub(crate) first_bad_seq: Option<u64>,
}

impl Default for Checked {
    fn default() -> Checked {
        Checked {
            count: 0,
            prev: ZERO_HASH.to_owned(),
            scheme: 1,
            first_bad_seq: None,
        }
    }
}

/// Walks the committed log of a game at `version` with head `head_hash`,
/// after a prefix already `checked` (none: [`Checked::default`]): `log`
/// yields its stored envelopes (the seq each is stored under, and its bytes)
/// in order, from seq `checked.count + 1` up to `version`.
pub(crate) fn verify_log_after<B: AsRef<[u8]>>(
    checked: Checked,
    version: u64,
    head_hash: String,
    log: impl IntoIterator<Item = Result<(u64, B), StoreError>>,
    chain_key: Option<&[u8; 32]>,
) -> Result<Verification, StoreError> {
    let Checked {
        prev,
        scheme,
        mut first_bad_seq,
        count,
    } = checked;
    let mut prev = prev;
    let mut scheme = scheme;
    let mut expect: u64 = count + 1;
    let log = log
        .into_iter()
        .take_while(|_| version > 0)
        .take(if first_bad_seq.is_none() {
            usize::MAX
        } else {
            0
        });
    for item in log {
        let (seq, value) = item?;
        let value = value.as_ref();
        if expect == 1 && seq == 1 {
            scheme = scheme_of(value);
        }
        match check_envelope(seq, value, expect, &prev, scheme, chain_key) {
            Some(hash) => {
                prev = hash;
                expect = expect.saturating_add(1);
            }
            None => {
                first_bad_seq = Some(expect);
                break;
            }
        }
    }
    if first_bad_seq.is_none() {
        let count = expect - 1;
        if count != version {
            // Events missing after `count`.
            first_bad_seq = Some(count.min(version) + 1);
        } else if prev != head_hash {
            first_bad_seq = Some(version.max(1));
        }
    }
    Ok(Verification {
        valid: first_bad_seq.is_none(),
        version,
        head_hash,
        first_bad_seq,
        scheme,
        hidden_checked: scheme == 2 && chain_key.is_some(),
    })
}
