//! The fold of a "draw!" (§8): the cards flipped from the deck, the result,
//! and what each kind of check uses up.

use crate::bang::events::Event;
use crate::bang::expansion::in_play;
use crate::bang::fold_steps::{missed, take_from};
use crate::bang::state::{Check, CheckKind, State};

/// Folds an event of a "draw!" (another event is folded by another family).
pub(super) fn fold(s: &mut State, event: &Event) {
    match event {
        Event::CheckFlipped { seat, check, card } => {
            if !s.flipped.is_full() && take_from(&mut s.deck, *card) {
                s.flipped.push(*card);
            }
            s.check = Some(Check {
                seat: *seat,
                kind: *check,
            });
            used_up(s, *check);
        }
        Event::CheckResolved {
            seat,
            check,
            card,
            success,
        } => {
            discard_flipped(s, *card);
            s.check = None;
            used_up(s, *check);
            for e in in_play(s) {
                e.check_done(s, *seat, *check);
            }
            if *success && matches!(check, CheckKind::Barrel | CheckKind::Jourdonnais) {
                missed(s);
            }
        }
        // Black Jack's card stays in his hand.
        Event::CardShown { .. } => {}
        _ => {}
    }
}

/// The flipped cards go to the discard pile, the result (`card`) last.
fn discard_flipped(s: &mut State, card: Option<crate::bang::cards::Card>) {
    let flipped = std::mem::take(&mut s.flipped);
    for c in flipped.iter().filter(|&&c| Some(c) != card) {
        s.discard.push(*c);
    }
    if let Some(c) = card
        && flipped.contains(&c)
    {
        s.discard.push(c);
    }
}

/// What a "draw!" for `check` uses up, from its first flip: the turn's
/// Dynamite or Jail check, the shot's Barrel or Jourdonnais, an expansion's
/// check (Don Bell's, the Dining Car's).
fn used_up(s: &mut State, check: CheckKind) {
    match check {
        CheckKind::Dynamite => s.turn.dynamite_checked = true,
        CheckKind::Jail => s.turn.jail_checked = true,
        CheckKind::Barrel => {
            if let Some(shot) = s.shot.as_mut() {
                shot.barrel_used = true;
            }
        }
        CheckKind::Jourdonnais => {
            if let Some(shot) = s.shot.as_mut() {
                shot.character_used = true;
            }
        }
        CheckKind::Rhum => {}
        expansion => {
            for e in in_play(s) {
                e.check_used(s, expansion);
            }
        }
    }
}
