//! The Great Train Robbery's 16 playing cards (`rules/train-robbery.md` §12,
//! §13): acceptance cases TGR-AC-16, 17, 20 and 37 to 47, named after them.
//!
//! [`tr`] opens a real game with the expansion (its train, stations and
//! railcar deck as dealt), then sets the table as [`T::new`] does with all 96
//! playing cards in the deck in id order (card 96 on top).

use super::super::*;
use crate::bang::TrainAction;
use crate::bang::gold::{EquipKind, Gold, all_equipment, equip_kind};
use crate::bang::train::{RailcarKind, railcar, railcar_of};
use crate::core::Viewer;

const CACTUS: Card = 81;
const DRAGOON: Card = 82;
const EVADED: Card = 83;
const FULL_STEAM: Card = 84;
const KNIFE_REVOLVER: Card = 85;
const MAP: Card = 86;
const MONEY_BAG: Card = 87;
const MOST_WANTED: Card = 88;
const NEXT_STOP: Card = 89;
const REFUND: Card = 91;
const STRONGBOX: Card = 92;
const SWITCH: Card = 93;
const TRAIN_ROBBERY: Card = 94;
const WATER_TOWER: Card = 96;
/// Check cards.
const BANG_AS: Card = 25;
const GENERAL_STORE_QS: Card = 49;
const BARREL_KS: Card = 65;
const BANG_2C: Card = 17;

/// A table with the Great Train Robbery (and Gold Rush with `gold`).
fn tr_with(characters: &[Character], roles: &[Role], gold: bool) -> T {
    let mut config = Config::new(characters.len() as u8);
    config.options.expansions = vec![crate::bang::train::EXPANSION.to_string()];
    if gold {
        config
            .options
            .expansions
            .push(crate::bang::gold::EXPANSION.to_string());
    }
    let log = start(&config, &mut GameRng::new(Seed::from_u64(1), 0)).unwrap();
    let mut opened = State::default();
    for e in &log {
        apply(&mut opened, e);
    }
    assert!(
        opened.train.on,
        "the game was opened with the Great Train Robbery"
    );
    let mut t = T::new(characters, roles);
    t.s.train = opened.train.clone();
    crate::bang::expansion::switch(&mut t.s, crate::bang::train::EXPANSION, true);
    // Only the train itself: no question of the opened game is pending here.
    let tr = &mut t.s.train;
    (tr.end, tr.shade, tr.evan, tr.blaze, tr.store_exempt) = (None, None, None, None, None);
    (tr.map, tr.full_steam) = (None, None);
    t.s.deck = (1..=96).collect();
    if gold {
        t.s.gold = Gold {
            on: true,
            deck: all_equipment().collect(),
            ..Gold::default()
        };
        crate::bang::expansion::switch(&mut t.s, crate::bang::gold::EXPANSION, true);
    }
    t.log = log;
    check_invariants(&t.s).unwrap();
    t
}

/// `n` plain seats with the default roles, the Great Train Robbery on.
fn tr(n: usize) -> T {
    tr_with(&PLAIN[..n], &roles(n), false)
}

fn lost(events: &[Event], seat: Seat) -> Vec<Option<Seat>> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::LifeLost { seat: s, by, .. } if *s == seat => Some(*by),
            _ => None,
        })
        .collect()
}

/// Passes the End of the Line's railcar chance if it is offered.
fn pass_chance(t: &mut T) -> Vec<Event> {
    if t.waiting()
        .contains(&(A, Decision::Train(TrainDecision::RailcarChance)))
    {
        t.pass(A)
    } else {
        Vec::new()
    }
}

