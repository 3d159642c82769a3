//! Pending decisions (who must answer what) and the legal actions that answer them.
//!
//! Both are functions of the state alone, so the engine, the API, bots and tests
//! always agree on who is asked and what may be answered.

use serde::{Deserialize, Serialize};

use super::actions::Action;
use super::characters::{Character, Reach};
use super::faces::{DiceMask, DieKind, Face, Symbol, nth_bullseye};
use super::offers::{may_use, powers};
use super::options::{MAX_PLAYERS, Module};
use super::sources::LossSource;
use super::specials::WindowKind;
use super::state::{BatchStep, Stage, State, Step};
use crate::core::Seat;
use arrayvec::ArrayVec;

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

/// Whether `action` answers `decision` legally: exactly when `legal_actions`
/// lists it, but without building the list.
fn is_legal(s: &State, seat: Seat, decision: Decision, action: &Action) -> bool {
    let living = |seat: Seat| s.is_alive(seat);
    match (decision, *action) {
        (Decision::SidGift, Action::Gift { target }) => living(target),
        (Decision::FirstRoll, Action::Roll { saloon: None })
        | (Decision::Reroll, Action::Stop)
        | (Decision::ElenaGift, Action::KeepArrows)
        | (Decision::MollyTakeOver, Action::EndTakeOver) => true,
        (Decision::TakeToken, Action::TakeToken { .. })
        | (Decision::ElenaGift, Action::GiveArrow { .. })
        | (Decision::MollyTakeOver, Action::TakeOver { .. }) => {
            legal_actions(s, seat).contains(action)
        }
        (Decision::FirstRoll, Action::Roll { saloon: Some(die) }) => {
            s.modules.has(Module::LoudmouthCoward) && die != DieKind::Base && !s.ghost_turn()
        }
        (Decision::GhostGift, Action::GhostGift { .. }) => legal_actions(s, seat).contains(action),
        (Decision::BrokenArrow, Action::BreakArrow { from }) => {
            living(from) && s.table[from as usize].arrows > 0
        }
        (Decision::Reroll, Action::Reroll { dice }) => {
            !dice.is_empty() && dice.bits() & !rerollable_dice(s).bits() == 0
        }
        (Decision::Bullseye { symbol, .. }, Action::Shoot { target, double }) => {
            (!double || may_double(s)) && bullseye_targets(s, symbol).any(|t| t == target)
        }
        (Decision::Beer { .. }, Action::Beer { target }) => living(target),
        (Decision::KitDiscard { .. }, Action::Discard { from, chief }) => s
            .player(from)
            .is_some_and(|p| p.alive && if chief { p.chief } else { p.arrows > 0 }),
        (Decision::KitDiscard { .. }, Action::EndDiscards) => true,
        (Decision::ArrowsInsteadOfLife { .. }, Action::TakeArrows { .. })
        | (Decision::ReturnArrows { .. }, Action::ReturnArrows { .. }) => {
            legal_actions(s, seat).contains(action)
        }
        (Decision::Window { .. }, Action::Pass)
        | (Decision::RescueTokens, Action::ReturnTokens | Action::KeepTokens) => true,
        (Decision::Window { .. }, Action::Reveal { power }) => {
            s.window.is_some_and(|w| may_use(s, &w, seat, power))
        }
        _ => false,
    }
}

/// Every action `seat` may take now, each ready to post.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    let mut actions = Vec::new();
    legal_actions_into(s, seat, &mut actions);
    actions
}

