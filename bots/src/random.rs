//! The `random` policy: uniformly random legal actions.

use engine::dice::{Action, View};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use crate::policy::Policy;

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
