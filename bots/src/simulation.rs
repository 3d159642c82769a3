//! Many games in-process, for any ruleset: win rates per policy and role,
//! invariant checks after every game, replay against the live state, and the
//! speed of playing and of folding. What the `simulate` tool prints.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use engine::{Role, Seed};
use serde_json::Value;

use crate::policy::Policy;
use crate::records::check_records;
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
    /// Whether each finished game is also sealed into a record and checked
    /// with the offline verifier, with two tampered copies
    /// ([`crate::records`]); a record that does not hold fails the game.
    pub records: bool,
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
    /// The seed and reason of each failure (the first 20 by seed).
    pub failed: Vec<(u64, String)>,
    /// Games whose record verified and whose tampered copies were refused
    /// (with [`Simulation::records`]).
    pub records: u64,
    /// Time spent folding every log again.
    pub fold_time: Duration,
    /// The longest log.
    pub longest: usize,
    /// Wall time of the whole run.
    pub wall: Duration,
}

/// The most failures a report lists (it counts them all).
const FAILURES_LISTED: usize = 20;

impl Report {
    /// Counts a failed game, listing it among the first ones.
    fn fail(&mut self, seed: u64, why: String) {
        self.failures += 1;
        if self.failed.len() < FAILURES_LISTED {
            self.failed.push((seed, why));
        }
    }

    /// Adds another part of the same run (its wall time aside). The listed
    /// failures stay the first ones by seed, as one thread would list them.
    fn merge(&mut self, other: Report) {
        for (key, tally) in other.tallies {
            let mine = self.tallies.entry(key).or_default();
            mine.seats += tally.seats;
            mine.wins += tally.wins;
            for (side, lost) in mine.lost_to.iter_mut().zip(tally.lost_to) {
                *side += lost;
            }
        }
        self.events += other.events;
        self.records += other.records;
        self.failures += other.failures;
        self.failed.extend(other.failed);
        self.failed.sort_by_key(|(seed, _)| *seed);
        self.failed.truncate(FAILURES_LISTED);
        self.fold_time += other.fold_time;
        self.longest = self.longest.max(other.longest);
    }
}

/// A role's name, as the reports print it.
pub(crate) fn role_name(role: Role) -> &'static str {
    match role {
        Role::Sheriff => "sheriff",
        Role::Deputy => "deputy",
        Role::Outlaw => "outlaw",
        Role::Renegade => "renegade",
    }
}

/// What `simulate` calls after each game (from any of its threads).
pub type Progress<'a> = &'a (dyn Fn() + Sync);

/// Plays the games of `sim` with ruleset `R` on `jobs` threads, calling
/// `progress` after each game. Each game is played as it would be alone (its
/// seed, seats and policies depend only on its index), so the report is the
/// same whatever `jobs` is, but for its times.
pub fn simulate<R: Playable>(
    sim: &Simulation,
    jobs: usize,
    progress: Progress<'_>,
) -> Result<Report, String> {
    for name in &sim.policies {
        R::policy(name, 0).ok_or_else(|| format!("--bots: unknown policy `{name}`"))?;
    }
    configs_of::<R>(sim)?;
    let next = AtomicU64::new(0);
    let started = Instant::now();
    let parts: Vec<Result<Report, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    // Each thread its own configurations: a ruleset's need not be `Sync`.
                    let configs = configs_of::<R>(sim)?;
                    let mut report = Report::default();
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed);
                        if game >= sim.games {
                            return Ok(report);
                        }
                        play_into::<R>(sim, &configs, game, &mut report);
                        progress();
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|_| Err("a simulation thread panicked".into()))
            })
            .collect()
    });
    let mut report = Report::default();
    for part in parts {
        report.merge(part?);
    }
    report.wall = started.elapsed();
    Ok(report)
}

/// One configuration per turn of the seats.
fn configs_of<R: Playable>(sim: &Simulation) -> Result<Vec<R::Config>, String> {
    let turns = sim.policies.len().max(1) as u64;
    (0..turns).map(|turn| sim.config_of::<R>(turn)).collect()
}

/// Plays game `game` of `sim` and counts it into `report`.
fn play_into<R: Playable>(sim: &Simulation, configs: &[R::Config], game: u64, report: &mut Report) {
    let game_seed = sim.seed.wrapping_add(game);
    let config = &configs[(game % configs.len() as u64) as usize];
    let mut policies = sim.line_up::<R>(game);
    let played = catch_unwind(AssertUnwindSafe(|| {
        play_game::<R>(
            config,
            Seed::from_u64(game_seed),
            &mut policies,
            sim.max_decisions,
        )
    }));
    let record = match played {
        Ok(Ok(record)) => record,
        Ok(Err(message)) => return report.fail(game_seed, message),
        Err(_) => return report.fail(game_seed, "panicked".into()),
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
        return report.fail(game_seed, broken.unwrap_or_else(|| "did not end".into()));
    };
    if sim.records {
        let seed = Seed::from_u64(game_seed);
        if let Err(why) = check_records::<R>(sim.players, &sim.options, seed, &record.events) {
            return report.fail(game_seed, format!("record: {why}"));
        }
        report.records += 1;
    }
    for seat in 0..sim.players {
        let Some(role) = R::role_of(&record.state, seat) else {
            continue;
        };
        let tally = report
            .tallies
            .entry((
                sim.policy_of(game, seat as usize).to_string(),
                role_name(role),
            ))
            .or_default();
        tally.seats += 1;
        if outcome.seats.contains(&seat) {
            tally.wins += 1;
        } else {
            tally.lost_to[side(outcome.team)] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Simulation, simulate};
    use engine::dice::Dice;

    /// Threads change only the report's times: every game is played as it
    /// would be alone.
    #[test]
    fn the_report_is_the_same_on_any_number_of_threads() {
        let sim = Simulation {
            players: 5,
            games: 30,
            seed: 11,
            policies: vec!["normal".into(), "random".into()],
            options: serde_json::json!({}),
            max_decisions: 50_000,
            records: false,
        };
        let alone = simulate::<Dice>(&sim, 1, &|| ()).expect("simulates");
        let shared = simulate::<Dice>(&sim, 3, &|| ()).expect("simulates");
        assert_eq!(alone.tallies, shared.tallies);
        assert_eq!(
            (alone.events, alone.longest, alone.failures),
            (shared.events, shared.longest, shared.failures)
        );
        let seats: u64 = alone.tallies.values().map(|t| t.seats).sum();
        assert_eq!(seats, 30 * 5);
    }
}
