//! Special roles: when to reveal in a window, and with which choice. Each
//! power is used once, so each waits for a moment that is worth it; the rules
//! read the public table and the same hostility estimate as the rest of the
//! policy (`Ctx::align`: + enemy, − friend).

use engine::dice::{Action, Face, Power, Role, Symbol, View};

use super::eval::{Ctx, count};

/// Answers an open window: `pass`, or the best `reveal` when it is worth its
/// one use.
pub(super) fn choose(ctx: &Ctx, view: &View, legal: &[Action]) -> Action {
    let mut pick = (0.0f32, Action::Pass);
    for a in legal {
        if let Action::Reveal { power } = *a {
            let score = worth(ctx, view, power);
            if score > pick.0 {
                pick = (score, *a);
            }
        }
    }
    pick.1
}

/// How much using `power` now is worth (0 or less: keep it for later).
fn worth(ctx: &Ctx, view: &View, power: Power) -> f32 {
    let active = view.turn.active as usize;
    let hostility = |seat: usize| ctx.align.get(seat).copied().unwrap_or(0.0);
    let sheriff = view
        .players
        .iter()
        .find(|p| p.role == Some(Role::Sheriff) && p.alive)
        .map(|p| p.seat as usize);
    match power {
        // Take the star when the Sheriff is about to fall and I can hold it longer.
        Power::TheGood => match sheriff {
            Some(s) if ctx.life[s] <= 3 && ctx.life[ctx.me] > ctx.life[s] + 1 => 1.0,
            _ => 0.0,
        },
        Power::TheDoc { die, face } => doc(ctx, view, die, face),
        // Cancel what the other side reveals, unless it saves one of ours.
        Power::TheJudge => {
            let Some(reveal) = view.window.and_then(|w| w.reveal) else {
                return 0.0;
            };
            let by = reveal.seat as usize;
            let helps_us = match reveal.power {
                Power::LeftHand { save } => {
                    hostility(save as usize) < 0.0 || save as usize == ctx.me
                }
                _ => false,
            };
            if hostility(by) > 0.0 && !helps_us {
                1.0
            } else {
                0.0
            }
        }
        // Void a strong last roll of an enemy.
        Power::TheGambler => {
            let hits = count(view, Symbol::Bullseye1)
                + count(view, Symbol::Bullseye2)
                + count(view, Symbol::Beer);
            let gatling = count(view, Symbol::Gatling) >= 3;
            if hostility(active) > 0.0 && (hits >= 3 || gatling) {
                1.0
            } else {
                0.0
            }
        }
        // Deny a gain to an enemy who is low, or a big one.
        Power::TheBad => {
            let Some(gain) = view.window.and_then(|w| w.gain) else {
                return 0.0;
            };
            let to = gain.seat as usize;
            let low = ctx.life[to] <= 3;
            if hostility(to) > 0.0 && (low || gain.amount >= 2) {
                1.0
            } else {
                0.0
            }
        }
        // Shed my arrows onto an enemy, or load an enemy with a friend's.
        Power::TheUgly { first, second } => {
            let (a, b) = (first as usize, second as usize);
            let value = |seat: usize, delta: f32| {
                if seat == ctx.me {
                    -delta
                } else {
                    hostility(seat) * delta
                }
            };
            let delta = ctx.arrows[b] as f32 - ctx.arrows[a] as f32;
            value(a, delta) + value(b, -delta) - 2.0
        }
        // An extra turn decides an endgame.
        Power::RightHand => {
            if ctx.m <= 3 && ctx.life[ctx.me] >= 3 {
                1.0
            } else {
                0.0
            }
        }
        // Save myself; save the Sheriff while others are still in the way.
        Power::LeftHand { save } => {
            let save = save as usize;
            if save == ctx.me {
                2.0
            } else if Some(save) == sheriff && ctx.m > 2 {
                1.0
            } else {
                0.0
            }
        }
    }
}

/// The Doc: turn a friend's third Dynamite away, or give an enemy at 1 LP his
/// third.
fn doc(ctx: &Ctx, view: &View, die: u8, face: Face) -> f32 {
    let active = view.turn.active as usize;
    let Some(now) = view.turn.dice.get(die as usize).and_then(|d| d.face) else {
        return 0.0;
    };
    let dynamite = count(view, Symbol::Dynamite);
    let friend = active == ctx.me || ctx.align.get(active).is_some_and(|&h| h < 0.0);
    let enemy = ctx.align.get(active).is_some_and(|&h| h > 0.0);
    let alive = view.players.get(active).is_some_and(|p| p.alive);
    if friend && dynamite >= 3 && now == Face::Dynamite && face != Face::Dynamite {
        // A Beer is the kindest face; any other will do.
        return if face == Face::Beer { 1.5 } else { 1.0 };
    }
    if enemy && alive && dynamite == 2 && face == Face::Dynamite && ctx.life[active] <= 1 {
        return 1.0;
    }
    0.0
}
