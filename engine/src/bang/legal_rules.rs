//! The legal actions an expansion adds to a seat's ([`LegalRules`]): the
//! decisions' half of the card game's extension points, asked by
//! `decisions.rs` where the base would list an expansion's actions.

use super::actions::Action;
use super::asked::{Asked, Decision};
use super::cards::{Card, Kind};
use super::expansion::in_play_of;
use super::state::State;
use crate::core::Seat;

/// The decisions an expansion asks for and the legal actions it adds to a
/// seat's (the decisions' half of the extension points). Each hook appends
/// to `out` where the base would list the expansion's actions; the defaults
/// ask nothing and add none.
pub(crate) trait LegalRules: Sync {
    /// Whom it asks, out of a reaction window, a "draw!" and a phase-1
    /// choice, before the base looks at a dying player, a shot or an effect
    /// (Josh McCloud's equipment card, the train's windows and choices);
    /// `None` leaves the question to the base.
    fn asks(&self, _s: &State, _seat: Seat) -> Option<Asked> {
        None
    }

    /// What `seat` decides of the cards he looked at in phase 1, when his
    /// character is one of its own (Dutch Will: the one to discard); the
    /// base's is Kit Carlson's card to put back.
    fn kit_decision(&self, _s: &State, _seat: Seat) -> Option<Decision> {
        None
    }

    /// What it asks of the current player once nothing is being resolved,
    /// before his phase's decision (the train's Map).
    fn asks_at_rest(&self, _s: &State, _seat: Seat) -> Option<Decision> {
        None
    }

    /// The actions that answer `decision`, when it is one of its own;
    /// `false` if it is not.
    fn decision_actions(
        &self,
        _s: &State,
        _seat: Seat,
        _decision: Decision,
        _out: &mut Vec<Action>,
    ) -> bool {
        false
    }

    /// Phase 2: every play of `card` from `seat`'s hand, played as `k`,
    /// when it is one of its own playing cards (past the base game's 80)
    /// that it plays its own way (the train's brown cards, a Money Bag's
    /// copy); `false` leaves the card to the base.
    fn card_plays(
        &self,
        _s: &State,
        _seat: Seat,
        _card: Card,
        _k: Kind,
        _out: &mut Vec<Action>,
    ) -> bool {
        false
    }

    /// Phase 2: more ways to play `card` (as `k`) the base lists with no
    /// target (Sgt. Blaze's exemptions, TC6).
    fn more_plays(&self, _s: &State, _seat: Seat, _card: Card, _k: Kind, _out: &mut Vec<Action>) {}

    /// The players `seat` may exempt from an effect of kind `k` on several
    /// targets, whatever card or equipment makes it (Sgt. Blaze, TC6).
    fn exemptions(&self, _s: &State, _seat: Seat, _k: Kind) -> Vec<Seat> {
        Vec::new()
    }

    /// Phase 2: its actions, after the base's plays and heals.
    fn phase_two_actions(&self, _s: &State, _seat: Seat, _out: &mut Vec<Action>) {}

    /// Phase 1: ways to draw besides the base's (Pat Brennan takes a card
    /// in play instead, DC11); any makes phase 1 a decision.
    fn draw_actions(&self, _s: &State, _seat: Seat, _out: &mut Vec<Action>) {}

    /// A shot's answers besides the Missed! cards and the Barrel.
    fn shot_answers(&self, _s: &State, _seat: Seat, _out: &mut Vec<Action>) {}

    /// An Indians! or a Duel's answers besides the BANG! cards.
    fn bang_answers(&self, _s: &State, _seat: Seat, _out: &mut Vec<Action>) {}

    /// Ways to gain life in a dying window or in phase 3, after the base's
    /// heals.
    fn life_answers(&self, _s: &State, _seat: Seat, _out: &mut Vec<Action>) {}
}

/// Every registered expansion's [`LegalRules`], in the registry's order
/// (the one instance is `LegalHooks::default()`, made by the registry).
pub(crate) struct LegalHooks(pub &'static [&'static dyn LegalRules]);

impl LegalHooks {
    /// The legal-action hooks of the expansions `s` plays.
    pub(crate) fn in_play(s: &State) -> impl Iterator<Item = &'static dyn LegalRules> + use<> {
        in_play_of(s, Self::default().0)
    }
}

/// The players `seat` may exempt from an effect of kind `k`, as the
/// expansions in play allow (none in the base game).
pub(crate) fn exemptions(s: &State, seat: Seat, k: Kind) -> Vec<Seat> {
    LegalHooks::in_play(s)
        .flat_map(|e| e.exemptions(s, seat, k))
        .collect()
}

/// Whether an expansion in play lists at least one action through `list`
/// (one of its answer hooks, for one seat).
pub(crate) fn any_answer(s: &State, list: impl Fn(&dyn LegalRules, &mut Vec<Action>)) -> bool {
    let mut answers = Vec::new();
    LegalHooks::in_play(s).any(|e| {
        list(e, &mut answers);
        !answers.is_empty()
    })
}

/// Whether `seat`, shot at, has an answer an expansion adds (his window
/// opens even with an empty hand: the train's Baggage Car and Caboose).
pub(crate) fn can_answer_shot(s: &State, seat: Seat) -> bool {
    any_answer(s, |e, out| e.shot_answers(s, seat, out))
}

/// Whether `seat` can answer Indians! or a Duel with an expansion's answer
/// (the train's Sleeper Car).
pub(crate) fn can_answer_bang(s: &State, seat: Seat) -> bool {
    any_answer(s, |e, out| e.bang_answers(s, seat, out))
}
