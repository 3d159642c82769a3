//! Acceptance cases of the Great Train Robbery's characters (§14, §17), and
//! one case per character ability the list does not cover (`tgr_tcN_…`).

use super::super::*;
use super::train::*;
use crate::bang::TrainAction;
use crate::bang::train::{Advance, EndStage};

#[test]
fn tgr_ac_08_zippy_roy_advances_without_a_take_then_uses_the_free_advance() {
    let mut t = tr(
        &[PedroRamirez, ZippyRoy, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.give(B, &[MISSED_KC]);
    t.s.turn.seat = B;
    let events = t.ok(B, Action::Train(TrainAction::AdvanceTrain));
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::TrainAdvanced {
            how: Advance::ZippyRoy
        })
    )));
    assert!(!has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::RailcarTaken { .. })
    )));
    assert_eq!(t.s.train.position, 2);
    assert_eq!(t.waiting(), vec![(B, Decision::Play)], "no obligation");
    assert!(
        t.act(B, Action::Train(TrainAction::AdvanceTrain)).is_err(),
        "once a turn"
    );
    // The free advance: car 1 ↔ S2 (Dodgeville), paid with the Missed!.
    t.ok(B, take_after_advance(MAIL_CAR, Some(MISSED_KC)));
    assert!(t.s.p(B).in_play.contains(&MAIL_CAR));
    assert_eq!(t.s.train.position, 3);
}

#[test]
fn tgr_ac_21_sancho_takes_his_free_railcar_after_the_free_advance() {
    let mut t = tr(
        &[PedroRamirez, Sancho, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.give(B, &[BANG_QH, MISSED_KC]);
    t.s.turn.seat = B;
    // Car 3 will not be paired after the advance: his choice all the same.
    let events = t.ok(
        B,
        Action::Train(TrainAction::FreeRailcar {
            railcar: PASSENGER_CAR,
            place: None,
            advance: true,
        }),
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::TrainAdvanced { how: Advance::Free })
    )));
    assert!(t.s.p(B).in_play.contains(&PASSENGER_CAR));
    assert_eq!(t.hand(B).len(), 2, "for free");
    assert_eq!(t.s.train.taken, 1, "his railcar for the turn");
    assert!(
        !legal_actions(&t.s, B).iter().any(|a| matches!(
            a,
            Action::Train(TrainAction::TakeRailcar { .. })
                | Action::Train(TrainAction::FreeRailcar { .. })
        )),
        "he may not pay for another"
    );
    assert!(t.act(B, take(MAIL_CAR, Some(BANG_QH))).is_err());
}

