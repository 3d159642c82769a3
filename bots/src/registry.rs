//! The policies by name: the list the API and the simulator offer, and the one
//! place that makes a policy from its name.

use crate::normal::NormalPolicy;
use crate::policy::Policy;
use crate::random::RandomPolicy;

/// The policies by name, for the API and the simulator.
pub const POLICIES: &[&str] = &["random", "normal"];

/// The policy of a bot seat created without one.
pub const DEFAULT_POLICY: &str = "normal";

/// A policy by its name, seeded; `None` for an unknown name.
pub fn policy_by_name(name: &str, seed: u64) -> Option<Box<dyn Policy>> {
    match name {
        "random" => Some(Box::new(RandomPolicy::new(seed))),
        "normal" => Some(Box::new(NormalPolicy::new(seed))),
        _ => None,
    }
}
