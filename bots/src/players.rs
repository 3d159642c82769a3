//! The bots' door, like the engine's: the worker plays a seat of any ruleset
//! through a [`SeatPlayer`] over JSON, made by the ruleset's entry in
//! [`bot_rulesets`]. Only a ruleset's own entry reads its types.

use engine::Ruleset;
use engine::bang::Bang;
use engine::dice::Dice;
use serde::Deserialize;
use serde_json::Value;

use crate::lift::{LiftReport, lift};
use crate::policy::Policy;
use crate::registry::Playable;
use crate::simulation::{Progress, Report, Simulation, simulate};
use crate::strong::{Budget, coach};

/// A bot playing one seat of one game, over the API's JSON.
pub trait SeatPlayer: Send {
    /// Shows the bot the next event of its game, as its seat sees it.
    fn observe(&mut self, event: &Value);
    /// Picks one of `legal` (never empty), seeing only `view`; `None` if the
    /// view or the actions are not this ruleset's.
    fn choose(&mut self, view: &Value, legal: &[Value]) -> Option<Value>;
    /// Starts the bot's random draws again from `seed` (see [`Policy::reseed`]).
    fn reseed(&mut self, seed: u64);
    /// Its budget per decision in milliseconds when its decisions search
    /// (see [`Policy::search_ms`]); `None` when they do not.
    fn search_ms(&self) -> Option<u32>;
}

/// Makes a seeded player of the named policy, with a `strong` seat's budget
/// in milliseconds per decision; `None` for an unknown name.
pub type MakePlayer =
    fn(policy: &str, seed: u64, budget_ms: Option<u32>) -> Option<Box<dyn SeatPlayer>>;

/// A ruleset's bots, as the worker and the server need them.
pub struct BotRuleset {
    /// The ruleset's id.
    pub id: &'static str,
    /// The policies by name.
    pub policies: &'static [&'static str],
    /// The policy of a bot seat created without one.
    pub default_policy: &'static str,
    /// A seeded player of the named policy, a `strong` one with the seat's
    /// budget in milliseconds per decision (`None`: its default); `None`
    /// for an unknown name.
    pub player: MakePlayer,
    /// Whether a pending decision (as the API shows it) answers a reaction
    /// window: bots answer those without their pause (the worker's delay),
    /// so that a window does not hold the table up.
    pub is_reaction: fn(pending: &Value) -> bool,
    /// Whether an event (as the API shows it) ends the game.
    pub ends_game: fn(event: &Value) -> bool,
    /// Plays many games in-process (the `simulate` tool).
    pub simulate: fn(&Simulation, jobs: usize, progress: Progress<'_>) -> Result<Report, String>,
    /// Measures a policy's lift over another (`simulate --lift`).
    pub lift: LiftFn,
    /// The coach's analysis of one decision (`GET /v1/games/{id}/analysis`).
    pub analyse: AnalyseFn,
}

/// [`BotRuleset::analyse`]: a decision's analysis over the API's JSON;
/// `None` when the request is not this ruleset's or no world could be
/// sampled.
pub type AnalyseFn = fn(&AnalysisRequest<'_>) -> Option<JsonAnalysis>;

/// What the coach is asked about one decision of one seat, as the API holds
/// it: only what that seat was shown.
pub struct AnalysisRequest<'a> {
    /// Every event of the game up to the decision, as the seat saw them.
    pub observed: &'a [Value],
    /// The events after it, as the seat saw them (what it played is read
    /// there; empty while the decision waits).
    pub following: &'a [Value],
    /// The seat's view at the decision.
    pub view: &'a Value,
    /// The seat's legal actions there.
    pub legal: &'a [Value],
    /// The search's budget, in milliseconds on the reference machine.
    pub budget_ms: u32,
    /// The most actions it compares.
    pub most: usize,
    /// Its seed (the same request, the same answer).
    pub seed: u64,
}

/// The coach's answer, in the API's JSON.
pub struct JsonAnalysis {
    /// The analysed actions, the likeliest to win first.
    pub estimates: Vec<crate::strong::coach::Estimate<Value>>,
    /// The `normal` bot's choice.
    pub normal: Value,
    /// What the seat played there, once it has.
    pub played: Option<Value>,
    /// How many legal actions the decision had.
    pub legal: usize,
}

/// [`BotRuleset::lift`]: the simulation, the policy, the base, threads and
/// progress.
pub type LiftFn =
    fn(&Simulation, &str, &str, &[String], usize, Progress<'_>) -> Result<LiftReport, String>;

/// Every ruleset the bots can play: one line per ruleset.
pub fn bot_rulesets() -> &'static [BotRuleset] {
    const RULESETS: &[BotRuleset] = &[BotRuleset::of::<Dice>(), BotRuleset::of::<Bang>()];
    RULESETS
}

/// The bots of one ruleset.
pub fn bots_for(ruleset: &str) -> Option<&'static BotRuleset> {
    bot_rulesets().iter().find(|b| b.id == ruleset)
}

