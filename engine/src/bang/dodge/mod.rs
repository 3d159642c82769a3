//! Dodge City (`rules/dodge-city.md`): 40 playing cards (ids 201–240) with
//! the green-bordered cards, which wait a turn in play and are then used by
//! discarding them (DC-3), and the brown cards played with another card
//! discarded (DC-4).
//!
//! It plugs into the base rules through the hooks (`hooks.rs`): its cards'
//! plays and uses are listed in `legal.rs`, carried out in `effects.rs`;
//! its own events (`events.rs`) and actions (`posted.rs`) are nested in the
//! base's with their own tags.
//!
//! Not playable yet: its 15 characters (their table rows and texts are in
//! the base's tables) and its bots are still to come, so a game's options
//! may not name it ([`hooks::DodgeCity`]'s check says so).

mod cards;
mod effects;
mod events;
pub(crate) mod hooks;
mod legal;
mod posted;
pub(crate) mod texts;

pub use cards::{CARD_TABLE, CARDS, FIRST, LAST, card, is_dodge_card};
pub use events::Event as DodgeEvent;
pub use posted::Action as DodgeAction;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::bang::cards::Card;
use crate::core::Seat;

/// The expansion's id in `options.expansions`.
pub const EXPANSION: &str = "dodge_city";

/// How many green cards Dodge City has (the most that can wait at once).
pub const GREEN_CARDS: usize = 14;

/// The Dodge City part of a game's state (empty without the expansion).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dodge {
    /// The green cards put into play this turn, which cannot be used before
    /// it ends (DC-3.2, D-DC3), with their holders.
    pub waiting: ArrayVec<(Seat, Card), GREEN_CARDS>,
}

impl Dodge {
    /// Whether `card` is waiting (put into play this turn).
    pub fn is_waiting(&self, card: Card) -> bool {
        self.waiting.iter().any(|&(_, c)| c == card)
    }

    /// The table as every viewer sees it.
    pub fn view(&self) -> DodgeView {
        DodgeView {
            waiting: self.waiting.iter().map(|&(_, c)| c).collect(),
        }
    }
}

/// Dodge City's part of the table as every viewer sees it: all public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::DodgeView))]
pub struct DodgeView {
    /// The green cards in play that cannot be used before this turn ends
    /// (put into play this turn, DC-3.2).
    pub waiting: Vec<Card>,
}