#[test]
fn tgr_ac_16_full_steam_doubles_or_cancels_the_locomotive() {
    for double in [true, false] {
        let mut t = tr(4);
        t.s.train.leland = false; // Ironhorse
        for seat in [A, B, C, D] {
            t.orders(seat, auto());
        }
        t.give(A, &[FULL_STEAM]);
        assert!(
            legal_actions(&t.s, A).contains(&Action::Train(TrainAction::FullSteam {
                card: FULL_STEAM,
                double: !double
            })),
            "both choices are offered"
        );
        let mut events = t.ok(
            A,
            Action::Train(TrainAction::FullSteam {
                card: FULL_STEAM,
                double,
            }),
        );
        events.extend(pass_chance(&mut t));
        let advances = events
            .iter()
            .filter(|e| matches!(e, Event::Train(TrainEvent::TrainAdvanced { .. })))
            .count();
        assert_eq!(advances, 1, "one train advance (TR-4.4)");
        let shots = if double { 2 } else { 0 };
        for seat in [A, B, C, D] {
            assert_eq!(lost(&events, seat).len(), shots, "seat {seat}");
        }
        assert!(t.s.train.leland, "the Locomotive flipped to Leland");
        assert_eq!(t.s.train.end, None, "rebuilt");
        assert_eq!(t.s.train.position, 1);
        assert_eq!(t.s.train.full_steam, None);
        assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
    }
}

#[test]
fn tgr_ac_17_next_stop_draws_then_advances_to_the_end_of_the_line() {
    let mut t = tr(4);
    t.s.train.position = 4; // under S4: one more station is the End of the Line
    t.s.train.leland = false;
    for seat in [A, B, C, D] {
        t.orders(seat, auto());
    }
    t.give(A, &[NEXT_STOP]);
    let mut events = t.play(A, NEXT_STOP, None);
    let drawn = events
        .iter()
        .position(|e| matches!(e, Event::CardsDrawn { seat: A, .. }))
        .expect("he draws");
    let advanced = events
        .iter()
        .position(|e| matches!(e, Event::Train(TrainEvent::TrainAdvanced { .. })))
        .expect("the train advances");
    assert!(drawn < advanced, "the card is drawn first");
    // Not obliged to take a railcar: passing is legal when he could take one.
    if t.waiting()
        .contains(&(A, Decision::Train(TrainDecision::RailcarChance)))
    {
        assert!(legal_actions(&t.s, A).contains(&Action::Pass));
    }
    events.extend(pass_chance(&mut t));
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::TrainStage {
            stage: Some(crate::bang::train::EndStage::Locomotive { left: 1 })
        })
    )));
    assert_eq!(t.s.train.end, None, "the End of the Line ran");
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

#[test]
fn tgr_ac_20_water_tower_takes_any_railcar_for_free() {
    let mut t = tr(4);
    t.s.train.position = 1; // setup position
    t.s.train.taken = 0;
    assert_eq!(t.s.train.paired().count(), 0);
    t.give(A, &[WATER_TOWER]);
    let cars = t.s.train.cars.clone();
    let legal = legal_actions(&t.s, A);
    for &car in &cars {
        assert!(
            legal.iter().any(|a| matches!(
                a,
                Action::Play {
                    card: WATER_TOWER,
                    in_play: Some(c),
                    ..
                } if *c == car
            )),
            "car {car} may be taken"
        );
    }
    let car = cars[2];
    let place = match railcar(car).map(|r| r.kind) {
        Some(RailcarKind::GhostCar) => Some(B),
        Some(RailcarKind::LumberFlatcar) => Some(A),
        _ => None,
    };
    let events = t.ok(
        A,
        Action::Play {
            card: WATER_TOWER,
            target: place,
            in_play: Some(car),
        },
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::RailcarTaken { railcar, station: None, counts: false, .. }) if *railcar == car
    )));
    assert!(t.s.p(place.unwrap_or(A)).in_play.contains(&car));
    assert_eq!(t.s.train.taken, 0, "it does not count toward the limit");
    assert_eq!(t.s.train.cars.len(), 3, "a new car joined the tail");
    assert!(!t.s.p(A).hand.contains(&WATER_TOWER));
    assert!(t.s.discard.contains(&WATER_TOWER));
}

