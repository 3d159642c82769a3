//! Gold Rush as the base game's hooks see it: every rule of the expansion
//! the base asks for (its market and nuggets, its equipment's effects on
//! the turn, life, cards and the view), each delegating to the folder's
//! modules.

use super::equipment::EquipKind;
use super::fold::turn_started;
use super::queries::calumet_ignores;
use super::turn::don_bell_due;
use super::{EXPANSION, GoldEvent, GoldView, HEAP};
use super::{NuggetUse, can_pay, gold_actions, josh_uses};
use crate::bang::action_rules::ActionRules;
use crate::bang::actions::Action;
use crate::bang::asked::Asked;
use crate::bang::asked::Decision;
use crate::bang::card_rules::CardRules;
use crate::bang::cards::Card;
use crate::bang::characters::{Character, CharacterSet};
use crate::bang::events::Event;
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::legal_rules::LegalRules;
use crate::bang::life::LifeRules;
use crate::bang::machine::{Machine, TurnRules};
use crate::bang::options::Options;
use crate::bang::state::{CheckKind, Effect, State, WindowKind};
use crate::bang::view::{PlayerView, View, ViewRules};
use crate::bang::{GoldAction, GoldDecision};
use crate::core::{Seat, Text};

/// The expansion's hooks.
pub(crate) struct GoldRush;

impl ViewRules for GoldRush {
    /// His nuggets and equipment are public.
    fn player_view(&self, s: &State, seat: Seat, p: &mut PlayerView) {
        p.nuggets = Some(s.p(seat).nuggets);
        p.equipment = Some(s.p(seat).equipment.to_vec());
    }

    /// The market and the heap are public, the deck's face-down order is not
    /// (GR-3.5, GR-5.4).
    fn table_view(&self, s: &State, v: &mut View) {
        let g = &s.gold;
        let held: u32 = s.seats().map(|x| u32::from(s.p(x).nuggets)).sum();
        v.gold = Some(GoldView {
            market: g.market,
            deck: g.face_down().len() as u8,
            returned: g.face_up().to_vec(),
            heap: u32::from(HEAP).saturating_sub(held) as u8,
            josh: g.josh,
            discount_used: g.discount_used,
            pan_uses: g.pan_uses,
            raddie_uses: g.raddie_uses,
            josh_uses: g.josh_uses,
            extra_turn: s.extra.current,
            extra_turns_due: s.extra.due,
        });
    }
}

impl CardRules for GoldRush {
    /// GR-7.7: a Calumet ignores ♦ cards played by others but a Duel.
    fn ignores(&self, s: &State, seat: Seat, by: Seat, card: Card) -> bool {
        calumet_ignores(s, seat, by, card)
    }

    /// GR-7.9: a Horseshoe flips one more card.
    fn extra_flips(&self, s: &State, seat: Seat) -> usize {
        s.has_equipment(seat, EquipKind::Horseshoe).into()
    }
}

impl ActionRules for GoldRush {
    fn carries_out(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        action: Action,
        _window: Option<WindowKind>,
    ) -> bool {
        match action {
            Action::Gold(GoldAction::Buy {
                slot,
                mode,
                target,
                in_play,
                discount,
            }) => m.buy(seat, slot, (mode, target, in_play), discount),
            Action::Gold(GoldAction::ForceDiscard { target, equipment }) => {
                m.force_discard(seat, target, equipment)
            }
            Action::Gold(GoldAction::SellBeer { card }) => m.sell_beer(seat, card),
            Action::Gold(GoldAction::Pay { used, target }) => m.pay(seat, used, target),
            Action::Gold(GoldAction::UseEquipment {
                mode,
                target,
                in_play,
            }) => m.josh_uses(seat, (mode, target, in_play)),
            _ => return false,
        }
        true
    }

    /// GC2: Dutch Will discards one of his phase-1 cards.
    fn discards(&self, m: &mut Machine<'_, '_>, seat: Seat, card: Card) -> bool {
        if m.s().kit.is_empty() {
            return false;
        }
        m.dutch_discard(seat, card);
        true
    }
}

