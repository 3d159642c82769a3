//! §20 "Turn, limits, phase 3" and "Distance and reach", with §19 edge cases
//! 13, 14, 17, 18, 19, 20.

use super::*;

fn never() -> Orders {
    Orders {
        shot: Reply::Pass,
        dying: Reply::Pass,
        indians: Reply::Pass,
        duel: Reply::Pass,
        store: StoreReply::First,
    }
}

#[test]
fn bang_ac_04_one_bang_per_turn() {
    let mut t = T::plain(4);
    t.give(A, &[BANG_QH, BANG_KH]).give(B, &[BEER]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.waiting(), vec![(B, Decision::Shot { needed: 1 })]);
    t.pass(B);
    assert_eq!(t.hp(B), 3);
    assert!(matches!(
        t.act(A, play_at(BANG_KH, Some(B))),
        Err(ActionError::Illegal(_))
    ));
}

#[test]
fn bang_ac_05_gatling_does_not_use_the_bang() {
    let mut t = T::plain(4);
    for seat in [B, C, D] {
        t.orders(seat, never());
    }
    t.give(A, &[GATLING, BANG_QH, BANG_KH]);
    t.play(A, GATLING, None);
    assert_eq!((t.hp(B), t.hp(C), t.hp(D)), (3, 3, 3));
    t.play(A, BANG_QH, Some(B));
    assert!(t.act(A, play_at(BANG_KH, Some(B))).is_err());
}

#[test]
fn bang_ac_06_duel_discards_do_not_count() {
    let mut t = T::plain(4);
    t.give(A, &[DUEL, BANG_QH, BANG_KH, BANG_2D, SCHOFIELD]);
    t.give(B, &[BANG_4D, BANG_9D]);
    t.play(A, SCHOFIELD, None);
    t.play(A, DUEL, Some(B));
    t.respond(B, BANG_4D);
    t.respond(A, BANG_QH);
    t.respond(B, BANG_9D);
    t.respond(A, BANG_KH);
    assert_eq!(
        t.waiting(),
        vec![(A, Decision::Play)],
        "B has no card left: he loses at once"
    );
    assert_eq!(t.hp(B), 3);
    t.give(C, &[BEER]);
    t.play(A, BANG_2D, Some(C));
    assert_eq!(t.waiting(), vec![(C, Decision::Shot { needed: 1 })]);
}

