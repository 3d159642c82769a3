//! The one place where the server meets the rules, through the engine's one
//! door: every ruleset's state, actions, events and views are a
//! [`engine::Game`] behind JSON, made by the engine's registry. Nothing here
//! names a ruleset, its events or its actions.

use engine::{Game, PlayError, Seed, Viewer};
use serde_json::Value;

use crate::error::ApiError;
use crate::models::Winners;

pub use engine::SeatSpec;

/// The rulesets the server plays (the engine's registry, by id).
pub fn ruleset_ids() -> impl Iterator<Item = &'static str> {
    engine::rulesets().iter().map(|r| r.id())
}

fn entry(ruleset: &str) -> Result<&'static dyn engine::RulesetEntry, ApiError> {
    engine::ruleset(ruleset).ok_or_else(|| {
        let ids: Vec<&str> = ruleset_ids().collect();
        ApiError::unprocessable(
            "invalid_option",
            format!("ruleset: `{ruleset}` is not one of {ids:?}"),
        )
    })
}

/// Checks a ruleset name.
pub fn check_ruleset(ruleset: &str) -> Result<(), ApiError> {
    entry(ruleset).map(|_| ())
}

/// Checks a player count against what the ruleset allows.
pub fn check_players(ruleset: &str, players: u8) -> Result<(), ApiError> {
    let allowed = entry(ruleset)?.players();
    if allowed.contains(&players) {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "invalid_option",
            format!(
                "players: {} to {}, not {players}",
                allowed.start(),
                allowed.end()
            ),
        ))
    }
}

/// The opening events of a new game, validating its options.
pub fn start(
    ruleset: &str,
    players: u8,
    options: &Value,
    seats: Vec<SeatSpec>,
    seed: Seed,
) -> Result<Vec<Value>, ApiError> {
    entry(ruleset)?
        .start(players, options, seats, seed)
        .map_err(|why| ApiError::unprocessable("invalid_option", why))
}

/// The seats of a new game of `ruleset` that no creator's seat plays (a solo
/// game's NPCs and partner seat).
pub fn rules_seats(ruleset: &str, players: u8, options: &Value) -> Result<Vec<u8>, ApiError> {
    Ok(entry(ruleset)?.rules_seats(players, options))
}

/// Whether a game of `ruleset` with these options ever opens a reaction
/// window (a response deadline applies to those).
pub fn has_reaction_windows(ruleset: &str, options: &Value) -> bool {
    engine::ruleset(ruleset).is_some_and(|r| r.has_reaction_windows(options))
}

/// Whether a stored event of `ruleset` begins a decision's events: a game may
/// be forked just before it (or at its end), where it waits for a decision.
pub fn starts_action(ruleset: &str, event: &Value) -> bool {
    engine::ruleset(ruleset).is_some_and(|r| r.begins_decision(event))
}

/// A stored event of `ruleset` (as a viewer may see it) told as a sentence,
/// with the rule it applied; `names` are the seats' names.
pub fn describe(ruleset: &str, event: &Value, names: &[String]) -> Option<engine::Line> {
    engine::ruleset(ruleset)?.describe(event, names)
}

fn refused(e: PlayError) -> ApiError {
    match e {
        PlayError::Invalid(why) => ApiError::unprocessable("invalid_action", why),
        PlayError::NotYourDecision(why) => ApiError::forbidden("not_your_decision", why),
        PlayError::GameOver => ApiError::unprocessable("game_over", e.to_string()),
        PlayError::Illegal(why) => ApiError::unprocessable("illegal_action", why),
    }
}

/// A game folded from its log, whatever its ruleset: the engine's [`Game`]
/// with the server's errors.
pub struct FoldedGame(Box<dyn Game>);

impl Clone for FoldedGame {
    fn clone(&self) -> FoldedGame {
        FoldedGame(self.0.clone_game())
    }
}

impl std::fmt::Debug for FoldedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} game at version {}",
            self.0.ruleset(),
            self.0.version()
        )
    }
}

impl FoldedGame {
    /// The state before any event.
    pub fn new(ruleset: &str) -> Result<FoldedGame, ApiError> {
        Ok(FoldedGame(entry(ruleset)?.new_game()))
    }

