//! The fold of the turn's events: a turn and its phases, the reaction
//! windows and standing orders, a solo NPC's decisions, and the end of the
//! game.

use super::piles::kit_kept;
use crate::bang::actions::Action;
use crate::bang::events::Event;
use crate::bang::expansion::in_play;
use crate::bang::state::{Phase, State, Turn, Window};

/// Folds an event of the turn (another event is folded by another family).
pub(super) fn fold(s: &mut State, event: &Event) {
    match event {
        Event::TurnStarted {
            seat,
            extra,
            shadow,
        } => {
            s.turn = Turn {
                seat: *seat,
                phase: Phase::Start,
                shadow: *shadow,
                ..Turn::default()
            };
            s.extra.turn_started(*extra);
            for e in in_play(s) {
                e.turn_started(s, *extra);
            }
        }
        Event::PhaseStarted { phase } => s.turn.phase = *phase,
        // Standing orders answer windows opened later: the open one stays.
        Event::Acted { seat, action }
            if s.window.is_some_and(|w| w.seat == *seat)
                && !matches!(action, Action::SetOrders { .. }) =>
        {
            s.window = None;
        }
        Event::NpcActed { seat, action, .. } => {
            if s.window.is_some_and(|w| w.seat == *seat) {
                s.window = None;
            }
            if let Action::PutBack { card } = *action {
                kit_kept(s, *seat, Some(card));
            }
            for e in in_play(s) {
                e.npc_acted(s, *seat, action);
            }
        }
        Event::OrdersSet { seat, orders } => {
            if let (Some(slot), Some(o)) = (s.orders.get_mut(*seat as usize), orders) {
                *slot = *o;
            }
        }
        Event::WindowOpened { seat, kind } => {
            s.window = Some(Window {
                opened: s.version,
                seat: *seat,
                kind: *kind,
            })
        }
        Event::WindowExpired => s.window = None,
        // Who plays a seat is kept beside the rules' state (`core::Controls`).
        Event::SeatControl(_) => {}
        Event::GameEnded { outcome, .. } => {
            s.outcome = Some(outcome.clone());
            s.window = None;
        }
        _ => {}
    }
}
