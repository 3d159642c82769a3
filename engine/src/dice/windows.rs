//! Windows for special roles in play: offering one, letting standing orders or
//! the seats asked by hand answer it, and what each power does once The Judge
//! has let it through (§6.3, D-21..D-28). Who is offered a window and which
//! powers he may use in it are plain queries of the state, in `offers.rs`.
//!
//! A window goes: offer → (an order reveals at once | the `ask` seats answer by
//! hand | nobody is asked) → on a reveal, a Judge window about it → the effect.
//! With nobody asked and nobody revealing, a window leaves no trace in the log,
//! whatever anyone holds.

use super::actions::Action;
use super::events::Event;
use super::faces::DiceMask;
use super::machine::Machine;
use super::offers::{offered_seats, ordered_power, window_applies};
use super::options::Module;
use super::specials::{Gain, Power, Reveal, SeatSet, Window, WindowKind};
use super::state::BatchStep;
use crate::core::Seat;

impl Machine<'_, '_> {
    /// Offers window `w`. Standing orders answer it at once where they can; the
    /// game then waits only for seats that asked to answer by hand. Whatever
    /// happens, the stage set before the call is where the turn goes on.
    #[inline]
    pub(crate) fn offer(&mut self, w: Window) {
        if self.s.modules.has(Module::SpecialRoles) && window_applies(self.s, w.kind) {
            self.offer_to_seats(w);
        } else {
            self.passed(w);
        }
    }

    /// [`Machine::offer`] once the window matters.
    fn offer_to_seats(&mut self, mut w: Window) {
        let offered: Vec<Seat> = offered_seats(self.s, w).collect();
        for &seat in &offered {
            if let Some(power) = ordered_power(self.s, &w, seat) {
                self.revealed(w, seat, power);
                return;
            }
        }
        w.asked = offered
            .iter()
            .filter(|&&seat| self.s.orders_of(seat).asks_in(w.kind))
            .fold(SeatSet::default(), |set, &seat| set.with(seat));
        if w.asked.is_empty() {
            self.passed(w);
        } else {
            self.emit(Event::WindowOpened { window: w });
        }
    }

    /// Everyone asked has passed: the open window closes without a reveal.
    pub(crate) fn close_window(&mut self) {
        if let Some(w) = self.s.window {
            self.emit(Event::WindowClosed);
            self.passed(w);
        }
    }

    /// A seat answered the open window by hand.
    pub(crate) fn window_answered(&mut self, seat: Seat, action: Action) {
        if let (Some(w), Action::Reveal { power }) = (self.s.window, action) {
            self.emit(Event::WindowClosed);
            self.revealed(w, seat, power);
        }
    }

    /// Nobody revealed in `w`: what was waiting on it happens.
    fn passed(&mut self, w: Window) {
        if let Some(gain) = w.gain {
            self.gained(gain);
        }
        if let Some(reveal) = w.reveal {
            self.use_power(reveal);
        }
    }

    /// `seat` revealed his card to use `power` in window `w`.
    fn revealed(&mut self, w: Window, seat: Seat, power: Power) {
        let role = self.s.table[seat as usize]
            .role
            .unwrap_or(super::roles::Role::Outlaw);
        self.emit(Event::RoleRevealed {
            seat,
            role,
            card: power.card(),
        });
        match (power, w.reveal) {
            (Power::TheJudge, Some(judged)) => {
                self.emit(Event::RevealCancelled {
                    seat: judged.seat,
                    card: judged.power.card(),
                });
                // A cancelled Bad lets the gain through.
                if let Some(gain) = judged.gain {
                    self.gained(gain);
                }
            }
            _ => {
                let reveal = Reveal {
                    seat,
                    power,
                    gain: w.gain,
                };
                self.offer(Window {
                    reveal: Some(reveal),
                    ..Window::new(WindowKind::Reveal)
                });
            }
        }
    }

    /// The Judge let `reveal` through: its power takes effect.
    fn use_power(&mut self, reveal: Reveal) {
        let active = self.s.turn.active;
        match reveal.power {
            Power::TheGood => {
                if let Some(sheriff) = self.s.sheriff() {
                    self.emit(Event::RolesSwapped {
                        seat: reveal.seat,
                        sheriff,
                    });
                }
            }
            Power::TheDoc { die, face } => self.emit(Event::DieTurned { die, face }),
            Power::TheGambler => {
                self.emit(Event::Gambled);
                let all = ((1u16 << self.s.turn.dice.len()) - 1) as u8;
                self.roll(DiceMask::from_bits(all));
            }
            Power::TheBad => {
                if let Some(gain) = reveal.gain {
                    self.emit(Event::GainBlocked { gain });
                }
            }
            Power::TheUgly { first, second } => self.emit(Event::ArrowsSwapped { first, second }),
            Power::RightHand => self.emit(Event::TurnStarted { seat: active }),
            Power::LeftHand { save } => {
                self.emit(Event::Rescued { seat: save });
                self.batch_stepped(BatchStep::Rescue);
            }
            Power::TheJudge => {}
        }
    }

    /// A gain that no window stopped.
    fn gained(&mut self, gain: Gain) {
        self.emit(Event::LifeGained {
            seat: gain.seat,
            amount: gain.amount,
            source: gain.source,
        });
    }
}
