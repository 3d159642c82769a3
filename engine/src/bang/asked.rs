//! What the game asks: the decisions a seat may face ([`Decision`]) and who
//! faces one now ([`Pending`]), as the decisions, the expansions' hooks and
//! the views name them.

use serde::{Deserialize, Serialize};

use crate::core::Seat;

/// What a seat must decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Decision))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Option `character_choice: 2`: keep one of two characters.
    #[cfg_attr(feature = "openapi", schema(title = "choose_character"))]
    ChooseCharacter,
    /// Phase 1 with a choice (Jesse Jones, Pedro Ramirez, Sid Ketchum).
    #[cfg_attr(feature = "openapi", schema(title = "draw"))]
    Draw,
    /// Kit Carlson: the card to put back.
    #[cfg_attr(feature = "openapi", schema(title = "put_back"))]
    PutBack,
    /// Gold Rush, Dutch Will: the one of his phase-1 cards to discard.
    #[cfg_attr(feature = "openapi", schema(title = "drop_one"))]
    DropOne,
    /// Gold Rush, Josh McCloud: how to use the equipment card he took.
    #[cfg_attr(feature = "openapi", schema(title = "use_equipment"))]
    UseEquipment,
    /// Train Robbery, End of the Line (§7.2): take a railcar now, or `pass`.
    #[cfg_attr(feature = "openapi", schema(title = "railcar_chance"))]
    RailcarChance,
    /// Train Robbery, Map (TR-13.6): `discard` one of the top cards of the
    /// deck you saw, or `pass`.
    #[cfg_attr(feature = "openapi", schema(title = "map"))]
    Map,
    /// Train Robbery, the card (TR-13.13), a reaction window: handle one of
    /// your cards in play (`robbery`): discard it or be shot for it.
    #[cfg_attr(feature = "openapi", schema(title = "robbery"))]
    Robbery,
    /// Train Robbery, Evan Babbit (TC2), a reaction window: `redirect` the
    /// BANG! card aimed at him, or `pass`.
    #[cfg_attr(feature = "openapi", schema(title = "evan_babbit"))]
    EvanBabbit,
    /// Train Robbery, Sgt. Blaze (TC6): `exempt` one player from the Locomotive effect, or nobody.
    #[cfg_attr(feature = "openapi", schema(title = "sgt_blaze"))]
    SgtBlaze,
    /// Train Robbery, Shade O'Connor (TC7), a reaction window: `discard` a
    /// hand card to draw 1, or `pass`.
    #[cfg_attr(feature = "openapi", schema(title = "shade_o_connor"))]
    ShadeOConnor,
    /// Lucky Duke: the result of a "draw!".
    #[cfg_attr(feature = "openapi", schema(title = "choose_check"))]
    ChooseCheck,
    /// Phase 2.
    #[cfg_attr(feature = "openapi", schema(title = "play"))]
    Play,
    /// Phase 3: cards still to discard.
    #[cfg_attr(feature = "openapi", schema(title = "discard"))]
    Discard {
        /// How many.
        count: u8,
    },
    /// Shot at: Missed! effects still needed.
    #[cfg_attr(feature = "openapi", schema(title = "shot"))]
    Shot {
        /// How many.
        needed: u8,
    },
    /// Dying.
    #[cfg_attr(feature = "openapi", schema(title = "dying"))]
    Dying,
    /// Indians!: discard a BANG! or lose 1 life.
    #[cfg_attr(feature = "openapi", schema(title = "indians"))]
    Indians,
    /// Duel: discard a BANG! or lose 1 life.
    #[cfg_attr(feature = "openapi", schema(title = "duel"))]
    Duel,
    /// General Store: pick a card.
    #[cfg_attr(feature = "openapi", schema(title = "store"))]
    Store,
    /// Solo (B6.3): an NPC's Panic!/Cat Balou takes one card of a class of
    /// yours; `respond` with the one you give up.
    #[cfg_attr(feature = "openapi", schema(title = "give_up"))]
    GiveUp,
    /// Train Robbery, Circus Wagon: `respond` with the one of your cards in
    /// play you discard.
    #[cfg_attr(feature = "openapi", schema(title = "circus_wagon"))]
    CircusWagon,
    /// Train Robbery, Lounge Car (TR-11.9): `place_railcars` drawn.
    #[cfg_attr(feature = "openapi", schema(title = "lounge_car"))]
    LoungeCar,
    /// Train Robbery, Mail Car (TR-11.11): `give_card` one of the three drawn.
    #[cfg_attr(feature = "openapi", schema(title = "mail_car"))]
    MailCar,
}

/// Who must act now, and on what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Pending))]
pub struct Pending {
    /// The seat.
    pub seat: Seat,
    /// What it must decide.
    pub decision: Decision,
    /// Whether this answers a reaction window.
    pub reaction: bool,
}

/// Whom an expansion asks, before the base looks at what is being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// The seat decides one of the expansion's decisions.
    Seat(Seat, Decision),
    /// Nobody yet: the machine opens the expansion's reaction window first.
    Nobody,
}
