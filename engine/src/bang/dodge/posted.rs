//! What a seat can post in Dodge City, nested in the card game's actions
//! (`Action::Dodge`) with its own `type` tags.

use serde::{Deserialize, Serialize};

use crate::bang::cards::Card;
use crate::bang::characters::Character;
use crate::core::Seat;

/// A seat's Dodge City action: a green card used, a card played with
/// another discarded, a Brawl's choice, a character's ability.
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
    /// Phase 2: play `card` (Springfield, Rag Time, Brawl, Tequila,
    /// Whisky), discarding `discard`, another card from your hand, with it
    /// (DC-4).
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
    /// Brawl (DC-4.3): the next player loses this card in play of his, or
    /// (absent) a random card from his hand.
    #[cfg_attr(feature = "openapi", schema(title = "brawl"))]
    Brawl {
        /// The card in play taken (absent: a random hand card).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_play: Option<Card>,
    },
    /// Chuck Wengam (DC04), in his phase 2: lose 1 life (never the last)
    /// to draw 2 cards.
    #[cfg_attr(feature = "openapi", schema(title = "chuck_wengam"))]
    ChuckWengam,
    /// Doc Holyday (DC05), once in his phase 2: discard two hand cards for
    /// a BANG! effect at a player within reach (no BANG! card).
    #[cfg_attr(feature = "openapi", schema(title = "doc_holyday"))]
    DocHolyday {
        /// The two cards, lower id first.
        cards: [Card; 2],
        /// The player shot.
        target: Seat,
    },
    /// José Delgado (DC09), twice in his phase 2: discard a blue card from
    /// hand to draw 2.
    #[cfg_attr(feature = "openapi", schema(title = "jose_delgado"))]
    JoseDelgado {
        /// The blue card.
        card: Card,
    },
    /// Pat Brennan (DC11), in phase 1 instead of drawing: take this card in
    /// play in front of another player into your hand.
    #[cfg_attr(feature = "openapi", schema(title = "pat_brennan"))]
    PatBrennan {
        /// Whose card.
        target: Seat,
        /// The card in play.
        card: Card,
    },
    /// Vera Custer (DC15), at the start of her turn: have this other
    /// character's ability until her next choice.
    #[cfg_attr(feature = "openapi", schema(title = "copy"))]
    Copy {
        /// A character in play, not her own.
        character: Character,
    },
}

impl Action {
    /// Its `type` tags, in the order serde names them.
    pub const TAGS: &'static [&'static str] = &[
        "use_green",
        "play_with_discard",
        "brawl",
        "chuck_wengam",
        "doc_holyday",
        "jose_delgado",
        "pat_brennan",
        "copy",
    ];
}
