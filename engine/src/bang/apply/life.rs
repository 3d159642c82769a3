//! The fold of life and elimination (§11, §14): Sid Ketchum's heal, life
//! lost and gained, a loss ignored, a dying player saved or eliminated, and
//! a Shadow-Renegade's side.

use crate::bang::events::Event;
use crate::bang::expansion::in_play;
use crate::bang::fold_steps::{from_hand, player, target_done};
use crate::bang::state::{Dying, Effect, State};
use crate::core::Seat;

/// Folds an event of life or elimination (another event is folded by
/// another family).
pub(super) fn fold(s: &mut State, event: &Event) {
    match event {
        Event::Healed { seat, cards }
            if cards[0] != cards[1] && cards.iter().all(|c| s.p(*seat).hand.contains(c)) =>
        {
            for c in cards {
                from_hand(s, *seat, *c);
                s.discard.push(*c);
            }
            gain(s, *seat, 1);
        }
        Event::LifeLost { seat, amount, by } => {
            if let Some(p) = player(s, *seat) {
                p.life = p.life.saturating_sub(*amount as i8);
                if p.life <= 0 {
                    s.dying = Some(Dying {
                        seat: *seat,
                        amount: *amount,
                        by: *by,
                    });
                }
            }
            hit_taken(s, *seat);
        }
        Event::LifeGained { seat, amount } => gain(s, *seat, *amount),
        Event::Unhurt { seat } => hit_taken(s, *seat),
        Event::Saved { seat } if s.dying.is_some_and(|d| d.seat == *seat) => s.dying = None,
        Event::PlayerEliminated { seat, role, by } => {
            if let Some(p) = player(s, *seat) {
                p.alive = false;
                p.role = Some(*role);
                p.role_public = true;
                s.eliminated_by[*seat as usize] = Some(*by);
            }
            for e in in_play(s) {
                e.eliminated(s, *seat);
            }
            if s.dying.is_some_and(|d| d.seat == *seat) {
                s.dying = None;
            }
        }
        Event::SideTaken { seat, side } => {
            if let Some(p) = player(s, *seat) {
                p.side = Some(*side);
            }
        }
        _ => {}
    }
}

/// `seat` took a hit (a life loss, or a shadow's ignored one): the shot at
/// him, a Duel he was in, or his turn of Indians! is over.
fn hit_taken(s: &mut State, seat: Seat) {
    out_of_shot_and_duel(s, seat);
    target_done(s, seat);
}

/// The shot at `seat` and a Duel he is in are over (he took the hit, or a
/// ghost left the game answering).
pub(super) fn out_of_shot_and_duel(s: &mut State, seat: Seat) {
    if s.shot.is_some_and(|shot| shot.target == seat) {
        s.shot = None;
    }
    if let Some(Effect::Duel {
        challenger, target, ..
    }) = s.effect
        && (seat == challenger || seat == target)
    {
        s.effect = None;
    }
}

/// `seat` regains life up to his maximum, unless an expansion keeps his life
/// as it is (a ghost, TR-11.8.4).
fn gain(s: &mut State, seat: Seat, amount: u8) {
    if s.life_fixed(seat) {
        return;
    }
    if let Some(p) = player(s, seat) {
        p.life = p
            .life
            .saturating_add(amount.min(i8::MAX as u8) as i8)
            .min(p.max_life as i8);
    }
}
