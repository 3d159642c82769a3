//! Life and death (§11, §14, §15): one procedure for every loss, the dying
//! window and its Beers, the life-loss triggers, elimination with its
//! rewards and penalty, and the victory check.

use super::cards::{Card, Kind, kind};
use super::characters::Character;
use super::events::Event;
use super::expansion::{self, in_play_of};
use super::legal_rules::any_answer;
use super::machine::Machine;
use super::machine::TurnHooks;
use super::orders::Reply;
use super::state::{Dying, State, WindowKind};
use crate::core::{Role, Seat};

/// What an expansion adds to life and death (the life half of the extension
/// points): triggers on a life loss, heals of a dying player's `auto`
/// orders, and its part of a Beer and of the Sheriff's penalty. The
/// defaults add nothing.
pub(crate) trait LifeRules: Sync {
    /// `seat` just lost `amount` life, `by` responsible, before anything
    /// else happens (Gold Rush's nuggets for the wound, GR-3.1).
    fn life_lost(&self, _m: &mut Machine<'_, '_>, _seat: Seat, _amount: u8, _by: Option<Seat>) {}

    /// Its triggers once `seat`, still alive, lost `amount` life, after the
    /// characters' (Boots, Lucky Charm, Simeon Picos).
    fn after_loss(&self, _m: &mut Machine<'_, '_>, _seat: Seat, _amount: u8) {}

    /// How much life the dying `seat`'s `auto` orders could regain its way,
    /// up to `need` (the Rucksack, 1 per 2 nuggets).
    fn dying_heals(&self, _s: &State, _seat: Seat, _need: usize) -> usize {
        0
    }

    /// Regains `times` life of [`LifeRules::dying_heals`] for `seat`.
    fn dying_heal(&self, _m: &mut Machine<'_, '_>, _seat: Seat, _times: usize) {}

    /// Its part of a Beer played by `seat` (Madam Yto draws, GC5; Tequila
    /// Joe regains one more life, DC14).
    fn beer_played(&self, _m: &mut Machine<'_, '_>, _seat: Seat) {}

    /// Its part of `seat` discarding everything he has as the Sheriff's
    /// penalty (his equipment too, GR-9.3).
    fn penalized(&self, _m: &mut Machine<'_, '_>, _seat: Seat) {}
}

/// Every registered expansion's [`LifeRules`], in the registry's order (the
/// one instance is `LifeHooks::default()`, made by the registry).
pub(crate) struct LifeHooks(pub &'static [&'static dyn LifeRules]);

impl LifeHooks {
    /// The life hooks of the expansions `s` plays.
    pub(crate) fn in_play(s: &State) -> impl Iterator<Item = &'static dyn LifeRules> + use<> {
        in_play_of(s, Self::default().0)
    }
}

impl Machine<'_, '_> {
    /// §11: `seat` loses `amount` life, `by` responsible. If he is not dying,
    /// the life-loss triggers fire at once; otherwise his dying window comes first.
    pub fn lose(&mut self, seat: Seat, amount: u8, by: Option<Seat>) {
        let s = self.s();
        if s.is_shadow(seat) || s.life_fixed(seat) {
            return self.emit(Event::Unhurt { seat }); // SG-2.2, TR-11.8.4
        }
        self.emit(Event::LifeLost { seat, amount, by });
        for e in LifeHooks::in_play(self.s()) {
            e.life_lost(self, seat, amount, by);
        }
        if self.s().p(seat).life > 0 {
            self.after_loss(seat, amount, by);
        }
    }

    /// `seat` regains up to `amount` life (never above his maximum). A player
    /// who cannot gain life now ([`super::state::State::can_gain_life`]: a
    /// ghost, a shadow, at his maximum) gains nothing, and no event says he did.
    pub fn gain_life(&mut self, seat: Seat, amount: u8) {
        let s = self.s();
        if !s.can_gain_life(seat) {
            return;
        }
        let p = s.p(seat);
        let room = (p.max_life as i8 - p.life).max(0) as u8;
        let amount = amount.min(room);
        if amount > 0 {
            self.emit(Event::LifeGained { seat, amount });
        }
    }

