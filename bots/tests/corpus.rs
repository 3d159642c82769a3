//! The dice replay corpus: the rules' behaviour, locked.
//!
//! `tests/corpus/dice.jsonl.gz` holds a few hundred whole games of BANG! The Dice
//! Game, one JSON object a line: the options, seats and seed, the full event log
//! in the engine's serde form, and SHA-256 digests of what a client can see.
//! `replay_corpus` reads every log back and checks that
//!
//! * each event still parses and re-serializes to exactly the stored JSON;
//! * folding the log through `dice::apply` from `State::default()` gives, after
//!   every event, the same omniscient and spectator views, `pending`, `waiting`,
//!   each seat's legal actions, outcome and the event as each viewer sees it
//!   (`redact`), and at every decision point (before each event that begins a
//!   decision, and at the end) each seat's own view: one rolling digest, checked
//!   event by event; and at the end the same of each apart (plus each viewer's
//!   redacted log);
//! * `dice::verify_log` re-derives the log from its seed, so the decide side
//!   (`play`, `expire`, the setup, the RNG streams) is locked too.
//!
//! Digests hash the public JSON forms (serde_json), never `Debug`: renaming an
//! internal field changes nothing, while any change a client could see fails.
//!
//! A log recorded by an engine version must fold the same forever. If this test
//! fails, the change altered the rules' behaviour: fix it, or make it a new
//! engine version (`ENGINE_VERSION`) and regenerate the corpus with
//!
//! ```text
//! cargo test --release -p bots --test corpus -- --ignored record_corpus
//! ```
//!
//! A regeneration is a rules-version change: its commit must say which
//! behaviour changed and why (and bump the engine version). The recorder plays
//! from fixed seeds, so re-running it on an unchanged engine writes the same
//! file byte for byte; to add coverage, append to `SETUPS` on an engine that
//! passes this test, and every game already recorded stays as it was.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};

use bots::{Policy, policy_by_name};
use engine::dice::{self, Action, Config, Event, Module, Options, SeatSpec, State};
use engine::{ENGINE_VERSION, GameRng, Seed, Viewer};
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The corpus file.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/dice.jsonl.gz");

/// Hex digits of the rolling digest kept per event (the first bytes of the
/// chain after it): enough to name the first event that differs.
const STEP_HEX: usize = 8;

/// One recorded game: a line of the corpus.
#[derive(Serialize, Deserialize)]
struct Game {
    /// What it covers, for messages: modules/players/policies.
    name: String,
    /// Players at the table.
    players: u8,
    /// The options it was created with.
    options: Options,
    /// The seats as given to `start` (`bot: null` for a human seat).
    seats: Vec<SeatSpec>,
    /// The policy that played each seat (human seats too).
    policies: Vec<String>,
    /// The game's secret seed.
    seed: Seed,
    /// The outcome in clear, for a reader.
    outcome: Value,
    /// The whole log, as the engine serializes it.
    events: Vec<Value>,
    /// SHA-256 (hex) of each thing a client can see at the end, and `rolling`,
    /// the digest chained over every event.
    digests: BTreeMap<String, String>,
    /// The first [`STEP_HEX`] hex digits of the rolling digest after each event.
    steps: String,
}

/// Writes a value's JSON into a hasher, through a reused buffer.
struct Hasher {
    sha: Sha256,
    buf: Vec<u8>,
}

impl Hasher {
    fn new() -> Hasher {
        Hasher {
            sha: Sha256::new(),
            buf: Vec::with_capacity(4096),
        }
    }

    fn put<T: Serialize + ?Sized>(&mut self, value: &T) {
        self.buf.clear();
        serde_json::to_writer(&mut self.buf, value).expect("serializes");
        self.buf.push(b'\n');
        self.sha.update(&self.buf);
    }

    fn hex(&self) -> String {
        hex(&self.sha.clone().finalize())
    }
}

fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

fn digest<T: Serialize + ?Sized>(value: &T) -> String {
    let mut h = Hasher::new();
    h.put(value);
    h.hex()
}

