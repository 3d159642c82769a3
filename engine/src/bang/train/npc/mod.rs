//! Part D2.1–D2.2 of `rules/lone-gunslinger.md` (the Great Train Robbery
//! for the NPC policy): which cards are spare (D2.1.1), taking a railcar
//! whose cost only spare cards pay, with the free advance when that makes
//! one payable (D2.1.2–3), and where a Ghost Car or Lumber Flatcar goes
//! (D2.2). Railcar uses (D2.3) are in `railcars.rs`, the new playing cards
//! (D2.4) in `cards.rs` (and the base policy's `npc/usable.rs`), the railcar
//! ranking (D2.5) in the base policy's `npc/ranking.rs`, the characters and
//! choices (D2.6) in `choices.rs`. Each is a part of the policy's decision
//! context (`impl Ctx`), which the base policy asks by method.

mod cards;
mod choices;
mod railcars;

use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::npc::Reason;
use crate::bang::npc::ctx::{Ctx, NpcAnswer};
use crate::bang::npc::rank;
use crate::bang::npc::ranking::{SCOPE, STEP};
use crate::bang::npc::rules::NpcRules;
use crate::bang::npc::steps::NpcSteps;
use crate::bang::train::hooks::TrainRobbery;
use crate::bang::train::{RailcarKind, TRAIN_LENGTH, railcar};
use crate::bang::{TrainAction, TrainDecision};
use crate::core::{Role, Seat};

impl NpcAnswer for TrainDecision {
    /// Part D2: the answer to one of the train's own decisions.
    fn npc_answer(self, cx: &Ctx) -> (Action, Reason) {
        match self {
            TrainDecision::CircusWagon => cx.circus_wagon(),
            TrainDecision::LoungeCar => cx.lounge_car(),
            TrainDecision::MailCar => cx.mail_car(),
            TrainDecision::RailcarChance => cx.railcar_chance(),
            TrainDecision::Map => cx.map(),
            TrainDecision::ShadeOConnor => cx.shade_o_connor(),
            TrainDecision::EvanBabbit => cx.evan_babbit(),
            TrainDecision::Robbery => cx.robbery(),
            TrainDecision::SgtBlaze => cx.sgt_blaze(),
        }
    }
}

impl Ctx<'_> {}

/// C2.1 (Great Train Robbery): the player a posted action attacks — a
/// railcar used at him (Baggage Car, Sleeper Car, Passenger Car, Coal
/// Hopper), Evan Babbit's redirection to him, a Lumber Flatcar placed on
/// him (taken, Sancho's, Water Tower's, or the Lounge Car's other railcar).
fn train_victim(action: &Action) -> Option<Seat> {
    let lumber = |c: Card| railcar(c).is_some_and(|r| r.kind == RailcarKind::LumberFlatcar);
    match *action {
        Action::Train(TrainAction::UseRailcar {
            railcar: r,
            target: Some(t),
            ..
        }) => railcar(r)
            .is_some_and(|r| {
                matches!(
                    r.kind,
                    RailcarKind::BaggageCar
                        | RailcarKind::SleeperCar
                        | RailcarKind::PassengerCar
                        | RailcarKind::CoalHopper
                )
            })
            .then_some(t),
        Action::Train(TrainAction::Redirect { target, .. }) => Some(target),
        Action::Train(TrainAction::TakeRailcar {
            railcar: c,
            place: Some(t),
            ..
        })
        | Action::Train(TrainAction::FreeRailcar {
            railcar: c,
            place: Some(t),
            ..
        })
        | Action::Train(TrainAction::PlaceRailcars {
            other: Some(c),
            other_to: Some(t),
            ..
        }) if lumber(c) => Some(t),
        Action::Play {
            card,
            in_play: Some(c),
            target: Some(t),
        } if kind(card) == Kind::WaterTower && lumber(c) => Some(t),
        _ => None,
    }
}

impl NpcSteps for TrainRobbery {}

impl NpcRules for TrainRobbery {
    fn reason_rule(&self, reason: Reason) -> Option<&'static str> {
        use Reason::*;
        Some(match reason {
            TakeRailcar | NoSpareRailcar => "lone-gunslinger.md D2.1",
            UseRailcar | RailcarMissed | SleeperCarBang | MailCarGives | LoungeCarPlaces => {
                "lone-gunslinger.md D2.3"
            }
            FullSteam | PlayAtOnce | MoneyBagCopy | SwitchAway | WaterTower | MapDiscard
            | MapKeep => "lone-gunslinger.md D2.4",
            RobberyDiscard | RobberyShot | CircusWagonDiscard | Redirect | NoRedirect
            | ShadeSwaps | ShadeKeeps | SgtBlazeExempts => "lone-gunslinger.md D2.6",
            _ => return None,
        })
    }

    fn hostile_action(&self, action: &Action) -> Option<Seat> {
        train_victim(action)
    }

    /// D2.5: a railcar ranks as Scope (not a low-value card) and orders
    /// below Scope and above Saloon, the railcars in D2.5's order.
    fn ranked(&self, card: Card) -> Option<(u8, u16)> {
        railcar(card).map(|r| (SCOPE, u16::from(SCOPE) * STEP + u16::from(r.rank)))
    }
}

impl<'a> Ctx<'a> {
    /// Train Robbery: the railcar of this kind in front of `seat`, if any.
    pub fn railcar_of(&self, seat: Seat, k: RailcarKind) -> Option<Card> {
        self.in_play(seat)
            .iter()
            .copied()
            .find(|&c| railcar(c).is_some_and(|r| r.kind == k))
    }

