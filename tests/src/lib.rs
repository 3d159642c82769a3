//! End-to-end test support: a real server on an ephemeral 127.0.0.1 port over a
//! temporary store, and a small JSON client for it.
//!
//! **Both backends.** The test binary `on_postgres` (`tests/tests/on_postgres.rs`)
//! includes the HTTP suites' modules a second time; every server it starts
//! runs on a fresh PostgreSQL database instead of a sled directory (one
//! database per data directory, so a restart finds its games again). Without
//! PostgreSQL it says that its runs were skipped and ends.

#![warn(missing_docs)]

pub mod play;
pub mod process;
pub mod receiver;
pub mod scale;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use api::config::{BotsMode, Config};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// A server under test, with its data directory.
pub struct TestServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The worker key.
    pub worker_key: String,
    /// The data directory (kept for restarts).
    pub data: PathBuf,
    running: Option<api::Running>,
    _dir: Option<tempfile::TempDir>,
}

/// Whether this test process runs its servers on PostgreSQL (it is the
/// `on_postgres` test binary).
pub fn on_postgres() -> bool {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.file_name().map(|n| n.to_string_lossy().into_owned()))
        .is_some_and(|name| name.starts_with("on_postgres"))
}

/// The PostgreSQL database of data directory `data` in an [`on_postgres`]
/// process (made the first time `data` is asked for), or `None` in any other.
/// Ends the process, saying so, when there is no PostgreSQL to run on.
pub async fn postgres_store_of(data: &Path) -> Option<String> {
    static DATABASES: Mutex<Option<HashMap<PathBuf, String>>> = Mutex::new(None);
    if !on_postgres() {
        return None;
    }
    if let Some(url) = DATABASES
        .lock()
        .unwrap()
        .get_or_insert_with(HashMap::new)
        .get(data)
    {
        return Some(url.clone());
    }
    let Some(url) = store::testing::postgres_database().await else {
        // The note that the PostgreSQL runs were skipped is printed already.
        std::process::exit(0);
    };
    let mut databases = DATABASES.lock().unwrap();
    let map = databases.get_or_insert_with(HashMap::new);
    Some(map.entry(data.to_path_buf()).or_insert(url).clone())
}

/// The seed secret of the tests' servers: with it a client knows the seed
/// of a game it chose the number of ([`api::chosen_seed`]).
pub const SEED_SECRET: &str = "test-seed-secret";

/// The configuration tests start servers with: an ephemeral port, a fixed
/// worker key and seed secret ([`SEED_SECRET`]: a chosen seed plays the same
/// game in every run), and limits loose enough for tests that play many games.
pub fn test_config(data: &Path) -> Config {
    use clap::Parser;
    let mut config = Config::parse_from(["bang-server"]);
    config.addr = "127.0.0.1:0".into();
    config.data = data.to_path_buf();
    config.bots = BotsMode::Off;
    config.worker_key = Some("test-worker-key".into());
    config.seed_secret = Some(SEED_SECRET.into());
    config.bot_delay_ms = 0;
    // `strong` bots answer after five times their budget, without the
    // 100 ms more a server gives them (the test of their timing sets it).
    config.bot_answer_ms = 0;
    config.orders_per_minute = 100_000;
    // Request limits: loose enough for tests that play hundreds of games
    // quickly from 127.0.0.1 (on, so that every test goes through them).
    config.max_connections_per_client = 10_000;
    config.rate_per_client = 1_000_000.0;
    config.burst_per_client = 1_000_000.0;
    config.rate_per_token = 1_000_000.0;
    config.burst_per_token = 1_000_000.0;
    config.creates_per_minute = 60_000_000.0;
    config.creates_burst = 1_000_000.0;
    config.stream_heartbeat_s = 1;
    // The coach: a short search and no quota (the quota's test sets one).
    config.analysis_ms = 10;
    config.analysis_per_minute = 100_000;
    config
}

