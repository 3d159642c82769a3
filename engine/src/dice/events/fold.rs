//! [`apply`]: folds one event into the dice game's state. `apply` sends each
//! event to the fold of its [`Family`] (the game's deal and end, the turn's
//! dice, the arrow tokens, a batch of losses, the Ghost, the answers and
//! windows, the special role cards). Each fold only moves numbers, passes over
//! the events of other families, and like `apply` is total: an event that does
//! not fit the state changes nothing.

use super::{Event, Family};
use crate::core::Seat;
use crate::dice::actions::Action;
use crate::dice::faces::DiceSet;
use crate::dice::options::{MAX_PLAYERS, Module, ModuleSet};
use crate::dice::specials::Window;
use crate::dice::state::{ARROWS, Batch, BatchStep, MAX_SHOTS, Player, Shot, Stage, State, Turn};

/// Folds one event into the state. Total: an event that does not fit the state
/// (which a log written by `decide` never holds) changes nothing but the version.
pub fn apply(state: &mut State, event: &Event) {
    state.version += 1;
    match event.family() {
        Family::Game => fold_game(state, event),
        Family::Turn => fold_turn(state, event),
        Family::Tokens => fold_tokens(state, event),
        Family::Losses => fold_losses(state, event),
        Family::Ghost => fold_ghost(state, event),
        Family::Answers => fold_answers(state, event),
        Family::Specials => fold_specials(state, event),
    }
}

/// `seat`'s entry at the table, if the seat is in the game.
fn player(state: &mut State, seat: Seat) -> Option<&mut Player> {
    let n = state.players as usize;
    state.table[..n].get_mut(seat as usize)
}

/// Moves up to `regular` arrows, and the Chief's Arrow if `chief`, from a
/// player back to the pile.
fn return_tokens(state: &mut State, seat: Seat, regular: u8, chief: bool) {
    let Some(p) = player(state, seat) else { return };
    let n = regular.min(p.arrows);
    p.arrows -= n;
    let chief = chief && std::mem::take(&mut p.chief);
    state.pile += n;
    state.chief_in_pile |= chief;
}

/// Every token back in the pile: 9 arrows, and the Chief's Arrow when it is in
/// play.
fn fill_pile(state: &mut State) {
    state.pile = ARROWS;
    state.chief_in_pile = state.modules.has(Module::ChiefArrow);
}

/// The game's opening (the table, the deal) and its end.
fn fold_game(state: &mut State, event: &Event) {
    match event {
        Event::GameCreated(created) => {
            state.players = created.players.min(MAX_PLAYERS as u8);
            state.modules = ModuleSet::of(&created.options.modules);
            state.seats = created.seats.clone().into();
            state.seed_commitment = created.seed_commitment.as_str().into();
            state.reaction_seconds = created.options.reaction_seconds;
            fill_pile(state);
        }
        Event::RoleDealt {
            seat,
            role,
            face_up,
            card,
        } => {
            if let Some(p) = player(state, *seat) {
                p.role = *role;
                p.role_public = *face_up;
                p.special = *card;
            }
        }
        Event::CharacterDealt {
            seat,
            character,
            life,
        } => {
            if let Some(p) = player(state, *seat) {
                p.character = *character;
                p.life = *life;
                p.max_life = *life;
                p.alive = true;
            }
        }
        Event::GameEnded { outcome, .. } => {
            state.outcome = Some(outcome.clone());
            state.stage = Stage::Over;
            state.batch = None;
        }
        _ => {}
    }
}

/// The active turn: its start, its stage, the dice and the Bull's Eyes aimed.
fn fold_turn(state: &mut State, event: &Event) {
    let turn = &mut state.turn;
    match event {
        Event::TurnStarted { seat } => {
            let ghost = state.ghost == Some(*seat);
            *turn = Turn {
                active: *seat,
                dice: DiceSet::new(if ghost { 2 } else { 5 }, None),
                ghost,
                ..Turn::default()
            };
            state.stage = Stage::TurnStart;
        }
        Event::StageChanged { stage } => state.stage = *stage,
        Event::SaloonDieTaken { die, extra } => {
            turn.dice = DiceSet::new(if *extra { 5 } else { 4 }, Some(*die));
        }
        Event::DiceRolled { dice } => {
            let mut mask = 0u8;
            for d in dice {
                turn.dice.set(d.die as usize, d.face);
                mask |= die_bit(d.die);
            }
            turn.rolled = mask;
            turn.rolls = turn.rolls.saturating_add(1);
        }
        Event::TokenDiceSet { face, count } => {
            for i in 0..(*count as usize) {
                turn.dice.set(i, *face);
            }
        }
        Event::DieTurned { die, face } => {
            turn.dice.set(*die as usize, *face);
            turn.rolled |= die_bit(*die);
        }
        Event::Gambled => turn.gambled = true,
        Event::BullseyeAssigned { target, doubled } if (turn.shots_len as usize) < MAX_SHOTS => {
            turn.shots[turn.shots_len as usize] = Shot {
                target: *target,
                doubled: *doubled,
            };
            turn.shots_len += 1;
        }
        _ => {}
    }
}

