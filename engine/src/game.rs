//! The one door between the rules and everything else.
//!
//! A ruleset is written once, typed, as an implementation of [`Ruleset`]. The
//! server, the audit, fork, the bot worker and the tools never see its types:
//! they hold a [`Game`] (a folded state behind JSON) made by the ruleset's
//! entry in the registry ([`crate::rulesets`]), and ask it what they need. [`TypedGame`] is
//! the one implementation of [`Game`], for every `R: Ruleset`; adding a
//! ruleset is its `Ruleset` impl and one line in [`crate::rulesets`].
//!
//! Actions, events, views and decisions cross the door as JSON: actions and
//! events are objects tagged by their `"type"`.

use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::core::{Controls, GameRng, Seat, SeatControl, SeatSpec, Seed, Viewer};
pub use crate::core::{PlayError, Ruleset, Winners};

/// A stored event this ruleset cannot read: the log is corrupt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a stored event could not be read: {0}")]
pub struct CorruptEvent(pub String);

/// A game of some ruleset: its folded state, behind JSON. What the server, the
/// audit, fork, the bot worker and the tools hold.
pub trait Game: Send + Sync {
    /// Its ruleset's id.
    fn ruleset(&self) -> &'static str;
    /// A copy (a working copy to decide on, a snapshot for rewinds).
    fn clone_game(&self) -> Box<dyn Game>;
    /// Events folded.
    fn version(&self) -> u64;
    /// Folds a stored event.
    fn apply(&mut self, event: &Value) -> Result<(), CorruptEvent>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Who won, once over.
    fn winners(&self) -> Option<Winners>;
    /// Every seat's role card, hidden ones included: for the record of a
    /// finished game (a player's archive), never for a view of one still on.
    fn roles(&self) -> Vec<Option<crate::Role>>;
    /// The seats that must act now.
    fn waiting(&self) -> Vec<Seat>;
    /// The seats whose decisions the person holding `seat` takes (see
    /// [`Ruleset::seats_played_by`]), `seat` first.
    fn seats_played_by(&self, seat: Seat) -> Vec<Seat>;
    /// The pending decisions.
    fn pending(&self) -> Vec<Value>;
    /// The open window's version and live reaction time, when it has one
    /// and waits for someone.
    fn reaction_window(&self) -> Option<(u64, u32)>;
    /// Whether a pending decision (as [`Game::pending`] gives it) answers a
    /// reaction window.
    fn is_reaction(&self, pending: &Value) -> bool;
    /// The seats asked to move now: a pending decision that does not answer
    /// a reaction window (what a move deadline applies to).
    fn moving(&self) -> Vec<Seat>;
    /// Whether a stored event ends the game.
    fn ends_game(&self, event: &Value) -> bool;
    /// Whether `seat` is still asked in the window it saw at `seen`.
    fn still_asked(&self, seat: Seat, seen: u64) -> bool;
    /// Whether `action` may be posted by a seat not asked anything now.
    fn anytime(&self, action: &Value) -> bool;
    /// The state as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> Value;
    /// `seat`'s legal actions, ready to post.
    fn legal(&self, seat: Seat) -> Vec<Value>;
    /// Decides `action` by `seat` with the game's seed: the events and the
    /// game they lead to. Nothing changes on error.
    fn play(&self, seat: Seat, action: &Value, seed: Seed) -> Result<Outcome, PlayError>;
    /// Closes the open window whose live reaction time is up.
    fn expire(&self, seed: Seed) -> Result<Outcome, PlayError>;
    /// Decides a change of who plays a seat (see [`crate::core::control`]).
    fn control(&self, change: &SeatControl) -> Result<Outcome, PlayError>;
    /// Who plays each seat, as the log's `seat_control` events say.
    fn controls(&self) -> &Controls;
    /// A stored event as `viewer` may see it.
    fn redact(&self, event: &Value, viewer: Viewer) -> Value;
    /// The event as a spectator sees it, if that differs from the event.
    fn public_form(&self, event: &Value) -> Option<Value>;
    /// Whether a stored event begins a decision's events.
    fn begins_decision(&self, event: &Value) -> bool;
    /// Re-derives a whole log from its seeds: `Err(index)` at the first mismatch.
    fn verify_log(&self, events: &[Value], seed_at: &dyn Fn(u64) -> Seed) -> Result<(), usize>;

