//! With the `openapi` feature: every member of a tagged enum's `oneOf` is
//! titled with its wire name.

use super::*;
use crate::bang::{DodgeAction, DodgeEvent, GoldAction, TrainAction};
use serde_json::Value;
use utoipa::PartialSchema;

/// The names a `oneOf` member may stand for: the tag's one value, a string
/// enum's one value, or the one property of an externally tagged variant.
fn names(member: &Value, tag: &str) -> Vec<String> {
    let mut out = Vec::new();
    for v in [&member["properties"][tag]["enum"], &member["enum"]] {
        if let Some([Value::String(s)]) = v.as_array().map(Vec::as_slice) {
            out.push(s.clone());
        }
    }
    if let Some(props) = member["properties"].as_object()
        && props.len() == 1
    {
        out.extend(props.keys().cloned());
    }
    for part in member["allOf"].as_array().into_iter().flatten() {
        out.extend(names(part, tag));
    }
    out
}

fn titled<T: PartialSchema>(name: &str, tag: &str, variants: usize) {
    let schema = serde_json::to_value(T::schema()).unwrap();
    let members = schema["oneOf"].as_array().expect("a oneOf");
    assert_eq!(members.len(), variants, "{name}");
    for m in members {
        if nests_events(m) {
            continue; // an expansion's enum: titled by its own test below
        }
        let title = m["title"].as_str().unwrap_or_else(|| panic!("{name}: {m}"));
        assert!(names(m, tag).iter().any(|n| n == title), "{name}: {title}");
    }
}

/// Whether `member` is an expansion's nested event or decision enum (the
/// document builder lists its variants in the card game's events or
/// decisions, a decision titled from its enum's `DOCS`).
fn nests_events(member: &Value) -> bool {
    member["allOf"][0]["$ref"].as_str().is_some_and(|r| {
        [
            "bang.GoldEvent",
            "bang.TrainEvent",
            "bang.DodgeEvent",
            "bang.GoldDecision",
            "bang.DodgeDecision",
            "bang.TrainDecision",
        ]
        .iter()
        .any(|nested| r.ends_with(nested))
    })
}

#[test]
fn every_tagged_enum_variant_has_its_wire_name_as_title() {
    // 37 actions on the wire: the base's 13, Gold Rush's 5, the train's 11,
    // Dodge City's 8 (nested, read by their own tags; the API document
    // joins them).
    titled::<Action>("Action", "type", 13);
    titled::<GoldAction>("GoldAction", "type", 5);
    titled::<TrainAction>("TrainAction", "type", 11);
    titled::<DodgeAction>("DodgeAction", "type", 8);
    // 25 decisions on the wire: the base's 12 (and the 3 nested enums),
    // Gold Rush's 2, the train's 9, Dodge City's 2 (titled from their `DOCS`).
    titled::<Decision>("Decision", "kind", 15);
    assert_eq!(
        crate::bang::GoldDecision::DOCS.len()
            + crate::bang::TrainDecision::DOCS.len()
            + crate::bang::DodgeDecision::DOCS.len(),
        13
    );
    // 83 events on the wire: the base's 43 (and the 3 nested enums), Gold
    // Rush's 12, the train's 22, Dodge City's 6.
    titled::<Event>("Event", "type", 46);
    titled::<GoldEvent>("GoldEvent", "type", 12);
    titled::<TrainEvent>("TrainEvent", "type", 22);
    titled::<DodgeEvent>("DodgeEvent", "type", 6);
    titled::<Effect>("Effect", "kind", 8);
    titled::<DrawFrom>("DrawFrom", "", 3);
}
