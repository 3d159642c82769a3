//! The victory check (§15, §17; A4 in a solo game): a pure function of the
//! state, which the machine asks between top-level actions.

use super::expansion::in_play;
use super::roles::three_player_target;
use super::state::{Outcome, State};
use crate::core::{Role, Seat, Team};

/// §15 and §17: who has won, if the game is over (checked only between
/// top-level actions), with what the expansions in play add (the solo
/// mode's A4: whether the person won).
pub fn victory(s: &State) -> Option<Outcome> {
    let mut outcome = standard_victory(s)?;
    for e in in_play(s) {
        e.outcome(s, &mut outcome);
    }
    Some(outcome)
}

/// §15 and §17, whatever the mode.
fn standard_victory(s: &State) -> Option<Outcome> {
    if !s.started() {
        return None;
    }
    let role = |seat: Seat| s.p(seat).role;
    // SG-7: players in play only; a shadow never counts.
    let alive: Vec<Seat> = s.seats().filter(|&x| s.in_play(x)).collect();
    if s.three_players() {
        // B-17.3: the player responsible for his own target's elimination wins.
        for p in s.seats() {
            let Some(mine) = role(p) else { continue };
            let target = three_player_target(mine);
            if s.seats().any(|q| {
                role(q) == Some(target)
                    && !s.alive(q)
                    && s.eliminated_by[q as usize] == Some(Some(p))
            }) {
                return Some(Outcome::new(Some(Team::Survivor), vec![p]));
            }
        }
        return match alive.len() {
            0 => Some(Outcome::new(None, Vec::new())),
            1 => Some(Outcome::new(Some(Team::Survivor), alive)),
            _ => None,
        };
    }
    let sheriff_alive = alive.iter().any(|&x| role(x) == Some(Role::Sheriff));
    if !sheriff_alive {
        if alive.len() == 1 && role(alive[0]) == Some(Role::Renegade) {
            return Some(Outcome::new(Some(Team::Renegade), alive));
        }
        return Some(Outcome::new(
            Some(Team::Outlaws),
            s.seats()
                .filter(|&x| role(x) == Some(Role::Outlaw))
                .chain(winners_out_of_play(s, Team::Outlaws))
                .collect(),
        ));
    }
    if alive
        .iter()
        .all(|&x| matches!(role(x), Some(Role::Sheriff | Role::Deputy)))
    {
        return Some(Outcome::new(
            Some(Team::Law),
            s.seats()
                .filter(|&x| matches!(role(x), Some(Role::Sheriff | Role::Deputy)))
                .chain(winners_out_of_play(s, Team::Law))
                .collect(),
        ));
    }
    None
}

/// The eliminated players an expansion in play names as winners with `team`
/// (the Shadow-Gunslingers' SG-7, SR-4), besides those named by their role.
pub fn winners_out_of_play(s: &State, team: Team) -> impl Iterator<Item = Seat> + '_ {
    s.seats()
        .filter(move |&x| !s.in_play(x) && in_play(s).any(|e| e.wins_out_of_play(s, x, team)))
}
