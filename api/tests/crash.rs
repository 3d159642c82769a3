//! The real server binary (`bang-server`), as a process.
//!
//! A `kill -9` loses no acknowledged action: the server is killed while
//! clients play, restarted on the same data, and every game resumes at its
//! last acknowledged version (or later, for a request in flight), chain intact.
//! And a SIGTERM stops it cleanly and quickly: bot worker first, then server.
//! And it allocates with jemalloc, with the server's settings.

use std::process::Command;
use std::time::{Duration, Instant};

mod common;
use common::{Server, call, dice_game, play};

fn start(data: &std::path::Path) -> Server {
    common::start(data, &[])
}

fn start_with(data: &std::path::Path, bots: &str) -> Server {
    common::start(data, &[("BANG_BOTS", bots)])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_nine_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let http = bots::http_client().build().expect("an HTTP client");
    let mut server = start(dir.path());
    let base = server.base.clone();
    let mut games = Vec::new();
    for seed in 0..4u64 {
        games.push(dice_game(&http, &base, seed).await);
    }
    // Quiet games: played, then nothing in flight at the kill.
    let mut quiet = Vec::new();
    for (id, tokens) in &games[..2] {
        quiet.push(play(&http, &[base.as_str()], id, tokens, 25).await);
    }
    // Busy games: still being played when the server dies.
    let busy: Vec<_> = games[2..]
        .iter()
        .cloned()
        .map(|(id, tokens)| {
            let (http, base) = (http.clone(), base.clone());
            tokio::spawn(async move { play(&http, &[base.as_str()], &id, &tokens, 10_000).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(400)).await;
    server.child.kill().expect("SIGKILL");
    server.child.wait().expect("reaped");
    let mut busy_acked = Vec::new();
    for task in busy {
        busy_acked.push(task.await.unwrap());
    }

    let mut server = start(dir.path());
    let base = server.base.clone();
    for (i, (id, _)) in games.iter().enumerate() {
        let (_, game) = call(
            &http,
            reqwest::Method::GET,
            format!("{base}/v1/games/{id}"),
            None,
            None,
        )
        .await;
        let version = game["version"].as_u64().unwrap();
        if i < 2 {
            assert_eq!(
                version, quiet[i],
                "game {id} resumes at its last acknowledged version"
            );
        } else {
            assert!(
                version >= busy_acked[i - 2],
                "game {id} lost an acknowledged action"
            );
        }
        let (_, audit) = call(
            &http,
            reqwest::Method::GET,
            format!("{base}/v1/games/{id}/audit"),
            None,
            None,
        )
        .await;
        assert_eq!(audit["valid"], true, "{audit}");
    }
    // And play goes on.
    let (id, tokens) = &games[0];
    assert!(play(&http, &[base.as_str()], id, tokens, 5).await > quiet[0]);
    server.child.kill().ok();
    server.child.wait().ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_worker_then_an_idle_server_within_two_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = start_with(dir.path(), "embedded");
    {
        // One request (on a connection closed after it), so that the server
        // has served before it stops; its log line must show neither the
        // query string nor the Authorization header.
        let http = bots::http_client()
            .pool_max_idle_per_host(0)
            .build()
            .unwrap();
        let (status, _) = call(
            &http,
            reqwest::Method::GET,
            format!("{}/healthz?probe=s3cr3t-query", server.base),
            Some("s3cr3t-header"),
            None,
        )
        .await;
        assert_eq!(status, 200);
    }
    let signalled = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("waitable") {
            break status;
        }
        if signalled.elapsed() > Duration::from_secs(10) {
            server.child.kill().ok();
            panic!("the server did not stop within 10 s of SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = signalled.elapsed();
    assert!(status.success(), "exit status {status}");
    assert!(took < Duration::from_secs(2), "stopping took {took:?}");
    // Give the log reader the last lines.
    std::thread::sleep(Duration::from_millis(100));
    let log = server.log.lock().unwrap().join("\n");
    let at = |needle: &str| {
        log.find(needle)
            .unwrap_or_else(|| panic!("no `{needle}` in the log:\n{log}"))
    };
    let request = log
        .lines()
        .find(|l| l.contains("route=\"/healthz\""))
        .unwrap_or_else(|| panic!("no request line in the log:\n{log}"));
    for field in [
        "method=\"GET\"",
        "status=200",
        "latency_ms=",
        "client=127.0.0.1",
    ] {
        assert!(request.contains(field), "{field} not in {request}");
    }
    assert!(!log.contains("s3cr3t"), "a secret in the log:\n{log}");
    assert!(at("SIGTERM received") < at("bot worker stopped"));
    assert!(at("bot worker stopped") < at("server stopped"));
}

/// jemalloc, asked to confirm its settings (`confirm_conf`, from its
/// environment variable), names the string the binary gives it: the
/// server's [`api::allocator::SETTINGS`] are read, not jemalloc's defaults.
#[cfg(not(target_env = "msvc"))]
#[test]
fn the_server_allocates_with_jemalloc_and_its_settings() {
    let out = Command::new(env!("CARGO_BIN_EXE_bang-server"))
        .arg("--help")
        .env("_RJEM_MALLOC_CONF", "confirm_conf:true")
        .output()
        .expect("bang-server runs");
    assert!(out.status.success());
    let told = String::from_utf8_lossy(&out.stderr);
    let settings = std::str::from_utf8(api::allocator::SETTINGS)
        .expect("ASCII")
        .trim_end_matches('\0');
    assert!(
        told.contains(&format!("global variable malloc_conf): \"{settings}\"")),
        "jemalloc's start-up:\n{told}"
    );
    assert!(told.contains("Set conf value: narenas:2"), "{told}");
}