/// Everyone who can look at a game of `players`.
fn viewers(players: u8) -> impl Iterator<Item = Viewer> {
    [Viewer::Omniscient, Viewer::Spectator]
        .into_iter()
        .chain((0..players).map(Viewer::Seat))
}

/// Feeds the rolling digest what a client can see once `event` is folded into
/// `state`: the event as each viewer sees it, the omniscient and spectator
/// views, who is asked what, each seat's legal actions and the outcome; and at
/// a decision point (`stable`: the game waits for a decision, or is over) each
/// seat's own view too.
///
/// The seat views are left out in between to keep the replay fast (they are
/// five in six of the cost): a seat's view differs from the omniscient one only
/// in what it may not see, which a decision point shows again.
fn roll(h: &mut Hasher, state: &State, event: &Event, stable: bool, legal: &mut Vec<Action>) {
    let players = state.players;
    for viewer in viewers(players) {
        h.put(&dice::redact(event, viewer));
    }
    h.put(&dice::view(state, Viewer::Omniscient));
    h.put(&dice::view(state, Viewer::Spectator));
    if stable {
        for seat in 0..players {
            h.put(&dice::view(state, Viewer::Seat(seat)));
        }
    }
    h.put(&dice::pending(state));
    h.put(&dice::waiting(state));
    for seat in 0..players {
        dice::legal_actions_into(state, seat, legal);
        h.put(legal);
    }
    h.put(&state.outcome);
}

/// Folds `events` from the default state; returns the final state, the step
/// digests and the final digests.
fn fold(events: &[Event]) -> (State, String, BTreeMap<String, String>) {
    let mut state = State::default();
    let mut rolling = Hasher::new();
    let mut legal = Vec::new();
    let mut steps = String::with_capacity(events.len() * STEP_HEX);
    for (i, e) in events.iter().enumerate() {
        dice::apply(&mut state, e);
        let stable = events.get(i + 1).is_none_or(Event::begins_decision);
        roll(&mut rolling, &state, e, stable, &mut legal);
        steps.push_str(&rolling.hex()[..STEP_HEX]);
    }
    let mut digests = BTreeMap::new();
    let name = |viewer: Viewer| match viewer {
        Viewer::Omniscient => "omniscient".to_string(),
        Viewer::Spectator => "spectator".to_string(),
        Viewer::Seat(s) => format!("seat{s}"),
    };
    for viewer in viewers(state.players) {
        digests.insert(
            format!("view/{}", name(viewer)),
            digest(&dice::view(&state, viewer)),
        );
        if viewer != Viewer::Omniscient {
            let log: Vec<Event> = events.iter().map(|e| dice::redact(e, viewer)).collect();
            digests.insert(format!("log/{}", name(viewer)), digest(&log));
        }
    }
    for seat in 0..state.players {
        digests.insert(
            format!("legal/seat{seat}"),
            digest(&dice::legal_actions(&state, seat)),
        );
    }
    digests.insert("pending".into(), digest(&dice::pending(&state)));
    digests.insert("waiting".into(), digest(&dice::waiting(&state)));
    digests.insert("outcome".into(), digest(&state.outcome));
    digests.insert("rolling".into(), rolling.hex());
    (state, steps, digests)
}

/// Reads the corpus.
fn load() -> Vec<Game> {
    let file = std::fs::File::open(CORPUS).unwrap_or_else(|e| panic!("{CORPUS}: {e}"));
    BufReader::new(GzDecoder::new(file))
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let line = line.unwrap_or_else(|e| panic!("{CORPUS}: {e}"));
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("{CORPUS} line {}: {e}", i + 1))
        })
        .collect()
}

