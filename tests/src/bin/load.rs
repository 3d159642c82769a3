//! Load tool: drives N concurrent games (any ruleset, dice by default) with random legal actions over HTTP
//! against an in-process server, then measures the raw store at the same
//! concurrency, then HTTP again at half the measured rate (the clients'
//! actions arriving as a Poisson stream, not in lockstep).
//!
//! `cargo run --release -p tests --bin load -- --games 256 --seconds 10`
//!
//! Each client plays its game with the engine (a library) beside the server:
//! it chose the seed's number and knows the tests' seed secret, so it deals
//! and decides every action as the server does, and checks the server's
//! version after each. One POST is one action, no polling, in every ruleset:
//! a client that folded the answers instead could not follow a game that
//! hides cards (its seat sees others' draws redacted).
//!
//! The actions are posted over one plain keep-alive HTTP/1.1 connection per
//! client ([`Conn`], a few lines over a `TcpStream`), not through `reqwest`:
//! client and server share the machine, and a lighter client leaves more of it
//! to the server being measured (games are created and read over it too).
//!
//! Besides throughput and latency, each phase prints the CPU time its threads
//! used per operation, by group (`writer`: the store's writer thread, `actix`:
//! the server's workers, `client`: the load clients' tokio workers, `sled`:
//! sled's own threads), from `/proc/self/task/*/schedstat`.
//!
//! With `--server-bin PATH` each server is that `bang-server` binary started
//! as its own process instead, so that the resident memory printed after
//! each HTTP phase is a server's alone; the CPU figures are then the load
//! clients' only.
//!
//! The in-process servers allocate as `bang-server` does (jemalloc, with its
//! settings: [`api::allocator`]).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use engine::Game;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use store::{Append, EventStore, NewGame, SledStore, Store};
use tests::TestServer;
use tests::process::{free_port, memory_mib};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

api::use_server_allocator!();

/// Drives concurrent games over HTTP against an in-process server, then
/// the raw store at the same concurrency, then HTTP again at half the rate;
/// prints throughput, latency and CPU per operation.
#[derive(clap::Parser)]
#[command(name = "load", version)]
struct Args {
    /// Concurrent clients, each playing games back to back over its own
    /// keep-alive connection (and as many concurrent store writers).
    #[arg(long, default_value_t = 256)]
    games: usize,
    /// Length of each of the three phases, in seconds.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// The rewind phase: the length of the long game's log it rewinds
    /// (0: no rewind phase).
    #[arg(long, default_value_t = 20_000)]
    rewind_events: u64,
    /// The ruleset the clients play (5 players, human seats).
    #[arg(long, default_value = "dice")]
    ruleset: String,
    /// The store: a PostgreSQL URL (a database of its own: the run writes
    /// thousands of games into it); by default a temporary sled directory.
    #[arg(long)]
    store: Option<String>,
    /// How many servers share the PostgreSQL store (in this process, or
    /// each a process of its own with `--server-bin`); the clients are
    /// spread over them in turn.
    #[arg(long, default_value_t = 1)]
    servers: usize,
    /// Run each server as a process of its own from this `bang-server`
    /// binary (e.g. `target/release/bang-server`): to measure a server's
    /// memory alone, and to run several servers as they are deployed, each
    /// with its own runtime apart from the clients'.
    #[arg(long)]
    server_bin: Option<std::path::PathBuf>,
    /// The rate (actions/s) of the latency phase, instead of half the rate
    /// measured at full load: to compare two runs at the same rate.
    #[arg(long)]
    half_rate: Option<f64>,
}

/// A server the clients play on: in this process, or a process of its own.
enum Target {
    /// In this process (its memory is counted with the clients').
    InProcess(TestServer),
    /// `bang-server` started by `--server-bin`, with its data directory.
    Process {
        child: std::process::Child,
        base: String,
        _data: tempfile::TempDir,
    },
}

impl Target {
    /// `http://127.0.0.1:PORT`.
    fn base(&self) -> &str {
        match self {
            Target::InProcess(s) => &s.base,
            Target::Process { base, .. } => base,
        }
    }

