//! The rules catalog over HTTP (issue 31): `GET /v1/rulesets` lists the
//! rulesets, `GET /v1/rulesets/{id}` gives every card, die, character, role,
//! equipment card, railcar, station and module of a game with its rules
//! text, with an ETag a client revalidates and a day's max-age.

use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use serde_json::Value;
use tests::TestServer;

/// Every entry of `list` has a non-empty `field`.
fn all_have(list: &Value, field: &str, what: &str) -> usize {
    let items = list.as_array().unwrap_or_else(|| panic!("{what}: a list"));
    for item in items {
        assert!(
            item[field].as_str().is_some_and(|s| !s.is_empty()),
            "{what}: {item} has no {field}"
        );
    }
    items.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_ruleset_serves_its_catalog_with_a_text_for_everything() {
    let server = TestServer::start().await;
    let c = server.client();
    let (status, list) = c.get("/v1/rulesets", None).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let ids: Vec<&str> = list["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(ids, ["dice", "bang"]);
    assert_eq!(list["rulesets"][1]["players"]["min"], 3);
    assert_eq!(list["rulesets"][1]["players"]["max"], 8);

    let (status, bang) = c.get("/v1/rulesets/bang", None).await;
    assert_eq!(status, StatusCode::OK, "{bang}");
    assert_eq!(bang["name"], "BANG!");
    // The options a game takes, as a JSON Schema with every reference in place.
    let options = &bang["options"]["properties"];
    for option in [
        "expansions",
        "variants",
        "mode",
        "character_choice",
        "reaction_seconds",
    ] {
        assert!(options[option]["description"].is_string(), "{option}");
    }
    assert!(!bang["options"].to_string().contains("$ref"));
    let cat = &bang["catalog"];
    assert_eq!(all_have(&cat["cards"], "text", "cards"), 136);
    assert_eq!(all_have(&cat["characters"], "text", "characters"), 47);
    assert_eq!(all_have(&cat["equipment"], "text", "equipment"), 24);
    assert_eq!(all_have(&cat["railcars"], "text", "railcars"), 16);
    assert_eq!(all_have(&cat["stations"], "text", "stations"), 13);
    assert_eq!(all_have(&cat["roles"], "goal", "roles"), 4);
    for list in ["cards", "characters", "equipment", "railcars", "stations"] {
        all_have(&cat[list], "rule", list);
        all_have(&cat[list], "name", list);
    }
    // The ids are the game's: card 1 is the Q♥ BANG!, railcar 108 the Ghost Car.
    assert_eq!(
        (
            &cat["cards"][0]["id"],
            &cat["cards"][0]["name"],
            &cat["cards"][0]["value"],
            &cat["cards"][0]["suit"]
        ),
        (
            &Value::from(1),
            &Value::from("BANG!"),
            &Value::from("Q"),
            &Value::from("hearts")
        )
    );
    let ghost = cat["railcars"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == 108)
        .unwrap();
    assert_eq!(ghost["name"], "Ghost Car");

    let (status, dice) = c.get("/v1/rulesets/dice", None).await;
    assert_eq!(status, StatusCode::OK, "{dice}");
    let modules = &dice["options"]["properties"]["modules"]["items"]["enum"];
    assert_eq!(
        modules.as_array().map(Vec::len),
        Some(5),
        "{}",
        dice["options"]
    );
    assert!(!dice["options"].to_string().contains("$ref"));
    let cat = &dice["catalog"];
    assert_eq!(all_have(&cat["faces"], "text", "faces"), 12);
    assert_eq!(all_have(&cat["characters"], "text", "characters"), 24);
    assert_eq!(all_have(&cat["special_roles"], "text", "special roles"), 9);
    assert_eq!(all_have(&cat["modules"], "text", "modules"), 5);
    assert_eq!(all_have(&cat["roles"], "goal", "roles"), 4);
    assert_eq!(cat["dice"].as_array().unwrap().len(), 3);

    let (status, problem) = c.get("/v1/rulesets/poker", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(problem["code"], "not_found");
    assert!(problem["detail"].as_str().unwrap().contains("`dice`"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_catalog_is_cached_for_a_day_and_revalidated_by_its_etag() {
    let server = TestServer::start().await;
    let http = bots::http_client().build().expect("an HTTP client");
    let url = format!("{}/v1/rulesets/bang", server.base);
    let first = http.get(&url).send().await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let etag = first.headers()[ETAG].to_str().unwrap().to_string();
    assert!(etag.contains(engine::ENGINE_VERSION.trim_start_matches("engine/")));
    assert_eq!(first.headers()[CACHE_CONTROL], "public, max-age=86400");
    let again = http
        .get(&url)
        .header(IF_NONE_MATCH, &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()[ETAG].to_str().unwrap(), etag);
    let other = http
        .get(&url)
        .header(IF_NONE_MATCH, "\"something-else\"")
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::OK);
}