#[test]
fn tgr_ac_37_cactus_cancels_and_heals_on_red() {
    let mut t = tr(4);
    t.life(B, 2).give(A, &[BANG_QH]).give(B, &[CACTUS]);
    t.stack(&[BANG_4D]);
    t.play(A, BANG_QH, Some(B));
    let events = t.respond(B, CACTUS);
    assert!(has(&events, |e| matches!(
        e,
        Event::CheckResolved {
            seat: B,
            check: CheckKind::Cactus,
            success: true,
            ..
        }
    )));
    assert!(lost(&events, B).is_empty(), "the shot is cancelled");
    assert_eq!(t.hp(B), 3, "1 life regained");
    // Capped at max life.
    let mut t = tr(4);
    t.give(A, &[BANG_QH]).give(B, &[CACTUS]).stack(&[BANG_4D]);
    t.play(A, BANG_QH, Some(B));
    t.respond(B, CACTUS);
    assert_eq!(t.hp(B), 4);
}

#[test]
fn tgr_ac_38_evaded_takes_the_bang_card_but_nothing_from_ironhorse() {
    let mut t = tr(4);
    t.give(A, &[BANG_QH]).give(B, &[EVADED]);
    t.play(A, BANG_QH, Some(B));
    let events = t.respond(B, EVADED);
    assert!(lost(&events, B).is_empty(), "the shot is cancelled");
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::DiscardRecovered {
            seat: B,
            card: BANG_QH
        })
    )));
    assert_eq!(t.hand(B), vec![BANG_QH]);
    assert!(!t.s.discard.contains(&BANG_QH));
    assert!(t.s.discard.contains(&EVADED));
    // The Ironhorse's shot: cancelled, nothing taken.
    let mut t = tr(4);
    t.give(B, &[EVADED]).discards(&[BANG_QH]);
    t.s.effect = Some(Effect::Shots {
        source: A,
        targets: [B].into_iter().collect(),
        bang_card: false,
        anonymous: true,
        card: None,
    });
    t.advance();
    let events = t.respond(B, EVADED);
    assert!(lost(&events, B).is_empty());
    assert!(!has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::DiscardRecovered { .. })
    )));
    assert!(t.hand(B).is_empty());
}

#[test]
fn tgr_ac_39_knife_revolver_returns_on_a_face_card() {
    let mut t = tr(4);
    t.give(A, &[KNIFE_REVOLVER, BANG_QH]).give(B, &[EVADED]);
    t.stack(&[GENERAL_STORE_QS]);
    let far = legal_actions(&t.s, A).contains(&play_at(KNIFE_REVOLVER, Some(C)));
    assert!(!far, "C at distance 2 is out of reach");
    let events = t.play(A, KNIFE_REVOLVER, Some(B));
    let check = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::CheckResolved {
                    check: CheckKind::KnifeRevolver,
                    success: true,
                    ..
                }
            )
        })
        .expect("the check succeeds");
    let shot = events
        .iter()
        .position(|e| matches!(e, Event::ShotAt { target: B, .. }))
        .expect("B is shot");
    assert!(check < shot, "the check comes before the BANG! (D-T17)");
    assert!(t.hand(A).contains(&KNIFE_REVOLVER), "back to A's hand");
    let events = t.respond(B, EVADED);
    assert!(!has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::DiscardRecovered { .. })
    )));
    assert!(t.hand(B).is_empty(), "B takes nothing");
    assert_eq!(t.s.turn.bangs, 1, "A has used his BANG! for the turn");
    let legal = legal_actions(&t.s, A);
    assert!(!legal.contains(&play_at(BANG_QH, Some(B))));
    assert!(!legal.contains(&play_at(KNIFE_REVOLVER, Some(B))));
}

#[test]
fn tgr_ac_40_dragoon_allows_two_bang_cards() {
    let mut t = tr(4);
    t.orders(B, auto());
    t.equip(A, &[DRAGOON]).give(A, &[BANG_QH, BANG_KH, BANG_2D]);
    assert_eq!(t.s.reach(A), 2, "a weapon of reach 2");
    t.play(A, BANG_QH, Some(B));
    t.play(A, BANG_KH, Some(B));
    let third = t.act(A, play_at(BANG_2D, Some(B)));
    assert!(third.is_err(), "the third is rejected");
}

