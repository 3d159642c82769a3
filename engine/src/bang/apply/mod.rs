//! [`apply`]: folds one event into the state. Total and pure: an event that
//! does not fit the state (which a log written by the rules never holds)
//! changes nothing but the version; a card is only ever moved from where it
//! is, never copied.
//!
//! [`apply`] only routes: each family of events has its own fold, in its own
//! file (setup, the turn and its windows, the piles, the plays, the effects
//! in motion, the "draw!" checks, life); the Gold Rush's and the Great Train
//! Robbery's events are folded by their expansions, through the events.

mod checks;
mod effects;
mod life;
mod piles;
mod plays;
mod setup;
mod turn;

pub(crate) use plays::{played_as, shots_at_everyone};

use super::events::Event;
use super::state::State;

/// Folds one event into the state.
pub fn apply(s: &mut State, event: &Event) {
    s.version += 1;
    s.follow_up = false;
    match event {
        Event::GameCreated(_)
        | Event::RoleDealt { .. }
        | Event::CharactersOffered { .. }
        | Event::CharacterChosen { .. }
        | Event::CharacterDealt { .. } => setup::fold(s, event),
        Event::TurnStarted { .. }
        | Event::PhaseStarted { .. }
        | Event::Acted { .. }
        | Event::NpcActed { .. }
        | Event::OrdersSet { .. }
        | Event::WindowOpened { .. }
        | Event::WindowExpired
        | Event::SeatControl(_)
        | Event::GameEnded { .. } => turn::fold(s, event),
        Event::DeckShuffled { .. }
        | Event::CardsDrawn { .. }
        | Event::KitLooked { .. }
        | Event::KitKept { .. }
        | Event::DiscardTaken { .. }
        | Event::CardStolen { .. }
        | Event::Discarded { .. }
        | Event::DynamitePassed { .. }
        | Event::CardsInherited { .. }
        | Event::StoreRevealed { .. }
        | Event::StorePicked { .. } => piles::fold(s, event),
        Event::CardPlayed { seat, card, target } => plays::played(s, *seat, *card, *target),
        Event::ShotAt { .. }
        | Event::TargetSkipped { .. }
        | Event::MissedPlayed { .. }
        | Event::BangDiscarded { .. }
        | Event::EffectStarted { .. }
        | Event::Unaffected { .. } => effects::fold(s, event),
        Event::CheckFlipped { .. } | Event::CheckResolved { .. } | Event::CardShown { .. } => {
            checks::fold(s, event)
        }
        Event::Healed { .. }
        | Event::LifeLost { .. }
        | Event::LifeGained { .. }
        | Event::Unhurt { .. }
        | Event::Saved { .. }
        | Event::PlayerEliminated { .. }
        | Event::SideTaken { .. } => life::fold(s, event),
        Event::ExtraTurnGranted { heal, .. } => s.extra.granted(*heal),
        nested => nested.fold_nested(s),
    }
}
