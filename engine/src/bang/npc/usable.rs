//! The NPC's own turn: phase 1 (B3.2, C7), the usage loop of phase 2 — the
//! top-most usable card of the Stack (B3.3, B5) — and phase 3 (B3.4, C7).

use super::Reason;
use super::ctx::Ctx;
use super::ranking::rank;
use crate::bang::actions::{Action, DrawFrom};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::Character;

impl Ctx<'_> {
    /// Phase 2 (B3.1): the top-most usable card of the Stack; else Part D's
    /// steps (Gold Rush: buy, nugget actions, sell a Beer, D1); else the end
    /// of phase 2.
    pub fn phase_two(&self) -> (Action, Reason) {
        let stack = self.top_down();
        stack
            .iter()
            .find_map(|&card| self.usable(card, &stack))
            .or_else(|| self.part_d_steps())
            .unwrap_or((Action::EndTurn, Reason::NothingUsable))
    }

    /// B5 (with C4, C7): how `card` is used now, if it is usable.
    fn usable(&self, card: Card, stack: &[Card]) -> Option<(Action, Reason)> {
        let play = |target, reason| {
            Some((
                Action::Play {
                    card,
                    target,
                    in_play: None,
                },
                reason,
            ))
        };
        let at_target = || {
            let t = self.preferred_target(card)?;
            Some((self.aim(card, t)?, Reason::PreferredTarget))
        };
        let hurt = self.hurt();
        let found = match kind(card) {
            // A legal BANG! at the PT means the BANG! limit allows one.
            Kind::Bang => at_target(),
            // C7 Calamity Janet: a Missed! as a BANG! only without a BANG!
            // card on the Stack and with 2 Missed! cards or more.
            Kind::Missed if self.is(Character::CalamityJanet) => {
                let bangs = stack.iter().any(|&c| kind(c) == Kind::Bang);
                let misses = stack.iter().filter(|&&c| kind(c) == Kind::Missed).count();
                if bangs || misses < 2 {
                    None
                } else {
                    at_target()
                }
            }
            Kind::Missed => None,
            // D-L7: no Beer that would have no effect.
            Kind::Beer if hurt && self.alive_count() > 2 => play(None, Reason::Heal),
            Kind::Saloon if hurt => play(None, Reason::Heal),
            Kind::Beer | Kind::Saloon => None,
            Kind::Stagecoach | Kind::WellsFargo | Kind::GeneralStore => {
                play(None, Reason::DrawCards)
            }
            Kind::Panic | Kind::CatBalou | Kind::Duel | Kind::Jail => at_target(),
            Kind::Indians | Kind::Gatling if !self.everyone_guarded() => {
                play(None, Reason::HitsEveryone)
            }
            Kind::Indians | Kind::Gatling => None,
            // The same-name rule makes these illegal when one is in play.
            Kind::Dynamite | Kind::Barrel | Kind::Mustang | Kind::Scope => {
                play(None, Reason::Equip)
            }
            Kind::Volcanic => {
                let near = self.primary().is_some_and(|t| self.distance_to(t) <= 1);
                if near {
                    play(None, Reason::VolcanicInReach)
                } else {
                    None
                }
            }
            k => {
                let longer = k.info().reach.is_some_and(|r| r > self.reach());
                if longer {
                    play(None, Reason::LongerReach)
                } else {
                    None
                }
            }
        };
        found.filter(|(action, _)| self.legal(action))
    }

    /// Phase 1 with a choice (C7): Jesse Jones takes from the first candidate
    /// with cards in hand, Pedro Ramirez the top discard ranked 11 or better;
    /// otherwise (Sid Ketchum too) the deck.
    pub fn phase_one(&self) -> (Action, Reason) {
        let draw = |from| Action::Draw { from };
        if let Some(t) = self
            .candidates()
            .into_iter()
            .find(|&t| self.legal(&draw(DrawFrom::Hand(t))))
        {
            return (draw(DrawFrom::Hand(t)), Reason::PreferredTarget);
        }
        let top = self.v.discard.last().copied();
        if top.is_some_and(|c| rank(c) <= 11) && self.legal(&draw(DrawFrom::Discard)) {
            return (draw(DrawFrom::Discard), Reason::DiscardPileTop);
        }
        (draw(DrawFrom::Deck), Reason::PhaseOne)
    }

    /// Phase 3 (B3.4, C7): Sid Ketchum below max life with at least 2 cards
    /// over the limit heals with the 2 bottom-most; else the bottom-most card.
    pub fn phase_three(&self) -> (Action, Reason) {
        let stack = self.stack();
        let excess = stack.len() as i32 - self.life().max(0) as i32;
        if self.is(Character::SidKetchum) && self.life() < self.max_life() && excess >= 2 {
            let heal = Action::Heal {
                cards: [stack[0].min(stack[1]), stack[0].max(stack[1])],
            };
            if self.legal(&heal) {
                return (heal, Reason::SidKetchum);
            }
        }
        match stack.first() {
            Some(&card) => (Action::Discard { card }, Reason::HandLimit),
            None => (Action::EndTurn, Reason::Fallback),
        }
    }

    /// The lowest-ranked of the cards Kit Carlson or Dutch Will has aside,
    /// the later one drawn on ties (C7).
    pub fn lowest_of_kit(&self) -> Option<Card> {
        self.v
            .kit
            .iter()
            .flatten()
            .copied()
            .enumerate()
            .max_by_key(|&(i, c)| (rank(c), i))
            .map(|(_, c)| c)
    }

    /// C7 Kit Carlson: puts back the lowest-ranked of his cards, the later
    /// one in deck order on ties.
    pub fn put_back(&self) -> (Action, Reason) {
        match self.lowest_of_kit() {
            Some(card) => (Action::PutBack { card }, Reason::PutBackLowest),
            None => (Action::EndTurn, Reason::Fallback),
        }
    }
}
