//! The Great Train Robbery's out-of-turn decisions as reaction windows: a
//! Train Robbery's target, Evan Babbit (TC2) and Shade O'Connor (TC7). Each
//! window opens with `reaction: true` and a live deadline, closes when
//! answered, expires into its safe default, and no standing order answers it.

use super::super::*;
use super::train::*;
use crate::bang::TrainAction;
use crate::core::{Decided, Ruleset};

const TRAIN_ROBBERY: Card = 94;

/// Every window of the table's kinds ordered `pass`, then `auto`: neither
/// answers a window these orders say nothing about.
fn all_pass() -> Orders {
    Orders {
        shot: Reply::Pass,
        dying: Reply::Pass,
        indians: Reply::Pass,
        duel: Reply::Pass,
        store: StoreReply::First,
    }
}

/// The server's expiry of the open window (the state must have a live
/// reaction time); the invariants hold after it.
fn expire_now(t: &mut T) -> Vec<Event> {
    let events = crate::core::expire::<Bang>(&mut t.s, &mut GameRng::scripted(vec![]))
        .expect("a window to expire");
    check_invariants(&t.s).unwrap();
    t.log.extend_from_slice(&events);
    events
}

/// The open window asks `seat` for `kind` as a reaction, with a deadline.
fn asks(t: &T, seat: Seat, kind: WindowKind, decision: Decision) {
    let w = t.s.window.expect("a window is open");
    assert_eq!((w.seat, w.kind), (seat, kind));
    assert_eq!(
        pending(&t.s).to_vec(),
        vec![Pending {
            seat,
            decision,
            reaction: true,
        }]
    );
    let asking = Bang::asking(&t.s).expect("a live window");
    assert!(asking.asked.contains(seat));
    assert_eq!(asking.opened, w.opened);
}

/// A Train Robbery by A against B, who has a Barrel and a Mustang in play.
fn robbery(orders: Orders) -> T {
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
    t.s.reaction_seconds = Some(30);
    t.orders(B, orders);
    t.equip(B, &[BARREL, MUSTANG]).give(A, &[TRAIN_ROBBERY]);
    let events = t.play(A, TRAIN_ROBBERY, Some(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::WindowOpened {
            seat: B,
            kind: WindowKind::Train(TrainWindow::Robbery)
        }
    )));
    asks(
        &t,
        B,
        WindowKind::Train(TrainWindow::Robbery),
        Decision::Train(TrainDecision::Robbery),
    );
    t
}

#[test]
fn train_robbery_target_decides_in_a_reaction_window() {
    let mut t = robbery(Orders::default());
    let first = t.s.window.unwrap().opened;
    let events = t.ok(
        B,
        Action::Train(TrainAction::Robbery {
            card: BARREL,
            discard: true,
        }),
    );
    assert!(t.s.discard.contains(&BARREL));
    // The answer closed the window; the next card opens a new one.
    let acted = at(&events, |e| matches!(e, Event::Acted { seat: B, .. }));
    let reopened = at(&events, |e| {
        matches!(
            e,
            Event::WindowOpened {
                seat: B,
                kind: WindowKind::Train(TrainWindow::Robbery)
            }
        )
    });
    assert!(acted < reopened);
    assert!(t.s.window.unwrap().opened > first);
    asks(
        &t,
        B,
        WindowKind::Train(TrainWindow::Robbery),
        Decision::Train(TrainDecision::Robbery),
    );
    t.ok(
        B,
        Action::Train(TrainAction::Robbery {
            card: MUSTANG,
            discard: true,
        }),
    );
    assert_eq!(t.s.window, None);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

#[test]
fn train_robbery_expiry_takes_the_bang_effect_for_the_next_card() {
    let mut t = robbery(Orders::default());
    let events = expire_now(&mut t);
    assert_eq!(events[0], Event::WindowExpired);
    assert_eq!(Bang::decided(&events[0]), Some(Decided::Expiry));
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::RobberyHandled {
            seat: B,
            card: BARREL,
            discard: false
        })
    )));
    assert!(has(&events, |e| matches!(
        e,
        Event::ShotAt { target: B, .. }
    )));
    // No card in play was given up; the shot has its own window and deadline.
    assert_eq!(t.s.p(B).in_play.to_vec(), vec![BARREL, MUSTANG]);
    asks(&t, B, WindowKind::Shot, Decision::Shot { needed: 1 });
    let events = expire_now(&mut t);
    assert!(has(&events, |e| matches!(
        e,
        Event::LifeLost {
            seat: B,
            by: Some(A),
            ..
        }
    )));
    // Then the Mustang, in a new Robbery window.
    asks(
        &t,
        B,
        WindowKind::Train(TrainWindow::Robbery),
        Decision::Train(TrainDecision::Robbery),
    );
    assert_eq!(
        legal_actions(&t.s, B),
        vec![
            Action::Train(TrainAction::Robbery {
                card: MUSTANG,
                discard: true
            }),
            Action::Train(TrainAction::Robbery {
                card: MUSTANG,
                discard: false
            }),
        ]
    );
}

#[test]
fn standing_orders_never_answer_a_train_robbery() {
    for orders in [auto(), all_pass()] {
        let t = robbery(orders);
        assert_eq!(t.s.p(B).in_play.len(), 2, "nothing handled unasked");
    }
}

