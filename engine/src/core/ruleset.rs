//! The shape every ruleset of the family has: the typed [`Ruleset`] trait, and
//! what it answers with (who won, why an action was refused, which decision an
//! event records).

use std::ops::RangeInclusive;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Asking, GameRng, Line, Role, Seat, SeatSet, SeatSpec, Team, Viewer};

/// Who won a game: their side (none for a draw) and every winning seat,
/// eliminated ones included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Winners {
    /// The winning side.
    pub team: Option<Team>,
    /// Every winning seat.
    pub seats: Vec<Seat>,
}

/// Why an action (or a server's expiry) was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The action is not well formed for this ruleset (the message names what).
    #[error("{0}")]
    Invalid(String),
    /// The seat is not asked to decide anything now.
    #[error("{0}")]
    NotYourDecision(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action does not answer the decision legally.
    #[error("{0}")]
    Illegal(String),
}

/// The decision a stored event records the start of: the rules derive every
/// event up to the next such one from it (and the seed). This is what the
/// audit re-decides and where a fork may cut a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decided<A> {
    /// A seat posted this action (standing orders included).
    Action(Seat, A),
    /// The server closed the open window when its live reaction time was up.
    Expiry,
    /// Who plays a seat changed (play-by-post deadlines, see [`super::control`]).
    Control(super::seat_control::SeatControl),
}

