//! What a seat can ask for. Every action answers the pending decision (see
//! [`super::Decision`]); `legal_actions` lists them ready to post.

use serde::{Deserialize, Serialize};

use super::faces::{DiceMask, DieKind, Face};
use super::specials::{Orders, Power};
use crate::core::Seat;

/// A seat's answer to the decision it is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Action))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Sid Ketchum: a living player gains 1 LP.
    #[cfg_attr(feature = "openapi", schema(title = "gift"))]
    Gift {
        /// Who gains.
        target: Seat,
    },
    /// The first roll of the turn: throw every die.
    #[cfg_attr(feature = "openapi", schema(title = "roll"))]
    Roll {
        /// Loudmouth and Coward: take the Loudmouth or the Coward this turn (in
        /// place of a base die; on top of them for José Delgado and Tequila Joe).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        saloon: Option<DieKind>,
    },
    /// With the Chief's Arrow: take a token from the pile, the Chief's Arrow or
    /// a regular arrow. For Apache Kid, `chief` with the Chief's Arrow held by
    /// another player takes it from that player instead.
    #[cfg_attr(feature = "openapi", schema(title = "take_token"))]
    TakeToken {
        /// Whether to take the Chief's Arrow.
        chief: bool,
    },
    /// New characters: Elena Fuente hands one Arrow of this roll to another
    /// living player, who takes it from the pile before her (she picks the
    /// token).
    #[cfg_attr(feature = "openapi", schema(title = "give_arrow"))]
    GiveArrow {
        /// The receiver.
        to: Seat,
        /// With the Chief's Arrow: whether he gets it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chief: bool,
    },
    /// New characters: Elena Fuente keeps all of this roll's Arrows.
    #[cfg_attr(feature = "openapi", schema(title = "keep_arrows"))]
    KeepArrows,
    /// Ghost: the Ghost gives the token of one of his final faces to a living
    /// player (with the double token when both dice match).
    #[cfg_attr(feature = "openapi", schema(title = "ghost_gift"))]
    GhostGift {
        /// The face (one the Ghost's dice show).
        face: Face,
        /// The receiver.
        to: Seat,
    },
    /// New characters: Molly Stark takes over this player's whole loss in the
    /// batch.
    #[cfg_attr(feature = "openapi", schema(title = "take_over"))]
    TakeOver {
        /// Whose loss.
        from: Seat,
    },
    /// New characters: Molly Stark takes over no more losses.
    #[cfg_attr(feature = "openapi", schema(title = "end_take_over"))]
    EndTakeOver,
    /// Loudmouth and Coward: for a Broken Arrow, one regular arrow of this living
    /// player goes back to the pile.
    #[cfg_attr(feature = "openapi", schema(title = "break_arrow"))]
    BreakArrow {
        /// Whose arrow.
        from: Seat,
    },
    /// Re-roll exactly these dice.
    #[cfg_attr(feature = "openapi", schema(title = "reroll"))]
    Reroll {
        /// The dice to throw again, by index: `[0, 2]`.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        dice: DiceMask,
    },
    /// Stop rolling; the dice showing now are the final dice.
    #[cfg_attr(feature = "openapi", schema(title = "stop"))]
    Stop,
    /// Assign the next Bull's Eye result to a target.
    #[cfg_attr(feature = "openapi", schema(title = "shoot"))]
    Shoot {
        /// The target.
        target: Seat,
        /// Slab the Killer: spend a Beer result to make this result cost 2 LP.
        #[serde(default)]
        double: bool,
    },
    /// Give the next Beer result to a living player.
    #[cfg_attr(feature = "openapi", schema(title = "beer"))]
    Beer {
        /// Who drinks.
        target: Seat,
    },
    /// Kit Carlson: return one token held by this player to the pile.
    #[cfg_attr(feature = "openapi", schema(title = "discard"))]
    Discard {
        /// Whose token.
        from: Seat,
        /// With the Chief's Arrow: the Chief's Arrow rather than a regular arrow.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chief: bool,
    },
    /// Kit Carlson: return no more arrows.
    #[cfg_attr(feature = "openapi", schema(title = "end_discards"))]
    EndDiscards,
    /// Bart Cassidy: take this many tokens instead of losing as many LP.
    #[cfg_attr(feature = "openapi", schema(title = "take_arrows"))]
    TakeArrows {
        /// Tokens to take (0 = lose every LP).
        count: u8,
        /// With the Chief's Arrow: whether one of them is the Chief's Arrow.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chief: bool,
    },
    /// Pedro Ramirez: return this many of his tokens to the pile.
    #[cfg_attr(feature = "openapi", schema(title = "return_arrows"))]
    ReturnArrows {
        /// Tokens to return.
        count: u8,
        /// With the Chief's Arrow: whether one of them is the Chief's Arrow.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chief: bool,
    },
    /// Special roles: answer an open window without revealing anything.
    #[cfg_attr(feature = "openapi", schema(title = "pass"))]
    Pass,
    /// Special roles: answer an open window by turning your special role card
    /// face up and using its power.
    #[cfg_attr(feature = "openapi", schema(title = "reveal"))]
    Reveal {
        /// The power and its choices.
        power: Power,
    },
    /// Special roles: saved by The Left Hand, return all your tokens to the pile.
    #[cfg_attr(feature = "openapi", schema(title = "return_tokens"))]
    ReturnTokens,
    /// Special roles: saved by The Left Hand, keep your tokens.
    #[cfg_attr(feature = "openapi", schema(title = "keep_tokens"))]
    KeepTokens,
    /// Special roles: set your private standing orders, which answer windows
    /// for you. Accepted at any time while the game runs; never listed as a
    /// legal action.
    #[cfg_attr(feature = "openapi", schema(title = "set_orders"))]
    SetOrders {
        /// The orders (fields left out keep the seat's default).
        orders: Orders,
    },
}

impl Action {
    /// The first roll with base dice only.
    pub const ROLL: Action = Action::Roll { saloon: None };

    /// Re-roll the listed dice.
    pub fn reroll(dice: &[u8]) -> Action {
        Action::Reroll {
            dice: DiceMask::of(dice),
        }
    }
}
