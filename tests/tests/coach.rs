//! The coach (issue 33, item 4): `GET /v1/games/{id}/analysis` estimates
//! each legal action of a person's seat from what that seat was shown; the
//! table's `analysis` option, the per-seat quota and the refusals.

use api::config::BotsMode;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{Client, TestServer};

/// A server with the embedded bots and the coach's test settings.
async fn server_with(edit: impl FnOnce(&mut api::config::Config)) -> TestServer {
    TestServer::start_with(|config| {
        config.bots = BotsMode::Embedded;
        edit(config);
    })
    .await
}

/// A dice game of `people` persons (seats 0..people) and bots, with `extra`
/// in its creation body.
async fn game_of(c: &Client, people: usize, seed: u64, extra: Value) -> (String, Vec<String>) {
    let mut seats: Vec<Value> = (0..people)
        .map(|i| json!({"name": format!("P{i}")}))
        .collect();
    seats.extend((people..5).map(|_| json!({"bot": "normal"})));
    let mut body = json!({"ruleset": "dice", "players": 5, "seats": seats, "seed": seed});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    c.create(body).await
}

/// Plays the second person's moves (her first legal action) until the
/// first person is asked something or the game ends; returns the game.
async fn until_first_asked(c: &Client, id: &str, tokens: &[String]) -> Value {
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        let asked = |seat: u64| {
            game["pending"]
                .as_array()
                .is_some_and(|p| p.iter().any(|p| p["seat"] == seat))
        };
        if game["game"]["status"] == "finished" || asked(0) {
            return game;
        }
        if asked(1) {
            c.play_pick(id, &tokens[1], 0).await;
        } else {
            // The bots move: wait for the next event.
            let version = game["version"].as_u64().unwrap_or(0);
            c.get(
                &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
                None,
            )
            .await;
        }
    }
}

fn analysis_of(id: &str, query: &str) -> String {
    format!("/v1/games/{id}/analysis{query}")
}