impl TestServer {
    /// Starts a server on a fresh temporary store.
    pub async fn start() -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut server = TestServer::start_on(dir.path()).await;
        server._dir = Some(dir);
        server
    }

    /// Starts a server on a fresh temporary store, with the embedded bot worker.
    pub async fn start_with_bots() -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut server = TestServer::launch(dir.path(), BotsMode::Embedded).await;
        server._dir = Some(dir);
        server
    }

    /// Starts a server on a fresh temporary store, with [`test_config`] as
    /// `edit` changes it (stricter limits, say).
    pub async fn start_with(edit: impl FnOnce(&mut Config)) -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = test_config(dir.path());
        edit(&mut config);
        let mut server = TestServer::launch_config(&config).await;
        server._dir = Some(dir);
        server
    }

    /// Starts a server on an existing data directory, with [`test_config`]
    /// as `edit` changes it (a restart with other settings, say).
    pub async fn start_on_with(data: &Path, edit: impl FnOnce(&mut Config)) -> TestServer {
        let mut config = test_config(data);
        edit(&mut config);
        TestServer::launch_config(&config).await
    }

    /// Starts a server on an existing data directory.
    pub async fn start_on(data: &Path) -> TestServer {
        TestServer::launch(data, BotsMode::Off).await
    }

    async fn launch(data: &Path, bots: BotsMode) -> TestServer {
        let mut config = test_config(data);
        config.bots = bots;
        TestServer::launch_config(&config).await
    }

    async fn launch_config(config: &Config) -> TestServer {
        let mut config = config.clone();
        if config.store.is_none() {
            config.store = postgres_store_of(&config.data).await;
        }
        let config = &config;
        let running = api::start(config).await.expect("server starts");
        TestServer {
            base: format!("http://{}", running.addr),
            worker_key: running.worker_key.clone(),
            data: config.data.clone(),
            running: Some(running),
            _dir: None,
        }
    }

    /// Stops the server (the store is closed and flushed); keeps the data.
    pub async fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop().await;
        }
        // Give sled's background threads a moment to release the lock file.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    /// The server's store, opened anew (after [`TestServer::stop`]): its
    /// sled directory, or its PostgreSQL database in an [`on_postgres`] run.
    pub async fn open_store(&self) -> store::Store {
        let spec = match postgres_store_of(&self.data).await {
            Some(url) => url,
            None => self.data.to_string_lossy().into_owned(),
        };
        store::Store::open(&spec, 64 << 20)
            .await
            .expect("the store opens")
    }

    /// Stops and starts again on the same data.
    pub async fn restart(&mut self) {
        self.stop().await;
        let dir = self._dir.take();
        let mut fresh = TestServer::start_on(&self.data).await;
        fresh._dir = dir;
        *self = fresh;
    }

    /// The embedded bot worker's stats, if it runs one.
    pub fn bot_stats(&self) -> Option<&bots::worker::Stats> {
        self.running
            .as_ref()
            .and_then(|r| r.bots.as_ref())
            .map(|b| &b.worker.stats)
    }

    /// A client for this server.
    pub fn client(&self) -> Client {
        Client {
            base: self.base.clone(),
            http: bots::http_client()
                .timeout(REQUEST_TIMEOUT)
                .build()
                .expect("an HTTP client"),
        }
    }
}

/// How long a test's request may take: the longest long poll a server
/// holds plus 90 s, so a request unanswered after this long is stuck, and
/// fails its test, naming its URL, rather than hanging it.
const REQUEST_TIMEOUT: std::time::Duration =
    std::time::Duration::from_secs(api::service::MAX_WAIT_S + 90);

/// A JSON client.
#[derive(Clone)]
pub struct Client {
    base: String,
    http: reqwest::Client,
}

