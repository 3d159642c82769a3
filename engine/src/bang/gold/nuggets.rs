//! Gold Rush on life and death: nuggets earned for wounds (GR-3), the
//! life-loss triggers of Boots, Lucky Charm and Simeon Picos (GR-7.13,
//! GR-7.14, GC8), Madam Yto's draw (GC5), and what an elimination does with
//! equipment, nuggets and a Wanted (GR-3.6, GR-7.11, GR-9).

use super::GoldEvent;
use super::NuggetSource;
use super::equipment::EquipKind;
use crate::bang::characters::Character;
use crate::bang::events::Event;
use crate::bang::expansion::keeps_eliminated_seats;
use crate::bang::machine::Machine;
use crate::core::Seat;

impl Machine<'_, '_> {
    /// GR-3.1 to GR-3.4: the responsible player, in play and not the victim,
    /// takes 1 nugget per life point `seat` lost (the lethal one too).
    pub fn wound_nuggets(&mut self, seat: Seat, amount: u8, by: Option<Seat>) {
        let s = self.s();
        if !s.gold.on {
            return;
        }
        if let Some(r) = by.filter(|&r| r != seat && s.alive(r)) {
            self.emit(Event::Gold(GoldEvent::NuggetsGained {
                seat: r,
                amount,
                source: NuggetSource::Wound,
            }));
        }
    }

    /// GR-7.13, GR-7.14, GC8 (D-G14): once `seat` is still in play after a
    /// loss, Boots draw and Lucky Charm and Simeon Picos take nuggets, per point.
    pub fn equipment_after_loss(&mut self, seat: Seat, amount: u8) {
        let s = self.s();
        let boots = s.has_equipment(seat, EquipKind::Boots);
        let charm = s.has_equipment(seat, EquipKind::LuckyCharm);
        let simeon = s.is(seat, Character::SimeonPicos);
        if boots {
            self.draw(seat, amount as usize);
        }
        for (holds, source) in [
            (charm, NuggetSource::LuckyCharm),
            (simeon, NuggetSource::SimeonPicos),
        ] {
            if holds {
                self.emit(Event::Gold(GoldEvent::NuggetsGained {
                    seat,
                    amount,
                    source,
                }));
            }
        }
    }

    /// GC5: a Beer card was played (healing or not, sold, in a dying window):
    /// Madam Yto, in play, draws 1 card.
    pub fn beer_played(&mut self) {
        let s = self.s();
        if let Some(yto) = s
            .seats()
            .find(|&x| s.alive(x) && s.is(x, Character::MadamYto))
        {
            self.draw(yto, 1);
        }
    }

    /// GR-9.2, GR-3.6: an eliminated player's equipment goes face up to the
    /// bottom of the equipment deck (never to Vulture Sam) and his nuggets
    /// back to the heap.
    pub fn eliminated_gold(&mut self, seat: Seat) {
        self.return_all_equipment(seat);
        let nuggets = self.s().p(seat).nuggets;
        // SG-1: a player who keeps his seat keeps them.
        if nuggets > 0 && !keeps_eliminated_seats(self.s()) {
            self.emit(Event::Gold(GoldEvent::NuggetsReturned {
                seat,
                amount: nuggets,
            }));
        }
    }

    /// Every black card in front of `seat` to the bottom of the equipment
    /// deck, oldest first; the market is refilled if it had empty slots.
    pub fn return_all_equipment(&mut self, seat: Seat) {
        let equipment: Vec<u8> = self.s().p(seat).equipment.to_vec();
        if !equipment.is_empty() {
            self.emit(Event::Gold(GoldEvent::EquipmentReturned {
                seat,
                equipment,
            }));
            self.fill_market();
        }
    }

    /// GR-7.11: whoever is responsible for eliminating a Wanted player (in
    /// play, not the victim) draws 2 cards and takes 1 nugget.
    pub fn wanted_reward(&mut self, r: Seat) {
        self.draw(r, 2);
        self.emit(Event::Gold(GoldEvent::NuggetsGained {
            seat: r,
            amount: 1,
            source: NuggetSource::Wanted,
        }));
    }
}
