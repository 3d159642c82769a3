//! Invariants every reachable state keeps; checked by the property tests and the simulator.

use super::state::{ARROWS, State};

/// Checks the conservation and range invariants of a state, saying which one broke.
pub fn check_invariants(s: &State) -> Result<(), String> {
    let held: u32 = s.players().iter().map(|p| p.tokens() as u32).sum();
    if held + s.pile_tokens() as u32 != s.all_tokens() as u32 {
        return Err(format!(
            "arrows not conserved: pile {} + held {held} != {}",
            s.pile_tokens(),
            s.all_tokens()
        ));
    }
    let chiefs = s.players().iter().filter(|p| p.chief).count() + usize::from(s.chief_in_pile);
    if chiefs != usize::from(s.all_tokens() > ARROWS) {
        return Err("the Chief's Arrow is not exactly in one place".into());
    }
    for (seat, p) in s.players().iter().enumerate() {
        // The former Sheriff keeps LP above his new max after The Good (1.5.2).
        let former_sheriff = p.special == Some(super::specials::Special::TheGood) && p.power_used;
        if p.life > p.max_life && !former_sheriff {
            return Err(format!(
                "seat {seat} has {} LP over max {}",
                p.life, p.max_life
            ));
        }
        if !p.alive && (p.life != 0 || p.tokens() != 0) {
            return Err(format!("eliminated seat {seat} still has LP or arrows"));
        }
        if s.ghost == Some(seat as u8) && (p.alive || p.tokens() > 0) {
            return Err(format!("the Ghost (seat {seat}) is alive or holds tokens"));
        }
        if p.alive && p.life == 0 && s.batch.is_none() {
            return Err(format!("seat {seat} is at 0 LP but not eliminated"));
        }
    }
    // Ghost: the Ghost tokens are with the Ghost or, as one gift, with one living
    // player other than him.
    if let Some(gift) = s.gift
        && (s.ghost.is_none() || s.ghost == Some(gift.to) || !s.is_alive(gift.to))
    {
        return Err(format!(
            "Ghost tokens held by seat {} out of place",
            gift.to
        ));
    }
    // Special roles: an open window waits only for living, face-down seats.
    if let Some(w) = s.window
        && let Some(seat) = w
            .asked
            .iter()
            .find(|&x| !s.is_alive(x) || (s.table[x as usize].role_public && !s.three_player()))
    {
        return Err(format!(
            "a window waits for seat {seat}, who may not answer it"
        ));
    }
    if s.is_over() != (s.stage == super::state::Stage::Over) {
        return Err("outcome and stage disagree".into());
    }
    Ok(())
}
