//! The 13 stations of the Great Train Robbery (`rules/train-robbery.md` §6)
//! as one table in ID order (S01–S13), each with the cost of taking the
//! railcar paired with it.

use serde::{Deserialize, Serialize};

use crate::bang::cards::Card;
use crate::bang::cards::{Kind, Suit, card, kind};

/// A station tile: its stable id, 1 to 13 (S01–S13).
pub type Station = u8;

/// How many station tiles there are (the blank one is not used, D-T4).
pub const STATIONS: usize = 13;

/// What a station asks to take its paired railcar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::StationCost))]
#[serde(rename_all = "snake_case")]
pub enum StationCost {
    /// Discard a card printed with one of these names.
    Named(NamedCost),
    /// Discard a card of this printed suit.
    Suit(Suit),
    /// Discard a blue-bordered card (from hand, or a blue card or railcar in play).
    Blue,
    /// Discard a card valued 10, J, Q, K or A.
    High,
    /// Discard a card valued 2 to 9.
    Low,
    /// Lose 1 life (not your last; nobody responsible).
    Life,
    /// Discard any two cards.
    Two,
}

/// The names a station may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::NamedCost))]
#[serde(rename_all = "snake_case")]
pub enum NamedCost {
    /// Boom Town: a BANG!.
    Bang,
    /// Catico: a Cat Balou or a Panic!.
    CatBalouOrPanic,
    /// Crown's Hole: a Beer.
    Beer,
    /// Dodgeville: a Missed!.
    Missed,
}

/// One station tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StationInfo {
    /// S01 to S13.
    pub id: Station,
    /// Its printed name.
    pub name: &'static str,
    /// What taking its paired railcar costs.
    pub cost: StationCost,
}

/// The 13 stations, in ID order (index = id − 1).
pub const STATION_TABLE: [StationInfo; STATIONS] = {
    use NamedCost::*;
    use StationCost::*;
    const fn s(id: Station, name: &'static str, cost: StationCost) -> StationInfo {
        StationInfo { id, name, cost }
    }
    [
        s(1, "Boom Town", Named(Bang)),
        s(2, "Catico", Named(CatBalouOrPanic)),
        s(3, "Creepy Creek", Suit(crate::bang::cards::Suit::Spades)),
        s(4, "Crown's Hole", Named(Beer)),
        s(5, "Deathwood", Blue),
        s(6, "Dodgeville", Named(Missed)),
        s(7, "Fort Wroth", High),
        s(8, "Frisco", Suit(crate::bang::cards::Suit::Clubs)),
        s(9, "Miner's Oath", Suit(crate::bang::cards::Suit::Diamonds)),
        s(10, "San Tafe", Suit(crate::bang::cards::Suit::Hearts)),
        s(11, "Tombrock", Life),
        s(12, "Virginia Town", Two),
        s(13, "Yooma", Low),
    ]
};

/// What the table says of station `id` (S01 for an id that is none).
pub fn station(id: Station) -> &'static StationInfo {
    STATION_TABLE
        .get((id as usize).wrapping_sub(1))
        .unwrap_or(&STATION_TABLE[0])
}

/// Every station id, 1 to 13.
pub fn all_stations() -> impl Iterator<Item = Station> {
    1..=STATIONS as Station
}

/// Whether playing card `c` pays a one-card cost (TR-5.2: the printed name,
/// suit or value; a card with the same effect does not). `Blue` is checked
/// by the caller, who knows where the card lies; `Life` and `Two` are paid
/// otherwise.
pub fn pays(cost: StationCost, c: Card) -> bool {
    if cost == StationCost::Blue {
        // Railcars have no suit or value but are blue (TR-5.2, TR-9.1).
        return kind(c).is_blue();
    }
    let Some(info) = card(c) else { return false };
    match cost {
        StationCost::Named(NamedCost::Bang) => kind(c) == Kind::Bang,
        StationCost::Named(NamedCost::CatBalouOrPanic) => {
            matches!(kind(c), Kind::CatBalou | Kind::Panic)
        }
        StationCost::Named(NamedCost::Beer) => kind(c) == Kind::Beer,
        StationCost::Named(NamedCost::Missed) => kind(c) == Kind::Missed,
        StationCost::Suit(suit) => info.suit == suit,
        StationCost::Blue => kind(c).is_blue(),
        StationCost::High => info.value >= 10,
        StationCost::Low => (2..=9).contains(&info.value),
        StationCost::Life | StationCost::Two => false,
    }
}
