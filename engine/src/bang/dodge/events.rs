//! Dodge City's events, nested in the card game's log as
//! [`crate::bang::Event::Dodge`] with their own `type` tags. All public.

use serde::{Deserialize, Serialize};

use super::effects::green_used;
use crate::bang::card_rules::card_name;
use crate::bang::cards::Card;
use crate::bang::events::ExpansionEvent;
use crate::bang::state::State;
use crate::core::{Seat, Viewer};

/// A fact of Dodge City in a card game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::DodgeEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Dodge City (DC-3.3): `seat` used his green `card` in play: it went to
    /// the discard pile and its effect started (a BANG! effect at `target`,
    /// at everyone else for a Howitzer, a Missed! effect against the shot
    /// at him for the cards with that symbol).
    #[cfg_attr(feature = "openapi", schema(title = "green_used"))]
    GreenUsed {
        /// Its owner.
        seat: Seat,
        /// The green card.
        card: Card,
        /// Its target, for a card that takes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
}

impl ExpansionEvent for Event {
    fn fold(&self, s: &mut State) {
        match self {
            Event::GreenUsed { seat, card, target } => green_used(s, *seat, *card, *target),
        }
    }

    fn told(&self, names: &[String]) -> Option<String> {
        let name = |seat: Seat| names.get(seat as usize).map_or("?", String::as_str);
        Some(match self {
            Event::GreenUsed { seat, card, target } => {
                let at = target.map_or(String::new(), |t| format!(" at {}", name(t)));
                format!(
                    "{} uses {} from play{at} (dodge-city.md DC-3.3).",
                    name(*seat),
                    card_name(*card)
                )
            }
        })
    }

    fn hides(&self) -> bool {
        false
    }

    fn redacted(&self, _viewer: Viewer) -> Event {
        self.clone()
    }

    fn hides_an_order(&self) -> bool {
        false
    }
}
