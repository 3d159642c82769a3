//! Invariants every reachable state keeps; checked by the property tests and the simulator.

use super::state::{ARROWS, State};

/// Checks the conservation and range invariants of a state, saying which one broke.
pub fn check_invariants(s: &State) -> Result<(), String> {
    let held: u32 = s.players().iter().map(|p| p.arrows as u32).sum();
    if held + s.pile as u32 != ARROWS as u32 {
        return Err(format!(
            "arrows not conserved: pile {} + held {held} != {ARROWS}",
            s.pile
        ));
    }
    for (seat, p) in s.players().iter().enumerate() {
        if p.life > p.max_life {
            return Err(format!(
                "seat {seat} has {} LP over max {}",
                p.life, p.max_life
            ));
        }
        if !p.alive && (p.life != 0 || p.arrows != 0) {
            return Err(format!("eliminated seat {seat} still has LP or arrows"));
        }
        if p.alive && p.life == 0 && s.batch.is_none() {
            return Err(format!("seat {seat} is at 0 LP but not eliminated"));
        }
    }
    if s.is_over() != (s.stage == super::state::Stage::Over) {
        return Err("outcome and stage disagree".into());
    }
    Ok(())
}