    /// Folds a stored event.
    pub fn apply(&mut self, event: &Value) -> Result<(), ApiError> {
        self.0
            .apply(event)
            .map_err(|e| ApiError::internal(e.to_string()))
    }

    /// Events folded.
    pub fn version(&self) -> u64 {
        self.0.version()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// Who won, once over.
    pub fn winners(&self) -> Option<Winners> {
        self.0.winners().map(|w| Winners {
            team: w.team,
            seats: w.seats,
        })
    }

    /// The seats that must act now (several while a window waits for more
    /// than one seat's answer).
    pub fn waiting(&self) -> Vec<u8> {
        self.0.waiting()
    }

    /// The pending decisions, as JSON.
    pub fn pending(&self) -> Vec<Value> {
        self.0.pending()
    }

    /// The open window's version and its live reaction time, when the game
    /// has a live reaction window and a window waits for someone.
    pub fn reaction_window(&self) -> Option<(u64, u32)> {
        self.0.reaction_window()
    }

    /// Whether `seat` is still asked in the window it saw at version `seen`:
    /// The seats the person holding `seat` plays, `seat` first.
    pub fn seats_played_by(&self, seat: u8) -> Vec<u8> {
        self.0.seats_played_by(seat)
    }

    /// only other seats' answers happened since, so its answer still fits.
    pub fn still_asked(&self, seat: u8, seen: u64) -> bool {
        self.0.still_asked(seat, seen)
    }

    /// Closes the open window whose live reaction time is up: the events and
    /// the state they lead to.
    pub fn expire(&self, seed: Seed) -> Result<(Vec<Value>, FoldedGame), ApiError> {
        let (events, next) = self
            .0
            .expire(seed)
            .map_err(|e| ApiError::unprocessable("no_window", e.to_string()))?;
        Ok((events, FoldedGame(next)))
    }

    /// The seats asked to move now (not to answer a reaction window).
    pub fn moving(&self) -> Vec<u8> {
        self.0.moving()
    }

    /// Who plays each seat, as the log's `seat_control` events say.
    pub fn controls(&self) -> &engine::Controls {
        self.0.controls()
    }

    /// Decides a change of who plays a seat: the events and the state they
    /// lead to. Nothing changes on error.
    pub fn control(
        &self,
        change: &engine::SeatControl,
    ) -> Result<(Vec<Value>, FoldedGame), ApiError> {
        let (events, next) = self.0.control(change).map_err(refused)?;
        Ok((events, FoldedGame(next)))
    }

    /// Whether `action` may be posted by a seat that is not asked anything now
    /// (standing orders, which are set at any time).
    pub fn anytime(&self, action: &Value) -> bool {
        self.0.anytime(action)
    }

    /// The state as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> Value {
        self.0.view(viewer)
    }

    /// `seat`'s legal actions.
    pub fn legal(&self, seat: u8) -> Vec<Value> {
        self.0.legal(seat)
    }

    /// Decides `action` by `seat` with the game's seed: the events and the state
    /// they lead to. Nothing changes on error.
    pub fn decide(
        &self,
        seat: u8,
        action: &Value,
        seed: Seed,
    ) -> Result<(Vec<Value>, FoldedGame), ApiError> {
        let (events, next) = self.0.play(seat, action, seed).map_err(refused)?;
        Ok((events, FoldedGame(next)))
    }

    /// A stored event as `viewer` may see it.
    pub fn redact(&self, event: &Value, viewer: Viewer) -> Value {
        self.0.redact(event, viewer)
    }

    /// The event as a spectator sees it, if that differs from the event (what
    /// a chain v2 hash covers instead of the event).
    pub fn public_form(&self, event: &Value) -> Option<Value> {
        self.0.public_form(event)
    }

    /// [`FoldedGame::redact`], taking the event (returned as it is when the viewer
    /// may see it whole).
    pub fn redact_owned(&self, event: Value, viewer: Viewer) -> Value {
        match self.0.public_form(&event) {
            None => event,
            Some(_) => self.0.redact(&event, viewer),
        }
    }

    /// Re-derives a whole log from its seeds (`seed_at(version)` gives the seed
    /// that drew outcomes at that version): `Err(index)` at the first mismatch.
    pub fn verify_log(&self, events: &[Value], seed_at: impl Fn(u64) -> Seed) -> Result<(), usize> {
        self.0.verify_log(events, &seed_at)
    }
}
