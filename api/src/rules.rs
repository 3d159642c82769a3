//! The one place where the server meets the rules: every ruleset's state, actions,
//! events and views go through [`Live`] as JSON. Adding a ruleset adds a variant
//! here and nothing in the routes.

use engine::dice;
use engine::{GameRng, Seed, Viewer};
use serde::Deserialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::models::Winners;

/// The rulesets the server plays.
pub const RULESETS: &[&str] = &[dice::RULESET];

/// A game's folded state, whatever its ruleset.
#[derive(Clone, Debug)]
pub enum Live {
    /// BANG! The Dice Game.
    Dice(Box<dice::State>),
}

fn corrupt(e: serde_json::Error) -> ApiError {
    ApiError::internal(format!("a stored event could not be read: {e}"))
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A seat spec for the engine.
pub struct SeatSetup {
    /// Display name.
    pub name: String,
    /// Bot policy, for a bot seat.
    pub bot: Option<String>,
}

/// Checks a ruleset name.
pub fn check_ruleset(ruleset: &str) -> Result<(), ApiError> {
    if RULESETS.contains(&ruleset) {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "invalid_option",
            format!("ruleset: `{ruleset}` is not one of {RULESETS:?}"),
        ))
    }
}

/// The opening events of a new game, validating its options.
pub fn start(
    ruleset: &str,
    players: u8,
    options: &Value,
    seats: Vec<SeatSetup>,
    seed: Seed,
) -> Result<Vec<Value>, ApiError> {
    check_ruleset(ruleset)?;
    let options: dice::Options = if options.is_null() {
        dice::Options::default()
    } else if !options.is_object() {
        return Err(ApiError::unprocessable(
            "invalid_option",
            "options: an object, such as {\"modules\": [\"ghost\"]}",
        ));
    } else {
        serde_json::from_value(options.clone())
            .map_err(|e| ApiError::unprocessable("invalid_option", format!("options: {e}")))?
    };
    let config = dice::Config {
        players,
        options,
        seats: seats
            .into_iter()
            .map(|s| dice::SeatSpec {
                name: s.name,
                bot: s.bot,
            })
            .collect(),
    };
    let events = dice::start(&config, &mut GameRng::new(seed, 0))
        .map_err(|e| ApiError::unprocessable("invalid_option", e.to_string()))?;
    Ok(events.iter().map(to_json).collect())
}

/// Refuses an action with fields its parsed form does not have, at any depth
/// (a special role's `power` is a tagged enum too): serde ignores extra fields
/// on the unit variants of tagged enums, so this is checked on the result, for
/// every ruleset alike. A `null` field is the same as an absent one.
fn no_unknown_fields(input: &Value, parsed: &Value) -> Result<(), ApiError> {
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
        Some(path) => Err(ApiError::unprocessable(
            "invalid_action",
            format!("{path}: unknown field"),
        )),
        None => Ok(()),
    }
}

/// Whether a stored event of `ruleset` begins a decision's events: a game may
/// be forked just before it (or at its end), where it waits for a decision.
pub fn starts_action(ruleset: &str, event: &Value) -> bool {
    match ruleset {
        dice::RULESET => dice::Event::deserialize(event).is_ok_and(|e| e.begins_decision()),
        _ => false,
    }
}

/// Whether a stored dice event can carry a secret: a dealt role or standing
/// orders. Every other event passes as it is.
fn may_hide(event: &Value) -> bool {
    matches!(
        event.get("type").and_then(Value::as_str),
        Some("role_dealt" | "orders_set")
    )
}

impl Live {
    /// The state before any event.
    pub fn new(ruleset: &str) -> Result<Live, ApiError> {
        check_ruleset(ruleset)?;
        Ok(Live::Dice(Box::default()))
    }

    /// Folds a stored event.
    pub fn apply(&mut self, event: &Value) -> Result<(), ApiError> {
        match self {
            Live::Dice(state) => {
                // Read from the borrowed value: no copy of the event.
                let event = dice::Event::deserialize(event).map_err(corrupt)?;
                dice::apply(state, &event);
            }
        }
        Ok(())
    }

