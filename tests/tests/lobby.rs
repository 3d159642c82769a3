//! Play-by-post over HTTP, items 1 and 2 of the issue: open tables (create
//! with open seats and an invite, join, leave, start by the host or by the
//! last join, list `?status=open`, nothing dealt before the start) and player
//! accounts (a key that acts for the player's seats in every game, an inbox
//! with the games waiting for his move first).

use reqwest::StatusCode;
use serde_json::{Value, json};
use store::EventStore;
use tests::TestServer;
use tests::play::people_to_the_end;

/// Creates a player; returns its id and key.
async fn player(c: &tests::Client, name: &str) -> (String, String) {
    let (status, body) = c.post("/v1/players", None, json!({"name": name})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let key = body["key"].as_str().unwrap().to_string();
    assert!(key.starts_with("pk_"), "{body}");
    (body["id"].as_str().unwrap().to_string(), key)
}

/// The kinds of a game's seats, in order.
fn kinds(game: &Value) -> Vec<String> {
    game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_table_fills_by_invite_and_starts_with_its_last_seat() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (status, created) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 4,
                   "seats": [{"name": "Ann"}, {"open": true}, {"open": true}, {"bot": "random"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().expect("an invite").to_string();
    let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
    assert_eq!(created["game"]["status"], "open");
    assert_eq!(kinds(&created["game"]), ["human", "open", "open", "bot"]);

    // Nothing is dealt: no events, no view, no actions; it is listed as open.
    let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&ann)).await;
    assert_eq!(
        (game["version"].clone(), game["view"].clone()),
        (json!(0), Value::Null)
    );
    assert_eq!(game["your_seat"], 0);
    let (_, page) = c.get(&format!("/v1/games/{id}/events"), None).await;
    assert_eq!(page["events"], json!([]));
    let (_, legal) = c.get(&format!("/v1/games/{id}/actions"), Some(&ann)).await;
    assert_eq!(legal["actions"], json!([]));
    let (status, refused) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&ann),
            json!({"action": {"type": "roll"}}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::CONFLICT, json!("not_started"))
    );
    let (_, open) = c.get("/v1/games?status=open", None).await;
    assert!(
        open["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()),
        "{open}"
    );

    // Without the invite: refused; with it: a seat and its own token.
    let join = format!("/v1/games/{id}/join");
    let (status, refused) = c.post(&join, None, json!({"name": "Bob"})).await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::FORBIDDEN, json!("bad_invite"))
    );
    let (status, bob) = c
        .post(&join, None, json!({"name": "Bob", "invite": invite}))
        .await;
    assert_eq!(status, StatusCode::OK, "{bob}");
    assert_eq!(bob["seat"], 1);
    let bob_token = bob["token"].as_str().unwrap().to_string();
    assert_eq!(kinds(&bob["game"]), ["human", "human", "open", "bot"]);
    // Bob leaves, and his token no longer opens the table; the host cannot leave.
    let (status, left) = c
        .post(
            &format!("/v1/games/{id}/leave"),
            Some(&bob_token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(kinds(&left), ["human", "open", "open", "bot"]);
    let (status, _) = c.get(&format!("/v1/games/{id}"), Some(&bob_token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, refused) = c
        .post(&format!("/v1/games/{id}/leave"), Some(&ann), json!({}))
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::CONFLICT, json!("host_cannot_leave"))
    );
    // Only the host starts it.
    let (status, cid) = c
        .post(
            &join,
            None,
            json!({"name": "Cid", "invite": invite, "seat": 2}),
        )
        .await;
    assert_eq!(
        (status, cid["seat"].clone()),
        (StatusCode::OK, json!(2)),
        "{cid}"
    );
    let cid_token = cid["token"].as_str().unwrap().to_string();
    let (status, refused) = c
        .post(
            &format!("/v1/games/{id}/start"),
            Some(&cid_token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::FORBIDDEN, json!("not_the_host"))
    );
    let (status, refused) = c
        .post(
            &join,
            None,
            json!({"name": "Eve", "invite": invite, "seat": 2}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::CONFLICT, json!("seat_taken"))
    );

    // The last open seat taken: the game starts and is dealt.
    let (status, dee) = c
        .post(&join, None, json!({"name": "Dee", "invite": invite}))
        .await;
    assert_eq!(status, StatusCode::OK, "{dee}");
    assert_eq!(dee["game"]["status"], "active");
    assert_eq!(kinds(&dee["game"]), ["human", "human", "human", "bot"]);
    let (_, game) = c.get(&format!("/v1/games/{id}"), Some(&ann)).await;
    assert!(
        game["version"].as_u64().unwrap() > 0 && game["view"].is_object(),
        "{game}"
    );
    let (status, refused) = c
        .post(&join, None, json!({"name": "Fay", "invite": invite}))
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::CONFLICT, json!("not_open"))
    );
    // Everyone plays it to the end with their own token.
    let people = [
        (0, ann),
        (1, dee["token"].as_str().unwrap().to_string()),
        (2, cid_token),
    ];
    people_to_the_end(&c, &id, &people).await;
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_starts_a_public_table_and_bots_take_the_open_seats() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (_, created) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "bang", "players": 4, "public": true,
                   "seats": [{"name": "Ann"}, {"open": true}, {"open": true}, {"open": true}]}),
        )
        .await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
    assert_eq!(created["game"]["public"], true);
    // Public: joined without the invite.
    let (status, bob) = c
        .post(
            &format!("/v1/games/{id}/join"),
            None,
            json!({"name": "Bob"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{bob}");
    let (status, started) = c
        .post(&format!("/v1/games/{id}/start"), Some(&ann), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["status"], "active");
    assert_eq!(kinds(&started), ["human", "human", "bot", "bot"]);
    let (status, refused) = c
        .post(&format!("/v1/games/{id}/start"), Some(&ann), json!({}))
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::CONFLICT, json!("not_open"))
    );
    // Who asks comes first: without a seat here, a start or a leave is a
    // 401 whatever the table's state (the contract run found a 409).
    for action in ["start", "leave"] {
        let (status, refused) = c
            .post(&format!("/v1/games/{id}/{action}"), None, json!({}))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{action}: {refused}");
    }
    // Bad requests change nothing and say why.
    for (body, code) in [
        (
            json!({"ruleset": "dice", "players": 4, "seats": [{"open": true}]}),
            "invalid_option",
        ),
        (
            json!({"ruleset": "dice", "players": 4, "public": true}),
            "invalid_option",
        ),
        (
            json!({"ruleset": "dice", "players": 4, "seats": [{"open": true, "name": "X"}]}),
            "invalid_option",
        ),
        (
            json!({"ruleset": "dice", "players": 4, "seats": [{"open": 1}]}),
            "bad_request",
        ),
    ] {
        let (status, refused) = c.post("/v1/games", None, body.clone()).await;
        assert!(status.is_client_error(), "{body} -> {status}");
        assert_eq!(refused["code"], code, "{body} -> {refused}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_key_acts_for_its_seats_and_its_inbox_puts_its_move_first() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (ann_id, ann) = player(&c, "Ann").await;
    let (bob_id, bob) = player(&c, "Bob").await;
    // A game where Ann's seat is her player's (given at creation with her
    // key), and a table Bob joins with his.
    let (status, created) = c
        .post(
            "/v1/games",
            Some(&ann),
            json!({"ruleset": "dice", "players": 3, "seed": 5,
                   "seats": [{"player": ann_id}, {"name": "Cid"}, {"bot": "random"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_string();
    assert_eq!(created["game"]["seats"][0]["name"], "Ann");
    let (status, refused) = c
        .post(
            "/v1/games",
            Some(&bob),
            json!({"ruleset": "dice", "players": 3, "seats": [{"player": ann_id}]}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::FORBIDDEN, json!("not_your_player"))
    );
    let (_, table) = c
        .post(
            "/v1/games",
            Some(&ann),
            json!({"ruleset": "dice", "players": 3, "seats": [{"player": ann_id}, {"open": true}, {"open": true}]}),
        )
        .await;
    let table_id = table["game"]["id"].as_str().unwrap().to_string();
    let invite = table["invite"].as_str().unwrap();
    let (status, joined) = c
        .post(
            &format!("/v1/games/{table_id}/join"),
            Some(&bob),
            json!({"invite": invite}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(
        joined["game"]["seats"][1]["name"], "Bob",
        "the player's name"
    );
    let (status, refused) = c
        .post(
            &format!("/v1/games/{table_id}/join"),
            Some(&bob),
            json!({"invite": invite}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].clone()),
        (StatusCode::CONFLICT, json!("already_seated"))
    );
    // The key opens the seat: its view and actions.
    let (_, mine) = c.get(&format!("/v1/games/{game}"), Some(&ann)).await;
    assert_eq!(mine["your_seat"], 0, "{mine}");
    let (status, _) = c.get(&format!("/v1/games/{game}"), Some(&bob)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "Bob has no seat there");
    let (status, _) = c
        .get("/v1/me/games", Some("pk_00000000000000000000000000000000"))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = c.get("/v1/me/games", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Ann's inbox: the game waiting for her move first, then the table.
    let ready = c.settle(&game, Some(0)).await;
    assert_ne!(ready["game"]["status"], "finished");
    let (status, inbox) = c.get("/v1/me/games", Some(&ann)).await;
    assert_eq!(status, StatusCode::OK, "{inbox}");
    assert_eq!(inbox["player"], ann_id.as_str());
    let games = inbox["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{inbox}");
    assert_eq!(
        (
            games[0]["game"]["id"].clone(),
            games[0]["your_move"].clone()
        ),
        (json!(game), json!(true))
    );
    assert_eq!(games[1]["game"]["id"], table_id.as_str());
    // She acts with her key; Bob's inbox has his table only.
    let (status, body) = c.play_pick(&game, &ann, 0).await.expect("an action");
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, inbox) = c.get("/v1/me/games", Some(&bob)).await;
    let ids: Vec<&str> = inbox["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"]["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [table_id.as_str()], "{inbox}");
    assert_eq!(inbox["player"], bob_id.as_str());
    // Bob leaves with his key: the table leaves his inbox.
    let (status, _) = c
        .post(
            &format!("/v1/games/{table_id}/leave"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, inbox) = c.get("/v1/me/games", Some(&bob)).await;
    assert_eq!(inbox["games"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_joins_take_each_seat_once() {
    let server = TestServer::start().await;
    let c = server.client();
    let (_, created) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 8, "public": true,
                   "seats": [{"name": "Host"}, {"open": true}, {"open": true}, {"open": true},
                             {"open": true}, {"open": true}, {"open": true}, {"open": true}]}),
        )
        .await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joins = (0..30).map(|i| {
        let c = c.clone();
        let path = format!("/v1/games/{id}/join");
        tokio::spawn(async move { c.post(&path, None, json!({"name": format!("P{i}")})).await })
    });
    let mut seats = Vec::new();
    for join in joins {
        let (status, body) = join.await.unwrap();
        match status {
            StatusCode::OK => seats.push(body["seat"].as_u64().unwrap()),
            StatusCode::CONFLICT => assert!(
                ["not_open", "changed_meanwhile", "seat_taken"]
                    .contains(&body["code"].as_str().unwrap()),
                "{body}"
            ),
            other => panic!("{other}: {body}"),
        }
    }
    seats.sort_unstable();
    assert_eq!(seats, [1, 2, 3, 4, 5, 6, 7], "each open seat taken once");
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(game["game"]["status"], "active");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_entropy_joins_the_seed_and_the_audit_shows_the_derivation() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (_, created) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 3, "public": true,
                   "seats": [{"bot": "random"}, {"name": "Host", "bot": null}, {"open": true}]}),
        )
        .await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let host = created["tokens"][0]["token"].as_str().unwrap().to_string();
    let (_, before) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    let committed = before["seed_commitment"].clone();
    let (status, refused) = c
        .post(
            &format!("/v1/games/{id}/join"),
            None,
            json!({"name": "Bob", "entropy": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let (status, bob) = c
        .post(
            &format!("/v1/games/{id}/join"),
            None,
            json!({"name": "Bob", "entropy": "bob's dice 4471"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{bob}");
    assert_eq!(bob["game"]["status"], "active", "the last seat starts it");
    let people = [(1, host), (2, bob["token"].as_str().unwrap().to_string())];
    people_to_the_end(&c, &id, &people).await;
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        audit["seed_commitment"], committed,
        "the commitment made before anyone joined"
    );
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true)),
        "{audit}"
    );
    let entropy = &audit["entropy"];
    assert_eq!(
        entropy["contributions"],
        json!([{"seat": 2, "entropy": "bob's dice 4471"}])
    );
    assert_eq!(entropy["derived"], true, "{audit}");
    assert_ne!(
        entropy["server_seed"], audit["seed"],
        "the seed is derived, not the server's"
    );
    assert!(
        entropy["derivation"]
            .as_str()
            .unwrap()
            .contains("bang/seed-with-entropy/v1")
    );
    // The record carries the derivation, and verifies offline; a changed
    // contribution does not give the seed.
    let (status, mut record) = c.get(&format!("/v1/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["entropy"]["contributions"], entropy["contributions"]);
    let read: engine::record::Record = serde_json::from_value(record.clone()).unwrap();
    assert!(read.verify().expect("verifies").provably_fair);
    record["entropy"]["contributions"][0]["entropy"] = json!("bob's dice 4472");
    let read: engine::record::Record = serde_json::from_value(record).unwrap();
    let refusal = read.verify().expect_err("another seed");
    assert_eq!(refusal.seq, 0);
    assert!(refusal.reason.contains("entropy"), "{refusal}");
}

/// Creates a 3-player dice game of player `id` (seat 0, key `key`) and two
/// `random` bots; plays it to the end with `finish`, else until she is asked.
async fn ann_game(c: &tests::Client, id: &str, key: &str, seed: u64, finish: bool) -> String {
    let (status, created) = c
        .post(
            "/v1/games",
            Some(key),
            json!({"ruleset": "dice", "players": 3, "seed": seed,
                   "seats": [{"player": id}, {"bot": "random"}, {"bot": "random"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_string();
    loop {
        let view = c.settle(&game, Some(0)).await;
        if view["game"]["status"] == "finished" || !finish {
            return game;
        }
        c.play_pick(&game, key, 0).await;
    }
}

/// The games of `player`'s entries in the document `collection`.
async fn entries(store: &store::Store, collection: &str, player: &str) -> Vec<String> {
    let prefix = format!("{player}/");
    let docs = store.docs(collection, &prefix, None, 10);
    docs.await
        .unwrap()
        .into_iter()
        .map(|(key, _, _)| key.rsplit('/').next().unwrap().to_string())
        .collect()
}

/// That `player`'s inbox indexes hold `live` among the games not over and
/// `finished` (newest first) among the finished.
async fn assert_indexed(store: &store::Store, player: &str, live: &str, finished: [&str; 2]) {
    assert_eq!(entries(store, "player_seats", player).await, [live]);
    assert_eq!(entries(store, "player_finished", player).await, finished);
}

/// The games of an inbox, by id.
fn inbox_ids(inbox: &Value) -> Vec<String> {
    inbox["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"]["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_inbox_reads_finished_games_from_their_own_index_newest_first() {
    let mut server = TestServer::start_with_bots().await;
    let c = server.client();
    let (ann_id, ann) = player(&c, "Ann").await;
    let first = ann_game(&c, &ann_id, &ann, 1, true).await;
    let second = ann_game(&c, &ann_id, &ann, 2, true).await;
    let live = ann_game(&c, &ann_id, &ann, 3, false).await;
    let (_, inbox) = c.get("/v1/me/games", Some(&ann)).await;
    assert_eq!(
        inbox_ids(&inbox),
        [&live, &second, &first].map(String::clone),
        "{inbox}"
    );
    // The ending append moved each finished game to the finished index.
    server.stop().await;
    let store = server.open_store().await;
    assert_indexed(&store, &ann_id, &live, [&second, &first]).await;
    // A store written before the index kept finished games with the others:
    // the next start moves them.
    let (key, _, value) = store
        .docs("player_finished", &format!("{ann_id}/"), None, 1)
        .await
        .unwrap()
        .remove(0);
    store
        .put_doc("player_finished", &key, None, 1)
        .await
        .unwrap();
    let seat_key = format!("{ann_id}/{second}");
    store
        .put_doc("player_seats", &seat_key, Some(value), 0)
        .await
        .unwrap();
    store
        .put_doc("migrations", "player_finished", None, 1)
        .await
        .unwrap();
    drop(store);
    server.restart().await;
    let c = server.client();
    let (_, inbox) = c.get("/v1/me/games", Some(&ann)).await;
    assert_eq!(
        inbox_ids(&inbox),
        [&live, &second, &first].map(String::clone),
        "{inbox}"
    );
    // The move runs in the background, a few milliseconds for this store.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    server.stop().await;
    let store = server.open_store().await;
    assert_indexed(&store, &ann_id, &live, [&second, &first]).await;
}

/// The ids of a player's archive page.
fn archived_ids(page: &Value) -> Vec<String> {
    inbox_ids(page)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_profile_and_archive_tally_his_finished_games() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (ann_id, ann) = player(&c, "Ann").await;
    let dice = ann_game(&c, &ann_id, &ann, 1, true).await;
    let (status, created) = c
        .post(
            "/v1/games",
            Some(&ann),
            json!({"ruleset": "bang", "players": 4, "seed": 2,
                   "seats": [{"player": ann_id}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let bang = created["game"]["id"].as_str().unwrap().to_string();
    people_to_the_end(&c, &bang, &[(0, ann.clone())]).await;
    let live = ann_game(&c, &ann_id, &ann, 3, false).await;

    // Her archive: the finished games only, the newest first, each with her
    // role as the finished game shows it and her result.
    let (status, page) = c.get(&format!("/v1/players/{ann_id}/games"), None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        archived_ids(&page),
        [&bang, &dice].map(String::clone),
        "{page}"
    );
    assert!(page.get("next_cursor").is_none(), "{page}");
    let mut wins = 0;
    for (entry, id) in page["games"].as_array().unwrap().iter().zip([&bang, &dice]) {
        let (_, view) = c.get(&format!("/v1/games/{id}"), None).await;
        assert_eq!(entry["seat"], 0);
        assert_eq!(
            entry["role"], view["view"]["players"][0]["role"],
            "{entry} {view}"
        );
        assert_eq!(entry["roles"][0], entry["role"]);
        assert_eq!(
            entry["roles"].as_array().unwrap().len() as u64,
            entry["game"]["players"].as_u64().unwrap()
        );
        let won = entry["game"]["winners"]["seats"]
            .as_array()
            .unwrap()
            .contains(&json!(0));
        assert_eq!(entry["won"], won, "{entry}");
        wins += u64::from(won);
    }
    assert!(!archived_ids(&page).contains(&live));
    // By ruleset, and page by page.
    let (_, only_dice) = c
        .get(&format!("/v1/players/{ann_id}/games?ruleset=dice"), None)
        .await;
    assert_eq!(archived_ids(&only_dice), [dice.as_str()], "{only_dice}");
    let (_, first) = c
        .get(&format!("/v1/players/{ann_id}/games?limit=1"), None)
        .await;
    assert_eq!(archived_ids(&first), [bang.as_str()], "{first}");
    let cursor = first["next_cursor"].as_str().expect("a next page");
    let (_, second) = c
        .get(
            &format!("/v1/players/{ann_id}/games?limit=1&cursor={cursor}"),
            None,
        )
        .await;
    assert_eq!(archived_ids(&second), [dice.as_str()], "{second}");
    assert!(second.get("next_cursor").is_none(), "{second}");

    // Her profile tallies the same games, by ruleset and role.
    let (status, profile) = c.get(&format!("/v1/players/{ann_id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(profile["name"], "Ann");
    assert_eq!(profile["played"], 2, "{profile}");
    assert_eq!(profile["won"], wins, "{profile}");
    for record in profile["rulesets"].as_array().unwrap() {
        assert_eq!(record["played"], 1, "{profile}");
        let entry = &page["games"][usize::from(record["ruleset"] == "dice")];
        assert_eq!(
            record["roles"],
            json!([{"role": entry["role"], "played": 1, "won": record["won"]}]),
            "{profile}"
        );
    }

    // The read stored her tally of the games finished 10 minutes before it
    // (none here); a stored tally counts every game up to its time, and
    // only newer ones are read.
    let mut server = server;
    server.stop().await;
    let store = server.open_store().await;
    let (revision, tally) = store
        .doc("player_tally", &ann_id)
        .await
        .unwrap()
        .expect("a stored tally");
    let now = chrono::Utc::now().timestamp_millis();
    assert!(
        tally["through_ms"].as_i64().unwrap() < now - 9 * 60_000,
        "{tally}"
    );
    assert_eq!(tally["rulesets"], json!({}), "{tally}");
    let stored = json!({"through_ms": now, "rulesets": {"dice": {
        "all": {"played": 7, "won": 3}, "roles": {"sheriff": {"played": 7, "won": 3}}}}});
    store
        .put_doc("player_tally", &ann_id, Some(stored), revision)
        .await
        .unwrap();
    drop(store);
    server.restart().await;
    let c = server.client();
    let (_, profile) = c.get(&format!("/v1/players/{ann_id}"), None).await;
    assert_eq!(
        (profile["played"].clone(), profile["won"].clone()),
        (json!(7), json!(3)),
        "{profile}"
    );

    // Refusals: nothing to 5xx.
    for (path, status) in [
        (format!("/v1/players/{ann_id}/games?ruleset=chess"), 400),
        (format!("/v1/players/{ann_id}/games?cursor=zz"), 400),
        (format!("/v1/players/{ann_id}/games?limit=0"), 400),
        (format!("/v1/players/{ann_id}/games?page=2"), 400),
        ("/v1/players/p_nobody".to_string(), 404),
        ("/v1/players/p_nobody/games".to_string(), 404),
        ("/v1/players/..%2Fx".to_string(), 404),
        (format!("/v1/players/{}", "p_".repeat(300)), 404),
    ] {
        let (got, body) = c.get(&path, None).await;
        assert_eq!(got.as_u16(), status, "{path}: {body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_moves_each_seat_one_place_and_keeps_the_players_seats_for_them() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (ann_id, ann) = player(&c, "Ann").await;
    let (bob_id, bob) = player(&c, "Bob").await;
    let (_, carl) = player(&c, "Carl").await;
    // Ann's table: Ann, Bob (with his key), a bot, and Dee (no account).
    let (_, table) = c
        .post(
            "/v1/games",
            Some(&ann),
            json!({"ruleset": "dice", "players": 4, "seats": [{"player": ann_id},
                   {"open": true}, {"bot": "random"}, {"open": true}]}),
        )
        .await;
    let id = table["game"]["id"].as_str().unwrap().to_string();
    let invite = table["invite"].as_str().unwrap().to_string();
    let join = |who: Option<String>, body: Value| {
        let c = c.clone();
        let path = format!("/v1/games/{id}/join");
        async move { c.post(&path, who.as_deref(), body).await }
    };
    let (status, _) = join(Some(bob.clone()), json!({"invite": invite, "seat": 1})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, dee) = join(None, json!({"invite": invite, "name": "Dee"})).await;
    assert_eq!(status, StatusCode::OK, "{dee}");
    let dee = dee["token"].as_str().unwrap().to_string();
    let rematch = format!("/v1/games/{id}/rematch");
    let (status, early) = c.post(&rematch, Some(&ann), json!({})).await;
    assert_eq!(
        (status, &early["code"]),
        (StatusCode::CONFLICT, &json!("not_finished"))
    );
    people_to_the_end(&c, &id, &[(0, ann.clone()), (1, bob.clone()), (3, dee)]).await;
    let (status, _) = c.post(&rematch, Some(&carl), json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "Carl had no seat");

    let (status, again) = c.post(&rematch, Some(&ann), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{again}");
    let next = again["game"]["id"].as_str().unwrap().to_string();
    assert_eq!(again["game"]["status"], "open");
    assert_eq!(again["game"]["options"], table["game"]["options"]);
    // Every seat one place clockwise: Dee's 3 → 0, Ann's 0 → 1, Bob's 1 → 2,
    // the bot's 2 → 3.
    assert_eq!(kinds(&again["game"]), ["open", "human", "open", "bot"]);
    let seats = &again["game"]["seats"];
    assert_eq!(seats[0].get("reserved_for"), None, "Dee had no account");
    assert_eq!(seats[2]["reserved_for"], json!(bob_id));
    assert_eq!(
        (&seats[2]["name"], &seats[3]["bot"]),
        (&json!("Bob"), &json!("random"))
    );
    assert_eq!(again["tokens"][0]["seat"], 1, "Ann's seat is hers at once");
    let new_invite = again["invite"].as_str().unwrap().to_string();

    // Bob finds it in his inbox; Carl may not take Bob's seat, only Dee's.
    let (_, inbox) = c.get("/v1/me/games", Some(&bob)).await;
    let entry = inbox["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"]["id"] == json!(next))
        .unwrap_or_else(|| panic!("the rematch in Bob's inbox: {inbox}"));
    assert_eq!(
        (&entry["seat"], &entry["invited"]),
        (&json!(2), &json!(true))
    );
    let at = format!("/v1/games/{next}/join");
    let (status, refused) = c
        .post(&at, Some(&carl), json!({"invite": new_invite, "seat": 2}))
        .await;
    assert_eq!(
        (status, &refused["code"]),
        (StatusCode::CONFLICT, &json!("seat_reserved"))
    );
    let (status, took) = c
        .post(&at, Some(&carl), json!({"invite": new_invite}))
        .await;
    assert_eq!(
        (status, &took["seat"]),
        (StatusCode::OK, &json!(0)),
        "{took}"
    );
    // Bob takes his seat without the invite: the last seat starts the game.
    let (status, bobs) = c.post(&at, Some(&bob), json!({})).await;
    assert_eq!(
        (status, &bobs["seat"]),
        (StatusCode::OK, &json!(2)),
        "{bobs}"
    );
    assert_eq!(bobs["game"]["status"], "active");
    let (_, inbox) = c.get("/v1/me/games", Some(&bob)).await;
    let entry = inbox["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"]["id"] == json!(next))
        .unwrap();
    assert_eq!(entry["invited"], false);

    // A second rematch: Bob declines, and his seat opens to anyone.
    let (_, third) = c.post(&rematch, Some(&ann), json!({})).await;
    let third = third["game"]["id"].as_str().unwrap().to_string();
    let (status, left) = c
        .post(&format!("/v1/games/{third}/leave"), Some(&bob), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(left["seats"][2].get("reserved_for"), None);
    assert_eq!(left["seats"][2]["kind"], "open");
    let (_, inbox) = c.get("/v1/me/games", Some(&bob)).await;
    assert!(
        inbox["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["game"]["id"] != json!(third)),
        "declined: gone from his inbox"
    );
}
