//! The card game's replay corpus, through the engine's one door.
//!
//! `tests/corpus/bang.jsonl.gz` holds whole games of the card game (3 to 8
//! players, one or two characters to choose from, with and without a live
//! reaction time, standing orders posted at random; Lone Gunslinger solo
//! games over its levels and variants; and Gold Rush, the Shadow-Gunslingers
//! and the Great Train Robbery, alone and together, solo too; Dodge City
//! alone and with each of them), one JSON
//! object a line:
//! the setup, the seed, the log, and SHA-256 digests of what a client can see.
//! `replay_card_corpus` folds every log again through [`engine::Game`] (as the
//! server does) and checks, event by event, the event as each viewer sees it,
//! every viewer's view, who is asked and each seat's legal actions (one rolling
//! digest), then the final digests, and that `verify_log` re-derives the log
//! from its seed. Any change a client could see fails it: fix it, or make it a
//! new engine version and record the corpus again with
//!
//! ```text
//! cargo test --release -p bots --test card_corpus -- --ignored record_card_corpus
//! ```
//!
//! A recording keeps, byte for byte, every recorded game the engine still
//! replays (a log must fold the same forever, whatever engine wrote it), and
//! plays again only the games that now differ; it prints which.
//!
//! The same door serves every ruleset: a new one adds its file and setups.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};

use engine::{Game, GameRng, SeatSpec, Seed, Viewer};
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The corpus file.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/bang.jsonl.gz");

/// Hex digits of the rolling digest kept per event.
const STEP_HEX: usize = 8;

/// The most decisions a recorded game may take.
const MAX_DECISIONS: usize = 20_000;

