//! Part E "Cards and responses" (LG-AC-22 to LG-AC-31): the NPCs' answers
//! (B7), rewards and penalties (A6), the goal (A4), and the B9 tie-breaks of
//! spending and giving up cards.

use super::*;

#[test]
fn lg_ac_22_barrel_first_then_the_top_missed() {
    let mut t = T::solo_plain();
    t.equip(F, &[BARREL])
        .give(F, &[MISSED_2S, BANG_QH, MISSED_KC])
        .give(A, &[BANG_2D]);
    t.stack(&[BANG_4D]); // the Barrel's "draw!": not a heart
    let events = t.play(A, BANG_2D, Some(F));
    assert_eq!(
        npc_acts(&events),
        vec![
            (F, Action::Barrel, Reason::Barrel),
            (F, Action::Respond { card: MISSED_KC }, Reason::Missed),
        ]
    );
    assert_eq!(t.hp(F), 4);
    assert_eq!(t.hand(F), vec![MISSED_2S, BANG_QH]);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

#[test]
fn lg_ac_23_no_missed_that_cannot_cancel_slab() {
    let chars = [
        SlabTheKiller,
        JesseJones,
        KitCarlson,
        BlackJack,
        LuckyDuke,
        VultureSam,
    ];
    let mut t = T::solo(&chars, &SOLO_ROLES);
    t.give(F, &[MISSED_KC]).give(A, &[BANG_2D]);
    let events = t.play(A, BANG_2D, Some(F));
    assert_eq!(npc_acts(&events), vec![(F, Action::Pass, Reason::TakeHit)]);
    assert_eq!(t.hp(F), 3);
    assert_eq!(t.hand(F), vec![MISSED_KC], "the Missed! stays on the Stack");
}

#[test]
fn lg_ac_24_indians_the_bang_nearest_the_top() {
    let mut t = T::solo_plain();
    t.give(F, &[BANG_2D, BANG_QH]).give(A, &[INDIANS]);
    let events = t.play(A, INDIANS, None);
    assert!(npc_acts(&events).contains(&(
        F,
        Action::Respond { card: BANG_QH },
        Reason::DiscardBang
    )));
    assert_eq!(t.hand(F), vec![BANG_2D]);
    assert_eq!(t.hp(F), 4);
    assert_eq!(t.hp(C), 3, "no BANG!: a life");
}

#[test]
fn lg_ac_25_a_beer_saves_the_npc() {
    let mut t = T::solo_plain();
    t.life(F, 1).give(F, &[BEER]).give(A, &[BANG_2D]);
    let events = t.play(A, BANG_2D, Some(F));
    assert_eq!(
        npc_acts(&events),
        vec![
            (F, Action::Pass, Reason::TakeHit),
            (F, Action::Respond { card: BEER }, Reason::Beer),
        ]
    );
    assert!(t.alive(F));
    assert_eq!(t.hp(F), 1);
}

#[test]
fn lg_ac_26_general_store_npcs_take_the_top() {
    // O2 at F: picks in the order F, A (Sheriff), B (Deputy), C, D, E.
    let mut t = T::solo_plain();
    t.give(F, &[GENERAL_STORE]);
    let revealed = &MISSES[..6]; // A, B, C, D, E, F in reveal order
    t.stack(revealed);
    let events = t.npc_play(F);
    assert!(has(&events, |e| matches!(
        e,
        Event::StoreRevealed { cards, .. } if cards == revealed
    )));
    assert_eq!(
        npc_acts(&events)[1],
        (F, Action::Pick { card: revealed[5] }, Reason::StoreTop)
    );
    // The Sheriff and the Deputy choose any remaining card.
    assert_eq!(t.waiting(), vec![(A, Decision::Store)]);
    assert_eq!(legal_actions(&t.s, A).len(), 5);
    t.ok(A, Action::Pick { card: revealed[0] });
    assert_eq!(t.waiting(), vec![(B, Decision::Store)]);
    let events = t.ok(B, Action::Pick { card: revealed[1] });
    let picks: Vec<(Seat, Card)> = events
        .iter()
        .filter_map(|e| match e {
            Event::StorePicked { seat, card } => Some((*seat, *card)),
            _ => None,
        })
        .collect();
    assert_eq!(
        picks,
        vec![
            (B, revealed[1]),
            (C, revealed[4]),
            (D, revealed[3]),
            (E, revealed[2])
        ]
    );
}

#[test]
fn lg_ac_27_gatling_regardless_of_friends_and_the_reward_on_the_stack() {
    let chars = [
        PedroRamirez,
        JesseJones,
        KitCarlson,
        BlackJack,
        LuckyDuke,
        PaulRegret,
    ];
    let mut t = T::solo(&chars, &SOLO_ROLES);
    t.life(C, 1).life(D, 1).give(F, &[GATLING]);
    t.stack(&MISSES[..3]);
    let events = t.npc_play(F);
    let turn = this_turn(&events);
    assert_eq!(npc_acts(turn)[0].1, play_at(GATLING, None));
    assert!(!t.alive(C) && !t.alive(D));
    assert!(has(turn, |e| matches!(
        e,
        Event::CardsDrawn { seat: F, cards } if cards.len() == 3
    )));
    assert_eq!(
        t.hand(F),
        MISSES[..3].to_vec(),
        "the reward on top of the Stack"
    );
    assert!(t.s.outcome.is_none());
}

#[test]
fn lg_ac_28_no_reward_for_the_person_and_the_penalty_stands() {
    let mut t = T::solo_plain();
    t.at_play(B).life(C, 1).give(B, &[BANG_QH]);
    t.play(B, BANG_QH, Some(C));
    assert!(!t.alive(C));
    assert!(t.hand(B).is_empty(), "the Deputy draws no reward");
    // The Sheriff kills the Deputy with Indians!: he discards everything.
    let mut t = T::solo_plain();
    t.life(B, 1)
        .give(A, &[INDIANS, BEER, MISSED_KC])
        .equip(A, &[BARREL]);
    t.play(A, INDIANS, None);
    assert!(!t.alive(B));
    assert!(t.hand(A).is_empty() && t.s.p(A).in_play.is_empty());
    // The Sheriff draws no reward for an Outlaw either.
    let mut t = T::solo_plain();
    t.life(F, 1).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(F));
    assert!(!t.alive(F));
    assert!(t.hand(A).is_empty());
}

