//! With the `openapi` feature: every member of a tagged enum's `oneOf` is
//! titled with its wire name.

use super::*;
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
        let title = m["title"].as_str().unwrap_or_else(|| panic!("{name}: {m}"));
        assert!(names(m, tag).iter().any(|n| n == title), "{name}: {title}");
    }
}

#[test]
fn every_tagged_enum_variant_has_its_wire_name_as_title() {
    titled::<Action>("Action", "type", 29);
    titled::<Decision>("Decision", "kind", 23);
    titled::<Event>("Event", "type", 77);
    titled::<Effect>("Effect", "kind", 8);
    titled::<DrawFrom>("DrawFrom", "", 3);
}
