//! The log's hash chain, as anyone checks it: the canonical JSON an
//! envelope's hash covers, the hash itself, the commitment that hides an
//! event until its game's seed is public, and the keys and seeds derived
//! from that seed. The store seals envelopes by these definitions (with a
//! faster byte-level writer it tests against them); `bang-verify` and the
//! audit check them. Pure: no I/O, no clock, no randomness.

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::Seed;

/// The `prev_hash` of a game's first envelope (and the `head_hash` of an empty
/// game): 64 zeros.
pub const ZERO_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The fields a chain v2 envelope may carry; any other is a forgery.
pub const V2_FIELDS: &[&str] = &[
    "seq",
    "at",
    "actor",
    "action_id",
    "event",
    "public",
    "commitment",
    "prev_hash",
    "hash",
];

/// Compact JSON with the keys of every object sorted (by their UTF-8 bytes),
/// recursively.
///
/// The result does not depend on the order a `serde_json::Map` keeps its keys
/// in (some crate of a build may enable `preserve_order`). Strings are
/// escaped and numbers written exactly as `serde_json` writes them.
pub fn canonical_json(value: &Value) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    write_value(&mut out, value);
    out
}

fn write_value(out: &mut Vec<u8>, value: &Value) {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::String(s) => write_json_string(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_value(out, item);
            }
            out.push(b']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out.push(b'{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_json_string(out, key);
                out.push(b':');
                write_value(out, item);
            }
            out.push(b'}');
        }
    }
}

/// Appends `s` as a JSON string literal, escaped as `serde_json` escapes it.
pub fn write_json_string(out: &mut Vec<u8>, s: &str) {
    // Writing a `str` into a `Vec` cannot fail; the fallback is never taken
    // but keeps this function free of panics.
    if serde_json::to_writer(&mut *out, s).is_err() {
        out.extend_from_slice(b"\"\"");
    }
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.extend_from_slice(&[DIGITS[usize::from(b >> 4)], DIGITS[usize::from(b & 0x0f)]]);
    }
    // Only ASCII digits were written: the fallback is never taken.
    String::from_utf8(out).unwrap_or_default()
}

/// `hex(SHA-256(prev_hash ++ canonical_json(unsigned)))`, where `prev_hash`
/// is taken as the bytes of its hex text: the hash of an envelope whose
/// hashed form is `unsigned`.
pub fn chain_hash(prev_hash: &str, unsigned: &Value) -> String {
    let mut hasher = Sha256::new();
    hasher.update(prev_hash.as_bytes());
    hasher.update(canonical_json(unsigned));
    hex(&hasher.finalize())
}

/// The secret key of a game's chain v2 (each event's commitment is salted
/// with a hash of it and the seq): SHA-256 of a label and the game's seed,
/// so anyone derives it once the seed is revealed, nobody before.
pub fn chain_key(seed: &Seed) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"bang/chain-key/v2");
    hasher.update(seed.0);
    hasher.finalize().into()
}

/// The secret salt of envelope `seq` in a chain v2 game with chain key `key`:
/// SHA-256(key ++ seq as 8 big-endian bytes). Unguessable without the key, so
/// a commitment says nothing about a hidden event with few possible values.
pub fn event_salt(key: &[u8; 32], seq: u64) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(key);
    hasher.update(seq.to_be_bytes());
    hasher.finalize().into()
}

/// The commitment of envelope `seq` to its whole event:
/// `hex(SHA-256(event_salt(key, seq) ++ canonical_json(event)))`.
pub fn commitment(key: &[u8; 32], seq: u64, event: &Value) -> String {
    commitment_of(key, seq, &canonical_json(event))
}

/// [`commitment`] from the event's canonical JSON.
pub fn commitment_of(key: &[u8; 32], seq: u64, event_canonical: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(event_salt(key, seq));
    hasher.update(event_canonical);
    hex(&hasher.finalize())
}

