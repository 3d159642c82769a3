//! The solo mode's data: its name, its seat count, and the settings in force
//! ([`Solo`]) that the options derive and the state carries.

use serde::{Deserialize, Serialize};

/// The mode's name in `options.mode`.
pub const MODE: &str = "lone_gunslinger";

/// The seats of a solo game (A2.1).
pub const SEATS: u8 = 6;

/// The solo settings in force (A8, A9), as [`Options::solo`] derives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Solo))]
pub struct Solo {
    /// The level, 0 to 4 (A8).
    pub difficulty: u8,
    /// A9.1: at each reshuffle every NPC in play regains 1 life.
    pub night_brings_chaos: bool,
    /// A9.2: the NPCs are Slab the Killer, Willy the Kid, Bart Cassidy and Jourdonnais.
    pub four_most_wanted: bool,
    /// A9.4: the person chooses each seat's character from two.
    pub choose_characters: bool,
}
