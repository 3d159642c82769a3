//! The Great Train Robbery as the base game's hooks see it: its id and where the
//! options name it (its rules are still called by name from the base).

use super::EXPANSION;
use super::{TrainEvent, ghost_saves};
use crate::bang::events::Event;
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::machine::{Machine, TurnRules};
use crate::core::Seat;

/// The expansion's hooks.
pub(crate) struct TrainRobbery;

impl Expansion for TrainRobbery {
    fn id(&self) -> &'static str {
        EXPANSION
    }

    fn slot(&self) -> Slot {
        Slot::Expansion
    }
}

impl TurnRules for TrainRobbery {
    /// TR-11.8.2: the holder of the Ghost Car becomes a ghost instead.
    fn saves_from_elimination(&self, m: &mut Machine<'_, '_>, seat: Seat) -> bool {
        if !ghost_saves(m.s(), seat) {
            return false;
        }
        m.emit(Event::Train(TrainEvent::GhostRose { seat }));
        true
    }
}