#[test]
fn lg_ac_29_vulture_sam_takes_the_stack_bottom_up_then_the_cards_in_play() {
    let mut t = T::solo_plain(); // F is Vulture Sam
    t.at_play(B)
        .life(C, 1)
        .give(C, &[SCHOFIELD, PANIC])
        .equip(C, &[MUSTANG])
        .equip(B, &[SCHOFIELD2])
        .give(B, &[BANG_QH]);
    t.play(B, BANG_QH, Some(C));
    assert!(!t.alive(C));
    assert_eq!(
        t.hand(F),
        vec![SCHOFIELD, PANIC, MUSTANG],
        "the Mustang on top"
    );
    assert!(t.hand(B).is_empty());
}

#[test]
fn lg_ac_30_lucky_duke_chooses_the_heart() {
    let chars = [
        PedroRamirez,
        JesseJones,
        KitCarlson,
        BlackJack,
        VultureSam,
        LuckyDuke,
    ];
    let mut t = T::solo(&chars, &SOLO_ROLES);
    t.equip(F, &[JAIL_4H]);
    t.stack(&[STAGECOACH_9S, WELLS_FARGO, MISSED_KC, MISSED_2S]);
    let events = t.turn(F);
    let turn = this_turn(&events);
    assert_eq!(
        npc_acts(turn)[0],
        (
            F,
            Action::ChooseCheck { card: WELLS_FARGO },
            Reason::FavourableCheck
        )
    );
    assert!(has(turn, |e| matches!(
        e,
        Event::PhaseStarted { phase: Phase::Play }
    )));
    assert_eq!(t.hand(F), vec![MISSED_KC, MISSED_2S]);
    assert_eq!(t.s.discard.last(), Some(&JAIL_4H));
}

