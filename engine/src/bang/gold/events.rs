//! Gold Rush's events: facts of the equipment deck, the market and the
//! nuggets, nested in the card game's log as [`crate::bang::Event::Gold`]
//! with their own `type` tags (the log is as it was when they were listed
//! among the base's). Folded by `fold.rs`, told by the history's
//! `gold_rush.rs`.

use serde::{Deserialize, Serialize};

use super::{Equip, Mode, NuggetSource, NuggetUse};
use crate::bang::cards::Card;
use crate::bang::events::ExpansionEvent;
use crate::bang::state::State;
use crate::core::{Seat, Viewer};

/// A fact of Gold Rush in a card game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::GoldEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Gold Rush: the equipment deck was (re)built face down from shuffled
    /// cards (all 24 at setup, the returned ones when only they remain).
    /// `order` lists it from the top; hidden from every seat and spectator.
    #[cfg_attr(feature = "openapi", schema(title = "equipment_shuffled"))]
    EquipmentShuffled {
        /// The new equipment deck, top card first (`null` where hidden).
        order: Vec<Option<Equip>>,
    },
    /// Gold Rush: the top equipment card was turned face up into a market slot.
    #[cfg_attr(feature = "openapi", schema(title = "market_filled"))]
    MarketFilled {
        /// The slot, 0 to 2 left to right.
        slot: u8,
        /// The card.
        equipment: Equip,
    },
    /// Gold Rush: a player bought a market card and paid for it (GR-4.1). A
    /// black card goes into play (a Wanted in front of `target`); a brown one
    /// acts as `mode` says and goes face up to the bottom of the equipment deck.
    #[cfg_attr(feature = "openapi", schema(title = "equipment_bought"))]
    EquipmentBought {
        /// Who.
        seat: Seat,
        /// The market slot, 0 to 2.
        slot: u8,
        /// The card.
        equipment: Equip,
        /// Nuggets paid.
        paid: u8,
        /// How a Bottle or a Pardner is used.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mode: Option<Mode>,
        /// Its target, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
    /// Gold Rush: Josh McCloud took the top equipment card (shown to all, GC4).
    #[cfg_attr(feature = "openapi", schema(title = "equipment_taken"))]
    EquipmentTaken {
        /// Josh McCloud.
        seat: Seat,
        /// The card.
        equipment: Equip,
    },
    /// Gold Rush: Josh McCloud used the card he took, as `mode` says: a black
    /// card goes into play (a Wanted in front of `target`), a brown one acts
    /// and goes face up to the bottom of the equipment deck.
    #[cfg_attr(feature = "openapi", schema(title = "equipment_used"))]
    EquipmentUsed {
        /// Josh McCloud.
        seat: Seat,
        /// The card.
        equipment: Equip,
        /// How a Bottle or a Pardner is used.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mode: Option<Mode>,
        /// Its target, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
    /// Gold Rush: equipment went face up to the bottom of the equipment deck,
    /// in order: from in front of `seat` (elimination, the Deputy penalty), or
    /// Josh McCloud's card he could not use.
    #[cfg_attr(feature = "openapi", schema(title = "equipment_returned"))]
    EquipmentReturned {
        /// Whose.
        seat: Seat,
        /// The cards.
        equipment: Vec<Equip>,
    },
    /// Gold Rush: `seat` paid cost + 1 to make `owner` discard a black card
    /// (GR-4.2); it goes face up to the bottom of the equipment deck.
    #[cfg_attr(feature = "openapi", schema(title = "equipment_forced"))]
    EquipmentForced {
        /// Who paid.
        seat: Seat,
        /// Whose card.
        owner: Seat,
        /// The card.
        equipment: Equip,
        /// Nuggets paid.
        paid: u8,
    },
    /// Gold Rush: a player took nuggets from the heap.
    #[cfg_attr(feature = "openapi", schema(title = "nuggets_gained"))]
    NuggetsGained {
        /// Who.
        seat: Seat,
        /// How many.
        amount: u8,
        /// Why.
        source: NuggetSource,
    },
    /// Gold Rush: a player paid nuggets to the heap for an ability or equipment.
    #[cfg_attr(feature = "openapi", schema(title = "nuggets_paid"))]
    NuggetsPaid {
        /// Who.
        seat: Seat,
        /// How many.
        amount: u8,
        /// What for.
        used: NuggetUse,
    },
    /// Gold Rush: an eliminated player's nuggets went back to the heap (GR-3.6).
    #[cfg_attr(feature = "openapi", schema(title = "nuggets_returned"))]
    NuggetsReturned {
        /// Whose.
        seat: Seat,
        /// How many.
        amount: u16,
    },
    /// Gold Rush: a Beer sold for 1 nugget (GR-4.3), discarded.
    #[cfg_attr(feature = "openapi", schema(title = "beer_sold"))]
    BeerSold {
        /// Who.
        seat: Seat,
        /// The Beer.
        card: Card,
    },
    /// Gold Rush: Dutch Will discarded one of his phase-1 cards (GC2); the
    /// others went to his hand.
    #[cfg_attr(feature = "openapi", schema(title = "dutch_discarded"))]
    DutchDiscarded {
        /// Dutch Will.
        seat: Seat,
        /// The card discarded.
        card: Card,
    },
}

impl ExpansionEvent for Event {
    const RULES: &'static [(&'static str, &'static str)] = &[
        ("equipment_shuffled", "gold-rush.md GR-2.1"),
        ("market_filled", "gold-rush.md GR-2.2"),
        ("equipment_bought", "gold-rush.md GR-4.1.1"),
        ("equipment_taken", "gold-rush.md §8 GC4"),
        ("equipment_used", "gold-rush.md §8 GC4"),
        ("equipment_returned", "gold-rush.md GR-3.6"),
        ("equipment_forced", "gold-rush.md GR-4.2.1"),
        ("nuggets_gained", "gold-rush.md GR-3.1"),
        ("nuggets_paid", "gold-rush.md §4.4"),
        ("nuggets_returned", "gold-rush.md GR-3.6"),
        ("beer_sold", "gold-rush.md GR-4.3.1"),
        ("dutch_discarded", "gold-rush.md §8 GC2"),
    ];

    fn fold(&self, s: &mut State) {
        super::fold(s, self);
    }

    fn told(&self, names: &[String]) -> Option<String> {
        super::history::sentence(self, names)
    }

    /// Whether this event may hide something from some viewer (the order of
    /// a shuffled equipment deck).
    fn hides(&self) -> bool {
        matches!(self, Event::EquipmentShuffled { .. })
    }

    /// The event as `viewer` may see it: the order of a shuffled equipment
    /// deck hidden from all but the omniscient.
    fn redacted(&self, viewer: Viewer) -> Event {
        match self {
            Event::EquipmentShuffled { order } if viewer != Viewer::Omniscient => {
                Event::EquipmentShuffled {
                    order: vec![None; order.len()],
                }
            }
            other => other.clone(),
        }
    }

    fn hides_an_order(&self) -> bool {
        matches!(self, Event::EquipmentShuffled { .. })
    }
}
