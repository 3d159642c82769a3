//! Plays many games in-process and prints per-policy, per-role win rates and throughput.
//!
//! `cargo run --release -p bots --bin simulate -- --ruleset dice --players 5 --games 10000 --seed 1 --bots random`

use bots::Simulation;
use bots::players::{bot_rulesets, bots_for};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};

/// Plays games with bots in-process (no server) and reports win rates and speed.
///
/// Prints one line per policy and role (`policy=normal role=outlaw seats=N
/// wins=W rate=0.xxx ci95=±0.xxx lost_to=law:N,outlaws:N`: the 95% interval, and
/// the side that won each game it lost), then the fold speed, and last `games=G events=E
/// failures=F wall_s=W games_per_s=X events_per_s=Y`; a failure is a game that
/// panicked, broke an invariant, replayed differently or did not end. A
/// progress bar goes to stderr (when it is not a terminal, a line every 5% of
/// the games: a long run can be followed in a log).
///
/// With `--lift POLICY/BASE`, measures instead what one seat gains played by
/// POLICY among seats of BASE, against the same seat played by BASE on the
/// same deal: one line per role (`lift policy=normal base=random role=outlaw
/// pairs=N policy_rate=0.xxx base_rate=0.xxx lift=+0.xxx ci95=±0.xxx`), then
/// `seeds=S games=G failures=F wall_s=W` (each failed seed named on stderr). Each seed is played once by BASE
/// alone and once per seat with that seat by POLICY (`--games` counts seeds);
/// with `--roles`, once per seat dealt one of those roles.
#[derive(Parser)]
#[command(name = "simulate", version)]
struct Args {
    /// The ruleset (any the bots play: `dice`, …).
    #[arg(long, default_value = "dice")]
    ruleset: String,
    /// Players per game (the ruleset's range; 3 to 8).
    #[arg(long, default_value_t = 5)]
    players: u8,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The first game's seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One policy (`random`, `normal`, `strong`), or a comma list given to seats in
    /// order, cycled, and turned by one seat each game (seats alternate).
    #[arg(long, default_value = "random")]
    bots: String,
    /// The game options, as the API takes them (JSON), e.g.
    /// '{"modules":["special_roles"]}'.
    #[arg(long, default_value = "{}")]
    options: String,
    /// The most decisions before a game counts as not ending (a card game
    /// between cautious bots can take over 10,000 events).
    #[arg(long, default_value_t = 50_000)]
    max_decisions: usize,
    /// The `strong` policy's playouts per decision (its default when absent).
    #[arg(long)]
    playouts: Option<u32>,
    /// Threads to play on, one game at a time each. The results are the same
    /// whatever their number (each game depends only on its index); the fold
    /// speed is per thread.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// Also seal each finished game into a `bang-record/1` record and check
    /// it with the offline verifier (`bang-verify`'s), with two tampered
    /// copies that must be refused at the changed event; prints
    /// `records verified=N` (a record that does not hold fails its game).
    #[arg(long)]
    records: bool,
    /// `POLICY/BASE`: measure POLICY's lift over BASE per role (see above);
    /// `--bots` is then not read.
    #[arg(long, value_name = "POLICY/BASE")]
    lift: Option<String>,
    /// With `--lift`: only the seats dealt these roles (a comma list of
    /// `sheriff`, `deputy`, `outlaw`, `renegade`) are played by POLICY, so a
    /// run for one role costs a fraction of a full one.
    #[arg(long, value_delimiter = ',', requires = "lift")]
    roles: Vec<String>,
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("simulate: {message}");
        std::process::exit(2);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let Some(bots) = bots_for(&args.ruleset) else {
        let known: Vec<&str> = bot_rulesets().iter().map(|b| b.id).collect();
        return Err(format!(
            "--ruleset: `{}` is not one of {}",
            args.ruleset,
            known.join(", ")
        ));
    };
    if let Some(playouts) = args.playouts {
        bots::strong::set_default_playouts(playouts);
    }
    let sim = Simulation {
        players: args.players,
        games: args.games,
        seed: args.seed,
        policies: args.bots.split(',').map(|s| s.trim().to_string()).collect(),
        options: serde_json::from_str(&args.options).map_err(|e| format!("--options: {e}"))?,
        max_decisions: args.max_decisions,
        records: args.records,
    };
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .map_err(|e| e.to_string())?,
    );
    let logged = !std::io::stderr().is_terminal();
    let every = (args.games / 20).max(1);
    let played = AtomicU64::new(0);
    let progress = || {
        bar.inc(1);
        let done = played.fetch_add(1, Ordering::Relaxed) + 1;
        if logged && (done.is_multiple_of(every) || done == args.games) {
            eprintln!(
                "simulate: {done}/{} games after {} s",
                args.games,
                bar.elapsed().as_secs()
            );
        }
    };
    if let Some(pair) = &args.lift {
        let (policy, base) = pair
            .split_once('/')
            .ok_or_else(|| format!("--lift: `{pair}` is not POLICY/BASE"))?;
        let started = std::time::Instant::now();
        let report = (bots.lift)(
            &sim,
            policy,
            base,
            &args.roles,
            usize::from(args.jobs),
            &progress,
        )?;
        bar.finish_and_clear();
        for failure in &report.failures {
            match failure.seat {
                Some(seat) => eprintln!(
                    "lift seed {}: the game with {policy} at seat {seat} did not end",
                    failure.seed
                ),
                None => eprintln!("lift seed {}: the {base} game did not end", failure.seed),
            }
        }
        for (role, p) in &report.roles {
            let n = p.pairs.max(1) as f64;
            println!(
                "lift policy={policy} base={base} role={role} pairs={} policy_rate={:.3} \
                 base_rate={:.3} lift={:+.3} ci95=±{:.3}",
                p.pairs,
                p.wins_policy as f64 / n,
                p.wins_base as f64 / n,
                p.lift(),
                p.margin()
            );
        }
        println!(
            "seeds={} games={} failures={} wall_s={:.3}",
            args.games,
            report.games,
            report.failures.len(),
            started.elapsed().as_secs_f64()
        );
        let (played, cut, steps) = bots::strong::playout_counts();
        if played > 0 {
            println!(
                "strong playouts={played} cut_at_cap={cut} ({:.1}%) decisions_per_playout={:.0}",
                100.0 * cut as f64 / played as f64,
                steps as f64 / played as f64
            );
        }
        return Ok(());
    }
    let report = (bots.simulate)(&sim, usize::from(args.jobs), &progress)?;
    bar.finish_and_clear();
    for (seed, why) in &report.failed {
        eprintln!("game seed {seed}: {why}");
    }
    for ((policy, role), t) in &report.tallies {
        let n = t.seats.max(1) as f64;
        let rate = t.wins as f64 / n;
        // The normal approximation's 95% interval: ± 1.96 standard errors.
        let margin = 1.96 * (rate * (1.0 - rate) / n).sqrt();
        // Where its games were lost: the side that won each.
        let lost: Vec<String> = bots::simulation::SIDES
            .iter()
            .zip(t.lost_to)
            .filter(|(_, n)| *n > 0)
            .map(|(side, n)| format!("{side}:{n}"))
            .collect();
        println!(
            "policy={policy} role={role} seats={} wins={} rate={rate:.3} ci95=±{margin:.3} \
             lost_to={}",
            t.seats,
            t.wins,
            lost.join(",")
        );
    }
    let fold_s = report.fold_time.as_secs_f64().max(1e-9);
    println!(
        "fold events={} wall_s={fold_s:.3} events_per_s={:.0} longest_game_events={}",
        report.events,
        report.events as f64 / fold_s,
        report.longest
    );
    if args.records {
        println!("records verified={}", report.records);
    }
    let wall = report.wall.as_secs_f64().max(1e-9);
    println!(
        "games={} events={} failures={} wall_s={wall:.3} games_per_s={:.0} events_per_s={:.0}",
        args.games,
        report.events,
        report.failures,
        args.games as f64 / wall,
        report.events as f64 / wall
    );
    Ok(())
}
