//! What the tests of the real server binary share: starting `bang-server`
//! as a process on a data directory, and calling it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

/// The server binary, running.
pub struct Server {
    /// The process (killed with `kill -9` by the crash tests).
    pub child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// Its log lines (stderr) after the one that gave the address.
    #[allow(dead_code)] // Read by the crash tests, not by the webhook ones.
    pub log: Arc<Mutex<Vec<String>>>,
}

/// Starts `bang-server` on `data`, on an ephemeral port, with the worker key
/// `k`, bots off and the settings `env` (which may override those).
pub fn start(data: &std::path::Path, env: &[(&str, &str)]) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bang-server"));
    command
        .env("BANG_ADDR", "127.0.0.1:0")
        .env("BANG_DATA", data)
        .env("BANG_BOTS", "off")
        .env("BANG_WORKER_KEY", "k")
        .env("RUST_LOG", "info");
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("the bang-server binary starts");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let base = loop {
        let line = lines
            .next()
            .expect("the server prints its address")
            .expect("readable");
        if let Some(rest) = line.split("listening on ").nth(1) {
            break rest
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string();
        }
    };
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            sink.lock().unwrap().push(line);
        }
    });
    Server { child, base, log }
}

/// One request: its status and JSON body (status 0 when the server could
/// not be reached, as while it is down).
pub async fn call(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = http.request(method, url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    match req.send().await {
        Ok(resp) => {
            let status = resp.status().as_u16();
            (status, resp.json().await.unwrap_or(Value::Null))
        }
        Err(_) => (0, Value::Null),
    }
}

/// A GET without credentials: its status and JSON body.
#[allow(dead_code)] // Used by the two-server tests only.
pub async fn get(http: &reqwest::Client, url: String) -> (u16, Value) {
    call(http, reqwest::Method::GET, url, None, None).await
}

/// Creates a 5-player dice game of people with seed `seed` on `base`;
/// returns its id and the seats' tokens.
#[allow(dead_code)] // Used by the crash and two-server tests, not the webhook ones.
pub async fn dice_game(http: &reqwest::Client, base: &str, seed: u64) -> (String, Vec<String>) {
    let seats: Vec<Value> = (0..5).map(|i| json!({"name": format!("P{i}")})).collect();
    let (status, created) = call(
        http,
        reqwest::Method::POST,
        format!("{base}/v1/games"),
        None,
        Some(json!({"ruleset": "dice", "players": 5, "seats": seats, "seed": seed})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let tokens = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["token"].as_str().unwrap().to_string())
        .collect();
    (id, tokens)
}

/// Plays `steps` actions of game `id`, step `i` on server `bases[i % n]`
/// (its state read there, its action posted there); stops at the first
/// refusal or unreachable server. Returns the last acknowledged version.
#[allow(dead_code)] // Used by the crash and two-server tests, not the webhook ones.
pub async fn play(
    http: &reqwest::Client,
    bases: &[&str],
    id: &str,
    tokens: &[String],
    steps: usize,
) -> u64 {
    let mut acknowledged = 0;
    for i in 0..steps {
        let base = bases[i % bases.len()];
        let (_, game) = call(
            http,
            reqwest::Method::GET,
            format!("{base}/v1/games/{id}"),
            None,
            None,
        )
        .await;
        let Some(seat) = game["pending"][0]["seat"].as_u64() else {
            break;
        };
        let token = tokens[seat as usize].as_str();
        let (_, legal) = call(
            http,
            reqwest::Method::GET,
            format!("{base}/v1/games/{id}/actions"),
            Some(token),
            None,
        )
        .await;
        let Some(actions) = legal["actions"].as_array() else {
            break;
        };
        let body =
            json!({"action": actions[i % actions.len()], "expected_version": legal["version"]});
        let (status, result) = call(
            http,
            reqwest::Method::POST,
            format!("{base}/v1/games/{id}/actions"),
            Some(token),
            Some(body),
        )
        .await;
        if status != 200 {
            break;
        }
        acknowledged = result["version"].as_u64().unwrap_or(acknowledged);
    }
    acknowledged
}
