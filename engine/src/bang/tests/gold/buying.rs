//! §13 "Buying, discarding, selling": GR-AC-08 to GR-AC-16.

use super::*;
use crate::bang::GoldAction;

/// GR-AC-08 — A (3 nuggets) buys a Pardner (2) and uses it as Cat Balou on
/// B. → A has 1 nugget; B discards per Cat Balou; the Pardner goes face up to
/// the bottom of the equipment deck; the market slot is refilled at once.
#[test]
fn gr_ac_08_pardner_as_cat_balou() {
    let mut t = T::gold_plain(5);
    t.nuggets(A, 3).equip(B, &[MUSTANG]);
    t.market(&[PARDNER_1, SHOT_1, BOTTLE_1])
        .stack_equipment(&[PICKAXE]);
    let events = t.ok(A, buy_as(0, Some(Mode::CatBalou), Some(B), Some(MUSTANG)));
    assert_eq!(t.gold_of(A), 1);
    assert!(t.s.p(B).in_play.is_empty());
    assert_eq!(t.s.discard.last(), Some(&MUSTANG));
    assert_eq!(t.returned(), vec![PARDNER_1]);
    assert_eq!(
        t.market_now(),
        [Some(PICKAXE), Some(SHOT_1), Some(BOTTLE_1)]
    );
    let bought = at(&events, |e| {
        matches!(e, Event::Gold(GoldEvent::EquipmentBought { .. }))
    });
    let discarded = at(&events, |e| matches!(e, Event::Discarded { seat: B, .. }));
    let filled = at(&events, |e| {
        matches!(
            e,
            Event::Gold(GoldEvent::MarketFilled {
                slot: 0,
                equipment: PICKAXE
            })
        )
    });
    assert!(bought < discarded && discarded < filled);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

/// GR-AC-09 — A buys a Wanted and places it on B; later C buys another
/// Wanted and tries to place it on B. → First ok; second placement on B
/// rejected (same name); C may place it on any player without a Wanted.
#[test]
fn gr_ac_09_one_wanted_per_player() {
    let mut t = T::gold_plain(5);
    t.nuggets(A, 2).nuggets(C, 2);
    t.market(&[WANTED_1, WANTED_2, SHOT_1]);
    t.ok(A, buy_as(0, None, Some(B), None));
    assert_eq!(t.equipment_of(B), vec![WANTED_1]);
    assert!(t.equipment_of(A).is_empty());
    t.playing(C);
    assert!(t.act(C, buy_as(1, None, Some(B), None)).is_err());
    let targets: Vec<Seat> = legal_actions(&t.s, C)
        .iter()
        .filter_map(|a| match a {
            Action::Gold(GoldAction::Buy {
                slot: 1, target, ..
            }) => *target,
            _ => None,
        })
        .collect();
    assert_eq!(targets, vec![A, C, D, E]);
    t.ok(C, buy_as(1, None, Some(D), None));
    assert_eq!(t.equipment_of(D), vec![WANTED_2]);
    assert_eq!(t.gold_of(C), 0);
}

/// GR-AC-10 — Willy (7 nuggets) forces Sam to discard his Horseshoe (pay 3),
/// then Kit to discard his Lucky Charm (pay 4). → Willy has 0 nuggets; both
/// cards go face up to the equipment deck bottom; the owners could not
/// prevent it.
#[test]
fn gr_ac_10_forced_discards_cost_one_more() {
    let mut t = T::gold(
        &[
            WillyTheKid,
            VultureSam,
            KitCarlson,
            PedroRamirez,
            JesseJones,
        ],
        &roles(5),
    );
    t.nuggets(A, 7)
        .equipment(B, &[HORSESHOE])
        .equipment(C, &[LUCKY_CHARM]);
    let events = t.ok(
        A,
        Action::Gold(GoldAction::ForceDiscard {
            target: B,
            equipment: HORSESHOE,
        }),
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::EquipmentForced { paid: 3, .. })
    )));
    assert_eq!(t.gold_of(A), 4);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)], "B is asked nothing");
    t.ok(
        A,
        Action::Gold(GoldAction::ForceDiscard {
            target: C,
            equipment: LUCKY_CHARM,
        }),
    );
    assert_eq!(t.gold_of(A), 0);
    assert!(t.equipment_of(B).is_empty() && t.equipment_of(C).is_empty());
    assert_eq!(t.returned(), vec![LUCKY_CHARM, HORSESHOE]);
    assert!(!has(&t.log, |e| matches!(e, Event::WindowOpened { .. })));
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

/// GR-AC-11 — A plays Panic! (or Cat Balou) choosing B's Boots. → Rejected:
/// equipment cannot be targeted.
#[test]
fn gr_ac_11_equipment_cannot_be_panicked_or_cat_baloued() {
    let mut t = T::gold_plain(5);
    t.equipment(B, &[BOOTS]).give(A, &[PANIC, CAT_BALOU]);
    t.nuggets(A, 4).market(&[BOTTLE_1, PARDNER_1, SHOT_1]);
    for card in [PANIC, CAT_BALOU] {
        // The equipment id read as a card in play in front of B.
        assert!(
            t.act(
                A,
                Action::Play {
                    card,
                    target: Some(B),
                    in_play: Some(BOOTS),
                }
            )
            .is_err()
        );
    }
    let at_b = legal_actions(&t.s, A).into_iter().any(|a| {
        matches!(
            a,
            Action::Play {
                target: Some(B),
                ..
            } | Action::Gold(GoldAction::Buy {
                target: Some(B),
                mode: Some(Mode::Panic | Mode::CatBalou),
                ..
            })
        )
    });
    assert!(!at_b, "B has nothing Panic! or Cat Balou may take");
    assert_eq!(t.equipment_of(B), vec![BOOTS]);
}

