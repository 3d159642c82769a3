//! The Great Train Robbery as the base game's hooks see it: every rule of
//! the expansion the base asks for (the train, its railcars, its cards and
//! characters, the ghost), each delegating to the folder's modules; its
//! actions are carried out in `actions.rs`, its decisions in `asks.rs` and
//! its steps in `steps.rs`.

use super::EXPANSION;
use super::asks;
use super::railcar_effects::dining_due;
use super::steps;
use super::turn_started;
use super::{
    TrainEvent, bang_uses, ghost_saves, is_ghost, phase_two_uses, shot_uses, take_actions,
    zippy_roy_actions,
};
use super::{
    bang_limit, barred_for, blaze_exemptions, blaze_targets, card_plays, check_succeeds,
    distance_terms, evan_asked, exempts, fold_given, from_aside, ghost_discarding, money_bag_bang,
    money_bag_copies, most_wanted_checked, played, prisoner_ignores, private_shields, railcar,
};
use crate::bang::TrainAction;
use crate::bang::actions::Action;
use crate::bang::apply::played_as as folded_play;
use crate::bang::asked::Asked;
use crate::bang::asked::Decision;
use crate::bang::card_rules::CardRules;
use std::ops::RangeInclusive;

use crate::bang::cards::{
    BASE_DECK, Card, Kind, RAILCAR_BASE, RAILCARS, TABLE_SIZE, is_railcar, kind,
};
use crate::bang::characters::{Character, CharacterSet};
use crate::bang::events::Event;
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::legal_rules::LegalRules;
use crate::bang::life::LifeRules;
use crate::bang::machine::{Machine, Moment, TurnRules};
use crate::bang::options::Options;
use crate::bang::state::{CheckKind, Effect, State};
use crate::bang::texts::rows::KindText;
use crate::bang::view::{View, ViewRules};
use crate::core::{Seat, Step, Text};

/// The expansion's hooks.
pub(crate) struct TrainRobbery;

impl LifeRules for TrainRobbery {}

impl ViewRules for TrainRobbery {
    /// The train and its stations are public; the railcar deck's order is not.
    fn table_view(&self, s: &State, v: &mut View) {
        v.train = Some(s.train.view());
    }
}

impl CardRules for TrainRobbery {
    /// TR-13.7 (a): a Money Bag copies the top of the discard pile.
    fn played_as(&self, s: &State, card: Card) -> Option<Kind> {
        (kind(card) == Kind::MoneyBag).then(|| money_bag_copies(s).unwrap_or(Kind::MoneyBag))
    }

    /// TC6: Sgt. Blaze's exemptions.
    fn exempts(&self, k: Kind) -> bool {
        exempts(k)
    }

    /// TR-11.14: a Prisoner Car's holder ignores Duels and Indians! of others.
    fn ignores(&self, s: &State, seat: Seat, by: Seat, card: Card) -> bool {
        prisoner_ignores(s, seat, by, card)
    }

    /// TR-13.7 (a): a Money Bag stays aside until the effect it copies has
    /// resolved.
    fn sets_aside(&self, s: &mut State, seat: Seat, card: Card) -> bool {
        if kind(card) != Kind::MoneyBag {
            return false;
        }
        s.train.money_bag = Some((seat, card));
        true
    }

    fn folds_play(
        &self,
        s: &mut State,
        seat: Seat,
        card: Card,
        k: Kind,
        target: Option<Seat>,
    ) -> bool {
        match k {
            // TR-13.7: the effect of the brown card on top of the discard pile.
            Kind::MoneyBag => match money_bag_copies(s) {
                Some(Kind::Bang) => money_bag_bang(s, seat, card, target),
                Some(under) => folded_play(s, seat, card, under, target),
                None => {}
            },
            Kind::GeneralStore => {
                s.store_opened(target);
                return false;
            }
            Kind::KnifeRevolver
            | Kind::MostWanted
            | Kind::TrainRobbery
            | Kind::Switch
            | Kind::NextStop
            | Kind::FullSteam
            | Kind::WaterTower => played(s, seat, card, k, target),
            _ => return false,
        }
        true
    }

    /// TR-13.5: a Knife Revolver may take back the card that shot.
    fn keeps_shot_cards(&self) -> bool {
        true
    }

    fn distance_terms(&self, from: &[Card], to: &[Card]) -> (i16, i16) {
        distance_terms(from, to)
    }

    /// TR-13.2: 2 with a Dragoon.
    fn bang_limit(&self, s: &State, seat: Seat, limit: u8) -> u8 {
        limit.max(bang_limit(s, seat))
    }

