//! The state's invariants: the property tests' and the simulator's oracle.

use super::cards::{BASE_DECK, DECK_SIZE, Kind, kind};
use super::gold::{EQUIPMENT_SIZE, equip_kind};
use super::state::State;
use super::train::{RAILCAR_BASE, RAILCARS, all_railcars, is_railcar};

/// Checks that every card is in exactly one place, life is within range, and
/// the cards in play keep the same-name and one-weapon rules.
pub fn check_invariants(s: &State) -> Result<(), String> {
    if s.dealt {
        // Playing cards 1..=deck, then railcars (Train Robbery) at their ids.
        let deck = if s.train.on { DECK_SIZE } else { BASE_DECK };
        let mut seen = [0u8; RAILCAR_BASE as usize + RAILCARS + 1];
        let mut count = |c: u8, place: &str| -> Result<(), String> {
            let known = (1..=deck).contains(&(c as usize)) || (s.train.on && is_railcar(c));
            let slot = seen
                .get_mut(c as usize)
                .filter(|_| known)
                .ok_or_else(|| format!("card {c} in {place} is no card"))?;
            *slot += 1;
            if *slot > 1 {
                return Err(format!("card {c} is in two places (again in {place})"));
            }
            Ok(())
        };
        for &c in &s.deck {
            count(c, "the deck")?;
        }
        for &c in &s.discard {
            count(c, "the discard pile")?;
        }
        for &c in s.store.iter().chain(&s.kit).chain(&s.flipped) {
            count(c, "resolution")?;
        }
        for seat in s.seats() {
            let p = s.p(seat);
            for &c in p.hand.iter().chain(&p.in_play) {
                count(c, "a player's cards")?;
            }
        }
        for &c in s.train.cars.iter().chain(&s.train.deck) {
            count(c, "the train")?;
        }
        if let Some((_, c)) = s.train.money_bag {
            count(c, "a Money Bag held aside")?;
        }
        if let Some((_, c)) = s.train.used {
            count(c, "a railcar in use")?;
        }
        if let Some(m) = &s.train.mail {
            count(m.car, "a Mail Car in use")?;
        }
        if let Some(l) = &s.train.lounge {
            for &c in std::iter::once(&l.car).chain(&l.drawn) {
                count(c, "a Lounge Car in use")?;
            }
        }
        let railcars = (s.train.on && s.started())
            .then(all_railcars)
            .into_iter()
            .flatten();
        if let Some(c) = (1..=deck as u8)
            .chain(railcars)
            .find(|&c| seen[c as usize] == 0)
        {
            return Err(format!("card {c} is nowhere"));
        }
    }
    for seat in s.seats() {
        let p = s.p(seat);
        if p.life > p.max_life as i8 {
            return Err(format!("seat {seat} has {} life of {}", p.life, p.max_life));
        }
        if p.alive
            && p.life < 1
            && s.dying.is_none_or(|d| d.seat != seat)
            && !super::train::is_ghost(s, seat)
        {
            return Err(format!("seat {seat} is in play at {} life", p.life));
        }
        for (i, &c) in p.in_play.iter().enumerate() {
            // Railcars have unique names (TR-9.5): their ids differ.
            if kind(c) != Kind::Railcar && p.in_play[..i].iter().any(|&o| kind(o) == kind(c)) {
                return Err(format!("seat {seat} has two {:?} in play", kind(c)));
            }
        }
        if p.in_play.iter().filter(|&&c| kind(c).is_weapon()).count() > 1 {
            return Err(format!("seat {seat} has two weapons"));
        }
    }
    gold_invariants(s)?;
    if let Some(w) = s.window
        && !s.alive(w.seat)
    {
        return Err(format!("a window asks seat {} who is not in play", w.seat));
    }
    Ok(())
}

/// Gold Rush: every equipment card in exactly one place once the deck is
/// built, one black card of a name per player, the returned count in range.
fn gold_invariants(s: &State) -> Result<(), String> {
    let g = &s.gold;
    if !g.on {
        return Ok(());
    }
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
