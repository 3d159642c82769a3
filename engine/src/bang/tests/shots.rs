//! §20 "BANG! resolution, Barrel, Missed!", with §19 edge cases 1, 10, 11, 12.

use super::*;

#[test]
fn bang_ac_17_barrel_on_a_heart() {
    let mut t = T::plain(4);
    t.equip(B, &[BARREL])
        .give(B, &[MISSED_KC])
        .give(A, &[BANG_QH]);
    t.stack(&[JAIL_4H]);
    t.play(A, BANG_QH, Some(B));
    assert!(legal_actions(&t.s, B).contains(&Action::Barrel));
    let events = t.ok(B, Action::Barrel);
    assert!(has(&events, |e| matches!(
        e,
        Event::CheckResolved {
            card: Some(JAIL_4H),
            success: true,
            ..
        }
    )));
    assert_eq!(t.hp(B), 4);
    assert_eq!(t.hand(B), vec![MISSED_KC], "no card spent");
    assert_eq!(t.s.discard.last(), Some(&JAIL_4H));
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

#[test]
fn bang_ac_18_barrel_fails_then_missed_or_hit() {
    for missed in [true, false] {
        let mut t = T::plain(4);
        t.equip(B, &[BARREL])
            .give(B, &[MISSED_KC])
            .give(A, &[BANG_QH]);
        t.stack(&[BANG_4D]);
        t.play(A, BANG_QH, Some(B));
        t.ok(B, Action::Barrel);
        assert_eq!(t.waiting(), vec![(B, Decision::Shot { needed: 1 })]);
        assert!(!legal_actions(&t.s, B).contains(&Action::Barrel));
        if missed {
            t.respond(B, MISSED_KC);
            assert_eq!(t.hp(B), 4);
        } else {
            t.pass(B);
            assert_eq!(t.hp(B), 3);
        }
    }
}

#[test]
fn bang_ac_19_slab_barrel_heart_then_missed() {
    let mut t = T::new(
        &[SlabTheKiller, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.equip(B, &[BARREL])
        .give(B, &[MISSED_KC])
        .give(A, &[BANG_QH]);
    t.stack(&[BANG_KH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::ShotAt { needed: 2, .. }
    )));
    t.ok(B, Action::Barrel);
    assert_eq!(t.waiting(), vec![(B, Decision::Shot { needed: 1 })]);
    t.respond(B, MISSED_KC);
    assert_eq!(t.hp(B), 4);
    assert!(t.s.shot.is_none());
}

#[test]
fn bang_ac_20_slab_barrel_fails_one_missed_is_not_enough() {
    let mut t = T::new(
        &[SlabTheKiller, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.equip(B, &[BARREL])
        .give(B, &[MISSED_2S])
        .give(A, &[BANG_QH]);
    t.stack(&[MISSED_KC]);
    t.play(A, BANG_QH, Some(B));
    t.ok(B, Action::Barrel);
    assert_eq!(t.waiting(), vec![(B, Decision::Shot { needed: 2 })]);
    assert!(
        !legal_actions(&t.s, B).contains(&Action::Barrel),
        "no second draw!"
    );
    t.respond(B, MISSED_2S);
    assert_eq!(t.hp(B), 3, "the Missed! is wasted");
    assert_eq!(t.s.discard.last(), Some(&MISSED_2S));
}

#[test]
fn bang_ac_21_slab_gatling_needs_one_missed() {
    let mut t = T::new(
        &[SlabTheKiller, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.give(A, &[GATLING]).give(B, &[MISSED_KC]);
    let events = t.play(A, GATLING, None);
    assert!(has(&events, |e| matches!(
        e,
        Event::ShotAt {
            target: B,
            needed: 1,
            ..
        }
    )));
    t.respond(B, MISSED_KC);
    assert_eq!(t.hp(B), 4);
    assert_eq!((t.hp(C), t.hp(D)), (3, 3), "the others have no card");
}

#[test]
fn bang_ac_22_jourdonnais_with_a_barrel() {
    let mut t = T::new(
        &[PedroRamirez, Jourdonnais, JesseJones, BlackJack],
        &roles(4),
    );
    t.equip(B, &[BARREL]).give(A, &[BANG_QH]);
    t.stack(&[BANG_7C, DYNAMITE]);
    t.play(A, BANG_QH, Some(B));
    t.ok(B, Action::Barrel);
    assert_eq!(t.waiting(), vec![(B, Decision::Shot { needed: 1 })]);
    t.ok(B, Action::Barrel);
    assert_eq!(t.hp(B), 4, "the second draw! is a heart");
    assert_eq!(t.s.discard.to_vec(), vec![BANG_QH, BANG_7C, DYNAMITE]);
}

#[test]
fn bang_ac_23_calamity_bang_as_missed() {
    let mut t = T::new(
        &[PedroRamirez, CalamityJanet, JesseJones, BlackJack],
        &roles(4),
    );
    t.give(B, &[BANG_KH]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert!(legal_actions(&t.s, B).contains(&Action::Respond { card: BANG_KH }));
    t.respond(B, BANG_KH);
    assert_eq!(t.hp(B), 4);
}

#[test]
fn bang_ac_24_calamity_missed_as_bang_uses_her_bang() {
    let mut t = T::new(
        &[CalamityJanet, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.give(A, &[MISSED_KC, BANG_QH]).give(B, &[BEER]);
    t.play(A, MISSED_KC, Some(B));
    t.pass(B);
    assert_eq!(t.hp(B), 3);
    assert!(t.act(A, play_at(BANG_QH, Some(B))).is_err());
}

#[test]
fn bang_edge_01_a_jailed_player_is_a_target() {
    let mut t = T::plain(4);
    t.equip(B, &[JAIL_4H])
        .give(B, &[MISSED_KC, BEER])
        .give(A, &[BANG_QH, DUEL, PANIC, CAT_BALOU]);
    t.play(A, BANG_QH, Some(B));
    t.respond(B, MISSED_KC);
    assert_eq!(t.hp(B), 4);
    t.play(A, PANIC, Some(B));
    assert_eq!(t.s.p(B).hand.len(), 0);
    t.give(B, &[BEER2]);
    t.ok(
        A,
        Action::Play {
            card: CAT_BALOU,
            target: Some(B),
            in_play: Some(JAIL_4H),
        },
    );
    assert!(t.s.p(B).in_play.is_empty());
    t.play(A, DUEL, Some(B));
    t.pass(B);
    assert_eq!(t.hp(B), 3);
}

#[test]
fn bang_edge_10_the_same_barrel_is_drawn_once() {
    let mut t = T::new(
        &[SlabTheKiller, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.equip(B, &[BARREL])
        .give(B, &[MISSED_KC, MISSED_2S])
        .give(A, &[BANG_QH]);
    t.stack(&[BANG_4D]);
    t.play(A, BANG_QH, Some(B));
    t.ok(B, Action::Barrel);
    assert!(t.act(B, Action::Barrel).is_err());
    t.respond(B, MISSED_KC);
    t.respond(B, MISSED_2S);
    assert_eq!(t.hp(B), 4, "two Missed! cancel Slab's BANG!");
}

#[test]
fn auto_orders_use_barrels_first_then_missed() {
    let mut t = T::new(
        &[SlabTheKiller, Jourdonnais, JesseJones, BlackJack],
        &roles(4),
    );
    t.orders(B, auto())
        .equip(B, &[BARREL])
        .give(B, &[MISSED_KC, BEER])
        .give(A, &[BANG_QH]);
    t.stack(&[BANG_4D, BEER_8H]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!has(&events, |e| matches!(e, Event::WindowOpened { .. })));
    assert_eq!(t.hp(B), 4);
    assert_eq!(t.hand(B), vec![BEER]);
    // Without enough Missed! effects, auto keeps the card and takes the hit.
    let mut t = T::new(
        &[SlabTheKiller, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.orders(B, auto())
        .give(B, &[MISSED_KC])
        .give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!((t.hp(B), t.hand(B)), (3, vec![MISSED_KC]));
}

#[test]
fn asking_depends_on_public_facts_only() {
    // B holds no Missed!: he is asked all the same (his hand is not empty).
    let mut t = T::plain(4);
    t.give(B, &[BEER]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.waiting(), vec![(B, Decision::Shot { needed: 1 })]);
    assert_eq!(legal_actions(&t.s, B), vec![Action::Pass]);
    // An empty hand without a Barrel: not asked.
    let mut t = T::plain(4);
    t.give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.hp(B), 3);
}
