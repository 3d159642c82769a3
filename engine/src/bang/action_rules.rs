//! How an expansion carries out actions and cards ([`ActionRules`]): the
//! actions' half of the card game's extension points, asked by `play.rs`
//! and `resolve.rs` where the base would carry out an expansion's action,
//! answer its window or play its card.

use super::actions::Action;
use super::cards::{Card, Kind};
use super::expansion::in_play_of;
use super::machine::Machine;
use super::reason::Reason;
use super::state::{Shot, State, WindowKind};
use crate::core::Seat;

/// How an expansion carries out its actions, answers to its windows and its
/// cards. Each hook returns whether it took the action (`false`: not its
/// own, the base or another expansion goes on); the defaults take none.
pub(crate) trait ActionRules: Sync {
    /// Records and carries out one of its actions whose content is private,
    /// by its own event instead of `acted` (the Mail Car's gift, TR-11.11).
    fn acts_in_private(
        &self,
        _m: &mut Machine<'_, '_>,
        _seat: Seat,
        _action: Action,
        _npc: Option<Reason>,
    ) -> bool {
        false
    }

    /// Carries out one of its recorded actions; `window` is the reaction
    /// window that was open when it was taken.
    fn carries_out(
        &self,
        _m: &mut Machine<'_, '_>,
        _seat: Seat,
        _action: Action,
        _window: Option<WindowKind>,
    ) -> bool {
        false
    }

    /// A `discard` out of a window that answers one of its decisions (Dutch
    /// Will's phase-1 cards, Shade O'Connor's swap, a Map's cards).
    fn discards(&self, _m: &mut Machine<'_, '_>, _seat: Seat, _card: Card) -> bool {
        false
    }

    /// A `pass` out of a window that answers one of its decisions (a Map
    /// kept, the End of the Line's last chance let go).
    fn passes(&self, _m: &mut Machine<'_, '_>, _seat: Seat) -> bool {
        false
    }

    /// The seat asked in one of its windows answers with no card (its
    /// `pass`, and the safe default on expiry).
    fn declines(&self, _m: &mut Machine<'_, '_>, _seat: Seat, _kind: WindowKind) -> bool {
        false
    }

    /// The seat asked in one of its windows answers with `card`.
    fn responds(
        &self,
        _m: &mut Machine<'_, '_>,
        _seat: Seat,
        _card: Card,
        _kind: WindowKind,
    ) -> bool {
        false
    }

    /// The effect of one of its cards played in phase 2, after its
    /// `card_played`; `k` is the kind it is played as.
    fn card_played(
        &self,
        _m: &mut Machine<'_, '_>,
        _seat: Seat,
        _k: Kind,
        _target: Option<Seat>,
        _in_play: Option<Card>,
    ) -> bool {
        false
    }

    /// Its part of a Missed! effect `seat` answered the `shot` with, by
    /// `card` from his hand (`auto`: by his standing orders): a Cactus's
    /// "draw!", an Evaded!'s card taken back, a Dodge's draw.
    fn after_missed(
        &self,
        _m: &mut Machine<'_, '_>,
        _seat: Seat,
        _card: Card,
        _shot: Option<Shot>,
        _auto: bool,
    ) {
    }

    /// Its part of `seat` answering Indians! or a Duel (`kind`) with the
    /// BANG! `card` from his hand (Molly Stark draws, DC10).
    fn bang_answered(&self, _m: &mut Machine<'_, '_>, _seat: Seat, _card: Card, _kind: WindowKind) {
    }

    /// `taker`, another player, took or discarded `card` of `owner`
    /// (`None`: a hand card) (the Refund, TR-13.10).
    fn card_taken(
        &self,
        _m: &mut Machine<'_, '_>,
        _owner: Seat,
        _taker: Seat,
        _card: Option<Card>,
    ) {
    }
}

/// Every registered expansion's [`ActionRules`], in the registry's order
/// (the one instance is `ActionHooks::default()`, made by the registry).
pub(crate) struct ActionHooks(pub &'static [&'static dyn ActionRules]);

impl ActionHooks {
    /// The action hooks of the expansions `s` plays.
    pub(crate) fn in_play(s: &State) -> impl Iterator<Item = &'static dyn ActionRules> + use<> {
        in_play_of(s, Self::default().0)
    }
}

impl Machine<'_, '_> {
    /// `seat` answered Indians! or a Duel (`kind`) with the BANG! `card`
    /// from his hand: the expansions in play add theirs.
    pub fn bang_answered(&mut self, seat: Seat, card: Card, kind: WindowKind) {
        for e in ActionHooks::in_play(self.s()) {
            e.bang_answered(self, seat, card, kind);
        }
    }

    /// `seat` answered the `shot` with the Missed! effect of `card` from
    /// his hand: the expansions in play add theirs.
    pub fn after_missed(&mut self, seat: Seat, card: Card, shot: Option<Shot>, auto: bool) {
        for e in ActionHooks::in_play(self.s()) {
            e.after_missed(self, seat, card, shot, auto);
        }
    }

    /// `taker` took or discarded `card` of `owner` (`None`: a hand card):
    /// the expansions in play react.
    pub fn card_taken(&mut self, owner: Seat, taker: Seat, card: Option<Card>) {
        for e in ActionHooks::in_play(self.s()) {
            e.card_taken(self, owner, taker, card);
        }
    }
}
