//! The card game (`bang`) over real HTTP: a person with bots to the end, an
//! all-bot game, and what each seat and a spectator are shown while it runs.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{TestServer, assert_no_leak};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_three_bots_play_the_card_game_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": 3}))
        .await;
    let (mut moves, mut shot_at) = (0, 0);
    loop {
        let game = c.settle(&id, Some(0)).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        let (_, mine) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        assert_eq!(mine["your_turn"], true);
        let decision = mine["pending"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["seat"] == 0)
            .map(|p| p["decision"]["kind"].clone())
            .unwrap();
        if moves % 5 == 0 {
            assert_no_leak(&c, &id, 0, &tokens[0], false).await;
            // Every bot seat, as the workers see it.
            for bot in 1..4 {
                assert_no_leak(&c, &id, bot, &server.worker_key, true).await;
            }
        }
        let (_, legal) = c
            .get(&format!("/v1/games/{id}/actions"), Some(&tokens[0]))
            .await;
        let actions = legal["actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "asked with nothing to post: {mine}");
        // Shot at: answered by hand (a Missed! if held, else take the hit).
        let action = if decision == "shot" {
            shot_at += 1;
            actions
                .iter()
                .find(|a| a["type"] == "respond")
                .unwrap_or_else(|| actions.iter().find(|a| a["type"] == "pass").unwrap())
                .clone()
        } else {
            actions[moves % actions.len()].clone()
        };
        let (status, body) = c
            .post(
                &format!("/v1/games/{id}/actions"),
                Some(&tokens[0]),
                json!({"action": action, "expected_version": legal["version"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{action} -> {body}");
        moves += 1;
        assert!(moves < 3_000, "the game does not end");
    }
    assert!(shot_at > 0, "the person was never asked to answer a BANG!");
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true)),
        "{audit}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_bot_card_game_finishes_and_audits_fair() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    for (players, seed) in [(3, 1), (5, 2), (8, 3)] {
        let (id, tokens) = c
            .create(json!({"ruleset": "bang", "players": players, "seed": seed}))
            .await;
        assert!(tokens.is_empty());
        let game = c.settle(&id, None).await;
        assert_eq!(game["game"]["status"], "finished");
        assert!(
            game["game"]["winners"]["seats"]
                .as_array()
                .is_some_and(|w| !w.is_empty())
        );
        let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
        assert_eq!(audit["fair"], true, "{audit}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_game_options_and_bots_are_checked() {
    let server = TestServer::start().await;
    let c = server.client();
    let refused = [
        // An expansion not built is named, with the ones there are.
        (
            json!({"expansions": ["high_noon"]}),
            "options.expansions: \"gold_rush\", \"train_robbery\" and \"dodge_city\" are available, not \"high_noon\"",
        ),
        (
            json!({"expansions": ["gold_rush", "gold_rush"]}),
            "options.expansions: \"gold_rush\" is listed twice",
        ),
        (
            json!({"variants": ["high_noon"]}),
            "options.variants: \"shadow_gunslingers\" is available, not \"high_noon\"",
        ),
        (
            json!({"expansions": "gold_rush"}),
            "options.expansions: invalid type",
        ),
        (json!({"mode": "solo"}), "mode"),
        (json!({"character_choice": 3}), "character_choice"),
        (json!({"modules": ["ghost"]}), "modules"),
    ];
    for (options, named) in refused {
        let (status, body) = c
            .post(
                "/v1/games",
                None,
                json!({"ruleset": "bang", "players": 4, "options": options}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{options}: {body}"
        );
        assert_eq!(body["code"], "invalid_option", "{options}: {body}");
        assert!(
            body["detail"].as_str().is_some_and(|d| d.contains(named)),
            "{options}: {body}"
        );
    }
    let (status, body) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "bang", "players": 4, "seats": [{"bot": "clever"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.to_string().contains("clever"), "{body}");
    let (status, body) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "bang", "players": 4, "options": {"expansions": ["gold_rush"], "character_choice": 2, "reaction_seconds": 30}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_card_game_rewinds_forks_at_a_decision_and_plays_on() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, _) = c
        .create(json!({"ruleset": "bang", "players": 4, "seed": 12}))
        .await;
    let game = c.settle(&id, None).await;
    assert_eq!(game["game"]["status"], "finished");
    let (_, page) = c
        .get(&format!("/v1/games/{id}/events?limit=1000"), None)
        .await;
    let events = page["events"].as_array().unwrap();
    // Where the game waited for its 20th decision: just before that `acted`.
    let at = events
        .iter()
        .filter(|e| e["event"]["type"] == "acted")
        .nth(20)
        .and_then(|e| e["seq"].as_u64())
        .expect("20 decisions")
        - 1;
    let (status, then) = c.get(&format!("/v1/games/{id}?at={at}"), None).await;
    assert_eq!(status, StatusCode::OK, "{then}");
    assert_eq!(then["version"].as_u64(), Some(at));
    assert!(
        !then["pending"].as_array().unwrap().is_empty(),
        "it waited there"
    );
    let (status, fork) = c
        .post(&format!("/v1/games/{id}/fork"), None, json!({"at": at}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{fork}");
    let fork_id = fork["game"]["id"].as_str().unwrap().to_string();
    assert_eq!(fork["game"]["version"].as_u64(), Some(at));
    let done = c.settle(&fork_id, None).await;
    assert_eq!(done["game"]["status"], "finished");
    let (_, fork_page) = c
        .get(&format!("/v1/games/{fork_id}/events?limit=1000"), None)
        .await;
    for (a, b) in fork_page["events"]
        .as_array()
        .unwrap()
        .iter()
        .zip(events)
        .take(at as usize)
    {
        assert_eq!(
            a["event"], b["event"],
            "the fork starts with the game's events"
        );
    }
    let (_, audit) = c.get(&format!("/v1/games/{fork_id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true)),
        "{audit}"
    );
    // The deck it copied was shuffled in the open (the origin is over), so
    // the fork does not claim its draws were unknown in advance.
    assert_eq!(audit["provably_fair"], false, "{audit}");
    let note = audit["fairness_note"].as_str().unwrap_or_default();
    assert!(note.contains("the order of a shuffled deck"), "{note}");
    let deck = events
        .iter()
        .take(at as usize)
        .find(|e| e["event"]["type"] == "deck_shuffled")
        .expect("the deck was shuffled before the fork point");
    assert!(
        deck["event"]["order"]
            .as_array()
            .is_some_and(|order| order.iter().all(Value::is_number)),
        "a finished game shows its deck's order: {deck}"
    );
}
