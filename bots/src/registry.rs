//! The policies by name, per ruleset: the list the API and the simulator
//! offer, and the one place that makes a policy from its name.

use engine::bang::Bang;
use engine::dice::Dice;

use crate::card::NormalCardPolicy;
use crate::normal::NormalPolicy;
use crate::policy::Policy;
use crate::random::RandomPolicy;
use crate::strong::{Budget, Determinize, StrongPolicy};

/// A ruleset the bots can play: its policies by name. Adding a ruleset's
/// bots is this impl and one line in [`crate::players::bot_rulesets`].
pub trait Playable: Determinize {
    /// The policies by name, for the API and the simulator.
    const POLICIES: &'static [&'static str];
    /// The policy of a bot seat created without one.
    const DEFAULT_POLICY: &'static str;
    /// A policy by its name, seeded; `None` for an unknown name.
    fn policy(name: &str, seed: u64) -> Option<Box<dyn Policy<Self>>> {
        Self::budgeted(name, seed, None)
    }
    /// A policy by its name, seeded, a `strong` one thinking about
    /// `budget_ms` milliseconds a decision (`None`: its default; other
    /// policies do not search and ignore it); `None` for an unknown name.
    fn budgeted(name: &str, seed: u64, budget_ms: Option<u32>) -> Option<Box<dyn Policy<Self>>>;
}

impl Playable for Dice {
    const POLICIES: &'static [&'static str] = &["random", "normal", "strong"];
    const DEFAULT_POLICY: &'static str = "normal";

    fn budgeted(name: &str, seed: u64, budget_ms: Option<u32>) -> Option<Box<dyn Policy<Dice>>> {
        match name {
            "random" => Some(Box::new(RandomPolicy::new(seed))),
            "normal" => Some(Box::new(NormalPolicy::new(seed))),
            "strong" => Some(Box::new(StrongPolicy::<Dice>::with_budget(
                seed,
                Budget::of_seat::<Dice>(budget_ms),
            ))),
            _ => None,
        }
    }
}

impl Playable for Bang {
    const POLICIES: &'static [&'static str] = &["random", "normal", "strong"];
    const DEFAULT_POLICY: &'static str = "normal";

    fn budgeted(name: &str, seed: u64, budget_ms: Option<u32>) -> Option<Box<dyn Policy<Bang>>> {
        match name {
            "random" => Some(Box::new(RandomPolicy::new(seed))),
            "normal" => Some(Box::new(NormalCardPolicy::new())),
            "strong" => Some(Box::new(StrongPolicy::<Bang>::with_budget(
                seed,
                Budget::of_seat::<Bang>(budget_ms),
            ))),
            _ => None,
        }
    }
}

/// The dice game's policies by name.
pub const POLICIES: &[&str] = <Dice as Playable>::POLICIES;

/// The policy of a dice bot seat created without one.
pub const DEFAULT_POLICY: &str = <Dice as Playable>::DEFAULT_POLICY;

/// A dice policy by its name, seeded; `None` for an unknown name.
pub fn policy_by_name(name: &str, seed: u64) -> Option<Box<dyn Policy>> {
    Dice::policy(name, seed)
}
