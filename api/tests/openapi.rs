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

/// Every option a ruleset takes as `null` (meaning its default) is typed
/// nullable in the document, and every option it refuses as `null` is not:
/// a client generated from the document sends what the server takes.
#[test]
fn options_say_whether_they_take_null() {
    use engine::Ruleset;
    let doc: serde_json::Value = serde_json::from_str(&api::openapi_json()).unwrap();
    let check = |schema: &str, takes: &dyn Fn(&serde_json::Value) -> bool| {
        let properties = doc["components"]["schemas"][schema]["properties"]
            .as_object()
            .unwrap_or_else(|| panic!("{schema} has properties"));
        for (name, property) in properties {
            let nullable = property["type"]
                .as_array()
                .is_some_and(|types| types.iter().any(|t| t == "null"));
            let taken = takes(&serde_json::json!({ name: null }));
            assert_eq!(
                nullable, taken,
                "{schema}.{name}: nullable in the document, taken as null"
            );
        }
    };
    check("bang.Options", &|o| {
        engine::bang::Bang::config(5, o, Vec::new()).is_ok()
    });
    check("dice.Options", &|o| {
        engine::dice::Dice::config(5, o, Vec::new()).is_ok()
    });
}
