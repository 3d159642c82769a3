//! The registry: every expansion, variant and mode of the card game, one
//! entry each. A new expansion is its own folder, its `mod` line and its
//! entry here; the base game asks it through the hook traits listed in
//! `register!` below (one line each) and never names it. An expansion with
//! its own actions, events and decisions names their enums in its entry:
//! each is nested in the base's as one variant, and every fold, sentence,
//! redaction, reading and schema of them goes through [`families`].
//!
//! The order is the order the hooks are asked in (and a configuration's
//! checks run in): the solo mode first, whose checks name what a solo game
//! needs before any other option is read.

pub mod catalog;
mod families;

use families::families;
pub(crate) mod texts;

use crate::bang::action_rules::{ActionHooks, ActionRules};
use crate::bang::card_rules::{CardHooks, CardRules};
use crate::bang::expansion::{Expansion, Expansions};
use crate::bang::legal_rules::{LegalHooks, LegalRules};
use crate::bang::life::{LifeHooks, LifeRules};
use crate::bang::machine::{TurnHooks, TurnRules};
use crate::bang::npc::rules::{NpcHooks, NpcRules};
use crate::bang::npc::steps::{NpcStepHooks, NpcSteps};
use crate::bang::view::{ViewHooks, ViewRules};

/// One hook trait's list of the registered expansions, as a static slice.
macro_rules! hook_list {
    ($hooks:ident, [$($expansion:path $({ $($family:tt)* })?),* $(,)?]) => {{
        static LIST: &[&dyn $hooks] = &[$(&$expansion),*];
        LIST
    }};
}

/// Fills each hook list (`Default` of its holder) with the registered
/// expansions, in the order they are listed, and nests their families of
/// actions, events and decisions in the base's (see [`families`]).
macro_rules! register {
    (hooks { $($holder:ident: $hooks:ident = $make:expr),* $(,)? } expansions $list:tt) => {
        $(
            impl Default for $holder {
                /// Every registered expansion, as this kind of hook sees it.
                fn default() -> Self {
                    $make(hook_list!($hooks, $list))
                }
            }
        )*
        families!($list);
    };
}

register! {
    hooks {
        Expansions: Expansion = Expansions::registered,
        TurnHooks: TurnRules = TurnHooks,
        LegalHooks: LegalRules = LegalHooks,
        LifeHooks: LifeRules = LifeHooks,
        ActionHooks: ActionRules = ActionHooks,
        CardHooks: CardRules = CardHooks,
        ViewHooks: ViewRules = ViewHooks,
        NpcHooks: NpcRules = NpcHooks,
        NpcStepHooks: NpcSteps = NpcStepHooks,
    }
    expansions [
        crate::bang::solo::hooks::LoneGunslinger,
        crate::bang::shadows::ShadowGunslingers,
        crate::bang::gold::hooks::GoldRush {
            Gold: super::GoldAction, super::GoldEvent, super::GoldDecision
        },
        crate::bang::train::hooks::TrainRobbery {
            Train: super::TrainAction, super::TrainEvent, super::TrainDecision
        },
        crate::bang::dodge::hooks::DodgeCity {
            Dodge: super::DodgeAction, super::DodgeEvent, super::DodgeDecision
        },
    ]
}
