//! Play-by-post over HTTP, item 5 of the issue: `GET /v1/games/{id}/stream`
//! pushes each event the caller may see (Server-Sent Events, or NDJSON),
//! redacted exactly as `/events` redacts it, resumes after `Last-Event-ID`,
//! ends with the game, and is bounded per client.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::TestServer;

/// An open stream's reader.
struct Stream {
    resp: reqwest::Response,
    buffer: String,
}

impl Stream {
    /// Opens the stream at `path` (with `token` and extra headers).
    async fn open(base: &str, path: &str, token: Option<&str>, headers: &[(&str, &str)]) -> Stream {
        let mut req = bots::http_client()
            .build()
            .expect("an HTTP client")
            .get(format!("{base}{path}"));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let resp = req.send().await.expect("stream opened");
        assert_eq!(resp.status(), StatusCode::OK);
        Stream {
            resp,
            buffer: String::new(),
        }
    }

    /// The next SSE message (its `id`, `event` and `data` lines), or `None`
    /// when the stream ends. Heartbeat comments are skipped.
    async fn next_sse(&mut self) -> Option<(Option<u64>, String, Value)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                if block.starts_with(':') {
                    continue;
                }
                let mut id = None;
                let mut event = String::new();
                let mut data = Value::Null;
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("id: ") {
                        id = v.parse().ok();
                    } else if let Some(v) = line.strip_prefix("event: ") {
                        event = v.to_string();
                    } else if let Some(v) = line.strip_prefix("data: ") {
                        data = serde_json::from_str(v).expect("data is JSON");
                    }
                }
                return Some((id, event, data));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(30), self.resp.chunk())
                .await
                .expect("the stream moves within 30 s")
                .ok()??;
            self.buffer
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8"));
        }
    }

    /// The next NDJSON line that is not a heartbeat, or `None` at the end.
    async fn next_line(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..end + 1).collect();
                if line.trim().is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(line.trim()).expect("a JSON line"));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(30), self.resp.chunk())
                .await
                .expect("the stream moves within 30 s")
                .ok()??;
            self.buffer
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8"));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_pushes_the_callers_events_as_events_lists_them_and_resumes() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": 3}))
        .await;
    let ann = &tokens[0];
    let path = format!("/v1/games/{id}/stream");
    // Ann's stream and the spectator's: each the same as /events for them.
    for token in [Some(ann.as_str()), None] {
        let mut stream = Stream::open(&server.base, &path, token, &[]).await;
        let (_, page) = c
            .get(&format!("/v1/games/{id}/events?limit=30"), token)
            .await;
        for listed in page["events"].as_array().unwrap() {
            let (seq, kind, data) = stream.next_sse().await.expect("an event");
            assert_eq!(seq, listed["seq"].as_u64());
            assert_eq!(kind, listed["event"]["type"].as_str().unwrap());
            assert_eq!(&data, listed, "the stream redacts as /events does");
        }
    }
    // Resumed after Last-Event-ID: the next event first.
    let mut stream = Stream::open(&server.base, &path, Some(ann), &[("last-event-id", "5")]).await;
    let (seq, _, _) = stream.next_sse().await.unwrap();
    assert_eq!(seq, Some(6));
    // NDJSON, and a new action arrives on an open stream.
    let mut lines = Stream::open(
        &server.base,
        &format!("{path}?format=ndjson&after=0"),
        Some(ann),
        &[],
    )
    .await;
    let game = c.settle(&id, Some(0)).await;
    let version = game["version"].as_u64().unwrap();
    let mut last = 0;
    while last < version {
        last = lines.next_line().await.unwrap()["seq"].as_u64().unwrap();
    }
    let (status, body) = c.play_pick(&id, ann, 0).await.expect("an action");
    assert_eq!(status, StatusCode::OK, "{body}");
    let next = lines.next_line().await.unwrap();
    assert_eq!(next["seq"], version + 1, "the action's first event, pushed");
    assert_eq!(next["event"]["type"], "acted");
    // Bad requests say why.
    for (query, status) in [
        ("?format=xml", 400),
        ("?after=x", 400),
        ("?colour=red", 400),
    ] {
        let (s, _) = c.get(&format!("{path}{query}"), None).await;
        assert_eq!(s.as_u16(), status, "{query}");
    }
    let (s, _) = c.get(&path, Some("nobody")).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = c.get("/v1/games/0000000000000000/stream", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_stream_ends_and_streams_are_bounded_per_client() {
    let server = TestServer::start_with(|config| config.max_streams_per_client = 2).await;
    let c = server.client();
    // A game played to its end by its people.
    let (id, tokens) = c.human_game(3, 9).await;
    let mut pick = 0;
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        c.step(&id, &tokens, pick).await;
        pick += 1;
    }
    let path = format!("/v1/games/{id}/stream");
    let mut stream = Stream::open(&server.base, &path, None, &[]).await;
    let mut events = 0;
    let end = loop {
        let (_, kind, data) = stream.next_sse().await.expect("the end event");
        if kind == "end" {
            break data;
        }
        events += 1;
    };
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(events, game["version"].as_u64().unwrap());
    assert_eq!(end["version"], game["version"]);
    assert!(stream.next_sse().await.is_none(), "the stream closes");
    // Two streams per client at once; a third is refused until one closes.
    let (live, _) = c.human_game(3, 10).await;
    let live_path = format!("/v1/games/{live}/stream");
    let first = Stream::open(&server.base, &live_path, None, &[]).await;
    let _second = Stream::open(&server.base, &live_path, None, &[]).await;
    let (status, refused) = c.get(&live_path, None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert_eq!(refused["code"], "too_many_streams");
    drop(first);
    let mut reopened = false;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let resp = bots::http_get(format!("{}{live_path}", server.base))
            .await
            .unwrap();
        if resp.status() == StatusCode::OK {
            reopened = true;
            break;
        }
    }
    assert!(reopened, "a closed stream gives its slot back");
}

