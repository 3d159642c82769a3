//! Resolving the effects in motion: one procedure for every BANG! effect
//! (§10), Indians! and Gatling one target at a time (§12), the Duel (§13) and
//! the General Store picks. Each answer comes from a window asked by hand or
//! from the seat's standing orders; whether a seat is asked depends only on
//! public facts (hand count, Barrel sources in play) and its orders.

use super::action_rules::ActionHooks;
use super::cards::{Card, Kind, kind};
use super::events::Event;
use super::expansion::in_play;
use super::legal_rules::{can_answer_bang, can_answer_shot};
use super::machine::Machine;
use super::orders::{Reply, StoreReply};
use super::state::{CheckKind, Effect, Shot, WindowKind};
use crate::core::Seat;

impl Machine<'_, '_> {
    /// The player shot answers (§10.3).
    pub fn shot_step(&mut self, shot: Shot) {
        let s = self.s();
        let t = shot.target;
        if !s.alive(t) {
            // TR-11.8.6: a ghost who gave up his Ghost Car to answer it left.
            return self.emit(Event::TargetSkipped { seat: t });
        }
        if s.p(t).hand.is_empty() && !s.barrel_left(&shot) && !can_answer_shot(s, t) {
            return self.lose(t, 1, shot.responsible());
        }
        match s.orders_of(t).shot {
            Reply::Pass => self.lose(t, 1, shot.responsible()),
            Reply::Auto => self.auto_shot(t),
            Reply::Ask => self.emit(Event::WindowOpened {
                seat: t,
                kind: WindowKind::Shot,
            }),
        }
    }

    /// Orders `auto`: every Barrel source, then the Missed! effects still
    /// needed if enough are held, else the hit.
    fn auto_shot(&mut self, t: Seat) {
        while let Some(shot) = self.s().shot {
            if !self.s().barrel_left(&shot) {
                break;
            }
            self.use_barrel(t, true);
        }
        let Some(shot) = self.s().shot else { return };
        let s = self.s();
        let mut cards: Vec<Card> = s
            .p(t)
            .hand
            .iter()
            .copied()
            .filter(|&c| s.is_missed_for(t, c))
            .collect();
        // Calamity Janet keeps her BANG! cards for last.
        cards.sort_by_key(|&c| kind(c) != Kind::Missed);
        if cards.len() < shot.needed as usize {
            return self.lose(t, 1, shot.responsible());
        }
        for &card in &cards[..shot.needed as usize] {
            let shot = self.s().shot;
            self.emit(Event::MissedPlayed { seat: t, card });
            self.hand_left(t);
            self.after_missed(t, card, shot, true);
        }
    }

    /// "draw!" for the next unused Barrel source against the current shot.
    pub fn use_barrel(&mut self, t: Seat, auto: bool) {
        let Some(shot) = self.s().shot else { return };
        let kind = if !shot.barrel_used && self.s().in_play_of(t, Kind::Barrel).is_some() {
            CheckKind::Barrel
        } else {
            CheckKind::Jourdonnais
        };
        self.check(t, kind, auto);
    }

    /// The next step of the card effect in motion.
    pub fn effect_step(&mut self, effect: Effect) {
        match effect {
            Effect::Shots {
                source,
                targets,
                bang_card,
                anonymous,
                ..
            } => {
                let Some(&target) = targets.first() else {
                    return;
                };
                if !self.s().alive(target) {
                    return self.emit(Event::TargetSkipped { seat: target });
                }
                let needed = if bang_card {
                    self.s().info(source).map_or(1, |i| i.bang_strength)
                } else {
                    1
                };
                self.emit(Event::ShotAt {
                    source,
                    target,
                    needed,
                    anonymous,
                });
            }
            Effect::Indians { source, targets } => {
                let Some(&target) = targets.first() else {
                    return;
                };
                if !self.s().alive(target) {
                    return self.emit(Event::TargetSkipped { seat: target });
                }
                self.bang_or_lose(target, Some(source), WindowKind::Indians);
            }
            Effect::Duel {
                challenger,
                target,
                turn,
            } => {
                if let Some(gone) = [challenger, target]
                    .into_iter()
                    .find(|&x| !self.s().alive(x))
                {
                    // TR-11.8.6: a ghost who gave up his Ghost Car for a BANG!.
                    return self.emit(Event::TargetSkipped { seat: gone });
                }
                // B-13.4: nobody is responsible when the challenger loses.
                let by = (turn == target).then_some(challenger);
                self.bang_or_lose(turn, by, WindowKind::Duel);
            }
            Effect::GiveUp { victim, .. } => self.give_step(victim),
            Effect::MostWanted { targets, .. } => self.most_wanted_step(&targets),
            Effect::Robbery { target, .. } => self.robbery_step(target),
            Effect::CircusWagon { targets, .. } => self.circus_step(&targets),
            Effect::Store { next } => {
                let s = self.s();
                let Some(&first) = s.store.first() else {
                    return;
                };
                if s.store.len() == 1 || s.orders_of(next).store == StoreReply::First {
                    self.emit(Event::StorePicked {
                        seat: next,
                        card: first,
                    });
                } else {
                    self.emit(Event::WindowOpened {
                        seat: next,
                        kind: WindowKind::Store,
                    });
                }
            }
        }
    }

