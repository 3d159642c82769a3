//! A finished game's log packed into one compressed record (issue 34: a
//! million games on one disk).
//!
//! An envelope averages about 400 bytes, but its event only about 55: the
//! rest is its two hashes, its commitment, its time and its keys. A packed
//! log keeps only what cannot be recomputed (each envelope's time, actor,
//! action id, event, public form and commitment, and the log's dedupe
//! entries), deflated; every `prev_hash` and `hash` is recomputed when the log
//! is read, and the last must equal the hash the game's record holds, so a
//! packed log proves itself as a whole. Lossless: unpacking gives back the
//! envelopes byte for byte.

use std::io::{Read, Write};

use chrono::{DateTime, Utc};
use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::canonical::{
    SharedFields, ZERO_HASH, canonical_bytes, commitment, commitment_of, hex, json_string,
    seal_hash,
};
use crate::shared::{Checked, decode_envelope};
use crate::transfer::DedupeExport;
use crate::{Envelope, StoreError};

/// The format's version, first in every packed log.
const FORMAT: u8 = 1;

/// The most bytes a packed log may inflate to: far above any game's log
/// (the longest measured is under 1 MB), so a damaged record cannot make a
/// read allocate without bound.
const MAX_INFLATED: u64 = 256 << 20;

/// One envelope without what can be recomputed (its seq, `prev_hash` and
/// `hash`).
#[derive(Serialize, Deserialize)]
struct Entry {
    /// Nanoseconds since the previous envelope's time (since the epoch for
    /// the first).
    t: i64,
    /// The actor.
    a: String,
    /// The action id, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    i: Option<String>,
    /// The event.
    e: Value,
    /// The public form, if it differs from the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    p: Option<Value>,
    /// The commitment (chain v2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    c: Option<String>,
}

/// A dedupe entry: action id, first seq, count and digest (hex).
type Action = (String, u64, u64, Option<String>);

/// What a packed log holds.
#[derive(Serialize, Deserialize)]
struct Packed {
    /// The game's chain key (hex), when its commitments are left out: each
    /// is then recomputed from it (a finished game's key is public, its
    /// seed revealed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    k: Option<String>,
    entries: Vec<Entry>,
    actions: Vec<Action>,
}

/// A log as a packed record gives it back.
#[derive(Debug, PartialEq)]
pub(crate) struct Unpacked {
    /// The envelopes, from seq 1.
    pub(crate) envelopes: Vec<Envelope>,
    /// The log's dedupe entries, sorted.
    pub(crate) dedupe: Vec<DedupeExport>,
    /// About how much memory it holds (for a cache's budget).
    pub(crate) bytes: usize,
    /// The SHA-256 of the packed record it was unpacked from: a
    /// verification may reuse it only for these very bytes.
    pub(crate) source: [u8; 32],
}

fn nanos(at: DateTime<Utc>) -> Result<i64, StoreError> {
    at.timestamp_nanos_opt()
        .ok_or_else(|| StoreError::Io(format!("a time out of range: {at}")))
}

/// Packs `envelopes` (from seq 1, in order) and their `dedupe` entries;
/// given the game's chain key, the commitments it gives are left out.
pub(crate) fn pack(
    envelopes: &[Envelope],
    dedupe: &[DedupeExport],
    chain_key: Option<&[u8; 32]>,
) -> Result<Vec<u8>, StoreError> {
    let mut previous = 0i64;
    let mut entries = Vec::with_capacity(envelopes.len());
    for (seq, envelope) in (1..).zip(envelopes) {
        if envelope.seq != seq {
            return Err(StoreError::Corrupt(format!(
                "packing: envelope {} where {seq} was due",
                envelope.seq
            )));
        }
        let at = nanos(envelope.at)?;
        entries.push(Entry {
            t: at - previous,
            a: envelope.actor.clone(),
            i: envelope.action_id.clone(),
            e: envelope.event.clone(),
            p: envelope.public.clone(),
            c: envelope.commitment.clone().filter(|c| {
                chain_key.is_none_or(|key| *c != commitment(key, envelope.seq, &envelope.event))
            }),
        });
        previous = at;
    }
    let actions = dedupe
        .iter()
        .map(|d| {
            let digest = d.digest.map(|digest| hex(&digest));
            (d.action_id.clone(), d.first, d.count, digest)
        })
        .collect();
    let k = chain_key.map(|key| hex(key));
    let json = serde_json::to_vec(&Packed {
        k,
        entries,
        actions,
    })
    .map_err(|e| StoreError::Io(format!("packing: {e}")))?;
    let mut out = DeflateEncoder::new(vec![FORMAT], Compression::default());
    out.write_all(&json)
        .and_then(|()| out.finish())
        .map_err(|e| StoreError::Io(format!("packing: {e}")))
}

