//! The lift of a policy over a weaker one: what one seat gains by being
//! played by `policy` among seats of `base`, against the same seat played by
//! `base`, on the same deal. Seats of one side share their wins, so a plain
//! win rate with mixed seats flatters a weak policy sitting beside strong
//! teammates; the lift compares each seat with itself.
//!
//! For each seed, one game with every seat by `base`, and for each seat `k`
//! one game with `k` by `policy` and the others by `base`; every seat's
//! policy is seeded from the seed and its seat, so the `base` seats start
//! alike in both games and the deal (roles, characters, cards) is the
//! seed's. A pair is (seed, seat): `won with policy − won with base`, counted
//! under the seat's role.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};

use engine::{GameRng, Role, Seed};

use crate::policy::Policy;
use crate::registry::Playable;
use crate::runner::{bot_seats, play_game};
use crate::simulation::{Progress, Simulation, role_name};

/// The paired results of one role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paired {
    /// Pairs counted (a seed and a seat of this role).
    pub pairs: u64,
    /// Of which the seat won played by `policy`.
    pub wins_policy: u64,
    /// Of which the seat won played by `base`.
    pub wins_base: u64,
    /// Pairs the seat won with one policy and lost with the other: the
    /// differences are -1, 0 or 1, so their variance needs only how many
    /// were not 0.
    pub discordant: u64,
}

impl Paired {
    /// The lift: the policy's win rate less the base's, in the same seats.
    pub fn lift(&self) -> f64 {
        if self.pairs == 0 {
            return 0.0;
        }
        (self.wins_policy as f64 - self.wins_base as f64) / self.pairs as f64
    }

    /// The half-width of the lift's 95% interval (normal approximation of
    /// the mean of the paired differences).
    pub fn margin(&self) -> f64 {
        if self.pairs < 2 {
            return f64::INFINITY;
        }
        let n = self.pairs as f64;
        let mean = self.lift();
        // Each difference is ±1 (discordant) or 0: Σd² = discordant.
        let variance = (self.discordant as f64 - n * mean * mean) / (n - 1.0);
        1.96 * (variance.max(0.0) / n).sqrt()
    }

    fn add(&mut self, other: Paired) {
        self.pairs += other.pairs;
        self.wins_policy += other.wins_policy;
        self.wins_base += other.wins_base;
        self.discordant += other.discordant;
    }
}

/// What a lift run found.
#[derive(Debug, Default)]
pub struct LiftReport {
    /// Pairs by role.
    pub roles: BTreeMap<&'static str, Paired>,
    /// Games played (one per seed with `base` alone, one per seed and seat).
    pub games: u64,
    /// Seeds whose games did not all end cleanly (left out of every role),
    /// each with the first such game, so it can be replayed.
    pub failures: Vec<LiftFailure>,
}

/// A seed left out of a lift run, and its first game that did not end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiftFailure {
    /// The game's seed.
    pub seed: u64,
    /// The seat played by the policy in that game (`None`: the base alone,
    /// or the deal itself).
    pub seat: Option<usize>,
}

/// Measures the lift of `policy` over `base` on `sim.games` seeds from
/// `sim.seed` (its `policies` are not read), on `jobs` threads, calling
/// `progress` after each seed. With `roles` (role names, `deputy`, …) only
/// the seats dealt one of them are played by `policy`: the same pairs for
/// those roles as a full run, at the cost of fewer games. The report is the
/// same whatever `jobs` is.
pub fn lift<R: Playable>(
    sim: &Simulation,
    policy: &str,
    base: &str,
    roles: &[String],
    jobs: usize,
    progress: Progress<'_>,
) -> Result<LiftReport, String> {
    for name in [policy, base] {
        R::policy(name, 0).ok_or_else(|| format!("--lift: unknown policy `{name}`"))?;
    }
    let known = Role::ALL.map(role_name);
    if let Some(unknown) = roles.iter().find(|r| !known.contains(&r.as_str())) {
        return Err(format!(
            "--roles: `{unknown}` is not one of {}",
            known.join(", ")
        ));
    }
    if !R::rules_seats(sim.players, &sim.options).is_empty() {
        return Err("--lift: the rules play some seats of this game (a solo game)".into());
    }
    // Options a game cannot start with are refused before any seed.
    let names = vec![base; sim.players as usize];
    let seats = bot_seats(&line_up::<R>(sim, 0, &names));
    let config = R::config(sim.players, &sim.options, seats)?;
    R::start(&config, &mut GameRng::new(Seed::from_u64(sim.seed), 0))?;
    let next = AtomicU64::new(0);
    let parts: Vec<LiftReport> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut report = LiftReport::default();
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed);
                        if game >= sim.games {
                            return report;
                        }
                        pairs_of::<R>(sim, (policy, base), roles, game, &mut report);
                        progress();
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap_or_default())
            .collect()
    });
    let mut report = LiftReport::default();
    for part in parts {
        for (role, paired) in part.roles {
            report.roles.entry(role).or_default().add(paired);
        }
        report.games += part.games;
        report.failures.extend(part.failures);
    }
    report.failures.sort_by_key(|f| f.seed);
    Ok(report)
}