/// `value` against `schema` of the OpenAPI document `doc`, for what the
/// stream's items use: `$ref`, `anyOf`, `type`, `required`, `properties`,
/// `enum`, the digits pattern, and a string's `contentSchema` (its JSON).
/// A ruleset's events (`Ruleset*`) are the engine's, checked elsewhere.
fn conforms(doc: &Value, schema: &Value, value: &Value) -> Result<(), String> {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.trim_start_matches("#/components/schemas/");
        if name.starts_with("Ruleset") {
            return Ok(());
        }
        return conforms(doc, &doc["components"]["schemas"][name], value);
    }
    if let Some(any) = schema["anyOf"].as_array() {
        return any
            .iter()
            .find(|s| conforms(doc, s, value).is_ok())
            .map(|_| ())
            .ok_or_else(|| format!("{value} fits none of {schema}"));
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let kind = match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_u64() || n.is_i64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    if !types.is_empty()
        && !types
            .iter()
            .any(|t| *t == kind || (*t == "number" && kind == "integer"))
    {
        return Err(format!("{value} is not of type {types:?}"));
    }
    if let Some(values) = schema["enum"].as_array()
        && !values.contains(value)
    {
        return Err(format!("{value} is not one of {values:?}"));
    }
    if schema["pattern"] == "^[0-9]+$"
        && !value
            .as_str()
            .is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(format!("{value} is not digits"));
    }
    for required in schema["required"].as_array().into_iter().flatten() {
        let key = required.as_str().unwrap();
        if value.get(key).is_none() {
            return Err(format!("{value} has no `{key}`"));
        }
    }
    if let Some(properties) = schema["properties"].as_object() {
        for (key, property) in properties {
            if let Some(field) = value.get(key) {
                conforms(doc, property, field).map_err(|e| format!("{key}: {e}"))?;
            }
        }
    }
    if schema["contentMediaType"] == "application/json" {
        let text = value.as_str().ok_or("content that is not a string")?;
        let parsed: Value = serde_json::from_str(text).map_err(|e| format!("{text}: {e}"))?;
        conforms(doc, &schema["contentSchema"], &parsed)?;
    }
    Ok(())
}

/// Server-Sent Events as a client reads them: `{data, event, id}` per
/// event, the last `id` kept (what schemathesis checks against the schema).
fn sse_items(text: &str) -> Vec<Value> {
    let mut items = Vec::new();
    let mut last_id: Option<String> = None;
    for block in text.split("\n\n") {
        let mut item = serde_json::Map::new();
        let mut data = Vec::new();
        for line in block.lines() {
            let (field, value) = line.split_once(": ").unwrap_or((line, ""));
            match field {
                "data" => data.push(value),
                "event" => {
                    item.insert("event".into(), json!(value));
                }
                "id" => last_id = Some(value.to_string()),
                _ => {}
            }
        }
        if data.is_empty() {
            continue;
        }
        item.insert("data".into(), json!(data.join("\n")));
        item.entry("event").or_insert(json!("message"));
        if let Some(id) = &last_id {
            item.insert("id".into(), json!(id));
        }
        items.push(Value::Object(item));
    }
    items
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streams_items_are_what_the_document_says() {
    let server = TestServer::start().await;
    let c = server.client();
    let doc: Value = serde_json::from_str(&api::openapi_json()).unwrap();
    let ok = &doc["paths"]["/v1/games/{id}/stream"]["get"]["responses"]["200"]["content"];
    let sse = &ok["text/event-stream"]["schema"];
    assert_eq!(
        sse["anyOf"],
        json!([{"$ref": "#/components/schemas/StreamEvent"}, {"$ref": "#/components/schemas/StreamEnd"}])
    );
    assert_eq!(
        ok["application/x-ndjson"]["schema"],
        json!({"$ref": "#/components/schemas/EventOut"})
    );
    // A whole stream: a finished game's, which ends.
    let (id, tokens) = c.human_game(3, 9).await;
    let mut pick = 0;
    while c.step(&id, &tokens, pick).await.is_some() {
        pick += 1;
    }
    let text = bots::http_get(format!("{}/v1/games/{id}/stream", server.base))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let items = sse_items(&text);
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(items.len() as u64, game["version"].as_u64().unwrap() + 1);
    for item in &items {
        conforms(&doc, sse, item).unwrap_or_else(|e| panic!("{item}: {e}"));
    }
    assert_eq!(items.last().unwrap()["event"], "end");
    // What the document said before (a string) is not what is sent, and
    // the check above would see it.
    assert!(conforms(&doc, &json!({"type": "string"}), &items[0]).is_err());
    assert!(
        conforms(
            &doc,
            sse,
            &json!({"event": "game_created", "id": "1", "data": "{}"})
        )
        .is_err()
    );
    // Each NDJSON line is an `EventOut`.
    let text = bots::http_get(format!(
        "{}/v1/games/{id}/stream?format=ndjson",
        server.base
    ))
    .await
    .unwrap()
    .text()
    .await
    .unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len() as u64, game["version"].as_u64().unwrap());
    for line in lines {
        let event: Value = serde_json::from_str(line).unwrap();
        conforms(&doc, &ok["application/x-ndjson"]["schema"], &event)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}