    /// Indians! or a Duel: `seat` discards a BANG! card or loses 1 life.
    fn bang_or_lose(&mut self, seat: Seat, by: Option<Seat>, kind: WindowKind) {
        let s = self.s();
        if s.p(seat).hand.is_empty() && !can_answer_bang(s, seat) {
            return self.lose(seat, 1, by);
        }
        let orders = s.orders_of(seat);
        let reply = if kind == WindowKind::Duel {
            orders.duel
        } else {
            orders.indians
        };
        match reply {
            Reply::Pass => self.lose(seat, 1, by),
            Reply::Auto => {
                let card = s
                    .p(seat)
                    .hand
                    .iter()
                    .copied()
                    .find(|&c| s.is_bang_for(seat, c));
                match card {
                    Some(card) => {
                        self.emit(Event::BangDiscarded { seat, card });
                        self.hand_left(seat);
                        self.bang_answered(seat, card, kind);
                    }
                    None => self.lose(seat, 1, by),
                }
            }
            Reply::Ask => self.emit(Event::WindowOpened { seat, kind }),
        }
    }

    /// The seat asked in a window of this kind answers with no card: takes the
    /// hit, declines, dies (the answer `pass`, and the safe default on expiry).
    pub fn decline(&mut self, seat: Seat, kind: WindowKind) {
        let s = self.s();
        match kind {
            WindowKind::Shot => {
                if let Some(shot) = s.shot {
                    self.lose(seat, 1, shot.responsible());
                }
            }
            WindowKind::Dying => {
                if let Some(d) = s.dying {
                    self.eliminate(d.seat, d.by);
                }
            }
            WindowKind::Indians => {
                if let Some(Effect::Indians { source, .. }) = s.effect {
                    self.lose(seat, 1, Some(source));
                }
            }
            WindowKind::Duel => {
                if let Some(Effect::Duel {
                    challenger, target, ..
                }) = s.effect
                {
                    self.lose(seat, 1, (seat == target).then_some(challenger));
                }
            }
            WindowKind::Check => {
                if let Some(check) = s.check {
                    let card = super::draw_check::best_card(check.kind, &s.flipped);
                    self.resolve_check(check.seat, check.kind, Some(card));
                }
            }
            WindowKind::Store => {
                if let Some(&card) = s.store.first() {
                    self.emit(Event::StorePicked { seat, card });
                }
            }
            WindowKind::GiveUp => {
                // C5.5: the lowest-ranked card of the class, bottom-most on ties.
                let class: Vec<_> = in_play(s)
                    .flat_map(|e| e.give_up_choices(s, seat))
                    .collect();
                if let Some(card) = super::npc::lowest_ranked(&class) {
                    self.give(card);
                }
            }
            _ => {
                for e in ActionHooks::in_play(s) {
                    if e.declines(self, seat, kind) {
                        break;
                    }
                }
            }
        }
    }

    /// The seat asked in a window of this kind answers with `card`.
    pub fn respond(&mut self, seat: Seat, card: Card, kind: WindowKind) {
        match kind {
            WindowKind::Shot => {
                let shot = self.s().shot;
                self.emit(Event::MissedPlayed { seat, card });
                self.hand_left(seat);
                self.after_missed(seat, card, shot, false);
            }
            WindowKind::Dying => {
                self.beer(seat, card);
                self.maybe_saved(seat);
            }
            WindowKind::Indians | WindowKind::Duel => {
                self.emit(Event::BangDiscarded { seat, card });
                self.hand_left(seat);
                self.bang_answered(seat, card, kind);
            }
            WindowKind::GiveUp => self.give(card),
            WindowKind::Check | WindowKind::Store => {}
            _ => {
                for e in ActionHooks::in_play(self.s()) {
                    if e.responds(self, seat, card, kind) {
                        break;
                    }
                }
            }
        }
    }
}
