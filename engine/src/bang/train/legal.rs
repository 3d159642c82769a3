//! Taking railcars, as the actions a seat may post (§5, §6, TR-4.2): every
//! paired railcar with every way to pay its station, with or without the free
//! advance first, and every placement of a Ghost Car or Lumber Flatcar.

use super::placement::placements;
use super::stations::{StationCost, pays, station};
use super::{EndStage, Train};
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
                out.push(Action::TakeRailcar {
                    railcar: car,
                    pay,
                    pay_also,
                    place,
                    advance,
                });
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

/// §7.2: whether the current player has a railcar to take at the End of the Line.
pub(crate) fn railcar_chance(s: &State, seat: Seat) -> bool {
    let mut out = Vec::new();
    take_actions(s, seat, false, &mut out);
    !out.is_empty()
}
