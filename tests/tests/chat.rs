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
