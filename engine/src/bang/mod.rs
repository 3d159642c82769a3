//! BANG! the card game (ruleset `bang`), specified in `rules/bang.md`: the
//! base game for 3 to 8 players (the 3-player variant and two Renegades at 8),
//! the 80 cards and the 16 characters, with reaction windows answered by hand
//! or by private standing orders; and the Lone Gunslinger solo mode with the
//! rules' own NPC policy ([`npc`], [`solo`]), `rules/lone-gunslinger.md`.

mod action_rules;
mod actions;
mod apply;
mod asked;
mod card_rules;
mod cards;
mod characters;
mod config_check;
mod decisions;
pub mod distance;
pub mod dodge;
mod draw_check;
mod events;
mod expansion;
mod fold_steps;
pub mod gold;
pub mod history;
mod invariants;
mod legal_rules;
mod life;
mod machine;
pub mod npc;
mod options;
mod orders;
pub use registry::catalog;
#[cfg(feature = "openapi")]
pub use registry::{nested_action_schemas, nested_decisions, nested_events};
mod play;
mod reason;
mod registry;
mod resolve;
mod roles;
mod setup;
pub mod shadows;
pub mod solo;
mod state;
pub(crate) mod texts;
pub mod train;
mod turn_end;
mod victory;
mod view;

pub use actions::{Action, DrawFrom};
pub use apply::apply;
pub use asked::{Decision, Pending};
pub use cards::{
    BASE_DECK, Border, CARDS, Card, CardInfo, DECK_SIZE, KINDS, Kind, KindInfo, Suit, all_cards,
    card, explodes, is_heart, is_red, kind,
};
pub use characters::{CHARACTERS, Character, CharacterInfo, CharacterSet};
pub use decisions::{ActionError, legal_actions, legal_actions_into, pending};
pub use dodge::{DodgeAction, DodgeDecision, DodgeEvent, DodgeView};
pub use events::{Event, ExpansionEvent, GameCreated, HIDING_EVENTS, RULES};
pub use gold::{GoldAction, GoldDecision, GoldEvent};
pub use invariants::check_invariants;
pub use options::{Config, Options, SeatSpec};
pub use orders::{Orders, Reply, StoreReply};
pub use roles::{roles_for, three_player_target};
pub use setup::{start, starting_life};
pub use solo::Solo;
pub use state::{
    Check, CheckKind, Dying, Effect, ExpansionsOn, InPlay, MAX_PLAYERS, Outcome, Phase, Pile,
    Player, Shot, State, Targets, Turn, Window, WindowKind, bang_card, missed_effect,
};
pub use train::{TrainAction, TrainDecision, TrainEvent, TrainWindow};
pub use victory::victory;
pub use view::{PlayerView, View, redact, view};

use std::ops::RangeInclusive;

use serde_json::Value;

use view::ViewHooks;

use crate::core::{Asking, Decided, GameRng, PlayError, Recorder, Seat, SeatSet, Viewer, Winners};

/// The ruleset id of the card game in the API and the log.
pub const RULESET: &str = "bang";

/// Validates `action` by `seat` and moves `state` on in place to exactly the
/// state that folding the returned events gives. On error nothing changes.
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

/// Like [`play`], appending the events to `events`.
pub fn play_into(
    state: &mut State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
    events: &mut Vec<Event>,
) -> Result<(), ActionError> {
    let action = decisions::check(state, seat, action)?;
    let mut rec = Recorder::<Bang>::new(state, std::mem::take(events));
    machine::Machine { rec: &mut rec, rng }.act(seat, action);
    if !matches!(action, Action::SetOrders { .. }) {
        // Orders change nothing now: they answer windows opened later.
        machine::run(&mut rec, rng);
    }
    *events = rec.events;
    Ok(())
}

