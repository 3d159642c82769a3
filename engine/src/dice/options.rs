//! Game configuration: player count, Old Saloon modules, seats.

use serde::{Deserialize, Serialize};

/// An Old Saloon module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Module))]
#[serde(rename_all = "snake_case")]
pub enum Module {
    /// Module 1: the Loudmouth and the Coward dice.
    LoudmouthCoward,
    /// Module 2: the Indian Chief's Arrow.
    ChiefArrow,
    /// Module 3: special roles.
    SpecialRoles,
    /// Module 4: eight new characters.
    NewCharacters,
    /// Module 5: the Ghost.
    Ghost,
}

/// The options object of a `dice` game, as the API takes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Options))]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The Old Saloon modules in play.
    #[serde(default)]
    pub modules: Vec<Module>,
    /// Special roles: mix the base role cards with the special ones before
    /// dealing (§6.3.2); nobody then knows whether a face-down card is special.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub special_roles_mixed: bool,
    /// Special roles: a live reaction window. Human seats are asked in every
    /// window by default, and the server closes a window this many seconds
    /// after it opens, answering `pass` for whoever has not answered. Off
    /// (play-by-post) when absent: human seats then pass unless their standing
    /// orders say otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction_seconds: Option<u32>,
}

pub use crate::core::SeatSpec;

/// The most players at a table.
pub const MAX_PLAYERS: usize = crate::core::MAX_SEATS;

/// Everything needed to open a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// 3 to 8.
    pub players: u8,
    /// Modules and variants.
    pub options: Options,
    /// One per player; missing seats get default names.
    pub seats: Vec<SeatSpec>,
}

impl Config {
    /// A base game for `players` with default seat names.
    pub fn new(players: u8) -> Config {
        Config {
            players,
            options: Options::default(),
            seats: Vec::new(),
        }
    }
}

/// Why a configuration was refused. Each names the offending option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// `players` outside 3..=8.
    #[error("players: the dice game takes 3 to 8 players, not {0}")]
    Players(u8),
    /// More seats described than players.
    #[error("seats: {seats} seats were given for {players} players")]
    Seats {
        /// Seats given.
        seats: usize,
        /// Players asked for.
        players: u8,
    },
    /// A module listed twice.
    #[error("options.modules: `{0}` is listed twice")]
    DuplicateModule(&'static str),
    /// A module this engine version does not play yet.
    #[error("options.modules: `{0}` is not available yet")]
    ModuleUnavailable(&'static str),
    /// The live reaction window is a variant of the special roles.
    #[error("options.reaction_seconds: needs the `special_roles` module")]
    ReactionWithoutSpecialRoles,
    /// The live reaction window is 1 second to a week long.
    #[error(transparent)]
    ReactionSeconds(#[from] crate::core::ReactionSecondsOutOfRange),
    /// The mixed deal is a variant of the special roles.
    #[error("options.special_roles_mixed: needs the `special_roles` module")]
    MixedWithoutSpecialRoles,
    /// The Ghost needs 5 or more players.
    #[error("options.modules: `ghost` needs 5 or more players, not {0}")]
    GhostPlayers(u8),
}

/// A set of modules, as bits: cheap to copy inside the state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ModuleSet(u8);

impl ModuleSet {
    /// The set of the listed modules.
    pub fn of(modules: &[Module]) -> ModuleSet {
        ModuleSet(modules.iter().fold(0, |bits, &m| bits | 1 << m as u8))
    }

    /// Whether `module` is on.
    pub fn has(self, module: Module) -> bool {
        self.0 & (1 << module as u8) != 0
    }
}

impl Module {
    /// Whether this engine plays the module.
    pub fn available(self) -> bool {
        true
    }

    /// The module's id in the API.
    pub fn id(self) -> &'static str {
        match self {
            Module::LoudmouthCoward => "loudmouth_coward",
            Module::ChiefArrow => "chief_arrow",
            Module::SpecialRoles => "special_roles",
            Module::NewCharacters => "new_characters",
            Module::Ghost => "ghost",
        }
    }
}

impl Config {
    /// Checks the configuration, naming the first option that is wrong.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(3..=8).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if self.seats.len() > self.players as usize {
            return Err(ConfigError::Seats {
                seats: self.seats.len(),
                players: self.players,
            });
        }
        let modules = &self.options.modules;
        for (i, m) in modules.iter().enumerate() {
            if modules[..i].contains(m) {
                return Err(ConfigError::DuplicateModule(m.id()));
            }
        }
        if modules.contains(&Module::Ghost) && self.players < 5 {
            return Err(ConfigError::GhostPlayers(self.players));
        }
        if self.options.special_roles_mixed && !modules.contains(&Module::SpecialRoles) {
            return Err(ConfigError::MixedWithoutSpecialRoles);
        }
        if let Some(seconds) = self.options.reaction_seconds {
            if !modules.contains(&Module::SpecialRoles) {
                return Err(ConfigError::ReactionWithoutSpecialRoles);
            }
            crate::core::check_reaction_seconds(seconds)?;
        }
        if let Some(m) = modules.iter().find(|m| !m.available()) {
            return Err(ConfigError::ModuleUnavailable(m.id()));
        }
        Ok(())
    }
}