/// The seed of a table whose players added entropy: SHA-256 of a label, the
/// server's committed seed and each contribution (its seat, the length of
/// its text in bytes as 8 little-endian bytes, and the text), in order. The
/// server committed to its seed before seeing any contribution and no player
/// knows that seed, so nobody could steer the outcome.
pub fn seed_with_entropy<'a>(
    server_seed: &Seed,
    contributions: impl IntoIterator<Item = (u8, &'a str)>,
) -> Seed {
    let mut hasher = Sha256::new();
    hasher.update(b"bang/seed-with-entropy/v1");
    hasher.update(server_seed.0);
    for (seat, text) in contributions {
        hasher.update([seat]);
        hasher.update((text.len() as u64).to_le_bytes());
        hasher.update(text.as_bytes());
    }
    Seed(hasher.finalize().into())
}

/// The chain scheme of a game from its first envelope: 2 if it carries a
/// commitment, else 1.
pub fn scheme_of(first: &Value) -> u8 {
    match first {
        Value::Object(map) if map.contains_key("commitment") => 2,
        _ => 1,
    }
}

/// Checks one envelope against the chain: its seq is `expect`, its
/// `prev_hash` is `prev`, its hash is right for its scheme (1 or 2) and, in
/// chain v2 with the game's `key`, its commitment covers its event. Returns
/// its hash, or `None` if anything is wrong.
///
/// Chain v1 hashes the envelope as given minus `hash`; chain v2 hashes its
/// `actor`, `at`, `commitment`, public event (`public`, else `event`),
/// `prev_hash` and `seq`, leaving out the sender's private `action_id`.
pub fn check_envelope(
    envelope: &Value,
    expect: u64,
    prev: &str,
    scheme: u8,
    key: Option<&[u8; 32]>,
) -> Option<String> {
    let Value::Object(map) = envelope else {
        return None;
    };
    let hash = map.get("hash")?.as_str()?;
    if map.get("seq")?.as_u64()? != expect || map.get("prev_hash")?.as_str()? != prev {
        return None;
    }
    if scheme == 2 {
        if map.keys().any(|k| !V2_FIELDS.contains(&k.as_str())) {
            return None;
        }
        let event = map.get("event")?;
        let committed = map.get("commitment")?.as_str()?;
        let mut unsigned = serde_json::Map::new();
        for field in ["actor", "at", "commitment", "prev_hash", "seq"] {
            unsigned.insert(field.into(), map.get(field)?.clone());
        }
        unsigned.insert("event".into(), map.get("public").unwrap_or(event).clone());
        let ok = chain_hash(prev, &Value::Object(unsigned)) == hash
            && key.is_none_or(|k| commitment(k, expect, event) == committed);
        return ok.then(|| hash.to_owned());
    }
    if map.contains_key("commitment") {
        return None;
    }
    let mut unsigned = map.clone();
    unsigned.remove("hash");
    (chain_hash(prev, &Value::Object(unsigned)) == hash).then(|| hash.to_owned())
}

