//! The words the history's sentences are made of: the names of cards,
//! roles and sides, a card's value and suit, and what an action
//! does.

use crate::bang::actions::Action;
use crate::bang::cards::{self, Card, Suit};
use crate::core::history::{count, label, list, seat_name, title};
use crate::core::{Role, Team};

pub use crate::bang::card_rules::card_name;

/// A card's value and suit as printed: `7♥`, `Q♠`, `A♦` (empty for a railcar).
pub fn suit_value(card: Card) -> String {
    let Some(info) = cards::card(card) else {
        return String::new();
    };
    let value = match info.value {
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        14 => "A".to_string(),
        v => v.to_string(),
    };
    let suit = match info.suit {
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
        Suit::Spades => '♠',
    };
    format!("{value}{suit}")
}

/// A card with its value and suit, where the rules read them: `Beer (6♥)`.
pub(crate) fn full(card: Card) -> String {
    let sv = suit_value(card);
    if sv.is_empty() {
        card_name(card).to_string()
    } else {
        format!("{} ({sv})", card_name(card))
    }
}

/// Cards by name, or how many are hidden: `BANG! and Beer`, `2 cards`.
pub(crate) fn cards_told(cards: &[Option<Card>]) -> String {
    if cards.iter().any(Option::is_none) {
        return count(cards.len(), "card");
    }
    let names: Vec<String> = cards
        .iter()
        .flatten()
        .map(|&c| card_name(c).to_string())
        .collect();
    if names.is_empty() {
        "no card".into()
    } else {
        list(&names)
    }
}

/// Cards known to all, by name.
pub(crate) fn names_of(cards: &[Card]) -> String {
    list(
        &cards
            .iter()
            .map(|&c| card_name(c).to_string())
            .collect::<Vec<_>>(),
    )
}

/// How a Bottle, a Pardner or a railcar is used, by the name of the card it
/// stands for (`BANG!`, `Cat Balou`).
pub(crate) fn used_as<T: serde::Serialize>(mode: &T) -> String {
    serde_json::to_value(mode)
        .ok()
        .and_then(|v| serde_json::from_value::<cards::Kind>(v).ok())
        .map_or_else(|| title(&label(mode)), |k| k.info().name.to_string())
}
/// A role's name (`Sheriff`).
pub(crate) fn role(r: Role) -> String {
    title(&label(&r))
}

/// A side's name (`Outlaws`).
pub(crate) fn team(t: Team) -> String {
    title(&label(&t))
}

/// ` at Bob` for a target, else nothing.
pub(crate) fn at(target: Option<u8>, names: &[String]) -> String {
    target.map_or(String::new(), |t| format!(" at {}", seat_name(names, t)))
}

/// What an action does, told after the name of the seat that took it (for
/// an NPC, whose decision is recorded with its reason).
pub(crate) fn action(a: &Action, names: &[String]) -> String {
    match a {
        Action::Play { card, target, .. } => {
            format!("plays {}{}", card_name(*card), at(*target, names))
        }
        Action::Discard { card } => format!("discards {}", card_name(*card)),
        Action::Respond { card } => format!("answers with {}", card_name(*card)),
        Action::Pick { card } => format!("takes {}", card_name(*card)),
        Action::PutBack { card } => format!("puts {} back", card_name(*card)),
        Action::ChooseCheck { card } => format!("chooses {}", full(*card)),
        Action::Pass => "passes".into(),
        Action::EndTurn => "ends the turn".into(),
        Action::Barrel => "draws! for a Barrel".into(),
        other => label(other),
    }
}
