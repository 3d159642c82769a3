//! §8.7 Victory with 4–8 players and §8.8 the 3-player variant.

use super::*;

fn winners(t: &DiceTable) -> (Option<Team>, Vec<Seat>) {
    let o = t.outcome().expect("the game is over");
    (o.team, o.winners)
}

/// Five players with these roles; A is Jesse Jones, the others plain.
fn five(roles: [Role; 5]) -> DiceTable {
    let chars = [
        JesseJones,
        BlackJack,
        CalamityJanet,
        LuckyDuke,
        SlabTheKiller,
    ];
    let seats: Vec<(Character, Role)> = chars.into_iter().zip(roles).collect();
    DiceTable::new(&seats)
}

#[test]
fn ac_059_sheriff_falls_with_outlaw_and_renegade_alive_outlaws_win() {
    let mut t = five([Outlaw, Sheriff, Outlaw, Renegade, Deputy]);
    t.push_eliminated(C)
        .life(B, 1)
        .turn(A)
        .roll("1 B G G D")
        .stop()
        .shoot(B);
    assert_eq!(winners(&t), (Some(Team::Outlaws), vec![A, C]));
    assert!(t.pending().is_none());
}

#[test]
fn ac_060_sheriff_falls_and_the_renegade_is_alone_renegade_wins() {
    let mut t = five([Renegade, Sheriff, Outlaw, Outlaw, Deputy]);
    t.push_eliminated(C).push_eliminated(D).push_eliminated(E);
    t.life(B, 1).turn(A).roll("1 B G G D").stop().shoot(B);
    assert_eq!(winners(&t), (Some(Team::Renegade), vec![A]));
}

#[test]
fn ac_061_sheriff_falls_after_every_outlaw_with_deputy_and_renegade_alive() {
    let mut t = five([Renegade, Sheriff, Deputy, Outlaw, Outlaw]);
    t.push_eliminated(D).push_eliminated(E);
    t.life(B, 1).turn(A).roll("1 B G G D").stop().shoot(B);
    assert_eq!(winners(&t), (Some(Team::Outlaws), vec![D, E]));
}

#[test]
fn ac_062_an_indian_attack_that_kills_everyone_is_an_outlaw_win() {
    let mut t = DiceTable::plain(4);
    for s in 0..4 {
        t.life(s, 2);
    }
    t.arrows(A, 2).arrows(B, 2).arrows(C, 2).arrows(D, 2);
    t.turn(A).roll("A 1 B G D");
    assert!((0..4).all(|s| !t.p(s).alive));
    assert_eq!(winners(&t), (Some(Team::Outlaws), vec![B, C]));
}

#[test]
fn ac_063_eight_players_a_renegade_kills_the_sheriff_with_both_renegades_alive() {
    let roles = [
        Renegade, Sheriff, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy,
    ];
    let mut t = DiceTable::with_roles(&roles, &[]);
    for s in 3..8 {
        t.push_eliminated(s);
    }
    t.life(B, 1).turn(A).roll("1 B G G D").stop().shoot(B);
    assert_eq!(winners(&t), (Some(Team::Outlaws), vec![3, 4, 5]));
}

#[test]
fn ac_064_the_last_outlaw_falls_while_the_renegade_lives_the_game_goes_on() {
    let mut t = five([Sheriff, Outlaw, Deputy, Outlaw, Renegade]);
    t.push_eliminated(D)
        .life(B, 1)
        .turn(A)
        .roll("1 B G G D")
        .stop()
        .shoot(B);
    assert!(t.outcome().is_none());
    assert!(matches!(t.decision(), Decision::Beer { .. }));
}

#[test]
fn ac_065_the_sheriffs_gatling_kills_the_last_outlaw_and_the_renegade() {
    let mut t = five([Sheriff, Outlaw, Deputy, Renegade, Outlaw]);
    t.push_eliminated(C)
        .push_eliminated(E)
        .life(B, 1)
        .life(D, 1);
    t.turn(A).roll("G G G D D").stop();
    assert_eq!(winners(&t), (Some(Team::Law), vec![A, C]));
}

