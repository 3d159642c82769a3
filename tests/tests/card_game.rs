//! The card game (`bang`) over real HTTP: a person with bots to the end, an
//! all-bot game, and what each seat and a spectator are shown while it runs.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{Client, TestServer};

/// Every place where `a` and `b` differ, as JSON paths.
fn differences(a: &Value, b: &Value, path: String, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys()) {
                let (u, v) = (&x.get(key), &y.get(key));
                if u != v {
                    differences(
                        u.unwrap_or(&Value::Null),
                        v.unwrap_or(&Value::Null),
                        format!("{path}.{key}"),
                        out,
                    );
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                differences(u, v, format!("{path}[{i}]"), out);
            }
        }
        _ if a != b => out.push(path),
        _ => {}
    }
}

/// What `seat` is shown may differ from what a spectator is shown only in
/// the seat's own secrets: its own player entry, its orders, and (for Kit
/// Carlson) the cards he looks at. Events differ only where they concern it.
/// `token` is the seat's own, or the worker key (which sees a bot seat with
/// `?seat=N`, as the bot workers do).
async fn assert_no_leak(c: &Client, id: &str, seat: u64, token: &str, worker: bool) {
    let as_seat = |sep: char| {
        if worker {
            format!("{sep}seat={seat}")
        } else {
            String::new()
        }
    };
    let (_, mine) = c
        .get(&format!("/v1/games/{id}{}", as_seat('?')), Some(token))
        .await;
    let (_, public) = c
        .get(&format!("/v1/games/{id}?at={}", mine["version"]), None)
        .await;
    let mut diff = Vec::new();
    differences(&mine["view"], &public["view"], "view".into(), &mut diff);
    let kit = mine["view"]["players"][seat as usize]["character"] == "kit_carlson";
    for path in &diff {
        let own = path.starts_with(&format!("view.players[{seat}]"))
            || path == "view.viewer"
            || path.starts_with("view.orders")
            || (kit && path.starts_with("view.kit"));
        assert!(
            own,
            "seat {seat} is shown {path}, which a spectator is not, and it is not its own"
        );
    }
    // Other seats' hands are counts only.
    for (other, p) in mine["view"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        if other as u64 != seat {
            assert!(
                p["hand"].as_array().unwrap().iter().all(Value::is_null),
                "seat {seat} sees a card in seat {other}'s hand: {p}"
            );
        }
    }
    let version = mine["version"].as_u64().unwrap();
    let (_, theirs) = c
        .get(
            &format!("/v1/games/{id}/events?limit=1000{}", as_seat('&')),
            Some(token),
        )
        .await;
    let (_, spectator) = c
        .get(&format!("/v1/games/{id}/events?limit=1000"), None)
        .await;
    let (mine, public) = (
        theirs["events"].as_array().unwrap(),
        spectator["events"].as_array().unwrap(),
    );
    for (m, p) in mine.iter().zip(public).take(version as usize) {
        if m["event"] != p["event"] {
            let e = &m["event"];
            let concerns = ["seat", "from", "to"]
                .iter()
                .any(|k| e[k].as_u64() == Some(seat));
            assert!(
                concerns && e["type"] != "deck_shuffled",
                "seat {seat} is shown more than a spectator of an event not its own: {e} vs {}",
                p["event"]
            );
        }
    }
}

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
        (json!({"expansions": ["gold_rush"]}), "expansions"),
        (json!({"variants": ["shadow_gunslingers"]}), "variants"),
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
        assert!(body.to_string().contains(named), "{options}: {body}");
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
            json!({"ruleset": "bang", "players": 4, "options": {"character_choice": 2, "reaction_seconds": 30}}),
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
}
