//! The registry: every expansion, variant and mode of the card game, one
//! line each. A new expansion is its own folder, its `mod` line and its line
//! here; the base game asks it through the hooks of [`crate::bang::expansion`],
//! [`crate::bang::machine::TurnRules`] and [`crate::bang::legal_rules::LegalRules`] and
//! never names it.
//!
//! The order is the order the hooks are asked in (and a configuration's
//! checks run in): the solo mode first, whose checks name what a solo game
//! needs before any other option is read.

pub mod catalog;
pub(crate) mod texts;

use crate::bang::action_rules::{ActionHooks, ActionRules};
use crate::bang::card_rules::{CardHooks, CardRules};
use crate::bang::expansion::{Expansion, Expansions};
use crate::bang::legal_rules::{LegalHooks, LegalRules};
use crate::bang::life::{LifeHooks, LifeRules};
use crate::bang::machine::{TurnHooks, TurnRules};
use crate::bang::npc::rules::{NpcHooks, NpcRules};
use crate::bang::view::{ViewHooks, ViewRules};

/// Lists each registered expansion once, as both halves of the hooks see it.
macro_rules! register {
    ($($expansion:expr),* $(,)?) => {
        /// The state's hooks of every registered expansion.
        static RULES: &[&dyn Expansion] = &[$(&$expansion),*];
        /// The turn's hooks of every registered expansion, in the same order.
        static TURNS: &[&dyn TurnRules] = &[$(&$expansion),*];
        /// The legal actions' hooks of every registered expansion, the same.
        static LEGAL: &[&dyn LegalRules] = &[$(&$expansion),*];
        /// The life hooks of every registered expansion, the same.
        static LIFE: &[&dyn LifeRules] = &[$(&$expansion),*];
        /// The action hooks of every registered expansion, the same.
        static ACTIONS: &[&dyn ActionRules] = &[$(&$expansion),*];
        /// The card hooks of every registered expansion, the same.
        static CARDS: &[&dyn CardRules] = &[$(&$expansion),*];
        /// The view hooks of every registered expansion, the same.
        static VIEWS: &[&dyn ViewRules] = &[$(&$expansion),*];
        /// The NPC policy's hooks of every registered expansion, the same.
        static NPCS: &[&dyn NpcRules] = &[$(&$expansion),*];
    };
}

register![
    crate::bang::solo::hooks::LoneGunslinger,
    crate::bang::shadows::ShadowGunslingers,
    crate::bang::gold::hooks::GoldRush,
    crate::bang::train::hooks::TrainRobbery,
];

impl Default for Expansions {
    /// Every registered expansion.
    fn default() -> Self {
        Expansions::registered(RULES)
    }
}

impl Default for TurnHooks {
    /// Every registered expansion's turn rules.
    fn default() -> Self {
        TurnHooks(TURNS)
    }
}

impl Default for LegalHooks {
    /// Every registered expansion's legal-action hooks.
    fn default() -> Self {
        LegalHooks(LEGAL)
    }
}

impl Default for LifeHooks {
    /// Every registered expansion's life hooks.
    fn default() -> Self {
        LifeHooks(LIFE)
    }
}

impl Default for ActionHooks {
    /// Every registered expansion's action hooks.
    fn default() -> Self {
        ActionHooks(ACTIONS)
    }
}

impl Default for CardHooks {
    /// Every registered expansion's card hooks.
    fn default() -> Self {
        CardHooks(CARDS)
    }
}

impl Default for ViewHooks {
    /// Every registered expansion's view hooks.
    fn default() -> Self {
        ViewHooks(VIEWS)
    }
}

impl Default for NpcHooks {
    /// Every registered expansion's NPC hooks.
    fn default() -> Self {
        NpcHooks(NPCS)
    }
}
