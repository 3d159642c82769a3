//! The dice game over real HTTP: a server on an ephemeral port, reqwest clients.

use std::time::{Duration, Instant};

use engine::Viewer;
use engine::dice;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{Client, TestServer};

/// A deterministic stream of picks.
struct Picks(u64);
impl Picks {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

async fn play_to_end(c: &Client, id: &str, tokens: &[String], seed: u64) -> u64 {
    let mut picks = Picks(seed);
    let mut last = 0;
    for _ in 0..5_000 {
        match c.step(id, tokens, picks.next()).await {
            Some(v) => last = v,
            None => return last,
        }
    }
    panic!("game {id} did not end");
}

async fn all_events(c: &Client, id: &str, token: Option<&str>) -> Vec<Value> {
    let mut out = Vec::new();
    loop {
        let path = format!("/v1/games/{id}/events?after={}&limit=1000", out.len());
        let (status, page) = c.get(&path, token).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let events = page["events"].as_array().cloned().unwrap_or_default();
        if events.is_empty() {
            return out;
        }
        out.extend(events);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_to_the_end_by_its_seats() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(5, 1).await;
    let version = play_to_end(&c, &id, &tokens, 7).await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["game"]["status"], "finished");
    assert_eq!(game["version"].as_u64(), Some(version));
    assert!(game["game"]["winners"]["seats"].is_array());
    // Once over, everything is visible, even to spectators.
    for p in game["view"]["players"].as_array().unwrap() {
        assert!(!p["role"].is_null());
    }
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], true);
    assert_eq!(audit["fair"], true, "{audit}");
    assert!(audit["seed"].is_string());
    let (status, _) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&tokens[0]),
            json!({"action": {"type": "stop"}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_expected_version_is_409_and_changes_nothing() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 2).await;
    let seat = c.pending_seat(&id).await.unwrap();
    let (_, legal) = c
        .get(&format!("/v1/games/{id}/actions"), Some(&tokens[seat]))
        .await;
    let version = legal["version"].as_u64().unwrap();
    let (status, problem) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&tokens[seat]),
            json!({"action": legal["actions"][0], "expected_version": version - 1}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(problem["code"], "stale_version");
    assert_eq!(problem["current_version"].as_u64(), Some(version));
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["version"].as_u64(), Some(version));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_a_hundred_concurrent_posts_at_one_version_exactly_one_applies() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(5, 3).await;
    let seat = c.pending_seat(&id).await.unwrap();
    let (_, legal) = c
        .get(&format!("/v1/games/{id}/actions"), Some(&tokens[seat]))
        .await;
    let version = legal["version"].as_u64().unwrap();
    let body = json!({"action": legal["actions"][0], "expected_version": version});
    let mut tasks = Vec::new();
    for _ in 0..100 {
        let (c, id, token, body) = (c.clone(), id.clone(), tokens[seat].clone(), body.clone());
        tasks.push(tokio::spawn(async move {
            c.post(&format!("/v1/games/{id}/actions"), Some(&token), body)
                .await
        }));
    }
    let mut applied = Vec::new();
    for t in tasks {
        let (status, result) = t.await.unwrap();
        match status {
            StatusCode::OK => applied.push(result),
            StatusCode::CONFLICT => {}
            other => panic!("unexpected {other}: {result}"),
        }
    }
    assert_eq!(applied.len(), 1);
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["version"], applied[0]["version"]);
    let events = all_events(&c, &id, None).await;
    let acted = events
        .iter()
        .filter(|e| e["event"]["type"] == "acted")
        .count();
    assert_eq!(acted, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retried_action_id_returns_the_first_result_and_appends_nothing() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 4).await;
    let seat = c.pending_seat(&id).await.unwrap();
    let (_, legal) = c
        .get(&format!("/v1/games/{id}/actions"), Some(&tokens[seat]))
        .await;
    let body = json!({
        "action": legal["actions"][0],
        "expected_version": legal["version"],
        "action_id": "retry-me",
    });
    let path = format!("/v1/games/{id}/actions");
    let (s1, first) = c.post(&path, Some(&tokens[seat]), body.clone()).await;
    let (s2, second) = c.post(&path, Some(&tokens[seat]), body).await;
    assert_eq!((s1, s2), (StatusCode::OK, StatusCode::OK));
    assert_eq!(first["duplicate"], false);
    assert_eq!(second["duplicate"], true);
    assert_eq!(first["version"], second["version"]);
    assert_eq!(first["events"], second["events"]);
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["version"], first["version"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rewinding_to_n_equals_a_fresh_replay_of_the_first_n_events() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(5, 5).await;
    let version = play_to_end(&c, &id, &tokens, 11).await;
    let events = all_events(&c, &id, None).await;
    assert_eq!(events.len() as u64, version);
    let mut state = dice::State::default();
    let mut checked = 0;
    for (i, e) in events.iter().enumerate() {
        let event: dice::Event = serde_json::from_value(e["event"].clone()).unwrap();
        dice::apply(&mut state, &event);
        let n = i as u64 + 1;
        if n.is_multiple_of(37) || n == version || n < 3 {
            let (status, at) = c.get(&format!("/v1/games/{id}?at={n}"), None).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(at["version"].as_u64(), Some(n));
            let fresh = serde_json::to_value(dice::view(&state, Viewer::Omniscient)).unwrap();
            assert_eq!(at["view"], fresh, "at={n}");
            checked += 1;
        }
    }
    assert!(checked > 3);
    let (status, _) = c
        .get(&format!("/v1/games/{id}?at={}", version + 1), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_forks_at_a_decision_and_plays_on() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 6).await;
    let (status, problem) = c
        .post(&format!("/v1/games/{id}/fork"), None, json!({"at": 20}))
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "an active game is not forked: {problem}"
    );
    play_to_end(&c, &id, &tokens, 3).await;
    let events = all_events(&c, &id, None).await;
    let acted: Vec<u64> = events
        .iter()
        .filter(|e| e["event"]["type"] == "acted")
        .map(|e| e["seq"].as_u64().unwrap() - 1)
        .collect();
    let at = acted[acted.len() / 2];
    let (status, _) = c
        .post(&format!("/v1/games/{id}/fork"), None, json!({"at": at + 1}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "inside an action");
    let (status, fork) = c
        .post(&format!("/v1/games/{id}/fork"), None, json!({"at": at}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{fork}");
    assert_eq!(fork["game"]["version"].as_u64(), Some(at));
    assert_eq!(fork["game"]["forked_from"]["game"], id.as_str());
    let fork_id = fork["game"]["id"].as_str().unwrap().to_string();
    let fork_tokens: Vec<String> = fork["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["token"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(fork_tokens.len(), 4);
    let (status, _) = c
        .get(&format!("/v1/games/{fork_id}/actions"), Some(&tokens[0]))
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "old tokens do not open the fork"
    );
    play_to_end(&c, &fork_id, &fork_tokens, 99).await;
    let fork_events = all_events(&c, &fork_id, None).await;
    for (a, b) in fork_events.iter().zip(&events).take(at as usize) {
        assert_eq!(
            a["event"], b["event"],
            "the fork starts with the game's events"
        );
    }
    let (_, audit) = c.get(&format!("/v1/games/{fork_id}/audit"), None).await;
    assert_eq!(audit["valid"], true);
    assert_eq!(audit["fair"], true, "{audit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_detects_an_event_altered_in_the_store() {
    let mut server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 8).await;
    for i in 0..6 {
        c.step(&id, &tokens, i).await;
    }
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], true);
    assert!(audit.get("seed").is_none(), "no seed before the end");
    server.stop().await;
    {
        let db = sled::open(&server.data).unwrap();
        let events = db.open_tree("events").unwrap();
        let game = u64::from_str_radix(&id, 16).unwrap();
        let mut key = game.to_be_bytes().to_vec();
        key.extend_from_slice(&5u64.to_be_bytes());
        let raw = events.get(&key).unwrap().expect("event 5 is stored");
        let mut envelope: Value = serde_json::from_slice(&raw).unwrap();
        envelope["event"]["character"] = json!("lucky_duke");
        envelope["event"]["life"] = json!(99);
        events
            .insert(key, serde_json::to_vec(&envelope).unwrap())
            .unwrap();
        db.flush().unwrap();
    }
    server.restart().await;
    let c = server.client();
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], false);
    assert_eq!(audit["first_bad_seq"].as_u64(), Some(5));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_every_game_at_its_version() {
    let mut server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(5, 9).await;
    let mut version = 0;
    for i in 0..10 {
        version = c.step(&id, &tokens, i).await.unwrap();
    }
    server.restart().await;
    let c = server.client();
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["version"].as_u64(), Some(version));
    play_to_end(&c, &id, &tokens, 5).await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["game"]["status"], "finished");
}