#[test]
fn tgr_ac_41_train_robbery_one_card_at_a_time() {
    let mut t = tr_with(&PLAIN[..4], &roles(4), true);
    let horseshoe = all_equipment()
        .find(|&e| equip_kind(e) == EquipKind::Horseshoe)
        .unwrap();
    t.s.gold.deck.retain(|e| *e != horseshoe);
    t.s.table[B as usize].equipment.push(horseshoe);
    t.equip(B, &[BARREL, MUSTANG])
        .give(A, &[TRAIN_ROBBERY, BANG_QH]);
    t.play(A, TRAIN_ROBBERY, Some(D));
    // D has nothing in play: nothing happens, the card is spent.
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
    assert_eq!(t.s.turn.bangs, 1, "A's BANG! limit is used");
    assert!(!legal_actions(&t.s, A).contains(&play_at(BANG_QH, Some(B))));
    // A fresh turn against B.
    t.s.turn.bangs = 0;
    t.give(A, &[95]);
    t.play(A, 95, Some(B));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::Robbery))]
    );
    let mut legal = legal_actions(&t.s, B);
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        Action::Train(TrainAction::Robbery {
            card: BARREL,
            discard: true,
        }),
        Action::Train(TrainAction::Robbery {
            card: BARREL,
            discard: false,
        }),
        Action::Train(TrainAction::Robbery {
            card: MUSTANG,
            discard: true,
        }),
        Action::Train(TrainAction::Robbery {
            card: MUSTANG,
            discard: false,
        }),
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, want, "Barrel and Mustang only, never the Horseshoe");
    // B keeps his Barrel and is shot for it; he takes the hit.
    t.stack(&[BANG_AS]); // his Barrel's check fails
    t.orders(B, Orders::default());
    let events = t.ok(
        B,
        Action::Train(TrainAction::Robbery {
            card: MUSTANG,
            discard: false,
        }),
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::ShotAt {
            source: A,
            target: B,
            needed: 1,
            ..
        }
    )));
    t.pass(B);
    assert_eq!(t.hp(B), 3, "the shot hit");
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::Robbery))]
    );
    let events = t.ok(
        B,
        Action::Train(TrainAction::Robbery {
            card: BARREL,
            discard: true,
        }),
    );
    assert!(has(&events, |e| matches!(
        e,
        Event::Discarded { seat: B, cards } if cards == &vec![BARREL]
    )));
    assert_eq!(t.s.p(B).in_play.to_vec(), vec![MUSTANG]);
    assert_eq!(t.s.p(B).equipment.to_vec(), vec![horseshoe]);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
    assert_eq!(t.s.effect, None);
}

#[test]
fn tgr_ac_42_most_wanted_checks_everyone() {
    let mut t = tr(4);
    t.give(A, &[MOST_WANTED]);
    // A draws the Stagecoach first, then the checks: A 3♠, B 5♥, C K♠, D 2♣.
    t.stack(&[STAGECOACH_9S, MISSED_3S, SALOON, BARREL_KS, BANG_2C]);
    let events = t.play(A, MOST_WANTED, None);
    let drawn = events
        .iter()
        .position(|e| matches!(e, Event::CardsDrawn { seat: A, .. }))
        .unwrap();
    let first_check = events
        .iter()
        .position(|e| matches!(e, Event::CheckFlipped { .. }))
        .unwrap();
    assert!(drawn < first_check, "A draws 1 card first");
    assert!(t.hand(A).contains(&STAGECOACH_9S));
    assert_eq!(
        lost(&events, A),
        vec![None],
        "nobody responsible for his own"
    );
    assert!(lost(&events, B).is_empty());
    assert_eq!(
        lost(&events, C),
        vec![Some(A)],
        "A responsible for C's loss"
    );
    assert!(lost(&events, D).is_empty());
    assert_eq!((t.hp(A), t.hp(C)), (4, 3));
    assert_eq!(t.s.effect, None);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
}

