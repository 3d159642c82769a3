//! The Shadow-Gunslingers variant (`rules/gold-rush.md` §10, §11): eliminated
//! players keep their seats and play shadow turns, and a Renegade eliminated
//! becomes the Shadow-Renegade, who joins the losing side at each of his turns.
//!
//! A shadow is in play during his own turn only ([`State::alive`] says so,
//! [`State::in_play`] never): distances, targets and "each player" effects
//! then count him, victory never does, and his life cannot change. The
//! variant is the base game's hooks (this file) and its turns (`turns.rs`).

mod turns;

pub use turns::shadow_renegade_side;

use super::action_rules::ActionRules;
use super::card_rules::CardRules;
use super::expansion::{Expansion, Slot};
use super::fold_steps::player;
use super::legal_rules::LegalRules;
use super::life::LifeRules;
use super::machine::{Machine, TurnRules};
use super::npc::rules::NpcRules;
use super::npc::steps::NpcSteps;
use super::options::Config;
use super::state::State;
use super::view::ViewRules;
use crate::core::{Seat, Team};

/// The variant's id in `options.variants`.
pub const VARIANT: &str = "shadow_gunslingers";

/// The variant, as the base game's hooks see it.
pub(crate) struct ShadowGunslingers;

impl Expansion for ShadowGunslingers {
    fn id(&self) -> &'static str {
        VARIANT
    }

    fn slot(&self) -> Slot {
        Slot::Variant
    }

    fn check(&self, c: &Config) -> Result<(), String> {
        if !c.options.has_variant(VARIANT) {
            return Ok(());
        }
        if c.players == 3 {
            // D-G18: the 3-player variant has no teams for a shadow to play for.
            return Err(
                "options.variants: \"shadow_gunslingers\" is not played with 3 players".into(),
            );
        }
        if c.options.solo().is_some() {
            return Err(
                "options.variants: \"shadow_gunslingers\" is not played in the solo mode".into(),
            );
        }
        Ok(())
    }

    /// SG-1: an eliminated player keeps his seat (and his nuggets).
    fn keeps_eliminated_seats(&self) -> bool {
        true
    }

    /// SG-2.2: a shadow has 0 life.
    fn eliminated(&self, s: &mut State, seat: Seat) {
        if let Some(p) = player(s, seat) {
            p.life = 0;
        }
    }

    /// SG-7, SR-4: a Shadow-Renegade wins with the side he last took (the
    /// others of a side are already named by their role).
    fn wins_out_of_play(&self, s: &State, seat: Seat, team: Team) -> bool {
        s.p(seat).side == Some(team)
    }
}

impl LegalRules for ShadowGunslingers {}

impl LifeRules for ShadowGunslingers {}

impl ViewRules for ShadowGunslingers {}

impl ActionRules for ShadowGunslingers {}

impl CardRules for ShadowGunslingers {}

impl NpcRules for ShadowGunslingers {}

impl NpcSteps for ShadowGunslingers {}

impl TurnRules for ShadowGunslingers {
    fn next_turn(&self, m: &mut Machine<'_, '_>) -> bool {
        m.next_shadow_turn();
        true
    }

    /// SG-2.6: a shadow has no phase 3.
    fn ends_turn_at_discard(&self, m: &mut Machine<'_, '_>, seat: Seat) -> bool {
        if !m.s().turn.shadow {
            return false;
        }
        m.shadow_leaves(seat);
        true
    }
}
