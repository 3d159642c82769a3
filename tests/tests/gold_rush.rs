//! The card game with Gold Rush (`"expansions": ["gold_rush"]`) over real
//! HTTP: a person and four bots to the end, the person buying equipment,
//! selling Beers and paying nuggets through the API, with the card game's
//! leak check over every seat; and all-bot games of both bot policies.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{Client, TestServer, assert_no_leak};

/// The Gold Rush actions the person prefers whenever the API lists one, and
/// the event each must cause.
const GOLD: [(&str, &str); 3] = [
    ("buy", "equipment_bought"),
    ("sell_beer", "beer_sold"),
    ("pay", "nuggets_paid"),
];

/// Plays a 5-player Gold Rush game (Ann at seat 0, four `normal` bots) to
/// its end: Ann takes a Gold Rush action whenever one is listed, answers a
/// BANG! with a Missed! when she can, and otherwise goes round her legal
/// actions. Every 5 moves, the leak check of Ann's seat and every bot seat.
/// Returns how many of each action type Ann posted.
async fn play_to_the_end(server: &TestServer, c: &Client, seed: u64) -> BTreeMap<String, usize> {
    let (id, tokens) = c
        .create(
            json!({"ruleset": "bang", "players": 5, "seats": [{"name": "Ann"}],
                       "options": {"expansions": ["gold_rush"]}, "seed": seed}),
        )
        .await;
    let mut posted: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    loop {
        let game = c.settle(&id, Some(0)).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        let (_, mine) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        assert_eq!(mine["your_turn"], true);
        let gold = &mine["view"]["gold"];
        assert!(gold["market"].is_array() && gold["heap"].is_u64(), "{gold}");
        assert!(mine["view"]["players"][0]["nuggets"].is_u64(), "{mine}");
        if moves % 5 == 0 {
            assert_no_leak(c, &id, 0, &tokens[0], false).await;
            for bot in 1..5 {
                assert_no_leak(c, &id, bot, &server.worker_key, true).await;
            }
        }
        let shot = mine["pending"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["seat"] == 0 && p["decision"]["kind"] == "shot");
        let (_, legal) = c
            .get(&format!("/v1/games/{id}/actions"), Some(&tokens[0]))
            .await;
        let actions = legal["actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "asked with nothing to post: {mine}");
        let of_type = |t: &'static str| actions.iter().filter(move |a| a["type"] == t);
        let gold: Vec<&Value> = GOLD.iter().flat_map(|(t, _)| of_type(t)).collect();
        let action = if !gold.is_empty() {
            gold[moves % gold.len()]
        } else if shot {
            of_type("respond")
                .chain(of_type("pass"))
                .next()
                .expect("pass")
        } else {
            &actions[moves % actions.len()]
        };
        let (status, body) = c
            .post(
                &format!("/v1/games/{id}/actions"),
                Some(&tokens[0]),
                json!({"action": action, "expected_version": legal["version"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{action} -> {body}");
        let kind = action["type"].as_str().unwrap();
        if let Some((_, caused)) = GOLD.iter().find(|(t, _)| *t == kind) {
            assert!(
                body["events"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|e| e["event"]["type"] == *caused && e["event"]["seat"] == 0),
                "{action} caused no {caused}: {body}"
            );
        }
        *posted.entry(kind.to_string()).or_default() += 1;
        moves += 1;
        assert!(moves < 3_000, "the game does not end");
    }
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true)),
        "{audit}"
    );
    posted
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_four_bots_play_gold_rush_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    // Seed 142 has Ann buy, sell Beers and pay nuggets in one game; should
    // the bots or the rules change, the next seeds make up for it.
    let mut posted: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 142..150 {
        for (kind, n) in play_to_the_end(&server, &c, seed).await {
            *posted.entry(kind).or_default() += n;
        }
        if GOLD.iter().all(|(t, _)| posted.contains_key(*t)) {
            break;
        }
    }
    for (kind, _) in GOLD {
        assert!(
            posted.contains_key(kind),
            "the person never posted a {kind}: {posted:?}"
        );
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_bot_gold_rush_games_of_both_policies_finish_and_audit_fair() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    for (policy, players, seed) in [("random", 4, 1), ("normal", 6, 2), ("random", 8, 3)] {
        let seats: Vec<Value> = (0..players).map(|_| json!({"bot": policy})).collect();
        let (id, _) = c
            .create(
                json!({"ruleset": "bang", "players": players, "seats": seats,
                           "options": {"expansions": ["gold_rush"]}, "seed": seed}),
            )
            .await;
        let game = c.settle(&id, None).await;
        assert_eq!(game["game"]["status"], "finished", "{policy}: {game}");
        let events = c.all_events(&id, None, "").await;
        assert!(
            events.iter().any(|e| e["event"]["type"] == "market_filled"),
            "{policy}: no market"
        );
        let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
        assert_eq!(
            (audit["valid"].clone(), audit["fair"].clone()),
            (json!(true), json!(true)),
            "{policy}: {audit}"
        );
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
    assert!(stats.applied.load(Ordering::Relaxed) > 0);
}
