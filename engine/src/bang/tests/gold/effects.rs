//! §13 "Equipment effects": GR-AC-17 to GR-AC-30.

use super::*;

/// Roles with the Sheriff at C, so A and B have 4 life as printed.
fn sheriff_at_c() -> Vec<Role> {
    vec![Outlaw, Outlaw, Sheriff, Renegade, Deputy]
}

/// GR-AC-17 — A buys a Bottle as BANG! at reachable B, then plays a BANG!
/// card at C (also reachable). → Both legal (Bottle does not count toward the
/// limit).
#[test]
fn gr_ac_17_bottle_bang_is_not_a_bang_card() {
    for bottle_first in [true, false] {
        let mut t = T::gold_plain(5);
        t.nuggets(A, 2)
            .equip(A, &[SCHOFIELD])
            .give(A, &[BANG_QH])
            .market(&[BOTTLE_1, SHOT_1, PARDNER_1]);
        let bottle = buy_as(0, Some(Mode::Bang), Some(B), None);
        if bottle_first {
            let events = t.ok(A, bottle);
            assert!(has(&events, |e| matches!(
                e,
                Event::ShotAt {
                    source: A,
                    target: B,
                    needed: 1,
                    ..
                }
            )));
            assert_eq!(t.s.turn.bangs, 0);
            t.play(A, BANG_QH, Some(C));
        } else {
            t.play(A, BANG_QH, Some(C));
            assert_eq!(t.s.turn.bangs, 1);
            t.ok(A, bottle);
        }
        assert_eq!((t.hp(B), t.hp(C)), (3, 3));
        assert_eq!(t.gold_of(A), 2, "2 paid, 2 earned for the wounds");
        assert_eq!(t.returned(), vec![BOTTLE_1]);
    }
}

/// GR-AC-18 — Madam Yto in play; A buys a Bottle as Beer. → Madam Yto does
/// not draw. A plays a Beer card at full life. → Madam Yto draws 1.
#[test]
fn gr_ac_18_madam_yto_draws_for_beer_cards_only() {
    let mut t = T::gold(
        &[PedroRamirez, MadamYto, JesseJones, BlackJack, KitCarlson],
        &sheriff_at_c(),
    );
    t.life(A, 3)
        .nuggets(A, 2)
        .give(A, &[BEER])
        .market(&[BOTTLE_1, SHOT_1, PARDNER_1]);
    let events = t.ok(A, buy_as(0, Some(Mode::Beer), None, None));
    assert_eq!(t.hp(A), 4);
    assert_eq!(drew(&events, B), 0);
    assert!(t.hand(B).is_empty());
    let events = t.play(A, BEER, None);
    assert_eq!(t.hp(A), 4, "at full life the Beer heals nothing");
    assert_eq!(drew(&events, B), 1);
    assert_eq!(t.hand(B).len(), 1);
}

