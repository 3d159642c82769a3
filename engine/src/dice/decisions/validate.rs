//! Checking a posted action against the decision its seat is asked
//! ([`check`]), with a sentence saying why a refused one does not answer it.

use super::legal::is_legal;
use super::{ActionError, Decision, asked};
use crate::core::Seat;
use crate::dice::actions::Action;
use crate::dice::faces::Symbol;
use crate::dice::options::Module;
use crate::dice::state::State;

/// Checks that `seat` may take `action` now; on success returns it.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Action, ActionError> {
    if s.is_over() {
        return Err(ActionError::GameOver);
    }
    if let Action::SetOrders { .. } = action {
        // Standing orders may be set at any time, by any seat of the game.
        if s.player(seat).is_none() {
            return Err(ActionError::NotYourDecision(seat));
        }
        if !s.modules.has(Module::SpecialRoles) {
            return Err(ActionError::Illegal(
                "standing orders answer special-role windows: they need the `special_roles` \
                 module"
                    .into(),
            ));
        }
        return Ok(*action);
    }
    let Some(decision) = asked(s, seat) else {
        return Err(ActionError::NotYourDecision(seat));
    };
    if is_legal(s, seat, decision, action) {
        return Ok(*action);
    }
    Err(ActionError::Illegal(explain(s, decision, action)))
}

/// A sentence saying why `action` does not answer `decision`.
fn explain(s: &State, decision: Decision, action: &Action) -> String {
    let player = |seat: Seat| -> String {
        match s.player(seat) {
            None => format!("there is no seat {seat}"),
            Some(p) if !p.alive => format!("seat {seat} has been eliminated"),
            Some(_) => format!("seat {seat} is not a legal choice here"),
        }
    };
    match (decision, action) {
        (Decision::Reroll, Action::Reroll { dice }) => {
            if dice.is_empty() {
                return "pick at least one die to re-roll, or stop".into();
            }
            for d in dice.iter() {
                match s.turn.dice.as_slice().get(d as usize) {
                    None => return format!("there is no die {d}"),
                    Some(die) if die.is_dynamite() => {
                        return format!("die {d} shows Dynamite and cannot be re-rolled");
                    }
                    _ => {}
                }
            }
            "those dice cannot be re-rolled".into()
        }
        (Decision::Bullseye { symbol, .. }, Action::Shoot { target, double }) => {
            if *target == s.turn.active {
                return "a Bull's Eye cannot target its shooter".into();
            }
            if *double {
                return "only Slab the Killer may double one Bull's Eye a turn, spending a Beer"
                    .into();
            }
            match s.player(*target) {
                Some(p) if p.alive => format!(
                    "seat {target} is at distance {}, out of reach of this {} result",
                    s.distance(s.turn.active, *target),
                    if symbol == Symbol::Bullseye1 {
                        "\"1\""
                    } else {
                        "\"2\""
                    }
                ),
                _ => player(*target),
            }
        }
        (Decision::SidGift, Action::Gift { target })
        | (Decision::Beer { .. }, Action::Beer { target }) => player(*target),
        (Decision::KitDiscard { .. }, Action::Discard { from, .. })
        | (Decision::BrokenArrow, Action::BreakArrow { from }) => match s.player(*from) {
            Some(p) if p.alive => format!("seat {from} holds no such arrow"),
            _ => player(*from),
        },
        (Decision::ArrowsInsteadOfLife { max }, Action::TakeArrows { count, .. })
        | (Decision::ReturnArrows { max }, Action::ReturnArrows { count, .. }) => {
            format!("{count} tokens, or that token, is more than the {max} allowed")
        }
        (Decision::Window { window }, Action::Reveal { power }) => format!(
            "{} cannot be used in this window ({}): only your own unused card of this \
             moment may be revealed, with one of the choices listed in your legal actions",
            power.card().id(),
            window.id()
        ),
        (Decision::FirstRoll, Action::Roll { saloon: Some(_) }) => {
            "the Saloon dice need the `loudmouth_coward` module; the Saloon die is \
             `loudmouth` or `coward`"
                .into()
        }
        (decision, _) => format!(
            "this action does not answer the pending decision ({})",
            decision_name(decision)
        ),
    }
}

/// The decision in words, with the actions that answer it.
fn decision_name(decision: Decision) -> &'static str {
    match decision {
        Decision::SidGift => "Sid Ketchum's gift: gift",
        Decision::FirstRoll => "the first roll: roll",
        Decision::Reroll => "re-roll or stop: reroll, stop",
        Decision::Bullseye { .. } => "a Bull's Eye target: shoot",
        Decision::Beer { .. } => "a Beer target: beer",
        Decision::KitDiscard { .. } => "Kit Carlson's discards: discard, end_discards",
        Decision::ArrowsInsteadOfLife { .. } => "Bart Cassidy's arrows: take_arrows",
        Decision::ReturnArrows { .. } => "Pedro Ramirez's arrows: return_arrows",
        Decision::TakeToken => "which token to take: take_token",
        Decision::BrokenArrow => "whose arrow the Broken Arrow returns: break_arrow",
        Decision::ElenaGift => "Elena Fuente's gift: give_arrow, keep_arrows",
        Decision::MollyTakeOver => "Molly Stark's take-over: take_over, end_take_over",
        Decision::GhostGift => "the Ghost's token: ghost_gift",
        Decision::Window { .. } => "a special-role window: pass, reveal",
        Decision::RescueTokens => {
            "your tokens after The Left Hand saved you: return_tokens, keep_tokens"
        }
    }
}
