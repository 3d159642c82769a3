//! Limits, transport and operations over real HTTP: slow bodies, connections
//! and request rates per client and per token, 405 with `Allow`, the bearer
//! scheme in any case, `GET /`, `GET /metrics` and CORS.
//!
//! Clients other than 127.0.0.1 are other loopback addresses (127.0.0.2, …):
//! Linux routes all of 127.0.0.0/8 to the loopback interface, and the
//! server sees each as a client of its own.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::{Value, json};
use tests::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

fn addr(server: &TestServer) -> SocketAddr {
    server
        .base
        .trim_start_matches("http://")
        .parse()
        .expect("an address")
}

/// A connection to the server from the loopback address `from`.
async fn connect_from(from: Ipv4Addr, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from.into(), 0)).unwrap();
    socket.connect(server).await.expect("connects")
}

/// Reads one response (head and `content-length` body) from a stream.
async fn read_response(stream: &mut TcpStream) -> String {
    let mut buf = Vec::new();
    let read = async {
        loop {
            if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
                let length: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
                if buf.len() >= end + 4 + length {
                    return;
                }
            }
            if stream.read_buf(&mut buf).await.unwrap_or(0) == 0 {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .expect("a response within 10 s");
    String::from_utf8_lossy(&buf).into_owned()
}

/// Reads until the server closes the connection; what it sent.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut buf))
        .await
        .expect("the server closes the connection within 10 s")
        .ok();
    String::from_utf8_lossy(&buf).into_owned()
}

/// A reqwest client whose connections come from `from`.
fn client_from(from: Ipv4Addr) -> reqwest::Client {
    bots::http_client()
        .local_address(std::net::IpAddr::V4(from))
        .build()
        .unwrap()
}

fn retry_after(headers: &HeaderMap) -> u64 {
    headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("a Retry-After in seconds")
}

fn game_body(seed: u64) -> Value {
    json!({"ruleset": "dice", "players": 4, "seats": [{"name": "A"}, {"name": "B"}], "seed": seed})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bodies_get_408_and_are_dropped_while_the_server_keeps_answering() {
    let timeout = Duration::from_millis(1000);
    let server = TestServer::start_with(|c| {
        c.body_timeout_ms = timeout.as_millis() as u64;
        c.max_connections_per_client = 20;
    })
    .await;
    let to = addr(&server);
    // 200 connections, 20 from each of 10 clients: each sends a POST's head
    // announcing 50 bytes of body, and 3 of them.
    let mut slow = Vec::new();
    for client in 2..12u8 {
        for _ in 0..20 {
            let mut stream = connect_from(Ipv4Addr::new(127, 0, 0, client), to).await;
            stream
                .write_all(
                    b"POST /v1/games HTTP/1.1\r\nhost: bang\r\ncontent-type: application/json\r\n\
                      content-length: 50\r\n\r\n{\"r",
                )
                .await
                .unwrap();
            slow.push((stream, Instant::now()));
        }
    }
    // Meanwhile the server answers others at once.
    let c = server.client();
    for _ in 0..5 {
        let (status, health) = c.get("/healthz", None).await;
        assert_eq!(
            (status, health["status"].as_str()),
            (StatusCode::OK, Some("ok"))
        );
    }
    let (id, _) = c.create(game_body(1)).await;
    assert!(!id.is_empty());
    // Each slow body gets its 408 problem, and its connection is closed.
    for (stream, sent) in &mut slow {
        let answer = read_to_close(stream).await;
        let took = sent.elapsed();
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(answer.contains("application/problem+json"), "{answer}");
        assert!(answer.contains("\"code\":\"request_timeout\""), "{answer}");
        assert!(took >= timeout, "answered after {took:?}");
        assert!(
            took < timeout + Duration::from_secs(5),
            "answered after {took:?}"
        );
    }
    let (status, _) = c.get("/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_past_its_connection_cap_gets_429_and_others_do_not() {
    let server = TestServer::start_with(|c| c.max_connections_per_client = 3).await;
    let to = addr(&server);
    let crowded = Ipv4Addr::new(127, 0, 0, 2);
    let health = b"GET /healthz HTTP/1.1\r\nhost: bang\r\n\r\n";
    // Three kept-alive connections, each seen to be served.
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut stream = connect_from(crowded, to).await;
        stream.write_all(health).await.unwrap();
        let answer = read_response(&mut stream).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        held.push(stream);
    }
    // A fourth: 429, and closed.
    let mut fourth = connect_from(crowded, to).await;
    fourth.write_all(health).await.unwrap();
    let answer = read_to_close(&mut fourth).await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 1"),
        "{answer}"
    );
    assert!(
        answer.contains("\"code\":\"too_many_connections\""),
        "{answer}"
    );
    // The worker key passes even there.
    let mut worker = connect_from(crowded, to).await;
    worker
        .write_all(
            b"GET /v1/bot/turns HTTP/1.1\r\nhost: bang\r\nauthorization: Bearer test-worker-key\r\n\r\n",
        )
        .await
        .unwrap();
    let answer = read_response(&mut worker).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(worker);
    // Another client is not concerned.
    let (status, _) = server.client().get("/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
    // Once a connection closes, the client may open another.
    drop(held.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut stream = connect_from(crowded, to).await;
        stream.write_all(health).await.unwrap();
        let answer = read_response(&mut stream).await;
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "still refused: {answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_creations_from_one_client_gets_429_with_retry_after() {
    let server = TestServer::start_with(|c| {
        c.creates_per_minute = 2.0;
        c.creates_burst = 2.0;
    })
    .await;
    let c = server.client();
    c.create(game_body(1)).await;
    let (id, _) = c.create(game_body(2)).await;
    let resp = bots::http_client()
        .build()
        .expect("an HTTP client")
        .post(format!("{}/v1/games", server.base))
        .json(&game_body(3))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait = retry_after(resp.headers());
    assert!((1..=30).contains(&wait), "Retry-After: {wait}");
    assert_eq!(
        resp.headers()["content-type"],
        HeaderValue::from_static("application/problem+json")
    );
    let problem: Value = resp.json().await.unwrap();
    assert_eq!(problem["code"], "rate_limited", "{problem}");
    assert_eq!(problem["status"], 429, "{problem}");
    assert_eq!(problem["type"], "/problems/rate_limited", "{problem}");
    // Reading is not creating: the same client reads on.
    let (status, _) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    // Another client creates.
    let resp = client_from(Ipv4Addr::new(127, 0, 0, 2))
        .post(format!("{}/v1/games", server.base))
        .json(&game_body(4))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::CREATED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_what_was_made_counts_against_creations_and_the_429_states_the_rule() {
    // The defaults: ten at once, then ten a minute.
    let server = TestServer::start_with(|c| {
        c.creates_per_minute = api::config::DEFAULT_CREATES_PER_MINUTE;
        c.creates_burst = api::config::DEFAULT_CREATES_BURST;
    })
    .await;
    let c = server.client();
    // Refusals make nothing, so they count for nothing: four bodies the
    // rules refuse, a bad fork and a bad player first.
    for players in [2, 9, 300, 0] {
        let (status, body) = c
            .post(
                "/v1/games",
                None,
                json!({"ruleset": "dice", "players": players}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
    let (status, _) = c
        .post("/v1/games/0123456789abcdef/fork", None, json!({"at": 11}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = c.post("/v1/players", None, json!({"name": ""})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Then ten games and accounts are made at once, as the rule says.
    for n in 0..9 {
        c.create(game_body(n)).await;
    }
    let (status, player) = c.post("/v1/players", None, json!({"name": "Ann"})).await;
    assert_eq!(status, StatusCode::CREATED, "{player}");
    // The eleventh is refused, saying the real rule.
    let (status, problem) = c.post("/v1/games", None, game_body(10)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{problem}");
    let detail = problem["detail"].as_str().unwrap_or_default();
    assert!(
        detail.starts_with(
            "this client may make 10 games or player accounts at once, then 10 a minute \
             (one every 6 s); only those made count, a refused request does not; retry in "
        ),
        "{detail}"
    );
    let (_, list) = c.get("/v1/games?limit=200", None).await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(9), "{list}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_rates_are_limited_per_client_and_per_token_but_not_for_the_worker_key() {
    let server = TestServer::start_with(|c| {
        // Refills too slowly to matter during the test.
        c.rate_per_client = 0.01;
        c.burst_per_client = 12.0;
        c.rate_per_token = 0.01;
        c.burst_per_token = 3.0;
    })
    .await;
    let c = server.client();
    let (id, tokens) = c.create(game_body(5)).await;
    let path = format!("/v1/games/{id}");
    for _ in 0..3 {
        let (status, body) = c.get(&path, Some(&tokens[0])).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let resp = bots::http_client()
        .build()
        .expect("an HTTP client")
        .get(format!("{}{path}", server.base))
        .bearer_auth(&tokens[0])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(retry_after(resp.headers()) >= 1);
    let problem: Value = resp.json().await.unwrap();
    assert_eq!(problem["code"], "rate_limited", "{problem}");
    assert!(
        problem["detail"].as_str().unwrap().contains("token"),
        "{problem}"
    );
    // Another seat's token has its own bucket.
    let (status, _) = c.get(&path, Some(&tokens[1])).await;
    assert_eq!(status, StatusCode::OK);
    // The worker key is never limited, nor /healthz.
    for _ in 0..30 {
        let (status, _) = c.get("/v1/bot/turns", Some(&server.worker_key)).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = c.get("/healthz", None).await;
        assert_eq!(status, StatusCode::OK);
    }
    // The client as a whole runs out soon (12 requests, 6 used so far).
    let mut limited = None;
    for _ in 0..12 {
        let resp = bots::http_get(format!("{}/v1/games", server.base))
            .await
            .unwrap();
        if resp.status() == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(retry_after(resp.headers()));
            break;
        }
        assert_eq!(resp.status(), StatusCode::OK);
    }
    let wait = limited.expect("the client was limited");
    assert!(wait >= 50, "Retry-After {wait} at 0.01 requests/s");
    // Another client is not.
    let resp = client_from(Ipv4Addr::new(127, 0, 0, 3))
        .get(format!("{}/v1/games", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bearer_scheme_works_in_any_case() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.create(game_body(6)).await;
    let http = bots::http_client().build().expect("an HTTP client");
    for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
        let resp = http
            .get(format!("{}/v1/games/{id}", server.base))
            .header("authorization", format!("{scheme} {}", tokens[1]))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{scheme}");
        let game: Value = resp.json().await.unwrap();
        assert_eq!(game["your_seat"], 1, "{scheme}: {game}");
    }
    let resp = http
        .get(format!("{}/v1/games/{id}", server.base))
        .header("authorization", format!("Basic {}", tokens[1]))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_method_on_a_known_path_is_405_with_allow() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, _) = c.create(game_body(7)).await;
    let http = bots::http_client().build().expect("an HTTP client");
    let cases = [
        (
            reqwest::Method::DELETE,
            "/v1/games".to_string(),
            "GET, POST",
        ),
        (
            reqwest::Method::PUT,
            format!("/v1/games/{id}/actions"),
            "GET, POST",
        ),
        (reqwest::Method::GET, format!("/v1/games/{id}/fork"), "POST"),
        (reqwest::Method::POST, format!("/v1/games/{id}"), "GET"),
        (reqwest::Method::POST, "/healthz".to_string(), "GET"),
        (reqwest::Method::PATCH, "/v1/bot/turns".to_string(), "GET"),
        (reqwest::Method::POST, "/metrics".to_string(), "GET"),
    ];
    for (method, path, allow) in cases {
        let resp = http
            .request(method.clone(), format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(
            resp.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        assert_eq!(resp.headers()["allow"], allow, "{method} {path}");
        assert_eq!(
            resp.headers()["content-type"],
            "application/problem+json",
            "{method} {path}"
        );
        let problem: Value = resp.json().await.unwrap();
        assert_eq!(problem["code"], "method_not_allowed", "{problem}");
        assert_eq!(problem["status"], 405, "{problem}");
    }
    // An unknown path stays a 404.
    let resp = http
        .delete(format!("{}/v1/nothing", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_root_points_to_the_docs_and_the_document() {
    let server = TestServer::start().await;
    let (status, root) = server.client().get("/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(root["docs"], "/docs/", "{root}");
    assert_eq!(root["openapi"], "/openapi.json", "{root}");
}

/// The value of the first sample of `/metrics` whose line starts with `series`.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(series))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_requests_by_route_store_batches_and_long_polls() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, tokens) = c.human_game(4, 8).await;
    for pick in 0..5 {
        c.step(&id, &tokens, pick).await.expect("a step");
    }
    // A long-poll held while the metrics are read.
    let poll = {
        let c = c.clone();
        let path = format!("/v1/games/{id}/events?after=100000&wait=3");
        tokio::spawn(async move { c.get(&path, None).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let resp = bots::http_get(format!("{}/metrics", server.base))
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let kind = resp.headers()["content-type"].to_str().unwrap().to_string();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    let text = resp.text().await.unwrap();
    let created = "bang_http_requests_total{method=\"POST\",route=\"/v1/games\",status=\"201\"}";
    assert!(sample(&text, created).unwrap() >= 1.0, "{text}");
    let acted =
        "bang_http_requests_total{method=\"POST\",route=\"/v1/games/{id}/actions\",status=\"200\"}";
    assert!(sample(&text, acted).unwrap() >= 5.0, "{text}");
    assert!(
        !text.contains(&id),
        "routes are patterns, never a game's id"
    );
    assert!(sample(&text, "bang_seat_actions_total").unwrap() >= 5.0);
    assert!(sample(&text, "bang_store_appends_total").unwrap() >= 6.0);
    assert!(sample(&text, "bang_store_batches_total").unwrap() >= 1.0);
    assert!(sample(&text, "bang_store_flush_seconds_count").unwrap() >= 1.0);
    assert!(sample(&text, "bang_store_batch_size_bucket{le=\"+Inf\"}").unwrap() >= 1.0);
    assert!(text.contains("# TYPE bang_http_request_duration_seconds histogram"));
    let waiting = "bang_long_polls_waiting{method=\"GET\",route=\"/v1/games/{id}/events\"}";
    assert!(sample(&text, waiting).unwrap() >= 1.0, "{text}");
    let (status, _) = poll.await.unwrap();
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cors_is_off_by_default_and_allows_the_configured_origins() {
    let http = bots::http_client().build().expect("an HTTP client");
    let off = TestServer::start().await;
    let resp = http
        .get(format!("{}/healthz", off.base))
        .header("origin", "https://app.example")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(resp.headers().get("access-control-allow-origin").is_none());

    let on = TestServer::start_with(|c| c.cors_origins = Some("https://app.example".into())).await;
    let preflight = http
        .request(reqwest::Method::OPTIONS, format!("{}/v1/games", on.base))
        .header("origin", "https://app.example")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization, content-type",
        )
        .send()
        .await
        .unwrap();
    assert!(preflight.status().is_success(), "{}", preflight.status());
    assert_eq!(
        preflight.headers()["access-control-allow-origin"],
        "https://app.example"
    );
    let resp = http
        .get(format!("{}/healthz", on.base))
        .header("origin", "https://app.example")
        .send()
        .await
        .unwrap();
    assert_eq!(
        resp.headers()["access-control-allow-origin"],
        "https://app.example"
    );
    let other = http
        .get(format!("{}/healthz", on.base))
        .header("origin", "https://elsewhere.example")
        .send()
        .await
        .unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
    assert!(other.status().as_u16() < 500);

    let any = TestServer::start_with(|c| c.cors_origins = Some("*".into())).await;
    let resp = http
        .get(format!("{}/healthz", any.base))
        .header("origin", "https://anywhere.example")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["access-control-allow-origin"], "*");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_poll_in_flight_ends_with_503_when_the_server_stops() {
    let mut server = TestServer::start().await;
    let c = server.client();
    let (id, _) = c.human_game(4, 9).await;
    let poll = {
        let c = c.clone();
        let path = format!("/v1/games/{id}/events?after=100000&wait=60");
        tokio::spawn(async move {
            let started = Instant::now();
            let answer = c.get(&path, None).await;
            (answer, started.elapsed())
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.stop().await;
    let ((status, problem), took) = poll.await.unwrap();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{problem}");
    assert_eq!(problem["code"], "shutting_down", "{problem}");
    assert!(
        took < Duration::from_secs(30),
        "the poll held the stop {took:?}"
    );
}
