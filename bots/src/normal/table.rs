//! The table as the policy pictures it: how many seats it has, and how far a
//! Bull's Eye reaches around it. Shared by the evidence (`beliefs.rs`) and the
//! evaluation (`eval.rs`), below both.

use engine::dice::{Reach, Symbol};

/// The most seats at a table.
pub(super) const SEATS: usize = 8;

/// The distances a Bull's Eye result of `symbol` reaches with `m` players left.
pub(super) fn reach_range(reach: Reach, symbol: Symbol, m: u8) -> (u8, u8) {
    let two = symbol == Symbol::Bullseye2 && m >= 4;
    match (reach, two) {
        (Reach::Normal, false) => (1, 1),
        (Reach::Normal, true) => (2, 2),
        (Reach::Either, _) => (1, 2),
        (Reach::Further, false) => (1, 2),
        (Reach::Further, true) => (2, 3),
    }
}
