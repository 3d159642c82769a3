//! §13 "Characters": GR-AC-31 to GR-AC-38.

use super::*;
use crate::bang::GoldAction;

/// GR-AC-31 — Don Bell ends his turn; draw! 5♦. → He plays an extra turn; at
/// its end no draw!.
#[test]
fn gr_ac_31_don_bell_extra_turn_on_red() {
    let mut t = T::gold(
        &[DonBell, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &roles(5),
    );
    t.stack(&[BANG_5D, BEER, BEER2]);
    let events = t.ok(A, Action::EndTurn);
    let check = at(&events, |e| {
        matches!(
            e,
            Event::CheckResolved {
                seat: A,
                check: CheckKind::DonBell,
                card: Some(BANG_5D),
                success: true
            }
        )
    });
    let extra = at(&events, |e| {
        matches!(
            e,
            Event::TurnStarted {
                seat: A,
                extra: true,
                ..
            }
        )
    });
    assert!(check < extra);
    assert_eq!(t.hand(A), vec![BEER, BEER2], "a full turn: phase 1 draws 2");
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
    assert_eq!(t.s.discard.last(), Some(&BANG_5D));

    let events = t.ok(A, Action::EndTurn);
    assert!(!has(&events, |e| matches!(
        e,
        Event::CheckFlipped {
            check: CheckKind::DonBell,
            ..
        }
    )));
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted {
            seat: B,
            extra: false,
            ..
        }
    )));
}

/// GR-AC-32 — Dutch Will's phase 1. → He draws 2, discards 1 of them, takes 1
/// nugget.
#[test]
fn gr_ac_32_dutch_will_draws_two_keeps_one_and_takes_a_nugget() {
    let mut t = T::gold(
        &[DutchWill, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &roles(5),
    );
    t.stack(&[BEER, MISSED_KC]);
    t.turn(A);
    assert_eq!(
        t.waiting(),
        vec![(A, Decision::Gold(GoldDecision::DropOne))]
    );
    assert_eq!(
        legal_actions(&t.s, A),
        vec![
            Action::Discard { card: BEER },
            Action::Discard { card: MISSED_KC }
        ]
    );
    let events = t.ok(A, Action::Discard { card: MISSED_KC });
    assert_eq!(gained(&events), vec![(A, 1, NuggetSource::DutchWill)]);
    assert_eq!(t.hand(A), vec![BEER]);
    assert_eq!(t.s.discard.last(), Some(&MISSED_KC));
    assert_eq!(t.gold_of(A), 1);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

/// GR-AC-33 — Jacky Murieta (5 nuggets) has already played his BANG! card;
/// he pays 2 twice to shoot C and D (both reachable); each cancels his shot
/// with a Missed!. → Two BANG! effects without cards; 1 nugget left; a third
/// payment is impossible.
#[test]
fn gr_ac_33_jacky_murieta_pays_for_extra_shots() {
    let mut t = T::gold(
        &[
            JackyMurieta,
            PedroRamirez,
            JesseJones,
            BlackJack,
            KitCarlson,
        ],
        &roles(5),
    );
    t.nuggets(A, 5)
        .equip(A, &[SCHOFIELD])
        .give(A, &[BANG_QH])
        .give(B, &[MISSED_KC])
        .give(C, &[MISSED_2S])
        .give(D, &[MISSED_3S]);
    t.play(A, BANG_QH, Some(B));
    t.respond(B, MISSED_KC);
    assert_eq!(t.s.turn.bangs, 1);
    for (target, missed) in [(C, MISSED_2S), (D, MISSED_3S)] {
        let events = t.ok(
            A,
            Action::Gold(GoldAction::Pay {
                used: NuggetUse::JackyMurieta,
                target: Some(target),
            }),
        );
        assert!(has(&events, |e| matches!(
            e,
            Event::ShotAt { source: A, target: x, needed: 1, .. } if *x == target
        )));
        assert!(!has(&events, |e| matches!(e, Event::CardPlayed { .. })));
        t.respond(target, missed);
    }
    assert_eq!([t.hp(B), t.hp(C), t.hp(D)], [4, 4, 4]);
    assert_eq!(t.gold_of(A), 1);
    assert!(
        t.act(
            A,
            Action::Gold(GoldAction::Pay {
                used: NuggetUse::JackyMurieta,
                target: Some(C),
            })
        )
        .is_err()
    );
    assert!(!legal_actions(&t.s, A).iter().any(|a| matches!(
        a,
        Action::Gold(GoldAction::Pay {
            used: NuggetUse::JackyMurieta,
            ..
        })
    )));
}

/// GR-AC-34 — Josh McCloud pays 2 nuggets; the top equipment card is Union
/// Pacific. → He draws 4 at once; Union Pacific goes face up to the equipment
/// deck bottom. Constructed state: the revealed card is a black card whose
/// name Josh already has in play. → It is discarded face up to the equipment
/// deck bottom; the 2 nuggets stay spent.
#[test]
fn gr_ac_34_josh_mccloud_uses_the_top_equipment_card() {
    let mut t = T::gold(
        &[JoshMcCloud, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &roles(5),
    );
    t.nuggets(A, 2).stack_equipment(&[UNION_PACIFIC]);
    let events = t.ok(A, pay(NuggetUse::JoshMcCloud));
    assert!(has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::EquipmentTaken {
            seat: A,
            equipment: UNION_PACIFIC
        })
    )));
    assert_eq!(drew(&events, A), 4);
    assert_eq!(t.hand(A).len(), 4);
    assert_eq!(t.returned(), vec![UNION_PACIFIC]);
    assert_eq!(t.gold_of(A), 0);
    assert!(t.s.gold.josh.is_none());
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);

    // Two players in play, each with a Wanted: the third Wanted has no use.
    let mut t = T::gold(
        &[JoshMcCloud, PedroRamirez, JesseJones, BlackJack],
        &roles(4),
    );
    t.dead(C).dead(D);
    t.nuggets(A, 2)
        .equipment(A, &[WANTED_1])
        .equipment(B, &[WANTED_2])
        .stack_equipment(&[WANTED_3]);
    let events = t.ok(A, pay(NuggetUse::JoshMcCloud));
    assert!(has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::EquipmentReturned { seat: A, equipment }) if equipment == &[WANTED_3]
    )));
    assert_eq!(t.returned(), vec![WANTED_3]);
    assert_eq!(t.equipment_of(A), vec![WANTED_1]);
    assert_eq!(t.gold_of(A), 0);
    assert!(t.s.gold.josh.is_none());
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