/// Checks one recorded game; `Err` says what first differs.
fn check(game: &Game) -> Result<(), String> {
    let mut events = Vec::with_capacity(game.events.len());
    for (i, json) in game.events.iter().enumerate() {
        let event = Event::deserialize(json)
            .map_err(|e| format!("event {i} no longer parses ({e}): {json}"))?;
        let again = serde_json::to_value(&event).expect("serializes");
        if &again != json {
            return Err(format!(
                "event {i} re-serializes differently:\n  stored: {json}\n  now:    {again}"
            ));
        }
        events.push(event);
    }
    let Some(Event::GameCreated(created)) = events.first() else {
        return Err("the log does not open with game_created".into());
    };
    if created.players != game.players
        || created.options != game.options
        || created.seed_commitment != game.seed.commitment()
        || created.seats.len() != game.seats.len()
        || created
            .seats
            .iter()
            .zip(&game.seats)
            .any(|(a, b)| a.bot != b.bot)
    {
        return Err("game_created does not match the recorded options, seats or seed".into());
    }

    let (state, steps, digests) = fold(&events);
    let differ: std::collections::BTreeSet<&String> = digests
        .keys()
        .chain(game.digests.keys())
        .filter(|k| digests.get(*k) != game.digests.get(*k))
        .collect();
    if steps != game.steps {
        let at = steps
            .as_bytes()
            .chunks(STEP_HEX)
            .zip(game.steps.as_bytes().chunks(STEP_HEX))
            .position(|(a, b)| a != b)
            .unwrap_or(steps.len().min(game.steps.len()) / STEP_HEX);
        return Err(format!(
            "folding differs from event {at} on (what a client sees after it: views, \
             pending, legal actions, outcome or the redacted event): {}\n  \
             at the end, these differ: {differ:?}",
            game.events.get(at).map_or("<end>".into(), Value::to_string)
        ));
    }
    if !differ.is_empty() {
        return Err(format!("the final state differs in: {differ:?}"));
    }
    if serde_json::to_value(&state.outcome).expect("serializes") != game.outcome {
        return Err(format!("the outcome is now {:?}", state.outcome));
    }

    dice::verify_log(&events, game.seed).map_err(|at| {
        format!(
            "verify_log: the rules no longer derive event {at} from the seed and actions \
             (recorded by {}, this is {ENGINE_VERSION}):\n  \
             recorded: {}\n  derived:  {}",
            created.engine,
            game.events.get(at).map_or("<end>".into(), Value::to_string),
            rederive(&events, game.seed, at)
        )
    })
}

/// What the rules derive now in place of event `at` (`verify_log` says only
/// where the log and the rules part): the decision it belongs to, taken again.
fn rederive(events: &[Event], seed: Seed, at: usize) -> String {
    let from = events[..=at.min(events.len() - 1)]
        .iter()
        .rposition(Event::begins_decision);
    let derived = match from {
        None => {
            let Some(Event::GameCreated(created)) = events.first() else {
                return "<no game_created>".into();
            };
            let config = Config {
                players: created.players,
                options: created.options.clone(),
                seats: created.seats.clone(),
            };
            dice::start(&config, &mut GameRng::new(seed, 0)).map_err(|e| e.to_string())
        }
        Some(from) => {
            let mut state = State::default();
            for e in &events[..from] {
                dice::apply(&mut state, e);
            }
            let mut rng = GameRng::new(seed, state.version);
            match &events[from] {
                Event::Acted { seat, action } => dice::play(&mut state, *seat, action, &mut rng),
                Event::OrdersSet {
                    seat,
                    orders: Some(orders),
                } => dice::play(
                    &mut state,
                    *seat,
                    &Action::SetOrders { orders: *orders },
                    &mut rng,
                ),
                _ => dice::expire(&mut state, &mut rng),
            }
            .map_err(|e| format!("refused: {e}"))
        }
    };
    match derived {
        Ok(derived) => derived
            .get(at - from.unwrap_or(0))
            .map_or("<nothing>".into(), |e| {
                serde_json::to_value(e).expect("serializes").to_string()
            }),
        Err(why) => why,
    }
}