impl Client {
    /// Sends a request; returns the status and the JSON body (`null` if none).
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        if let Some(body) = body {
            req = req.json(&body);
        }
        let resp = req.send().await.expect("request sent");
        let status = resp.status();
        let text = resp.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// GET.
    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, None).await
    }

    /// POST with a JSON body.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, token, Some(body)).await
    }

    /// Creates a dice game with `n` human seats; returns its id and the tokens by seat.
    pub async fn human_game(&self, n: usize, seed: u64) -> (String, Vec<String>) {
        let seats: Vec<Value> = (0..n).map(|i| json!({"name": format!("P{i}")})).collect();
        self.create(json!({"ruleset": "dice", "players": n, "seats": seats, "seed": seed}))
            .await
    }

    /// Creates a game from a creation body, which must succeed; returns its id
    /// and the human seats' tokens in seat order.
    pub async fn create(&self, game: Value) -> (String, Vec<String>) {
        let (status, body) = self.post("/v1/games", None, game).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["game"]["id"].as_str().expect("id").to_string();
        let tokens = body["tokens"]
            .as_array()
            .expect("tokens")
            .iter()
            .map(|t| t["token"].as_str().expect("token").to_string())
            .collect();
        (id, tokens)
    }

    /// Waits (long-polling the events) until the game is finished or `seat`
    /// is asked something; returns the game as a spectator sees it. Fails
    /// the test if the bots make no move for 90 seconds: a game that moves
    /// on a loaded machine (many games at once, a debug build's searches)
    /// is slow, not stuck.
    pub async fn settle(&self, id: &str, seat: Option<u64>) -> Value {
        let still = std::time::Duration::from_secs(90);
        let mut deadline = std::time::Instant::now() + still;
        let mut last_version = None;
        loop {
            let (_, game) = self.get(&format!("/v1/games/{id}"), None).await;
            let asked = game["pending"].as_array().is_some_and(|p| {
                p.iter()
                    .any(|p| seat.is_some() && p["seat"].as_u64() == seat)
            });
            if game["game"]["status"] == "finished" || asked {
                return game;
            }
            let version = game["version"].as_u64().unwrap_or(0);
            if last_version != Some(version) {
                last_version = Some(version);
                deadline = std::time::Instant::now() + still;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the bots did not move on for {} s: {game}",
                still.as_secs()
            );
            self.get(
                &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
                None,
            )
            .await;
        }
    }

    /// The seat that must act now, if any.
    pub async fn pending_seat(&self, id: &str) -> Option<usize> {
        let (_, game) = self.get(&format!("/v1/games/{id}"), None).await;
        game["pending"][0]["seat"].as_u64().map(|s| s as usize)
    }

    /// The pending seat takes its `pick`-th legal action; returns the new version.
    pub async fn step(&self, id: &str, tokens: &[String], pick: usize) -> Option<u64> {
        let seat = self.pending_seat(id).await?;
        let (status, result) = self.play_pick(id, &tokens[seat], pick).await?;
        assert_eq!(status, StatusCode::OK, "{result}");
        result["version"].as_u64()
    }

    /// The seat of `token` posts its `pick`-th legal action (counted round) with
    /// the version it was listed at; `None` when it has no legal action.
    pub async fn play_pick(
        &self,
        id: &str,
        token: &str,
        pick: usize,
    ) -> Option<(StatusCode, Value)> {
        let (_, legal) = self
            .get(&format!("/v1/games/{id}/actions"), Some(token))
            .await;
        let actions = legal["actions"].as_array().filter(|a| !a.is_empty())?;
        let action = actions[pick % actions.len()].clone();
        Some(
            self.post(
                &format!("/v1/games/{id}/actions"),
                Some(token),
                json!({"action": action, "expected_version": legal["version"]}),
            )
            .await,
        )
    }
}

