//! The web client's files over HTTP (issue 16): `GET /` is the page for a
//! browser and the JSON pointer for API clients; every file comes with its
//! content type, a strict Content-Security-Policy, an ETag honoured by
//! `If-None-Match`, and `Cache-Control: no-cache`; other methods are a 405
//! and unknown files a 404; the OpenAPI document does not list them.

use reqwest::StatusCode;
use reqwest::header::{ACCEPT, CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use tests::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_files_are_served_with_their_headers() {
    let server = TestServer::start().await;
    let http = bots::http_client().build().expect("an HTTP client");
    let page = http
        .get(format!("{}/", server.base))
        .header(ACCEPT, "text/html,application/xhtml+xml,*/*;q=0.8")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let header = |r: &reqwest::Response, h| {
        r.headers()
            .get(h)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    assert!(header(&page, CONTENT_TYPE).starts_with("text/html"));
    let csp = header(&page, reqwest::header::CONTENT_SECURITY_POLICY);
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(header(&page, CACHE_CONTROL), "no-cache");
    let etag = header(&page, ETAG);
    assert!(etag.starts_with('"') && etag.len() > 10, "{etag}");
    let body = page.text().await.unwrap();
    assert!(body.contains("/web/app.js"), "{body}");
    // Revalidation: the same file is a 304 without a body.
    let again = http
        .get(format!("{}/", server.base))
        .header(ACCEPT, "text/html")
        .header(IF_NONE_MATCH, &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    // Every file of web/ with its type; all of them under 250 KB together.
    let mut total = body.len();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../web");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f != "index.html")
        .collect();
    files.sort();
    assert!(files.len() > 20, "{files:?}");
    for file in &files {
        let kind = match file.rsplit('.').next() {
            Some("js") => "text/javascript",
            Some("css") => "text/css",
            Some("svg") => "image/svg+xml",
            other => panic!("a file of an unknown kind: {other:?}"),
        };
        let resp = http
            .get(format!("{}/web/{file}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{file}");
        assert!(header(&resp, CONTENT_TYPE).starts_with(kind), "{file}");
        assert!(!header(&resp, reqwest::header::CONTENT_SECURITY_POLICY).is_empty());
        total += resp.bytes().await.unwrap().len();
    }
    assert!(total < 250 * 1024, "the client is {total} bytes");
    let missing = http
        .get(format!("{}/web/nothing.js", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let posted = http
        .post(format!("{}/web/app.js", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(header(&posted, reqwest::header::ALLOW), "GET");
    // An API client asking for `/` still gets where the documents are.
    let (status, root) = server.client().get("/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(root["docs"], "/docs/", "{root}");
    // The client is not part of the API's contract.
    let (_, doc) = server.client().get("/openapi.json", None).await;
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.keys().all(|p| !p.starts_with("/web")) && !paths.contains_key("/"));
}
