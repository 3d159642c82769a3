//! §8.6 The base characters.

use super::*;

/// Five players: A (Sheriff) plays `active`, B (Outlaw) plays `b`, the rest plain.
fn table(active: Character, b: Character) -> DiceTable {
    DiceTable::new(&[
        (active, Sheriff),
        (b, Outlaw),
        (CalamityJanet, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Renegade),
    ])
}

fn gains(t: &DiceTable, from: usize, source: GainSource) -> Vec<(Seat, u8)> {
    t.log[from..]
        .iter()
        .filter_map(|e| match e {
            Event::LifeGained {
                seat,
                amount,
                source: s,
            } if *s == source => Some((*seat, *amount)),
            _ => None,
        })
        .collect()
}

#[test]
fn ac_036_bart_cannot_take_the_last_arrow() {
    let mut t = table(JesseJones, BartCassidy);
    t.arrows(C, 4).arrows(D, 4);
    t.turn(A).roll("1 D D G G").stop().shoot(B);
    assert_eq!(t.p(B).life, 7);
    assert_eq!(t.p(B).arrows, 0);
    assert_eq!(t.pile(), 1);
}

#[test]
fn ac_037_bart_may_take_an_arrow_instead_of_a_gatling_hit() {
    let mut t = table(JesseJones, BartCassidy);
    t.arrows(C, 4);
    t.turn(A).roll("G G G D D").stop();
    assert_eq!(t.decision(), Decision::ArrowsInsteadOfLife { max: 1 });
    assert_eq!(t.pending().unwrap().seat, B);
    t.act(
        B,
        Action::TakeArrows {
            count: 1,
            chief: false,
        },
    );
    assert_eq!((t.p(B).life, t.p(B).arrows, t.pile()), (8, 1, 4));
    assert_eq!(t.p(C).life, 7);
}

#[test]
fn ac_038_bart_may_mix_arrows_and_life() {
    let mut t = table(JesseJones, BartCassidy);
    t.arrows(C, 4);
    t.turn(A).roll("1 1 D G G").stop().shoot(B).shoot(B);
    assert_eq!(
        t.legal(B),
        [0, 1, 2].map(|count| Action::TakeArrows {
            count,
            chief: false
        })
    );
    t.act(
        B,
        Action::TakeArrows {
            count: 1,
            chief: false,
        },
    );
    assert_eq!((t.p(B).life, t.p(B).arrows, t.pile()), (7, 1, 4));
}

#[test]
fn ac_039_bart_swaps_nothing_against_indians_or_dynamite() {
    let mut t = table(JesseJones, BartCassidy);
    t.arrows(B, 4).arrows(C, 4).turn(A).roll("A 1 D G G");
    assert_eq!(t.p(B).life, 4);
    assert_eq!(t.decision(), Decision::Reroll);

    let mut t = table(BartCassidy, JesseJones);
    t.arrows(C, 4).turn(A).roll("D D D B G");
    assert_eq!(t.p(A).life, t.p(A).max_life - 1);
    assert!(matches!(t.decision(), Decision::Beer { .. }));
}

#[test]
fn ac_040_black_jack_may_reroll_dynamite_until_three_show() {
    let mut t = table(BlackJack, JesseJones);
    t.turn(A).roll("D D 1 1 B");
    assert!(t.legal(A).contains(&Action::reroll(&[0, 1, 4])));
    t.reroll(&[0, 1, 4], "D D D");
    assert_eq!(t.p(A).life, t.p(A).max_life - 1);
    assert!(matches!(t.decision(), Decision::Bullseye { .. }));
}

#[test]
fn ac_041_calamity_janet_uses_ones_as_twos_and_twos_as_ones() {
    let mut t = DiceTable::new(&[
        (CalamityJanet, Sheriff),
        (BlackJack, Outlaw),
        (JesseJones, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Outlaw),
        (WillyTheKid, Renegade),
    ]);
    t.turn(A).roll("1 2 D D B").stop();
    assert_eq!(shoot_targets(&t), [B, C, E, F]);
    t.shoot(C);
    assert_eq!(shoot_targets(&t), [B, C, E, F]);
}

#[test]
fn ac_042_el_gringo_makes_the_shooter_take_one_arrow_per_batch() {
    let mut t = table(JesseJones, ElGringo);
    t.turn(A).roll("1 1 D G G").stop().shoot(B).shoot(B);
    assert_eq!(t.p(B).life, 5);
    assert_eq!(t.p(A).arrows, 1);
}

#[test]
fn ac_043_after_the_gatling_the_shooter_returns_his_arrows_then_takes_the_penalty() {
    let mut t = table(JesseJones, ElGringo);
    t.arrows(A, 2).turn(A).roll("G G G D D").stop();
    assert_eq!(t.p(B).life, 6);
    assert_eq!(t.p(A).arrows, 1);
    assert_eq!(t.pile(), 8);
}

