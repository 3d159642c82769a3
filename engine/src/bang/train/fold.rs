//! Folding the Great Train Robbery's events (called by
//! [`crate::bang::apply`]): total, and a card or tile is only ever moved from
//! where it is.

use super::TrainEvent;
use super::railcars::{RAILCAR_BASE, Railcar, is_railcar};
use super::stations::{STATIONS, Station};
use super::{Advance, Train};
use crate::bang::cards::Card;
use crate::bang::state::{Effect, State};
use crate::core::Seat;

/// Folds one of the expansion's events.
pub(crate) fn fold(s: &mut State, event: &TrainEvent) {
    if !fold_train(s, event) {
        super::cards::fold(s, event);
    }
}

/// Folds an event of the train, its stations and railcars; `false` for
/// another of the expansion's events.
fn fold_train(s: &mut State, event: &TrainEvent) -> bool {
    let t = &mut s.train;
    match event {
        TrainEvent::RailcarUsed {
            seat,
            railcar,
            mode,
            card,
        } => super::fold_used(s, *seat, *railcar, *mode, *card),
        TrainEvent::GhostRose { seat } => super::fold_ghost(s, *seat),
        TrainEvent::StationsShuffled { order } => stations_shuffled(t, order),
        TrainEvent::StationsRevealed { row } => stations_revealed(t, row),
        TrainEvent::LocomotivePlaced { leland } => t.leland = *leland,
        TrainEvent::RailcarsShuffled { order } => railcars_shuffled(s, order),
        TrainEvent::RailcarAdded { railcar } => {
            if !t.cars.is_full() && t.deck.last() == Some(railcar) {
                t.deck.pop();
                t.cars.push(*railcar);
            }
        }
        TrainEvent::TrainAdvanced { how } => train_advanced(s, *how),
        TrainEvent::TrainStage { stage } => {
            t.end = *stage;
            if stage.is_none() {
                t.full_steam = None;
            }
            t.blaze = None;
        }
        TrainEvent::Exempted { target, .. } => {
            t.blaze = Some(*target);
            if t.leland {
                t.store_exempt = *target;
            }
        }
        TrainEvent::TrainWatched { .. } => t.shade = None,
        TrainEvent::ShotRedirected { seat, card, target } => {
            shot_redirected(s, *seat, *card, *target);
        }
        TrainEvent::RedirectDeclined { .. } => t.evan = None,
        TrainEvent::CardGiven { seat, to, card } => {
            super::railcar_use::fold_given(s, *seat, *to, *card);
        }
        TrainEvent::RailcarsDrawn { seat, railcars } => railcars_drawn(s, *seat, railcars),
        TrainEvent::RailcarTaken {
            seat,
            railcar,
            to,
            counts,
            station,
        } => railcar_taken(s, *seat, *railcar, *to, *counts, *station),
        _ => return false,
    }
    true
}

/// The station tiles shuffled face down, `order` from the top: taken only
/// if it holds exactly the tiles there are (all 13 at setup).
fn stations_shuffled(t: &mut Train, order: &[Option<Station>]) {
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

/// A new row of stations from the top of the tiles; the Locomotive stands
/// under S1.
fn stations_revealed(t: &mut Train, row: &[Station]) {
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

/// The railcar deck shuffled face down, `order` from the top: taken only
/// if it holds exactly the railcars in the train and the deck (all 16 at
/// setup).
fn railcars_shuffled(s: &mut State, order: &[Option<Railcar>]) {
    let t = &mut s.train;
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

/// The train advanced one station (Full Steam: to the End of the Line);
/// Shade O'Connor may answer it (TC7).
fn train_advanced(s: &mut State, how: Advance) {
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

/// Evan Babbit (TC2) discarded `card` from his hand: the shot goes to
/// `target` instead.
fn shot_redirected(s: &mut State, seat: Seat, card: Card, target: Seat) {
    s.train.evan = None;
    let p = &mut s.table[seat as usize];
    if let Some(i) = p.hand.iter().position(|&c| c == card) {
        p.hand.remove(i);
        s.discard.push(card);
        if let Some(Effect::Shots { targets, .. }) = s.effect.as_mut()
            && let Some(first) = targets.first_mut()
        {
            *first = target;
        }
    }
}

/// Lounge Car (TR-11.9): `seat` drew `railcars` from the top of the
/// railcar deck; with none drawn, the Lounge Car is done.
fn railcars_drawn(s: &mut State, seat: Seat, railcars: &[Railcar]) {
    let t = &mut s.train;
    let Some(l) = t.lounge.as_mut().filter(|l| l.seat == seat) else {
        return;
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

/// `seat` took `railcar` into play in front of `to`: one a Lounge Car drew,
/// or one from the train.
fn railcar_taken(
    s: &mut State,
    seat: Seat,
    railcar: Railcar,
    to: Seat,
    counts: bool,
    station: Option<Station>,
) {
    if s.train
        .lounge
        .as_ref()
        .is_some_and(|l| l.drawn.contains(&railcar))
    {
        lounge_railcar_placed(s, railcar, to);
    } else {
        taken_from_train(s, seat, railcar, to, counts, station);
    }
}

/// Lounge Car (TR-11.9): a railcar it drew goes into play in front of
/// `to`; once none is left, the Lounge Car is done.
fn lounge_railcar_placed(s: &mut State, railcar: Railcar, to: Seat) {
    if !into_play(s, railcar, to) {
        return;
    }
    if let Some(l) = s.train.lounge.as_mut() {
        l.drawn.retain(|c| *c != railcar);
    }
    raise_ghost(s, railcar, to);
    if s.train.lounge.as_ref().is_some_and(|l| l.drawn.is_empty()) {
        lounge_done(s);
    }
}

/// A railcar taken from the train (TR-5.4: the cars behind close up); one
/// that `counts` is `seat`'s railcar of the turn (TR-5.5).
fn taken_from_train(
    s: &mut State,
    seat: Seat,
    railcar: Railcar,
    to: Seat,
    counts: bool,
    station: Option<Station>,
) {
    let Some(i) = s.train.cars.iter().position(|&c| c == railcar) else {
        return;
    };
    if !into_play(s, railcar, to) || seat as usize >= s.players as usize {
        return;
    }
    let t = &mut s.train;
    t.cars.remove(i); // TR-5.4: the cars behind close up
    if counts {
        t.taken = t.taken.saturating_add(1);
        // TC5: a counted railcar paid by no station is Sancho's.
        t.sancho_used |= station.is_none();
    }
    raise_ghost(s, railcar, to);
}

/// `railcar` into play in front of `to`; whether it went (`to` is at the
/// table and has room).
fn into_play(s: &mut State, railcar: Railcar, to: Seat) -> bool {
    let n = s.players as usize;
    s.table[..n]
        .get_mut(to as usize)
        .is_some_and(|p| p.in_play.try_push(railcar).is_ok())
}

/// TR-11.8.3: the Ghost Car put in front of an eliminated player raises him.
fn raise_ghost(s: &mut State, railcar: Railcar, to: Seat) {
    if super::raises(s, railcar, to) {
        super::fold_ghost(s, to);
    }
}

/// TR-9.4: the Lounge Car reaches the railcar deck after its effect.
fn lounge_done(s: &mut State) {
    if let Some(l) = s.train.lounge.take() {
        s.follow_up |= s.train.return_to_deck(l.car); // TR-5.6
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
