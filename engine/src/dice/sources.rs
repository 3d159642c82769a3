//! Why life changes: what caused a loss or a gain of LP. Plain data below the
//! state, the windows (The Bad answers a gain) and the events that record them.

use serde::{Deserialize, Serialize};

use crate::core::Seat;

/// What caused a loss of life; decides which abilities react.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::LossSource))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum LossSource {
    /// An Indian attack.
    #[cfg_attr(feature = "openapi", schema(title = "indians"))]
    Indians,
    /// Three or more Dynamite.
    #[cfg_attr(feature = "openapi", schema(title = "dynamite"))]
    Dynamite,
    /// Loudmouth and Coward: a Bullet rolled by the active player.
    #[cfg_attr(feature = "openapi", schema(title = "bullet"))]
    Bullet,
    /// Bull's Eyes of the active player.
    #[cfg_attr(feature = "openapi", schema(title = "bullseyes"))]
    Bullseyes {
        /// The shooter.
        by: Seat,
    },
    /// The active player's Gatling Gun.
    #[cfg_attr(feature = "openapi", schema(title = "gatling"))]
    Gatling {
        /// The shooter.
        by: Seat,
    },
}

impl LossSource {
    /// The player who aimed this loss at others, if any (Bull's Eyes, Gatling).
    pub fn shooter(self) -> Option<Seat> {
        match self {
            LossSource::Bullseyes { by } | LossSource::Gatling { by } => Some(by),
            LossSource::Indians | LossSource::Dynamite | LossSource::Bullet => None,
        }
    }
}

/// What caused a gain of life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::GainSource))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum GainSource {
    /// A Beer result given by the active player.
    #[cfg_attr(feature = "openapi", schema(title = "beer"))]
    Beer {
        /// The giver.
        by: Seat,
    },
    /// Sid Ketchum's gift.
    #[cfg_attr(feature = "openapi", schema(title = "sid_ketchum"))]
    SidKetchum,
    /// Vulture Sam's reward for eliminations.
    #[cfg_attr(feature = "openapi", schema(title = "vulture_sam"))]
    VultureSam,
    /// Suzy Lafayette's bonus.
    #[cfg_attr(feature = "openapi", schema(title = "suzy_lafayette"))]
    SuzyLafayette,
    /// New characters: Doc Holyday's bonus.
    #[cfg_attr(feature = "openapi", schema(title = "doc_holyday"))]
    DocHolyday,
}