impl Expansion for GoldRush {
    fn id(&self) -> &'static str {
        EXPANSION
    }

    /// GR-7.10: a Pickaxe draws 1 more card in phase 1.
    fn phase_one_extra(&self, s: &State, seat: Seat) -> usize {
        usize::from(s.has_equipment(seat, EquipKind::Pickaxe))
    }

    fn slot(&self) -> Slot {
        Slot::Expansion
    }

    fn game_created(&self, s: &mut State, _options: &Options) {
        s.gold.on = true;
    }

    fn character_texts(&self) -> &'static [(Character, Text)] {
        &super::texts::CHARACTER_TEXTS
    }

    fn character_set(&self) -> Option<CharacterSet> {
        Some(CharacterSet::GoldRush)
    }

    fn turn_started(&self, s: &mut State, _extra: bool) {
        turn_started(&mut s.gold);
    }

    fn check_used(&self, s: &mut State, kind: CheckKind) {
        if kind == CheckKind::DonBell {
            s.gold.don_bell_checked = true;
        }
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        super::invariants::invariants(s)
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
        let at_rest = !s.resolving();
        (s.gold.josh.is_some() && at_rest).then_some(Asked::Seat(
            seat,
            Decision::Gold(GoldDecision::UseEquipment),
        ))
    }

    fn decision_actions(
        &self,
        s: &State,
        seat: Seat,
        decision: Decision,
        out: &mut Vec<Action>,
    ) -> bool {
        match decision {
            Decision::Gold(GoldDecision::UseEquipment) => josh_uses(s, seat, out),
            // GC2: Dutch Will discards one of the cards he drew.
            Decision::Gold(GoldDecision::DropOne) => {
                out.extend(s.kit.iter().map(|&card| Action::Discard { card }));
            }
            _ => return false,
        }
        true
    }

    /// GC2: Dutch Will chooses which of his phase-1 cards to discard.
    fn kit_decision(&self, s: &State, seat: Seat) -> Option<Decision> {
        s.is(seat, Character::DutchWill)
            .then_some(Decision::Gold(GoldDecision::DropOne))
    }

    /// GR-7.15: the Rucksack, in phase 3 of his turn and in his dying window
    /// (phase 2 lists it with the other Gold Rush actions).
    fn life_answers(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if can_pay(s, seat, NuggetUse::Rucksack) {
            out.push(Action::Gold(GoldAction::Pay {
                used: NuggetUse::Rucksack,
                target: None,
            }));
        }
    }
}

impl TurnRules for GoldRush {
    /// GC2: Dutch Will draws his phase-1 cards aside.
    fn draws_phase_one(&self, m: &mut Machine<'_, '_>, seat: Seat) -> bool {
        if !m.s().is(seat, Character::DutchWill) {
            return false;
        }
        m.dutch_will_draw(seat);
        true
    }

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
    /// GR-7.11: whoever eliminated a Wanted player is rewarded first, before
    /// the Wanted goes back to the equipment deck.
    fn after_elimination(&self, m: &mut Machine<'_, '_>, seat: Seat, by: Option<Seat>) {
        if let Some(r) = by.filter(|_| m.s().has_equipment(seat, EquipKind::Wanted)) {
            m.wanted_reward(r);
        }
        m.eliminated_gold(seat);
    }
}

impl LifeRules for GoldRush {
    /// GR-3.1: 1 nugget per life point to whoever is responsible.
    fn life_lost(&self, m: &mut Machine<'_, '_>, seat: Seat, amount: u8, by: Option<Seat>) {
        m.wound_nuggets(seat, amount, by);
    }

    /// Boots, Lucky Charm and Simeon Picos (GR-7.3, GR-7.14, GC8).
    fn after_loss(&self, m: &mut Machine<'_, '_>, seat: Seat, amount: u8) {
        m.equipment_after_loss(seat, amount);
    }

    /// GR-7.15: the Rucksack, 1 life per 2 nuggets.
    fn dying_heals(&self, s: &State, seat: Seat, need: usize) -> usize {
        if s.has_equipment(seat, EquipKind::Rucksack) {
            (s.p(seat).nuggets as usize / 2).min(need)
        } else {
            0
        }
    }

    fn dying_heal(&self, m: &mut Machine<'_, '_>, seat: Seat, times: usize) {
        for _ in 0..times {
            m.emit(Event::Gold(GoldEvent::NuggetsPaid {
                seat,
                amount: 2,
                used: NuggetUse::Rucksack,
            }));
            m.gain_life(seat, 1);
        }
    }

    /// GC5: Madam Yto draws whenever a Beer is played.
    fn beer_played(&self, m: &mut Machine<'_, '_>, _seat: Seat) {
        m.beer_played();
    }

    /// GR-9.3: his equipment too; he keeps his nuggets.
    fn penalized(&self, m: &mut Machine<'_, '_>, seat: Seat) {
        m.return_all_equipment(seat);
    }
}
