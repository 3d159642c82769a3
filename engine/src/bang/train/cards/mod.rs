//! The Great Train Robbery's 16 playing cards (§12, §13). The base files
//! only call in here: `legal.rs` lists the plays each card allows,
//! `fold.rs` folds their events into the state, `effects.rs` holds the
//! machine steps of their effects; this file what they all read (what a
//! Money Bag copies, a Map's look, a Train Robbery's target).

mod effects;
mod fold;
mod legal;

pub(crate) use effects::check_succeeds;
pub(crate) use fold::{fold, from_aside, money_bag_bang, most_wanted_checked, played};
pub(crate) use legal::{bang_limit, card_plays, map_actions, robbery_actions};

use crate::bang::cards::{Card, Kind, kind};
use crate::bang::state::{Effect, Phase, State};
use crate::core::Seat;

/// Map's look at the top of the deck this turn (TR-13.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapStage {
    /// He is looking: he discards one of the cards, or passes.
    Looking,
    /// Done for this turn.
    Done,
}

/// TR-13.7: the kind a Money Bag copies now: the top card of the discard
/// pile, if brown and not a Missed!-only card (c).
pub(crate) fn money_bag_copies(s: &State) -> Option<Kind> {
    let k = kind(*s.discard.last()?);
    let never = [Kind::Missed, Kind::Cactus, Kind::Evaded, Kind::MoneyBag];
    (!k.stays_in_play() && !never.contains(&k)).then_some(k)
}

/// Whether `card`, the card that shot, can be taken back into a hand: on
/// the discard pile, or a Money Bag held aside while its copied effect
/// resolves (TR-13.7 d: "this card" is the Money Bag).
fn recoverable(s: &State, card: Card) -> bool {
    s.discard.contains(&card) || s.train.money_bag.is_some_and(|(_, c)| c == card)
}

/// Whether the current player looks at the top of the deck with his Map now.
pub(crate) fn map_pending(s: &State) -> bool {
    s.train.map == Some(MapStage::Looking) && s.turn.phase == Phase::Start
}

/// The top cards of the deck a Map shows (up to 2, the top first).
fn map_cards(s: &State) -> Vec<Card> {
    s.deck.iter().rev().take(2).copied().collect()
}

/// The target of a Train Robbery and his cards still to handle, when he is
/// the one to decide now.
pub(crate) fn robbery_pending(s: &State) -> Option<(Seat, Vec<Card>)> {
    let Some(Effect::Robbery { target, left, .. }) = &s.effect else {
        return None;
    };
    if s.shot.is_some() || s.dying.is_some() || s.check.is_some() || !s.alive(*target) {
        return None;
    }
    let cards: Vec<Card> = left
        .iter()
        .copied()
        .filter(|c| s.p(*target).in_play.contains(c))
        .collect();
    (!cards.is_empty()).then_some((*target, cards))
}
