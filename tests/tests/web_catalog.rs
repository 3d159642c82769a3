//! The web client's names and rules texts come from the rules catalog
//! (`GET /v1/rulesets/{id}`, issue 31), not from a copy of its own: no
//! module of `web/` spells a name the catalogs hold (a card, railcar,
//! station, equipment card, character, die, face, special role or module),
//! and the client reads the catalog endpoint. The brand in the title, the
//! names of the options it offers (the expansions, which the catalog does
//! not name) and the Locomotive's sides (which the catalog keys by name)
//! are the exceptions.

use std::collections::BTreeSet;

use serde_json::Value;

/// Names the client may write: what the catalog does not name, or keys by name.
const ALLOWED: &[(&str, &str)] = &[
    (
        "BANG!",
        "the brand in the page's title (also the BANG! card's name)",
    ),
    (
        "Gold Rush",
        "the expansion's name in the creation form (also an equipment card's)",
    ),
    ("Leland", "the catalog keys the Locomotive's sides by name"),
    (
        "Ironhorse",
        "the catalog keys the Locomotive's sides by name",
    ),
];

/// Every `name` in a catalog's lists.
fn names(catalog: &Value, out: &mut BTreeSet<String>) {
    for list in catalog.as_object().expect("an object").values() {
        for entry in list.as_array().into_iter().flatten() {
            if let Some(name) = entry.get("name").and_then(Value::as_str) {
                out.insert(name.to_string());
            }
        }
    }
}

#[test]
fn the_web_clients_names_come_from_the_rules_catalog() {
    let mut all = BTreeSet::new();
    for ruleset in engine::rulesets() {
        names(&ruleset.catalog(), &mut all);
    }
    assert!(
        all.contains("Calamity Janet") && all.contains("Bull's Eye 1"),
        "{all:?}"
    );
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../web");
    let mut reads_catalog = false;
    for entry in std::fs::read_dir(dir).expect("web/") {
        let path = entry.expect("a file").path();
        if path.extension().and_then(|e| e.to_str()) != Some("js") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a module");
        reads_catalog |= text.contains("/v1/rulesets/");
        for name in &all {
            if ALLOWED.iter().any(|(n, _)| n == name) {
                continue;
            }
            for quote in ['\'', '"', '`'] {
                let literal = format!("{quote}{name}{quote}");
                assert!(
                    !text.contains(&literal),
                    "{} spells {literal}: names come from the catalog",
                    path.display()
                );
            }
        }
    }
    assert!(reads_catalog, "no module reads /v1/rulesets/{{id}}");
}
