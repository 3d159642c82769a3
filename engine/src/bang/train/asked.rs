//! What the Great Train Robbery asks of a seat: its own decisions and
//! reaction windows, nested in the base's
//! [`Decision`](crate::bang::Decision) and
//! [`WindowKind`](crate::bang::WindowKind) as their `Train` variants, each
//! with its own tag.

use serde::{Deserialize, Serialize};

use crate::bang::asked::nested_decisions;

nested_decisions! {
    /// A decision only the train's cards, railcars and characters ask for.
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::TrainDecision))]
    pub enum Decision {
        /// Train Robbery, End of the Line (§7.2): take a railcar now, or `pass`.
        RailcarChance = "railcar_chance",
        /// Train Robbery, Map (TR-13.6): `discard` one of the top cards of the
        /// deck you saw, or `pass`.
        Map = "map",
        /// Train Robbery, the card (TR-13.13), a reaction window: handle one of
        /// your cards in play (`robbery`): discard it or be shot for it.
        Robbery = "robbery",
        /// Train Robbery, Evan Babbit (TC2), a reaction window: `redirect` the
        /// BANG! card aimed at him, or `pass`.
        EvanBabbit = "evan_babbit",
        /// Train Robbery, Sgt. Blaze (TC6): `exempt` one player from the Locomotive effect, or nobody.
        SgtBlaze = "sgt_blaze",
        /// Train Robbery, Shade O'Connor (TC7), a reaction window: `discard` a
        /// hand card to draw 1, or `pass`.
        ShadeOConnor = "shade_o_connor",
        /// Train Robbery, Circus Wagon: `respond` with the one of your cards in
        /// play you discard.
        CircusWagon = "circus_wagon",
        /// Train Robbery, Lounge Car (TR-11.9): `place_railcars` drawn.
        LoungeCar = "lounge_car",
        /// Train Robbery, Mail Car (TR-11.11): `give_card` one of the three drawn.
        MailCar = "mail_car",
    }
}

/// A reaction window only the train opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::TrainWindow))]
#[serde(rename_all = "snake_case")]
pub enum Window {
    /// Circus Wagon (TR-11.5): discard one of his cards in play.
    CircusWagon,
    /// The card Robbery (TR-13.13): the target handles his next card in
    /// play, discarding it or being shot for it. Safe default: the next
    /// card is shot for (the BANG! effect, answered in its own Shot window).
    Robbery,
    /// Evan Babbit (TC2): redirect the BANG! card aimed at him with a hand
    /// card of its suit, or not. Safe default: no redirect.
    EvanBabbit,
    /// Shade O'Connor (TC7): after a train advance outside his turn,
    /// discard a hand card to draw 1, or not. Safe default: no swap.
    ShadeOConnor,
}

impl Window {
    /// The decision this window asks of its seat.
    pub fn decision(self) -> Decision {
        match self {
            Window::CircusWagon => Decision::CircusWagon,
            Window::Robbery => Decision::Robbery,
            Window::EvanBabbit => Decision::EvanBabbit,
            Window::ShadeOConnor => Decision::ShadeOConnor,
        }
    }
}
