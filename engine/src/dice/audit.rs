//! The provably-fair audit: with the revealed seed, every event of a log can be
//! re-derived by replaying the recorded actions through the rules.

use super::events::{Event, apply};
use super::options::Config;
use super::state::State;
use crate::core::{GameRng, Seed};

/// Checks that `events` is exactly what the rules produce from `seed` and the
/// actions recorded in the log (and that `seed` matches the commitment).
///
/// Returns the index of the first event that does not match.
pub fn verify_log(events: &[Event], seed: Seed) -> Result<(), usize> {
    verify_log_with(events, |_| seed)
}

/// Like [`verify_log`] for a log whose outcomes were drawn with different seeds
/// over its life (a forked game): `seed_at(version)` is the seed in force when the
/// log held `version` events. The first event commits to `seed_at(0)`.
pub fn verify_log_with(events: &[Event], seed_at: impl Fn(u64) -> Seed) -> Result<(), usize> {
    let seed = seed_at(0);
    let Some(Event::GameCreated(created)) = events.first() else {
        return Err(0);
    };
    if created.seed_commitment != seed.commitment() {
        return Err(0);
    }
    let config = Config {
        players: created.players,
        options: created.options.clone(),
        seats: created.seats.clone(),
    };
    let opening = super::setup::start(&config, &mut GameRng::new(seed, 0)).map_err(|_| 0usize)?;
    let mut at = compare(events, 0, &opening)?;
    let mut state = State::default();
    for e in &events[..at] {
        apply(&mut state, e);
    }
    while at < events.len() {
        // Each decision begins with a seat's action or, with special roles, its
        // standing orders or a reaction window running out; the rules derive
        // the rest.
        let mut next = state.clone();
        let mut rng = GameRng::new(seed_at(state.version), state.version);
        let derived = match &events[at] {
            Event::Acted { seat, action } => super::play(&mut next, *seat, action, &mut rng),
            Event::OrdersSet {
                seat,
                orders: Some(orders),
            } => {
                let action = super::Action::SetOrders { orders: *orders };
                super::play(&mut next, *seat, &action, &mut rng)
            }
            Event::WindowExpired => super::expire(&mut next, &mut rng),
            _ => return Err(at),
        }
        .map_err(|_| at)?;
        at = compare(events, at, &derived)?;
        state = next;
    }
    Ok(())
}

/// Compares `expected` with the log from `at`; returns where the match ends.
fn compare(events: &[Event], at: usize, expected: &[Event]) -> Result<usize, usize> {
    for (i, e) in expected.iter().enumerate() {
        if events.get(at + i) != Some(e) {
            return Err(at + i);
        }
    }
    Ok(at + expected.len())
}
