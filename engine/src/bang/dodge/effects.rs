//! What Dodge City's cards do: the fold of a green card used and of its
//! brown cards' plays, and the machine's steps of their effects (draws,
//! life, cards taken).

use super::DodgeEvent;
use crate::bang::apply::shots_at_everyone;
use crate::bang::card_rules::{ignores, shot_card};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::events::Event;
use crate::bang::fold_steps::{missed, player};
use crate::bang::machine::Machine;
use crate::bang::state::{Effect, State};
use crate::core::Seat;

/// Whether a green card of kind `k` shows a Missed! symbol: used when shot,
/// out of its owner's turn too (DC-3.4).
pub(crate) fn green_missed(k: Kind) -> bool {
    matches!(
        k,
        Kind::Bible | Kind::IronPlate | Kind::Sombrero | Kind::TenGallonHat
    )
}

/// Whether a card of kind `k` makes one BANG! effect at one target, and is
/// no BANG! card (DC-3.7): Punch, Springfield and the green guns.
pub(crate) fn one_shot(k: Kind) -> bool {
    matches!(
        k,
        Kind::Punch
            | Kind::Springfield
            | Kind::Derringer
            | Kind::Knife
            | Kind::Pepperbox
            | Kind::BuffaloRifle
    )
}

/// A BANG! effect of `seat` at `target` by `card` (no BANG! card), unless
/// the card has no effect on the target (Apache Kid, a Calumet).
pub(crate) fn shoot(s: &mut State, seat: Seat, card: Card, target: Option<Seat>) {
    let Some(t) = target.filter(|&t| !ignores(s, t, seat, card)) else {
        return;
    };
    s.effect = Some(Effect::Shots {
        source: seat,
        targets: [t].into_iter().collect(),
        bang_card: false,
        anonymous: false,
        card: shot_card(s, card),
    });
}

/// The fold of a green card used (DC-3.3): from play to the discard pile,
/// then its effect set in motion.
pub(super) fn green_used(s: &mut State, seat: Seat, card: Card, target: Option<Seat>) {
    let Some(p) = player(s, seat) else { return };
    let Some(i) = p.in_play.iter().position(|&c| c == card) else {
        return;
    };
    p.in_play.remove(i);
    s.discard.push(card);
    match kind(card) {
        k if one_shot(k) => shoot(s, seat, card, target),
        // DC-AC-10: like a Gatling, clockwise from his left.
        Kind::Howitzer => shots_at_everyone(s, seat, card, |s, t| !ignores(s, t, seat, card)),
        k if green_missed(k) && s.shot.is_some_and(|shot| shot.target == seat) => missed(s),
        _ => {}
    }
}

impl Machine<'_, '_> {
    /// `seat` uses his green `card` (DC-3.3): the event, then what its
    /// effect does besides a shot or a Missed! (which the fold starts).
    pub(super) fn use_green(
        &mut self,
        seat: Seat,
        card: Card,
        target: Option<Seat>,
        in_play: Option<Card>,
    ) {
        self.emit(Event::Dodge(DodgeEvent::GreenUsed { seat, card, target }));
        let k = kind(card);
        if k == Kind::Derringer {
            self.draw(seat, 1); // D-DC5: draw, then the shot
        }
        if let Some(t) = target.filter(|&t| ignores(self.s(), t, seat, card)) {
            // Apache Kid, a Calumet: spent, nothing happens to him.
            return self.emit(Event::Unaffected { seat: t, card });
        }
        match (k, target) {
            (Kind::Canteen, _) => self.gain_life(seat, 1),
            (Kind::PonyExpress, _) => {
                self.draw(seat, 3);
            }
            (Kind::Bible, _) => {
                self.draw(seat, 1); // D-DC5: the Missed!, then the draw
            }
            (Kind::CanCan, Some(t)) => self.take_card(seat, t, in_play, false),
            (Kind::Conestoga, Some(t)) => self.take_card(seat, t, in_play, true),
            _ => {}
        }
    }

    /// `seat` plays `card` with `discard` discarded first (DC-4.2): the
    /// extra card goes to the pile, then the card is played as any other.
    pub(super) fn play_with_discard(
        &mut self,
        seat: Seat,
        card: Card,
        discard: Card,
        target: Option<Seat>,
        in_play: Option<Card>,
    ) {
        self.emit(Event::Discarded {
            seat,
            cards: vec![discard],
        });
        self.play_card(seat, card, target, in_play);
    }

    /// The effect of one of Dodge City's brown cards once played (the
    /// shots are the fold's); `false` for another card.
    pub(super) fn dodge_card_played(
        &mut self,
        seat: Seat,
        k: Kind,
        target: Option<Seat>,
        in_play: Option<Card>,
    ) -> bool {
        match (k, target) {
            (Kind::RagTime, Some(t)) => self.take_card(seat, t, in_play, true),
            (Kind::Tequila, Some(t)) => self.gain_life(t, 1),
            (Kind::Whisky, _) => self.gain_life(seat, 2),
            (Kind::Brawl, _) => self.skip_empty_victims(),
            (Kind::Punch | Kind::Springfield, _) => {}
            _ => return false,
        }
        true
    }
}
