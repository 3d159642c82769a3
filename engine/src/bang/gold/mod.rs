//! Gold Rush (`rules/gold-rush.md`): the equipment deck and its market,
//! gold nuggets earned and spent, the new phase-2 actions, the 24 equipment
//! cards and the 8 Gold Rush characters.
//!
//! It plugs into the base rules through the base game's own seams: the
//! character table (new rows and flags), the phase-2 action list, the hooks on
//! life loss, on the dying window and on elimination, and the end of a turn.
//! Equipment acts by being in play, so a game without the expansion never
//! meets any of it.

mod asked;
pub mod equipment;
mod events;
mod fold;
mod history;
pub(crate) mod hooks;
mod invariants;
mod legal;
mod market;
mod npc;
mod nuggets;
mod posted;
mod queries;
pub(crate) mod texts;
mod turn;

pub use asked::Decision as GoldDecision;
pub use equipment::{
    EQUIP_KINDS, EQUIPMENT_SIZE, Equip, EquipBorder, EquipInfo, EquipKind, Mode, all_equipment,
    cost, equip_kind, is_equipment,
};
pub use events::Event as GoldEvent;
pub(crate) use fold::fold;
pub(crate) use legal::{can_pay, gold_actions, josh_uses};
pub use posted::Action as GoldAction;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// The expansion's id in `options.expansions`.
pub const EXPANSION: &str = "gold_rush";

/// The nuggets of the heap at the start (GR-2.4: shown as `max(0, 30 − held)`).
pub const HEAP: u8 = 30;

/// The market's slots (GR-2.2).
pub const MARKET: usize = 3;

/// The Gold Rush part of a game's state (all empty without the expansion).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gold {
    /// Whether the expansion is in play.
    pub on: bool,
    /// The equipment deck; the last card is the top, the first the bottom.
    pub deck: ArrayVec<Equip, EQUIPMENT_SIZE>,
    /// How many cards at the bottom of the deck are face up (returned, GR-5.4).
    pub returned: u8,
    /// The market, slots 0 to 2 left to right.
    pub market: [Option<Equip>; MARKET],
    /// Josh McCloud's card, revealed and waiting to be used (GC4).
    pub josh: Option<Equip>,
    /// Per turn: whether Pretty Luzena used her discount (GC6).
    pub discount_used: bool,
    /// Per turn: Gold Pan uses (GR-7.12).
    pub pan_uses: u8,
    /// Per turn: Raddie Snake's draws (GC7).
    pub raddie_uses: u8,
    /// Per turn: Josh McCloud's payments for the top equipment card (GC4).
    pub josh_uses: u8,
    /// Per turn: whether Don Bell made his end-of-turn check (GC1).
    pub don_bell_checked: bool,
}

impl Gold {
    /// The cards of the deck that are face down (the top part).
    pub fn face_down(&self) -> &[Equip] {
        &self.deck[(self.returned as usize).min(self.deck.len())..]
    }

    /// The face-up cards returned to the bottom, bottom first.
    pub fn face_up(&self) -> &[Equip] {
        &self.deck[..(self.returned as usize).min(self.deck.len())]
    }
}

/// The Gold Rush table as every viewer sees it: the market and the nuggets
/// are public, the deck's face-down order is not (GR-3.5, GR-5.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::GoldView))]
pub struct GoldView {
    /// The market, slots 0 to 2 left to right (`null`: an empty slot).
    pub market: [Option<Equip>; MARKET],
    /// Face-down cards in the equipment deck.
    pub deck: u8,
    /// The face-up cards returned to the bottom of the deck, bottom first.
    pub returned: Vec<Equip>,
    /// The heap: `max(0, 30 − nuggets held by players)` (GR-2.4).
    pub heap: u8,
    /// Josh McCloud's card, revealed and waiting to be used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub josh: Option<Equip>,
    /// This turn: whether Pretty Luzena's discount was used.
    pub discount_used: bool,
    /// This turn: Gold Pan uses (at most 2).
    pub pan_uses: u8,
    /// This turn: Raddie Snake's draws (at most 2).
    pub raddie_uses: u8,
    /// This turn: Josh McCloud's payments for the top equipment card (no limit).
    pub josh_uses: u8,
    /// Whether the current turn is an extra turn.
    pub extra_turn: bool,
    /// Extra turns the current player will play after this one.
    pub extra_turns_due: u8,
}

/// Why a player took nuggets (each a rule of `rules/gold-rush.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::NuggetSource))]
#[serde(rename_all = "snake_case")]
pub enum NuggetSource {
    /// GR-3.1: 1 per life point lost by another player he was responsible for.
    Wound,
    /// GR-7.11: he eliminated a player with a Wanted.
    Wanted,
    /// GR-7.14: Lucky Charm, 1 per life point he lost.
    LuckyCharm,
    /// GC8: Simeon Picos, 1 per life point he lost.
    SimeonPicos,
    /// GC2: Dutch Will's phase 1.
    DutchWill,
}

/// What nuggets were paid for (besides buying and forcing a discard).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::NuggetUse))]
#[serde(rename_all = "snake_case")]
pub enum NuggetUse {
    /// Gold Pan: 1 nugget, draw 1 card.
    GoldPan,
    /// Raddie Snake: 1 nugget, draw 1 card.
    RaddieSnake,
    /// Jacky Murieta: 2 nuggets, a BANG! effect.
    JackyMurieta,
    /// Josh McCloud: 2 nuggets, the top equipment card.
    JoshMcCloud,
    /// Rucksack: 2 nuggets, 1 life.
    Rucksack,
}
