//! The legal actions that answer each decision ([`legal_actions`]), and the
//! cheaper test of one action ([`is_legal`]) that `check` uses.

use super::{
    Decision, apache_may_grab, asked, bullseye_targets, may_double, molly_choices, rerollable_dice,
};
use crate::core::Seat;
use crate::dice::actions::Action;
use crate::dice::faces::{DiceMask, DieKind, Face, Symbol};
use crate::dice::offers::{may_use, powers};
use crate::dice::options::Module;
use crate::dice::state::State;

/// Whether `action` answers `decision` legally: exactly when `legal_actions`
/// lists it, but without building the list.
pub(super) fn is_legal(s: &State, seat: Seat, decision: Decision, action: &Action) -> bool {
    let living = |seat: Seat| s.is_alive(seat);
    match (decision, *action) {
        (Decision::SidGift, Action::Gift { target }) => living(target),
        (Decision::FirstRoll, Action::Roll { saloon: None })
        | (Decision::Reroll, Action::Stop)
        | (Decision::ElenaGift, Action::KeepArrows)
        | (Decision::MollyTakeOver, Action::EndTakeOver) => true,
        (Decision::TakeToken, Action::TakeToken { .. })
        | (Decision::ElenaGift, Action::GiveArrow { .. })
        | (Decision::MollyTakeOver, Action::TakeOver { .. }) => {
            legal_actions(s, seat).contains(action)
        }
        (Decision::FirstRoll, Action::Roll { saloon: Some(die) }) => {
            s.modules.has(Module::LoudmouthCoward) && die != DieKind::Base && !s.ghost_turn()
        }
        (Decision::GhostGift, Action::GhostGift { .. }) => legal_actions(s, seat).contains(action),
        (Decision::BrokenArrow, Action::BreakArrow { from }) => {
            living(from) && s.table[from as usize].arrows > 0
        }
        (Decision::Reroll, Action::Reroll { dice }) => {
            !dice.is_empty() && dice.bits() & !rerollable_dice(s).bits() == 0
        }
        (Decision::Bullseye { symbol, .. }, Action::Shoot { target, double }) => {
            (!double || may_double(s)) && bullseye_targets(s, symbol).any(|t| t == target)
        }
        (Decision::Beer { .. }, Action::Beer { target }) => living(target),
        (Decision::KitDiscard { .. }, Action::Discard { from, chief }) => s
            .player(from)
            .is_some_and(|p| p.alive && if chief { p.chief } else { p.arrows > 0 }),
        (Decision::KitDiscard { .. }, Action::EndDiscards) => true,
        (Decision::ArrowsInsteadOfLife { .. }, Action::TakeArrows { .. })
        | (Decision::ReturnArrows { .. }, Action::ReturnArrows { .. }) => {
            legal_actions(s, seat).contains(action)
        }
        (Decision::Window { .. }, Action::Pass)
        | (Decision::RescueTokens, Action::ReturnTokens | Action::KeepTokens) => true,
        (Decision::Window { .. }, Action::Reveal { power }) => {
            s.window.is_some_and(|w| may_use(s, &w, seat, power))
        }
        _ => false,
    }
}

/// Every action `seat` may take now, each ready to post.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    let mut actions = Vec::new();
    legal_actions_into(s, seat, &mut actions);
    actions
}

