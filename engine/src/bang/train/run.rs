//! Running the train: setting it up (§2), moving it (§4), taking railcars
//! (§5) and the End of the Line (§7), as steps of the decision machine.

use super::railcars::all_railcars;
use super::stations::{StationCost, all_stations, station};
use super::{Advance, EndStage, TRAIN_LENGTH};
use crate::bang::TrainEvent;
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::Effect;
use crate::bang::victory::victory;
use crate::core::{Seat, Step};

impl Machine<'_, '_> {
    /// TR-2.2 to TR-2.5: the railcar deck and the stations shuffled, a row
    /// of one station per player, the Locomotive on a random side under S1,
    /// and three railcars behind it.
    pub fn open_train(&mut self) {
        let mut railcars: Vec<u8> = all_railcars().collect();
        self.rng.shuffle(&mut railcars);
        self.emit(Event::Train(TrainEvent::RailcarsShuffled {
            order: railcars.into_iter().map(Some).collect(),
        }));
        let n = self.s().players;
        self.new_row(n);
        let leland = self.rng.below(2) == 1; // D-T4
        self.emit(Event::Train(TrainEvent::LocomotivePlaced { leland }));
        self.fill_train();
    }

    /// The 13 stations shuffled and `n` of them revealed as the new row.
    fn new_row(&mut self, n: u8) {
        let mut stations: Vec<u8> = all_stations().collect();
        self.rng.shuffle(&mut stations);
        let row = stations.iter().take(n as usize).copied().collect();
        self.emit(Event::Train(TrainEvent::StationsShuffled {
            order: stations.into_iter().map(Some).collect(),
        }));
        self.emit(Event::Train(TrainEvent::StationsRevealed { row }));
    }

    /// TR-5.4, TR-5.6: railcars join the end of the train from the top of the
    /// railcar deck while it has fewer than three.
    pub fn fill_train(&mut self) {
        loop {
            let t = &self.s().train;
            if !t.on || t.cars.len() >= TRAIN_LENGTH || t.end.is_some() {
                return;
            }
            let Some(&railcar) = t.deck.last() else {
                return;
            };
            self.emit(Event::Train(TrainEvent::RailcarAdded { railcar }));
        }
    }

    /// One train advance (TR-4.4); the End of the Line begins when the
    /// Locomotive passes the last station (TR-4.5).
    pub fn advance_train(&mut self, how: Advance) {
        self.emit(Event::Train(TrainEvent::TrainAdvanced { how }));
        if self.s().train.at_end_of_the_line() {
            self.emit(Event::Train(TrainEvent::TrainStage {
                stage: Some(EndStage::Arrival),
            }));
        }
    }

    /// TR-4.1: the automatic advance, first thing in the Sheriff's (3
    /// players: the Deputy's) regular turn. Whether it is due now.
    pub fn automatic_advance_due(&self) -> bool {
        let s = self.s();
        let t = &s.train;
        let first = if s.three_players() {
            crate::core::Role::Deputy
        } else {
            crate::core::Role::Sheriff
        };
        t.on && !t.auto_advanced
            && !s.extra.current
            && !s.turn.shadow
            && s.p(s.turn.seat).role == Some(first)
    }

    /// §5: `seat` takes `railcar`, paying its station with `pay`/`pay_also`
    /// (Tombrock: 1 life), after the free advance if `advance`.
    pub fn take_railcar(
        &mut self,
        seat: Seat,
        railcar: u8,
        pay: [Option<u8>; 2],
        place: Option<Seat>,
        advance: bool,
    ) {
        let mut end = false;
        if advance {
            self.advance_train(Advance::Free);
            end = self.s().train.end == Some(EndStage::Arrival);
            if end {
                self.arrival();
            }
        }
        let Some(st) = self
            .s()
            .train
            .paired()
            .find(|&(car, _)| car == railcar)
            .map(|(_, st)| st)
        else {
            return;
        };
        self.pay_station(seat, st, pay);
        self.railcar_taken(seat, railcar, place, Some(st), end);
    }

    /// TR-5.2: `seat` pays station `st` with `pay` (Tombrock: 1 life).
    fn pay_station(&mut self, seat: Seat, st: u8, pay: [Option<u8>; 2]) {
        if station(st).cost == StationCost::Life {
            self.lose(seat, 1, None);
        } else {
            let cards: Vec<u8> = pay.into_iter().flatten().collect();
            let from_hand = cards.iter().any(|c| self.s().p(seat).hand.contains(c));
            self.emit(Event::Discarded { seat, cards });
            if from_hand {
                self.hand_left(seat);
            }
        }
    }