/// Evan Babbit (B) shot by A's BANG! 4♦, with a 9♦ and a Missed! in hand.
fn evan(orders: Orders) -> T {
    let mut t = tr(
        &[PedroRamirez, EvanBabbit, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.s.reaction_seconds = Some(30);
    t.orders(B, orders);
    t.give(A, &[BANG_4D]).give(B, &[BANG_9D, MISSED_KC]);
    t.play(A, BANG_4D, Some(B));
    asks(
        &t,
        B,
        WindowKind::Train(TrainWindow::EvanBabbit),
        Decision::Train(TrainDecision::EvanBabbit),
    );
    t
}

#[test]
fn evan_babbit_decides_in_a_reaction_window() {
    let mut t = evan(Orders::default());
    let events = t.ok(
        B,
        Action::Train(TrainAction::Redirect {
            card: BANG_9D,
            target: C,
        }),
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::ShotAt { target: C, .. }
    )));
    assert_eq!(t.s.train.evan, None);
    assert_eq!(
        t.s.window, None,
        "answered; C, without a card, takes the hit"
    );
    assert_eq!(t.hp(C), 3);
    // `pass` in the window: no redirect.
    let mut t = evan(Orders::default());
    let events = t.pass(B);
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::RedirectDeclined { seat: B })
    )));
    asks(&t, B, WindowKind::Shot, Decision::Shot { needed: 1 });
}

#[test]
fn evan_babbit_expiry_redirects_nothing() {
    let mut t = evan(Orders::default());
    let events = expire_now(&mut t);
    assert_eq!(events[0], Event::WindowExpired);
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::RedirectDeclined { seat: B })
    )));
    assert!(!has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::ShotRedirected { .. })
    )));
    assert_eq!(t.hand(B), vec![BANG_9D, MISSED_KC], "he keeps his cards");
    asks(&t, B, WindowKind::Shot, Decision::Shot { needed: 1 });
}

#[test]
fn standing_orders_never_answer_evan_babbit() {
    for orders in [auto(), all_pass()] {
        let t = evan(orders);
        assert_eq!(t.hand(B), vec![BANG_9D, MISSED_KC]);
        assert_eq!(t.hp(B), 4);
    }
}

/// Shade O'Connor (B) sees the train advance at the start of A's turn.
fn shade(orders: Orders) -> T {
    let mut t = tr(
        &[PedroRamirez, ShadeOConnor, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.s.reaction_seconds = Some(30);
    t.orders(B, orders);
    t.give(B, &[BEER]);
    start_turn(&mut t, A);
    asks(
        &t,
        B,
        WindowKind::Train(TrainWindow::ShadeOConnor),
        Decision::Train(TrainDecision::ShadeOConnor),
    );
    t
}

#[test]
fn shade_oconnor_decides_in_a_reaction_window() {
    let mut t = shade(Orders::default());
    t.ok(B, Action::Discard { card: BEER });
    assert_eq!(t.s.train.shade, None);
    assert_ne!(
        t.s.window.map(|w| w.kind),
        Some(WindowKind::Train(TrainWindow::ShadeOConnor)),
        "the answer closed it"
    );
    let mut t = shade(Orders::default());
    t.pass(B);
    assert_eq!(t.hand(B), vec![BEER]);
    assert_eq!(t.s.window, None);
}

#[test]
fn shade_oconnor_expiry_swaps_nothing() {
    let mut t = shade(Orders::default());
    let events = expire_now(&mut t);
    assert_eq!(events[0], Event::WindowExpired);
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::TrainWatched { seat: B })
    )));
    assert_eq!(t.hand(B), vec![BEER], "no swap");
    assert_eq!(t.s.train.shade, None);
    assert_eq!(t.s.window, None);
    assert_ne!(t.s.turn.phase, Phase::Start, "the turn goes on");
}

#[test]
fn standing_orders_never_answer_shade_oconnor() {
    for orders in [auto(), all_pass()] {
        let t = shade(orders);
        assert_eq!(t.hand(B), vec![BEER]);
    }
}

#[test]
fn a_solo_npc_robbed_is_decided_by_the_rules_not_by_expiry() {
    use crate::bang::tests::solo::{SOLO_PLAIN, SOLO_ROLES, npc_acts};
    let mut t = tr(&SOLO_PLAIN, &SOLO_ROLES, &[1, 2, 3, 4, 5, 6], 1);
    t.s.solo = Some(crate::bang::Solo::default());
    crate::bang::expansion::switch(&mut t.s, crate::bang::solo::MODE, true);
    for p in t.s.table.iter_mut() {
        p.role_public = true;
    }
    t.s.reaction_seconds = Some(30);
    t.equip(C, &[BARREL, MUSTANG]).give(A, &[TRAIN_ROBBERY]);
    let events = t.play(A, TRAIN_ROBBERY, Some(C));
    let robbed: Vec<Action> = npc_acts(&events)
        .into_iter()
        .filter(|(seat, action, _)| {
            *seat == C && matches!(action, Action::Train(TrainAction::Robbery { .. }))
        })
        .map(|(_, action, _)| action)
        .collect();
    assert_eq!(
        robbed.len(),
        2,
        "both cards handled by the rules: {robbed:?}"
    );
    assert!(
        robbed
            .iter()
            .all(|a| matches!(a, Action::Train(TrainAction::Robbery { .. })))
    );
    assert!(!has(&events, |e| matches!(e, Event::WindowExpired)));
    assert_eq!(t.s.window, None);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}