    fn bang_proof(&self, s: &State, target: Seat) -> bool {
        private_shields(s, target)
    }

    fn barred(&self, s: &State, seat: Seat, card: Card) -> bool {
        barred_for(s, seat, card)
    }

    /// A railcar's name.
    fn card_name(&self, card: Card) -> Option<&'static str> {
        railcar(card).map(|r| r.name)
    }

    /// TC2: Evan Babbit may redirect it.
    fn bang_aimed(&self, s: &mut State, source: Seat, card: Card, target: Seat) {
        s.train.evan = evan_asked(s, source, card, target);
    }
}

impl Expansion for TrainRobbery {
    fn id(&self) -> &'static str {
        EXPANSION
    }

    fn slot(&self) -> Slot {
        Slot::Expansion
    }

    fn game_created(&self, s: &mut State, _options: &Options) {
        s.train.on = true;
    }

    fn kind_texts(&self) -> &'static [KindText] {
        &super::texts::KIND_TEXTS
    }

    fn character_texts(&self) -> &'static [(Character, Text)] {
        &super::texts::CHARACTER_TEXTS
    }

    fn character_set(&self) -> Option<CharacterSet> {
        Some(CharacterSet::TrainRobbery)
    }

    fn turn_started(&self, s: &mut State, extra: bool) {
        turn_started(&mut s.train, extra);
    }

    fn check_succeeds(&self, kind: CheckKind, card: Card) -> Option<bool> {
        check_succeeds(kind, card)
    }

    /// TR-2.1: the 16 playing cards 81 to 96.
    fn deck_cards(&self) -> RangeInclusive<Card> {
        BASE_DECK as Card + 1..=TABLE_SIZE as Card
    }

    /// The railcars, 101 to 116.
    fn other_cards(&self) -> RangeInclusive<Card> {
        RAILCAR_BASE + 1..=RAILCAR_BASE + RAILCARS as Card
    }

    fn cards_held(
        &self,
        s: &State,
        count: &mut dyn FnMut(Card, &str) -> Result<(), String>,
    ) -> Result<(), String> {
        let t = &s.train;
        for &c in t.cars.iter().chain(&t.deck) {
            count(c, "the train")?;
        }
        if let Some((_, c)) = t.money_bag {
            count(c, "a Money Bag held aside")?;
        }
        if let Some((_, c)) = t.used {
            count(c, "a railcar in use")?;
        }
        if let Some(m) = &t.mail {
            count(m.car, "a Mail Car in use")?;
        }
        if let Some(l) = &t.lounge {
            for &c in std::iter::once(&l.car).chain(&l.drawn) {
                count(c, "a Lounge Car in use")?;
            }
        }
        Ok(())
    }

    /// TR-9.4: a railcar leaving play goes face down to the bottom of the
    /// railcar deck (a log before 0.2.0: straight into a short train).
    fn discards_own(&self, s: &mut State, card: Card) -> bool {
        if !is_railcar(card) {
            return false;
        }
        s.follow_up |= s.train.return_to_deck(card); // TR-5.6
        if s.before_0_2 {
            s.train.fill_short();
        }
        true
    }

    /// TR-11.11: the Mail Car's three cards.
    fn card_drawn(&self, s: &mut State, seat: Seat, card: Card) {
        if let Some(m) = s.train.mail.as_mut()
            && m.seat == seat
            && !m.cards.is_full()
            && s.table[seat as usize].hand.last() == Some(&card)
        {
            m.cards.push(card);
        }
    }

    fn takes_aside(&self, s: &mut State, seat: Seat, card: Card) -> bool {
        from_aside(s, seat, card)
    }

    /// TC6: Sgt. Blaze's exempted player.
    fn store_opened(&self, s: &mut State, target: Option<Seat>) {
        s.train.store_exempt = target;
    }

    /// TC6: Sgt. Blaze's exempted player does not pick.
    fn next_picker(&self, s: &mut State, next: Seat) -> Seat {
        let next = if Some(next) == s.train.store_exempt {
            s.next_alive(next)
        } else {
            next
        };
        if s.store.is_empty() {
            s.train.store_exempt = None;
        }
        next
    }

    fn check_used(&self, s: &mut State, kind: CheckKind) {
        if kind == CheckKind::DiningCar {
            s.train.dining_checked = true;
        }
    }

    fn check_done(&self, s: &mut State, seat: Seat, kind: CheckKind) {
        if kind == CheckKind::MostWanted {
            most_wanted_checked(s, seat);
        }
    }

    /// A solo NPC's Mail Car gift (a log before 0.2.0 says it with
    /// `card_given`, folded there).
    fn npc_acted(&self, s: &mut State, seat: Seat, action: &Action) {
        if let Action::Train(TrainAction::GiveCard { card, target }) = *action
            && !s.before_0_2
        {
            fold_given(s, seat, target, Some(card));
        }
    }

    /// A ghost eliminated is a ghost no more.
    fn eliminated(&self, s: &mut State, seat: Seat) {
        s.train.ghosts &= !(1u16 << seat.min(15));
    }

    fn empties_hand(&self, s: &State, seat: Seat) -> bool {
        ghost_discarding(s, seat)
    }

    /// TR-11.8.4: a ghost neither loses nor regains life.
    fn life_fixed(&self, s: &State, seat: Seat) -> bool {
        is_ghost(s, seat)
    }

    /// TR-11.8.5: a ghost keeps no card, even with a Gun Belt.
    fn hand_limit(&self, s: &State, seat: Seat, limit: i32) -> i32 {
        if is_ghost(s, seat) { 0 } else { limit }
    }
}

