//! `bang-store`: maintenance of a game store.
//!
//! `bang-store copy --from <SPEC> --to <SPEC>` copies every game (record,
//! envelopes byte for byte, dedupe entries), document and secret from one
//! store to another, each a sled directory or a `postgres://` URL, refusing
//! to overwrite anything the target holds with other content (a re-run is
//! fine), then checks every game's chain on both sides.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Maintenance of a game store (a sled directory or a postgres:// URL).
#[derive(Parser)]
#[command(name = "bang-store", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Copies every game, document and secret from one store to another,
    /// then verifies every chain on both sides.
    Copy {
        /// The source: a sled directory or a postgres:// URL.
        #[arg(long, env = "BANG_STORE_FROM")]
        from: String,
        /// The target: a sled directory or a postgres:// URL.
        #[arg(long, env = "BANG_STORE_TO")]
        to: String,
    },
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Copy { from, to } => match store::transfer::copy_between(&from, &to).await {
            Ok(report) => {
                println!(
                    "copied {} games ({} events), {} documents, {} secrets; \
                     already there: {} games, {} documents, {} secrets",
                    report.games,
                    report.events,
                    report.docs,
                    report.secrets,
                    report.games_present,
                    report.docs_present,
                    report.secrets_present
                );
                println!("{} chains verified", report.verified);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("bang-store copy: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
