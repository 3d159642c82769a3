//! Brawl (DC-4.3, D-DC7): clockwise from its player's left, each other
//! player with a card loses one, its player choosing a random hand card or
//! one of his cards in play.

use super::{DodgeAction, DodgeEvent};
use crate::bang::actions::Action;
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::{State, Targets};
use crate::core::Seat;

/// Whether `seat` has a card a Brawl can take.
fn has_a_card(s: &State, seat: Seat) -> bool {
    let p = s.p(seat);
    !p.hand.is_empty() || !p.in_play.is_empty()
}

/// The players a Brawl of `seat` takes from, in order (D-DC7: it cannot
/// be played without one).
pub(crate) fn victims(s: &State, seat: Seat) -> Targets {
    let mut targets = s.others_clockwise(seat);
    targets.retain(|t| has_a_card(s, *t));
    targets
}

/// The Brawl in motion's player and its next victim, when its player
/// decides now.
pub(crate) fn next(s: &State) -> Option<(Seat, Seat)> {
    let (source, targets) = s.dodge.brawl.as_ref()?;
    if s.shot.is_some() || s.dying.is_some() || s.check.is_some() {
        return None;
    }
    Some((*source, *targets.first()?))
}

/// The choices for the next victim: a random hand card, or each card in
/// play.
pub(crate) fn choices(s: &State, out: &mut Vec<Action>) {
    let Some((_, victim)) = next(s) else { return };
    if !s.p(victim).hand.is_empty() {
        out.push(Action::Dodge(DodgeAction::Brawl { in_play: None }));
    }
    for &c in &s.p(victim).in_play {
        out.push(Action::Dodge(DodgeAction::Brawl { in_play: Some(c) }));
    }
}

/// Folds a Brawl played by `seat`.
pub(crate) fn started(s: &mut State, seat: Seat) {
    let targets = victims(s, seat);
    s.dodge.brawl = (!targets.is_empty()).then_some((seat, targets));
}

impl Machine<'_, '_> {
    /// The Brawl's player takes `in_play` (or a random hand card) from the
    /// next victim.
    pub(super) fn brawl(&mut self, in_play: Option<Card>) {
        let Some((source, victim)) = next(self.s()) else {
            return;
        };
        self.take_card(source, victim, in_play, false);
        self.emit(Event::Dodge(DodgeEvent::BrawlDone { seat: victim }));
        self.skip_empty_victims();
    }

    /// Victims left without a card are skipped (DC-4.3).
    pub(super) fn skip_empty_victims(&mut self) {
        while let Some((_, victim)) = next(self.s()) {
            if has_a_card(self.s(), victim) && self.s().alive(victim) {
                break;
            }
            self.emit(Event::Dodge(DodgeEvent::BrawlDone { seat: victim }));
        }
    }
}

use crate::bang::cards::Card;
