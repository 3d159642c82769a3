//! The fold of the effects in motion (§10, §12): a shot and its answers, a
//! target skipped, a player unaffected by a card, an effect without a card begun, and a victim's answer to
//! a solo NPC's Panic! or Cat Balou or to a Circus Wagon.

use crate::bang::cards::Card;
use crate::bang::events::Event;
use crate::bang::fold_steps::{bang_answered, from_hand, missed, settle};
use crate::bang::state::{Effect, Shot, State};
use crate::core::Seat;

/// Folds an event of an effect in motion (another event is folded by
/// another family).
pub(super) fn fold(s: &mut State, event: &Event) {
    match event {
        Event::Unaffected { seat, .. } => {
            // Calumet, the Prisoner Car: the card's effect on him is gone
            // (a BANG!, Panic!, Cat Balou, a Duel).
            let aimed = match &s.effect {
                Some(Effect::Shots { targets, .. }) => targets.as_slice() == [*seat],
                Some(Effect::GiveUp { victim, .. }) => victim == seat,
                Some(Effect::Duel { target, .. }) => target == seat,
                _ => false,
            };
            if aimed {
                s.effect = None;
            }
        }
        Event::ShotAt {
            source,
            target,
            needed,
            anonymous,
        } => {
            if let Some(Effect::Shots { targets, .. }) = s.effect.as_mut()
                && targets.first() == Some(target)
            {
                targets.remove(0);
            }
            let card = match &s.effect {
                Some(Effect::Shots { card, .. }) => *card,
                Some(Effect::Robbery { card, .. }) => Some(*card),
                _ => None,
            };
            s.shot = Some(Shot {
                source: *source,
                target: *target,
                needed: *needed,
                barrel_used: false,
                character_used: false,
                anonymous: *anonymous,
                card,
            });
        }
        Event::TargetSkipped { seat } => target_skipped(s, *seat),
        Event::MissedPlayed { seat, card } => missed_played(s, *seat, *card),
        Event::BangDiscarded { seat, card } => bang_discarded(s, *seat, *card),
        Event::EffectStarted { effect } if s.effect.is_none() && s.shot.is_none() => {
            s.effect = Some(effect.clone());
            settle(s); // an effect with nothing left in it is over
        }
        _ => {}
    }
}

/// The player shot played a Missed! effect from hand (§10).
fn missed_played(s: &mut State, seat: Seat, card: Card) {
    if from_hand(s, seat, card) {
        s.discard.push(card);
        missed(s);
    }
}

/// A BANG! card discarded against Indians! or in a Duel (§12.2).
fn bang_discarded(s: &mut State, seat: Seat, card: Card) {
    if from_hand(s, seat, card) {
        s.discard.push(card);
        bang_answered(s, seat);
    }
}

/// A target no longer in play is skipped: by a multi-target card, a Train
/// Robbery, the shot at him, a Duel he was in.
fn target_skipped(s: &mut State, seat: Seat) {
    if let Some(
        Effect::Indians { targets, .. }
        | Effect::Shots { targets, .. }
        | Effect::MostWanted { targets, .. }
        | Effect::CircusWagon { targets, .. },
    ) = s.effect.as_mut()
        && targets.first() == Some(&seat)
    {
        targets.remove(0);
    }
    if let Some(Effect::Robbery { target, left, .. }) = s.effect.as_mut()
        && *target == seat
    {
        left.clear();
    }
    // TR-11.8.6: a ghost who spent his Ghost Car answering is gone.
    super::life::out_of_shot_and_duel(s, seat);
    gave(s, seat);
    settle(s);
}

/// Solo (B6): the victim of an NPC's Panic!/Cat Balou gave up his card.
pub(super) fn gave(s: &mut State, seat: Seat) {
    if let Some(Effect::GiveUp { victim, .. }) = s.effect
        && victim == seat
    {
        s.effect = None;
    }
    if let Some(Effect::CircusWagon { targets, .. }) = s.effect.as_mut()
        && targets.first() == Some(&seat)
    {
        targets.remove(0); // TR-11.5: his discard is done
        settle(s);
    }
}