fn assert_no_foreign_roles(view: &Value, me: Option<u64>) {
    for p in view["players"].as_array().unwrap() {
        let seat = p["seat"].as_u64();
        if seat != me && p["role_public"] == false {
            assert!(
                p["role"].is_null(),
                "viewer {me:?} sees seat {seat:?}'s role"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_seat_receives_another_seats_unrevealed_role() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(6, 10).await;
    let mut picks = Picks(4);
    for step in 0..400u32 {
        if c.pending_seat(&id).await.is_none() {
            break;
        }
        if step.is_multiple_of(10) {
            for (seat, token) in tokens.iter().enumerate() {
                let (_, game) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
                if game["game"]["status"] == "finished" {
                    break;
                }
                assert_eq!(game["your_seat"].as_u64(), Some(seat as u64));
                assert_no_foreign_roles(&game["view"], Some(seat as u64));
                for e in all_events(&c, &id, Some(token)).await {
                    let ev = &e["event"];
                    if ev["type"] == "role_dealt" && ev["face_up"] == false && ev["seat"] != seat {
                        assert!(ev["role"].is_null(), "seat {seat} sees {ev}");
                    }
                }
            }
            let (_, spectator) = c.get(&format!("/v1/games/{id}"), None).await;
            assert_no_foreign_roles(&spectator["view"], None);
        }
        c.step(&id, &tokens, picks.next()).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_mistakes_get_clear_4xx_problems() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 12).await;
    let seat = c.pending_seat(&id).await.unwrap();
    let other = (seat + 1) % 4;
    let act = format!("/v1/games/{id}/actions");
    let roll = json!({"action": {"type": "roll"}});
    let cases: Vec<(StatusCode, &str, (StatusCode, Value))> = vec![
        (
            StatusCode::NOT_FOUND,
            "not_found",
            c.get("/v1/games/0123456789abcdef", None).await,
        ),
        (
            StatusCode::NOT_FOUND,
            "not_found",
            c.get("/v1/games/nope", None).await,
        ),
        (
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            c.get(&format!("/v1/games/{id}"), Some("bad")).await,
        ),
        (
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            c.post(&act, None, roll.clone()).await,
        ),
        (
            StatusCode::FORBIDDEN,
            "not_your_decision",
            c.post(&act, Some(&tokens[other]), roll.clone()).await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_action",
            c.post(
                &act,
                Some(&tokens[seat]),
                json!({"action": {"type": "stop"}}),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_action",
            c.post(
                &act,
                Some(&tokens[seat]),
                json!({"action": {"type": "fly"}}),
            )
            .await,
        ),
        (
            StatusCode::BAD_REQUEST,
            "bad_request",
            c.post(
                &act,
                Some(&tokens[seat]),
                json!({"action": {"type": "roll"}, "extra": 1}),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_option",
            c.post(
                "/v1/games",
                None,
                json!({"ruleset": "dice", "players": 4, "options": {"modules": ["ghost"]}}),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_option",
            c.post(
                "/v1/games",
                None,
                json!({"ruleset": "dice", "players": 5, "options": {"modules": ["warp"]}}),
            )
            .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_option",
            c.post("/v1/games", None, json!({"ruleset": "poker", "players": 5}))
                .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_option",
            c.post("/v1/games", None, json!({"ruleset": "dice", "players": 9}))
                .await,
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_option",
            c.post(
                "/v1/games",
                None,
                json!({"ruleset": "dice", "players": 4, "seats": [{"bot": "genius"}]}),
            )
            .await,
        ),
        (
            StatusCode::BAD_REQUEST,
            "bad_request",
            c.get("/v1/games?status=sleeping", None).await,
        ),
        (
            StatusCode::BAD_REQUEST,
            "bad_request",
            c.get(&format!("/v1/games/{id}/events?after=x"), None).await,
        ),
        (
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            c.get("/v1/bot/turns", None).await,
        ),
        (
            StatusCode::NOT_FOUND,
            "not_found",
            c.get("/v1/nothing", None).await,
        ),
    ];
    for (want, code, (status, body)) in cases {
        assert_eq!(status, want, "{body}");
        assert_eq!(body["code"], code, "{body}");
        assert!(body["detail"].is_string());
    }
    let big = "x".repeat(100_000);
    let (status, body) = c
        .post(
            &act,
            Some(&tokens[seat]),
            json!({"action": {"type": "roll"}, "action_id": big}),
        )
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(
        c.pending_seat(&id).await,
        Some(seat),
        "nothing changed: {game}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_long_poll_wakes_on_an_append() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 13).await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let version = game["version"].as_u64().unwrap();
    let poller = {
        let (c, id) = (c.clone(), id.clone());
        tokio::spawn(async move {
            let started = Instant::now();
            let page = c
                .get(
                    &format!("/v1/games/{id}/events?after={version}&wait=20"),
                    None,
                )
                .await;
            (started.elapsed(), page)
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    c.step(&id, &tokens, 0).await.unwrap();
    let (elapsed, (status, page)) = poller.await.unwrap();
    assert_eq!(status, StatusCode::OK);
    assert!(
        elapsed < Duration::from_secs(10),
        "woken by the append, not the timeout"
    );
    assert_eq!(page["events"][0]["seq"].as_u64(), Some(version + 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worker_key_sees_bot_turns_and_acts_for_bot_seats_only() {
    let server = TestServer::start().await;
    let c = server.client();
    let (status, created) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 3, "seats": [{"name": "Ann"}], "seed": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let human = created["tokens"][0]["token"].as_str().unwrap().to_string();
    let key = server.worker_key.clone();
    let mut picks = Picks(1);
    for _ in 0..3_000 {
        let Some(seat) = c.pending_seat(&id).await else {
            break;
        };
        if seat == 0 {
            let (status, _) = c
                .get(&format!("/v1/games/{id}/actions?seat=0"), Some(&key))
                .await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "the worker cannot play a human seat"
            );
            c.step(
                &id,
                &[human.clone(), String::new(), String::new()],
                picks.next(),
            )
            .await;
            continue;
        }
        let (_, turns) = c.get("/v1/bot/turns", Some(&key)).await;
        let turn = turns
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["game"] == id.as_str())
            .expect("the bot seat is listed");
        assert_eq!(turn["seat"].as_u64(), Some(seat as u64));
        let (_, legal) = c
            .get(&format!("/v1/games/{id}/actions?seat={seat}"), Some(&key))
            .await;
        let actions = legal["actions"].as_array().unwrap();
        let action = actions[picks.next() % actions.len()].clone();
        let (status, body) = c
            .post(
                &format!("/v1/games/{id}/actions?seat={seat}"),
                Some(&key),
                json!({"action": action, "expected_version": turn["version"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["game"]["status"], "finished");
    let (_, turns) = c.get("/v1/bot/turns", Some(&key)).await;
    assert!(
        turns
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["game"] != id.as_str())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_newest_first_with_filters_and_paging() {
    let server = TestServer::start().await;
    let c = server.client();
    let mut ids = Vec::new();
    for seed in 0..5 {
        ids.push(c.human_game(3, seed).await.0);
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    let (_, page) = c
        .get("/v1/games?limit=2&status=active&ruleset=dice", None)
        .await;
    let first: Vec<&str> = page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(first, [ids[4].as_str(), ids[3].as_str()]);
    let cursor = page["next_cursor"].as_str().unwrap();
    let (_, next) = c
        .get(&format!("/v1/games?limit=2&cursor={cursor}"), None)
        .await;
    assert_eq!(next["games"][0]["id"], ids[2].as_str());
    let (_, none) = c.get("/v1/games?status=finished", None).await;
    assert!(none["games"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_docs_page_and_openapi_document_are_served() {
    let server = TestServer::start().await;
    let c = server.client();
    let (status, doc) = c.get("/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["paths"]["/v1/games/{id}/actions"].is_object());
    let html = reqwest::get(format!("{}/docs/", server.base))
        .await
        .unwrap();
    assert_eq!(html.status(), StatusCode::OK);
    let text = html.text().await.unwrap();
    assert!(text.contains("swagger-ui"));
    assert!(!text.contains("cdn."), "no CDN: the page works offline");
    let (status, health) = c.get("/healthz", None).await;
    assert_eq!(
        (status, health["status"].as_str()),
        (StatusCode::OK, Some("ok"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_malformed_input_gets_a_5xx_or_changes_anything() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 14).await;
    let (_, before) = c.get(&format!("/v1/games/{id}"), None).await;
    let http = reqwest::Client::new();
    let bodies: Vec<&[u8]> = vec![
        b"",
        b"{",
        b"null",
        b"[]",
        b"42",
        b"\"text\"",
        b"{\"action\": null}",
        b"{\"action\": {}}",
        b"{\"action\": {\"type\": 7}}",
        b"{\"action\": {\"type\": \"reroll\", \"dice\": [0, 0]}}",
        b"{\"action\": {\"type\": \"reroll\", \"dice\": [255]}}",
        b"{\"action\": {\"type\": \"reroll\", \"dice\": \"all\"}}",
        b"{\"action\": {\"type\": \"shoot\", \"target\": -1}}",
        b"{\"action\": {\"type\": \"shoot\", \"target\": 99999999999}}",
        b"{\"action\": {\"type\": \"roll\"}, \"expected_version\": -5}",
        b"{\"action\": {\"type\": \"roll\"}, \"expected_version\": 1e40}",
        b"{\"action\": {\"type\": \"roll\"}, \"action_id\": \"\"}",
        b"{\"action\": {\"type\": \"roll\", \"extra\": true}}",
        b"\xff\xfe\x00garbage",
        b"{\"ruleset\": \"dice\", \"players\": 300}",
        b"{\"ruleset\": \"dice\", \"players\": 4, \"options\": [1]}",
        b"{\"ruleset\": \"dice\", \"players\": 4, \"options\": {\"modules\": \"ghost\"}}",
        b"{\"ruleset\": \"dice\", \"players\": 4, \"seats\": [{\"name\": \"\"}]}",
        b"{\"ruleset\": \"dice\", \"players\": 4, \"seed\": -1}",
        b"{\"at\": 0}",
        b"{\"at\": 18446744073709551615}",
    ];
    let paths = [
        "/v1/games".to_string(),
        format!("/v1/games/{id}/actions"),
        format!("/v1/games/{id}/actions?seat=300"),
        format!("/v1/games/{id}/fork"),
        "/v1/games/%00%ff/actions".to_string(),
    ];
    for path in &paths {
        for body in &bodies {
            for token in [
                None,
                Some(tokens[0].as_str()),
                Some("x"),
                Some(server.worker_key.as_str()),
            ] {
                let mut req = http
                    .post(format!("{}{path}", server.base))
                    .header("content-type", "application/json")
                    .body(body.to_vec());
                if let Some(t) = token {
                    req = req.bearer_auth(t);
                }
                let resp = req.send().await.unwrap();
                assert!(
                    resp.status().as_u16() < 500,
                    "{path} {body:?}: {}",
                    resp.status()
                );
            }
        }
    }
    let queries = [
        format!("/v1/games/{id}?at=-1"),
        format!("/v1/games/{id}?at=abc"),
        format!("/v1/games/{id}?at=99999999999999999999999"),
        format!("/v1/games/{id}?bogus=1"),
        format!("/v1/games/{id}/events?after=-1&limit=0&wait=999"),
        format!("/v1/games/{id}/events?limit=100000"),
        "/v1/games?limit=0".to_string(),
        "/v1/games?cursor=zzzz".to_string(),
        "/v1/games?cursor=%ff%fe".to_string(),
        "/v1/bot/turns?wait=abc".to_string(),
        format!("/v1/games/{id}/actions?seat=abc"),
    ];
    for path in &queries {
        for token in [
            None,
            Some(tokens[0].as_str()),
            Some(server.worker_key.as_str()),
        ] {
            let mut req = http.get(format!("{}{path}", server.base));
            if let Some(t) = token {
                req = req.bearer_auth(t);
            }
            let resp = req.send().await.unwrap();
            assert!(resp.status().as_u16() < 500, "{path}: {}", resp.status());
        }
    }
    let (_, after) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(before["version"], after["version"], "nothing was appended");
}