    /// [`Game::redact`], taking the event: returned as it is when every
    /// viewer may see it whole.
    fn redact_owned(&self, event: Value, viewer: Viewer) -> Value {
        match self.public_form(&event) {
            None => event,
            Some(_) => self.redact(&event, viewer),
        }
    }
}

/// What a game decided: its events, each form of them the door serves
/// serialized once from the typed event (never parsed back), and the game
/// they lead to.
pub struct Outcome {
    /// The events as stored.
    pub events: Vec<Value>,
    /// Each event as a spectator sees it, where that differs from the event
    /// (what a chain v2 hashes and shows).
    pub public: Vec<Option<Value>>,
    /// The seat that decided, if a seat did.
    pub actor: Option<Seat>,
    /// Each event as [`Outcome::actor`] sees it, where that differs from the event.
    pub seen_by_actor: Vec<Option<Value>>,
    /// The game the events lead to.
    pub next: Box<dyn Game>,
}

impl Outcome {
    /// Appends what `next` decided after this (the game it leads to too).
    pub fn then(&mut self, next: Outcome) {
        if self.actor != next.actor {
            // Forms for two actors: keep neither's (see `seen_by`).
            self.actor = None;
        }
        self.events.extend(next.events);
        self.public.extend(next.public);
        self.seen_by_actor.extend(next.seen_by_actor);
        self.next = next.next;
    }

    /// Each event as `viewer` sees it (the forms copied, not re-made).
    pub fn seen_by(&self, viewer: Viewer) -> Vec<Seen> {
        let forms = match viewer {
            Viewer::Omniscient => return vec![Seen::AsStored; self.events.len()],
            Viewer::Spectator => &self.public,
            Viewer::Seat(seat) if Some(seat) == self.actor => &self.seen_by_actor,
            Viewer::Seat(_) => return vec![Seen::Unknown; self.events.len()],
        };
        forms
            .iter()
            .map(|form| form.clone().map_or(Seen::AsStored, Seen::As))
            .collect()
    }
}

/// How a viewer sees a decided event (see [`Outcome::seen_by`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Seen {
    /// As it is stored.
    AsStored,
    /// In this form.
    As(Value),
    /// No form for this viewer was made (a seat other than the actor):
    /// [`Game::redact`] the stored event.
    Unknown,
}

impl Seen {
    /// The event as seen, from its stored form (`redact` makes a form
    /// nobody made).
    pub fn form(self, stored: Value, redact: impl FnOnce(Value) -> Value) -> Value {
        match self {
            Seen::AsStored => stored,
            Seen::As(form) => form,
            Seen::Unknown => redact(stored),
        }
    }
}

impl fmt::Debug for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} events leading to {:?}", self.events.len(), self.next)
    }
}

impl Clone for Box<dyn Game> {
    fn clone(&self) -> Self {
        self.clone_game()
    }
}

impl fmt::Debug for dyn Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} game at version {}", self.ruleset(), self.version())
    }
}

/// A ruleset as the registry offers it: what is needed before there is a game.
pub trait RulesetEntry: Sync {
    /// Its id.
    fn id(&self) -> &'static str;
    /// The game's name.
    fn name(&self) -> &'static str;
    /// How many players a game may have.
    fn players(&self) -> RangeInclusive<u8>;
    /// The rules catalog (see [`Ruleset::catalog`]).
    fn catalog(&self) -> Value;
    /// A game before any event.
    fn new_game(&self) -> Box<dyn Game>;
    /// The seats of a new game no creator's seat plays (see
    /// [`Ruleset::rules_seats`]).
    fn rules_seats(&self, players: u8, options: &Value) -> Vec<Seat>;
    /// Whether a game with these options ever opens a reaction window (see
    /// [`Ruleset::has_reaction_windows`]).
    fn has_reaction_windows(&self, options: &Value) -> bool;
    /// `options` with `seconds` as the live reaction time, or why not (see
    /// [`Ruleset::with_reaction_seconds`]).
    fn with_reaction_seconds(&self, options: &Value, seconds: u32) -> Result<Value, String>;
    /// Whether a stored event begins a decision's events (a fork point),
    /// without a game at hand.
    fn begins_decision(&self, event: &Value) -> bool;
    /// The opening events of a new game (options as JSON), or why not.
    fn start(
        &self,
        players: u8,
        options: &Value,
        seats: Vec<SeatSpec>,
        seed: Seed,
    ) -> Result<Vec<Value>, String>;
    /// A stored event (as a viewer may see it) told as a sentence with the
    /// rule it applied (see [`Ruleset::describe`]); `None` for an event not
    /// worth a sentence or one this ruleset cannot read.
    fn describe(&self, event: &Value, names: &[String]) -> Option<crate::core::Line>;
}

