//! §8.10 Module 2: the Indian Chief's Arrow.

use super::*;

const M2: &[Module] = &[Module::ChiefArrow];

fn five(chars: [Character; 5], modules: &[Module]) -> DiceTable {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let seats: Vec<(Character, Role)> = chars.into_iter().zip(roles).collect();
    DiceTable::with_modules(&seats, modules)
}

fn plain(modules: &[Module]) -> DiceTable {
    five(
        [
            JesseJones,
            BlackJack,
            CalamityJanet,
            LuckyDuke,
            SlabTheKiller,
        ],
        modules,
    )
}

fn lives(t: &DiceTable) -> Vec<u8> {
    (0..5).map(|s| t.p(s).life).collect()
}

#[test]
fn ac_004_the_chief_arrow_makes_ten_tokens() {
    let t = plain(M2);
    assert_eq!(
        (t.pile(), t.state.chief_in_pile, t.state.pile_tokens()),
        (9, true, 10)
    );
}

#[test]
fn ac_086_rulebook_example_the_strict_highest_holder_loses_nothing() {
    let mut t = plain(M2);
    t.arrows(A, 1)
        .chief(B)
        .arrows(B, 2)
        .arrows(C, 1)
        .arrows(D, 3)
        .arrows(E, 1);
    assert_eq!(t.state.pile_tokens(), 1);
    let before = lives(&t);
    t.turn(A).roll("A 1 2 B G");
    let lost: Vec<u8> = before.iter().zip(lives(&t)).map(|(b, a)| b - a).collect();
    assert_eq!(lost, [2, 0, 1, 3, 1]);
    assert_eq!(t.state.pile_tokens(), 10);
    assert!(t.state.chief_in_pile);
}

#[test]
fn ac_087_a_tied_holder_loses_his_full_count() {
    let mut t = plain(M2);
    t.chief(B)
        .arrows(B, 1)
        .arrows(D, 3)
        .arrows(C, 2)
        .arrows(E, 2);
    let before = lives(&t);
    t.turn(A).roll("A 1 2 B G");
    assert_eq!(before[1] - t.p(B).life, 3);
    assert_eq!(before[3] - t.p(D).life, 3);
}

#[test]
fn ac_088_taking_the_chief_arrow_uses_one_arrow_result() {
    let mut t = plain(M2);
    t.turn(A).roll("A A 1 B G");
    assert_eq!(t.decision(), Decision::TakeToken);
    t.act(A, Action::TakeToken { chief: true });
    // The Chief's Arrow is taken: the second token can only be a regular one.
    assert_eq!(t.state.pile_tokens(), 8);
    assert_eq!((t.p(A).tokens(), t.p(A).arrow_count()), (2, 3));
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn ac_089_the_last_token_is_the_chief_arrow_and_must_be_taken() {
    let mut t = plain(M2);
    t.arrows(B, 4).arrows(C, 5);
    assert_eq!(t.state.pile_tokens(), 1);
    let b_life = t.p(B).life;
    t.turn(A).roll("A 1 2 B G");
    assert_eq!(t.p(B).life, b_life - 4, "the Indians attacked");
    assert_eq!(t.state.pile_tokens(), 10);
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn ac_090_the_gatling_returns_the_chief_arrow_too() {
    let mut t = plain(M2);
    t.chief(A).arrows(A, 1).turn(A).roll("G G G D D").stop();
    assert_eq!(t.p(A).tokens(), 0);
    assert_eq!(t.state.pile_tokens(), 10);
}

#[test]
fn ac_091_jourdonnais_with_the_chief_arrow_not_highest_loses_one() {
    let mut t = five(
        [
            JesseJones,
            Jourdonnais,
            CalamityJanet,
            LuckyDuke,
            SlabTheKiller,
        ],
        M2,
    );
    t.chief(B).arrows(C, 3).arrows(D, 3).arrows(E, 3);
    let b_life = t.p(B).life;
    t.turn(A).roll("A 1 2 B G");
    assert_eq!(t.p(B).life, b_life - 1);
}

#[test]
fn ac_092_bart_may_take_the_chief_arrow_instead_of_a_life() {
    let mut t = five(
        [
            JesseJones,
            BartCassidy,
            CalamityJanet,
            LuckyDuke,
            SlabTheKiller,
        ],
        M2,
    );
    t.arrows(C, 4).arrows(D, 3);
    assert_eq!(t.state.pile_tokens(), 3);
    t.turn(A).roll("G G G D D").stop();
    assert_eq!(t.decision(), Decision::ArrowsInsteadOfLife { max: 1 });
    assert!(t.legal(B).contains(&Action::TakeArrows {
        count: 1,
        chief: true
    }));
    t.act(
        B,
        Action::TakeArrows {
            count: 1,
            chief: true,
        },
    );
    assert!(t.p(B).chief);
    assert_eq!(t.p(B).life, t.p(B).max_life);
}

#[test]
fn ac_093_a_broken_arrow_never_takes_the_chief_arrow() {
    let mut t = plain(&[Module::LoudmouthCoward, Module::ChiefArrow]);
    t.chief(B)
        .arrows(B, 1)
        .turn(A)
        .roll_with(DieKind::Coward, "1 2 B G X");
    assert_eq!(t.legal(A), [Action::BreakArrow { from: B }]);
    t.act(A, Action::BreakArrow { from: B });
    assert!(t.p(B).chief);
    assert_eq!(t.p(B).arrows, 0);
}