impl Unpacked {
    /// Envelopes `first..first + count`, if it holds them all.
    pub(crate) fn run(&self, first: u64, count: u64) -> Option<&[Envelope]> {
        let from = usize::try_from(first.checked_sub(1)?).ok()?;
        let to = from.checked_add(usize::try_from(count).ok()?)?;
        self.envelopes.get(from..to)
    }

    /// The envelopes of the action recorded under `action_id` in this log,
    /// if it is there (refused if it was recorded with another `digest`).
    pub(crate) fn find_action(
        &self,
        action_id: &str,
        digest: Option<&[u8; 32]>,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        let Some(entry) = self.dedupe.iter().find(|d| d.action_id == action_id) else {
            return Ok(None);
        };
        crate::types::same_action(entry.digest.as_ref(), digest)?;
        self.run(entry.first, entry.count)
            .map(|run| Some(run.to_vec()))
            .ok_or_else(|| StoreError::Corrupt("a packed log's dedupe entry".into()))
    }

    /// Its envelopes after seq `after`, then `later` (the log's entries
    /// past it), at most `limit` in all.
    pub(crate) fn after(&self, after: u64, later: Vec<Envelope>, limit: usize) -> Vec<Envelope> {
        let from = usize::try_from(after).unwrap_or(usize::MAX);
        self.envelopes
            .iter()
            .skip(from)
            .cloned()
            .chain(later)
            .take(limit)
            .collect()
    }

    /// [`Unpacked::after`], moving the envelopes out.
    pub(crate) fn into_after(
        self,
        after: u64,
        later: Vec<Envelope>,
        limit: usize,
    ) -> Vec<Envelope> {
        let from = usize::try_from(after).unwrap_or(usize::MAX);
        self.envelopes
            .into_iter()
            .skip(from)
            .chain(later)
            .take(limit)
            .collect()
    }

    /// What a verification has checked of the log once it is unpacked (its
    /// chain, recomputed): given the chain key, every commitment is checked
    /// against its event too.
    pub(crate) fn check(&self, chain_key: Option<&[u8; 32]>) -> Checked {
        let scheme = match self.envelopes.first() {
            Some(first) if first.commitment.is_some() => 2,
            _ => 1,
        };
        let first_bad_seq = chain_key.filter(|_| scheme == 2).and_then(|key| {
            self.envelopes
                .iter()
                .find(|e| e.commitment.as_deref() != Some(&commitment(key, e.seq, &e.event)))
                .map(|e| e.seq)
        });
        Checked {
            count: self.envelopes.len() as u64,
            prev: self.head_hash().to_owned(),
            scheme,
            first_bad_seq,
        }
    }

    /// The hash of its last envelope (the zero hash when it has none).
    pub(crate) fn head_hash(&self) -> &str {
        self.envelopes.last().map_or(ZERO_HASH, |e| e.hash.as_str())
    }
}

/// Unpacks a log packed by [`pack`], recomputing its chain; refused as
/// corrupt unless its last hash is `head_hash`.
pub(crate) fn unpack(bytes: &[u8], head_hash: &str) -> Result<Unpacked, StoreError> {
    let unpacked = unpack_unchecked(bytes)?;
    if unpacked.head_hash() != head_hash {
        return Err(StoreError::Corrupt(format!(
            "a packed log: its chain ends at {}, its game's at {head_hash}",
            unpacked.head_hash()
        )));
    }
    Ok(unpacked)
}

/// Unpacks game `id`'s stored record (`log`, holding envelopes `1..=upto`
/// and ending at `hash`): when `checked`, refused unless its chain ends at
/// `hash`; refused unless it holds `upto` envelopes.
pub(crate) fn unpack_record(
    id: crate::GameId,
    (upto, hash, log): (u64, &str, &[u8]),
    checked: bool,
) -> Result<Unpacked, StoreError> {
    let unpacked = if checked {
        unpack(log, hash)?
    } else {
        unpack_unchecked(log)?
    };
    if unpacked.envelopes.len() as u64 != upto {
        return Err(StoreError::Corrupt(format!(
            "game {id}: its packed log holds {} envelopes, not {upto}",
            unpacked.envelopes.len()
        )));
    }
    Ok(unpacked)
}

