//! Where the dice game's `normal` bot wins and loses against `random`: plays
//! the games of `simulate --ruleset dice --bots normal,random` (the same
//! seeds, seats and policy seeds, seats turned by one each game) and tallies,
//! per policy and role and split by the Sheriff's policy, how each seat's
//! games end: won, or lost to which side, with the seat alive or out, and for
//! the Renegade whether he lost the final duel.
//!
//! `cargo run --release -p bots --example dice_losses -- 5 20000 1 '{}'`
//! (players, games, first seed, options as the API takes them). `N` is
//! `normal`, `R` is `random`; `sheriff N` groups the seats whose Sheriff was
//! `normal`. Its win rates are exactly those of `simulate` with the same
//! arguments.

use std::collections::BTreeMap;

use bots::{Simulation, play_game};
use engine::Seed;
use engine::dice::{Dice, Event, Role, Team};

/// The policies of `simulate --bots normal,random`, in order.
const POLICIES: [&str; 2] = ["normal", "random"];

/// How one seat's game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Won,
    /// The Renegade was one of the last two, with the Sheriff, and lost.
    LostFinalDuel,
    /// Lost to `team`; `alive` says whether the seat was still in the game.
    LostTo {
        team: Team,
        alive: bool,
    },
}

impl Ending {
    /// The ending's name in the printout.
    fn label(self) -> String {
        match self {
            Ending::Won => "won".into(),
            Ending::LostFinalDuel => "lost_final_duel".into(),
            Ending::LostTo { team, alive } => {
                format!("{team:?}_won_{}", if alive { "alive" } else { "out" })
            }
        }
    }
}

fn main() {
    let arg = |i: usize, default: &str| std::env::args().nth(i).unwrap_or(default.into());
    let players: u8 = arg(1, "5").parse().expect("players");
    let games: u64 = arg(2, "20000").parse().expect("games");
    let seed: u64 = arg(3, "1").parse().expect("seed");
    let sim = Simulation {
        players,
        games,
        seed,
        policies: POLICIES.map(String::from).to_vec(),
        options: serde_json::from_str(&arg(4, "{}")).expect("options"),
        max_decisions: 100_000,
        records: false,
    };

    // (policy, role, sheriff's policy) → ending → seats.
    let mut tally: BTreeMap<(String, String, String), BTreeMap<String, u32>> = BTreeMap::new();
    for i in 0..games {
        let record = play_game::<Dice>(
            &sim.config_of::<Dice>(i).expect("options"),
            Seed::from_u64(seed.wrapping_add(i)),
            &mut sim.line_up::<Dice>(i),
            sim.max_decisions,
        )
        .expect("a game");
        let Some(outcome) = record.outcome else {
            continue;
        };
        let state = &record.state;
        let seats = state.players();
        let Some(sheriff) = seats.iter().position(|p| p.role == Some(Role::Sheriff)) else {
            continue;
        };
        let eliminated: Vec<u8> = record
            .events
            .iter()
            .filter_map(|e| match e {
                Event::PlayerEliminated { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        for (seat, player) in seats.iter().enumerate() {
            let Some(role) = player.role else { continue };
            let ending = if outcome.seats.contains(&(seat as u8)) {
                Ending::Won
            } else if role == Role::Renegade
                && final_duel(&eliminated, seats.len()).is_some_and(|pair| {
                    pair.contains(&(seat as u8)) && pair.contains(&(sheriff as u8))
                })
            {
                Ending::LostFinalDuel
            } else {
                Ending::LostTo {
                    team: outcome.team.unwrap_or(Team::Law),
                    alive: player.alive,
                }
            };
            *tally
                .entry((
                    sim.policy_of(i, seat).to_string(),
                    format!("{role:?}"),
                    sim.policy_of(i, sheriff).to_string(),
                ))
                .or_default()
                .entry(ending.label())
                .or_default() += 1;
        }
    }
    for ((policy, role, sheriff), endings) in &tally {
        let seats: u32 = endings.values().sum();
        let won = endings.get("won").copied().unwrap_or(0);
        let short = |p: &str| if p == "normal" { "N" } else { "R" };
        print!(
            "{}/{role} sheriff {}: seats={seats} rate={:.3}",
            short(policy),
            short(sheriff),
            won as f64 / seats as f64
        );
        for (label, n) in endings.iter().filter(|(label, _)| *label != "won") {
            print!(" {label}={:.3}", *n as f64 / seats as f64);
        }
        println!();
    }
}

/// The last two players in a game that ended by eliminations down to one
/// (the order `eliminated` lists holds every seat but the survivor).
fn final_duel(eliminated: &[u8], players: usize) -> Option<[u8; 2]> {
    if eliminated.len() + 1 != players {
        return None;
    }
    let last = *eliminated.last()?;
    let survivor = (0..players as u8).find(|s| !eliminated.contains(s))?;
    Some([last, survivor])
}
