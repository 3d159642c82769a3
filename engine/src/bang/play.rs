//! Carrying out a checked action: the events it records and the card
//! effects it starts (§9, §12).

use super::actions::Action;
use super::cards::{Card, Kind};
use super::events::Event;
use super::machine::Machine;
use super::reason::Reason;
use super::setup::reveal_and_deal;
use super::state::{Effect, Phase, WindowKind};
use super::train::EndStage;
use crate::bang::TrainEvent;
use crate::core::Seat;

/// The event that records `action`: `acted` when the seat posted it, or
/// (solo) `npc_acted` with the `reason` the rules took it for an NPC.
fn acted(seat: Seat, action: Action, npc: Option<Reason>) -> Event {
    match npc {
        Some(reason) => Event::NpcActed {
            seat,
            action,
            reason,
        },
        None => Event::Acted { seat, action },
    }
}

impl Machine<'_, '_> {
    /// Records a checked action and carries it out.
    pub fn act(&mut self, seat: Seat, action: Action) {
        self.act_as(seat, action, None)
    }

    /// Records a checked action and carries it out: posted by the seat, or
    /// (solo) taken by the rules for an NPC, recorded as `npc_acted` with its
    /// `reason` instead of `acted`.
    pub fn act_as(&mut self, seat: Seat, action: Action, npc: Option<Reason>) {
        if self.act_in_private(seat, action, npc) {
            return;
        }
        let window = self.s().window.map(|w| w.kind);
        self.emit(acted(seat, action, npc));
        self.carry_out(seat, action, window);
    }

