//! What a seat can post in the Great Train Robbery, nested in the card
//! game's actions (`Action::Train`) with its own `type` tags.

use serde::{Deserialize, Serialize};

use super::RailcarMode;
use crate::bang::cards::Card;
use crate::core::Seat;

/// A seat's Great Train Robbery action: railcars, the train's cards and characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::TrainAction))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Train Robbery: take `railcar` from the train, paying its station's
    /// cost with `pay` (and `pay_also` for Virginia Town; Tombrock: no card,
    /// 1 life). With `advance`, the free advance comes first (TR-4.2). Ghost
    /// Car and Lumber Flatcar go in front of `place`.
    #[cfg_attr(feature = "openapi", schema(title = "take_railcar"))]
    TakeRailcar {
        /// The railcar.
        railcar: Card,
        /// The card paying the cost, from hand or in play.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pay: Option<Card>,
        /// Virginia Town: the second card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pay_also: Option<Card>,
        /// Ghost Car, Lumber Flatcar: in front of whom.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Seat>,
        /// The free advance first.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        advance: bool,
    },
    /// Train Robbery, phase 2: play Full Steam (TR-13.4), the Locomotive's
    /// effect at the End of the Line doubled, else cancelled.
    #[cfg_attr(feature = "openapi", schema(title = "full_steam"))]
    FullSteam {
        /// The Full Steam card.
        card: Card,
        /// Doubled (else cancelled).
        double: bool,
    },
    /// Train Robbery, the target of a Train Robbery (TR-13.13): handle this
    /// card of his in play: `discard` it, else be the target of a BANG! effect.
    #[cfg_attr(feature = "openapi", schema(title = "robbery"))]
    Robbery {
        /// His card in play.
        card: Card,
        /// Discard it (else be shot).
        discard: bool,
    },
    /// Train Robbery, phase 2: play Switch (TR-13.12), swapping `mine` (in
    /// play in front of you) with `theirs` (in play in front of `target`).
    #[cfg_attr(feature = "openapi", schema(title = "switch"))]
    Switch {
        /// The Switch card.
        card: Card,
        /// Your card in play.
        mine: Card,
        /// The other player.
        target: Seat,
        /// His card in play.
        theirs: Card,
    },
    /// Train Robbery, Sancho (TC5): take `railcar` from the train for free,
    /// after the free advance if `advance`; in front of `place` as above.
    #[cfg_attr(feature = "openapi", schema(title = "free_railcar"))]
    FreeRailcar {
        /// The railcar.
        railcar: Card,
        /// Ghost Car, Lumber Flatcar: in front of whom.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Seat>,
        /// The free advance first.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        advance: bool,
    },
    /// Train Robbery, Evan Babbit (TC2): discard `card` (the BANG! card's
    /// suit) to make `target` (at distance 1 from him) the BANG!'s target.
    #[cfg_attr(feature = "openapi", schema(title = "redirect"))]
    Redirect {
        /// The card discarded from his hand.
        card: Card,
        /// The new target.
        target: Seat,
    },
    /// Train Robbery, Sgt. Blaze (TC6): exempt `target` (none: nobody) from
    /// the Locomotive effect about to act in his turn.
    #[cfg_attr(feature = "openapi", schema(title = "exempt"))]
    Exempt {
        /// The exempted player.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
    /// Train Robbery, Zippy Roy (TC8): advance the train 1 station.
    #[cfg_attr(feature = "openapi", schema(title = "advance_train"))]
    AdvanceTrain,
    /// Train Robbery: use a railcar in front of him — discard a
    /// discard-to-use `railcar` for its effect (Baggage Car: as `mode`), or
    /// discard `card` (another blue card) to a Caboose (a Missed!) or a
    /// Sleeper Car (a BANG!). `target` and `card` name what the effect needs:
    /// the player shot, robbed or hit, and the card taken or discarded.
    #[cfg_attr(feature = "openapi", schema(title = "use_railcar"))]
    UseRailcar {
        /// The railcar used.
        railcar: Card,
        /// Baggage Car, Caboose, Sleeper Car: what it stands for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mode: Option<RailcarMode>,
        /// The player it aims at.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        /// The card it names (absent for a random hand card).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    /// Train Robbery, Lounge Car (TR-11.9): place the railcars it drew —
    /// `railcar` in front of `to` (himself; a lone railcar: any player) and
    /// `other` in front of `other_to` (another player).
    #[cfg_attr(feature = "openapi", schema(title = "place_railcars"))]
    PlaceRailcars {
        /// The railcar for his own slot (or the lone one).
        railcar: Card,
        /// In front of whom it goes.
        to: Seat,
        /// The second railcar drawn, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        other: Option<Card>,
        /// In front of whom the second goes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        other_to: Option<Seat>,
    },
    /// Train Robbery, Mail Car (TR-11.11): give `card`, one of the three
    /// cards it drew, to `target` (another player in play).
    #[cfg_attr(feature = "openapi", schema(title = "give_card"))]
    GiveCard {
        /// The card.
        card: Card,
        /// Who gets it.
        target: Seat,
    },
}

impl Action {
    /// The `type` tags of the Great Train Robbery's actions (the card game's actions route
    /// these to this enum).
    pub const TAGS: &'static [&'static str] = &[
        "take_railcar",
        "full_steam",
        "robbery",
        "switch",
        "free_railcar",
        "redirect",
        "exempt",
        "advance_train",
        "use_railcar",
        "place_railcars",
        "give_card",
    ];
}
