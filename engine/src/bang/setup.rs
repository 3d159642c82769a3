//! Opening a game (§5): the first event, roles, characters, the deck, the
//! starting hands and the first turn.

use super::cards::Card;
use super::characters::Character;
use super::events::{Event, GameCreated};
use super::expansion::in_play;
use super::machine::TurnHooks;
use super::machine::{Machine, run};
use super::options::Config;
use super::roles::roles_for;
use super::state::State;
use crate::ENGINE_VERSION;
use crate::core::{GameRng, Recorder, Role};

/// The events that open a game, up to the first decision.
pub fn start(config: &Config, rng: &mut GameRng) -> Result<Vec<Event>, String> {
    config.validate()?;
    let n = config.players;
    let mut state = State::default();
    let mut rec = Recorder::new(&mut state, Vec::with_capacity(64));
    let mut m = Machine { rec: &mut rec, rng };
    let seed_commitment = m.rng.seed().commitment();
    m.emit(Event::GameCreated(Box::new(GameCreated {
        ruleset: super::RULESET.to_string(),
        engine: ENGINE_VERSION.to_string(),
        players: n,
        options: config.options.clone(),
        seats: config.named_seats(),
        seed_commitment,
    })));
    if TurnHooks::in_play(m.s()).any(|e| e.opens_game(&mut m)) {
        run(&mut rec, rng);
        return Ok(rec.events);
    }
    let mut roles = roles_for(n).to_vec();
    m.rng.shuffle(&mut roles);
    let three = n == 3;
    for (seat, &role) in roles.iter().enumerate() {
        m.emit(Event::RoleDealt {
            seat: seat as u8,
            role: Some(role),
            face_up: three || role == Role::Sheriff,
        });
    }
    let mut characters = config.options.character_pool();
    m.rng.shuffle(&mut characters);
    if config.options.character_choice == 2 {
        for seat in 0..n {
            let i = seat as usize * 2;
            m.emit(Event::CharactersOffered {
                seat,
                offer: [Some(characters[i]), Some(characters[i + 1])],
            });
        }
    } else {
        for (seat, &character) in characters.iter().take(n as usize).enumerate() {
            let life = starting_life(character, roles[seat]);
            m.emit(Event::CharacterDealt {
                seat: seat as u8,
                character,
                life,
            });
        }
        deal_and_begin(&mut m);
    }
    run(&mut rec, rng);
    Ok(rec.events)
}

/// B-5.3, D-B15: the character's bullets, +1 for the Sheriff.
pub fn starting_life(character: Character, role: Role) -> u8 {
    character.info().life + (role == Role::Sheriff) as u8
}

/// Option `character_choice: 2`: every seat has chosen; the characters kept
/// are shown, then the deal.
pub(crate) fn reveal_and_deal(m: &mut Machine) {
    let s = m.s();
    let dealt: Vec<(u8, Character, u8)> = s
        .seats()
        .filter_map(|seat| {
            let p = s.p(seat);
            let c = p.chosen?;
            Some((seat, c, starting_life(c, p.role?)))
        })
        .collect();
    for (seat, character, life) in dealt {
        m.emit(Event::CharacterDealt {
            seat,
            character,
            life,
        });
    }
    deal_and_begin(m);
}

/// B-5.4, D-B16: the deck shuffled, each seat's whole hand dealt from the
/// Sheriff (3 players: the Deputy) clockwise, and his first turn. A solo NPC
/// is dealt by level (A8, D-L1: seat 0 first, each seat all its cards at
/// once, the last card dealt on top of its Stack).
pub(crate) fn deal_and_begin(m: &mut Machine) {
    let mut order: Vec<Card> = m.s().deck_ids().collect();
    m.rng.shuffle(&mut order);
    m.emit(Event::DeckShuffled {
        order: order.into_iter().map(Some).collect(),
    });
    let s = m.s();
    let first_role = if s.three_players() {
        Role::Deputy
    } else {
        Role::Sheriff
    };
    let first = s
        .seats()
        .find(|&x| s.p(x).role == Some(first_role))
        .unwrap_or(0);
    let n = s.players;
    for k in 0..n {
        let seat = (first + k) % n;
        let s = m.s();
        let cards = in_play(s)
            .find_map(|e| e.starting_hand(s, seat))
            .unwrap_or(s.p(seat).life.max(0) as usize);
        m.draw(seat, cards);
    }
    for e in TurnHooks::in_play(m.s()) {
        e.table_dealt(m);
    }
    m.emit(Event::TurnStarted {
        seat: first,
        extra: false,
        shadow: false,
    });
}
