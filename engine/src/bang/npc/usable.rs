//! The NPC's own turn: phase 1 (B3.2, C7), the usage loop of phase 2 — the
//! top-most usable card of the Stack (B3.3, B5 with the Great Train
//! Robbery's rows of D2.4) — and phase 3 (B3.4, C7).

use super::Reason;
use super::ctx::Ctx;
use super::ranking::rank;
use crate::bang::actions::{Action, DrawFrom};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::Character;

impl Ctx<'_> {
    /// Phase 2 (B3.1): the top-most usable card of the Stack (B5 with D2.4's
    /// rows); else Part D's steps (railcar uses D2.3, buying and nugget
    /// actions D1, taking a railcar D2.1, selling a Beer D1.2); else the end
    /// of phase 2.
    pub fn phase_two(&self) -> (Action, Reason) {
        let stack = self.top_down();
        self.expansion_step(|x| x.opening(self))
            .or_else(|| stack.iter().find_map(|&card| self.usable(card, &stack)))
            .or_else(|| self.expansion_step(|x| x.after_scan(self)))
            .or_else(|| self.part_d_steps())
            .unwrap_or((Action::EndTurn, Reason::NothingUsable))
    }

    /// Whether (and how) the Stack scan would use `card` now (B5).
    pub(crate) fn base_usable(&self, card: Card, stack: &[Card]) -> Option<(Action, Reason)> {
        self.usable(card, stack)
    }

    /// B5 (with C4, C7, D2.4): how `card` is used now, if it is usable.
    fn usable(&self, card: Card, stack: &[Card]) -> Option<(Action, Reason)> {
        self.usable_as(card, kind(card), stack)
    }

    /// [`Ctx::usable`] for `card` played as a `k` (a Money Bag's copy).
    fn usable_as(&self, card: Card, k: Kind, stack: &[Card]) -> Option<(Action, Reason)> {
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
            let t = self.preferred_target_as(card, k)?;
            Some((self.aim_as(card, k, t)?, Reason::PreferredTarget))
        };
        if let Some(found) = self.expansion_step(|x| x.usable(self, card, k, stack)) {
            return found.filter(|(action, _)| self.legal(action)); // e.g. D3.1
        }
        let hurt = self.hurt();
        let found = match k {
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
            Kind::Dynamite if self.dynamite_guarded() => None,
            // The same-name rule makes these illegal when one is in play.
            Kind::Dynamite | Kind::Barrel | Kind::Mustang | Kind::Scope => {
                play(None, Reason::Equip)
            }
            // D2.4: the Great Train Robbery's cards.
            Kind::Cactus | Kind::Evaded => None,
            Kind::KnifeRevolver | Kind::TrainRobbery => at_target(),
            Kind::FullSteam => self.full_steam(card),
            Kind::Map | Kind::Refund | Kind::Strongbox => play(None, Reason::Equip),
            // A copy ignores the BANG! limit: the rules list its plays so.
            Kind::MoneyBag => {
                let copied = self.money_bag_copies()?;
                self.usable_as(card, copied, stack)
                    .map(|(a, _)| (a, Reason::MoneyBagCopy))
            }
            Kind::MostWanted if !self.most_wanted_guarded() => play(None, Reason::PlayAtOnce),
            Kind::MostWanted => None,
            Kind::NextStop => play(None, Reason::PlayAtOnce),
            Kind::Switch => self.switch_away(card),
            Kind::WaterTower => self.water_tower(card),
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
        found
            .map(|(action, reason)| (self.with_blaze(action, k), reason))
            .filter(|(action, _)| self.legal(action))
    }

    /// Phase 1 with a choice (C7): Jesse Jones takes from the first candidate
    /// with cards in hand, Pedro Ramirez the top discard ranked 11 or better;
    /// otherwise (Sid Ketchum too) the deck.
    pub fn phase_one(&self) -> (Action, Reason) {
        if let Some(take) = self.expansion_step(|x| x.phase_one(self)) {
            return take; // e.g. D3.8 Pat Brennan
        }
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
