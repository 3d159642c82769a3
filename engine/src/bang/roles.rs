//! The role cards dealt for each player count (§4.1).

use crate::core::Role;

/// The role cards for `players` (3 to 8), before shuffling (§4.1); empty otherwise.
pub fn roles_for(players: u8) -> &'static [Role] {
    use Role::*;
    match players {
        3 => &[Deputy, Outlaw, Renegade],
        4 => &[Sheriff, Outlaw, Outlaw, Renegade],
        5 => &[Sheriff, Deputy, Outlaw, Outlaw, Renegade],
        6 => &[Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Renegade],
        7 => &[Sheriff, Deputy, Deputy, Outlaw, Outlaw, Outlaw, Renegade],
        8 => &[
            Sheriff, Deputy, Deputy, Outlaw, Outlaw, Outlaw, Renegade, Renegade,
        ],
        _ => &[],
    }
}

/// 3-player variant (§17): the role each role must eliminate.
pub fn three_player_target(role: Role) -> Role {
    match role {
        Role::Deputy => Role::Renegade,
        Role::Renegade => Role::Outlaw,
        _ => Role::Deputy,
    }
}