    /// Records and carries out an action whose content is private, by its own
    /// event (which redaction hides from those who may not know it) instead
    /// of `acted`; `false`, with nothing done, for any other action.
    fn act_in_private(&mut self, seat: Seat, action: Action, npc: Option<Reason>) -> bool {
        match action {
            Action::SetOrders { orders } => {
                // Private: recorded apart from `acted`, so redaction can hide it.
                self.emit(Event::OrdersSet {
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
            }
            Action::GiveCard { card, target } if npc.is_none() => {
                // Private: the card is the giver's and the receiver's secret
                // (TR-11.11); `card_given` is the record, which redaction
                // hides from everyone else, so no `acted` names it.
                self.emit(Event::Train(TrainEvent::CardGiven {
                    seat,
                    to: target,
                    card: Some(card),
                }));
            }
            Action::PutBack { card } => {
                // Private: which card went back is Kit Carlson's secret (a solo
                // NPC's `npc_acted` puts it back: in solo his cards are face up).
                self.emit(match npc {
                    Some(_) => acted(seat, action, npc),
                    None => Event::KitKept {
                        seat,
                        back: Some(card),
                    },
                });
                self.emit(Event::PhaseStarted { phase: Phase::Play });
            }
            _ => return false,
        }
        true
    }

    /// Carries out a recorded action of the base game (whose discard and pass
    /// the expansions share); the expansions' own actions go to
    /// [`Machine::carry_out_expansion`]. `window` is the reaction window that was
    /// open when it was taken.
    fn carry_out(&mut self, seat: Seat, action: Action, window: Option<WindowKind>) {
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
            Action::Discard { card } => self.discard(seat, card),
            Action::Barrel => self.use_barrel(seat, false),
            Action::Respond { card } => {
                if let Some(kind) = window {
                    self.respond(seat, card, kind);
                }
            }
            Action::Pass => self.pass(seat, window),
            Action::Pick { card } => self.emit(Event::StorePicked { seat, card }),
            // A solo NPC's gift is folded from its `npc_acted` (his cards are
            // face up, A3.2); a log before 0.2.0 says it with `card_given`.
            Action::GiveCard { card, target } if self.s().before_0_2 => {
                self.emit(Event::Train(TrainEvent::CardGiven {
                    seat,
                    to: target,
                    card: Some(card),
                }))
            }
            Action::SetOrders { .. }
            | Action::ChooseCharacter { .. }
            | Action::PutBack { .. }
            | Action::GiveCard { .. } => {}
            expansion => self.carry_out_expansion(seat, expansion, window),
        }
    }

    /// A chosen card discarded: by Shade O'Connor to draw another (TC7), by
    /// Dutch Will of his phase-1 cards (GC2), of the deck's top cards a Map
    /// showed, or else from hand in phase 3.
    fn discard(&mut self, seat: Seat, card: Card) {
        if self.s().train.shade == Some(seat) {
            self.shade_swaps(seat, Some(card))
        } else if !self.s().kit.is_empty() {
            self.dutch_discard(seat, card);
        } else if super::train::map_pending(self.s()) {
            self.map_done(seat, Some(card));
        } else {
            self.emit(Event::Discarded {
                seat,
                cards: vec![card],
            });
            self.hand_left(seat);
        }
    }

    /// A pass: declines the open `window`, else keeps both cards a Map
    /// showed, else lets the End of the Line's last chance go (§7.2).
    fn pass(&mut self, seat: Seat, window: Option<WindowKind>) {
        if let Some(kind) = window {
            self.decline(seat, kind);
        } else if super::train::map_pending(self.s()) {
            self.map_done(seat, None);
        } else if self.s().train.end == Some(EndStage::Chance) {
            self.skip_chance();
        }
    }

    /// Carries out a recorded action of Gold Rush or the Great Train
    /// Robbery. `window` is the reaction window that was open when it was
    /// taken.
    fn carry_out_expansion(&mut self, seat: Seat, action: Action, window: Option<WindowKind>) {
        match action {
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
            Action::FullSteam { card, double } => self.full_steam(seat, card, double),
            Action::Switch {
                card,
                mine,
                target,
                theirs,
            } => self.switch(seat, card, mine, target, theirs),
            Action::Robbery { card, discard } => self.rob(seat, card, discard),
            Action::FreeRailcar {
                railcar,
                place,
                advance,
            } => self.sancho_takes(seat, railcar, place, advance),
            Action::AdvanceTrain => self.zippy_roy_advances(),
            Action::Exempt { target } => {
                self.emit(Event::Train(TrainEvent::Exempted { seat, target }))
            }
            Action::Redirect { card, target } => self.evan_redirects(seat, card, target),
            Action::UseRailcar {
                railcar,
                mode,
                target,
                card,
            } => self.use_railcar(seat, railcar, mode, target, card, window),
            Action::PlaceRailcars {
                railcar,
                to,
                other,
                other_to,
            } => self.lounge_place(seat, railcar, to, other.zip(other_to)),
            // The base game's actions, carried out by `Machine::carry_out`.
            Action::ChooseCharacter { .. }
            | Action::Draw { .. }
            | Action::PutBack { .. }
            | Action::ChooseCheck { .. }
            | Action::Play { .. }
            | Action::Heal { .. }
            | Action::EndTurn
            | Action::Discard { .. }
            | Action::Barrel
            | Action::Respond { .. }
            | Action::Pass
            | Action::Pick { .. }
            | Action::GiveCard { .. }
            | Action::SetOrders { .. } => {}
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
        let k = super::train::played_as(self.s(), card); // Money Bag: the copied kind
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
        let exempt = super::train::exempts(k).then_some(target).flatten(); // TC6
        if let Some(t) = target.filter(|&t| {
            exempt.is_none()
                && (self.s().calumet_ignores(t, seat, card)
                    || super::train::prisoner_ignores(self.s(), t, seat, card))
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
                    .filter(|&x| Some(x) != exempt)
                    .collect();
                for x in heal {
                    self.gain_life(x, 1);
                }
            }
            Kind::Stagecoach => {
                self.draw(seat, 2);
            }
            Kind::WellsFargo => {
                self.draw(seat, 3);
            }
            Kind::GeneralStore => self.reveal_store_except(seat, exempt),
            Kind::Panic | Kind::CatBalou => {
                let Some(t) = target else { return };
                if matches!(self.s().effect, Some(Effect::GiveUp { .. })) {
                    return; // solo: B6, resolved as an effect
                }
                self.take_card(seat, t, in_play, k == Kind::Panic);
            }
            _ => self.train_card_played(seat, k, target, in_play),
        }
    }

    /// A Panic! (`steal`) or Cat Balou effect of `seat` on `t`: the card in
    /// play named, else a random card from his hand (B-2.3.7: discarded face up).
    pub fn take_card(&mut self, seat: Seat, t: Seat, in_play: Option<Card>, steal: bool) {
        let took = in_play.is_some() || !self.s().p(t).hand.is_empty();
        self.take_chosen_card(seat, t, in_play, steal);
        if took {
            self.refund(t, seat, in_play); // TR-13.10
        }
    }

    /// [`Machine::take_card`] but the Refund.
    fn take_chosen_card(&mut self, seat: Seat, t: Seat, in_play: Option<Card>, steal: bool) {
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

    /// General Store (§12.3) from `seat`: as many cards as players in play,
    /// revealed; `except` sits out (TC6, Sgt. Blaze: one card fewer, and he
    /// does not pick).
    pub fn reveal_store_except(&mut self, seat: Seat, except: Option<Seat>) {
        let n = self.s().alive_count() as usize - usize::from(except.is_some());
        let seat = if except == Some(seat) {
            self.s().next_alive(seat)
        } else {
            seat
        };
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