    /// B-11.5 (3): Bart Cassidy draws, El Gringo takes (D-B1: only once he is
    /// still in play).
    fn after_loss(&mut self, seat: Seat, amount: u8, by: Option<Seat>) {
        self.character_after_loss(seat, amount, by);
        for e in LifeHooks::in_play(self.s()) {
            e.after_loss(self, seat, amount);
        }
    }

    fn character_after_loss(&mut self, seat: Seat, amount: u8, by: Option<Seat>) {
        let s = self.s();
        if s.is(seat, Character::BartCassidy) {
            self.draw(seat, amount as usize);
        } else if s.is(seat, Character::ElGringo)
            && let Some(r) = by.filter(|&r| r != seat && s.alive(r))
        {
            for _ in 0..amount {
                if self.s().p(r).hand.is_empty() {
                    break;
                }
                self.steal_random(r, seat);
                self.card_taken(r, seat, None);
            }
        }
    }

    /// The dying window (§11.3), asked by hand, answered by orders, or closed
    /// at once when public facts say nothing could save him.
    pub fn dying_step(&mut self, d: Dying) {
        let s = self.s();
        let p = s.p(d.seat);
        if p.life >= 1 {
            return self.saved(d);
        }
        let beer_works = s.beer_heals();
        let can_act = (!p.hand.is_empty()
            && (beer_works || (s.is(d.seat, Character::SidKetchum) && p.hand.len() >= 2)))
            || any_answer(s, |e, out| e.life_answers(s, d.seat, out));
        if !can_act {
            return self.eliminate(d.seat, d.by);
        }
        match s.orders_of(d.seat).dying {
            Reply::Pass => self.eliminate(d.seat, d.by),
            Reply::Auto => self.auto_dying(d),
            Reply::Ask => self.emit(Event::WindowOpened {
                seat: d.seat,
                kind: WindowKind::Dying,
            }),
        }
    }

    /// Orders `auto`: the Beers (then Sid Ketchum's discards) that save him, if
    /// they can; else he dies without spending a card.
    fn auto_dying(&mut self, d: Dying) {
        let s = self.s();
        let p = s.p(d.seat);
        let need = (1 - p.life as i32).max(0) as usize;
        let beers: Vec<Card> = if s.beer_heals() {
            p.hand
                .iter()
                .copied()
                .filter(|&c| kind(c) == Kind::Beer)
                .collect()
        } else {
            Vec::new()
        };
        let used = beers.len().min(need);
        let mut theirs = Vec::new();
        let mut left = need - used;
        for e in LifeHooks::in_play(s) {
            let heals = e.dying_heals(s, d.seat, left);
            left -= heals;
            theirs.push((e, heals));
        }
        let sid = s.is(d.seat, Character::SidKetchum);
        let heals = if sid { (p.hand.len() - used) / 2 } else { 0 };
        if heals < left {
            return self.eliminate(d.seat, d.by);
        }
        for &c in &beers[..used] {
            self.beer(d.seat, c);
        }
        for (e, times) in theirs {
            e.dying_heal(self, d.seat, times);
        }
        while self.s().p(d.seat).life < 1 && self.s().p(d.seat).hand.len() >= 2 {
            let hand = &self.s().p(d.seat).hand;
            let pair = [hand[0], hand[1]];
            self.emit(Event::Healed {
                seat: d.seat,
                cards: pair,
            });
            self.hand_left(d.seat);
        }
        if self.s().p(d.seat).life >= 1 {
            self.saved(d);
        } else {
            self.eliminate(d.seat, d.by);
        }
    }

    /// A Beer played by `seat` (phase 2 or his dying window): +1 life unless
    /// only 2 players are in play (B-2.3.3).
    pub fn beer(&mut self, seat: Seat, card: Card) {
        self.emit(Event::CardPlayed {
            seat,
            card,
            target: None,
        });
        self.hand_left(seat);
        if self.s().beer_heals() {
            self.gain_life(seat, 1);
        }
        for e in LifeHooks::in_play(self.s()) {
            e.beer_played(self, seat);
        }
    }

