//! The 80 playing cards (§2.1) and the Great Train Robbery's 16 (IDs 81–96,
//! `rules/train-robbery.md` §12) as one table in ID order, and the card kinds
//! with what the rules need to know of each (border, weapon reach). Railcars
//! (ids 101–116) are cards of kind [`Kind::Railcar`] without suit or value;
//! Dodge City's 40 (ids 201–240) are its folder's own table, which [`card`]
//! reads beside this one.

use serde::{Deserialize, Serialize};

/// A card: its stable id, 1 to 80 (§2.1), 81 to 96 (the Great Train
/// Robbery's playing cards), 101 to 116 (its railcars, in play only), or 201
/// to 240 (Dodge City's).
pub type Card = u8;

/// How many playing cards the base deck holds.
pub const BASE_DECK: usize = 80;

/// How many playing cards this file's table holds: the base game's and the
/// Great Train Robbery's (ids 1 to 96).
pub const TABLE_SIZE: usize = 96;

/// How many playing cards there are with every expansion (a pile's
/// capacity): this file's 96 and Dodge City's 40.
pub const DECK_SIZE: usize = TABLE_SIZE + crate::bang::dodge::CARDS;

/// The card id of the first railcar is this plus 1 (R01 = 101 … R16 = 116).
pub const RAILCAR_BASE: u8 = 100;

/// How many railcars there are.
pub const RAILCARS: usize = 16;

/// Whether card id `id` is a railcar (101–116).
pub fn is_railcar(id: Card) -> bool {
    (RAILCAR_BASE + 1..=RAILCAR_BASE + RAILCARS as u8).contains(&id)
}

/// A card's suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Suit))]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    /// ♥
    Hearts,
    /// ♦
    Diamonds,
    /// ♣
    Clubs,
    /// ♠
    Spades,
}

/// A card's border: brown cards resolve once, blue cards stay in play, green
/// cards (Dodge City, DC-3) stay in play until used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Border))]
#[serde(rename_all = "snake_case")]
pub enum Border {
    /// Played from hand, resolved once, discarded.
    Brown,
    /// Played into play, stays there.
    Blue,
    /// Dodge City (DC-3): played into play in front of its owner, used from
    /// a later turn on by discarding it. Never a blue card (DC-3.6).
    Green,
}

