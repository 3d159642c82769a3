//! Webhooks over HTTP: a receiver on 127.0.0.1 that checks every signature
//! (Standard Webhooks, verified here with the `hmac` crate, not the
//! server's code), notifications to the right seat only, retries with the
//! same id, deliveries shown to their owner only, private addresses and
//! redirects refused.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::receiver::Receiver;
use tests::{Client, TestServer};
use tokio::io::AsyncReadExt;

/// Makes a stopped server's store look as if it had crashed before writing
/// the notifications of game `id`'s last news: the game's cursor in
/// `collection` set back to `value`, the outbox emptied.
async fn crash_gap(server: &TestServer, collection: &str, id: &str, value: Value) {
    use store::EventStore;
    let store = server.open_store().await;
    let (revision, _) = store.doc(collection, id).await.unwrap().expect("a cursor");
    store
        .put_doc(collection, id, Some(value), revision)
        .await
        .unwrap();
    empty_the_outbox(&store).await;
}

/// Empties the outbox of a stopped server's store, as if a crash had come
/// before its notifications were written.
async fn empty_the_outbox(store: &store::Store) {
    use store::EventStore;
    for collection in ["webhook_outbox", "webhook_pending"] {
        for (key, revision, _) in store.docs(collection, "", None, 1000).await.unwrap() {
            store
                .put_doc(collection, &key, None, revision)
                .await
                .unwrap();
        }
    }
}

/// Webhooks that may reach 127.0.0.1 and retry fast.
fn reach_loopback_fast(c: &mut api::config::Config) {
    c.webhook_allow_private = true;
    c.webhook_retry_ms = 50;
}

/// A server whose webhooks may reach 127.0.0.1, retrying fast, three
/// attempts in all.
async fn server() -> TestServer {
    TestServer::start_with(|c| {
        reach_loopback_fast(c);
        c.webhook_attempts = 3;
    })
    .await
}