#[test]
fn lg_ac_31_the_person_loses_with_the_sheriff_and_wins_with_him() {
    let mut t = T::solo_plain();
    t.life(A, 1).give(F, &[BANG_QH]);
    t.npc_play(F);
    let o = t.s.outcome.clone().expect("over");
    assert_eq!(o.team, Some(crate::core::Team::Outlaws));
    assert_eq!(o.winners, vec![C, E, F]);
    assert_eq!(o.human_won, Some(false));
    let json = serde_json::to_value(&o).unwrap();
    assert_eq!(json["human_won"], false);
    // The last Outlaw and the Renegade die while the Sheriff lives.
    let mut t = T::solo_plain();
    t.dead(C).dead(E).life(D, 1).life(F, 1).give(A, &[GATLING]);
    t.play(A, GATLING, None);
    let o = t.s.outcome.clone().expect("over");
    assert_eq!(o.team, Some(crate::core::Team::Law));
    assert_eq!(o.winners, vec![A, B]);
    assert_eq!(o.human_won, Some(true));
    // A4.3: one card that kills the Sheriff and the last enemy: the person loses.
    let mut t = T::solo_plain();
    t.dead(C).dead(D).dead(E).life(A, 1).life(F, 1).at_play(B);
    t.give(B, &[GATLING]);
    t.play(B, GATLING, None);
    let o = t.s.outcome.clone().expect("over");
    assert_eq!(o.human_won, Some(false));
    assert_eq!(o.team, Some(crate::core::Team::Outlaws));
}

#[test]
fn b9_dying_spends_the_beers_nearest_the_top() {
    let mut t = T::solo_plain();
    t.life(F, -1).give(F, &[BEER, BEER2, BEER_8H]).at_play(A);
    t.s.dying = Some(Dying {
        seat: F,
        amount: 2,
        by: None,
    });
    let events = t.advance();
    let beers: Vec<Card> = npc_acts(&events)
        .into_iter()
        .map(|(_, a, r)| {
            assert_eq!(r, Reason::Beer);
            match a {
                Action::Respond { card } => card,
                other => panic!("{other:?}"),
            }
        })
        .collect();
    assert_eq!(beers, vec![BEER_8H, BEER2]);
    assert_eq!(t.hand(F), vec![BEER]);
    assert_eq!(t.hp(F), 1);
}

#[test]
fn b9_dying_uses_no_beer_that_cannot_save() {
    let mut t = T::solo_plain();
    t.give(F, &[BEER]).at_play(A);
    t.s.table[F as usize].life = -1;
    t.s.dying = Some(Dying {
        seat: F,
        amount: 3,
        by: None,
    });
    let events = t.advance();
    assert_eq!(npc_acts(&events), vec![(F, Action::Pass, Reason::NoSave)]);
    assert!(!t.alive(F));
}

#[test]
fn c5_5_a_bot_victim_gives_up_the_lowest_ranked_bottom_most() {
    // The Deputy (E) played by the policy: class 3 holds BANG! 2♦ (bottom),
    // Beer, BANG! Q♥: a BANG! (rank 3) is lower than the Beer (2), and of the
    // two the bottom-most goes.
    let mut t = T::solo(
        &SOLO_PLAIN,
        &[Sheriff, Outlaw, Outlaw, Renegade, Deputy, Outlaw],
    );
    t.give(E, &[BANG_2D, BEER, BANG_QH]).give(F, &[PANIC]);
    t.npc_play(F);
    assert_eq!(t.waiting(), vec![(E, Decision::GiveUp)]);
    assert_eq!(
        t.decide(E),
        (Action::Respond { card: BANG_2D }, Reason::GiveUpLowest)
    );
    // On expiry the server gives the same card.
    t.s.reaction_seconds = Some(30);
    let mut rng = GameRng::scripted(Vec::new());
    let events = expire(&mut t.s, &mut rng).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::CardStolen {
            from: E,
            to: F,
            card: Some(BANG_2D),
            ..
        }
    )));
}

#[test]
fn b7_6_lucky_duke_both_or_neither_favourable_takes_the_first() {
    for (first, second) in [(BEER, BEER2), (MISSED_KC, MISSED_2S)] {
        let chars = [
            PedroRamirez,
            JesseJones,
            KitCarlson,
            BlackJack,
            VultureSam,
            LuckyDuke,
        ];
        let mut t = T::solo(&chars, &SOLO_ROLES);
        t.equip(F, &[JAIL_4H]);
        t.stack(&[first, second, MISSED_3S, MISSED_4S]);
        let events = t.turn(F);
        assert_eq!(
            npc_acts(this_turn(&events))[0].1,
            Action::ChooseCheck { card: first }
        );
    }
}