#[test]
fn tgr_ac_51_manuelita_draws_2_when_another_players_free_advance_ends_the_line() {
    let mut t = tr(
        &[PedroRamirez, BlackJack, Manuelita, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        4,
    );
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    t.s.turn.seat = B;
    t.give(B, &[BANG_QH, BEER]);
    let car = t.s.train.cars[0];
    let events = t.ok(
        B,
        Action::Train(TrainAction::TakeRailcar {
            railcar: car,
            pay: Some(BANG_QH),
            pay_also: Some(BEER),
            place: None,
            advance: true,
        }),
    );
    let drawn = at(&events, |e| matches!(e, Event::CardsDrawn { seat: C, .. }));
    let shot = at(&events, |e| matches!(e, Event::ShotAt { .. }));
    assert!(drawn < shot, "before the Locomotive effect");
    let n: usize = events
        .iter()
        .map(|e| match e {
            Event::CardsDrawn { seat: C, cards } => cards.len(),
            _ => 0,
        })
        .sum();
    assert_eq!(n, 2);
}

#[test]
fn tgr_tc4_manuelita_draws_2_when_the_automatic_advance_ends_the_line() {
    let mut t = tr(
        &[PedroRamirez, Manuelita, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        4,
    );
    let events = start_turn(&mut t, A);
    let arrival = at(&events, |e| {
        matches!(
            e,
            Event::Train(TrainEvent::TrainStage {
                stage: Some(EndStage::Arrival)
            })
        )
    });
    let drawn = at(&events, |e| matches!(e, Event::CardsDrawn { seat: B, .. }));
    assert!(arrival < drawn);
    assert_eq!(t.hand(B).len(), 2);
}

#[test]
fn tgr_tc3_jimmy_texas_draws_at_the_end_of_his_turn_even_when_jailed() {
    let mut t = tr(
        &[PedroRamirez, JimmyTexas, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        2,
    );
    t.s.turn.seat = B;
    let events = t.ok(B, Action::EndTurn);
    assert!(has(&events, |e| matches!(
        e,
        Event::CardsDrawn { seat: B, .. }
    )));
    assert_eq!(t.hand(B).len(), 1);
    assert_eq!(t.s.turn.seat, C, "then the next turn");

    // Jailed: the check fails (a ♠ on top), he still draws at the end.
    let mut t = tr(
        &[PedroRamirez, JimmyTexas, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        2,
    );
    t.equip(B, &[JAIL_4H]).stack(&[MISSED_2S]);
    let events = start_turn(&mut t, B);
    let check = at(&events, |e| matches!(e, Event::CheckFlipped { .. }));
    let drawn = at(&events, |e| matches!(e, Event::CardsDrawn { seat: B, .. }));
    assert!(check < drawn);
    assert_eq!(t.hand(B).len(), 1);
}

#[test]
fn tgr_characters_do_nothing_without_the_expansion() {
    // Without the expansion nobody gets the train's actions.
    let mut t = T::new(&[PedroRamirez, ZippyRoy, Sancho, JimmyTexas], &roles(4));
    t.s.turn.seat = B;
    assert!(!legal_actions(&t.s, B).contains(&Action::Train(TrainAction::AdvanceTrain)));
    let events = t.ok(B, Action::EndTurn);
    assert!(!has(&events, |e| matches!(
        e,
        Event::CardsDrawn { seat: B, .. }
    )));
}

#[test]
fn tgr_ac_49_sgt_blazes_general_store_exempting_d() {
    let mut t = tr(
        &[SgtBlaze, PedroRamirez, BlackJack, KitCarlson, JesseJones],
        &roles(5),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, 13, VIRGINIA_TOWN],
        1,
    );
    t.give(A, &[GENERAL_STORE]);
    let events = t.play(A, GENERAL_STORE, Some(D));
    let revealed = store_revealed(&events);
    assert_eq!(revealed, 4, "one card fewer");
    let order = t.pick_store_in_order(events);
    assert_eq!(order, vec![A, B, C, E], "D does not pick");
    assert!(t.hand(D).is_empty());
    assert_eq!(t.s.train.store_exempt, None);
}

#[test]
fn tgr_tc6_sgt_blazes_gatling_spares_the_exempted_player() {
    let mut t = tr(
        &[SgtBlaze, PedroRamirez, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    t.give(A, &[GATLING]);
    let events = t.play(A, GATLING, Some(C));
    let shot: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShotAt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shot, vec![B, D]);
    assert_eq!(t.hp(C), 4);
    // Another character may not name a target for his Gatling.
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
    t.give(A, &[GATLING]);
    assert!(t.act(A, play_at(GATLING, Some(C))).is_err());
}

#[test]
fn tgr_ac_50_shade_oconnor_swaps_a_card_when_the_sheriffs_turn_moves_the_train() {
    let mut t = tr(
        &[PedroRamirez, ShadeOConnor, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.give(B, &[BEER]);
    t.stack(&[BANG_QH]);
    start_turn(&mut t, A);
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::ShadeOConnor))]
    );
    let actions = legal_actions(&t.s, B);
    assert_eq!(actions, vec![Action::Discard { card: BEER }, Action::Pass]);
    let events = t.ok(B, Action::Discard { card: BEER });
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::TrainWatched { seat: B })
    )));
    assert_eq!(t.hand(B), vec![BANG_QH], "discarded 1, drew 1");
    assert!(t.s.discard.contains(&BEER));
    assert_eq!(t.s.train.shade, None);
    assert_ne!(t.s.turn.phase, Phase::Start, "the Sheriff's turn goes on");

    // In his own turn (Zippy Roy's advance would be his own): nothing. Here,
    // at the next automatic advance he may also let it go.
    let mut t = tr(
        &[PedroRamirez, ShadeOConnor, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.give(B, &[BEER]);
    start_turn(&mut t, A);
    t.pass(B);
    assert_eq!(t.hand(B), vec![BEER]);
    assert_eq!(t.s.train.shade, None);
}

#[test]
fn tgr_ac_12_manuelita_and_shade_act_on_arrival_before_the_locomotive() {
    let mut t = tr(
        &[PedroRamirez, BlackJack, Manuelita, ShadeOConnor],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        4,
    );
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    t.give(D, &[BEER]);
    t.s.turn.seat = B;
    t.give(B, &[BANG_QH, MISSED_KC]);
    let car = t.s.train.cars[0];
    let events = t.ok(
        B,
        Action::Train(TrainAction::TakeRailcar {
            railcar: car,
            pay: Some(BANG_QH),
            pay_also: Some(MISSED_KC),
            place: None,
            advance: true,
        }),
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::CardsDrawn { seat: C, .. }
    )));
    assert!(
        !has(&events, |e| matches!(e, Event::ShotAt { .. })),
        "Shade first"
    );
    assert_eq!(
        t.waiting(),
        vec![(D, Decision::Train(TrainDecision::ShadeOConnor))]
    );
    let events = t.ok(D, Action::Discard { card: BEER });
    let drawn = at(&events, |e| matches!(e, Event::CardsDrawn { seat: D, .. }));
    let shot = at(&events, |e| matches!(e, Event::ShotAt { .. }));
    assert!(drawn < shot);
    assert!(t.s.train.leland);
}

