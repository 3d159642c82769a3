//! `bang-server` (`cargo run --release -p api`): the BANG! game server.
//!
//! Stops on SIGTERM or Ctrl-C: the embedded bot worker first, then the server
//! (requests in flight get `BANG_SHUTDOWN_TIMEOUT_S`); a second signal exits
//! at once.

use api::config::{BotsMode, Config};
use clap::Parser;

api::use_server_allocator!();

/// Resolves on the first SIGTERM or SIGINT (Ctrl-C).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => tracing::info!("SIGTERM received"),
                    _ = tokio::signal::ctrl_c() => tracing::info!("Ctrl-C received"),
                }
            }
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM ({e}); Ctrl-C only");
                let _ = tokio::signal::ctrl_c().await;
                tracing::info!("Ctrl-C received");
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("Ctrl-C received");
    }
}

fn main() {
    let config = Config::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("bang-server: cannot start the async runtime: {e}");
            std::process::exit(1);
        }
    };
    runtime.block_on(serve(config));
}

/// Runs the server of `config` until a signal stops it.
async fn serve(config: Config) {
    if config.openapi {
        use std::io::Write;
        let _ = std::io::stdout().write_all(api::openapi_json().as_bytes());
        return;
    }
    api::telemetry::init_logging();
    let generated_key = config.worker_key.is_none();
    let running = match api::start(&config).await {
        Ok(running) => running,
        Err(e) => {
            tracing::error!("cannot start: {e}");
            eprintln!("bang-server: cannot start: {e}");
            std::process::exit(1);
        }
    };
    tracing::info!(
        "listening on http://{} (docs: http://{}/docs/), data in {}",
        running.addr,
        running.addr,
        config.data.display()
    );
    if generated_key {
        tracing::info!("worker key (BANG_WORKER_KEY): {}", running.worker_key);
    }
    if config.bots == BotsMode::Embedded {
        tracing::info!("an embedded bot worker plays the bot seats");
    } else {
        tracing::info!("BANG_BOTS=off: bot seats wait for a worker (bang-bots)");
    }
    let shutdown = async {
        shutdown_signal().await;
        // A second signal while stopping: exit now.
        tokio::spawn(async {
            shutdown_signal().await;
            tracing::warn!("second signal: exiting without waiting");
            std::process::exit(130);
        });
    };
    if let Err(e) = running.run_until(shutdown).await {
        tracing::error!("server error: {e}");
        std::process::exit(1);
    }
}
