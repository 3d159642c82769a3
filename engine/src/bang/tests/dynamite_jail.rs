//! §20 "Dynamite and Jail", with §19 edge cases 2, 3, 4, 16.

use super::*;
use crate::bang::draw_check::dynamite_recipient;

/// A 10♠ (Volcanic) and other check cards.
const TEN_SPADES: Card = VOLCANIC_10S;
const NINE_SPADES: Card = STAGECOACH_9S;
const FIVE_HEARTS: Card = SALOON;
const FIVE_SPADES: Card = 34;

fn checks(events: &[Event]) -> Vec<(CheckKind, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CheckResolved { check, success, .. } => Some((*check, *success)),
            _ => None,
        })
        .collect()
}

#[test]
fn bang_ac_37_dynamite_before_jail() {
    let mut t = T::new(
        &[SlabTheKiller, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.equip(B, &[JAIL_10S, DYNAMITE]);
    t.stack(&[TEN_SPADES, BANG_QH]);
    let events = t.turn(B);
    assert_eq!(
        checks(&events),
        vec![(CheckKind::Dynamite, false), (CheckKind::Jail, true)]
    );
    assert_eq!(
        t.s.p(C).in_play.to_vec(),
        vec![DYNAMITE],
        "passed left first"
    );
    assert_eq!(t.waiting(), vec![(B, Decision::Play)]);
}

#[test]
fn bang_ac_38_what_explodes() {
    assert!(explodes(NINE_SPADES) && explodes(MISSED_2S));
    assert!(!explodes(TEN_SPADES) && !explodes(BANG_2D));
    for (card, boom) in [
        (NINE_SPADES, true),
        (TEN_SPADES, false),
        (BANG_2D, false),
        (MISSED_2S, true),
    ] {
        let mut t = T::new(&[SlabTheKiller; 4], &roles(4));
        t.equip(B, &[DYNAMITE]);
        t.stack(&[card]);
        t.turn(B);
        if boom {
            assert_eq!(t.hp(B), 1);
            assert_eq!(t.s.discard.to_vec(), vec![card, DYNAMITE]);
        } else {
            assert_eq!(t.hp(B), 4);
            assert_eq!(t.s.p(C).in_play.to_vec(), vec![DYNAMITE]);
        }
    }
}

#[test]
fn bang_ac_39_dynamite_kills_a_jailed_outlaw() {
    let mut t = T::new(&[SlabTheKiller; 4], &[Sheriff, Outlaw, Outlaw, Renegade]);
    t.life(B, 3).equip(B, &[JAIL_4H, DYNAMITE]);
    t.stack(&[NINE_SPADES]);
    let events = t.turn(B);
    assert!(!t.alive(B));
    assert_eq!(
        checks(&events),
        vec![(CheckKind::Dynamite, true)],
        "no Jail check"
    );
    let start = events
        .iter()
        .position(|e| matches!(e, Event::TurnStarted { seat: C, .. }))
        .expect("C's turn follows");
    assert!(
        !has(&events[..start], |e| matches!(e, Event::CardsDrawn { .. })),
        "no reward"
    );
    assert!(t.s.discard.contains(&JAIL_4H));
}

#[test]
fn bang_ac_40_jail_targets() {
    let mut t = T::plain(4);
    t.equip(C, &[JAIL_4H]).give(B, &[JAIL_10S]);
    t.s.turn.seat = B;
    assert!(t.act(B, play_at(JAIL_10S, Some(A))).is_err(), "the Sheriff");
    assert!(
        t.act(B, play_at(JAIL_10S, Some(C))).is_err(),
        "already jailed"
    );
    assert!(t.act(B, play_at(JAIL_10S, Some(B))).is_err(), "himself");
    t.play(B, JAIL_10S, Some(D));
}

#[test]
fn bang_ac_41_jail_escape_or_skip() {
    let mut t = T::new(&[SlabTheKiller; 4], &roles(4));
    t.equip(B, &[JAIL_10S]);
    t.stack(&[FIVE_HEARTS]);
    t.turn(B);
    assert_eq!(t.waiting(), vec![(B, Decision::Play)]);
    assert!(t.s.discard.contains(&JAIL_10S));
    let mut t = T::new(&[SlabTheKiller; 4], &roles(4));
    t.equip(B, &[JAIL_10S]);
    t.stack(&[FIVE_SPADES]);
    let events = t.turn(B);
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted { seat: C, .. }
    )));
    assert!(t.hand(B).is_empty(), "no phase 1");
    assert_eq!(t.s.turn.seat, C);
    assert!(t.s.discard.contains(&JAIL_10S));
}

#[test]
fn bang_ac_42_dynamite_skips_a_player_who_has_one() {
    let t = T::plain(4);
    assert_eq!(dynamite_recipient(&t.s, A, |o| o == B), Some(C));
    assert_eq!(dynamite_recipient(&t.s, A, |o| o != A), None, "it stays");
}

#[test]
fn bang_edge_02_jailed_and_skipped_then_saved_by_beer() {
    let mut t = T::new(&[SlabTheKiller; 4], &roles(4));
    t.equip(B, &[JAIL_10S]).life(B, 1).give(B, &[BEER]);
    t.stack(&[FIVE_SPADES]);
    t.turn(B);
    assert_eq!(t.s.turn.seat, C);
    t.s.turn.phase = Phase::Play;
    t.give(C, &[BANG_QH]);
    t.play(C, BANG_QH, Some(B));
    t.pass(B);
    t.respond(B, BEER);
    assert_eq!(t.hp(B), 1);
}

#[test]
fn bang_edge_16_panic_takes_a_jail_and_plays_it_later() {
    let mut t = T::plain(4);
    t.equip(B, &[JAIL_4H, DYNAMITE]).give(A, &[PANIC, 51]);
    t.ok(
        A,
        Action::Play {
            card: PANIC,
            target: Some(B),
            in_play: Some(JAIL_4H),
        },
    );
    t.ok(
        A,
        Action::Play {
            card: 51,
            target: Some(B),
            in_play: Some(DYNAMITE),
        },
    );
    assert_eq!(t.hand(A), vec![JAIL_4H, DYNAMITE]);
    t.play(A, JAIL_4H, Some(C));
    t.play(A, DYNAMITE, None);
    assert_eq!(t.s.p(A).in_play.to_vec(), vec![DYNAMITE]);
}
