//! Old Saloon special roles over real HTTP: windows answered by standing orders
//! and by hand, orders kept private, and bots playing every window.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::TestServer;

/// No seat but the owner sees a face-down role, special card or orders.
fn assert_private(seat: u64, view: &Value, events: &Value) {
    for p in view["players"].as_array().unwrap() {
        if p["seat"].as_u64() != Some(seat) && p["role_public"] == false {
            assert!(p["role"].is_null() && p["card"].is_null(), "{p}");
        }
    }
    for e in events["events"].as_array().unwrap() {
        let e = &e["event"];
        let owner = e["seat"].as_u64();
        match e["type"].as_str() {
            Some("role_dealt") if e["face_up"] == false && owner != Some(seat) => {
                assert!(e["role"].is_null() && e["card"].is_null(), "{e}")
            }
            Some("orders_set") if owner != Some(seat) => assert!(e["orders"].is_null(), "{e}"),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_are_set_at_any_time_and_stay_private() {
    let server = TestServer::start().await;
    let c = server.client();
    let seats: Vec<Value> = (0..5).map(|i| json!({"name": format!("P{i}")})).collect();
    let (id, tokens) = c
        .create(
            json!({"ruleset": "dice", "players": 5, "seats": seats, "seed": 8,
               "options": {"modules": ["special_roles"]}}),
        )
        .await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let me = (game["pending"][0]["seat"].as_u64().unwrap() as usize + 1) % 5;
    let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&tokens[me])).await;
    assert_eq!(game["your_turn"], false);
    assert_eq!(
        game["view"]["orders"]["the_doc"], "pass",
        "humans default to pass"
    );
    let orders = json!({"the_doc": "ask", "left_hand": {"use": [3]}});
    let (status, body) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&tokens[me]),
            json!({"action": {"type": "set_orders", "orders": orders}}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a seat not asked may set orders: {body}"
    );
    let (_, mine) = c.get(&format!("/v1/games/{id}"), Some(&tokens[me])).await;
    assert_eq!(mine["view"]["orders"]["the_doc"], "ask");
    assert_eq!(mine["view"]["orders"]["left_hand"], json!({"use": [3]}));
    for seat in 0..5u64 {
        let token = &tokens[seat as usize];
        let (_, view) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
        let (_, events) = c.get(&format!("/v1/games/{id}/events"), Some(token)).await;
        assert_private(seat, &view["view"], &events);
    }
    let (_, events) = c.get(&format!("/v1/games/{id}/events"), None).await;
    let (_, view) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_private(99, &view["view"], &events);
    // Bad orders are a clear 422 and append nothing.
    let before = mine["version"].clone();
    for bad in [
        json!({"the_doc": "sometimes"}),
        json!({"the_bear": "ask"}),
        json!({"left_hand": {"use": [9]}}),
    ] {
        let (status, body) = c
            .post(
                &format!("/v1/games/{id}/actions"),
                Some(&tokens[1]),
                json!({"action": {"type": "set_orders", "orders": bad}}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
    let (_, after) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(after["version"], before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_of_the_special_roles_are_checked() {
    let server = TestServer::start().await;
    let c = server.client();
    let (status, body) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 5, "options": {"special_roles_mixed": true}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("special_roles_mixed"),
        "{body}"
    );
    let (id, tokens) = c
        .create(json!({"ruleset": "dice", "players": 4, "seats": [{"name": "A"}], "seed": 3}))
        .await;
    let (status, body) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&tokens[0]),
            json!({"action": {"type": "set_orders", "orders": {}}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["detail"].as_str().unwrap().contains("special_roles"),
        "{body}"
    );
}

/// A human who asked to answer every window by hand plays with four bots, which
/// answer windows by hand too: the game waits for all of them at once and ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_answering_windows_by_hand_plays_with_bots_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c.create(json!({"ruleset": "dice", "players": 5, "seats": [{"name": "Ann"}], "seed": 5,
               "options": {"modules": ["special_roles", "chief_arrow"], "special_roles_mixed": true}}),
    )
    .await;
    let all_ask = json!({"the_good": "ask", "the_doc": "ask", "the_judge": "ask",
        "the_gambler": "ask", "the_bad": "ask", "the_ugly": "ask",
        "right_hand": "ask", "left_hand": "ask"});
    let (status, _) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&tokens[0]),
            json!({"action": {"type": "set_orders", "orders": all_ask}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let deadline = Instant::now() + Duration::from_secs(120);
    let (mut moves, mut windows, mut shared) = (0, 0, 0);
    loop {
        assert!(Instant::now() < deadline, "the game did not end");
        let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        if game["your_turn"] != true {
            let version = game["version"].as_u64().unwrap();
            c.get(
                &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
                None,
            )
            .await;
            continue;
        }
        let pending = game["pending"].as_array().unwrap();
        let mine = pending.iter().find(|p| p["seat"] == 0).unwrap();
        if mine["decision"]["kind"] == "window" {
            windows += 1;
            shared += usize::from(pending.len() > 1);
        }
        let (status, body) = c.play_pick(&id, &tokens[0], moves).await.unwrap();
        assert!(
            status == StatusCode::OK || status == StatusCode::CONFLICT,
            "{status} {body}"
        );
        moves += 1;
    }
    assert!(windows > 0, "the human was asked in windows");
    assert!(shared > 0, "windows wait for several seats at once");
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true))
    );
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_special_role_games_with_every_module_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let mut ids = Vec::new();
    for seed in 0..24u64 {
        let players = 3 + seed % 6;
        let seats: Vec<Value> = (0..players)
            .map(|i| json!({"bot": bots::POLICIES[(i + seed) as usize % bots::POLICIES.len()]}))
            .collect();
        let mut modules = vec![
            "special_roles",
            "loudmouth_coward",
            "chief_arrow",
            "new_characters",
        ];
        if players >= 5 {
            modules.push("ghost");
        }
        let options = json!({"modules": modules, "special_roles_mixed": seed % 2 == 0});
        let body = json!({"ruleset": "dice", "players": players, "seats": seats,
                          "seed": seed, "options": options});
        ids.push(c.create(body).await.0);
    }
    for id in &ids {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
            if game["game"]["status"] == "finished" {
                break;
            }
            assert!(Instant::now() < deadline, "the bots did not finish {id}");
            let version = game["version"].as_u64().unwrap();
            c.get(
                &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
                None,
            )
            .await;
        }
    }
    let stats = server.bot_stats().unwrap();
    let (applied, stale) = (
        stats.applied.load(Ordering::Relaxed),
        stats.stale.load(Ordering::Relaxed),
    );
    eprintln!("special-role bot games: applied {applied}, stale {stale}");
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
}

