//! The turn: start, rolling and the resolution of the final dice (§3).

use super::actions::Action;
use super::characters::Character;
use super::decisions::{bullseye_results, chief_holder, rerollable_dice};
use super::events::{Event, Loss, Losses, RolledDie};
use super::faces::{DiceMask, DieKind, Face, MAX_DICE, Symbol};
use super::machine::Machine;
use super::sources::{GainSource, LossSource};
use super::specials::{Window, WindowKind};
use super::state::{BatchStep, GhostGift, Immediate, Shot, Stage, Step};
use crate::core::Seat;
use arrayvec::ArrayVec;

impl Machine<'_, '_> {
    /// Runs one automatic step of the turn.
    pub(crate) fn turn_step(&mut self) {
        let active = self.s.turn.active;
        match self.at() {
            Stage::TurnStart => {
                if self.s.ghost_turn() && self.s.gift.is_some() {
                    // Tokens not back yet go back when the Ghost's turn starts (6.5.6).
                    self.emit(Event::GhostTokensReturned);
                }
                if self.s.active_is(Character::SidKetchum) {
                    self.stage(Stage::SidGift);
                } else {
                    self.stage(Stage::FirstRoll);
                }
                // Special roles: The Good and The Ugly come before Sid's gift
                // (3.1).
                self.offer(Window::new(WindowKind::TurnStart));
            }
            Stage::Rolled => self.count_immediate(),
            Stage::Immediate(now) => self.immediate_step(now),
            Stage::AfterRoll => {
                let limit = self.s.roll_limit();
                if self.s.turn.gambled
                    || self.s.turn.dice.count(Symbol::Dynamite) >= 3
                    || self.s.turn.rolls >= limit
                    || rerollable_dice(self.s).is_empty()
                {
                    self.end_rolling();
                } else {
                    self.stage(Stage::Reroll);
                }
            }
            Stage::RollingOver => self.resolve_first_step(),
            Stage::Resolve { step } => self.resolve_step(step),
            Stage::TurnEnd => {
                if self.s.gift.is_some_and(|g| g.to == active) {
                    self.emit(Event::GhostTokensReturned);
                }
                self.stage(Stage::NextTurn);
                self.offer(Window::new(WindowKind::TurnEnd));
            }
            Stage::NextTurn => {
                if let Some(next) = self.s.next_living(active) {
                    self.emit(Event::TurnStarted { seat: next });
                }
            }
            // Decisions and the end of the game are never stepped.
            Stage::Setup
            | Stage::SidGift
            | Stage::FirstRoll
            | Stage::Reroll
            | Stage::GhostGift
            | Stage::Over => {}
        }
    }

    fn resolve(&mut self, step: Step) {
        self.stage(Stage::Resolve { step });
    }

    /// The active player's last roll is made: after The Gambler's window (special
    /// roles; not after the roll he forced), resolution starts.
    fn end_rolling(&mut self) {
        self.stage(Stage::RollingOver);
        if !self.s.turn.gambled {
            self.offer(Window::new(WindowKind::LastRoll));
        }
    }

    /// Rolling is over: resolution starts with Bill Noface's Arrows (new
    /// characters), or with the Dynamite.
    fn resolve_first_step(&mut self) {
        if self.s.ghost_turn() {
            // The Ghost's dice have no resolution: he gives a token (6.5.4).
            self.stage(Stage::GhostGift);
        } else if self.s.active_is(Character::BillNoface) {
            let left = self.s.turn.dice.count(Symbol::Arrow);
            self.resolve(Step::BillArrows { left });
        } else {
            self.resolve(Step::Dynamite);
        }
    }

