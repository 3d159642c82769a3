//! How long the coach's analysis of one decision takes at a budget, on
//! whole `normal` games: every decision of seat 0 with more than one legal
//! action is analysed from seat 0's redacted events, as the server does.
//!
//! `cargo run --release -p bots --example coach_time -- 300 4`
//! (budget in ms on the reference machine, games per ruleset; prints, per
//! game kind, the decisions analysed and the median and longest time).

use std::time::Instant;

use bots::strong::Budget;
use bots::strong::coach::analyse;
use bots::{Playable, Policy, play_game};
use engine::{Decided, Seed, Viewer};

fn time<R: Playable>(name: &str, config: &R::Config, budget_ms: u32, games: u64) {
    let mut times = Vec::new();
    for g in 0..games {
        let players = 5;
        let mut policies: Vec<Box<dyn Policy<R>>> = (0..players)
            .map(|s| R::policy("normal", g * 10 + s).expect("normal"))
            .collect();
        let Ok(played) = play_game::<R>(config, Seed([g as u8 + 1; 32]), &mut policies, 100_000)
        else {
            continue;
        };
        let mut state = R::State::default();
        let mut seen = Vec::new();
        for e in &played.events {
            if let Some(Decided::Action(0, _)) = R::decided(e) {
                let legal = R::legal_actions(&state, 0);
                if legal.len() > 1 {
                    let view = R::view(&state, Viewer::Seat(0));
                    let started = Instant::now();
                    let (before, _, steps_before) = bots::strong::playout_counts();
                    let analysis =
                        analyse::<R>(&seen, &view, &legal, None, Budget::Millis(budget_ms), 12, g);
                    let ms = started.elapsed().as_secs_f64() * 1000.0;
                    let (after, _, steps_after) = bots::strong::playout_counts();
                    let n = after - before;
                    times.push((ms, n as f64 / ms));
                    if std::env::var_os("COACH_TIME_ROWS").is_some() {
                        // One row a decision: log length, steps per playout, µs per playout.
                        println!(
                            "row {name}\t{}\t{:.1}\t{:.1}",
                            seen.len(),
                            (steps_after - steps_before) as f64 / n as f64,
                            ms * 1000.0 / n as f64
                        );
                    }
                    assert!(analysis.is_some());
                }
            }
            R::apply(&mut state, e);
            seen.push(R::redact(e, Viewer::Seat(0)));
        }
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (median, median_rate) = times.get(times.len() / 2).copied().unwrap_or((0.0, 0.0));
    let (longest, longest_rate) = times.last().copied().unwrap_or((0.0, 0.0));
    let mut rates: Vec<f64> = times.iter().map(|t| t.1).collect();
    rates.sort_by(f64::total_cmp);
    let (played, cut, _) = bots::strong::playout_counts();
    println!(
        "{name}: {} decisions, median {median:.1} ms ({median_rate:.1} playouts/ms), \
         longest {longest:.1} ms ({longest_rate:.1}/ms), slowest rate {:.1}/ms (budget {budget_ms} ms); \
         playouts so far {played}, cut unfinished {cut}",
        times.len(),
        rates.first().copied().unwrap_or(0.0)
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let budget_ms: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    time::<engine::dice::Dice>(
        "dice, 5 players",
        &engine::dice::Config::new(5),
        budget_ms,
        games,
    );
    for (name, expansions) in [
        ("card game, 5 players", &[][..]),
        ("card game, Gold Rush", &["gold_rush"][..]),
        ("card game, Train Robbery", &["train_robbery"][..]),
        (
            "card game, both expansions",
            &["gold_rush", "train_robbery"][..],
        ),
    ] {
        let mut card = engine::bang::Config::new(5);
        card.options.expansions = expansions.iter().map(|e| e.to_string()).collect();
        time::<engine::bang::Bang>(name, &card, budget_ms, games);
    }
}
