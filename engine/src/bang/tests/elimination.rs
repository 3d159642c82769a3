//! §20 "Elimination, rewards, penalties, victory", with §19 edge cases 21,
//! 22, 23, 30, 31.

use super::*;
use crate::core::Team;

fn drew(events: &[Event], who: Seat) -> usize {
    events
        .iter()
        .map(|e| match e {
            Event::CardsDrawn { seat, cards } if *seat == who => cards.len(),
            _ => 0,
        })
        .sum()
}

fn outcome(t: &T) -> (Option<Team>, Vec<Seat>) {
    let o = t.s.outcome.clone().expect("the game is over");
    (o.team, o.winners)
}

#[test]
fn bang_ac_43_deputy_kills_an_outlaw_with_gatling() {
    let mut t = T::new(&PLAIN[..5], &[Deputy, Outlaw, Sheriff, Outlaw, Renegade]);
    t.life(B, 1).give(A, &[GATLING]);
    let events = t.play(A, GATLING, None);
    assert!(!t.alive(B));
    assert_eq!(drew(&events, A), 3);
    assert_eq!(t.hand(A).len(), 3);
}

#[test]
fn bang_ac_44_outlaw_kills_an_outlaw() {
    let mut t = T::new(&PLAIN[..5], &[Outlaw, Outlaw, Sheriff, Deputy, Renegade]);
    t.life(B, 1).give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert_eq!(drew(&events, A), 3);
}

#[test]
fn bang_ac_45_sheriff_kills_a_deputy_with_indians() {
    let mut t = T::new(&PLAIN[..5], &[Sheriff, Deputy, Outlaw, Outlaw, Renegade]);
    t.life(B, 1)
        .give(A, &[INDIANS, BEER, BANG_QH])
        .equip(A, &[BARREL, SCHOFIELD]);
    t.play(A, INDIANS, None);
    assert!(!t.alive(B));
    assert!(t.hand(A).is_empty());
    assert!(t.s.p(A).in_play.is_empty());
    assert!(t.s.discard.ends_with(&[BEER, BANG_QH, BARREL, SCHOFIELD]));
}

#[test]
fn bang_ac_46_vulture_sam_takes_everything() {
    let mut t = T::new(
        &[PedroRamirez, JesseJones, VultureSam, BlackJack],
        &roles(4),
    );
    t.life(B, 1)
        .give(B, &[MISSED_2S, BANG_7C])
        .equip(B, &[BARREL]);
    t.give(A, &[BANG_QH]);
    t.stack(&[BANG_4D]);
    t.play(A, BANG_QH, Some(B));
    t.pass(B);
    t.pass(B);
    assert!(!t.alive(B));
    assert_eq!(t.hand(C), vec![MISSED_2S, BANG_7C, BARREL]);
    assert_eq!(
        t.s.discard.to_vec(),
        vec![BANG_QH],
        "nothing else discarded"
    );
}

#[test]
fn bang_ac_47_sheriff_dies_outlaws_win() {
    let mut t = T::new(
        &PLAIN[..6],
        &[Renegade, Sheriff, Outlaw, Outlaw, Deputy, Outlaw],
    );
    t.dead(C).dead(D).dead(F);
    t.life(B, 1).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(outcome(&t), (Some(Team::Outlaws), vec![C, D, F]));
}

const F: Seat = 5;

#[test]
fn bang_ac_48_renegade_alone_wins() {
    let mut t = T::new(&PLAIN[..4], &[Renegade, Sheriff, Outlaw, Outlaw]);
    t.dead(C).dead(D).life(B, 1).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(outcome(&t), (Some(Team::Renegade), vec![A]));
}

