//! The turn: start, rolling and the resolution of the final dice (§3).

use super::actions::Action;
use super::characters::Character;
use super::decisions::bullseye_results;
use super::events::{Event, Loss, RolledDie};
use super::faces::{DiceMask, MAX_DICE, Symbol};
use super::machine::Machine;
use super::state::{GainSource, LossSource, Shot, Stage, Step};
use crate::core::Seat;
use arrayvec::ArrayVec;

impl Machine<'_, '_> {
    /// Runs one automatic step of the turn.
    pub(crate) fn turn_step(&mut self) {
        let active = self.s.turn.active;
        match self.at() {
            Stage::TurnStart => {
                if self.s.active_is(Character::SidKetchum) {
                    self.stage(Stage::SidGift);
                } else {
                    self.stage(Stage::FirstRoll);
                }
            }
            Stage::Immediate { arrows } => {
                if arrows > 0 {
                    self.stage(Stage::Immediate { arrows: arrows - 1 });
                    self.take_arrow(active);
                } else {
                    self.stage(Stage::AfterRoll);
                }
            }
            Stage::AfterRoll => {
                let limit = self.s.table[active as usize].character.info().roll_limit;
                if self.s.turn.dice.count(Symbol::Dynamite) >= 3 || self.s.turn.rolls >= limit {
                    self.resolve(Step::Dynamite);
                } else {
                    self.stage(Stage::Reroll);
                }
            }
            Stage::Resolve { step } => self.resolve_step(step),
            Stage::TurnEnd => {
                if let Some(next) = self.s.next_living(active) {
                    self.emit(Event::TurnStarted { seat: next });
                }
            }
            // Decisions and the end of the game are never stepped.
            Stage::Setup | Stage::SidGift | Stage::FirstRoll | Stage::Reroll | Stage::Over => {}
        }
    }

    fn resolve(&mut self, step: Step) {
        self.stage(Stage::Resolve { step });
    }

    /// One automatic resolution step (§3.8). Decision steps are only stepped once
    /// their decisions are all answered.
    fn resolve_step(&mut self, step: Step) {
        let active = self.s.turn.active;
        let dice = self.s.turn.dice;
        match step {
            Step::Dynamite => {
                self.resolve(Step::Bullseyes);
                if dice.count(Symbol::Dynamite) >= 3 {
                    self.start_batch(
                        LossSource::Dynamite,
                        vec![Loss {
                            seat: active,
                            amount: 1,
                        }],
                    );
                }
            }
            Step::Bullseyes => {
                self.resolve(Step::BeersStart);
                let mut losses: Vec<Loss> = Vec::new();
                for &Shot { target, doubled } in self.s.turn.shots() {
                    let amount = if doubled { 2 } else { 1 };
                    match losses.iter_mut().find(|l| l.seat == target) {
                        Some(l) => l.amount += amount,
                        None => losses.push(Loss {
                            seat: target,
                            amount,
                        }),
                    }
                }
                for loss in &mut losses {
                    let reduction = self.s.table[loss.seat as usize]
                        .character
                        .info()
                        .bullseye_reduction;
                    loss.amount = loss.amount.saturating_sub(reduction);
                }
                if !self.s.turn.shots().is_empty() {
                    self.start_batch(LossSource::Bullseyes { by: active }, losses);
                }
            }
            Step::BeersStart => {
                let spent = u8::from(self.s.turn.doubled());
                let left = dice.count(Symbol::Beer).saturating_sub(spent);
                let jesse_doubles = self.s.active_is(Character::JesseJones)
                    && self.s.table[active as usize].life <= 4;
                if left > 0 {
                    self.resolve(Step::Beers {
                        left,
                        jesse_doubles,
                    });
                } else {
                    self.resolve(Step::Gatling);
                }
            }
            Step::Beers { .. } => self.resolve(Step::Gatling),
            Step::Gatling => {
                let gatlings = dice.count(Symbol::Gatling);
                let info = self.s.table[active as usize].character.info();
                let kit = self.s.active_is(Character::KitCarlson) && gatlings > 0;
                self.resolve(if kit {
                    Step::KitDiscards { left: gatlings }
                } else {
                    Step::Suzy
                });
                if gatlings >= info.gatling_threshold {
                    self.emit(Event::GatlingFired { seat: active });
                    let losses = self
                        .s
                        .ring()
                        .filter(|&s| s != active)
                        .filter(|&s| !self.s.table[s as usize].character.info().gatling_immune)
                        .map(|seat| Loss { seat, amount: 1 })
                        .collect();
                    self.start_batch(LossSource::Gatling { by: active }, losses);
                }
            }
            Step::KitDiscards { .. } => self.resolve(Step::Suzy),
            Step::Suzy => {
                self.stage(Stage::TurnEnd);
                let no_bullseye = bullseye_results(self.s).next().is_none();
                if self.s.active_is(Character::SuzyLafayette) && no_bullseye {
                    self.gain(active, 2, GainSource::SuzyLafayette);
                }
            }
        }
    }

