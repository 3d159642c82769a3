//! How the `normal` Renegade's 5-player games end against `random`, split by
//! the Sheriff's policy (for tuning the Renegade).

use bots::{Policy, play_dice_game, policy_by_name};
use engine::Seed;
use engine::dice::{Config, Event, Role, Team};
use std::collections::BTreeMap;

fn main() {
    let mut tally: BTreeMap<String, u32> = BTreeMap::new();
    let games = 20_000u64;
    for g in 0..games {
        let names = ["normal", "random"];
        let mut policies: Vec<Box<dyn Policy>> = (0..5u64)
            .map(|s| policy_by_name(names[s as usize % 2], g ^ (s << 48)).unwrap())
            .collect();
        let r =
            play_dice_game(&Config::new(5), Seed::from_u64(g + 1), &mut policies, 5000).unwrap();
        let s = &r.state;
        let Some(ren) = (0..5).find(|&x| s.table[x].role == Some(Role::Renegade)) else {
            continue;
        };
        if ren % 2 == 1 {
            continue;
        }
        let outcome = r.outcome.unwrap();
        let order: Vec<u8> = r
            .events
            .iter()
            .filter_map(|e| match e {
                Event::PlayerEliminated { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        let key = match outcome.team {
            Some(Team::Renegade) => "win",
            Some(Team::Outlaws) if !s.table[ren].alive => "outlaws win, renegade dead",
            Some(Team::Outlaws) => {
                let alive = living(s);
                if alive == 2 {
                    "sheriff died with renegade + 1 other"
                } else {
                    "sheriff died with 3+ alive"
                }
            }
            Some(Team::Law) if order.last() == Some(&(ren as u8)) && living(s) == 1 => {
                "lost final duel"
            }
            Some(Team::Law) => "law wins, renegade out earlier",
            _ => "other",
        };
        let sheriff = (0..5)
            .find(|&x| s.table[x].role == Some(Role::Sheriff))
            .unwrap();
        let who = if sheriff % 2 == 0 {
            "normal sheriff"
        } else {
            "random sheriff"
        };
        *tally.entry(format!("{who}: {key}")).or_default() += 1;
    }
    let total: u32 = tally.values().sum();
    for (k, v) in tally {
        println!("{k:50} {v:6} {:.3}", v as f64 / total as f64);
    }
}

fn living(s: &engine::dice::State) -> usize {
    s.players().iter().filter(|p| p.alive).count()
}
