//! `simulate --records`: each game played is sealed into a `bang-record/1`
//! file as a server would give it, checked with the engine's verifier
//! (`bang-verify`'s), and twice tampered: an event changed in place, and the
//! same change with the chain re-sealed after it (as a forger who knows the
//! revealed seed could). The record must verify and each tampered copy be
//! refused at the changed event.

use engine::core::Seed;
use engine::core::chain::{ZERO_HASH, chain_key, seal_v2};
use engine::record::{RECORD_FORMAT, Record};
use serde_json::Value;

use crate::registry::Playable;

/// The time every sealed envelope carries (the verifier does not read it).
const AT: &str = "2026-01-01T00:00:00Z";

/// Seals `events` of a game of `R` played from `seed` into a record and
/// checks it and two tampered copies; `Err` says what did not hold.
pub fn check_records<R: Playable>(
    players: u8,
    options: &Value,
    seed: Seed,
    events: &[R::Event],
) -> Result<(), String> {
    let events: Vec<Value> = events
        .iter()
        .map(|e| serde_json::to_value(e).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let record = sealed(R::ID, players, options, seed, events);
    record
        .verify()
        .map_err(|e| format!("the sealed record is refused: {e}"))?;
    let Some(at) = tamper_point(&record) else {
        return Ok(());
    };
    let seq = at as u64 + 1;
    let mut changed = record.clone();
    bump_a_number(&mut changed.envelopes[at]["event"]);
    match changed.verify() {
        Err(refusal) if refusal.seq == seq => {}
        other => return Err(format!("event {seq} changed in place: {other:?}")),
    }
    let events = changed
        .envelopes
        .iter()
        .map(|e| e["event"].clone())
        .collect();
    match sealed(R::ID, players, options, seed, events).verify() {
        Err(refusal) if refusal.seq == seq => Ok(()),
        other => Err(format!("event {seq} changed and re-sealed: {other:?}")),
    }
}

/// A record of `events` sealed in chain v2 under `seed`'s chain key, each
/// with its public form as a server writes it (the rules' redaction for a
/// spectator, where it differs).
fn sealed(ruleset: &str, players: u8, options: &Value, seed: Seed, events: Vec<Value>) -> Record {
    let key = chain_key(&seed);
    let mut prev = ZERO_HASH.to_owned();
    let mut game = engine::rulesets()
        .iter()
        .find(|r| r.id() == ruleset)
        .map(|r| r.new_game());
    let envelopes: Vec<Value> = (1u64..)
        .zip(events)
        .map(|(seq, event)| {
            let public = game.as_mut().and_then(|g| {
                g.apply(&event).ok()?;
                g.public_form(&event)
            });
            let envelope = seal_v2(&key, seq, &prev, AT, "system", event, public);
            prev = envelope["hash"].as_str().unwrap_or_default().to_owned();
            envelope
        })
        .collect();
    Record {
        format: RECORD_FORMAT.to_owned(),
        engine_version: engine::ENGINE_VERSION.to_owned(),
        game: "simulated".to_owned(),
        ruleset: ruleset.to_owned(),
        players,
        options: options.clone(),
        names: (1..=players).map(|n| format!("Seat {n}")).collect(),
        seed: seed.to_string(),
        seed_commitment: seed.commitment(),
        seed_chosen: true,
        entropy: None,
        forked_from: None,
        head_hash: prev,
        envelopes,
    }
}

/// An event past the middle of the log, not a decision, with a number to
/// change (a card, a die, a count).
fn tamper_point(record: &Record) -> Option<usize> {
    let half = record.envelopes.len() / 2;
    (half..record.envelopes.len()).find(|&i| {
        let event = &record.envelopes[i]["event"];
        event["type"] != "acted" && bump_a_number(&mut event.clone())
    })
}

/// Adds one to the first number inside `value` (not a seat): whether there
/// was one. A tamperer's smallest change to an event: a card, a die, a count.
pub fn bump_a_number(value: &mut Value) -> bool {
    match value {
        Value::Number(n) => match n.as_u64() {
            Some(k) => {
                *value = Value::from(k + 1);
                true
            }
            None => false,
        },
        Value::Array(items) => items.iter_mut().any(bump_a_number),
        Value::Object(map) => map
            .iter_mut()
            .filter(|(k, _)| *k != "seat" && *k != "type")
            .any(|(_, v)| bump_a_number(v)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::{Simulation, simulate};
    use engine::bang::Bang;
    use engine::dice::Dice;
    use serde_json::json;

    fn sim(players: u8, games: u64, options: serde_json::Value) -> Simulation {
        Simulation {
            players,
            games,
            seed: 3,
            policies: vec!["normal".into(), "random".into()],
            options,
            max_decisions: 50_000,
            records: true,
        }
    }

    /// Every game's record verifies and both tampered copies are refused
    /// where they were changed, in each game and expansion.
    #[test]
    fn each_games_record_verifies_and_its_tampered_copies_are_refused() {
        let dice = sim(5, 10, json!({"modules": ["special_roles", "ghost"]}));
        let report = simulate::<Dice>(&dice, 2, &|| ()).expect("simulates");
        assert_eq!((report.records, report.failed), (10, vec![]));
        for expansions in [json!([]), json!(["gold_rush", "train_robbery"])] {
            let card = sim(4, 3, json!({ "expansions": expansions }));
            let report = simulate::<Bang>(&card, 2, &|| ()).expect("simulates");
            assert_eq!((report.records, report.failed), (3, vec![]));
        }
    }
}
