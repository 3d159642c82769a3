//! Carrying out a checked action: the events it records and the card
//! effects it starts (§9, §12).

use super::actions::Action;
use super::cards::{Card, Kind, kind};
use super::events::Event;
use super::gold::calumet_ignores;
use super::machine::M;
use super::reason::Reason;
use super::setup::reveal_and_deal;
use super::state::{Effect, Phase};
use super::train::EndStage;
use crate::core::Seat;

impl M<'_, '_> {
    /// Records a checked action and carries it out.
    pub fn act(&mut self, seat: Seat, action: Action) {
        self.act_as(seat, action, None)
    }

    /// Records a checked action and carries it out: posted by the seat, or
    /// (solo) taken by the rules for an NPC, recorded as `npc_acted` with its
    /// `reason` instead of `acted`.
    pub fn act_as(&mut self, seat: Seat, action: Action, npc: Option<Reason>) {
        let record = |action| match npc {
            Some(reason) => Event::NpcActed {
                seat,
                action,
                reason,
            },
            None => Event::Acted { seat, action },
        };
        match action {
            Action::SetOrders { orders } => {
                // Private: recorded apart from `acted`, so redaction can hide it.
                return self.emit(Event::OrdersSet {
                    seat,
                    orders: Some(orders),
                });
            }
            Action::ChooseCharacter { character } => {
                self.emit(Event::CharacterChosen {
                    seat,
                    character: Some(character),
                });
                let s = self.s();
                if s.seats()
                    .all(|x| s.p(x).offer.is_none() || s.p(x).chosen.is_some())
                {
                    reveal_and_deal(self);
                }
                return;
            }
            Action::PutBack { card } => {
                // Private: which card went back is Kit Carlson's secret (a solo
                // NPC's `npc_acted` puts it back: in solo his cards are face up).
                self.emit(match npc {
                    Some(_) => record(action),
                    None => Event::KitKept {
                        seat,
                        back: Some(card),
                    },
                });
                return self.emit(Event::PhaseStarted { phase: Phase::Play });
            }
            _ => {}
        }
        let window = self.s().window.map(|w| w.kind);
        self.emit(record(action));
        match action {
            Action::Draw { from } => self.phase_one(seat, from),
            Action::ChooseCheck { card } => {
                if let Some(check) = self.s().check {
                    self.resolve_check(check.seat, check.kind, Some(card));
                }
            }
            Action::Play {
                card,
                target,
                in_play,
            } => self.play_card(seat, card, target, in_play),
            Action::Heal { cards } => {
                self.emit(Event::Healed { seat, cards });
                self.hand_left(seat);
                self.maybe_saved(seat);
            }
            Action::EndTurn => self.emit(Event::PhaseStarted {
                phase: Phase::Discard,
            }),
            Action::Discard { card } if !self.s().kit.is_empty() => {
                self.dutch_discard(seat, card);
            }
            Action::Discard { card } => {
                self.emit(Event::Discarded {
                    seat,
                    cards: vec![card],
                });
                self.hand_left(seat);
            }
            Action::Buy {
                slot,
                mode,
                target,
                in_play,
                discount,
            } => self.buy(seat, slot, (mode, target, in_play), discount),
            Action::ForceDiscard { target, equipment } => {
                self.force_discard(seat, target, equipment)
            }
            Action::SellBeer { card } => self.sell_beer(seat, card),
            Action::Pay { used, target } => self.pay(seat, used, target),
            Action::UseEquipment {
                mode,
                target,
                in_play,
            } => self.josh_uses(seat, (mode, target, in_play)),
            Action::TakeRailcar {
                railcar,
                pay,
                pay_also,
                place,
                advance,
            } => self.take_railcar(seat, railcar, [pay, pay_also], place, advance),
            Action::UseRailcar {
                railcar,
                mode,
                target,
                card,
            } => self.use_railcar(seat, railcar, mode, target, card, window),
            Action::Barrel => self.use_barrel(seat, false),
            Action::Respond { card } => {
                if let Some(kind) = window {
                    self.respond(seat, card, kind);
                }
            }
            Action::Pass => {
                if let Some(kind) = window {
                    self.decline(seat, kind);
                } else if self.s().train.end == Some(EndStage::Chance) {
                    self.skip_chance();
                }
            }
            Action::Pick { card } => self.emit(Event::StorePicked { seat, card }),
            Action::SetOrders { .. } | Action::ChooseCharacter { .. } | Action::PutBack { .. } => {}
        }
    }