/// What a card is (its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Kind))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// BANG!: shoots a reachable player.
    Bang,
    /// Missed!: cancels one BANG! effect.
    Missed,
    /// Beer: +1 life to its player.
    Beer,
    /// Saloon: +1 life to everyone in play.
    Saloon,
    /// Stagecoach: draw 2.
    Stagecoach,
    /// Wells Fargo: draw 3.
    WellsFargo,
    /// General Store: everyone picks one revealed card.
    GeneralStore,
    /// Panic!: take a card from a player at distance 1.
    Panic,
    /// Cat Balou: make a player discard a card.
    CatBalou,
    /// Duel: alternate BANG! discards.
    Duel,
    /// Indians!: everyone else discards a BANG! or loses 1 life.
    Indians,
    /// Gatling: shoots everyone else.
    Gatling,
    /// Barrel: "draw!" ♥ against a shot.
    Barrel,
    /// Scope: sees others at −1.
    Scope,
    /// Mustang: seen by others at +1.
    Mustang,
    /// Jail: skip a turn unless "draw!" ♥.
    Jail,
    /// Dynamite: explodes on ♠2–9.
    Dynamite,
    /// Weapon, reach 1, unlimited BANG! cards.
    Volcanic,
    /// Weapon, reach 2.
    Schofield,
    /// Weapon, reach 3.
    Remington,
    /// Weapon, reach 4.
    RevCarabine,
    /// Weapon, reach 5.
    Winchester,
    /// Train Robbery: a Missed! that then "draw!"s ♥/♦ for 1 life.
    Cactus,
    /// Train Robbery: weapon, reach 2, two BANG! cards a turn.
    Dragoon,
    /// Train Robbery: a Missed! that takes the card that shot you.
    Evaded,
    /// Train Robbery: the train straight to the End of the Line.
    FullSteam,
    /// Train Robbery: a BANG! effect that may come back to your hand.
    KnifeRevolver,
    /// Train Robbery: see the top 2 cards at the start of your turn.
    Map,
    /// Train Robbery: the effect of the brown card on top of the discard pile.
    MoneyBag,
    /// Train Robbery: draw 1, then everyone "draw!"s: ♠ loses 1 life.
    MostWanted,
    /// Train Robbery: draw 1, then the train advances.
    NextStop,
    /// Train Robbery: draw when another takes or discards one of your cards.
    Refund,
    /// Train Robbery: draw 1 at the end of your turn.
    Strongbox,
    /// Train Robbery: swap one of your cards in play with another's.
    Switch,
    /// Train Robbery: the target discards or is shot, card by card.
    TrainRobbery,
    /// Train Robbery: take a railcar from the train for free.
    WaterTower,
    /// A railcar in play (Train Robbery, `train::railcar` says which).
    Railcar,
    /// Dodge City: a BANG! effect at a player at distance 1.
    Punch,
    /// Dodge City: a Missed! effect, then draw 1.
    Dodge,
    /// Dodge City: a BANG! effect at any player (with another card).
    Springfield,
    /// Dodge City: a Panic! effect at any player (with another card).
    RagTime,
    /// Dodge City: every other player loses a card (with another card).
    Brawl,
    /// Dodge City: a player regains 1 life (with another card).
    Tequila,
    /// Dodge City: regain 2 life (with another card).
    Whisky,
    /// Dodge City: sees others at −1, like a Scope.
    Binocular,
    /// Dodge City: seen by others at +1, like a Mustang.
    Hideout,
    /// Dodge City, green: a Missed! effect, then draw 1.
    Bible,
    /// Dodge City, green: regain 1 life.
    Canteen,
    /// Dodge City, green: a Cat Balou effect.
    CanCan,
    /// Dodge City, green: a Panic! effect at any player.
    Conestoga,
    /// Dodge City, green: draw 1, then a BANG! effect at distance 1.
    Derringer,
    /// Dodge City, green: a BANG! effect at any player.
    BuffaloRifle,
    /// Dodge City, green: a BANG! effect at every other player.
    Howitzer,
    /// Dodge City, green: a Missed! effect.
    IronPlate,
    /// Dodge City, green: a BANG! effect at distance 1.
    Knife,
    /// Dodge City, green: a BANG! effect within reach.
    Pepperbox,
    /// Dodge City, green: draw 3.
    PonyExpress,
    /// Dodge City, green: a Missed! effect.
    Sombrero,
    /// Dodge City, green: a Missed! effect.
    TenGallonHat,
}

/// What the rules know of one card kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// The kind.
    pub kind: Kind,
    /// Its printed name.
    pub name: &'static str,
    /// Brown or blue.
    pub border: Border,
    /// For a weapon, its reach.
    pub reach: Option<u8>,
    /// In play, the others see its holder one farther (Mustang, Hideout).
    pub seen_farther: bool,
    /// In play, its holder sees the others one closer (Scope, Binocular).
    pub sees_closer: bool,
    /// From the hand, a Missed! effect (Missed!, and the expansions' cards
    /// that cancel a shot as one: Cactus, Evaded!, Dodge).
    pub missed: bool,
}

