//! Play-by-post over HTTP, item 7 of the issue: a game's readable history —
//! each event the caller may see as a sentence citing its rule, the chat
//! woven in where it was said, as JSON or text.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_tells_each_seat_its_own_game_and_weaves_in_the_chat() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": 4}))
        .await;
    let ann = &tokens[0];
    let game = c.settle(&id, Some(0)).await;
    let version = game["version"].as_u64().unwrap();
    let (status, _) = c
        .post(
            &format!("/v1/games/{id}/chat"),
            Some(ann),
            json!({"text": "hello table"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let history = |token: Option<&str>| {
        let c = c.clone();
        let path = format!("/v1/games/{id}/history");
        let token = token.map(str::to_owned);
        async move {
            let (status, body) = c.get(&path, token.as_deref()).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["lines"].as_array().unwrap().clone()
        }
    };
    let spectator = history(None).await;
    let mine = history(Some(ann)).await;
    // Every event line cites a rule; the chat line comes right after the
    // event it was sent at.
    for line in spectator.iter().filter(|l| l["chat"].is_null()) {
        assert!(
            line["rule"].as_str().is_some_and(|r| r.contains(".md")),
            "{line}"
        );
        assert!(!line["text"].as_str().unwrap().is_empty());
    }
    let said = mine
        .iter()
        .position(|l| l["chat"] == 1)
        .expect("the chat line");
    assert_eq!(mine[said]["text"], "Ann: hello table");
    assert_eq!(mine[said]["version"], version);
    assert_eq!(
        mine[said - 1]["seq"],
        version,
        "after the event it was sent at"
    );
    // Hidden facts stay hidden: the spectator is told how many cards a seat
    // drew, Ann her own cards by name.
    let draws = |lines: &[Value], who: &str| -> String {
        lines
            .iter()
            .map(|l| l["text"].as_str().unwrap())
            .find(|t| t.starts_with(&format!("{who} draws")))
            .expect("a draw")
            .to_string()
    };
    assert!(
        draws(&spectator, "Ann").ends_with("cards"),
        "{}",
        draws(&spectator, "Ann")
    );
    assert!(
        !draws(&mine, "Ann").ends_with("cards"),
        "{}",
        draws(&mine, "Ann")
    );
    assert!(draws(&mine, "Bot 2").ends_with("cards"));
    // Pages, and text.
    let (_, page) = c
        .get(&format!("/v1/games/{id}/history?after=10&limit=5"), None)
        .await;
    let seqs: Vec<u64> = page["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["seq"].as_u64())
        .collect();
    assert!(
        seqs.iter().all(|&s| (11..=15).contains(&s)) && !seqs.is_empty(),
        "{seqs:?}"
    );
    let text = bots::http_get(format!("{}/v1/games/{id}/history?format=text", server.base))
        .await
        .unwrap();
    assert!(
        text.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let text = text.text().await.unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("v1 · ") && first.ends_with(']'),
        "{first}"
    );
    assert!(text.contains("Ann: hello table"));
    let (status, _) = c
        .get(&format!("/v1/games/{id}/history?format=xml"), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
