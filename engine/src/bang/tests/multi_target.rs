//! §20 "Indians!, Gatling, Duel, General Store, Saloon" and "Beer, dying,
//! Saloon restrictions", with §19 edge cases 5, 6, 7, 8, 28, 29.

use super::*;

fn shot_order(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ShotAt { target, .. } => Some(*target),
            _ => None,
        })
        .collect()
}

#[test]
fn bang_ac_25_indians_missed_is_useless() {
    let mut t = T::plain(4);
    t.give(A, &[INDIANS, MISSED_3S]).give(B, &[MISSED_KC]);
    t.play(A, INDIANS, None);
    assert_eq!(t.waiting(), vec![(B, Decision::Indians)]);
    assert_eq!(legal_actions(&t.s, B), vec![Action::Pass]);
    t.pass(B);
    assert_eq!((t.hp(A), t.hp(B), t.hp(C), t.hp(D)), (5, 3, 3, 3));
    assert_eq!(t.hand(B), vec![MISSED_KC]);
}

#[test]
fn bang_ac_26_gatling_one_target_at_a_time() {
    let mut t = T::plain(5);
    t.give(A, &[GATLING]);
    for seat in [B, C, D, E] {
        t.give(seat, &[BEER + seat - 1]);
    }
    t.life(C, 1);
    let events = t.play(A, GATLING, None);
    assert_eq!(shot_order(&events), vec![B]);
    t.pass(B);
    assert_eq!(t.waiting(), vec![(C, Decision::Shot { needed: 1 })]);
    t.pass(C);
    assert_eq!(
        t.waiting(),
        vec![(C, Decision::Dying)],
        "C's dying window before D"
    );
    let events = t.respond(C, BEER + 1);
    assert_eq!(t.hp(C), 1);
    assert_eq!(shot_order(&events), vec![D]);
    let events = t.pass(D);
    assert_eq!(shot_order(&events), vec![E]);
    t.pass(E);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
    assert_eq!(t.hp(A), 5);
}

#[test]
fn bang_ac_27_duel_target_loses() {
    let mut t = T::plain(4);
    t.give(A, &[DUEL, BANG_QH]).give(B, &[BANG_KH, BEER]);
    t.play(A, DUEL, Some(B));
    assert_eq!(t.waiting(), vec![(B, Decision::Duel)]);
    t.respond(B, BANG_KH);
    assert_eq!(t.waiting(), vec![(A, Decision::Duel)]);
    t.respond(A, BANG_QH);
    let events = t.pass(B);
    assert!(has(&events, |e| matches!(
        e,
        Event::LifeLost {
            seat: B,
            amount: 1,
            by: Some(A)
        }
    )));
}

#[test]
fn bang_ac_28_duel_challenger_loses_nobody_responsible() {
    let mut t = T::new(&PLAIN[..4], &[Outlaw, Sheriff, Outlaw, Renegade]);
    t.give(A, &[DUEL, BEER]).give(B, &[BANG_KH]);
    t.play(A, DUEL, Some(B));
    t.respond(B, BANG_KH);
    let events = t.pass(A);
    assert!(has(&events, |e| matches!(
        e,
        Event::LifeLost {
            seat: A,
            amount: 1,
            by: None
        }
    )));
    // An Outlaw dying in his own Duel gives nobody the reward.
    let mut t = T::new(&PLAIN[..4], &[Outlaw, Sheriff, Outlaw, Renegade]);
    t.life(A, 1).give(A, &[DUEL]).give(B, &[BANG_KH]);
    t.play(A, DUEL, Some(B));
    let events = t.respond(B, BANG_KH);
    assert!(!t.alive(A));
    let end = events
        .iter()
        .position(|e| matches!(e, Event::TurnStarted { .. }))
        .unwrap();
    assert!(!has(&events[..end], |e| matches!(
        e,
        Event::CardsDrawn { .. }
    )));
    assert_eq!(t.s.turn.seat, B, "A's turn ended");
}

#[test]
fn bang_ac_29_duel_missed_is_useless() {
    let mut t = T::plain(4);
    t.give(A, &[DUEL]).give(B, &[MISSED_KC]);
    t.play(A, DUEL, Some(B));
    assert_eq!(legal_actions(&t.s, B), vec![Action::Pass]);
    t.pass(B);
    assert_eq!(t.hp(B), 3);
}