/// The registry's entry of a ruleset `R` (see [`crate::rulesets`]).
pub struct Registered<R>(std::marker::PhantomData<fn() -> R>);

impl<R: Ruleset> Registered<R> {
    /// The entry of `R`.
    pub const ENTRY: Registered<R> = Registered(std::marker::PhantomData);
}

impl<R: Ruleset> RulesetEntry for Registered<R> {
    fn id(&self) -> &'static str {
        R::ID
    }

    fn name(&self) -> &'static str {
        R::NAME
    }

    fn players(&self) -> RangeInclusive<u8> {
        R::PLAYERS
    }

    fn catalog(&self) -> Value {
        R::catalog()
    }

    fn new_game(&self) -> Box<dyn Game> {
        Box::new(TypedGame::<R>::default())
    }

    fn rules_seats(&self, players: u8, options: &Value) -> Vec<Seat> {
        R::rules_seats(players, options).iter().collect()
    }

    fn has_reaction_windows(&self, options: &Value) -> bool {
        R::has_reaction_windows(options)
    }

    fn with_reaction_seconds(&self, options: &Value, seconds: u32) -> Result<Value, String> {
        R::with_reaction_seconds(options, seconds)
    }

    fn begins_decision(&self, event: &Value) -> bool {
        R::Event::deserialize(event).is_ok_and(|e| R::begins_decision(&e))
    }

    fn start(
        &self,
        players: u8,
        options: &Value,
        seats: Vec<SeatSpec>,
        seed: Seed,
    ) -> Result<Vec<Value>, String> {
        let config = R::config(players, options, seats)?;
        let events = R::start(&config, &mut GameRng::new(seed, 0))?;
        Ok(events.iter().map(to_json).collect())
    }

    fn describe(&self, event: &Value, names: &[String]) -> Option<crate::core::Line> {
        R::describe(&R::Event::deserialize(event).ok()?, names)
    }
}

/// The one [`Game`]: a ruleset's typed state, and who plays its seats.
pub struct TypedGame<R: Ruleset> {
    /// The folded state.
    pub state: R::State,
    /// Who plays each seat (play-by-post deadlines), beside the rules' state.
    pub controls: Controls,
}

impl<R: Ruleset> Default for TypedGame<R> {
    fn default() -> Self {
        TypedGame {
            state: R::State::default(),
            controls: Controls::default(),
        }
    }
}

impl<R: Ruleset> Clone for TypedGame<R> {
    fn clone(&self) -> Self {
        TypedGame {
            state: self.state.clone(),
            controls: self.controls.clone(),
        }
    }
}

impl<R: Ruleset> fmt::Debug for TypedGame<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TypedGame<{}> at version {}",
            R::ID,
            R::version(&self.state)
        )
    }
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Whether a stored event of `R` may hide something from some viewer.
fn may_hide<R: Ruleset>(event: &Value) -> bool {
    event
        .get("type")
        .and_then(Value::as_str)
        .is_some_and(|t| R::HIDING_EVENTS.contains(&t))
}

/// Refuses an action with fields its parsed form does not have, at any depth
/// (serde ignores extra fields on the unit variants of tagged enums), for
/// every ruleset alike. A `null` field is the same as an absent one.
fn no_unknown_fields(input: &Value, parsed: &Value) -> Result<(), PlayError> {
    fn extra(input: &Value, parsed: &Value, path: &str) -> Option<String> {
        let (input, parsed) = (input.as_object()?, parsed.as_object()?);
        input.iter().find_map(|(key, value)| {
            let path = format!("{path}.{key}");
            match parsed.get(key) {
                None if value.is_null() => None,
                None => Some(path),
                Some(inner) => extra(value, inner, &path),
            }
        })
    }
    match extra(input, parsed, "action") {
        Some(path) => Err(PlayError::Invalid(format!("{path}: unknown field"))),
        None => Ok(()),
    }
}

