//! Gold Rush as the base game's hooks see it: its id and where the
//! options name it (its rules are still called by name from the base).

use super::EXPANSION;
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::machine::{Machine, TurnRules};
use crate::core::Seat;

/// The expansion's hooks.
pub(crate) struct GoldRush;

impl Expansion for GoldRush {
    fn id(&self) -> &'static str {
        EXPANSION
    }

    fn slot(&self) -> Slot {
        Slot::Expansion
    }
}

impl TurnRules for GoldRush {
    /// GR-9.2, GR-3.6: the eliminated player's equipment and nuggets go back.
    fn after_elimination(&self, m: &mut Machine<'_, '_>, seat: Seat) {
        m.eliminated_gold(seat);
    }
}
