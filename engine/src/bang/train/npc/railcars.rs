//! Part D2.3 of `rules/lone-gunslinger.md`: the railcars a bot uses — in
//! phase 2, step (1) of Part D's order, the first of D2.3's table that
//! applies (Baggage Car, Sleeper Car, Cattle Truck, Passenger Car, Coal
//! Hopper, Mail Car, Lounge Car, Circus Wagon, Express Car); the Mail Car's
//! and the Lounge Car's follow-up choices; and in defence the Caboose and
//! the Baggage Car against a shot, the Sleeper Car against Indians! or a Duel.

use crate::bang::TrainAction;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::npc::Reason;
use crate::bang::npc::ctx::Ctx;
use crate::bang::npc::{highest_ranked, lowest_ranked, order};
use crate::bang::train::{RailcarKind, RailcarMode, railcar, use_railcar};
use crate::core::Seat;

impl Ctx<'_> {
    /// D2.3: the first railcar of the table whose condition holds, used as
    /// its row says (phase 2, when the Stack scan found nothing).
    pub fn use_railcar(&self) -> Option<(Action, Reason)> {
        self.v.train.as_ref()?;
        let mine = |k| self.railcar_of(self.me, k);
        let legal = |a: Action| self.legal(&a).then_some(a);
        let rows: [&dyn Fn() -> Option<Action>; 9] = [
            // Baggage Car: an extra BANG! at PT(BANG!).
            &|| {
                let r = mine(RailcarKind::BaggageCar)?;
                self.pt_effect(Kind::Bang, &|t, _| {
                    use_railcar(r, Some(RailcarMode::Bang), Some(t), None)
                })
            },
            // Sleeper Car: once a turn, PT(BANG!) and a spare/dead blue card,
            // the lowest-ranked discarded.
            &|| {
                let r = mine(RailcarKind::SleeperCar)?;
                let blue: Vec<Card> = self
                    .spare_cards()
                    .into_iter()
                    .filter(|&c| kind(c).is_blue())
                    .collect();
                let card = lowest_ranked(&blue)?;
                self.pt_effect(Kind::Bang, &|t, _| {
                    use_railcar(r, Some(RailcarMode::Bang), Some(t), Some(card))
                })
            },
            // Cattle Truck: the highest-ranked of the top 3 discards.
            &|| {
                let r = mine(RailcarKind::CattleTruck)?;
                let top3 = self.v.discard.iter().rev().take(3).copied();
                legal(use_railcar(r, None, None, Some(highest_ranked(top3)?)))
            },
            // Passenger Car: the first candidate's card, as a Panic! takes it
            // (C1.3; solo: B4.2).
            &|| {
                let r = mine(RailcarKind::PassengerCar)?;
                let t = self.primary()?;
                self.aim_effect(Kind::Panic, t, &|t, c| use_railcar(r, None, Some(t), c))
            },
            // Coal Hopper: the first candidate's best-ranked railcar.
            &|| {
                let r = mine(RailcarKind::CoalHopper)?;
                let t = self.primary()?;
                let cars = self.in_play(t).iter().copied().filter(|&c| c != r);
                let best = cars
                    .filter(|&c| railcar(c).is_some())
                    .min_by_key(|&c| order(c))?;
                legal(use_railcar(r, None, Some(t), Some(best)))
            },
            // Mail Car, Lounge Car: whenever legal (the rules forbid the
            // Lounge Car with the railcar deck empty).
            &|| legal(use_railcar(mine(RailcarKind::MailCar)?, None, None, None)),
            &|| legal(use_railcar(mine(RailcarKind::LoungeCar)?, None, None, None)),
            // Circus Wagon: another player has a card in play.
            &|| {
                let r = mine(RailcarKind::CircusWagon)?;
                let any = self
                    .clockwise()
                    .into_iter()
                    .any(|t| !self.in_play(t).is_empty());
                if !any {
                    return None;
                }
                let exempt = self.blaze_exempt(true, false);
                legal(use_railcar(r, None, exempt, None))
                    .or_else(|| legal(use_railcar(r, None, None, None)))
            },
            // Express Car: the Stack is empty.
            &|| {
                let r = mine(RailcarKind::ExpressCar)?;
                if !self.stack().is_empty() {
                    return None;
                }
                legal(use_railcar(r, None, None, None))
            },
        ];
        rows.iter()
            .find_map(|row| row())
            .map(|a| (a, Reason::UseRailcar))
    }

    /// D2.3: the blue card a Caboose or a Sleeper Car discards — of the
    /// cards `offered` (the Stack's and those in play), the spare or dead
    /// Stack cards first, then the lowest-ranked (C8, railcars per D2.5),
    /// bottom-most on ties. A ghost never gives up its Ghost Car.
    fn blue_to_discard(&self, offered: &[Card]) -> Option<Card> {
        let ghost_car = |c: Card| {
            self.ghost(self.me) && railcar(c).is_some_and(|r| r.kind == RailcarKind::GhostCar)
        };
        let mine: Vec<Card> = self
            .stack()
            .into_iter()
            .chain(self.in_play(self.me).iter().copied())
            .filter(|c| offered.contains(c) && !ghost_car(*c))
            .collect();
        let spare: Vec<Card> = self
            .spare_cards()
            .into_iter()
            .filter(|c| mine.contains(c))
            .collect();
        lowest_ranked(&spare).or_else(|| lowest_ranked(&mine))
    }

    /// D2.3 in defence (B7.1 step 2 extended): the Missed! effects it can
    /// spend — the Missed!-type Stack cards nearest the top, then the
    /// Caboose (a blue card, [`Ctx::blue_to_discard`]), then the Baggage Car
    /// — only if together they cancel the shot (`needed`).
    pub fn shot_effects(&self, needed: u8) -> Option<(Action, Reason)> {
        let missed: Vec<Card> = self
            .top_down()
            .into_iter()
            .filter(|&c| self.missed_for(c))
            .collect();
        let caboose = self.railcar_of(self.me, RailcarKind::Caboose);
        let baggage = self.railcar_of(self.me, RailcarKind::BaggageCar);
        let baggage_use = baggage
            .map(|r| use_railcar(r, Some(RailcarMode::Missed), None, None))
            .filter(|a| self.legal(a));
        // The Caboose's blue cards (not the Baggage Car: it counts itself).
        let blues: Vec<Card> = caboose
            .map(|r| {
                self.legal
                    .iter()
                    .filter_map(|a| match *a {
                        Action::Train(TrainAction::UseRailcar {
                            railcar,
                            card: Some(c),
                            mode: Some(RailcarMode::Missed),
                            ..
                        }) if railcar == r && Some(c) != baggage => Some(c),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        let caboose_card = caboose.and(self.blue_to_discard(&blues));
        let caboose_count = if caboose_card.is_some() {
            blues.len()
        } else {
            0
        };
        let total = missed.len() + caboose_count + usize::from(baggage_use.is_some());
        if total < needed as usize {
            return None;
        }
        if let Some(&card) = missed.first() {
            return Some((Action::Respond { card }, Reason::Missed));
        }
        if let (Some(r), Some(c)) = (caboose, caboose_card) {
            return Some((
                use_railcar(r, Some(RailcarMode::Missed), None, Some(c)),
                Reason::RailcarMissed,
            ));
        }
        baggage_use.map(|a| (a, Reason::RailcarMissed))
    }

    /// D2.3: against Indians! or a Duel with no BANG! on the Stack, a blue
    /// card discarded to the Sleeper Car, chosen as for the Caboose.
    pub fn sleeper_bang(&self) -> Option<(Action, Reason)> {
        let r = self.railcar_of(self.me, RailcarKind::SleeperCar)?;
        let blues: Vec<Card> = self
            .legal
            .iter()
            .filter_map(|a| match *a {
                Action::Train(TrainAction::UseRailcar {
                    railcar,
                    card: Some(c),
                    ..
                }) if railcar == r => Some(c),
                _ => None,
            })
            .collect();
        let card = self.blue_to_discard(&blues)?;
        let action = use_railcar(r, Some(RailcarMode::Bang), None, Some(card));
        self.legal(&action)
            .then_some((action, Reason::SleeperCarBang))
    }

    /// The other players clockwise, those who are no Preferred Target
    /// candidate first (D2.3: whom a Mail Car's card or a Lounge Car's
    /// railcar goes to).
    fn friends_first(&self) -> Vec<Seat> {
        let candidates = self.candidates();
        let others = self.clockwise();
        let (friends, foes): (Vec<Seat>, Vec<Seat>) =
            others.into_iter().partition(|t| !candidates.contains(t));
        [friends, foes].concat()
    }

    /// D2.3 Mail Car: the lowest-ranked of the cards drawn (the bottom-most
    /// on ties) to the next player clockwise who is no Preferred Target
    /// candidate (all are: the next player clockwise).
    pub fn mail_car(&self) -> (Action, Reason) {
        let drawn: Vec<Card> = self
            .stack()
            .into_iter()
            .filter(|&card| {
                self.legal
                    .iter()
                    .any(|a| matches!(*a, Action::Train(TrainAction::GiveCard { card: c, .. }) if c == card))
            })
            .collect();
        let found = lowest_ranked(&drawn).and_then(|card| {
            self.friends_first()
                .into_iter()
                .map(|target| Action::Train(TrainAction::GiveCard { card, target }))
                .find(|a| self.legal(a))
        });
        match found {
            Some(a) => (a, Reason::MailCarGives),
            None => (self.legal[0], Reason::Fallback),
        }
    }

    /// D2.3 Lounge Car: it keeps the better-ranked railcar (D2.5); the other
    /// goes as D2.2 places a Lumber Flatcar, any other to the next player
    /// clockwise who is no Preferred Target candidate. A lone railcar is
    /// placed as if taken from the train (D2.2; else in front of itself).
    pub fn lounge_car(&self) -> (Action, Reason) {
        let mut drawn: Vec<Card> = Vec::new();
        for a in self.legal {
            if let Action::Train(TrainAction::PlaceRailcars { railcar, other, .. }) = *a {
                for c in [Some(railcar), other].into_iter().flatten() {
                    if !drawn.contains(&c) {
                        drawn.push(c);
                    }
                }
            }
        }
        drawn.sort_by_key(|&c| order(c));
        let found = match *drawn.as_slice() {
            [car] => {
                let to = self.placement(car).unwrap_or(self.me);
                [to, self.me]
                    .into_iter()
                    .chain(self.friends_first())
                    .map(|to| {
                        Action::Train(TrainAction::PlaceRailcars {
                            railcar: car,
                            to,
                            other: None,
                            other_to: None,
                        })
                    })
                    .find(|a| self.legal(a))
            }
            [best, worse] => [(best, worse), (worse, best)]
                .into_iter()
                .find_map(|(keep, give)| {
                    let lumber =
                        railcar(give).is_some_and(|r| r.kind == RailcarKind::LumberFlatcar);
                    let seats = if lumber {
                        [self.candidates(), self.clockwise()].concat()
                    } else {
                        self.friends_first()
                    };
                    seats
                        .into_iter()
                        .map(|t| {
                            Action::Train(TrainAction::PlaceRailcars {
                                railcar: keep,
                                to: self.me,
                                other: Some(give),
                                other_to: Some(t),
                            })
                        })
                        .find(|a| self.legal(a))
                }),
            _ => None,
        };
        match found {
            Some(a) => (a, Reason::LoungeCarPlaces),
            None => (self.legal[0], Reason::Fallback),
        }
    }
}
