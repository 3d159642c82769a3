//! §20 "Characters", with §19 edge cases 26 and 27.

use super::*;

fn drawn(events: &[Event], who: Seat) -> Vec<Card> {
    events
        .iter()
        .flat_map(|e| match e {
            Event::CardsDrawn { seat, cards } if *seat == who => cards.clone(),
            _ => Vec::new(),
        })
        .flatten()
        .collect()
}

#[test]
fn bang_ac_53_bart_cassidy_on_the_lethal_hit() {
    let mut t = T::new(
        &[PedroRamirez, BartCassidy, JesseJones, BlackJack],
        &roles(4),
    );
    t.life(B, 1).give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert!(drawn(&events, B).is_empty());
    let mut t = T::new(
        &[PedroRamirez, BartCassidy, JesseJones, BlackJack],
        &roles(4),
    );
    t.life(B, 1).give(B, &[BEER]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    t.pass(B);
    let events = t.respond(B, BEER);
    assert_eq!(t.hp(B), 1);
    assert_eq!(drawn(&events, B).len(), 1);
}

#[test]
fn bang_ac_54_bart_cassidy_survives_dynamite() {
    let mut t = T::new(
        &[PedroRamirez, BartCassidy, JesseJones, BlackJack],
        &roles(4),
    );
    t.equip(B, &[DYNAMITE]);
    t.stack(&[STAGECOACH_9S, 1, 2, 3]);
    let events = t.turn(B);
    assert_eq!(t.hp(B), 1);
    let lost = events
        .iter()
        .position(|e| matches!(e, Event::LifeLost { .. }))
        .unwrap();
    assert!(matches!(&events[lost + 1], Event::CardsDrawn { seat: B, cards } if cards.len() == 3));
}

#[test]
fn bang_ac_55_el_gringo() {
    let mut t = T::new(&[PedroRamirez, JesseJones, ElGringo, BlackJack], &roles(4));
    t.s.turn.seat = B;
    t.give(B, &[BANG_QH]);
    t.play(B, BANG_QH, Some(C));
    assert_eq!(t.hp(C), 2);
    assert!(t.hand(C).is_empty(), "B's hand is empty: nothing taken");
    let mut t = T::new(&[PedroRamirez, JesseJones, ElGringo, BlackJack], &roles(4));
    t.s.turn.seat = D;
    t.give(D, &[BANG_QH, BEER, SALOON, MISSED_KC]);
    t.script = vec![1];
    let events = t.play(D, BANG_QH, Some(C));
    assert_eq!(t.hand(C), vec![SALOON], "one random card (index 1)");
    assert_eq!(t.hand(D), vec![BEER, MISSED_KC]);
    let stolen = events
        .iter()
        .find(|e| matches!(e, Event::CardStolen { .. }))
        .unwrap();
    assert!(matches!(
        redact(stolen, Viewer::Seat(A)),
        Event::CardStolen { card: None, .. }
    ));
    assert!(matches!(
        redact(stolen, Viewer::Seat(D)),
        Event::CardStolen {
            card: Some(SALOON),
            ..
        }
    ));
}

#[test]
fn bang_ac_56_black_jack() {
    let mut t = T::new(
        &[BlackJack, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.stack(&[BANG_7C, BANG_9D, 1]);
    let events = t.turn(A);
    assert!(has(&events, |e| matches!(
        e,
        Event::CardShown {
            seat: A,
            card: BANG_9D
        }
    )));
    assert_eq!(t.hand(A), vec![BANG_7C, BANG_9D, 1]);
    let mut t = T::new(
        &[BlackJack, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.stack(&[BANG_7C, STAGECOACH_9S, 1]);
    t.turn(A);
    assert_eq!(t.hand(A), vec![BANG_7C, STAGECOACH_9S]);
}

#[test]
fn bang_ac_57_kit_carlson() {
    let mut t = T::new(
        &[KitCarlson, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.stack(&[1, 2, 3]);
    let events = t.turn(A);
    assert_eq!(t.waiting(), vec![(A, Decision::PutBack)]);
    let looked = events
        .iter()
        .find(|e| matches!(e, Event::KitLooked { .. }))
        .unwrap();
    assert!(
        matches!(redact(looked, Viewer::Seat(B)), Event::KitLooked { cards, .. } if cards == vec![None])
    );
    assert_eq!(
        view(&t.s, Viewer::Seat(A)).kit,
        vec![Some(1), Some(2), Some(3)]
    );
    assert_eq!(view(&t.s, Viewer::Seat(B)).kit, vec![None, None, None]);
    let events = t.ok(A, Action::PutBack { card: 2 });
    assert_eq!(t.hand(A), vec![1, 3]);
    assert_eq!(t.s.deck.last(), Some(&2), "Y is the new top card");
    assert!(matches!(
        redact(&events[0], Viewer::Spectator),
        Event::KitKept { back: None, .. }
    ));
}

#[test]
fn bang_ac_58_pedro_ramirez() {
    let mut t = T::new(
        &[PedroRamirez, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.discards(&[BANG_QH, BEER]).stack(&[5]);
    t.turn(A);
    assert_eq!(t.waiting(), vec![(A, Decision::Draw)]);
    t.ok(
        A,
        Action::Draw {
            from: DrawFrom::Discard,
        },
    );
    assert_eq!(t.hand(A), vec![BEER, 5]);
    assert_eq!(t.s.discard.to_vec(), vec![BANG_QH]);
}

#[test]
fn bang_ac_59_jesse_jones() {
    let mut t = T::new(
        &[JesseJones, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.give(B, &[BEER, SALOON, MISSED_KC]).stack(&[5]);
    t.turn(A);
    assert!(legal_actions(&t.s, A).contains(&Action::Draw {
        from: DrawFrom::Hand(B)
    }));
    assert!(
        !legal_actions(&t.s, A).contains(&Action::Draw {
            from: DrawFrom::Hand(C)
        }),
        "C's hand is empty"
    );
    t.script = vec![2];
    t.ok(
        A,
        Action::Draw {
            from: DrawFrom::Hand(B),
        },
    );
    assert_eq!(t.hand(A), vec![MISSED_KC, 5]);
    assert_eq!(t.hand(B), vec![BEER, SALOON]);
}

#[test]
fn bang_ac_60_lucky_duke_in_jail() {
    let mut t = T::new(
        &[LuckyDuke, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.s.table[A as usize].role = Some(Outlaw);
    t.s.table[B as usize].role = Some(Sheriff);
    t.equip(A, &[JAIL_10S]).stack(&[MISSED_3S, BEER_8H]);
    t.turn(A);
    assert_eq!(t.waiting(), vec![(A, Decision::ChooseCheck)]);
    assert_eq!(t.s.flipped.to_vec(), vec![MISSED_3S, BEER_8H]);
    t.ok(A, Action::ChooseCheck { card: BEER_8H });
    assert_eq!(t.s.discard.to_vec(), vec![MISSED_3S, BEER_8H, JAIL_10S]);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)], "he escapes");
}

#[test]
fn bang_ac_61_sid_ketchum() {
    let mut t = T::new(
        &[SidKetchum, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.life(A, 2);
    t.s.table[A as usize].max_life = 4;
    t.give(A, &[1, 2, 3, 4, 5, 6]);
    t.ok(A, Action::Heal { cards: [2, 1] });
    assert_eq!(t.hp(A), 3);
    t.ok(A, Action::Heal { cards: [3, 4] });
    assert_eq!(t.hp(A), 4);
    assert!(
        t.act(A, Action::Heal { cards: [5, 6] }).is_err(),
        "at max life"
    );
    let mut t = T::new(
        &[SlabTheKiller, SidKetchum, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.life(B, 1).give(B, &[SALOON, 5]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    t.pass(B);
    assert_eq!(t.waiting(), vec![(B, Decision::Dying)]);
    t.ok(B, Action::Heal { cards: [5, SALOON] });
    assert_eq!(t.hp(B), 1);
    assert!(t.alive(B));
}

#[test]
fn b_11_4_sid_ketchum_heals_in_phase_3_only_before_discarding() {
    let mut t = T::new(
        &[SidKetchum, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.life(A, 2);
    t.give(A, &[1, 2, 3, 4, 5, 6]);
    t.ok(A, Action::EndTurn);
    // Phase 3, 6 cards for a limit of 2: he may heal before his first discard…
    let heal = Action::Heal { cards: [1, 2] };
    assert!(legal_actions(&t.s, A).contains(&heal));
    t.ok(A, Action::Discard { card: 6 });
    // …but not once he has begun to discard (B-11.4: "before discarding").
    assert!(t.s.turn.discarding);
    assert_eq!(t.waiting(), vec![(A, Decision::Discard { count: 3 })]);
    assert!(
        !legal_actions(&t.s, A)
            .iter()
            .any(|a| matches!(a, Action::Heal { .. }))
    );
    assert!(t.act(A, heal).is_err());
    // His next turn starts afresh.
    t.ok(A, Action::Discard { card: 5 });
    t.ok(A, Action::Discard { card: 4 });
    t.ok(A, Action::Discard { card: 3 });
    assert!(!t.s.turn.discarding);
}

#[test]
fn bang_ac_62_suzy_lafayette() {
    let mut t = T::new(
        &[SuzyLafayette, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.give(A, &[BANG_QH]).give(B, &[BEER]).stack(&[7]);
    let events = t.play(A, BANG_QH, Some(B));
    let drew = events
        .iter()
        .position(|e| matches!(e, Event::CardsDrawn { seat: A, .. }))
        .unwrap();
    let shot = events
        .iter()
        .position(|e| matches!(e, Event::ShotAt { .. }))
        .unwrap();
    assert!(drew < shot, "before the card's effect resolves");
    assert_eq!(t.hand(A), vec![7]);
}

#[test]
fn bang_edge_26_el_gringo_takes_nothing_from_dynamite_or_his_own_duel() {
    let mut t = T::new(
        &[ElGringo, SlabTheKiller, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.give(A, &[DUEL]).give(B, &[BANG_QH, BEER]);
    t.play(A, DUEL, Some(B));
    t.respond(B, BANG_QH);
    assert_eq!(t.hp(A), 3);
    assert!(t.hand(A).is_empty());
    let mut t = T::new(
        &[SlabTheKiller, ElGringo, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.equip(B, &[DYNAMITE]).life(B, 3).give(A, &[BEER]);
    t.s.table[B as usize].max_life = 4;
    t.life(B, 4).stack(&[STAGECOACH_9S, 1, 2]);
    let events = t.turn(B);
    assert!(!has(&events, |e| matches!(e, Event::CardStolen { .. })));
}

#[test]
fn lucky_duke_chooses_his_barrel_card_inside_the_shot() {
    let mut t = T::new(
        &[PedroRamirez, LuckyDuke, SlabTheKiller, SlabTheKiller],
        &roles(4),
    );
    t.s.reaction_seconds = Some(10);
    t.equip(B, &[BARREL])
        .give(A, &[BANG_QH])
        .stack(&[BANG_4D, BEER_8H]);
    t.play(A, BANG_QH, Some(B));
    t.ok(B, Action::Barrel);
    assert_eq!(t.waiting(), vec![(B, Decision::ChooseCheck)]);
    assert!(pending(&t.s)[0].reaction);
    // The reaction time runs out: the card that succeeds is taken.
    expire(&mut t.s, &mut GameRng::scripted(vec![])).unwrap();
    assert_eq!(t.hp(B), 4);
    assert_eq!(t.s.discard.to_vec(), vec![BANG_QH, BANG_4D, BEER_8H]);
}