/// Every recorded game still folds to what clients saw, and is still what the
/// rules derive from its seed.
#[test]
fn replay_corpus() {
    let games = load();
    assert!(games.len() >= 200, "the corpus holds {} games", games.len());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let chunk = games.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|g| check(g).err().map(|why| format!("{}: {why}", g.name)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a replay thread panicked"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} recorded games differ; the first:\n{}",
        failures.len(),
        games.len(),
        failures[0]
    );
}

// ---------------------------------------------------------------------------
// The recorder.

/// A module set the corpus covers, with its special-role variants.
struct Setup {
    label: &'static str,
    modules: &'static [Module],
    /// `special_roles_mixed`.
    mixed: bool,
    /// `reaction_seconds`: the live window, which the recorder sometimes lets
    /// expire.
    live: bool,
}

const fn setup(label: &'static str, modules: &'static [Module], mixed: bool, live: bool) -> Setup {
    Setup {
        label,
        modules,
        mixed,
        live,
    }
}

use Module::{
    ChiefArrow as CA, Ghost as GH, LoudmouthCoward as LC, NewCharacters as NC, SpecialRoles as SR,
};

/// Every module alone, all five together, mixed sets, and the special-role
/// variants. Append only: a game's seed comes from its setup's place here.
const SETUPS: &[Setup] = &[
    setup("base", &[], false, false),
    setup("loudmouth_coward", &[LC], false, false),
    setup("chief_arrow", &[CA], false, false),
    setup("special_roles", &[SR], false, false),
    setup("new_characters", &[NC], false, false),
    setup("ghost", &[GH], false, false),
    setup("all", &[LC, CA, SR, NC, GH], false, false),
    setup("special_roles+mixed", &[SR], true, false),
    setup("special_roles+live", &[SR], false, true),
    setup("special_roles+mixed+live", &[SR], true, true),
    setup("loudmouth_coward+chief_arrow", &[LC, CA], false, false),
    setup("special_roles+new_characters", &[SR, NC], false, false),
    setup("chief_arrow+ghost", &[CA, GH], false, false),
    setup(
        "loudmouth_coward+new_characters+ghost",
        &[LC, NC, GH],
        false,
        false,
    ),
    setup("all_but_ghost+mixed", &[LC, CA, SR, NC], true, false),
    setup("special_roles+ghost+mixed+live", &[SR, GH], true, true),
    setup("all+live", &[LC, CA, SR, NC, GH], false, true),
    setup(
        "chief_arrow+special_roles+new_characters+live",
        &[CA, SR, NC],
        false,
        true,
    ),
];

/// How the seats are played: by one policy, or the two alternating.
const MODES: &[&str] = &["random", "normal", "mixed"];

/// No game needs more decisions than this.
const MAX_DECISIONS: usize = 5_000;