    /// After an answer in a dying window: saved once back at 1 life.
    pub fn maybe_saved(&mut self, seat: Seat) {
        if let Some(d) = self.s().dying.filter(|d| d.seat == seat)
            && self.s().p(seat).life >= 1
        {
            self.saved(d);
        }
    }

    fn saved(&mut self, d: Dying) {
        self.emit(Event::Saved { seat: d.seat });
        self.after_loss(d.seat, d.amount, d.by);
    }

    /// DC-6.2: two Vulture Sams (Vera Custer's copy and the real one) share
    /// the cards of `seat` one at a time, the one closer after him first:
    /// a random hand card while he has any, then his cards in play oldest
    /// first (D-DC13).
    fn share_between_sams(
        &mut self,
        seat: Seat,
        sams: &[Seat],
        mut hand: Vec<Card>,
        mut in_play: Vec<Card>,
    ) {
        for to in sams.iter().cycle() {
            let (h, p) = if !hand.is_empty() {
                let i = self.rng.below(hand.len() as u32) as usize;
                (vec![Some(hand.remove(i))], Vec::new())
            } else if !in_play.is_empty() {
                (Vec::new(), vec![in_play.remove(0)])
            } else {
                break;
            };
            self.emit(Event::CardsInherited {
                seat: *to,
                from: seat,
                hand: h,
                in_play: p,
            });
        }
    }

    /// §14.2: the elimination procedure, with its reward and penalty.
    pub fn eliminate(&mut self, seat: Seat, by: Option<Seat>) {
        if TurnHooks::in_play(self.s()).any(|e| e.saves_from_elimination(self, seat)) {
            return;
        }
        let s = self.s();
        let role = s.p(seat).role.unwrap_or(Role::Outlaw);
        self.emit(Event::PlayerEliminated { seat, role, by });
        let s = self.s();
        let p = s.p(seat);
        let hand: Vec<Card> = p.hand.to_vec();
        let in_play: Vec<Card> = p.in_play.to_vec();
        if !hand.is_empty() || !in_play.is_empty() {
            let mut sams = s.others_clockwise(seat);
            sams.retain(|o| s.is(*o, Character::VultureSam));
            match sams[..] {
                [sam] => self.emit(Event::CardsInherited {
                    seat: sam,
                    from: seat,
                    hand: hand.into_iter().map(Some).collect(),
                    in_play,
                }),
                // D-B8: hand cards oldest first, then cards in play oldest first.
                [] => self.emit(Event::Discarded {
                    seat,
                    cards: hand.into_iter().chain(in_play).collect(),
                }),
                _ => self.share_between_sams(seat, &sams, hand, in_play),
            }
        }
        let s = self.s();
        let r = by.filter(|&r| r != seat && s.alive(r));
        for e in TurnHooks::in_play(self.s()) {
            e.after_elimination(self, seat, r);
        }
        let Some(r) = r else {
            return; // D-B14
        };
        let s = self.s();
        // An expansion may refuse it (the solo mode's A6.2: the Sheriff and
        // the Deputy never draw it).
        if (s.three_players() || role == Role::Outlaw)
            && expansion::in_play(s).all(|e| e.draws_reward(s, r))
        {
            self.draw(r, 3);
        }
        let s = self.s();
        if !s.three_players() && role == Role::Deputy && s.p(r).role == Some(Role::Sheriff) {
            let p = s.p(r);
            let had_hand = !p.hand.is_empty();
            let cards: Vec<Card> = p.hand.iter().chain(&p.in_play).copied().collect();
            if !cards.is_empty() {
                self.emit(Event::Discarded { seat: r, cards });
            }
            for e in LifeHooks::in_play(self.s()) {
                e.penalized(self, r);
            }
            if had_hand {
                self.hand_left(r);
            }
        }
    }
}
