//! The rules catalog: the rulesets this server plays, and everything a client
//! needs to show one of their games (every card, die, character, role and
//! module with its rules text), so that no client copies a table by hand.
//!
//! The answers change only with the rules engine: each carries an `ETag`
//! (the engine's version and a hash of the body) honoured by
//! `If-None-Match`, and may be cached for a day.

use std::collections::HashMap;
use std::sync::LazyLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::error::{ApiError, Problem, example};
use crate::models::{PlayerRange, RulesetCatalog, RulesetInfo, RulesetList, example_catalog};

/// How long a client may keep a catalog without asking again.
const CACHE_CONTROL: &str = "public, max-age=86400";

/// A body built once, its JSON and its tag.
struct Cached {
    json: String,
    etag: String,
}

impl Cached {
    fn new(body: &impl Serialize) -> Cached {
        let json = serde_json::to_string(body).unwrap_or_default();
        let digest = Sha256::digest(json.as_bytes());
        let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        let etag = format!("\"{}-{hex}\"", engine::ENGINE_VERSION.replace('/', "-"));
        Cached { json, etag }
    }

    /// The answer: the body, or 304 when the caller holds this tag.
    fn answer(&self, req: &HttpRequest) -> HttpResponse {
        let mut resp = if crate::web_client::not_modified(req, &self.etag) {
            HttpResponse::NotModified().finish()
        } else {
            HttpResponse::Ok()
                .content_type("application/json")
                .body(self.json.clone())
        };
        let headers = resp.headers_mut();
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        );
        if let Ok(value) = HeaderValue::from_str(&self.etag) {
            headers.insert(header::ETAG, value);
        }
        resp
    }
}

fn info(entry: &dyn engine::RulesetEntry) -> RulesetInfo {
    let players = entry.players();
    RulesetInfo {
        id: entry.id(),
        name: entry.name(),
        players: PlayerRange {
            min: *players.start(),
            max: *players.end(),
        },
        engine: engine::ENGINE_VERSION,
    }
}

static LIST: LazyLock<Cached> = LazyLock::new(|| {
    Cached::new(&RulesetList {
        rulesets: engine::rulesets().iter().map(|r| info(*r)).collect(),
    })
});

/// The JSON Schema of a ruleset's options, as the API's document has it
/// (`{id}.Options`), the schemas it refers to written in place.
fn options_schema(id: &str) -> Value {
    let document = serde_json::to_value(crate::openapi()).unwrap_or_default();
    let schemas = &document["components"]["schemas"];
    fn inline(value: &Value, schemas: &Value, depth: u8) -> Value {
        match value {
            Value::Object(map) => match map.get("$ref").and_then(Value::as_str) {
                Some(reference) if depth < 8 => {
                    let name = reference.trim_start_matches("#/components/schemas/");
                    inline(&schemas[name], schemas, depth + 1)
                }
                _ => Value::Object(
                    map.iter()
                        .map(|(k, v)| (k.clone(), inline(v, schemas, depth)))
                        .collect(),
                ),
            },
            Value::Array(items) => {
                Value::Array(items.iter().map(|v| inline(v, schemas, depth)).collect())
            }
            other => other.clone(),
        }
    }
    inline(&schemas[format!("{id}.Options")], schemas, 0)
}

static CATALOGS: LazyLock<HashMap<&'static str, Cached>> = LazyLock::new(|| {
    engine::rulesets()
        .iter()
        .map(|r| {
            let info = info(*r);
            let body = RulesetCatalog {
                id: info.id,
                name: info.name,
                players: info.players,
                engine: info.engine,
                options: options_schema(info.id),
                catalog: r.catalog(),
            };
            (r.id(), Cached::new(&body))
        })
        .collect()
});

/// The rulesets this server plays.
#[utoipa::path(
    tag = "rules",
    responses(
        (status = 200, description = "Every ruleset, with its name and player range", body = RulesetList,
            headers(("etag" = String, description = "The engine's version and a hash of the body"),
                ("cache-control" = String, description = "`public, max-age=86400`"))),
        (status = 304, description = "Not modified: the `If-None-Match` tag is current"),
    )
)]
#[get("/v1/rulesets")]
pub async fn list_rulesets(req: HttpRequest) -> HttpResponse {
    LIST.answer(&req)
}

/// A ruleset and its catalog: every card, die, character, role and module of
/// the game with its rules text, keyed by the ids its views, events and
/// actions use.
#[utoipa::path(
    tag = "rules",
    params(("id" = String, Path, description = "Ruleset id", example = "bang")),
    responses(
        (status = 200, description = "The ruleset and its catalog", body = RulesetCatalog,
            headers(("etag" = String, description = "The engine's version and a hash of the body"),
                ("cache-control" = String, description = "`public, max-age=86400`")),
            example = json!(example_catalog())),
        (status = 304, description = "Not modified: the `If-None-Match` tag is current"),
        (status = 404, description = "No such ruleset", body = Problem, content_type = "application/problem+json",
            example = json!(example(404, "not_found", "no ruleset `poker`: the rulesets are `dice` and `bang`"))),
    )
)]
#[get("/v1/rulesets/{id}")]
pub async fn get_ruleset(
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    match CATALOGS.get(id.as_str()) {
        Some(cached) => Ok(cached.answer(&req)),
        None => {
            let ids: Vec<String> = engine::rulesets()
                .iter()
                .map(|r| format!("`{}`", r.id()))
                .collect();
            let shown: String = id.chars().take(32).collect();
            Err(ApiError::not_found(format!(
                "no ruleset `{shown}`: the rulesets are {}",
                ids.join(" and ")
            )))
        }
    }
}
