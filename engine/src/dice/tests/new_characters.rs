//! §8.12 Module 4: the new characters (and AC-006, who may be dealt).

use super::*;
use DieKind::{Coward, Loudmouth};
use Module::{ChiefArrow, LoudmouthCoward, NewCharacters};

fn table(a: Character, b: Character, modules: &[Module]) -> DiceTable {
    DiceTable::with_modules(
        &[
            (a, Sheriff),
            (b, Outlaw),
            (CalamityJanet, Deputy),
            (LuckyDuke, Outlaw),
            (SlabTheKiller, Renegade),
        ],
        modules,
    )
}

fn dice_count(t: &DiceTable) -> usize {
    t.state.turn.dice.len()
}

#[test]
fn ac_006_characters_needing_an_absent_module_are_never_dealt() {
    let pool = Character::pool(ModuleSet::of(&[NewCharacters]));
    assert_eq!(pool.len(), 21);
    for missing in [JoseDelgado, TequilaJoe, ApacheKid] {
        assert!(!pool.contains(&missing));
    }
    for seed in 0..300 {
        let mut config = Config::new(8);
        config.options.modules = vec![NewCharacters];
        let events = start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap();
        for e in events {
            if let Event::CharacterDealt { character, .. } = e {
                assert!(pool.contains(&character));
            }
        }
    }
    assert_eq!(
        Character::pool(ModuleSet::of(&[NewCharacters, LoudmouthCoward, ChiefArrow])).len(),
        24
    );
}

#[test]
fn ac_111_jose_delgado_adds_the_loudmouth_not_the_coward() {
    let all = [LoudmouthCoward, NewCharacters];
    let mut t = table(JoseDelgado, BlackJack, &all);
    t.turn(A);
    t.try_act_with(
        A,
        Action::Roll {
            saloon: Some(Loudmouth),
        },
        vec![0; 6],
    )
    .unwrap();
    assert_eq!(dice_count(&t), 6);
    let mut t = table(JoseDelgado, BlackJack, &all);
    t.turn(A);
    t.try_act_with(
        A,
        Action::Roll {
            saloon: Some(Coward),
        },
        vec![0; 5],
    )
    .unwrap();
    assert_eq!(dice_count(&t), 5);
    // One Roll carries one Saloon die: both at once cannot even be asked.
    let mut t = table(JoseDelgado, BlackJack, &all);
    t.turn(A);
    assert_eq!(t.legal(A).len(), 3);
}

#[test]
fn ac_112_tequila_joe_adds_the_coward_not_the_loudmouth() {
    let all = [LoudmouthCoward, NewCharacters];
    let mut t = table(TequilaJoe, BlackJack, &all);
    t.turn(A);
    t.try_act_with(
        A,
        Action::Roll {
            saloon: Some(Coward),
        },
        vec![0; 6],
    )
    .unwrap();
    assert_eq!(dice_count(&t), 6);
    let mut t = table(TequilaJoe, BlackJack, &all);
    t.turn(A);
    t.try_act_with(
        A,
        Action::Roll {
            saloon: Some(Loudmouth),
        },
        vec![0; 5],
    )
    .unwrap();
    assert_eq!(dice_count(&t), 5);
}

