//! Part D1 of `rules/lone-gunslinger.md`: Gold Rush for the policy. In phase
//! 2, when the Stack scan finds nothing usable, the steps of Part D in order
//! — (2) buy equipment (D1.1), (3) the other nugget actions (D1.3), (5) sell
//! a Beer (D1.2); (1) and (4) are the Great Train Robbery's (D2.3, D2.1:
//! `railcars.rs`, `train.rs`) — and after any of
//! them the next decision scans the Stack again. Also Josh McCloud's card
//! (D1.3.2) and Dutch Will's discard (D1.4). Shadow turns (D1.5) read
//! [`Ctx::shadow_turn`].

use super::hooks::GoldRush;
use super::{Equip, EquipKind, GoldEvent, GoldView, Mode, NuggetUse, cost, equip_kind};
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::Character;
use crate::bang::events::Event;
use crate::bang::npc::Reason;
use crate::bang::npc::ctx::{Ctx, NpcAnswer};
use crate::bang::npc::rules::NpcRules;
use crate::bang::npc::steps::NpcSteps;
use crate::bang::view::View;
use crate::bang::{GoldAction, GoldDecision};
use crate::core::{Role, Seat};

/// Builds the action using an equipment card one way: its mode, target and
/// the card in play it takes (a purchase, or Josh McCloud's use).
type Make<'m> = &'m dyn Fn(Option<Mode>, Option<Seat>, Option<Card>) -> Action;

/// C2.1 (Gold Rush): a purchase or Josh McCloud's card aimed at its target
/// as a BANG!, a Panic!, a Duel or a Cat Balou (Bottle, Pardner), or a Wanted
/// placed on him.
fn hostile_equipment(e: Equip, mode: Option<Mode>) -> bool {
    matches!(
        mode,
        Some(Mode::Bang | Mode::Panic | Mode::Duel | Mode::CatBalou)
    ) || equip_kind(e) == EquipKind::Wanted
}

impl NpcSteps for GoldRush {}

impl NpcRules for GoldRush {
    fn reason_rule(&self, reason: Reason) -> Option<&'static str> {
        use Reason::*;
        matches!(
            reason,
            BuyEquipment | NuggetAbility | ForceDiscard | SellBeer | UseTakenCard | DutchWillKeeps
        )
        .then_some("lone-gunslinger.md D1")
    }

    /// C2.1: a hostile purchase or use of equipment, and a forced discard of
    /// a player's equipment.
    fn hostile_event(&self, event: &Event) -> Option<(Seat, Seat)> {
        match event {
            Event::Gold(GoldEvent::EquipmentBought {
                seat,
                equipment,
                mode,
                target: Some(target),
                ..
            })
            | Event::Gold(GoldEvent::EquipmentUsed {
                seat,
                equipment,
                mode,
                target: Some(target),
            }) if hostile_equipment(*equipment, *mode) => Some((*seat, *target)),
            Event::Gold(GoldEvent::EquipmentForced { seat, owner, .. }) => Some((*seat, *owner)),
            _ => None,
        }
    }

    /// C2.1: Jacky Murieta's BANG!.
    fn hostile_action(&self, action: &Action) -> Option<Seat> {
        match *action {
            Action::Gold(GoldAction::Pay {
                used: NuggetUse::JackyMurieta,
                target: Some(victim),
            }) => Some(victim),
            _ => None,
        }
    }

    /// GR-7.8: 8 cards with a Gun Belt.
    fn hand_limit(&self, view: &View, me: Seat) -> Option<usize> {
        let cx = Ctx::of(view, me, &[]);
        cx.has_equipment(me, EquipKind::GunBelt).then_some(8)
    }

    /// D1.3.5: a Rucksack, 2 nuggets per life point.
    fn dying_saves(
        &self,
        view: &View,
        me: Seat,
        legal: &[Action],
    ) -> Option<(usize, Action, Reason)> {
        let cx = Ctx::of(view, me, legal);
        let rucksack = Action::Gold(GoldAction::Pay {
            used: NuggetUse::Rucksack,
            target: None,
        });
        cx.legal(&rucksack)
            .then(|| (cx.nuggets() as usize / 2, rucksack, Reason::Rucksack))
    }
}

impl<'a> Ctx<'a> {
    /// Gold Rush: the market, the equipment deck and the turn's counters
    /// (`None` without the expansion).
    pub fn gold(&self) -> Option<&'a GoldView> {
        self.v.gold.as_ref()
    }

    /// Gold Rush: the black equipment in play in front of `seat`.
    pub fn equipment(&self, seat: Seat) -> &'a [Equip] {
        self.p(seat)
            .and_then(|p| p.equipment.as_deref())
            .unwrap_or(&[])
    }

    /// Gold Rush: whether `seat` has black equipment of this kind in play.
    pub fn has_equipment(&self, seat: Seat, k: EquipKind) -> bool {
        self.equipment(seat).iter().any(|&e| equip_kind(e) == k)
    }
}

