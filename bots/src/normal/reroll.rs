//! Which dice to re-roll: each die's worth if kept against the expected worth of a
//! fresh die, both given the other dice showing.

use engine::dice::{Action, Character, Face, MAX_DICE, Symbol, View};

use super::eval::Ctx;
use super::table::SEATS;

/// One die as the plan sees it.
#[derive(Clone, Copy, Default)]
struct Slot {
    sym: Option<Symbol>,
    count: u8,
    /// The seat its Bull's Eye or Beer results are planned on.
    target: Option<usize>,
}

/// Chance to still complete the Gatling needing `need` more results, with
/// `rolls` rolls left after this one.
fn chase(need: u8, rolls: u8) -> f32 {
    match (need, rolls) {
        (0, _) => 1.0,
        (1, 0) => 0.0,
        (1, 1) => 0.3,
        (1, _) => 0.45,
        (2, 0) | (2, 1) => 0.0,
        (2, _) => 0.12,
        _ => 0.0,
    }
}

/// Re-roll some dice or stop.
pub(super) fn choose(ctx: &Ctx, view: &View, legal: &[Action]) -> Action {
    let stop = if legal.contains(&Action::Stop) {
        Action::Stop
    } else {
        legal[0]
    };
    let dice = &view.turn.dice;
    let nd = dice.len().min(MAX_DICE);
    let left = view.turn.roll_limit.saturating_sub(view.turn.rolls);
    if left == 0 || nd == 0 {
        return stop;
    }
    // Rolls a fresh die still gets after this re-roll.
    let after = left - 1;
    let free: u8 = legal.iter().fold(0, |bits, a| match a {
        Action::Reroll { dice } => bits | dice.bits(),
        _ => bits,
    });
    let me = ctx.me;
    let my = ctx.chars[me];

    let mut slots = [Slot::default(); MAX_DICE];
    for (i, die) in dice.iter().enumerate().take(nd) {
        if let Some(f) = die.face {
            let (sym, count) = f.results();
            slots[i] = Slot {
                sym: Some(sym),
                count,
                target: None,
            };
        }
    }
    let total = |sym: Symbol| -> u8 {
        slots[..nd]
            .iter()
            .filter(|s| s.sym == Some(sym))
            .map(|s| s.count)
            .sum()
    };
    let d = total(Symbol::Dynamite);
    let g = total(Symbol::Gatling);

    // Plan the Bull's Eyes, best first, each on its best target given the others.
    let mut planned = [0u8; SEATS];
    let mut order = [(0f32, 0usize); MAX_DICE];
    let mut k = 0;
    for (i, s) in slots[..nd].iter().enumerate() {
        if let Some(sym @ (Symbol::Bullseye1 | Symbol::Bullseye2)) = s.sym {
            order[k] = (ctx.best_shot(sym, &planned, s.count).0, i);
            k += 1;
        }
    }
    order[..k].sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut shots_value = 0.0;
    for &(_, i) in &order[..k] {
        let s = slots[i];
        if let Some(sym) = s.sym {
            let (v, t) = ctx.best_shot(sym, &planned, s.count);
            if v > 0.0 && t < SEATS {
                planned[t] += s.count;
                slots[i].target = Some(t);
                shots_value += v;
            }
        }
    }
    // Plan the Beers on the neediest friends (or myself).
    let self_amount = if my == Character::JesseJones && ctx.life[me] <= 4 {
        2
    } else {
        1
    };
    let amount = |t: usize| if t == me { self_amount } else { 1 };
    let mut healed = [0u8; SEATS];
    for s in slots[..nd].iter_mut() {
        if s.sym == Some(Symbol::Beer) {
            let (v, t) = ctx.best_heal(&healed, 1, self_amount);
            if v > 0.0 && t < SEATS {
                healed[t] += amount(t) * s.count;
                s.target = Some(t);
            }
        }
    }
    // Slab may spend a Beer to double a planned hit.
    let slab = |planned: &[u8; SEATS]| -> f32 {
        if my != Character::SlabTheKiller {
            return 0.0;
        }
        (0..ctx.n)
            .filter(|&t| planned[t] > 0)
            .map(|t| ctx.damage(t, planned[t], 1))
            .fold(0.0, f32::max)
            * 0.9
    };
    // Suzy gains 2 LP if her final dice show no Bull's Eye.
    let suzy = if my == Character::SuzyLafayette && shots_value < ctx.heal(me, 0, 2) {
        ctx.heal(me, 0, 2)
    } else {
        0.0
    };

    let thr = my.info().gatling_threshold;
    let gv = ctx.gatling(&planned);
    let kit = if my == Character::KitCarlson && ctx.arrows[me] > 0 {
        ctx.hold_cost(ctx.arrows[me], ctx.pile)
    } else {
        0.0
    };
    // Worth of Gatling results: `others` showing elsewhere, `c` on this die,
    // `rolls` rolls left to complete it.
    let gatling = |others: u8, c: u8, rolls: u8| -> f32 {
        let kit_part = kit * c as f32;
        if others >= thr {
            return kit_part;
        }
        let with = others + c;
        if gv <= 0.0 {
            return if with >= thr { gv } else { 0.0 } + kit_part;
        }
        let p_with = chase(thr.saturating_sub(with), rolls);
        let p_without = chase(thr - others, rolls);
        gv * (p_with - p_without).max(0.0) + kit_part
    };
    let arrow_cost = ctx.new_arrow_cost();

    let mut pick = [0u8; MAX_DICE];
    let mut np = 0;
    for (i, die) in dice.iter().enumerate().take(nd) {
        if free & (1 << i) == 0 {
            continue;
        }
        let s = slots[i];
        // The plan without this die.
        let mut planned_o = planned;
        let mut healed_o = healed;
        match (s.sym, s.target) {
            (Some(Symbol::Beer), Some(t)) => {
                healed_o[t] = healed_o[t].saturating_sub(amount(t) * s.count)
            }
            (Some(_), Some(t)) => planned_o[t] = planned_o[t].saturating_sub(s.count),
            _ => {}
        }
        let g_o = g - if s.sym == Some(Symbol::Gatling) {
            s.count
        } else {
            0
        };
        let d_o = d - if s.sym == Some(Symbol::Dynamite) {
            s.count
        } else {
            0
        };
        let shot = |sym: Symbol, c: u8| ctx.best_shot(sym, &planned_o, c).0 - suzy;
        let beer = |c: u8| {
            let h = ctx.best_heal(&healed_o, 1, self_amount).0 * c as f32;
            h.max(slab(&planned_o))
        };
        // Worth of a face on this die, kept now with `rolls` left.
        let worth = |f: Face, rolls: u8| -> f32 {
            let (sym, c) = f.results();
            match sym {
                Symbol::Arrow => 0.0,
                Symbol::Dynamite => {
                    if d_o + c >= 3 {
                        -ctx.self_loss(1)
                    } else {
                        -0.2 * (d_o + c) as f32
                    }
                }
                Symbol::Bullseye1 | Symbol::Bullseye2 => shot(sym, c),
                Symbol::Beer => beer(c),
                Symbol::Gatling => gatling(g_o, c, rolls),
                Symbol::Bullet => 0.0,
                Symbol::BrokenArrow => 0.2,
            }
        };
        let Some(face) = die.face else { continue };
        let keep = worth(face, after);
        // A fresh die: its immediate cost, then its worth or a further re-roll.
        let faces = die.kind.faces();
        let imm = |f: Face| -> f32 {
            let (sym, _) = f.results();
            match sym {
                Symbol::Arrow => -arrow_cost,
                Symbol::Bullet => -ctx.self_loss(1),
                _ => 0.0,
            }
        };
        let locked = |f: Face| f == Face::Dynamite && my != Character::BlackJack;
        let mut ev = faces.iter().map(|&f| imm(f) + worth(f, 0)).sum::<f32>() / 6.0;
        for r in 1..=after {
            ev = faces
                .iter()
                .map(|&f| {
                    let w = worth(f, r);
                    imm(f) + if locked(f) { w } else { w.max(ev) }
                })
                .sum::<f32>()
                / 6.0;
        }
        if keep < ev - 0.05 {
            pick[np] = i as u8;
            np += 1;
        }
    }
    if np == 0 {
        return stop;
    }
    let action = Action::reroll(&pick[..np]);
    if legal.contains(&action) {
        action
    } else {
        stop
    }
}
