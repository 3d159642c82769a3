//! `bang-store`: maintenance of a game store.
//!
//! `bang-store copy --from <SPEC> --to <SPEC>` copies every game (record,
//! envelopes byte for byte, dedupe entries), document and secret from one
//! store to another, each a sled directory or a `postgres://` URL, refusing
//! to overwrite anything the target holds with other content (a re-run is
//! fine), then checks every game's chain on both sides.
//!
//! `bang-store pack --store <SPEC>` packs the log of every finished game
//! that is not packed yet into one record (a server packs each game as it
//! finishes; this is for games that finished before).
//!
//! `bang-store ratings --store <SPEC>` recomputes every rating from the
//! rated games' logs, in the ledger's order, and says whether the stored
//! ratings are the same numbers (exit status 1 if not); `--rebuild` then
//! writes the recomputed ones. Run it with the servers stopped, or at least
//! with no rated game ending meanwhile.

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
    /// Packs the log of every finished game not packed yet into one
    /// record.
    Pack {
        /// The store: a sled directory or a postgres:// URL.
        #[arg(long, env = "BANG_STORE", default_value = "./data")]
        store: String,
    },
    /// Recomputes every rating from the rated games' logs and compares it
    /// with the stored ratings; `--rebuild` writes the recomputed ones.
    Ratings {
        /// The store: a sled directory or a postgres:// URL.
        #[arg(long, env = "BANG_STORE", default_value = "./data")]
        store: String,
        /// Write the recomputed ratings (leaderboards and histories too).
        #[arg(long)]
        rebuild: bool,
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
        Command::Pack { store } => pack(&store).await,
        Command::Ratings { store, rebuild } => ratings(&store, rebuild).await,
    }
}

/// `bang-store pack`: how many games it packed.
async fn pack(spec: &str) -> ExitCode {
    let store = match store::Store::open(spec, store::DEFAULT_CACHE_BYTES).await {
        Ok(store) => store,
        Err(e) => {
            eprintln!("bang-store pack: {spec}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let packed = store.pack_finished(api::finished_chain_key).await;
    drop(store);
    // A sled store is opened once more, so that the server's next start does
    // not replay the packing's writes.
    match packed.and_then(|n| store::settle(spec).map(|()| n)) {
        Ok(n) => {
            println!("{n} finished games packed");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bang-store pack: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `bang-store ratings`: the rebuild's report, on stdout as one line of
/// figures and, for each difference, a line naming it.
async fn ratings(spec: &str, write: bool) -> ExitCode {
    let store = match store::Store::open(spec, store::DEFAULT_CACHE_BYTES).await {
        Ok(store) => store,
        Err(e) => {
            eprintln!("bang-store ratings: {spec}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match api::service::rebuild_ratings(&store, write).await {
        Ok(report) => {
            println!(
                "{} pools, {} rated games folded again from their logs, {} holders; \
                 {} ratings differ from the stored ones, {} matches differ from the ledger's; \
                 {} games still pending",
                report.pools,
                report.games,
                report.holders,
                report.differing.len(),
                report.matches_differing.len(),
                report.pending
            );
            for key in &report.differing {
                println!("rating differs: {key}");
            }
            for key in &report.matches_differing {
                println!("match differs: {key}");
            }
            if write {
                println!("the recomputed ratings are written");
                ExitCode::SUCCESS
            } else if report.differing.is_empty() && report.matches_differing.is_empty() {
                println!("the stored ratings are the recomputed ones");
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("bang-store ratings: {e}");
            ExitCode::FAILURE
        }
    }
}
