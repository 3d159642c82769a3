//! Opening a game: the first event, roles and characters dealt, the first turn.

use super::characters::Character;
use super::events::{Event, GameCreated};
use super::machine::Machine;
use super::options::Module;
use super::options::{Config, ConfigError, ModuleSet, SeatSpec};
use super::roles::{Role, roles_for};
use super::specials::Special;
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
    let cards = if config.options.modules.contains(&Module::SpecialRoles) {
        deal_specials(&roles, config.options.special_roles_mixed, &mut *m.rng)
    } else {
        vec![None; roles.len()]
    };
    let three = n == 3;
    for (seat, (&role, &card)) in roles.iter().zip(&cards).enumerate() {
        m.emit(Event::RoleDealt {
            seat: seat as u8,
            role: Some(role),
            face_up: three || role == Role::Sheriff,
            card,
        });
    }
    for (seat, (&character, (&role, &card))) in
        characters.iter().zip(roles.iter().zip(&cards)).enumerate()
    {
        let bonus = match (role, card) {
            (Role::Sheriff, Some(Special::TheBear)) => 3,
            (Role::Sheriff, _) => 2,
            _ => 0,
        };
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

/// Special roles: the cards role `role` is dealt from, in a fixed order: its
/// special cards (The Good left out with 3 players, D-28) and, in the mixed
/// variant, its base cards (`None`).
pub fn special_pool(role: Role, three: bool, mixed: bool) -> Vec<Option<Special>> {
    let mut pool: Vec<Option<Special>> = Special::of_role(role)
        .filter(|&card| !(three && card == Special::TheGood))
        .map(Some)
        .collect();
    if mixed {
        let base = match role {
            Role::Sheriff => 1,
            Role::Deputy => 2,
            Role::Outlaw => 3,
            Role::Renegade => 2,
        };
        pool.extend(std::iter::repeat_n(None, base));
    }
    pool
}

/// Special roles: the card each seat's role comes as (§6.3.1, §6.3.2): for each
/// role, that many cards drawn at random from its special cards (The Good left
/// out with 3 players, D-28), mixed with the base cards in the mixed variant
/// (`None` = a base card).
fn deal_specials(roles: &[Role], mixed: bool, rng: &mut GameRng) -> Vec<Option<Special>> {
    let three = roles.len() == 3;
    let mut cards = vec![None; roles.len()];
    for role in Role::ALL {
        let seats: Vec<usize> = (0..roles.len()).filter(|&i| roles[i] == role).collect();
        if seats.is_empty() {
            continue;
        }
        let mut pool = special_pool(role, three, mixed);
        rng.shuffle(&mut pool);
        for (&seat, card) in seats.iter().zip(pool) {
            cards[seat] = card;
        }
    }
    cards
}
