use serde::{Deserialize, Serialize};

/// A seat at the table, numbered clockwise from 0.
pub type Seat = u8;

/// Who is looking at a state or an event; decides what is hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player: sees his own secrets and public facts.
    #[cfg_attr(feature = "openapi", schema(title = "seat"))]
    Seat(Seat),
    /// Someone without a seat: public facts only.
    #[cfg_attr(feature = "openapi", schema(title = "spectator"))]
    Spectator,
    /// Sees everything: used once a game is over, and for audits.
    #[cfg_attr(feature = "openapi", schema(title = "omniscient"))]
    Omniscient,
}

impl Viewer {
    /// Whether this viewer may see a secret that belongs to `owner`.
    pub fn sees_secret_of(self, owner: Seat) -> bool {
        match self {
            Viewer::Seat(seat) => seat == owner,
            Viewer::Spectator => false,
            Viewer::Omniscient => true,
        }
    }
}
