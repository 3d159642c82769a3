//! The base game's texts (`bang.md`): one line for each kind of its playing
//! cards, its characters and the roles, with the section it comes from, and
//! the rows every expansion's texts share. The registry joins them with the
//! expansions' own (`gold/texts.rs`, `train/texts.rs`) for the rules
//! catalog.

pub(crate) mod base;
pub(crate) mod rows;