/// The kinds, in the order of §2.1, then the Great Train Robbery's (§12),
/// then the railcar, then Dodge City's new ones (`dodge-city.md` §2).
pub const KINDS: [KindInfo; 59] = {
    use Border::*;
    use Kind::*;
    const fn k(kind: Kind, name: &'static str, border: Border, reach: u8) -> KindInfo {
        KindInfo {
            kind,
            name,
            border,
            reach: if reach == 0 { None } else { Some(reach) },
            seen_farther: false,
            sees_closer: false,
            missed: false,
        }
    }
    let mut t = [
        k(Bang, "BANG!", Brown, 0),
        k(Missed, "Missed!", Brown, 0),
        k(Beer, "Beer", Brown, 0),
        k(Saloon, "Saloon", Brown, 0),
        k(Stagecoach, "Stagecoach", Brown, 0),
        k(WellsFargo, "Wells Fargo", Brown, 0),
        k(GeneralStore, "General Store", Brown, 0),
        k(Panic, "Panic!", Brown, 0),
        k(CatBalou, "Cat Balou", Brown, 0),
        k(Duel, "Duel", Brown, 0),
        k(Indians, "Indians!", Brown, 0),
        k(Gatling, "Gatling", Brown, 0),
        k(Barrel, "Barrel", Blue, 0),
        k(Scope, "Scope", Blue, 0),
        k(Mustang, "Mustang", Blue, 0),
        k(Jail, "Jail", Blue, 0),
        k(Dynamite, "Dynamite", Blue, 0),
        k(Volcanic, "Volcanic", Blue, 1),
        k(Schofield, "Schofield", Blue, 2),
        k(Remington, "Remington", Blue, 3),
        k(RevCarabine, "Rev. Carabine", Blue, 4),
        k(Winchester, "Winchester", Blue, 5),
        k(Cactus, "Cactus", Brown, 0),
        k(Dragoon, "Dragoon", Blue, 2),
        k(Evaded, "Evaded!", Brown, 0),
        k(FullSteam, "Full Steam", Brown, 0),
        k(KnifeRevolver, "Knife Revolver", Brown, 0),
        k(Map, "Map", Blue, 0),
        k(MoneyBag, "Money Bag", Brown, 0),
        k(MostWanted, "Most Wanted", Brown, 0),
        k(NextStop, "Next Stop", Brown, 0),
        k(Refund, "Refund", Blue, 0),
        k(Strongbox, "Strongbox", Blue, 0),
        k(Switch, "Switch", Brown, 0),
        k(TrainRobbery, "Train Robbery", Brown, 0),
        k(WaterTower, "Water Tower", Brown, 0),
        k(Railcar, "Railcar", Blue, 0),
        k(Punch, "Punch", Brown, 0),
        k(Dodge, "Dodge", Brown, 0),
        k(Springfield, "Springfield", Brown, 0),
        k(RagTime, "Rag Time", Brown, 0),
        k(Brawl, "Brawl", Brown, 0),
        k(Tequila, "Tequila", Brown, 0),
        k(Whisky, "Whisky", Brown, 0),
        k(Binocular, "Binocular", Blue, 0),
        k(Hideout, "Hideout", Blue, 0),
        k(Bible, "Bible", Green, 0),
        k(Canteen, "Canteen", Green, 0),
        k(CanCan, "Can Can", Green, 0),
        k(Conestoga, "Conestoga", Green, 0),
        k(Derringer, "Derringer", Green, 0),
        k(BuffaloRifle, "Buffalo Rifle", Green, 0),
        k(Howitzer, "Howitzer", Green, 0),
        k(IronPlate, "Iron Plate", Green, 0),
        k(Knife, "Knife", Green, 0),
        k(Pepperbox, "Pepperbox", Green, 0),
        k(PonyExpress, "Pony Express", Green, 0),
        k(Sombrero, "Sombrero", Green, 0),
        k(TenGallonHat, "Ten Gallon Hat", Green, 0),
    ];
    t[Mustang as usize].seen_farther = true;
    t[Hideout as usize].seen_farther = true;
    t[Scope as usize].sees_closer = true;
    t[Binocular as usize].sees_closer = true;
    t[Missed as usize].missed = true;
    t[Cactus as usize].missed = true;
    t[Evaded as usize].missed = true;
    t[Dodge as usize].missed = true;
    t
};

