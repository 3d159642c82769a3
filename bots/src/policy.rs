//! The [`Policy`] trait and the policies it has.

use engine::dice::{Action, Event, View};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// A bot playing one seat: picks one of its legal actions.
///
/// Deterministic given its seed and what it was shown: the events its seat may
/// see (in order, each once) and, at each decision, its seat's view.
pub trait Policy: Send {
    /// The policy's name as the API and `simulate` spell it.
    fn name(&self) -> &'static str;
    /// Shows the policy the next event of its game, redacted for its seat.
    fn observe(&mut self, _event: &Event) {}
    /// Whether [`Policy::observe`] does anything (lets runners skip the events).
    fn observes(&self) -> bool {
        true
    }
    /// Whether [`Policy::choose`] reads its view (lets runners skip building it
    /// and pass a blank one).
    fn reads_view(&self) -> bool {
        true
    }
    /// Picks an action from `legal` (never empty), seeing only `view`.
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action;
}

/// Uniformly random legal actions: the fuzzing baseline.
pub struct RandomPolicy {
    rng: ChaCha8Rng,
}

impl RandomPolicy {
    /// A random policy with its own seed.
    pub fn new(seed: u64) -> RandomPolicy {
        RandomPolicy {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Policy for RandomPolicy {
    fn name(&self) -> &'static str {
        "random"
    }

    fn observes(&self) -> bool {
        false
    }

    fn reads_view(&self) -> bool {
        false
    }

    fn choose(&mut self, _view: &View, legal: &[Action]) -> Action {
        legal[self.rng.random_range(0..legal.len())]
    }
}

/// The policies by name, for the API and the simulator.
pub const POLICIES: &[&str] = &["random", "normal"];

/// The policy of a bot seat created without one.
pub const DEFAULT_POLICY: &str = "normal";

/// A policy by its name, seeded; `None` for an unknown name.
pub fn policy_by_name(name: &str, seed: u64) -> Option<Box<dyn Policy>> {
    match name {
        "random" => Some(Box::new(RandomPolicy::new(seed))),
        "normal" => Some(Box::new(crate::normal::NormalPolicy::new(seed))),
        _ => None,
    }
}
