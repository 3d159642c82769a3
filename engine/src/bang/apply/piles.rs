//! The fold of cards moving between the piles and the players: the deck
//! built and drawn from, Kit Carlson's and Dutch Will's looks, cards stolen,
//! discarded, passed, inherited, a General Store's cards, a Beer sold.

use super::effects::gave;
use crate::bang::cards::Card;
use crate::bang::cards::is_railcar;
use crate::bang::events::Event;
use crate::bang::expansion::in_play;
use crate::bang::fold_steps::{from_player, kit_to_hand, player, settle, take_from, to_pile};
use crate::bang::state::{Effect, Phase, State};
use crate::core::Seat;

/// Folds an event of cards moving (another event is folded by another family).
pub(super) fn fold(s: &mut State, event: &Event) {
    match event {
        Event::DeckShuffled { order } => deck_shuffled(s, order),
        Event::CardsDrawn { seat, cards } => {
            for c in cards.iter().flatten() {
                deck_to_hand(s, *seat, *c);
                for e in in_play(s) {
                    e.card_drawn(s, *seat, *c);
                }
            }
        }
        Event::KitLooked { seat: _, cards } => {
            for c in cards.iter().flatten() {
                if !s.kit.is_full() && take_from(&mut s.deck, *c) {
                    s.kit.push(*c);
                }
            }
        }
        Event::KitKept { seat, back } => kit_kept(s, *seat, *back),
        Event::DiscardTaken { seat, card } => {
            if s.discard.last() == Some(card)
                && let Some(c) = s.discard.pop()
                && let Some(p) = player(s, *seat)
            {
                p.hand.push(c);
            }
        }
        Event::CardStolen {
            from,
            to,
            card: Some(card),
            ..
        } => {
            if player(s, *to).is_some() && from_player(s, *from, *card) {
                receive(s, *to, *card);
            }
            gave(s, *from);
        }
        Event::CardStolen { card: None, .. } => {}
        Event::Discarded { seat, cards } => {
            if s.turn.phase == Phase::Discard && *seat == s.turn.seat {
                s.turn.discarding = true; // B-11.4: Sid Ketchum heals before
            }
            for c in cards {
                if from_player(s, *seat, *c) || in_play(s).any(|e| e.takes_aside(s, *seat, *c)) {
                    to_pile(s, *c);
                }
            }
            gave(s, *seat);
        }
        Event::DynamitePassed { from, to, card } => dynamite_passed(s, *from, *to, *card),
        Event::CardsInherited {
            seat,
            from,
            hand,
            in_play,
        } => {
            for c in hand.iter().flatten().chain(in_play) {
                if player(s, *seat).is_some() && from_player(s, *from, *c) {
                    receive(s, *seat, *c);
                }
            }
        }
        Event::StoreRevealed { seat, cards } => {
            for c in cards {
                if !s.store.is_full() && take_from(&mut s.deck, *c) {
                    s.store.push(*c);
                }
            }
            if s.effect.is_none() {
                s.effect = Some(Effect::Store { next: *seat });
            }
            settle(s);
        }
        Event::StorePicked { seat, card } => store_picked(s, *seat, *card),
        _ => {}
    }
}

/// The deck built from `order` (top first): at setup from the 80 cards, then
/// from the discard pile, once the deck is empty.
fn deck_shuffled(s: &mut State, order: &[Option<Card>]) {
    if !s.deck.is_empty() {
        return;
    }
    for c in order.iter().rev().flatten() {
        if s.dealt {
            if take_from(&mut s.discard, *c) {
                s.deck.push(*c);
            }
        } else if !s.deck.contains(c) && crate::bang::cards::card(*c).is_some() {
            // Only the 80 cards: a malformed order cannot overfill the deck.
            let _ = s.deck.try_push(*c);
        }
    }
    s.dealt = true;
}

/// General Store: `seat` took `card`; the next player in play picks (TC6:
/// not the one Sgt. Blaze exempted).
fn store_picked(s: &mut State, seat: Seat, card: Card) {
    if take_from_store(s, card)
        && let Some(p) = player(s, seat)
    {
        p.hand.push(card);
        let mut next = s.next_alive(seat);
        for e in in_play(s) {
            next = e.next_picker(s, next);
        }
        if let Some(Effect::Store { next: n }) = s.effect.as_mut() {
            *n = next;
        }
    }
    settle(s);
}

/// A Dynamite that did not explode passes from `from` to `to`.
fn dynamite_passed(s: &mut State, from: Seat, to: Seat, card: Card) {
    if player(s, to).is_some() && from_player(s, from, card) {
        let _ = s.table[to as usize].in_play.try_push(card);
    }
}

/// A card a player receives from another: into his hand, a railcar into
/// play in front of him (TR-9.2); one that fits nowhere is discarded.
fn receive(s: &mut State, seat: Seat, card: Card) {
    let Some(p) = player(s, seat) else { return };
    if !is_railcar(card) {
        p.hand.push(card);
    } else if p.in_play.try_push(card).is_err() {
        to_pile(s, card);
    }
}

/// Kit Carlson keeps his cards but `back`, which goes on top of the deck.
pub(super) fn kit_kept(s: &mut State, seat: Seat, back: Option<Card>) {
    if player(s, seat).is_none() {
        return;
    }
    kit_to_hand(s, seat, back, |s| &mut s.deck);
}

/// Removes `card` from the General Store's cards if it is there.
fn take_from_store(s: &mut State, card: Card) -> bool {
    match s.store.iter().position(|&c| c == card) {
        Some(i) => {
            s.store.remove(i);
            true
        }
        None => false,
    }
}

/// `card` from the deck into `seat`'s hand, if both are there.
fn deck_to_hand(s: &mut State, seat: Seat, card: Card) {
    if player(s, seat).is_some() && take_from(&mut s.deck, card) {
        s.table[seat as usize].hand.push(card);
    }
}
