//! What a seat can post. `legal_actions` lists them ready to post.

use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::characters::Character;
use super::gold::{Equip, Mode, NuggetUse};
use super::orders::Orders;
use super::train::RailcarMode;
use crate::core::Seat;

/// Where Jesse Jones or Pedro Ramirez take their first phase-1 card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::DrawFrom))]
#[serde(rename_all = "snake_case")]
pub enum DrawFrom {
    /// The deck (the ordinary draw).
    #[cfg_attr(feature = "openapi", schema(title = "deck"))]
    Deck,
    /// Pedro Ramirez: the top of the discard pile.
    #[cfg_attr(feature = "openapi", schema(title = "discard"))]
    Discard,
    /// Jesse Jones: a random card from this seat's hand.
    #[cfg_attr(feature = "openapi", schema(title = "hand"))]
    Hand(Seat),
}

/// A seat's answer to the decision it is asked, or its standing orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Action))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Option `character_choice: 2`: keep this one of the two characters dealt.
    #[cfg_attr(feature = "openapi", schema(title = "choose_character"))]
    ChooseCharacter {
        /// The character kept.
        character: Character,
    },
    /// Phase 1: draw, the first card from where the character allows.
    #[cfg_attr(feature = "openapi", schema(title = "draw"))]
    Draw {
        /// Where the first card comes from.
        from: DrawFrom,
    },
    /// Kit Carlson: put this one of the three cards back on the deck.
    #[cfg_attr(feature = "openapi", schema(title = "put_back"))]
    PutBack {
        /// The card put back.
        card: Card,
    },
    /// Lucky Duke: this flipped card is the result of the "draw!".
    #[cfg_attr(feature = "openapi", schema(title = "choose_check"))]
    ChooseCheck {
        /// The chosen card.
        card: Card,
    },
    /// Phase 2: play a card from hand.
    #[cfg_attr(feature = "openapi", schema(title = "play"))]
    Play {
        /// The card.
        card: Card,
        /// Its target, for a card that takes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        /// Panic! and Cat Balou: this card in play in front of the target
        /// (absent: a random card from his hand). Water Tower: the railcar
        /// taken from the train (`target`: where a Ghost Car or Lumber
        /// Flatcar goes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_play: Option<Card>,
    },
    /// Sid Ketchum: discard these two hand cards to regain 1 life.
    #[cfg_attr(feature = "openapi", schema(title = "heal"))]
    Heal {
        /// The two cards.
        cards: [Card; 2],
    },
    /// Phase 2 ends.
    #[cfg_attr(feature = "openapi", schema(title = "end_turn"))]
    EndTurn,
    /// Phase 3: discard this card. Dutch Will in phase 1: the one of his new
    /// cards he discards.
    #[cfg_attr(feature = "openapi", schema(title = "discard"))]
    Discard {
        /// The card.
        card: Card,
    },
    /// Shot at: "draw!" for a Barrel source not used yet against this shot.
    #[cfg_attr(feature = "openapi", schema(title = "barrel"))]
    Barrel,
    /// Answer the open window with this card: a Missed! effect when shot, a
    /// Beer when dying, a BANG! against Indians! or in a Duel.
    #[cfg_attr(feature = "openapi", schema(title = "respond"))]
    Respond {
        /// The card.
        card: Card,
    },
    /// Answer the open window with nothing: take the hit, decline, die.
    #[cfg_attr(feature = "openapi", schema(title = "pass"))]
    Pass,
    /// General Store: take this card.
    #[cfg_attr(feature = "openapi", schema(title = "pick"))]
    Pick {
        /// The card.
        card: Card,
    },
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
    /// Standing orders for later windows (any time, private).
    #[cfg_attr(feature = "openapi", schema(title = "set_orders"))]
    SetOrders {
        /// The orders.
        orders: Orders,
    },
}
