//! §8.3 Arrows and Indian attacks, §8.4 Bull's Eyes, §8.5 Beer and Gatling.

use super::*;

fn five_with_a_as(role: Role) -> DiceTable {
    let mut rest = vec![Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let at = rest.iter().position(|&r| r == role).unwrap();
    rest.remove(at);
    DiceTable::new(&[
        (JesseJones, role),
        (BlackJack, rest[0]),
        (CalamityJanet, rest[1]),
        (LuckyDuke, rest[2]),
        (SlabTheKiller, rest[3]),
    ])
}

#[test]
fn ac_019_the_last_arrow_sets_off_the_indians() {
    let mut t = DiceTable::plain(5);
    t.arrows(B, 2).arrows(C, 3).arrows(D, 1).arrows(E, 2);
    assert_eq!(t.pile(), 1);
    let before: Vec<u8> = (0..5).map(|s| t.p(s).life).collect();
    t.turn(A).roll("A 1 2 B G");
    let lost: Vec<u8> = (0..5).map(|s| before[s as usize] - t.p(s).life).collect();
    assert_eq!(lost, [1, 2, 3, 1, 2]);
    assert_eq!(t.pile(), 9);
    assert!((0..5).all(|s| t.p(s).arrows == 0));
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn ac_020_arrows_left_after_an_attack_come_from_the_refilled_pile() {
    let mut t = DiceTable::plain(5);
    t.arrows(B, 4).arrows(C, 4);
    let a_life = t.p(A).life;
    t.turn(A).roll("A A A 1 B");
    assert_eq!(t.p(A).life, a_life - 1, "A counted the one token he held");
    assert_eq!((t.p(A).arrows, t.pile()), (2, 7));
}

#[test]
fn ac_021_the_active_player_dies_to_the_indians_and_his_turn_ends() {
    let mut t = five_with_a_as(Outlaw);
    t.life(A, 2).arrows(A, 1).arrows(B, 4).arrows(C, 3);
    assert_eq!(t.pile(), 1);
    let mark = t.log.len();
    t.turn(A).roll("A 1 1 G G");
    assert!(!t.p(A).alive);
    assert!(!t.logged_since(mark, |e| matches!(e, Event::BullseyeAssigned { .. })));
    assert_eq!(t.active(), B);
}

#[test]
fn ac_022_an_eliminated_players_arrows_go_back_to_the_pile() {
    let mut t = DiceTable::plain(5);
    t.arrows(C, 3).life(C, 1);
    t.turn(A).roll("2 D D G G").stop();
    let pile = t.pile();
    t.shoot(C);
    assert!(!t.p(C).alive);
    assert_eq!(t.pile(), pile + 3);
}

#[test]
fn ac_023_jourdonnais_loses_at_most_one_to_the_indians() {
    let mut t = DiceTable::new(&[
        (JesseJones, Sheriff),
        (Jourdonnais, Outlaw),
        (CalamityJanet, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Renegade),
    ]);
    t.arrows(B, 4).arrows(C, 4).turn(A).roll("A 1 2 B G");
    assert_eq!(t.p(B).life, 6);
    assert_eq!(t.p(C).life, 4);
}

#[test]
fn ac_024_five_players_reach_of_one_and_two() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("1 2 D G G").stop();
    assert_eq!(shoot_targets(&t), [B, E]);
    t.shoot(B);
    assert_eq!(shoot_targets(&t), [C, D]);
}

#[test]
fn ac_025_distances_skip_an_eliminated_player() {
    let mut t = DiceTable::plain(5);
    t.push_eliminated(B);
    t.turn(A).roll("1 2 D G G").stop();
    assert_eq!(shoot_targets(&t), [C, E]);
    t.shoot(C);
    assert_eq!(shoot_targets(&t), [D]);
}

#[test]
fn ac_026_with_three_living_players_a_two_counts_as_a_one() {
    let mut t = DiceTable::plain(5);
    t.push_eliminated(B).push_eliminated(C);
    t.turn(A).roll("2 D D G G").stop();
    assert_eq!(shoot_targets(&t), [D, E]);

    let mut t = DiceTable::plain(3);
    t.turn(A).roll("2 D D G G").stop();
    assert_eq!(shoot_targets(&t), [B, C]);
}

#[test]
fn ac_027_with_four_living_players_a_two_hits_only_the_one_opposite() {
    let mut t = DiceTable::plain(4);
    t.turn(A).roll("2 D D G G").stop();
    assert_eq!(shoot_targets(&t), [C]);
}

#[test]
fn ac_028_several_results_may_go_to_one_target() {
    let mut t = DiceTable::plain(5);
    t.life(B, 1).turn(A).roll("1 1 D G G").stop();
    t.shoot(B);
    assert_eq!(shoot_targets(&t), [B, E]);
    t.shoot(B);
    assert!(!t.p(B).alive);
}

#[test]
fn ac_029_a_player_eliminated_by_a_bullseye_cannot_drink_the_beer() {
    let mut t = DiceTable::plain(5);
    t.life(B, 1).turn(A).roll("1 B D G G").stop().shoot(B);
    assert!(!t.p(B).alive);
    assert!(matches!(t.decision(), Decision::Beer { .. }));
    assert!(t.refused(A, Action::Beer { target: B }));
    assert!(!t.legal(A).contains(&Action::Beer { target: B }));
}

#[test]
fn ac_030_a_bullseye_must_be_assigned_even_to_an_ally() {
    let mut t = DiceTable::new(&[
        (JesseJones, Sheriff),
        (BlackJack, Deputy),
        (CalamityJanet, Outlaw),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Deputy),
    ]);
    t.turn(A).roll("1 D D G G").stop();
    let legal = t.legal(A);
    assert_eq!(
        legal,
        [
            Action::Shoot {
                target: B,
                double: false
            },
            Action::Shoot {
                target: E,
                double: false
            }
        ]
    );
    assert!(t.refused(A, Action::Stop));
    assert!(t.refused(A, Action::Beer { target: A }));
    assert!(t.refused(A, Action::EndDiscards));
}

