//! Game options (`config`): what a card game may be set up with, and the
//! refusals that name the option.

use serde::{Deserialize, Deserializer, Serialize};

pub use crate::core::SeatSpec;

/// The options object of a `bang` game, as the API takes it. Every field is
/// optional; `null` means the default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Options))]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Expansions in play (none is available yet).
    #[serde(default, deserialize_with = "or_default")]
    pub expansions: Vec<String>,
    /// Variants in play (none is available yet).
    #[serde(default, deserialize_with = "or_default")]
    pub variants: Vec<String>,
    /// The game mode: only `normal` is available.
    #[serde(default = "normal", deserialize_with = "or_normal")]
    pub mode: String,
    /// Characters dealt to each seat: 1 (dealt face up) or 2 (keep one, secretly).
    #[serde(default = "one", deserialize_with = "or_one")]
    pub character_choice: u8,
    /// A live reaction time: windows asked by hand close this many seconds after
    /// they open, with the safe default. Off (play-by-post) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction_seconds: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            expansions: Vec::new(),
            variants: Vec::new(),
            mode: normal(),
            character_choice: 1,
            reaction_seconds: None,
        }
    }
}

fn normal() -> String {
    "normal".into()
}

fn one() -> u8 {
    1
}

fn or_default<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default>(
    d: D,
) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

fn or_normal<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(d)?.unwrap_or_else(normal))
}

fn or_one<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    Ok(Option::<u8>::deserialize(d)?.unwrap_or(1))
}

/// Everything needed to open a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// 3 to 8.
    pub players: u8,
    /// Options.
    pub options: Options,
    /// One per player; missing seats and empty names get "Player N".
    pub seats: Vec<SeatSpec>,
}

impl Config {
    /// A game for `players` with the default options and seat names.
    pub fn new(players: u8) -> Config {
        Config {
            players,
            options: Options::default(),
            seats: Vec::new(),
        }
    }

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
        if let Some(e) = o.expansions.first() {
            return Err(format!("options.expansions: {e:?} is not available yet"));
        }
        if let Some(v) = o.variants.first() {
            return Err(format!("options.variants: {v:?} is not available yet"));
        }
        if o.mode != "normal" {
            return Err(format!("options.mode: {:?} is not available yet", o.mode));
        }
        if !(1..=2).contains(&o.character_choice) {
            return Err(format!(
                "options.character_choice: 1 or 2, not {}",
                o.character_choice
            ));
        }
        if let Some(s) = o.reaction_seconds
            && !(1..=86_400).contains(&s)
        {
            return Err(format!(
                "options.reaction_seconds: 1 to 86400 seconds, not {s}"
            ));
        }
        Ok(())
    }

    /// The seats with their names filled in ("Player N" where empty).
    pub fn named_seats(&self) -> Vec<SeatSpec> {
        (0..self.players as usize)
            .map(|i| {
                let mut spec = self.seats.get(i).cloned().unwrap_or_default();
                if spec.name.is_empty() {
                    spec.name = format!("Player {}", i + 1);
                }
                spec
            })
            .collect()
    }
}