#[test]
fn tgr_ac_43_money_bag_copies_a_brown_card_of_the_discard_pile() {
    let mut t = tr(4);
    for seat in [B, C, D] {
        t.orders(seat, auto());
    }
    t.give(A, &[MONEY_BAG, BANG_QH]).discards(&[GATLING]);
    let events = t.play(A, MONEY_BAG, None);
    for seat in [B, C, D] {
        assert_eq!(lost(&events, seat), vec![Some(A)], "seat {seat} shot");
    }
    // TR-13.7 (a): the shots first, then the Money Bag on the discard pile.
    let last_shot = events
        .iter()
        .rposition(|e| matches!(e, Event::LifeLost { .. }))
        .unwrap();
    let bag = events
        .iter()
        .position(|e| matches!(e, Event::Discarded { seat: A, cards } if cards[..] == [MONEY_BAG]))
        .unwrap();
    assert!(last_shot < bag, "Money Bag goes on the discard pile after");
    assert_eq!(t.s.discard.last(), Some(&MONEY_BAG));
    assert_eq!(
        t.s.discard[t.s.discard.len() - 2],
        GATLING,
        "on the Gatling"
    );
    assert_eq!(t.s.train.money_bag, None);
    assert_eq!(t.s.turn.bangs, 0);
    assert!(
        legal_actions(&t.s, A).contains(&play_at(BANG_QH, Some(B))),
        "a copy is not the copied card"
    );
    // Answered by hand: while each shot is answered, the Gatling is still the top
    // of the discard pile and the Money Bag is held aside, as every view shows.
    let mut t = tr(4);
    t.give(A, &[MONEY_BAG]).discards(&[GATLING]);
    t.give(B, &[MISSED_KC])
        .give(C, &[MISSED_2S])
        .give(D, &[MISSED_3S]);
    t.play(A, MONEY_BAG, None);
    for seat in [B, C, D] {
        assert_eq!(t.waiting(), vec![(seat, Decision::Shot { needed: 1 })]);
        assert_eq!(t.s.discard.last(), Some(&GATLING), "seat {seat}'s shot");
        assert_eq!(t.s.train.money_bag, Some((A, MONEY_BAG)));
        for viewer in [Viewer::Seat(seat), Viewer::Spectator] {
            let train = view(&t.s, viewer).train.unwrap();
            assert_eq!(train.money_bag, Some(MONEY_BAG));
        }
        assert!(!t.hand(A).contains(&MONEY_BAG));
        t.pass(seat); // he takes the hit: the pile stays as it was
    }
    assert_eq!(t.s.discard.last(), Some(&MONEY_BAG), "then on the pile");
    assert_eq!(t.s.discard[t.s.discard.len() - 2], GATLING);
    assert_eq!(t.s.train.money_bag, None);
    assert_eq!(view(&t.s, Viewer::Spectator).train.unwrap().money_bag, None);
    assert_eq!(t.waiting(), vec![(A, Decision::Play)]);

    for top in [BARREL, MISSED_2S] {
        let mut t = tr(4);
        t.give(A, &[MONEY_BAG]).discards(&[top]);
        assert!(
            !legal_actions(&t.s, A).iter().any(|a| matches!(
                a,
                Action::Play {
                    card: MONEY_BAG,
                    ..
                }
            )),
            "top {top}"
        );
    }
}

