//! Using railcars (`rules/train-robbery.md` §10–§11): the `use_railcar`
//! actions a seat may post (own phase 2, a shot's window, an Indians! or
//! Duel window), what they do, and how their event folds.
//!
//! Done here: Baggage Car (all four uses), Caboose, Sleeper Car, Cattle
//! Truck, Coal Hopper, Passenger Car, Lounge Car, Mail Car.

use super::placement::placements;
use super::railcar_effects::{barred_for, holds};
use super::railcars::{RailcarKind, RailcarUse, railcar, railcar_of};
use crate::bang::Character;
use crate::bang::TrainEvent;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::events::Event;
use crate::bang::fold_steps::{bang_answered, from_player, missed, player, to_pile};
use crate::bang::machine::Machine;
use crate::bang::state::{Effect, State, WindowKind};
use crate::bang::{TrainAction, TrainWindow};
use crate::core::Seat;
use serde::{Deserialize, Serialize};

/// What a Baggage Car, Caboose or Sleeper Car stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::RailcarMode))]
#[serde(rename_all = "snake_case")]
pub enum RailcarMode {
    /// A Missed! effect against the shot at him.
    Missed,
    /// A Panic! effect (a player at distance 1).
    Panic,
    /// A Cat Balou effect (any player).
    CatBalou,
    /// A BANG! effect: an extra shot at a player in reach (not counted), or
    /// the BANG! against Indians! or in a Duel.
    Bang,
}

/// The railcar of `kind` in front of `seat`, if he has it.
fn own(s: &State, seat: Seat, kind: RailcarKind) -> Option<Card> {
    holds(&s.p(seat).in_play, kind).then(|| railcar_of(kind))
}

/// TR-11.2: the other blue cards `seat` may discard to `to` (Caboose or
/// Sleeper Car): blue cards in hand, and his cards in play but `to`.
fn other_blue(s: &State, seat: Seat, to: Card) -> Vec<Card> {
    let p = s.p(seat);
    p.hand
        .iter()
        .chain(&p.in_play)
        .copied()
        .filter(|&c| c != to && kind(c).is_blue())
        .collect()
}

/// The action using `railcar` in `mode` at `target`, naming `card` (what
/// the railcar discards, takes or stands for).
pub fn use_railcar(
    railcar: Card,
    mode: Option<RailcarMode>,
    target: Option<Seat>,
    card: Option<Card>,
) -> Action {
    Action::Train(TrainAction::UseRailcar {
        railcar,
        mode,
        target,
        card,
    })
}

/// In a shot's window: the Baggage Car as a Missed!, and every other blue
/// card discarded to the Caboose (TR-11.1, TR-11.3).
pub fn shot_uses(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if !s.train.on {
        return;
    }
    if let Some(r) = own(s, seat, RailcarKind::BaggageCar) {
        out.push(use_railcar(r, Some(RailcarMode::Missed), None, None));
    }
    if let Some(r) = own(s, seat, RailcarKind::Caboose) {
        for c in other_blue(s, seat, r) {
            out.push(use_railcar(r, Some(RailcarMode::Missed), None, Some(c)));
        }
    }
}

/// In an Indians! or Duel window: another blue card discarded to the
/// Sleeper Car as the BANG! (once per turn, TR-11.16).
pub fn bang_uses(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if !s.train.on || s.train.sleeper_used {
        return;
    }
    if let Some(r) = own(s, seat, RailcarKind::SleeperCar) {
        for c in other_blue(s, seat, r) {
            out.push(use_railcar(r, Some(RailcarMode::Bang), None, Some(c)));
        }
    }
}

