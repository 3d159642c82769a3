//! Opening a game: the first event, roles and characters dealt, the first turn.

use super::characters::Character;
use super::events::{Event, GameCreated};
use super::machine::Machine;
use super::options::{Config, ConfigError, ModuleSet, SeatSpec};
use super::roles::{Role, roles_for};
use super::state::State;
use crate::ENGINE_VERSION;
use crate::core::GameRng;

/// The events that open a game: the commitment to the seed, the deal, and
/// everything up to the first decision.
pub fn start(config: &Config, rng: &mut GameRng) -> Result<Vec<Event>, ConfigError> {
    config.validate()?;
    let n = config.players;
    let seats = (0..n as usize)
        .map(|i| {
            let mut spec = config.seats.get(i).cloned().unwrap_or_default();
            if spec.name.is_empty() {
                spec.name = format!("Player {}", i + 1);
            }
            spec
        })
        .collect::<Vec<SeatSpec>>();
    let mut state = State::default();
    let mut m = Machine::new(&mut state, rng);
    let seed_commitment = m.rng.seed().commitment();
    m.emit(Event::GameCreated(Box::new(GameCreated {
        ruleset: super::RULESET.to_string(),
        engine: ENGINE_VERSION.to_string(),
        players: n,
        options: config.options.clone(),
        seats,
        seed_commitment,
    })));

    let mut roles = roles_for(n).to_vec();
    m.rng.shuffle(&mut roles);
    let mut characters = Character::pool(ModuleSet::of(&config.options.modules));
    m.rng.shuffle(&mut characters);
    let three = n == 3;
    for (seat, &role) in roles.iter().enumerate() {
        m.emit(Event::RoleDealt {
            seat: seat as u8,
            role: Some(role),
            face_up: three || role == Role::Sheriff,
        });
    }
    for (seat, (&character, &role)) in characters.iter().zip(&roles).enumerate() {
        let bonus = if role == Role::Sheriff { 2 } else { 0 };
        m.emit(Event::CharacterDealt {
            seat: seat as u8,
            character,
            life: character.info().life + bonus,
        });
    }
    let first = if three { Role::Deputy } else { Role::Sheriff };
    let first = roles.iter().position(|&r| r == first).unwrap_or(0) as u8;
    m.emit(Event::TurnStarted { seat: first });
    m.run();
    Ok(m.events)
}
