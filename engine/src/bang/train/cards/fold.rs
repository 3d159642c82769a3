//! What the Great Train Robbery's cards and their events fold into the
//! state (called by the base fold, `crate::bang::apply`).

use super::MapStage;
use crate::bang::TrainEvent;
use crate::bang::card_rules::{CardHooks, ignores};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::state::{Effect, State};
use crate::core::Seat;

/// Removes the Money Bag `card` `seat` played from where it is held aside
/// (TR-13.7 a); whether it was there.
pub(crate) fn from_aside(s: &mut State, seat: Seat, card: Card) -> bool {
    if s.train.money_bag == Some((seat, card)) {
        s.train.money_bag = None;
        true
    } else if s.train.used == Some((seat, card)) {
        s.train.used = None;
        true
    } else {
        false
    }
}

/// TR-13.7 (b): a Money Bag copying a BANG! shoots like one without being a
/// BANG! card nor counting toward the limit.
pub(crate) fn money_bag_bang(s: &mut State, seat: Seat, card: Card, target: Option<Seat>) {
    if let Some(t) = target {
        s.effect = Some(Effect::Shots {
            source: seat,
            targets: [t].into_iter().collect(),
            bang_card: false,
            anonymous: false,
            card: Some(card),
        });
    }
}

/// The fold of a Great Train Robbery card just played (moved to the discard
/// pile; a Money Bag's copy of one of them too): Knife Revolver and Train
/// Robbery count as the BANG! card of the turn and set their effect in motion.
pub(crate) fn played(s: &mut State, seat: Seat, card: Card, k: Kind, target: Option<Seat>) {
    let Some(t) = target else { return };
    if kind(card) != Kind::MoneyBag && matches!(k, Kind::KnifeRevolver | Kind::TrainRobbery) {
        s.turn.bangs = s.turn.bangs.saturating_add(1);
    }
    match k {
        Kind::KnifeRevolver => {
            s.effect = Some(Effect::Shots {
                source: seat,
                targets: [t].into_iter().collect(),
                bang_card: false,
                anonymous: false,
                card: Some(card),
            });
        }
        Kind::TrainRobbery => {
            if ignores(s, t, seat, card) {
                return;
            }
            s.effect = Some(Effect::Robbery {
                source: seat,
                target: t,
                card,
                left: s.p(t).in_play.clone(),
            });
            crate::bang::fold_steps::settle(s);
        }
        _ => {}
    }
}

/// Most Wanted: `seat` has made his check; the next player checks.
pub(crate) fn most_wanted_checked(s: &mut State, seat: Seat) {
    if let Some(Effect::MostWanted { targets, .. }) = s.effect.as_mut()
        && targets.first() == Some(&seat)
    {
        targets.remove(0);
    }
    crate::bang::fold_steps::settle(s);
}

/// Folds the events of the playing cards; `false` for another event.
pub(crate) fn fold(s: &mut State, event: &TrainEvent) -> bool {
    let n = s.players as usize;
    match event {
        TrainEvent::DiscardRecovered { seat, card } => {
            if (*seat as usize) >= n {
                return true;
            }
            if s.train.money_bag.is_some_and(|(_, c)| c == *card) {
                s.train.money_bag = None; // TR-13.7 (d): the Money Bag itself
                s.table[*seat as usize].hand.push(*card);
            } else if let Some(i) = s.discard.iter().rposition(|c| c == card) {
                s.discard.remove(i);
                s.table[*seat as usize].hand.push(*card);
            }
        }
        TrainEvent::FullSteamChosen { double } => {
            s.train.full_steam = Some(if *double { 2 } else { 0 });
        }
        TrainEvent::MapLooked { .. } => s.train.map = Some(MapStage::Looking),
        TrainEvent::MapDone { discarded, .. } => {
            s.train.map = Some(MapStage::Done);
            if let Some(c) = discarded
                && let Some(i) = s.deck.iter().rposition(|x| x == c)
            {
                s.deck.remove(i);
                s.discard.push(*c);
            }
        }
        TrainEvent::RobberyHandled {
            seat,
            card,
            discard,
        } => {
            if let Some(Effect::Robbery { target, left, .. }) = s.effect.as_mut()
                && target == seat
                && let Some(i) = left.iter().position(|c| c == card)
            {
                left.remove(i);
            }
            if *discard {
                crate::bang::fold_steps::settle(s);
            }
        }
        TrainEvent::CardsSwitched {
            seat,
            mine,
            other,
            theirs,
        } => {
            let (a, b) = (*seat as usize, *other as usize);
            if a >= n || b >= n || a == b {
                return true;
            }
            let (Some(i), Some(j)) = (
                s.table[a].in_play.iter().position(|c| c == mine),
                s.table[b].in_play.iter().position(|c| c == theirs),
            ) else {
                return true;
            };
            s.table[a].in_play.remove(i);
            s.table[b].in_play.remove(j);
            s.table[a].in_play.push(*theirs);
            s.table[b].in_play.push(*mine);
            for e in CardHooks::in_play(s) {
                e.entered_play(s, *seat, *theirs); // a green card waits (D-DC3)
                e.entered_play(s, *other, *mine);
            }
        }
        _ => return false,
    }
    true
}
