//! Part E "NPC turn mechanics" (LG-AC-05 to LG-AC-10) and the B9 tie-breaks
//! of using and discarding.

use super::*;

#[test]
fn lg_ac_05_phase_one_stacks_the_last_drawn_on_top() {
    let mut t = T::solo_plain();
    t.stack(&[MISSED_KC, MISSED_2S]); // X, then Y
    let events = t.turn(F);
    assert!(has(this_turn(&events), |e| matches!(
        e,
        Event::CardsDrawn { seat: F, cards } if cards == &[Some(MISSED_KC), Some(MISSED_2S)]
    )));
    assert_eq!(t.hand(F), vec![MISSED_KC, MISSED_2S], "Y on top of X");
    let v = view(&t.s, Viewer::Seat(A));
    assert_eq!(
        v.players[F as usize].hand,
        vec![Some(MISSED_KC), Some(MISSED_2S)]
    );
}

#[test]
fn lg_ac_06_the_scan_skips_what_is_not_usable() {
    let mut t = T::solo_plain();
    // O1's Stack top-down: Missed!, Beer, BANG!; full life; the Sheriff at distance 1.
    t.give(F, &[BANG_QH, BEER, MISSED_KC]);
    let events = t.npc_play(F);
    let acts = npc_acts(this_turn(&events));
    assert_eq!(
        acts,
        vec![
            (F, play_at(BANG_QH, Some(A)), Reason::PreferredTarget),
            (F, Action::EndTurn, Reason::NothingUsable),
        ]
    );
    assert_eq!(t.hand(F), vec![BEER, MISSED_KC]);
    assert_eq!(t.hp(A), 4, "the Sheriff had no card to answer with");
}

#[test]
fn lg_ac_07_bang_at_the_deputy_then_a_beer() {
    // O1 at F; the Deputy at E (distance 1); the Sheriff behind a Mustang (distance 2).
    let mut t = T::solo(
        &SOLO_PLAIN,
        &[Sheriff, Outlaw, Outlaw, Renegade, Deputy, Outlaw],
    );
    t.equip(A, &[MUSTANG]).life(F, 3);
    t.give(F, &[BEER, BANG_QH]);
    let events = t.npc_play(F);
    let acts = npc_acts(this_turn(&events));
    assert_eq!(
        acts[0],
        (F, play_at(BANG_QH, Some(E)), Reason::PreferredTarget)
    );
    assert_eq!(acts[1], (F, play_at(BEER, None), Reason::Heal));
    assert_eq!(t.hp(F), 4);
    assert_eq!(t.hp(E), 3);
}

#[test]
fn lg_ac_08_stagecoach_then_the_scan_restarts_from_the_new_top() {
    let mut t = T::solo_plain();
    t.give(F, &[STAGECOACH_9S]);
    t.stack(&[BANG_QH, MISSED_KC]);
    let events = t.npc_play(F);
    let turn = this_turn(&events);
    let acts = npc_acts(turn);
    assert_eq!(
        acts[0],
        (F, play_at(STAGECOACH_9S, None), Reason::DrawCards)
    );
    assert!(has(turn, |e| matches!(
        e,
        Event::CardsDrawn { seat: F, cards } if cards == &[Some(BANG_QH), Some(MISSED_KC)]
    )));
    // Top-down: Missed! (kept), BANG! (at the Sheriff).
    assert_eq!(
        acts[1],
        (F, play_at(BANG_QH, Some(A)), Reason::PreferredTarget)
    );
    assert_eq!(acts[2], (F, Action::EndTurn, Reason::NothingUsable));
    assert_eq!(t.hand(F), vec![MISSED_KC]);
}

#[test]
fn lg_ac_09_phase_three_discards_the_bottom_most() {
    let mut t = T::solo_plain();
    t.life(F, 2);
    t.give(F, &MISSES[..5]);
    let events = t.npc_play(F);
    let turn = this_turn(&events);
    let discarded: Vec<Card> = npc_acts(turn)
        .into_iter()
        .filter_map(|(_, a, r)| match a {
            Action::Discard { card } => {
                assert_eq!(r, Reason::HandLimit);
                Some(card)
            }
            _ => None,
        })
        .collect();
    assert_eq!(discarded, MISSES[..3].to_vec());
    assert_eq!(t.hand(F), MISSES[3..5].to_vec());
}

#[test]
fn lg_ac_10_one_bang_the_nearest_the_top() {
    let mut t = T::solo_plain();
    t.give(F, &[BANG_2D, BANG_QH]);
    let events = t.npc_play(F);
    let acts = npc_acts(this_turn(&events));
    assert_eq!(acts[0].1, play_at(BANG_QH, Some(A)));
    assert_eq!(acts[1].1, Action::EndTurn);
    assert_eq!(t.hand(F), vec![BANG_2D], "the second BANG! stays");
    // Willy the Kid uses both.
    let mut t = T::solo(
        &[
            PedroRamirez,
            JesseJones,
            KitCarlson,
            BlackJack,
            LuckyDuke,
            WillyTheKid,
        ],
        &SOLO_ROLES,
    );
    t.give(F, &[BANG_2D, BANG_QH]).give(A, &[MISSED_KC]);
    t.orders(A, auto());
    t.npc_play(F);
    assert!(t.hand(F).is_empty());
}

#[test]
fn b9_discarding_the_excess_takes_the_bottom_and_keeps_the_order() {
    let mut t = T::solo_plain();
    t.life(F, 1);
    t.give(F, &[MISSED_4S, MISSED_KC, MISSED_2S]);
    t.npc_play(F);
    assert_eq!(t.hand(F), vec![MISSED_2S]);
}

#[test]
fn an_npc_turn_is_recorded_for_a_player_to_follow() {
    let mut t = T::solo_plain();
    t.give(F, &[BANG_QH]);
    let events = t.npc_play(F);
    let json = serde_json::to_value(&events[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "type": "npc_acted", "seat": 5,
            "action": {"type": "play", "card": BANG_QH, "target": 0},
            "reason": "preferred_target"
        })
    );
    // Derived by the rules: not a decision, so the audit re-derives it.
    assert!(<Bang as crate::Ruleset>::decided(&events[0]).is_none());
    // The game now waits for the person only.
    assert!(t.waiting().iter().all(|&(x, _)| x == A || x == B));
}

#[test]
fn npc_seats_are_never_pending() {
    let mut t = T::solo_plain();
    t.give(C, &[BANG_QH, MISSED_KC])
        .give(D, &[DUEL])
        .give(E, &[GATLING]);
    t.stack(&MISSES);
    t.turn(C);
    assert!(!t.waiting().is_empty());
    assert!(t.waiting().iter().all(|&(x, _)| x == A || x == B));
    for x in [C, D, E, F] {
        assert!(legal_actions(&t.s, x).is_empty());
    }
}
