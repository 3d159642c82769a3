//! Gold Rush at the edges of a turn: the opening of the equipment deck and
//! market, phase 1 with a Pickaxe or as Dutch Will, the hand limit with a Gun
//! Belt, and the end of a turn (Don Bell's check, the Gold Rush card's heal,
//! extra turns).

use super::GoldEvent;
use super::equipment::{EquipKind, all_equipment};
use super::{MARKET, NuggetSource};
use crate::bang::characters::Character;
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::{CheckKind, Phase, State};
use crate::core::Seat;

/// The most cards `seat` may keep at the end of his turn: his life, or 8
/// with a Gun Belt (GR-7.8).
pub(crate) fn hand_limit(s: &State, seat: Seat) -> i32 {
    if crate::bang::train::is_ghost(s, seat) {
        0 // TR-11.8.5, even with a Gun Belt
    } else if s.has_equipment(seat, EquipKind::GunBelt) {
        8
    } else {
        s.p(seat).life.max(0) as i32
    }
}

/// Whether the current turn has end-of-turn steps before the next player's
/// turn: Don Bell's check, the Gold Rush card's heal, an extra turn.
pub(crate) fn end_of_turn_work(s: &State) -> bool {
    let g = &s.gold;
    let seat = s.turn.seat;
    s.alive(seat) && (don_bell_due(s) || g.heal_due || g.extra_turns_due > 0)
}

/// GC1: Don Bell checks at the end of each of his turns but an extra one.
fn don_bell_due(s: &State) -> bool {
    let seat = s.turn.seat;
    s.is(seat, Character::DonBell)
        && !s.gold.extra_turn
        && !s.gold.don_bell_checked
        && !s.turn.shadow
}

impl Machine<'_, '_> {
    /// GR-2.1, GR-2.2: the equipment deck shuffled and three cards in the market.
    pub fn open_market(&mut self) {
        let mut order: Vec<u8> = all_equipment().collect();
        self.rng.shuffle(&mut order);
        self.emit(Event::Gold(GoldEvent::EquipmentShuffled {
            order: order.into_iter().map(Some).collect(),
        }));
        self.fill_market();
    }

    /// GR-4.1.4, GR-5.4: every empty market slot, left to right, takes the top
    /// card of the equipment deck (shuffling it first when only face-up
    /// returned cards remain); an empty deck leaves the slot empty.
    pub fn fill_market(&mut self) {
        for slot in 0..MARKET {
            if self.s().gold.market[slot].is_some() {
                continue;
            }
            let Some(equipment) = self.top_equipment() else {
                return;
            };
            self.emit(Event::Gold(GoldEvent::MarketFilled {
                slot: slot as u8,
                equipment,
            }));
        }
    }

    /// The top card of the equipment deck, face down (shuffled first when
    /// only returned cards remain), if any.
    pub fn top_equipment(&mut self) -> Option<u8> {
        let g = &self.s().gold;
        if g.deck.is_empty() {
            return None;
        }
        if g.face_down().is_empty() {
            let mut order: Vec<u8> = g.deck.iter().rev().copied().collect();
            self.rng.shuffle(&mut order);
            self.emit(Event::Gold(GoldEvent::EquipmentShuffled {
                order: order.into_iter().map(Some).collect(),
            }));
        }
        self.s().gold.face_down().last().copied()
    }

    /// Cards phase 1 draws beyond the character's own: 1 with a Pickaxe (GR-7.10).
    pub fn pickaxe(&self, seat: Seat) -> usize {
        self.s().has_equipment(seat, EquipKind::Pickaxe) as usize
    }

    /// GC2: Dutch Will draws his cards aside, then must discard one of them
    /// (his choice when he drew two or more) and takes 1 nugget.
    pub fn dutch_will_draw(&mut self, seat: Seat) {
        let n = 2 + self.pickaxe(seat);
        for _ in 0..n {
            self.refill();
            if let Some(&c) = self.s().deck.last() {
                self.emit(Event::KitLooked {
                    seat,
                    cards: vec![Some(c)],
                });
            }
        }
        match self.s().kit.len() {
            0 => self.emit(Event::PhaseStarted { phase: Phase::Play }),
            1 => {
                let card = self.s().kit[0];
                self.dutch_discard(seat, card);
            }
            _ => {} // he chooses
        }
    }

    /// GC2: Dutch Will discards `card` of his phase-1 cards, takes 1 nugget,
    /// and plays.
    pub fn dutch_discard(&mut self, seat: Seat, card: u8) {
        self.emit(Event::DutchDiscarded { seat, card });
        self.emit(Event::Gold(GoldEvent::NuggetsGained {
            seat,
            amount: 1,
            source: NuggetSource::DutchWill,
        }));
        self.emit(Event::PhaseStarted { phase: Phase::Play });
    }

    /// The turn is over: its end-of-turn steps, if any, else the next player.
    pub fn finish_turn(&mut self) {
        self.strongbox(); // TR-15.7: after phase 3, before Don Bell
        self.jimmy_texas_draws(); // TR-15.7: after phase 3, first
        if end_of_turn_work(self.s()) {
            self.emit(Event::PhaseStarted { phase: Phase::End });
        } else {
            self.next_turn();
        }
    }

    /// One end-of-turn step, in the order of GC1 and GR-7.4: Don Bell's
    /// check, the Gold Rush card's heal, then an extra turn.
    pub fn end_step(&mut self) {
        let s = self.s();
        let seat = s.turn.seat;
        if !s.alive(seat) {
            return self.next_turn();
        }
        if don_bell_due(s) {
            return self.check(seat, CheckKind::DonBell, false);
        }
        // A shadow or a ghost cannot gain life (SG-2.2, TR-11.8.4).
        if s.gold.heal_due && s.can_gain_life(seat) {
            let p = s.p(seat);
            let amount = (p.max_life as i8 - p.life) as u8;
            return self.gain_life(seat, amount);
        }
        if s.gold.extra_turns_due > 0 {
            return self.emit(Event::TurnStarted {
                seat,
                extra: true,
                shadow: false,
            });
        }
        self.next_turn();
    }
}
