//! The Lone Gunslinger as the base game's hooks see it: its id, where the
//! options name it, and its checks of a configuration (its other rules are
//! still called by name from the base).

use super::mode::MODE;
use super::validate;
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::machine::TurnRules;
use crate::bang::options::Config;

/// The mode's hooks.
pub(crate) struct LoneGunslinger;

impl Expansion for LoneGunslinger {
    fn id(&self) -> &'static str {
        MODE
    }

    fn slot(&self) -> Slot {
        Slot::Mode
    }

    /// A solo game names what the solo mode needs (before any other option
    /// is read: the mode is registered first); another game names no solo
    /// option.
    fn check(&self, c: &Config) -> Result<(), String> {
        match c.options.mode.as_str() {
            MODE => validate::validate(c),
            "normal" => validate::refuse_solo_options(&c.options),
            _ => Ok(()),
        }
    }
}

impl TurnRules for LoneGunslinger {}