/// The policies of the game of seed `game` whose seats play `names`, each
/// seeded from the seed and its seat.
fn line_up<R: Playable>(sim: &Simulation, game: u64, names: &[&str]) -> Vec<Box<dyn Policy<R>>> {
    let game_seed = sim.seed.wrapping_add(game);
    names
        .iter()
        .enumerate()
        .filter_map(|(seat, name)| R::policy(name, game_seed ^ ((seat as u64) << 48)))
        .collect()
}

/// Each seat's role as the seed deals it (some change in play: a dice
/// game's special roles), the same whoever plays the seats; `None` if a seat
/// is dealt none or the options do not start a game.
fn dealt_roles<R: Playable>(sim: &Simulation, game: u64, base: &str) -> Option<Vec<&'static str>> {
    let policies = line_up::<R>(sim, game, &vec![base; sim.players as usize]);
    let config = R::config(sim.players, &sim.options, bot_seats(&policies)).ok()?;
    let seed = Seed::from_u64(sim.seed.wrapping_add(game));
    let mut dealt = R::State::default();
    for e in &R::start(&config, &mut GameRng::new(seed, 0)).ok()? {
        R::apply(&mut dealt, e);
    }
    (0..sim.players)
        .map(|seat| R::role_of(&dealt, seat).map(role_name))
        .collect()
}

/// Whether each seat won the game of seed `game` whose seats play `names`
/// (`None`: the game did not end cleanly).
fn played<R: Playable>(sim: &Simulation, game: u64, names: &[&str]) -> Option<Vec<bool>> {
    let seed = Seed::from_u64(sim.seed.wrapping_add(game));
    let mut policies = line_up::<R>(sim, game, names);
    let config = R::config(sim.players, &sim.options, bot_seats(&policies)).ok()?;
    let record = catch_unwind(AssertUnwindSafe(|| {
        play_game::<R>(&config, seed, &mut policies, sim.max_decisions)
    }))
    .ok()?
    .ok()?;
    let outcome = record.outcome?;
    Some(
        (0..sim.players)
            .map(|seat| outcome.seats.contains(&seat))
            .collect(),
    )
}

