//! The fold of a card played from hand (§9): where it goes, and the effect
//! it sets in motion.

use crate::bang::card_rules::{CardHooks, ignores, shot_card};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::expansion::in_play;
use crate::bang::fold_steps::{from_hand, player, settle};
use crate::bang::state::{Effect, State};
use crate::core::Seat;

/// A card played from hand: where it goes, and the effect it sets in motion.
pub(super) fn played(s: &mut State, seat: Seat, card: Card, target: Option<Seat>) {
    if !from_hand(s, seat, card) {
        return;
    }
    let k = kind(card);
    if k.stays_in_play() {
        let to = target.unwrap_or(seat);
        match player(s, to) {
            Some(p) if !p.in_play.is_full() => p.in_play.push(card),
            _ => return s.discard.push(card),
        }
        for e in CardHooks::in_play(s) {
            e.entered_play(s, to, card);
        }
        return;
    }
    if !CardHooks::in_play(s).any(|e| e.sets_aside(s, seat, card)) {
        s.discard.push(card);
    }
    played_as(s, seat, card, k, target);
}

/// A Gatling's shots (or a Howitzer's): at every other player clockwise
/// from `seat`'s left whom `keep` keeps, by `card`.
pub(crate) fn shots_at_everyone(
    s: &mut State,
    seat: Seat,
    card: Card,
    keep: impl Fn(&State, Seat) -> bool,
) {
    let mut targets = s.others_clockwise(seat);
    targets.retain(|t| keep(s, *t));
    s.effect = Some(Effect::Shots {
        source: seat,
        targets,
        bang_card: false,
        anonymous: false,
        card: shot_card(s, card),
    });
    settle(s);
}

/// The effect a brown card sets in motion, played as a card of kind `k`
/// (an expansion's card, or a copy of one, folds its own).
pub(crate) fn played_as(s: &mut State, seat: Seat, card: Card, k: Kind, target: Option<Seat>) {
    if CardHooks::in_play(s).any(|e| e.folds_play(s, seat, card, k, target)) {
        return;
    }
    match k {
        Kind::Bang | Kind::Missed => {
            s.turn.bangs = s.turn.bangs.saturating_add(1);
            if let Some(t) = target {
                s.effect = Some(Effect::Shots {
                    source: seat,
                    targets: [t].into_iter().collect(),
                    bang_card: true,
                    anonymous: false,
                    card: shot_card(s, card),
                });
                for e in CardHooks::in_play(s) {
                    e.bang_aimed(s, seat, card, t);
                }
            }
        }
        // TC6: Sgt. Blaze's exempted player (only his play names one).
        Kind::Gatling => shots_at_everyone(s, seat, card, |_, t| Some(t) != target),
        Kind::Indians => {
            // A ♦ Indians! skips a Calumet's owner (GR-7.7), any a Prisoner
            // Car's holder (TR-11.14).
            let mut targets = s.others_clockwise(seat);
            targets.retain(|t| !ignores(s, *t, seat, card));
            targets.retain(|t| Some(*t) != target); // TC6
            s.effect = Some(Effect::Indians {
                source: seat,
                targets,
            });
            settle(s);
        }
        Kind::Duel => {
            if let Some(t) = target {
                s.effect = Some(Effect::Duel {
                    challenger: seat,
                    target: t,
                    turn: t,
                });
            }
        }
        Kind::Panic | Kind::CatBalou => {
            // An expansion's player may take by class, the victim choosing
            // (a solo NPC, B6).
            if let Some(t) = target
                && t != seat
                && in_play(s).any(|e| e.takes_by_class(s, seat))
            {
                s.effect = Some(Effect::GiveUp {
                    taker: seat,
                    victim: t,
                    steal: k == Kind::Panic,
                });
            }
        }
        _ => {}
    }
}
