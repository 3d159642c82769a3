//! The coach's answer (`GET /v1/games/{id}/analysis`).

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::schemas::{RulesetAction, RulesetPending};

/// The analysis of one decision of one seat: each analysed action's
/// estimated win chance, from what the seat was shown.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "version": 41, "seat": 2,
    "decision": {"seat": 2, "decision": {"kind": "play"}, "reaction": false},
    "legal": 5, "budget_ms": 300,
    "actions": [
        {"action": {"type": "play", "card": 12, "target": 4}, "win_chance": 0.46, "playouts": 1200, "normal": true},
        {"action": {"type": "end_turn"}, "win_chance": 0.31, "playouts": 1200, "normal": false}
    ],
    "played": {"action": {"type": "end_turn"}, "win_chance": 0.31, "loss": 0.15}
}))]
pub struct Analysis {
    /// The position analysed: the game after this many events.
    pub version: u64,
    /// The seat whose decision it is.
    pub seat: u8,
    /// The seat's pending decision there, as the game lists it.
    #[schema(value_type = RulesetPending)]
    pub decision: Value,
    /// How many legal actions the seat had; more than `actions` lists when
    /// the analysis compared only some (the `normal` bot's choice and the
    /// one played always among them).
    pub legal: usize,
    /// The search's budget, in milliseconds on the reference machine.
    pub budget_ms: u32,
    /// The analysed actions, the likeliest to win first: the first is what
    /// the search would play.
    pub actions: Vec<ActionEstimate>,
    /// What the seat played there, once it has: its estimate and how much
    /// win chance it gave up against the search's best.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<PlayedEstimate>,
}

/// One analysed action.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActionEstimate {
    /// The action, as `GET /v1/games/{id}/actions` lists it.
    #[schema(value_type = RulesetAction)]
    pub action: Value,
    /// The share of its playouts the seat won (0 to 1).
    pub win_chance: f64,
    /// The playouts it was played in (the same sampled worlds for every
    /// action, so that their differences are not the worlds' luck).
    pub playouts: u32,
    /// Whether it is what the `normal` bot would play.
    pub normal: bool,
}

/// The action the seat played at the analysed decision.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlayedEstimate {
    /// The action.
    #[schema(value_type = RulesetAction)]
    pub action: Value,
    /// Its estimated win chance (absent if the analysis did not compare it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_chance: Option<f64>,
    /// The search's best estimate less this one (0: the search agrees).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss: Option<f64>,
}
