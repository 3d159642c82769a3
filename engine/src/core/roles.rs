//! The roles and the sides of the BANG! family: the same four roles and the
//! same winning sides in the card game and the dice game.

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

impl Role {
    /// Every role, in the order the rules list them.
    pub const ALL: [Role; 4] = [Role::Sheriff, Role::Deputy, Role::Outlaw, Role::Renegade];
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
