//! Play-by-post over HTTP, item 6 of the issue: table chat in its own log,
//! stamped with the game's version (which it never moves), length- and
//! rate-limited per seat, read by spectators as the game says.

use reqwest::StatusCode;
use serde_json::json;
use tests::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_chat_beside_the_events_and_a_message_never_makes_an_action_stale() {
    let server = TestServer::start_with(|config| config.chat_per_minute = 3).await;
    let c = server.client();
    let (id, tokens) = c.human_game(3, 21).await;
    let chat = format!("/v1/games/{id}/chat");
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let version = game["version"].as_u64().unwrap();
    let (status, sent) = c
        .post(&chat, Some(&tokens[1]), json!({"text": "good luck, all"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(
        (
            sent["id"].clone(),
            sent["seat"].clone(),
            sent["name"].clone()
        ),
        (json!(1), json!(1), json!("P1"))
    );
    assert_eq!(sent["version"], version, "stamped with the game's version");
    // The game's version did not move: an action listed before the message
    // is still current.
    let (_, after) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(after["version"], version);
    let seat = c.pending_seat(&id).await.unwrap();
    let (status, body) = c.play_pick(&id, &tokens[seat], 0).await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, moved) = c.get(&format!("/v1/games/{id}"), None).await;
    let later = moved["version"].as_u64().unwrap();
    c.post(&chat, Some(&tokens[0]), json!({"text": "hm\nwell played"}))
        .await;
    // Everyone reads it (spectators too, by default); `at` rewinds it.
    let (status, page) = c.get(&chat, None).await;
    assert_eq!(status, StatusCode::OK);
    let texts: Vec<&str> = page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["good luck, all", "hm\nwell played"]);
    assert_eq!(page["messages"][1]["version"], later);
    let (_, rewound) = c.get(&format!("{chat}?at={version}"), None).await;
    assert_eq!(rewound["messages"].as_array().unwrap().len(), 1);
    let (_, paged) = c.get(&format!("{chat}?after=1"), None).await;
    assert_eq!(paged["messages"][0]["id"], 2);
    // Limits: length, blankness, control characters, who speaks, how often.
    for (text, status) in [
        (json!("x".repeat(501)), 422),
        (json!("   "), 422),
        (json!("bell\u{7}"), 422),
        (json!(7), 400),
    ] {
        let (s, body) = c.post(&chat, Some(&tokens[2]), json!({"text": text})).await;
        assert_eq!(s.as_u16(), status, "{body}");
    }
    let (s, _) = c.post(&chat, None, json!({"text": "hi"})).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "a spectator does not speak");
    let (s, _) = c
        .post(&chat, Some(&server.worker_key), json!({"text": "hi"}))
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "nor does the bot worker");
    for _ in 0..3 {
        let (s, _) = c
            .post(&chat, Some(&tokens[2]), json!({"text": "spam"}))
            .await;
        assert_eq!(s, StatusCode::CREATED);
    }
    let (s, refused) = c
        .post(&chat, Some(&tokens[2]), json!({"text": "spam"}))
        .await;
    assert_eq!(
        (s, refused["code"].clone()),
        (StatusCode::TOO_MANY_REQUESTS, json!("too_many_messages"))
    );
    let (s, _) = c
        .post(&chat, Some(&tokens[1]), json!({"text": "another seat"}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "each seat has its own quota");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_only_chat_is_hidden_from_spectators() {
    let server = TestServer::start().await;
    let c = server.client();
    let (status, created) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 3, "chat": "players",
                   "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["game"]["id"].as_str().unwrap();
    let ann = created["tokens"][0]["token"].as_str().unwrap();
    let chat = format!("/v1/games/{id}/chat");
    let (s, _) = c.post(&chat, Some(ann), json!({"text": "psst"})).await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, _) = c.get(&chat, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, page) = c.get(&chat, Some(ann)).await;
    assert_eq!(
        (s, page["messages"][0]["text"].clone()),
        (StatusCode::OK, json!("psst"))
    );
    let (s, body) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 3, "chat": "nobody"}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
}

/// Retention (`BANG_KEEP_FINISHED_DAYS`): a sweep past a finished game's
/// time deletes its chat and its seats' webhook subscriptions, keeps its
/// events and its audit, and leaves a game still in play alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_chat_and_webhooks_go_after_the_retention_its_log_stays() {
    use store::EventStore;
    let mut server = TestServer::start_with(|config| {
        config.keep_finished_days = 30;
        config.webhook_allow_private = true;
    })
    .await;
    let c = server.client();
    let (done, done_tokens) = c.human_game(3, 31).await;
    let (live, live_tokens) = c.human_game(3, 32).await;
    for (id, tokens) in [(&done, &done_tokens), (&live, &live_tokens)] {
        let (status, _) = c
            .post(
                &format!("/v1/games/{id}/chat"),
                Some(&tokens[0]),
                json!({"text": "hi"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, _) = c
            .post(
                &format!("/v1/games/{id}/webhooks"),
                Some(&tokens[1]),
                json!({"url": "http://127.0.0.1:9/hook", "events": ["chat"]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let people: Vec<(u64, String)> = done_tokens
        .iter()
        .enumerate()
        .map(|(i, t)| (i as u64, t.clone()))
        .collect();
    tests::play::people_to_the_end(&c, &done, &people).await;
    let events_before = c.all_events(&done, None, "").await.len();
    server.stop().await;

    let store = server.open_store().await;
    let config = tests::test_config(&server.data);
    let settings = api::service::Settings::of(&config, "secret".into());
    let service = api::service::Service::new(store.clone(), "k".into(), settings);
    // Not yet due: nothing goes.
    let now = chrono::Utc::now();
    assert_eq!(
        service
            .sweep_finished(now - chrono::TimeDelta::days(30))
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        service
            .sweep_finished(now + chrono::TimeDelta::minutes(1))
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        service
            .sweep_finished(now + chrono::TimeDelta::minutes(1))
            .await
            .unwrap(),
        0
    );
    let docs_of = |collection: &'static str, prefix: String| {
        let store = store.clone();
        async move {
            store
                .docs(collection, &prefix, None, 100)
                .await
                .unwrap()
                .len()
        }
    };
    assert_eq!(docs_of("chat", format!("{done}/")).await, 0);
    assert_eq!(docs_of("webhooks", format!("g/{done}/")).await, 0);
    assert_eq!(docs_of("chat", format!("{live}/")).await, 1);
    assert_eq!(docs_of("webhooks", format!("g/{live}/")).await, 1);
    drop(service);
    drop(store);

    server.restart().await;
    let c = server.client();
    assert_eq!(c.all_events(&done, None, "").await.len(), events_before);
    let (status, audit) = c.get(&format!("/v1/games/{done}/audit"), None).await;
    assert_eq!(status, StatusCode::OK, "{audit}");
    let (_, chat) = c
        .get(&format!("/v1/games/{done}/chat"), Some(&done_tokens[0]))
        .await;
    assert_eq!(chat["messages"], json!([]));
}