    /// Train Robbery: whether `seat` is a ghost (TR-11.8: in play at 0 life,
    /// holding the Ghost Car).
    pub fn ghost(&self, seat: Seat) -> bool {
        self.p(seat).is_some_and(|p| p.alive && p.life <= 0)
            && self.railcar_of(seat, RailcarKind::GhostCar).is_some()
    }
}

impl Ctx<'_> {
    /// D2.1.1: the cards phase 3 would discard now (the bottom-most excess
    /// over the hand limit; in a shadow turn every card, D1.5) and the dead
    /// cards: a blue card whose name it has in play, a weapon whose reach is
    /// not greater than its own (but a Volcanic it has none of), a second Volcanic.
    pub fn spare_cards(&self) -> Vec<Card> {
        let stack = self.stack();
        let excess = if self.shadow_turn() {
            stack.len()
        } else {
            stack.len().saturating_sub(self.hand_limit())
        };
        let in_play: Vec<Kind> = self
            .p(self.me)
            .map(|p| p.in_play.iter().map(|&c| kind(c)).collect())
            .unwrap_or_default();
        let dead = |c: Card| {
            let k = kind(c);
            let reach = k.info().reach;
            (k.stays_in_play() && in_play.contains(&k))
                || (k != Kind::Volcanic && reach.is_some_and(|r| r <= self.reach()))
        };
        stack
            .iter()
            .enumerate()
            .filter(|&(i, &c)| i < excess || dead(c))
            .map(|(_, &c)| c)
            .collect()
    }

    /// D2.1.2–4: Sancho's free railcar when he may take one; else the
    /// best-ranked railcar (D2.5) whose station only spare cards pay (never
    /// Tombrock; Virginia Town with two spares), paid with the lowest-ranked
    /// spares, bottom-most first; failing that, the same after the free
    /// advance — Zippy Roy's own advance first when he may (D2.1.3).
    pub fn take_railcar(&self) -> Option<(Action, Reason)> {
        let train = self.v.train.as_ref()?;
        if let Some(free) = self.sancho_takes() {
            return Some((free, Reason::TakeRailcar));
        }
        // D2.1.4 as decided: Benny Brawler's "while possible" stops at the
        // train's length, or a used Cattle Truck, back in a short train,
        // would hand him the card he pays with for ever.
        if usize::from(train.taken) >= TRAIN_LENGTH {
            return None;
        }
        let spare = self.spare_cards();
        let at = |c: Card| spare.iter().position(|&s| s == c);
        for advance in [false, true] {
            let best = self
                .legal
                .iter()
                .filter_map(|a| match *a {
                    Action::Train(TrainAction::TakeRailcar {
                        railcar: car,
                        pay: Some(pay),
                        pay_also,
                        place,
                        advance: adv,
                    }) if adv == advance => {
                        let first = at(pay)?;
                        let second = match pay_also {
                            Some(c) => Some(at(c)?),
                            None => None,
                        };
                        if place != self.placement(car) {
                            return None;
                        }
                        let payment = [Some(pay), pay_also]
                            .into_iter()
                            .flatten()
                            .map(|c| std::cmp::Reverse(rank(c)))
                            .collect::<Vec<_>>();
                        let order = [Some(first), second];
                        Some(((railcar(car)?.rank, payment, order), *a))
                    }
                    _ => None,
                })
                .min_by(|x, y| x.0.cmp(&y.0))
                .map(|(_, a)| a);
            if let Some(action) = best {
                // D2.1.3: Zippy Roy advances with his own ability first,
                // keeping the free advance.
                let zippy = advance && self.legal(&Action::Train(TrainAction::AdvanceTrain));
                let action = if zippy {
                    Action::Train(TrainAction::AdvanceTrain)
                } else {
                    action
                };
                return Some((action, Reason::TakeRailcar));
            }
        }
        None
    }

    /// D2.1.4 Sancho: the best-ranked railcar anywhere in the train (D2.5),
    /// free, placed per D2.2, without the free advance when he can.
    fn sancho_takes(&self) -> Option<Action> {
        self.legal
            .iter()
            .filter_map(|a| match *a {
                Action::Train(TrainAction::FreeRailcar {
                    railcar: car,
                    place,
                    advance,
                }) if place == self.placement(car) => Some(((advance, railcar(car)?.rank), *a)),
                _ => None,
            })
            .min_by_key(|&(key, _)| key)
            .map(|(_, a)| a)
    }

    /// D2.2: where a taken railcar goes — a Lumber Flatcar on the first
    /// Preferred Target candidate (the Sheriff allowed), else the next player
    /// clockwise; a Ghost Car on itself (a Sheriff: on the player in play
    /// with the lowest `S`, C2, the nearest seat clockwise on ties); any
    /// other railcar in front of itself (no choice to name).
    pub fn placement(&self, car: Card) -> Option<Seat> {
        match railcar(car)?.kind {
            RailcarKind::LumberFlatcar => self
                .candidates()
                .first()
                .copied()
                .or_else(|| self.clockwise().first().copied()),
            RailcarKind::GhostCar if self.role() == Some(Role::Sheriff) => self
                .clockwise()
                .into_iter()
                .min_by_key(|&t| (self.mem.sheriff_score(t), self.clockwise_rank(t))),
            RailcarKind::GhostCar => Some(self.me),
            _ => None,
        }
    }
}
