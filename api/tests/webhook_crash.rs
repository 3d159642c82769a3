//! Webhooks across a crash of the real server binary: a move is
//! acknowledged, the server is killed (`kill -9`) before its notification
//! goes out, and after a restart on the same data the notification is
//! delivered once, with its id and a valid signature.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

mod common;
use common::{Server, call};

fn start(data: &std::path::Path) -> Server {
    common::start(
        data,
        &[
            ("BANG_WEBHOOK_ALLOW_PRIVATE", "1"),
            // The first attempt waits: the kill comes before it.
            ("BANG_WEBHOOK_DELAY_MS", "3000"),
        ],
    )
}

/// Every request a receiver got: its headers `webhook-id`,
/// `webhook-timestamp`, `webhook-signature` and its body.
type Hits = Arc<Mutex<Vec<(String, String, String, String)>>>;

async fn receiver() -> (String, Hits) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let hits: Hits = Arc::default();
    let sink = hits.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let sink = sink.clone();
            tokio::spawn(async move {
                let mut data = Vec::new();
                let mut buf = [0u8; 4096];
                loop {
                    let Ok(n) = stream.read(&mut buf).await else {
                        return;
                    };
                    if n == 0 {
                        return;
                    }
                    data.extend_from_slice(&buf[..n]);
                    let text = String::from_utf8_lossy(&data).to_string();
                    let Some((head, body)) = text.split_once("\r\n\r\n") else {
                        continue;
                    };
                    let header = |name: &str| {
                        head.lines()
                            .find_map(|l| {
                                let (k, v) = l.split_once(':')?;
                                k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
                            })
                            .unwrap_or_default()
                    };
                    let length: usize = header("content-length").parse().unwrap_or(0);
                    if body.len() < length {
                        continue;
                    }
                    sink.lock().unwrap().push((
                        header("webhook-id"),
                        header("webhook-timestamp"),
                        header("webhook-signature"),
                        body[..length].to_string(),
                    ));
                    let _ = stream
                        .write_all(b"HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n")
                        .await;
                    return;
                }
            });
        }
    });
    (url, hits)
}

/// A 3-seat dice game of people (`extra` fields added to its create body),
/// each seat subscribed to its `your_turn` at `url`: its id, the seats'
/// tokens and the webhooks' secrets.
async fn game_with_hooks(
    http: &reqwest::Client,
    base: &str,
    url: &str,
    extra: Value,
) -> (String, Vec<String>, Vec<String>) {
    let seats: Vec<Value> = (0..3).map(|i| json!({"name": format!("P{i}")})).collect();
    let mut body = json!({"ruleset": "dice", "players": 3, "seats": seats, "seed": 4});
    for (k, v) in extra.as_object().into_iter().flatten() {
        body[k] = v.clone();
    }
    let (status, created) = call(
        http,
        reqwest::Method::POST,
        format!("{base}/v1/games"),
        None,
        Some(body),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["token"].as_str().unwrap().to_string())
        .collect();
    let mut secrets = Vec::new();
    for token in &tokens {
        let (status, hook) = call(
            http,
            reqwest::Method::POST,
            format!("{base}/v1/games/{id}/webhooks"),
            Some(token),
            Some(json!({"url": url, "events": ["your_turn"]})),
        )
        .await;
        assert_eq!(status, 201, "{hook}");
        secrets.push(hook["secret"].as_str().unwrap().to_string());
    }
    (id, tokens, secrets)
}

/// Waits until the receiver got `your_turn` of `version` (and a moment more
/// for a second delivery, if there were one); returns those deliveries.
/// Asserts that `seat` of game `id` was told once that it is asked at
/// `version`, with the body and signature its webhook's secret gives;
/// returns the notification's id.
async fn told_once(hits: &Hits, id: &str, seat: u64, version: u64, secrets: &[String]) -> String {
    let got = delivered(hits, version).await;
    assert_eq!(got.len(), 1, "delivered once: {got:?}");
    let (webhook_id, timestamp, signature, body) = &got[0];
    let body: Value = serde_json::from_str(body).unwrap();
    assert_eq!(
        body,
        json!({"type": "your_turn", "game": id, "seat": seat, "version": version, "ruleset": "dice"})
    );
    let expected = api::service::sign(
        &secrets[seat as usize],
        webhook_id,
        timestamp.parse().unwrap(),
        &got[0].3,
    )
    .unwrap();
    assert_eq!(signature, &format!("v1,{expected}"));
    webhook_id.clone()
}

