//! Prints how many events of each type random 5-player games write (for tuning).

use bots::{Policy, RandomPolicy, play_dice_game};
use engine::Seed;
use engine::dice::Config;
use std::collections::BTreeMap;

fn main() {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let games = 200;
    for g in 0..games {
        let mut policies: Vec<Box<dyn Policy>> = (0..5)
            .map(|s| Box::new(RandomPolicy::new(g * 8 + s)) as Box<dyn Policy>)
            .collect();
        let record =
            play_dice_game(&Config::new(5), Seed::from_u64(g), &mut policies, 5000).unwrap();
        for e in &record.events {
            let v = serde_json::to_value(e).unwrap();
            let name = v["type"].as_str().unwrap_or("?").to_string();
            *counts.entry(name).or_default() += 1;
        }
    }
    for (k, v) in counts {
        println!("{k:24} {:8.1}", v as f64 / games as f64);
    }
}
