//! Scale tool: fills a store with many finished games in bulk, then starts
//! the real server on it and times what a person meets there (see
//! [`tests::scale`]).
//!
//! `cargo run --release -p tests --bin scale -- --games 1000000 --store DIR_OR_URL`
//!
//! The server is the `bang-server` binary built beside this one (`cargo build
//! --release -p api` first), started as a separate process with the embedded
//! bots on, so that its start-up time and memory are its own. Printed: the
//! fill's wall time and rate, the store's size on disk per game, the
//! server's start-up time (spawn to the first `/healthz` answer), each
//! read's p50/p99/max, and the server's resident memory after the reads.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use store::Store;
use tests::process::{free_port, memory_mib};
use tests::scale::{self, Filled, Plan};

/// Fills a store with finished games and times a server's reads on it.
#[derive(clap::Parser)]
#[command(name = "scale", version)]
struct Args {
    /// Finished games to write.
    #[arg(long, default_value_t = 1_000_000)]
    games: u64,
    /// The store: a sled directory (created) or a PostgreSQL URL (an empty
    /// database of its own).
    #[arg(long)]
    store: String,
    /// Templates played per kind of game.
    #[arg(long, default_value_t = 4)]
    templates_per_kind: usize,
    /// Games of the heavy player, whose inbox is timed.
    #[arg(long, default_value_t = 10_000)]
    heavy_games: u64,
    /// Games per bulk write (sled's store came out 1.6 times larger with 500).
    #[arg(long, default_value_t = 50)]
    batch: usize,
    /// Seeds the templates' deals and the copies' ids, times and players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Requests per read timed.
    #[arg(long, default_value_t = 200)]
    repeat: usize,
    /// Where the fill's facts are kept (what the reads look for), for
    /// `--measure-only`.
    #[arg(long, default_value = "scale-fill.json")]
    fill_file: PathBuf,
    /// Do not fill: time the reads of a store filled before.
    #[arg(long)]
    measure_only: bool,
    /// The server binary (default: `bang-server` beside this one).
    #[arg(long)]
    server_bin: Option<PathBuf>,
}

/// The server process on `store`, listening on `port`, bots on, request
/// limits off (one client times its reads as fast as it can).
fn spawn_server(bin: &PathBuf, store: &str, port: u16, scratch: &std::path::Path) -> Child {
    let mut command = Command::new(bin);
    command
        .env("BANG_ADDR", format!("127.0.0.1:{port}"))
        .env("BANG_BOTS", "embedded")
        .env("BANG_RATE_PER_CLIENT", "0")
        .env("BANG_RATE_PER_TOKEN", "0")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    if store::is_postgres_url(store) {
        command.env("BANG_STORE", store).env("BANG_DATA", scratch);
    } else {
        command.env("BANG_DATA", store);
    }
    command.spawn().expect("the server starts")
}

async fn fill(a: &Args) -> Filled {
    let plan = Plan {
        games: a.games,
        templates_per_kind: a.templates_per_kind,
        heavy_games: a.heavy_games,
        batch: a.batch,
        seed: a.seed,
    };
    let started = Instant::now();
    let templates = scale::play_templates(plan.templates_per_kind, plan.seed).await;
    for t in &templates {
        println!(
            "template kind={} players={} events={}",
            scale::KINDS[t.kind].label,
            t.game.record.data["players"],
            t.game.envelopes.len()
        );
    }
    println!(
        "templates played={} wall_s={:.1}",
        templates.len(),
        started.elapsed().as_secs_f64()
    );
    let store = Store::open(&a.store, store::DEFAULT_CACHE_BYTES)
        .await
        .expect("the store opens");
    let step = (plan.games / 20).max(plan.batch as u64);
    let started = Instant::now();
    let filled = scale::fill(&store, &templates, &plan, |written| {
        if written % step < plan.batch as u64 || written == plan.games {
            println!(
                "fill written={written} wall_s={:.0} games_per_s={:.0}",
                started.elapsed().as_secs_f64(),
                written as f64 / started.elapsed().as_secs_f64()
            );
        }
    })
    .await
    .expect("the fill");
    let size = store.size_on_disk().await.unwrap_or(0);
    println!(
        "filled store={} games={} events={} players={} wall_s={:.0} games_per_s={:.0} \
         size_mib={:.0} bytes_per_game={:.0} mix={:?}",
        store.backend(),
        filled.games,
        filled.events,
        filled.players,
        filled.wall.as_secs_f64(),
        filled.games as f64 / filled.wall.as_secs_f64(),
        size as f64 / (1 << 20) as f64,
        size as f64 / filled.games.max(1) as f64,
        filled.by_kind
    );
    drop(store);
    // sled replays at its next open what the fill wrote, unless it is
    // opened once here: the fill pays that, not the server's start.
    let started = Instant::now();
    store::settle(&a.store).expect("the store settles");
    println!("settled wall_s={:.1}", started.elapsed().as_secs_f64());
    std::fs::write(&a.fill_file, filled.to_json().to_string()).expect("write the fill file");
    filled
}

#[tokio::main]
async fn main() {
    let a = Args::parse();
    let filled = if a.measure_only {
        let text = std::fs::read_to_string(&a.fill_file).expect("the fill file (fill first)");
        let value = serde_json::from_str(&text).expect("the fill file is JSON");
        Filled::from_json(&value).expect("the fill file's fields")
    } else {
        fill(&a).await
    };
    // Let sled's background threads let go of the directory's lock.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let bin = a.server_bin.clone().unwrap_or_else(|| {
        let me = std::env::current_exe().expect("this binary's path");
        me.with_file_name("bang-server")
    });
    let scratch = tempfile::tempdir().expect("a scratch directory");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    let mut server = spawn_server(&bin, &a.store, port, scratch.path());
    let http = bots::http_client().build().expect("an HTTP client");
    loop {
        let up = http.get(format!("{base}/healthz")).send().await;
        if up.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        if let Ok(Some(status)) = server.try_wait() {
            panic!("the server stopped: {status}");
        }
        assert!(started.elapsed() < Duration::from_secs(300), "no start");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    println!(
        "startup games={} ms={:.0}",
        filled.games,
        started.elapsed().as_secs_f64() * 1000.0
    );
    let (rss, _) = memory_mib(server.id());
    println!("memory phase=started rss_mib={rss:.0}");
    match scale::measure(&base, &filled, a.repeat).await {
        Ok(timings) => {
            for t in timings {
                println!("{t}");
            }
        }
        Err(e) => eprintln!("a read failed: {e}"),
    }
    let (rss, hwm) = memory_mib(server.id());
    println!("memory phase=after_reads rss_mib={rss:.0} peak_rss_mib={hwm:.0}");
    let _ = Command::new("kill").arg(server.id().to_string()).status();
    let _ = server.wait();
}
