//! Which events may hide something from some viewer: by tag
//! ([`HIDING_EVENTS`]) and by value ([`Event::hides`]). Redaction
//! (`view.rs`) replaces what is hidden.

use super::Event;

/// The tags of the events that may hide something from some viewer.
pub const HIDING_EVENTS: &[&str] = &[
    "role_dealt",
    "characters_offered",
    "character_chosen",
    "deck_shuffled",
    "cards_drawn",
    "kit_looked",
    "map_looked",
    "kit_kept",
    "card_stolen",
    "cards_inherited",
    "orders_set",
    "equipment_shuffled",
    "stations_shuffled",
    "railcars_shuffled",
    "card_given",
];

impl Event {
    /// Whether this event may hide something from some viewer.
    pub fn hides(&self) -> bool {
        if let Some(hides) = self.nested_hides() {
            return hides;
        }
        matches!(
            self,
            Event::RoleDealt { .. }
                | Event::CharactersOffered { .. }
                | Event::CharacterChosen { .. }
                | Event::DeckShuffled { .. }
                | Event::CardsDrawn { .. }
                | Event::KitLooked { .. }
                | Event::KitKept { .. }
                | Event::CardStolen { .. }
                | Event::CardsInherited { .. }
                | Event::OrdersSet { .. }
        )
    }
}
