//! The plays the Great Train Robbery's cards allow (legal actions): in
//! phase 2, a Map's look, a Train Robbery's target's choices.

use super::{map_cards, money_bag_copies, robbery_pending};
use crate::bang::TrainAction;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::state::State;
use crate::bang::train::blaze_exemptions;
use crate::bang::train::placement::placements;
use crate::bang::train::railcars::{RailcarKind, railcar};
use crate::core::{Role, Seat};

/// How many BANG! cards `seat` may play a turn: 2 with a Dragoon in play
/// (TR-13.2), else 1 (Volcanic and Willy the Kid aside).
pub(crate) fn bang_limit(s: &State, seat: Seat) -> u8 {
    if s.in_play_of(seat, Kind::Dragoon).is_some() {
        2
    } else {
        1
    }
}

/// Whether `seat` may still play a BANG! card (or what counts as one).
fn can_bang(s: &State, seat: Seat) -> bool {
    s.turn.bangs < bang_limit(s, seat) || s.unlimited_bang(seat)
}

/// Phase 2: every play of `card` from `seat`'s hand when it is one of the
/// Great Train Robbery's brown cards (`false`: not one of them; its blue
/// cards Dragoon, Map, Refund and Strongbox go into play as any blue card).
/// `k` is the kind it is played as (Money Bag: the copied card's, whose
/// BANG! effects never count toward the limit, TR-13.7 b).
pub(crate) fn card_plays(
    s: &State,
    seat: Seat,
    card: Card,
    k: Kind,
    out: &mut Vec<Action>,
) -> bool {
    let play = |target, in_play| Action::Play {
        card,
        target,
        in_play,
    };
    let t = &s.train;
    let train_still = t.on && t.end.is_none();
    let copy = kind(card) == Kind::MoneyBag;
    match k {
        Kind::MoneyBag => {
            if let Some(copied) = money_bag_copies(s) {
                crate::bang::decisions::plays_as(s, seat, card, copied, out);
            }
        }
        Kind::Bang if copy => {
            for o in s.others_clockwise(seat) {
                if s.distance(seat, o) <= s.reach(seat) {
                    out.push(play(Some(o), None));
                }
            }
        }
        Kind::KnifeRevolver => {
            if copy || can_bang(s, seat) {
                for o in s.others_clockwise(seat) {
                    if s.distance(seat, o) <= s.reach(seat) {
                        out.push(play(Some(o), None));
                    }
                }
            }
        }
        Kind::TrainRobbery => {
            if copy || can_bang(s, seat) {
                for o in s.others_clockwise(seat) {
                    out.push(play(Some(o), None));
                }
            }
        }
        Kind::MostWanted => {
            out.push(play(None, None));
            blaze_exemptions(s, seat, card, k, out); // TC6
        }
        Kind::NextStop if train_still => out.push(play(None, None)),
        Kind::FullSteam if train_still => {
            for double in [false, true] {
                out.push(Action::Train(TrainAction::FullSteam { card, double }));
            }
        }
        Kind::WaterTower if train_still => {
            for &car in &t.cars {
                for place in placements(s, seat, car) {
                    out.push(play(place, Some(car)));
                }
            }
        }
        Kind::Switch => switches(s, seat, card, out),
        // Missed! effects only: no use in his own turn.
        Kind::Cactus | Kind::Evaded | Kind::NextStop | Kind::FullSteam | Kind::WaterTower => {}
        _ => return false,
    }
    true
}

/// Whether `a` and `b` have the same name (railcars: each name is unique).
fn same_name(a: Card, b: Card) -> bool {
    if kind(a) == Kind::Railcar || kind(b) == Kind::Railcar {
        a == b
    } else {
        kind(a) == kind(b)
    }
}

/// Whether `seat` is the Sheriff for the Jail and Ghost Car rules.
fn sheriff(s: &State, seat: Seat) -> bool {
    s.p(seat).role == Some(Role::Sheriff) && !s.three_players()
}

/// A Jail or the Ghost Car, which may never end up in front of the Sheriff.
fn not_for_sheriff(c: Card) -> bool {
    kind(c) == Kind::Jail || railcar(c).is_some_and(|r| r.kind == RailcarKind::GhostCar)
}

/// Whether `seat`, giving `gives`, may receive `gets` (TR-13.12).
fn may_receive(s: &State, seat: Seat, gives: Card, gets: Card) -> bool {
    let twice = s
        .p(seat)
        .in_play
        .iter()
        .any(|&c| c != gives && same_name(c, gets));
    !(twice || sheriff(s, seat) && not_for_sheriff(gets))
}

/// TR-13.12: every swap of one of `seat`'s cards in play with a card in play
/// in front of another player (any distance).
fn switches(s: &State, seat: Seat, card: Card, out: &mut Vec<Action>) {
    let mine = &s.p(seat).in_play;
    for o in s.others_clockwise(seat) {
        for &theirs in &s.p(o).in_play {
            for &m in mine {
                if may_receive(s, seat, m, theirs) && may_receive(s, o, theirs, m) {
                    out.push(Action::Train(TrainAction::Switch {
                        card,
                        mine: m,
                        target: o,
                        theirs,
                    }));
                }
            }
        }
    }
}

/// Map: discard one of the cards seen, or pass.
pub(crate) fn map_actions(s: &State, out: &mut Vec<Action>) {
    for card in map_cards(s) {
        out.push(Action::Discard { card });
    }
    out.push(Action::Pass);
}

/// Train Robbery's target: each card still to handle, discarded or shot for.
pub(crate) fn robbery_actions(s: &State, out: &mut Vec<Action>) {
    for card in robbery_pending(s).map(|(_, c)| c).unwrap_or_default() {
        for discard in [true, false] {
            out.push(Action::Train(TrainAction::Robbery { card, discard }));
        }
    }
}