impl LegalRules for TrainRobbery {
    /// Taking a railcar, Zippy Roy's advance, the railcars' phase-2 uses.
    fn phase_two_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        take_actions(s, seat, true, out);
        zippy_roy_actions(s, seat, out);
        phase_two_uses(s, seat, out);
    }

    fn asks(&self, s: &State, seat: Seat) -> Option<Asked> {
        asks::asks(s, seat)
    }

    fn asks_at_rest(&self, s: &State, _seat: Seat) -> Option<Decision> {
        asks::asks_at_rest(s)
    }

    fn decision_actions(
        &self,
        s: &State,
        seat: Seat,
        decision: Decision,
        out: &mut Vec<Action>,
    ) -> bool {
        asks::decision_actions(s, seat, decision, out)
    }

    fn card_plays(
        &self,
        s: &State,
        seat: Seat,
        card: Card,
        k: Kind,
        out: &mut Vec<Action>,
    ) -> bool {
        card_plays(s, seat, card, k, out)
    }

    /// TC6: Sgt. Blaze exempts one of its targets.
    fn more_plays(&self, s: &State, seat: Seat, card: Card, k: Kind, out: &mut Vec<Action>) {
        blaze_exemptions(s, seat, card, k, out);
    }

    /// TC6: Sgt. Blaze, on an equipment's effect too (a Pardner's General
    /// Store).
    fn exemptions(&self, s: &State, seat: Seat, k: Kind) -> Vec<Seat> {
        blaze_targets(s, seat, k)
    }

    fn shot_answers(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        shot_uses(s, seat, out);
    }

    fn bang_answers(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        bang_uses(s, seat, out);
    }
}

impl TurnRules for TrainRobbery {
    /// TR-2.2 to TR-2.5: the stations, the Locomotive and the train, once
    /// the hands are dealt.
    fn table_dealt(&self, m: &mut Machine<'_, '_>) {
        m.open_train();
    }

    fn due(&self, s: &State) -> Option<Moment> {
        steps::due(s)
    }

    fn step_at(&self, m: &mut Machine<'_, '_>, moment: Moment) -> Option<Step> {
        steps::step_at(m, moment)
    }

    /// TR-11.17: the Dining Car "draws!" on a skipped turn too.
    fn turn_skipped(&self, m: &mut Machine<'_, '_>, seat: Seat) {
        if dining_due(m.s(), seat) {
            m.check(seat, CheckKind::DiningCar, true);
        }
    }

    fn check_resolved(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        kind: CheckKind,
        success: bool,
        effect: Option<&Effect>,
    ) {
        match kind {
            CheckKind::DiningCar if success => m.gain_life(seat, 1),
            CheckKind::Cactus | CheckKind::KnifeRevolver | CheckKind::MostWanted => {
                m.train_check(seat, kind, success, effect.cloned())
            }
            _ => {}
        }
    }

    /// TR-5.6: a railcar returned to the deck of a short train joins it.
    fn follow_up(&self, m: &mut Machine<'_, '_>) {
        m.fill_train();
    }

    /// TR-15.7: after phase 3, the Strongbox pays, then Jimmy Texas draws.
    fn turn_over(&self, m: &mut Machine<'_, '_>) {
        m.strongbox();
        m.jimmy_texas_draws();
    }

    /// TR-11.8.2: the holder of the Ghost Car becomes a ghost instead.
    fn saves_from_elimination(&self, m: &mut Machine<'_, '_>, seat: Seat) -> bool {
        if !ghost_saves(m.s(), seat) {
            return false;
        }
        m.emit(Event::Train(TrainEvent::GhostRose { seat }));
        true
    }
}
