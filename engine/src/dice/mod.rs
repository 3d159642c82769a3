//! BANG! The Dice Game (ruleset `dice`), specified in `rules/dice.md`.
//!
//! The base game is complete: 3–8 players (with the 3-player variant and two
//! Renegades at 8), the 16 characters, Arrows and Indian attacks, Dynamite (revised
//! printing), Bull's Eyes, Beer, the Gatling Gun, and every victory case; and the
//! five Old Saloon modules, each on its own or with any others.

mod actions;
mod audit;
pub mod catalog;
mod characters;
mod decisions;
mod events;
mod faces;
pub mod history;
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
pub mod texts;
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
pub use events::{Event, GameCreated, Loss, Losses, RULES, RolledDie, apply};
pub use faces::{DiceSet, Die, DieKind, Face, MAX_DICE, Symbol, nth_bullseye};
pub use invariants::check_invariants;
pub use life::{ghost_renegade_side, victory};
pub use options::{Config, ConfigError, Module, ModuleSet, Options, SeatSpec};
pub use roles::{Role, Team, roles_for, three_player_target};
pub use setup::{special_pool, start};
pub use specials::{
    Gain, Order, Orders, Power, Reveal, SPECIALS, SeatSet, Special, SpecialInfo, Window, WindowKind,
};
pub use state::{
    ARROWS, Batch, BatchStep, GainSource, GhostGift, Immediate, LossSource, MAX_PLAYERS, Outcome,
    Player, Shot, Stage, State, Step, Turn,
};
pub use view::{PlayerView, TurnView, View, redact, view};

use std::ops::RangeInclusive;

use serde_json::Value;

use crate::core::{Asking, Decided, GameRng, PlayError, Seat, Viewer, Winners};

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

/// The dice game as a [`crate::Ruleset`]: how it plugs into the server, the
/// audit, fork, the bots and the tools.
pub struct Dice;

impl From<ActionError> for PlayError {
    fn from(e: ActionError) -> PlayError {
        match e {
            ActionError::GameOver => PlayError::GameOver,
            ActionError::NotYourDecision(_) => PlayError::NotYourDecision(e.to_string()),
            ActionError::Illegal(why) => PlayError::Illegal(why),
        }
    }
}

impl crate::Ruleset for Dice {
    const ID: &'static str = RULESET;
    const NAME: &'static str = "BANG! The Dice Game";
    const PLAYERS: RangeInclusive<u8> = 3..=8;
    const HIDING_EVENTS: &'static [&'static str] = &["role_dealt", "orders_set"];
    const ANYTIME_ACTIONS: &'static [&'static str] = &["set_orders"];

    type Config = Config;
    type State = State;
    type Event = Event;
    type Action = Action;
    type View = View;
    type Pending = Pending;

    fn config(players: u8, options: &Value, seats: Vec<SeatSpec>) -> Result<Config, String> {
        let options = crate::core::parse_options(options, "{\"modules\": [\"ghost\"]}")?;
        Ok(Config {
            players,
            options,
            seats,
        })
    }

    fn has_reaction_windows(options: &Value) -> bool {
        // Only the special roles answer out of turn.
        options
            .get("modules")
            .and_then(Value::as_array)
            .is_some_and(|m| m.iter().any(|m| m == options::Module::SpecialRoles.id()))
    }

    fn opening(first: &Event) -> Option<(Config, &str)> {
        let Event::GameCreated(created) = first else {
            return None;
        };
        let config = Config {
            players: created.players,
            options: created.options.clone(),
            seats: created.seats.clone(),
        };
        Some((config, created.seed_commitment.as_str()))
    }

    fn same_opening(logged: &Event, derived: &Event) -> bool {
        match (logged, derived) {
            (Event::GameCreated(logged), Event::GameCreated(derived)) => {
                GameCreated {
                    engine: derived.engine.clone(),
                    ..(**logged).clone()
                } == **derived
            }
            _ => logged == derived,
        }
    }

    fn catalog() -> Value {
        serde_json::to_value(catalog::catalog()).unwrap_or(Value::Null)
    }

    fn start(config: &Config, rng: &mut GameRng) -> Result<Vec<Event>, String> {
        start(config, rng).map_err(|e| e.to_string())
    }

    fn apply(state: &mut State, event: &Event) {
        apply(state, event)
    }

    fn play_into(
        state: &mut State,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        events: &mut Vec<Event>,
    ) -> Result<(), PlayError> {
        Ok(play_into(state, seat, action, rng, events)?)
    }

    fn expire(state: &mut State, rng: &mut GameRng) -> Result<Vec<Event>, PlayError> {
        Ok(expire(state, rng)?)
    }

    fn control_event(change: crate::core::SeatControl) -> Event {
        Event::SeatControl(change)
    }

    fn seat_spec(state: &State, seat: Seat) -> Option<&crate::core::SeatSpec> {
        state.seats.get(seat as usize)
    }

    fn decided(event: &Event) -> Option<Decided<Action>> {
        // Each decision begins with a seat's action or, with special roles,
        // its standing orders or a reaction window running out.
        match event {
            Event::Acted { seat, action } => Some(Decided::Action(*seat, *action)),
            Event::OrdersSet {
                seat,
                orders: Some(orders),
            } => Some(Decided::Action(
                *seat,
                Action::SetOrders { orders: *orders },
            )),
            Event::WindowExpired => Some(Decided::Expiry),
            Event::SeatControl(change) => Some(Decided::Control(change.clone())),
            _ => None,
        }
    }

    fn begins_decision(event: &Event) -> bool {
        event.begins_decision()
    }

    fn version(state: &State) -> u64 {
        state.version
    }

    fn winners(state: &State) -> Option<Winners> {
        state.outcome.as_ref().map(|o| Winners {
            team: o.team,
            seats: o.winners.clone(),
        })
    }

    fn roles(state: &State) -> Vec<Option<Role>> {
        state.table[..usize::from(state.players)]
            .iter()
            .map(|p| p.role)
            .collect()
    }

    fn pending(state: &State) -> Vec<Pending> {
        waiting(state).into_iter().collect()
    }

    fn pending_seat(pending: &Pending) -> Seat {
        pending.seat
    }

    fn next_to_act(state: &State) -> Option<Seat> {
        pending(state).map(|p| p.seat)
    }

    fn is_reaction(pending: &Pending) -> bool {
        matches!(pending.decision, Decision::Window { .. })
    }

    fn asking(state: &State) -> Option<Asking> {
        let window = state.window.filter(|w| !w.asked.is_empty())?;
        Some(Asking {
            opened: window.opened,
            asked: window.asked,
        })
    }

    fn reaction_seconds(state: &State) -> Option<u32> {
        state.reaction_seconds
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        legal_actions(state, seat)
    }

    fn legal_actions_into(state: &State, seat: Seat, into: &mut Vec<Action>) {
        legal_actions_into(state, seat, into)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view(state, viewer)
    }

    fn hides(event: &Event) -> bool {
        matches!(event, Event::RoleDealt { .. } | Event::OrdersSet { .. })
    }

    fn redact(event: &Event, viewer: Viewer) -> Event {
        redact(event, viewer)
    }

    fn describe(event: &Event, names: &[String]) -> Option<crate::core::Line> {
        history::describe(event, names)
    }

    fn ends_game(event: &Event) -> bool {
        matches!(event, Event::GameEnded { .. })
    }

    fn role_of(state: &State, seat: Seat) -> Option<crate::core::Role> {
        state.players().get(seat as usize)?.role
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        check_invariants(state)
    }
}

#[cfg(test)]
mod tests;
