//! Two servers (in this process) on one PostgreSQL database, for what the
//! real-binary tests (`api/tests/two_servers.rs`) do not cover: webhooks
//! subscribed through one server are told of moves made through the other,
//! exactly once each, and a bot worker attached to one server plays the
//! bot seats of games created through the other.
//!
//! Skipped (with a note on stderr) when no PostgreSQL is at hand.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use tests::TestServer;
use tests::receiver::Receiver;

/// Two servers on a fresh database, their webhooks allowed to reach
/// 127.0.0.1, or `None` without PostgreSQL.
async fn two_servers() -> Option<(TestServer, TestServer)> {
    let url = store::testing::postgres_database().await?;
    let start = || {
        TestServer::start_with(|c| {
            c.store = Some(url.clone());
            c.webhook_allow_private = true;
            c.webhook_retry_ms = 50;
        })
    };
    let a = start().await;
    let b = start().await;
    Some((a, b))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhooks_made_on_one_server_are_told_of_moves_made_on_the_other_once() {
    let Some((a, b)) = two_servers().await else {
        return;
    };
    let (ca, cb) = (a.client(), b.client());
    let receiver = Receiver::start().await;
    let (id, tokens) = ca.human_game(3, 21).await;
    let mut secrets = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let (status, created) = ca
            .post(
                &format!("/v1/games/{id}/webhooks"),
                Some(token),
                json!({"url": receiver.url(&format!("/s{seat}")), "events": ["your_turn"]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        secrets.push(created["secret"].as_str().unwrap().to_string());
    }
    // Moves made through B only, until the turn has passed three times.
    let mut turns = Vec::new();
    let mut last = ca.pending_seat(&id).await.unwrap();
    for i in 0..300 {
        cb.step(&id, &tokens, i % 3)
            .await
            .expect("a move through B");
        let Some(seat) = cb.pending_seat(&id).await else {
            break;
        };
        if seat != last {
            turns.push(seat);
            last = seat;
            if turns.len() == 3 {
                break;
            }
        }
    }
    assert_eq!(turns.len(), 3, "the turn passed three times");
    let deadline = Instant::now() + Duration::from_secs(20);
    let hits = loop {
        let hits = receiver.hits.lock().unwrap().clone();
        if hits.len() >= 3 || Instant::now() > deadline {
            break hits;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Each server may deliver, but each notification arrives once.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let hits_after = receiver.hits.lock().unwrap().clone();
    assert_eq!(hits_after.len(), hits.len(), "no notification twice");
    let ids: HashSet<&str> = hits.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids.len(), hits.len(), "{hits:?}");
    let told: Vec<usize> = hits
        .iter()
        .map(|h| h.path[2..].parse::<usize>().unwrap())
        .collect();
    for seat in &turns {
        assert!(told.contains(seat), "seat {seat} was told: {told:?}");
    }
    for h in &hits {
        let seat: usize = h.path[2..].parse().unwrap();
        assert!(h.signed_with(&secrets[seat]), "{h:?}");
        assert_eq!(h.json()["type"], "your_turn");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_worker_on_one_server_plays_games_made_on_the_other() {
    let Some((a, b)) = two_servers().await else {
        return;
    };
    let ca = a.client();
    let seats: Vec<_> = (0..4).map(|_| json!({"bot": "normal"})).collect();
    let (id, _) = ca
        .create(json!({"ruleset": "dice", "players": 4, "seats": seats, "seed": 5}))
        .await;
    let worker = bots::worker::spawn(bots::worker::WorkerConfig {
        server: b.base.clone(),
        worker_key: b.worker_key.clone(),
        delay: Duration::ZERO,
        thinkers: 2,
        answer: Duration::ZERO,
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (_, game) = ca.get(&format!("/v1/games/{id}"), None).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        assert!(Instant::now() < deadline, "{game}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, audit) = ca.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], true, "{audit}");
    worker.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_out_of_reach_is_a_503_with_retry_after_and_writes_nothing() {
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let server = TestServer::start_with(|c| c.store = Some(url.clone())).await;
    let c = server.client();
    let (id, tokens) = c.human_game(3, 4).await;
    let (_, before) = c.get(&format!("/v1/games/{id}"), None).await;
    // The database refuses new connections and drops the server's (said
    // from another database of the cluster).
    let (cluster, name) = url.rsplit_once('/').unwrap();
    let (admin, connection) =
        tokio_postgres::connect(&format!("{cluster}/postgres"), tokio_postgres::NoTls)
            .await
            .unwrap();
    let driver = tokio::spawn(connection);
    // Two statements, not one batch: a batch is one transaction, so the
    // server's listener, reconnecting at once, would still find the door open.
    admin
        .batch_execute(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
        .await
        .unwrap();
    admin
        .batch_execute(&format!(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = '{name}'"
        ))
        .await
        .unwrap();
    let seat = before["pending"][0]["seat"].as_u64().unwrap() as usize;
    let resp = bots::http_client()
        .build()
        .expect("an HTTP client")
        .post(format!("{}/v1/games/{id}/actions", server.base))
        .bearer_auth(&tokens[seat])
        .json(&json!({"action": {"type": "roll"}, "expected_version": before["version"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(resp.headers()["retry-after"], "1");
    let problem: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(problem["code"], "store_unavailable", "{problem}");
    // Back: the game is where it was.
    admin
        .batch_execute(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
        .await
        .unwrap();
    drop(admin);
    let _ = driver.await;
    let (status, after) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["version"], before["version"]);
}

/// A chat message stored by a server that crashed before telling it (here
/// written straight into the database, as that server left it: the message
/// and the count, the chat cursor not moved) is told by the server still
/// up, a few seconds later, without a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_message_a_crashed_server_left_untold_is_told_by_another() {
    use store::EventStore;
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let a = TestServer::start_with(|c| {
        c.store = Some(url.clone());
        c.webhook_allow_private = true;
        c.webhook_retry_ms = 50;
    })
    .await;
    let ca = a.client();
    let receiver = Receiver::start().await;
    let (id, tokens) = ca.human_game(3, 22).await;
    let (status, created) = ca
        .post(
            &format!("/v1/games/{id}/webhooks"),
            Some(&tokens[1]),
            json!({"url": receiver.url("/s1"), "events": ["chat"]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    // The crashed server's writes.
    let crashed = store::PgStore::connect(&url).await.unwrap();
    crashed
        .put_doc("chat_count", &id, Some(json!({"count": 1})), 0)
        .await
        .unwrap();
    let message = json!({"id": 1, "seat": 0, "name": "P0", "text": "gg",
        "version": 1, "at": "2026-11-28T12:00:00Z"});
    crashed
        .put_doc("chat", &format!("{id}/{:010}", 1), Some(message), 0)
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let hits = loop {
        let hits = receiver.hits.lock().unwrap().clone();
        if !hits.is_empty() || Instant::now() > deadline {
            break hits;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!(hits[0].json()["type"], "chat");
    assert_eq!(hits[0].json()["message"]["text"], "gg");
}

/// How many rated games the two-server ratings test plays
/// (`BANG_RATED_GAMES`; the figure, 1,000, takes a few minutes).
fn rated_games() -> usize {
    std::env::var("BANG_RATED_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_games_ended_on_two_servers_are_each_rated_once_and_rebuild_to_the_same_numbers() {
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let a = TestServer::start_with(|c| c.store = Some(url.clone())).await;
    let b = TestServer::start_with(|c| c.store = Some(url.clone())).await;
    let workers: Vec<_> = [&a, &b]
        .iter()
        .map(|s| {
            bots::worker::spawn(bots::worker::WorkerConfig {
                server: s.base.clone(),
                worker_key: s.worker_key.clone(),
                delay: Duration::ZERO,
                thinkers: 2,
                answer: Duration::ZERO,
            })
        })
        .collect();
    let (ca, cb) = (a.client(), b.client());
    // `BANG_RATED_POLICIES=normal,random` for the long run: `strong`
    // searches, and a thousand games of it take an hour on two cores.
    let policies: Vec<String> = std::env::var("BANG_RATED_POLICIES")
        .unwrap_or_else(|_| "strong,normal,random".into())
        .split(',')
        .map(str::to_owned)
        .collect();
    let games = rated_games();
    let started = Instant::now();
    let mut ids = Vec::new();
    for i in 0..games {
        let seats: Vec<_> = (0..4)
            .map(|s| json!({"bot": policies[(i + s) % policies.len()].as_str()}))
            .collect();
        let c = if i % 2 == 0 { &ca } else { &cb };
        let (id, _) = c
            .create(json!({"ruleset": "dice", "players": 4, "seats": seats, "rated": true}))
            .await;
        ids.push(id);
    }
    // Every game ends, and is rated: each policy sits in every game.
    let deadline = Instant::now() + Duration::from_secs(60 + 2 * games as u64);
    loop {
        let (_, board) = ca.get("/v1/rulesets/dice/leaderboard", None).await;
        let entries = board["entries"].as_array().cloned().unwrap_or_default();
        if entries.len() == policies.len() && entries.iter().all(|e| e["games"] == games) {
            break;
        }
        assert!(Instant::now() < deadline, "not all rated: {board}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    eprintln!(
        "{games} rated games on two servers ended and rated in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    for worker in workers {
        worker.stop().await;
    }
    // Both servers show the same board.
    let (_, on_a) = ca.get("/v1/rulesets/dice/leaderboard", None).await;
    let (_, on_b) = cb.get("/v1/rulesets/dice/leaderboard", None).await;
    assert_eq!(on_a, on_b);
    let store = store::Store::open(&url, 1 << 20).await.unwrap();
    let report = api::service::rebuild_ratings(&store, false).await.unwrap();
    assert_eq!(report.games, games, "{report:?}");
    assert_eq!(report.holders, policies.len(), "{report:?}");
    assert!(report.differing.is_empty(), "{report:?}");
    assert!(report.matches_differing.is_empty(), "{report:?}");
    assert_eq!(report.pending, 0);
    eprintln!("rebuilt from the logs: {report:?}");
    // Each game once in a history.
    let (_, history) = ca
        .get(
            "/v1/players/bot:normal/ratings?ruleset=dice&limit=100",
            None,
        )
        .await;
    let mut rated: Vec<String> = history["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["game"].as_str().unwrap().to_string())
        .collect();
    rated.sort();
    rated.dedup();
    assert_eq!(rated.len(), games.min(100));
}
