//! Gold Rush's invariants (asked through its hooks by the state's oracle,
//! `bang::check_invariants`).

use super::equipment::{EQUIPMENT_SIZE, equip_kind};
use crate::bang::state::State;

/// Gold Rush: every equipment card in exactly one place once the deck is
/// built, one black card of a name per player, the returned count in range.
pub(super) fn invariants(s: &State) -> Result<(), String> {
    let g = &s.gold;
    if g.returned as usize > g.deck.len() {
        return Err(format!(
            "{} returned of {} equipment cards",
            g.returned,
            g.deck.len()
        ));
    }
    let mut seen = [0u8; EQUIPMENT_SIZE + 1];
    let places = g
        .deck
        .iter()
        .chain(g.market.iter().flatten())
        .chain(g.josh.iter())
        .chain(s.seats().flat_map(|x| s.p(x).equipment.iter()));
    for &e in places {
        let slot = seen
            .get_mut(e as usize)
            .filter(|_| e >= 1)
            .ok_or_else(|| format!("equipment {e} is no card"))?;
        *slot += 1;
        if *slot > 1 {
            return Err(format!("equipment {e} is in two places"));
        }
    }
    if s.started()
        && let Some(e) = (1..=EQUIPMENT_SIZE).find(|&e| seen[e] == 0)
    {
        return Err(format!("equipment {e} is nowhere"));
    }
    for seat in s.seats() {
        let eq = &s.p(seat).equipment;
        for (i, &e) in eq.iter().enumerate() {
            if eq[..i].iter().any(|&o| equip_kind(o) == equip_kind(e)) {
                return Err(format!("seat {seat} has two {:?}", equip_kind(e)));
            }
        }
    }
    Ok(())
}
