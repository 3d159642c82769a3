//! The Great Train Robbery (`rules/train-robbery.md`), being built: the
//! train's setup, movement, railcar taking and End of the Line, checked by
//! acceptance cases as they land and by random games in which every
//! invariant holds, replay equals live play and the audit accepts the log.

mod cards;
mod characters;
mod hidden;
mod interactions;
mod railcars;
mod random;
#[allow(clippy::module_inception)] // named as the brief asks: the train itself
mod train;
mod windows;