#[test]
fn tr_13_7_money_bag_is_this_card_while_held_aside() {
    // (d) A Knife Revolver copy that succeeds returns the Money Bag itself,
    // taken from where it is held aside: it never reaches the discard pile.
    let mut t = tr(4);
    t.orders(B, auto());
    t.give(A, &[MONEY_BAG]).discards(&[KNIFE_REVOLVER]);
    t.stack(&[GENERAL_STORE_QS]);
    let events = t.play(A, MONEY_BAG, Some(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::DiscardRecovered {
            seat: A,
            card: MONEY_BAG
        })
    )));
    assert_eq!(t.hand(A), vec![MONEY_BAG]);
    assert_eq!(t.s.train.money_bag, None);
    assert!(!t.s.discard.contains(&MONEY_BAG));
    assert_eq!(
        t.s.discard.last(),
        Some(&GENERAL_STORE_QS),
        "the check card"
    );
    // Evaded! against a Money Bag copy of a BANG! takes the Money Bag.
    let mut t = tr(4);
    t.give(A, &[MONEY_BAG])
        .discards(&[BANG_QH])
        .give(B, &[EVADED]);
    t.play(A, MONEY_BAG, Some(B));
    assert_eq!(t.s.train.money_bag, Some((A, MONEY_BAG)), "aside meanwhile");
    assert_eq!(t.s.discard.last(), Some(&BANG_QH));
    let events = t.respond(B, EVADED);
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::DiscardRecovered {
            seat: B,
            card: MONEY_BAG
        })
    )));
    assert_eq!(t.hand(B), vec![MONEY_BAG]);
    assert_eq!(t.s.train.money_bag, None);
    assert_eq!(t.s.discard.last(), Some(&EVADED));
}

#[test]
fn tgr_ac_44_refund_draws_on_panic_not_on_train_robbery() {
    let mut t = tr(4);
    t.equip(A, &[REFUND]).give(A, &[BEER]).give(B, &[PANIC]);
    t.s.turn.seat = B;
    t.script = vec![0];
    let events = t.play(B, PANIC, Some(A));
    assert!(t.hand(B).contains(&BEER));
    assert!(has(&events, |e| matches!(
        e,
        Event::CardsDrawn { seat: A, .. }
    )));
    assert_eq!(t.hand(A).len(), 1, "A drew 1");
    // Train Robbery: A chooses what he loses, so no Refund draw.
    let mut t = tr(4);
    t.equip(A, &[REFUND, BARREL]).give(B, &[TRAIN_ROBBERY]);
    t.s.turn.seat = B;
    t.play(B, TRAIN_ROBBERY, Some(A));
    let events = t.ok(
        A,
        Action::Train(TrainAction::Robbery {
            card: BARREL,
            discard: true,
        }),
    );
    assert!(!has(&events, |e| matches!(
        e,
        Event::CardsDrawn { seat: A, .. }
    )));
    assert!(t.hand(A).is_empty());
}

#[test]
fn tgr_ac_45_strongbox_draws_at_the_end_of_a_jailed_turn() {
    let mut t = tr(4);
    t.equip(B, &[STRONGBOX, JAIL_10S]).stack(&[BANG_AS]);
    let events = t.turn(B);
    assert!(has(&events, |e| matches!(
        e,
        Event::CheckResolved {
            seat: B,
            check: CheckKind::Jail,
            success: false,
            ..
        }
    )));
    assert!(has(&events, |e| matches!(
        e,
        Event::CardsDrawn { seat: B, cards } if cards.len() == 1
    )));
    assert_eq!(t.hand(B).len(), 1);
    assert_eq!(t.s.turn.seat, C, "his turn was skipped");
}