impl Client {
    /// Every event of a game, as `token` sees it (`query`: more parameters,
    /// e.g. `&seat=2` for the worker key), paging through the log.
    pub async fn all_events(&self, id: &str, token: Option<&str>, query: &str) -> Vec<Value> {
        let mut events: Vec<Value> = Vec::new();
        loop {
            let (status, page) = self
                .get(
                    &format!(
                        "/v1/games/{id}/events?after={}&limit=1000{query}",
                        events.len()
                    ),
                    token,
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let got = page["events"].as_array().expect("events");
            if got.is_empty() {
                return events;
            }
            events.extend(got.iter().cloned());
        }
    }
}

/// Every place where `a` and `b` differ, as JSON paths.
fn differences(a: &Value, b: &Value, path: String, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys()) {
                let (u, v) = (&x.get(key), &y.get(key));
                if u != v {
                    differences(
                        u.unwrap_or(&Value::Null),
                        v.unwrap_or(&Value::Null),
                        format!("{path}.{key}"),
                        out,
                    );
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                differences(u, v, format!("{path}[{i}]"), out);
            }
        }
        _ if a != b => out.push(path),
        _ => {}
    }
}

/// The card game's leak check, while a game runs: what `seat` is shown may
/// differ from what a spectator is shown only in the seat's own secrets: its
/// own player entry, its orders, and (for Kit Carlson) the cards he looks
/// at. Events differ only where they concern it, and never in a deck's
/// order: every `equipment_shuffled` (Gold Rush) hides its whole order from
/// the seat and from the spectator alike. `token` is the seat's own, or the
/// worker key (which sees a bot seat with `?seat=N`, as the bot workers do).
pub async fn assert_no_leak(c: &Client, id: &str, seat: u64, token: &str, worker: bool) {
    let as_seat = |sep: char| {
        if worker {
            format!("{sep}seat={seat}")
        } else {
            String::new()
        }
    };
    let (_, mine) = c
        .get(&format!("/v1/games/{id}{}", as_seat('?')), Some(token))
        .await;
    let (_, public) = c
        .get(&format!("/v1/games/{id}?at={}", mine["version"]), None)
        .await;
    let mut diff = Vec::new();
    differences(&mine["view"], &public["view"], "view".into(), &mut diff);
    // Kit Carlson's and Dutch Will's phase-1 cards set aside are their own.
    let character = &mine["view"]["players"][seat as usize]["character"];
    let kit = character == "kit_carlson" || character == "dutch_will";
    for path in &diff {
        let own = path.starts_with(&format!("view.players[{seat}]"))
            || path == "view.viewer"
            || path.starts_with("view.orders")
            || (kit && path.starts_with("view.kit"));
        assert!(
            own,
            "seat {seat} is shown {path}, which a spectator is not, and it is not its own"
        );
    }
    // Other seats' hands are counts only.
    for (other, p) in mine["view"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        if other as u64 != seat {
            assert!(
                p["hand"].as_array().unwrap().iter().all(Value::is_null),
                "seat {seat} sees a card in seat {other}'s hand: {p}"
            );
        }
    }
    let version = mine["version"].as_u64().unwrap() as usize;
    let theirs = c.all_events(id, Some(token), &as_seat('&')).await;
    let spectator = c.all_events(id, None, "").await;
    if mine["view"]["gold"].is_object() {
        assert!(
            spectator
                .iter()
                .any(|e| e["event"]["type"] == "equipment_shuffled"),
            "a Gold Rush game without its equipment deck"
        );
    }
    for (m, p) in theirs.iter().zip(&spectator).take(version) {
        for (who, e) in [
            (format!("seat {seat}"), &m["event"]),
            ("a spectator".into(), &p["event"]),
        ] {
            if e["type"] == "equipment_shuffled" {
                let order = e["order"].as_array().expect("order");
                assert!(
                    !order.is_empty() && order.iter().all(Value::is_null),
                    "{who} is shown the equipment deck's order: {e}"
                );
            }
        }
        if m["event"] != p["event"] {
            let e = &m["event"];
            let concerns = ["seat", "from", "to"]
                .iter()
                .any(|k| e[k].as_u64() == Some(seat));
            assert!(
                concerns && e["type"] != "deck_shuffled",
                "seat {seat} is shown more than a spectator of an event not its own: {e} vs {}",
                p["event"]
            );
        }
    }
}
