//! The fold's small steps, shared by the base game's fold ([`super::apply`])
//! and the expansions' folds: moving one card out of a hand, a pile or a
//! player's cards in play, and closing one answer of the effect in motion.
//! Like the fold, each is total: a step that does not fit the state changes
//! nothing.

use super::cards::Card;
use super::expansion::in_play;
use super::state::{Effect, Pile, Player, State};
use crate::core::Seat;

/// A card discarded from a player: to the discard pile, unless an
/// expansion's card goes to its own pile (a railcar, TR-9.4).
pub(crate) fn to_pile(s: &mut State, card: Card) {
    if !in_play(s).any(|e| e.discards_own(s, card)) {
        s.discard.push(card);
    }
}

/// `seat`'s entry at the table, if the seat exists.
pub(crate) fn player(s: &mut State, seat: Seat) -> Option<&mut Player> {
    let n = s.players as usize;
    s.table[..n].get_mut(seat as usize)
}

/// Removes `card` from `pile` if it is there.
pub(crate) fn take_from(pile: &mut Pile, card: Card) -> bool {
    match pile.iter().rposition(|&c| c == card) {
        Some(i) => {
            pile.remove(i);
            true
        }
        None => false,
    }
}

/// Removes `card` from `seat`'s hand.
pub(crate) fn from_hand(s: &mut State, seat: Seat, card: Card) -> bool {
    player(s, seat).is_some_and(|p| take_from(&mut p.hand, card))
}

/// Removes `card` from `seat`'s hand or from in front of him.
pub(crate) fn from_player(s: &mut State, seat: Seat, card: Card) -> bool {
    let Some(p) = player(s, seat) else {
        return false;
    };
    if take_from(&mut p.hand, card) {
        return true;
    }
    match p.in_play.iter().position(|&c| c == card) {
        Some(i) => {
            p.in_play.remove(i);
            true
        }
        None => false,
    }
}

/// One Missed! effect against the current shot; the shot ends at zero.
pub(crate) fn missed(s: &mut State) {
    if let Some(shot) = s.shot.as_mut() {
        shot.needed = shot.needed.saturating_sub(1);
        if shot.needed == 0 {
            s.shot = None;
            settle(s);
        }
    }
}

/// `seat` answered Indians! or a Duel with a BANG!: the Duel turns, or his
/// Indians! is done.
pub(crate) fn bang_answered(s: &mut State, seat: Seat) {
    match s.effect.as_mut() {
        Some(Effect::Duel {
            challenger,
            target,
            turn,
        }) => {
            *turn = if *turn == *target {
                *challenger
            } else {
                *target
            }
        }
        _ => target_done(s, seat),
    }
}

/// The current target of Indians! is done.
pub(crate) fn target_done(s: &mut State, seat: Seat) {
    if let Some(Effect::Indians { targets, .. }) = s.effect.as_mut()
        && targets.first() == Some(&seat)
    {
        targets.remove(0);
    }
    settle(s);
}

/// Ends the effect in motion once nothing is left of it.
pub(crate) fn settle(s: &mut State) {
    let done = match &s.effect {
        Some(Effect::Shots { targets, .. }) => targets.is_empty() && s.shot.is_none(),
        Some(Effect::Indians { targets, .. }) => targets.is_empty(),
        Some(Effect::MostWanted { targets, .. }) => targets.is_empty() && s.check.is_none(),
        Some(Effect::Robbery { left, .. }) => left.is_empty() && s.shot.is_none(),
        Some(Effect::CircusWagon { targets, .. }) => targets.is_empty(),
        Some(Effect::Store { .. }) => s.store.is_empty(),
        _ => false,
    };
    if done {
        s.effect = None;
    }
}

/// The cards `seat` looked at (Kit Carlson, Dutch Will) go to his hand, but
/// `aside`, which goes onto the pile `aside_to` picks.
pub(crate) fn kit_to_hand(
    s: &mut State,
    seat: Seat,
    aside: Option<Card>,
    aside_to: fn(&mut State) -> &mut Pile,
) {
    let kit = std::mem::take(&mut s.kit);
    for c in kit {
        if Some(c) == aside {
            aside_to(s).push(c);
        } else if let Some(p) = player(s, seat) {
            p.hand.push(c);
        }
    }
}
