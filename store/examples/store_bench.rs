//! Durable append throughput of the sled store.
//!
//! `cargo run -p store --release --example store_bench -- --concurrency 64 --seconds 3 [--dir PATH]`
//!
//! Starts N tokio tasks; each creates its own game and then appends one-event
//! batches to it (each append durable: transaction + group commit) until S
//! seconds have passed. Prints one line:
//! `store appends=… wall_s=… appends_per_s=… p50_ms=… p99_ms=…`.
//! The database lives in a fresh temporary directory (or under `--dir`).

use std::time::{Duration, Instant};

use serde_json::json;
use store::{Append, EventStore, NewGame, SledStore};

struct Args {
    concurrency: usize,
    seconds: f64,
    dir: Option<String>,
}

fn usage(problem: &str) -> ! {
    eprintln!("store_bench: {problem}");
    eprintln!("usage: store_bench [--concurrency N] [--seconds S] [--dir PATH]");
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args {
        concurrency: 1,
        seconds: 3.0,
        dir: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--concurrency" | "-c" => {
                args.concurrency = value()
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| usage("--concurrency takes a positive integer"));
            }
            "--seconds" | "-s" => {
                args.seconds = value()
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0)
                    .unwrap_or_else(|| usage("--seconds takes a positive number"));
            }
            "--dir" => args.dir = Some(value()),
            "--help" | "-h" => usage("help"),
            other => usage(&format!("unknown argument {other}")),
        }
    }
    args
}

fn percentile_ms(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let args = parse_args();
    let temp;
    let path = match &args.dir {
        Some(d) => std::path::PathBuf::from(d),
        None => {
            temp = tempfile::tempdir().expect("temporary directory");
            temp.path().to_path_buf()
        }
    };
    let store = SledStore::open(&path).expect("open store");

    let mut games = Vec::with_capacity(args.concurrency);
    for _ in 0..args.concurrency {
        let (record, _) = store
            .create(
                NewGame {
                    ruleset: "bench".into(),
                    data: json!({}),
                },
                Append {
                    actor: "system".into(),
                    action_id: None,
                    events: vec![json!({"type": "started"})],
                    status: None,
                    data: None,
                    ..Default::default()
                },
            )
            .await
            .expect("create");
        games.push(record);
    }

    let run_for = Duration::from_secs_f64(args.seconds);
    let start = Instant::now();
    let tasks: Vec<_> = games
        .into_iter()
        .map(|game| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut version = game.version;
                while start.elapsed() < run_for {
                    let t = Instant::now();
                    let appended = store
                        .append(
                            game.id,
                            version,
                            Append {
                                actor: "1".into(),
                                action_id: Some(format!("a{version}")),
                                events: vec![json!({
                                    "type": "dice_rolled",
                                    "seat": 1,
                                    "dice": [1, 2, 3, 4, 5],
                                    "kept": [true, false, true, false, false],
                                })],
                                status: None,
                                data: None,
                                ..Default::default()
                            },
                        )
                        .await
                        .expect("append");
                    latencies.push(t.elapsed());
                    version = appended.head.version;
                }
                latencies
            })
        })
        .collect();

    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.expect("bench task"));
    }
    let wall = start.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let n = latencies.len();
    println!(
        "store appends={n} wall_s={wall:.2} appends_per_s={:.0} p50_ms={:.3} p99_ms={:.3}",
        n as f64 / wall,
        percentile_ms(&latencies, 0.50),
        percentile_ms(&latencies, 0.99),
    );
    eprintln!(
        "(concurrency={} flushes={} disk_bytes={})",
        args.concurrency,
        store.flushes(),
        store.size_on_disk().unwrap_or(0)
    );
}