async fn subscribe(c: &Client, id: &str, token: &str, url: String, events: Value) -> Value {
    let (status, created) = c
        .post(
            &format!("/v1/games/{id}/webhooks"),
            Some(token),
            json!({"url": url, "events": events}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert!(created["secret"].as_str().unwrap().starts_with("whsec_"));
    created
}

/// Plays the pending seat's first legal actions until the game waits for
/// another seat than now; returns that seat and the version.
async fn pass_the_turn(c: &Client, id: &str, tokens: &[String]) -> (u64, u64) {
    let first = c.pending_seat(id).await.expect("someone is asked");
    for _ in 0..200 {
        let version = c.step(id, tokens, 0).await.expect("a move");
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        if let Some(seat) = game["pending"][0]["seat"].as_u64()
            && seat as usize != first
        {
            return (seat, version);
        }
    }
    panic!("the turn never passed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notifications_are_signed_and_reach_their_seat_only() {
    let server = server().await;
    let c = server.client();
    let receiver = Receiver::start().await;
    let (id, tokens) = c.human_game(3, 11).await;
    let mut secrets = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let created = subscribe(
            &c,
            &id,
            token,
            receiver.url(&format!("/s{seat}")),
            json!(["your_turn", "game_finished", "chat"]),
        )
        .await;
        assert_eq!(created["seat"], seat);
        secrets.push(created["secret"].as_str().unwrap().to_string());
    }
    // Only the seat now asked is told, once, with the version it is asked at.
    let (seat, version) = pass_the_turn(&c, &id, &tokens).await;
    let hits = receiver.wait_for(&format!("/s{seat}"), 1).await;
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].signed_with(&secrets[seat as usize]));
    assert_eq!(
        hits[0].json(),
        json!({"type": "your_turn", "game": id, "seat": seat, "version": version, "ruleset": "dice"})
    );
    assert!(hits[0].id.starts_with("msg_"));

    // Chat: told to the other seats, not to the sender.
    let (status, _) = c
        .post(
            &format!("/v1/games/{id}/chat"),
            Some(&tokens[0]),
            json!({"text": "howdy"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    for other in [1, 2] {
        let path = format!("/s{other}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while !receiver
            .hits(&path)
            .iter()
            .any(|h| h.json()["type"] == "chat")
        {
            assert!(Instant::now() < deadline, "no chat at {path}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let chat = receiver
            .hits(&path)
            .into_iter()
            .find(|h| h.json()["type"] == "chat")
            .unwrap();
        assert!(chat.signed_with(&secrets[other]));
        let body = chat.json();
        assert_eq!(body["seat"], other);
        assert_eq!(body["message"]["text"], "howdy");
        assert_eq!(body["message"]["seat"], 0);
        // Its delivery speaks of the version its payload does, and names
        // the message.
        let (_, list) = c
            .get(&format!("/v1/games/{id}/webhooks"), Some(&tokens[other]))
            .await;
        let webhook = list["webhooks"][0]["id"].as_str().unwrap();
        let (_, deliveries) = c
            .get(
                &format!("/v1/games/{id}/webhooks/{webhook}/deliveries"),
                Some(&tokens[other]),
            )
            .await;
        let told = deliveries["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["type"] == "chat")
            .expect("the chat delivery")
            .clone();
        assert_eq!(told["version"], body["version"], "{told}");
        assert_eq!(told["payload"]["version"], body["version"], "{told}");
        assert_eq!(told["message"], body["message"]["id"], "{told}");
    }

    // To the end: each seat is told the game is over, once.
    let people: Vec<(u64, String)> = tokens
        .iter()
        .enumerate()
        .map(|(s, t)| (s as u64, t.clone()))
        .collect();
    tests::play::people_to_the_end(&c, &id, &people).await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    for (seat, secret) in secrets.iter().enumerate() {
        let path = format!("/s{seat}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while !receiver
            .hits(&path)
            .iter()
            .any(|h| h.json()["type"] == "game_finished")
        {
            assert!(Instant::now() < deadline, "no game_finished at {path}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let hits = receiver.hits(&path);
        let finished: Vec<_> = hits
            .iter()
            .filter(|h| h.json()["type"] == "game_finished")
            .collect();
        assert_eq!(finished.len(), 1);
        assert_eq!(finished[0].json()["winners"], game["game"]["winners"]);
        assert_eq!(finished[0].json()["version"], game["version"]);
        let mut ids = Vec::new();
        for hit in &hits {
            assert!(
                hit.signed_with(secret),
                "a bad signature at {path}: {hit:?}"
            );
            let body = hit.json();
            // A seat hears of itself, and of nothing hidden.
            assert_eq!(body["seat"], seat, "{body}");
            if body["type"] == "your_turn" {
                let keys: Vec<&String> = body.as_object().unwrap().keys().collect();
                assert_eq!(keys, ["game", "ruleset", "seat", "type", "version"]);
            }
            ids.push(hit.id.clone());
        }
        let count = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), count, "a notification delivered twice at {path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failures_are_retried_with_the_same_id_and_shown_to_their_owner_only() {
    let server = server().await;
    let c = server.client();
    let receiver = Receiver::start().await;
    receiver.script.lock().unwrap().extend([500, 500]);
    let (id, tokens) = c.human_game(3, 5).await;
    let mut hooks = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let created = subscribe(&c, &id, token, receiver.url("/hook"), json!(["your_turn"])).await;
        hooks.push((seat, created));
    }
    let (seat, _) = pass_the_turn(&c, &id, &tokens).await;
    let hits = receiver.wait_for("/hook", 3).await;
    assert_eq!(hits.len(), 3, "two 500s, then a 204: {hits:?}");
    let (_, hook) = &hooks[seat as usize];
    let secret = hook["secret"].as_str().unwrap();
    for hit in &hits {
        assert_eq!(hit.id, hits[0].id, "every attempt has the same webhook-id");
        assert!(hit.signed_with(secret));
    }
    let webhook = hook["id"].as_str().unwrap();
    let path = format!("/v1/games/{id}/webhooks/{webhook}/deliveries");
    let token = &tokens[seat as usize];
    let deadline = Instant::now() + Duration::from_secs(20);
    let delivery = loop {
        let (status, list) = c.get(&path, Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let first = list["deliveries"][0].clone();
        if first["status"] == "delivered" || Instant::now() > deadline {
            break first;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(delivery["status"], "delivered", "{delivery}");
    assert_eq!(delivery["id"], hits[0].id);
    let statuses: Vec<u64> = delivery["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses, [500, 500, 204]);
    let attempts: Vec<u64> = delivery["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["attempt"].as_u64().unwrap())
        .collect();
    assert_eq!(attempts, [1, 2, 3]);

    // Nobody else sees them, nor deletes the webhook.
    let other = &tokens[(seat as usize + 1) % 3];
    assert_eq!(c.get(&path, Some(other)).await.0, StatusCode::NOT_FOUND);
    assert_eq!(c.get(&path, None).await.0, StatusCode::UNAUTHORIZED);
    let (status, _) = c
        .call(
            reqwest::Method::DELETE,
            &format!("/v1/games/{id}/webhooks/{webhook}"),
            Some(other),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, player) = c.post("/v1/players", None, json!({"name": "Eve"})).await;
    let key = player["key"].as_str().unwrap();
    let mine = format!("/v1/me/webhooks/{webhook}/deliveries");
    assert_eq!(c.get(&mine, Some(key)).await.0, StatusCode::NOT_FOUND);
    assert_eq!(c.get(&mine, Some(token)).await.0, StatusCode::UNAUTHORIZED);

    // The owner lists (without secrets) and deletes.
    let (status, list) = c
        .get(&format!("/v1/games/{id}/webhooks"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["webhooks"].as_array().unwrap().len(), 1);
    assert!(list["webhooks"][0].get("secret").is_none(), "{list}");
    let (status, _) = c
        .call(
            reqwest::Method::DELETE,
            &format!("/v1/games/{id}/webhooks/{webhook}"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(c.get(&path, Some(token)).await.0, StatusCode::NOT_FOUND);

    // A player's own webhooks.
    let (status, created) = c
        .post(
            "/v1/me/webhooks",
            Some(key),
            json!({"url": receiver.url("/eve")}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(
        created["events"],
        json!(["your_turn", "game_finished", "chat"])
    );
    let (_, list) = c.get("/v1/me/webhooks", Some(key)).await;
    assert_eq!(list["webhooks"][0]["id"], created["id"]);
    assert!(list["webhooks"][0].get("secret").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_webhook_speaks_for_his_seats() {
    let server = server().await;
    let c = server.client();
    let receiver = Receiver::start().await;
    let mut keys = Vec::new();
    let mut ids = Vec::new();
    for name in ["Ann", "Bob", "Cid"] {
        let (_, player) = c.post("/v1/players", None, json!({"name": name})).await;
        keys.push(player["key"].as_str().unwrap().to_string());
        ids.push(player["id"].as_str().unwrap().to_string());
    }
    let mut secrets = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let (status, created) = c
            .post(
                "/v1/me/webhooks",
                Some(key),
                json!({"url": receiver.url(&format!("/p{i}")), "events": ["your_turn"]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert_eq!(created["player"], ids[i]);
        secrets.push(created["secret"].as_str().unwrap().to_string());
    }
    // An open table the three players fill: its start tells who moves first.
    let (status, table) = c
        .post(
            "/v1/games",
            Some(&keys[0]),
            json!({"ruleset": "dice", "players": 3, "seed": 3, "public": true,
                   "seats": [{"player": ids[0]}, {"open": true}, {"open": true}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{table}");
    let id = table["game"]["id"].as_str().unwrap().to_string();
    for key in &keys[1..] {
        let (status, joined) = c
            .post(&format!("/v1/games/{id}/join"), Some(key), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
    }
    let first = c.pending_seat(&id).await.expect("someone moves first");
    let hits = receiver.wait_for(&format!("/p{first}"), 1).await;
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].signed_with(&secrets[first]));
    assert_eq!(hits[0].json()["seat"], first);
    assert_eq!(hits[0].json()["type"], "your_turn");
    tokio::time::sleep(Duration::from_millis(200)).await;
    for other in (0..3).filter(|&s| s != first) {
        assert!(receiver.hits(&format!("/p{other}")).is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_addresses_are_refused_unless_allowed_at_every_delivery() {
    let dir = tempfile::tempdir().unwrap();
    let receiver = Receiver::start().await;
    let allowed = |c: &mut api::config::Config| {
        c.webhook_allow_private = true;
        c.webhook_retry_ms = 50;
        c.webhook_attempts = 2;
    };
    let mut server = TestServer::start_on_with(dir.path(), allowed).await;
    let c = server.client();
    let (id, tokens) = c.human_game(3, 7).await;
    for token in &tokens {
        subscribe(&c, &id, token, receiver.url("/hook"), json!(["your_turn"])).await;
    }
    server.stop().await;

    // The same webhooks, on a server that allows public addresses only.
    let server = TestServer::start_on_with(dir.path(), |c| {
        c.webhook_retry_ms = 50;
        c.webhook_attempts = 2;
    })
    .await;
    let c = server.client();
    let path = format!("/v1/games/{id}/webhooks");
    for (url, code) in [
        ("http://127.0.0.1:9/hook", "private_address"),
        ("http://localhost/hook", "private_address"),
        ("http://[::1]/hook", "private_address"),
        ("http://10.0.0.7/hook", "private_address"),
        ("http://169.254.169.254/latest/meta-data", "private_address"),
        ("http://[::ffff:192.168.0.1]/hook", "private_address"),
        // IPv4 inside IPv6 in every form: translated (SIIT), compatible,
        // NAT64's local-use prefix, 6to4, ISATAP.
        ("http://[::ffff:0:7f00:1]/", "private_address"),
        ("http://[::ffff:0:10.0.0.1]/hook", "private_address"),
        ("http://[::127.0.0.1]/hook", "private_address"),
        ("http://[64:ff9b:1::a00:1]/hook", "private_address"),
        ("http://[2002:c0a8:101::1]/hook", "private_address"),
        ("http://[2001:4860::5efe:10.0.0.1]/hook", "private_address"),
        ("ftp://example.org/hook", "invalid_option"),
    ] {
        let (status, problem) = c.post(&path, Some(&tokens[0]), json!({"url": url})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {problem}");
        assert_eq!(problem["code"], code, "{url}: {problem}");
        if code == "private_address" {
            // The refusal says how a test server or a closed network lifts it.
            let detail = problem["detail"].as_str().unwrap_or_default();
            assert!(
                detail.contains("BANG_WEBHOOK_ALLOW_PRIVATE=1"),
                "{url}: {detail}"
            );
        }
    }
    // Nothing refused was kept: the seat has its one webhook from before.
    let (_, list) = c.get(&path, Some(&tokens[0])).await;
    assert_eq!(list["webhooks"].as_array().map(Vec::len), Some(1), "{list}");
    let (status, problem) = c
        .post(
            &path,
            Some(&tokens[0]),
            json!({"uri": "https://example.org"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{problem}");
    let (status, problem) = c
        .post(
            &path,
            Some(&tokens[0]),
            json!({"url": "https://example.org", "events": ["your_move"]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");

    // A notification to what is now a refused address is not delivered.
    let (seat, _) = pass_the_turn(&c, &id, &tokens).await;
    let (_, list) = c.get(&path, Some(&tokens[seat as usize])).await;
    let webhook = list["webhooks"][0]["id"].as_str().unwrap().to_string();
    let deliveries = format!("{path}/{webhook}/deliveries");
    let deadline = Instant::now() + Duration::from_secs(20);
    let delivery = loop {
        let (_, list) = c.get(&deliveries, Some(&tokens[seat as usize])).await;
        let first = list["deliveries"][0].clone();
        if first["status"] == "failed" || Instant::now() > deadline {
            break first;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(delivery["status"], "failed", "{delivery}");
    let error = delivery["attempts"][0]["error"]
        .as_str()
        .unwrap_or_default();
    assert!(error.contains("not a public address"), "{delivery}");
    assert!(receiver.hits("/hook").is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redirects_are_not_followed() {
    let server = server().await;
    let c = server.client();
    let receiver = Receiver::start().await;
    let (id, tokens) = c.human_game(3, 9).await;
    for token in &tokens {
        subscribe(
            &c,
            &id,
            token,
            receiver.url("/redirect"),
            json!(["your_turn"]),
        )
        .await;
    }
    let (seat, _) = pass_the_turn(&c, &id, &tokens).await;
    let token = &tokens[seat as usize];
    let (_, list) = c
        .get(&format!("/v1/games/{id}/webhooks"), Some(token))
        .await;
    let webhook = list["webhooks"][0]["id"].as_str().unwrap().to_string();
    let deliveries = format!("/v1/games/{id}/webhooks/{webhook}/deliveries");
    let deadline = Instant::now() + Duration::from_secs(20);
    let delivery = loop {
        let (_, list) = c.get(&deliveries, Some(token)).await;
        let first = list["deliveries"][0].clone();
        if first["status"] == "failed" || Instant::now() > deadline {
            break first;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(delivery["status"], "failed", "{delivery}");
    let statuses: Vec<u64> = delivery["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses, [302, 302, 302]);
    assert_eq!(receiver.hits("/redirect").len(), 3);
    assert!(
        receiver.hits("/target").is_empty(),
        "a redirect was followed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_makes_good_what_a_crash_left_between_an_append_and_its_outbox() {
    let dir = tempfile::tempdir().unwrap();
    let receiver = Receiver::start().await;
    let mut server = TestServer::start_on_with(dir.path(), reach_loopback_fast).await;
    let c = server.client();
    let (id, tokens) = c.human_game(3, 13).await;
    let mut secrets = Vec::new();
    for token in &tokens {
        let hook = subscribe(&c, &id, token, receiver.url("/hook"), json!(["your_turn"])).await;
        secrets.push(hook["secret"].as_str().unwrap().to_string());
    }
    let first = c.pending_seat(&id).await.unwrap() as u64;
    let (seat, version) = pass_the_turn(&c, &id, &tokens).await;
    let hits = receiver.wait_for("/hook", 1).await;
    assert_eq!(hits.len(), 1);
    server.stop().await;

    // As if the server had died after the append and before its
    // notification was written: the cursor one version behind, the outbox
    // without it.
    crash_gap(
        &server,
        "webhook_cursor",
        &id,
        json!({"version": version - 1, "waiting": [first]}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _server = TestServer::start_on_with(dir.path(), reach_loopback_fast).await;
    let again = receiver.wait_for("/hook", 2).await;
    assert_eq!(
        again.len(),
        2,
        "the notification is made again at the start"
    );
    assert_eq!(again[1].id, hits[0].id, "with the same id");
    assert_eq!(again[1].body, hits[0].body);
    assert_eq!(again[1].json()["seat"], seat);
    assert!(again[1].signed_with(&secrets[seat as usize]));
}

/// The figure for the notes: notifications delivered per second to a
/// receiver on loopback, from a full outbox: the receiver holds its answers
/// while the notifications are written, then answers everything (`cargo
/// test --release -p tests --test webhooks -- --ignored --nocapture`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: prints deliveries per second"]
async fn bench_deliveries_per_second() {
    use std::sync::atomic::Ordering;
    let server = TestServer::start_with(|c| {
        c.webhook_allow_private = true;
        c.max_webhooks_per_owner = 50;
        c.chat_per_minute = 100_000;
        c.webhook_timeout_ms = 120_000;
    })
    .await;
    let c = server.client();
    let receiver = Receiver::start().await;
    let (id, tokens) = c.human_game(8, 1).await;
    for token in &tokens[1..] {
        for _ in 0..50 {
            subscribe(&c, &id, token, receiver.url("/hook"), json!(["chat"])).await;
        }
    }
    // Closed: the first deliveries wait at the receiver, the rest in the outbox.
    let closed = receiver.gate.acquire_many(1 << 20).await.unwrap();
    let messages = 10;
    let started = Instant::now();
    for i in 0..messages {
        let (status, _) = c
            .post(
                &format!("/v1/games/{id}/chat"),
                Some(&tokens[0]),
                json!({"text": format!("message {i}")}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let enqueue_s = started.elapsed().as_secs_f64();
    let total = messages * 7 * 50;
    let opened = Instant::now();
    drop(closed);
    let deadline = opened + Duration::from_secs(600);
    while receiver.answered.load(Ordering::SeqCst) < total && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let deliver_s = opened.elapsed().as_secs_f64();
    let delivered = receiver.answered.load(Ordering::SeqCst);
    println!(
        "webhooks notifications={total} enqueue_s={enqueue_s:.2} enqueued_per_s={:.0} \
         delivered={delivered} deliver_s={deliver_s:.2} deliveries_per_s={:.0}",
        total as f64 / enqueue_s,
        delivered as f64 / deliver_s
    );
    assert_eq!(delivered, total);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_asked_to_react_is_told_it_is_its_turn() {
    let server = server().await;
    let c = server.client();
    let receiver = Receiver::start().await;
    let seats: Vec<Value> = ["Ann", "Bob", "Cid", "Dan"]
        .iter()
        .map(|n| json!({"name": n}))
        .collect();
    let (id, tokens) = c
        .create(json!({"ruleset": "bang", "players": 4, "seats": seats, "seed": 21}))
        .await;
    for (seat, token) in tokens.iter().enumerate() {
        subscribe(
            &c,
            &id,
            token,
            receiver.url(&format!("/s{seat}")),
            json!(["your_turn"]),
        )
        .await;
    }
    // Play until someone is asked a reaction (a Missed! against a BANG!, say)
    // outside his own turn.
    for pick in 0..2_000 {
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        assert_ne!(game["game"]["status"], "finished", "no reaction was asked");
        let reacting = game["pending"].as_array().and_then(|p| {
            p.iter()
                .find(|p| p["reaction"] == true && p["seat"] != game["view"]["turn"]["seat"])
        });
        if let Some(asked) = reacting {
            let seat = asked["seat"].as_u64().unwrap();
            let version = game["version"].as_u64().unwrap();
            let path = format!("/s{seat}");
            let deadline = Instant::now() + Duration::from_secs(20);
            let told = loop {
                let found = receiver
                    .hits(&path)
                    .into_iter()
                    .find(|h| h.json()["version"] == version);
                if found.is_some() || Instant::now() > deadline {
                    break found;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            };
            let told = told.unwrap_or_else(|| panic!("seat {seat} not told at {version}"));
            assert_eq!(told.json()["type"], "your_turn");
            assert_eq!(told.json()["seat"], seat);
            return;
        }
        let seat = game["pending"][0]["seat"].as_u64().expect("someone asked") as usize;
        let (status, body) = c
            .play_pick(&id, &tokens[seat], pick)
            .await
            .expect("an action");
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    panic!("no reaction was asked in 2,000 moves");
}

/// An `https` URL is delivered over TLS: the receiver's first bytes are a
/// TLS handshake record (0x16, version 3.x), not a plain HTTP request. (It
/// answers no handshake, so the attempt then fails and is shown.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_https_url_is_delivered_over_tls() {
    let server = server().await;
    let c = server.client();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let first_bytes = tokio::spawn(async move {
        let (mut stream, _) = listener.accept().await.unwrap();
        let mut head = [0u8; 3];
        stream.read_exact(&mut head).await.unwrap();
        head
    });
    let (id, tokens) = c.human_game(3, 9).await;
    for token in &tokens {
        subscribe(
            &c,
            &id,
            token,
            format!("https://{addr}/hook"),
            json!(["your_turn"]),
        )
        .await;
    }
    pass_the_turn(&c, &id, &tokens).await;
    let head = tokio::time::timeout(Duration::from_secs(20), first_bytes)
        .await
        .expect("a delivery came")
        .unwrap();
    assert_eq!(
        (head[0], head[1]),
        (0x16, 0x03),
        "not a TLS handshake: {head:?}"
    );
}

/// A crash between a chat message and its notifications: at the next start
/// the message is told, once, with the id it would have had; a message sent
/// before the webhook existed is not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_tells_a_chat_message_a_crash_left_untold() {
    let dir = tempfile::tempdir().unwrap();
    let receiver = Receiver::start().await;
    let mut server = TestServer::start_on_with(dir.path(), reach_loopback_fast).await;
    let c = server.client();
    let (id, tokens) = c.human_game(3, 13).await;
    let chat = format!("/v1/games/{id}/chat");
    let (status, _) = c
        .post(
            &chat,
            Some(&tokens[0]),
            json!({"text": "before any webhook"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    subscribe(&c, &id, &tokens[1], receiver.url("/hook"), json!(["chat"])).await;
    let (status, _) = c
        .post(&chat, Some(&tokens[0]), json!({"text": "hello"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let hits = receiver.wait_for("/hook", 1).await;
    assert_eq!(hits[0].json()["message"]["text"], "hello");
    server.stop().await;
    // As if the server had died after storing the message and before its
    // notifications: the chat cursor one message behind, the outbox empty.
    crash_gap(&server, "webhook_chat_cursor", &id, json!({"told": 1})).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _server = TestServer::start_on_with(dir.path(), reach_loopback_fast).await;
    let again = receiver.wait_for("/hook", 2).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let all = receiver.hits("/hook");
    assert_eq!(
        all.len(),
        2,
        "told once more, and only the message after the webhook"
    );
    assert_eq!(again[1].id, hits[0].id, "with the same id");
    assert_eq!(again[1].body, hits[0].body);
}