/// GR-AC-35 — Pretty Luzena (2 nuggets) buys Shot for 0 and Horseshoe for 2.
/// → Legal (she uses the discount on the Shot; the Horseshoe costs its full
/// 2); 0 nuggets left.
#[test]
fn gr_ac_35_pretty_luzena_discount_once_a_turn() {
    let mut t = T::gold(
        &[
            PrettyLuzena,
            PedroRamirez,
            JesseJones,
            BlackJack,
            KitCarlson,
        ],
        &roles(5),
    );
    t.nuggets(A, 2).market(&[SHOT_1, HORSESHOE, PARDNER_1]);
    let discounted = |slot, target| {
        Action::Gold(GoldAction::Buy {
            slot,
            mode: None,
            target,
            in_play: None,
            discount: true,
        })
    };
    let events = t.ok(A, discounted(0, Some(A)));
    assert!(has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::EquipmentBought {
            equipment: SHOT_1,
            paid: 0,
            ..
        })
    )));
    assert_eq!(t.gold_of(A), 2);
    assert!(t.act(A, discounted(1, None)).is_err(), "once a turn");
    let events = t.ok(A, buy(1));
    assert!(has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::EquipmentBought {
            equipment: HORSESHOE,
            paid: 2,
            ..
        })
    )));
    assert_eq!(t.gold_of(A), 0);
    assert_eq!(t.equipment_of(A), vec![HORSESHOE]);
}