/// One game family, typed: its types and every function the world needs
/// from it. Implemented once per ruleset; used through [`crate::Game`].
///
/// The mechanics every ruleset shares are written once against this trait:
/// the audit ([`super::verify_log`]), live reaction windows ([`Asking`]), the
/// fork boundary ([`Ruleset::decided`]) and the decision loop
/// ([`super::Recorder`]).
pub trait Ruleset: 'static {
    /// The ruleset's id in the API and the log (`dice`, `bang`).
    const ID: &'static str;
    /// The game's name, as its box prints it.
    const NAME: &'static str;
    /// How many players a game may have.
    const PLAYERS: RangeInclusive<u8>;
    /// The `"type"` tags of the events that may carry something hidden from
    /// some viewer; every other event is shown to everyone as it is.
    const HIDING_EVENTS: &'static [&'static str];
    /// The `"type"` tags of the actions a seat may post when it is not asked
    /// anything (standing orders): such a post is decided like any other, so a
    /// malformed one gets the same refusal.
    const ANYTIME_ACTIONS: &'static [&'static str];

    /// How a game is set up.
    type Config;
    /// The folded state of one game.
    type State: Default + Clone + PartialEq + Send + Sync + 'static;
    /// One fact in the log.
    type Event: Serialize + DeserializeOwned + PartialEq;
    /// What a seat can post.
    type Action: Serialize + DeserializeOwned + Clone;
    /// What one viewer may see of a state.
    type View: Serialize + DeserializeOwned;
    /// A decision the game waits for, with the seat that must take it.
    type Pending: Serialize + DeserializeOwned;

    /// A game's setup from the creator's JSON options (an object, or null for
    /// the defaults); the message of a refusal names the option.
    fn config(players: u8, options: &Value, seats: Vec<SeatSpec>) -> Result<Self::Config, String>;
    /// The setup a log's first event records, and the seed commitment it
    /// carries: what the audit starts a log again from.
    fn opening(first: &Self::Event) -> Option<(Self::Config, &str)>;
    /// Whether a log's first event is the one the rules derive now, `derived`.
    /// A ruleset whose first event names the engine version that wrote it
    /// ignores that label here: a newer engine re-derives older logs.
    fn same_opening(logged: &Self::Event, derived: &Self::Event) -> bool {
        logged == derived
    }
    /// The rules catalog: every card, die, character, role and module of
    /// the game with its rules text, as JSON (what a client shows).
    fn catalog() -> Value;
    /// The events that open a new game.
    fn start(config: &Self::Config, rng: &mut GameRng) -> Result<Vec<Self::Event>, String>;
    /// Folds one event into the state. Total: never fails, never panics.
    fn apply(state: &mut Self::State, event: &Self::Event);
    /// The state a whole log leads to: every event folded from the start.
    fn replay<'e>(events: impl IntoIterator<Item = &'e Self::Event>) -> Self::State
    where
        Self::Event: 'e,
    {
        let mut state = Self::State::default();
        for event in events {
            Self::apply(&mut state, event);
        }
        state
    }
    /// Decides `action` by `seat` and moves `state` on in place to exactly the
    /// state that folding the returned events gives (`decide` then `apply`,
    /// fused). On error nothing changes.
    fn play(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, PlayError> {
        let mut events = Vec::with_capacity(16);
        Self::play_into(state, seat, action, rng, &mut events)?;
        Ok(events)
    }
    /// Like [`Ruleset::play`], appending the events to `events` (a buffer the
    /// caller reuses from one decision to the next).
    fn play_into(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut GameRng,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), PlayError>;
    /// Closes the open window whose live reaction time is up (the server's
    /// action), moving `state` on like [`Ruleset::play`]. Refused when no
    /// window waits for anyone.
    fn expire(state: &mut Self::State, rng: &mut GameRng) -> Result<Vec<Self::Event>, PlayError>;
    /// The decision a stored event records the start of, if it is one.
    fn decided(event: &Self::Event) -> Option<Decided<Self::Action>>;
    /// The `seat_control` event of this ruleset for `change` (see
    /// [`super::control`]): its events have one variant for it, which
    /// [`Ruleset::decided`] reads as [`Decided::Control`].
    fn control_event(change: super::seat_control::SeatControl) -> Self::Event;
    /// How `seat` was set up (its name, its bot), if the game has it.
    fn seat_spec(state: &Self::State, seat: Seat) -> Option<&SeatSpec>;
    /// Whether a stored event begins a decision's events (a fork point).
    fn begins_decision(event: &Self::Event) -> bool {
        Self::decided(event).is_some()
    }

    /// Events folded.
    fn version(state: &Self::State) -> u64;
    /// Who won, once the game is over.
    fn winners(state: &Self::State) -> Option<Winners>;
    /// Every seat's role card, hidden ones included (for a finished game's
    /// record: never shown while the game is on).
    fn roles(state: &Self::State) -> Vec<Option<Role>>;
    /// Every decision the game waits for now (several seats at once in a window).
    fn pending(state: &Self::State) -> Vec<Self::Pending>;
    /// The seat of a pending decision.
    fn pending_seat(pending: &Self::Pending) -> Seat;
    /// The seat of the first pending decision: who acts next when the seats
    /// asked are served one at a time (the in-process runner). A ruleset may
    /// answer it without building the whole list.
    fn next_to_act(state: &Self::State) -> Option<Seat> {
        Self::pending(state).first().map(Self::pending_seat)
    }
    /// Whether a pending decision answers a reaction window (bots answer those
    /// at once, whatever their delay, so that the timing of an answer says nothing).
    fn is_reaction(pending: &Self::Pending) -> bool;
    /// The open reaction window, while it waits for someone.
    fn asking(state: &Self::State) -> Option<Asking>;
    /// The game's live reaction time, if it has one.
    fn reaction_seconds(state: &Self::State) -> Option<u32>;
    /// Every action `seat` may post now, ready to post.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Like [`Ruleset::legal_actions`], into a buffer the caller reuses.
    fn legal_actions_into(state: &Self::State, seat: Seat, into: &mut Vec<Self::Action>) {
        *into = Self::legal_actions(state, seat);
    }
    /// The state as `viewer` may see it.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    /// Whether this event may hide something from some viewer (see
    /// [`Ruleset::HIDING_EVENTS`]).
    fn hides(event: &Self::Event) -> bool;
    /// The event as `viewer` may see it.
    fn redact(event: &Self::Event, viewer: Viewer) -> Self::Event;
    /// The event as `viewer` may see it in the game `state` belongs to: for a
    /// ruleset whose options change what is hidden (a solo game shows every
    /// hand), read from the state. By default, [`Ruleset::redact`].
    fn redact_in(_state: &Self::State, event: &Self::Event, viewer: Viewer) -> Self::Event {
        Self::redact(event, viewer)
    }
    /// Whether the event ends the game.
    fn ends_game(event: &Self::Event) -> bool;
    /// The seats whose decisions the person who holds `seat` takes: his own,
    /// and in a solo game the partner seat he plays too (the token of `seat`
    /// opens them all).
    fn seats_played_by(_state: &Self::State, seat: Seat) -> SeatSet {
        SeatSet::of(&[seat])
    }
    /// The seats of a new game with these options that no creator's seat
    /// plays: a solo game's NPCs, played by the rules, and the partner seat
    /// its person plays besides his own. They get no token and no bot.
    fn rules_seats(_players: u8, _options: &Value) -> SeatSet {
        SeatSet::EMPTY
    }
    /// Whether a game with these options ever opens a reaction window (a
    /// response deadline applies to those).
    fn has_reaction_windows(_options: &Value) -> bool {
        true
    }
    /// `options` (a create request's, not yet checked) with `seconds` as the
    /// game's live reaction time: how a server turns a response deadline into
    /// the rules' own option without naming it. Refused when the options
    /// already set one; `start` checks the range as for any option.
    fn with_reaction_seconds(options: &Value, seconds: u32) -> Result<Value, String> {
        const FIELD: &str = "reaction_seconds";
        let mut options = match options {
            Value::Null => Value::Object(Default::default()),
            other => other.clone(),
        };
        let Some(fields) = options.as_object_mut() else {
            return Ok(options); // `start` says what is wrong with it
        };
        if fields.get(FIELD).is_some_and(|v| !v.is_null()) {
            return Err(
                "response_deadline: the game's live reaction time; give it or \
                 `options.reaction_seconds`, not both"
                    .into(),
            );
        }
        fields.insert(FIELD.into(), seconds.into());
        Ok(options)
    }
    /// The true role of `seat` (for tools and statistics, never for views).
    fn role_of(state: &Self::State, seat: Seat) -> Option<super::Role>;
    /// The event, as a reader may see it (already redacted for him), told as
    /// one sentence with the rule it applied; `names[seat]` is each seat's
    /// display name. `None`: nothing worth a sentence (bookkeeping). A hidden
    /// field is told as hidden, never guessed.
    fn describe(_event: &Self::Event, _names: &[String]) -> Option<Line> {
        None
    }
    /// Checks the state's invariants (cards and tokens where they belong,
    /// life within range…): the simulator's and the property tests' oracle.
    fn check_invariants(_state: &Self::State) -> Result<(), String> {
        Ok(())
    }
}
