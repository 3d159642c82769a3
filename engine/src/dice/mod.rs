//! BANG! The Dice Game (ruleset `dice`), specified in `rules/dice.md`.
//!
//! The base game is complete: 3–8 players (with the 3-player variant and two
//! Renegades at 8), the 16 characters, Arrows and Indian attacks, Dynamite (revised
//! printing), Bull's Eyes, Beer, the Gatling Gun, and every victory case; and the
//! five Old Saloon modules, each on its own or with any others.

mod actions;
mod audit;
mod characters;
mod decisions;
mod events;
mod faces;
mod invariants;
mod life;
mod machine;
mod offers;
mod options;
mod roles;
mod setup;
mod sources;
mod specials;
mod state;
mod turn;
mod view;
mod windows;

pub use actions::Action;
pub use audit::{verify_log, verify_log_with};
pub use characters::{CHARACTERS, Character, CharacterInfo, Reach};
pub use decisions::{
    ActionError, Decision, Pending, asked, bullseye_result, bullseye_results, bullseye_targets,
    legal_actions, legal_actions_into, pending, rerollable_dice, waiting,
};
pub use events::{Event, GameCreated, Loss, Losses, RolledDie, apply};
pub use faces::{DiceSet, Die, DieKind, Face, MAX_DICE, Symbol, nth_bullseye};
pub use invariants::check_invariants;
pub use life::{ghost_renegade_side, victory};
pub use options::{Config, ConfigError, Module, ModuleSet, Options, SeatSpec};
pub use roles::{Role, Team, roles_for, three_player_target};
pub use setup::start;
pub use specials::{
    Gain, Order, Orders, Power, Reveal, SPECIALS, SeatSet, Special, SpecialInfo, Window, WindowKind,
};
pub use state::{
    ARROWS, Batch, BatchStep, GainSource, GhostGift, Immediate, LossSource, MAX_PLAYERS, Outcome,
    Player, Shot, Stage, State, Step, Turn,
};
pub use view::{PlayerView, TurnView, View, redact, view};

use crate::core::{GameRng, Seat, Viewer};

/// The ruleset id of the dice game in the API and the log.
pub const RULESET: &str = "dice";

/// Validates `action` by `seat` and returns the events it causes, up to the next
/// decision. The state is not touched: fold the events to move it on.
pub fn decide(
    state: &State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<Event>, ActionError> {
    let mut next = state.clone();
    play(&mut next, seat, action, rng)
}

/// Like [`decide`], and moves `state` on in place to exactly the state that
/// folding the returned events gives. Cheaper when the caller holds the state
/// anyway (a live game in memory, the simulator). On error nothing changes.
pub fn play(
    state: &mut State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<Event>, ActionError> {
    let mut events = Vec::with_capacity(16);
    play_into(state, seat, action, rng, &mut events)?;
    Ok(events)
}

/// Like [`play`], appending the events to `events` (a buffer the caller may
/// reuse from one decision to the next). On error nothing changes.
pub fn play_into(
    state: &mut State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
    events: &mut Vec<Event>,
) -> Result<(), ActionError> {
    let action = decisions::check(state, seat, action)?;
    let mut m = machine::Machine::with_buffer(state, rng, std::mem::take(events));
    m.act(seat, action);
    if !matches!(action, Action::SetOrders { .. }) {
        // Orders change nothing now: they answer windows opened later.
        m.run();
    }
    *events = m.events;
    Ok(())
}

/// Special roles: closes the open window when its live reaction time is up (the
/// server calls this, never a seat): every seat still asked passes, and the
/// game moves on to its next decision. Refused when no window waits for anyone.
pub fn expire(state: &mut State, rng: &mut GameRng) -> Result<Vec<Event>, ActionError> {
    if state.is_over() {
        return Err(ActionError::GameOver);
    }
    if state.window.is_none_or(|w| w.asked.is_empty()) {
        return Err(ActionError::Illegal("no window waits for anyone".into()));
    }
    let mut m = machine::Machine::new(state, rng);
    m.emit(Event::WindowExpired);
    m.run();
    Ok(m.events)
}

/// Why a game could not be started or an action taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A bad configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A refused action.
    #[error(transparent)]
    Action(#[from] ActionError),
}

/// The dice game as a [`crate::Ruleset`].
pub struct Dice;

impl crate::Ruleset for Dice {
    type Config = Config;
    type State = State;
    type Event = Event;
    type Action = Action;
    type View = View;
    type Error = Error;

    fn start(config: &Config, rng: &mut GameRng) -> Result<Vec<Event>, Error> {
        Ok(start(config, rng)?)
    }
    fn apply(state: &mut State, event: &Event) {
        apply(state, event)
    }
    fn decide(
        state: &State,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, Error> {
        Ok(decide(state, seat, action, rng)?)
    }
    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        legal_actions(state, seat)
    }
    fn view(state: &State, viewer: Viewer) -> View {
        view(state, viewer)
    }
    fn redact(event: &Event, viewer: Viewer) -> Event {
        redact(event, viewer)
    }
}

#[cfg(test)]
mod tests;
