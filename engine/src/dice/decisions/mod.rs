//! Pending decisions (who must answer what) and the legal actions that answer them.
//!
//! Both are functions of the state alone, so the engine, the API, bots and tests
//! always agree on who is asked and what may be answered. This file says who is
//! asked what, and the choices a decision ranges over; `legal.rs` lists the
//! legal actions, `validate.rs` checks a posted one.

mod legal;
mod validate;

use serde::{Deserialize, Serialize};

use super::characters::{Character, Reach};
use super::faces::{DiceMask, Face, Symbol, nth_bullseye};
use super::options::MAX_PLAYERS;
use super::sources::LossSource;
use super::specials::WindowKind;
use super::state::{BatchStep, Stage, State, Step};
use crate::core::Seat;
use arrayvec::ArrayVec;

pub use legal::{legal_actions, legal_actions_into};
pub use validate::check;

/// The kind of decision a seat is asked to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Decision))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Sid Ketchum names a living player to gain 1 LP.
    #[cfg_attr(feature = "openapi", schema(title = "sid_gift"))]
    SidGift,
    /// The first roll of the turn.
    #[cfg_attr(feature = "openapi", schema(title = "first_roll"))]
    FirstRoll,
    /// Re-roll some dice, or stop.
    #[cfg_attr(feature = "openapi", schema(title = "reroll"))]
    Reroll,
    /// Assign the next Bull's Eye result.
    #[cfg_attr(feature = "openapi", schema(title = "bullseye"))]
    Bullseye {
        /// Which result (0-based, in die order).
        result: u8,
        /// Its symbol.
        symbol: Symbol,
    },
    /// Give the next Beer result.
    #[cfg_attr(feature = "openapi", schema(title = "beer"))]
    Beer {
        /// Beer results left, this one included.
        left: u8,
    },
    /// Kit Carlson returns arrows.
    #[cfg_attr(feature = "openapi", schema(title = "kit_discard"))]
    KitDiscard {
        /// Arrows he may still return.
        left: u8,
    },
    /// Bart Cassidy may take arrows instead of losing LP.
    #[cfg_attr(feature = "openapi", schema(title = "arrows_instead_of_life"))]
    ArrowsInsteadOfLife {
        /// The most arrows he may take.
        max: u8,
    },
    /// Pedro Ramirez may return arrows.
    #[cfg_attr(feature = "openapi", schema(title = "return_arrows"))]
    ReturnArrows {
        /// The most arrows he may return.
        max: u8,
    },
    /// With the Chief's Arrow: take a token from the pile, the Chief's Arrow or
    /// a regular one.
    #[cfg_attr(feature = "openapi", schema(title = "take_token"))]
    TakeToken,
    /// Loudmouth and Coward: pick whose regular arrow a Broken Arrow sends back.
    #[cfg_attr(feature = "openapi", schema(title = "broken_arrow"))]
    BrokenArrow,
    /// New characters: Elena Fuente may hand one Arrow of this roll to another
    /// player.
    #[cfg_attr(feature = "openapi", schema(title = "elena_gift"))]
    ElenaGift,
    /// New characters: Molly Stark may take over other players' losses.
    #[cfg_attr(feature = "openapi", schema(title = "molly_take_over"))]
    MollyTakeOver,
    /// Ghost: the Ghost gives a token.
    #[cfg_attr(feature = "openapi", schema(title = "ghost_gift"))]
    GhostGift,
    /// Special roles: a window is open; pass, or reveal your special role to
    /// use it. Every seat offered it is asked the same way, whatever it holds.
    #[cfg_attr(feature = "openapi", schema(title = "window"))]
    Window {
        /// The moment.
        window: WindowKind,
    },
    /// Special roles: saved by The Left Hand, return all your tokens, or keep
    /// them.
    #[cfg_attr(feature = "openapi", schema(title = "rescue_tokens"))]
    RescueTokens,
}

/// Who must act now, and on what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Pending))]
pub struct Pending {
    /// The seat that must act.
    pub seat: Seat,
    /// What it must decide.
    pub decision: Decision,
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The seat is not the one asked to decide now.
    #[error("seat {0} is not asked to decide anything now")]
    NotYourDecision(Seat),
    /// The action does not answer the decision legally.
    #[error("{0}")]
    Illegal(String),
}

/// The decision the game waits for, if any: the first of [`waiting`].
pub fn pending(s: &State) -> Option<Pending> {
    pending_at(s, s.stage)
}

