//! Dodge City as the base game's hooks see it: each hook delegates to the
//! folder's modules (`legal.rs`, `effects.rs`, `characters.rs`,
//! `brawl.rs`).

use std::ops::RangeInclusive;

use super::characters::{
    ability_uses, apache_ignores, belle_disables, decision_actions, pat_brennan_takes, vera_chooses,
};
use super::effects::{one_shot, shoot};
use super::legal::{card_plays, green_uses, shot_uses};
use super::{DodgeAction, DodgeDecision, EXPANSION, FIRST, LAST};
use crate::bang::action_rules::ActionRules;
use crate::bang::actions::Action;
use crate::bang::asked::{Asked, Decision};
use crate::bang::card_rules::CardRules;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::{Character, CharacterSet};
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::legal_rules::LegalRules;
use crate::bang::life::LifeRules;
use crate::bang::machine::{Machine, Moment, TurnRules};
use crate::bang::npc::rules::NpcRules;
use crate::bang::options::Config;
use crate::bang::reason::Reason;
use crate::bang::state::{Shot, State, WindowKind};
use crate::bang::texts::rows::KindText;
use crate::bang::view::{View, ViewRules};
use crate::core::{Seat, Step, Text};

/// The expansion's hooks.
pub(crate) struct DodgeCity;

impl Expansion for DodgeCity {
    fn id(&self) -> &'static str {
        EXPANSION
    }

    fn slot(&self) -> Slot {
        Slot::Expansion
    }

    /// Not in the solo mode: its pool and NPC rules do not cover Dodge
    /// City's cards and characters.
    fn check(&self, c: &Config) -> Result<(), String> {
        if c.options.has_expansion(EXPANSION) && c.options.solo().is_some() {
            return Err(format!(
                "options.mode: the solo mode is not played with \"{EXPANSION}\""
            ));
        }
        Ok(())
    }

    fn kind_texts(&self) -> &'static [KindText] {
        &super::texts::KIND_TEXTS
    }

    fn character_texts(&self) -> &'static [(Character, Text)] {
        &super::texts::CHARACTER_TEXTS
    }

    fn character_set(&self) -> Option<CharacterSet> {
        Some(CharacterSet::DodgeCity)
    }

    /// DC-3.2: the green cards put into play last turn no longer wait (an
    /// extra turn is a new turn, D-DC2); the turn's counters start again;
    /// Vera Custer keeps her copy in an extra turn (D-DC9).
    fn turn_started(&self, s: &mut State, extra: bool) {
        let d = &mut s.dodge;
        d.waiting.clear();
        d.doc_used = false;
        d.jose_uses = 0;
        d.chuck_used = false;
        d.vera_chose = extra;
    }

    /// DC-1: the 40 playing cards 201 to 240.
    fn deck_cards(&self) -> RangeInclusive<Card> {
        FIRST..=LAST
    }

    /// DC13, D-DC12: Sean Mallory keeps up to 10 cards.
    fn hand_limit(&self, s: &State, seat: Seat, limit: i32) -> i32 {
        if s.is(seat, Character::SeanMallory) {
            limit.max(10)
        } else {
            limit
        }
    }

    /// DC02: another player's cards in play in Belle Star's turn.
    fn disables_cards(&self, s: &State, seat: Seat) -> bool {
        belle_disables(s, seat)
    }

    /// Only green cards wait; a Brawl's victims are other players.
    fn invariants(&self, s: &State) -> Result<(), String> {
        if let Some(&(_, c)) = s.dodge.waiting.iter().find(|(_, c)| !kind(*c).is_green()) {
            return Err(format!("card {c} waits but is not green"));
        }
        if let Some((source, targets)) = &s.dodge.brawl
            && targets.contains(source)
        {
            return Err(format!("seat {source} brawls with himself"));
        }
        Ok(())
    }
}

impl CardRules for DodgeCity {
    /// DC01: Apache Kid.
    fn ignores(&self, s: &State, seat: Seat, by: Seat, card: Card) -> bool {
        apache_ignores(s, seat, by, card)
    }

    /// Punch and Springfield shoot without being BANG! cards (DC-3.7); a
    /// Brawl starts; the other brown cards' effects are the machine's.
    fn folds_play(
        &self,
        s: &mut State,
        seat: Seat,
        card: Card,
        k: Kind,
        target: Option<Seat>,
    ) -> bool {
        match k {
            k if one_shot(k) => shoot(s, seat, card, target),
            Kind::Brawl => super::brawl::started(s, seat),
            Kind::RagTime | Kind::Tequila | Kind::Whisky => {}
            _ => return false,
        }
        true
    }

    /// DC-3.2: a green card put into play waits for the turn's end (D-DC3:
    /// moved into play by a Switch too).
    fn entered_play(&self, s: &mut State, seat: Seat, card: Card) {
        if kind(card).is_green() && !s.dodge.waiting.is_full() {
            s.dodge.waiting.push((seat, card));
        }
    }
}

impl LegalRules for DodgeCity {
    /// A Brawl's player decides for its next victim.
    fn asks(&self, s: &State, _seat: Seat) -> Option<Asked> {
        let (source, _) = super::brawl::next(s)?;
        Some(Asked::Seat(source, Decision::Dodge(DodgeDecision::Brawl)))
    }

    /// DC15: Vera Custer chooses whom to copy.
    fn asks_at_rest(&self, s: &State, _seat: Seat) -> Option<Decision> {
        vera_chooses(s).then_some(Decision::Dodge(DodgeDecision::VeraCuster))
    }