/// GR-AC-12 — Duke (below his max life) holds 2 Beers in his phase 2: plays
/// one to heal, sells the other. → +1 life and +1 nugget.
#[test]
fn gr_ac_12_heal_with_one_beer_sell_the_other() {
    let mut t = T::gold(
        &[LuckyDuke, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &roles(5),
    );
    t.life(A, 3).give(A, &[BEER, BEER2]);
    t.play(A, BEER, None);
    let events = t.ok(A, Action::Gold(GoldAction::SellBeer { card: BEER2 }));
    assert!(has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::BeerSold {
            seat: A,
            card: BEER2
        })
    )));
    assert_eq!(t.hp(A), 4);
    assert_eq!(t.gold_of(A), 1);
    assert!(t.hand(A).is_empty());
    assert!(t.s.discard.ends_with(&[BEER, BEER2]));
}

/// GR-AC-13 — A tries to sell a Saloon. → Rejected. A tries to sell a Beer
/// during B's turn. → Rejected.
#[test]
fn gr_ac_13_only_beers_and_only_in_your_phase_2() {
    let mut t = T::gold_plain(5);
    t.give(A, &[SALOON, BEER]);
    assert!(matches!(
        t.act(A, Action::Gold(GoldAction::SellBeer { card: SALOON })),
        Err(ActionError::Illegal(_))
    ));
    t.playing(B);
    assert!(
        t.act(A, Action::Gold(GoldAction::SellBeer { card: BEER }))
            .is_err()
    );
    // Nor in his own dying window.
    t.life(A, 1).playing(B).give(B, &[BANG_QH]);
    t.play(B, BANG_QH, Some(A));
    t.pass(A);
    assert_eq!(t.waiting(), vec![(A, Decision::Dying)]);
    assert!(
        t.act(A, Action::Gold(GoldAction::SellBeer { card: BEER }))
            .is_err()
    );
    assert_eq!(t.gold_of(A), 0);
    assert_eq!(t.hand(A), vec![SALOON, BEER]);
}

/// GR-AC-14 — Only 2 players in play; A sells a Beer. → Legal: +1 nugget.
#[test]
fn gr_ac_14_selling_works_with_two_players() {
    let mut t = T::gold_plain(4);
    t.dead(C).dead(D).give(A, &[BEER]);
    assert_eq!(t.s.alive_count(), 2);
    t.ok(A, Action::Gold(GoldAction::SellBeer { card: BEER }));
    assert_eq!(t.gold_of(A), 1);
    assert_eq!(t.s.discard.last(), Some(&BEER));
}

/// GR-AC-15 — A (2 nuggets) tries to buy Pickaxe (4). → Rejected.
#[test]
fn gr_ac_15_cannot_buy_without_the_nuggets() {
    let mut t = T::gold_plain(5);
    t.nuggets(A, 2).market(&[PICKAXE, SHOT_1, BOTTLE_1]);
    assert!(t.act(A, buy(0)).is_err());
    assert!(
        !legal_actions(&t.s, A)
            .iter()
            .any(|a| matches!(a, Action::Gold(GoldAction::Buy { slot: 0, .. })))
    );
    assert_eq!(t.gold_of(A), 2);
    assert_eq!(t.market_now()[0], Some(PICKAXE));
    assert!(t.equipment_of(A).is_empty());
}

/// GR-AC-16 — Equipment deck: all remaining cards are face up (returned). A
/// buys the market card. → The whole equipment deck is turned face down,
/// shuffled, and its top card fills the slot.
#[test]
fn gr_ac_16_a_face_up_deck_is_reshuffled_before_refilling() {
    let mut t = T::gold_plain(5);
    t.market(&[SHOT_1, BOTTLE_1, PARDNER_1]);
    let rest: Vec<Equip> = all_equipment()
        .filter(|e| ![SHOT_1, BOTTLE_1, PARDNER_1].contains(e))
        .collect();
    t.return_equipment(&rest).nuggets(A, 1);
    assert_eq!(t.s.gold.face_down().len(), 0);
    assert_eq!(t.returned().len(), 21);
    t.script = (0..30).map(|i| i * 7 + 3).collect();
    let events = t.ok(A, buy_as(0, None, Some(A), None));
    let order: Vec<Equip> = events
        .iter()
        .find_map(|e| match e {
            Event::Gold(GoldEvent::EquipmentShuffled { order }) => {
                Some(order.iter().flatten().copied().collect())
            }
            _ => None,
        })
        .expect("the deck is shuffled");
    assert_eq!(
        order.len(),
        22,
        "the 21 returned cards and the Shot just bought"
    );
    assert!(order.contains(&SHOT_1));
    let shuffled = at(&events, |e| {
        matches!(e, Event::Gold(GoldEvent::EquipmentShuffled { .. }))
    });
    let filled = at(&events, |e| {
        matches!(e, Event::Gold(GoldEvent::MarketFilled { slot: 0, .. }))
    });
    assert!(shuffled < filled);
    assert!(matches!(
        events[filled],
        Event::Gold(GoldEvent::MarketFilled { equipment, .. }) if equipment == order[0]
    ));
    assert_eq!(t.market_now()[0], Some(order[0]));
    assert_eq!(t.s.gold.face_down().len(), 21);
    assert!(t.returned().is_empty(), "the whole deck is face down");
}
