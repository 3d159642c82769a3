//! Why the NPC policy took an action: data recorded in a solo game's
//! `npc_acted` events, kept below both the events and the policy
//! ([`super::npc`] re-exports it).

use serde::{Deserialize, Serialize};

/// Why the policy took an action: the rule that chose it (recorded in a solo
/// game's `npc_acted` events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Reason))]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A card aimed at the Preferred Target (B4, C3): BANG!, Duel, Panic!,
    /// Cat Balou, Jail; Jesse Jones drawing from his hand.
    PreferredTarget,
    /// Beer or Saloon below max life (B5).
    Heal,
    /// Stagecoach, Wells Fargo or General Store, played at once (B5).
    DrawCards,
    /// Indians! or Gatling, played at once (B5, A7.3).
    HitsEveryone,
    /// A blue card not yet in play in front of it: Barrel, Mustang, Scope, Dynamite (B5).
    Equip,
    /// A weapon with a longer reach than its own (B5).
    LongerReach,
    /// A Volcanic, the primary Preferred Target at distance 1 (B5, B4.4).
    VolcanicInReach,
    /// No card on the Stack is usable: end of phase 2 (B3).
    NothingUsable,
    /// Phase 3: the bottom-most card over the hand limit (B3.4).
    HandLimit,
    /// Sid Ketchum discards his 2 bottom-most cards for 1 life (C7).
    SidKetchum,
    /// Phase 1 from the deck.
    PhaseOne,
    /// Pedro Ramirez takes the top discard, ranked 11 or better (C7).
    DiscardPileTop,
    /// Kit Carlson puts back his lowest-ranked card (C7).
    PutBackLowest,
    /// Shot: a Barrel source first (B7.1).
    Barrel,
    /// Shot: a Missed! nearest the top, enough to cancel it (B7.1).
    Missed,
    /// Shot: not enough Missed! effects to cancel it (B7.1, D-L9).
    TakeHit,
    /// Dying: a Beer that, with the others, saves it (B7.4).
    Beer,
    /// Dying: nothing can save it (B7.4, C5.3).
    NoSave,
    /// Indians! or Duel: the BANG! nearest the top (B7.2, B7.3).
    DiscardBang,
    /// Indians! or Duel: no BANG! on the Stack (B7.2, B7.3).
    NoBang,
    /// General Store: the top of the remaining pile (B7.5).
    StoreTop,
    /// Lucky Duke: the favourable card, else the first flipped (B7.6).
    FavourableCheck,
    /// Panic!/Cat Balou by an NPC: the lowest-ranked card of the class (C5.5).
    GiveUpLowest,
    /// Gold Rush: the most expensive affordable equipment with an immediate
    /// advantage, used as its row of D1.1 says (D1.1; Pretty Luzena's discount
    /// on her first purchase of the turn, D1.4).
    BuyEquipment,
    /// Gold Rush: an ability or equipment paid in nuggets in phase 2 — Jacky
    /// Murieta's BANG!, Josh McCloud's card, Raddie Snake's or a Gold Pan's
    /// draw, a Rucksack at 1 life (D1.3).
    NuggetAbility,
    /// Gold Rush: the most expensive black card in front of its first
    /// Preferred Target candidate, discarded for cost + 1 (D1.3.4).
    ForceDiscard,
    /// Gold Rush: the bottom-most Beer among the cards phase 3 would discard,
    /// sold for 1 nugget (D1.2).
    SellBeer,
    /// Gold Rush, Josh McCloud: the card he took, used per D1.1 when it gives
    /// an advantage, else in its first mode or into play (D1.3.2).
    UseTakenCard,
    /// Gold Rush, Dutch Will: he keeps the higher-ranked card, discarding the
    /// lowest-ranked of his phase-1 cards (D1.4, C8).
    DutchWillKeeps,
    /// Dying: a Rucksack that, with the other save effects, saves it (C5.3).
    Rucksack,
    /// A character offered (the first).
    Character,
    /// Train Robbery: a railcar whose station only spare cards pay (D2.1).
    TakeRailcar,
    /// Train Robbery, End of the Line: no railcar whose station only spare
    /// cards pay, so no railcar taken (D2.1, D2.6).
    NoSpareRailcar,
    /// Train Robbery: a railcar used in phase 2 as D2.3's table says (Baggage
    /// Car or Sleeper Car at the Preferred Target, Cattle Truck, Passenger
    /// Car, Coal Hopper, Mail Car, Lounge Car, Circus Wagon, Express Car).
    UseRailcar,
    /// Train Robbery, shot: a Caboose (one of its blue cards discarded) or
    /// a Baggage Car as a Missed!, the Missed! effects enough to cancel it
    /// (D2.3).
    RailcarMissed,
    /// Train Robbery, Indians! or Duel with no BANG! on the Stack: a blue
    /// card discarded to the Sleeper Car as the BANG! (D2.3).
    SleeperCarBang,
    /// Train Robbery, Mail Car: the lowest-ranked card drawn, given to the
    /// next player clockwise who is no Preferred Target candidate (D2.3).
    MailCarGives,
    /// Train Robbery, Lounge Car: the better-ranked railcar kept, the other
    /// placed as D2.3 says (D2.3).
    LoungeCarPlaces,
    /// Train Robbery: Full Steam (double on the Leland side; on the Ironhorse
    /// side double for an Outlaw, cancel for any other) (D2.4).
    FullSteam,
    /// Train Robbery: Most Wanted or Next Stop, played at once (D2.4).
    PlayAtOnce,
    /// Train Robbery: a Money Bag copying the top discard, usable now (D2.4).
    MoneyBagCopy,
    /// Train Robbery: a Switch giving its Dynamite or Lumber Flatcar for the
    /// best card of its first Preferred Target candidate (D2.4).
    SwitchAway,
    /// Train Robbery: a Water Tower taking the best-ranked railcar (D2.4).
    WaterTower,
    /// Train Robbery, Map: the first card seen that is low-value discarded
    /// (D2.4).
    MapDiscard,
    /// Train Robbery, Map: neither card seen is low-value (D2.4).
    MapKeep,
    /// Train Robbery, robbed: a harmful card, or one it cannot pay a BANG!
    /// for, discarded (D2.6).
    RobberyDiscard,
    /// Train Robbery, robbed: the card kept and the BANG! taken (it can
    /// cancel it, has 3 life or more, or is a ghost) (D2.6).
    RobberyShot,
    /// Train Robbery, Circus Wagon: a harmful card, else its lowest-ranked
    /// card in play, discarded (D2.6).
    CircusWagonDiscard,
    /// Train Robbery, Evan Babbit: the BANG! redirected to a Preferred
    /// Target candidate at distance 1 (D2.6).
    Redirect,
    /// Train Robbery, Evan Babbit: no candidate or no card to redirect with
    /// (D2.6).
    NoRedirect,
    /// Train Robbery, Shade O'Connor: the bottom-most card, spare, dead or
    /// low-value, discarded to draw 1 (D2.6).
    ShadeSwaps,
    /// Train Robbery, Shade O'Connor: the bottom-most card is worth keeping
    /// (D2.6).
    ShadeKeeps,
    /// Train Robbery, Sgt. Blaze: whom an effect on several players spares
    /// (D2.6; nobody when no rule names one).
    SgtBlazeExempts,
    /// Dodge City: a green card used from play (D3.3, D3.4).
    UseGreen,
    /// Dodge City: a green card with a Missed! symbol spent on a shot (D3.5).
    GreenMissed,
    /// Dodge City: a Brawl's card taken (D3.6.3).
    Brawl,
    /// No rule applies: the first legal action.
    Fallback,
}
