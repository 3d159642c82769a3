//! What a seat can post in Dodge City, nested in the card game's actions
//! (`Action::Dodge`) with its own `type` tags.

use serde::{Deserialize, Serialize};

use crate::bang::cards::Card;
use crate::core::Seat;

/// A seat's Dodge City action: a green card used, a card played with
/// another discarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::DodgeAction))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Use a green card of yours in play (DC-3.3): it is discarded and its
    /// effect happens. In your phase 2, or when shot for the ones with a
    /// Missed! symbol (Bible, Iron Plate, Sombrero, Ten Gallon Hat).
    #[cfg_attr(feature = "openapi", schema(title = "use_green"))]
    UseGreen {
        /// The green card.
        card: Card,
        /// Its target, for a card that takes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        /// Can Can and Conestoga: this card in play in front of the target
        /// (absent: a random card from his hand).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_play: Option<Card>,
    },
    /// Phase 2: play `card` (Springfield, Rag Time, Tequila, Whisky),
    /// discarding `discard`, another card from your hand, with it (DC-4).
    #[cfg_attr(feature = "openapi", schema(title = "play_with_discard"))]
    PlayWithDiscard {
        /// The card played.
        card: Card,
        /// The other hand card discarded with it (first, DC-4.2).
        discard: Card,
        /// Its target, for a card that takes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        /// Rag Time: this card in play in front of the target (absent: a
        /// random card from his hand).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_play: Option<Card>,
    },
}

impl Action {
    /// Its `type` tags, in the order serde names them.
    pub const TAGS: &'static [&'static str] = &["use_green", "play_with_discard"];
}
