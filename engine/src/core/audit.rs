//! The audit every ruleset shares: a whole log re-derived from its seeds,
//! decision by decision (a seat's action, an expiry of a live reaction
//! window, a change of who plays a seat).

use super::control::{Controls, control};
use super::ruleset::{Decided, PlayError, Ruleset};
use super::{GameRng, Seed};

/// Re-derives a whole log from its seeds: `seed_at(version)` is the seed in
/// force when the log held `version` events (a forked game draws from two).
/// The first event must commit to `seed_at(0)`. `Err(index)` at the first
/// event that differs from what the rules derive.
pub fn verify_log<R: Ruleset>(
    events: &[R::Event],
    seed_at: &dyn Fn(u64) -> Seed,
) -> Result<(), usize> {
    let seed = seed_at(0);
    let (config, commitment) = events.first().and_then(R::opening).ok_or(0usize)?;
    if commitment != seed.commitment() {
        return Err(0);
    }
    let opening = R::start(&config, &mut GameRng::new(seed, 0)).map_err(|_| 0usize)?;
    let (first, rest) = opening.split_first().ok_or(0usize)?;
    if !R::same_opening(&events[0], first) {
        return Err(0);
    }
    let mut at = compare::<R>(events, 1, rest)?;
    let mut state = R::State::default();
    let mut controls = Controls::default();
    for e in &events[..at] {
        R::apply(&mut state, e);
        controls.fold(R::decided(e));
    }
    while at < events.len() {
        let version = R::version(&state);
        let mut next = state.clone();
        let mut rng = GameRng::new(seed_at(version), version);
        let derived = match R::decided(&events[at]).ok_or(at)? {
            Decided::Action(seat, action) => R::play(&mut next, seat, &action, &mut rng),
            Decided::Expiry => expire::<R>(&mut next, &mut rng),
            Decided::Control(change) => control::<R>(&mut next, &controls, &change),
        }
        .map_err(|_| at)?;
        at = compare::<R>(events, at, &derived)?;
        for e in &derived {
            controls.fold(R::decided(e));
        }
        state = next;
    }
    Ok(())
}

/// Closes the open window when its live reaction time is up: refused unless
/// the game has a live reaction time and a window waits for someone (so a
/// log cannot claim an expiry the server could never have made).
pub fn expire<R: Ruleset>(
    state: &mut R::State,
    rng: &mut GameRng,
) -> Result<Vec<R::Event>, PlayError> {
    if R::reaction_seconds(state).is_none() {
        return Err(PlayError::Illegal(
            "this game has no live reaction time".into(),
        ));
    }
    if R::asking(state).is_none() {
        return Err(PlayError::Illegal("no window waits for anyone".into()));
    }
    R::expire(state, rng)
}

/// Compares `expected` with the log from `at`; returns where the match ends.
fn compare<R: Ruleset>(
    events: &[R::Event],
    at: usize,
    expected: &[R::Event],
) -> Result<usize, usize> {
    for (i, e) in expected.iter().enumerate() {
        if events.get(at + i) != Some(e) {
            return Err(at + i);
        }
    }
    Ok(at + expected.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::SeatSpec;
    use crate::dice::{self, Config, Dice, Event};

    /// A short dice game played by first legal actions, and its seed.
    fn game(options: dice::Options) -> (Vec<Event>, Seed) {
        let seed = Seed::from_u64(11);
        let config = Config {
            players: 4,
            options,
            seats: vec![SeatSpec::default(); 4],
        };
        let mut events = Dice::start(&config, &mut GameRng::new(seed, 0)).expect("a setup");
        let mut state = dice::State::default();
        for e in &events {
            Dice::apply(&mut state, e);
        }
        for _ in 0..20 {
            let Some(seat) = Dice::next_to_act(&state) else {
                break;
            };
            let action = Dice::legal_actions(&state, seat)[0];
            let mut rng = GameRng::new(seed, state.version);
            events.extend(Dice::play(&mut state, seat, &action, &mut rng).expect("legal"));
        }
        (events, seed)
    }

    #[test]
    fn a_log_written_by_an_older_engine_still_verifies() {
        let (mut events, seed) = game(dice::Options::default());
        assert_eq!(verify_log::<Dice>(&events, &|_| seed), Ok(()));
        if let Event::GameCreated(created) = &mut events[0] {
            created.engine = "engine/0.0.1".into();
        }
        assert_eq!(verify_log::<Dice>(&events, &|_| seed), Ok(()));
        if let Event::GameCreated(created) = &mut events[0] {
            created.players = 5;
        }
        assert_eq!(verify_log::<Dice>(&events, &|_| seed), Err(0));
    }

    #[test]
    fn an_expiry_needs_a_live_reaction_time() {
        let (mut events, seed) = game(dice::Options::default());
        let at = events.len();
        events.push(Event::WindowExpired);
        assert_eq!(verify_log::<Dice>(&events, &|_| seed), Err(at));
        let mut state = dice::State::default();
        for e in &events[..at] {
            Dice::apply(&mut state, e);
        }
        let mut rng = GameRng::new(seed, state.version);
        assert!(expire::<Dice>(&mut state, &mut rng).is_err());
    }
}
