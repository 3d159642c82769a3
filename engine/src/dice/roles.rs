//! Roles in the dice game: the cards dealt per player count, and whom each
//! hunts with 3 players. The role and team types are the family's
//! ([`crate::core`]).

pub use crate::core::{Role, Team};

/// The role cards for a table of `players` (3 to 8), in a fixed order before shuffling.
pub fn roles_for(players: u8) -> &'static [Role] {
    use Role::*;
    match players {
        3 => &[Deputy, Outlaw, Renegade],
        4 => &[Sheriff, Outlaw, Outlaw, Renegade],
        5 => &[Sheriff, Deputy, Outlaw, Outlaw, Renegade],
        6 => &[Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Renegade],
        7 => &[Sheriff, Deputy, Deputy, Outlaw, Outlaw, Outlaw, Renegade],
        _ => &[
            Sheriff, Deputy, Deputy, Outlaw, Outlaw, Outlaw, Renegade, Renegade,
        ],
    }
}

/// In the 3-player variant, whom each role hunts (4.4.2).
pub fn three_player_target(role: Role) -> Role {
    match role {
        Role::Deputy => Role::Renegade,
        Role::Renegade => Role::Outlaw,
        Role::Outlaw | Role::Sheriff => Role::Deputy,
    }
}
