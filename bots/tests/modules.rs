//! Both policies play every available Old Saloon module: only legal actions
//! (the runner refuses anything else), and every game ends.

use bots::{Policy, play_dice_game, policy_by_name};
use engine::Seed;
use engine::dice::{Config, Module};

#[test]
fn random_and_normal_bots_play_every_module_to_the_end() {
    use Module::*;
    let sets: [&[Module]; 5] = [
        &[LoudmouthCoward],
        &[ChiefArrow],
        &[NewCharacters],
        &[Ghost],
        &[LoudmouthCoward, ChiefArrow, NewCharacters, Ghost],
    ];
    for (k, modules) in sets.iter().enumerate() {
        let fewest = if modules.contains(&Ghost) { 5 } else { 3 };
        for players in fewest..=8u8 {
            for game in 0..40u64 {
                let seed = (k as u64) << 32 | u64::from(players) << 16 | game;
                let mut config = Config::new(players);
                config.options.modules = modules.to_vec();
                let mut policies: Vec<Box<dyn Policy>> = (0..players as u64)
                    .map(|s| {
                        policy_by_name(["normal", "random"][(s + game) as usize % 2], seed ^ s)
                            .unwrap()
                    })
                    .collect();
                let record = play_dice_game(&config, Seed::from_u64(seed), &mut policies, 5_000)
                    .unwrap_or_else(|e| panic!("{modules:?} {players}p seed {seed}: {e}"));
                assert!(
                    record.outcome.is_some(),
                    "{modules:?} {players}p seed {seed} did not end"
                );
            }
        }
    }
}