impl<R: Ruleset> TypedGame<R> {
    /// Reads an action from a borrowed JSON value (no copy), refusing unknown fields.
    fn action(json: &Value) -> Result<R::Action, PlayError> {
        let action =
            R::Action::deserialize(json).map_err(|e| PlayError::Invalid(format!("action: {e}")))?;
        no_unknown_fields(json, &to_json(&action))?;
        Ok(action)
    }

    /// Runs `step` on a copy of the state: the events, each form serialized
    /// once from the typed event, and the game they lead to.
    fn step(
        &self,
        seed: Seed,
        actor: Option<Seat>,
        step: impl FnOnce(&mut R::State, &mut GameRng) -> Result<Vec<R::Event>, PlayError>,
    ) -> Result<Outcome, PlayError> {
        let mut next = self.clone();
        let mut rng = GameRng::new(seed, R::version(&self.state));
        let events = step(&mut next.state, &mut rng)?;
        for e in &events {
            next.controls.fold(R::decided(e));
        }
        let mut stored_forms = Vec::with_capacity(events.len());
        let mut public = Vec::with_capacity(events.len());
        let mut seen_by_actor = Vec::with_capacity(events.len());
        for e in &events {
            let stored = to_json(e);
            let hides = may_hide::<R>(&stored);
            let form = |viewer| {
                hides
                    .then(|| R::redact_in(&next.state, e, viewer))
                    .filter(|seen| seen != e)
                    .map(|seen| to_json(&seen))
            };
            public.push(form(Viewer::Spectator));
            seen_by_actor.push(actor.and_then(|seat| form(Viewer::Seat(seat))));
            stored_forms.push(stored);
        }
        Ok(Outcome {
            events: stored_forms,
            public,
            actor,
            seen_by_actor,
            next: Box::new(next),
        })
    }
}

impl<R: Ruleset> Game for TypedGame<R> {
    fn ruleset(&self) -> &'static str {
        R::ID
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn version(&self) -> u64 {
        R::version(&self.state)
    }

    fn apply(&mut self, event: &Value) -> Result<(), CorruptEvent> {
        // Read from the borrowed value: no copy of the event.
        let event = R::Event::deserialize(event).map_err(|e| CorruptEvent(e.to_string()))?;
        R::apply(&mut self.state, &event);
        self.controls.fold(R::decided(&event));
        Ok(())
    }

    fn is_over(&self) -> bool {
        R::winners(&self.state).is_some()
    }

    fn winners(&self) -> Option<Winners> {
        R::winners(&self.state)
    }

    fn roles(&self) -> Vec<Option<crate::Role>> {
        R::roles(&self.state)
    }

    fn waiting(&self) -> Vec<Seat> {
        R::pending(&self.state)
            .iter()
            .map(R::pending_seat)
            .collect()
    }

    fn seats_played_by(&self, seat: Seat) -> Vec<Seat> {
        let others = R::seats_played_by(&self.state, seat).without(seat);
        std::iter::once(seat).chain(others.iter()).collect()
    }

    fn pending(&self) -> Vec<Value> {
        R::pending(&self.state).iter().map(to_json).collect()
    }

    fn reaction_window(&self) -> Option<(u64, u32)> {
        if self.is_over() {
            return None;
        }
        R::asking(&self.state)?.deadline(R::reaction_seconds(&self.state))
    }

    fn is_reaction(&self, pending: &Value) -> bool {
        R::Pending::deserialize(pending).is_ok_and(|p| R::is_reaction(&p))
    }

    fn moving(&self) -> Vec<Seat> {
        if self.is_over() {
            return Vec::new();
        }
        let mut seats: Vec<Seat> = R::pending(&self.state)
            .iter()
            .filter(|p| !R::is_reaction(p))
            .map(R::pending_seat)
            .collect();
        seats.dedup();
        seats
    }

    fn ends_game(&self, event: &Value) -> bool {
        R::Event::deserialize(event).is_ok_and(|e| R::ends_game(&e))
    }

    fn still_asked(&self, seat: Seat, seen: u64) -> bool {
        R::asking(&self.state).is_some_and(|w| w.still_asks(seat, seen))
    }

