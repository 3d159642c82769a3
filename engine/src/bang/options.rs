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
    /// Expansions in play, alone or together: `gold_rush` (`rules/gold-rush.md`),
    /// `train_robbery` (`rules/train-robbery.md`), `dodge_city`
    /// (`rules/dodge-city.md`; not in the solo mode).
    #[cfg_attr(feature = "openapi", schema(nullable))]
    #[serde(default, deserialize_with = "or_default")]
    pub expansions: Vec<String>,
    /// Variants in play: `shadow_gunslingers` (`rules/gold-rush.md` §10;
    /// with or without Gold Rush, not with 3 players or the solo mode).
    #[cfg_attr(feature = "openapi", schema(nullable))]
    #[serde(default, deserialize_with = "or_default")]
    pub variants: Vec<String>,
    /// The game mode: `normal`, or `lone_gunslinger` (the solo mode of
    /// `rules/lone-gunslinger.md`: 6 seats, the person at seat 0 plays the
    /// Sheriff and the Deputy, the rules play the four NPCs).
    #[cfg_attr(feature = "openapi", schema(nullable))]
    #[serde(default = "normal", deserialize_with = "or_normal")]
    pub mode: String,
    /// Characters dealt to each seat: 1 (dealt face up) or 2 (keep one, secretly).
    #[cfg_attr(feature = "openapi", schema(nullable))]
    #[serde(default = "one", deserialize_with = "or_one")]
    pub character_choice: u8,
    /// A live reaction time: windows asked by hand close this many seconds after
    /// they open, with the safe default. Off (play-by-post) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction_seconds: Option<u32>,
    /// `lone_gunslinger` only: the level, 0 to 4 — the cards each NPC starts
    /// with (A8: 0, 1, 2, 3, or its starting life). Default 0 (4 with
    /// `final_challenge`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<u8>,
    /// `lone_gunslinger` only (A9.1): at each reshuffle every NPC in play
    /// regains 1 life. Default off (on with `final_challenge`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub night_brings_chaos: Option<bool>,
    /// `lone_gunslinger` only (A9.2): the four NPCs are Slab the Killer, Willy
    /// the Kid, Bart Cassidy and Jourdonnais. Default off (on with `final_challenge`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub four_most_wanted: Option<bool>,
    /// `lone_gunslinger` only (A9.4): the person chooses each seat's character
    /// from two drawn from all 16 (with `four_most_wanted`: only the Sheriff's
    /// and the Deputy's, from the other 12). Default off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choose_characters: Option<bool>,
    /// `lone_gunslinger` only (A9.3): difficulty 4 with both variants above;
    /// another difficulty, or a variant set to `false`, contradicts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_challenge: Option<bool>,
}

impl Options {
    /// Whether the expansion `id` is in play.
    pub fn has_expansion(&self, id: &str) -> bool {
        self.expansions.iter().any(|e| e == id)
    }

    /// Whether the variant `id` is in play.
    pub fn has_variant(&self, id: &str) -> bool {
        self.variants.iter().any(|v| v == id)
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            expansions: Vec::new(),
            variants: Vec::new(),
            mode: normal(),
            character_choice: 1,
            reaction_seconds: None,
            difficulty: None,
            night_brings_chaos: None,
            four_most_wanted: None,
            choose_characters: None,
            final_challenge: None,
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

    /// The seats with their names filled in ("Player N" where empty).
    /// In `lone_gunslinger` no seat carries a bot policy: seat 0 is the
    /// person's, seats 1–5 are played by the rules (the NPCs) or by the person
    /// at seat 0 (the Deputy).
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