impl Kind {
    /// What the rules know of this kind.
    pub fn info(self) -> &'static KindInfo {
        &KINDS[self as usize]
    }

    /// Whether this kind is blue-bordered (green ones are not, DC-3.6).
    pub fn is_blue(self) -> bool {
        self.info().border == Border::Blue
    }

    /// Whether this kind is green-bordered (Dodge City, DC-3).
    pub fn is_green(self) -> bool {
        self.info().border == Border::Green
    }

    /// Whether cards of this kind go into play when played (blue and green).
    pub fn stays_in_play(self) -> bool {
        self.info().border != Border::Brown
    }

    /// Whether this kind is a weapon.
    pub fn is_weapon(self) -> bool {
        self.info().reach.is_some()
    }
}

/// One physical card: id, kind, suit and value (2–10, J = 11, Q = 12, K = 13, A = 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardInfo {
    /// Its id ([`Card`]).
    pub id: Card,
    /// What it is.
    pub kind: Kind,
    /// Its suit.
    pub suit: Suit,
    /// Its value: 2–10, then 11 (J), 12 (Q), 13 (K), 14 (A).
    pub value: u8,
}

/// The 80 cards exactly as §2.1 lists them, then the 16 of the Great Train
/// Robbery (§12, D-T1), in ID order (index = id − 1).
pub const CARDS: [CardInfo; TABLE_SIZE] = {
    use Kind::*;
    use Suit::*;
    const J: u8 = 11;
    const Q: u8 = 12;
    const K: u8 = 13;
    const A: u8 = 14;
    const ROWS: [(Kind, Suit, u8); TABLE_SIZE] = [
        // BANG! 1–25
        (Bang, Hearts, Q),
        (Bang, Hearts, K),
        (Bang, Hearts, A),
        (Bang, Diamonds, 2),
        (Bang, Diamonds, 3),
        (Bang, Diamonds, 4),
        (Bang, Diamonds, 5),
        (Bang, Diamonds, 6),
        (Bang, Diamonds, 7),
        (Bang, Diamonds, 8),
        (Bang, Diamonds, 9),
        (Bang, Diamonds, 10),
        (Bang, Diamonds, J),
        (Bang, Diamonds, Q),
        (Bang, Diamonds, K),
        (Bang, Diamonds, A),
        (Bang, Clubs, 2),
        (Bang, Clubs, 3),
        (Bang, Clubs, 4),
        (Bang, Clubs, 5),
        (Bang, Clubs, 6),
        (Bang, Clubs, 7),
        (Bang, Clubs, 8),
        (Bang, Clubs, 9),
        (Bang, Spades, A),
        // Missed! 26–37
        (Missed, Clubs, 10),
        (Missed, Clubs, J),
        (Missed, Clubs, Q),
        (Missed, Clubs, K),
        (Missed, Clubs, A),
        (Missed, Spades, 2),
        (Missed, Spades, 3),
        (Missed, Spades, 4),
        (Missed, Spades, 5),
        (Missed, Spades, 6),
        (Missed, Spades, 7),
        (Missed, Spades, 8),
        // Beer 38–43
        (Beer, Hearts, 6),
        (Beer, Hearts, 7),
        (Beer, Hearts, 8),
        (Beer, Hearts, 9),
        (Beer, Hearts, 10),
        (Beer, Hearts, J),
        // Saloon 44, Stagecoach 45–46, Wells Fargo 47
        (Saloon, Hearts, 5),
        (Stagecoach, Spades, 9),
        (Stagecoach, Spades, 9),
        (WellsFargo, Hearts, 3),
        // General Store 48–49
        (GeneralStore, Clubs, 9),
        (GeneralStore, Spades, Q),
        // Panic! 50–53
        (Panic, Hearts, J),
        (Panic, Hearts, Q),
        (Panic, Hearts, A),
        (Panic, Diamonds, 8),
        // Cat Balou 54–57
        (CatBalou, Hearts, K),
        (CatBalou, Diamonds, 9),
        (CatBalou, Diamonds, 10),
        (CatBalou, Diamonds, J),
        // Duel 58–60
        (Duel, Diamonds, Q),
        (Duel, Clubs, 8),
        (Duel, Spades, J),
        // Indians! 61–62, Gatling 63
        (Indians, Diamonds, K),
        (Indians, Diamonds, A),
        (Gatling, Hearts, 10),
        // Barrel 64–65, Scope 66, Mustang 67–68
        (Barrel, Spades, Q),
        (Barrel, Spades, K),
        (Scope, Spades, A),
        (Mustang, Hearts, 8),
        (Mustang, Hearts, 9),
        // Jail 69–71, Dynamite 72
        (Jail, Hearts, 4),
        (Jail, Spades, 10),
        (Jail, Spades, J),
        (Dynamite, Hearts, 2),
        // Weapons 73–80
        (Volcanic, Clubs, 10),
        (Volcanic, Spades, 10),
        (Schofield, Clubs, J),
        (Schofield, Clubs, Q),
        (Schofield, Spades, K),
        (Remington, Clubs, K),
        (RevCarabine, Clubs, A),
        (Winchester, Spades, 8),
        // The Great Train Robbery 81–96 (train-robbery.md §12)
        (Cactus, Hearts, 7),
        (Dragoon, Spades, J),
        (Evaded, Clubs, Q),
        (FullSteam, Spades, 2),
        (KnifeRevolver, Diamonds, 5),
        (Map, Diamonds, 3),
        (MoneyBag, Clubs, Q),
        (MostWanted, Spades, K),
        (NextStop, Diamonds, 2),
        (NextStop, Clubs, K),
        (Refund, Spades, 3),
        (Strongbox, Hearts, 9),
        (Switch, Hearts, 6),
        (TrainRobbery, Diamonds, 4),
        (TrainRobbery, Clubs, J),
        (WaterTower, Hearts, 8),
    ];
    table(1, ROWS)
};