/// Every decision the game waits for. Usually one; an open window (special
/// roles) waits for each seat asked by hand at once, in any order.
pub fn waiting(s: &State) -> ArrayVec<Pending, MAX_PLAYERS> {
    match s.window {
        Some(w) if !s.is_over() => w
            .asked
            .iter()
            .map(|seat| Pending {
                seat,
                decision: Decision::Window { window: w.kind },
            })
            .collect(),
        _ => pending(s).into_iter().collect(),
    }
}

/// The decision `seat` is asked now, if any.
pub fn asked(s: &State, seat: Seat) -> Option<Decision> {
    match s.window {
        Some(w) if !s.is_over() => w
            .asked
            .contains(seat)
            .then_some(Decision::Window { window: w.kind }),
        _ => pending(s).filter(|p| p.seat == seat).map(|p| p.decision),
    }
}

/// The decision the game would wait for at `stage`.
pub(crate) fn pending_at(s: &State, stage: Stage) -> Option<Pending> {
    if s.is_over() {
        return None;
    }
    if let Some(w) = s.window {
        return w.asked.iter().next().map(|seat| Pending {
            seat,
            decision: Decision::Window { window: w.kind },
        });
    }
    if let Some(batch) = &s.batch {
        return match batch.step {
            BatchStep::Bart => bart_choice(s).map(|(seat, max)| Pending {
                seat,
                decision: Decision::ArrowsInsteadOfLife { max },
            }),
            BatchStep::Molly => molly_choices(s).next().map(|_| Pending {
                seat: s.living_with(Character::MollyStark).unwrap_or_default(),
                decision: Decision::MollyTakeOver,
            }),
            BatchStep::Pedro => pedro_choice(s).map(|(seat, max)| Pending {
                seat,
                decision: Decision::ReturnArrows { max },
            }),
            BatchStep::Rescue => rescue_choice(s).map(|seat| Pending {
                seat,
                decision: Decision::RescueTokens,
            }),
            BatchStep::Apply | BatchStep::Aftermath | BatchStep::Eliminate | BatchStep::Cleanup => {
                None
            }
        };
    }
    if let Some(seat) = s.owed {
        return s.token_choice().then_some(Pending {
            seat,
            decision: Decision::TakeToken,
        });
    }
    let active = s.turn.active;
    let ask = |decision| {
        Some(Pending {
            seat: active,
            decision,
        })
    };
    match stage {
        Stage::Immediate(now) if now.arrows > 0 => {
            if now.elena && s.ring().any(|x| x != active) {
                ask(Decision::ElenaGift)
            } else if s.token_choice() || apache_may_grab(s) {
                ask(Decision::TakeToken)
            } else {
                None
            }
        }
        Stage::Resolve {
            step: Step::BillArrows { left },
        } if left > 0 && s.token_choice() => ask(Decision::TakeToken),
        Stage::Immediate(now) if now.broken > 0 => {
            if s.ring().any(|x| s.table[x as usize].arrows > 0) {
                ask(Decision::BrokenArrow)
            } else {
                None
            }
        }
        Stage::SidGift => ask(Decision::SidGift),
        Stage::FirstRoll => ask(Decision::FirstRoll),
        Stage::Reroll => ask(Decision::Reroll),
        Stage::GhostGift => ask(Decision::GhostGift),
        Stage::Resolve {
            step: Step::Bullseyes,
        } => {
            let result = s.turn.shots_len;
            bullseye_result(s, result).and_then(|symbol| ask(Decision::Bullseye { result, symbol }))
        }
        Stage::Resolve {
            step: Step::Beers { left, .. },
        } if left > 0 => ask(Decision::Beer { left }),
        Stage::Resolve {
            step: Step::KitDiscards { left },
        } if left > 0 && s.ring().any(|x| s.table[x as usize].tokens() > 0) => {
            ask(Decision::KitDiscard { left })
        }
        _ => None,
    }
}

/// Bart Cassidy's choice in the current batch: his seat and the most arrows he may take.
fn bart_choice(s: &State) -> Option<(Seat, u8)> {
    let batch = s.batch.as_ref()?;
    if !matches!(
        batch.source,
        LossSource::Bullseyes { .. } | LossSource::Gatling { .. }
    ) {
        return None;
    }
    let bart = s.living_with(Character::BartCassidy)?;
    let max = batch.losses[bart as usize].min(s.pile_tokens().saturating_sub(1));
    (max > 0).then_some((bart, max))
}

