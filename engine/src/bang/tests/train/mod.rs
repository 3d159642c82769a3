//! The Great Train Robbery (`rules/train-robbery.md`): the train's setup,
//! movement, railcar taking and End of the Line, its cards, railcars and
//! characters, checked by acceptance cases and by random games in which every
//! invariant holds, replay equals live play and the audit accepts the log.
//!
//! A case's table is the base harness's with the train on ([`T::with_train`]).

mod cards;
mod characters;
mod hidden;
mod interactions;
mod railcars;
pub(super) mod random;
#[allow(clippy::module_inception)] // named as the brief asks: the train itself
mod train;
mod windows;

use super::T;
use crate::bang::cards::Card;
use crate::bang::check_invariants;
use crate::bang::train::{Train, all_railcars, all_stations};

impl T {
    /// This table (any: the solo harness's too) with the train on: the
    /// case's row of stations (the others face down), the Locomotive at
    /// `position` on its Ironhorse side, `cars` behind it (car 1 first),
    /// every other railcar in the railcar deck (id order, the highest on
    /// top) and the 16 new playing cards on top of the deck (96 the top card,
    /// as the base harness's deck is in id order).
    pub fn with_train(mut self, row: &[u8], position: u8, cars: &[Card]) -> T {
        self.s.train = Train {
            on: true,
            row: row.iter().copied().collect(),
            spare_stations: all_stations().filter(|s| !row.contains(s)).collect(),
            position,
            leland: false,
            cars: cars.iter().copied().collect(),
            deck: all_railcars().filter(|c| !cars.contains(c)).collect(),
            ..Train::default()
        };
        crate::bang::expansion::switch(&mut self.s, crate::bang::train::EXPANSION, true);
        for c in 81..=96 {
            if !self.s.deck.contains(&c) {
                self.s.deck.push(c);
            }
        }
        check_invariants(&self.s).unwrap();
        self
    }
}
