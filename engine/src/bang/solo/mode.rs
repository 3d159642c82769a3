//! The solo mode's data: its name, its seat count, and the settings in force
//! ([`Solo`]) that the options derive and the state carries.

use serde::{Deserialize, Serialize};

use crate::bang::options::Options;

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

impl Options {
    /// The solo mode's settings in force, for a `lone_gunslinger` game
    /// (`final_challenge` = difficulty 4 with both variants).
    pub fn solo(&self) -> Option<Solo> {
        (self.mode == MODE).then(|| {
            let fc = self.final_challenge == Some(true);
            Solo {
                difficulty: self.difficulty.unwrap_or(if fc { 4 } else { 0 }),
                night_brings_chaos: self.night_brings_chaos.unwrap_or(fc),
                four_most_wanted: self.four_most_wanted.unwrap_or(fc),
                choose_characters: self.choose_characters.unwrap_or(false),
            }
        })
    }
}
