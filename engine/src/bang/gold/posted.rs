//! What a seat can post in Gold Rush, nested in the card game's actions
//! (`Action::Gold`) with its own `type` tags.

use serde::{Deserialize, Serialize};

use super::{Equip, Mode, NuggetUse};
use crate::bang::cards::Card;
use crate::core::Seat;

/// A seat's Gold Rush action: buying, selling and spending nuggets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::GoldAction))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Gold Rush, phase 2: buy the card in a market slot (GR-4.1). A brown
    /// card is used at once: `mode` for a Bottle or a Pardner, `target` and
    /// `in_play` as the effect needs (Shot: who heals); a Wanted goes in front
    /// of `target`. Pretty Luzena: `discount` uses her once-a-turn discount.
    #[cfg_attr(feature = "openapi", schema(title = "buy"))]
    Buy {
        /// The market slot, 0 to 2.
        slot: u8,
        /// How a Bottle or a Pardner is used.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mode: Option<Mode>,
        /// The target, for an effect or a Wanted that takes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        /// Panic!/Cat Balou modes: this card in play in front of the target
        /// (absent: a random card from his hand).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_play: Option<Card>,
        /// Pretty Luzena: 1 nugget less (once a turn).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        discount: bool,
    },
    /// Gold Rush, phase 2: pay cost + 1 to make another player discard a black
    /// equipment card (GR-4.2).
    #[cfg_attr(feature = "openapi", schema(title = "force_discard"))]
    ForceDiscard {
        /// Its owner.
        target: Seat,
        /// The equipment card.
        equipment: Equip,
    },
    /// Gold Rush, phase 2: discard a Beer from hand for 1 nugget (GR-4.3).
    #[cfg_attr(feature = "openapi", schema(title = "sell_beer"))]
    SellBeer {
        /// The Beer.
        card: Card,
    },
    /// Gold Rush, phase 2: an ability or equipment paid in nuggets — Gold Pan
    /// or Raddie Snake (draw 1), Jacky Murieta (a BANG! effect at `target`),
    /// Josh McCloud (the top equipment card), Rucksack (1 life; also in your
    /// dying window).
    #[cfg_attr(feature = "openapi", schema(title = "pay"))]
    Pay {
        /// What for.
        used: NuggetUse,
        /// Jacky Murieta: the player shot.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
    /// Gold Rush: Josh McCloud uses the equipment card he took, as a purchase
    /// would (`mode`, `target`, `in_play`).
    #[cfg_attr(feature = "openapi", schema(title = "use_equipment"))]
    UseEquipment {
        /// How a Bottle or a Pardner is used.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mode: Option<Mode>,
        /// The target, for an effect or a Wanted that takes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        /// Panic!/Cat Balou modes: this card in play in front of the target.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_play: Option<Card>,
    },
}

impl Action {
    /// The `type` tags of Gold Rush's actions (the card game's actions route
    /// these to this enum).
    pub const TAGS: &'static [&'static str] =
        &["buy", "force_discard", "sell_beer", "pay", "use_equipment"];
}
