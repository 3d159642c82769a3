//! Envelope hashes as the store writes them: the chain's definitions are the
//! engine's ([`engine::core::chain`], which `bang-verify` checks a record
//! by); here are the [`Envelope`]'s hash and a byte-level sealer that gives
//! the same bytes without building a `Value` per event.

use serde_json::Value;
use sha2::{Digest, Sha256};

pub use engine::core::chain::{
    ZERO_HASH, canonical_json, chain_hash, commitment, commitment_of, event_salt, hex,
};

use crate::Envelope;

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
    if let Some(commitment) = &envelope.commitment {
        // Chain v2: the public form and the commitment; the action id (an
        // idempotency key, private to its sender) is left out.
        let mut map = serde_json::Map::new();
        map.insert("actor".into(), Value::String(envelope.actor.clone()));
        map.insert("at".into(), serde_json::to_value(envelope.at)?);
        map.insert("commitment".into(), Value::String(commitment.clone()));
        map.insert("event".into(), envelope.shown().clone());
        map.insert(
            "prev_hash".into(),
            Value::String(envelope.prev_hash.clone()),
        );
        map.insert("seq".into(), Value::from(envelope.seq));
        return Ok(chain_hash(&envelope.prev_hash, &Value::Object(map)));
    }
    let mut value = serde_json::to_value(envelope)?;
    if let Value::Object(map) = &mut value {
        map.remove("hash");
    }
    Ok(chain_hash(&envelope.prev_hash, &value))
}

/// An event encoded ahead of its write (by the caller, off the writer thread).
pub(crate) struct EncodedEvent {
    /// `canonical_json(event)`: what the envelope's hash covers; `None` when
    /// it is `plain` (see [`plain_is_canonical`]).
    canonical: Option<Vec<u8>>,
    /// `serde_json::to_vec(event)`: what is stored.
    pub(crate) plain: Vec<u8>,
    /// Chain v2: the event's public form, when it differs from the event:
    /// its canonical JSON (hashed) and its plain JSON (stored).
    public: Option<(Vec<u8>, Vec<u8>)>,
    /// Chain v2: the envelope's commitment (hex).
    commitment: Option<String>,
}

impl EncodedEvent {
    /// A chain v1 event.
    pub(crate) fn new(event: &Value) -> Result<EncodedEvent, serde_json::Error> {
        let plain = serde_json::to_vec(event)?;
        let canonical = (!plain_is_canonical()).then(|| canonical_json(event));
        Ok(EncodedEvent {
            canonical,
            plain,
            public: None,
            commitment: None,
        })
    }

    /// A chain v2 event at `seq`: its public form (if it differs) and its
    /// commitment under `key`.
    pub(crate) fn committed(
        event: &Value,
        public: Option<&Value>,
        key: &[u8; 32],
        seq: u64,
    ) -> Result<EncodedEvent, serde_json::Error> {
        let mut encoded = EncodedEvent::new(event)?;
        encoded.commitment = Some(commitment_of(key, seq, encoded.canonical()));
        if let Some(public) = public.filter(|p| *p != event) {
            encoded.public = Some((canonical_json(public), serde_json::to_vec(public)?));
        }
        Ok(encoded)
    }

    /// Chain v2: the envelope's commitment.
    pub(crate) fn commitment(&self) -> Option<&str> {
        self.commitment.as_deref()
    }

    /// `canonical_json(event)`.
    pub(crate) fn canonical(&self) -> &[u8] {
        self.canonical.as_deref().unwrap_or(&self.plain)
    }

    /// The canonical JSON the chain hash covers as the event: the public
    /// form if there is one.
    fn shown(&self) -> &[u8] {
        match &self.public {
            Some((canonical, _)) => canonical,
            None => self.canonical(),
        }
    }
}

/// Whether `serde_json::to_vec(value) == canonical_json(value)` for every
/// `Value`: true when `serde_json::Map` keeps its keys sorted (a `BTreeMap`,
/// unless some crate of the build enables `preserve_order`), since both write
/// compact JSON with the same string escapes and number formats. Checked once,
/// at run time, on a map whose insertion order is not its byte order.
fn plain_is_canonical() -> bool {
    static SORTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SORTED.get_or_init(|| {
        let mut map = serde_json::Map::new();
        for key in ["é", "b", "Z", "a"] {
            map.insert(key.into(), Value::Null);
        }
        let value = Value::Object(map);
        serde_json::to_vec(&value).is_ok_and(|plain| plain == canonical_json(&value))
    })
}

