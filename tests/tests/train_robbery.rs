//! The card game with the Great Train Robbery (`"expansions":
//! ["train_robbery"]`) over real HTTP: a person and four bots to the end with
//! both expansions, the person taking and using railcars through the API, with
//! the card game's leak check over every seat and the train drawn as data in
//! every view; a solo game with the train; all-bot games of both policies with
//! the train alone, with Gold Rush and with the Shadow-Gunslingers.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use serde_json::{Value, json};
use tests::TestServer;
use tests::play::{Person, bots_to_the_end, person_to_the_end, solo_to_the_end};

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

/// The person's check: the train is drawn in every view of hers.
fn train_seen(mine: &Value) -> Option<&'static str> {
    assert_train_drawn(&mine["view"]);
    None
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
        let how = Person {
            prefer: &TRAIN,
            reckless: false,
            seen: &train_seen,
        };
        for (kind, n) in person_to_the_end(&server, &c, (5, seed, options), &how).await {
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
    solo_to_the_end(&c, &id, token, &|game| assert_train_drawn(&game["view"])).await;
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
        let events = bots_to_the_end(&c, policy, (players, seed, options)).await;
        // The train's progress is in the log for anyone to follow.
        for kind in [
            "stations_revealed",
            "locomotive_placed",
            "railcar_added",
            "train_advanced",
        ] {
            assert!(
                events.iter().any(|e| e["event"]["type"] == kind),
                "{policy}: no {kind} in the log"
            );
        }
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
    assert!(stats.applied.load(Ordering::Relaxed) > 0);
}