    /// The server process's own `VmRSS` and `VmHWM` in MiB, when it is one.
    fn own_memory_mib(&self) -> Option<(f64, f64)> {
        match self {
            Target::InProcess(_) => None,
            Target::Process { child, .. } => Some(memory_mib(child.id())),
        }
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Target::Process { child, .. } = self {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// `bin` started on a fresh data directory (or `store`), configured as
/// [`server`] configures the in-process one: bots off, the tests' seed
/// secret, every request limit off. Waits for its `/healthz`.
async fn spawn_server(bin: &std::path::Path, store: Option<&str>) -> Target {
    let data = tempfile::tempdir().expect("a data directory");
    let port = free_port();
    let mut command = std::process::Command::new(bin);
    command
        .env("BANG_ADDR", format!("127.0.0.1:{port}"))
        .env("BANG_DATA", data.path())
        .env("BANG_BOTS", "off")
        .env("BANG_SEED_SECRET", tests::SEED_SECRET)
        .env("BANG_MAX_CONNECTIONS_PER_CLIENT", "0")
        .env("BANG_RATE_PER_CLIENT", "0")
        .env("BANG_RATE_PER_TOKEN", "0")
        .env("BANG_CREATES_PER_MINUTE", "0")
        .env("BANG_ORDERS_PER_MINUTE", u32::MAX.to_string())
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null());
    if let Some(url) = store {
        command.env("BANG_STORE", url);
    }
    let child = command.spawn().expect("the server binary starts");
    let base = format!("http://127.0.0.1:{port}");
    let target = Target::Process {
        child,
        base,
        _data: data,
    };
    for _ in 0..600 {
        let mut conn = Conn::new(target.base());
        if let Ok((200, _)) = conn.call("GET", "/healthz", None, None).await {
            return target;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not answer /healthz within 30 s");
}

/// Prints the memory line after an HTTP phase: the largest server's own
/// when they run as processes, else this process's (servers and clients
/// together).
fn report_memory(targets: &[Target]) {
    let own: Vec<(f64, f64)> = targets.iter().filter_map(Target::own_memory_mib).collect();
    if own.is_empty() {
        println!(
            "memory rss_mib={:.0} (servers and load clients in one process)",
            rss_mib()
        );
        return;
    }
    let rss = own.iter().map(|m| m.0).fold(0.0, f64::max);
    let hwm = own.iter().map(|m| m.1).fold(0.0, f64::max);
    println!(
        "memory server_rss_mib={rss:.0} server_peak_mib={hwm:.0} (the largest server process alone; load clients {:.0})",
        rss_mib()
    );
}

/// The histograms `load` reads from the servers' `/metrics`, by the name
/// it prints: the action route's latency (from a request's arrival in the
/// server to its answer), the handler's stages of an applied action, the
/// store writer's queue, write and wake-up times per request (sled, and
/// PostgreSQL's appends), and its flushes.
const SERVER_SERIES: [(&str, &str); 8] = [
    (
        "actions",
        "bang_http_request_duration_seconds_bucket{method=\"POST\",route=\"/v1/games/{id}/actions\",le=\"",
    ),
    (
        "stage_prepare",
        "bang_action_stage_seconds_bucket{stage=\"prepare\",le=\"",
    ),
    (
        "stage_store",
        "bang_action_stage_seconds_bucket{stage=\"store\",le=\"",
    ),
    (
        "stage_answer",
        "bang_action_stage_seconds_bucket{stage=\"answer\",le=\"",
    ),
    ("store_queued", "bang_store_queue_seconds_bucket{le=\""),
    ("store_written", "bang_store_write_seconds_bucket{le=\""),
    ("store_woken", "bang_store_woken_seconds_bucket{le=\""),
    ("flushes", "bang_store_flush_seconds_bucket{le=\""),
];

/// Each histogram of [`SERVER_SERIES`], summed over the servers:
/// cumulative counts by upper bound in seconds. Servers in this process
/// share their counters (they are process-wide): they are read once.
async fn histograms(targets: &[Target]) -> Vec<Vec<(f64, u64)>> {
    let mut texts = Vec::new();
    let mut in_process_read = false;
    for target in targets {
        if let Target::InProcess(_) = target {
            if in_process_read {
                continue;
            }
            in_process_read = true;
        }
        if let Ok((200, text)) = Conn::new(target.base())
            .call("GET", "/metrics", None, None)
            .await
        {
            texts.push(String::from_utf8_lossy(&text).into_owned());
        }
    }
    SERVER_SERIES
        .iter()
        .map(|(_, series)| histogram(&texts, series))
        .collect()
}

/// The histogram whose bucket lines start with `series` in `texts`.
fn histogram(texts: &[String], series: &str) -> Vec<(f64, u64)> {
    let mut buckets: Vec<(f64, u64)> = Vec::new();
    for line in texts.iter().flat_map(|text| text.lines()) {
        let Some(rest) = line.strip_prefix(series) else {
            continue;
        };
        let Some((le, count)) = rest.split_once("\"} ") else {
            continue;
        };
        let le = if le == "+Inf" {
            f64::INFINITY
        } else {
            le.parse().unwrap_or(f64::NAN)
        };
        let count: u64 = count.trim().parse().unwrap_or(0);
        match buckets.iter_mut().find(|(l, _)| *l == le) {
            Some((_, n)) => *n += count,
            None => buckets.push((le, count)),
        }
    }
    buckets
}

/// Prints how the servers saw a phase (`before`: their histograms when it
/// began), one line per histogram of [`SERVER_SERIES`]: the share above 10
/// and 25 ms, and the bucket bound under which 99% fell. Set beside the
/// clients' p99, it says whether a tail is spent in the server, and in
/// which stage, or before it reads a request (the kernel's and the
/// runtime's queues, the clients' own threads).
async fn report_server_side(phase: &str, targets: &[Target], before: &ServerSeen) {
    let after = histograms(targets).await;
    for (((what, _), before), after) in SERVER_SERIES.iter().zip(before).zip(&after) {
        report_histogram(phase, what, before, after);
    }
}

/// The servers' histograms of [`SERVER_SERIES`] when a phase began.
type ServerSeen = Vec<Vec<(f64, u64)>>;

/// Prints one histogram's growth over a phase (see [`report_server_side`]).
fn report_histogram(phase: &str, what: &str, before: &[(f64, u64)], after: &[(f64, u64)]) {
    let delta: Vec<(f64, u64)> = after
        .iter()
        .map(|&(le, n)| {
            let was = before.iter().find(|(l, _)| *l == le).map_or(0, |(_, n)| *n);
            (le, n.saturating_sub(was))
        })
        .collect();
    let total = delta
        .iter()
        .find(|(le, _)| le.is_infinite())
        .map_or(0, |(_, n)| *n);
    if total == 0 {
        return;
    }
    let under = |bound: f64| {
        delta
            .iter()
            .find(|(le, _)| (*le - bound).abs() < 1e-9)
            .map_or(0, |(_, n)| *n)
    };
    let share_over = |bound: f64| 100.0 * (total - under(bound).min(total)) as f64 / total as f64;
    let p99_le = delta
        .iter()
        .filter(|(_, n)| *n as f64 >= 0.99 * total as f64)
        .map(|(le, _)| *le)
        .fold(f64::INFINITY, f64::min);
    println!(
        "server_side phase={phase} {what}={total} over_10ms_pct={:.2} over_25ms_pct={:.2} p99_under_ms={}",
        share_over(0.01),
        share_over(0.025),
        p99_le * 1000.0
    );
}

/// The benchmark's server on `store` (a temporary sled directory if
/// `None`): the tests' configuration with every request limit off, since
/// all clients share 127.0.0.1 and play as fast as they can.
async fn server(store: Option<&str>) -> TestServer {
    TestServer::start_with(|config| {
        config.store = store.map(str::to_owned);
        config.max_connections_per_client = 0;
        config.rate_per_client = 0.0;
        config.rate_per_token = 0.0;
        config.creates_per_minute = 0.0;
        config.orders_per_minute = u32::MAX;
    })
    .await
}

/// CPU time (ns) of every thread of this process, by thread id, with its name.
fn thread_cpu() -> HashMap<u64, (String, u64)> {
    let mut out = HashMap::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return out;
    };
    for task in tasks.flatten() {
        let Some(tid) = task.file_name().to_str().and_then(|t| t.parse().ok()) else {
            continue;
        };
        let path = task.path();
        let name = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
        let ns = std::fs::read_to_string(path.join("schedstat"))
            .ok()
            .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
            .unwrap_or(0);
        out.insert(tid, (name.trim().to_string(), ns));
    }
    out
}

/// The group a thread's CPU time is reported under.
fn thread_group(name: &str) -> &'static str {
    if name.starts_with("group-") {
        "writer"
    } else if name.starts_with("actix") {
        "actix"
    } else if name.starts_with("tokio-rt") {
        "client"
    } else if name.starts_with("sled") || name == "log flusher" {
        "sled"
    } else {
        "other"
    }
}

/// Prints the CPU time per operation since `before`, by thread group (threads
/// that exited meanwhile are not counted).
fn report_cpu(phase: &str, before: &HashMap<u64, (String, u64)>, ops: usize) {
    let mut groups: BTreeMap<&str, u64> = BTreeMap::new();
    for (tid, (name, ns)) in thread_cpu() {
        let start = before.get(&tid).map_or(0, |b| b.1);
        *groups.entry(thread_group(&name)).or_default() += ns.saturating_sub(start);
    }
    let per_op = |ns: u64| ns as f64 / 1000.0 / ops.max(1) as f64;
    let total: u64 = groups.values().sum();
    let parts: Vec<String> = groups
        .iter()
        .map(|(g, ns)| format!("{g}={:.1}", per_op(*ns)))
        .collect();
    println!(
        "cpu_us_per_op phase={phase} total={:.1} {}",
        per_op(total),
        parts.join(" ")
    );
}

/// This process's resident memory (the clients', and the server's when it
/// runs in this process), in MiB.
fn rss_mib() -> f64 {
    memory_mib(std::process::id()).0
}

/// Median time of `runs` GETs of `path`, in ms.
async fn median_get(conn: &mut Conn, path: &str, runs: usize) -> f64 {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        let (status, body) = conn.call("GET", path, None, None).await.expect("get");
        assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
        times.push(started.elapsed());
    }
    times.sort();
    percentile(&times, 0.5)
}

/// Rewinds (`?at=N`) across a game grown to `events` events (by standing
/// orders, which any seat may post at any time), and across a played game,
/// and prints each rewind's median time with a plain read of the same game
/// as the baseline (the difference is the rewind's own server-side cost).
async fn rewind_phase(server: &Target, events: u64) {
    let mut conn = Conn::new(server.base());
    let create = json!({"ruleset": "dice", "players": 4,
        "seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}],
        "options": {"modules": ["special_roles"]}});
    let body = serde_json::to_vec(&create).expect("json");
    let (status, created) = conn
        .call("POST", "/v1/games", None, Some(&body))
        .await
        .expect("create");
    assert_eq!(status, 201, "{}", String::from_utf8_lossy(&created));
    let created: Value = serde_json::from_slice(&created).expect("json");
    let id = created["game"]["id"].as_str().expect("id").to_string();
    let token = created["tokens"][0]["token"]
        .as_str()
        .expect("token")
        .to_string();
    let orders = [
        json!({"action": {"type": "set_orders", "orders": {"the_doc": "ask"}}}),
        json!({"action": {"type": "set_orders", "orders": {"the_doc": "pass"}}}),
    ]
    .map(|o| serde_json::to_vec(&o).expect("json"));
    let started = Instant::now();
    let mut version = 0;
    let path = format!("/v1/games/{id}/actions");
    for i in 0.. {
        let (status, answer) = conn
            .call("POST", &path, Some(&token), Some(&orders[i % 2]))
            .await
            .expect("post");
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
        let answer: Value = serde_json::from_slice(&answer).expect("json");
        version = answer["version"].as_u64().unwrap_or(0);
        if version >= events {
            break;
        }
    }
    println!(
        "rewind_setup events={version} wall_s={:.1}",
        started.elapsed().as_secs_f64()
    );
    let game = format!("/v1/games/{id}");
    let baseline = median_get(&mut conn, &game, 200).await;
    for at in [1_000, version / 4, version / 2, version - 1] {
        let ms = median_get(&mut conn, &format!("{game}?at={at}"), 200).await;
        println!(
            "rewind log_events={version} at={at} median_ms={ms:.3} plain_read_ms={baseline:.3} rewind_cost_ms={:.3}",
            (ms - baseline).max(0.0)
        );
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// One keep-alive HTTP/1.1 connection to the server: one client's requests.
struct Conn {
    addr: String,
    stream: Option<TcpStream>,
    /// Bytes read and not yet consumed.
    buf: Vec<u8>,
    request: Vec<u8>,
}

fn bad(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string())
}

impl Conn {
    fn new(base: &str) -> Conn {
        Conn {
            addr: base.trim_start_matches("http://").to_string(),
            stream: None,
            buf: Vec::with_capacity(16 * 1024),
            request: Vec::with_capacity(1024),
        }
    }

    /// Sends a request (a JSON `body` for a POST, a bearer `token` if any);
    /// returns the status and the response body. A request that finds its
    /// reused connection closed by the server before any answer (an idle
    /// keep-alive timeout) is sent once more, on a new connection.
    async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&[u8]>,
    ) -> std::io::Result<(u16, Vec<u8>)> {
        use std::io::Write;
        self.request.clear();
        write!(
            self.request,
            "{method} {path} HTTP/1.1\r\nhost: {}\r\n",
            self.addr
        )?;
        if let Some(token) = token {
            write!(self.request, "authorization: Bearer {token}\r\n")?;
        }
        if let Some(body) = body {
            write!(
                self.request,
                "content-type: application/json\r\ncontent-length: {}\r\n",
                body.len()
            )?;
        }
        self.request.extend_from_slice(b"\r\n");
        if let Some(body) = body {
            self.request.extend_from_slice(body);
        }
        let reused = self.stream.is_some();
        match self.exchange().await {
            Err(Closed::Early) if reused => {}
            Err(Closed::Early) => return Err(bad("connection closed")),
            Err(Closed::Io(e)) => return Err(e),
            Ok(answer) => return Ok(answer),
        }
        match self.exchange().await {
            Ok(answer) => Ok(answer),
            Err(Closed::Early) => Err(bad("connection closed")),
            Err(Closed::Io(e)) => Err(e),
        }
    }

    /// Writes `self.request` and reads the response (connecting first if
    /// needed). Any failure drops the connection.
    async fn exchange(&mut self) -> Result<(u16, Vec<u8>), Closed> {
        if self.stream.is_none() {
            let stream = TcpStream::connect(&self.addr).await?;
            stream.set_nodelay(true)?;
            self.stream = Some(stream);
            self.buf.clear();
        }
        let result = self.exchange_on().await;
        if result.is_err() {
            self.stream = None;
        }
        result
    }

    async fn exchange_on(&mut self) -> Result<(u16, Vec<u8>), Closed> {
        let Some(stream) = self.stream.as_mut() else {
            return Err(bad("not connected").into());
        };
        stream.write_all(&self.request).await?;
        loop {
            if let Some(end) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = std::str::from_utf8(&self.buf[..end]).map_err(|_| bad("head"))?;
                let status: u16 = head
                    .split(' ')
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| bad("status line"))?;
                let length: usize = head
                    .split("\r\n")
                    .find_map(|line| {
                        let (name, value) = line.split_once(':')?;
                        name.eq_ignore_ascii_case("content-length")
                            .then(|| value.trim().parse().ok())?
                    })
                    .ok_or_else(|| bad("no content-length"))?;
                let start = end + 4;
                while self.buf.len() < start + length {
                    if stream.read_buf(&mut self.buf).await? == 0 {
                        return Err(bad("connection closed mid-response").into());
                    }
                }
                let body = self.buf[start..start + length].to_vec();
                self.buf.drain(..start + length);
                return Ok((status, body));
            }
            if stream.read_buf(&mut self.buf).await? == 0 {
                return Err(if self.buf.is_empty() {
                    Closed::Early
                } else {
                    bad("connection closed mid-response").into()
                });
            }
        }
    }

    /// Creates a game of `ruleset` with `n` human seats; returns its id and
    /// the tokens by seat.
    async fn human_game(
        &mut self,
        ruleset: &str,
        n: u8,
        seed: u64,
    ) -> std::io::Result<(String, Vec<String>)> {
        let seats: Vec<Value> = (0..n).map(|i| json!({"name": format!("P{i}")})).collect();
        let body = json!({"ruleset": ruleset, "players": n, "seats": seats, "seed": seed});
        let body = serde_json::to_vec(&body)?;
        let (status, answer) = self.call("POST", "/v1/games", None, Some(&body)).await?;
        let answer: Value = serde_json::from_slice(&answer)?;
        if status != 201 {
            return Err(bad(&format!("create: {status}: {answer}")));
        }
        let id = answer["game"]["id"].as_str().ok_or_else(|| bad("id"))?;
        let tokens = answer["tokens"]
            .as_array()
            .ok_or_else(|| bad("tokens"))?
            .iter()
            .map(|t| t["token"].as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad("token"))?;
        Ok((id.to_string(), tokens))
    }
}