#[test]
fn bang_ac_30_general_store() {
    let mut t = T::plain(5);
    t.give(A, &[GENERAL_STORE]);
    t.stack(&[1, 2, 3, 4, 5]);
    let events = t.play(A, GENERAL_STORE, None);
    assert!(has(
        &events,
        |e| matches!(e, Event::StoreRevealed { cards, .. } if cards.len() == 5)
    ));
    assert_eq!(t.s.store.to_vec(), vec![1, 2, 3, 4, 5]);
    for (seat, card) in [(A, 3), (B, 1), (C, 5), (D, 2)] {
        assert_eq!(t.waiting(), vec![(seat, Decision::Store)]);
        t.ok(seat, Action::Pick { card });
    }
    assert_eq!(t.hand(E), vec![4], "the last player takes the last card");
    assert_eq!(
        [t.hand(A), t.hand(B), t.hand(C), t.hand(D)],
        [vec![3], vec![1], vec![5], vec![2]]
    );
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

#[test]
fn bang_ac_31_saloon() {
    let mut t = T::new(
        &[PedroRamirez, JesseJones, PaulRegret, BlackJack],
        &roles(4),
    );
    t.life(A, 2).life(C, 1).give(A, &[SALOON]);
    t.s.table[A as usize].max_life = 4;
    t.play(A, SALOON, None);
    assert_eq!((t.hp(A), t.hp(B), t.hp(C)), (3, 4, 2));
}

#[test]
fn bang_ac_32_beer_at_full_life() {
    let mut t = T::plain(4);
    t.give(A, &[BEER]);
    let events = t.play(A, BEER, None);
    assert!(!has(&events, |e| matches!(e, Event::LifeGained { .. })));
    assert_eq!(t.hp(A), 5);
    assert_eq!(t.s.discard.last(), Some(&BEER));
}

#[test]
fn bang_ac_33_beer_with_two_players() {
    let mut t = T::plain(4);
    t.dead(C).dead(D).life(A, 2).give(A, &[BEER]);
    t.play(A, BEER, None);
    assert_eq!(t.hp(A), 2);
}

#[test]
fn bang_ac_34_beer_saves_saloon_is_not_offered() {
    let mut t = T::plain(4);
    t.life(B, 1).give(B, &[BEER, SALOON]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    t.pass(B);
    assert_eq!(t.waiting(), vec![(B, Decision::Dying)]);
    assert_eq!(
        legal_actions(&t.s, B),
        vec![Action::Respond { card: BEER }, Action::Pass]
    );
    t.respond(B, BEER);
    assert_eq!(t.hp(B), 1);
    assert!(t.alive(B));
}

#[test]
fn bang_ac_35_dynamite_needs_two_beers() {
    for beers in [2, 1] {
        let mut t = T::new(
            &[SlabTheKiller, PedroRamirez, JesseJones, BlackJack],
            &roles(4),
        );
        t.life(A, 2)
            .equip(A, &[DYNAMITE])
            .give(A, &[BEER, BEER2][..beers]);
        t.stack(&[MISSED_2S]);
        t.turn(A);
        assert_eq!(t.hp(A), -1);
        assert_eq!(t.waiting(), vec![(A, Decision::Dying)]);
        t.respond(A, BEER);
        if beers == 2 {
            t.respond(A, BEER2);
            assert_eq!(t.hp(A), 1);
            assert!(t.alive(A));
        } else {
            assert!(!t.alive(A), "no card left to save him");
        }
    }
}

#[test]
fn bang_ac_36_only_beer_saves_in_own_duel() {
    let mut t = T::plain(4);
    t.life(A, 1)
        .give(A, &[DUEL, SALOON, BEER])
        .give(B, &[BANG_KH]);
    t.play(A, DUEL, Some(B));
    t.respond(B, BANG_KH);
    t.pass(A);
    assert_eq!(t.waiting(), vec![(A, Decision::Dying)]);
    assert_eq!(
        legal_actions(&t.s, A),
        vec![Action::Respond { card: BEER }, Action::Pass]
    );
    t.respond(A, BEER);
    assert_eq!(t.hp(A), 1);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

#[test]
fn bang_edge_05_beer_cannot_save_with_two_players() {
    let mut t = T::plain(4);
    t.dead(C)
        .dead(D)
        .life(B, 1)
        .give(B, &[BEER])
        .give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    t.pass(B);
    assert!(!t.alive(B), "no dying window: Beer would do nothing");
}

#[test]
fn bang_edge_06_saloon_with_two_players() {
    let mut t = T::plain(4);
    t.dead(C).dead(D).life(A, 2).life(B, 1).give(A, &[SALOON]);
    t.play(A, SALOON, None);
    assert_eq!((t.hp(A), t.hp(B)), (3, 2));
}

#[test]
fn bang_edge_07_bang_then_gatling() {
    let mut t = T::plain(4);
    t.give(A, &[BANG_QH, GATLING]);
    t.play(A, BANG_QH, Some(B));
    t.play(A, GATLING, None);
    assert_eq!((t.hp(B), t.hp(C), t.hp(D)), (2, 3, 3));
}

#[test]
fn bang_edge_28_29_store_reshuffles_and_reveals_one_per_player() {
    let mut t = T::plain(4);
    t.give(A, &[GENERAL_STORE]);
    let rest: Vec<Card> = (3..=80).filter(|&c| c != GENERAL_STORE).collect();
    t.give(B, &rest);
    t.discards(&[1, 2]);
    t.stack(&[BANG_QH]);
    t.lift_all_but_top();
    let events = t.play(A, GENERAL_STORE, None);
    assert!(has(&events, |e| matches!(e, Event::DeckShuffled { .. })));
    assert_eq!(
        t.s.store.len(),
        3,
        "only 3 cards exist: 1 from the deck, 2 reshuffled"
    );
    t.dead(D);
}

impl T {
    /// Keeps the deck's top card only (the rest to B's hand).
    fn lift_all_but_top(&mut self) {
        let top = self.s.deck.pop().unwrap();
        let rest: Vec<Card> = self.s.deck.drain(..).collect();
        self.s.table[B as usize].hand.extend(rest);
        self.s.deck.push(top);
    }
}