#[test]
fn ac_066_a_deputys_gatling_killing_the_sheriff_too_is_an_outlaw_win() {
    let mut t = five([Deputy, Sheriff, Outlaw, Renegade, Outlaw]);
    t.push_eliminated(E).life(B, 1).life(C, 1).life(D, 1);
    t.turn(A).roll("G G G D D").stop();
    assert!(t.p(A).alive);
    assert_eq!(winners(&t), (Some(Team::Outlaws), vec![C, E]));
}

#[test]
fn ac_067_indians_leave_only_the_renegade_renegade_wins() {
    let mut t = five([Sheriff, Deputy, Outlaw, Renegade, Outlaw]);
    t.push_eliminated(E);
    t.life(A, 1).life(B, 1).life(C, 1);
    t.arrows(A, 3).arrows(B, 3).arrows(C, 2);
    t.turn(A).roll("A 1 B G D");
    assert_eq!(winners(&t), (Some(Team::Renegade), vec![D]));
}

#[test]
fn ac_068_the_game_ends_at_once_and_later_results_are_dropped() {
    let mut t = five([Sheriff, Renegade, Deputy, Outlaw, Outlaw]);
    t.push_eliminated(D).push_eliminated(E).life(B, 1);
    let mark = t.log.len();
    t.turn(A).roll("1 B G G G").stop().shoot(B);
    assert_eq!(winners(&t), (Some(Team::Law), vec![A, C]));
    assert!(!t.logged_since(mark, |e| matches!(
        e,
        Event::LifeGained { .. } | Event::GatlingFired { .. }
    )));
    assert!(matches!(t.log.last(), Some(Event::GameEnded { .. })));
}

/// The 3-player table: A Deputy (Jesse Jones), B Outlaw, C Renegade.
fn three() -> DiceTable {
    DiceTable::plain(3)
}

#[test]
fn ac_069_the_deputy_kills_his_target_the_renegade_and_wins() {
    let mut t = three();
    t.life(C, 1).turn(A).roll("1 B G G D").stop().shoot(C);
    assert_eq!(winners(&t), (Some(Team::Law), vec![A]));
}

#[test]
fn ac_070_the_outlaw_kills_the_renegade_no_win_then_last_survivor() {
    let mut t = three();
    t.life(C, 1).turn(B).roll("1 B G G D").stop().shoot(C);
    assert!(t.outcome().is_none());
    t.beer(B);
    assert_eq!(t.active(), A);
    t.life(B, 1).roll("1 D D G B").stop().shoot(B);
    assert_eq!(winners(&t), (Some(Team::Law), vec![A]));
}

#[test]
fn ac_071_an_indian_attack_gives_the_renegade_no_credit() {
    let mut t = three();
    t.life(B, 1).arrows(B, 1).arrows(A, 7);
    t.life(A, 9);
    t.turn(C).roll("A 1 B G D");
    assert!(!t.p(B).alive);
    assert!(t.outcome().is_none());
    assert!(t.p(A).alive && t.p(C).alive);
}

#[test]
fn ac_072_the_outlaws_own_dynamite_gives_nobody_credit() {
    let mut t = three();
    t.life(B, 1).turn(B).roll("D D D G B");
    assert!(!t.p(B).alive);
    assert!(t.outcome().is_none());
    assert_eq!(t.active(), C);
}

#[test]
fn ac_073_indians_killing_all_three_is_a_draw() {
    let mut t = three();
    t.life(A, 3)
        .life(B, 3)
        .life(C, 3)
        .arrows(A, 2)
        .arrows(B, 3)
        .arrows(C, 3);
    t.turn(A).roll("A 1 B G D");
    assert_eq!(winners(&t), (None, vec![]));
}

#[test]
fn ac_074_the_deputys_gatling_killing_both_is_a_deputy_win() {
    let mut t = three();
    t.life(B, 1).life(C, 1).turn(A).roll("G G G D D").stop();
    assert_eq!(winners(&t), (Some(Team::Law), vec![A]));
}

#[test]
fn ac_075_the_deputy_killing_the_outlaw_is_no_win() {
    let mut t = three();
    t.life(B, 1).turn(A).roll("1 D D G B").stop().shoot(B);
    assert!(t.outcome().is_none());
    assert!(t.p(A).alive && t.p(C).alive);
}