/// `canonical_json(value)`, written by `serde_json` itself when its own text
/// is canonical ([`plain_is_canonical`]): what a read hashes of a stored event.
pub(crate) fn canonical_bytes(value: &Value) -> Result<Vec<u8>, serde_json::Error> {
    if plain_is_canonical() {
        serde_json::to_vec(value)
    } else {
        Ok(canonical_json(value))
    }
}

/// `s` as a JSON string literal, escaped as `serde_json` escapes it.
pub(crate) fn json_string(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    engine::core::chain::write_json_string(&mut out, s);
    out
}

/// The envelope fields one append shares, each already JSON text (see
/// [`json_string`]; `at` is `serde_json::to_vec` of the timestamp).
pub(crate) struct SharedFields<'a> {
    pub(crate) at: &'a [u8],
    pub(crate) actor: &'a [u8],
    /// `None` when the append has no action id (the field is then omitted).
    pub(crate) action_id: Option<&'a [u8]>,
}

/// The hash of envelope `seq` (what [`envelope_hash`] gives for it), from
/// its parts as JSON text: `shown` is the canonical JSON of its event, or
/// of its public form when it has one (chain v2, with its `commitment`).
pub(crate) fn seal_hash(
    fields: &SharedFields<'_>,
    seq: u64,
    prev_hash: &str,
    commitment: Option<&str>,
    shown: &[u8],
) -> String {
    // The canonical unsigned envelope: keys in byte order, no `hash`. Chain
    // v1: action_id, actor, at, event, prev_hash, seq. Chain v2: actor, at,
    // commitment, event (its public form), prev_hash, seq.
    let mut hasher = Sha256::new();
    hasher.update(prev_hash.as_bytes());
    hasher.update(b"{");
    if let (Some(action_id), None) = (fields.action_id, commitment) {
        hasher.update(b"\"action_id\":");
        hasher.update(action_id);
        hasher.update(b",");
    }
    hasher.update(b"\"actor\":");
    hasher.update(fields.actor);
    hasher.update(b",\"at\":");
    hasher.update(fields.at);
    if let Some(commitment) = commitment {
        hasher.update(b",\"commitment\":\"");
        hasher.update(commitment.as_bytes());
        hasher.update(b"\"");
    }
    hasher.update(b",\"event\":");
    hasher.update(shown);
    hasher.update(b",\"prev_hash\":");
    hasher.update(json_string(prev_hash));
    hasher.update(b",\"seq\":");
    hasher.update(seq.to_string().as_bytes());
    hasher.update(b"}");
    hex(&hasher.finalize())
}

/// Envelope `seq` of an append, from its pre-encoded parts: its hash (what
/// [`envelope_hash`] gives for it) and its stored bytes (what `serde_json`
/// writes for it), without building the envelope or a `Value`.
pub(crate) fn seal(
    fields: &SharedFields<'_>,
    seq: u64,
    prev_hash: &str,
    event: &EncodedEvent,
) -> (String, Vec<u8>) {
    let hash = seal_hash(
        fields,
        seq,
        prev_hash,
        event.commitment.as_deref(),
        event.shown(),
    );
    let seq_text = seq.to_string();
    let prev_json = json_string(prev_hash);

    // The stored envelope, in `Envelope`'s field order.
    let mut out = Vec::with_capacity(
        128 + fields.at.len()
            + fields.actor.len()
            + fields.action_id.map_or(0, <[u8]>::len)
            + event.plain.len()
            + event
                .public
                .as_ref()
                .map_or(0, |(_, plain)| plain.len() + 10)
            + event.commitment.as_ref().map_or(0, |c| c.len() + 16)
            + 2 * prev_json.len(),
    );
    out.extend_from_slice(b"{\"seq\":");
    out.extend_from_slice(seq_text.as_bytes());
    out.extend_from_slice(b",\"at\":");
    out.extend_from_slice(fields.at);
    out.extend_from_slice(b",\"actor\":");
    out.extend_from_slice(fields.actor);
    if let Some(action_id) = fields.action_id {
        out.extend_from_slice(b",\"action_id\":");
        out.extend_from_slice(action_id);
    }
    out.extend_from_slice(b",\"event\":");
    out.extend_from_slice(&event.plain);
    if let Some((_, plain)) = &event.public {
        out.extend_from_slice(b",\"public\":");
        out.extend_from_slice(plain);
    }
    if let Some(commitment) = &event.commitment {
        out.extend_from_slice(b",\"commitment\":\"");
        out.extend_from_slice(commitment.as_bytes());
        out.extend_from_slice(b"\"");
    }
    out.extend_from_slice(b",\"prev_hash\":");
    out.extend_from_slice(&prev_json);
    out.extend_from_slice(b",\"hash\":\"");
    out.extend_from_slice(hash.as_bytes());
    out.extend_from_slice(b"\"}");
    (hash, out)
}

