//! The Gold Rush actions a seat may post, each concrete and ready to post:
//! buying (every mode and target of a brown card, GR-4.1.2), forcing a
//! discard, selling a Beer, the abilities paid in nuggets, and Josh
//! McCloud's use of the card he took.

use super::NuggetUse;
use super::equipment::{Equip, EquipKind, Mode, cost, equip_kind};
use crate::bang::GoldAction;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::Character;
use crate::bang::legal_rules::exemptions;
use crate::bang::state::State;
use crate::core::Seat;

/// One way to use an equipment card: its mode, target and card in play.
pub(crate) type Use = (Option<Mode>, Option<Seat>, Option<Card>);

/// Every legal use of equipment `e` by `seat` now (empty: it cannot be
/// bought, D-G6; a black card: its placement).
pub(crate) fn use_targets(s: &State, seat: Seat, e: Equip) -> Vec<Use> {
    let k = equip_kind(e);
    let mut out = Vec::new();
    let alive = || s.seats().filter(|&x| s.alive(x));
    match k {
        EquipKind::Shot => out.extend(alive().map(|t| (None, Some(t), None))),
        EquipKind::Bottle | EquipKind::Pardner => {
            for &mode in Mode::of(k) {
                for (target, in_play) in mode_targets(s, seat, mode) {
                    out.push((Some(mode), target, in_play));
                }
            }
        }
        EquipKind::Wanted => out.extend(
            alive()
                .filter(|&t| !s.has_equipment(t, EquipKind::Wanted))
                .map(|t| (None, Some(t), None)),
        ),
        _ if k.is_black() => {
            if !s.has_equipment(seat, k) {
                out.push((None, None, None));
            }
        }
        _ => out.push((None, None, None)),
    }
    out
}

/// The targets of a Bottle's or a Pardner's mode, as the card it copies
/// would have them (GR-7.2, GR-7.3): equipment is never a target (GR-5.2).
fn mode_targets(s: &State, seat: Seat, mode: Mode) -> Vec<(Option<Seat>, Option<Card>)> {
    let others = s.others_clockwise(seat);
    let mut out = Vec::new();
    match mode {
        Mode::Beer => out.push((None, None)),
        Mode::GeneralStore => {
            out.push((None, None));
            // TC6: Sgt. Blaze's Pardner may exempt one player.
            let exempt = exemptions(s, seat, Kind::GeneralStore);
            out.extend(exempt.into_iter().map(|t| (Some(t), None)));
        }
        Mode::Bang => out.extend(
            others
                .iter()
                .filter(|&&t| s.distance(seat, t) <= s.reach(seat))
                .map(|&t| (Some(t), None)),
        ),
        Mode::Duel => out.extend(others.iter().map(|&t| (Some(t), None))),
        Mode::Panic | Mode::CatBalou => {
            let panic = mode == Mode::Panic;
            for t in std::iter::once(seat).chain(others.iter().copied()) {
                if panic && (t == seat || s.distance(seat, t) > 1) {
                    continue;
                }
                if t != seat && !s.p(t).hand.is_empty() {
                    out.push((Some(t), None));
                }
                for &c in &s.p(t).in_play {
                    out.push((Some(t), Some(c)));
                }
            }
        }
    }
    out
}

/// What buying `e` costs `seat`, with or without Pretty Luzena's discount.
pub(crate) fn price(e: Equip, discount: bool) -> u8 {
    cost(e).saturating_sub(discount as u8)
}

/// Whether `seat` may pay for an ability now.
pub(crate) fn can_pay(s: &State, seat: Seat, used: NuggetUse) -> bool {
    let p = s.p(seat);
    let g = &s.gold;
    match used {
        NuggetUse::GoldPan => {
            s.has_equipment(seat, EquipKind::GoldPan) && g.pan_uses < 2 && p.nuggets >= 1
        }
        NuggetUse::RaddieSnake => {
            s.is(seat, Character::RaddieSnake) && g.raddie_uses < 2 && p.nuggets >= 1
        }
        NuggetUse::JackyMurieta => s.is(seat, Character::JackyMurieta) && p.nuggets >= 2,
        NuggetUse::JoshMcCloud => {
            s.is(seat, Character::JoshMcCloud) && p.nuggets >= 2 && !g.deck.is_empty()
        }
        NuggetUse::Rucksack => {
            s.has_equipment(seat, EquipKind::Rucksack) && p.nuggets >= 2 && s.can_gain_life(seat)
        }
    }
}

/// Phase 2: every Gold Rush action of the current player (GR-4, GR-7, §8).
pub(crate) fn gold_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if !s.gold.on {
        return;
    }
    let p = s.p(seat);
    let luzena = s.is(seat, Character::PrettyLuzena) && !s.gold.discount_used;
    for (slot, e) in s.gold.market.iter().enumerate() {
        let Some(e) = *e else { continue };
        for discount in [false, true] {
            if (discount && (!luzena || cost(e) == 0)) || p.nuggets < u16::from(price(e, discount))
            {
                continue;
            }
            for (mode, target, in_play) in use_targets(s, seat, e) {
                out.push(Action::Gold(GoldAction::Buy {
                    slot: slot as u8,
                    mode,
                    target,
                    in_play,
                    discount,
                }));
            }
        }
    }
    for t in s.others_clockwise(seat) {
        for &e in &s.p(t).equipment {
            if p.nuggets > u16::from(cost(e)) {
                out.push(Action::Gold(GoldAction::ForceDiscard {
                    target: t,
                    equipment: e,
                }));
            }
        }
    }
    for &card in p.hand.iter().filter(|&&c| kind(c) == Kind::Beer) {
        out.push(Action::Gold(GoldAction::SellBeer { card }));
    }
    for used in [
        NuggetUse::GoldPan,
        NuggetUse::RaddieSnake,
        NuggetUse::JoshMcCloud,
        NuggetUse::Rucksack,
    ] {
        if can_pay(s, seat, used) {
            out.push(Action::Gold(GoldAction::Pay { used, target: None }));
        }
    }
    if can_pay(s, seat, NuggetUse::JackyMurieta) {
        for t in s.others_clockwise(seat) {
            if s.distance(seat, t) <= s.reach(seat) {
                out.push(Action::Gold(GoldAction::Pay {
                    used: NuggetUse::JackyMurieta,
                    target: Some(t),
                }));
            }
        }
    }
}

/// Josh McCloud's uses of the card he took (GC4).
pub(crate) fn josh_uses(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if let Some(e) = s.gold.josh {
        for (mode, target, in_play) in use_targets(s, seat, e) {
            out.push(Action::Gold(GoldAction::UseEquipment {
                mode,
                target,
                in_play,
            }));
        }
    }
}
