//! `cargo run --release -p api`: the BANG! game server.

use api::config::{BotsMode, Config};
use clap::Parser;

#[tokio::main]
async fn main() {
    let config = Config::parse();
    if config.openapi {
        use std::io::Write;
        let _ = std::io::stdout().write_all(api::openapi_json().as_bytes());
        return;
    }
    let generated_key = config.worker_key.is_none();
    let running = match api::start(&config).await {
        Ok(running) => running,
        Err(e) => {
            eprintln!("bang: cannot start: {e}");
            std::process::exit(1);
        }
    };
    eprintln!(
        "bang: listening on http://{} (docs: http://{}/docs/), data in {}",
        running.addr,
        running.addr,
        config.data.display()
    );
    if generated_key {
        eprintln!("bang: worker key (BANG_WORKER_KEY): {}", running.worker_key);
    }
    if config.bots == BotsMode::Embedded {
        eprintln!("bang: an embedded bot worker plays the bot seats");
    } else {
        eprintln!("bang: BANG_BOTS=off: bot seats wait for a worker (bang-bots)");
    }
    if let Err(e) = running.wait().await {
        eprintln!("bang: server error: {e}");
        std::process::exit(1);
    }
}