#[test]
fn tgr_ac_46_switch_swaps_two_cards_in_play() {
    let mut t = tr(4);
    t.equip(A, &[VOLCANIC])
        .equip(B, &[WINCHESTER])
        .give(A, &[SWITCH]);
    let events = t.ok(
        A,
        Action::Train(TrainAction::Switch {
            card: SWITCH,
            mine: VOLCANIC,
            target: B,
            theirs: WINCHESTER,
        }),
    );
    assert!(!has(&events, |e| matches!(e, Event::Discarded { .. })));
    assert_eq!(t.s.p(A).in_play.to_vec(), vec![WINCHESTER]);
    assert_eq!(t.s.p(B).in_play.to_vec(), vec![VOLCANIC]);
    // Giving the Barrel for the Winchester: A's Volcanic goes (one weapon).
    let mut t = tr(4);
    t.equip(A, &[VOLCANIC, BARREL])
        .equip(B, &[WINCHESTER])
        .give(A, &[SWITCH]);
    t.ok(
        A,
        Action::Train(TrainAction::Switch {
            card: SWITCH,
            mine: BARREL,
            target: B,
            theirs: WINCHESTER,
        }),
    );
    assert_eq!(t.s.p(A).in_play.to_vec(), vec![WINCHESTER]);
    assert_eq!(t.s.p(B).in_play.to_vec(), vec![BARREL]);
    assert!(t.s.discard.contains(&VOLCANIC));
    // The Sheriff (A) may not take a Jail or the Ghost Car.
    let mut t = tr(4);
    let ghost = railcar_of(RailcarKind::GhostCar);
    t.s.train.cars.retain(|c| *c != ghost);
    t.s.train.deck.retain(|c| *c != ghost);
    t.equip(A, &[BARREL])
        .equip(B, &[JAIL_4H])
        .equip(C, &[ghost])
        .give(A, &[SWITCH]);
    for (target, theirs) in [(B, JAIL_4H), (C, ghost)] {
        let switch = Action::Train(TrainAction::Switch {
            card: SWITCH,
            mine: BARREL,
            target,
            theirs,
        });
        assert!(t.act(A, switch).is_err(), "{theirs} rejected");
    }
}

#[test]
fn tgr_ac_47_map_after_the_dynamite_before_phase_one() {
    let mut t = tr(4);
    // B's turn (not the Sheriff: no train advance); his Dynamite does not explode.
    t.equip(B, &[DYNAMITE, MAP])
        .stack(&[BANG_QH, BANG_KH, BANG_2D, BANG_4D]);
    let events = t.turn(B);
    let dynamite = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::CheckResolved {
                    check: CheckKind::Dynamite,
                    ..
                }
            )
        })
        .unwrap();
    let looked = events
        .iter()
        .position(|e| matches!(e, Event::Train(TrainEvent::MapLooked { seat: B, .. })))
        .unwrap();
    assert!(dynamite < looked, "the Dynamite check first");
    let seen = events[looked].clone();
    assert_eq!(
        seen,
        Event::Train(TrainEvent::MapLooked {
            seat: B,
            cards: vec![Some(BANG_KH), Some(BANG_2D)]
        })
    );
    assert_eq!(
        crate::bang::view::redact(&seen, Viewer::Seat(C)),
        Event::Train(TrainEvent::MapLooked {
            seat: B,
            cards: vec![None, None]
        }),
        "only he sees them"
    );
    assert_eq!(t.waiting(), vec![(B, Decision::Train(TrainDecision::Map))]);
    assert!(legal_actions(&t.s, B).contains(&Action::Pass));
    let events = t.ok(B, Action::Discard { card: BANG_KH });
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::MapDone {
            seat: B,
            discarded: Some(BANG_KH)
        })
    )));
    assert!(t.s.discard.contains(&BANG_KH));
    let drawn: Vec<Card> = events
        .iter()
        .filter_map(|e| match e {
            Event::CardsDrawn { seat: B, cards } => Some(cards.iter().flatten().copied()),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(
        drawn,
        vec![BANG_2D, BANG_4D],
        "phase 1 draws the kept card first"
    );
    assert_eq!(t.waiting(), vec![(B, Decision::Play)]);
}

/// D-T19: Evaded! takes the Gatling; its other shots still resolve.
#[test]
fn tgr_evaded_takes_the_gatling_and_its_other_shots_still_resolve() {
    let mut t = tr(4);
    t.orders(D, auto());
    t.give(A, &[GATLING]).give(B, &[EVADED]).give(C, &[CACTUS]);
    t.play(A, GATLING, None);
    let events = t.respond(B, EVADED);
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::DiscardRecovered {
            seat: B,
            card: GATLING
        })
    )));
    t.stack(&[BANG_AS]); // C's Cactus check: no heal
    let events = t.respond(C, CACTUS);
    assert!(lost(&events, C).is_empty());
    assert_eq!(t.hand(B), vec![GATLING]);
    assert!(t.hand(C).is_empty());
    assert_eq!(t.hp(C), 4);
}