/// Unpacks a log packed by [`pack`], recomputing its chain, whatever hash
/// it ends at (for a verification, which says where a log goes wrong).
pub(crate) fn unpack_unchecked(bytes: &[u8]) -> Result<Unpacked, StoreError> {
    let bad = |why: String| StoreError::Corrupt(format!("a packed log: {why}"));
    let Some((&FORMAT, deflated)) = bytes.split_first() else {
        return Err(bad("an unknown format".into()));
    };
    let mut json = Vec::new();
    DeflateDecoder::new(deflated)
        .take(MAX_INFLATED)
        .read_to_end(&mut json)
        .map_err(|e| bad(e.to_string()))?;
    let packed: Packed = serde_json::from_slice(&json).map_err(|e| bad(e.to_string()))?;
    let key = match &packed.k {
        None => None,
        Some(k) => Some(digest_of(k).ok_or_else(|| bad("a chain key".into()))?),
    };
    let mut envelopes = Vec::with_capacity(packed.entries.len());
    let mut prev_hash = ZERO_HASH.to_string();
    let mut at = 0i64;
    for (seq, entry) in (1..).zip(packed.entries) {
        at = at
            .checked_add(entry.t)
            .ok_or_else(|| bad("a time out of range".into()))?;
        let at = DateTime::from_timestamp_nanos(at);
        // Hashed from bytes as an append seals (`canonical::seal`), without
        // the stored bytes an append also writes.
        let event_json = canonical_bytes(&entry.e).map_err(|e| bad(e.to_string()))?;
        let commitment = match (entry.c, &key) {
            (Some(c), _) => Some(c),
            (None, Some(key)) => Some(commitment_of(key, seq, &event_json)),
            (None, None) => None,
        };
        // Chain v1 hashes the event itself; chain v2 its public form, when
        // it has one.
        let shown = match (&entry.p, &commitment) {
            (Some(public), Some(_)) => canonical_bytes(public).map_err(|e| bad(e.to_string()))?,
            _ => event_json,
        };
        let at_json = serde_json::to_vec(&at).map_err(|e| bad(e.to_string()))?;
        let actor = json_string(&entry.a);
        let action_id = entry.i.as_deref().map(json_string);
        let fields = SharedFields {
            at: &at_json,
            actor: &actor,
            action_id: action_id.as_deref(),
        };
        let hash = seal_hash(&fields, seq, &prev_hash, commitment.as_deref(), &shown);
        envelopes.push(Envelope {
            seq,
            at,
            actor: entry.a,
            action_id: entry.i,
            event: entry.e,
            public: entry.p,
            commitment,
            prev_hash: std::mem::replace(&mut prev_hash, hash.clone()),
            hash,
        });
    }
    let mut dedupe = packed
        .actions
        .into_iter()
        .map(|(action_id, first, count, digest)| {
            let digest = match digest {
                None => None,
                Some(hex) => Some(digest_of(&hex).ok_or_else(|| bad("a digest".into()))?),
            };
            Ok(DedupeExport {
                action_id,
                first,
                count,
                digest,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    dedupe.sort();
    let count = envelopes.len();
    Ok(Unpacked {
        envelopes,
        dedupe,
        source: Sha256::digest(bytes).into(),
        // Measured roughly: a parsed event takes about eight times its JSON
        // text, and an envelope's other fields (two hashes, a commitment,
        // the actor) about 300 bytes.
        bytes: json
            .len()
            .saturating_mul(8)
            .saturating_add(count.saturating_mul(300)),
    })
}

/// Parses envelope texts as stored (for [`pack`]).
pub(crate) fn parse(texts: &[String]) -> Result<Vec<Envelope>, StoreError> {
    texts
        .iter()
        .map(|t| decode_envelope(t.as_bytes()))
        .collect()
}

/// The text an envelope is stored as.
pub(crate) fn text(envelope: &Envelope) -> Result<String, StoreError> {
    serde_json::to_string(envelope).map_err(|e| StoreError::Io(format!("encode: {e}")))
}

fn digest_of(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 {
        return None;
    }
    let mut digest = [0u8; 32];
    for (byte, pair) in digest.iter_mut().zip(hex.as_bytes().chunks(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(digest)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::canonical::try_envelope_hash;
    use serde_json::json;

    /// A chain v2 log of `n` envelopes, some with a public form and an
    /// action id, as the store seals them.
    pub(crate) fn log_of(n: u64) -> Vec<Envelope> {
        let key = [7u8; 32];
        let mut prev = ZERO_HASH.to_string();
        let start = DateTime::parse_from_rfc3339("2026-11-30T02:44:25.424Z")
            .unwrap()
            .with_timezone(&Utc);
        (1..=n)
            .map(|seq| {
                let event = json!({"type": "rolled", "dice": [seq % 6, 3], "secret": seq * 7});
                let hidden = seq % 3 == 0;
                let mut envelope = Envelope {
                    seq,
                    at: start + chrono::Duration::microseconds(seq as i64 * 1_234_567),
                    actor: if seq % 2 == 0 {
                        "system".into()
                    } else {
                        "1".into()
                    },
                    action_id: (seq % 2 == 1).then(|| format!("1:bot-1-{seq}")),
                    public: hidden.then(|| json!({"type": "rolled", "dice": [seq % 6, 3]})),
                    commitment: Some(commitment(&key, seq, &event)),
                    event,
                    prev_hash: prev.clone(),
                    hash: String::new(),
                };
                envelope.hash = try_envelope_hash(&envelope).unwrap();
                prev.clone_from(&envelope.hash);
                envelope
            })
            .collect()
    }

    fn dedupe() -> Vec<DedupeExport> {
        vec![
            DedupeExport {
                action_id: "1:bot-1-1".into(),
                first: 1,
                count: 2,
                digest: Some([0xab; 32]),
            },
            DedupeExport {
                action_id: "1:bot-1-3".into(),
                first: 3,
                count: 1,
                digest: None,
            },
        ]
    }

    #[test]
    fn a_packed_log_unpacks_to_the_same_envelopes_and_texts() {
        let envelopes = log_of(300);
        let head = envelopes.last().unwrap().hash.clone();
        let packed = pack(&envelopes, &dedupe(), None).unwrap();
        let unpacked = unpack(&packed, &head).unwrap();
        assert_eq!(unpacked.envelopes, envelopes);
        assert_eq!(unpacked.dedupe, dedupe());
        for (a, b) in envelopes.iter().zip(&unpacked.envelopes) {
            assert_eq!(text(a).unwrap(), text(b).unwrap());
        }
        let stored: usize = envelopes.iter().map(|e| text(e).unwrap().len()).sum();
        assert!(packed.len() * 3 < stored, "{} of {stored}", packed.len());
    }

    #[test]
    fn with_the_chain_key_commitments_are_left_out_and_recomputed() {
        let envelopes = log_of(300);
        let head = envelopes.last().unwrap().hash.clone();
        let without = pack(&envelopes, &dedupe(), None).unwrap();
        let with = pack(&envelopes, &dedupe(), Some(&[7u8; 32])).unwrap();
        assert_eq!(unpack(&with, &head).unwrap().envelopes, envelopes);
        assert!(
            with.len() * 2 < without.len(),
            "{} {}",
            with.len(),
            without.len()
        );
        // Another key gives other commitments: each is then kept.
        let other = pack(&envelopes, &dedupe(), Some(&[8u8; 32])).unwrap();
        assert_eq!(unpack(&other, &head).unwrap().envelopes, envelopes);
    }

    #[test]
    fn an_empty_log_packs() {
        let packed = pack(&[], &[], None).unwrap();
        assert_eq!(unpack(&packed, ZERO_HASH).unwrap().envelopes, vec![]);
    }

    #[test]
    fn an_altered_packed_log_is_refused() {
        let mut envelopes = log_of(20);
        let head = envelopes.last().unwrap().hash.clone();
        envelopes[4].event["secret"] = json!(99);
        let packed = pack(&envelopes, &[], None).unwrap();
        assert!(matches!(
            unpack(&packed, &head),
            Err(StoreError::Corrupt(_))
        ));
        let good = pack(&log_of(20), &[], None).unwrap();
        assert!(unpack(&good[..good.len() / 2], &head).is_err(), "cut short");
        assert!(unpack(&[9, 1, 2], &head).is_err(), "another format");
        assert!(unpack(&[], &head).is_err(), "nothing");
    }

    #[test]
    fn envelopes_out_of_order_are_not_packed() {
        let mut envelopes = log_of(3);
        envelopes.swap(0, 1);
        assert!(pack(&envelopes, &[], None).is_err());
    }
}

#[cfg(test)]
mod bench {
    use super::*;

    /// `cargo test --release -p store --lib packed::bench -- --ignored --nocapture`
    #[test]
    #[ignore = "a benchmark: prints the cost of packing and unpacking"]
    fn bench_unpack() {
        let envelopes = super::tests::log_of(1306);
        let head = envelopes.last().unwrap().hash.clone();
        // As a finished game is packed: with its chain key.
        let packed = pack(&envelopes, &[], Some(&[7u8; 32])).unwrap();
        let t = std::time::Instant::now();
        let n = 50;
        for _ in 0..n {
            unpack(&packed, &head).unwrap();
        }
        println!(
            "unpack 1306 events: {:.2} ms, packed {} bytes",
            t.elapsed().as_secs_f64() * 1000.0 / f64::from(n),
            packed.len()
        );
        let t = std::time::Instant::now();
        for _ in 0..n {
            let mut json = Vec::new();
            DeflateDecoder::new(&packed[1..])
                .read_to_end(&mut json)
                .unwrap();
            let _: Packed = serde_json::from_slice(&json).unwrap();
        }
        println!(
            "inflate + parse: {:.2} ms",
            t.elapsed().as_secs_f64() * 1000.0 / f64::from(n)
        );
    }
}
