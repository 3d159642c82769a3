//! The questions Gold Rush asks of a state: the equipment in front of a
//! player, and what his Calumet ignores.

use super::equipment::{EquipKind, equip_kind};
use crate::bang::cards::{Card, Kind, Suit, card as card_info, kind};
use crate::bang::state::State;
use crate::core::Seat;

impl State {
    /// Whether `seat` has black equipment of this kind in play (Gold Rush).
    pub fn has_equipment(&self, seat: Seat, k: EquipKind) -> bool {
        self.p(seat).equipment.iter().any(|&e| equip_kind(e) == k)
    }
}

/// GR-7.7: whether `card`, played by `by`, has no effect on `seat` (his
/// Calumet ignores ♦ cards played by others; a Duel is the exception).
pub(crate) fn calumet_ignores(s: &State, seat: Seat, by: Seat, card: Card) -> bool {
    seat != by
        && kind(card) != Kind::Duel
        && card_info(card).is_some_and(|c| c.suit == Suit::Diamonds)
        && s.has_equipment(seat, EquipKind::Calumet)
}
