//! The card game with the Great Train Robbery (`"expansions":
//! ["train_robbery"]`) over real HTTP: a person and four bots to the end with
//! both expansions, the person taking and using railcars through the API, with
//! the card game's leak check over every seat and the train drawn as data in
//! every view; a solo game with the train; all-bot games of both policies with
//! the train alone, with Gold Rush and with the Shadow-Gunslingers.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{Client, TestServer, assert_no_leak};

/// The train's actions the person prefers whenever the API lists one, and
/// the event each must cause.
const TRAIN: [(&str, &str); 2] = [
    ("take_railcar", "railcar_taken"),
    ("use_railcar", "railcar_used"),
];

/// Checks the train's shape in a view: the row of stations, the Locomotive,
/// the railcars with their positions and stations, the deck's size.
fn assert_train_drawn(view: &Value) {
    let train = &view["train"];
    let stations = train["stations"].as_array().expect("stations");
    assert!(
        (1..=8).contains(&stations.len())
            && stations
                .iter()
                .all(|s| (1..=13).contains(&s.as_u64().unwrap())),
        "{train}"
    );
    assert!(train["position"].is_u64() && train["leland"].is_boolean());
    assert!(train["deck"].as_u64().unwrap() <= 16, "{train}");
    for car in train["cars"].as_array().expect("cars") {
        assert!((101..=116).contains(&car["railcar"].as_u64().unwrap()));
        assert!(car["position"].is_i64() && (car["station"].is_null() || car["station"].is_u64()));
    }
}

/// Plays a 5-player game (Ann at seat 0, four `normal` bots) with `options`
/// to its end: Ann takes a train action whenever one is listed, answers a
/// BANG! with a Missed! when she can, and otherwise goes round her legal
/// actions. Every 5 moves, the leak check of Ann's seat and every bot seat.
/// Returns how many of each action type Ann posted.
async fn play_to_the_end(
    server: &TestServer,
    c: &Client,
    seed: u64,
    options: Value,
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
        assert_train_drawn(&mine["view"]);
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
        let train: Vec<&Value> = TRAIN.iter().flat_map(|(t, _)| of_type(t)).collect();
        let action = if !train.is_empty() {
            train[moves % train.len()]
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
        if let Some((_, caused)) = TRAIN.iter().find(|(t, _)| *t == kind) {
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
    // The train's progress is in the log for anyone to follow.
    let events = c.all_events(&id, None, "").await;
    for kind in ["stations_revealed", "locomotive_placed", "train_advanced"] {
        assert!(
            events.iter().any(|e| e["event"]["type"] == kind),
            "no {kind} in the log"
        );
    }
    posted
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_four_bots_play_both_expansions_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    // The first seeds where Ann both takes and uses a railcar; should the
    // bots or the rules change, the next seeds make up for it.
    let mut posted: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 1..40 {
        let options = json!({"expansions": ["train_robbery", "gold_rush"]});
        for (kind, n) in play_to_the_end(&server, &c, seed, options).await {
            *posted.entry(kind).or_default() += n;
        }
        if TRAIN.iter().all(|(t, _)| posted.contains_key(*t)) {
            break;
        }
    }
    for (kind, _) in TRAIN {
        assert!(
            posted.contains_key(kind),
            "the person never posted a {kind}: {posted:?}"
        );
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_with_the_train_ends() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "bang", "players": 6, "seats": [{"name": "Ann"}],
                       "options": {"mode": "lone_gunslinger", "expansions": ["train_robbery"]}, "seed": 3}))
        .await;
    let token = &tokens[0];
    let mut moves = 0;
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        assert_train_drawn(&game["view"]);
        let seat = game["pending"][0]["seat"]
            .as_u64()
            .expect("the person is asked");
        let (_, legal) = c
            .get(&format!("/v1/games/{id}/actions?seat={seat}"), Some(token))
            .await;
        let actions = legal["actions"].as_array().unwrap();
        let action = actions
            .iter()
            .find(|a| a["type"] == "end_turn" && moves % 3 == 0)
            .unwrap_or(&actions[moves % actions.len()])
            .clone();
        let (status, body) = c
            .post(
                &format!("/v1/games/{id}/actions?seat={seat}"),
                Some(token),
                json!({"action": action, "expected_version": legal["version"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{action} -> {body}");
        moves += 1;
        assert!(moves < 3_000, "the solo game does not end");
    }
    let events = c.all_events(&id, Some(token), "").await;
    assert!(
        events.iter().any(|e| e["event"]["type"] == "npc_acted"),
        "the NPCs played"
    );
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["fair"], true, "{audit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_bot_train_games_of_both_policies_finish_and_audit_fair() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let train = json!({"expansions": ["train_robbery"]});
    let both = json!({"expansions": ["train_robbery", "gold_rush"]});
    let shadows = json!({"expansions": ["train_robbery"], "variants": ["shadow_gunslingers"]});
    for (policy, players, seed, options) in [
        ("random", 4, 1, &train),
        ("normal", 6, 2, &train),
        ("random", 8, 3, &both),
        ("normal", 5, 4, &both),
        ("random", 7, 5, &shadows),
        ("normal", 5, 6, &shadows),
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
        assert!(
            events.iter().any(|e| e["event"]["type"] == "railcar_added"),
            "{policy}: a train"
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