/// Plays seed `game` with `base` alone and with each seat by `policy` (each
/// seat dealt one of `roles`, if any are named), and counts its pairs into
/// `report`.
fn pairs_of<R: Playable>(
    sim: &Simulation,
    (policy, base): (&str, &str),
    roles: &[String],
    game: u64,
    report: &mut LiftReport,
) {
    let seats = sim.players as usize;
    let mut names = vec![base; seats];
    report.games += 1;
    let (Some(roles_dealt), Some(baseline)) = (
        dealt_roles::<R>(sim, game, base),
        played::<R>(sim, game, &names),
    ) else {
        report.failures.push(LiftFailure {
            seed: sim.seed.wrapping_add(game),
            seat: None,
        });
        return;
    };
    let measured = |role: &str| roles.is_empty() || roles.iter().any(|r| r == role);
    let mut pairs = Vec::with_capacity(seats);
    for seat in (0..seats).filter(|&seat| measured(roles_dealt[seat])) {
        report.games += 1;
        names[seat] = policy;
        let lifted = played::<R>(sim, game, &names);
        names[seat] = base;
        let Some(lifted) = lifted else {
            report.failures.push(LiftFailure {
                seed: sim.seed.wrapping_add(game),
                seat: Some(seat),
            });
            return;
        };
        pairs.push((roles_dealt[seat], lifted[seat], baseline[seat]));
    }
    for (role, won_policy, won_base) in pairs {
        let paired = report.roles.entry(role).or_default();
        paired.pairs += 1;
        paired.wins_policy += u64::from(won_policy);
        paired.wins_base += u64::from(won_base);
        paired.discordant += u64::from(won_policy != won_base);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::bang::Bang;
    use engine::dice::Dice;

    fn sim(players: u8, games: u64, options: serde_json::Value) -> Simulation {
        Simulation {
            players,
            games,
            seed: 5,
            policies: Vec::new(),
            options,
            max_decisions: 50_000,
            records: false,
        }
    }

    /// A policy against itself lifts nothing: every pair is the same game.
    #[test]
    fn a_policy_over_itself_lifts_exactly_nothing() {
        let report = lift::<Dice>(
            &sim(5, 6, serde_json::json!({})),
            "normal",
            "normal",
            &[],
            1,
            &|| (),
        )
        .expect("lifts");
        assert_eq!(report.failures, vec![]);
        let pairs: u64 = report.roles.values().map(|p| p.pairs).sum();
        assert_eq!(pairs, 6 * 5, "one pair per seed and seat");
        for paired in report.roles.values() {
            assert_eq!(paired.wins_policy, paired.wins_base);
            assert_eq!(paired.discordant, 0);
            assert_eq!(paired.lift(), 0.0);
        }
    }

    /// Threads change nothing, and the card game measures as the dice game does.
    #[test]
    fn the_lift_is_the_same_on_any_number_of_threads() {
        let run = |jobs| {
            lift::<Bang>(
                &sim(4, 4, serde_json::json!({})),
                "normal",
                "random",
                &[],
                jobs,
                &|| (),
            )
            .expect("lifts")
            .roles
        };
        assert_eq!(run(1), run(3));
    }

    #[test]
    fn a_solo_game_or_an_unknown_policy_is_refused() {
        let solo = sim(6, 1, serde_json::json!({"mode": "lone_gunslinger"}));
        assert!(lift::<Bang>(&solo, "normal", "random", &[], 1, &|| ()).is_err());
        let plain = sim(4, 1, serde_json::json!({}));
        assert!(lift::<Bang>(&plain, "genius", "random", &[], 1, &|| ()).is_err());
        let role = ["sherif".to_string()];
        let refused = lift::<Bang>(&plain, "normal", "random", &role, 1, &|| ());
        assert!(refused.is_err_and(|e| e.contains("`sherif`")));
    }

    /// A run for some roles gives those roles the same pairs as a full run,
    /// and plays no other seat with the policy.
    #[test]
    fn a_run_for_one_role_measures_it_as_a_full_run_does() {
        let run = |roles: &[String]| {
            lift::<Dice>(
                &sim(5, 8, serde_json::json!({})),
                "normal",
                "random",
                roles,
                2,
                &|| (),
            )
            .expect("lifts")
        };
        let full = run(&[]);
        let deputy = run(&["deputy".to_string()]);
        assert_eq!(deputy.roles.keys().copied().collect::<Vec<_>>(), ["deputy"]);
        assert_eq!(deputy.roles["deputy"], full.roles["deputy"]);
        assert_eq!(deputy.games, 8 * 2, "the base game and the Deputy's");
    }

    /// The interval of a mean of ±1/0 differences, checked by hand: 10 pairs,
    /// 6 won only with the policy, 2 only with the base.
    #[test]
    fn the_interval_is_the_paired_differences_one() {
        let paired = Paired {
            pairs: 10,
            wins_policy: 7,
            wins_base: 3,
            discordant: 8,
        };
        assert!((paired.lift() - 0.4).abs() < 1e-12);
        // Σd² = 8, mean 0.4: variance (8 − 10·0.16)/9 = 0.7111…
        let expected = 1.96 * (0.711_111_111_111_111_1_f64 / 10.0).sqrt();
        assert!((paired.margin() - expected).abs() < 1e-9);
    }
}