/// Special roles: the player saved by The Left Hand, when he holds tokens he
/// may return (after an Indian attack every token goes back anyway).
fn rescue_choice(s: &State) -> Option<Seat> {
    let batch = s.batch.as_ref()?;
    let seat = batch.rescued?;
    (batch.source != LossSource::Indians && s.table[seat as usize].tokens() > 0).then_some(seat)
}

/// Whether the active player is Apache Kid and another living player holds the
/// Chief's Arrow, which he may take for an Arrow he rolled (D-30).
pub(crate) fn apache_may_grab(s: &State) -> bool {
    s.active_is(Character::ApacheKid) && chief_holder(s).is_some_and(|h| h != s.turn.active)
}

/// The living player holding the Chief's Arrow, if any.
pub(crate) fn chief_holder(s: &State) -> Option<Seat> {
    s.ring().find(|&x| s.table[x as usize].chief)
}

/// The players whose loss Molly Stark may still take over in the open batch:
/// her own loss plus theirs must stay within her LP (D-34).
pub(crate) fn molly_choices(s: &State) -> impl Iterator<Item = Seat> + '_ {
    let molly = s.living_with(Character::MollyStark);
    let batch = s.batch.as_ref();
    s.ring().filter(move |&x| {
        let (Some(molly), Some(batch)) = (molly, batch) else {
            return false;
        };
        let own = batch.losses[molly as usize];
        let theirs = batch.losses[x as usize];
        x != molly && theirs > 0 && own + theirs <= s.table[molly as usize].life
    })
}

/// Pedro Ramirez's choice in the current batch: his seat and the most arrows he may return.
pub(crate) fn pedro_choice(s: &State) -> Option<(Seat, u8)> {
    let batch = s.batch.as_ref()?;
    if batch.source == LossSource::Indians {
        return None;
    }
    let pedro = s.living_with(Character::PedroRamirez)?;
    let p = &s.table[pedro as usize];
    let max = batch.lost[pedro as usize].min(p.tokens());
    (p.life > 0 && max > 0).then_some((pedro, max))
}

/// The Bull's Eye results on the final dice, one per result, in die order.
pub fn bullseye_results(s: &State) -> impl Iterator<Item = Symbol> + '_ {
    s.turn.dice.faces().flat_map(|face| {
        [Symbol::Bullseye1, Symbol::Bullseye2]
            .into_iter()
            .flat_map(move |sym| std::iter::repeat_n(sym, face.count(sym) as usize))
    })
}

/// Bull's Eye result number `n` (0-based, in die order) on the dice, if any.
pub fn bullseye_result(s: &State, n: u8) -> Option<Symbol> {
    nth_bullseye(s.turn.dice.faces(), n)
}

/// Whether Slab the Killer may double the Bull's Eye he assigns now.
fn may_double(s: &State) -> bool {
    s.active_is(Character::SlabTheKiller)
        && !s.turn.doubled()
        && s.turn.dice.count(Symbol::Beer) > 0
}

/// The seats a Bull's Eye result of `symbol` may hit.
pub fn bullseye_targets(s: &State, symbol: Symbol) -> impl Iterator<Item = Seat> + '_ {
    let shooter = s.turn.active;
    let m = s.living();
    let counts_as_two = symbol == Symbol::Bullseye2 && m >= 4;
    let (near, far) = match (
        s.table[shooter as usize].character.info().reach,
        counts_as_two,
    ) {
        (Reach::Normal, false) => (1, 1),
        (Reach::Normal, true) => (2, 2),
        (Reach::Either, _) => (1, 2),
        (Reach::Further, false) => (1, 2),
        (Reach::Further, true) => (2, 3),
    };
    s.ring()
        .filter(move |&t| t != shooter && (near..=far).contains(&s.distance(shooter, t)))
}

/// The dice the active player may re-roll now (Black Jack may pick Dynamite).
pub fn rerollable_dice(s: &State) -> DiceMask {
    let black_jack = s.active_is(Character::BlackJack);
    let bits = s
        .turn
        .dice
        .as_slice()
        .iter()
        .enumerate()
        .filter(|(_, d)| black_jack || d.face != Some(Face::Dynamite))
        .fold(0u8, |bits, (i, _)| bits | 1 << i);
    DiceMask::from_bits(bits)
}
