//! The `normal` policy: a sound heuristic player.
//!
//! It plays its role's aim. From the events it is shown it keeps, per seat, a score
//! of hostility to the Sheriff (shooting him when others were in reach, healing him,
//! shooting those who shoot him) and turns it, with the role cards still hidden,
//! into a weight per seat: how much one life point of that player is worth hurting
//! (an enemy) or healing (a friend). Every choice then maximises a value in those
//! "life point" units: targets, Beers, Sid's gift, Kit's discards, Bart's arrows.
//! Re-rolls compare each die's worth if kept with the expected worth of a fresh die
//! (with the re-rolls still left after it), counting the risk of Dynamite, of new
//! arrows and of setting off the Indians; the Gatling is chased when it is close.

mod beliefs;
mod eval;
mod reroll;
mod saloon;
mod specials;
mod table;

use engine::dice::{Action, Stage, Step, Symbol, View};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use crate::policy::Policy;
use beliefs::Beliefs;
use eval::{Ctx, count};
use table::SEATS;

/// The heuristic player.
pub struct NormalPolicy {
    rng: ChaCha8Rng,
    beliefs: Beliefs,
}

impl NormalPolicy {
    /// A normal policy with its own seed (used only to break ties).
    pub fn new(seed: u64) -> NormalPolicy {
        NormalPolicy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            beliefs: Beliefs::default(),
        }
    }

    /// The legal action with the highest score (`None` = not a candidate); ties
    /// are broken at random.
    fn best(&mut self, legal: &[Action], mut score: impl FnMut(&Action) -> Option<f32>) -> Action {
        let mut best = f32::NEG_INFINITY;
        let mut scores = [f32::NEG_INFINITY; 64];
        let mut seen = 0usize;
        for (i, a) in legal.iter().enumerate().take(scores.len()) {
            if let Some(s) = score(a).filter(|s| !s.is_nan()) {
                scores[i] = s;
                best = best.max(s);
                seen += 1;
            }
        }
        if seen == 0 {
            return legal[0];
        }
        let tied = scores.iter().filter(|&&s| s >= best - 1e-4).count();
        let mut k = if tied > 1 {
            self.rng.random_range(0..tied)
        } else {
            0
        };
        for (i, &s) in scores.iter().enumerate() {
            if s >= best - 1e-4 {
                if k == 0 {
                    return legal[i];
                }
                k -= 1;
            }
        }
        legal[0]
    }

    fn shoot(&mut self, ctx: &Ctx, view: &View, legal: &[Action]) -> Action {
        let mut planned = [0u8; SEATS];
        for s in view.turn.shots.iter() {
            if let Some(p) = planned.get_mut(s.target as usize) {
                *p += if s.doubled { 2 } else { 1 };
            }
        }
        // What the Beer that Slab would spend is worth as a Beer.
        let beer_cost = if legal
            .iter()
            .any(|a| matches!(a, Action::Shoot { double: true, .. }))
        {
            let beers = count(view, Symbol::Beer);
            let mut ph = [0u8; SEATS];
            let mut last = 0.0;
            for _ in 0..beers {
                let (v, t) = ctx.best_heal(&ph, 1, 1);
                last = v;
                if t < SEATS {
                    ph[t] += 1;
                }
            }
            last
        } else {
            0.0
        };
        self.best(legal, |a| match *a {
            Action::Shoot { target, double } => {
                let t = target as usize;
                if t >= ctx.n {
                    return None;
                }
                let v = ctx.shot(t, planned[t], if double { 2 } else { 1 });
                Some(if double { v - beer_cost - 0.01 } else { v })
            }
            _ => None,
        })
    }

    fn heal_target(&mut self, ctx: &Ctx, legal: &[Action], self_amount: u8) -> Action {
        self.best(legal, |a| {
            let t = match *a {
                Action::Beer { target } | Action::Gift { target } => target as usize,
                _ => return None,
            };
            if t >= ctx.n {
                return None;
            }
            let amount = if t == ctx.me { self_amount } else { 1 };
            let v = ctx.heal(t, 0, amount);
            // A wasted gift goes to a friend rather than to an enemy.
            Some(v + 0.001 * ctx.heal_w[t].signum())
        })
    }

    fn kit(&mut self, ctx: &Ctx, legal: &[Action]) -> Action {
        let pile_factor = 1.0 + 1.5 / ctx.pile.max(1) as f32;
        self.best(legal, |a| match *a {
            Action::EndDiscards => Some(0.0),
            Action::Discard { from, chief } => {
                let t = from as usize;
                if t >= ctx.n || (ctx.arrows[t] == 0 && !chief) {
                    return None;
                }
                let worth = 0.4
                    * eval::lpw(ctx.life[t] as i16 - ctx.arrows[t] as i16 + 1)
                    * pile_factor
                    * if ctx.chars[t].info().indian_loss_cap < 2 && ctx.arrows[t] > 1 {
                        0.2
                    } else {
                        1.0
                    };
                // Own arrows first, then friends'; never an enemy's.
                let own = if t == ctx.me { 10.0 } else { 0.0 };
                Some(ctx.heal_w[t] * worth + own + 0.01)
            }
            _ => None,
        })
    }

    fn bart(&mut self, ctx: &Ctx, legal: &[Action]) -> Action {
        let me = ctx.me;
        let max = legal
            .iter()
            .filter_map(|a| match a {
                Action::TakeArrows { count, .. } => Some(*count),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let loss = self.beliefs.batch_loss[me].max(max);
        self.best(legal, |a| match *a {
            // The Chief's Arrow counts 2 in an attack: take regular arrows.
            Action::TakeArrows { chief: true, .. } => None,
            Action::TakeArrows { count, .. } => {
                let lost = loss.saturating_sub(count);
                let life = ctx.life[me].saturating_sub(lost);
                let mut cost = ctx.self_loss(lost);
                for i in 0..count {
                    cost += ctx.hold_cost_at(
                        life,
                        ctx.arrows[me] + i + 1,
                        ctx.pile.saturating_sub(i + 1),
                    );
                }
                Some(-cost)
            }
            _ => None,
        })
    }
}

impl Policy for NormalPolicy {
    fn name(&self) -> &'static str {
        "normal"
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    fn observe(&mut self, event: &engine::dice::Event) {
        self.beliefs.observe(event);
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Stop;
        };
        if legal.len() == 1 {
            return first;
        }
        let Some(ctx) = Ctx::new(view, &self.beliefs) else {
            return first;
        };
        let pick = match first {
            Action::Roll { .. } => saloon::roll(&ctx, legal),
            Action::TakeToken { .. }
            | Action::BreakArrow { .. }
            | Action::GiveArrow { .. }
            | Action::KeepArrows
            | Action::TakeOver { .. }
            | Action::EndTakeOver
            | Action::GhostGift { .. } => saloon::choose(&ctx, view, legal),
            Action::Stop | Action::Reroll { .. } => reroll::choose(&ctx, view, legal),
            Action::Shoot { .. } => self.shoot(&ctx, view, legal),
            Action::Beer { .. } => {
                let jesse = matches!(
                    view.stage,
                    Stage::Resolve {
                        step: Step::Beers {
                            jesse_doubles: true,
                            ..
                        }
                    }
                );
                self.heal_target(&ctx, legal, if jesse { 2 } else { 1 })
            }
            Action::Gift { .. } => self.heal_target(&ctx, legal, 1),
            Action::Discard { .. } | Action::EndDiscards => self.kit(&ctx, legal),
            Action::TakeArrows { .. } => self.bart(&ctx, legal),
            Action::Pass | Action::Reveal { .. } => specials::choose(&ctx, view, legal),
            // Fewer tokens held is never worse for the saved player.
            Action::ReturnTokens | Action::KeepTokens => Action::ReturnTokens,
            Action::SetOrders { .. } => first,
            Action::ReturnArrows { .. } => legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::ReturnArrows { .. }))
                .max_by_key(|a| match a {
                    Action::ReturnArrows { count, chief } => (*count, *chief),
                    _ => (0, false),
                })
                .unwrap_or(first),
        };
        if legal.contains(&pick) { pick } else { first }
    }
}

#[cfg(test)]
mod tests;