#[test]
fn bang_ac_07_willy_the_kid_and_volcanic() {
    let mut t = T::new(
        &[WillyTheKid, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.orders(B, never()).give(A, &[BANG_QH, BANG_KH, BANG_2D]);
    for card in [BANG_QH, BANG_KH, BANG_2D] {
        t.play(A, card, Some(B));
    }
    assert_eq!(t.hp(B), 1);
    let mut t = T::plain(4);
    t.orders(B, never())
        .give(A, &[VOLCANIC, BANG_QH, BANG_KH, BANG_2D]);
    t.play(A, VOLCANIC, None);
    for card in [BANG_QH, BANG_KH, BANG_2D] {
        t.play(A, card, Some(B));
    }
    assert_eq!(t.hp(B), 1);
}

#[test]
fn bang_ac_08_phase_3_discards_down_to_life() {
    let mut t = T::plain(4);
    t.life(A, 3).give(A, &[1, 2, 3, 4, 5, 6]);
    t.ok(A, Action::EndTurn);
    assert_eq!(t.waiting(), vec![(A, Decision::Discard { count: 3 })]);
    t.ok(A, Action::Discard { card: 2 });
    t.ok(A, Action::Discard { card: 4 });
    assert_eq!(t.s.turn.seat, A);
    t.ok(A, Action::Discard { card: 6 });
    assert_eq!(t.hand(A), vec![1, 3, 5]);
    assert_eq!(t.s.turn.seat, B, "the next player's turn");
}

#[test]
fn bang_ac_10_no_missed_in_own_turn() {
    let mut t = T::plain(4);
    t.give(A, &[MISSED_KC]);
    assert!(t.act(A, play_at(MISSED_KC, None)).is_err());
    assert!(t.act(A, play_at(MISSED_KC, Some(B))).is_err());
    assert!(t.act(A, Action::Respond { card: MISSED_KC }).is_err());
}

#[test]
fn bang_ac_11_reach_of_a_schofield() {
    let mut t = T::plain(6);
    t.equip(A, &[SCHOFIELD]).give(A, &[BANG_QH]);
    assert_eq!(t.s.distance(A, C), 2);
    assert_eq!(t.s.distance(A, D), 3);
    assert!(t.act(A, play_at(BANG_QH, Some(D))).is_err());
    t.play(A, BANG_QH, Some(C));
}

#[test]
fn bang_ac_12_mustang_and_scope() {
    let mut t = T::plain(6);
    t.equip(A, &[SCHOFIELD])
        .equip(D, &[MUSTANG])
        .give(A, &[BANG_QH]);
    assert_eq!(t.s.distance(A, D), 4);
    t.equip(A, &[SCOPE]);
    assert_eq!(t.s.distance(A, D), 3);
    assert!(t.act(A, play_at(BANG_QH, Some(D))).is_err());
}

#[test]
fn bang_ac_13_panic_ignores_weapons() {
    let mut t = T::plain(5);
    t.equip(A, &[WINCHESTER]).give(C, &[BEER]).give(A, &[PANIC]);
    assert!(t.act(A, play_at(PANIC, Some(C))).is_err());
    let mut t = T::plain(5);
    t.equip(A, &[SCOPE]).give(C, &[BEER]).give(A, &[PANIC]);
    t.play(A, PANIC, Some(C));
    assert_eq!(t.hand(A), vec![BEER]);
}

#[test]
fn bang_ac_14_panic_on_a_mustang() {
    let mut t = T::plain(4);
    t.equip(B, &[MUSTANG]).give(B, &[BEER]).give(A, &[PANIC]);
    assert_eq!(t.s.distance(A, B), 2);
    assert!(t.act(A, play_at(PANIC, Some(B))).is_err());
}

#[test]
fn bang_ac_15_rose_doolan_with_a_scope() {
    let mut t = T::new(
        &[RoseDoolan, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.equip(A, &[SCOPE]);
    assert_eq!(t.s.distance(A, B), 1);
    assert_eq!(t.s.distance(A, C), 1);
}

#[test]
fn bang_ac_16_distances_shrink() {
    let mut t = T::plain(5);
    t.give(A, &[BANG_QH]);
    assert_eq!(t.s.distance(A, C), 2);
    assert!(t.act(A, play_at(BANG_QH, Some(C))).is_err());
    t.dead(B);
    assert_eq!(t.s.distance(A, C), 1);
    t.play(A, BANG_QH, Some(C));
}

#[test]
fn bang_edge_13_paul_regret_with_mustang() {
    let t = T::new(
        &[PedroRamirez, PaulRegret, JesseJones, BlackJack],
        &roles(4),
    );
    assert_eq!(t.s.distance(A, B), 2);
    let mut t = t;
    t.equip(B, &[MUSTANG]);
    assert_eq!(t.s.distance(A, B), 3);
    let mut t = T::new(
        &[RoseDoolan, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.equip(A, &[SCOPE]);
    assert_eq!(t.s.distance(A, C), 1, "never below 1");
}

#[test]
fn bang_edge_17_same_name_rule() {
    let mut t = T::plain(4);
    t.equip(A, &[BARREL, MUSTANG])
        .equip(B, &[JAIL_4H])
        .give(A, &[65, 68, JAIL_10S]);
    assert!(t.act(A, play_at(65, None)).is_err());
    assert!(t.act(A, play_at(68, None)).is_err());
    assert!(t.act(A, play_at(JAIL_10S, Some(B))).is_err());
    t.play(A, JAIL_10S, Some(C));
    assert_eq!(t.s.p(C).in_play.to_vec(), vec![JAIL_10S]);
}

#[test]
fn bang_edge_18_weapons_replace_but_not_themselves() {
    let mut t = T::plain(4);
    t.equip(A, &[VOLCANIC]).give(A, &[VOLCANIC_10S, SCHOFIELD]);
    assert!(t.act(A, play_at(VOLCANIC_10S, None)).is_err());
    t.play(A, SCHOFIELD, None);
    assert_eq!(t.s.p(A).in_play.to_vec(), vec![SCHOFIELD]);
    assert_eq!(t.s.discard.last(), Some(&VOLCANIC));
}

#[test]
fn bang_edge_19_calamity_missed_as_bang_needs_reach() {
    let mut t = T::new(
        &[CalamityJanet, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.give(A, &[MISSED_KC, BANG_QH]);
    assert!(
        t.act(A, play_at(MISSED_KC, Some(C))).is_err(),
        "C is at distance 2"
    );
    t.play(A, MISSED_KC, Some(B));
    assert!(t.act(A, play_at(BANG_QH, Some(B))).is_err());
}

#[test]
fn bang_edge_20_volcanic_has_reach_1() {
    let mut t = T::plain(5);
    t.equip(A, &[VOLCANIC]).give(A, &[BANG_QH]);
    assert_eq!(t.s.reach(A), 1);
    assert!(t.act(A, play_at(BANG_QH, Some(C))).is_err());
}

#[test]
fn bang_edge_15_random_hand_card_or_chosen_card_in_play() {
    let mut t = T::plain(4);
    t.give(B, &[BEER, SALOON, MISSED_KC])
        .equip(B, &[BARREL])
        .give(A, &[CAT_BALOU, 55]);
    t.script = vec![2];
    let events = t.play(A, CAT_BALOU, Some(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::Discarded { seat: B, cards } if cards == &vec![MISSED_KC]
    )));
    t.ok(
        A,
        Action::Play {
            card: 55,
            target: Some(B),
            in_play: Some(BARREL),
        },
    );
    assert!(t.s.p(B).in_play.is_empty());
    assert_eq!(t.hand(B), vec![BEER, SALOON]);
}

#[test]
fn bang_edge_32_cards_in_play_belong_to_their_holder() {
    // Cat Balou on oneself: only one's own cards in play (D-B5).
    let mut t = T::plain(4);
    t.equip(A, &[DYNAMITE]).give(A, &[CAT_BALOU, BEER]);
    let own: Vec<Action> = legal_actions(&t.s, A)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Play {
                    card: CAT_BALOU,
                    target: Some(A),
                    ..
                }
            )
        })
        .collect();
    assert_eq!(
        own,
        vec![Action::Play {
            card: CAT_BALOU,
            target: Some(A),
            in_play: Some(DYNAMITE)
        }]
    );
    t.ok(A, own[0]);
    assert!(t.s.p(A).in_play.is_empty());
}
