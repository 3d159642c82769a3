//! The bots' door, like the engine's: the worker plays a seat of any ruleset
//! through a [`SeatPlayer`] over JSON, made by the ruleset's entry in
//! [`bot_rulesets`]. Only a ruleset's own entry reads its types.

use engine::dice;
use serde::Deserialize;
use serde_json::Value;

use crate::policy::Policy;

/// A bot playing one seat of one game, over the API's JSON.
pub trait SeatPlayer: Send {
    /// Shows the bot the next event of its game, as its seat sees it.
    fn observe(&mut self, event: &Value);
    /// Picks one of `legal` (never empty), seeing only `view`; `None` if the
    /// view or the actions are not this ruleset's.
    fn choose(&mut self, view: &Value, legal: &[Value]) -> Option<Value>;
}

/// A ruleset's bots, as the worker and the server need them.
pub struct BotRuleset {
    /// The ruleset's id.
    pub id: &'static str,
    /// The policies by name.
    pub policies: &'static [&'static str],
    /// The policy of a bot seat created without one.
    pub default_policy: &'static str,
    /// A seeded player of the named policy; `None` for an unknown name.
    pub player: fn(policy: &str, seed: u64) -> Option<Box<dyn SeatPlayer>>,
    /// Whether a pending decision (as the API shows it) answers a reaction
    /// window: bots answer those at once, whatever their delay, so that the
    /// timing of an answer says nothing.
    pub is_reaction: fn(pending: &Value) -> bool,
    /// Whether an event (as the API shows it) ends the game.
    pub ends_game: fn(event: &Value) -> bool,
}

/// Every ruleset the bots can play.
pub fn bot_rulesets() -> &'static [BotRuleset] {
    &[BotRuleset {
        id: dice::RULESET,
        policies: crate::POLICIES,
        default_policy: crate::DEFAULT_POLICY,
        player: dice_player,
        is_reaction: dice_is_reaction,
        ends_game: dice_ends_game,
    }]
}

/// The bots of one ruleset.
pub fn bots_for(ruleset: &str) -> Option<&'static BotRuleset> {
    bot_rulesets().iter().find(|b| b.id == ruleset)
}

/// A dice [`Policy`] behind JSON.
struct DicePlayer(Box<dyn Policy>);

fn dice_player(policy: &str, seed: u64) -> Option<Box<dyn SeatPlayer>> {
    crate::policy_by_name(policy, seed).map(|p| Box::new(DicePlayer(p)) as Box<dyn SeatPlayer>)
}

fn dice_is_reaction(pending: &Value) -> bool {
    dice::Pending::deserialize(pending)
        .is_ok_and(|p| matches!(p.decision, dice::Decision::Window { .. }))
}

fn dice_ends_game(event: &Value) -> bool {
    dice::Event::deserialize(event).is_ok_and(|e| matches!(e, dice::Event::GameEnded { .. }))
}

impl SeatPlayer for DicePlayer {
    fn observe(&mut self, event: &Value) {
        if !self.0.observes() {
            return;
        }
        if let Ok(event) = dice::Event::deserialize(event) {
            self.0.observe(&event);
        }
    }

    fn choose(&mut self, view: &Value, legal: &[Value]) -> Option<Value> {
        let view = dice::View::deserialize(view).ok()?;
        let actions = legal
            .iter()
            .map(dice::Action::deserialize)
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
                assert!((bots.player)(name, 1).is_some(), "{name}");
            }
            assert!((bots.player)("nobody", 1).is_none());
        }
    }

    #[test]
    fn dice_reactions_and_endings_are_read_from_typed_json() {
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
