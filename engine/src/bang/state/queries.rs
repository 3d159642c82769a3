//! The questions asked of a state: whether the game is over, who is at
//! the table and in play, the seats around a player, the cards in front of
//! him, distance and reach (§7), and what a card counts as in his hand.

use super::{Phase, Player, Shot, State, Targets};
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::{Character, CharacterInfo};
use crate::bang::distance;
use crate::bang::orders::Orders;
use crate::core::Seat;

impl State {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The seats at the table.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        0..self.players
    }

    /// The player at `seat` (seat 0 for a seat that is not at the table).
    pub fn p(&self, seat: Seat) -> &Player {
        let i = if seat < self.players { seat } else { 0 };
        &self.table[i as usize]
    }

    /// Whether `seat` is a player in play — a shadow too, during his own
    /// shadow turn (SG-4).
    pub fn alive(&self, seat: Seat) -> bool {
        seat < self.players && (self.table[seat as usize].alive || self.is_shadow(seat))
    }

    /// Whether `seat` is an eliminated player playing his shadow turn (SG-2):
    /// back at his seat for this turn, his life unchangeable.
    pub fn is_shadow(&self, seat: Seat) -> bool {
        self.turn.shadow && self.turn.seat == seat && seat < self.players
    }

    /// Whether `seat` is in play for good (not eliminated): shadows never are
    /// (SG-3, SG-7).
    pub fn in_play(&self, seat: Seat) -> bool {
        seat < self.players && self.table[seat as usize].alive
    }

    /// How many players are in play.
    pub fn alive_count(&self) -> u8 {
        self.seats().filter(|&s| self.alive(s)).count() as u8
    }

    /// B-2.3.3: whether a Beer heals: more than 2 players in play for good
    /// (a shadow in his turn does not count: a project decision).
    pub fn beer_heals(&self) -> bool {
        self.seats().filter(|&x| self.in_play(x)).count() > 2
    }

    /// Whether this is the 3-player variant (§17).
    pub fn three_players(&self) -> bool {
        self.players == 3
    }

    /// The next player in play clockwise after `seat` (`seat` itself if alone).
    pub fn next_alive(&self, seat: Seat) -> Seat {
        let n = self.players.max(1);
        (1..=n)
            .map(|k| ((u16::from(seat) + u16::from(k)) % u16::from(n)) as Seat)
            .find(|&s| self.alive(s))
            .unwrap_or(seat)
    }

    /// Every other player in play, clockwise from the left of `seat`.
    pub fn others_clockwise(&self, seat: Seat) -> Targets {
        let n = self.players.max(1);
        (1..n)
            .map(|k| (seat + k) % n)
            .filter(|&s| self.alive(s))
            .collect()
    }

    /// A character's table row, if dealt.
    pub fn info(&self, seat: Seat) -> Option<&'static CharacterInfo> {
        self.ability(seat).map(Character::info)
    }

    /// The character whose table flags (a Barrel, a Mustang, two flips…)
    /// `seat` has: his copy's, while he has one (Vera Custer, DC15), else
    /// his own.
    pub fn ability(&self, seat: Seat) -> Option<Character> {
        let p = self.p(seat);
        p.copy.or(p.character)
    }

    /// Whether `seat` is `character`, or has its ability now (Vera
    /// Custer's copy, DC15).
    pub fn is(&self, seat: Seat, character: Character) -> bool {
        let p = self.p(seat);
        p.character == Some(character) || p.copy == Some(character)
    }

    /// The card of this kind in play in front of `seat`.
    pub fn in_play_of(&self, seat: Seat, k: Kind) -> Option<Card> {
        self.p(seat).in_play.iter().copied().find(|&c| kind(c) == k)
    }

    /// The weapon in play in front of `seat`.
    pub fn weapon(&self, seat: Seat) -> Option<Card> {
        self.p(seat)
            .in_play
            .iter()
            .copied()
            .find(|&c| kind(c).is_weapon())
    }

    /// Seat distance (§7.1), counting only players in play.
    pub fn seat_distance(&self, from: Seat, to: Seat) -> u8 {
        distance::seat_distance(self, from, to)
    }

    /// Effective distance `d(from → to)` (§7.2).
    pub fn distance(&self, from: Seat, to: Seat) -> u8 {
        distance::distance(self, from, to)
    }

    /// Reach (§7.3): the weapon's, or 1.
    pub fn reach(&self, seat: Seat) -> u8 {
        distance::reach(self, seat)
    }

    /// Whether `seat` may play any number of BANG! cards (Volcanic, Willy the Kid).
    pub fn unlimited_bang(&self, seat: Seat) -> bool {
        self.in_play_of(seat, Kind::Volcanic).is_some()
            || self.info(seat).is_some_and(|i| i.unlimited_bang)
    }

    /// Whether `card` counts as a Missed! effect from `seat`'s hand.
    pub fn is_missed_for(&self, seat: Seat, card: Card) -> bool {
        let p = self.p(seat);
        missed_effect(p.character, card) || p.copy.is_some() && missed_effect(p.copy, card)
    }

    /// Whether `card` counts as a BANG! card from `seat`'s hand.
    pub fn is_bang_for(&self, seat: Seat, card: Card) -> bool {
        let p = self.p(seat);
        bang_card(p.character, card) || p.copy.is_some() && bang_card(p.copy, card)
    }

    /// Whether the shot's target still has a Barrel source not used on it.
    pub fn barrel_left(&self, shot: &Shot) -> bool {
        (!shot.barrel_used
            && self.in_play_of(shot.target, Kind::Barrel).is_some()
            && self.cards_in_force(shot.target))
            || (!shot.character_used && self.info(shot.target).is_some_and(|i| i.barrel))
    }

    /// Whether an effect, a shot or a dying player is being resolved.
    pub fn resolving(&self) -> bool {
        self.effect.is_some() || self.shot.is_some() || self.dying.is_some()
    }

    /// Whether the first turn has begun.
    pub fn started(&self) -> bool {
        self.turn.phase != Phase::Setup
    }

    /// Standing orders of `seat`.
    pub fn orders_of(&self, seat: Seat) -> Orders {
        self.orders.get(seat as usize).copied().unwrap_or_default()
    }
}

/// Whether `card` counts as a Missed! effect in the hand of `character`
/// (Calamity Janet: a BANG! too).
pub fn missed_effect(character: Option<Character>, card: Card) -> bool {
    match kind(card) {
        k if k.info().missed => true,
        Kind::Bang if character == Some(Character::CalamityJanet) => true,
        _ => character.is_some_and(|c| c.info().any_card_missed),
    }
}

/// Whether `card` counts as a BANG! card in the hand of `character`
/// (Calamity Janet: a Missed! too).
pub fn bang_card(character: Option<Character>, card: Card) -> bool {
    match kind(card) {
        Kind::Bang => true,
        Kind::Missed => character == Some(Character::CalamityJanet),
        _ => false,
    }
}