/// A table of cards numbered from `first`, one per row `(kind, suit, value)`.
pub(crate) const fn table<const N: usize>(
    first: Card,
    rows: [(Kind, Suit, u8); N],
) -> [CardInfo; N] {
    let mut out = [CardInfo {
        id: 0,
        kind: Kind::Bang,
        suit: Suit::Hearts,
        value: 0,
    }; N];
    let mut i = 0;
    while i < N {
        let (kind, suit, value) = rows[i];
        out[i] = CardInfo {
            id: first + i as u8,
            kind,
            suit,
            value,
        };
        i += 1;
    }
    out
}

/// What the tables say of card `id`, if there is such a playing card (this
/// file's, or Dodge City's).
pub fn card(id: Card) -> Option<&'static CardInfo> {
    CARDS
        .get((id as usize).wrapping_sub(1))
        .or_else(|| crate::bang::dodge::card(id))
}

/// Every playing card, in id order: this file's table, then Dodge City's.
pub fn all_cards() -> impl Iterator<Item = &'static CardInfo> {
    CARDS.iter().chain(crate::bang::dodge::CARD_TABLE.iter())
}

/// The kind of card `id`: a railcar for ids 101–116 (a BANG! for an id
/// that is no card; never asked in play).
pub fn kind(id: Card) -> Kind {
    match card(id) {
        Some(c) => c.kind,
        None if is_railcar(id) => Kind::Railcar,
        None => Kind::Bang,
    }
}

/// Whether card `id` is a heart (the success of Barrel, Jourdonnais and Jail).
pub fn is_heart(id: Card) -> bool {
    card(id).is_some_and(|c| c.suit == Suit::Hearts)
}

/// Whether card `id` is red (♥ or ♦): Black Jack's extra card.
pub fn is_red(id: Card) -> bool {
    card(id).is_some_and(|c| matches!(c.suit, Suit::Hearts | Suit::Diamonds))
}

/// Whether card `id` explodes the Dynamite: ♠ with value 2 to 9.
pub fn explodes(id: Card) -> bool {
    card(id).is_some_and(|c| c.suit == Suit::Spades && (2..=9).contains(&c.value))
}