    /// Events folded.
    pub fn version(&self) -> u64 {
        match self {
            Live::Dice(s) => s.version,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        match self {
            Live::Dice(s) => s.is_over(),
        }
    }

    /// Who won, once over.
    pub fn winners(&self) -> Option<Winners> {
        match self {
            Live::Dice(s) => s.outcome.as_ref().map(|o| Winners {
                team: o.team,
                seats: o.winners.clone(),
            }),
        }
    }

    /// The seats that must act now (several while a special-role window waits
    /// for more than one seat's answer).
    pub fn waiting(&self) -> Vec<u8> {
        match self {
            Live::Dice(s) => dice::waiting(s).iter().map(|p| p.seat).collect(),
        }
    }

    /// The pending decisions, as JSON.
    pub fn pending(&self) -> Vec<Value> {
        match self {
            Live::Dice(s) => dice::waiting(s).iter().map(to_json).collect(),
        }
    }

    /// Special roles: the open window's version and its live reaction time, when the game
    /// has a live reaction window and a window waits for someone.
    pub fn reaction_window(&self) -> Option<(u64, u32)> {
        match self {
            Live::Dice(s) => {
                let window = s.window.filter(|w| !w.asked.is_empty() && !s.is_over())?;
                Some((window.opened, s.reaction_seconds?))
            }
        }
    }

    /// Special roles: whether `seat` is still asked in the window it saw at version
    /// `seen`: only other seats' answers happened since, so its answer still fits.
    pub fn still_asked(&self, seat: u8, seen: u64) -> bool {
        match self {
            Live::Dice(s) => s
                .window
                .is_some_and(|w| w.opened <= seen && w.asked.contains(seat)),
        }
    }

    /// Special roles: closes the open window whose live reaction time is up: the events
    /// and the state they lead to.
    pub fn expire(&self, seed: Seed) -> Result<(Vec<Value>, Live), ApiError> {
        match self {
            Live::Dice(s) => {
                let mut next = s.clone();
                let events = dice::expire(&mut next, &mut GameRng::new(seed, s.version))
                    .map_err(|e| ApiError::unprocessable("no_window", e.to_string()))?;
                Ok((events.iter().map(to_json).collect(), Live::Dice(next)))
            }
        }
    }

    /// Whether `action` may be posted by a seat that is not asked anything now
    /// (standing orders, which are set at any time).
    pub fn anytime(&self, action: &Value) -> bool {
        match self {
            Live::Dice(_) => action.get("type").and_then(Value::as_str) == Some("set_orders"),
        }
    }

    /// The state as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> Value {
        match self {
            Live::Dice(s) => to_json(&dice::view(s, viewer)),
        }
    }

    /// `seat`'s legal actions.
    pub fn legal(&self, seat: u8) -> Vec<Value> {
        match self {
            Live::Dice(s) => dice::legal_actions(s, seat).iter().map(to_json).collect(),
        }
    }

    /// Decides `action` by `seat` with the game's seed: the events and the state
    /// they lead to. Nothing changes on error.
    pub fn decide(
        &self,
        seat: u8,
        action_json: &Value,
        seed: Seed,
    ) -> Result<(Vec<Value>, Live), ApiError> {
        match self {
            Live::Dice(s) => {
                // Read from the borrowed value (no copy); the errors are the
                // ones `serde_json::from_value` gives.
                let action = dice::Action::deserialize(action_json).map_err(|e| {
                    ApiError::unprocessable("invalid_action", format!("action: {e}"))
                })?;
                no_unknown_fields(action_json, &to_json(&action))?;
                let mut next = s.clone();
                let events =
                    dice::play(&mut next, seat, &action, &mut GameRng::new(seed, s.version))
                        .map_err(|e| match e {
                            dice::ActionError::NotYourDecision(_) => {
                                ApiError::forbidden("not_your_decision", e.to_string())
                            }
                            dice::ActionError::GameOver => {
                                ApiError::unprocessable("game_over", e.to_string())
                            }
                            dice::ActionError::Illegal(why) => {
                                ApiError::unprocessable("illegal_action", why)
                            }
                        })?;
                Ok((events.iter().map(to_json).collect(), Live::Dice(next)))
            }
        }
    }

    /// A stored event as `viewer` may see it.
    pub fn redact(&self, event: &Value, viewer: Viewer) -> Value {
        match self {
            Live::Dice(_) => {
                if !may_hide(event) {
                    return event.clone();
                }
                match dice::Event::deserialize(event) {
                    Ok(e) => to_json(&dice::redact(&e, viewer)),
                    Err(_) => Value::Null,
                }
            }
        }
    }

    /// The event as a spectator sees it, if that differs from the event (what
    /// a chain v2 hash covers instead of the event).
    pub fn public_form(&self, event: &Value) -> Option<Value> {
        match self {
            Live::Dice(_) => {
                if !may_hide(event) {
                    return None;
                }
                let public = self.redact(event, Viewer::Spectator);
                (public != *event).then_some(public)
            }
        }
    }

    /// [`Live::redact`], taking the event (returned as it is when the viewer
    /// may see it whole).
    pub fn redact_owned(&self, event: Value, viewer: Viewer) -> Value {
        match self {
            Live::Dice(_) => {
                if !may_hide(&event) {
                    return event;
                }
                self.redact(&event, viewer)
            }
        }
    }

    /// Re-derives a whole log from its seeds (`seed_at(version)` gives the seed
    /// that drew outcomes at that version): `Err(index)` at the first mismatch.
    pub fn verify_log(&self, events: &[Value], seed_at: impl Fn(u64) -> Seed) -> Result<(), usize> {
        match self {
            Live::Dice(_) => {
                let mut parsed = Vec::with_capacity(events.len());
                for (i, e) in events.iter().enumerate() {
                    parsed.push(dice::Event::deserialize(e).map_err(|_| i)?);
                }
                dice::verify_log_with(&parsed, seed_at)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::{Value, json};

    use engine::dice;

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