impl NpcAnswer for GoldDecision {
    /// Part D1: the answer to one of Gold Rush's own decisions.
    fn npc_answer(self, cx: &Ctx) -> (Action, Reason) {
        match self {
            GoldDecision::DropOne => cx.dutch_will(),
            GoldDecision::UseEquipment => cx.josh_card(),
        }
    }
}

impl Ctx<'_> {
    /// Part D, steps (1) to (5) of phase 2, the first that applies: use a
    /// railcar (D2.3), buy equipment, a nugget action, take a railcar (D2.1),
    /// sell a Beer.
    pub fn part_d_steps(&self) -> Option<(Action, Reason)> {
        self.use_railcar()
            .or_else(|| self.buy())
            .or_else(|| self.nugget_action())
            .or_else(|| self.take_railcar())
            .or_else(|| self.sell_beer())
    }

    /// D1.1: among the market cards the seat can pay (Pretty Luzena: her
    /// discount on her first purchase of the turn, D1.4) whose advantage
    /// holds, the highest printed cost, the leftmost slot on ties.
    fn buy(&self) -> Option<(Action, Reason)> {
        let g = self.gold()?;
        let luzena = self.is(Character::PrettyLuzena) && !g.discount_used;
        let mut best: Option<(u8, Action)> = None;
        for (slot, e) in g.market.iter().enumerate() {
            let Some(e) = *e else { continue };
            let discount = luzena && cost(e) > 0;
            if self.nuggets() < u16::from(cost(e) - u8::from(discount)) {
                continue;
            }
            let make = |mode, target, in_play| {
                Action::Gold(GoldAction::Buy {
                    slot: slot as u8,
                    mode,
                    target,
                    in_play,
                    discount,
                })
            };
            let Some(action) = self.advantage(e, &make) else {
                continue;
            };
            if best.as_ref().is_none_or(|&(c, _)| cost(e) > c) {
                best = Some((cost(e), action));
            }
        }
        best.map(|(_, action)| (action, Reason::BuyEquipment))
    }

    /// D1.1's table: the use of equipment `e` when it gives an immediate
    /// advantage now (legal, built by `make`), else `None`. D1.5: in a shadow
    /// turn the "always" rows and Gun Belt never apply.
    fn advantage(&self, e: Equip, make: Make) -> Option<Action> {
        let legal = |a: Action| self.legal(&a).then_some(a);
        let lasting = !self.shadow_turn();
        match equip_kind(e) {
            EquipKind::Shot => {
                if self.hurt() {
                    return legal(make(None, Some(self.me), None));
                }
                let sheriff = self.sheriff().filter(|&s| {
                    self.role() == Some(Role::Deputy)
                        && self
                            .p(s)
                            .is_some_and(|p| p.alive && p.life < p.max_life as i8)
                })?;
                legal(make(None, Some(sheriff), None))
            }
            EquipKind::Bottle => self
                .pt_effect(Kind::Bang, &|t, _| make(Some(Mode::Bang), Some(t), None))
                .or_else(|| {
                    self.pt_effect(Kind::Panic, &|t, c| make(Some(Mode::Panic), Some(t), c))
                })
                .or_else(|| {
                    self.hurt()
                        .then(|| legal(make(Some(Mode::Beer), None, None)))
                        .flatten()
                }),
            // Never the General Store mode.
            EquipKind::Pardner => self
                .pt_effect(Kind::Duel, &|t, _| make(Some(Mode::Duel), Some(t), None))
                .or_else(|| {
                    self.pt_effect(Kind::CatBalou, &|t, c| {
                        make(Some(Mode::CatBalou), Some(t), c)
                    })
                }),
            EquipKind::GoldRush | EquipKind::Rhum if self.hurt() => legal(make(None, None, None)),
            EquipKind::GoldRush | EquipKind::Rhum => None,
            EquipKind::UnionPacific if lasting => legal(make(None, None, None)),
            EquipKind::GunBelt if lasting && self.stack().len() > self.hand_limit() => {
                legal(make(None, None, None))
            }
            EquipKind::GunBelt | EquipKind::UnionPacific => None,
            EquipKind::Wanted => self
                .wanted_list()
                .into_iter()
                .find_map(|t| legal(make(None, Some(t), None))),
            // Calumet, Horseshoe, Pickaxe, Boots, Lucky Charm, Gold Pan,
            // Rucksack: the same-name rule makes one already owned illegal.
            _ if lasting => legal(make(None, None, None)),
            _ => None,
        }
    }

    /// D1.1 (C3.1): the Jail/Wanted list — the role's candidates without the
    /// Sheriff (solo: the Deputy, for the Outlaws and the Renegade).
    fn wanted_list(&self) -> Vec<Seat> {
        let sheriff = self.sheriff();
        self.candidates()
            .into_iter()
            .filter(|&t| Some(t) != sheriff)
            .collect()
    }

    /// D1.3, in order, the first whose condition holds.
    fn nugget_action(&self) -> Option<(Action, Reason)> {
        let g = self.gold()?;
        let n = self.nuggets();
        let pay = |used| Action::Gold(GoldAction::Pay { used, target: None });
        let found = |a: Action| Some((a, Reason::NuggetAbility));
        // 1. Jacky Murieta: a BANG! effect at PT(BANG!).
        if self.is(Character::JackyMurieta) && n >= 2 {
            let shoot = |t, _| {
                Action::Gold(GoldAction::Pay {
                    used: NuggetUse::JackyMurieta,
                    target: Some(t),
                })
            };
            if let Some(a) = self.pt_effect(Kind::Bang, &shoot) {
                return found(a);
            }
        }
        // 2. Josh McCloud: once per turn.
        if self.is(Character::JoshMcCloud) && n >= 2 && g.josh_uses == 0 {
            let a = pay(NuggetUse::JoshMcCloud);
            if self.legal(&a) {
                return found(a);
            }
        }
        // 3. Raddie Snake, then Gold Pan: only with more nuggets than the
        // dearest market card costs (5 with an empty market).
        let dearest = g
            .market
            .iter()
            .flatten()
            .map(|&e| cost(e))
            .max()
            .unwrap_or(5);
        if n > u16::from(dearest) {
            for used in [NuggetUse::RaddieSnake, NuggetUse::GoldPan] {
                if self.legal(&pay(used)) {
                    return found(pay(used));
                }
            }
        }
        // 4. Forced discard (no purchase was possible: step 2 found none):
        // the dearest black card in front of the first PT candidate, the
        // lowest id on ties.
        if let Some(t) = self.primary() {
            let force = |equipment| {
                Action::Gold(GoldAction::ForceDiscard {
                    target: t,
                    equipment,
                })
            };
            let dearest = self
                .equipment(t)
                .iter()
                .copied()
                .filter(|&e| self.legal(&force(e)))
                .min_by_key(|&e| (std::cmp::Reverse(cost(e)), e));
            if let Some(e) = dearest {
                return Some((force(e), Reason::ForceDiscard));
            }
        }
        // 5. Rucksack in its own turn: at 1 life (D1.5: never for a shadow).
        let rucksack = pay(NuggetUse::Rucksack);
        if self.hurt() && self.life() == 1 && n >= 2 && self.legal(&rucksack) {
            return found(rucksack);
        }
        None
    }

    /// D1.2: the bottom-most Beer among the cards phase 3 would discard (the
    /// bottom-most excess over the hand limit), sold. D1.5: a shadow discards
    /// its whole hand at the end of its turn, so every Beer is in excess.
    fn sell_beer(&self) -> Option<(Action, Reason)> {
        let stack = self.stack();
        let excess = if self.shadow_turn() {
            stack.len()
        } else {
            stack.len().saturating_sub(self.hand_limit())
        };
        stack[..excess]
            .iter()
            .find(|&&c| kind(c) == Kind::Beer)
            .map(|&card| Action::Gold(GoldAction::SellBeer { card }))
            .filter(|a| self.legal(a))
            .map(|a| (a, Reason::SellBeer))
    }

    /// D1.3.2: Josh McCloud's card, used per D1.1 when its advantage holds;
    /// otherwise a brown card in its first legal mode among Beer (Bottle),
    /// General Store (Pardner), himself (Shot); a Wanted as in D1.1, else on
    /// the Sheriff, else on the first player clockwise without one — a player
    /// he may choose (C6, A5.1), else himself. (A card with one use only is
    /// used by the rules themselves.)
    pub fn josh_card(&self) -> (Action, Reason) {
        let first = (self.legal[0], Reason::Fallback);
        let Some(e) = self.gold().and_then(|g| g.josh) else {
            return first;
        };
        let make = |mode, target, in_play| {
            Action::Gold(GoldAction::UseEquipment {
                mode,
                target,
                in_play,
            })
        };
        if let Some(a) = self.advantage(e, &make) {
            return (a, Reason::UseTakenCard);
        }
        let uses: Vec<Action> = match equip_kind(e) {
            EquipKind::Bottle => vec![make(Some(Mode::Beer), None, None)],
            EquipKind::Pardner => vec![make(Some(Mode::GeneralStore), None, None)],
            EquipKind::Shot => vec![make(None, Some(self.me), None)],
            EquipKind::Wanted => self
                .sheriff()
                .into_iter()
                .chain(self.clockwise())
                .filter(|&t| t != self.me && self.may_choose(t))
                .chain([self.me])
                .map(|t| make(None, Some(t), None))
                .collect(),
            _ => vec![make(None, None, None)],
        };
        uses.into_iter()
            .find(|a| self.legal(a))
            .map_or(first, |a| (a, Reason::UseTakenCard))
    }

    /// D1.4 Dutch Will: he keeps the higher-ranked cards, discarding the
    /// lowest-ranked of his phase-1 cards (C8); ties: the later one drawn,
    /// as Kit Carlson's (C7).
    pub fn dutch_will(&self) -> (Action, Reason) {
        match self.lowest_of_kit() {
            Some(card) => (Action::Discard { card }, Reason::DutchWillKeeps),
            None => (self.legal[0], Reason::Fallback),
        }
    }
}
