//! The web client (issues 16 and 31): the files of `web/` at the top of the
//! repository, embedded in the binary and served at `GET /` (the page, to a
//! browser) and `GET /web/{file}` (its modules, styles and icon). It is a
//! client of the public API like any other (its names and rules texts come
//! from `GET /v1/rulesets/{id}`), so nothing here reaches into the service.
//!
//! Every answer carries a strict `Content-Security-Policy` (only this origin,
//! no inline script or style), an `ETag` (a hash of the file) honoured by
//! `If-None-Match`, and `Cache-Control: no-cache`, so a browser revalidates
//! and gets a 304 until the binary changes. The routes are outside the
//! OpenAPI document, like `/docs`.

use std::sync::LazyLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};

/// The policy of every page and file of the client: scripts, styles, images
/// and API calls from this origin only; no inline code, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// One embedded file: its name under `/web/`, content type and bytes.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

/// The client's files as they are in `web/`: `asset!("name", kind)`.
macro_rules! asset {
    ($name:literal, $kind:ident) => {
        Asset {
            name: $name,
            content_type: $kind,
            body: include_bytes!(concat!("../../web/", $name)),
        }
    };
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The client's files, the page first. Each module has one purpose (its
/// first lines say which); the screens are loaded when first shown.
const FILES: [Asset; 39] = [
    asset!("index.html", HTML),
    asset!("app.css", CSS),
    asset!("table.css", CSS),
    asset!("icon.svg", SVG),
    asset!("app.js", JS),
    asset!("api.js", JS),
    asset!("dom.js", JS),
    asset!("store.js", JS),
    asset!("notify.js", JS),
    asset!("catalog.js", JS),
    asset!("icons.js", JS),
    asset!("labels.js", JS),
    asset!("lobby.js", JS),
    asset!("home.js", JS),
    asset!("account.js", JS),
    asset!("create.js", JS),
    asset!("join.js", JS),
    asset!("game.js", JS),
    asset!("gameview.js", JS),
    asset!("playback.js", JS),
    asset!("chooser.js", JS),
    asset!("coach.js", JS),
    asset!("paths.js", JS),
    asset!("situation.js", JS),
    asset!("prompt.js", JS),
    asset!("inspector.js", JS),
    asset!("sidebar.js", JS),
    asset!("end.js", JS),
    asset!("seats.js", JS),
    asset!("cards.js", JS),
    asset!("dice.js", JS),
    asset!("distance.js", JS),
    asset!("table_bang.js", JS),
    asset!("table_dice.js", JS),
    asset!("train.js", JS),
    asset!("replay.js", JS),
    asset!("rating.js", JS),
    asset!("leaderboard.js", JS),
    asset!("profile.js", JS),
];

/// Each file's ETag: a quoted prefix of its SHA-256 in hex.
static ETAGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|f| {
            let digest = Sha256::digest(f.body);
            let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
            format!("\"{hex}\"")
        })
        .collect()
});

/// The names and sizes of the embedded files (what a first visit loads).
pub fn files() -> impl Iterator<Item = (&'static str, usize)> {
    FILES.iter().map(|f| (f.name, f.body.len()))
}

/// Whether the request names `etag` in `If-None-Match`.
pub(crate) fn not_modified(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

/// The answer for the file at `index` of [`FILES`].
fn serve(req: &HttpRequest, index: usize) -> HttpResponse {
    let file = &FILES[index];
    let etag = &ETAGS[index];
    let mut resp = if not_modified(req, etag) {
        HttpResponse::NotModified().finish()
    } else {
        HttpResponse::Ok()
            .content_type(file.content_type)
            .body(file.body)
    };
    let headers = resp.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::CACHE_CONTROL, "no-cache"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::VARY, "accept"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if let Ok(value) = HeaderValue::from_str(etag) {
        headers.insert(header::ETAG, value);
    }
    resp
}

/// Whether the caller asked for a web page (a browser navigating to `/`).
fn wants_html(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.contains("text/html"))
}

/// `GET /`: the web client to a browser (`Accept: text/html`); to any other
/// client, the JSON pointer to the API's documents it always was.
pub async fn root(req: HttpRequest) -> HttpResponse {
    if wants_html(&req) {
        serve(&req, 0)
    } else {
        crate::fallback::root().await
    }
}

/// `GET /web/{file}`: one of the client's files, or 404.
pub async fn asset(req: HttpRequest, file: web::Path<String>) -> HttpResponse {
    match FILES.iter().position(|f| f.name == file.as_str()) {
        Some(index) => serve(&req, index),
        None => actix_web::ResponseError::error_response(&crate::error::ApiError::not_found(
            "no such file of the web client",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_a_distinct_etag_and_the_page_is_small() {
        let mut tags = ETAGS.clone();
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), FILES.len());
        let total: usize = files().map(|(_, size)| size).sum();
        assert!(total < 250 * 1024, "the client is {total} bytes");
    }

    #[test]
    fn every_file_of_web_is_served_and_every_module_is_small() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../web");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut served: Vec<String> = FILES.iter().map(|f| f.name.to_string()).collect();
        served.sort();
        assert_eq!(on_disk, served, "web/ and the files served differ");
        for f in FILES.iter().filter(|f| f.name.ends_with(".js")) {
            let text = std::str::from_utf8(f.body).unwrap();
            assert!(text.lines().count() <= 400, "{} is over 400 lines", f.name);
            assert!(
                text.starts_with("//"),
                "{} does not say what it is for",
                f.name
            );
        }
    }

    #[test]
    fn the_page_loads_no_inline_script() {
        let page = std::str::from_utf8(FILES[0].body).unwrap();
        for tag in page.split("<script").skip(1) {
            assert!(tag.contains(" src="), "inline script in index.html: {tag}");
        }
        assert!(!page.contains(" style="), "inline style in index.html");
    }
}
