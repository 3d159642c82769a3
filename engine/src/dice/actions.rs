//! What a seat can ask for. Every action answers the pending decision (see
//! [`super::Decision`]); `legal_actions` lists them ready to post.

use serde::{Deserialize, Serialize};

use super::faces::DiceMask;
use crate::core::Seat;

/// A seat's answer to the decision it is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Sid Ketchum: a living player gains 1 LP.
    Gift {
        /// Who gains.
        target: Seat,
    },
    /// The first roll of the turn: throw every die.
    Roll,
    /// Re-roll exactly these dice.
    Reroll {
        /// The dice to throw again, by index: `[0, 2]`.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        dice: DiceMask,
    },
    /// Stop rolling; the dice showing now are the final dice.
    Stop,
    /// Assign the next Bull's Eye result to a target.
    Shoot {
        /// The target.
        target: Seat,
        /// Slab the Killer: spend a Beer result to make this result cost 2 LP.
        #[serde(default)]
        double: bool,
    },
    /// Give the next Beer result to a living player.
    Beer {
        /// Who drinks.
        target: Seat,
    },
    /// Kit Carlson: return one arrow held by this player to the pile.
    Discard {
        /// Whose arrow.
        from: Seat,
    },
    /// Kit Carlson: return no more arrows.
    EndDiscards,
    /// Bart Cassidy: take this many arrows instead of losing as many LP.
    TakeArrows {
        /// Arrows to take (0 = lose every LP).
        count: u8,
    },
    /// Pedro Ramirez: return this many of his arrows to the pile.
    ReturnArrows {
        /// Arrows to return.
        count: u8,
    },
}

impl Action {
    /// Re-roll the listed dice.
    pub fn reroll(dice: &[u8]) -> Action {
        Action::Reroll {
            dice: DiceMask::of(dice),
        }
    }
}