/// With a live reaction window, a human who does not answer a window is passed
/// for by the server once the time is up, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_reaction_window_closes_by_itself() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    // A seed where Ann's role is face down, so that windows are offered to her.
    let mut seed = 12;
    let (id, tokens) = loop {
        let (id, tokens) = c
            .create(
                json!({"ruleset": "dice", "players": 5, "seats": [{"name": "Ann"}], "seed": seed,
                   "options": {"modules": ["special_roles"], "reaction_seconds": 1}}),
            )
            .await;
        let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        if game["view"]["players"][0]["role_public"] == false {
            break (id, tokens);
        }
        seed += 1;
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut expired = 0;
    let mut seen = 0;
    while expired < 2 {
        assert!(Instant::now() < deadline, "no window expired");
        let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        assert_eq!(
            game["view"]["orders"]["the_doc"], "ask",
            "live games ask humans"
        );
        let mine = game["pending"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["seat"] == 0)
            .cloned();
        match mine {
            // Never answer a window: the server must close it.
            Some(p) if p["decision"]["kind"] == "window" => {
                assert!(game["window_closes_at"].is_string(), "{game}");
            }
            Some(_) => {
                let (_, legal) = c
                    .get(&format!("/v1/games/{id}/actions"), Some(&tokens[0]))
                    .await;
                let action = legal["actions"][0].clone();
                c.post(
                    &format!("/v1/games/{id}/actions"),
                    Some(&tokens[0]),
                    json!({"action": action}),
                )
                .await;
                continue;
            }
            None => {}
        }
        let (_, page) = c
            .get(
                &format!("/v1/games/{id}/events?after={seen}&wait=3"),
                Some(&tokens[0]),
            )
            .await;
        for e in page["events"].as_array().unwrap() {
            seen = e["seq"].as_u64().unwrap();
            if e["event"]["type"] == "window_expired" {
                assert_eq!(e["actor"], "server");
                expired += 1;
            }
        }
    }
    assert!(expired >= 2);
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(audit["valid"], true);
}

