//! The Lone Gunslinger over real HTTP: one token plays the Sheriff and the
//! Deputy to the end while the rules play the four NPCs (no bot worker runs),
//! and a hidden-role card game of one person and four `normal` bots.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::TestServer;
use tests::play::solo_to_the_end;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_token_plays_a_solo_game_to_the_end_against_the_rules_npcs() {
    // No bot worker: the NPCs are played by the rules themselves.
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c
        .create(
            json!({"ruleset": "bang", "players": 6, "seats": [{"name": "Ann"}],
                       "options": {"mode": "lone_gunslinger", "difficulty": 1}, "seed": 4}),
        )
        .await;
    assert_eq!(tokens.len(), 1, "one token for the person");
    let token = &tokens[0];
    let (_, game) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
    let mine: Vec<u64> = game["your_seats"]
        .as_array()
        .expect("your_seats")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(mine.len(), 2, "the Sheriff and the Deputy: {game}");
    assert_eq!(mine[0], 0);
    let kinds: Vec<&str> = game["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "npc").count(),
        4,
        "{kinds:?}"
    );
    // Nothing is hidden but the deck order (A3.2): a spectator's events show
    // the NPCs' starting Stacks, not the shuffled deck.
    let (_, page) = c
        .get(&format!("/v1/games/{id}/events?limit=100"), None)
        .await;
    let events = page["events"].as_array().unwrap();
    let stacks: Vec<&Value> = events
        .iter()
        .map(|e| &e["event"])
        .filter(|e| e["type"] == "cards_drawn" && !mine.contains(&e["seat"].as_u64().unwrap()))
        .collect();
    assert!(!stacks.is_empty());
    assert!(
        stacks
            .iter()
            .all(|e| e["cards"].as_array().unwrap().iter().all(Value::is_u64)),
        "{stacks:?}"
    );
    let shuffled = events
        .iter()
        .find(|e| e["event"]["type"] == "deck_shuffled")
        .expect("a shuffle");
    assert!(
        shuffled["event"]["order"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_null)
    );
    solo_to_the_end(&c, &id, token, &|_| {}).await;
    let (_, page) = c
        .get(&format!("/v1/games/{id}/events?limit=1000"), Some(token))
        .await;
    let events = page["events"].as_array().unwrap();
    let npc = events
        .iter()
        .filter(|e| e["event"]["type"] == "npc_acted")
        .count();
    assert!(npc > 0, "the NPCs' turns are in the log");
    let (_, done) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
    assert!(
        done["view"]["outcome"]["human_won"].is_boolean(),
        "the outcome says whether the person won: {}",
        done["view"]["outcome"]
    );
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["fair"], true, "{audit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solo_options_are_checked() {
    let server = TestServer::start().await;
    let c = server.client();
    let solo = |players: u8, seats: Value, options: Value| {
        let mut o = json!({"mode": "lone_gunslinger"});
        o.as_object_mut()
            .unwrap()
            .extend(options.as_object().unwrap().clone());
        json!({"ruleset": "bang", "players": players, "seats": seats, "options": o})
    };
    let refused = [
        (solo(5, json!([{"name": "Ann"}]), json!({})), "players"),
        (
            solo(6, json!([{"name": "Ann"}, {"bot": "normal"}]), json!({})),
            "seats[1].bot",
        ),
        (
            solo(6, json!([{"name": "Ann"}]), json!({"difficulty": 5})),
            "difficulty",
        ),
        (
            solo(
                6,
                json!([{"name": "Ann"}]),
                json!({"final_challenge": true, "difficulty": 2}),
            ),
            "final_challenge",
        ),
        (solo(6, json!([]), json!({})), "seats[0]"),
    ];
    for (body, named) in refused {
        let (status, problem) = c.post("/v1/games", None, body.clone()).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {problem}"
        );
        assert!(problem.to_string().contains(named), "{body}: {problem}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_four_normal_bots_play_a_hidden_role_card_game_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "bang", "players": 5, "seats": [{"name": "Ann"}], "seed": 8}))
        .await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert!(
        game["game"]["seats"].as_array().unwrap()[1..]
            .iter()
            .all(|s| s["bot"] == "normal"),
        "normal is the card game's default bot: {game}"
    );
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut moves = 0;
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        assert!(Instant::now() < deadline, "the game does not end: {game}");
        if game["your_turn"] != true {
            let version = game["version"].as_u64().unwrap_or(0);
            c.get(
                &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
                None,
            )
            .await;
            continue;
        }
        if let Some((status, body)) = c.play_pick(&id, &tokens[0], moves).await {
            assert!(
                status == StatusCode::OK || status == StatusCode::CONFLICT,
                "{body}"
            );
        }
        moves += 1;
    }
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["fair"], true, "{audit}");
}