#[cfg(test)]
mod tests {
    use super::{
        EncodedEvent, SharedFields, ZERO_HASH, canonical_json, commitment, envelope_hash, hex,
        json_string, seal,
    };
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
            public: None,
            commitment: None,
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

    #[test]
    fn seal_matches_the_envelope_serialization_and_hash() {
        let times = [
            "2024-05-01T12:00:00Z",
            "2024-05-01T12:00:00.120Z",
            "1999-12-31T23:59:59.999999999Z",
        ];
        let events = [
            json!({"type": "started", "seats": 4}),
            json!({"z": [1, -2, 3.25, 1e-7, u64::MAX], "a": {"y": null, "x": "q\"\\\n\u{1}é\u{2028}"}}),
            json!("just a string"),
            json!(null),
            json!([]),
            json!({"é": 1, "z": {}, "Z": [{}]}),
        ];
        let actors = ["system", "3", "\"odd\\actor\"\t☃"];
        let action_ids = [None, Some("act-1"), Some("\u{0}\u{7f}\\\"é")];
        let prevs = [ZERO_HASH, "ab12", "not\"hex"];
        let mut checked = 0;
        for (i, time) in times.iter().enumerate() {
            let at = chrono::DateTime::parse_from_rfc3339(time)
                .expect("date")
                .to_utc();
            let at_json = serde_json::to_vec(&at).expect("at");
            for (j, event) in events.iter().enumerate() {
                for actor in actors {
                    for action_id in action_ids {
                        let prev = prevs[(i + j) % prevs.len()];
                        let seq = [1, 9, 10, 12345, u64::MAX][(i + j) % 5];
                        let actor_json = json_string(actor);
                        let action_json = action_id.map(json_string);
                        let fields = SharedFields {
                            at: &at_json,
                            actor: &actor_json,
                            action_id: action_json.as_deref(),
                        };
                        let encoded = EncodedEvent::new(event).expect("encode");
                        assert_eq!(encoded.canonical(), canonical_json(event));
                        let (hash, stored) = seal(&fields, seq, prev, &encoded);
                        let mut envelope = Envelope {
                            seq,
                            at,
                            actor: actor.into(),
                            action_id: action_id.map(str::to_owned),
                            event: event.clone(),
                            public: None,
                            commitment: None,
                            prev_hash: prev.into(),
                            hash: String::new(),
                        };
                        assert_eq!(hash, envelope_hash(&envelope));
                        envelope.hash = hash;
                        assert_eq!(
                            String::from_utf8(stored.clone()).expect("utf-8"),
                            serde_json::to_string(&envelope).expect("json")
                        );
                        let back: Envelope = serde_json::from_slice(&stored).expect("parse");
                        assert_eq!(back, envelope);
                        checked += 1;

                        // Chain v2, with and without a public form.
                        let key = [7u8; 32];
                        for public in [None, Some(json!({"type": "hidden", "x": null}))] {
                            let encoded =
                                EncodedEvent::committed(event, public.as_ref(), &key, seq)
                                    .expect("encode");
                            let (hash, stored) = seal(&fields, seq, prev, &encoded);
                            let mut envelope = Envelope {
                                public: public.clone(),
                                commitment: Some(commitment(&key, seq, event)),
                                hash: String::new(),
                                ..envelope.clone()
                            };
                            assert_eq!(hash, envelope_hash(&envelope));
                            envelope.hash = hash;
                            assert_eq!(
                                String::from_utf8(stored.clone()).expect("utf-8"),
                                serde_json::to_string(&envelope).expect("json")
                            );
                            let back: Envelope = serde_json::from_slice(&stored).expect("parse");
                            assert_eq!(back, envelope);
                            // The action id (an idempotency key, not a fact
                            // of the game) is neither hashed nor committed to.
                            let other = Envelope {
                                action_id: Some("other".into()),
                                ..envelope.clone()
                            };
                            assert_eq!(envelope_hash(&other), envelope.hash);
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 3 * 6 * 3 * 3);
    }
}