/// GR-AC-36 — Raddie Snake (3 nuggets) pays to draw three times. → Third
/// attempt rejected.
#[test]
fn gr_ac_36_raddie_snake_twice_a_turn() {
    let mut t = T::gold(
        &[RaddieSnake, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &roles(5),
    );
    t.nuggets(A, 3);
    t.ok(A, pay(NuggetUse::RaddieSnake));
    t.ok(A, pay(NuggetUse::RaddieSnake));
    assert!(t.act(A, pay(NuggetUse::RaddieSnake)).is_err());
    assert_eq!(t.hand(A).len(), 2);
    assert_eq!(t.gold_of(A), 1);
}

/// GR-AC-37 — Simeon Picos (2+ life) loses a Duel he did not start. → He
/// takes 1 nugget from the heap; the challenger also gains 1. Simeon survives
/// a Dynamite explosion (3 life lost). → He takes 3 nuggets; nobody else gains
/// any.
#[test]
fn gr_ac_37_simeon_picos_takes_nuggets_for_his_losses() {
    let chars = [PedroRamirez, SimeonPicos, JesseJones, BlackJack, KitCarlson];
    let mut t = T::gold(&chars, &roles(5));
    t.give(A, &[DUEL]);
    let events = t.play(A, DUEL, Some(B));
    assert_eq!(t.hp(B), 3);
    assert_eq!(
        gained(&events),
        vec![
            (A, 1, NuggetSource::Wound),
            (B, 1, NuggetSource::SimeonPicos)
        ]
    );
    assert_eq!((t.gold_of(A), t.gold_of(B)), (1, 1));

    let mut t = T::gold(&chars, &roles(5));
    t.equip(B, &[DYNAMITE]);
    t.stack(&[STAGECOACH_9S]);
    let events = t.turn(B);
    assert_eq!(t.hp(B), 1);
    assert_eq!(gained(&events), vec![(B, 3, NuggetSource::SimeonPicos)]);
    assert_eq!(t.gold_of(B), 3);
    assert!(t.s.seats().filter(|&x| x != B).all(|x| t.gold_of(x) == 0));
}

/// GR-AC-38 — Vulture Sam; B is eliminated with 1 hand card, a Mustang and a
/// Gun Belt. → Sam gets the hand card and the Mustang; the Gun Belt goes to
/// the equipment deck bottom.
#[test]
fn gr_ac_38_vulture_sam_never_gets_equipment() {
    let mut t = T::gold(
        &[PedroRamirez, JesseJones, VultureSam, BlackJack, KitCarlson],
        &roles(5),
    );
    t.life(B, 1)
        .give(B, &[STAGECOACH_9S])
        .equip(B, &[MUSTANG])
        .equipment(B, &[GUN_BELT])
        .orders(B, auto())
        .equip(A, &[SCHOFIELD])
        .give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::CardsInherited {
            seat: C,
            from: B,
            ..
        }
    )));
    assert_eq!(t.hand(C), vec![STAGECOACH_9S, MUSTANG]);
    assert!(t.equipment_of(C).is_empty());
    assert_eq!(t.returned(), vec![GUN_BELT]);
}

/// GR-7.4 and GC1 (a bug found beside GR-AC-31): Don Bell buys Gold Rush and
/// his check is red, so two extra turns are due; he is eliminated in the
/// first one. → The second is never played, and nobody else inherits it: the
/// next player's turn ends normally.
#[test]
fn gr_edge_extra_turns_due_end_with_their_player() {
    let mut t = T::gold(
        &[DonBell, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &[Outlaw, Outlaw, Sheriff, Renegade, Deputy],
    );
    t.nuggets(A, 5)
        .equip(A, &[DYNAMITE])
        .market(&[GOLD_RUSH, SHOT_1, BOTTLE_1]);
    // Don Bell's 5♦, then the Dynamite's 9♠ in the first extra turn (4 → 1).
    t.stack(&[BANG_5D, STAGECOACH_9S, MISSED_KC, MISSED_2S]);
    t.ok(A, buy(0));
    assert!(t.s.extra.current);
    assert_eq!((t.s.extra.due, t.hp(A)), (1, 1));
    // He loses a Duel he started, and dies.
    t.give(A, &[DUEL]).give(C, &[BANG_7C]);
    t.play(A, DUEL, Some(C));
    t.respond(C, BANG_7C);
    t.pass(A);
    t.pass(A);
    assert!(!t.alive(A));
    assert_eq!(t.s.turn.seat, B);
    assert_eq!(t.s.extra.due, 0);
    t.ok(
        B,
        Action::Draw {
            from: DrawFrom::Deck,
        },
    );
    let events = t.ok(B, Action::EndTurn);
    assert!(!has(&events, |e| matches!(
        e,
        Event::TurnStarted { extra: true, .. }
    )));
    assert_eq!(t.s.turn.seat, C);
}
