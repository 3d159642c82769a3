//! What every ruleset shares: seats and viewers, the seeded RNG with its
//! commitment, and the family's roles and sides.

mod rng;
mod roles;
mod seats;
mod viewer;

pub use rng::{GameRng, Seed, SeedParseError};
pub use roles::{Role, Team};
pub use seats::{MAX_SEATS, SeatSet, SeatSpec};
pub use viewer::{Seat, Viewer};
