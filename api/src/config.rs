//! Server configuration: each setting is a flag and an environment variable.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

/// Where bot seats are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BotsMode {
    /// The server runs a bot worker itself (over loopback HTTP).
    Embedded,
    /// Bot workers run separately (`bang-bots`).
    Off,
}

/// The BANG! game server.
#[derive(Debug, Clone, Parser)]
#[command(version, about)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "BANG_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Directory of the event store.
    #[arg(long, env = "BANG_DATA", default_value = "./data")]
    pub data: PathBuf,
    /// `embedded` (default) or `off` when bot workers run separately.
    #[arg(long, env = "BANG_BOTS", value_enum, default_value = "embedded")]
    pub bots: BotsMode,
    /// The bot workers' key; generated and logged when unset.
    #[arg(long, env = "BANG_WORKER_KEY")]
    pub worker_key: Option<String>,
    /// A bot's pause before acting, in milliseconds.
    #[arg(long, env = "BANG_BOT_DELAY_MS", default_value_t = 0)]
    pub bot_delay_ms: u64,
    /// Print the OpenAPI document and exit.
    #[arg(long)]
    pub openapi: bool,
}