/// Own phase 2: every use of a railcar in front of `seat`.
pub fn phase_two_uses(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if !s.train.on {
        return;
    }
    let others = s.others_clockwise(seat);
    // Who a BANG! from a railcar reaches: measured only for a seat with such
    // a railcar (the listing runs at every decision of phase 2).
    let in_reach = || -> Vec<Seat> {
        let reach = s.reach(seat);
        others
            .iter()
            .copied()
            .filter(|&t| s.distance(seat, t) <= reach)
            .collect()
    };
    // What a Panic! / Cat Balou / Passenger Car may take from `t`.
    let takes = |t: Seat, steal: bool, out: &mut Vec<(Seat, Option<Card>)>| {
        if t != seat && !s.p(t).hand.is_empty() {
            out.push((t, None));
        }
        for &c in &s.p(t).in_play {
            if !steal || (t != seat && !barred_for(s, seat, c)) {
                out.push((t, Some(c)));
            }
        }
    };
    if let Some(r) = own(s, seat, RailcarKind::BaggageCar) {
        let mut t_out = Vec::new();
        for &t in others.iter().filter(|&&t| s.distance(seat, t) <= 1) {
            takes(t, true, &mut t_out);
        }
        for (t, c) in t_out.drain(..) {
            out.push(use_railcar(r, Some(RailcarMode::Panic), Some(t), c));
        }
        for t in std::iter::once(seat).chain(others.iter().copied()) {
            takes(t, false, &mut t_out);
        }
        for (t, c) in t_out {
            if c != Some(r) {
                out.push(use_railcar(r, Some(RailcarMode::CatBalou), Some(t), c));
            }
        }
        for t in in_reach() {
            out.push(use_railcar(r, Some(RailcarMode::Bang), Some(t), None));
        }
    }
    if let Some(r) = own(s, seat, RailcarKind::SleeperCar).filter(|_| !s.train.sleeper_used) {
        let in_reach = in_reach();
        for c in other_blue(s, seat, r) {
            for &t in &in_reach {
                out.push(use_railcar(r, Some(RailcarMode::Bang), Some(t), Some(c)));
            }
        }
    }
    if let Some(r) = own(s, seat, RailcarKind::CattleTruck) {
        // TR-11.4: one of the top 3 (fewer: all); not on an empty pile.
        for &c in s.discard.iter().rev().take(3) {
            out.push(use_railcar(r, None, None, Some(c)));
        }
    }
    if let Some(r) = own(s, seat, RailcarKind::CoalHopper) {
        // TR-11.6: the railcar to discard is named with the use (the draw
        // shows no railcar in play).
        let mut any = false;
        for t in s.seats().filter(|&t| s.alive(t)) {
            for &c in &s.p(t).in_play {
                if kind(c) == Kind::Railcar && c != r {
                    out.push(use_railcar(r, None, Some(t), Some(c)));
                    any = true;
                }
            }
        }
        if !any {
            out.push(use_railcar(r, None, None, None));
        }
    }
    if let Some(r) = own(s, seat, RailcarKind::CircusWagon) {
        out.push(use_railcar(r, None, None, None));
        // TC6: Sgt. Blaze may exempt one of its several targets.
        if s.is(seat, Character::SgtBlaze) && others.len() > 1 {
            for &t in &others {
                out.push(use_railcar(r, None, Some(t), None));
            }
        }
    }
    if let Some(r) = own(s, seat, RailcarKind::ExpressCar) {
        out.push(use_railcar(r, None, None, None));
    }
    if let Some(r) = own(s, seat, RailcarKind::LoungeCar)
        && !s.train.deck.is_empty()
    {
        // TR-11.9 (D-T25): not with the railcar deck empty.
        out.push(use_railcar(r, None, None, None));
    }
    if let Some(r) = own(s, seat, RailcarKind::MailCar)
        && !(s.deck.is_empty() && s.discard.is_empty())
        && !others.is_empty()
    {
        // TR-11.11: a card to draw, and someone to give it to.
        out.push(use_railcar(r, None, None, None));
    }
    if let Some(r) = own(s, seat, RailcarKind::PassengerCar) {
        let mut t_out = Vec::new();
        for &t in &others {
            takes(t, true, &mut t_out);
        }
        for (t, c) in t_out {
            out.push(use_railcar(r, None, Some(t), c));
        }
    }
}