#[test]
fn ac_044_el_gringos_penalty_can_set_off_the_indians_mid_resolution() {
    let mut t = table(JesseJones, ElGringo);
    t.arrows(C, 4).arrows(D, 4);
    let lives: Vec<u8> = (0..5).map(|s| t.p(s).life).collect();
    t.turn(A).roll("1 B G G G").stop().shoot(B);
    assert_eq!(t.pile(), 9, "the Indians attacked and every arrow returned");
    assert_eq!(t.p(A).life, lives[0] - 1);
    assert_eq!(t.p(C).life, lives[2] - 4);
    assert_eq!(t.p(B).life, lives[1] - 1);
    assert!(matches!(t.decision(), Decision::Beer { .. }));
    t.beer(A);
    assert_eq!(t.p(A).life, lives[0]);
    assert_eq!(t.p(B).life, lives[1] - 2, "the Gatling resolved");
    assert_eq!(t.p(A).arrows, 1, "El Gringo's Gatling penalty");
}

#[test]
fn ac_045_no_penalty_for_indians_or_dynamite() {
    let mut t = table(JesseJones, ElGringo);
    t.arrows(B, 4).arrows(C, 4).turn(A).roll("A 1 D G G");
    assert_eq!(t.p(B).life, 3);
    assert_eq!(t.p(A).arrows, 0);
    assert_eq!(t.pile(), 9);

    let mut t = table(ElGringo, JesseJones);
    t.turn(A).roll("D D D G G");
    assert_eq!(t.p(A).life, t.p(A).max_life - 1);
    assert_eq!(t.p(A).arrows, 0);
}

#[test]
fn ac_046_jesse_jones_doubles_beers_on_himself_at_four_or_less() {
    for (life, expect) in [(4, 8), (5, 7)] {
        let mut t = table(JesseJones, BlackJack);
        t.life(A, life)
            .turn(A)
            .roll("B B D G G")
            .stop()
            .beer(A)
            .beer(A);
        assert_eq!(t.p(A).life, expect, "from {life}");
    }
    let mut t = table(JesseJones, BlackJack);
    t.life(A, 3)
        .life(B, 5)
        .turn(A)
        .roll("B B D G G")
        .stop()
        .beer(A)
        .beer(B);
    assert_eq!((t.p(A).life, t.p(B).life), (5, 6));
}

#[test]
fn ac_047_kit_carlson_returns_one_arrow_per_gatling_after_the_gun() {
    let mut t = table(KitCarlson, BlackJack);
    t.arrows(A, 2).arrows(B, 2).arrows(C, 1);
    t.turn(A).roll("G G G 1 B").stop().shoot(B).beer(A);
    assert_eq!(t.p(A).arrows, 0);
    assert_eq!(t.p(B).life, 6, "the \"1\" and the Gun");
    assert_eq!(t.p(C).life, 7);
    assert_eq!(t.decision(), Decision::KitDiscard { left: 3 });
    t.act(
        A,
        Action::Discard {
            from: B,
            chief: false,
        },
    )
    .act(
        A,
        Action::Discard {
            from: B,
            chief: false,
        },
    )
    .act(
        A,
        Action::Discard {
            from: C,
            chief: false,
        },
    );
    assert_eq!(t.pile(), 9);
    assert_eq!(t.active(), B, "no arrow is left to return");
}

#[test]
fn ac_048_kit_carlson_discards_even_when_the_gun_does_not_fire() {
    let mut t = table(KitCarlson, BlackJack);
    t.arrows(B, 2)
        .turn(A)
        .roll("G D D B B")
        .stop()
        .beer(A)
        .beer(A);
    assert_eq!(t.p(B).life, 8);
    assert_eq!(t.decision(), Decision::KitDiscard { left: 1 });
    assert_eq!(
        t.legal(A),
        [
            Action::Discard {
                from: B,
                chief: false
            },
            Action::EndDiscards
        ]
    );
    t.act(
        A,
        Action::Discard {
            from: B,
            chief: false,
        },
    );
    assert_eq!(t.p(B).arrows, 1);
    assert_eq!(t.active(), B);
}

#[test]
fn ac_049_lucky_duke_may_roll_four_times_not_five() {
    let mut t = table(LuckyDuke, BlackJack);
    t.turn(A)
        .roll("1 2 B G G")
        .reroll(&[1], "2")
        .reroll(&[1], "2")
        .reroll(&[1], "2");
    assert!(t.refused(A, Action::reroll(&[1])));
    assert!(matches!(t.decision(), Decision::Bullseye { .. }));
}

#[test]
fn ac_050_paul_regret_loses_nothing_to_any_gatling_gun() {
    let mut t = table(JesseJones, PaulRegret);
    t.turn(A).roll("G G G D D").stop();
    assert_eq!(t.p(B).life, 9);
    assert_eq!(t.p(C).life, 7);

    let mut t = table(WillyTheKid, PaulRegret);
    t.turn(A).roll("G G D D B").stop().beer(A);
    assert_eq!(t.p(B).life, 9);
    assert_eq!(t.p(C).life, 7);
}

