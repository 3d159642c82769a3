//! The Lone Gunslinger, the solo mode of `rules/lone-gunslinger.md` (Part A):
//! one person plays the Sheriff (seat 0) and the Deputy; the rules play the
//! four NPCs (three Outlaws and the modified Renegade) with the policy of
//! [`super::npc`]. What the mode changes lives here, layer by layer: its data
//! (`mode.rs`: the name, the seats, the settings), its checks of a
//! configuration (`validate.rs`), its queries of the state (`seats.rs`: who
//! is an NPC, what a victim may give up; `waiting.rs`: whose decision the
//! game waits for), its setup (`setup.rs`), and its steps in the machine
//! (`turns.rs`: NPC decisions, the night, and the victim's choice of B6).
//! The lower layers never import the machine: the machine asks them.
//!
//! Everything is face up (A3.2): every view shows every role, hand and Stack;
//! only the order of the deck stays hidden.

pub(crate) mod hooks;
pub(crate) mod mode;
pub(crate) mod seats;
mod setup;
mod turns;
pub(crate) mod validate;
pub(crate) mod waiting;

pub use mode::{MODE, SEATS, Solo};
pub use seats::{deputy, give_class, is_npc, is_person};
pub(crate) use setup::open;
pub use setup::{MOST_WANTED, POOL, pool, starting_hand};
pub use waiting::played_by;
