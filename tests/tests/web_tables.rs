//! The web client's names of things (`web/tables.js`) are the engine's own
//! tables: card names, values and suits, equipment, railcars, stations and
//! characters. The client cannot ask the API for them (cards are numbers in
//! views and actions), so it carries a copy, and this test keeps the copy
//! true. `UPDATE_WEB_TABLES=1 cargo test -p tests --test web_tables` writes it.

use std::fmt::Write;

use engine::bang::gold::equipment::{all_equipment, cost, equip_kind};
use engine::bang::history::{card_name, suit_value};
use engine::bang::train::railcars::{all_railcars, railcar};
use engine::bang::train::stations::{all_stations, station};

/// A JSON string literal.
fn lit(text: &str) -> String {
    serde_json::to_string(text).expect("a string")
}

/// An enum value's name as the API writes it.
macro_rules! key {
    ($value:expr) => {
        serde_json::to_value($value)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .expect("a unit variant")
    };
}

/// `web/tables.js` as the engine's tables make it.
fn tables() -> String {
    let mut out = String::from(
        "// Generated from the engine's tables by tests/tests/web_tables.rs: do not edit\n\
         // (UPDATE_WEB_TABLES=1 cargo test -p tests --test web_tables).\n",
    );
    out.push_str(
        "// Playing cards by id: [name, value and suit, border].\nexport const CARDS = {\n",
    );
    for info in engine::bang::CARDS.iter() {
        let border = key!(&info.kind.info().border);
        writeln!(
            out,
            "  {}: [{}, {}, {}],",
            info.id,
            lit(card_name(info.id)),
            lit(&suit_value(info.id)),
            lit(&border)
        )
        .unwrap();
    }
    out.push_str("};\n// Gold Rush equipment by id: [name, cost].\nexport const EQUIPMENT = {\n");
    for id in all_equipment() {
        let name = equip_kind(id).info().name;
        writeln!(out, "  {id}: [{}, {}],", lit(name), cost(id)).unwrap();
    }
    out.push_str("};\n// Railcars by card id.\nexport const RAILCARS = {\n");
    for id in all_railcars() {
        let name = railcar(id).map_or("?", |r| r.name);
        writeln!(out, "  {id}: {},", lit(name)).unwrap();
    }
    out.push_str("};\n// Stations by id.\nexport const STATIONS = {\n");
    for id in all_stations() {
        writeln!(out, "  {id}: {},", lit(station(id).name)).unwrap();
    }
    out.push_str("};\n// Characters of both games by API name.\nexport const CHARACTERS = {\n");
    let mut names: Vec<(String, &str)> = engine::bang::CHARACTERS
        .iter()
        .map(|c| (key!(&c.character), c.name))
        .chain(
            engine::dice::CHARACTERS
                .iter()
                .map(|c| (key!(&c.character), c.name)),
        )
        .collect();
    names.sort();
    names.dedup_by(|a, b| a.0 == b.0);
    for (api, name) in names {
        writeln!(out, "  {api}: {},", lit(name)).unwrap();
    }
    out.push_str("};\n");
    out
}

#[test]
fn the_web_clients_tables_are_the_engines() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/tables.js");
    let want = tables();
    if std::env::var_os("UPDATE_WEB_TABLES").is_some() {
        std::fs::write(path, &want).expect("write web/tables.js");
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "web/tables.js differs from the engine's tables: \
         UPDATE_WEB_TABLES=1 cargo test -p tests --test web_tables"
    );
}
