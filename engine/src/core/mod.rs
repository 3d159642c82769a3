//! What every ruleset shares: seats and viewers, and the seeded RNG with its commitment.

mod rng;
mod viewer;

pub use rng::{GameRng, Seed, SeedParseError};
pub use viewer::{Seat, Viewer};