    /// One automatic step of a roll's immediate results (§3.5). Choices (Elena's
    /// gift, which token, whose arrow breaks) stop the machine before this runs.
    fn immediate_step(&mut self, now: Immediate) {
        let active = self.s.turn.active;
        if now.arrows > 0 {
            self.stage(Stage::Immediate(Immediate {
                arrows: now.arrows - 1,
                elena: false,
                ..now
            }));
            // No choice of token: the only kind left.
            let chief = self.s.pile == 0;
            self.take_token(active, chief);
        } else if now.broken > 0 {
            // Nobody holds a regular arrow: the Broken Arrow does nothing.
            self.stage(Stage::Immediate(Immediate {
                broken: now.broken - 1,
                ..now
            }));
        } else if now.bullets > 0 {
            self.stage(Stage::Immediate(Immediate {
                bullets: now.bullets - 1,
                ..now
            }));
            let bullet = Loss {
                seat: active,
                amount: 1,
            };
            self.start_batch(LossSource::Bullet, [bullet].into_iter().collect());
        } else {
            self.stage(Stage::AfterRoll);
        }
    }

    /// One automatic resolution step (§3.8). Decision steps are only stepped once
    /// their decisions are all answered.
    fn resolve_step(&mut self, step: Step) {
        let active = self.s.turn.active;
        let dice = self.s.turn.dice;
        match step {
            Step::BillArrows { left } => {
                if left > 0 {
                    self.resolve(Step::BillArrows { left: left - 1 });
                    let chief = self.s.pile == 0;
                    self.take_token(active, chief);
                } else {
                    self.resolve(Step::Dynamite);
                }
            }
            Step::Dynamite => {
                self.resolve(Step::Bullseyes);
                if dice.count(Symbol::Dynamite) >= 3 {
                    let loss = Loss {
                        seat: active,
                        amount: 1,
                    };
                    self.start_batch(LossSource::Dynamite, [loss].into_iter().collect());
                }
            }
            Step::Bullseyes => {
                self.resolve(Step::DocHolyday);
                let mut losses = Losses::new();
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
            Step::DocHolyday => {
                self.resolve(Step::BeersStart);
                let results = bullseye_results(self.s).count();
                if self.s.active_is(Character::DocHolyday) && results >= 3 {
                    self.gain(active, 2, GainSource::DocHolyday);
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
        match action {
            Action::Gift { target } => {
                self.stage(Stage::FirstRoll);
                self.gain(target, 1, GainSource::SidKetchum);
            }
            Action::Roll { saloon } => self.first_roll(saloon),
            Action::GhostGift { face, to } => self.ghost_gift(face, to),
            Action::TakeToken { chief } => self.token_chosen(seat, chief),
            Action::GiveArrow { to, chief } => {
                self.immediate_moves_on(|now| Immediate {
                    arrows: now.arrows.saturating_sub(1),
                    elena: false,
                    ..now
                });
                self.take_token(to, chief);
            }
            Action::KeepArrows => self.immediate_moves_on(|now| Immediate {
                elena: false,
                ..now
            }),
            Action::TakeOver { from } => self.emit(Event::LossTakenOver { from, by: seat }),
            Action::EndTakeOver => self.batch_stepped(BatchStep::Apply),
            Action::BreakArrow { from } => {
                self.immediate_moves_on(|now| Immediate {
                    broken: now.broken.saturating_sub(1),
                    ..now
                });
                self.emit(Event::ArrowsReturned {
                    seat: from,
                    count: 1,
                    chief: false,
                });
            }
            Action::Reroll { dice } => self.roll(dice),
            Action::Stop => self.end_rolling(),
            Action::Shoot { target, double } => {
                self.emit(Event::BullseyeAssigned {
                    target,
                    doubled: double,
                });
            }
            Action::Beer { target } => self.beer_given(target),
            Action::Discard { from, chief } => self.kit_discards(from, chief),
            Action::EndDiscards => self.resolve(Step::Suzy),
            Action::TakeArrows { count, chief } => {
                if count > 0 {
                    self.emit(Event::ArrowsInsteadOfLife {
                        seat,
                        arrows: count,
                        chief,
                    });
                }
                self.batch_stepped(BatchStep::Molly);
            }
            Action::ReturnTokens | Action::KeepTokens => {
                if action == Action::ReturnTokens {
                    let p = self.s.table[seat as usize];
                    self.emit(Event::ArrowsReturned {
                        seat,
                        count: p.arrows,
                        chief: p.chief,
                    });
                }
                self.batch_stepped(BatchStep::Eliminate);
            }
            // Window answers and orders are handled before `answer` is reached.
            Action::Pass | Action::Reveal { .. } | Action::SetOrders { .. } => {}
            Action::ReturnArrows { count, chief } => {
                if count > 0 {
                    self.emit(Event::ArrowsReturned {
                        seat,
                        count: count - u8::from(chief),
                        chief,
                    });
                }
                self.batch_stepped(BatchStep::Aftermath);
            }
        }
    }

    /// While the turn is at a roll's immediate results, moves them on by
    /// `change` (one Arrow or Broken Arrow dealt with, Elena's gift decided).
    fn immediate_moves_on(&mut self, change: impl FnOnce(Immediate) -> Immediate) {
        if let Stage::Immediate(now) = self.at() {
            self.stage(Stage::Immediate(change(now)));
        }
    }

    /// The first roll, with the Saloon die the player chose (Loudmouth and
    /// Coward): every die is thrown but those set by the Ghost tokens he
    /// received (6.5.5).
    fn first_roll(&mut self, saloon: Option<DieKind>) {
        let active = self.s.turn.active;
        if let Some(die) = saloon {
            let extra = matches!(
                (die, self.s.active_character()),
                (DieKind::Loudmouth, Some(Character::JoseDelgado))
                    | (DieKind::Coward, Some(Character::TequilaJoe))
            );
            self.emit(Event::SaloonDieTaken { die, extra });
        }
        let mut thrown = ((1u16 << self.s.turn.dice.len()) - 1) as u8;
        if let Some(gift) = self.s.gift.filter(|g| g.to == active) {
            // Ghost tokens set base dice that are not thrown (6.5.5).
            let count = 1 + u8::from(gift.double);
            self.emit(Event::TokenDiceSet {
                face: gift.face,
                count,
            });
            thrown &= !((1u8 << count) - 1);
        }
        self.roll(DiceMask::from_bits(thrown));
    }

    /// The Ghost gives the token of `face` to `to` (the double token when his
    /// two dice match), and his turn ends (6.5.4).
    fn ghost_gift(&mut self, face: Face, to: Seat) {
        let faces: Vec<_> = self.s.turn.dice.faces().collect();
        let double = faces.len() == 2 && faces[0] == faces[1];
        self.stage(Stage::TurnEnd);
        self.emit(Event::GhostTokensGiven {
            gift: GhostGift { to, face, double },
        });
    }

    /// `seat` chose which token to take: one owed, one Arrow of his roll, or
    /// one of Bill Noface's Arrows; Apache Kid's Chief's Arrow is grabbed from
    /// its holder when not in the pile.
    fn token_chosen(&mut self, seat: Seat, chief: bool) {
        match self.at() {
            _ if self.s.owed.is_some() => {}
            Stage::Immediate(now) => self.stage(Stage::Immediate(Immediate {
                arrows: now.arrows.saturating_sub(1),
                ..now
            })),
            Stage::Resolve {
                step: Step::BillArrows { left },
            } => self.resolve(Step::BillArrows {
                left: left.saturating_sub(1),
            }),
            _ => {}
        }
        match chief_holder(self.s) {
            Some(from) if chief && !self.s.chief_in_pile => {
                self.emit(Event::ChiefGrabbed { seat, from });
            }
            _ => self.take_token(seat, chief),
        }
    }

    /// The active player gives one Beer result to `target` (2 LP to himself
    /// as Jesse Jones at 4 LP or less).
    fn beer_given(&mut self, target: Seat) {
        let active = self.s.turn.active;
        if let Stage::Resolve {
            step: Step::Beers {
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

    /// Kit Carlson sends one token of `from` back to the pile (the Chief's
    /// Arrow if `chief`) for one of his Gatling results.
    fn kit_discards(&mut self, from: Seat, chief: bool) {
        if let Stage::Resolve {
            step: Step::KitDiscards { left },
        } = self.at()
        {
            self.resolve(Step::KitDiscards { left: left - 1 });
            self.emit(Event::ArrowsReturned {
                seat: from,
                count: u8::from(!chief),
                chief,
            });
        }
    }

    /// Throws the listed dice, then applies the roll's immediate results.
    pub(crate) fn roll(&mut self, which: DiceMask) {
        let dice = which
            .iter()
            .filter_map(|die| {
                let kind = self.s.turn.dice.as_slice().get(die as usize)?.kind;
                let face = kind.faces()[self.rng.below(6) as usize];
                Some(RolledDie { die, face })
            })
            .collect::<ArrayVec<_, MAX_DICE>>();
        self.emit(Event::DiceRolled { dice });
        self.stage(Stage::Rolled);
        // Special roles: The Doc may turn a die before the roll's immediate
        // results.
        self.offer(Window::new(WindowKind::Roll));
    }

    /// Counts the immediate results of the rolled set: the dice just thrown, the
    /// Ghost-token dice in the first roll (6.5.5) and a die The Doc turned.
    fn count_immediate(&mut self) {
        let active = self.s.turn.active;
        let mut set = self.s.turn.rolled;
        if let Some(gift) = self.s.gift
            && gift.to == active
            && self.s.turn.rolls == 1
        {
            set |= (1u8 << (1 + u8::from(gift.double))) - 1;
        }
        let rolled = DiceMask::from_bits(set);
        let count = |symbol| {
            self.s
                .turn
                .dice
                .as_slice()
                .iter()
                .enumerate()
                .filter(|(i, _)| rolled.contains(*i as u8))
                .filter_map(|(_, d)| d.face)
                .map(|f| f.count(symbol))
                .sum::<u8>()
        };
        let character = self.s.active_character();
        // Bill Noface's Arrows wait for resolution (D-19).
        let arrows = match character {
            Some(Character::BillNoface) => 0,
            _ => count(Symbol::Arrow),
        };
        let stage = if character.is_none() {
            // The Ghost's dice have no immediate results (6.5.4).
            Stage::Immediate(Immediate::default())
        } else {
            Stage::Immediate(Immediate {
                arrows,
                broken: count(Symbol::BrokenArrow),
                bullets: count(Symbol::Bullet),
                elena: character == Some(Character::ElenaFuente) && arrows > 0,
            })
        };
        self.stage(stage);
    }

    /// `seat` takes one token from the pile (the Chief's Arrow if `chief`); an
    /// empty pile sets off the Indians (3.6).
    pub(crate) fn take_token(&mut self, seat: Seat, chief: bool) {
        self.emit(Event::ArrowTaken { seat, chief });
        if self.s.pile_tokens() == 0 {
            self.indian_attack();
        }
    }

    /// `seat` owes a token: taken at once when there is no choice of token,
    /// otherwise asked for (a `take_token` decision).
    pub(crate) fn owe_token(&mut self, seat: Seat) {
        if self.s.token_choice() {
            self.emit(Event::TokenOwed { seat });
        } else {
            let chief = self.s.pile == 0;
            self.take_token(seat, chief);
        }
    }

    /// Every living player loses his arrow count; the Chief's Arrow's holder
    /// loses nothing when his count is strictly the highest (3.6, 6.2.3).
    fn indian_attack(&mut self) {
        let s = &self.s;
        let top_other = |me: Seat| {
            s.ring()
                .filter(|&x| x != me)
                .map(|x| s.table[x as usize].arrow_count())
                .max()
                .unwrap_or(0)
        };
        let losses = s
            .ring()
            .map(|seat| {
                let p = &s.table[seat as usize];
                let exempt = p.chief && p.arrow_count() > top_other(seat);
                let amount = if exempt { 0 } else { p.arrow_count() };
                Loss {
                    seat,
                    amount: amount.min(p.character.info().indian_loss_cap),
                }
            })
            .filter(|l| l.amount > 0)
            .collect();
        self.start_batch(LossSource::Indians, losses);
    }
}
