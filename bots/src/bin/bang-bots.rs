//! A standalone bot worker: plays the bot seats of a BANG! server over HTTP.
//!
//! `cargo run --release -p bots --bin bang-bots -- --server http://127.0.0.1:8080 --worker-key KEY`
//!
//! Exits 1 with a message when the server refuses the key (at start or
//! later) or cannot be reached at start (after `--connect-attempts` tries);
//! exits 0 on SIGTERM or Ctrl-C.

use std::time::Duration;

use bots::worker::{DEFAULT_ANSWER_MS, WorkerConfig, check, default_thinkers, spawn};
use clap::Parser;

/// Plays the bot seats of a BANG! server through its HTTP API, with the
/// server's worker key. Several may run at once.
#[derive(Parser)]
#[command(name = "bang-bots", version)]
struct Args {
    /// The server's base URL.
    #[arg(long, env = "BANG_SERVER", default_value = "http://127.0.0.1:8080")]
    server: String,
    /// The server's worker key (it logs one at start when BANG_WORKER_KEY is unset).
    #[arg(long, env = "BANG_WORKER_KEY")]
    worker_key: String,
    /// A pause before each action, in milliseconds.
    #[arg(long, env = "BANG_BOT_DELAY_MS", default_value_t = 0)]
    delay_ms: u64,
    /// The most `strong` bot decisions (searches) made at once; more wait
    /// for a free one (default: the machine's cores).
    #[arg(long, env = "BANG_BOT_THINKERS", value_parser = clap::value_parser!(u16).range(1..))]
    thinkers: Option<u16>,
    /// A `strong` bot's answer time besides five times its budget, in
    /// milliseconds: it answers that long after it was asked, whatever it
    /// holds, so that its timing tells nothing.
    #[arg(long, env = "BANG_BOT_ANSWER_MS", default_value_t = DEFAULT_ANSWER_MS,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    answer_ms: u64,
    /// How many times to try reaching the server at start, half a second
    /// apart, before giving up.
    #[arg(long, env = "BANG_BOTS_CONNECT_ATTEMPTS", default_value_t = 10)]
    connect_attempts: u32,
}

/// Resolves on the first SIGTERM or SIGINT (Ctrl-C).
async fn shutdown_signal() {
    #[cfg(unix)]
    if let Ok(mut term) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
    {
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
        return;
    }
    let _ = tokio::signal::ctrl_c().await;
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let config = WorkerConfig {
        server: args.server.trim_end_matches('/').to_string(),
        worker_key: args.worker_key,
        delay: Duration::from_millis(args.delay_ms),
        thinkers: args.thinkers.map_or_else(default_thinkers, usize::from),
        answer: Duration::from_millis(args.answer_ms),
    };
    if let Err(e) = check(&config, args.connect_attempts, Duration::from_millis(500)).await {
        eprintln!("bang-bots: {e}");
        std::process::exit(1);
    }
    eprintln!("bang-bots: playing the bot seats of {}", config.server);
    let mut running = spawn(config);
    tokio::select! {
        () = shutdown_signal() => {
            eprintln!("bang-bots: stopping");
            running.stop().await;
        }
        e = running.failed() => {
            eprintln!("bang-bots: {e}");
            std::process::exit(1);
        }
    }
}
