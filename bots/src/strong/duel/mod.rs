//! The dice game's final duel, scored from a table instead of played out.
//!
//! When two players are left in a base game (no Old Saloon module, 4 or
//! more players) one of them is the Sheriff and the game ends when either
//! falls: who wins depends on little more than their life points and
//! arrows. [`table::ACTIVE_WINS`] holds, for each of those, how often the
//! player starting his turn won such a duel in a million `normal` games
//! (`bots/examples/duel_table.rs`). A playout that reaches a duel's turn
//! start stops there and scores that chance: the same expectation as
//! playing on with `normal`, without the noise of one game's dice, and
//! sooner.

mod table;

use engine::Role;
use engine::Seat;
use engine::dice::{ModuleSet, Stage, State};

use table::{ACTIVE_WINS, ARROWS, LIVES};

/// `seat`'s chance of winning from `state` when it is the start of a turn
/// of a base-game duel (see the module's doc); `None` otherwise, or when
/// the two left are not the Sheriff and a foe of his.
pub(crate) fn score(state: &State, seat: Seat) -> Option<f64> {
    if state.stage != Stage::FirstRoll
        || state.turn.rolls != 0
        || state.players < 4
        || state.modules != ModuleSet::default()
    {
        return None;
    }
    let players = state.players();
    let mut alive = (0..players.len()).filter(|&s| players[s].alive);
    let (first, second) = (alive.next()?, alive.next()?);
    if alive.next().is_some() {
        return None;
    }
    let active = state.turn.active as usize;
    let other = match (first == active, second == active) {
        (true, _) => second,
        (_, true) => first,
        _ => return None,
    };
    let life = |s: usize| (players[s].life as usize).clamp(1, LIVES) - 1;
    let arrows = |s: usize| (players[s].arrows as usize).min(ARROWS - 1);
    let wins =
        f64::from(ACTIVE_WINS[life(active)][life(other)][arrows(active)][arrows(other)]) / 1000.0;
    let role = |s: usize| players[s].role;
    let side = |winner: usize| -> Option<bool> {
        let mine = role(seat as usize)?;
        Some(match role(winner)? {
            Role::Sheriff | Role::Deputy => matches!(mine, Role::Sheriff | Role::Deputy),
            Role::Outlaw => mine == Role::Outlaw,
            Role::Renegade => seat as usize == winner,
        })
    };
    if ![role(active), role(other)].contains(&Some(Role::Sheriff)) {
        return None;
    }
    let (if_active, if_other) = (side(active)?, side(other)?);
    Some(f64::from(u8::from(if_active)) * wins + f64::from(u8::from(if_other)) * (1.0 - wins))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::dice::Module;

    /// A 5-player base game at seat `active`'s turn start, with only the
    /// Sheriff (seat 0, 4 life, 1 arrow) and seat 2 (`foe`, 2 life, no
    /// arrow) alive; seat 1 a dead Deputy, seats 3 and 4 dead Outlaws.
    fn duel(active: Seat, foe: Role) -> State {
        let mut state = State {
            players: 5,
            stage: Stage::FirstRoll,
            ..State::default()
        };
        state.turn.active = active;
        let roles = [Role::Sheriff, Role::Deputy, foe, Role::Outlaw, Role::Outlaw];
        for (p, role) in state.table.iter_mut().zip(roles) {
            p.role = Some(role);
        }
        for s in [0, 2] {
            state.table[s].alive = true;
        }
        state.table[0].life = 4;
        state.table[0].arrows = 1;
        state.table[2].life = 2;
        state
    }

    #[test]
    fn a_duels_turn_start_is_scored_for_every_seat_from_the_table() {
        let sheriff_first = f64::from(ACTIVE_WINS[3][1][1][0]) / 1000.0;
        let foe_first = f64::from(ACTIVE_WINS[1][3][0][1]) / 1000.0;
        let state = duel(0, Role::Renegade);
        assert_eq!(score(&state, 0), Some(sheriff_first));
        assert_eq!(score(&state, 1), Some(sheriff_first), "the dead Deputy");
        assert_eq!(score(&state, 2), Some(1.0 - sheriff_first));
        assert_eq!(score(&state, 3), Some(0.0), "a dead Outlaw");
        let state = duel(2, Role::Outlaw);
        assert_eq!(score(&state, 2), Some(foe_first));
        assert_eq!(score(&state, 3), Some(foe_first), "a dead Outlaw");
        assert_eq!(score(&state, 1), Some(1.0 - foe_first));
    }

    #[test]
    fn only_a_base_games_duel_at_a_turns_start_is_scored() {
        let mut rolled = duel(0, Role::Outlaw);
        rolled.turn.rolls = 1;
        assert_eq!(score(&rolled, 0), None, "a turn under way");
        let mut three = duel(0, Role::Outlaw);
        three.table[3].alive = true;
        assert_eq!(score(&three, 0), None, "three alive");
        let mut modules = duel(0, Role::Outlaw);
        modules.modules = ModuleSet::of(&[Module::ChiefArrow]);
        assert_eq!(score(&modules, 0), None, "a module");
        let mut no_sheriff = duel(2, Role::Outlaw);
        no_sheriff.table[0].role = Some(Role::Renegade);
        assert_eq!(score(&no_sheriff, 2), None, "no Sheriff");
    }
}
