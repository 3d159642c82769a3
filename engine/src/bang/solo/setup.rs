//! A solo game's setup (A2, A8, A9): the Sheriff at seat 0, the other roles
//! shuffled to seats 1–5 and every role face up; characters from the reduced
//! pool, the Four Most Wanted, or the person's choice; then the deal by level.
//! With an expansion its 8 characters join the pool, whichever is dealt from
//! (GR-2.5): the NPC policy plays them all (Part D1.4, D2.6).

use super::mode::{SEATS, Solo};
use super::seats::is_npc;
use crate::bang::characters::{Character, CharacterSet};
use crate::bang::events::Event;
use crate::bang::expansion::with_characters;
use crate::bang::machine::Machine;
use crate::bang::setup::{deal_and_begin, starting_life};
use crate::bang::state::{ExpansionsOn, State};
use crate::core::{Role, Seat};

/// A1.3: the ten characters of the solo pool.
pub const POOL: [Character; 10] = {
    use Character::*;
    [
        BartCassidy,
        BlackJack,
        Jourdonnais,
        LuckyDuke,
        PaulRegret,
        RoseDoolan,
        SlabTheKiller,
        SuzyLafayette,
        VultureSam,
        WillyTheKid,
    ]
};

/// The solo pool of a game playing the expansions `on` (A1.3), with each
/// expansion's 8 characters (decision: they join the pool as Gold Rush's
/// do, GR-2.5).
pub fn pool(on: ExpansionsOn) -> Vec<Character> {
    with_characters(on, POOL.to_vec())
}

/// A9.2: the Four Most Wanted, dealt to the four NPCs.
pub const MOST_WANTED: [Character; 4] = {
    use Character::*;
    [SlabTheKiller, WillyTheKid, BartCassidy, Jourdonnais]
};

/// A8: the cards on each NPC's Stack at setup, by level (level 4: its life).
const LEVEL_CARDS: [usize; 4] = [0, 1, 2, 3];

/// The cards `seat` is dealt at setup (B-5.5; A2.6 and A8 for a solo NPC).
pub fn starting_hand(s: &State, seat: Seat) -> usize {
    let life = s.p(seat).life.max(0) as usize;
    match s.solo {
        Some(solo) if is_npc(s, seat) => LEVEL_CARDS
            .get(solo.difficulty as usize)
            .copied()
            .unwrap_or(life),
        _ => life,
    }
}

/// A2.1–A2.5 (and A9.2, A9.4): roles, then characters; the deal follows at
/// once unless the person chooses characters first.
pub(crate) fn open(m: &mut Machine, solo: Solo) {
    let expansions = m.s().expansions;
    let mut others = [
        Role::Deputy,
        Role::Outlaw,
        Role::Outlaw,
        Role::Outlaw,
        Role::Renegade,
    ];
    m.rng.shuffle(&mut others);
    let roles: Vec<Role> = std::iter::once(Role::Sheriff).chain(others).collect();
    for (seat, &role) in roles.iter().enumerate() {
        // A2.4: every role is revealed.
        m.emit(Event::RoleDealt {
            seat: seat as Seat,
            role: Some(role),
            face_up: true,
        });
    }
    let deputy = roles.iter().position(|&r| r == Role::Deputy).unwrap_or(1) as Seat;
    let npcs: Vec<Seat> = (1..SEATS).filter(|&x| x != deputy).collect();
    let people = [0, deputy];
    let mut dealt: Vec<(Seat, Character)> = Vec::new();
    let mut offers: Vec<(Seat, [Character; 2])> = Vec::new();
    if solo.four_most_wanted {
        let mut wanted = MOST_WANTED;
        m.rng.shuffle(&mut wanted);
        dealt.extend(npcs.iter().copied().zip(wanted));
        let from: Vec<Character> = if solo.choose_characters {
            with_characters(expansions, Character::of_set(CharacterSet::Base).collect())
        } else {
            pool(expansions)
        };
        let mut rest: Vec<Character> = from
            .iter()
            .copied()
            .filter(|c| !MOST_WANTED.contains(c))
            .collect();
        m.rng.shuffle(&mut rest);
        if solo.choose_characters {
            // D-L5: only the Sheriff and the Deputy choose, from the other 12.
            offers.extend(
                people
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| (x, [rest[2 * i], rest[2 * i + 1]])),
            );
        } else {
            dealt.extend(people.iter().copied().zip(rest));
        }
    } else if solo.choose_characters {
        // D-L5: two drawn for each seat from all 16 (8 more per expansion).
        let mut all = with_characters(expansions, Character::of_set(CharacterSet::Base).collect());
        m.rng.shuffle(&mut all);
        offers.extend((0..SEATS).map(|x| (x, [all[2 * x as usize], all[2 * x as usize + 1]])));
    } else {
        let mut pool = pool(expansions);
        m.rng.shuffle(&mut pool);
        dealt.extend((0..SEATS).zip(pool));
    }
    dealt.sort_by_key(|&(seat, _)| seat);
    for (seat, character) in dealt {
        m.emit(Event::CharacterDealt {
            seat,
            character,
            life: starting_life(character, roles[seat as usize]),
        });
    }
    for (seat, [a, b]) in offers.iter().copied() {
        m.emit(Event::CharactersOffered {
            seat,
            offer: [Some(a), Some(b)],
        });
    }
    if offers.is_empty() {
        deal_and_begin(m);
    }
}
