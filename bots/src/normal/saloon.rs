//! Old Saloon choices: the Saloon die, which token, Broken Arrows, Elena's gift,
//! Molly's take-overs and the Ghost's tokens. Simple, role-aware rules built on
//! the same hostility estimate as the base game (`Ctx::align`: + enemy, − friend).

use engine::dice::{Action, Character, DieKind, Face, View};

use super::eval::Ctx;

/// The legal action with the highest score (the first of equals); `legal[0]`
/// when nothing scores.
fn best(legal: &[Action], score: impl Fn(&Action) -> Option<f32>) -> Action {
    let mut pick = (f32::NEG_INFINITY, legal[0]);
    for a in legal {
        if let Some(s) = score(a)
            && s > pick.0
        {
            pick = (s, *a);
        }
    }
    pick.1
}

/// The Saloon die: José Delgado and Tequila Joe take the one they add on top of
/// their base dice; everyone else keeps five base dice.
pub(super) fn roll(ctx: &Ctx, legal: &[Action]) -> Action {
    let extra = match ctx.chars[ctx.me] {
        Character::JoseDelgado => Some(DieKind::Loudmouth),
        Character::TequilaJoe => Some(DieKind::Coward),
        _ => None,
    };
    let wanted = Action::Roll { saloon: extra };
    if legal.contains(&wanted) {
        wanted
    } else {
        Action::ROLL
    }
}

/// How much the receiver of a Ghost token gains from its face (+ good for him).
fn token_worth(face: Face) -> f32 {
    match face {
        Face::Dynamite | Face::Arrow | Face::Bullet => -1.0,
        Face::Beer | Face::DoubleBeer => 0.5,
        _ => 0.3,
    }
}

/// Every other Old Saloon decision.
pub(super) fn choose(ctx: &Ctx, view: &View, legal: &[Action]) -> Action {
    let hostility = |seat: u8| ctx.align.get(seat as usize).copied().unwrap_or(0.0);
    best(legal, |a| match *a {
        // A regular arrow; Apache Kid grabs the Chief's Arrow from an enemy.
        Action::TakeToken { chief } => Some(match (chief, view.chief_in_pile) {
            (false, _) => 0.0,
            (true, true) => -0.5,
            (true, false) => {
                let holder = view.players.iter().find(|p| p.chief).map_or(0, |p| p.seat);
                if hostility(holder) > 0.0 { 1.0 } else { -1.0 }
            }
        }),
        // Break our own or a friend's arrow, never an enemy's if avoidable.
        Action::BreakArrow { from } => Some(if from as usize == ctx.me {
            10.0
        } else {
            -hostility(from)
        }),
        // Hand an arrow to the likeliest enemy; keep them when nobody is one.
        Action::GiveArrow { to, chief } => Some(hostility(to) - if chief { 0.5 } else { 0.0 }),
        Action::KeepArrows => Some(0.0),
        // Take over a friend's loss only while it leaves us well alive.
        Action::TakeOver { from } => {
            let friend = hostility(from) < 0.0;
            let safe = ctx.life[ctx.me] > 3;
            Some(if friend && safe { 1.0 } else { -1.0 })
        }
        Action::EndTakeOver => Some(0.0),
        // Good tokens to friends, bad ones to enemies.
        Action::GhostGift { face, to } => Some(-token_worth(face) * hostility(to)),
        _ => None,
    })
}
