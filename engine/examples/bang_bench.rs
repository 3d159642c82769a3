//! Plays N random 5-player card games in-process (random legal actions,
//! seeded) and prints games/s, events/s, events per game, then the fold
//! speed (events/s of `apply` over the recorded logs).
//!
//! `cargo run --release -p engine --example bang_bench -- [games]`

use std::time::Instant;

use engine::bang::{Bang, Config, Event, State};
use engine::{GameRng, Ruleset, Seed};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let config = Config::new(5);
    let mut logs: Vec<Vec<Event>> = Vec::with_capacity(256);
    let mut events_total = 0u64;
    let mut actions = Vec::new();
    let mut buffer = Vec::new();
    let started = Instant::now();
    for g in 0..games {
        let seed = Seed::from_u64(g);
        let mut pick = g.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut log = Bang::start(&config, &mut GameRng::new(seed, 0)).expect("opens");
        let mut state = State::default();
        for e in &log {
            Bang::apply(&mut state, e);
        }
        while !state.is_over() {
            let seat = Bang::next_to_act(&state).expect("someone acts");
            Bang::legal_actions_into(&state, seat, &mut actions);
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let action = actions[(pick % actions.len() as u64) as usize];
            let mut rng = GameRng::new(seed, state.version);
            buffer.clear();
            Bang::play_into(&mut state, seat, &action, &mut rng, &mut buffer).expect("legal");
            log.append(&mut buffer);
        }
        events_total += log.len() as u64;
        if logs.len() < 256 {
            logs.push(log);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{games} games in {secs:.2} s: {:.0} games/s, {:.0} events/s, {:.1} events/game",
        games as f64 / secs,
        events_total as f64 / secs,
        events_total as f64 / games as f64
    );
    let folded: u64 = logs.iter().map(|l| l.len() as u64).sum();
    let rounds = (20_000_000 / folded.max(1)).max(1);
    let started = Instant::now();
    let mut check = 0u64;
    for _ in 0..rounds {
        for log in &logs {
            let mut state = State::default();
            for e in log {
                Bang::apply(&mut state, e);
            }
            check += state.version;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "fold: {} events in {secs:.2} s: {:.1} M events/s (check {check})",
        folded * rounds,
        (folded * rounds) as f64 / secs / 1e6
    );
}
