//! What every ruleset shares: the [`Ruleset`] shape itself, seats and
//! viewers, the seeded RNG with its commitment, the family's roles and sides,
//! reaction windows, the decision loop and the audit that re-derives a log.

mod recorder;
mod rng;
mod roles;
mod ruleset;
mod seats;
mod viewer;
mod window;

pub use recorder::{MAX_STEPS, Recorder, Step, record};
pub use rng::{GameRng, Seed, SeedParseError};
pub use roles::{Role, Team};
pub use ruleset::{Decided, PlayError, Ruleset, Winners, expire, verify_log};
pub use seats::{MAX_SEATS, SeatSet, SeatSpec};
pub use viewer::{Seat, Viewer};
pub use window::Asking;
