//! A seat as every game of the family records it.

use serde::{Deserialize, Serialize};

/// A seat as the game records it: a display name and, for a bot seat, its policy.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatSpec {
    /// Display name.
    pub name: String,
    /// The bot policy playing this seat, if it is a bot seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}
