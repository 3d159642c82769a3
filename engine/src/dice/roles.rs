//! Roles: the cards dealt per player count and what each side wants.

use serde::{Deserialize, Serialize};

/// A role card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Face up from the start; wants every Outlaw and Renegade gone.
    Sheriff,
    /// Wins with the Sheriff.
    Deputy,
    /// Wants the Sheriff gone; all Outlaws win together.
    Outlaw,
    /// Wants to be the last one standing.
    Renegade,
}

/// The side that won a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Team {
    /// The Sheriff and his Deputies.
    Law,
    /// The Outlaws.
    Outlaws,
    /// One Renegade alone.
    Renegade,
    /// In the 3-player game, the one player who met his goal or outlived the others.
    Survivor,
}

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