    /// Carries out a checked action (after it was recorded).
    pub(crate) fn answer(&mut self, seat: Seat, action: Action) {
        let active = self.s.turn.active;
        match action {
            Action::Gift { target } => {
                self.stage(Stage::FirstRoll);
                self.gain(target, 1, GainSource::SidKetchum);
            }
            Action::Roll => {
                let all = (1u16 << self.s.turn.dice.len()) - 1;
                self.roll(DiceMask::from_bits(all as u8));
            }
            Action::Reroll { dice } => self.roll(dice),
            Action::Stop => self.resolve(Step::Dynamite),
            Action::Shoot { target, double } => {
                self.emit(Event::BullseyeAssigned {
                    target,
                    doubled: double,
                });
            }
            Action::Beer { target } => {
                if let Stage::Resolve {
                    step:
                        Step::Beers {
                            left,
                            jesse_doubles,
                        },
                } = self.at()
                {
                    self.resolve(Step::Beers {
                        left: left - 1,
                        jesse_doubles,
                    });
                    let amount = if jesse_doubles && target == active {
                        2
                    } else {
                        1
                    };
                    self.gain(target, amount, GainSource::Beer { by: active });
                }
            }
            Action::Discard { from } => {
                if let Stage::Resolve {
                    step: Step::KitDiscards { left },
                } = self.at()
                {
                    self.resolve(Step::KitDiscards { left: left - 1 });
                    self.emit(Event::ArrowsReturned {
                        seat: from,
                        count: 1,
                    });
                }
            }
            Action::EndDiscards => self.resolve(Step::Suzy),
            Action::TakeArrows { count } => {
                if count > 0 {
                    self.emit(Event::ArrowsInsteadOfLife {
                        seat,
                        arrows: count,
                    });
                }
                self.batch_stepped(super::state::BatchStep::Apply);
            }
            Action::ReturnArrows { count } => {
                if count > 0 {
                    self.emit(Event::ArrowsReturned { seat, count });
                }
                self.batch_stepped(super::state::BatchStep::Aftermath);
            }
        }
    }

    /// Throws the listed dice, then applies the roll's immediate results.
    fn roll(&mut self, which: DiceMask) {
        let dice = which
            .iter()
            .filter_map(|die| {
                let kind = self.s.turn.dice.as_slice().get(die as usize)?.kind;
                let face = kind.faces()[self.rng.below(6) as usize];
                Some(RolledDie { die, face })
            })
            .collect::<ArrayVec<_, MAX_DICE>>();
        let arrows = dice.iter().map(|d| d.face.count(Symbol::Arrow)).sum::<u8>();
        self.emit(Event::DiceRolled { dice });
        self.stage(Stage::Immediate { arrows });
    }

    /// `seat` takes one arrow from the pile; an empty pile sets off the Indians (3.6).
    pub(crate) fn take_arrow(&mut self, seat: Seat) {
        self.emit(Event::ArrowTaken { seat });
        if self.s.pile == 0 {
            let losses = self
                .s
                .ring()
                .map(|seat| {
                    let p = &self.s.table[seat as usize];
                    Loss {
                        seat,
                        amount: p.arrows.min(p.character.info().indian_loss_cap),
                    }
                })
                .filter(|l| l.amount > 0)
                .collect();
            self.start_batch(LossSource::Indians, losses);
        }
    }
}