/// The bit of die `die` in a mask of dice (none for a die past the mask).
fn die_bit(die: u8) -> u8 {
    1u8.checked_shl(die as u32).unwrap_or(0)
}

/// The arrow tokens and the Chief's Arrow: taken, owed, grabbed, returned,
/// recalled, swapped.
fn fold_tokens(state: &mut State, event: &Event) {
    match event {
        Event::ArrowTaken { seat, chief } => take_token(state, *seat, *chief),
        Event::ArrowsReturned { seat, count, chief } => return_tokens(state, *seat, *count, *chief),
        Event::TokenOwed { seat } => state.owed = Some(*seat),
        Event::ChiefGrabbed { seat, from } => {
            let had = player(state, *from).is_some_and(|p| std::mem::take(&mut p.chief));
            if had && let Some(p) = player(state, *seat) {
                p.chief = true;
            }
        }
        Event::GatlingFired { seat } => return_tokens(state, *seat, u8::MAX, true),
        Event::ArrowsRecalled => {
            for p in state.table.iter_mut() {
                p.arrows = 0;
                p.chief = false;
            }
            fill_pile(state);
        }
        Event::ArrowsSwapped { first, second } => {
            let (a, b) = (*first as usize, *second as usize);
            let n = state.players as usize;
            if a < n && b < n && a != b {
                let (x, y) = (state.table[a], state.table[b]);
                (state.table[a].arrows, state.table[a].chief) = (y.arrows, y.chief);
                (state.table[b].arrows, state.table[b].chief) = (x.arrows, x.chief);
            }
        }
        _ => {}
    }
}

/// `seat` takes one token from the pile (the Chief's Arrow if `chief`), when
/// it is there; a token he owed is paid.
fn take_token(state: &mut State, seat: Seat, chief: bool) {
    let available = if chief {
        state.chief_in_pile
    } else {
        state.pile > 0
    };
    if available && let Some(p) = player(state, seat) {
        if chief {
            p.chief = true;
            state.chief_in_pile = false;
        } else {
            p.arrows += 1;
            state.pile -= 1;
        }
    }
    if state.owed == Some(seat) {
        state.owed = None;
    }
}

/// A batch of losses from its start to its end, and the life points lost,
/// gained and saved meanwhile (a gain The Bad blocked changes nothing).
fn fold_losses(state: &mut State, event: &Event) {
    match event {
        Event::BatchStarted { source, losses } => {
            let mut batch = Batch {
                source: *source,
                losses: [0; MAX_PLAYERS],
                lost: [0; MAX_PLAYERS],
                step: BatchStep::Bart,
                rescued: None,
            };
            for loss in losses {
                if let Some(slot) = batch.losses.get_mut(loss.seat as usize) {
                    *slot = slot.saturating_add(loss.amount);
                }
            }
            state.batch = Some(batch);
        }
        Event::ArrowsInsteadOfLife {
            seat,
            arrows,
            chief,
        } => arrows_instead_of_life(state, *seat, *arrows, *chief),
        Event::BatchStepped { step } => {
            if let Some(batch) = state.batch.as_mut() {
                batch.step = *step;
            }
        }
        Event::LossTakenOver { from, by } => {
            if let Some(batch) = state.batch.as_mut()
                && (*from as usize) < MAX_PLAYERS
                && (*by as usize) < MAX_PLAYERS
            {
                let moved = std::mem::take(&mut batch.losses[*from as usize]);
                batch.losses[*by as usize] = batch.losses[*by as usize].saturating_add(moved);
            }
        }
        Event::LifeLost { seat, amount, .. } => {
            if let Some(p) = player(state, *seat) {
                p.life = p.life.saturating_sub(*amount);
            }
            if let Some(lost) = state
                .batch
                .as_mut()
                .and_then(|b| b.lost.get_mut(*seat as usize))
            {
                *lost = lost.saturating_add(*amount);
            }
        }
        Event::PlayerEliminated { seat, role } => {
            if let Some(p) = player(state, *seat) {
                p.alive = false;
                p.life = 0;
                p.role = Some(*role);
                p.role_public = true;
            }
            return_tokens(state, *seat, u8::MAX, true);
            state.first_elimination_done = true;
            if state.gift.is_some_and(|g| g.to == *seat) {
                state.gift = None;
            }
        }
        Event::BatchEnded => state.batch = None,
        Event::LifeGained { seat, amount, .. } => {
            if let Some(p) = player(state, *seat) {
                p.life = p.life.saturating_add(*amount).min(p.max_life.max(p.life));
            }
        }
        Event::Rescued { seat } => {
            if let Some(p) = player(state, *seat) {
                p.life = 2;
            }
            if let Some(batch) = state.batch.as_mut() {
                batch.rescued = Some(*seat);
            }
        }
        _ => {}
    }
}

