//! The state's invariants: the property tests' and the simulator's oracle.

use super::cards::{BASE_DECK, Card, Kind, kind};
use super::expansion::in_play;
use super::state::State;

/// Checks that every card is in exactly one place, life is within range, and
/// the cards in play keep the same-name and one-weapon rules; then each
/// expansion in play checks its own.
pub fn check_invariants(s: &State) -> Result<(), String> {
    if s.dealt {
        cards_in_one_place(s)?;
    }
    for seat in s.seats() {
        let p = s.p(seat);
        if p.life > p.max_life as i8 {
            return Err(format!("seat {seat} has {} life of {}", p.life, p.max_life));
        }
        if p.alive && p.life < 1 && s.dying.is_none_or(|d| d.seat != seat) && !s.life_fixed(seat) {
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
    for e in in_play(s) {
        e.invariants(s)?;
    }
    if let Some(w) = s.window
        && !s.alive(w.seat)
    {
        return Err(format!("a window asks seat {} who is not in play", w.seat));
    }
    Ok(())
}

/// Every card of the game in exactly one place: the playing cards (those
/// the expansions in play add too), and once the game has started the
/// expansions' other cards (the railcars), wherever they keep them.
fn cards_in_one_place(s: &State) -> Result<(), String> {
    let mut seen = [0u8; u8::MAX as usize + 1];
    let known = |c: Card| {
        (1..=BASE_DECK as Card).contains(&c)
            || in_play(s).any(|e| e.deck_cards().contains(&c) || e.other_cards().contains(&c))
    };
    let mut count = |c: Card, place: &str| -> Result<(), String> {
        if !known(c) {
            return Err(format!("card {c} in {place} is no card"));
        }
        let slot = &mut seen[c as usize];
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
    for e in in_play(s) {
        e.cards_held(s, &mut count)?;
    }
    let others = in_play(s)
        .filter(|_| s.started())
        .flat_map(|e| e.other_cards());
    if let Some(c) = s.deck_ids().chain(others).find(|&c| seen[c as usize] == 0) {
        return Err(format!("card {c} is nowhere"));
    }
    Ok(())
}
