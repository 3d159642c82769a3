//! Bot seats over real HTTP: the embedded worker and standalone workers.

use std::sync::atomic::Ordering;
use std::time::Duration;

use bots::worker::{WorkerConfig, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_human_and_four_bots_play_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "dice", "players": 5, "seats": [{"name": "Ann"}], "seed": 21}))
        .await;
    let mut human_moves = 0;
    loop {
        let game = c.settle(&id, Some(0)).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        assert_eq!(
            game["pending"][0]["seat"], 0,
            "the bots stop when the human must act"
        );
        let (_, mine) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        assert_eq!(mine["your_turn"], true);
        let (status, body) = c.play_pick(&id, &tokens[0], human_moves).await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
        human_moves += 1;
        assert!(human_moves < 2_000);
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
    assert!(stats.applied.load(Ordering::Relaxed) > 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_bot_game_finishes() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "dice", "players": 6, "seed": 5}))
        .await;
    assert!(tokens.is_empty());
    let game = c.settle(&id, None).await;
    assert_eq!(game["game"]["status"], "finished");
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_workers_at_once_never_take_a_decision_twice() {
    let server = TestServer::start().await;
    let c = server.client();
    let config = WorkerConfig {
        server: server.base.clone(),
        worker_key: server.worker_key.clone(),
        delay: Duration::ZERO,
        thinkers: 2,
        answer: Duration::ZERO,
    };
    let workers: Vec<_> = (0..3).map(|_| spawn(config.clone())).collect();
    let mut ids = Vec::new();
    for seed in 0..8 {
        ids.push(
            c.create(json!({"ruleset": "dice", "players": 4, "seed": seed}))
                .await
                .0,
        );
    }
    let mut decisions = 0;
    for id in &ids {
        let game = c.settle(id, None).await;
        assert_eq!(game["game"]["status"], "finished");
        let (_, page) = c
            .get(&format!("/v1/games/{id}/events?limit=1000"), None)
            .await;
        let events = page["events"].as_array().unwrap();
        decisions += events
            .iter()
            .filter(|e| e["event"]["type"] == "acted")
            .count() as u64;
        let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
        assert_eq!(audit["fair"], true);
    }
    let mut applied = 0;
    for w in workers {
        let stats = &w.worker.stats;
        assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
        applied += stats.applied.load(Ordering::Relaxed);
        w.stop().await;
    }
    assert_eq!(
        applied, decisions,
        "every decision was applied exactly once"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_never_post_an_illegal_action_in_a_hundred_games() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let mut ids = Vec::new();
    for seed in 0..100u64 {
        let players = 3 + seed % 6;
        let seats: Vec<Value> = (0..players)
            .map(|i| json!({"bot": bots::POLICIES[(i as usize + seed as usize) % bots::POLICIES.len()]}))
            .collect();
        ids.push(
            c.create(json!({"ruleset": "dice", "players": players, "seats": seats, "seed": seed}))
                .await
                .0,
        );
    }
    for id in &ids {
        let game = c.settle(id, None).await;
        assert_eq!(game["game"]["status"], "finished");
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(
        stats.refused.load(Ordering::Relaxed),
        0,
        "no 4xx but 409 for any bot post"
    );
}

/// `strong` bots, one with a budget of its own, play a dice game and a card
/// game to the end over HTTP; the seats show their budgets; a budget for a
/// bot that does not search is refused and creates nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strong_bots_with_a_budget_play_both_games() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    for (ruleset, budget) in [("dice", 2), ("bang", 1)] {
        let (id, _) = c
            .create(json!({
                "ruleset": ruleset,
                "players": 4,
                "seed": 8,
                "seats": [{"bot": "strong", "budget_ms": budget}, {}, {"bot": "strong"}, {}],
            }))
            .await;
        let (_, summary) = c.get(&format!("/v1/games/{id}"), None).await;
        let seats = &summary["game"]["seats"];
        assert_eq!(seats[0]["budget_ms"], budget, "{summary}");
        assert_eq!(seats[2]["bot"], "strong");
        assert!(
            seats[2].get("budget_ms").is_none(),
            "no budget given: none shown"
        );
        let game = c.settle(&id, None).await;
        assert_eq!(game["game"]["status"], "finished", "{ruleset}");
        tests::play::assert_audited(&c, &id).await;
    }
    let (_, before) = c.get("/v1/games?limit=100", None).await;
    let (status, body) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 4, "seats": [{"bot": "normal", "budget_ms": 50}]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("only a `strong` bot searches"),
        "{body}"
    );
    let (_, after) = c.get("/v1/games?limit=100", None).await;
    assert_eq!(before, after, "nothing was created");
}

/// A worker makes at most `thinkers` searching decisions at once: with one
/// thinker, four games of `strong` bots played at the same time still end,
/// their searches one after another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strong_decisions_wait_for_a_free_thinker() {
    let server = TestServer::start().await;
    let c = server.client();
    let worker = spawn(WorkerConfig {
        server: server.base.clone(),
        worker_key: server.worker_key.clone(),
        delay: Duration::ZERO,
        thinkers: 1,
        answer: Duration::ZERO,
    });
    let strong = json!({"bot": "strong", "budget_ms": 1});
    let mut ids = Vec::new();
    for seed in 0..4 {
        let (id, _) = c
            .create(json!({"ruleset": "dice", "players": 3, "seed": seed, "seats": [strong, strong, strong]}))
            .await;
        ids.push(id);
    }
    for id in &ids {
        let game = c.settle(id, None).await;
        assert_eq!(game["game"]["status"], "finished");
    }
    let stats = &worker.worker.stats;
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
    assert_eq!(
        stats.thinking_peak.load(Ordering::Relaxed),
        1,
        "one search at a time ({} waited)",
        stats.waited_to_think.load(Ordering::Relaxed)
    );
    worker.stop().await;
}