#[test]
fn ac_031_vulture_sam_gains_nothing_when_eliminated_in_the_same_batch() {
    let mut t = DiceTable::new(&[
        (JesseJones, Sheriff),
        (VultureSam, Outlaw),
        (CalamityJanet, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Renegade),
    ]);
    t.life(B, 1)
        .life(C, 1)
        .turn(A)
        .roll("1 2 D G G")
        .stop()
        .shoot(B)
        .shoot(C);
    assert!(!t.p(B).alive && !t.p(C).alive);
    assert!(!t.log.iter().any(|e| matches!(
        e,
        Event::LifeGained {
            source: GainSource::VultureSam,
            ..
        }
    )));
}

#[test]
fn ac_032_beer_is_capped_at_max_life() {
    let mut t = DiceTable::new(&[
        (BlackJack, Sheriff),
        (JesseJones, Outlaw),
        (CalamityJanet, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Renegade),
    ]);
    assert_eq!(t.p(A).max_life, 10);
    t.life(A, 9).turn(A).roll("B B D G G").stop().beer(A);
    assert_eq!(t.p(A).life, 10);
    t.beer(A);
    assert_eq!(t.p(A).life, 10);
}

#[test]
fn ac_033_beer_then_gatling_keeps_an_ally_alive() {
    let mut t = DiceTable::plain(5);
    t.life(B, 1).turn(A).roll("B G G G 1").stop();
    let e_life = t.p(E).life;
    t.shoot(E);
    assert_eq!(t.p(E).life, e_life - 1);
    t.beer(B);
    assert_eq!(t.p(B).life, 1);
    assert!(t.p(B).alive);
    assert_eq!(t.p(E).life, e_life - 2);
}

#[test]
fn ac_034_the_gatling_returns_the_shooters_arrows_and_hits_everyone_else_once() {
    for codes in ["G G G D D", "G G G G G"] {
        let mut t = DiceTable::plain(5);
        t.arrows(A, 3);
        let before: Vec<u8> = (0..5).map(|s| t.p(s).life).collect();
        t.turn(A).roll(codes);
        if t.pending()
            .is_some_and(|p| p.seat == A && p.decision == Decision::Reroll)
        {
            t.stop();
        }
        assert_eq!(t.p(A).arrows, 0);
        assert_eq!(t.pile(), 9);
        assert_eq!(t.p(A).life, before[0]);
        for s in 1..5 {
            assert_eq!(t.p(s).life, before[s as usize] - 1, "{codes}: seat {s}");
        }
    }
}

#[test]
fn ac_035_two_gatlings_do_nothing_for_ordinary_characters() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("G G D D B").stop().beer(A);
    for s in 1..5 {
        assert_eq!(t.p(s).life, t.p(s).max_life);
    }
    assert_eq!(t.active(), B);
}
