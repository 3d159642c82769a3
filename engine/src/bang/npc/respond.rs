//! Responses and choices out of phase 2 (B7, C5, C7): shots (with the
//! Caboose and the Baggage Car, D2.3), Indians! and Duels (with the Sleeper
//! Car, D2.3), the dying window, General Store picks, Lucky Duke's checks
//! and the card given up to an NPC's Panic!/Cat Balou.

use super::Reason;
use super::ctx::Ctx;
use super::ranking::lowest_ranked;
use super::rules::npc_rules;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::Character;
use crate::bang::draw_check::best_card;
use crate::bang::state::CheckKind;

impl Ctx<'_> {
    /// B7.1: every Barrel source first; then, if its Missed! effects can
    /// cancel the shot, the next of them — Missed!-type cards nearest the
    /// top, then a Caboose, then a Baggage Car (D2.3; D-L9: never a partial
    /// cancel); else take the hit.
    pub fn shot(&self, needed: u8) -> (Action, Reason) {
        if self.legal(&Action::Barrel) {
            return (Action::Barrel, Reason::Barrel);
        }
        self.expansion_step(|x| x.shot(self, needed))
            .or_else(|| self.shot_effects(needed))
            .unwrap_or((Action::Pass, Reason::TakeHit))
    }

    /// B7.2, B7.3: the BANG! nearest the top (Calamity Janet: or a Missed!),
    /// else a blue card to the Sleeper Car (D2.3), else lose 1 life.
    pub fn bang_or_lose(&self) -> (Action, Reason) {
        match self.top_down().into_iter().find(|&c| self.bang_for(c)) {
            Some(card) => (Action::Respond { card }, Reason::DiscardBang),
            None => self
                .sleeper_bang()
                .unwrap_or((Action::Pass, Reason::NoBang)),
        }
    }

    /// B7.4, C5.3: save itself only if the save effects together reach life
    /// ≥ 1 — Beers first (more than 2 players in play, nearest the top), then
    /// Sid Ketchum's discards (the 2 bottom-most cards per point), then an
    /// expansion's means (a Rucksack: 2 nuggets per point, D1.3.5); else die.
    pub fn dying(&self) -> (Action, Reason) {
        let need = (1 - self.life() as i32).max(0) as usize;
        let beers: Vec<Card> = if self.alive_count() > 2 {
            self.top_down()
                .into_iter()
                .filter(|&c| kind(c) == Kind::Beer)
                .collect()
        } else {
            Vec::new()
        };
        let used = beers.len().min(need);
        let rest: Vec<Card> = self
            .stack()
            .into_iter()
            .filter(|c| !beers[..used].contains(c))
            .collect();
        let heals = if self.is(Character::SidKetchum) {
            rest.len() / 2
        } else {
            0
        };
        let bought = npc_rules()
            .iter()
            .find_map(|r| r.dying_saves(self.v, self.me, self.legal));
        let packs = bought.as_ref().map_or(0, |(life, _, _)| *life);
        if need == 0 || used + heals + packs < need {
            return (Action::Pass, Reason::NoSave);
        }
        if let Some(&card) = beers.first().filter(|_| used > 0) {
            return (Action::Respond { card }, Reason::Beer);
        }
        if heals > 0 {
            let heal = Action::Heal {
                cards: [rest[0].min(rest[1]), rest[0].max(rest[1])],
            };
            return (heal, Reason::SidKetchum);
        }
        match bought {
            Some((_, action, reason)) => (action, reason),
            None => (Action::Pass, Reason::NoSave),
        }
    }

    /// B7.5: the top of what remains of the General Store (the last revealed).
    pub fn store_pick(&self) -> (Action, Reason) {
        match self.v.store.last() {
            Some(&card) => (Action::Pick { card }, Reason::StoreTop),
            None => (Action::Pass, Reason::Fallback),
        }
    }

    /// B7.6: the flipped card that gives the favourable result (Barrel, Jail:
    /// a ♥; Dynamite: one that does not explode); if both or neither, the first.
    pub fn choose_check(&self) -> (Action, Reason) {
        let kind = self.v.check.map_or(CheckKind::Barrel, |c| c.kind);
        let card = best_card(kind, &self.v.flipped);
        (Action::ChooseCheck { card }, Reason::FavourableCheck)
    }

    /// C5.5: the lowest-ranked card of the class, bottom-most on ties.
    pub fn give_up(&self) -> (Action, Reason) {
        let me = self.p(self.me);
        let mine: Vec<Card> = me
            .map(|p| p.hand.iter().flatten().chain(&p.in_play).copied().collect())
            .unwrap_or_default();
        let offered: Vec<Card> = mine
            .into_iter()
            .filter(|&card| self.legal(&Action::Respond { card }))
            .collect();
        match lowest_ranked(&offered) {
            Some(card) => (Action::Respond { card }, Reason::GiveUpLowest),
            None => (Action::Pass, Reason::Fallback),
        }
    }
}
