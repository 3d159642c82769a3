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

/// Rewinds to every 13th version (and the last) of a game at `version` equal
/// fresh replays of its log.
async fn assert_rewinds_replay(c: &Client, id: &str, version: u64) {
    let events = all_events(c, id, None).await;
    assert_eq!(events.len() as u64, version);
    let mut state = dice::State::default();
    for (i, e) in events.iter().enumerate() {
        let event: dice::Event = serde_json::from_value(e["event"].clone()).unwrap();
        dice::apply(&mut state, &event);
        let n = i as u64 + 1;
        if n.is_multiple_of(13) || n == version {
            let (status, at) = c.get(&format!("/v1/games/{id}?at={n}"), None).await;
            assert_eq!(status, StatusCode::OK);
            let fresh = serde_json::to_value(dice::view(&state, Viewer::Omniscient)).unwrap();
            assert_eq!(at["view"], fresh, "at={n}");
        }
    }
}

/// The copies of the state a rewind starts from are taken at a game's first
/// rewind and kept as it is played on: rewinds before and after that point,
/// and after a restart (the game loaded cold, with no copies), all equal a
/// fresh replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rewinds_of_a_game_rewound_mid_play_then_played_on_equal_fresh_replays() {
    let mut server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 8).await;
    let mut picks = Picks(5);
    let mut version = 0;
    while version < 80 {
        version = c.step(&id, &tokens, picks.next()).await.expect("still on");
    }
    let (status, _) = c.get(&format!("/v1/games/{id}?at=40"), None).await;
    assert_eq!(status, StatusCode::OK);
    let version = play_to_end(&c, &id, &tokens, 13).await;
    assert_rewinds_replay(&c, &id, version).await;
    server.restart().await;
    assert_rewinds_replay(&server.client(), &id, version).await;
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
    if tests::on_postgres() {
        // The alteration is made in sled's files; the store's own tests
        // alter a PostgreSQL log.
        return;
    }
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
    let html = bots::http_get(format!("{}/docs/", server.base))
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
    let http = bots::http_client().build().expect("an HTTP client");
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

// ----- hardening: the chain, idempotency, chosen seeds, limits --------------

fn sha256_hex(parts: &[&[u8]]) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part);
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn unhex32(text: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("hex");
    }
    out
}

/// The chain key of a game with this seed, as the README defines it.
fn chain_key(seed: &[u8; 32]) -> [u8; 32] {
    unhex32(&sha256_hex(&[b"bang/chain-key/v2", seed]))
}

/// The commitment of event `seq` under `key`, as the README defines it.
fn commitment_of(key: &[u8; 32], seq: u64, event: &Value) -> String {
    let salt = unhex32(&sha256_hex(&[key, &seq.to_be_bytes()]));
    sha256_hex(&[&salt, &store::canonical_json(event)])
}

/// Walks the chain of events as a spectator received them: every hash from
/// the public form and the commitment. Returns the last hash.
fn walk_public_chain(events: &[Value]) -> String {
    let mut prev = "0".repeat(64);
    for e in events {
        let unsigned = json!({
            "actor": e["actor"], "at": e["at"], "commitment": e["commitment"],
            "event": e["event"], "prev_hash": prev, "seq": e["seq"],
        });
        let hash = sha256_hex(&[prev.as_bytes(), &store::canonical_json(&unsigned)]);
        assert_eq!(
            e["hash"].as_str(),
            Some(hash.as_str()),
            "event {}",
            e["seq"]
        );
        prev = hash;
    }
    prev
}

