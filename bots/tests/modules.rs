//! Both policies play every available Old Saloon module: only legal actions
//! (the runner refuses anything else), and every game ends.

use bots::{Policy, play_dice_game, policy_by_name};
use engine::Seed;
use engine::dice::{Config, Module};

#[test]
fn random_and_normal_bots_play_every_module_to_the_end() {
    use Module::*;
    let sets: [&[Module]; 7] = [
        &[LoudmouthCoward],
        &[ChiefArrow],
        &[SpecialRoles],
        &[NewCharacters],
        &[Ghost],
        &[LoudmouthCoward, ChiefArrow, NewCharacters, Ghost],
        &[
            LoudmouthCoward,
            ChiefArrow,
            SpecialRoles,
            NewCharacters,
            Ghost,
        ],
    ];
    for (k, modules) in sets.iter().enumerate() {
        let fewest = if modules.contains(&Ghost) { 5 } else { 3 };
        for players in fewest..=8u8 {
            for game in 0..40u64 {
                let seed = (k as u64) << 32 | u64::from(players) << 16 | game;
                let mut config = Config::new(players);
                config.options.modules = modules.to_vec();
                config.options.special_roles_mixed =
                    modules.contains(&SpecialRoles) && game % 2 == 0;
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

/// The normal policy reveals its special role when it is worth it: over many
/// games, every power it holds gets used by it at some point.
#[test]
fn the_normal_bot_uses_every_special_role_power() {
    let mut used = std::collections::BTreeSet::new();
    for game in 0..300u64 {
        let players = 4 + (game % 5) as u8;
        let mut config = Config::new(players);
        config.options.modules = vec![Module::SpecialRoles];
        let mut policies: Vec<Box<dyn Policy>> = (0..players as u64)
            .map(|s| policy_by_name("normal", game ^ s).unwrap())
            .collect();
        let record = play_dice_game(&config, Seed::from_u64(game), &mut policies, 5_000).unwrap();
        for e in &record.events {
            if let engine::dice::Event::RoleRevealed { card, .. } = e {
                used.insert(card.id());
            }
        }
    }
    assert_eq!(used.len(), 8, "powers the normal bot used: {used:?}");
}
