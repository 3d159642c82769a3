//! Rules tests of the Lone Gunslinger (`rules/lone-gunslinger.md`): one per
//! acceptance case LG-AC-01 to LG-AC-31 (Part E, solo), named after it, and
//! the tie-breaks of B9. The Part C cases are in `tests/npc`.
//!
//! [`T::solo`] builds an exact solo situation on the base harness: the
//! seats get their roles (all face up), characters and life, and the game is
//! made a solo game; NPC seats are then played by the rules whenever the
//! machine runs (the person's seats wait as usual).

mod responses;
mod setup;
mod targets;
mod turns;

pub use super::*;
pub use crate::bang::npc::{self, Memory, Reason};
pub use crate::bang::solo::Solo;
pub use crate::core::Viewer;

/// Seats F (5): the seat before the Sheriff, so the rules stop at his turn.
pub const F: Seat = 5;
/// The seventh seat.
pub const G: Seat = 6;

/// Characters whose abilities stay out of the cases: the person's seats
/// choose in phase 1; the NPCs' abilities act in phase 1 or on checks and
/// eliminations only.
pub const SOLO_PLAIN: [Character; 6] = [
    PedroRamirez,
    JesseJones,
    KitCarlson,
    BlackJack,
    LuckyDuke,
    VultureSam,
];

/// Roles for seats A–F: Sheriff, Deputy, then an Outlaw, the Renegade and
/// two Outlaws (the NPC under test is usually F, "O1").
pub const SOLO_ROLES: [Role; 6] = [Sheriff, Deputy, Outlaw, Renegade, Outlaw, Outlaw];

// More card ids (§2.1).
pub const MISSED_4S: Card = 33;
pub const WELLS_FARGO: Card = 47;
pub const BARREL2: Card = 65;
pub const MUSTANG2: Card = 68;
pub const SCHOFIELD2: Card = 76;
pub const REMINGTON: Card = 78;

/// Missed! cards: never usable in phase 2 (B5), so an NPC keeps them.
pub const MISSES: [Card; 12] = [26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37];

impl T {
    /// A solo table with these characters and roles (every role face up),
    /// level 0, A's phase 2.
    pub fn solo(characters: &[Character], roles: &[Role]) -> T {
        let mut t = T::new(characters, roles);
        t.s.solo = Some(Solo::default());
        crate::bang::expansion::switch(&mut t.s, crate::bang::solo::MODE, true);
        for p in t.s.table.iter_mut().take(characters.len()) {
            p.role_public = true;
        }
        t
    }

    /// The default solo table.
    pub fn solo_plain() -> T {
        T::solo(&SOLO_PLAIN, &SOLO_ROLES)
    }

    /// `seat`'s phase 2 from the state as it stands: the rules play the NPC
    /// (and whatever follows, up to the person's next decision).
    pub fn npc_play(&mut self, seat: Seat) -> Vec<Event> {
        self.s.turn = Turn {
            seat,
            phase: Phase::Play,
            ..Turn::default()
        };
        self.advance()
    }

    /// The NPC's decision now, by the policy, from its own view.
    pub fn decide(&self, seat: Seat) -> (Action, Reason) {
        self.decide_with(seat, &Memory::new())
    }

    /// Like [`T::decide`], with a ledger.
    pub fn decide_with(&self, seat: Seat, memory: &Memory) -> (Action, Reason) {
        let legal = legal_actions(&self.s, seat);
        assert!(!legal.is_empty(), "seat {seat} is not asked anything");
        let got = npc::decide(&view(&self.s, Viewer::Seat(seat)), memory, &legal);
        assert!(legal.contains(&got.0));
        got
    }

    /// `seat` is the current player in phase 2 (nothing run).
    pub fn at_play(&mut self, seat: Seat) -> &mut T {
        self.s.turn = Turn {
            seat,
            phase: Phase::Play,
            ..Turn::default()
        };
        self
    }
}

/// A ledger that has seen the Sheriff A and these hostile acts (by, against).
pub fn ledger_with(acts: &[(Seat, Seat)]) -> Memory {
    let mut m = Memory::new();
    m.observe(&Event::RoleDealt {
        seat: A,
        role: Some(Sheriff),
        face_up: true,
    });
    for &(by, against) in acts {
        m.hostile(by, against);
    }
    m
}

/// The NPC decisions among `events`: seat, action, reason.
pub fn npc_acts(events: &[Event]) -> Vec<(Seat, Action, Reason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::NpcActed {
                seat,
                action,
                reason,
            } => Some((*seat, *action, *reason)),
            _ => None,
        })
        .collect()
}

/// The events of `seat`'s turn in `events`: up to the next turn's start.
pub fn this_turn(events: &[Event]) -> &[Event] {
    let end = events
        .iter()
        .position(|e| matches!(e, Event::TurnStarted { .. }))
        .unwrap_or(events.len());
    &events[..end]
}
