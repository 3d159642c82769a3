//! What an expansion changes about the playing cards ([`CardRules`]): the
//! kind a card is played as, who a card leaves unaffected, its part of a
//! card's effect as the fold sets it in motion, and the cards flipped for a
//! "draw!". Asked by the fold (`apply/plays.rs`), the machine (`play.rs`)
//! and the legal actions alike: every hook reads or folds the state only.

use super::cards::{Card, Kind, card, kind};
use super::characters::Character;
use super::distance::Seating;
use super::expansion::in_play_of;
use super::state::State;
use crate::core::Seat;

/// What an expansion changes about the playing cards. The defaults change
/// nothing.
pub(crate) trait CardRules: Sync {
    /// The kind `card` is played as, read before it is played, when its
    /// rules say (a Money Bag copies the top of the discard pile, TR-13.7 a).
    fn played_as(&self, _s: &State, _card: Card) -> Option<Kind> {
        None
    }

    /// Whether a card of kind `k` names, as its target, a player it leaves
    /// out rather than one it hits (Sgt. Blaze, TC6).
    fn exempts(&self, _k: Kind) -> bool {
        false
    }

    /// Whether `card`, played by `by`, has no effect on `seat` (a Calumet,
    /// GR-7.7; a Prisoner Car, TR-11.14).
    fn ignores(&self, _s: &State, _seat: Seat, _by: Seat, _card: Card) -> bool {
        false
    }

    /// How many BANG! cards `seat` may play a turn, given the limit so far
    /// (a Dragoon: 2, TR-13.2).
    fn bang_limit(&self, _s: &State, _seat: Seat, limit: u8) -> u8 {
        limit
    }

    /// Whether a BANG! card may not choose `target` now (a Private Car with
    /// an empty hand, TR-11.15).
    fn bang_proof(&self, _s: &State, _target: Seat) -> bool {
        false
    }

    /// Whether `seat` may not come to hold `card` in play (the Sheriff and
    /// the Ghost Car, TR-11.8.1).
    fn barred(&self, _s: &State, _seat: Seat, _card: Card) -> bool {
        false
    }

    /// More cards `seat` flips for a "draw!" (a Horseshoe, GR-7.9).
    fn extra_flips(&self, _s: &State, _seat: Seat) -> usize {
        0
    }

    /// Folds `card` just played by `seat` somewhere else than the discard
    /// pile while its effect resolves (a Money Bag, TR-13.7 a); `false`
    /// leaves it to the base.
    fn sets_aside(&self, _s: &mut State, _seat: Seat, _card: Card) -> bool {
        false
    }

    /// Folds its part of the effect of `card`, played by `seat` as a card of
    /// kind `k`, before the base's; `true` if it folded the whole effect (a
    /// Money Bag's copy, the train's cards), `false` to let the base go on.
    fn folds_play(
        &self,
        _s: &mut State,
        _seat: Seat,
        _card: Card,
        _k: Kind,
        _target: Option<Seat>,
    ) -> bool {
        false
    }

    /// Whether a shot remembers the card that shot (a Knife Revolver's
    /// recovery, TR-13.5).
    fn keeps_shot_cards(&self) -> bool {
        false
    }

    /// What its cards in play add to and take off the distance from the
    /// holder of `from` to the holder of `to` (the train's Lumber Flatcar
    /// and Observation Car, TR-11.10, TR-11.12); asked only when one of them
    /// is a card outside the playing cards' table.
    fn distance_terms(&self, _from: &[Card], _to: &[Card]) -> (i16, i16) {
        (0, 0)
    }

    /// The name of `card` when it is one of its cards the playing cards'
    /// table does not hold (a railcar's: `Ghost Car`).
    fn card_name(&self, _card: Card) -> Option<&'static str> {
        None
    }

    /// Folds its part of `card` just put into play in front of `seat` (a
    /// green card waits for the turn's end, DC-3.2).
    fn entered_play(&self, _s: &mut State, _seat: Seat, _card: Card) {}

    /// Folds its part of the BANG! `card` of `source` aimed at `target`,
    /// once the shot is in motion (Evan Babbit's window, TC2).
    fn bang_aimed(&self, _s: &mut State, _source: Seat, _card: Card, _target: Seat) {}
}

/// Every registered expansion's [`CardRules`], in the registry's order (the
/// one instance is `CardHooks::default()`, made by the registry).
pub(crate) struct CardHooks(pub &'static [&'static dyn CardRules]);

