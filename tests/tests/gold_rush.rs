//! The card game with Gold Rush (`"expansions": ["gold_rush"]`) and the
//! Shadow-Gunslingers variant over real HTTP: a person and four bots to the
//! end, the person buying equipment, selling Beers and paying nuggets through
//! the API (and, with shadows, playing her shadow turns once eliminated), with
//! the card game's leak check over every seat; and all-bot games of both bot
//! policies.

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
/// With `reckless`, Ann takes every hit and dies without a Beer, so that
/// she is eliminated early. Returns how many of each action type Ann posted
/// (`"shadow_turn"` counts the moves she made in shadow turns).
async fn play_to_the_end(
    server: &TestServer,
    c: &Client,
    seed: u64,
    options: Value,
    reckless: bool,
) -> BTreeMap<String, usize> {
    let (id, tokens) = c
        .create(
            json!({"ruleset": "bang", "players": 5, "seats": [{"name": "Ann"}],
                       "options": options, "seed": seed}),
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
        let reaction = mine["pending"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["seat"] == 0 && p["reaction"] == true);
        let turn = &mine["view"]["turn"];
        if turn["shadow"] == true && turn["seat"] == 0 {
            let me = &mine["view"]["players"][0];
            assert_eq!(
                (me["shadow"].clone(), me["alive"].clone()),
                (json!(true), json!(true))
            );
            assert_eq!(me["life"], 0, "a shadow has 0 life");
            *posted.entry("shadow_turn".into()).or_default() += 1;
        }
        let (_, legal) = c
            .get(&format!("/v1/games/{id}/actions"), Some(&tokens[0]))
            .await;
        let actions = legal["actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "asked with nothing to post: {mine}");
        let of_type = |t: &'static str| actions.iter().filter(move |a| a["type"] == t);
        let gold: Vec<&Value> = GOLD.iter().flat_map(|(t, _)| of_type(t)).collect();
        let action = if reckless && reaction && of_type("pass").next().is_some() {
            of_type("pass").next().expect("pass")
        } else if !gold.is_empty() {
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
    // the bots or the rules change, the next seeds make up for it (a game
    // takes about a second).
    let mut posted: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 142..190 {
        let options = json!({"expansions": ["gold_rush"]});
        for (kind, n) in play_to_the_end(&server, &c, seed, options, false).await {
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
async fn a_person_and_four_bots_play_gold_rush_with_shadows_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    // Ann takes every hit, so she is soon eliminated and plays shadow turns;
    // the next seeds make up for a game that ends before her seat's turn.
    let options = json!({"expansions": ["gold_rush"], "variants": ["shadow_gunslingers"]});
    let mut shadow_moves = 0;
    for seed in 7..15 {
        let posted = play_to_the_end(&server, &c, seed, options.clone(), true).await;
        shadow_moves += posted.get("shadow_turn").copied().unwrap_or(0);
        if shadow_moves > 0 {
            break;
        }
    }
    assert!(shadow_moves > 0, "Ann never played a shadow turn");
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_bot_gold_rush_games_of_both_policies_finish_and_audit_fair() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let gold = json!({"expansions": ["gold_rush"]});
    let both = json!({"expansions": ["gold_rush"], "variants": ["shadow_gunslingers"]});
    let shadows = json!({"variants": ["shadow_gunslingers"]});
    for (policy, players, seed, options) in [
        ("random", 4, 1, &gold),
        ("normal", 6, 2, &gold),
        ("random", 8, 3, &gold),
        ("normal", 5, 4, &both),
        ("random", 7, 5, &shadows),
    ] {
        let seats: Vec<Value> = (0..players).map(|_| json!({"bot": policy})).collect();
        let (id, _) = c
            .create(
                json!({"ruleset": "bang", "players": players, "seats": seats,
                           "options": options, "seed": seed}),
            )
            .await;
        let game = c.settle(&id, None).await;
        assert_eq!(game["game"]["status"], "finished", "{policy}: {game}");
        let events = c.all_events(&id, None, "").await;
        assert_eq!(
            events.iter().any(|e| e["event"]["type"] == "market_filled"),
            options.get("expansions").is_some(),
            "{policy}: a market exactly with Gold Rush"
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
