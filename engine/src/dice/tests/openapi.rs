//! The OpenAPI schemas of the tagged enums (with the `openapi` feature): every
//! `oneOf` member is titled with its wire name, so the API docs list `roll`,
//! `shoot`, … rather than `object | object | …`.

use super::*;
use crate::core::Viewer;
use serde_json::Value;
use utoipa::PartialSchema;

/// The wire name a `oneOf` member stands for: its tag value (internally
/// tagged, possibly inside an `allOf`), its string value (a unit variant of an
/// externally tagged enum) or its only property (a variant with data).
fn wire_name(member: &Value, tag: Option<&str>) -> Option<String> {
    if let Some([Value::String(s)]) = member["enum"].as_array().map(Vec::as_slice) {
        return Some(s.clone());
    }
    if let Some(tag) = tag
        && let Some([Value::String(s)]) = member["properties"][tag]["enum"]
            .as_array()
            .map(Vec::as_slice)
    {
        return Some(s.clone());
    }
    if let Some(parts) = member["allOf"].as_array() {
        return parts.iter().find_map(|p| wire_name(p, tag));
    }
    match (tag, member["properties"].as_object()) {
        (None, Some(props)) if props.len() == 1 => props.keys().next().cloned(),
        _ => None,
    }
}

/// Every `description` in `v`, at any depth.
fn descriptions<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                match (k.as_str(), x) {
                    ("description", Value::String(s)) => out.push(s),
                    _ => descriptions(x, out),
                }
            }
        }
        Value::Array(xs) => xs.iter().for_each(|x| descriptions(x, out)),
        _ => {}
    }
}

fn check<T: PartialSchema>(name: &str, tag: Option<&str>, variants: usize) {
    let schema = serde_json::to_value(T::schema()).unwrap();
    let members = schema["oneOf"]
        .as_array()
        .unwrap_or_else(|| panic!("{name} is a oneOf"));
    assert_eq!(members.len(), variants, "{name}: one member per variant");
    for member in members {
        let wire = wire_name(member, tag).unwrap_or_else(|| panic!("{name}: {member}"));
        assert_eq!(
            member["title"].as_str(),
            Some(wire.as_str()),
            "{name}: the member for `{wire}` is titled with it"
        );
    }
    let mut texts = Vec::new();
    descriptions(&schema, &mut texts);
    for text in texts {
        assert!(
            !(1..=5).any(|n| text.contains(&format!("[M{n}]"))),
            "{name}: a module tag in {text:?}"
        );
    }
}

#[test]
fn every_tagged_enum_variant_has_its_wire_name_as_title() {
    check::<Action>("Action", Some("type"), 22);
    check::<Decision>("Decision", Some("kind"), 15);
    check::<Event>("Event", Some("type"), 41);
    check::<Stage>("Stage", Some("stage"), 14);
    check::<Step>("Step", Some("step"), 9);
    check::<LossSource>("LossSource", Some("kind"), 5);
    check::<GainSource>("GainSource", Some("kind"), 5);
    check::<Power>("Power", Some("card"), 8);
    check::<Order>("Order", None, 3);
    check::<Viewer>("Viewer", None, 3);
}