/// GR-AC-19 — A (1/4 life) buys Rhum; flips 3♥, 8♥, K♣, 2♠. → 3 suits → A to
/// 4/4; all 4 cards discarded.
#[test]
fn gr_ac_19_rhum_heals_one_per_suit() {
    let mut t = T::gold(&PLAIN[..5], &sheriff_at_c());
    t.life(A, 1)
        .nuggets(A, 3)
        .market(&[RHUM_1, SHOT_1, PARDNER_1]);
    let flips = [WELLS_FARGO_3H, BEER_8H, MISSED_KC, MISSED_2S];
    t.stack(&flips);
    let events = t.ok(A, buy(0));
    let flipped: Vec<Card> = events
        .iter()
        .filter_map(|e| match e {
            Event::CheckFlipped {
                seat: A,
                check: CheckKind::Rhum,
                card,
            } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(flipped, flips);
    assert!(has(&events, |e| matches!(
        e,
        Event::LifeGained { seat: A, amount: 3 }
    )));
    assert_eq!(t.hp(A), 4);
    assert!(t.s.discard.ends_with(&flips), "discarded in flip order");
    assert!(t.s.flipped.is_empty() && t.s.check.is_none());
    assert_eq!(t.gold_of(A), 0);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

/// GR-AC-20 — Lucky Duke buys Rhum. → 5 cards flipped; life gained = number
/// of distinct suits among the 5 (≤ 4), capped.
#[test]
fn gr_ac_20_lucky_duke_flips_five_for_rhum() {
    let mut t = T::gold(
        &[LuckyDuke, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &sheriff_at_c(),
    );
    t.life(A, 1)
        .nuggets(A, 3)
        .market(&[RHUM_1, SHOT_1, PARDNER_1]);
    // Four hearts, then a spade: the fifth card adds the second suit.
    let flips = [BEER, BEER2, BEER_8H, WELLS_FARGO_3H, MISSED_2S];
    t.stack(&flips);
    let events = t.ok(A, buy(0));
    let n = events
        .iter()
        .filter(|e| matches!(e, Event::CheckFlipped { seat: A, .. }))
        .count();
    assert_eq!(n, 5);
    assert_eq!(t.hp(A), 3, "2 suits among the 5");
    assert!(t.s.discard.ends_with(&flips));

    // Capped: 4 suits among the 5 at 3/4 life heal 1.
    let mut t = T::gold(
        &[LuckyDuke, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &sheriff_at_c(),
    );
    t.life(A, 3)
        .nuggets(A, 3)
        .market(&[RHUM_1, SHOT_1, PARDNER_1]);
    t.stack(&[BEER, BANG_9D, MISSED_KC, MISSED_2S, BEER2]);
    let events = t.ok(A, buy(0));
    assert!(has(&events, |e| matches!(
        e,
        Event::LifeGained { seat: A, amount: 1 }
    )));
    assert_eq!(t.hp(A), 4);
}

/// GR-AC-21 — A (Boots) at 1 life is shot and has no Beer. → A is
/// eliminated; no Boots card. A (Boots, 3 life) is shot → 2 life, draws 1.
/// (Here B wears the Boots and A shoots.)
#[test]
fn gr_ac_21_boots_draw_except_for_the_lethal_point() {
    let mut t = T::gold_plain(5);
    t.life(B, 1).equipment(B, &[BOOTS]).give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert_eq!(drew(&events, B), 0, "no Boots card");
    assert_eq!(t.returned(), vec![BOOTS]);

    let mut t = T::gold_plain(5);
    t.life(B, 3).equipment(B, &[BOOTS]).give(A, &[BANG_QH]);
    t.stack(&[MISSED_KC]);
    let events = t.play(A, BANG_QH, Some(B));
    assert_eq!(t.hp(B), 2);
    assert_eq!(drew(&events, B), 1);
    assert_eq!(t.hand(B), vec![MISSED_KC]);
}

/// GR-AC-22 — A (Lucky Charm, 3 life) loses 1 life to B's BANG!. → A takes 1
/// nugget from the heap; nothing is taken from B, who gains 1 nugget for the
/// wound as usual. (Here B holds the Lucky Charm and A shoots.)
#[test]
fn gr_ac_22_lucky_charm_pays_from_the_heap() {
    let mut t = T::gold_plain(5);
    t.life(B, 3)
        .equipment(B, &[LUCKY_CHARM])
        .nuggets(A, 2)
        .give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert_eq!(t.hp(B), 2);
    assert_eq!(
        gained(&events),
        vec![
            (A, 1, NuggetSource::Wound),
            (B, 1, NuggetSource::LuckyCharm)
        ]
    );
    assert!(!has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::NuggetsPaid { .. })
    )));
    assert_eq!(t.gold_of(B), 1);
    assert_eq!(t.gold_of(A), 3);
}

/// GR-AC-23 — A (Rucksack, 2 nuggets) at 1 life is shot out of turn, holds no
/// Beer. → A may pay 2 nuggets, return to 1 life and survive. (Here B.)
#[test]
fn gr_ac_23_rucksack_in_the_dying_window() {
    let mut t = T::gold_plain(5);
    t.life(B, 1)
        .nuggets(B, 2)
        .equipment(B, &[RUCKSACK])
        .give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.waiting(), vec![(B, Decision::Dying)]);
    let rucksack = pay(NuggetUse::Rucksack);
    assert!(legal_actions(&t.s, B).contains(&rucksack));
    let events = t.ok(B, rucksack);
    assert!(has(&events, |e| matches!(e, Event::Saved { seat: B })));
    assert!(t.alive(B));
    assert_eq!(t.hp(B), 1);
    assert_eq!(t.gold_of(B), 0);
    assert_eq!(t.gold_of(A), 1, "A earned the wound");
    assert!(t.s.window.is_none() && t.s.dying.is_none());
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

/// GR-AC-24 — Outlaw B (1 life) has a Wanted; A eliminates B with a BANG!. →
/// A draws 3 + 2 = 5 cards and takes 2 nuggets (1 for the wound, 1 for the
/// Wanted).
#[test]
fn gr_ac_24_wanted_outlaw_pays_five_cards_and_two_nuggets() {
    let mut t = T::gold_plain(5);
    t.life(B, 1).equipment(B, &[WANTED_1]).give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert_eq!(drew(&events, A), 5);
    assert_eq!(t.hand(A).len(), 5);
    assert_eq!(
        gained(&events),
        vec![(A, 1, NuggetSource::Wound), (A, 1, NuggetSource::Wanted)]
    );
    assert_eq!(t.gold_of(A), 2);
    assert_eq!(t.returned(), vec![WANTED_1]);
}

/// GR-AC-25 — The Sheriff (6 nuggets) eliminates a Deputy (1 life, a Wanted in
/// front of him) with a BANG!. → The Sheriff takes 1 nugget for the wound;
/// then he draws 2 and takes 1 nugget for the Wanted, then discards his hand
/// (including the 2 new cards), his blue cards and his equipment; he ends
/// with 8 nuggets.
#[test]
fn gr_ac_25_sheriff_kills_a_wanted_deputy() {
    let mut t = T::gold(&PLAIN[..5], &[Sheriff, Deputy, Outlaw, Outlaw, Renegade]);
    t.life(B, 1)
        .nuggets(A, 6)
        .equipment(B, &[WANTED_1])
        .equipment(A, &[GUN_BELT])
        .equip(A, &[BARREL])
        .give(A, &[BANG_QH, MISSED_KC]);
    t.stack(&[BEER, BEER2]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    let wound = at(&events, |e| {
        matches!(
            e,
            Event::Gold(GoldEvent::NuggetsGained {
                source: NuggetSource::Wound,
                ..
            })
        )
    });
    let drawn = at(&events, |e| matches!(e, Event::CardsDrawn { seat: A, .. }));
    let wanted = at(&events, |e| {
        matches!(
            e,
            Event::Gold(GoldEvent::NuggetsGained {
                source: NuggetSource::Wanted,
                ..
            })
        )
    });
    let penalty = at(&events, |e| matches!(e, Event::Discarded { seat: A, .. }));
    let equipment = at(&events, |e| {
        matches!(e, Event::Gold(GoldEvent::EquipmentReturned { seat: A, .. }))
    });
    assert!(wound < drawn && drawn < wanted && wanted < penalty && penalty < equipment);
    assert!(matches!(
        &events[penalty],
        Event::Discarded { cards, .. } if cards == &[MISSED_KC, BEER, BEER2, BARREL]
    ));
    assert!(t.hand(A).is_empty());
    assert!(t.s.p(A).in_play.is_empty());
    assert!(t.equipment_of(A).is_empty());
    assert_eq!(t.returned(), vec![GUN_BELT, WANTED_1]);
    assert_eq!(t.gold_of(A), 8);
}

/// GR-AC-26 — A buys a Wanted and places it on the Sheriff. → Legal.
#[test]
fn gr_ac_26_wanted_on_the_sheriff() {
    let mut t = T::gold_plain(5);
    t.playing(B)
        .nuggets(B, 2)
        .market(&[WANTED_1, SHOT_1, PARDNER_1]);
    t.ok(B, buy_as(0, None, Some(A), None));
    assert_eq!(t.equipment_of(A), vec![WANTED_1]);
    assert_eq!(t.gold_of(B), 0);
}

/// GR-AC-27 — A (Gold Pan, 3 nuggets) uses it twice then a third time. → Two
/// draws; the third is rejected.
#[test]
fn gr_ac_27_gold_pan_twice_a_turn() {
    let mut t = T::gold_plain(5);
    t.nuggets(A, 3).equipment(A, &[GOLD_PAN]);
    t.ok(A, pay(NuggetUse::GoldPan));
    t.ok(A, pay(NuggetUse::GoldPan));
    assert_eq!(t.hand(A).len(), 2);
    assert_eq!(t.gold_of(A), 1);
    assert!(t.act(A, pay(NuggetUse::GoldPan)).is_err());
    assert_eq!(t.hand(A).len(), 2);
    assert_eq!(t.gold_of(A), 1);
}

/// GR-AC-28 — A (2/4 life, 6 cards, 5 nuggets) buys Gold Rush (5) in phase 2.
/// → Phase 2 ends; A discards down to 2 cards; end-of-turn effects; A returns
/// to 4/4; A plays a full extra turn (start-of-turn checks, draws 2, …).
#[test]
fn gr_ac_28_gold_rush_ends_the_turn_heals_and_plays_again() {
    // Bart Cassidy: a phase 1 without a choice.
    let mut t = T::gold(
        &[BartCassidy, PedroRamirez, JesseJones, BlackJack, KitCarlson],
        &sheriff_at_c(),
    );
    let hand = [BANG_QH, BANG_KH, MISSED_KC, MISSED_2S, BEER, SALOON];
    t.life(A, 2)
        .nuggets(A, 5)
        .give(A, &hand)
        .equip(A, &[DYNAMITE])
        .market(&[GOLD_RUSH, SHOT_1, PARDNER_1]);
    let events = t.ok(A, buy(0));
    assert!(has(&events, |e| matches!(
        e,
        Event::PhaseStarted {
            phase: Phase::Discard
        }
    )));
    assert_eq!(t.gold_of(A), 0);
    assert_eq!(t.waiting(), vec![(A, Decision::Discard { count: 4 })]);
    assert_eq!(t.hp(A), 2, "no heal before phase 3");
    for card in &hand[..3] {
        t.ok(A, Action::Discard { card: *card });
    }
    // The Dynamite does not explode (J♠), then phase 1 draws two.
    t.stack(&[JAIL_JS, BEER2, BEER_8H]);
    let events = t.ok(A, Action::Discard { card: hand[3] });
    let healed = at(&events, |e| {
        matches!(e, Event::LifeGained { seat: A, amount: 2 })
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
    let checked = at(&events, |e| {
        matches!(
            e,
            Event::CheckFlipped {
                check: CheckKind::Dynamite,
                ..
            }
        )
    });
    let drawn = at(&events, |e| matches!(e, Event::CardsDrawn { seat: A, .. }));
    assert!(healed < extra && extra < checked && checked < drawn);
    assert_eq!(t.hp(A), 4);
    assert!(t.s.in_play_of(B, Kind::Dynamite).is_some(), "passed on");
    assert_eq!(t.hand(A), vec![BEER, SALOON, BEER2, BEER_8H]);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
    assert!(t.s.extra.current);
    // After the extra turn, the next player.
    let events = t.ok(A, Action::EndTurn);
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted {
            seat: B,
            extra: false,
            ..
        }
    )));
}

/// GR-AC-29 — B has Calumet; A plays the 9♦ BANG! at B. → Legal; no effect on
/// B (no Missed! needed), A's BANG! is used. A plays Indians! (K♦). → B is
/// skipped. A challenges B with the Q♦ Duel. → The Duel works normally.
#[test]
fn gr_ac_29_calumet_ignores_diamonds_but_not_duels() {
    let mut t = T::gold_plain(5);
    t.equipment(B, &[CALUMET])
        .give(B, &[MISSED_KC])
        .give(A, &[BANG_9D, INDIANS, DUEL, BANG_QH]);
    let events = t.play(A, BANG_9D, Some(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::Unaffected {
            seat: B,
            card: BANG_9D
        }
    )));
    assert!(!has(&events, |e| matches!(e, Event::ShotAt { .. })));
    assert_eq!(t.hp(B), 4);
    assert_eq!(t.hand(B), vec![MISSED_KC]);
    assert_eq!(t.s.turn.bangs, 1);
    assert!(
        t.act(A, play_at(BANG_QH, Some(E))).is_err(),
        "the BANG! is used"
    );
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);

    let events = t.play(A, INDIANS, None);
    assert!(!has(&events, |e| matches!(
        e,
        Event::LifeLost { seat: B, .. }
    )));
    assert!(!has(&events, |e| matches!(
        e,
        Event::WindowOpened { seat: B, .. }
    )));
    assert_eq!([t.hp(B), t.hp(C), t.hp(D), t.hp(E)], [4, 3, 3, 3]);

    t.orders(
        B,
        Orders {
            duel: Reply::Pass,
            ..Orders::default()
        },
    );
    t.play(A, DUEL, Some(B));
    assert_eq!(t.hp(B), 3);
    assert_eq!(t.gold_of(A), 4);
}

/// GR-AC-30 — A (Gun Belt, 2 life) ends phase 2 with 9 cards. → Discards 1
/// (down to 8).
#[test]
fn gr_ac_30_gun_belt_hand_limit_eight() {
    let mut t = T::gold_plain(5);
    let hand: Vec<Card> = (1..=9).collect();
    t.life(A, 2).equipment(A, &[GUN_BELT]).give(A, &hand);
    t.ok(A, Action::EndTurn);
    assert_eq!(t.waiting(), vec![(A, Decision::Discard { count: 1 })]);
    let events = t.ok(A, Action::Discard { card: 9 });
    assert_eq!(t.hand(A).len(), 8);
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted { seat: B, .. }
    )));
}