async fn delivered(hits: &Hits, version: u64) -> Vec<(String, String, String, String)> {
    let of_version = || {
        hits.lock()
            .unwrap()
            .iter()
            .filter(|h| serde_json::from_str::<Value>(&h.3).unwrap()["version"] == version)
            .cloned()
            .collect::<Vec<_>>()
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while of_version().is_empty() {
        assert!(
            Instant::now() < deadline,
            "never delivered after the restart"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    of_version()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notification_survives_a_kill_nine_and_is_delivered_once() {
    let dir = tempfile::tempdir().unwrap();
    let http = bots::http_client().build().expect("an HTTP client");
    let (url, hits) = receiver().await;
    let mut server = start(dir.path());
    let base = server.base.clone();
    let (id, tokens, secrets) = game_with_hooks(&http, &base, &url, json!({})).await;
    // Moves until one hands the game to another seat; killed right after
    // that move's acknowledgement.
    let game_url = format!("{base}/v1/games/{id}");
    let (_, game) = call(&http, reqwest::Method::GET, game_url.clone(), None, None).await;
    let first = game["pending"][0]["seat"].as_u64().unwrap();
    let (seat, version) = loop {
        let token = &tokens[first as usize];
        let (_, legal) = call(
            &http,
            reqwest::Method::GET,
            format!("{game_url}/actions"),
            Some(token),
            None,
        )
        .await;
        let action = legal["actions"][0].clone();
        let (status, done) = call(
            &http,
            reqwest::Method::POST,
            format!("{game_url}/actions"),
            Some(token),
            Some(json!({"action": action, "expected_version": legal["version"]})),
        )
        .await;
        assert_eq!(status, 200, "{done}");
        let (_, game) = call(&http, reqwest::Method::GET, game_url.clone(), None, None).await;
        let now = game["pending"][0]["seat"].as_u64().unwrap();
        if now != first {
            break (now, done["version"].as_u64().unwrap());
        }
    };
    server.child.kill().expect("SIGKILL");
    server.child.wait().expect("reaped");
    assert!(
        hits.lock().unwrap().is_empty(),
        "delivered before the kill: the test did not test the crash"
    );

    let mut server = start(dir.path());
    let webhook_id = told_once(&hits, &id, seat, version, &secrets).await;
    assert!(webhook_id.starts_with("msg_"), "{webhook_id}");
    server.child.kill().ok();
    server.child.wait().ok();
}

/// A kill -9 between a passed deadline and its webhook: the move deadline
/// fires (the bot makes the missed move, the turn passes), the server dies
/// before notifying the next seat, and after the restart that seat's
/// `your_turn` is delivered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_then_a_kill_nine_still_notifies_once() {
    let dir = tempfile::tempdir().unwrap();
    let http = bots::http_client().build().expect("an HTTP client");
    let (url, hits) = receiver().await;
    let mut server = start(dir.path());
    let base = server.base.clone();
    let (id, _, secrets) = game_with_hooks(
        &http,
        &base,
        &url,
        json!({"move_deadline": "1s", "misses_before_bot": 0}),
    )
    .await;
    // The first deadline passes; killed as soon as its events are in the log.
    let events_url = format!("{base}/v1/games/{id}/events?limit=1000");
    let missed = loop {
        let (_, page) = call(&http, reqwest::Method::GET, events_url.clone(), None, None).await;
        let events = page["events"].as_array().cloned().unwrap_or_default();
        if let Some(miss) = events
            .iter()
            .find(|e| e["event"]["change"] == "deadline_missed")
        {
            break (
                miss.clone(),
                events.last().unwrap()["seq"].as_u64().unwrap(),
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    server.child.kill().expect("SIGKILL");
    server.child.wait().expect("reaped");
    assert!(
        hits.lock().unwrap().is_empty(),
        "delivered before the kill: the test did not test the crash"
    );
    let (miss, version) = missed;
    assert_eq!(miss["actor"], "server", "{miss}");
    let mut server = start(dir.path());
    let (_, game) = call(
        &http,
        reqwest::Method::GET,
        format!(
            "{base_now}/v1/games/{id}?at={version}",
            base_now = server.base
        ),
        None,
        None,
    )
    .await;
    let seat = game["pending"][0]["seat"]
        .as_u64()
        .expect("someone is asked");
    told_once(&hits, &id, seat, version, &secrets).await;
    server.child.kill().ok();
    server.child.wait().ok();
}
