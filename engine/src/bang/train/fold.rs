//! Folding the Great Train Robbery's events (called by
//! [`crate::bang::apply`]): total, and a card or tile is only ever moved from
//! where it is.

use super::railcars::{RAILCAR_BASE, is_railcar};
use super::stations::STATIONS;
use super::{Advance, Train};
use crate::bang::events::Event;
use crate::bang::state::State;

/// Folds one train event; `false` for an event of another part of the game.
pub(crate) fn fold(s: &mut State, event: &Event) -> bool {
    let t = &mut s.train;
    match event {
        Event::StationsShuffled { order } => {
            let mut all: Vec<u8> = t.row.iter().chain(&t.spare_stations).copied().collect();
            let ids: Vec<u8> = order.iter().flatten().copied().collect();
            if all.is_empty() {
                all = (1..=STATIONS as u8).collect();
            }
            let mut want = ids.clone();
            all.sort_unstable();
            want.sort_unstable();
            if all == want {
                t.row.clear();
                t.spare_stations = ids.into_iter().rev().collect();
            }
        }
        Event::StationsRevealed { row } => {
            if t.row.is_empty() && row.len() <= t.spare_stations.len() {
                for &station in row {
                    if t.spare_stations.last() == Some(&station) {
                        t.spare_stations.pop();
                        t.row.push(station);
                    }
                }
                t.position = 1;
            }
        }
        Event::LocomotivePlaced { leland } => t.leland = *leland,
        Event::RailcarsShuffled { order } => {
            let mut have: Vec<u8> = t.cars.iter().chain(&t.deck).copied().collect();
            let ids: Vec<u8> = order.iter().flatten().copied().collect();
            let fresh = have.is_empty()
                && s.table
                    .iter()
                    .all(|p| p.in_play.iter().all(|&c| !is_railcar(c)));
            if fresh {
                have = (RAILCAR_BASE + 1..=RAILCAR_BASE + 16).collect();
            }
            let mut want = ids.clone();
            have.sort_unstable();
            want.sort_unstable();
            if have == want {
                t.cars.clear();
                t.deck = ids.into_iter().rev().collect();
            }
        }
        Event::RailcarAdded { railcar } => {
            if !t.cars.is_full() && t.deck.last() == Some(railcar) {
                t.deck.pop();
                t.cars.push(*railcar);
            }
        }
        Event::TrainAdvanced { how } => {
            let shade = super::characters::shade_asked(s);
            let t = &mut s.train;
            t.shade = shade;
            t.position = match how {
                Advance::FullSteam => t.stations() + 1,
                _ => t.position.saturating_add(1),
            };
            match how {
                Advance::Automatic => t.auto_advanced = true,
                Advance::Free => t.free_advance_used = true,
                Advance::ZippyRoy => t.zippy_used = true,
                _ => {}
            }
        }
        Event::TrainStage { stage } => {
            t.end = *stage;
            if stage.is_none() {
                t.full_steam = None;
            }
            t.blaze = None;
        }
        Event::Exempted { target, .. } => {
            t.blaze = Some(*target);
            if t.leland {
                t.store_exempt = *target;
            }
        }
        Event::TrainWatched { .. } => t.shade = None,
        Event::ShotRedirected { seat, card, target } => {
            t.evan = None;
            let p = &mut s.table[*seat as usize];
            if let Some(i) = p.hand.iter().position(|c| c == card) {
                p.hand.remove(i);
                s.discard.push(*card);
                if let Some(crate::bang::state::Effect::Shots { targets, .. }) = s.effect.as_mut()
                    && let Some(first) = targets.first_mut()
                {
                    *first = *target;
                }
            }
        }
        Event::RedirectDeclined { .. } => t.evan = None,
        Event::CardGiven { seat, to, card } => {
            super::railcar_use::fold_given(s, *seat, *to, *card);
        }
        Event::RailcarsDrawn { seat, railcars } => {
            let Some(l) = t.lounge.as_mut().filter(|l| l.seat == *seat) else {
                return true;
            };
            for r in railcars {
                if t.deck.last() == Some(r) && !l.drawn.is_full() {
                    t.deck.pop();
                    l.drawn.push(*r);
                }
            }
            if l.drawn.is_empty() {
                lounge_done(s);
            }
        }
        Event::RailcarTaken {
            seat,
            railcar,
            to,
            counts,
            station,
        } => {
            if let Some(l) = t.lounge.as_ref()
                && l.drawn.contains(railcar)
            {
                let n = s.players as usize;
                let Some(p) = s.table[..n].get_mut(*to as usize) else {
                    return true;
                };
                if p.in_play.try_push(*railcar).is_err() {
                    return true;
                }
                if let Some(l) = s.train.lounge.as_mut() {
                    l.drawn.retain(|c| c != railcar);
                }
                if super::raises(s, *railcar, *to) {
                    super::fold_ghost(s, *to); // TR-11.8.3
                }
                if s.train.lounge.as_ref().is_some_and(|l| l.drawn.is_empty()) {
                    lounge_done(s);
                }
                return true;
            }
            let Some(i) = t.cars.iter().position(|c| c == railcar) else {
                return true;
            };
            let n = s.players as usize;
            let Some(p) = s.table[..n].get_mut(*to as usize) else {
                return true;
            };
            if p.in_play.try_push(*railcar).is_err() || *seat as usize >= n {
                return true;
            }
            let t = &mut s.train;
            t.cars.remove(i); // TR-5.4: the cars behind close up
            if *counts {
                t.taken = t.taken.saturating_add(1);
                // TC5: a counted railcar paid by no station is Sancho's.
                t.sancho_used |= station.is_none();
            }
            if super::raises(s, *railcar, *to) {
                super::fold_ghost(s, *to); // TR-11.8.3
            }
        }
        _ => return super::cards::fold(s, event),
    }
    true
}

/// TR-9.4: the Lounge Car reaches the railcar deck after its effect.
fn lounge_done(s: &mut State) {
    if let Some(l) = s.train.lounge.take() {
        s.train.return_to_deck(l.car);
        if s.before_0_2 {
            s.train.fill_short();
        }
    }
}

/// A new turn: the turn's counters start again.
pub(crate) fn turn_started(t: &mut Train, extra: bool) {
    t.express_turn = extra && t.express_due;
    if extra {
        t.express_due = false;
    }
    t.taken = 0;
    t.free_advance_used = false;
    t.auto_advanced = false;
    t.map = None;
    t.zippy_used = false;
    t.sancho_used = false;
    t.dining_checked = false;
    t.sleeper_used = false;
}