/// The attack that used to read every role: take each hidden fact's true value
/// (a brute force would find it among its candidates) and test it against what
/// a spectator sees. During play nothing tests it: the hashes cover only the
/// public forms, and the commitments open under no key one can derive without
/// the seed (numeric seeds, as a creator might choose). After the end, the
/// revealed seed opens every commitment.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hash_chain_reveals_no_hidden_fact_during_play_and_proves_all_after_the_end() {
    let server = TestServer::start().await;
    let c = server.client();
    let seats: Vec<Value> = (0..5).map(|i| json!({"name": format!("P{i}")})).collect();
    let (id, tokens) = c
        .create(json!({"ruleset": "dice", "players": 5, "seats": seats,
                       "options": {"modules": ["special_roles"]}}))
        .await;
    let orders = json!({"type": "set_orders", "orders": {"the_judge": {"use": [1, 3]}}});
    let (status, body) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&tokens[2]),
            json!({"action": orders}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut picks = Picks(7);
    for _ in 0..30 {
        c.step(&id, &tokens, picks.next()).await;
    }

    // What a spectator has mid-game: the public events, their commitments and
    // hashes, and the audit's head hash. It can walk the chain itself.
    let during = all_events(&c, &id, None).await;
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], true, "{audit}");
    assert_eq!(audit["chain"], 2);
    assert!(audit.get("seed").is_none());
    let head = walk_public_chain(&during);
    assert_eq!(audit["head_hash"].as_str(), Some(head.as_str()));

    let guessable_keys: Vec<[u8; 32]> = (0..2_000u64)
        .map(|n| chain_key(&engine::Seed::from_u64(n).0))
        .collect();
    play_to_end(&c, &id, &tokens, 7).await;
    let after = all_events(&c, &id, None).await;
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], true, "{audit}");
    assert_eq!(audit["hidden_checked"], true);
    assert_eq!(audit["fair"], true);
    assert_eq!(audit["provably_fair"], true);
    let key = chain_key(&unhex32(audit["seed"].as_str().expect("seed revealed")));

    let mut hidden = 0;
    for (seen, whole) in during.iter().zip(&after) {
        assert_eq!(
            seen["hash"], whole["hash"],
            "the chain does not change at the end"
        );
        assert_eq!(seen["commitment"], whole["commitment"]);
        let commitment = whole["commitment"].as_str().expect("commitment");
        let seq = whole["seq"].as_u64().expect("seq");
        assert_eq!(commitment_of(&key, seq, &whole["event"]), commitment);
        if seen["event"] == whole["event"] {
            continue;
        }
        hidden += 1;
        for guess in &guessable_keys {
            assert_ne!(commitment_of(guess, seq, &whole["event"]), commitment);
        }
    }
    assert!(hidden >= 5, "roles and orders were hidden: {hidden}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_seats_may_use_the_same_action_ids() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 11).await;
    let path = format!("/v1/games/{id}/actions");
    let post_first_legal = |seat: usize, action_id: &'static str| {
        let c = c.clone();
        let (path, token, id) = (path.clone(), tokens[seat].clone(), id.clone());
        async move {
            let (_, legal) = c
                .get(&format!("/v1/games/{id}/actions"), Some(&token))
                .await;
            let body = json!({"action": legal["actions"][0], "expected_version": legal["version"],
                              "action_id": action_id});
            let (status, result) = c.post(&path, Some(&token), body.clone()).await;
            (status, result, body)
        }
    };
    let first_seat = c.pending_seat(&id).await.unwrap();
    let (status, first, body) = post_first_legal(first_seat, "me-1").await;
    assert_eq!(
        (status, first["duplicate"].clone()),
        (StatusCode::OK, json!(false))
    );
    // Another seat numbers its posts the same way: its move is its own.
    let mut other = c.pending_seat(&id).await.unwrap();
    let mut guard = 0;
    while other == first_seat {
        c.step(&id, &tokens, 0).await;
        other = c.pending_seat(&id).await.unwrap();
        guard += 1;
        assert!(guard < 100, "the turn never passed");
    }
    let (status, second, _) = post_first_legal(other, "me-1").await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(
        second["duplicate"], false,
        "another seat's id is not a duplicate"
    );
    // An exact retry of the first seat's post returns its first result.
    let (status, again) = c.post(&path, Some(&tokens[first_seat]), body.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (again["duplicate"].clone(), again["events"].clone()),
        (json!(true), first["events"].clone())
    );
    // The same id with another body is refused, and changes nothing.
    let (_, before) = c.get(&format!("/v1/games/{id}"), None).await;
    let mut changed = body.clone();
    changed["expected_version"] = json!(body["expected_version"].as_u64().unwrap() + 1);
    let (status, problem) = c.post(&path, Some(&tokens[first_seat]), changed).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
    assert_eq!(problem["code"], "idempotency_key_reused");
    let (_, now) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(before["version"], now["version"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_poll_on_a_finished_game_returns_at_once() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(3, 5).await;
    let last = play_to_end(&c, &id, &tokens, 5).await;
    let started = Instant::now();
    let (status, page) = c
        .get(&format!("/v1/games/{id}/events?after={last}&wait=30"), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["events"], json!([]));
    assert!(started.elapsed() < Duration::from_secs(5), "it waited");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_seed_is_said_and_cannot_be_found_from_its_commitment() {
    let server = TestServer::start().await;
    let c = server.client();
    let body = json!({"ruleset": "dice", "players": 4, "seats": [{"name": "A"}], "seed": 4242});
    let (status, created) = c.post("/v1/games", None, body.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(created["game"]["seed_chosen"], true);
    let id = created["game"]["id"].as_str().unwrap();
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["provably_fair"], false);
    assert!(
        audit["fairness_note"]
            .as_str()
            .is_some_and(|n| n.contains("chose"))
    );
    let commitment = audit["seed_commitment"].as_str().unwrap();
    for n in 0..10_000u64 {
        let guess = sha256_hex(&[&engine::Seed::from_u64(n).0]);
        assert_ne!(guess, commitment, "seed {n} found by brute force");
    }
    // The same number replays the same game on this server.
    let (_, again) = c.post("/v1/games", None, body).await;
    let again_id = again["game"]["id"].as_str().unwrap();
    let (_, again_audit) = c.get(&format!("/v1/games/{again_id}/audit"), None).await;
    assert_eq!(again_audit["seed_commitment"], audit["seed_commitment"]);
    // A random seed is provably fair and says so.
    let (_, random) = c
        .post("/v1/games", None, json!({"ruleset": "dice", "players": 4}))
        .await;
    assert_eq!(random["game"]["seed_chosen"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forks_audit_says_what_was_public_when_it_was_made() {
    let server = TestServer::start().await;
    let c = server.client();
    let seats: Vec<Value> = (0..4).map(|i| json!({"name": format!("P{i}")})).collect();
    let (id, tokens) = c
        .create(json!({"ruleset": "dice", "players": 4, "seats": seats}))
        .await;
    play_to_end(&c, &id, &tokens, 3).await;
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["provably_fair"], true, "{audit}");
    assert!(audit.get("fairness_note").is_none(), "{audit}");

    let (status, fork) = c
        .post(&format!("/v1/games/{id}/fork"), None, json!({"at": 11}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{fork}");
    let fork_id = fork["game"]["id"].as_str().unwrap();
    let (_, audit) = c.get(&format!("/v1/games/{fork_id}/audit"), None).await;
    // Its first 11 events (the roles and characters dealt) were public when
    // it was made: the origin's log and seed are, once it is over.
    assert_eq!(audit["provably_fair"], false, "{audit}");
    let note = audit["fairness_note"].as_str().unwrap_or_default();
    assert!(
        note.starts_with(&format!("a fork of finished game {id} at version 11:")),
        "{note}"
    );
    assert!(note.contains("known to everyone"), "{note}");
    assert_eq!(audit["forked_from"], json!({"game": id, "at": 11}));
    assert_eq!(audit["valid"], true, "{audit}");
    // The origin is as fair as it was.
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["provably_fair"], true, "{audit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_at_its_event_cap_refuses_actions_and_stays_readable() {
    let server = TestServer::start_with(|config| config.max_events_per_game = 40).await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 9).await;
    let mut picks = Picks(9);
    let refused = loop {
        let seat = c
            .pending_seat(&id)
            .await
            .expect("the game waits for someone");
        let (status, body) = c
            .play_pick(&id, &tokens[seat], picks.next())
            .await
            .expect("a legal action");
        if status != StatusCode::OK {
            break (status, body);
        }
        assert!(body["version"].as_u64().unwrap() <= 40);
    };
    assert_eq!(refused.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.1);
    assert_eq!(refused.1["code"], "game_too_long");
    let (status, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(game["version"].as_u64().unwrap() <= 40);
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn standing_orders_have_a_quota_per_seat() {
    let server = TestServer::start_with(|config| config.orders_per_minute = 3).await;
    let c = server.client();
    let (id, tokens) = c
        .create(
            json!({"ruleset": "dice", "players": 4, "seats": [{"name": "A"}, {"name": "B"}],
                       "options": {"modules": ["special_roles"]}}),
        )
        .await;
    let path = format!("/v1/games/{id}/actions");
    let orders = json!({"action": {"type": "set_orders", "orders": {"the_doc": "ask"}}});
    for _ in 0..3 {
        let (status, body) = c.post(&path, Some(&tokens[0]), orders.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, before) = c.get(&format!("/v1/games/{id}"), None).await;
    let resp = bots::http_client()
        .build()
        .expect("an HTTP client")
        .post(format!("{}{path}", server.base))
        .bearer_auth(&tokens[0])
        .json(&orders)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(resp.headers().get("retry-after").is_some());
    let problem: Value = resp.json().await.unwrap();
    assert_eq!(problem["code"], "too_many_orders");
    let (_, now) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(
        before["version"], now["version"],
        "a refused post appends nothing"
    );
    let (status, _) = c.post(&path, Some(&tokens[1]), orders).await;
    assert_eq!(status, StatusCode::OK, "another seat has its own quota");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_with_control_characters_or_bidi_overrides_are_refused() {
    let server = TestServer::start().await;
    let c = server.client();
    for name in ["Ann\u{202e}", "A\u{0}B", "tab\tname", "\u{2066}x", "   "] {
        let body = json!({"ruleset": "dice", "players": 3, "seats": [{"name": name}]});
        let (status, problem) = c.post("/v1/games", None, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("seats[0].name")
        );
    }
    // 64 characters of several bytes each are fine: the limit counts characters.
    let long = "é".repeat(64);
    let body = json!({"ruleset": "dice", "players": 3, "seats": [{"name": long}]});
    assert_eq!(c.post("/v1/games", None, body).await.0, StatusCode::CREATED);
    let body = json!({"ruleset": "dice", "players": 3, "seats": [{"name": "é".repeat(65)}]});
    assert_eq!(
        c.post("/v1/games", None, body).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}