/// Validates `action` without touching `state`: the events it would cause.
pub fn decide(
    state: &State,
    seat: Seat,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Vec<Event>, ActionError> {
    let mut next = state.clone();
    play(&mut next, seat, action, rng)
}

/// Closes the open window when its live reaction time is up (the server's
/// action): the safe default answers, and the game moves on.
pub fn expire(state: &mut State, rng: &mut GameRng) -> Result<Vec<Event>, ActionError> {
    if state.is_over() {
        return Err(ActionError::GameOver);
    }
    if state.window.is_none() {
        return Err(ActionError::Illegal("no window waits for anyone".into()));
    }
    let mut rec = Recorder::<Bang>::new(state, Vec::with_capacity(16));
    machine::Machine { rec: &mut rec, rng }.expire();
    machine::run(&mut rec, rng);
    Ok(rec.events)
}

/// Moves a state on from where it stands (for tests that build a situation
/// by hand): the automatic steps up to the next decision.
pub fn advance(state: &mut State, rng: &mut GameRng) -> Vec<Event> {
    let mut rec = Recorder::<Bang>::new(state, Vec::new());
    machine::run(&mut rec, rng);
    rec.events
}

/// The card game as a [`crate::Ruleset`].
pub struct Bang;

impl From<ActionError> for PlayError {
    fn from(e: ActionError) -> PlayError {
        match e {
            ActionError::GameOver => PlayError::GameOver,
            ActionError::NotYourDecision(_) => PlayError::NotYourDecision(e.to_string()),
            ActionError::Illegal(why) => PlayError::Illegal(why),
        }
    }
}

impl crate::Ruleset for Bang {
    const ID: &'static str = RULESET;
    const NAME: &'static str = "BANG!";
    const PLAYERS: RangeInclusive<u8> = 3..=8;
    const HIDING_EVENTS: &'static [&'static str] = HIDING_EVENTS;
    const ANYTIME_ACTIONS: &'static [&'static str] = &["set_orders"];

    type Config = Config;
    type State = State;
    type Event = Event;
    type Action = Action;
    type View = View;
    type Pending = Pending;

    fn config(players: u8, options: &Value, seats: Vec<SeatSpec>) -> Result<Config, String> {
        let options = crate::core::parse_options(options, "{\"character_choice\": 2}")?;
        let config = Config {
            players,
            options,
            seats,
        };
        config.validate()?;
        Ok(config)
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
        // A log by an older engine opens the same game: the engine's name aside.
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
        start(config, rng)
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
        match event {
            Event::Acted { seat, action } => Some(Decided::Action(*seat, *action)),
            Event::OrdersSet {
                seat,
                orders: Some(orders),
            } => Some(Decided::Action(
                *seat,
                Action::SetOrders { orders: *orders },
            )),
            Event::CharacterChosen {
                seat,
                character: Some(character),
            } => Some(Decided::Action(
                *seat,
                Action::ChooseCharacter {
                    character: *character,
                },
            )),
            Event::KitKept {
                seat,
                back: Some(card),
            } => Some(Decided::Action(*seat, Action::PutBack { card: *card })),
            Event::Train(TrainEvent::CardGiven {
                seat,
                to,
                card: Some(card),
            }) => Some(Decided::Action(
                *seat,
                Action::Train(TrainAction::GiveCard {
                    card: *card,
                    target: *to,
                }),
            )),
            Event::WindowExpired => Some(Decided::Expiry),
            Event::SeatControl(change) => Some(Decided::Control(change.clone())),
            _ => None,
        }
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

    fn roles(state: &State) -> Vec<Option<crate::Role>> {
        state.table[..usize::from(state.players)]
            .iter()
            .map(|p| p.role)
            .collect()
    }

    fn pending(state: &State) -> Vec<Pending> {
        pending(state).to_vec()
    }

    fn pending_seat(pending: &Pending) -> Seat {
        pending.seat
    }

    fn next_to_act(state: &State) -> Option<Seat> {
        pending(state).first().map(|p| p.seat)
    }

    fn is_reaction(pending: &Pending) -> bool {
        pending.reaction
    }

    fn asking(state: &State) -> Option<Asking> {
        let w = state.window?;
        Some(Asking {
            opened: w.opened,
            asked: SeatSet::of(&[w.seat]),
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
        event.hides()
    }

    fn redact(event: &Event, viewer: Viewer) -> Event {
        redact(event, viewer)
    }

    fn describe(event: &Event, names: &[String]) -> Option<crate::core::Line> {
        history::describe(event, names)
    }

    fn redact_in(state: &State, event: &Event, viewer: Viewer) -> Event {
        // A solo game hides nothing but the order of the decks (A3.2: the
        // playing cards', and with the expansions the railcars', stations'
        // and equipment's, all face down): its events show every card, as
        // its views do. The person's standing orders stay his own.
        let private = match event {
            Event::DeckShuffled { .. } | Event::OrdersSet { .. } => true,
            nested => nested.nested_hides_an_order(),
        };
        if ViewHooks::in_play(state).any(|e| e.shows_every_hand(state)) && !private {
            redact(event, Viewer::Omniscient)
        } else {
            redact(event, viewer)
        }
    }

    fn ends_game(event: &Event) -> bool {
        matches!(event, Event::GameEnded { .. })
    }

    fn seats_played_by(state: &State, seat: Seat) -> SeatSet {
        ViewHooks::in_play(state)
            .find_map(|e| e.seats_played_by(state, seat))
            .unwrap_or_else(|| SeatSet::of(&[seat]))
    }

    fn rules_seats(players: u8, options: &Value) -> SeatSet {
        expansion::rules_seats(players, options)
    }

    fn role_of(state: &State, seat: Seat) -> Option<crate::core::Role> {
        (seat < state.players).then(|| state.p(seat).role).flatten()
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        check_invariants(state)
    }
}

#[cfg(test)]
mod tests;