    /// The server closes the open window with its safe default.
    pub fn expire(&mut self) {
        let Some(w) = self.s().window else { return };
        self.emit(Event::WindowExpired);
        self.decline(w.seat, w.kind);
    }

    /// Phase 2: plays a checked card (§2.1, §9).
    fn play_card(&mut self, seat: Seat, card: Card, target: Option<Seat>, in_play: Option<Card>) {
        let k = kind(card);
        if k.is_weapon()
            && let Some(old) = self.s().weapon(seat)
        {
            self.emit(Event::Discarded {
                seat,
                cards: vec![old],
            });
        }
        if k == Kind::Beer {
            return self.beer(seat, card);
        }
        self.emit(Event::CardPlayed { seat, card, target });
        self.hand_left(seat);
        if let Some(t) = target.filter(|&t| {
            calumet_ignores(self.s(), t, seat, card)
                || super::train::prisoner_ignores(self.s(), t, seat, card)
        }) {
            // GR-7.7 (TR-11.14): spent, but nothing happens to him.
            return self.emit(Event::Unaffected { seat: t, card });
        }
        match k {
            Kind::Saloon => {
                let s = self.s();
                let order = std::iter::once(seat).chain(s.others_clockwise(seat));
                let heal: Vec<Seat> = order
                    .filter(|&x| s.in_play(x) && s.p(x).life < s.p(x).max_life as i8)
                    .collect();
                for x in heal {
                    self.emit(Event::LifeGained { seat: x, amount: 1 });
                }
            }
            Kind::Stagecoach => {
                self.draw(seat, 2);
            }
            Kind::WellsFargo => {
                self.draw(seat, 3);
            }
            Kind::GeneralStore => self.reveal_store(seat),
            Kind::Panic | Kind::CatBalou => {
                let Some(t) = target else { return };
                if matches!(self.s().effect, Some(Effect::GiveUp { .. })) {
                    return; // solo: B6, resolved as an effect
                }
                self.take_card(seat, t, in_play, k == Kind::Panic);
            }
            _ => {}
        }
    }

    /// A Panic! (`steal`) or Cat Balou effect of `seat` on `t`: the card in
    /// play named, else a random card from his hand (B-2.3.7: discarded face up).
    pub fn take_card(&mut self, seat: Seat, t: Seat, in_play: Option<Card>, steal: bool) {
        match in_play {
            Some(c) if steal => self.emit(Event::CardStolen {
                from: t,
                to: seat,
                card: Some(c),
                from_hand: false,
            }),
            Some(c) => self.emit(Event::Discarded {
                seat: t,
                cards: vec![c],
            }),
            None if steal => self.steal_random(t, seat),
            None => {
                let len = self.s().p(t).hand.len();
                if len == 0 {
                    return;
                }
                let i = self.rng.below(len as u32) as usize;
                let c = self.s().p(t).hand[i];
                self.emit(Event::Discarded {
                    seat: t,
                    cards: vec![c],
                });
                self.hand_left(t);
            }
        }
    }

    /// General Store (§12.3): as many cards as players in play, revealed.
    pub fn reveal_store(&mut self, seat: Seat) {
        let n = self.s().alive_count() as usize;
        let mut revealed = 0;
        let mut any = false;
        while revealed < n {
            self.refill();
            let deck = &self.s().deck;
            if deck.is_empty() {
                break;
            }
            let k = (n - revealed).min(deck.len());
            let cards: Vec<Card> = deck.iter().rev().take(k).copied().collect();
            revealed += k;
            any = true;
            self.emit(Event::StoreRevealed { seat, cards });
        }
        if !any {
            self.emit(Event::StoreRevealed {
                seat,
                cards: Vec::new(),
            });
        }
    }
}
