//! C8: the card ranking the policy's choices read (1 = most valuable), for
//! the playing cards of the base game and the Great Train Robbery, and with
//! them the railcars (D2.5: below Scope, above Saloon, in D2.5's order).

use super::rules::npc_rules;
use crate::bang::cards::{BASE_DECK, Card, Kind, kind};

/// C8 for every kind of playing card (railcars rank by D2.5).
pub const RANKS: [(Kind, u8); 36] = {
    use Kind::*;
    [
        (Missed, 1),
        (Beer, 2),
        (Bang, 3),
        (Barrel, 4),
        (Gatling, 5),
        (Indians, 6),
        (WellsFargo, 7),
        (Duel, 8),
        (Panic, 9),
        (CatBalou, 10),
        (Stagecoach, 11),
        (Evaded, 12),
        (Cactus, 13),
        (KnifeRevolver, 14),
        (TrainRobbery, 15),
        (Mustang, 16),
        (Winchester, 17),
        (RevCarabine, 18),
        (Remington, 19),
        (Dragoon, 20),
        (Schofield, 21),
        (Volcanic, 22),
        (Scope, 23),
        (Saloon, 24),
        (GeneralStore, 25),
        (MostWanted, 26),
        (NextStop, 27),
        (WaterTower, 28),
        (MoneyBag, 29),
        (Switch, 30),
        (Strongbox, 31),
        (Refund, 32),
        (Map, 33),
        (Jail, 34),
        (FullSteam, 35),
        (Dynamite, 36),
    ]
};

/// The worst rank: what a card missing from the table would get.
const LAST: u8 = u8::MAX;

/// The rank of Scope (C8), the last above the railcars (D2.5).
pub(crate) const SCOPE: u8 = 23;

/// Room between two playing-card ranks in [`order`] (for the 16 railcars).
pub(crate) const STEP: u16 = 32;

/// `(rank, order)` of a card the base's ranking does not list, as its
/// expansion ranks it (the railcars, D2.5).
fn ranked_by_expansion(card: Card) -> Option<(u8, u16)> {
    if card as usize <= BASE_DECK {
        return None;
    }
    npc_rules().iter().find_map(|rules| rules.ranked(card))
}

/// C8: the rank of a card (1 = most valuable). A railcar ranks as Scope
/// here (23: not a low-value card); [`order`] tells it apart (D2.5).
pub fn rank(card: Card) -> u8 {
    if let Some((rank, _)) = ranked_by_expansion(card) {
        return rank;
    }
    rank_of_kind(kind(card))
}

/// C8: the rank of a kind of card of the base's table (the worst for
/// another).
pub(crate) fn rank_of_kind(k: Kind) -> u8 {
    RANKS
        .iter()
        .find(|(r, _)| *r == k)
        .map_or(LAST, |&(_, n)| n)
}

/// C8 with D2.5: a card's place in one ranking of playing cards and
/// railcars (smaller = more valuable): every railcar below Scope (23) and
/// above Saloon (24), the railcars among themselves in D2.5's order.
pub fn order(card: Card) -> u16 {
    match ranked_by_expansion(card) {
        Some((_, order)) => order,
        None => u16::from(rank(card)) * STEP,
    }
}

/// C8 "low-value card": rank 24 or worse.
pub fn low_value(card: Card) -> bool {
    rank(card) >= 24
}

/// C5.5: the lowest-ranked of `cards` (listed bottom-most first), the
/// bottom-most on ties (B9); railcars ranked per D2.5 ([`order`]).
pub fn lowest_ranked(cards: &[Card]) -> Option<Card> {
    cards.iter().copied().fold(None, |best, c| match best {
        Some(b) if order(b) >= order(c) => Some(b),
        _ => Some(c),
    })
}

/// C1.3: the highest-ranked of `cards`, the lowest card id on ties (B9);
/// railcars ranked per D2.5 ([`order`]).
pub fn highest_ranked(cards: impl IntoIterator<Item = Card>) -> Option<Card> {
    cards.into_iter().min_by_key(|&c| (order(c), c))
}
