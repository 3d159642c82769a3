//! The responses the OpenAPI document gives many operations alike, written
//! once from the server's own tables and limits instead of by hand at each
//! route: every operation's 405 (from the method table the server answers
//! with), and for every operation that reads a body, the 408 of a body that
//! is too slow, the 413 of one that is too large and the 415 of one that is
//! not JSON in UTF-8; the 429 of the per-client limits, the 404 of a game
//! id that names no game and the 403 of a `seat` the caller may not act
//! for, where a route says nothing more particular. And the items of the event stream
//! (`GET /v1/games/{id}/stream`), which no derive can describe.

use serde_json::json;
use utoipa::PartialSchema;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::{Ref, Schema};
use utoipa::openapi::{
    Content, ContentBuilder, HeaderBuilder, OpenApi, RefOr, Response, ResponseBuilder,
};

use crate::config::DEFAULT_BODY_TIMEOUT_MS;
use crate::fallback::MethodTable;
use crate::limits;

/// Adds the shared responses to every operation of `api`.
pub(crate) fn add_shared_responses(api: &mut OpenApi) {
    let table = MethodTable::new(api);
    let slow = problem_response(
        "The body did not arrive in time",
        408,
        "request_timeout",
        &limits::body_timeout_detail(DEFAULT_BODY_TIMEOUT_MS),
    )
    .build();
    let large = problem_response(
        "The body is too large (over 64 KiB)",
        413,
        "payload_too_large",
        &limits::too_large_detail(crate::BODY_LIMIT),
    )
    .build();
    let not_json = problem_response(
        "The body is not JSON in UTF-8: `Content-Type` missing, not `application/json` \
         (or `application/*+json`), or naming another charset",
        415,
        "unsupported_media_type",
        "Content-Type: charset `utf-16` is not taken; JSON is read as UTF-8 only \
         (`application/json; charset=utf-8`, or no charset)",
    )
    .build();
    let busy = problem_response(
        "Too many requests from this client, or too many connections: retry after \
         `Retry-After` seconds",
        429,
        "rate_limited",
        "more than 100 requests per second from this client; retry in 1 s",
    )
    .header(
        "retry-after",
        HeaderBuilder::new()
            .schema(Some(u64::schema()))
            .description(Some("Seconds to wait before trying again"))
            .build(),
    )
    .build();
    let no_game =
        problem_response("No such game", 404, "not_found", "no game 9f86d081884c7d65").build();
    let not_your_seat = seat_refused();
    for (path, item) in api.paths.paths.iter_mut() {
        let refused = table.allowed(path).map(|allow| method_not_allowed(&allow));
        let names_a_game = path.starts_with("/v1/games/{id}");
        let operations = [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ];
        for operation in operations.into_iter().flatten() {
            if let Some(refused) = &refused {
                add(operation, 405, refused);
            }
            add_unless_documented(operation, 429, &busy);
            if names_a_game {
                add_unless_documented(operation, 404, &no_game);
            }
            if takes_seat(operation) {
                add_unless_documented(operation, 403, &not_your_seat);
            }
            if operation.request_body.is_some() {
                add(operation, 408, &slow);
                add(operation, 413, &large);
                add(operation, 415, &not_json);
            }
        }
    }
}

/// The stream's answer: each Server-Sent Event (as a client's parser reads
/// it: `id`, `event`, `data`) or each NDJSON line. In an OpenAPI 3.1
/// document the `schema` of an event stream describes one event (3.2 would
/// call it `itemSchema`; the document stays 3.1 for its tools); the event's
/// `data` is JSON text, described by `contentSchema`.
pub(crate) fn describe_stream(api: &mut OpenApi) {
    let Some(components) = api.components.as_mut() else {
        return;
    };
    let schemas = [
        (
            "StreamEvent",
            json!({
                "type": "object",
                "description": "One event of the game, as a Server-Sent Event: `id: <seq>`, \
                    `event: <its type>`, `data: <the event as /events lists it>`.",
                "required": ["id", "event", "data"],
                "properties": {
                    "id": {"type": "string", "pattern": "^[0-9]+$",
                           "description": "The event's `seq` (send it back as `Last-Event-ID`)."},
                    "event": {"type": "string", "description": "The event's `type`."},
                    "data": {"type": "string", "contentMediaType": "application/json",
                             "contentSchema": {"$ref": "#/components/schemas/EventOut"},
                             "description": "The event, redacted for the caller, as JSON."}
                },
                "example": {"id": "1", "event": "game_created",
                            "data": "{\"seq\":1,\"at\":\"2026-11-26T07:00:00Z\",\"actor\":\"system\",\"event\":{\"type\":\"game_created\"}}"}
            }),
        ),
        (
            "StreamEnd",
            json!({
                "type": "object",
                "description": "The last event of a stream, once the game is over: `event: end`, \
                    `data: {\"version\": N}` (the game's last version); the stream then closes.",
                "required": ["event", "data"],
                "properties": {
                    "id": {"type": "string", "pattern": "^[0-9]+$",
                           "description": "The last event's `seq`, as a client's parser keeps it."},
                    "event": {"type": "string", "enum": ["end"]},
                    "data": {"type": "string", "contentMediaType": "application/json",
                             "contentSchema": {"type": "object", "required": ["version"],
                                 "properties": {"version": {"type": "integer", "minimum": 0}}}}
                },
                "example": {"event": "end", "data": "{\"version\":377}"}
            }),
        ),
    ];
    for (name, schema) in schemas {
        if let Ok(schema) = serde_json::from_value::<Schema>(schema) {
            components
                .schemas
                .insert(name.to_string(), RefOr::T(schema));
        }
    }
    let sse: Option<Content> = serde_json::from_value(json!({
        "schema": {"anyOf": [{"$ref": "#/components/schemas/StreamEvent"},
                             {"$ref": "#/components/schemas/StreamEnd"}]}
    }))
    .ok();
    let ndjson: Option<Content> = serde_json::from_value(json!({
        "schema": {"$ref": "#/components/schemas/EventOut"}
    }))
    .ok();
    let (Some(sse), Some(ndjson)) = (sse, ndjson) else {
        return;
    };
    let Some(item) = api.paths.paths.get_mut("/v1/games/{id}/stream") else {
        return;
    };
    let Some(operation) = item.get.as_mut() else {
        return;
    };
    if let Some(RefOr::T(ok)) = operation.responses.responses.get_mut("200") {
        ok.description = "The stream: each event of the game as it is appended, as \
            Server-Sent Events (`text/event-stream`; the schema is one event) or one JSON \
            event a line (`application/x-ndjson`; the schema is one line). A heartbeat (a \
            comment line, or an empty line in NDJSON) keeps a quiet stream open. On the wire:\n\n\
            ```\nid: 1\nevent: game_created\ndata: {\"seq\":1,\"at\":\"2026-11-26T07:00:00Z\",\
            \"actor\":\"system\",\"event\":{\"type\":\"game_created\",…},…}\n\n: heartbeat\n\n\
            event: end\ndata: {\"version\":377}\n```"
            .to_string();
        ok.content.clear();
        ok.content
            .insert("text/event-stream".to_string(), RefOr::T(sse));
        ok.content
            .insert("application/x-ndjson".to_string(), RefOr::T(ndjson));
    }
}