/// Seals one chain v2 envelope (the reference the store's byte-level writer
/// is tested against, and what a test or a tool that writes a log without
/// a store uses): `seq` after `prev`, at time `at` (RFC 3339) by `actor`,
/// committing to `event` under `key` and hashing `public` (the event as a
/// spectator sees it, when that differs) in its place.
pub fn seal_v2(
    key: &[u8; 32],
    seq: u64,
    prev: &str,
    at: &str,
    actor: &str,
    event: Value,
    public: Option<Value>,
) -> Value {
    let mut unsigned = serde_json::Map::new();
    unsigned.insert("actor".into(), Value::from(actor));
    unsigned.insert("at".into(), Value::from(at));
    unsigned.insert(
        "commitment".into(),
        Value::from(commitment(key, seq, &event)),
    );
    unsigned.insert(
        "event".into(),
        public.clone().unwrap_or_else(|| event.clone()),
    );
    unsigned.insert("prev_hash".into(), Value::from(prev));
    unsigned.insert("seq".into(), Value::from(seq));
    let hash = chain_hash(prev, &Value::Object(unsigned.clone()));
    unsigned.insert("event".into(), event);
    if let Some(public) = public {
        unsigned.insert("public".into(), public);
    }
    unsigned.insert("hash".into(), Value::from(hash));
    Value::Object(unsigned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, json};

    fn text(v: &Value) -> String {
        String::from_utf8(canonical_json(v)).unwrap()
    }

    #[test]
    fn canonical_json_sorts_keys_by_bytes_recursively_and_is_compact() {
        let v = json!({"b": 1, "a": {"z": [true, null], "é": "x", "Z": 1.5}});
        assert_eq!(text(&v), r#"{"a":{"Z":1.5,"z":[true,null],"é":"x"},"b":1}"#);
        let mut map = Map::new();
        for key in ["é", "b", "Z", "a"] {
            map.insert(key.into(), Value::Null);
        }
        assert_eq!(
            text(&Value::Object(map)),
            r#"{"Z":null,"a":null,"b":null,"é":null}"#
        );
    }

    #[test]
    fn hex_and_the_zero_hash() {
        assert_eq!(hex(&[0x00, 0xab, 0x0f]), "00ab0f");
        assert_eq!(ZERO_HASH.len(), 64);
    }

    /// A chain of two v2 envelopes as the store seals them checks, and each
    /// change is caught at its envelope.
    #[test]
    fn a_v2_chain_checks_and_a_change_is_caught_where_it_is() {
        let key = chain_key(&Seed::from_u64(7));
        let seal = |seq: u64, prev: &str, event: Value, public: Option<Value>| {
            let mut e = json!({
                "seq": seq, "at": "2026-11-29T08:00:00Z", "actor": "0",
                "action_id": "private", "event": event,
                "commitment": commitment(&key, seq, &event), "prev_hash": prev,
            });
            if let Some(p) = public {
                e["public"] = p;
            }
            let mut unsigned = e.clone();
            let map = unsigned.as_object_mut().unwrap();
            map.remove("action_id");
            if let Some(p) = map.remove("public") {
                map.insert("event".into(), p);
            }
            e["hash"] = Value::String(chain_hash(prev, &unsigned));
            e
        };
        let first = seal(
            1,
            ZERO_HASH,
            json!({"drew": 12}),
            Some(json!({"drew": null})),
        );
        let h1 = first["hash"].as_str().unwrap().to_owned();
        let second = seal(2, &h1, json!({"rolled": 3}), None);
        let mut sealed = first.clone();
        sealed.as_object_mut().unwrap().remove("action_id");
        let reference = seal_v2(
            &key,
            1,
            ZERO_HASH,
            "2026-11-29T08:00:00Z",
            "0",
            json!({"drew": 12}),
            Some(json!({"drew": null})),
        );
        assert_eq!(reference, sealed, "the reference sealer seals the same");
        assert_eq!(scheme_of(&first), 2);
        assert_eq!(
            check_envelope(&first, 1, ZERO_HASH, 2, Some(&key)),
            Some(h1.clone())
        );
        assert!(check_envelope(&second, 2, &h1, 2, Some(&key)).is_some());
        // The hidden card changed: the chain (over the public form) holds,
        // the commitment does not.
        let mut forged = first.clone();
        forged["event"] = json!({"drew": 13});
        assert!(check_envelope(&forged, 1, ZERO_HASH, 2, None).is_some());
        assert_eq!(check_envelope(&forged, 1, ZERO_HASH, 2, Some(&key)), None);
        // Out of place, or with a field added: refused.
        assert_eq!(check_envelope(&second, 3, &h1, 2, Some(&key)), None);
        let mut extra = second.clone();
        extra["note"] = json!("x");
        assert_eq!(check_envelope(&extra, 2, &h1, 2, Some(&key)), None);
    }

    #[test]
    fn the_entropy_seed_depends_on_every_contribution_and_its_order() {
        let server = Seed::from_u64(1);
        let a = seed_with_entropy(&server, [(0, "ab"), (1, "c")]);
        assert_ne!(a, seed_with_entropy(&server, [(1, "c"), (0, "ab")]));
        assert_ne!(a, seed_with_entropy(&server, [(0, "a"), (1, "bc")]));
        assert_eq!(a, seed_with_entropy(&server, [(0, "ab"), (1, "c")]));
    }
}
