//! The NPC policy of `rules/lone-gunslinger.md`: one pure, deterministic
//! function of what a seat may see — its [`View`] and, in a hidden-role game,
//! its [`Memory`] (the hostility ledger of C2) — and of its legal actions,
//! returning one of them.
//!
//! * Part B plays the NPCs of a solo game (the rules call it for them: see
//!   [`super::solo`]); Part C plays a bot seat of an ordinary game (the
//!   `normal` card-game bot wraps [`choose`] and [`Memory::observe`]).
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

mod ctx;
mod ledger;
mod ranking;
mod respond;
mod target;
mod usable;

pub use ledger::Memory;
pub use ranking::{RANKS, highest_ranked, low_value, lowest_ranked, rank};

use serde::{Deserialize, Serialize};

use super::actions::Action;
use super::decisions::Decision;
use super::view::View;
use crate::core::Viewer;
use ctx::Ctx;

/// Why the policy took an action: the rule that chose it (recorded in a solo
/// game's `npc_acted` events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Reason))]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A card aimed at the Preferred Target (B4, C3): BANG!, Duel, Panic!,
    /// Cat Balou, Jail; Jesse Jones drawing from his hand.
    PreferredTarget,
    /// Beer or Saloon below max life (B5).
    Heal,
    /// Stagecoach, Wells Fargo or General Store, played at once (B5).
    DrawCards,
    /// Indians! or Gatling, played at once (B5, A7.3).
    HitsEveryone,
    /// A blue card not yet in play in front of it: Barrel, Mustang, Scope, Dynamite (B5).
    Equip,
    /// A weapon with a longer reach than its own (B5).
    LongerReach,
    /// A Volcanic, the primary Preferred Target at distance 1 (B5, B4.4).
    VolcanicInReach,
    /// No card on the Stack is usable: end of phase 2 (B3).
    NothingUsable,
    /// Phase 3: the bottom-most card over the hand limit (B3.4).
    HandLimit,
    /// Sid Ketchum discards his 2 bottom-most cards for 1 life (C7).
    SidKetchum,
    /// Phase 1 from the deck.
    PhaseOne,
    /// Pedro Ramirez takes the top discard, ranked 11 or better (C7).
    DiscardPileTop,
    /// Kit Carlson puts back his lowest-ranked card (C7).
    PutBackLowest,
    /// Shot: a Barrel source first (B7.1).
    Barrel,
    /// Shot: a Missed! nearest the top, enough to cancel it (B7.1).
    Missed,
    /// Shot: not enough Missed! effects to cancel it (B7.1, D-L9).
    TakeHit,
    /// Dying: a Beer that, with the others, saves it (B7.4).
    Beer,
    /// Dying: nothing can save it (B7.4, C5.3).
    NoSave,
    /// Indians! or Duel: the BANG! nearest the top (B7.2, B7.3).
    DiscardBang,
    /// Indians! or Duel: no BANG! on the Stack (B7.2, B7.3).
    NoBang,
    /// General Store: the top of the remaining pile (B7.5).
    StoreTop,
    /// Lucky Duke: the favourable card, else the first flipped (B7.6).
    FavourableCheck,
    /// Panic!/Cat Balou by an NPC: the lowest-ranked card of the class (C5.5).
    GiveUpLowest,
    /// A character offered (the first).
    Character,
    /// No rule applies: the first legal action.
    Fallback,
}

/// The policy's action for the seat whose view this is. `legal` must be the
/// seat's legal actions now (not empty); the answer is always one of them.
pub fn choose(view: &View, memory: &Memory, legal: &[Action]) -> Action {
    decide(view, memory, legal).0
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
    };
    if legal.contains(&action) {
        (action, reason)
    } else {
        (first, Reason::Fallback)
    }
}