/// Like [`legal_actions`], into `out` (cleared first): a buffer the caller may
/// reuse from one decision to the next.
pub fn legal_actions_into(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    let Some(decision) = asked(s, seat) else {
        return;
    };
    match decision {
        Decision::Window { .. } => window_answers(s, seat, out),
        Decision::RescueTokens => out.extend([Action::ReturnTokens, Action::KeepTokens]),
        Decision::SidGift => out.extend(s.ring().map(|target| Action::Gift { target })),
        Decision::FirstRoll => first_rolls(s, out),
        Decision::TakeToken => {
            if s.pile > 0 {
                out.push(Action::TakeToken { chief: false });
            }
            if s.chief_in_pile || apache_may_grab(s) {
                out.push(Action::TakeToken { chief: true });
            }
        }
        Decision::ElenaGift => elena_gifts(s, seat, out),
        Decision::GhostGift => ghost_gifts(s, out),
        Decision::MollyTakeOver => out.extend(
            molly_choices(s)
                .map(|from| Action::TakeOver { from })
                .chain([Action::EndTakeOver]),
        ),
        Decision::BrokenArrow => out.extend(
            s.ring()
                .filter(|&x| s.table[x as usize].arrows > 0)
                .map(|from| Action::BreakArrow { from }),
        ),
        Decision::Reroll => rerolls(s, out),
        Decision::Bullseye { symbol, .. } => shots(s, symbol, out),
        Decision::Beer { .. } => out.extend(s.ring().map(|target| Action::Beer { target })),
        Decision::KitDiscard { .. } => kit_discards(s, out),
        Decision::ArrowsInsteadOfLife { max } => {
            out.extend((0..=max.min(s.pile)).map(|count| Action::TakeArrows {
                count,
                chief: false,
            }));
            if s.chief_in_pile {
                out.extend((1..=max).map(|count| Action::TakeArrows { count, chief: true }));
            }
        }
        Decision::ReturnArrows { max } => {
            let p = &s.table[seat as usize];
            out.extend((0..=max.min(p.arrows)).map(|count| Action::ReturnArrows {
                count,
                chief: false,
            }));
            if p.chief {
                out.extend((1..=max).map(|count| Action::ReturnArrows { count, chief: true }));
            }
        }
    }
}

/// In a window: pass, or reveal one of the powers `seat` may use now.
fn window_answers(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.push(Action::Pass);
    if let Some(w) = s.window {
        out.extend(
            powers(s, &w, seat)
                .into_iter()
                .map(|power| Action::Reveal { power }),
        );
    }
}

/// The first roll: the base dice, or with Loudmouth and Coward (not on the
/// Ghost's turn) one of the Saloon dice.
fn first_rolls(s: &State, out: &mut Vec<Action>) {
    out.push(Action::ROLL);
    if s.modules.has(Module::LoudmouthCoward) && !s.ghost_turn() {
        for die in [DieKind::Loudmouth, DieKind::Coward] {
            out.push(Action::Roll { saloon: Some(die) });
        }
    }
}

/// Elena Fuente keeps the arrows of her roll, or hands one (a regular arrow
/// or the Chief's Arrow, as the pile holds) to another living player.
fn elena_gifts(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.push(Action::KeepArrows);
    for to in s.ring().filter(|&x| x != seat) {
        if s.pile > 0 {
            out.push(Action::GiveArrow { to, chief: false });
        }
        if s.chief_in_pile {
            out.push(Action::GiveArrow { to, chief: true });
        }
    }
}

/// The Ghost gives the token of one of his dice's faces to a living player.
fn ghost_gifts(s: &State, out: &mut Vec<Action>) {
    let mut faces: Vec<Face> = s.turn.dice.faces().collect();
    faces.dedup();
    out.extend(
        faces
            .into_iter()
            .flat_map(|face| s.ring().map(move |to| Action::GhostGift { face, to })),
    );
}

/// Stop, or re-roll a non-empty set of the re-rollable dice.
fn rerolls(s: &State, out: &mut Vec<Action>) {
    let free = rerollable_dice(s).bits();
    out.push(Action::Stop);
    // Every non-empty subset of the re-rollable dice, in ascending order.
    out.extend(
        (1..=free)
            .filter(|&bits| bits & !free == 0)
            .map(|bits| Action::Reroll {
                dice: DiceMask::from_bits(bits),
            }),
    );
}

/// A Bull's Eye result of `symbol` on each seat in reach, doubled too when
/// Slab the Killer may.
fn shots(s: &State, symbol: Symbol, out: &mut Vec<Action>) {
    let may_double = may_double(s);
    for target in bullseye_targets(s, symbol) {
        out.push(Action::Shoot {
            target,
            double: false,
        });
        if may_double {
            out.push(Action::Shoot {
                target,
                double: true,
            });
        }
    }
}

/// Kit Carlson sends back one token a living player holds, or stops.
fn kit_discards(s: &State, out: &mut Vec<Action>) {
    for from in s.ring() {
        let p = &s.table[from as usize];
        if p.arrows > 0 {
            out.push(Action::Discard { from, chief: false });
        }
        if p.chief {
            out.push(Action::Discard { from, chief: true });
        }
    }
    out.push(Action::EndDiscards);
}