    fn anytime(&self, action: &Value) -> bool {
        action
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| R::ANYTIME_ACTIONS.contains(&t))
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_json(&R::view(&self.state, viewer))
    }

    fn legal(&self, seat: Seat) -> Vec<Value> {
        R::legal_actions(&self.state, seat)
            .iter()
            .map(to_json)
            .collect()
    }

    fn play(&self, seat: Seat, action: &Value, seed: Seed) -> Result<Outcome, PlayError> {
        let action = Self::action(action)?;
        self.step(seed, Some(seat), |state, rng| {
            R::play(state, seat, &action, rng)
        })
    }

    fn expire(&self, seed: Seed) -> Result<Outcome, PlayError> {
        self.step(seed, None, crate::core::expire::<R>)
    }

    fn control(&self, change: &SeatControl) -> Result<Outcome, PlayError> {
        // A control draws nothing: any seed will do.
        self.step(Seed::from_u64(0), None, |state, _| {
            crate::core::control::control::<R>(state, &self.controls, change)
        })
    }

    fn controls(&self) -> &Controls {
        &self.controls
    }

    fn redact(&self, event: &Value, viewer: Viewer) -> Value {
        if !may_hide::<R>(event) {
            return event.clone();
        }
        match R::Event::deserialize(event) {
            Ok(e) => to_json(&R::redact_in(&self.state, &e, viewer)),
            Err(_) => Value::Null,
        }
    }

    fn public_form(&self, event: &Value) -> Option<Value> {
        if !may_hide::<R>(event) {
            return None;
        }
        let public = self.redact(event, Viewer::Spectator);
        (public != *event).then_some(public)
    }

    fn begins_decision(&self, event: &Value) -> bool {
        Registered::<R>::ENTRY.begins_decision(event)
    }

    fn verify_log(&self, events: &[Value], seed_at: &dyn Fn(u64) -> Seed) -> Result<(), usize> {
        let mut parsed = Vec::with_capacity(events.len());
        for (i, e) in events.iter().enumerate() {
            parsed.push(R::Event::deserialize(e).map_err(|_| i)?);
        }
        crate::core::verify_log::<R>(&parsed, seed_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ruleset, rulesets};

    #[test]
    fn the_registry_finds_each_ruleset_by_its_id() {
        for entry in rulesets() {
            assert_eq!(ruleset(entry.id()).map(|r| r.id()), Some(entry.id()));
            assert_eq!(entry.new_game().ruleset(), entry.id());
            assert_eq!(entry.new_game().version(), 0);
        }
        assert!(ruleset("chess").is_none());
    }

    #[test]
    fn a_game_opens_plays_and_refuses_through_json() {
        let dice = ruleset("dice").expect("dice");
        let seats = vec![SeatSpec::default(); 4];
        let seed = Seed::from_u64(3);
        let events = dice
            .start(4, &Value::Null, seats, seed)
            .expect("a 4-player game");
        let mut game = dice.new_game();
        for e in &events {
            game.apply(e).expect("readable");
        }
        assert!(!game.is_over());
        let seat = game.waiting()[0];
        let action = game.legal(seat)[0].clone();
        let crate::game::Outcome {
            events: played,
            next,
            ..
        } = game.play(seat, &action, seed).expect("legal");
        assert!(!played.is_empty());
        assert_eq!(next.version(), game.version() + played.len() as u64);
        let mut junk = action.clone();
        junk["junk"] = Value::Bool(true);
        assert!(matches!(
            game.play(seat, &junk, seed),
            Err(PlayError::Invalid(_))
        ));
        assert!(game.apply(&serde_json::json!({"type": "nope"})).is_err());
        assert!(
            dice.start(4, &serde_json::json!({"modules": ["chess"]}), vec![], seed)
                .is_err()
        );
    }

    /// The forms an outcome carries are the ones redaction gives, for every
    /// viewer, in games that hide cards (with both expansions and in solo).
    #[test]
    fn an_outcomes_forms_are_what_redaction_gives_each_viewer() {
        let games = [
            ("dice", 5, serde_json::json!({})),
            (
                "bang",
                5,
                serde_json::json!({"expansions": ["gold_rush", "train_robbery"]}),
            ),
            (
                "bang",
                4,
                serde_json::json!({"variants": ["shadow_gunslingers"]}),
            ),
            ("bang", 6, serde_json::json!({"mode": "lone_gunslinger"})),
        ];
        for (id, players, options) in games {
            let entry = ruleset(id).expect("registered");
            let seed = Seed::from_u64(11);
            let seats = vec![SeatSpec::default(); players];
            let events = entry
                .start(players as u8, &options, seats, seed)
                .expect("valid options");
            let mut game = entry.new_game();
            for e in &events {
                game.apply(e).expect("readable");
            }
            let mut pick = GameRng::new(seed, 1);
            let mut hidden = 0;
            for _ in 0..400 {
                let Some(&seat) = game.waiting().first() else {
                    break;
                };
                let legal = game.legal(seat);
                let action = &legal[pick.below(legal.len() as u32) as usize];
                let outcome = game.play(seat, action, seed).expect("legal");
                let viewers = [
                    Viewer::Omniscient,
                    Viewer::Spectator,
                    Viewer::Seat(seat),
                    Viewer::Seat((seat + 1) % players as u8),
                ];
                for viewer in viewers {
                    for (e, seen) in outcome.events.iter().zip(outcome.seen_by(viewer)) {
                        let redacted = outcome.next.redact(e, viewer);
                        hidden += usize::from(redacted != *e);
                        let form = seen.form(e.clone(), |e| outcome.next.redact(&e, viewer));
                        assert_eq!(form, redacted, "{id} {viewer:?} {e}");
                    }
                }
                for (e, public) in outcome.events.iter().zip(&outcome.public) {
                    assert_eq!(*public, outcome.next.public_form(e), "{id} {e}");
                }
                game = outcome.next;
            }
            // Dice draws in the open; a solo game shows every card it draws.
            let hides = id == "bang" && options.get("mode").is_none();
            assert!(
                !hides || hidden > 0,
                "{id} {options}: some event hides something"
            );
        }
    }
}

