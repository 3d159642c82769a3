//! A game's history told to a reader: each event as one [`Line`], a sentence
//! a player can follow, with the rule it applied (see
//! [`super::Ruleset::describe`]), and the small helpers both rulesets tell
//! their events with.

use serde::Serialize;

use super::Seat;

/// One event told as a sentence, with the rule it applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The sentence (`Ann shoots Bob with BANG! (7♥)`).
    pub text: String,
    /// The rule it applied, as `bang.md §10` or `dice.md 3.9`.
    pub rule: Option<&'static str>,
}

impl Line {
    /// A sentence citing the rule `rules` gives for the event tag `tag`.
    pub fn new(text: String, rules: &[(&str, &'static str)], tag: &str) -> Line {
        Line {
            text,
            rule: rule_for(rules, tag),
        }
    }
}

/// The rule a table of `(event tag, citation)` gives for `tag`.
pub fn rule_for(rules: &[(&str, &'static str)], tag: &str) -> Option<&'static str> {
    rules.iter().find(|(t, _)| *t == tag).map(|&(_, r)| r)
}

/// The display name of `seat` (`seat 3` when `names` has none for it).
pub fn seat_name(names: &[String], seat: Seat) -> String {
    match names.get(seat as usize) {
        Some(n) if !n.is_empty() => n.clone(),
        _ => format!("seat {seat}"),
    }
}

/// The serde tag of a value, as words: a unit variant `bullseye_1` or a
/// tagged object `{"type": "take_hit"}` reads `bullseye 1`, `take hit`
/// (empty when it has none).
pub fn label<T: Serialize>(value: &T) -> String {
    let tag = match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(serde_json::Value::Object(map)) => match map.get("type") {
            Some(serde_json::Value::String(s)) => s.clone(),
            _ => map.keys().next().cloned().unwrap_or_default(),
        },
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    };
    tag.replace('_', " ")
}

/// The `"type"` tag of an event (empty when it has none).
pub fn tag_of<T: Serialize>(event: &T) -> String {
    match serde_json::to_value(event) {
        Ok(serde_json::Value::Object(map)) => match map.get("type") {
            Some(serde_json::Value::String(s)) => s.clone(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// `1 card`, `2 cards`: a count with its noun, plural when not one.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A list read as English: `a`, `a and b`, `a, b and c`.
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
