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
/// tagged object `{"type": "take_hit"}` (or tagged by `kind`, `step`,
/// `stage`) reads `bullseye 1`, `take hit` (empty when it has none).
pub fn label<T: Serialize>(value: &T) -> String {
    let tag = match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(serde_json::Value::Object(map)) => ["type", "kind", "step", "stage"]
            .iter()
            .find_map(|k| map.get(*k).and_then(|v| v.as_str()).map(str::to_string))
            .unwrap_or_else(|| map.keys().next().cloned().unwrap_or_default()),
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    };
    tag.replace('_', " ")
}

/// Words in title case: `double bullseye 1` reads `Double Bullseye 1`.
pub fn title(words: &str) -> String {
    words
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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

/// What the rulesets' history tests share: random games played through the
/// [`super::Ruleset`] trait, and the checks every told event must pass.
#[cfg(test)]
pub(crate) mod testing {
    use super::super::{GameRng, Ruleset, SeatSpec, Seed, Viewer};
    use super::Line;

    /// The display names of the test tables.
    pub const NAMES: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];

    /// The tags of every event variant of an `events.rs` whose `source`
    /// this is (each variant carries `schema(title = "...")`), checked
    /// against a ruleset's rule table both ways: every tag has a rule (and
    /// there are at least `at_least` of them), every rule is a tag.
    pub fn tags_match_rules(source: &str, rules: &[(&str, &str)], at_least: usize) -> Vec<String> {
        let tags: Vec<String> = source
            .split("schema(title = \"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap_or_default().to_string())
            .collect();
        assert!(tags.len() >= at_least, "{} tags read", tags.len());
        for tag in &tags {
            assert!(rules.iter().any(|(t, _)| t == tag), "no rule for {tag}");
        }
        for (tag, _) in rules {
            assert!(tags.iter().any(|t| t == tag), "{tag} is no event");
        }
        tags
    }

    /// The names of `players` seats.
    pub fn names(players: u8) -> Vec<String> {
        NAMES[..players as usize]
            .iter()
            .map(|n| n.to_string())
            .collect()
    }

    /// One game with these JSON options, played to its end (or `max` events)
    /// by pseudo-random legal actions; its whole log.
    pub fn random_game<R: Ruleset>(
        players: u8,
        options: serde_json::Value,
        game: u64,
        max: usize,
    ) -> Vec<R::Event> {
        let seats = vec![SeatSpec::default(); players as usize];
        let config = R::config(players, &options, seats).expect("a valid setup");
        let seed = Seed::from_u64(game);
        let mut log = R::start(&config, &mut GameRng::new(seed, 0)).expect("a game opens");
        let mut state = R::State::default();
        for e in &log {
            R::apply(&mut state, e);
        }
        let mut pick = game | 1;
        while log.len() < max {
            let Some(seat) = R::next_to_act(&state) else {
                break;
            };
            let actions = R::legal_actions(&state, seat);
            if actions.is_empty() {
                break;
            }
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let action = &actions[(pick % actions.len() as u64) as usize];
            let mut rng = GameRng::new(seed, R::version(&state));
            log.extend(R::play(&mut state, seat, action, &mut rng).expect("a legal action"));
        }
        log
    }

    /// Every event as each seat, a spectator and the omniscient viewer see it,
    /// told: no panic, a non-empty sentence citing a rule whenever one is told.
    /// Returns each event's lines by viewer (seats first, then spectator).
    pub fn tell_all<R: Ruleset>(events: &[R::Event], players: u8) -> Vec<Vec<Option<Line>>> {
        let names = names(players);
        let mut viewers: Vec<Viewer> = (0..players).map(Viewer::Seat).collect();
        viewers.push(Viewer::Spectator);
        viewers.push(Viewer::Omniscient);
        events
            .iter()
            .map(|e| {
                viewers
                    .iter()
                    .map(|&v| {
                        let line = R::describe(&R::redact(e, v), &names);
                        if let Some(l) = &line {
                            assert!(!l.text.trim().is_empty(), "an empty sentence");
                            assert!(l.rule.is_some(), "no rule for {}", l.text);
                        }
                        line
                    })
                    .collect()
            })
            .collect()
    }
}