/// Why an exchange failed.
enum Closed {
    /// The server closed the connection before sending anything.
    Early,
    Io(std::io::Error),
}

impl From<std::io::Error> for Closed {
    fn from(e: std::io::Error) -> Closed {
        Closed::Io(e)
    }
}

/// Seats per game.
const PLAYERS: u8 = 5;

/// A new game of `ruleset` dealt as the server deals it with `seed` (the
/// load's games: [`PLAYERS`] people, default options).
fn opening(
    ruleset: &'static dyn engine::RulesetEntry,
    seed: engine::Seed,
) -> Result<Box<dyn Game>, String> {
    let seats = (0..PLAYERS)
        .map(|i| engine::SeatSpec {
            name: format!("P{i}"),
            ..Default::default()
        })
        .collect();
    let mut game = ruleset.new_game();
    for event in ruleset.start(PLAYERS, &Value::Null, seats, seed)? {
        game.apply(&event).map_err(|e| format!("{e:?}"))?;
    }
    Ok(game)
}

/// What one client did in a phase: its POST latencies, and how many games
/// it opened (played to the end, or cut by the phase's end).
#[derive(Default)]
struct Played {
    latencies: Vec<Duration>,
    games: usize,
}

/// One client playing games back to back until `stop`.
async fn player(
    ruleset: &'static dyn engine::RulesetEntry,
    mut conn: Conn,
    seed: u64,
    stop: Arc<AtomicBool>,
    pace: Option<Duration>,
) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = Played::default();
    let latencies = &mut played.latencies;
    let mut body = Vec::with_capacity(256);
    'games: while !stop.load(Ordering::Relaxed) {
        let number: u64 = rng.random();
        let (id, tokens) = match conn.human_game(ruleset.id(), PLAYERS, number).await {
            Ok(opened) => opened,
            Err(e) => {
                eprintln!("load: {e}");
                return played;
            }
        };
        played.games += 1;
        // The game as the server has it: the client chose the seed's number
        // and knows the tests' secret, so it plays every seat's actions
        // itself (one POST per action, whatever the ruleset hides).
        let seed = api::chosen_seed(number, tests::SEED_SECRET);
        let mut game = match opening(ruleset, seed) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("load: {e}");
                return played;
            }
        };
        let path = format!("/v1/games/{id}/actions");
        let mut next = Instant::now();
        while let Some(&seat) = game.waiting().first() {
            if stop.load(Ordering::Relaxed) {
                break 'games;
            }
            if let Some(gap) = pace {
                next += gap.mul_f64(exponential(&mut rng));
                tokio::time::sleep_until(next.into()).await;
            }
            let legal = game.legal(seat);
            let action = &legal[rng.random_range(0..legal.len())];
            let outcome = match game.play(seat, action, seed) {
                Ok(outcome) => outcome,
                Err(e) => {
                    eprintln!("load: a legal action refused: {e:?}");
                    return played;
                }
            };
            body.clear();
            body.extend_from_slice(b"{\"action\":");
            serde_json::to_writer(&mut body, &action).expect("an action serializes");
            // With an action id, as bots and careful clients post (a retry
            // is then safe): the store records it with the append.
            let version = game.version();
            body.extend_from_slice(
                format!(
                    ",\"expected_version\":{version},\"action_id\":\"load-{seat}-{version}\"}}"
                )
                .as_bytes(),
            );
            let started = Instant::now();
            let token = Some(tokens[seat as usize].as_str());
            let response = conn.call("POST", &path, token, Some(&body)).await;
            latencies.push(started.elapsed());
            let (status, result) = match response {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("load: {e}");
                    return played;
                }
            };
            let result: Value = serde_json::from_slice(&result).unwrap_or(Value::Null);
            if !(200..300).contains(&status) {
                eprintln!("load: {status}: {result}");
                return played;
            }
            game = outcome.next;
            if result["version"].as_u64() != Some(game.version()) {
                eprintln!("load: the server's game is not the client's: {result}");
                return played;
            }
        }
    }
    played
}

