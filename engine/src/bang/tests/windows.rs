//! Reaction windows, standing orders and expiry; the JSON door.

use super::*;
use crate::core::{Decided, Ruleset};
use serde_json::json;

#[test]
fn a_window_asks_one_seat_and_expires_with_the_safe_default() {
    let mut t = T::plain(4);
    t.s.reaction_seconds = Some(30);
    t.give(B, &[MISSED_KC]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    let asking = Bang::asking(&t.s).unwrap();
    assert_eq!(asking.opened, t.s.version, "opened by the last event");
    assert!(asking.asked.contains(B) && !asking.asked.contains(A));
    assert!(Bang::pending(&t.s).iter().all(Bang::is_reaction));
    let events = expire(&mut t.s, &mut GameRng::scripted(vec![])).unwrap();
    assert_eq!(events[0], Event::WindowExpired);
    assert_eq!(Bang::decided(&events[0]), Some(Decided::Expiry));
    assert_eq!(t.hp(B), 3, "no card played: he takes the hit");
    assert_eq!(t.hand(B), vec![MISSED_KC]);
    assert!(
        expire(&mut t.s, &mut GameRng::scripted(vec![])).is_err(),
        "nothing open"
    );
}

#[test]
fn general_store_expiry_takes_the_first_card() {
    let mut t = T::plain(4);
    t.give(A, &[GENERAL_STORE]).stack(&[1, 2, 3, 4]);
    t.play(A, GENERAL_STORE, None);
    expire(&mut t.s, &mut GameRng::scripted(vec![])).unwrap();
    assert_eq!(t.hand(A), vec![1]);
    assert_eq!(t.waiting(), vec![(B, Decision::Store)]);
}

#[test]
fn orders_are_private_and_answer_later_windows() {
    let mut t = T::plain(4);
    t.give(B, &[BEER, BANG_KH]).give(A, &[INDIANS]);
    let events = t.ok(B, Action::SetOrders { orders: auto() });
    assert_eq!(events.len(), 1);
    assert!(Bang::hides(&events[0]));
    assert_eq!(
        redact(&events[0], Viewer::Seat(A)),
        Event::OrdersSet {
            seat: B,
            orders: None
        }
    );
    assert!(matches!(
        Bang::decided(&events[0]),
        Some(Decided::Action(B, Action::SetOrders { .. }))
    ));
    assert!(
        legal_actions(&t.s, B).is_empty(),
        "set_orders is not listed"
    );
    let events = t.play(A, INDIANS, None);
    assert!(has(&events, |e| matches!(
        e,
        Event::BangDiscarded {
            seat: B,
            card: BANG_KH
        }
    )));
    assert!(!has(&events, |e| matches!(
        e,
        Event::WindowOpened { seat: B, .. }
    )));
    assert_eq!(view(&t.s, Viewer::Seat(B)).orders, Some(auto()));
    assert_eq!(view(&t.s, Viewer::Spectator).orders, None);
}

#[test]
fn auto_dying_drinks_only_when_it_saves() {
    let mut t = T::plain(4);
    t.orders(B, auto())
        .life(B, 1)
        .give(B, &[BEER])
        .give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!((t.hp(B), t.alive(B)), (1, true));
    let mut t = T::plain(4);
    t.orders(B, auto())
        .life(B, 1)
        .give(B, &[BEER])
        .equip(A, &[DYNAMITE]);
    t.life(B, 2).equip(B, &[]);
    t.s.table[A as usize].in_play.clear();
    t.equip(B, &[DYNAMITE]).stack(&[MISSED_2S]);
    t.turn(B);
    assert!(!t.alive(B), "one Beer cannot save him from -1");
    assert!(
        t.s.discard.contains(&BEER),
        "his cards were discarded, not drunk"
    );
    assert!(
        !t.log
            .iter()
            .any(|e| matches!(e, Event::CardPlayed { card: BEER, .. }))
    );
}

#[test]
fn hiding_events_are_exactly_those_that_hide() {
    for tag in HIDING_EVENTS {
        assert!(
            [
                "role_dealt",
                "characters_offered",
                "character_chosen",
                "deck_shuffled",
                "cards_drawn",
                "kit_looked",
                "map_looked",
                "kit_kept",
                "card_stolen",
                "cards_inherited",
                "orders_set",
                "equipment_shuffled",
                "stations_shuffled",
                "railcars_shuffled",
                "card_given"
            ]
            .contains(tag)
        );
    }
    let e = Event::DeckShuffled {
        order: vec![Some(3), Some(1)],
    };
    assert_eq!(
        redact(&e, Viewer::Seat(0)),
        Event::DeckShuffled {
            order: vec![None, None]
        }
    );
    assert_eq!(redact(&e, Viewer::Omniscient), e);
}

#[test]
fn the_json_door_plays_a_card_game() {
    let entry = crate::ruleset("bang").expect("registered");
    assert_eq!(entry.players(), 3..=8);
    let seed = Seed::from_u64(5);
    let events = entry
        .start(5, &json!({"character_choice": 1}), Vec::new(), seed)
        .unwrap();
    assert!(
        entry
            .start(5, &json!({"expansions": ["nope"]}), Vec::new(), seed)
            .unwrap_err()
            .contains("nope")
    );
    let mut game = entry.new_game();
    for e in &events {
        game.apply(e).unwrap();
    }
    let seat = game.waiting()[0];
    let legal = game.legal(seat);
    assert!(!legal.is_empty());
    let crate::game::Outcome {
        events: more, next, ..
    } = game.play(seat, &legal[0], seed).unwrap();
    assert!(!more.is_empty());
    assert!(next.version() > game.version());
    assert!(
        game.play(seat, &json!({"type": "end_turn", "x": 1}), seed)
            .is_err()
    );
    let orders = json!({"type": "set_orders", "orders": {"shot": "auto", "store": "first"}});
    assert!(game.anytime(&orders));
    let other = (seat + 1) % 5;
    assert!(game.play(other, &orders, seed).is_ok());
    let shuffle = events
        .iter()
        .find(|e| e["type"] == "deck_shuffled")
        .unwrap();
    let shown = game.redact(shuffle, Viewer::Spectator);
    assert_eq!(shown["type"], "deck_shuffled");
    assert!(
        shown["order"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_null)
    );
}

use serde_json::Value;