#[cfg(test)]
mod json_tests {
    use serde::Deserialize;
    use serde_json::{Value, json};

    use crate::dice;

    /// Unknown fields are refused at any depth; `null` stands for absent.
    #[test]
    fn unknown_fields_are_refused_at_any_depth() {
        let check = |input: Value| {
            let action: dice::Action = serde_json::from_value(input.clone()).unwrap();
            super::no_unknown_fields(&input, &serde_json::to_value(action).unwrap())
        };
        assert!(check(json!({"type": "reveal", "power": {"card": "the_judge"}})).is_ok());
        let nested = check(json!({"type": "reveal", "power": {"card": "the_judge", "junk": 1}}));
        assert!(
            nested
                .unwrap_err()
                .to_string()
                .contains("action.power.junk")
        );
        assert!(check(json!({"type": "stop", "junk": 1})).is_err());
        let orders = json!({"type": "set_orders", "orders": {"the_doc": null, "the_bad": "ask"}});
        assert!(check(orders).is_ok());
    }

    /// Reading an action or an event from a borrowed `Value` accepts and
    /// refuses exactly what `serde_json::from_value` does, with the same messages.
    #[test]
    fn borrowed_reads_match_from_value() {
        let actions = [
            json!({"type": "roll"}),
            json!({"type": "stop"}),
            json!({"type": "reroll", "dice": [0, 3]}),
            json!({"type": "reroll", "dice": "x"}),
            json!({"type": "reroll"}),
            json!({"type": "nope"}),
            json!({"dice": [1]}),
            json!({"type": 7}),
            json!([]),
            json!("roll"),
            json!(null),
            json!(1.5),
            json!({"type": "reroll", "dice": [-1]}),
            json!({"type": "reroll", "dice": [300]}),
        ];
        for a in &actions {
            let owned =
                serde_json::from_value::<dice::Action>(a.clone()).map_err(|e| e.to_string());
            let borrowed = dice::Action::deserialize(a).map_err(|e| e.to_string());
            assert_eq!(owned, borrowed, "{a}");
        }
        let events = [
            json!({"type": "turn_started", "seat": 1}),
            json!({"type": "turn_started"}),
            json!({"type": "role_dealt", "seat": 0, "role": null, "face_up": false}),
            json!({"type": "role_dealt", "seat": 0, "role": "sheriff", "face_up": true}),
            json!({"type": "arrow_taken", "seat": "x"}),
            json!({"type": "what"}),
            Value::Null,
        ];
        for e in &events {
            let owned = serde_json::from_value::<dice::Event>(e.clone()).map_err(|e| e.to_string());
            let borrowed = dice::Event::deserialize(e).map_err(|e| e.to_string());
            assert_eq!(owned, borrowed, "{e}");
        }
    }
}
