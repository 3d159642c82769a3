//! Load tool: drives N concurrent dice games with random legal actions over HTTP
//! against an in-process server, then measures the raw store at the same
//! concurrency, then HTTP again at half the measured rate.
//!
//! `cargo run --release -p tests --bin load -- --games 256 --seconds 10`
//!
//! Each client keeps its game's state by folding the events the server returns
//! (the engine is a library), so one POST is one action: no polling.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use engine::dice::{self, State};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use store::{Append, EventStore, NewGame, SledStore};
use tests::{Client, TestServer};

struct Args {
    games: usize,
    seconds: u64,
}

fn args() -> Args {
    let mut a = Args {
        games: 256,
        seconds: 10,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    for pair in argv.chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse().ok());
        match (pair[0].as_str(), value) {
            ("--games", Some(v)) => a.games = v as usize,
            ("--seconds", Some(v)) => a.seconds = v,
            _ => {
                eprintln!("usage: load [--games N] [--seconds S]");
                std::process::exit(2);
            }
        }
    }
    a
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// One client playing games back to back until `stop`; returns POST latencies.
async fn player(
    c: Client,
    seed: u64,
    stop: Arc<AtomicBool>,
    pace: Option<Duration>,
) -> Vec<Duration> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    'games: while !stop.load(Ordering::Relaxed) {
        let (id, tokens) = c.human_game(5, rng.random()).await;
        let (_, page) = c
            .get(&format!("/v1/games/{id}/events?limit=1000"), None)
            .await;
        let mut state = State::default();
        for e in page["events"].as_array().into_iter().flatten() {
            if let Ok(event) = serde_json::from_value::<dice::Event>(e["event"].clone()) {
                dice::apply(&mut state, &event);
            }
        }
        let mut next = Instant::now();
        while let Some(p) = dice::pending(&state) {
            if stop.load(Ordering::Relaxed) {
                break 'games;
            }
            if let Some(gap) = pace {
                next += gap;
                tokio::time::sleep_until(next.into()).await;
            }
            let legal = dice::legal_actions(&state, p.seat);
            let action = legal[rng.random_range(0..legal.len())];
            let body = json!({"action": action, "expected_version": state.version});
            let started = Instant::now();
            let (status, result) = c
                .post(
                    &format!("/v1/games/{id}/actions"),
                    Some(&tokens[p.seat as usize]),
                    body,
                )
                .await;
            latencies.push(started.elapsed());
            if !status.is_success() {
                eprintln!("load: {status}: {result}");
                return latencies;
            }
            for e in result["events"].as_array().into_iter().flatten() {
                if let Ok(event) = serde_json::from_value::<dice::Event>(e["event"].clone()) {
                    dice::apply(&mut state, &event);
                }
            }
        }
    }
    latencies
}

async fn http_phase(
    server: &TestServer,
    games: usize,
    seconds: u64,
    pace: Option<Duration>,
) -> (usize, f64, Vec<Duration>) {
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| tokio::spawn(player(server.client(), i as u64, stop.clone(), pace)))
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap_or_default());
    }
    let wall = started.elapsed().as_secs_f64();
    all.sort();
    (all.len(), wall, all)
}

async fn store_phase(concurrency: usize, seconds: u64) -> (u64, f64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = SledStore::open(dir.path()).expect("store");
    let stop = Arc::new(AtomicBool::new(false));
    let payload: Value = json!({"type": "dice_rolled", "dice": [{"die": 0, "face": "arrow"}, {"die": 3, "face": "beer"}]});
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..concurrency {
        let (store, stop, payload) = (store.clone(), stop.clone(), payload.clone());
        tasks.push(tokio::spawn(async move {
            let append = |events| Append {
                actor: "0".into(),
                action_id: None,
                events,
                status: None,
                data: None,
            };
            let new = NewGame {
                ruleset: "dice".into(),
                data: json!({}),
            };
            let Ok((game, _)) = store.create(new, append(vec![payload.clone()])).await else {
                return 0u64;
            };
            let (mut version, mut done) = (game.version, 0u64);
            while !stop.load(Ordering::Relaxed) {
                match store
                    .append(game.id, version, append(vec![payload.clone()]))
                    .await
                {
                    Ok(a) => {
                        version = a.game.version;
                        done += 1;
                    }
                    Err(_) => break,
                }
            }
            done
        }));
    }
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap_or(0);
    }
    (total, started.elapsed().as_secs_f64())
}

#[tokio::main]
async fn main() {
    let a = args();
    let server = TestServer::start().await;

    let (actions, wall, lat) = http_phase(&server, a.games, a.seconds, None).await;
    let rate = actions as f64 / wall;
    println!(
        "http games={} actions={actions} wall_s={wall:.2} actions_per_s={rate:.0} p50_ms={:.2} p99_ms={:.2}",
        a.games,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99)
    );

    let (appends, wall) = store_phase(a.games, a.seconds).await;
    let store_rate = appends as f64 / wall;
    println!(
        "store concurrency={} appends={appends} wall_s={wall:.2} appends_per_s={store_rate:.0} http_share={:.2}",
        a.games,
        rate / store_rate.max(1.0)
    );

    let target = rate / 2.0;
    let gap = Duration::from_secs_f64(a.games as f64 / target.max(1.0));
    let (actions, wall, lat) = http_phase(&server, a.games, a.seconds, Some(gap)).await;
    println!(
        "http_half_load target_per_s={target:.0} actions={actions} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2}",
        actions as f64 / wall,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99)
    );
}
