//! The fold of a card played from hand (§9): where it goes, and the effect
//! it sets in motion.

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
    if k.is_blue() {
        let to = target.unwrap_or(seat);
        match player(s, to) {
            Some(p) if !p.in_play.is_full() => p.in_play.push(card),
            _ => s.discard.push(card),
        }
        return;
    }
    if k == Kind::MoneyBag && s.train.on {
        // TR-13.7 (a): it reads the top of the discard pile and stays aside
        // until the effect it copies has resolved.
        s.train.money_bag = Some((seat, card));
    } else {
        s.discard.push(card);
    }
    played_as(s, seat, card, k, target);
}

/// The effect a brown card sets in motion, played as a card of kind `k`
/// (Money Bag: the copied card's, TR-13.7).
fn played_as(s: &mut State, seat: Seat, card: Card, k: Kind, target: Option<Seat>) {
    if k == Kind::MoneyBag {
        // TR-13.7: the effect of the brown card on top of the discard pile.
        match crate::bang::train::money_bag_copies(s) {
            Some(Kind::Bang) => crate::bang::train::money_bag_bang(s, seat, card, target),
            Some(under) => played_as(s, seat, card, under, target),
            None => {}
        }
        return;
    }
    if k == Kind::GeneralStore {
        s.train.store_exempt = target; // TC6: Sgt. Blaze's exempted player
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
                    card: s.train.on.then_some(card),
                });
                s.train.evan = crate::bang::train::evan_asked(s, seat, card, t); // TC2
            }
        }
        Kind::Gatling => {
            // TC6: Sgt. Blaze's exempted player (only his play names one).
            let mut targets = s.others_clockwise(seat);
            targets.retain(|t| Some(*t) != target);
            s.effect = Some(Effect::Shots {
                source: seat,
                targets,
                bang_card: false,
                anonymous: false,
                card: s.train.on.then_some(card),
            });
            settle(s);
        }
        Kind::KnifeRevolver
        | Kind::MostWanted
        | Kind::TrainRobbery
        | Kind::Switch
        | Kind::NextStop
        | Kind::FullSteam
        | Kind::WaterTower => crate::bang::train::played(s, seat, card, k, target),
        Kind::Indians => {
            // GR-7.7: a ♦ Indians! skips a Calumet's owner.
            let mut targets = s.others_clockwise(seat);
            targets.retain(|t| !s.calumet_ignores(*t, seat, card));
            targets.retain(|t| Some(*t) != target); // TC6
            // TR-11.14: Indians! skips a Prisoner Car's holder.
            targets.retain(|t| !crate::bang::train::prisoner_ignores(s, *t, seat, card));
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
