//! Gold Rush as the base game's hooks see it: its id and where the
//! options name it (its rules are still called by name from the base).

use super::EXPANSION;
use super::equipment::EquipKind;
use super::fold::turn_started;
use super::turn::don_bell_due;
use super::{NuggetUse, can_pay, gold_actions, josh_uses};
use crate::bang::actions::Action;
use crate::bang::decisions::Decision;
use crate::bang::events::Event;
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::legal_rules::{Asked, LegalRules};
use crate::bang::machine::{Machine, TurnRules};
use crate::bang::options::Options;
use crate::bang::state::{CheckKind, Effect, State};
use crate::core::Seat;

/// The expansion's hooks.
pub(crate) struct GoldRush;

impl Expansion for GoldRush {
    fn id(&self) -> &'static str {
        EXPANSION
    }

    fn slot(&self) -> Slot {
        Slot::Expansion
    }

    fn game_created(&self, s: &mut State, _options: &Options) {
        s.gold.on = true;
    }

    fn turn_started(&self, s: &mut State, _extra: bool) {
        turn_started(&mut s.gold);
    }

    /// GR-7.8: 8 cards with a Gun Belt.
    fn hand_limit(&self, s: &State, seat: Seat, limit: i32) -> i32 {
        if s.has_equipment(seat, EquipKind::GunBelt) {
            8
        } else {
            limit
        }
    }
}

impl LegalRules for GoldRush {
    fn phase_two_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        gold_actions(s, seat, out);
    }

    /// GC4: Josh McCloud uses the equipment card he took, at rest.
    fn asks(&self, s: &State, seat: Seat) -> Option<Asked> {
        let at_rest = s.effect.is_none() && s.shot.is_none() && s.dying.is_none();
        (s.gold.josh.is_some() && at_rest).then_some(Asked::Seat(seat, Decision::UseEquipment))
    }

    fn decision_actions(
        &self,
        s: &State,
        seat: Seat,
        decision: Decision,
        out: &mut Vec<Action>,
    ) -> bool {
        if decision != Decision::UseEquipment {
            return false;
        }
        josh_uses(s, seat, out);
        true
    }

    /// GR-7.15: the Rucksack, in phase 3 of his turn and in his dying window
    /// (phase 2 lists it with the other Gold Rush actions).
    fn life_answers(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if can_pay(s, seat, NuggetUse::Rucksack) {
            out.push(Action::Pay {
                used: NuggetUse::Rucksack,
                target: None,
            });
        }
    }
}

impl TurnRules for GoldRush {
    /// GR-2.1, GR-2.2: the equipment deck and the market, once the hands
    /// are dealt.
    fn table_dealt(&self, m: &mut Machine<'_, '_>) {
        m.open_market();
    }

    fn end_step_due(&self, s: &State) -> bool {
        don_bell_due(s)
    }

    /// GC1: Don Bell's check comes first among the end-of-turn steps.
    fn end_step(&self, m: &mut Machine<'_, '_>) -> bool {
        if !don_bell_due(m.s()) {
            return false;
        }
        m.check(m.s().turn.seat, CheckKind::DonBell, false);
        true
    }

    /// GC1: a red card gives Don Bell an extra turn (not as a shadow).
    fn check_resolved(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        kind: CheckKind,
        success: bool,
        _effect: Option<&Effect>,
    ) {
        if kind == CheckKind::DonBell && success && !m.s().is_shadow(seat) {
            m.emit(Event::ExtraTurnGranted { seat, heal: false });
        }
    }

    /// GR-9.2, GR-3.6: the eliminated player's equipment and nuggets go back.
    fn after_elimination(&self, m: &mut Machine<'_, '_>, seat: Seat) {
        m.eliminated_gold(seat);
    }
}
