//! Whether a seat is asked depends only on public facts and its own orders,
//! never on what it holds: two tables differing only in the contents of one
//! hand (of the same size) ask the same and record the same events.

use super::super::*;
use super::train::*;
use crate::bang::TrainAction;

/// The Locomotive at the last station: A's automatic advance ends the line.
/// Car 1 ↔ Virginia Town (two cards), car 2 ↔ Crown's Hole (a Beer), car 3
/// ↔ Dodgeville (a Missed!).
fn end_of_the_line(hand: Card) -> (T, Vec<Event>) {
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 4);
    t.give(A, &[hand]);
    let events = start_turn(&mut t, A);
    (t, events)
}

#[test]
fn the_railcar_chance_is_offered_whether_or_not_his_card_pays() {
    let (pays, pays_events) = end_of_the_line(BEER);
    let (not, not_events) = end_of_the_line(BANG_QH);
    assert_eq!(pays_events, not_events, "nothing shows which card he holds");
    for t in [&pays, &not] {
        assert_eq!(
            t.waiting(),
            vec![(A, Decision::Train(TrainDecision::RailcarChance))]
        );
    }
    assert!(legal_actions(&pays.s, A).iter().any(|a| matches!(
        a,
        Action::Train(TrainAction::TakeRailcar {
            pay: Some(BEER),
            ..
        })
    )));
    assert_eq!(
        legal_actions(&not.s, A),
        vec![Action::Pass],
        "he may only pass"
    );
    let mut not = not;
    not.pass(A);
    assert_ne!(not.s.train.end, Some(crate::bang::train::EndStage::Chance));
}

#[test]
fn the_railcar_chance_is_not_offered_when_public_facts_rule_it_out() {
    // An empty hand and nothing in play: no station can be paid, as anyone sees.
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 4);
    start_turn(&mut t, A);
    assert!(
        !t.waiting()
            .contains(&(A, Decision::Train(TrainDecision::RailcarChance)))
    );
}

/// Evan Babbit (B), with `hand`, shot by A's BANG! 4♦.
fn evan(hand: Card) -> (T, Vec<Event>) {
    let mut t = tr(
        &[PedroRamirez, EvanBabbit, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.give(A, &[BANG_4D]).give(B, &[hand]);
    let events = t.play(A, BANG_4D, Some(B));
    (t, events)
}

#[test]
fn evan_babbit_is_asked_whether_or_not_he_holds_the_suit() {
    let (suit, suit_events) = evan(BANG_9D);
    let (other, other_events) = evan(MISSED_KC);
    assert_eq!(
        suit_events, other_events,
        "nothing shows which card he holds"
    );
    for t in [&suit, &other] {
        assert_eq!(
            pending(&t.s).to_vec(),
            vec![Pending {
                seat: B,
                decision: Decision::Train(TrainDecision::EvanBabbit),
                reaction: true
            }]
        );
    }
    assert!(
        legal_actions(&suit.s, B).contains(&Action::Train(TrainAction::Redirect {
            card: BANG_9D,
            target: C
        }))
    );
    assert_eq!(
        legal_actions(&other.s, B),
        vec![Action::Pass],
        "only his real same-suit cards redirect"
    );
    let mut other = other;
    let events = other.pass(B);
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::RedirectDeclined { seat: B })
    )));
}

#[test]
fn evan_babbit_with_an_empty_hand_is_not_asked() {
    let mut t = tr(
        &[PedroRamirez, EvanBabbit, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.give(A, &[BANG_4D]);
    t.play(A, BANG_4D, Some(B));
    assert!(
        !t.waiting()
            .iter()
            .any(|(_, d)| *d == Decision::Train(TrainDecision::EvanBabbit))
    );
}
