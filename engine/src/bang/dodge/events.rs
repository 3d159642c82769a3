//! Dodge City's events, nested in the card game's log as
//! [`crate::bang::Event::Dodge`] with their own `type` tags. All public.

use serde::{Deserialize, Serialize};

use super::effects::green_used;
use crate::bang::card_rules::card_name;
use crate::bang::cards::Card;
use crate::bang::characters::Character;
use crate::bang::events::ExpansionEvent;
use crate::bang::fold_steps::player;
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
    /// Dodge City: `seat` used his character's ability (Chuck Wengam, Doc
    /// Holyday, José Delgado, Pat Brennan); what it did follows.
    #[cfg_attr(feature = "openapi", schema(title = "ability_used"))]
    AbilityUsed {
        /// Who.
        seat: Seat,
        /// The ability's character (Vera Custer's copy's).
        character: Character,
    },
    /// Dodge City, Vera Custer (DC15): `seat` has `character`'s ability
    /// until her next choice (`null`: none, her turn was skipped).
    #[cfg_attr(feature = "openapi", schema(title = "ability_copied"))]
    AbilityCopied {
        /// Vera Custer.
        seat: Seat,
        /// The character copied.
        character: Option<Character>,
    },
    /// Dodge City, Brawl (DC-4.3): `seat` has lost his card (or had none)
    /// and the Brawl goes on to the next player.
    #[cfg_attr(feature = "openapi", schema(title = "brawl_done"))]
    BrawlDone {
        /// The player done with.
        seat: Seat,
    },
    /// Dodge City, Molly Stark (DC10): she will draw 1 card when the Duel
    /// she just discarded a BANG! in ends.
    #[cfg_attr(feature = "openapi", schema(title = "draw_owed"))]
    DrawOwed {
        /// Molly Stark.
        seat: Seat,
    },
    /// Dodge City, Molly Stark (DC10): the Duel is over; she draws the
    /// cards owed to her (the draw follows).
    #[cfg_attr(feature = "openapi", schema(title = "owed_drawn"))]
    OwedDrawn {
        /// Molly Stark.
        seat: Seat,
        /// How many.
        count: u8,
    },
}

impl ExpansionEvent for Event {
    const RULES: &'static [(&'static str, &'static str)] = &[
        ("green_used", "dodge-city.md DC-3.3"),
        ("ability_used", "dodge-city.md §5"),
        ("ability_copied", "dodge-city.md §5"),
        ("brawl_done", "dodge-city.md DC-4.3"),
        ("draw_owed", "dodge-city.md §5"),
        ("owed_drawn", "dodge-city.md §5"),
    ];

    fn fold(&self, s: &mut State) {
        match *self {
            Event::GreenUsed { seat, card, target } => green_used(s, seat, card, target),
            Event::AbilityUsed { character, .. } => match character {
                Character::DocHolyday => s.dodge.doc_used = true,
                Character::JoseDelgado => s.dodge.jose_uses = s.dodge.jose_uses.saturating_add(1),
                Character::ChuckWengam => s.dodge.chuck_used = true,
                _ => {}
            },
            Event::AbilityCopied { seat, character } => {
                if let Some(p) = player(s, seat) {
                    p.copy = character;
                }
                s.dodge.vera_chose = true;
            }
            Event::BrawlDone { seat } => {
                if let Some((_, targets)) = s.dodge.brawl.as_mut()
                    && targets.first() == Some(&seat)
                {
                    targets.remove(0);
                }
                if s.dodge.brawl.as_ref().is_some_and(|(_, t)| t.is_empty()) {
                    s.dodge.brawl = None;
                }
            }
            Event::DrawOwed { .. } => s.dodge.molly_owed = s.dodge.molly_owed.saturating_add(1),
            Event::OwedDrawn { .. } => s.dodge.molly_owed = 0,
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
            Event::AbilityUsed { seat, character } => format!(
                "{} uses {}'s ability (dodge-city.md §5).",
                name(*seat),
                character.info().name
            ),
            Event::AbilityCopied {
                seat,
                character: Some(c),
            } => format!(
                "{} has {}'s ability until her next turn (dodge-city.md DC15).",
                name(*seat),
                c.info().name
            ),
            Event::AbilityCopied {
                seat,
                character: None,
            } => format!(
                "{} has no ability copied (dodge-city.md DC15).",
                name(*seat)
            ),
            Event::BrawlDone { .. } | Event::DrawOwed { .. } => return None,
            Event::OwedDrawn { seat, count } => format!(
                "The Duel is over: {} draws {count} for the BANG!s she discarded (dodge-city.md DC10).",
                name(*seat)
            ),
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