/// A window open when the server stops still closes by itself after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reaction_window_still_closes_after_a_restart() {
    let mut server = TestServer::start().await;
    let c = server.client();
    let seats: Vec<Value> = (0..5).map(|i| json!({"name": format!("P{i}")})).collect();
    let (id, tokens) = c
        .create(
            json!({"ruleset": "dice", "players": 5, "seats": seats, "seed": 2,
               "options": {"modules": ["special_roles"], "reaction_seconds": 2}}),
        )
        .await;
    // The first player rolls: the Doc window asks every face-down seat by hand.
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let first = game["pending"][0]["seat"].as_u64().unwrap() as usize;
    let path = format!("/v1/games/{id}/actions");
    let (status, _) = c
        .post(
            &path,
            Some(&tokens[first]),
            json!({"action": {"type": "roll"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["pending"].as_array().unwrap().len(), 4, "{game}");
    assert!(game["window_closes_at"].is_string());
    let version = game["version"].as_u64().unwrap();
    server.restart().await;
    let c = server.client();
    let (_, page) = c
        .get(
            &format!("/v1/games/{id}/events?after={version}&wait=10"),
            None,
        )
        .await;
    let first_event = &page["events"][0];
    assert_eq!(first_event["event"]["type"], "window_expired", "{page}");
    assert_eq!(first_event["actor"], "server");
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["pending"][0]["seat"].as_u64(), Some(first as u64));
}

/// A finished special-role game forks where a seat set its orders, and the whole
/// original game (orders and windows included) audits as fair.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_forks_where_orders_were_set_and_audits_fair() {
    let server = TestServer::start().await;
    let c = server.client();
    let seats: Vec<Value> = (0..4).map(|i| json!({"name": format!("P{i}")})).collect();
    let (id, tokens) = c
        .create(
            json!({"ruleset": "dice", "players": 4, "seats": seats, "seed": 31,
                       "options": {"modules": ["special_roles"]}}),
        )
        .await;
    for (seat, token) in tokens.iter().enumerate() {
        let orders = json!({"the_doc": "ask", "the_judge": {"use": [0, 1, 2, 3]},
                            "left_hand": {"use": [seat]}, "the_bad": "ask"});
        let (status, _) = c
            .post(
                &format!("/v1/games/{id}/actions"),
                Some(token),
                json!({"action": {"type": "set_orders", "orders": orders}}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let mut moves = 0;
    while c.step(&id, &tokens, moves).await.is_some() {
        moves += 1;
        assert!(moves < 5_000, "the game did not end");
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        if game["game"]["status"] == "finished" {
            break;
        }
    }
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true)),
        "{audit}"
    );
    let (_, page) = c
        .get(&format!("/v1/games/{id}/events?limit=1000"), None)
        .await;
    let orders_at = page["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"]["type"] == "orders_set")
        .map(|e| e["seq"].as_u64().unwrap() - 1)
        .unwrap();
    let (status, fork) = c
        .post(
            &format!("/v1/games/{id}/fork"),
            None,
            json!({"at": orders_at}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{fork}");
}

/// In a window, seats answer in any order with the version they saw: other
/// seats' answers in between do not make theirs stale; anything else does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn window_answers_do_not_race_each_other() {
    let server = TestServer::start().await;
    let c = server.client();
    let seats: Vec<Value> = (0..5).map(|i| json!({"name": format!("P{i}")})).collect();
    let (id, tokens) = c
        .create(
            json!({"ruleset": "dice", "players": 5, "seats": seats, "seed": 2,
                       "options": {"modules": ["special_roles"], "reaction_seconds": 600}}),
        )
        .await;
    let path = format!("/v1/games/{id}/actions");
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let first = game["pending"][0]["seat"].as_u64().unwrap() as usize;
    c.post(
        &path,
        Some(&tokens[first]),
        json!({"action": {"type": "roll"}}),
    )
    .await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let seen = game["version"].as_u64().unwrap();
    let asked: Vec<usize> = game["pending"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["seat"].as_u64().unwrap() as usize)
        .collect();
    assert_eq!(asked.len(), 4, "{game}");
    let pass = |v: u64| json!({"action": {"type": "pass"}, "expected_version": v});
    let (status, _) = c.post(&path, Some(&tokens[asked[0]]), pass(seen)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = c.post(&path, Some(&tokens[asked[1]]), pass(seen)).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "still asked in the same window: {body}"
    );
    let (status, _) = c
        .post(&path, Some(&tokens[asked[2]]), pass(seen + 100))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "a version from the future");
    let (status, _) = c.post(&path, Some(&tokens[asked[0]]), pass(seen)).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "already answered: no longer asked"
    );
    let (status, _) = c
        .post(
            &path,
            Some(&tokens[first]),
            json!({"action": {"type": "stop"}, "expected_version": seen}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "not a window answer: stale");
}
