//! Many games in-process, for any ruleset: win rates per policy and role,
//! invariant checks after every game, replay against the live state, and the
//! speed of playing and of folding. What the `simulate` tool prints.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use engine::{Role, Seed};
use serde_json::Value;

use crate::policy::Policy;
use crate::registry::Playable;
use crate::runner::{bot_seats, play_game};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// Players per game.
    pub players: u8,
    /// Games to play.
    pub games: u64,
    /// The first game's seed; game i uses seed + i.
    pub seed: u64,
    /// The policies, given to seats in order, cycled, and turned by one
    /// seat each game: with `strong,normal`, game 0 seats `strong` at even
    /// seats and game 1 at odd ones, so every policy sits at every seat (and
    /// in its turn order) as often as the others.
    pub policies: Vec<String>,
    /// The game options, as the API takes them.
    pub options: Value,
    /// The most decisions before a game counts as not ending.
    pub max_decisions: usize,
}

impl Simulation {
    /// The policy `seat` plays in game `game` (the seats turn by one each game).
    pub fn policy_of(&self, game: u64, seat: usize) -> &str {
        let turns = self.policies.len().max(1);
        &self.policies[(seat + (game % turns as u64) as usize) % turns]
    }

    /// The policies of game `game`, one per seat, each seeded from the
    /// game's seed and its seat.
    pub fn line_up<R: Playable>(&self, game: u64) -> Vec<Box<dyn Policy<R>>> {
        let game_seed = self.seed.wrapping_add(game);
        (0..self.players as usize)
            .filter_map(|seat| {
                R::policy(
                    self.policy_of(game, seat),
                    game_seed ^ ((seat as u64) << 48),
                )
            })
            .collect()
    }

    /// The configuration of game `game`. A game some of whose seats the rules
    /// play (a solo game) is played by the policies as its person would: no
    /// bot seats. Otherwise every seat is a bot seat of its policy, as the
    /// server's bots are.
    pub fn config_of<R: Playable>(&self, game: u64) -> Result<R::Config, String> {
        let seats = if R::rules_seats(self.players, &self.options).is_empty() {
            bot_seats(&self.line_up::<R>(game))
        } else {
            vec![engine::SeatSpec::default(); self.players as usize]
        };
        R::config(self.players, &self.options, seats)
    }
}

/// Seats and wins of one policy in one role.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Seats played.
    pub seats: u64,
    /// Of which won.
    pub wins: u64,
    /// Of the games lost, how many each side won: the Law, the Outlaws, a
    /// Renegade, a 3-player game's survivor (and a game no side won).
    pub lost_to: [u64; 5],
}

/// The names of [`Tally::lost_to`]'s sides, in order.
pub const SIDES: [&str; 5] = ["law", "outlaws", "renegade", "survivor", "none"];

/// The index of a winning side in [`Tally::lost_to`].
fn side(team: Option<engine::Team>) -> usize {
    match team {
        Some(engine::Team::Law) => 0,
        Some(engine::Team::Outlaws) => 1,
        Some(engine::Team::Renegade) => 2,
        Some(engine::Team::Survivor) => 3,
        None => 4,
    }
}

/// What a simulation found.
#[derive(Debug, Default)]
pub struct Report {
    /// Seats and wins by (policy, role).
    pub tallies: BTreeMap<(String, &'static str), Tally>,
    /// Events in all games.
    pub events: u64,
    /// Games that panicked, broke an invariant, replayed differently or did not end.
    pub failures: u64,
    /// The seed and reason of each failure (the first 20).
    pub failed: Vec<(u64, String)>,
    /// Time spent folding every log again.
    pub fold_time: Duration,
    /// The longest log.
    pub longest: usize,
    /// Wall time of the whole run.
    pub wall: Duration,
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Sheriff => "sheriff",
        Role::Deputy => "deputy",
        Role::Outlaw => "outlaw",
        Role::Renegade => "renegade",
    }
}

/// Plays the games of `sim` with ruleset `R`, calling `progress` after each.
pub fn simulate<R: Playable>(sim: &Simulation, progress: &dyn Fn()) -> Result<Report, String> {
    for name in &sim.policies {
        R::policy(name, 0).ok_or_else(|| format!("--bots: unknown policy `{name}`"))?;
    }
    let turns = sim.policies.len().max(1);
    // One configuration per turn of the seats.
    let configs = (0..turns as u64)
        .map(|turn| sim.config_of::<R>(turn))
        .collect::<Result<Vec<_>, String>>()?;
    let mut report = Report::default();
    let fail = |report: &mut Report, seed: u64, why: String| {
        report.failures += 1;
        if report.failed.len() < 20 {
            report.failed.push((seed, why));
        }
    };
    let started = Instant::now();
    for i in 0..sim.games {
        let game_seed = sim.seed.wrapping_add(i);
        let turn = (i % turns as u64) as usize;
        let mut policies = sim.line_up::<R>(i);
        let played = catch_unwind(AssertUnwindSafe(|| {
            play_game::<R>(
                &configs[turn],
                Seed::from_u64(game_seed),
                &mut policies,
                sim.max_decisions,
            )
        }));
        let record = match played {
            Ok(Ok(record)) => record,
            Ok(Err(message)) => {
                fail(&mut report, game_seed, message);
                continue;
            }
            Err(_) => {
                fail(&mut report, game_seed, "panicked".into());
                continue;
            }
        };
        report.events += record.events.len() as u64;
        report.longest = report.longest.max(record.events.len());
        let fold_start = Instant::now();
        let mut replayed = R::State::default();
        for e in &record.events {
            R::apply(&mut replayed, e);
        }
        report.fold_time += fold_start.elapsed();
        let broken = R::check_invariants(&record.state).err().or_else(|| {
            (replayed != record.state).then(|| "replay differs from the live state".to_string())
        });
        let Some(outcome) = record.outcome.filter(|_| broken.is_none()) else {
            fail(
                &mut report,
                game_seed,
                broken.unwrap_or_else(|| "did not end".into()),
            );
            continue;
        };
        for seat in 0..sim.players {
            let Some(role) = R::role_of(&record.state, seat) else {
                continue;
            };
            let tally = report
                .tallies
                .entry((sim.policy_of(i, seat as usize).to_string(), role_name(role)))
                .or_default();
            tally.seats += 1;
            if outcome.seats.contains(&seat) {
                tally.wins += 1;
            } else {
                tally.lost_to[side(outcome.team)] += 1;
            }
        }
        progress();
    }
    report.wall = started.elapsed();
    Ok(report)
}
