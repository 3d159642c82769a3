//! The hooks an expansion offers the NPC policy: what its events and actions
//! count as hostile acts (C2.1), where its own cards rank (C8), and what its
//! rules change in the questions the base policy asks (Part B's open roles,
//! the hand limit, a dying seat's saves). Each hook's default is the base
//! policy's answer. The registry lists every expansion's implementation;
//! the expansions' own decisions (Part D) are methods of the policy's
//! decision context in their folders. A hook reads what the context is made
//! of (the seat's view, its seat and its legal actions), so the context can
//! ask the hooks without the two importing each other.

use crate::bang::actions::Action;
use crate::bang::cards::Card;
use crate::bang::events::Event;
use crate::bang::reason::Reason;
use crate::bang::view::View;
use crate::core::Seat;

/// An expansion's part of the NPC policy. Every hook defaults to "nothing".
pub(crate) trait NpcRules: Sync {
    /// Part B: whether this view's game shows every role (a solo game).
    fn roles_known(&self, _view: &View) -> bool {
        false
    }

    /// C2.1: `(attacker, victim)` when one of this expansion's events is a
    /// hostile act.
    fn hostile_event(&self, _event: &Event) -> Option<(Seat, Seat)> {
        None
    }

    /// C2.1: the victim when one of this expansion's actions, posted, is a
    /// hostile act.
    fn hostile_action(&self, _action: &Action) -> Option<Seat> {
        None
    }

    /// C8: `(rank, order)` of a card this expansion adds that the base's
    /// ranking does not list (see [`super::rank`] and [`super::order`]).
    fn ranked(&self, _card: Card) -> Option<(u8, u16)> {
        None
    }

    /// The cards the seat may keep at the end of its turn, when this
    /// expansion's cards change it.
    fn hand_limit(&self, _view: &View, _me: Seat) -> Option<usize> {
        None
    }

    /// B7.3: the life a dying seat could still buy with this expansion's
    /// means, and the action (with its reason) that buys the first.
    fn dying_saves(
        &self,
        _view: &View,
        _me: Seat,
        _legal: &[Action],
    ) -> Option<(usize, Action, Reason)> {
        None
    }

    /// The rule (`file.md section`) behind one of this expansion's reasons,
    /// cited by the readable history of an NPC's decision.
    fn reason_rule(&self, _reason: Reason) -> Option<&'static str> {
        None
    }
}

/// Every registered expansion's NPC hooks (filled by the registry).
pub(crate) struct NpcHooks(pub &'static [&'static dyn NpcRules]);

/// Every registered expansion's NPC hooks. An event, an action or a card
/// belongs to one expansion, so asking all of them answers for the one
/// whose it is.
pub(crate) fn npc_rules() -> &'static [&'static dyn NpcRules] {
    NpcHooks::default().0
}
