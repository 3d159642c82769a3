//! Canonical JSON and envelope hashes: the bytes an envelope's hash is
//! computed over, and the hash itself.

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::Envelope;

/// The `prev_hash` of a game's first envelope (and the `head_hash` of an empty
/// game): 64 zeros.
pub const ZERO_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The hash `envelope` must carry:
/// `hex(SHA-256(prev_hash ++ canonical_json(envelope without its hash field)))`,
/// where `prev_hash` is taken as the bytes of its hex text. The envelope's own
/// `hash` field is ignored.
pub fn envelope_hash(envelope: &Envelope) -> String {
    // Serializing an `Envelope` to a `Value` cannot fail (strings, integers,
    // a timestamp and a `Value`); an empty string would never match a hash.
    try_envelope_hash(envelope).unwrap_or_default()
}

pub(crate) fn try_envelope_hash(envelope: &Envelope) -> Result<String, serde_json::Error> {
    let mut value = serde_json::to_value(envelope)?;
    if let Value::Object(map) = &mut value {
        map.remove("hash");
    }
    Ok(chain_hash(&envelope.prev_hash, &value))
}

/// `hex(SHA-256(prev_hash ++ canonical_json(unsigned)))`.
pub(crate) fn chain_hash(prev_hash: &str, unsigned: &Value) -> String {
    let mut hasher = Sha256::new();
    hasher.update(prev_hash.as_bytes());
    hasher.update(canonical_json(unsigned));
    hex(&hasher.finalize())
}

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

/// Compact JSON with the keys of every object sorted (by their UTF-8 bytes),
/// recursively.
///
/// The result does not depend on the order a `serde_json::Map` keeps its keys
/// in (another crate of the workspace may enable `preserve_order`). Strings are
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
        Value::String(s) => write_string(out, s),
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
                write_string(out, key);
                out.push(b':');
                write_value(out, item);
            }
            out.push(b'}');
        }
    }
}

fn write_string(out: &mut Vec<u8>, s: &str) {
    // Writing a `str` into a `Vec` cannot fail; the fallback is never taken
    // but keeps this function free of panics.
    if serde_json::to_writer(&mut *out, s).is_err() {
        out.extend_from_slice(b"\"\"");
    }
}

#[cfg(test)]
mod tests {
    use super::{ZERO_HASH, canonical_json, envelope_hash, hex};
    use crate::Envelope;
    use serde_json::{Map, Value, json};

    fn text(v: &Value) -> String {
        String::from_utf8(canonical_json(v)).expect("utf-8")
    }

    #[test]
    fn scalars() {
        assert_eq!(text(&json!(null)), "null");
        assert_eq!(text(&json!(true)), "true");
        assert_eq!(text(&json!(false)), "false");
        assert_eq!(text(&json!(0)), "0");
        assert_eq!(text(&json!(-17)), "-17");
        assert_eq!(text(&json!(u64::MAX)), "18446744073709551615");
        assert_eq!(text(&json!(1.5)), "1.5");
        assert_eq!(text(&json!("a\"b\\c\n\u{1}é")), r#""a\"b\\c\n\u0001é""#);
    }

    #[test]
    fn keys_sorted_recursively_and_compact() {
        let v = json!({
            "zeta": [3, {"b": 1, "a": [ {"y": 0, "x": null} ]}],
            "alpha": {"k2": "v", "k1": {"d": 1, "c": 2}},
            "Beta": true,
        });
        assert_eq!(
            text(&v),
            r#"{"Beta":true,"alpha":{"k1":{"c":2,"d":1},"k2":"v"},"zeta":[3,{"a":[{"x":null,"y":0}],"b":1}]}"#
        );
    }

    #[test]
    fn independent_of_insertion_order() {
        let mut a = Map::new();
        a.insert("b".into(), json!(2));
        a.insert("a".into(), json!(1));
        a.insert("c".into(), json!({"z": 1, "y": 2}));
        let mut b = Map::new();
        b.insert("c".into(), json!({"y": 2, "z": 1}));
        b.insert("a".into(), json!(1));
        b.insert("b".into(), json!(2));
        assert_eq!(
            canonical_json(&Value::Object(a)),
            canonical_json(&Value::Object(b))
        );
    }

    #[test]
    fn sorted_by_bytes_not_chars() {
        // 'é' (0xC3 0xA9) sorts after 'z' (0x7A) byte-wise.
        let v = json!({"é": 1, "z": 2, "a": 3});
        assert_eq!(text(&v), r#"{"a":3,"z":2,"é":1}"#);
    }

    #[test]
    fn empty_containers() {
        assert_eq!(text(&json!({})), "{}");
        assert_eq!(text(&json!([])), "[]");
        assert_eq!(text(&json!({"a": {}, "b": []})), r#"{"a":{},"b":[]}"#);
    }

    #[test]
    fn round_trips_through_serde_json() {
        let v = json!({"n": [1, -2, 3.25, 1e-7], "s": "x", "o": {"q": null}});
        let bytes = canonical_json(&v);
        let back: Value = serde_json::from_slice(&bytes).expect("valid json");
        assert_eq!(back, v);
        assert_eq!(canonical_json(&back), bytes);
    }

    #[test]
    fn hex_and_zero_hash() {
        assert_eq!(hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
        assert_eq!(ZERO_HASH.len(), 64);
        assert!(ZERO_HASH.bytes().all(|b| b == b'0'));
    }

    #[test]
    fn envelope_hash_ignores_hash_field_and_covers_the_rest() {
        let at = chrono::DateTime::parse_from_rfc3339("2024-05-01T12:00:00.123456Z")
            .expect("date")
            .to_utc();
        let mut env = Envelope {
            seq: 1,
            at,
            actor: "system".into(),
            action_id: None,
            event: json!({"type": "started", "seats": 4}),
            prev_hash: ZERO_HASH.into(),
            hash: String::new(),
        };
        let h = envelope_hash(&env);
        assert_eq!(h.len(), 64);
        // Known answer: SHA-256 of prev_hash ++ the canonical unsigned envelope.
        let unsigned = r#"{"actor":"system","at":"2024-05-01T12:00:00.123456Z","event":{"seats":4,"type":"started"},"prev_hash":"0000000000000000000000000000000000000000000000000000000000000000","seq":1}"#;
        let mut bytes = ZERO_HASH.as_bytes().to_vec();
        bytes.extend_from_slice(unsigned.as_bytes());
        use sha2::Digest;
        assert_eq!(h, hex(&sha2::Sha256::digest(&bytes)));

        env.hash = "anything".into();
        assert_eq!(envelope_hash(&env), h);
        env.event = json!({"type": "started", "seats": 5});
        assert_ne!(envelope_hash(&env), h);
        env.event = json!({"type": "started", "seats": 4});
        env.action_id = Some("a1".into());
        assert_ne!(envelope_hash(&env), h);
    }
}