impl Machine<'_, '_> {
    /// Carries out a checked `use_railcar`.
    pub fn use_railcar(
        &mut self,
        seat: Seat,
        railcar_id: Card,
        mode: Option<RailcarMode>,
        target: Option<Seat>,
        card: Option<Card>,
        window: Option<WindowKind>,
    ) {
        let Some(info) = railcar(railcar_id) else {
            return;
        };
        let from_hand = card.is_some_and(|c| self.s().p(seat).hand.contains(&c));
        // Passenger Car / Coal Hopper / Baggage Car name their target's card
        // in the action: it is not discarded to the railcar.
        let discarded = match info.kind {
            RailcarKind::Caboose | RailcarKind::SleeperCar | RailcarKind::CattleTruck => card,
            _ => None,
        };
        self.emit(Event::Train(TrainEvent::RailcarUsed {
            seat,
            railcar: railcar_id,
            mode,
            card: discarded,
        }));
        if from_hand {
            self.hand_left(seat);
        }
        match (info.kind, mode) {
            (RailcarKind::BaggageCar, Some(RailcarMode::Panic | RailcarMode::CatBalou)) => {
                if let Some(t) = target {
                    self.take_card(seat, t, card, mode == Some(RailcarMode::Panic));
                }
            }
            (RailcarKind::BaggageCar | RailcarKind::SleeperCar, Some(RailcarMode::Bang))
                if window.is_none() =>
            {
                if let Some(t) = target {
                    self.emit(Event::EffectStarted {
                        effect: Effect::Shots {
                            source: seat,
                            targets: [t].into_iter().collect(),
                            bang_card: false,
                            anonymous: false,
                            // TR-13.3: a railcar is no card that shot him.
                            card: None,
                        },
                    });
                }
            }
            (RailcarKind::CoalHopper, _) => {
                self.draw(seat, 1);
                if let (Some(t), Some(c)) = (target, card)
                    && self.s().p(t).in_play.contains(&c)
                {
                    self.emit(Event::Discarded {
                        seat: t,
                        cards: vec![c],
                    });
                    self.refund(t, seat, Some(c)); // TR-13.10
                }
            }
            (RailcarKind::CircusWagon, _) => {
                let mut targets = self.s().others_clockwise(seat);
                targets.retain(|x| Some(*x) != target); // TC6: Sgt. Blaze's exempted
                self.emit(Event::EffectStarted {
                    effect: Effect::CircusWagon {
                        source: seat,
                        targets,
                    },
                });
            }
            (RailcarKind::ExpressCar, _) => {
                // TR-11.7: the rest of the turn is skipped, the hand
                // discarded, the end of the turn runs, then another turn
                // (not from a turn an Express Car granted).
                let hand = self.s().p(seat).hand.to_vec();
                if !hand.is_empty() {
                    self.emit(Event::Discarded { seat, cards: hand });
                    self.hand_left(seat);
                }
                if !self.s().train.express_turn {
                    self.emit(Event::ExtraTurnGranted { seat, heal: false });
                }
                self.finish_turn();
            }
            (RailcarKind::LoungeCar, _) => {
                let railcars: Vec<Card> =
                    self.s().train.deck.iter().rev().take(2).copied().collect();
                self.emit(Event::Train(TrainEvent::RailcarsDrawn { seat, railcars }));
            }
            (RailcarKind::MailCar, _) => {
                self.draw(seat, 3);
            }
            (RailcarKind::PassengerCar, _) => {
                if let Some(t) = target {
                    self.take_card(seat, t, card, true);
                }
            }
            _ => {}
        }
    }
}

/// Where the Lounge Car's `car` may go (TR-11.9, TR-5.3): in front of
/// `seat` (`mine`), of another player (`!mine`), or either (`None`, the lone
/// railcar); a Ghost Car also in front of an eliminated player, never the
/// Sheriff (TR-11.8.1). Of two railcars one is always his own.
fn lounge_places(s: &State, seat: Seat, car: Card, mine: Option<bool>) -> Vec<Seat> {
    let placed = placements(s, seat, car);
    let all: Vec<Seat> = if placed.iter().all(Option::is_some) && !placed.is_empty() {
        placed.into_iter().flatten().collect()
    } else {
        s.seats().filter(|&t| s.alive(t)).collect()
    };
    all.into_iter()
        .filter(|&t| !barred_for(s, t, car))
        .filter(|&t| match mine {
            Some(true) => t == seat,
            Some(false) => t != seat,
            None => true,
        })
        .collect()
}

/// Lounge Car: every placement of the railcars drawn (TR-11.9).
pub(crate) fn lounge_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let Some(l) = &s.train.lounge else { return };
    if l.seat != seat {
        return;
    }
    match *l.drawn.as_slice() {
        [car] => {
            for to in lounge_places(s, seat, car, None) {
                out.push(Action::Train(TrainAction::PlaceRailcars {
                    railcar: car,
                    to,
                    other: None,
                    other_to: None,
                }));
            }
        }
        [a, b] => {
            for (mine, other) in [(a, b), (b, a)] {
                for to in lounge_places(s, seat, mine, Some(true)) {
                    for other_to in lounge_places(s, seat, other, Some(false)) {
                        out.push(Action::Train(TrainAction::PlaceRailcars {
                            railcar: mine,
                            to,
                            other: Some(other),
                            other_to: Some(other_to),
                        }));
                    }
                }
            }
        }
        _ => {}
    }
}

/// Mail Car: each card drawn, to each other player in play (TR-11.11).
pub(crate) fn mail_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let Some(m) = s.train.mail.as_ref().filter(|m| m.seat == seat) else {
        return;
    };
    for &card in &m.cards {
        if s.p(seat).hand.contains(&card) {
            for target in s.others_clockwise(seat) {
                out.push(Action::Train(TrainAction::GiveCard { card, target }));
            }
        }
    }
}

