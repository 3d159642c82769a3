//! Folding the Gold Rush events (called by [`crate::bang::apply`]). Like the
//! base game's fold it is total: an event that does not fit the state changes
//! nothing, and a card is only ever moved from where it is.

use super::GoldEvent;
use super::equipment::{Equip, equip_kind, is_equipment};
use super::{Gold, NuggetUse};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::fold_steps::{from_hand, kit_to_hand, player};
use crate::bang::state::State;
use crate::core::Seat;

/// Folds one of the expansion's events.
pub(crate) fn fold(s: &mut State, event: &GoldEvent) {
    match event {
        GoldEvent::BeerSold { seat, card } => beer_sold(s, *seat, *card),
        GoldEvent::DutchDiscarded { seat, card } => dutch_discarded(s, *seat, *card),
        GoldEvent::EquipmentShuffled { order } => shuffled(s, order),
        GoldEvent::MarketFilled { slot, equipment } => {
            let g = &mut s.gold;
            let on_top = g.face_down().last() == Some(equipment);
            if let Some(place) = g.market.get_mut(*slot as usize)
                && place.is_none()
                && on_top
            {
                *place = g.deck.pop();
            }
        }
        GoldEvent::EquipmentBought {
            seat,
            slot,
            equipment,
            paid,
            target,
            mode,
        } => {
            let Some(place) = s.gold.market.get_mut(*slot as usize) else {
                return;
            };
            if *place != Some(*equipment) || *seat >= s.players {
                return;
            }
            *place = None;
            if *paid < super::cost(*equipment) {
                s.gold.discount_used = true;
            }
            pay(s, *seat, *paid);
            if *mode == Some(super::Mode::GeneralStore) {
                s.store_opened(*target);
            }
            settle_card(s, *seat, *equipment, *target);
        }
        GoldEvent::EquipmentTaken { seat: _, equipment } => {
            let g = &mut s.gold;
            if g.josh.is_none() && g.face_down().last() == Some(equipment) {
                g.deck.pop();
                g.josh = Some(*equipment);
            }
        }
        GoldEvent::EquipmentUsed {
            seat,
            equipment,
            target,
            mode,
        } => {
            if s.gold.josh == Some(*equipment) && *seat < s.players {
                s.gold.josh = None;
                if *mode == Some(super::Mode::GeneralStore) {
                    s.store_opened(*target);
                }
                settle_card(s, *seat, *equipment, *target);
            }
        }
        GoldEvent::EquipmentReturned { seat, equipment } => {
            for &e in equipment {
                if s.gold.josh == Some(e) {
                    s.gold.josh = None;
                    to_bottom(&mut s.gold, e);
                } else if take_equipment(s, *seat, e) {
                    to_bottom(&mut s.gold, e);
                }
            }
        }
        GoldEvent::EquipmentForced {
            seat,
            owner,
            equipment,
            paid,
        } => {
            if take_equipment(s, *owner, *equipment) {
                to_bottom(&mut s.gold, *equipment);
                pay(s, *seat, *paid);
            }
        }
        GoldEvent::NuggetsGained { seat, amount, .. } => {
            if let Some(p) = s.table[..s.players as usize].get_mut(*seat as usize) {
                p.nuggets = p.nuggets.saturating_add(u16::from(*amount));
            }
        }
        GoldEvent::NuggetsPaid { seat, amount, used } => {
            pay(s, *seat, *amount);
            match used {
                NuggetUse::GoldPan => s.gold.pan_uses = s.gold.pan_uses.saturating_add(1),
                NuggetUse::RaddieSnake => s.gold.raddie_uses = s.gold.raddie_uses.saturating_add(1),
                NuggetUse::JoshMcCloud => s.gold.josh_uses = s.gold.josh_uses.saturating_add(1),
                _ => {}
            }
        }
        GoldEvent::NuggetsReturned { seat, amount } => pay(s, *seat, *amount),
    }
}

/// A new turn: the turn's counters start again.
pub(crate) fn turn_started(g: &mut Gold) {
    g.discount_used = false;
    g.pan_uses = 0;
    g.raddie_uses = 0;
    g.josh_uses = 0;
    g.don_bell_checked = false;
}

/// The deck (re)built face down: all 24 at setup, else the cards it holds
/// (all face up) in a new order.
fn shuffled(s: &mut State, order: &[Option<Equip>]) {
    let ids: Vec<Equip> = order.iter().flatten().copied().collect();
    let g = &mut s.gold;
    if g.deck.is_empty() {
        if g.market.iter().any(Option::is_some) || g.josh.is_some() {
            return; // only the opening deal builds a deck from nothing
        }
        let in_play = s.table.iter().any(|p| !p.equipment.is_empty());
        if in_play {
            return;
        }
        for &e in ids.iter().rev() {
            if is_equipment(e) && !g.deck.contains(&e) {
                g.deck.push(e);
            }
        }
    } else {
        let mut have: Vec<Equip> = g.deck.to_vec();
        let mut want = ids.clone();
        have.sort_unstable();
        want.sort_unstable();
        if have != want {
            return;
        }
        g.deck.clear();
        g.deck.extend(ids.iter().rev().copied());
    }
    g.returned = 0;
}

/// A bought or used card: a black one into play (a Wanted in front of
/// `target`), a brown one face up to the bottom of the deck.
fn settle_card(s: &mut State, seat: Seat, e: Equip, target: Option<Seat>) {
    let kind = equip_kind(e);
    if kind.is_black() {
        let owner = match kind {
            super::EquipKind::Wanted => target.unwrap_or(seat),
            _ => seat,
        };
        if let Some(p) = s.table[..s.players as usize].get_mut(owner as usize)
            && p.equipment.try_push(e).is_ok()
        {
            return;
        }
    }
    to_bottom(&mut s.gold, e);
}

/// Puts `e` face up at the bottom of the equipment deck.
fn to_bottom(g: &mut Gold, e: Equip) {
    if !g.deck.is_full() {
        g.deck.insert(0, e);
        g.returned = g.returned.saturating_add(1);
    }
}

/// Removes black card `e` from in front of `seat`.
fn take_equipment(s: &mut State, seat: Seat, e: Equip) -> bool {
    let Some(p) = s.table[..s.players as usize].get_mut(seat as usize) else {
        return false;
    };
    match p.equipment.iter().position(|&x| x == e) {
        Some(i) => {
            p.equipment.remove(i);
            true
        }
        None => false,
    }
}

/// `seat` pays `amount` nuggets to the heap.
fn pay(s: &mut State, seat: Seat, amount: impl Into<u16>) {
    let amount: u16 = amount.into();
    if let Some(p) = s.table[..s.players as usize].get_mut(seat as usize) {
        p.nuggets = p.nuggets.saturating_sub(amount);
    }
}

/// GR-4.3: `seat` sold a Beer from his hand for 1 nugget.
fn beer_sold(s: &mut State, seat: Seat, card: Card) {
    if kind(card) == Kind::Beer && from_hand(s, seat, card) {
        s.discard.push(card);
        if let Some(p) = player(s, seat) {
            p.nuggets = p.nuggets.saturating_add(1);
        }
    }
}

/// Dutch Will discarded `card` of those he drew in phase 1 (GC2); the
/// others go to his hand.
fn dutch_discarded(s: &mut State, seat: Seat, card: Card) {
    if s.kit.contains(&card) && player(s, seat).is_some() {
        kit_to_hand(s, seat, Some(card), |s| &mut s.discard);
    }
}
