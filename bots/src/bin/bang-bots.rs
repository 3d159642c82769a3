//! A standalone bot worker: plays the bot seats of a BANG! server over HTTP.
//!
//! `cargo run --release -p bots --bin bang-bots -- --server http://127.0.0.1:8080 --worker-key KEY`

use std::time::Duration;

use bots::worker::{WorkerConfig, spawn};
use clap::Parser;

/// Plays bot seats through the HTTP API.
#[derive(Parser)]
#[command(version, about)]
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
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let running = spawn(WorkerConfig {
        server: args.server.trim_end_matches('/').to_string(),
        worker_key: args.worker_key,
        delay: Duration::from_millis(args.delay_ms),
    });
    eprintln!("bang-bots: playing bot seats of {}", args.server);
    let _ = tokio::signal::ctrl_c().await;
    running.stop().await;
}