    fn decision_actions(&self, s: &State, seat: Seat, d: Decision, out: &mut Vec<Action>) -> bool {
        let Decision::Dodge(d) = d else { return false };
        decision_actions(s, seat, d, out);
        true
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

    fn phase_two_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        green_uses(s, seat, out);
        ability_uses(s, seat, out);
    }

    fn draw_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        pat_brennan_takes(s, seat, out);
    }

    fn shot_answers(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        shot_uses(s, seat, out);
    }
}

impl ActionRules for DodgeCity {
    fn carries_out(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        action: Action,
        _window: Option<WindowKind>,
    ) -> bool {
        let Action::Dodge(action) = action else {
            return false;
        };
        match action {
            DodgeAction::UseGreen {
                card,
                target,
                in_play,
            } => m.use_green(seat, card, target, in_play),
            DodgeAction::PlayWithDiscard {
                card,
                discard,
                target,
                in_play,
            } => m.play_with_discard(seat, card, discard, target, in_play),
            DodgeAction::Brawl { in_play } => m.brawl(in_play),
            DodgeAction::ChuckWengam => m.chuck_wengam(seat),
            DodgeAction::DocHolyday { cards, target } => m.doc_holyday(seat, cards, target),
            DodgeAction::JoseDelgado { card } => m.jose_delgado(seat, card),
            DodgeAction::PatBrennan { target, card } => m.pat_brennan(seat, target, card),
            DodgeAction::Copy { character } => m.copy(seat, Some(character)),
        }
        true
    }

    fn card_played(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        k: Kind,
        target: Option<Seat>,
        in_play: Option<Card>,
    ) -> bool {
        m.dodge_card_played(seat, k, target, in_play)
    }

    /// D-DC5: a Dodge's Missed!, then its draw; DC10: Molly Stark draws.
    fn after_missed(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        card: Card,
        _shot: Option<Shot>,
        _auto: bool,
    ) {
        if kind(card) == Kind::Dodge {
            m.draw(seat, 1);
        }
        m.molly_used_card(seat, Some(WindowKind::Shot));
    }

    /// DC10: Molly Stark draws for a BANG! discarded out of her turn.
    fn bang_answered(&self, m: &mut Machine<'_, '_>, seat: Seat, _card: Card, kind: WindowKind) {
        m.molly_used_card(seat, Some(kind));
    }
}

impl LifeRules for DodgeCity {
    /// DC14: Tequila Joe regains one more life; DC10: Molly Stark draws for
    /// a Beer out of her turn.
    fn beer_played(&self, m: &mut Machine<'_, '_>, seat: Seat) {
        if m.s().is(seat, Character::TequilaJoe) && m.s().beer_heals() {
            m.gain_life(seat, 1);
        }
        m.molly_used_card(seat, Some(WindowKind::Dying));
    }
}

impl TurnRules for DodgeCity {
    /// DC03, DC12: Bill Noface and Pixie Pete draw their own way.
    fn draws_phase_one(&self, m: &mut Machine<'_, '_>, seat: Seat) -> bool {
        m.dodge_phase_one(seat)
    }

    /// DC-6.1: Greg Digger and Herb Hunter, before reward and penalty.
    fn after_elimination(&self, m: &mut Machine<'_, '_>, seat: Seat, _by: Option<Seat>) {
        m.diggers_and_hunters(seat);
    }

    /// DC15: a skipped turn leaves Vera Custer with no ability.
    fn turn_skipped(&self, m: &mut Machine<'_, '_>, seat: Seat) {
        if m.s().p(seat).character == Some(Character::VeraCuster) && m.s().p(seat).copy.is_some() {
            m.copy(seat, None);
        }
    }

    fn due(&self, s: &State) -> Option<Moment> {
        (s.dodge.molly_owed > 0).then_some(Moment::Resolved)
    }

    fn step_at(&self, m: &mut Machine<'_, '_>, moment: Moment) -> Option<Step> {
        match moment {
            Moment::Resolved if m.molly_owed() => Some(Step::Moved),
            Moment::BeforeDraw if vera_chooses(m.s()) => Some(Step::Waits),
            _ => None,
        }
    }
}

impl ViewRules for DodgeCity {
    /// The waiting green cards and the turn's counters are public.
    fn table_view(&self, s: &State, v: &mut View) {
        v.dodge = Some(s.dodge.view(s));
    }
}

impl NpcRules for DodgeCity {
    fn reason_rule(&self, reason: Reason) -> Option<&'static str> {
        match reason {
            Reason::UseGreen => Some("npc-dodge-city.md D3.4"),
            Reason::GreenMissed => Some("npc-dodge-city.md D3.5"),
            Reason::Brawl => Some("npc-dodge-city.md D3.6"),
            _ => None,
        }
    }

    fn hostile_event(&self, event: &crate::bang::events::Event) -> Option<(Seat, Seat)> {
        super::npc::hostile_event(event)
    }

    fn hostile_action(&self, action: &Action) -> Option<Seat> {
        super::npc::hostile_action(action)
    }

    /// D3.9.
    fn ranked(&self, card: Card) -> Option<(u8, u16)> {
        super::npc::ranked(card)
    }

    /// D3.8 Sean Mallory: 10 cards.
    fn hand_limit(&self, view: &View, me: Seat) -> Option<usize> {
        let p = view.players.get(me as usize)?;
        let sean =
            p.character == Some(Character::SeanMallory) || p.copy == Some(Character::SeanMallory);
        sean.then(|| (p.life.max(0) as usize).max(10))
    }
}
