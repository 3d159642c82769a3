//! Gold Rush at the edges of a turn: the opening of the equipment deck and
//! market, phase 1 with a Pickaxe or as Dutch Will, and when Don Bell's
//! end-of-turn check is due (the base's `turn_end` takes it).

use super::GoldEvent;
use super::equipment::all_equipment;
use super::{MARKET, NuggetSource};
use crate::bang::characters::Character;
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::{Phase, State};
use crate::core::Seat;

/// GC1: Don Bell checks at the end of each of his turns but an extra one.
pub(super) fn don_bell_due(s: &State) -> bool {
    let seat = s.turn.seat;
    s.is(seat, Character::DonBell) && !s.extra.current && !s.gold.don_bell_checked && !s.turn.shadow
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

    /// GC2: Dutch Will draws his cards aside, then must discard one of them
    /// (his choice when he drew two or more) and takes 1 nugget.
    pub fn dutch_will_draw(&mut self, seat: Seat) {
        let n = 2 + self.s().phase_one_extra(seat);
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
        self.emit(Event::Gold(GoldEvent::DutchDiscarded { seat, card }));
        self.emit(Event::Gold(GoldEvent::NuggetsGained {
            seat,
            amount: 1,
            source: NuggetSource::DutchWill,
        }));
        self.emit(Event::PhaseStarted { phase: Phase::Play });
    }
}