async fn http_phase(
    ruleset: &'static dyn engine::RulesetEntry,
    servers: &[Target],
    games: usize,
    seconds: u64,
    pace: Option<Duration>,
) -> Phase {
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| {
            let conn = Conn::new(servers[i % servers.len()].base());
            tokio::spawn(player(ruleset, conn, i as u64, stop.clone(), pace))
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    let mut opened = 0;
    for t in tasks {
        let played = t.await.unwrap_or_default();
        latencies.extend(played.latencies);
        opened += played.games;
    }
    let wall = started.elapsed().as_secs_f64();
    latencies.sort();
    Phase {
        actions: latencies.len(),
        games: opened,
        wall,
        latencies,
    }
}

/// A draw of the exponential distribution of mean 1: paced clients space
/// their actions by such multiples of the mean gap, so that together they
/// arrive as a Poisson stream at the target rate. Equal gaps would keep the
/// clients in lockstep (they all start at once): a burst of every client's
/// action at each gap, whose last answer waits for the whole burst however
/// low the mean rate.
fn exponential(rng: &mut ChaCha8Rng) -> f64 {
    let u: f64 = rng.random();
    -(1.0 - u).ln()
}

/// What the clients of an HTTP phase did together.
struct Phase {
    /// Actions posted.
    actions: usize,
    /// Games opened.
    games: usize,
    /// The phase's length, in seconds.
    wall: f64,
    /// Every POST's latency, sorted.
    latencies: Vec<Duration>,
}

async fn store_phase(spec: Option<&str>, concurrency: usize, seconds: u64) -> (u64, f64) {
    let cpu = thread_cpu();
    let dir = tempfile::tempdir().expect("temp dir");
    let store: Store = match spec {
        Some(url) => Store::open(url, 64 << 20).await.expect("store"),
        None => SledStore::open(dir.path()).expect("store").into(),
    };
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
                ..Default::default()
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
                        version = a.head.version;
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
    let wall = started.elapsed().as_secs_f64();
    // Before the store (and its threads) is dropped.
    report_cpu("store", &cpu, total as usize);
    (total, wall)
}

#[tokio::main]
async fn main() {
    let a = <Args as clap::Parser>::parse();
    let Some(ruleset) = engine::ruleset(&a.ruleset) else {
        eprintln!("load: --ruleset: no ruleset `{}`", a.ruleset);
        std::process::exit(2);
    };
    if a.servers == 0 || (a.servers > 1 && a.store.is_none()) {
        eprintln!("load: --servers: several servers need a shared store (--store postgres://…)");
        std::process::exit(2);
    }
    let mut servers = Vec::new();
    for _ in 0..a.servers {
        servers.push(match &a.server_bin {
            Some(bin) => spawn_server(bin, a.store.as_deref()).await,
            None => Target::InProcess(server(a.store.as_deref()).await),
        });
    }
    println!(
        "store={} servers={}",
        if a.store.is_some() {
            "postgres"
        } else {
            "sled"
        },
        a.servers
    );

    let cpu = thread_cpu();
    let seen = histograms(&servers).await;
    let full = http_phase(ruleset, &servers, a.games, a.seconds, None).await;
    let rate = full.actions as f64 / full.wall;
    println!(
        "http clients={} games_opened={} actions={} wall_s={:.2} actions_per_s={rate:.0} p50_ms={:.2} p99_ms={:.2}",
        a.games,
        full.games,
        full.actions,
        full.wall,
        percentile(&full.latencies, 0.5),
        percentile(&full.latencies, 0.99)
    );
    report_cpu("http", &cpu, full.actions);
    report_server_side("http", &servers, &seen).await;
    report_memory(&servers);

    let (appends, wall) = store_phase(a.store.as_deref(), a.games, a.seconds).await;
    let store_rate = appends as f64 / wall;
    println!(
        "store concurrency={} appends={appends} wall_s={wall:.2} appends_per_s={store_rate:.0} http_share={:.2}",
        a.games,
        rate / store_rate.max(1.0)
    );

    let target = a.half_rate.unwrap_or(rate / 2.0);
    let gap = Duration::from_secs_f64(a.games as f64 / target.max(1.0));
    let cpu = thread_cpu();
    let seen = histograms(&servers).await;
    let half = http_phase(ruleset, &servers, a.games, a.seconds, Some(gap)).await;
    println!(
        "http_half_load target_per_s={target:.0} games_opened={} actions={} actions_per_s={:.0} p50_ms={:.2} p99_ms={:.2}",
        half.games,
        half.actions,
        half.actions as f64 / half.wall,
        percentile(&half.latencies, 0.5),
        percentile(&half.latencies, 0.99)
    );
    report_cpu("http_half_load", &cpu, half.actions);
    report_server_side("http_half_load", &servers, &seen).await;
    report_memory(&servers);

    if a.rewind_events > 0 {
        rewind_phase(&servers[0], a.rewind_events).await;
    }
}
