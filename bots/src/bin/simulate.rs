//! Plays many games in-process and prints per-policy, per-role win rates and throughput.
//!
//! `cargo run --release -p bots --bin simulate -- --ruleset dice --players 5 --games 10000 --seed 1 --bots random`

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use bots::{Policy, play_dice_game, policy_by_name};
use clap::Parser;
use engine::Seed;
use engine::dice::{self, Config, Options, Role, State};
use indicatif::{ProgressBar, ProgressStyle};

/// Plays games with bots in-process (no server) and reports win rates and speed.
///
/// Prints one line per policy and role (`policy=normal role=outlaw seats=N
/// wins=W rate=0.xx`), then the fold speed, and last `games=G events=E
/// failures=F wall_s=W games_per_s=X events_per_s=Y`; a failure is a game that
/// panicked, broke an invariant or did not end. A progress bar goes to stderr.
#[derive(Parser)]
#[command(name = "simulate", version)]
struct Args {
    /// The ruleset (only `dice` so far).
    #[arg(long, default_value = "dice")]
    ruleset: String,
    /// Players per game (the ruleset's range; dice: 3 to 8).
    #[arg(long, default_value_t = 5)]
    players: u8,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The first game's seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One policy (`random`, `normal`), or a comma list given to seats in
    /// order, cycled.
    #[arg(long, default_value = "random")]
    bots: String,
    /// The game options, as the API takes them (JSON), e.g.
    /// '{"modules":["special_roles"]}'.
    #[arg(long, default_value = "{}")]
    options: String,
    /// The most decisions before a game counts as not ending.
    #[arg(long, default_value_t = 5000)]
    max_decisions: usize,
}

#[derive(Default)]
struct Tally {
    seats: u64,
    wins: u64,
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Sheriff => "sheriff",
        Role::Deputy => "deputy",
        Role::Outlaw => "outlaw",
        Role::Renegade => "renegade",
    }
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("simulate: {message}");
        std::process::exit(2);
    }
}

fn run(args: &Args) -> Result<(), String> {
    if args.ruleset != "dice" {
        return Err(format!("ruleset `{}` is not available yet", args.ruleset));
    }
    let options: Options =
        serde_json::from_str(&args.options).map_err(|e| format!("--options: {e}"))?;
    let config = Config {
        players: args.players,
        options,
        seats: Vec::new(),
    };
    config.validate().map_err(|e| e.to_string())?;
    let names: Vec<&str> = args.bots.split(',').map(str::trim).collect();
    for name in &names {
        policy_by_name(name, 0).ok_or_else(|| format!("--bots: unknown policy `{name}`"))?;
    }

    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .map_err(|e| e.to_string())?,
    );
    let mut tallies: BTreeMap<(usize, &'static str), Tally> = BTreeMap::new();
    let (mut events, mut failures) = (0u64, 0u64);
    let (mut fold_events, mut fold_time) = (0u64, Duration::ZERO);
    let mut longest = 0usize;
    let started = Instant::now();
    for i in 0..args.games {
        let game_seed = args.seed.wrapping_add(i);
        let mut policies: Vec<Box<dyn Policy>> = (0..args.players as usize)
            .map(|seat| {
                policy_by_name(names[seat % names.len()], game_seed ^ ((seat as u64) << 48))
            })
            .collect::<Option<_>>()
            .ok_or("unknown policy")?;
        let played = catch_unwind(AssertUnwindSafe(|| {
            play_dice_game(
                &config,
                Seed::from_u64(game_seed),
                &mut policies,
                args.max_decisions,
            )
        }));
        let record = match played {
            Ok(Ok(record)) => record,
            Ok(Err(message)) => {
                failures += 1;
                eprintln!("game seed {game_seed}: {message}");
                continue;
            }
            Err(_) => {
                failures += 1;
                eprintln!("game seed {game_seed}: panicked");
                continue;
            }
        };
        events += record.events.len() as u64;
        longest = longest.max(record.events.len());
        let fold_start = Instant::now();
        let mut replayed = State::default();
        for e in &record.events {
            dice::apply(&mut replayed, e);
        }
        fold_time += fold_start.elapsed();
        fold_events += record.events.len() as u64;
        let broken = dice::check_invariants(&record.state).err().or_else(|| {
            (replayed != record.state).then(|| "replay differs from the live state".to_string())
        });
        let Some(outcome) = record.outcome.filter(|_| broken.is_none()) else {
            failures += 1;
            let why = broken.unwrap_or_else(|| "did not end".into());
            eprintln!("game seed {game_seed}: {why}");
            continue;
        };
        for (seat, p) in record.state.players().iter().enumerate() {
            let Some(role) = p.role else { continue };
            let tally = tallies
                .entry((seat % names.len(), role_name(role)))
                .or_default();
            tally.seats += 1;
            tally.wins += u64::from(outcome.winners.contains(&(seat as u8)));
        }
        bar.inc(1);
    }
    let wall = started.elapsed().as_secs_f64();
    bar.finish_and_clear();

    let mut by_policy: BTreeMap<(&str, &str), Tally> = BTreeMap::new();
    for ((k, role), t) in tallies {
        let entry = by_policy.entry((names[k], role)).or_default();
        entry.seats += t.seats;
        entry.wins += t.wins;
    }
    for ((policy, role), t) in &by_policy {
        let rate = t.wins as f64 / t.seats.max(1) as f64;
        println!(
            "policy={policy} role={role} seats={} wins={} rate={rate:.2}",
            t.seats, t.wins
        );
    }
    let fold_s = fold_time.as_secs_f64().max(1e-9);
    println!(
        "fold events={fold_events} wall_s={fold_s:.3} events_per_s={:.0} longest_game_events={longest}",
        fold_events as f64 / fold_s
    );
    println!(
        "games={} events={events} failures={failures} wall_s={wall:.3} games_per_s={:.0} events_per_s={:.0}",
        args.games,
        args.games as f64 / wall,
        events as f64 / wall
    );
    Ok(())
}