/// Plays one game as the server would host it: the seats' policies answer
/// whichever seat the game waits for, a human seat now and then changes its
/// standing orders, and a live window now and then runs out.
fn record(index: usize, setup: &Setup, players: u8, mode: &str) -> Game {
    let n = u64::from(players);
    let seed_number = (index as u64) << 32 | n << 8;
    let seed = Seed::from_u64(seed_number);
    let policies: Vec<&str> = (0..n)
        .map(|s| match mode {
            "mixed" => ["normal", "random"][((s + seed_number / 7) % 2) as usize],
            one => one,
        })
        .collect();
    // Some seats are human (played here by the same policy): they are asked in
    // windows only with a live window, and otherwise follow their orders.
    let human = |s: u64| (s + index as u64) % 3 == 2;
    let seats: Vec<SeatSpec> = (0..n)
        .map(|s| SeatSpec {
            name: format!("{} {s}", policies[s as usize]),
            bot: (!human(s)).then(|| policies[s as usize].to_string()),
            budget_ms: None,
        })
        .collect();
    let config = Config {
        players,
        options: Options {
            modules: setup.modules.to_vec(),
            special_roles_mixed: setup.mixed,
            reaction_seconds: setup.live.then_some(30),
        },
        seats: seats.clone(),
    };
    let mut bots: Vec<Box<dyn Policy>> = (0..n)
        .map(|s| policy_by_name(policies[s as usize], seed_number ^ s).expect("a policy"))
        .collect();
    let observe = |bots: &mut [Box<dyn Policy>], events: &[Event]| {
        for (s, bot) in bots.iter_mut().enumerate() {
            for e in events {
                bot.observe(&dice::redact(e, Viewer::Seat(s as u8)));
            }
        }
    };
    let special = setup.modules.contains(&Module::SpecialRoles);
    let mut chooser = GameRng::new(Seed::from_u64(!seed_number), 0);
    let mut events = dice::start(&config, &mut GameRng::new(seed, 0)).expect("a valid setup");
    let mut state = State::default();
    for e in &events {
        dice::apply(&mut state, e);
    }
    observe(&mut bots, &events);
    let mut decisions = 0;
    while !state.is_over() {
        decisions += 1;
        assert!(decisions <= MAX_DECISIONS, "{} did not end", setup.label);
        let waiting = dice::waiting(&state);
        let mut rng = GameRng::new(seed, state.version);
        let new = if setup.live
            && state.window.is_some_and(|w| !w.asked.is_empty())
            && chooser.below(4) == 0
        {
            dice::expire(&mut state, &mut rng).expect("an open window expires")
        } else if special && chooser.below(25) == 0 {
            let seat = chooser.below(u32::from(players)) as u8;
            let orders = dice::Orders::random(&mut chooser, players);
            dice::play(&mut state, seat, &Action::SetOrders { orders }, &mut rng)
                .expect("orders are always accepted")
        } else {
            let seat = waiting[chooser.below(waiting.len() as u32) as usize].seat;
            let legal = dice::legal_actions(&state, seat);
            let action = if legal.contains(&Action::KeepTokens) {
                // Rare (a Left Hand rescue), and both bots always return the
                // tokens: toss for it, so that both answers are in the corpus.
                legal[chooser.below(legal.len() as u32) as usize]
            } else {
                bots[seat as usize].choose(&dice::view(&state, Viewer::Seat(seat)), &legal)
            };
            dice::play(&mut state, seat, &action, &mut rng).expect("a legal action")
        };
        observe(&mut bots, &new);
        events.extend(new);
    }
    let (folded, steps, digests) = fold(&events);
    assert_eq!(folded, state, "the fold differs from the live state");
    Game {
        name: format!("#{index} {} {players}p {mode}", setup.label),
        players,
        options: config.options,
        seats,
        policies: policies.iter().map(|p| p.to_string()).collect(),
        seed,
        outcome: serde_json::to_value(&state.outcome).expect("serializes"),
        events: events
            .iter()
            .map(|e| serde_json::to_value(e).expect("serializes"))
            .collect(),
        digests,
        steps,
    }
}

/// Records the corpus afresh (see the top of this file for when that is allowed).
#[test]
#[ignore = "writes tests/corpus/dice.jsonl.gz; run by hand"]
fn record_corpus() {
    let mut games = Vec::new();
    for (k, setup) in SETUPS.iter().enumerate() {
        let fewest = if setup.modules.contains(&Module::Ghost) {
            5
        } else {
            3
        };
        for players in fewest..=8 {
            for (m, mode) in MODES.iter().enumerate() {
                let index = (k * 8 + players as usize) * MODES.len() + m;
                games.push(record(index, setup, players, mode));
            }
        }
    }
    std::fs::create_dir_all(std::path::Path::new(CORPUS).parent().unwrap()).unwrap();
    let file = std::fs::File::create(CORPUS).unwrap();
    let mut out = GzEncoder::new(std::io::BufWriter::new(file), Compression::best());
    for g in &games {
        serde_json::to_writer(&mut out, g).unwrap();
        out.write_all(b"\n").unwrap();
    }
    out.finish().unwrap().flush().unwrap();
    let events: usize = games.iter().map(|g| g.events.len()).sum();
    println!("{} games, {events} events -> {CORPUS}", games.len());
}
