//! Taking railcars, as the actions a seat may post (§5, §6, TR-4.2): every
//! paired railcar with every way to pay its station, with or without the free
//! advance first, and every placement of a Ghost Car or Lumber Flatcar.

use super::placement::placements;
use super::stations::{StationCost, pays, station};
use super::{EndStage, Train};
use crate::bang::TrainAction;
use crate::bang::actions::Action;
use crate::bang::cards::Card;
use crate::bang::state::State;
use crate::core::Seat;

/// Whether `seat` may still take a railcar by paying a station this turn
/// (TR-5.5: one a turn).
pub(crate) fn limit_allows(s: &State, seat: Seat) -> bool {
    s.train.taken == 0 || super::characters::no_railcar_limit(s, seat)
}

/// The ways `seat` can pay `cost` now: one card, two cards (Virginia Town),
/// or nothing (Tombrock: 1 life, not his last).
fn payments(s: &State, seat: Seat, cost: StationCost) -> Vec<(Option<Card>, Option<Card>)> {
    let p = s.p(seat);
    // Cards in his hand, then his cards in play (railcars too: blue cards, TR-9.1).
    let own: Vec<Card> = p.hand.iter().chain(&p.in_play).copied().collect();
    match cost {
        StationCost::Life => {
            if s.in_play(seat) && p.life >= 2 {
                vec![(None, None)]
            } else {
                Vec::new()
            }
        }
        StationCost::Two => {
            let mut out = Vec::new();
            for (i, &a) in own.iter().enumerate() {
                for &b in &own[i + 1..] {
                    out.push((Some(a.min(b)), Some(a.max(b))));
                }
            }
            out
        }
        _ => own
            .into_iter()
            .filter(|&c| pays(cost, c))
            .map(|c| (Some(c), None))
            .collect(),
    }
}

/// Every take of a paired railcar on `train` by `seat`, paid now.
fn takes_on(s: &State, seat: Seat, train: &Train, advance: bool, out: &mut Vec<Action>) {
    for (car, st) in train.paired() {
        let cost = station(st).cost;
        for (pay, pay_also) in payments(s, seat, cost) {
            for place in placements(s, seat, car) {
                out.push(Action::Train(TrainAction::TakeRailcar {
                    railcar: car,
                    pay,
                    pay_also,
                    place,
                    advance,
                }));
            }
        }
    }
}

/// Every railcar `seat` may take now (phase 2 with `free_advance` allowed,
/// or the End of the Line's chance without it).
pub(crate) fn take_actions(s: &State, seat: Seat, free_advance: bool, out: &mut Vec<Action>) {
    let t = &s.train;
    if !t.on || !limit_allows(s, seat) || t.end.is_some_and(|e| e != EndStage::Chance) {
        return;
    }
    takes_on(s, seat, t, false, out);
    super::characters::sancho_takes(s, seat, t, false, out);
    if free_advance && !t.free_advance_used && !t.at_end_of_the_line() {
        // D-T6: the free advance only when a take can follow it.
        let next = t.advanced();
        takes_on(s, seat, &next, true, out);
        super::characters::sancho_takes(s, seat, &next, true, out);
    }
}

/// §7.2: whether the current player is asked about a railcar at the End of
/// the Line. Only public facts count (his limit, a paired railcar he may
/// place, the station's cost against his life and how many cards he holds
/// and has in play, Sancho's free railcar), never which cards he holds: the
/// others would learn from the wait whether he can pay. `pass` is always legal.
pub(crate) fn railcar_chance(s: &State, seat: Seat) -> bool {
    let t = &s.train;
    if !t.on || !s.alive(seat) || !limit_allows(s, seat) || t.end != Some(EndStage::Chance) {
        return false;
    }
    let p = s.p(seat);
    let cards = p.hand.len() + p.in_play.len();
    let may_pay = |cost| match cost {
        StationCost::Life => s.in_play(seat) && p.life >= 2,
        StationCost::Two => cards >= 2,
        _ => cards >= 1,
    };
    let placed = |car| !placements(s, seat, car).is_empty();
    let sancho = s.is(seat, crate::bang::Character::Sancho)
        && !t.sancho_used
        && seat == s.turn.seat
        && t.cars.iter().any(|&car| placed(car));
    sancho
        || t.paired()
            .any(|(car, st)| placed(car) && may_pay(station(st).cost))
}
