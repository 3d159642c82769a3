//! Checking a game's [`Config`] before it opens: the generic rules of the
//! card game, and the solo mode's own checks first in a solo game. Kept
//! apart from the options (plain data) so the data does not import the mode's
//! checks, which read the options.

use super::options::Config;
use super::solo::mode::MODE;
use super::solo::validate as solo;

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
        let o = &self.options;
        if o.mode == MODE {
            // Before the generic checks: a solo game names what the solo mode needs.
            solo::validate(self)?;
        }
        for (i, e) in o.expansions.iter().enumerate() {
            if e != super::gold::EXPANSION && e != super::train::EXPANSION {
                return Err(format!(
                    "options.expansions: \"gold_rush\" and \"train_robbery\" are available, not {e:?}"
                ));
            }
            if o.expansions[..i].contains(e) {
                return Err(format!("options.expansions: {e:?} is listed twice"));
            }
        }
        for (i, v) in o.variants.iter().enumerate() {
            if v != super::shadows::VARIANT {
                return Err(format!(
                    "options.variants: \"shadow_gunslingers\" is available, not {v:?}"
                ));
            }
            if o.variants[..i].contains(v) {
                return Err(format!("options.variants: {v:?} is listed twice"));
            }
            if self.players == 3 {
                // D-G18: the 3-player variant has no teams for a shadow to play for.
                return Err(
                    "options.variants: \"shadow_gunslingers\" is not played with 3 players".into(),
                );
            }
            if o.mode == MODE {
                return Err(
                    "options.variants: \"shadow_gunslingers\" is not played in the solo mode"
                        .into(),
                );
            }
        }
        match o.mode.as_str() {
            "normal" => solo::refuse_solo_options(o)?,
            MODE => {}
            other => {
                return Err(format!(
                    "options.mode: \"normal\" or \"lone_gunslinger\", not {other:?}"
                ));
            }
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
