//! The train's own steps in the machine's run (its [`Moment`]s): the Ghost
//! Car's holder leaving, its reaction windows opened, the cards it set
//! aside discarded, the End of the Line, and the turn's start (the Map, the
//! automatic advance, the Dining Car).

use super::Advance;
use super::cards::{map_pending, robbery_pending};
use super::ghost::ghost_gone;
use super::railcar_effects::dining_due;
use crate::bang::TrainWindow;
use crate::bang::events::Event;
use crate::bang::machine::{Machine, Moment};
use crate::bang::state::{CheckKind, State, WindowKind};
use crate::core::Step;

/// The first of the run's moments (Opening to Resolved) at which the train
/// has a step to take now.
pub(super) fn due(s: &State) -> Option<Moment> {
    let t = &s.train;
    if ghost_gone(s).is_some() {
        Some(Moment::Opening)
    } else if t.evan.is_some() {
        Some(Moment::BeforeShot)
    } else if robbery_pending(s).is_some() {
        Some(Moment::BeforeEffect)
    } else if t.money_bag.is_some() || t.used.is_some() || t.shade.is_some() || t.end.is_some() {
        Some(Moment::Resolved)
    } else {
        None
    }
}

/// The train's step at `moment`, if it has one.
pub(super) fn step_at(m: &mut Machine<'_, '_>, moment: Moment) -> Option<Step> {
    let s = m.s();
    let t = &s.train;
    match moment {
        Moment::Opening => {
            let ghost = ghost_gone(s)?;
            m.ghost_leaves(ghost); // TR-11.8.6
        }
        Moment::BeforeShot => {
            // TC2: Evan Babbit decides first, in his own window.
            let (evan, _) = t.evan?;
            m.emit(Event::WindowOpened {
                seat: evan,
                kind: WindowKind::Train(TrainWindow::EvanBabbit),
            });
        }
        Moment::BeforeEffect => {
            // TR-13.13: the robbed player decides, in his own window.
            let (target, _) = robbery_pending(s)?;
            m.emit(Event::WindowOpened {
                seat: target,
                kind: WindowKind::Train(TrainWindow::Robbery),
            });
        }
        Moment::Resolved => {
            if let Some((seat, card)) = t.money_bag.or(t.used) {
                // TR-13.7 (a), TR-9.4: the effect of the Money Bag, or of
                // the railcar, has resolved.
                m.emit(Event::Discarded {
                    seat,
                    cards: vec![card],
                });
            } else if let Some(shade) = t.shade {
                // TC7: Shade O'Connor decides, in his own window.
                m.emit(Event::WindowOpened {
                    seat: shade,
                    kind: WindowKind::Train(TrainWindow::ShadeOConnor),
                });
            } else {
                let stage = t.end?;
                return Some(m.end_of_the_line_step(stage));
            }
        }
        Moment::TurnStart => {
            if map_pending(s) {
                return Some(Step::Waits); // he looks at his Map's cards
            }
            if !m.automatic_advance_due() {
                return None;
            }
            m.advance_train(Advance::Automatic);
        }
        Moment::BeforeDraw => {
            let seat = s.turn.seat;
            if dining_due(s, seat) {
                m.check(seat, CheckKind::DiningCar, true);
            } else if !m.map_look() {
                return None;
            }
        }
    }
    Some(Step::Moved)
}
