//! Plays whole games in-process, with no HTTP: for the simulator and for
//! tests. One runner for every ruleset, through the engine's [`Ruleset`].

use engine::dice::{Config, Dice};
use engine::{GameRng, Ruleset, SeatSpec, Seed, Viewer, Winners};

use crate::policy::Policy;

/// A finished (or abandoned) game.
pub struct PlayedGame<R: Ruleset = Dice> {
    /// The whole log.
    pub events: Vec<R::Event>,
    /// The live state at the end.
    pub state: R::State,
    /// Who won; `None` if it hit the decision bound.
    pub outcome: Option<Winners>,
}

/// Shows each seat's policy the events it may see in the game `state` is of.
fn observe<R: Ruleset>(policies: &mut [Box<dyn Policy<R>>], state: &R::State, events: &[R::Event]) {
    for (seat, policy) in policies.iter_mut().enumerate() {
        if !policy.observes() {
            continue;
        }
        for e in events {
            if R::hides(e) {
                policy.observe(&R::redact_in(state, e, Viewer::Seat(seat as u8)));
            } else {
                policy.observe(e);
            }
        }
    }
}

/// The seats of a game played by `policies`: each a bot seat of its policy,
/// so that reaction windows ask it by hand, as the server's bots are.
pub fn bot_seats<R: Ruleset>(policies: &[Box<dyn Policy<R>>]) -> Vec<SeatSpec> {
    policies
        .iter()
        .map(|p| SeatSpec {
            name: String::new(),
            bot: Some(p.name().to_string()),
            budget_ms: None,
        })
        .collect()
}

/// Plays one game of any ruleset, asking `policies[seat]` (one per seat) for
/// every decision, for at most `max_decisions` decisions. Each policy
/// observes the events its seat may see.
pub fn play_game<R: Ruleset>(
    config: &R::Config,
    seed: Seed,
    policies: &mut [Box<dyn Policy<R>>],
    max_decisions: usize,
) -> Result<PlayedGame<R>, String> {
    let mut events = R::start(config, &mut GameRng::new(seed, 0))?;
    let mut state = R::State::default();
    for e in &events {
        R::apply(&mut state, e);
    }
    observe(policies, &state, &events);
    // The view given to policies that do not read it.
    let mut blank = None;
    let mut legal = Vec::new();
    for _ in 0..max_decisions {
        if R::winners(&state).is_some() {
            break;
        }
        let Some(seat) = R::next_to_act(&state) else {
            return Err("the game waits for nobody".into());
        };
        R::legal_actions_into(&state, seat, &mut legal);
        if legal.is_empty() {
            return Err(format!(
                "seat {seat} is asked to act but has no legal action"
            ));
        }
        let policy = policies
            .get_mut(seat as usize)
            .ok_or("one policy per seat is needed")?;
        let action = if policy.reads_view() {
            policy.choose(&R::view(&state, Viewer::Seat(seat)), &legal)
        } else {
            let blank =
                blank.get_or_insert_with(|| R::view(&R::State::default(), Viewer::Spectator));
            policy.choose(blank, &legal)
        };
        let version = R::version(&state);
        let mut rng = GameRng::new(seed, version);
        let before = events.len();
        R::play_into(&mut state, seat, &action, &mut rng, &mut events)
            .map_err(|e| e.to_string())?;
        observe(policies, &state, &events[before..]);
    }
    let outcome = R::winners(&state);
    Ok(PlayedGame {
        events,
        state,
        outcome,
    })
}

/// Plays one dice game (see [`play_game`]); seats without a bot policy
/// become bot seats of theirs.
pub fn play_dice_game(
    config: &Config,
    seed: Seed,
    policies: &mut [Box<dyn Policy>],
    max_decisions: usize,
) -> Result<PlayedGame, String> {
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
    play_game::<Dice>(&config, seed, policies, max_decisions)
}
