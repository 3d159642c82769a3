//! Which dice to re-roll: each die's worth if kept against the expected worth of a
//! fresh die, both given the other dice showing.

use engine::dice::{Action, Character, Die, Face, MAX_DICE, Symbol, View};

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
    let plan = Plan::new(ctx, &dice[..nd]);
    let stakes = Stakes::new(ctx, &plan);

    let mut pick = [0u8; MAX_DICE];
    let mut np = 0;
    for (i, die) in dice.iter().enumerate().take(nd) {
        if free & (1 << i) == 0 {
            continue;
        }
        let Some(face) = die.face else { continue };
        let rest = Rest::new(&stakes, &plan, i);
        let keep = rest.worth(face, after);
        if keep < rest.fresh_die(die.kind.faces(), after) - 0.05 {
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

/// The dice as they show, with their Bull's Eyes and Beers planned on the best
/// targets.
struct Plan {
    /// Each die's result and target.
    slots: [Slot; MAX_DICE],
    /// The dice in play.
    nd: usize,
    /// Bull's Eye hits planned on each seat.
    planned: [u8; SEATS],
    /// LP the Beers are planned to heal on each seat.
    healed: [u8; SEATS],
    /// The worth of the planned hits.
    shots_value: f32,
    /// LP a Beer heals me (2 for Jesse Jones at 4 LP or less).
    self_amount: u8,
}

impl Plan {
    /// Reads the dice, then plans the Bull's Eyes and the Beers.
    fn new(ctx: &Ctx, dice: &[Die]) -> Plan {
        let mut slots = [Slot::default(); MAX_DICE];
        for (i, die) in dice.iter().enumerate() {
            if let Some(f) = die.face {
                let (sym, count) = f.results();
                slots[i] = Slot {
                    sym: Some(sym),
                    count,
                    target: None,
                };
            }
        }
        let me = ctx.me;
        let self_amount = if ctx.chars[me] == Character::JesseJones && ctx.life[me] <= 4 {
            2
        } else {
            1
        };
        let mut plan = Plan {
            slots,
            nd: dice.len(),
            planned: [0; SEATS],
            healed: [0; SEATS],
            shots_value: 0.0,
            self_amount,
        };
        plan.plan_shots(ctx);
        plan.plan_beers(ctx);
        plan
    }

    /// Results of `sym` on the dice.
    fn total(&self, sym: Symbol) -> u8 {
        self.slots[..self.nd]
            .iter()
            .filter(|s| s.sym == Some(sym))
            .map(|s| s.count)
            .sum()
    }

    /// LP one Beer heals `t`.
    fn amount(&self, ctx: &Ctx, t: usize) -> u8 {
        if t == ctx.me { self.self_amount } else { 1 }
    }

    /// Plans the Bull's Eyes, best first, each on its best target given the
    /// others.
    fn plan_shots(&mut self, ctx: &Ctx) {
        let mut order = [(0f32, 0usize); MAX_DICE];
        let mut k = 0;
        for (i, s) in self.slots[..self.nd].iter().enumerate() {
            if let Some(sym @ (Symbol::Bullseye1 | Symbol::Bullseye2)) = s.sym {
                order[k] = (ctx.best_shot(sym, &self.planned, s.count).0, i);
                k += 1;
            }
        }
        order[..k].sort_by(|a, b| b.0.total_cmp(&a.0));
        for &(_, i) in &order[..k] {
            let s = self.slots[i];
            if let Some(sym) = s.sym {
                let (v, t) = ctx.best_shot(sym, &self.planned, s.count);
                if v > 0.0 && t < SEATS {
                    self.planned[t] += s.count;
                    self.slots[i].target = Some(t);
                    self.shots_value += v;
                }
            }
        }
    }

    /// Plans the Beers on the neediest friends (or myself).
    fn plan_beers(&mut self, ctx: &Ctx) {
        for i in 0..self.nd {
            if self.slots[i].sym == Some(Symbol::Beer) {
                let (v, t) = ctx.best_heal(&self.healed, 1, self.self_amount);
                if v > 0.0 && t < SEATS {
                    self.healed[t] += self.amount(ctx, t) * self.slots[i].count;
                    self.slots[i].target = Some(t);
                }
            }
        }
    }
}

/// What my character and the plan make of the results, whichever die shows
/// them.
struct Stakes<'a> {
    ctx: &'a Ctx,
    my: Character,
    /// Suzy Lafayette's 2 LP for final dice with no Bull's Eye, when worth
    /// more than the planned hits (else 0).
    suzy: f32,
    /// Gatling results needed to fire.
    threshold: u8,
    /// The worth of my Gatling Gun firing after the planned hits.
    gatling_value: f32,
    /// Kit Carlson's worth of each Gatling result, one of his arrows sent back.
    kit: f32,
    /// The cost of an Arrow result taken now.
    arrow_cost: f32,
}

impl Stakes<'_> {
    fn new<'a>(ctx: &'a Ctx, plan: &Plan) -> Stakes<'a> {
        let me = ctx.me;
        let my = ctx.chars[me];
        let suzy = if my == Character::SuzyLafayette && plan.shots_value < ctx.heal(me, 0, 2) {
            ctx.heal(me, 0, 2)
        } else {
            0.0
        };
        let kit = if my == Character::KitCarlson && ctx.arrows[me] > 0 {
            ctx.hold_cost(ctx.arrows[me], ctx.pile)
        } else {
            0.0
        };
        Stakes {
            ctx,
            my,
            suzy,
            threshold: my.info().gatling_threshold,
            gatling_value: ctx.gatling(&plan.planned),
            kit,
            arrow_cost: ctx.new_arrow_cost(),
        }
    }

    /// Slab the Killer's worth of a Beer spent to double a planned hit (0 for
    /// anyone else).
    fn slab(&self, planned: &[u8; SEATS]) -> f32 {
        if self.my != Character::SlabTheKiller {
            return 0.0;
        }
        let ctx = self.ctx;
        (0..ctx.n)
            .filter(|&t| planned[t] > 0)
            .map(|t| ctx.damage(t, planned[t], 1))
            .fold(0.0, f32::max)
            * 0.9
    }

    /// Worth of Gatling results: `others` showing elsewhere, `c` on this die,
    /// `rolls` rolls left to complete it.
    fn gatling(&self, others: u8, c: u8, rolls: u8) -> f32 {
        let (thr, gv) = (self.threshold, self.gatling_value);
        let kit_part = self.kit * c as f32;
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
    }

    /// The cost of a face the moment it is rolled: an Arrow or a Bullet.
    fn immediate(&self, f: Face) -> f32 {
        let (sym, _) = f.results();
        match sym {
            Symbol::Arrow => -self.arrow_cost,
            Symbol::Bullet => -self.ctx.self_loss(1),
            _ => 0.0,
        }
    }

    /// Whether a fresh die showing `f` stays (Dynamite, but for Black Jack).
    fn locked(&self, f: Face) -> bool {
        f == Face::Dynamite && self.my != Character::BlackJack
    }
}