impl BotRuleset {
    /// The bots of ruleset `R`, made once for every ruleset.
    pub const fn of<R: Playable>() -> BotRuleset {
        BotRuleset {
            id: R::ID,
            policies: R::POLICIES,
            default_policy: R::DEFAULT_POLICY,
            player: typed_player::<R>,
            is_reaction: is_reaction::<R>,
            ends_game: ends_game::<R>,
            simulate: simulate::<R>,
            lift: lift::<R>,
            analyse: analyse::<R>,
        }
    }
}

/// A typed [`Policy`] of ruleset `R` behind JSON.
struct TypedPlayer<R: Ruleset>(Box<dyn Policy<R>>);

fn typed_player<R: Playable>(
    policy: &str,
    seed: u64,
    budget_ms: Option<u32>,
) -> Option<Box<dyn SeatPlayer>> {
    R::budgeted(policy, seed, budget_ms)
        .map(|p| Box::new(TypedPlayer::<R>(p)) as Box<dyn SeatPlayer>)
}

fn analyse<R: Playable>(request: &AnalysisRequest<'_>) -> Option<JsonAnalysis> {
    fn read<T: serde::de::DeserializeOwned>(values: &[Value]) -> Option<Vec<T>> {
        values
            .iter()
            .map(T::deserialize)
            .collect::<Result<_, _>>()
            .ok()
    }
    let observed: Vec<R::Event> = read(request.observed)?;
    let following: Vec<R::Event> = read(request.following)?;
    let legal: Vec<R::Action> = read(request.legal)?;
    let view = R::View::deserialize(request.view).ok()?;
    if legal.is_empty() {
        return None;
    }
    let seat = R::viewer(&view)?;
    let played = coach::played_after::<R>(&following, seat, &legal);
    let analysis = coach::analyse::<R>(
        &observed,
        &view,
        &legal,
        played.as_ref(),
        Budget::Millis(request.budget_ms.max(1)),
        request.most,
        request.seed,
    )?;
    let json = |a: &R::Action| serde_json::to_value(a).ok();
    Some(JsonAnalysis {
        estimates: analysis
            .estimates
            .iter()
            .map(|e| {
                Some(coach::Estimate {
                    action: json(&e.action)?,
                    win: e.win,
                    playouts: e.playouts,
                })
            })
            .collect::<Option<_>>()?,
        normal: json(&analysis.normal)?,
        played: played.as_ref().and_then(json),
        legal: analysis.legal,
    })
}

fn is_reaction<R: Ruleset>(pending: &Value) -> bool {
    R::Pending::deserialize(pending).is_ok_and(|p| R::is_reaction(&p))
}

fn ends_game<R: Ruleset>(event: &Value) -> bool {
    R::Event::deserialize(event).is_ok_and(|e| R::ends_game(&e))
}

impl<R: Ruleset> SeatPlayer for TypedPlayer<R> {
    fn observe(&mut self, event: &Value) {
        if !self.0.observes() {
            return;
        }
        if let Ok(event) = R::Event::deserialize(event) {
            self.0.observe(&event);
        }
    }

    fn reseed(&mut self, seed: u64) {
        self.0.reseed(seed);
    }

    fn search_ms(&self) -> Option<u32> {
        self.0.search_ms()
    }

    fn choose(&mut self, view: &Value, legal: &[Value]) -> Option<Value> {
        let view = R::View::deserialize(view).ok()?;
        let actions = legal
            .iter()
            .map(R::Action::deserialize)
            .collect::<Result<Vec<_>, _>>()
            .ok()?;
        if actions.is_empty() {
            return None;
        }
        serde_json::to_value(self.0.choose(&view, &actions)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_ruleset_of_the_engine_has_bots_with_a_known_default() {
        for entry in engine::rulesets() {
            let bots = bots_for(entry.id()).expect("bots for every ruleset");
            assert!(bots.policies.contains(&bots.default_policy));
            for name in bots.policies {
                assert!((bots.player)(name, 1, None).is_some(), "{name}");
            }
            assert!((bots.player)("nobody", 1, None).is_none());
            // Only a searching bot has an answer time, set by its budget.
            for name in bots.policies {
                let player = (bots.player)(name, 1, Some(30)).expect("a player");
                let expected = (*name == "strong").then_some(30);
                assert_eq!(player.search_ms(), expected, "{name}");
            }
        }
    }

    #[test]
    fn dice_reactions_and_endings_are_read_from_typed_json() {
        use engine::dice;
        let bots = bots_for("dice").expect("dice");
        let as_json =
            |decision| serde_json::to_value(dice::Pending { seat: 1, decision }).expect("json");
        let window = dice::Decision::Window {
            window: dice::WindowKind::Roll,
        };
        assert!((bots.is_reaction)(&as_json(window)));
        assert!(!(bots.is_reaction)(&as_json(dice::Decision::RescueTokens)));
        assert!(!(bots.is_reaction)(&json!({"seat": 1})));
        assert!(!(bots.ends_game)(
            &json!({"type": "turn_started", "seat": 1})
        ));
        assert!(!(bots.ends_game)(&json!({"type": "nope"})));
    }
}
