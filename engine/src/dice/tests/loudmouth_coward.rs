//! §8.9 Module 1: the Loudmouth and the Coward.

use super::*;
use DieKind::{Coward, Loudmouth};

const M1: &[Module] = &[Module::LoudmouthCoward];
const M1_M2: &[Module] = &[Module::LoudmouthCoward, Module::ChiefArrow];

fn five(modules: &[Module]) -> DiceTable {
    DiceTable::with_modules(
        &[
            (JesseJones, Sheriff),
            (BlackJack, Deputy),
            (CalamityJanet, Outlaw),
            (LuckyDuke, Outlaw),
            (SlabTheKiller, Renegade),
        ],
        modules,
    )
}

fn saloon_rolls(t: &DiceTable) -> Vec<Option<DieKind>> {
    t.legal(t.active())
        .into_iter()
        .filter_map(|a| match a {
            Action::Roll { saloon } => Some(saloon),
            _ => None,
        })
        .collect()
}

#[test]
fn ac_076_the_loudmouth_replaces_a_base_die_for_the_whole_turn() {
    let mut t = five(M1);
    t.turn(A);
    assert_eq!(saloon_rolls(&t), [None, Some(Loudmouth), Some(Coward)]);
    t.roll_with(Loudmouth, "1 2 B G A");
    assert_eq!(
        dice_kinds(&t),
        [
            DieKind::Base,
            DieKind::Base,
            DieKind::Base,
            DieKind::Base,
            Loudmouth
        ]
    );
    assert!(
        t.refused(
            A,
            Action::Roll {
                saloon: Some(Coward)
            }
        ),
        "no switching mid-turn"
    );
    t.stop().shoot(B).shoot(C).beer(A);
    t.turn(A);
    assert_eq!(saloon_rolls(&t), [None, Some(Loudmouth), Some(Coward)]);
    assert!(five(&[]).turn(A).refused(
        A,
        Action::Roll {
            saloon: Some(Loudmouth)
        }
    ));
}

#[test]
fn ac_077_bullets_cost_life_right_after_the_arrows_of_each_roll() {
    let mut t = five(M1);
    let life = t.p(A).life;
    t.turn(A).roll_with(Loudmouth, "A A 1 B U");
    assert_eq!(t.p(A).arrows, 2);
    assert_eq!(t.p(A).life, life - 1);
    assert_eq!(t.decision(), Decision::Reroll);
    t.reroll(&[4], "U");
    assert_eq!(t.p(A).life, life - 2);
}

#[test]
fn ac_078_a_bullet_at_one_life_eliminates_and_ends_the_turn() {
    let mut t = DiceTable::with_modules(
        &[
            (JesseJones, Outlaw),
            (BlackJack, Sheriff),
            (CalamityJanet, Deputy),
            (LuckyDuke, Outlaw),
            (SlabTheKiller, Renegade),
        ],
        M1,
    );
    t.life(A, 1).turn(A).roll_with(Loudmouth, "1 2 B G U");
    assert!(!t.p(A).alive);
    assert_eq!(t.active(), B);
}

#[test]
fn ac_079_the_broken_arrow_returns_a_regular_arrow_of_anyone() {
    let mut t = five(M1);
    t.arrows(C, 2).turn(A).roll_with(Coward, "1 2 B G X");
    assert_eq!(t.decision(), Decision::BrokenArrow);
    assert_eq!(t.legal(A), [Action::BreakArrow { from: C }]);
    t.act(A, Action::BreakArrow { from: C });
    assert_eq!((t.p(C).arrows, t.pile()), (1, 8));

    let mut t = five(M1);
    t.arrows(A, 1)
        .arrows(C, 2)
        .turn(A)
        .roll_with(Coward, "1 2 B G X");
    assert_eq!(
        t.legal(A),
        [
            Action::BreakArrow { from: A },
            Action::BreakArrow { from: C }
        ]
    );

    let mut t = five(M1_M2);
    t.chief(B).turn(A).roll_with(Coward, "1 2 B G X");
    assert_eq!(
        t.decision(),
        Decision::Reroll,
        "only the Chief's Arrow is held: nothing happens"
    );
    assert!(t.p(B).chief);
}

#[test]
fn ac_080_the_arrow_comes_before_the_broken_arrow() {
    let mut t = five(M1);
    t.arrows(C, 2).arrows(D, 6);
    assert_eq!(t.pile(), 1);
    let c_life = t.p(C).life;
    t.turn(A).roll_with(Coward, "A 1 B D X");
    assert_eq!(t.p(C).life, c_life - 2);
    assert_eq!(
        t.pile(),
        9,
        "every token returned; the Broken Arrow found none"
    );
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn ac_081_a_double_one_is_two_results() {
    let mut t = five(M1);
    t.turn(A).roll_with(Loudmouth, "D D B G 11").stop();
    assert_eq!(shoot_targets(&t), [B, E]);
    t.shoot(B);
    assert_eq!(shoot_targets(&t), [B, E]);
    t.shoot(B);
    assert_eq!(t.p(B).life, t.p(B).max_life - 2);
}

#[test]
fn ac_082_a_double_beer_is_two_beers() {
    let mut t = five(M1);
    t.life(B, 3)
        .life(C, 3)
        .turn(A)
        .roll_with(Coward, "D D G G BB")
        .stop();
    assert_eq!(t.decision(), Decision::Beer { left: 2 });
    t.beer(B).beer(C);
    assert_eq!((t.p(B).life, t.p(C).life), (4, 4));
}

#[test]
fn ac_083_a_double_gatling_counts_two() {
    let mut t = five(M1);
    t.turn(A).roll_with(Loudmouth, "G D D B GG").stop().beer(A);
    assert_eq!(t.p(B).life, t.p(B).max_life - 1, "GG + G fire the Gun once");

    let mut t = five(M1);
    t.turn(A)
        .roll_with(Loudmouth, "D D B B GG")
        .stop()
        .beer(A)
        .beer(A);
    assert_eq!(t.p(B).life, t.p(B).max_life, "GG alone does not fire it");

    let mut t = DiceTable::with_modules(
        &[
            (WillyTheKid, Sheriff),
            (BlackJack, Deputy),
            (CalamityJanet, Outlaw),
            (LuckyDuke, Outlaw),
            (SlabTheKiller, Renegade),
        ],
        M1,
    );
    t.turn(A)
        .roll_with(Loudmouth, "D D B B GG")
        .stop()
        .beer(A)
        .beer(A);
    assert_eq!(
        t.p(B).life,
        t.p(B).max_life - 1,
        "for Willy the Kid it does"
    );
}

#[test]
fn ac_084_with_three_players_left_a_double_two_is_two_ones() {
    let mut t = five(M1);
    t.push_eliminated(C).push_eliminated(D);
    t.turn(A).roll_with(Loudmouth, "D D B B 22").stop();
    assert_eq!(shoot_targets(&t), [B, E]);
    t.shoot(E);
    assert_eq!(shoot_targets(&t), [B, E]);
}

#[test]
fn ac_085_a_loudmouth_dynamite_counts_toward_three() {
    let mut t = five(M1);
    let life = t.p(A).life;
    t.turn(A).roll_with(Loudmouth, "D D B B D");
    assert_eq!(t.p(A).life, life - 1);
    assert!(
        matches!(t.decision(), Decision::Beer { .. }),
        "rolling ended"
    );
}