/// Bart Cassidy takes `arrows` tokens from the pile (one of them the Chief's
/// Arrow if `chief`) instead of as many LP of his loss in the open batch.
fn arrows_instead_of_life(state: &mut State, seat: Seat, arrows: u8, chief: bool) {
    let n = state.players as usize;
    if let (Some(batch), Some(p)) = (
        state.batch.as_mut(),
        state.table[..n].get_mut(seat as usize),
    ) && let Some(loss) = batch.losses.get_mut(seat as usize)
    {
        let chief = chief && state.chief_in_pile && arrows > 0 && *loss > 0;
        let regular = (arrows - u8::from(chief))
            .min(state.pile)
            .min(*loss - u8::from(chief));
        *loss -= regular + u8::from(chief);
        p.arrows += regular;
        state.pile -= regular;
        if chief {
            p.chief = true;
            state.chief_in_pile = false;
        }
    }
}

/// The Ghost module: who the Ghost is, and the token he gives.
fn fold_ghost(state: &mut State, event: &Event) {
    match event {
        Event::BecameGhost { seat, side } => {
            state.ghost = Some(*seat);
            state.ghost_side = *side;
        }
        Event::GhostTokensGiven { gift } => state.gift = Some(*gift),
        Event::GhostTokensReturned => state.gift = None,
        _ => {}
    }
}

/// The answers: a seat passing, standing orders, and the windows opening,
/// running out and closing. Who plays a seat is kept beside the rules' state
/// (`core::Controls`), not here.
fn fold_answers(state: &mut State, event: &Event) {
    match event {
        Event::Acted {
            seat,
            action: Action::Pass,
        } => {
            if let Some(window) = state.window.as_mut() {
                window.asked = window.asked.without(*seat);
            }
        }
        Event::OrdersSet { seat, orders } => {
            if let (Some(slot), Some(orders)) = (state.orders.get_mut(*seat as usize), orders) {
                *slot = *orders;
            }
        }
        Event::WindowOpened { window } => {
            state.window = Some(Window {
                opened: state.version,
                ..*window
            })
        }
        Event::WindowExpired => {
            if let Some(window) = state.window.as_mut() {
                window.asked = Default::default();
            }
        }
        Event::WindowClosed => state.window = None,
        _ => {}
    }
}

/// The special role cards: one revealed, or The Good's swap of role cards (a
/// cancelled reveal changes nothing).
fn fold_specials(state: &mut State, event: &Event) {
    match event {
        Event::RoleRevealed { seat, role, card } => {
            if let Some(p) = player(state, *seat) {
                p.role = Some(*role);
                p.special = Some(*card);
                p.role_public = true;
                p.power_used = true;
            }
        }
        Event::RolesSwapped { seat, sheriff } => swap_role_cards(state, *seat, *sheriff),
        _ => {}
    }
}

/// The Good: `seat` and `sheriff` swap their role cards (with whether each is
/// face up and its power used); both keep their LP, and each one's max LP
/// becomes his character's, with no role bonus (6.3.7).
fn swap_role_cards(state: &mut State, seat: Seat, sheriff: Seat) {
    let (a, b) = (seat as usize, sheriff as usize);
    let n = state.players as usize;
    if a < n && b < n && a != b {
        let card = |p: &Player| (p.role, p.special, p.role_public, p.power_used);
        let (ca, cb) = (card(&state.table[a]), card(&state.table[b]));
        for (i, c) in [(a, cb), (b, ca)] {
            let p = &mut state.table[i];
            (p.role, p.special, p.role_public, p.power_used) = c;
            p.max_life = p.character.info().life;
        }
    }
}
