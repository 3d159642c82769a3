//! The rules catalog's bodies (`GET /v1/rulesets`, `GET /v1/rulesets/{id}`).

use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

/// How many players a game of a ruleset may have.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlayerRange {
    /// The fewest.
    pub min: u8,
    /// The most.
    pub max: u8,
}

/// A ruleset this server plays.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"id": "dice", "name": "BANG! The Dice Game", "players": {"min": 3, "max": 8}, "engine": "engine/0.2.0"}))]
pub struct RulesetInfo {
    /// Its id, as `POST /v1/games` takes it.
    pub id: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// How many players a game may have.
    pub players: PlayerRange,
    /// The rules engine that plays it (its catalog's version).
    pub engine: &'static str,
}

/// `GET /v1/rulesets`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RulesetList {
    /// Every ruleset, by id.
    pub rulesets: Vec<RulesetInfo>,
}

/// `GET /v1/rulesets/{id}`: a ruleset and its catalog.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RulesetCatalog {
    /// Its id, as `POST /v1/games` takes it.
    pub id: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// How many players a game may have.
    pub players: PlayerRange,
    /// The rules engine that plays it (its catalog's version).
    pub engine: &'static str,
    /// The JSON Schema of its `options` object, as `POST /v1/games` takes
    /// it: every option with its type, allowed values and description.
    #[schema(value_type = Object)]
    pub options: Value,
    /// Every card, die, character, role and module of the game, with its
    /// rules text and the section of the rules it comes from. The ids are
    /// those of the game's views, events and actions.
    #[schema(value_type = crate::schemas::RulesetCatalogBody)]
    pub catalog: Value,
}

/// An example catalog entry, for the document.
pub fn example_catalog() -> Value {
    json!({
        "id": "bang",
        "name": "BANG!",
        "players": {"min": 3, "max": 8},
        "engine": engine::ENGINE_VERSION,
        "options": {"type": "object", "properties": {"expansions": {"type": ["array", "null"], "items": {"type": "string"},
            "description": "Expansions in play, alone or together: `gold_rush`, `train_robbery`, `dodge_city`."}}, "additionalProperties": false},
        "catalog": {
            "cards": [{"id": 80, "name": "Winchester", "kind": "winchester", "suit": "spades", "value": "8",
                "border": "blue", "reach": 5, "target": "in front of yourself (weapon)",
                "text": "Weapon, reach 5.", "rule": "bang.md §2.1"}],
            "characters": [{"id": "willy_the_kid", "name": "Willy the Kid", "life": 4,
                "text": "May play any number of BANG! cards in his turn.", "rule": "bang.md §3 C16"}],
            "roles": [{"id": "sheriff", "goal": "Every Outlaw and every Renegade has been eliminated while the Sheriff is in play.", "rule": "bang.md §4.2"}],
            "railcars": [], "stations": [], "locomotive": [], "equipment": []
        }
    })
}