/// One recorded game: a line of the corpus.
#[derive(Serialize, Deserialize)]
struct Recorded {
    /// What it covers, for messages.
    name: String,
    /// The ruleset.
    ruleset: String,
    /// Players at the table.
    players: u8,
    /// The options it was created with.
    options: Value,
    /// The seats as given to `start`.
    seats: Vec<SeatSpec>,
    /// The game's secret seed.
    seed: Seed,
    /// The whole log.
    events: Vec<Value>,
    /// SHA-256 (hex) of each thing a client can see at the end, and `rolling`.
    digests: BTreeMap<String, String>,
    /// The first [`STEP_HEX`] hex digits of the rolling digest after each event.
    steps: String,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn put(sha: &mut Sha256, value: &Value) {
    sha.update(value.to_string().as_bytes());
    sha.update(b"\n");
}

fn digest(value: &Value) -> String {
    let mut sha = Sha256::new();
    put(&mut sha, value);
    hex(&sha.finalize())
}

fn viewers(players: u8) -> impl Iterator<Item = Viewer> {
    [Viewer::Omniscient, Viewer::Spectator]
        .into_iter()
        .chain((0..players).map(Viewer::Seat))
}

fn name(viewer: Viewer) -> String {
    match viewer {
        Viewer::Omniscient => "omniscient".into(),
        Viewer::Spectator => "spectator".into(),
        Viewer::Seat(s) => format!("seat{s}"),
    }
}

/// A folded log: the game, the step digests and the final digests.
type Folded = (Box<dyn Game>, String, BTreeMap<String, String>);

/// Folds `events` through the door.
fn fold(ruleset: &str, players: u8, events: &[Value]) -> Result<Folded, String> {
    let entry = engine::ruleset(ruleset).ok_or("no such ruleset")?;
    let mut game = entry.new_game();
    let mut rolling = Sha256::new();
    let mut steps = String::new();
    for (i, e) in events.iter().enumerate() {
        game.apply(e).map_err(|err| format!("event {i}: {err}"))?;
        for viewer in viewers(players) {
            put(&mut rolling, &game.redact(e, viewer));
            put(&mut rolling, &game.view(viewer));
        }
        put(&mut rolling, &Value::from(game.pending()));
        for seat in 0..players {
            put(&mut rolling, &Value::from(game.legal(seat)));
        }
        steps.push_str(&hex(&rolling.clone().finalize())[..STEP_HEX]);
    }
    let mut digests = BTreeMap::new();
    for viewer in viewers(players) {
        digests.insert(format!("view/{}", name(viewer)), digest(&game.view(viewer)));
        let log: Vec<Value> = events.iter().map(|e| game.redact(e, viewer)).collect();
        digests.insert(format!("log/{}", name(viewer)), digest(&Value::from(log)));
    }
    digests.insert("pending".into(), digest(&Value::from(game.pending())));
    let winners = serde_json::to_value(game.winners()).unwrap_or_default();
    digests.insert("winners".into(), digest(&winners));
    digests.insert("rolling".into(), hex(&rolling.finalize()));
    Ok((game, steps, digests))
}

/// Standing orders a seat may post at random, as JSON.
const ORDERS: &[&str] = &[
    r#"{"shot":"auto","dying":"auto","indians":"auto","duel":"auto","store":"first"}"#,
    r#"{"shot":"ask","dying":"ask","indians":"ask","duel":"ask","store":"ask"}"#,
    r#"{"shot":"pass","dying":"auto","indians":"pass","duel":"ask","store":"first"}"#,
    r#"{"shot":"auto","dying":"pass","indians":"ask","duel":"pass","store":"ask"}"#,
];

/// Plays one game through the door with a seeded chooser.
fn play(ruleset: &str, players: u8, options: &Value, seed: Seed, chooser: u64) -> Recorded {
    let entry = engine::ruleset(ruleset).expect("a ruleset");
    // A solo game's seats are the person's and the rules': no bot seats.
    let solo = options.get("mode").is_some();
    let seats: Vec<SeatSpec> = (0..players)
        .map(|s| SeatSpec {
            name: String::new(),
            bot: (s % 2 == 0 && !solo).then(|| "random".to_string()),
            budget_ms: None,
        })
        .collect();
    let mut events = entry
        .start(players, options, seats.clone(), seed)
        .expect("a valid setup");
    let mut game = entry.new_game();
    for e in &events {
        game.apply(e).expect("readable");
    }
    let mut pick = GameRng::new(Seed::from_u64(chooser), 0);
    for _ in 0..MAX_DECISIONS {
        if game.is_over() {
            break;
        }
        let played = if game.reaction_window().is_some() && pick.below(5) == 0 {
            game.expire(seed)
        } else if pick.below(30) == 0 {
            // Any seat a person plays (in a solo game, the Sheriff's and the Deputy's).
            let people: Vec<u8> = if solo {
                game.seats_played_by(0)
            } else {
                (0..players).collect()
            };
            let seat = people[pick.below(people.len() as u32) as usize];
            let orders: Value =
                serde_json::from_str(ORDERS[pick.below(ORDERS.len() as u32) as usize])
                    .expect("json");
            game.play(seat, &json!({"type": "set_orders", "orders": orders}), seed)
        } else {
            let waiting = game.waiting();
            let seat = waiting[pick.below(waiting.len() as u32) as usize];
            let legal = game.legal(seat);
            game.play(seat, &legal[pick.below(legal.len() as u32) as usize], seed)
        };
        let outcome = played.expect("a legal move");
        events.extend(outcome.events);
        game = outcome.next;
    }
    assert!(game.is_over(), "a recorded game ends");
    let (_, steps, digests) = fold(ruleset, players, &events).expect("folds");
    let name = format!("{ruleset}/{players}p/{options}");
    Recorded {
        name,
        ruleset: ruleset.into(),
        players,
        options: options.clone(),
        seats,
        seed,
        events,
        digests,
        steps,
    }
}

/// The setups recorded: every player count, each with the options that change
/// how a game runs.
fn setups() -> Vec<(u8, Value)> {
    let options = [
        json!({}),
        json!({"character_choice": 2}),
        json!({"reaction_seconds": 30}),
        json!({"character_choice": 2, "reaction_seconds": 30}),
    ];
    let solo = [
        json!({"mode": "lone_gunslinger", "difficulty": 0}),
        json!({"mode": "lone_gunslinger", "difficulty": 2, "night_brings_chaos": true}),
        json!({"mode": "lone_gunslinger", "difficulty": 4, "four_most_wanted": true}),
        json!({"mode": "lone_gunslinger", "final_challenge": true, "reaction_seconds": 30}),
        json!({"mode": "lone_gunslinger", "difficulty": 1, "choose_characters": true}),
    ];
    // The expansions, appended after the base game's setups so that every
    // game recorded before them stays as it was.
    let expansions = [
        json!({"expansions": ["gold_rush"]}),
        json!({"variants": ["shadow_gunslingers"], "reaction_seconds": 30}),
        json!({"expansions": ["train_robbery"]}),
        json!({"expansions": ["train_robbery", "gold_rush"], "character_choice": 2}),
        json!({"expansions": ["train_robbery"], "variants": ["shadow_gunslingers"]}),
    ];
    // Dodge City, alone and with each other expansion and the shadows.
    let dodge_city = [
        json!({"expansions": ["dodge_city"]}),
        json!({"expansions": ["dodge_city", "gold_rush"], "character_choice": 2}),
        json!({"expansions": ["dodge_city", "train_robbery"], "reaction_seconds": 30}),
        json!({"expansions": ["dodge_city"], "variants": ["shadow_gunslingers"]}),
    ];
    let solo_expansions = [
        json!({"mode": "lone_gunslinger", "difficulty": 2, "expansions": ["gold_rush"]}),
        json!({"mode": "lone_gunslinger", "difficulty": 3, "expansions": ["train_robbery"]}),
    ];
    (3..=8)
        .flat_map(|p| options.iter().map(move |o| (p, o.clone())))
        .chain(solo.into_iter().map(|o| (6, o)))
        .chain(
            [4, 5, 7]
                .into_iter()
                .flat_map(|p| expansions.iter().map(move |o| (p, o.clone()))),
        )
        .chain(solo_expansions.into_iter().map(|o| (6, o)))
        .chain(
            [4, 5, 7]
                .into_iter()
                .flat_map(|p| dodge_city.iter().map(move |o| (p, o.clone()))),
        )
        .collect()
}

/// Records the corpus (see the top of this file).
#[test]
#[ignore]
fn record_card_corpus() {
    // Written beside the corpus and renamed once whole: a failed recording
    // leaves the corpus as it was.
    let recorded: Vec<String> = std::fs::File::open(CORPUS)
        .map(|f| {
            BufReader::new(GzDecoder::new(f))
                .lines()
                .map(|line| line.expect("a line"))
                .collect()
        })
        .unwrap_or_default();
    let partial = format!("{CORPUS}.partial");
    let file = std::fs::File::create(&partial).expect("create the corpus");
    let mut out = GzEncoder::new(file, Compression::best());
    let mut n = 0u64;
    for (players, options) in setups() {
        for i in 0..4 {
            n += 1;
            let kept = recorded.get(n as usize - 1).filter(|line| {
                let game: Recorded = serde_json::from_str(line).expect("a recorded game");
                match check(&game) {
                    Ok(()) => true,
                    Err(why) => {
                        eprintln!("game {n} ({}) recorded again: {why}", game.name);
                        false
                    }
                }
            });
            match kept {
                Some(line) => out.write_all(line.as_bytes()).expect("write"),
                None => {
                    let game = play("bang", players, &options, Seed::from_u64(7_000 + n), !n ^ i);
                    serde_json::to_writer(&mut out, &game).expect("write");
                }
            }
            out.write_all(b"\n").expect("write");
        }
    }
    out.finish().expect("flush");
    std::fs::rename(&partial, CORPUS).expect("replace the corpus");
}

/// Checks one recorded game; `Err` says what first differs.
fn check(game: &Recorded) -> Result<(), String> {
    let (folded, steps, digests) = fold(&game.ruleset, game.players, &game.events)?;
    if steps != game.steps {
        let at = steps
            .as_bytes()
            .chunks(STEP_HEX)
            .zip(game.steps.as_bytes().chunks(STEP_HEX))
            .position(|(a, b)| a != b)
            .unwrap_or(steps.len().min(game.steps.len()) / STEP_HEX);
        return Err(format!(
            "folding differs from event {at} on: {}",
            game.events.get(at).map_or("<end>".into(), Value::to_string)
        ));
    }
    let differ: Vec<&String> = digests
        .keys()
        .chain(game.digests.keys())
        .filter(|k| digests.get(*k) != game.digests.get(*k))
        .collect();
    if !differ.is_empty() {
        return Err(format!("the final state differs in: {differ:?}"));
    }
    folded
        .verify_log(&game.events, &|_| game.seed)
        .map_err(|at| format!("verify_log: the rules no longer derive event {at}"))
}

#[test]
fn replay_card_corpus() {
    let file = std::fs::File::open(CORPUS).unwrap_or_else(|e| panic!("{CORPUS}: {e}"));
    let games: Vec<Recorded> = BufReader::new(GzDecoder::new(file))
        .lines()
        .map(|line| serde_json::from_str(&line.expect("a line")).expect("a recorded game"))
        .collect();
    assert!(
        games.len() >= setups().len(),
        "the corpus covers every setup"
    );
    let failures: Vec<String> = games
        .iter()
        .filter_map(|g| check(g).err().map(|e| format!("{}: {e}", g.name)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} games differ:\n{}",
        failures.len(),
        games.len(),
        failures.join("\n")
    );
}
