//! The 80 playing cards (§2.1) as one table in ID order, and the 22 card
//! kinds with what the rules need to know of each (border, weapon reach).

use serde::{Deserialize, Serialize};

/// A playing card: its stable id, 1 to 80 (§2.1).
pub type Card = u8;

/// How many playing cards the base deck holds.
pub const DECK_SIZE: usize = 80;

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

/// A card's border: brown cards resolve once, blue cards stay in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Border))]
#[serde(rename_all = "snake_case")]
pub enum Border {
    /// Played from hand, resolved once, discarded.
    Brown,
    /// Played into play, stays there.
    Blue,
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
}

/// The 22 kinds, in the order of §2.1.
pub const KINDS: [KindInfo; 22] = {
    use Border::*;
    use Kind::*;
    const fn k(kind: Kind, name: &'static str, border: Border, reach: u8) -> KindInfo {
        KindInfo {
            kind,
            name,
            border,
            reach: if reach == 0 { None } else { Some(reach) },
        }
    }
    [
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
    ]
};

impl Kind {
    /// What the rules know of this kind.
    pub fn info(self) -> &'static KindInfo {
        &KINDS[self as usize]
    }

    /// Whether cards of this kind go into play.
    pub fn is_blue(self) -> bool {
        self.info().border == Border::Blue
    }

    /// Whether this kind is a weapon.
    pub fn is_weapon(self) -> bool {
        self.info().reach.is_some()
    }
}

/// One physical card: id, kind, suit and value (2–10, J = 11, Q = 12, K = 13, A = 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardInfo {
    /// 1 to 80.
    pub id: Card,
    /// What it is.
    pub kind: Kind,
    /// Its suit.
    pub suit: Suit,
    /// Its value: 2–10, then 11 (J), 12 (Q), 13 (K), 14 (A).
    pub value: u8,
}

/// The 80 cards exactly as §2.1 lists them, in ID order (index = id − 1).
pub const CARDS: [CardInfo; DECK_SIZE] = {
    use Kind::*;
    use Suit::*;
    const J: u8 = 11;
    const Q: u8 = 12;
    const K: u8 = 13;
    const A: u8 = 14;
    const ROWS: [(Kind, Suit, u8); DECK_SIZE] = [
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
    ];
    let mut out = [CardInfo {
        id: 0,
        kind: Bang,
        suit: Hearts,
        value: 0,
    }; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        let (kind, suit, value) = ROWS[i];
        out[i] = CardInfo {
            id: i as u8 + 1,
            kind,
            suit,
            value,
        };
        i += 1;
    }
    out
};

/// What the table says of card `id`, if there is such a card.
pub fn card(id: Card) -> Option<&'static CardInfo> {
    CARDS.get((id as usize).wrapping_sub(1))
}

/// The kind of card `id` (a BANG! for an id that is no card; never asked in play).
pub fn kind(id: Card) -> Kind {
    card(id).map_or(Kind::Bang, |c| c.kind)
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

/// Every card id, 1 to 80.
pub fn all_ids() -> impl Iterator<Item = Card> {
    1..=DECK_SIZE as Card
}
