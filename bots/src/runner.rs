//! Plays whole games in-process, with no HTTP: for the simulator and for tests.

use engine::dice::{self, Config, Event, Outcome, State};
use engine::{GameRng, Seed, Viewer};

use crate::policy::Policy;

/// A finished (or abandoned) game.
pub struct GameRecord {
    /// The whole log.
    pub events: Vec<Event>,
    /// The live state at the end.
    pub state: State,
    /// How it ended; `None` if it hit the decision bound.
    pub outcome: Option<Outcome>,
}

/// Shows each seat's policy the events it may see.
fn observe(policies: &mut [Box<dyn Policy>], events: &[Event]) {
    for (seat, policy) in policies.iter_mut().enumerate() {
        if !policy.observes() {
            continue;
        }
        for e in events {
            if matches!(e, Event::RoleDealt { .. } | Event::OrdersSet { .. }) {
                policy.observe(&dice::redact(e, Viewer::Seat(seat as u8)));
            } else {
                policy.observe(e);
            }
        }
    }
}

/// Plays one dice game, asking `policies[seat]` (one per seat) for every
/// decision, for at most `max_decisions` decisions. Each policy observes the
/// events its seat may see. Every seat counts as a bot seat of its policy, so
/// special-role windows ask it by hand, as the server's bots are.
pub fn play_dice_game(
    config: &Config,
    seed: Seed,
    policies: &mut [Box<dyn Policy>],
    max_decisions: usize,
) -> Result<GameRecord, String> {
    if policies.len() < config.players as usize {
        return Err("one policy per seat is needed".into());
    }
    let mut config = config.clone();
    config
        .seats
        .resize_with(config.players as usize, Default::default);
    for (spec, policy) in config.seats.iter_mut().zip(policies.iter()) {
        spec.bot.get_or_insert_with(|| policy.name().to_string());
    }
    let mut rng = GameRng::new(seed, 0);
    let mut events = dice::start(&config, &mut rng).map_err(|e| e.to_string())?;
    let mut state = State::default();
    for e in &events {
        dice::apply(&mut state, e);
    }
    observe(policies, &events);
    // The view given to policies that do not read it.
    let mut blank = None;
    let mut legal = Vec::new();
    for _ in 0..max_decisions {
        let Some(pending) = dice::pending(&state) else {
            break;
        };
        let seat = pending.seat;
        dice::legal_actions_into(&state, seat, &mut legal);
        if legal.is_empty() {
            return Err(format!(
                "seat {seat} is asked to act but has no legal action"
            ));
        }
        let policy = &mut policies[seat as usize];
        let action = if policy.reads_view() {
            policy.choose(&dice::view(&state, Viewer::Seat(seat)), &legal)
        } else {
            let blank =
                blank.get_or_insert_with(|| dice::view(&State::default(), Viewer::Spectator));
            policy.choose(blank, &legal)
        };
        let mut rng = GameRng::new(seed, state.version);
        let before = events.len();
        dice::play_into(&mut state, seat, &action, &mut rng, &mut events)
            .map_err(|e| e.to_string())?;
        observe(policies, &events[before..]);
    }
    let outcome = state.outcome.clone();
    Ok(GameRecord {
        events,
        state,
        outcome,
    })
}