/// The plan without one die: what any face on that die adds to the others.
struct Rest<'a> {
    stakes: &'a Stakes<'a>,
    /// Hits planned by the other dice.
    planned: [u8; SEATS],
    /// LP healed by the other dice's Beers.
    healed: [u8; SEATS],
    /// Gatling results on the other dice.
    gatlings: u8,
    /// Dynamite results on the other dice.
    dynamite: u8,
    /// LP a Beer heals me.
    self_amount: u8,
}

impl<'a> Rest<'a> {
    /// The plan without die `i`.
    fn new(stakes: &'a Stakes<'a>, plan: &Plan, i: usize) -> Rest<'a> {
        let ctx = stakes.ctx;
        let s = plan.slots[i];
        let mut planned = plan.planned;
        let mut healed = plan.healed;
        match (s.sym, s.target) {
            (Some(Symbol::Beer), Some(t)) => {
                healed[t] = healed[t].saturating_sub(plan.amount(ctx, t) * s.count)
            }
            (Some(_), Some(t)) => planned[t] = planned[t].saturating_sub(s.count),
            _ => {}
        }
        let own = |sym: Symbol| if s.sym == Some(sym) { s.count } else { 0 };
        Rest {
            stakes,
            planned,
            healed,
            gatlings: plan.total(Symbol::Gatling) - own(Symbol::Gatling),
            dynamite: plan.total(Symbol::Dynamite) - own(Symbol::Dynamite),
            self_amount: plan.self_amount,
        }
    }

    /// Worth of face `f` on this die, kept now with `rolls` left.
    fn worth(&self, f: Face, rolls: u8) -> f32 {
        let stakes = self.stakes;
        let ctx = stakes.ctx;
        let (sym, c) = f.results();
        match sym {
            Symbol::Arrow => 0.0,
            Symbol::Dynamite => {
                if self.dynamite + c >= 3 {
                    -ctx.self_loss(1)
                } else {
                    -0.2 * (self.dynamite + c) as f32
                }
            }
            Symbol::Bullseye1 | Symbol::Bullseye2 => {
                ctx.best_shot(sym, &self.planned, c).0 - stakes.suzy
            }
            Symbol::Beer => {
                let h = ctx.best_heal(&self.healed, 1, self.self_amount).0 * c as f32;
                h.max(stakes.slab(&self.planned))
            }
            Symbol::Gatling => stakes.gatling(self.gatlings, c, rolls),
            Symbol::Bullet => 0.0,
            Symbol::BrokenArrow => 0.2,
        }
    }

    /// Expected worth of re-rolling this die (its `faces`) with `after` rolls
    /// left: each face's immediate cost, then its worth or a further re-roll.
    fn fresh_die(&self, faces: [Face; 6], after: u8) -> f32 {
        let stakes = self.stakes;
        let mut ev = faces
            .iter()
            .map(|&f| stakes.immediate(f) + self.worth(f, 0))
            .sum::<f32>()
            / 6.0;
        for r in 1..=after {
            ev = faces
                .iter()
                .map(|&f| {
                    let w = self.worth(f, r);
                    stakes.immediate(f) + if stakes.locked(f) { w } else { w.max(ev) }
                })
                .sum::<f32>()
                / 6.0;
        }
        ev
    }
}
