//! The fold of the setup events: the game's options, and each seat's role
//! and character.

use crate::bang::events::Event;
use crate::bang::expansion::{Expansions, in_play};
use crate::bang::fold_steps::player;
use crate::bang::state::{MAX_PLAYERS, State};

/// Folds a setup event (another event is folded by another family).
pub(super) fn fold(s: &mut State, event: &Event) {
    match event {
        Event::GameCreated(c) => {
            s.players = c.players.min(MAX_PLAYERS as u8);
            s.seats = c.seats.clone().into();
            s.seed_commitment = c.seed_commitment.as_str().into();
            s.reaction_seconds = c.options.reaction_seconds;
            s.character_choice = c.options.character_choice;
            s.expansions = Expansions::default().playing(&c.options);
            s.before_0_2 = crate::written_before(&c.engine, 0, 2);
            for e in in_play(s) {
                e.game_created(s, &c.options);
            }
        }
        Event::RoleDealt {
            seat,
            role,
            face_up,
        } => {
            if let Some(p) = player(s, *seat) {
                p.role = *role;
                p.role_public = *face_up;
            }
        }
        Event::CharactersOffered { seat, offer } => {
            if let (Some(p), [Some(a), Some(b)]) = (player(s, *seat), offer) {
                p.offer = Some([*a, *b]);
            }
        }
        Event::CharacterChosen { seat, character } => {
            if let Some(p) = player(s, *seat) {
                p.chosen = *character;
            }
        }
        Event::CharacterDealt {
            seat,
            character,
            life,
        } => {
            if let Some(p) = player(s, *seat) {
                p.character = Some(*character);
                p.life = *life as i8;
                p.max_life = *life;
                p.alive = true;
            }
        }
        _ => {}
    }
}
