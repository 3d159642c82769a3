//! The points of the policy's own decisions where an expansion's Part D adds
//! rows of its own (Dodge City's D3: its green cards before and after the
//! Stack scan, its kinds' rows in the scan, its Missed! means on a shot,
//! Pat Brennan's phase 1, Apache Kid's shield). Unlike [`super::rules`], a
//! step reads the whole decision context; every step defaults to "nothing",
//! and an expansion not in the view's game answers nothing.

use super::ctx::Ctx;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind};
use crate::bang::reason::Reason;
use crate::core::Seat;

/// A chosen action with the rule that chose it.
type Choice = Option<(Action, Reason)>;

/// An expansion's rows in the policy's own decisions.
pub(crate) trait NpcSteps: Sync {
    /// Phase 1: the expansion's way to draw, asked before C7's.
    fn phase_one(&self, _cx: &Ctx<'_>) -> Choice {
        None
    }

    /// Phase 2, before the Stack scan.
    fn opening(&self, _cx: &Ctx<'_>) -> Choice {
        None
    }

    /// The Stack scan's row for `card` played as a `k`, when the expansion
    /// owns it (`Some(None)`: its row says the card is not used now).
    fn usable(&self, _cx: &Ctx<'_>, _card: Card, _k: Kind, _stack: &[Card]) -> Option<Choice> {
        None
    }

    /// Phase 2, after the Stack scan and before Part D's other steps.
    fn after_scan(&self, _cx: &Ctx<'_>) -> Choice {
        None
    }

    /// B7.1, after the Barrel: the expansion's means against a shot that
    /// needs `needed` Missed! effects, asked before the hand's.
    fn shot(&self, _cx: &Ctx<'_>, _needed: u8) -> Choice {
        None
    }

    /// Whether the expansion's rule makes `t` no acceptable target for `card`.
    fn shields(&self, _cx: &Ctx<'_>, _card: Card, _t: Seat) -> bool {
        false
    }
}

/// Every registered expansion's steps (filled by the registry).
pub(crate) struct NpcStepHooks(pub &'static [&'static dyn NpcSteps]);

/// Every registered expansion's steps, in the registry's order.
fn steps() -> &'static [&'static dyn NpcSteps] {
    NpcStepHooks::default().0
}

impl Ctx<'_> {
    /// The first expansion's answer to `step`, in the registry's order.
    pub(super) fn expansion_step<T>(&self, step: impl Fn(&dyn NpcSteps) -> Option<T>) -> Option<T> {
        steps().iter().find_map(|s| step(*s))
    }

    /// Whether some expansion's rule makes `t` no acceptable target for `card`.
    pub(super) fn shielded(&self, card: Card, t: Seat) -> bool {
        steps().iter().any(|s| s.shields(self, card, t))
    }
}
