//! Carrying out a checked action: the events it records and the card
//! effects it starts (§9, §12).

use super::action_rules::ActionHooks;
use super::actions::Action;
use super::card_rules::{exempts, ignores, played_as};
use super::cards::{Card, Kind};
use super::events::Event;
use super::machine::Machine;
use super::reason::Reason;
use super::setup::reveal_and_deal;
use super::state::{Effect, Phase, WindowKind};
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
            _ => {
                return ActionHooks::in_play(self.s())
                    .any(|e| e.acts_in_private(self, seat, action, npc));
            }
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
            Action::SetOrders { .. } | Action::ChooseCharacter { .. } | Action::PutBack { .. } => {}
            expansion => {
                for e in ActionHooks::in_play(self.s()) {
                    if e.carries_out(self, seat, expansion, window) {
                        break;
                    }
                }
            }
        }
    }

    /// A chosen card discarded: for an expansion's decision (Dutch Will's
    /// phase-1 cards, Shade O'Connor's swap, a Map's cards), or else from
    /// hand in phase 3.
    fn discard(&mut self, seat: Seat, card: Card) {
        if ActionHooks::in_play(self.s()).any(|e| e.discards(self, seat, card)) {
            return;
        }
        self.emit(Event::Discarded {
            seat,
            cards: vec![card],
        });
        self.hand_left(seat);
    }

    /// A pass: declines the open `window`, else answers an expansion's
    /// decision (a Map kept, the End of the Line's last chance let go).
    fn pass(&mut self, seat: Seat, window: Option<WindowKind>) {
        if let Some(kind) = window {
            self.decline(seat, kind);
        } else {
            for e in ActionHooks::in_play(self.s()) {
                if e.passes(self, seat) {
                    break;
                }
            }
        }
    }

    /// The server closes the open window with its safe default.
    pub fn expire(&mut self) {
        let Some(w) = self.s().window else { return };
        self.emit(Event::WindowExpired);
        self.decline(w.seat, w.kind);
    }

    /// Phase 2: plays a checked card (§2.1, §9).
    pub(crate) fn play_card(
        &mut self,
        seat: Seat,
        card: Card,
        target: Option<Seat>,
        in_play: Option<Card>,
    ) {
        let k = played_as(self.s(), card); // a Money Bag: the copied kind
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
        let exempt = exempts(self.s(), k).then_some(target).flatten(); // TC6
        if let Some(t) = target.filter(|&t| exempt.is_none() && ignores(self.s(), t, seat, card)) {
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
            _ => {
                for e in ActionHooks::in_play(self.s()) {
                    if e.card_played(self, seat, k, target, in_play) {
                        break;
                    }
                }
            }
        }
    }

    /// A Panic! (`steal`) or Cat Balou effect of `seat` on `t`: the card in
    /// play named, else a random card from his hand (B-2.3.7: discarded face up).
    pub fn take_card(&mut self, seat: Seat, t: Seat, in_play: Option<Card>, steal: bool) {
        let took = in_play.is_some() || !self.s().p(t).hand.is_empty();
        self.take_chosen_card(seat, t, in_play, steal);
        if took {
            self.card_taken(t, seat, in_play);
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