/// Like [`legal_actions`], into `out` (cleared first): a buffer the caller may
/// reuse from one decision to the next.
pub fn legal_actions_into(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    let Some(decision) = asked(s, seat) else {
        return;
    };
    match decision {
        Decision::Window { .. } => {
            out.push(Action::Pass);
            if let Some(w) = s.window {
                out.extend(
                    powers(s, &w, seat)
                        .into_iter()
                        .map(|power| Action::Reveal { power }),
                );
            }
        }
        Decision::RescueTokens => out.extend([Action::ReturnTokens, Action::KeepTokens]),
        Decision::SidGift => out.extend(s.ring().map(|target| Action::Gift { target })),
        Decision::FirstRoll => {
            out.push(Action::ROLL);
            if s.modules.has(Module::LoudmouthCoward) && !s.ghost_turn() {
                for die in [DieKind::Loudmouth, DieKind::Coward] {
                    out.push(Action::Roll { saloon: Some(die) });
                }
            }
        }
        Decision::TakeToken => {
            if s.pile > 0 {
                out.push(Action::TakeToken { chief: false });
            }
            if s.chief_in_pile || apache_may_grab(s) {
                out.push(Action::TakeToken { chief: true });
            }
        }
        Decision::ElenaGift => {
            out.push(Action::KeepArrows);
            for to in s.ring().filter(|&x| x != seat) {
                if s.pile > 0 {
                    out.push(Action::GiveArrow { to, chief: false });
                }
                if s.chief_in_pile {
                    out.push(Action::GiveArrow { to, chief: true });
                }
            }
        }
        Decision::GhostGift => {
            let mut faces: Vec<Face> = s.turn.dice.faces().collect();
            faces.dedup();
            out.extend(
                faces
                    .into_iter()
                    .flat_map(|face| s.ring().map(move |to| Action::GhostGift { face, to })),
            );
        }
        Decision::MollyTakeOver => out.extend(
            molly_choices(s)
                .map(|from| Action::TakeOver { from })
                .chain([Action::EndTakeOver]),
        ),
        Decision::BrokenArrow => out.extend(
            s.ring()
                .filter(|&x| s.table[x as usize].arrows > 0)
                .map(|from| Action::BreakArrow { from }),
        ),
        Decision::Reroll => {
            let free = rerollable_dice(s).bits();
            out.push(Action::Stop);
            // Every non-empty subset of the re-rollable dice, in ascending order.
            out.extend(
                (1..=free)
                    .filter(|&bits| bits & !free == 0)
                    .map(|bits| Action::Reroll {
                        dice: DiceMask::from_bits(bits),
                    }),
            );
        }
        Decision::Bullseye { symbol, .. } => {
            let may_double = may_double(s);
            for target in bullseye_targets(s, symbol) {
                out.push(Action::Shoot {
                    target,
                    double: false,
                });
                if may_double {
                    out.push(Action::Shoot {
                        target,
                        double: true,
                    });
                }
            }
        }
        Decision::Beer { .. } => out.extend(s.ring().map(|target| Action::Beer { target })),
        Decision::KitDiscard { .. } => {
            for from in s.ring() {
                let p = &s.table[from as usize];
                if p.arrows > 0 {
                    out.push(Action::Discard { from, chief: false });
                }
                if p.chief {
                    out.push(Action::Discard { from, chief: true });
                }
            }
            out.push(Action::EndDiscards);
        }
        Decision::ArrowsInsteadOfLife { max } => {
            out.extend((0..=max.min(s.pile)).map(|count| Action::TakeArrows {
                count,
                chief: false,
            }));
            if s.chief_in_pile {
                out.extend((1..=max).map(|count| Action::TakeArrows { count, chief: true }));
            }
        }
        Decision::ReturnArrows { max } => {
            let p = &s.table[seat as usize];
            out.extend((0..=max.min(p.arrows)).map(|count| Action::ReturnArrows {
                count,
                chief: false,
            }));
            if p.chief {
                out.extend((1..=max).map(|count| Action::ReturnArrows { count, chief: true }));
            }
        }
    }
}

/// Checks that `seat` may take `action` now; on success returns it.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Action, ActionError> {
    if s.is_over() {
        return Err(ActionError::GameOver);
    }
    if let Action::SetOrders { .. } = action {
        // Standing orders may be set at any time, by any seat of the game.
        if s.player(seat).is_none() {
            return Err(ActionError::NotYourDecision(seat));
        }
        if !s.modules.has(Module::SpecialRoles) {
            return Err(ActionError::Illegal(
                "standing orders answer special-role windows: they need the `special_roles` \
                 module"
                    .into(),
            ));
        }
        return Ok(*action);
    }
    let Some(decision) = asked(s, seat) else {
        return Err(ActionError::NotYourDecision(seat));
    };
    if is_legal(s, seat, decision, action) {
        return Ok(*action);
    }
    Err(ActionError::Illegal(explain(s, decision, action)))
}

