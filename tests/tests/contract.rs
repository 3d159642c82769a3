//! The HTTP contract as the OpenAPI document states it: refusals in the API's
//! own words (never the JSON parser's), every documented error status with
//! an example of its own, and the README's examples that must keep working.
//! (Schemathesis checks the rest against a running server: `.ci/schemathesis.sh`.)

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{Client, TestServer};

/// Words of serde or actix that a refusal must not show a client.
const PARSER_WORDS: [&str; 8] = [
    "deserialize",
    "invalid type",
    "invalid value",
    "expected u8",
    "expected u64",
    "expected struct",
    "at line",
    "Query deserialize",
];

fn assert_refused(what: &str, (status, body): (StatusCode, Value), want: StatusCode, words: &str) {
    assert_eq!(status, want, "{what}: {body}");
    assert_eq!(
        body["status"].as_u64(),
        Some(u64::from(want.as_u16())),
        "{what}: {body}"
    );
    let detail = body["detail"].as_str().unwrap_or_default();
    assert!(
        detail.contains(words),
        "{what}: the detail should say {words:?}, not {detail:?}"
    );
    for word in PARSER_WORDS {
        assert!(
            !detail.contains(word),
            "{what}: the detail shows the parser's words ({word:?}): {detail:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_are_refused_in_the_apis_words() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 3).await;
    let bad = StatusCode::BAD_REQUEST;
    let create = |body: Value| {
        let c = c.clone();
        async move { c.post("/v1/games", None, body).await }
    };
    assert_refused(
        "players 300",
        create(json!({"ruleset": "dice", "players": 300})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "players: a number from 3 to 8, not 300",
    );
    assert_refused(
        "players 9",
        create(json!({"ruleset": "dice", "players": 9})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "players: a number from 3 to 8, not 9",
    );
    assert_refused(
        "players as text",
        create(json!({"ruleset": "dice", "players": "five"})).await,
        bad,
        r#"players: a number from 3 to 8, not "five""#,
    );
    assert_refused(
        "a negative seed",
        create(json!({"ruleset": "dice", "players": 4, "seed": -1})).await,
        bad,
        "seed: a whole number from 0 to 18446744073709551615, not -1",
    );
    assert_refused(
        "an unknown field",
        create(json!({"ruleset": "dice", "players": 4, "colour": "red"})).await,
        bad,
        "colour: unknown field",
    );
    assert_refused(
        "an unknown seat field",
        create(json!({"ruleset": "dice", "players": 4, "seats": [{}, {"nam": "Bob"}]})).await,
        bad,
        "seats[1].nam: unknown field",
    );
    assert_refused(
        "options as a list",
        create(json!({"ruleset": "dice", "players": 4, "options": []})).await,
        bad,
        "options: an object",
    );
    assert_refused(
        "a body that is a list",
        create(json!([1, 2, 3])).await,
        bad,
        "the body: a JSON object",
    );
    // A whole number is written as one: 4.0 is refused, and says why.
    assert_refused(
        "players 4.0",
        create(json!({"ruleset": "dice", "players": 4.0})).await,
        bad,
        "players: a number from 3 to 8, not 4.0 (write whole numbers without a decimal point or exponent)",
    );
    assert_refused(
        "seed 7.0",
        create(json!({"ruleset": "dice", "players": 4, "seed": 7.0})).await,
        bad,
        "seed: a whole number from 0 to 18446744073709551615, not 7.0",
    );

    let act = format!("/v1/games/{id}/actions");
    assert_refused(
        "a negative expected_version",
        c.post(
            &act,
            Some(&tokens[0]),
            json!({"action": {"type": "roll"}, "expected_version": -5}),
        )
        .await,
        bad,
        "expected_version: a whole number",
    );
    assert_refused(
        "an action that is not an object",
        c.post(&act, Some(&tokens[0]), json!({"action": "roll"}))
            .await,
        bad,
        "action: an object with a `type`",
    );
    assert_refused(
        "an action_id that is a number",
        c.post(
            &act,
            Some(&tokens[0]),
            json!({"action": {"type": "roll"}, "action_id": 5}),
        )
        .await,
        bad,
        "action_id: a string",
    );
    assert_refused(
        "an unknown field beside the action",
        c.post(
            &act,
            Some(&tokens[0]),
            json!({"action": {"type": "roll"}, "extra": 1}),
        )
        .await,
        bad,
        "extra: unknown field",
    );
    let fork = format!("/v1/games/{id}/fork");
    assert_refused(
        "a fork without `at`",
        c.post(&fork, None, json!({})).await,
        bad,
        "at: required",
    );
    assert_refused(
        "a fork at a fraction",
        c.post(&fork, None, json!({"at": 1.5})).await,
        bad,
        "at: a whole number",
    );
    // A fork without any body.
    let resp = bots::http_client()
        .build()
        .expect("an HTTP client")
        .post(format!("{}{fork}", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), bad);
    assert_eq!(
        resp.headers()["content-type"].to_str().unwrap(),
        "application/problem+json"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queries_are_refused_in_the_apis_words() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 4).await;
    let bad = StatusCode::BAD_REQUEST;
    let worker = Some(server.worker_key.as_str());
    let cases = [
        (
            format!("/v1/games/{id}/actions?seat=2147483648"),
            worker,
            "seat: a seat number from 0 to 7, not `2147483648`",
        ),
        (
            "/v1/bot/turns?wait=-1".to_string(),
            worker,
            "wait: seconds, a whole number from 0 to 60, not `-1`",
        ),
        (
            format!("/v1/games/{id}/events?wait=61"),
            None,
            "wait: seconds, a whole number from 0 to 60, not `61`",
        ),
        (
            format!("/v1/games/{id}/events?limit=1001"),
            None,
            "limit: a whole number from 1 to 1000, not `1001`",
        ),
        (
            format!("/v1/games/{id}/events?after=-1"),
            None,
            "after: a whole number",
        ),
        (
            "/v1/games?limit=0".to_string(),
            None,
            "limit: a whole number from 1 to 200, not `0`",
        ),
        (
            "/v1/games?status=sleeping".to_string(),
            None,
            "status: `open`, `active` or `finished`, not `sleeping`",
        ),
        (
            format!("/v1/games/{id}?at=abc"),
            None,
            "at: a whole number from 1 to the game's version, not `abc`",
        ),
        (
            format!("/v1/games/{id}?at=99999999999999999999999"),
            None,
            "at: a whole number",
        ),
        (
            format!("/v1/games/{id}?bogus=1"),
            None,
            "bogus: unknown query parameter (this one takes `at`, `seat`)",
        ),
        (format!("/v1/games/{id}?at=1&at=2"), None, "at: given twice"),
    ];
    for (path, token, words) in cases {
        assert_refused(&path, c.get(&path, token).await, bad, words);
    }
    // In range, the same parameters work.
    for path in [
        format!("/v1/games/{id}/events?wait=0&limit=1000&after=0"),
        format!("/v1/games/{id}?at=1"),
        "/v1/games?limit=200&status=active".to_string(),
    ] {
        let (status, body) = c.get(&path, Some(&tokens[0])).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    let (status, body) = c.get("/v1/bot/turns?wait=0", worker).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Waits (up to a minute) until the bots have finished the game.
async fn finished(c: &Client, id: &str) -> u64 {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        let version = game["version"].as_u64().unwrap_or(0);
        if game["game"]["status"] == "finished" {
            return version;
        }
        assert!(Instant::now() < deadline, "the bots did not finish: {game}");
        c.get(
            &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
            None,
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readme_versions_work_and_a_bad_fork_says_where_to_fork() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    // The README: a new 4-player game waits for its first roll at version 11,
    // the `version` of GET /actions (posted back as `expected_version`).
    let (id, tokens) = c
        .create(json!({"ruleset": "dice", "players": 4, "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}, {"name": "Di"}], "seed": 8}))
        .await;
    let seat = c.pending_seat(&id).await.expect("someone must roll");
    let (status, legal) = c
        .get(&format!("/v1/games/{id}/actions"), Some(&tokens[seat]))
        .await;
    assert_eq!(status, StatusCode::OK, "{legal}");
    assert_eq!(legal["version"], 11, "{legal}");

    // The README's fork, `{"at": 11}`, on a finished 4-player game.
    let (id, _) = c
        .create(json!({"ruleset": "dice", "players": 4, "seed": 9}))
        .await;
    let version = finished(&c, &id).await;
    let fork = format!("/v1/games/{id}/fork");
    let (status, forked) = c.post(&fork, None, json!({"at": 11})).await;
    assert_eq!(status, StatusCode::CREATED, "{forked}");
    assert_eq!(forked["game"]["version"], 11, "{forked}");
    assert_eq!(forked["game"]["forked_from"]["at"], 11, "{forked}");

    // A version inside one action's events is refused with a 422 that says
    // where the game waited.
    let (_, page) = c
        .get(&format!("/v1/games/{id}/events?limit=1000"), None)
        .await;
    let events = page["events"].as_array().expect("events");
    let inside = events
        .windows(2)
        .find(|pair| {
            pair[0]["event"]["type"] == "acted"
                && !matches!(
                    pair[1]["event"]["type"].as_str(),
                    Some("acted" | "orders_set" | "window_expired")
                )
        })
        .map(|pair| pair[0]["seq"].as_u64().unwrap())
        .expect("an action with more than one event");
    assert!(inside < version);
    let (status, refused) = c.post(&fork, None, json!({"at": inside})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["code"], "bad_fork", "{refused}");
    assert!(
        refused["detail"]
            .as_str()
            .is_some_and(|d| d.contains(&format!("at: version {inside}"))),
        "{refused}"
    );
}

/// Sends `body` as it is, with `content_type` (none if `None`).
async fn send_raw(
    server: &TestServer,
    path: &str,
    content_type: Option<&str>,
    body: &'static str,
) -> (StatusCode, Value) {
    let mut req = bots::http_client()
        .build()
        .expect("an HTTP client")
        .post(format!("{}{path}", server.base))
        .body(body);
    if let Some(content_type) = content_type {
        req = req.header("content-type", content_type);
    }
    let resp = req.send().await.expect("sent");
    let status = resp.status();
    let problem = resp.text().await.unwrap_or_default();
    (
        status,
        serde_json::from_str(&problem).unwrap_or(Value::Null),
    )
}

/// How many games the server lists.
async fn games_listed(c: &Client) -> usize {
    let (_, list) = c.get("/v1/games?limit=200", None).await;
    list["games"].as_array().map_or(0, Vec::len)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_is_json_in_utf8_with_each_key_once_or_it_changes_nothing() {
    let server = TestServer::start().await;
    let c = server.client();
    let json = Some("application/json");
    // A key given twice is refused by name (a parser would keep the last).
    assert_refused(
        "players twice",
        send_raw(
            &server,
            "/v1/games",
            json,
            r#"{"ruleset":"dice","players":4,"players":5}"#,
        )
        .await,
        StatusCode::BAD_REQUEST,
        "players: given twice in one object; a key may appear once (line 1, column ",
    );
    assert_refused(
        "a seat's name twice",
        send_raw(
            &server,
            "/v1/games",
            json,
            r#"{"ruleset":"dice","players":4,"seats":[{"name":"A","name":"B"}]}"#,
        )
        .await,
        StatusCode::BAD_REQUEST,
        "seats[0].name: given twice",
    );
    // JSON is UTF-8: a body said to be another charset is a 415.
    let utf16 = "application/json; charset=utf-16";
    let refused = send_raw(
        &server,
        "/v1/games",
        Some(utf16),
        r#"{"ruleset":"dice","players":4}"#,
    )
    .await;
    assert_refused(
        "charset=utf-16",
        refused.clone(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "charset `utf-16` is not taken",
    );
    assert_eq!(refused.1["code"], "unsupported_media_type");
    assert_refused(
        "text/plain",
        send_raw(
            &server,
            "/v1/players",
            Some("text/plain"),
            r#"{"name":"Ann"}"#,
        )
        .await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "`text/plain` is not JSON",
    );
    assert_refused(
        "no content type",
        send_raw(&server, "/v1/players", None, r#"{"name":"Ann"}"#).await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Content-Type: missing",
    );
    // UTF-8 said in any of its spellings, or JSON with a suffix, is read.
    for content_type in [
        "application/json; charset=utf-8",
        "application/json;charset=UTF-8",
        "application/merge-patch+json",
    ] {
        let (status, body) = send_raw(
            &server,
            "/v1/games",
            Some(content_type),
            r#"{"ruleset":"dice","players":4}"#,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{content_type}: {body}");
    }
    // Nothing refused made a game.
    assert_eq!(games_listed(&c).await, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_refuse_invisible_characters_and_chat_refuses_bidirectional_controls() {
    let server = TestServer::start().await;
    let c = server.client();
    let invisible = [
        "\u{200b}",
        "\u{feff}",
        "\u{3164}",
        "\u{e0001}",
        "\u{34f}",
        "Ann\u{200b}",
        "a\u{2028}b",
        "\u{202e}nnA",
    ];
    for name in invisible {
        let words = "1 to 64 characters, not blank, without control characters, bidirectional \
                     controls, or invisible characters";
        assert_refused(
            &format!("seat name {name:?}"),
            c.post(
                "/v1/games",
                None,
                json!({"ruleset": "dice", "players": 4, "seats": [{"name": name}]}),
            )
            .await,
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!("seats[0].name: {words}"),
        );
        assert_refused(
            &format!("player name {name:?}"),
            c.post("/v1/players", None, json!({"name": name})).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!("name: {words}"),
        );
    }
    assert_eq!(games_listed(&c).await, 0, "no game was made");
    // An open table's joiner is named by the same rules.
    let (status, table) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 3, "public": true,
                   "seats": [{"name": "Host"}, {"open": true}, {"open": true}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{table}");
    let id = table["game"]["id"].as_str().unwrap();
    assert_refused(
        "a joiner's name",
        c.post(
            &format!("/v1/games/{id}/join"),
            None,
            json!({"name": "Bob\u{2060}"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "name: 1 to 64 characters",
    );
    let (_, after) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(after["game"]["seats"][1]["kind"], "open", "{after}");
    // Names people write are still names, emoji sequences included.
    for name in ["Zoë", "李小龍", "Ann ❤️", "👨\u{200d}👩\u{200d}👧"] {
        let (status, body) = c.post("/v1/players", None, json!({"name": name})).await;
        assert_eq!(status, StatusCode::CREATED, "{name}: {body}");
    }

    // Chat: bidirectional controls would reorder what others read.
    let (id, tokens) = c.human_game(3, 5).await;
    let chat = format!("/v1/games/{id}/chat");
    for text in ["gg \u{202e}pw", "\u{2066}hi\u{2069}", "a\u{200f}b"] {
        assert_refused(
            &format!("chat {text:?}"),
            c.post(&chat, Some(&tokens[0]), json!({"text": text})).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "without bidirectional controls",
        );
    }
    let (_, read) = c.get(&chat, None).await;
    assert_eq!(read["messages"], json!([]), "nothing was said: {read}");
    let (status, sent) = c
        .post(&chat, Some(&tokens[0]), json!({"text": "gg\nwp ❤️"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
}

// ----- the document -----------------------------------------------------------

fn document() -> Value {
    serde_json::from_str(&api::openapi_json()).expect("the document is JSON")
}

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            ops.push((method.to_uppercase(), path.clone(), op.clone()));
        }
    }
    ops
}

#[test]
fn every_error_status_has_an_example_of_its_own_code() {
    let doc = document();
    for (method, path, op) in operations(&doc) {
        for (status, response) in op["responses"].as_object().expect("responses") {
            if !status.starts_with('4') && !status.starts_with('5') {
                continue;
            }
            let content = &response["content"]["application/problem+json"];
            let mut examples: Vec<&Value> = Vec::new();
            if let Some(one) = content.get("example") {
                examples.push(one);
            }
            if let Some(many) = content["examples"].as_object() {
                examples.extend(many.values().map(|e| &e["value"]));
            }
            assert!(
                !examples.is_empty(),
                "{method} {path} {status}: no example problem"
            );
            for example in examples {
                assert_eq!(
                    example["status"].as_u64().map(|s| s.to_string()).as_deref(),
                    Some(status.as_str()),
                    "{method} {path} {status}: the example is of another status: {example}"
                );
                let code = example["code"].as_str().unwrap_or_default();
                assert!(!code.is_empty(), "{method} {path} {status}: {example}");
                assert_eq!(example["type"], format!("/problems/{code}"));
                assert_ne!(
                    example["title"], "Server error",
                    "{method} {path} {status}: `{code}` has no title"
                );
            }
        }
    }
}

#[test]
fn every_operation_documents_405_and_429_and_bodies_408_and_413() {
    let doc = document();
    for (method, path, op) in operations(&doc) {
        let responses = op["responses"].as_object().expect("responses");
        for status in ["405", "429"] {
            assert!(
                responses.contains_key(status),
                "{method} {path}: no {status}"
            );
        }
        if op.get("requestBody").is_some() {
            for status in ["400", "408", "413"] {
                assert!(
                    responses.contains_key(status),
                    "{method} {path}: no {status}"
                );
            }
        }
        if !op["parameters"].as_array().is_none_or(Vec::is_empty) {
            let only_id = op["parameters"]
                .as_array()
                .is_some_and(|p| p.iter().all(|p| p["in"] == "path"));
            assert!(
                only_id || responses.contains_key("400"),
                "{method} {path}: a query but no 400"
            );
        }
        let retry = &responses["429"]["headers"]["retry-after"];
        assert!(
            retry.is_object(),
            "{method} {path}: 429 without Retry-After"
        );
    }
}

#[test]
fn limits_are_in_the_schema() {
    let doc = document();
    let param = |path: &str, method: &str, name: &str| -> Value {
        doc["paths"][path][method]["parameters"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["name"] == name))
            .map(|p| p["schema"].clone())
            .unwrap_or_else(|| panic!("{method} {path} has no `{name}`"))
    };
    let range = |schema: &Value| (schema["minimum"].as_u64(), schema["maximum"].as_u64());
    assert_eq!(
        range(&param("/v1/games/{id}/events", "get", "wait")),
        (Some(0), Some(60))
    );
    assert_eq!(
        range(&param("/v1/bot/turns", "get", "wait")),
        (Some(0), Some(60))
    );
    assert_eq!(
        range(&param("/v1/games/{id}/events", "get", "limit")),
        (Some(1), Some(1000))
    );
    assert_eq!(
        range(&param("/v1/games", "get", "limit")),
        (Some(1), Some(200))
    );
    assert_eq!(
        range(&param("/v1/games/{id}/actions", "get", "seat")),
        (Some(0), Some(7))
    );
    let create = &doc["components"]["schemas"]["CreateGame"]["properties"];
    assert_eq!(range(&create["players"]), (Some(3), Some(8)));
    assert_eq!(create["seed"]["maximum"].as_u64(), Some(u64::MAX));
    assert_eq!(create["ruleset"]["enum"], json!(["dice", "bang"]));
}

#[test]
fn tagged_variants_are_titled_and_views_take_an_optional_token() {
    let doc = document();
    for name in [
        "dice.Action",
        "dice.Decision",
        "dice.Event",
        "bang.Action",
        "bang.Decision",
        "bang.Event",
    ] {
        let variants = doc["components"]["schemas"][name]["oneOf"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} is not a oneOf"));
        assert!(variants.len() > 3, "{name}");
        for variant in variants {
            let title = variant["title"].as_str().unwrap_or_default();
            // The tag is a property of the variant, or of one part of it
            // (`allOf`, for a variant that wraps a struct).
            let parts =
                std::iter::once(variant).chain(variant["allOf"].as_array().into_iter().flatten());
            let tag = parts
                .flat_map(|part| {
                    ["type", "kind"].map(|t| part["properties"][t]["enum"][0].as_str())
                })
                .flatten()
                .next();
            assert!(!title.is_empty(), "{name}: an untitled variant: {variant}");
            assert_eq!(Some(title), tag, "{name}: titled by its wire name");
        }
    }
    for path in ["/v1/games/{id}", "/v1/games/{id}/events"] {
        let security = doc["paths"][path]["get"]["security"]
            .as_array()
            .expect("security");
        assert!(
            security.contains(&json!({})),
            "{path}: a token should be optional"
        );
    }
    let text = api::openapi_json();
    for tag in ["[M1]", "[M2]", "[M3]", "[M4]", "[M5]"] {
        assert!(!text.contains(tag), "the document still says {tag}");
    }
}
