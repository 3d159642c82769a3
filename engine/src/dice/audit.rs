//! The provably-fair audit: with the revealed seed, every event of a log can be
//! re-derived by replaying the recorded actions through the rules (the one
//! audit of every ruleset, [`crate::core::verify_log`]).

use super::events::Event;
use crate::core::Seed;

/// Checks that `events` is exactly what the rules produce from `seed` and the
/// actions recorded in the log (and that `seed` matches the commitment).
///
/// Returns the index of the first event that does not match.
pub fn verify_log(events: &[Event], seed: Seed) -> Result<(), usize> {
    verify_log_with(events, |_| seed)
}

/// Like [`verify_log`] for a log whose outcomes were drawn with different seeds
/// over its life (a forked game): `seed_at(version)` is the seed in force when the
/// log held `version` events. The first event commits to `seed_at(0)`.
pub fn verify_log_with(events: &[Event], seed_at: impl Fn(u64) -> Seed) -> Result<(), usize> {
    crate::core::verify_log::<super::Dice>(events, &seed_at)
}