/// A sentence saying why `action` does not answer `decision`.
fn explain(s: &State, decision: Decision, action: &Action) -> String {
    let player = |seat: Seat| -> String {
        match s.player(seat) {
            None => format!("there is no seat {seat}"),
            Some(p) if !p.alive => format!("seat {seat} has been eliminated"),
            Some(_) => format!("seat {seat} is not a legal choice here"),
        }
    };
    match (decision, action) {
        (Decision::Reroll, Action::Reroll { dice }) => {
            if dice.is_empty() {
                return "pick at least one die to re-roll, or stop".into();
            }
            for d in dice.iter() {
                match s.turn.dice.as_slice().get(d as usize) {
                    None => return format!("there is no die {d}"),
                    Some(die) if die.is_dynamite() => {
                        return format!("die {d} shows Dynamite and cannot be re-rolled");
                    }
                    _ => {}
                }
            }
            "those dice cannot be re-rolled".into()
        }
        (Decision::Bullseye { symbol, .. }, Action::Shoot { target, double }) => {
            if *target == s.turn.active {
                return "a Bull's Eye cannot target its shooter".into();
            }
            if *double {
                return "only Slab the Killer may double one Bull's Eye a turn, spending a Beer"
                    .into();
            }
            match s.player(*target) {
                Some(p) if p.alive => format!(
                    "seat {target} is at distance {}, out of reach of this {} result",
                    s.distance(s.turn.active, *target),
                    if symbol == Symbol::Bullseye1 {
                        "\"1\""
                    } else {
                        "\"2\""
                    }
                ),
                _ => player(*target),
            }
        }
        (Decision::SidGift, Action::Gift { target })
        | (Decision::Beer { .. }, Action::Beer { target }) => player(*target),
        (Decision::KitDiscard { .. }, Action::Discard { from, .. })
        | (Decision::BrokenArrow, Action::BreakArrow { from }) => match s.player(*from) {
            Some(p) if p.alive => format!("seat {from} holds no such arrow"),
            _ => player(*from),
        },
        (Decision::ArrowsInsteadOfLife { max }, Action::TakeArrows { count, .. })
        | (Decision::ReturnArrows { max }, Action::ReturnArrows { count, .. }) => {
            format!("{count} tokens, or that token, is more than the {max} allowed")
        }
        (Decision::Window { window }, Action::Reveal { power }) => format!(
            "{} cannot be used in this window ({}): only your own unused card of this \
             moment may be revealed, with one of the choices listed in your legal actions",
            power.card().id(),
            window.id()
        ),
        (Decision::FirstRoll, Action::Roll { saloon: Some(_) }) => {
            "the Saloon dice need the `loudmouth_coward` module; the Saloon die is \
             `loudmouth` or `coward`"
                .into()
        }
        (decision, _) => format!(
            "this action does not answer the pending decision ({})",
            decision_name(decision)
        ),
    }
}

fn decision_name(decision: Decision) -> &'static str {
    match decision {
        Decision::SidGift => "Sid Ketchum's gift: gift",
        Decision::FirstRoll => "the first roll: roll",
        Decision::Reroll => "re-roll or stop: reroll, stop",
        Decision::Bullseye { .. } => "a Bull's Eye target: shoot",
        Decision::Beer { .. } => "a Beer target: beer",
        Decision::KitDiscard { .. } => "Kit Carlson's discards: discard, end_discards",
        Decision::ArrowsInsteadOfLife { .. } => "Bart Cassidy's arrows: take_arrows",
        Decision::ReturnArrows { .. } => "Pedro Ramirez's arrows: return_arrows",
        Decision::TakeToken => "which token to take: take_token",
        Decision::BrokenArrow => "whose arrow the Broken Arrow returns: break_arrow",
        Decision::ElenaGift => "Elena Fuente's gift: give_arrow, keep_arrows",
        Decision::MollyTakeOver => "Molly Stark's take-over: take_over, end_take_over",
        Decision::GhostGift => "the Ghost's token: ghost_gift",
        Decision::Window { .. } => "a special-role window: pass, reveal",
        Decision::RescueTokens => {
            "your tokens after The Left Hand saved you: return_tokens, keep_tokens"
        }
    }
}