/// Checks an analysis's shape: the seat's decision, every estimate a
/// chance, best first, the `normal` choice among them.
fn well_formed(analysis: &Value, seat: u64) {
    assert_eq!(analysis["seat"], seat, "{analysis}");
    assert_eq!(analysis["decision"]["seat"], seat, "{analysis}");
    let actions = analysis["actions"].as_array().expect("actions");
    assert!(!actions.is_empty());
    assert!(actions.len() as u64 <= analysis["legal"].as_u64().unwrap());
    let chances: Vec<f64> = actions
        .iter()
        .map(|a| a["win_chance"].as_f64().unwrap())
        .collect();
    assert!(
        chances.iter().all(|c| (0.0..=1.0).contains(c)),
        "{analysis}"
    );
    assert!(
        chances.windows(2).all(|w| w[0] >= w[1]),
        "best first: {analysis}"
    );
    assert!(actions.iter().any(|a| a["normal"] == true), "{analysis}");
    assert!(actions.iter().all(|a| a["playouts"].as_u64() >= Some(1)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_among_bots_is_coached_now_and_after_a_move() {
    let server = server_with(|_| {}).await;
    let c = server.client();
    let (id, tokens) = game_of(&c, 1, 33, json!({})).await;
    let game = c.settle(&id, Some(0)).await;
    assert_ne!(game["game"]["status"], "finished");
    assert_eq!(game["game"]["analysis"], "after");
    let version = game["version"].as_u64().unwrap();
    let (status, now) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
    assert_eq!(status, StatusCode::OK, "{now}");
    well_formed(&now, 0);
    assert_eq!(now["version"], version);
    assert!(now.get("played").is_none(), "nothing played yet: {now}");
    // The same question, the same answer.
    let (_, again) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
    assert_eq!(now, again);
    // She plays the search's choice; the analysis of that decision then
    // says so, with nothing given up.
    let best = now["actions"][0]["action"].clone();
    let (status, posted) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&tokens[0]),
            json!({"action": best, "expected_version": version}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{posted}");
    let (status, then) = c
        .get(
            &analysis_of(&id, &format!("?at={version}")),
            Some(&tokens[0]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{then}");
    assert_eq!(then["played"]["action"], best, "{then}");
    assert_eq!(then["played"]["loss"], 0.0, "{then}");
    assert_eq!(then["actions"], now["actions"], "the position is the same");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coach_refuses_clearly_and_changes_nothing() {
    let server = server_with(|_| {}).await;
    let c = server.client();
    let (id, tokens) = game_of(&c, 1, 34, json!({})).await;
    let game = c.settle(&id, Some(0)).await;
    let version = game["version"].as_u64().unwrap();
    let refused = |status: StatusCode, body: &Value, code: &str| {
        assert_eq!(body["code"], code, "{body}");
        assert!(status.is_client_error(), "{status} {body}");
    };
    let (s, body) = c.get(&analysis_of(&id, ""), None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "a spectator: {body}");
    let (s, body) = c
        .get(&analysis_of(&id, "?seat=1"), Some(&server.worker_key))
        .await;
    refused(s, &body, "worker_not_coached");
    let (s, body) = c.get(&analysis_of(&id, "?at=0"), Some(&tokens[0])).await;
    refused(s, &body, "bad_request");
    let (s, body) = c
        .get(
            &analysis_of(&id, &format!("?at={}", version + 1)),
            Some(&tokens[0]),
        )
        .await;
    refused(s, &body, "bad_request");
    let (s, body) = c.get(&analysis_of(&id, "?at=1"), Some(&tokens[0])).await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "not_asked");
    let (s, body) = c.get(&analysis_of(&id, "?depth=3"), Some(&tokens[0])).await;
    refused(s, &body, "bad_request");
    let (s, body) = c
        .get("/v1/games/0000000000000000/analysis", Some(&tokens[0]))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{body}");
    // Nothing was appended by any of it.
    let (_, after) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(after["version"], version);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_people_the_tables_option_rules() {
    let server = server_with(|_| {}).await;
    let c = server.client();
    // The default, `after`: no help during the game.
    let (id, tokens) = game_of(&c, 2, 35, json!({})).await;
    let game = until_first_asked(&c, &id, &tokens).await;
    if game["game"]["status"] != "finished" {
        let (s, body) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "analysis_after_the_game");
    }
    // `always`: a teaching table.
    let (id, tokens) = game_of(&c, 2, 36, json!({"analysis": "always"})).await;
    let game = until_first_asked(&c, &id, &tokens).await;
    assert_eq!(game["game"]["analysis"], "always");
    if game["game"]["status"] != "finished" {
        let (s, body) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
        assert_eq!(s, StatusCode::OK, "{body}");
        well_formed(&body, 0);
    }
    // `never`.
    let (id, tokens) = game_of(&c, 2, 37, json!({"analysis": "never"})).await;
    until_first_asked(&c, &id, &tokens).await;
    let (s, body) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "analysis_off");
    // A bad option is refused at creation, naming it.
    let (s, body) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 3, "analysis": "sometimes"}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["detail"].as_str().unwrap().starts_with("analysis:"),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_asking_too_often_gets_a_429_with_retry_after() {
    let server = server_with(|config| config.analysis_per_minute = 2).await;
    let c = server.client();
    let (id, tokens) = game_of(&c, 1, 38, json!({})).await;
    c.settle(&id, Some(0)).await;
    for _ in 0..2 {
        let (s, body) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
        assert_eq!(s, StatusCode::OK, "{body}");
    }
    let response = bots::http_client()
        .build()
        .expect("an HTTP client")
        .get(format!("{}{}", server.base, analysis_of(&id, "")))
        .bearer_auth(&tokens[0])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "too_many_analyses", "{body}");
}

/// Once the game is over every fact is public, but the coach still
/// analyses from what the seat was shown then: the analysis of a decision
/// made during the game is the one given during the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_of_the_game_reveals_nothing_to_the_coach() {
    let server = server_with(|_| {}).await;
    let c = server.client();
    let (id, tokens) = game_of(&c, 1, 39, json!({})).await;
    let mut during = Vec::new();
    loop {
        let game = c.settle(&id, Some(0)).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        let version = game["version"].as_u64().unwrap();
        if during.len() < 3 {
            let (s, analysis) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
            assert_eq!(s, StatusCode::OK, "{analysis}");
            during.push((version, analysis));
        }
        c.play_pick(&id, &tokens[0], version as usize).await;
    }
    assert!(!during.is_empty());
    for (version, analysis) in during {
        let (s, after) = c
            .get(
                &analysis_of(&id, &format!("?at={version}")),
                Some(&tokens[0]),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{after}");
        // The same estimates (what she played may join them).
        for estimate in analysis["actions"].as_array().unwrap() {
            let found = after["actions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["action"] == estimate["action"]);
            assert_eq!(found, Some(estimate), "at {version}: {after}");
        }
    }
}

/// The card game (both expansions) and a solo game are coached too: every
/// decision of the person's for a few moves gets a well-formed analysis.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_card_game_and_a_solo_game_are_coached() {
    let server = server_with(|_| {}).await;
    let c = server.client();
    let games = [
        json!({"ruleset": "bang", "players": 5, "seats": [{"name": "Ann"}], "seed": 40,
               "options": {"expansions": ["gold_rush", "train_robbery"]}}),
        json!({"ruleset": "bang", "players": 6, "seats": [{"name": "Ann"}], "seed": 41,
               "options": {"mode": "lone_gunslinger", "difficulty": 1}}),
    ];
    for body in games {
        let (id, tokens) = c.create(body).await;
        let mut analysed = 0;
        for _ in 0..8 {
            let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
            if game["game"]["status"] == "finished" {
                break;
            }
            if game["your_turn"] != true {
                c.settle(&id, Some(0)).await;
                continue;
            }
            let (s, analysis) = c.get(&analysis_of(&id, ""), Some(&tokens[0])).await;
            assert_eq!(s, StatusCode::OK, "{analysis}");
            let seat = analysis["seat"].as_u64().unwrap();
            well_formed(&analysis, seat);
            analysed += 1;
            let best = analysis["actions"][0]["action"].clone();
            let (s, posted) = c
                .post(
                    &format!("/v1/games/{id}/actions?seat={seat}"),
                    Some(&tokens[0]),
                    json!({"action": best, "expected_version": analysis["version"]}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{posted}");
        }
        assert!(analysed > 0, "{id}");
    }
}
