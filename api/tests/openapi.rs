//! The checked-in `openapi/openapi.json` must be what the code generates.
//! Regenerate it with `cargo run -p api -- --openapi > openapi/openapi.json`.

#[test]
fn the_checked_in_openapi_document_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi/openapi.json");
    let checked_in = std::fs::read_to_string(path).expect("openapi/openapi.json exists");
    let generated = api::openapi_json();
    assert!(
        checked_in == generated,
        "openapi/openapi.json is stale: run `cargo run -p api -- --openapi > openapi/openapi.json`"
    );
}

#[test]
fn every_operation_documents_its_errors_as_problems() {
    let doc: serde_json::Value = serde_json::from_str(&api::openapi_json()).unwrap();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let responses = op["responses"].as_object().unwrap();
            assert!(!responses.is_empty(), "{method} {path}");
            for (status, response) in responses {
                if status.starts_with('4') {
                    assert!(
                        response["content"]["application/problem+json"].is_object(),
                        "{method} {path} {status} is not a problem document"
                    );
                }
            }
        }
    }
}