/// Folds `card_given`: the card goes from the giver's hand to the receiver's.
pub(crate) fn fold_given(s: &mut State, seat: Seat, to: Seat, card: Option<Card>) {
    if s.train.mail.as_ref().is_some_and(|m| m.seat == seat)
        && let Some(m) = s.train.mail.take()
    {
        // TR-9.4: the Mail Car reaches the railcar deck after its effect.
        to_pile(s, m.car);
    }
    let Some(c) = card else { return };
    let n = s.players as usize;
    if seat as usize >= n || to as usize >= n || seat == to {
        return;
    }
    let Some(i) = s.table[seat as usize].hand.iter().position(|&x| x == c) else {
        return;
    };
    s.table[seat as usize].hand.remove(i);
    s.table[to as usize].hand.push(c);
}

impl Machine<'_, '_> {
    /// Lounge Car: the railcars drawn go into play where he placed them;
    /// they never count toward his one railcar (TR-11.9).
    pub(crate) fn lounge_place(
        &mut self,
        seat: Seat,
        railcar: Card,
        to: Seat,
        other: Option<(Card, Seat)>,
    ) {
        for (railcar, to) in std::iter::once((railcar, to)).chain(other) {
            self.emit(Event::Train(TrainEvent::RailcarTaken {
                seat,
                railcar,
                to,
                station: None,
                counts: false,
            }));
        }
    }
}

impl Machine<'_, '_> {
    /// TR-11.5: the next player discards one of his cards in play (asked),
    /// or is skipped with none.
    pub fn circus_step(&mut self, targets: &[Seat]) {
        let Some(&t) = targets.first() else { return };
        if !self.s().alive(t) || self.s().p(t).in_play.is_empty() {
            return self.emit(Event::TargetSkipped { seat: t });
        }
        self.emit(Event::WindowOpened {
            seat: t,
            kind: WindowKind::Train(TrainWindow::CircusWagon),
        });
    }
}

/// Folds `railcar_used`.
pub(crate) fn fold_used(
    s: &mut State,
    seat: Seat,
    railcar_id: Card,
    mode: Option<RailcarMode>,
    card: Option<Card>,
) {
    let Some(info) = railcar(railcar_id) else {
        return;
    };
    match info.kind {
        RailcarKind::Caboose | RailcarKind::SleeperCar => {
            let Some(c) = card else { return };
            if !s.p(seat).in_play.contains(&railcar_id) || !from_player(s, seat, c) {
                return;
            }
            to_pile(s, c);
        }
        _ => {
            if !from_player(s, seat, railcar_id) {
                return;
            }
        }
    }
    match info.kind {
        RailcarKind::Caboose => missed(s),
        RailcarKind::BaggageCar if mode == Some(RailcarMode::Missed) => missed(s),
        RailcarKind::SleeperCar => {
            s.train.sleeper_used = true;
            let answering = match &s.effect {
                Some(Effect::Indians { targets, .. }) => targets.first() == Some(&seat),
                Some(Effect::Duel { turn, .. }) => *turn == seat,
                _ => false,
            };
            if answering && s.shot.is_none() {
                bang_answered(s, seat);
            }
        }
        RailcarKind::ExpressCar => s.train.express_due = !s.train.express_turn,
        RailcarKind::MailCar => {
            s.train.mail = Some(super::Mail {
                seat,
                car: railcar_id,
                cards: Default::default(),
            });
            return;
        }
        RailcarKind::LoungeCar => {
            // TR-9.4: it reaches the railcar deck once its railcars are placed.
            s.train.lounge = Some(super::Lounge {
                seat,
                car: railcar_id,
                drawn: Default::default(),
            });
            return;
        }
        RailcarKind::CattleTruck => {
            if let Some(c) = card {
                let n = s.discard.len();
                if let Some(i) = s.discard[n.saturating_sub(3)..]
                    .iter()
                    .position(|&x| x == c)
                {
                    s.discard.remove(n.saturating_sub(3) + i);
                    if let Some(p) = player(s, seat) {
                        p.hand.push(c);
                    }
                }
            }
        }
        _ => {}
    }
    if info.usage == RailcarUse::DiscardToUse {
        // TR-9.4: it reaches the railcar deck after its effect. Used in its
        // owner's phase 2, it waits aside until its effect has resolved (the
        // machine then discards it); answering a shot, a Duel or Indians!, its
        // effect is the answer itself.
        if s.effect.is_none() && s.shot.is_none() && !s.before_0_2 {
            s.train.used = Some((seat, railcar_id));
        } else {
            to_pile(s, railcar_id);
        }
    }
}