/// The 405 of a path that takes the methods `allow`: the example refuses the
/// first common method it does not take.
fn method_not_allowed(allow: &str) -> Response {
    let refused = ["GET", "POST", "PUT", "DELETE", "PATCH"]
        .into_iter()
        .find(|method| !allow.split(", ").any(|a| a == *method))
        .unwrap_or("TRACE");
    problem_response(
        "Method not allowed on this path (`Allow` lists the ones that are)",
        405,
        "method_not_allowed",
        &format!("{refused} is not allowed here; allowed: {allow}"),
    )
    .header(
        "allow",
        HeaderBuilder::new()
            .schema(Some(String::schema()))
            .description(Some("The methods this path takes"))
            .build(),
    )
    .build()
}

/// The 403 of an operation that takes `?seat=`: a seat the caller's token
/// does not open, or a human seat asked for with the worker key.
fn seat_refused() -> Response {
    let example = |summary: &str, code: &'static str, detail: &str| {
        ExampleBuilder::new()
            .summary(summary)
            .value(serde_json::to_value(crate::error::example(403, code, detail)).ok())
            .build()
    };
    ResponseBuilder::new()
        .description("`seat` names another seat than the token's, or (worker key) not a bot seat")
        .content(
            "application/problem+json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .examples_from_iter([
                    (
                        "not_your_seat",
                        example(
                            "Another seat than the token's",
                            "not_your_seat",
                            "your token is for seat 0, not 2",
                        ),
                    ),
                    (
                        "not_a_bot_seat",
                        example(
                            "The worker asked for a human seat",
                            "not_a_bot_seat",
                            "seat 0 is not a bot seat",
                        ),
                    ),
                ])
                .build(),
        )
        .build()
}

/// Whether `operation` takes the `seat` query parameter (a worker's or a
/// many-seated player's choice of seat).
fn takes_seat(operation: &Operation) -> bool {
    operation.parameters.iter().flatten().any(|parameter| {
        matches!(parameter, RefOr::T(p) if p.name == "seat" && p.parameter_in == ParameterIn::Query)
    })
}

/// A problem response with one example.
fn problem_response(
    description: &str,
    status: u16,
    code: &'static str,
    detail: &str,
) -> ResponseBuilder {
    let example = crate::error::example(status, code, detail);
    ResponseBuilder::new().description(description).content(
        "application/problem+json",
        ContentBuilder::new()
            .schema(Some(Ref::from_schema_name("Problem")))
            .example(serde_json::to_value(example).ok())
            .build(),
    )
}

/// Sets `operation`'s response for `status` unless its route documents one
/// of its own (a more particular reason).
fn add_unless_documented(operation: &mut Operation, status: u16, response: &Response) {
    operation
        .responses
        .responses
        .entry(status.to_string())
        .or_insert_with(|| response.clone().into());
}

/// Sets `operation`'s response for `status`.
fn add(operation: &mut Operation, status: u16, response: &Response) {
    operation
        .responses
        .responses
        .insert(status.to_string(), response.clone().into());
}

#[cfg(test)]
mod tests {
    /// Each path's 405 example refuses a method the path does not document
    /// and lists exactly the methods it does.
    #[test]
    fn each_405_example_lists_its_paths_methods() {
        let api = crate::openapi();
        let doc = serde_json::to_value(&api).expect("the document serializes");
        let paths = doc["paths"].as_object().expect("paths");
        assert!(!paths.is_empty());
        for (path, item) in paths {
            let item = item.as_object().expect("a path item");
            let mut documented: Vec<String> = item.keys().map(|m| m.to_uppercase()).collect();
            documented.sort();
            for (method, operation) in item {
                let detail =
                    operation["responses"]["405"]["content"]["application/problem+json"]["example"]
                        ["detail"]
                        .as_str()
                        .unwrap_or_else(|| panic!("{method} {path} documents no 405"));
                let (refused, allow) = detail
                    .split_once(" is not allowed here; allowed: ")
                    .expect("the 405 detail's form");
                assert_eq!(allow, documented.join(", "), "{method} {path}");
                assert!(!documented.iter().any(|m| m == refused), "{method} {path}");
            }
        }
    }
}
