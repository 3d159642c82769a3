//! The NPC policy of `rules/lone-gunslinger.md`: one pure, deterministic
//! function of what a seat may see — its [`View`] and, in a hidden-role game,
//! its [`Memory`] (the hostility ledger of C2) — and of its legal actions,
//! returning one of them.
//!
//! * Part B plays the NPCs of a solo game (the rules call it for them: see
//!   [`super::solo`]); Part C plays a bot seat of an ordinary game (the
//!   `normal` card-game bot wraps [`choose`] and [`Memory::observe`]); Part
//!   D1 adds Gold Rush (buying, nugget actions, selling Beer, its characters:
//!   `gold/npc.rs`), Part D2 the Great Train Robbery (taking and placing
//!   railcars D2.1–D2.2, using them D2.3, its playing cards D2.4, the railcar
//!   ranking D2.5, its characters and choices D2.6: `train/npc/`). The
//!   expansions' decisions are methods of the decision context, in their
//!   folders; what they change in the base policy's questions (hostile acts,
//!   the ranking of their cards, open roles, the hand limit, a dying seat's
//!   saves, the rule a reason cites) they answer through
//!   [`rules::NpcRules`], and the rows they add to its own decisions (Dodge
//!   City's D3: before and after the Stack scan, in it, on a shot, in phase
//!   1, a target's shield) through [`steps::NpcSteps`].
//! * The Stack is the hand in order of arrival: the view lists a hand as the
//!   cards entered it, so its last card is the top (B2).
//! * Ties are broken as B9 says: the card nearest the top when using or
//!   spending, the bottom-most when discarding, the one Preferred Target,
//!   the victim's choice within a Panic!/Cat Balou class (a bot victim: the
//!   lowest-ranked, C5.5), then the lowest card id or the first seat
//!   clockwise from the NPC.
//!
//! A bot wrapping it: keep one [`Memory`] per seat, feed it every event of the
//! game redacted for the seat ([`Memory::observe`]), and at each decision call
//! `choose(&bang::view(&state, Viewer::Seat(seat)), &memory, &legal)`.

pub(crate) mod ctx;
mod ledger;
pub(crate) mod ranking;
mod respond;
pub(crate) mod rules;
pub(crate) mod steps;
mod target;
mod usable;

pub use crate::bang::reason::Reason;
pub use ledger::Memory;
pub use ranking::{RANKS, highest_ranked, low_value, lowest_ranked, order, rank};

use super::actions::Action;
use super::asked::Decision;
use super::view::View;
use crate::core::Viewer;
use ctx::Ctx;

/// The policy's action for the seat whose view this is. `legal` must be the
/// seat's legal actions now (not empty); the answer is always one of them.
pub fn choose(view: &View, memory: &Memory, legal: &[Action]) -> Action {
    decide(view, memory, legal).0
}

/// D2.1.1: the cards the seat whose view this is could spend on a railcar
/// without losing anything it would use (what the policy pays stations with).
pub fn spare_cards(view: &View, legal: &[Action]) -> Vec<crate::bang::cards::Card> {
    let Viewer::Seat(me) = view.viewer else {
        return Vec::new();
    };
    Ctx::of(view, me, legal).spare_cards()
}

/// Like [`choose`], with the rule that chose it.
pub fn decide(view: &View, memory: &Memory, legal: &[Action]) -> (Action, Reason) {
    let Some(&first) = legal.first() else {
        return (Action::EndTurn, Reason::Fallback);
    };
    let Viewer::Seat(me) = view.viewer else {
        return (first, Reason::Fallback);
    };
    let Some(pending) = view.pending.iter().find(|p| p.seat == me) else {
        return (first, Reason::Fallback);
    };
    let cx = Ctx {
        v: view,
        mem: memory,
        legal,
        me,
    };
    let (action, reason) = match pending.decision {
        Decision::ChooseCharacter => (first, Reason::Character),
        Decision::Draw => cx.phase_one(),
        Decision::PutBack => cx.put_back(),
        Decision::ChooseCheck => cx.choose_check(),
        Decision::Play => cx.phase_two(),
        Decision::Discard { .. } => cx.phase_three(),
        Decision::Shot { needed } => cx.shot(needed),
        Decision::Dying => cx.dying(),
        Decision::Indians | Decision::Duel => cx.bang_or_lose(),
        Decision::Store => cx.store_pick(),
        Decision::GiveUp => cx.give_up(),
        // An expansion's own decision, answered by its Part D section.
        nested => nested
            .nested_npc_answer(&cx)
            .unwrap_or((first, Reason::Fallback)),
    };
    if legal.contains(&action) {
        (action, reason)
    } else {
        (first, Reason::Fallback)
    }
}