    /// `seat` took `railcar` (counted for his limit): it goes in front of
    /// `place`; at the End of the Line (`end`: reached by the take's free
    /// advance) the chance is used and the Locomotive acts next.
    pub(super) fn railcar_taken(
        &mut self,
        seat: Seat,
        railcar: u8,
        place: Option<Seat>,
        station: Option<u8>,
        end: bool,
    ) {
        self.emit(Event::Train(TrainEvent::RailcarTaken {
            seat,
            railcar,
            to: place.unwrap_or(seat),
            station,
            counts: true,
        }));
        if end || self.s().train.end == Some(EndStage::Chance) {
            // §7.2: the chance is taken; the Locomotive acts next.
            let left = self.s().train.locomotive_times();
            self.emit(Event::Train(TrainEvent::TrainStage {
                stage: Some(EndStage::Locomotive { left }),
            }));
        }
        self.fill_train();
    }

    /// §7.2: the current player lets his chance at the End of the Line go.
    pub fn skip_chance(&mut self) {
        let left = self.s().train.locomotive_times();
        self.emit(Event::Train(TrainEvent::TrainStage {
            stage: Some(EndStage::Locomotive { left }),
        }));
    }

    /// §7.1: effects on the train's arrival (the Great Train Robbery's
    /// characters hook in here).
    pub fn arrival(&mut self) {
        self.manuelita_draws();
    }

    /// One step of the End of the Line (§7), when nothing else is resolving.
    pub fn end_of_the_line_step(&mut self, stage: EndStage) -> Step {
        let s = self.s();
        let current = s.turn.seat;
        match stage {
            EndStage::Arrival => {
                self.arrival();
                self.emit(Event::Train(TrainEvent::TrainStage {
                    stage: Some(EndStage::Chance),
                }));
            }
            EndStage::Chance => {
                if super::railcar_chance(s, current) {
                    return Step::Waits;
                }
                self.skip_chance();
            }
            EndStage::Locomotive { left: 0 } => self.emit(Event::Train(TrainEvent::TrainStage {
                stage: Some(EndStage::Rebuild),
            })),
            EndStage::Locomotive { .. } if super::blaze_due(s) => return Step::Waits,
            EndStage::Locomotive { left } => {
                let exempt = s.train.blaze.flatten(); // TC6
                self.emit(Event::Train(TrainEvent::TrainStage {
                    stage: Some(EndStage::Locomotive { left: left - 1 }),
                }));
                self.locomotive(current, exempt);
            }
            EndStage::Rebuild => self.rebuild(),
        }
        Step::Moved
    }

    /// §8: the Locomotive's effect, from the current player clockwise:
    /// Ironhorse shoots every player in play, nobody responsible; Leland is a
    /// General Store.
    fn locomotive(&mut self, current: Seat, exempt: Option<Seat>) {
        if self.s().train.leland {
            // A current player gone (a ghost who paid with his Ghost Car):
            // the next one in play picks first.
            let s = self.s();
            let first = if s.alive(current) {
                current
            } else {
                s.next_alive(current)
            };
            return self.reveal_store_except(first, exempt);
        }
        // Every player in play (a shadow-gunslinger is not), current first.
        let s = self.s();
        let targets = std::iter::once(current)
            .chain(s.others_clockwise(current))
            .filter(|&x| s.in_play(x) && Some(x) != exempt)
            .collect();
        self.emit(Event::EffectStarted {
            effect: Effect::Shots {
                source: current,
                targets,
                bang_card: false,
                anonymous: true,
                card: None,
            },
        });
    }

    /// §7.4: unless the game is won, the railcars of the train back into the
    /// shuffled railcar deck, a new row of stations (one per player in play,
    /// D-T8), the Locomotive flipped under S1 and three railcars behind it.
    fn rebuild(&mut self) {
        if victory(self.s()).is_none() {
            let t = &self.s().train;
            let mut railcars: Vec<u8> = t.cars.iter().chain(&t.deck).copied().collect();
            let leland = !t.leland;
            self.rng.shuffle(&mut railcars);
            self.emit(Event::Train(TrainEvent::RailcarsShuffled {
                order: railcars.into_iter().map(Some).collect(),
            }));
            let s = self.s();
            let n = s.seats().filter(|&x| s.in_play(x)).count() as u8;
            self.new_row(n);
            self.emit(Event::Train(TrainEvent::LocomotivePlaced { leland }));
        }
        self.emit(Event::Train(TrainEvent::TrainStage { stage: None }));
        self.fill_train();
    }
}
