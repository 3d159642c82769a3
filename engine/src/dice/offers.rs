//! Special-role windows as functions of the state alone: whether one can still
//! matter, who is offered it, the powers each seat may use in it, and the power
//! a standing order uses by itself (§6.3, D-21..D-28).
//!
//! Plain queries, below the turn machine: the window flow (`windows.rs`), the
//! batch of losses (`life.rs`) and the legal actions (`decisions.rs`) all ask
//! them, so they always agree on who may reveal what.

use super::faces::{Face, Symbol};
use super::options::Module;
use super::specials::{Order, Power, SPECIALS, SeatSet, Special, Window, WindowKind};
use super::state::State;
use crate::core::Seat;

/// Whether a window of `kind` can still matter: the module is on and some card
/// that uses it may still be used. A card known to be spent (its power used or
/// cancelled, or turned up by its holder's elimination) closes its windows for
/// good; that is public, so skipping them leaks nothing.
pub(crate) fn window_applies(s: &State, kind: WindowKind) -> bool {
    let spent = |card: Special| {
        s.players()
            .iter()
            .any(|p| p.special == Some(card) && (p.power_used || !p.alive))
    };
    s.modules.has(Module::SpecialRoles)
        && SPECIALS
            .iter()
            .filter(|i| i.window == Some(kind))
            .any(|i| !spent(i.card))
}

/// Whether `seat` is offered the window `w` (D-22): a living player whose role
/// card is face down, other than the one the card rules out; in the holder's own
/// turn only for The Good, The Ugly and The Right Hand. In the 3-player variant,
/// where every card is face up, only the holder of an unused card of the window.
pub(crate) fn offered(s: &State, w: &Window, seat: Seat) -> bool {
    let Some(p) = s.player(seat) else {
        return false;
    };
    let own_turn = w.kind.own_turn();
    if !p.alive || w.excluded(s.turn.active) == Some(seat) {
        return false;
    }
    if own_turn && (seat != s.turn.active || s.ghost_turn()) {
        return false;
    }
    if s.three_player() {
        usable_card(s, w, seat).is_some()
    } else {
        !p.role_public
    }
}

/// The card `seat` may use in window `w`, if he holds an unused one for it.
pub(crate) fn usable_card(s: &State, w: &Window, seat: Seat) -> Option<Special> {
    let p = s.player(seat)?;
    let card = p.special?;
    (card.info().window == Some(w.kind) && !p.power_used && p.alive).then_some(card)
}

/// The seats offered `w`, clockwise from the active player.
pub(crate) fn offered_seats(s: &State, w: Window) -> impl Iterator<Item = Seat> + '_ {
    let n = s.players;
    let active = s.turn.active;
    (0..n)
        .map(move |i| (active + i) % n)
        .filter(move |&seat| offered(s, &w, seat))
}

/// The players about to be eliminated in the open batch, clockwise from the
/// active player.
pub(crate) fn doomed(s: &State) -> impl Iterator<Item = Seat> + '_ {
    let n = s.players;
    let active = s.turn.active;
    (0..n)
        .map(move |i| (active + i) % n)
        .filter(move |&x| s.is_alive(x) && s.table[x as usize].life == 0)
}

/// Every power `seat` may use in window `w`, each ready to post in a `reveal`.
pub(crate) fn powers(s: &State, w: &Window, seat: Seat) -> Vec<Power> {
    let Some(card) = usable_card(s, w, seat).filter(|_| offered(s, w, seat)) else {
        return Vec::new();
    };
    match card {
        Special::TheBear => Vec::new(),
        Special::TheGood => {
            if s.sheriff().is_some_and(|sheriff| sheriff != seat) {
                vec![Power::TheGood]
            } else {
                Vec::new()
            }
        }
        Special::TheJudge => vec![Power::TheJudge],
        Special::TheGambler => vec![Power::TheGambler],
        Special::TheBad => vec![Power::TheBad],
        Special::RightHand => vec![Power::RightHand],
        Special::TheDoc => {
            let mut powers = Vec::new();
            for (die, d) in s.turn.dice.as_slice().iter().enumerate() {
                let Some(now) = d.face else { continue };
                let mut faces = d.kind.faces().to_vec();
                faces.sort_unstable_by_key(|f| *f as u8);
                faces.dedup();
                for face in faces.into_iter().filter(|&f| f != now) {
                    powers.push(Power::TheDoc {
                        die: die as u8,
                        face,
                    });
                }
            }
            powers
        }
        Special::TheUgly => {
            let ring: Vec<Seat> = s.ring().collect();
            let mut powers = Vec::new();
            for (i, &first) in ring.iter().enumerate() {
                for &second in &ring[i + 1..] {
                    powers.push(Power::TheUgly { first, second });
                }
            }
            powers
        }
        Special::LeftHand => doomed(s).map(|save| Power::LeftHand { save }).collect(),
    }
}

/// Whether `power` is one `seat` may use in window `w` now.
pub(crate) fn may_use(s: &State, w: &Window, seat: Seat, power: Power) -> bool {
    powers(s, w, seat).contains(&power)
}

/// The power `seat`'s standing order uses in `w` by itself, if any.
pub(crate) fn ordered_power(s: &State, w: &Window, seat: Seat) -> Option<Power> {
    let card = usable_card(s, w, seat)?;
    let Some(Order::Use(seats)) = s.orders_of(seat).get(card) else {
        return None;
    };
    let active = s.turn.active;
    let power = match card {
        Special::TheBear => return None,
        Special::TheGood => Power::TheGood,
        Special::RightHand => Power::RightHand,
        Special::TheJudge => {
            let by = w.reveal?.seat;
            seats.contains(by).then_some(Power::TheJudge)?
        }
        Special::TheGambler => seats.contains(active).then_some(Power::TheGambler)?,
        Special::TheBad => {
            let to = w.gain?.seat;
            seats.contains(to).then_some(Power::TheBad)?
        }
        Special::TheDoc => doc_order(s, seats)?,
        Special::TheUgly => {
            let mine = s.table[seat as usize].arrow_count();
            let richest = s
                .ring()
                .filter(|&x| x != seat && seats.contains(x))
                .max_by_key(|&x| (s.table[x as usize].arrow_count(), std::cmp::Reverse(x)))?;
            (s.table[richest as usize].arrow_count() > mine).then(|| Power::TheUgly {
                first: seat.min(richest),
                second: seat.max(richest),
            })?
        }
        Special::LeftHand => {
            let save = doomed(s).find(|&x| seats.contains(x))?;
            Power::LeftHand { save }
        }
    };
    may_use(s, w, seat, power).then_some(power)
}

/// The Doc's order: when a listed player's roll shows 3 or more Dynamite, turn
/// the last Dynamite to a Beer, or to that die's first other face.
fn doc_order(s: &State, seats: SeatSet) -> Option<Power> {
    if !seats.contains(s.turn.active) || s.turn.dice.count(Symbol::Dynamite) < 3 {
        return None;
    }
    let (die, d) = s
        .turn
        .dice
        .as_slice()
        .iter()
        .enumerate()
        .rev()
        .find(|(_, d)| d.face == Some(Face::Dynamite))?;
    let faces = d.kind.faces();
    let face = faces
        .iter()
        .copied()
        .find(|&f| f == Face::Beer)
        .or_else(|| faces.iter().copied().find(|&f| f != Face::Dynamite))?;
    Some(Power::TheDoc {
        die: die as u8,
        face,
    })
}
