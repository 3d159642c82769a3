//! The legal plays and uses of Dodge City's cards: its brown cards played
//! (with another discarded, DC-4), its green cards used from play (DC-3.3,
//! DC-3.4).

use super::DodgeAction;
use super::effects::{green_missed, one_shot};
use crate::bang::actions::Action;
use crate::bang::card_rules::barred;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::state::State;
use crate::core::Seat;

/// Who `seat` may aim a card of kind `k` at, for the kinds that take one
/// other player (DC §2's target column).
fn aims(s: &State, seat: Seat, k: Kind) -> Vec<Seat> {
    let reach = match k {
        Kind::Punch | Kind::Derringer | Kind::Knife => 1,
        Kind::Pepperbox => s.reach(seat),
        _ => u8::MAX, // Springfield, Rag Time, Buffalo Rifle, Conestoga
    };
    let others = s.others_clockwise(seat);
    others
        .into_iter()
        .filter(|&t| s.distance(seat, t) <= reach)
        .collect()
}

/// The (target, card in play) choices of a card that takes or discards a
/// card of another (Panic! effect: `steal`) or of anyone (Cat Balou
/// effect); `except`, the card used, is no choice.
fn takes(s: &State, seat: Seat, steal: bool, except: Card) -> Vec<(Seat, Option<Card>)> {
    let mut out = Vec::new();
    let who = std::iter::once(seat)
        .filter(|_| !steal)
        .chain(s.others_clockwise(seat));
    for t in who {
        if t != seat && !s.p(t).hand.is_empty() {
            out.push((t, None));
        }
        for &c in s.p(t).in_play.iter().filter(|&&c| c != except) {
            if !(steal && barred(s, seat, c)) {
                out.push((t, Some(c)));
            }
        }
    }
    out
}

/// Phase 2: every play of Dodge City's `card` (played as `k`) that the base
/// does not list; `false` for the kinds it plays as its own (the reprints,
/// the blue and green cards put into play).
pub(crate) fn card_plays(
    s: &State,
    seat: Seat,
    card: Card,
    k: Kind,
    out: &mut Vec<Action>,
) -> bool {
    let with = |discard, target, in_play| {
        Action::Dodge(DodgeAction::PlayWithDiscard {
            card,
            discard,
            target,
            in_play,
        })
    };
    let extras: Vec<Card> = s
        .p(seat)
        .hand
        .iter()
        .copied()
        .filter(|&c| c != card)
        .collect();
    match k {
        Kind::Punch => {
            for t in aims(s, seat, k) {
                out.push(Action::Play {
                    card,
                    target: Some(t),
                    in_play: None,
                });
            }
        }
        Kind::Springfield => {
            for &x in &extras {
                for t in aims(s, seat, k) {
                    out.push(with(x, Some(t), None));
                }
            }
        }
        Kind::RagTime => {
            let choices: Vec<_> = takes(s, seat, true, card)
                .into_iter()
                .filter(|&(t, _)| t != seat)
                .collect();
            for &x in &extras {
                for &(t, c) in &choices {
                    out.push(with(x, Some(t), c));
                }
            }
        }
        Kind::Tequila => {
            let all = std::iter::once(seat).chain(s.others_clockwise(seat));
            let targets: Vec<Seat> = all.collect();
            for &x in &extras {
                for &t in &targets {
                    out.push(with(x, Some(t), None));
                }
            }
        }
        Kind::Whisky => {
            for &x in &extras {
                out.push(with(x, None, None));
            }
        }
        Kind::Brawl if !super::brawl::victims(s, seat).is_empty() => {
            for &x in &extras {
                out.push(with(x, None, None));
            }
        }
        Kind::Dodge | Kind::Brawl => {} // Dodge: a response only

        _ => return false,
    }
    true
}

/// Phase 2: every use of `seat`'s green cards in play that no longer wait
/// (DC-3.2), except the Missed!-symbol ones (used when shot, DC-3.4).
pub(crate) fn green_uses(s: &State, seat: Seat, out: &mut Vec<Action>) {
    for &card in &s.p(seat).in_play {
        let k = kind(card);
        if !k.is_green() || green_missed(k) || super::is_waiting(s, card) {
            continue;
        }
        let use_at = |target, in_play| {
            Action::Dodge(DodgeAction::UseGreen {
                card,
                target,
                in_play,
            })
        };
        match k {
            k if one_shot(k) => {
                for t in aims(s, seat, k) {
                    out.push(use_at(Some(t), None));
                }
            }
            Kind::CanCan | Kind::Conestoga => {
                for (t, c) in takes(s, seat, k == Kind::Conestoga, card) {
                    out.push(use_at(Some(t), c));
                }
            }
            Kind::Canteen if !s.can_gain_life(seat) => {}
            _ => out.push(use_at(None, None)), // Canteen, Howitzer, Pony Express
        }
    }
}

/// Shot at: his green cards with a Missed! symbol that no longer wait
/// (DC-3.4, DC-6.7: a jailed player's too).
pub(crate) fn shot_uses(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if !s.cards_in_force(seat) {
        return; // Belle Star's turn (DC02, DC-AC-21)
    }
    for &card in &s.p(seat).in_play {
        if green_missed(kind(card)) && !super::is_waiting(s, card) {
            out.push(Action::Dodge(DodgeAction::UseGreen {
                card,
                target: None,
                in_play: None,
            }));
        }
    }
}
