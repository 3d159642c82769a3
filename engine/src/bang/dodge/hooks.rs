//! Dodge City as the base game's hooks see it: each hook delegates to the
//! folder's modules (`legal.rs`, `effects.rs`).

use std::ops::RangeInclusive;

use super::effects::{one_shot, shoot};
use super::legal::{card_plays, green_uses, shot_uses};
use super::{DodgeAction, EXPANSION, FIRST, LAST};
use crate::bang::action_rules::ActionRules;
use crate::bang::actions::Action;
use crate::bang::card_rules::CardRules;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::legal_rules::LegalRules;
use crate::bang::life::LifeRules;
use crate::bang::machine::{Machine, TurnRules};
use crate::bang::npc::rules::NpcRules;
use crate::bang::options::Config;
use crate::bang::state::{Shot, State, WindowKind};
use crate::bang::view::{View, ViewRules};
use crate::core::Seat;

/// The expansion's hooks.
pub(crate) struct DodgeCity;

impl Expansion for DodgeCity {
    fn id(&self) -> &'static str {
        EXPANSION
    }

    fn slot(&self) -> Slot {
        Slot::Expansion
    }

    /// Not playable yet: its characters and its bots are still to come.
    fn check(&self, c: &Config) -> Result<(), String> {
        if c.options.has_expansion(EXPANSION) {
            return Err(format!(
                "options.expansions: \"{EXPANSION}\" is not playable yet (its characters and its bots are still being built)"
            ));
        }
        Ok(())
    }

    /// DC-3.2: the green cards put into play last turn no longer wait (an
    /// extra turn is a new turn, D-DC2).
    fn turn_started(&self, s: &mut State, _extra: bool) {
        s.dodge.waiting.clear();
    }

    /// DC-1: the 40 playing cards 201 to 240.
    fn deck_cards(&self) -> RangeInclusive<Card> {
        FIRST..=LAST
    }

    /// Every waiting green card is in play in front of its holder.
    fn invariants(&self, s: &State) -> Result<(), String> {
        for &(seat, card) in &s.dodge.waiting {
            if seat >= s.players || !s.p(seat).in_play.contains(&card) {
                return Err(format!(
                    "waiting green card {card} is not in play at seat {seat}"
                ));
            }
        }
        Ok(())
    }
}

impl CardRules for DodgeCity {
    /// Punch and Springfield shoot without being BANG! cards (DC-3.7); the
    /// other brown cards' effects are the machine's.
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
            Kind::RagTime | Kind::Brawl | Kind::Tequila | Kind::Whisky => {}
            _ => return false,
        }
        true
    }

    /// DC-3.2: a green card put into play waits for the turn's end.
    fn entered_play(&self, s: &mut State, seat: Seat, card: Card) {
        if kind(card).is_green() && !s.dodge.waiting.is_full() {
            s.dodge.waiting.push((seat, card));
        }
    }
}

impl LegalRules for DodgeCity {
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
        match action {
            Action::Dodge(DodgeAction::UseGreen {
                card,
                target,
                in_play,
            }) => m.use_green(seat, card, target, in_play),
            Action::Dodge(DodgeAction::PlayWithDiscard {
                card,
                discard,
                target,
                in_play,
            }) => m.play_with_discard(seat, card, discard, target, in_play),
            _ => return false,
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

    /// D-DC5: a Dodge's Missed!, then its draw.
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
    }
}

impl ViewRules for DodgeCity {
    /// The waiting green cards are public.
    fn table_view(&self, s: &State, v: &mut View) {
        v.dodge = Some(s.dodge.view());
    }
}

impl TurnRules for DodgeCity {}

impl LifeRules for DodgeCity {}

impl NpcRules for DodgeCity {}