#[test]
fn tgr_ac_48_evan_babbit_redirects_a_bang_card_to_a_neighbour() {
    let table = |t: &mut T| {
        for seat in 0..4 {
            t.orders(seat, auto());
        }
        t.give(A, &[BANG_4D]).give(B, &[BANG_9D, MISSED_KC]);
    };
    let mut t = tr(
        &[PedroRamirez, EvanBabbit, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    table(&mut t);
    t.play(A, BANG_4D, Some(B));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::EvanBabbit))],
        "before any Missed!"
    );
    let actions = legal_actions(&t.s, B);
    assert!(actions.contains(&Action::Train(TrainAction::Redirect {
        card: BANG_9D,
        target: C
    })));
    assert!(
        !actions.contains(&Action::Train(TrainAction::Redirect {
            card: BANG_9D,
            target: A
        })),
        "never the shooter"
    );
    assert!(
        !actions.contains(&Action::Train(TrainAction::Redirect {
            card: MISSED_KC,
            target: C
        })),
        "the BANG! card's suit only"
    );
    assert!(
        t.act(
            B,
            Action::Train(TrainAction::Redirect {
                card: BANG_9D,
                target: A
            })
        )
        .is_err()
    );
    let events = t.ok(
        B,
        Action::Train(TrainAction::Redirect {
            card: BANG_9D,
            target: C,
        }),
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::ShotAt {
            target: C,
            source: A,
            ..
        }
    )));
    assert!(has(&events, |e| matches!(
        e,
        Event::LifeLost {
            seat: C,
            by: Some(A),
            ..
        }
    )));
    assert_eq!(t.hp(B), 4);
    assert_eq!(t.hand(B), vec![MISSED_KC]);
    assert!(t.s.discard.contains(&BANG_9D));

    // Only 2 players in play: the ability is refused.
    let mut t = tr(
        &[PedroRamirez, EvanBabbit, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.dead(C).dead(D);
    table(&mut t);
    t.play(A, BANG_4D, Some(B));
    assert!(
        !t.waiting()
            .iter()
            .any(|(_, d)| *d == Decision::Train(TrainDecision::EvanBabbit))
    );

    // He may let it come at him.
    let mut t = tr(
        &[PedroRamirez, EvanBabbit, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    table(&mut t);
    t.play(A, BANG_4D, Some(B));
    let events = t.pass(B);
    assert!(has(&events, |e| matches!(
        e,
        Event::ShotAt { target: B, .. }
    )));
}

#[test]
fn tgr_tc6_sgt_blaze_exempts_one_player_from_ironhorse_in_his_turn() {
    let mut t = tr(
        &[SgtBlaze, PedroRamirez, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        4,
    );
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    start_turn(&mut t, A);
    assert_eq!(
        t.waiting(),
        vec![(A, Decision::Train(TrainDecision::SgtBlaze))]
    );
    assert!(
        legal_actions(&t.s, A).contains(&Action::Train(TrainAction::Exempt { target: Some(A) }))
    );
    let events = t.ok(A, Action::Train(TrainAction::Exempt { target: Some(C) }));
    let shot: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShotAt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shot, vec![A, B, D], "C exempted");
    assert!(t.s.train.leland);
    assert_eq!(t.s.train.blaze, None);
}
