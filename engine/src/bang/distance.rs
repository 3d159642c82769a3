//! Distance and reach (§7), written once for whatever shows a table: the
//! state itself, or a seat's [`super::View`] of it (what the NPC policy reads).

use super::cards::{Card, Kind, KindInfo, kind};
use super::characters::Character;
use crate::core::{MAX_SEATS, Seat};

/// What distance and reach read of a table.
pub trait Seating {
    /// Seats at the table.
    fn size(&self) -> u8;
    /// Whether `seat` is a player in play.
    fn in_game(&self, seat: Seat) -> bool;
    /// The cards in play in front of `seat`.
    fn cards_in_play(&self, seat: Seat) -> &[Card];
    /// The character of `seat`, once dealt.
    fn character_of(&self, seat: Seat) -> Option<Character>;
    /// What the expansions' cards in play add to and take off `d(from →
    /// to)`, besides the Mustang and the Scope.
    fn distance_terms(&self, from: Seat, to: Seat) -> (i16, i16);
    /// Whether `seat`'s playing cards in play have their effect now (not
    /// in Belle Star's turn, DC02).
    fn in_force(&self, _seat: Seat) -> bool {
        true
    }
}

/// Whether `seat` has a card of kind `k` in play.
pub fn has_in_play(t: &impl Seating, seat: Seat, k: Kind) -> bool {
    t.cards_in_play(seat).iter().any(|&c| kind(c) == k)
}

/// Seat distance (§7.1), counting only players in play (and the two seats).
pub fn seat_distance(t: &impl Seating, from: Seat, to: Seat) -> u8 {
    // One pass: how many seats count, and where `from` and `to` are among them.
    let (mut n, mut a, mut b) = (0usize, None, None);
    for s in 0..t.size().min(MAX_SEATS as u8) {
        if s == from || s == to || t.in_game(s) {
            if s == from {
                a = Some(n);
            }
            if s == to {
                b = Some(n);
            }
            n += 1;
        }
    }
    let (Some(a), Some(b)) = (a, b) else {
        return 0;
    };
    let cw = (b + n - a) % n;
    cw.min(n - cw) as u8
}

/// How many of `seat`'s cards in play have the distance term `term` (a
/// Mustang and a Hideout: 2).
fn cards_with(t: &impl Seating, seat: Seat, term: fn(&KindInfo) -> bool) -> i16 {
    if !t.in_force(seat) {
        return 0;
    }
    let cards = t.cards_in_play(seat).iter();
    cards.filter(|&&c| term(kind(c).info())).count() as i16
}

/// Effective distance `d(from → to)` (§7.2): the Mustang and the Scope, and
/// the cards the kinds' table gives their terms (Dodge City's Hideout and
/// Binocular).
pub fn distance(t: &impl Seating, from: Seat, to: Seat) -> u8 {
    let info = |s: Seat| t.character_of(s).map(Character::info);
    let plus = cards_with(t, to, |k| k.seen_farther) + info(to).is_some_and(|i| i.mustang) as i16;
    let minus = cards_with(t, from, |k| k.sees_closer) + info(from).is_some_and(|i| i.scope) as i16;
    let (more, less) = t.distance_terms(from, to);
    (seat_distance(t, from, to) as i16 + plus + more - minus - less).max(1) as u8
}

/// Reach (§7.3): the weapon's, or 1.
pub fn reach(t: &impl Seating, seat: Seat) -> u8 {
    t.cards_in_play(seat)
        .iter()
        .find_map(|&c| kind(c).info().reach)
        .unwrap_or(1)
}
