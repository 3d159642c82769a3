//! The OpenAPI document of the HTTP API, generated from the code and checked in
//! as `openapi.json` (a test in `api` fails when it is stale).
//!
//! Regenerate: `cargo run -p api -- --openapi > openapi/openapi.json`.

/// The OpenAPI 3.1 document, as JSON text.
pub const OPENAPI_JSON: &str = include_str!("../openapi.json");
