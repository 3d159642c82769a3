//! Carrying out the Gold Rush actions: buying and using equipment (GR-4.1,
//! GR-7), forcing a discard (GR-4.2), selling a Beer (GR-4.3), and the
//! abilities paid in nuggets (GR-7.12, GR-7.15, GC3, GC4, GC7).

use super::GoldEvent;
use super::equipment::{Equip, EquipKind, Mode, equip_kind};
use super::legal::{Use, price, use_targets};
use super::{NuggetUse, cost};
use crate::bang::cards::Card;
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::{CheckKind, Effect, Phase};
use crate::core::Seat;

impl Machine<'_, '_> {
    /// GR-4.1: `seat` buys the card in `slot`, uses it, and the slot is refilled.
    pub fn buy(&mut self, seat: Seat, slot: u8, how: Use, discount: bool) {
        let Some(equipment) = self.s().gold.market.get(slot as usize).copied().flatten() else {
            return;
        };
        let (mode, target, _) = how;
        self.emit(Event::Gold(GoldEvent::EquipmentBought {
            seat,
            slot,
            equipment,
            paid: price(equipment, discount),
            mode,
            target,
        }));
        self.equipment_effect(seat, equipment, how);
        self.fill_market();
    }

    /// GR-4.2: `seat` pays cost + 1 and `owner`'s black card goes to the deck.
    pub fn force_discard(&mut self, seat: Seat, owner: Seat, equipment: Equip) {
        self.emit(Event::Gold(GoldEvent::EquipmentForced {
            seat,
            owner,
            equipment,
            paid: cost(equipment) + 1,
        }));
        self.refund(owner, seat, None); // TR-15.6
        self.fill_market();
    }

    /// GR-4.3: a Beer sold for 1 nugget (GC5: it counts as playing a Beer).
    pub fn sell_beer(&mut self, seat: Seat, card: Card) {
        self.emit(Event::Gold(GoldEvent::BeerSold { seat, card }));
        self.hand_left(seat);
        self.beer_played();
    }

    /// An ability or equipment paid in nuggets.
    pub fn pay(&mut self, seat: Seat, used: NuggetUse, target: Option<Seat>) {
        let amount = match used {
            NuggetUse::GoldPan | NuggetUse::RaddieSnake => 1,
            _ => 2,
        };
        self.emit(Event::Gold(GoldEvent::NuggetsPaid { seat, amount, used }));
        match used {
            NuggetUse::GoldPan | NuggetUse::RaddieSnake => {
                self.draw(seat, 1);
            }
            NuggetUse::Rucksack => {
                self.gain_life(seat, 1);
                self.maybe_saved(seat);
            }
            NuggetUse::JackyMurieta => {
                if let Some(t) = target {
                    self.shoot_without_card(seat, t);
                }
            }
            NuggetUse::JoshMcCloud => self.josh_takes(seat),
        }
    }

    /// GC4: Josh McCloud takes the top equipment card and must use it at once:
    /// by himself when it has one use, by his choice when it has several, and
    /// to the bottom of the deck when it has none.
    fn josh_takes(&mut self, seat: Seat) {
        let Some(equipment) = self.top_equipment() else {
            return;
        };
        self.emit(Event::Gold(GoldEvent::EquipmentTaken { seat, equipment }));
        let uses = use_targets(self.s(), seat, equipment);
        match uses.as_slice() {
            [] => {
                self.emit(Event::Gold(GoldEvent::EquipmentReturned {
                    seat,
                    equipment: vec![equipment],
                }));
                self.fill_market();
            }
            [one] => self.josh_uses(seat, *one),
            _ => {} // he chooses
        }
    }

    /// GC4: Josh McCloud uses the card he took.
    pub fn josh_uses(&mut self, seat: Seat, how: Use) {
        let Some(equipment) = self.s().gold.josh else {
            return;
        };
        let (mode, target, _) = how;
        self.emit(Event::Gold(GoldEvent::EquipmentUsed {
            seat,
            equipment,
            mode,
            target,
        }));
        self.equipment_effect(seat, equipment, how);
        self.fill_market();
    }

    /// What a bought or taken card does at once (GR-7): a brown card's
    /// effect; a black card is already in play.
    fn equipment_effect(&mut self, seat: Seat, e: Equip, (mode, target, in_play): Use) {
        match equip_kind(e) {
            EquipKind::Shot => {
                if let Some(t) = target {
                    self.heal_one(t);
                }
            }
            EquipKind::Bottle | EquipKind::Pardner => match mode {
                Some(Mode::Beer) => self.heal_one(seat),
                Some(Mode::Bang) => {
                    if let Some(t) = target {
                        self.shoot_without_card(seat, t);
                    }
                }
                Some(Mode::Duel) => {
                    if let Some(t) = target {
                        self.emit(Event::EffectStarted {
                            effect: Effect::Duel {
                                challenger: seat,
                                target: t,
                                turn: t,
                            },
                        });
                    }
                }
                Some(Mode::GeneralStore) => self.reveal_store_except(seat, target), // TC6
                Some(Mode::Panic) => {
                    if let Some(t) = target {
                        self.take_card(seat, t, in_play, true);
                    }
                }
                Some(Mode::CatBalou) => {
                    if let Some(t) = target {
                        self.take_card(seat, t, in_play, false);
                    }
                }
                None => {}
            },
            EquipKind::GoldRush => {
                // GR-7.4: phase 2 ends; at the end of the turn, all life back
                // and an extra turn.
                // SG-2.7 (D-G18): a shadow takes no extra turn.
                if !self.s().is_shadow(seat) {
                    self.emit(Event::ExtraTurnGranted { seat, heal: true });
                }
                self.emit(Event::PhaseStarted {
                    phase: Phase::Discard,
                });
            }
            EquipKind::Rhum => self.check(seat, CheckKind::Rhum, true),
            EquipKind::UnionPacific => {
                self.draw(seat, 4);
            }
            _ => {} // black: in play
        }
    }

    /// Shot, Bottle as Beer: 1 life, if below max (not a Beer: works with 2 players).
    fn heal_one(&mut self, seat: Seat) {
        self.gain_life(seat, 1);
    }

    /// A BANG! effect that is no BANG! card (Bottle, Jacky Murieta): it does
    /// not count toward the limit and Slab the Killer's rule does not apply.
    fn shoot_without_card(&mut self, seat: Seat, target: Seat) {
        self.emit(Event::EffectStarted {
            effect: Effect::Shots {
                source: seat,
                targets: [target].into_iter().collect(),
                bang_card: false,
                anonymous: false,
                card: None,
            },
        });
    }
}
