//! Checking a game's [`Config`] before it opens: the generic rules of the
//! card game, each registered expansion's own checks (the solo mode's first),
//! and the names of the expansions, variants and mode. Kept apart from the
//! options (plain data) so the data does not import the expansions.

use super::expansion::{Expansions, Slot};
use super::options::Config;

/// The mode of a game with no mode of an expansion.
const NORMAL: &str = "normal";

impl Config {
    /// Checks the configuration; the message names the first wrong option.
    pub fn validate(&self) -> Result<(), String> {
        if !(3..=8).contains(&self.players) {
            return Err(format!(
                "players: the card game takes 3 to 8 players, not {}",
                self.players
            ));
        }
        if self.seats.len() > self.players as usize {
            return Err(format!(
                "seats: {} seats were given for {} players",
                self.seats.len(),
                self.players
            ));
        }
        let registered = Expansions::default();
        for e in registered.all() {
            e.check(self)?;
        }
        let o = &self.options;
        let known =
            |slot: Slot, id: &str| registered.all().any(|e| e.slot() == slot && e.id() == id);
        for (i, e) in o.expansions.iter().enumerate() {
            if !known(Slot::Expansion, e) {
                return Err(format!(
                    "options.expansions: {} available, not {e:?}",
                    available(&registered, Slot::Expansion)
                ));
            }
            if o.expansions[..i].contains(e) {
                return Err(format!("options.expansions: {e:?} is listed twice"));
            }
        }
        for (i, v) in o.variants.iter().enumerate() {
            if !known(Slot::Variant, v) {
                return Err(format!(
                    "options.variants: {} available, not {v:?}",
                    available(&registered, Slot::Variant)
                ));
            }
            if o.variants[..i].contains(v) {
                return Err(format!("options.variants: {v:?} is listed twice"));
            }
        }
        if o.mode != NORMAL && !known(Slot::Mode, &o.mode) {
            return Err(format!(
                "options.mode: {NORMAL:?} or {}, not {:?}",
                registered.named(Slot::Mode, "or"),
                o.mode
            ));
        }
        if !(1..=2).contains(&o.character_choice) {
            return Err(format!(
                "options.character_choice: 1 or 2, not {}",
                o.character_choice
            ));
        }
        if let Some(s) = o.reaction_seconds {
            crate::core::check_reaction_seconds(s).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// The ids registered in `slot` and the verb they take: `"a" is` or
/// `"a" and "b" are`.
fn available(registered: &Expansions, slot: Slot) -> String {
    let ids = registered.named(slot, "and");
    let verb = if ids.contains(" and ") { "are" } else { "is" };
    format!("{ids} {verb}")
}