#[test]
fn bang_ac_49_one_gatling_kills_sheriff_and_outlaw() {
    let mut t = T::new(&PLAIN[..4], &[Renegade, Sheriff, Outlaw, Outlaw]);
    t.dead(D).life(B, 1).life(C, 1).give(A, &[GATLING]);
    t.play(A, GATLING, None);
    assert!(!t.alive(B) && !t.alive(C));
    assert_eq!(outcome(&t), (Some(Team::Renegade), vec![A]));
    // With a Deputy also in play who survives: the Outlaws win.
    let mut t = T::new(&PLAIN[..5], &[Renegade, Sheriff, Outlaw, Deputy, Outlaw]);
    t.dead(E).life(B, 1).life(C, 1).give(A, &[GATLING]);
    t.play(A, GATLING, None);
    assert!(t.alive(D));
    assert_eq!(outcome(&t), (Some(Team::Outlaws), vec![C, E]));
}

#[test]
fn bang_ac_50_last_outlaw_and_renegade_die_together() {
    let roles = [Deputy, Sheriff, Outlaw, Renegade, Deputy, Outlaw, Outlaw];
    let mut t = T::new(&[SlabTheKiller; 7], &roles);
    t.dead(E).dead(F).dead(6);
    t.life(C, 1)
        .life(D, 1)
        .give(B, &[MISSED_KC])
        .give(A, &[GATLING]);
    t.play(A, GATLING, None);
    t.respond(B, MISSED_KC);
    assert!(!t.alive(C) && !t.alive(D));
    assert_eq!(t.hand(A).len(), 3, "the reward for the Outlaw");
    assert_eq!(outcome(&t), (Some(Team::Law), vec![A, B, E]));
}

#[test]
fn bang_ac_51_two_renegades_left_outlaws_win() {
    let roles = [
        Renegade, Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Deputy, Renegade,
    ];
    let mut t = T::new(&[SlabTheKiller; 8], &roles);
    for seat in 2..7 {
        t.dead(seat);
    }
    t.life(B, 1).give(A, &[GATLING]);
    t.play(A, GATLING, None);
    assert_eq!(outcome(&t), (Some(Team::Outlaws), vec![D, E, F]));
}

#[test]
fn bang_ac_52_eliminated_in_his_own_turn() {
    let mut t = T::new(&PLAIN[..4], &[Sheriff, Outlaw, Outlaw, Renegade]);
    t.life(C, 1).give(C, &[DUEL]).give(D, &[BANG_KH]);
    t.s.turn.seat = C;
    t.play(C, DUEL, Some(D));
    let events = t.respond(D, BANG_KH);
    assert!(!t.alive(C));
    assert_eq!(t.s.turn.seat, D, "the next player in play starts");
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted { seat: D, .. }
    )));
}

#[test]
fn bang_edge_21_vulture_sam_after_a_dynamite() {
    let mut t = T::new(
        &[SlabTheKiller, SlabTheKiller, VultureSam, SlabTheKiller],
        &roles(4),
    );
    t.life(B, 2)
        .equip(B, &[DYNAMITE, MUSTANG])
        .give(B, &[SALOON]);
    t.stack(&[STAGECOACH_9S]);
    t.turn(B);
    t.pass(B);
    assert!(!t.alive(B));
    assert_eq!(
        t.hand(C)[..2],
        [SALOON, MUSTANG],
        "then C draws in his own turn"
    );
}

#[test]
fn bang_edge_22_sheriff_kills_a_deputy_with_gatling() {
    let mut t = T::new(&PLAIN[..5], &[Sheriff, Outlaw, Deputy, Outlaw, Renegade]);
    t.life(C, 1).give(A, &[GATLING, BEER]);
    t.play(A, GATLING, None);
    assert!(!t.alive(C));
    assert!(t.hand(A).is_empty());
}

#[test]
fn bang_edge_31_sheriff_and_last_outlaw_by_one_card() {
    let mut t = T::new(&PLAIN[..4], &[Deputy, Sheriff, Outlaw, Renegade]);
    t.life(B, 1).life(C, 1).give(A, &[GATLING]);
    t.play(A, GATLING, None);
    assert_eq!(outcome(&t), (Some(Team::Outlaws), vec![C]));
}
