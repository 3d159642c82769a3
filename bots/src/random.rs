//! The `random` policy: uniformly random legal actions, for every ruleset.

use engine::Ruleset;
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

impl<R: Ruleset> Policy<R> for RandomPolicy {
    fn name(&self) -> &'static str {
        "random"
    }

    fn observes(&self) -> bool {
        false
    }

    fn reads_view(&self) -> bool {
        false
    }

    fn choose(&mut self, _view: &R::View, legal: &[R::Action]) -> R::Action {
        legal[self.rng.random_range(0..legal.len())].clone()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