impl CardHooks {
    /// The card hooks of the expansions `s` plays.
    pub(crate) fn in_play(s: &State) -> impl Iterator<Item = &'static dyn CardRules> + use<> {
        in_play_of(s, Self::default().0)
    }
}

/// The kind `card` is played as, read before it is played: its own, unless
/// an expansion in play says otherwise (a Money Bag).
pub(crate) fn played_as(s: &State, card: Card) -> Kind {
    CardHooks::in_play(s)
        .find_map(|e| e.played_as(s, card))
        .unwrap_or_else(|| kind(card))
}

/// How many BANG! cards `seat` may play a turn (Volcanic and Willy the Kid
/// aside): 1, as the expansions in play change it.
pub(crate) fn bang_limit(s: &State, seat: Seat) -> u8 {
    CardHooks::in_play(s).fold(1, |limit, e| e.bang_limit(s, seat, limit))
}

/// Whether a BANG! card may not choose `target` now, as an expansion in play
/// says.
pub(crate) fn bang_proof(s: &State, target: Seat) -> bool {
    CardHooks::in_play(s).any(|e| e.bang_proof(s, target))
}

/// Whether `seat` may not come to hold `card` in play, as an expansion in
/// play says.
pub(crate) fn barred(s: &State, seat: Seat, card: Card) -> bool {
    CardHooks::in_play(s).any(|e| e.barred(s, seat, card))
}

/// Whether a card of kind `k` names a player it leaves out (TC6).
pub(crate) fn exempts(s: &State, k: Kind) -> bool {
    CardHooks::in_play(s).any(|e| e.exempts(k))
}

/// Whether `card`, played by `by`, has no effect on `seat`, as an expansion
/// in play says.
pub(crate) fn ignores(s: &State, seat: Seat, by: Seat, card: Card) -> bool {
    CardHooks::in_play(s).any(|e| e.ignores(s, seat, by, card))
}

/// The card that shot, for a shot's effect, when an expansion in play
/// remembers it.
pub(crate) fn shot_card(s: &State, card: Card) -> Option<Card> {
    CardHooks::in_play(s)
        .any(|e| e.keeps_shot_cards())
        .then_some(card)
}

/// What the expansions' cards in play add to and take off `d(from → to)`,
/// given the cards in play of each (every registered expansion: its cards
/// are only in play in a game that plays it). Only cards outside the
/// playing cards' table have such terms (the railcars): a playing card's
/// distance is the cards table's (Mustang, Scope).
pub(crate) fn distance_terms(from: &[Card], to: &[Card]) -> (i16, i16) {
    if only_playing_cards(from, to) {
        return (0, 0);
    }
    sum_terms(CardHooks::default().0.iter().copied(), from, to)
}

/// Whether every card of `from` and `to` is in the playing cards' table
/// (whose distance terms are the base's).
fn only_playing_cards(from: &[Card], to: &[Card]) -> bool {
    from.iter().chain(to).all(|&c| card(c).is_some())
}

/// The distance terms of `hooks` added up, given the cards in play of the
/// two players.
fn sum_terms<'a>(
    hooks: impl Iterator<Item = &'a dyn CardRules>,
    from: &[Card],
    to: &[Card],
) -> (i16, i16) {
    hooks
        .map(|e| e.distance_terms(from, to))
        .fold((0, 0), |(p, m), (plus, minus)| (p + plus, m + minus))
}

/// The state shows distance and reach its table, with the expansions'
/// terms.
impl Seating for State {
    fn size(&self) -> u8 {
        self.players
    }

    fn in_game(&self, seat: Seat) -> bool {
        self.alive(seat)
    }

    fn cards_in_play(&self, seat: Seat) -> &[Card] {
        &self.p(seat).in_play
    }

    fn character_of(&self, seat: Seat) -> Option<Character> {
        self.ability(seat) // Vera Custer's copy's flags while she has one (DC15)
    }

    fn in_force(&self, seat: Seat) -> bool {
        self.cards_in_force(seat)
    }

    fn distance_terms(&self, from: Seat, to: Seat) -> (i16, i16) {
        let (from, to) = (self.cards_in_play(from), self.cards_in_play(to));
        if only_playing_cards(from, to) {
            return (0, 0); // playing cards only: the base's Mustang and Scope
        }
        sum_terms(CardHooks::in_play(self), from, to)
    }
}

/// A card's name: `BANG!`, `Barrel`, or an expansion's own card's (a
/// railcar's, `Ghost Car`).
pub fn card_name(card: Card) -> &'static str {
    CardHooks::default()
        .0
        .iter()
        .find_map(|e| e.card_name(card))
        .unwrap_or_else(|| kind(card).info().name)
}
