//! Reaction windows, as every ruleset of the family has them: a moment when
//! one or more seats may answer out of turn (a special role in the dice game,
//! a Missed! or a Beer in the card game). Each seat answers by its private
//! standing orders or, if they say so, by hand; whoever is asked by hand may
//! have a live reaction time, after which the server closes the window with
//! its safe default. Whether a seat is asked depends only on public facts and
//! its own orders, never on what it holds.

use super::{Seat, SeatSet};

/// The longest live reaction time a game may have: a week, so that a
/// play-by-post table's response deadline (`"48h"`) fits.
pub const MAX_REACTION_SECONDS: u32 = 7 * 24 * 3600;

/// A live reaction time out of its range (1 second to a week), as every
/// ruleset refuses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("options.reaction_seconds: 1 to 604800 seconds (a week), not {0}")]
pub struct ReactionSecondsOutOfRange(pub u32);

/// Checks a game's live reaction time: the one validation of
/// `options.reaction_seconds` for every ruleset.
pub fn check_reaction_seconds(seconds: u32) -> Result<u32, ReactionSecondsOutOfRange> {
    if (1..=MAX_REACTION_SECONDS).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(ReactionSecondsOutOfRange(seconds))
    }
}

/// An open window that waits for someone: when it opened and who is still asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asking {
    /// The version (events folded) at which the window opened.
    pub opened: u64,
    /// The seats still asked to answer by hand.
    pub asked: SeatSet,
}

impl Asking {
    /// Whether `seat`, who saw the game at version `seen`, is still asked in
    /// this window: only other seats' answers came in since. Lets a seat's
    /// answer through although its `expected_version` is behind.
    pub fn still_asks(self, seat: Seat, seen: u64) -> bool {
        self.opened <= seen && self.asked.contains(seat)
    }

    /// When this window's live reaction time runs out: its opening version
    /// and the seconds allowed, if the game has a reaction time.
    pub fn deadline(self, reaction_seconds: Option<u32>) -> Option<(u64, u32)> {
        reaction_seconds.map(|s| (self.opened, s))
    }
}
