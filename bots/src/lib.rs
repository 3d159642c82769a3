//! Bot policies and the in-process game runner used by the simulator.
//!
//! A policy is a pure function of what its seat may see (the redacted view) and the
//! legal actions, made deterministic by its own seeded RNG.

#![warn(missing_docs)]

pub mod card;
mod http;
pub mod lift;
pub mod normal;
pub mod players;
pub mod policy;
pub mod random;
pub mod records;
pub mod registry;
pub mod runner;
pub mod simulation;
pub mod strong;
pub mod worker;

pub use http::{http_client, http_get};
pub use normal::NormalPolicy;
pub use policy::Policy;
pub use random::RandomPolicy;
pub use registry::{DEFAULT_POLICY, POLICIES, Playable, policy_by_name};
pub use runner::{PlayedGame, bot_seats, play_dice_game, play_game};
pub use simulation::{Report, Simulation, Tally, simulate};
pub use strong::StrongPolicy;