#[test]
fn ac_051_pedro_ramirez_returns_up_to_one_arrow_per_lp_lost() {
    let mut t = table(SlabTheKiller, PedroRamirez);
    t.arrows(B, 3).turn(A).roll("1 B D G G").stop();
    t.act(
        A,
        Action::Shoot {
            target: B,
            double: true,
        },
    );
    assert_eq!(t.p(B).life, 6);
    assert_eq!(t.decision(), Decision::ReturnArrows { max: 2 });
    t.act(
        B,
        Action::ReturnArrows {
            count: 2,
            chief: false,
        },
    );
    assert_eq!((t.p(B).arrows, t.pile()), (1, 8));
}

#[test]
fn ac_052_rose_doolan_reaches_one_place_further() {
    let mut t = DiceTable::new(&[
        (RoseDoolan, Sheriff),
        (BlackJack, Outlaw),
        (JesseJones, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Outlaw),
        (WillyTheKid, Renegade),
    ]);
    t.turn(A).roll("1 2 D D B").stop();
    assert_eq!(shoot_targets(&t), [B, C, E, F]);
    t.shoot(B);
    assert_eq!(shoot_targets(&t), [C, D, E]);

    let mut t = DiceTable::new(&[
        (RoseDoolan, Sheriff),
        (BlackJack, Outlaw),
        (JesseJones, Outlaw),
        (LuckyDuke, Renegade),
    ]);
    t.turn(A).roll("1 2 D D B").stop();
    assert_eq!(shoot_targets(&t), [B, C, D]);
    t.shoot(B);
    assert_eq!(shoot_targets(&t), [C]);
}

#[test]
fn ac_053_sid_ketchum_must_name_a_living_player() {
    let mut t = table(SidKetchum, BlackJack);
    t.life(B, 3).push_eliminated(D).turn(A);
    assert_eq!(t.decision(), Decision::SidGift);
    assert!(t.refused(A, Action::ROLL));
    assert!(t.refused(A, Action::Gift { target: D }));
    assert_eq!(t.legal(A).len(), 4);
    let mark = t.log.len();
    let mut full = DiceTable::new(&[]);
    full.state = t.state.clone();
    full.log = t.log.clone();
    full.act(A, Action::Gift { target: A });
    assert_eq!(gains(&full, mark, GainSource::SidKetchum), [(A, 0)]);
    assert_eq!(full.decision(), Decision::FirstRoll);
    t.act(A, Action::Gift { target: B });
    assert_eq!(t.p(B).life, 4);
}

#[test]
fn ac_054_slab_the_killer_doubles_one_bullseye_with_a_beer_once_a_turn() {
    let mut t = table(SlabTheKiller, BlackJack);
    t.turn(A).roll("1 B B 2 G").stop();
    t.act(
        A,
        Action::Shoot {
            target: B,
            double: true,
        },
    );
    assert!(t.refused(
        A,
        Action::Shoot {
            target: C,
            double: true
        }
    ));
    t.shoot(C);
    assert_eq!((t.p(B).life, t.p(C).life), (6, 7));
    assert_eq!(t.decision(), Decision::Beer { left: 1 });
    t.beer(C);
    assert_eq!(t.p(C).life, 8);
    assert_eq!(t.active(), B);
}

#[test]
fn ac_055_suzy_lafayette_counts_only_the_final_dice() {
    let mut t = table(SuzyLafayette, BlackJack);
    t.life(A, 5)
        .turn(A)
        .roll("1 1 B G G")
        .reroll(&[0, 1], "A D")
        .stop()
        .beer(A);
    assert_eq!(t.p(A).life, 8, "5 + Beer + Suzy's 2");

    let mut t = table(SuzyLafayette, BlackJack);
    t.life(A, 5)
        .turn(A)
        .roll("1 D B G G")
        .stop()
        .shoot(B)
        .beer(A);
    assert_eq!(t.p(A).life, 6);
}

#[test]
fn ac_056_vulture_sam_gains_two_per_elimination_capped() {
    for (life, dead, expect) in [(3, 1, 5), (3, 2, 7), (8, 1, 9)] {
        let mut t = table(JesseJones, VultureSam);
        t.life(B, life)
            .life(C, 1)
            .life(D, 1)
            .turn(A)
            .roll("2 2 D G G")
            .stop();
        t.shoot(C);
        t.shoot(if dead == 2 { D } else { C });
        assert_eq!(t.p(B).life, expect, "{life} LP, {dead} eliminated");
    }
}

#[test]
fn ac_057_willy_the_kid_fires_with_two_gatlings_once() {
    for codes in ["G G D D B", "G G G G B"] {
        let mut t = table(WillyTheKid, BlackJack);
        t.turn(A).roll(codes).stop().beer(A);
        assert_eq!(t.p(B).life, 7, "{codes}");
        assert_eq!(t.p(C).life, 7, "{codes}");
    }
}

#[test]
fn ac_058_vulture_sam_eliminated_with_another_gains_nothing() {
    let mut t = table(JesseJones, VultureSam);
    t.life(B, 1)
        .life(E, 1)
        .turn(A)
        .roll("1 1 D G G")
        .stop()
        .shoot(B)
        .shoot(E);
    assert!(!t.p(B).alive && !t.p(E).alive);
    assert_eq!(t.p(B).life, 0);
    assert!(gains(&t, 0, GainSource::VultureSam).is_empty());
}
