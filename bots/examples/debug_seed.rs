use bots::{Policy, play_dice_game, policy_by_name};
use engine::Seed;
use engine::dice::{self, Config, Module, State};
fn main() {
    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut config = Config::new(5);
    config.options.modules = vec![Module::Ghost];
    let mut policies: Vec<Box<dyn Policy>> = (0..5).map(|s| policy_by_name("random", seed ^ ((s as u64) << 48)).unwrap()).collect();
    let rec = play_dice_game(&config, Seed::from_u64(seed), &mut policies, 5000).unwrap();
    let mut st = State::default();
    for (i, e) in rec.events.iter().enumerate() {
        dice::apply(&mut st, e);
        if let Err(m) = dice::check_invariants(&st) {
            if st.batch.is_none() {
                println!("after event {i}: {m}");
                for e in &rec.events[i.saturating_sub(12)..=i] { println!("  {}", serde_json::to_string(e).unwrap()); }
                println!("ghost {:?} table {:?}", st.ghost, st.players().iter().map(|p| (p.alive, p.life, p.arrows)).collect::<Vec<_>>());
                return;
            }
        }
    }
}
