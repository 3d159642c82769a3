//! Dodge City's 40 playing cards (`dodge-city.md` §2), ids 201 to 240, in
//! id order: 19 brown, 7 blue and 14 green, ten of each suit.

use crate::bang::cards::{Card, CardInfo, Kind, Suit, table};

/// The id of Dodge City's first card.
pub const FIRST: Card = 201;

/// How many playing cards Dodge City adds.
pub const CARDS: usize = 40;

/// The id of Dodge City's last card.
pub const LAST: Card = FIRST + CARDS as Card - 1;

/// The 40 cards exactly as §2 lists them (index = id − 201); Buffalo Rifle
/// is Q♣ (D-DC1).
pub const CARD_TABLE: [CardInfo; CARDS] = {
    use Kind::*;
    use Suit::*;
    const J: u8 = 11;
    const Q: u8 = 12;
    const K: u8 = 13;
    const A: u8 = 14;
    const ROWS: [(Kind, Suit, u8); CARDS] = [
        // Brown 201–219
        (Bang, Clubs, 5),
        (Bang, Clubs, 6),
        (Bang, Clubs, K),
        (Bang, Spades, 8),
        (Missed, Diamonds, 8),
        (Beer, Hearts, 6),
        (Beer, Spades, 6),
        (GeneralStore, Spades, A),
        (Indians, Diamonds, 5),
        (Panic, Hearts, J),
        (CatBalou, Clubs, 8),
        (Punch, Spades, 10),
        (Dodge, Hearts, K),
        (Dodge, Diamonds, 7),
        (Springfield, Spades, K),
        (RagTime, Hearts, 9),
        (Brawl, Spades, J),
        (Tequila, Clubs, 9),
        (Whisky, Hearts, Q),
        // Blue 220–226
        (Barrel, Clubs, A),
        (Dynamite, Clubs, 10),
        (Mustang, Hearts, 5),
        (Remington, Diamonds, 6),
        (RevCarabine, Spades, 5),
        (Binocular, Diamonds, 10),
        (Hideout, Diamonds, K),
        // Green 227–240
        (Bible, Hearts, 10),
        (Canteen, Hearts, 7),
        (CanCan, Clubs, J),
        (Conestoga, Diamonds, 9),
        (Derringer, Spades, 7),
        (BuffaloRifle, Clubs, Q),
        (Howitzer, Spades, 9),
        (IronPlate, Diamonds, A),
        (IronPlate, Spades, Q),
        (Knife, Hearts, 8),
        (Pepperbox, Hearts, A),
        (PonyExpress, Diamonds, Q),
        (Sombrero, Clubs, 7),
        (TenGallonHat, Diamonds, J),
    ];
    table(FIRST, ROWS)
};

/// What the table says of card `id`, if it is one of Dodge City's.
pub fn card(id: Card) -> Option<&'static CardInfo> {
    CARD_TABLE.get((id as usize).wrapping_sub(FIRST as usize))
}

/// Whether card `id` is one of Dodge City's.
pub fn is_dodge_card(id: Card) -> bool {
    (FIRST..=LAST).contains(&id)
}