#[test]
fn ac_113_apache_kid_takes_the_chief_arrow_from_its_holder() {
    let mut t = table(ApacheKid, BlackJack, &[ChiefArrow, NewCharacters]);
    t.chief(B).arrows(B, 1).arrows(C, 4).arrows(D, 3);
    assert_eq!(t.state.pile_tokens(), 1);
    t.turn(A).roll("A 1 2 B G");
    assert_eq!(t.decision(), Decision::TakeToken);
    t.act(A, Action::TakeToken { chief: true });
    assert!(t.p(A).chief);
    assert_eq!(t.p(B).arrow_count(), 1);
    assert_eq!(t.state.pile_tokens(), 1, "the pile is unchanged: no attack");
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn ac_114_bill_noface_ignores_arrows_he_rerolled() {
    let mut t = table(BillNoface, BlackJack, &[NewCharacters]);
    t.turn(A).roll("A A 1 1 B");
    assert_eq!(t.p(A).arrows, 0);
    t.reroll(&[0, 1], "G 1").stop();
    assert_eq!(t.p(A).arrows, 0);
}

#[test]
fn ac_115_bill_noface_takes_his_final_arrows_first_in_resolution() {
    let mut t = table(BillNoface, BlackJack, &[NewCharacters]);
    t.arrows(B, 4).arrows(C, 4);
    let b_life = t.p(B).life;
    t.turn(A).roll("A 1 2 B G");
    assert_eq!(t.pile(), 1, "no arrow during rolling");
    t.stop();
    assert_eq!(t.p(B).life, b_life - 4, "the Indians attacked in step 1");
    assert_eq!(t.pile(), 9);
    assert!(matches!(t.decision(), Decision::Bullseye { .. }));
}

#[test]
fn ac_116_bill_noface_broken_arrow_acts_after_the_roll() {
    let mut t = table(BillNoface, BlackJack, &[LoudmouthCoward, NewCharacters]);
    t.arrows(B, 2).turn(A).roll_with(Coward, "A 1 2 G X");
    assert_eq!(t.decision(), Decision::BrokenArrow);
    t.act(A, Action::BreakArrow { from: B });
    assert_eq!(t.p(B).arrows, 1);
    assert_eq!(t.p(A).arrows, 0);
}

#[test]
fn ac_117_elena_fuente_hands_an_arrow_first() {
    let mut t = table(ElenaFuente, BlackJack, &[NewCharacters]);
    t.arrows(C, 4).arrows(D, 4);
    let b_life = t.p(B).life;
    t.turn(A).roll("A A 1 B G");
    assert_eq!(t.decision(), Decision::ElenaGift);
    t.act(
        A,
        Action::GiveArrow {
            to: B,
            chief: false,
        },
    );
    assert_eq!(t.p(B).life, b_life - 1, "B counted the last token");
    assert_eq!((t.p(A).arrows, t.pile()), (1, 8));
}

#[test]
fn ac_118_vera_custer_loses_one_less_to_each_bullseye_batch() {
    let vera = |codes: &str, shots: &[(Seat, bool)], modules: &[Module]| {
        let mut t = table(SlabTheKiller, VeraCuster, modules);
        let before = t.p(B).life;
        if let Some(rest) = codes.strip_prefix("L ") {
            t.turn(A).roll_with(Loudmouth, rest).stop();
        } else {
            t.turn(A).roll(codes).stop();
        }
        for &(target, double) in shots {
            t.act(A, Action::Shoot { target, double });
        }
        before - t.p(B).life
    };
    let m4 = [NewCharacters];
    assert_eq!(vera("1 D D B B", &[(B, false)], &m4), 0);
    assert_eq!(vera("1 1 D D B", &[(B, false), (B, false)], &m4), 1);
    assert_eq!(
        vera(
            "L D D B B 11",
            &[(B, false), (B, false)],
            &[LoudmouthCoward, NewCharacters]
        ),
        1
    );
    assert_eq!(vera("1 D D B B", &[(B, true)], &m4), 1);
    let mut t = table(JesseJones, VeraCuster, &m4);
    let before = t.p(B).life;
    t.turn(A).roll("G G G D D").stop();
    assert_eq!(before - t.p(B).life, 1, "a Gatling is not reduced");
    let mut t = table(JesseJones, VeraCuster, &m4);
    t.arrows(B, 2).arrows(C, 6);
    let before = t.p(B).life;
    t.turn(A).roll("A 1 2 B G");
    assert_eq!(before - t.p(B).life, 2, "nor an Indian attack");
}

#[test]
fn ac_119_doc_holyday_gains_two_after_three_bullseye_results() {
    let mut t = table(DocHolyday, BlackJack, &[NewCharacters]);
    t.life(A, 5)
        .turn(A)
        .roll("1 1 2 B G")
        .stop()
        .shoot(B)
        .shoot(E)
        .shoot(C);
    assert_eq!(t.p(A).life, 7, "+2 right after the batch, before the Beer");
    t.beer(A);
    assert_eq!(t.p(A).life, 8);

    let mut t = table(DocHolyday, BlackJack, &[LoudmouthCoward, NewCharacters]);
    t.life(A, 5)
        .turn(A)
        .roll_with(Loudmouth, "2 D D B 11")
        .stop()
        .shoot(C)
        .shoot(B)
        .shoot(B);
    assert_eq!(t.p(A).life, 7);

    let mut t = table(DocHolyday, BlackJack, &[NewCharacters]);
    t.life(A, 5)
        .turn(A)
        .roll("1 2 B B G")
        .stop()
        .shoot(B)
        .shoot(C);
    assert_eq!(t.p(A).life, 5);
}

#[test]
fn ac_120_molly_stark_takes_over_the_sheriffs_gatling_loss() {
    let mut t = DiceTable::with_modules(
        &[
            (JesseJones, Sheriff),
            (MollyStark, Deputy),
            (CalamityJanet, Outlaw),
            (LuckyDuke, Outlaw),
            (SlabTheKiller, Renegade),
        ],
        &[NewCharacters],
    );
    t.life(B, 5);
    let sheriff = t.p(A).life;
    t.turn(E).roll("G G G D D").stop();
    assert_eq!(t.decision(), Decision::MollyTakeOver);
    assert_eq!(t.pending().unwrap().seat, B);
    t.act(B, Action::TakeOver { from: A })
        .act(B, Action::EndTakeOver);
    assert_eq!(t.p(B).life, 3);
    assert_eq!(t.p(A).life, sheriff);
}

#[test]
fn ac_121_molly_cannot_take_over_more_than_her_life() {
    let mut t = table(SlabTheKiller, MollyStark, &[NewCharacters]);
    t.life(B, 2).turn(A).roll("1 1 D B B").stop();
    t.act(
        A,
        Action::Shoot {
            target: E,
            double: true,
        },
    );
    t.act(
        A,
        Action::Shoot {
            target: E,
            double: false,
        },
    );
    assert!(!matches!(
        t.pending().map(|p| p.decision),
        Some(Decision::MollyTakeOver)
    ));

    let mut t = table(JesseJones, MollyStark, &[NewCharacters]);
    t.life(B, 3).turn(A).roll("G G G D D").stop();
    assert_eq!(t.decision(), Decision::MollyTakeOver);
    t.act(B, Action::TakeOver { from: C });
    t.act(B, Action::TakeOver { from: D });
    assert!(
        t.pending()
            .is_none_or(|p| p.decision != Decision::MollyTakeOver),
        "her LP is used up"
    );
    assert!(!t.p(B).alive, "3 LP lost: she is eliminated");
    assert_eq!(t.p(C).life, t.p(C).max_life);
}

#[test]
fn ac_122_molly_taking_el_gringos_loss_spares_the_shooter_his_arrow() {
    let mut t = DiceTable::with_modules(
        &[
            (JesseJones, Sheriff),
            (ElGringo, Outlaw),
            (MollyStark, Deputy),
            (LuckyDuke, Outlaw),
            (SlabTheKiller, Renegade),
        ],
        &[NewCharacters],
    );
    t.turn(A).roll("1 D D B B").stop().shoot(B);
    assert_eq!(t.decision(), Decision::MollyTakeOver);
    t.act(C, Action::TakeOver { from: B });
    assert_eq!(t.p(B).life, t.p(B).max_life);
    assert_eq!(t.p(C).life, t.p(C).max_life - 1);
    assert_eq!(t.p(A).arrows, 0);
}
