//! Where the Great Train Robbery's cards, characters and railcars meet
//! (`rules/train-robbery.md` §11, §13, §14, §15, §16): one test per
//! interaction, named after its rule.

use super::super::*;
use super::train::*;
use crate::bang::TrainAction;
use crate::bang::train::use_railcar;

const CIRCUS: Card = 104;
const MONEY_BAG: Card = 87;
const MOST_WANTED: Card = 88;

/// Sgt. Blaze (A), Pedro Ramirez, Black Jack and Kit Carlson with the train on.
fn blaze_table() -> T {
    let mut t = tr(
        &[SgtBlaze, PedroRamirez, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    t
}

/// Railcar `r` goes into play in front of `seat`, from wherever it was.
fn car(t: &mut T, seat: Seat, r: Card) {
    t.s.train.deck.retain(|c| *c != r);
    t.s.train.cars.retain(|c| *c != r);
    for p in t.s.table.iter_mut() {
        p.in_play.retain(|c| *c != r);
    }
    t.s.table[seat as usize].in_play.push(r);
}

fn use_car(railcar: Card, target: Option<Seat>) -> Action {
    use_railcar(railcar, None, target, None)
}

/// Who flipped a Most Wanted check, in order.
fn checked(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CheckFlipped {
                seat,
                check: CheckKind::MostWanted,
                ..
            } => Some(*seat),
            _ => None,
        })
        .collect()
}

#[test]
fn tr_tc6_sgt_blaze_exempts_one_player_from_most_wanted() {
    let mut t = blaze_table();
    t.give(A, &[MOST_WANTED]);
    let events = t.play(A, MOST_WANTED, Some(C));
    assert_eq!(checked(&events), vec![A, B, D], "C exempted");
    // Himself too (D-T23).
    let mut t = blaze_table();
    t.give(A, &[MOST_WANTED]);
    let events = t.play(A, MOST_WANTED, Some(A));
    assert_eq!(checked(&events), vec![B, C, D]);
    // Another character may not name a target for his Most Wanted.
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
    t.give(A, &[MOST_WANTED]);
    assert!(t.act(A, play_at(MOST_WANTED, Some(C))).is_err());
}

#[test]
fn tr_tc6_sgt_blazes_money_bag_copies_exempt_too() {
    let mut t = blaze_table();
    t.give(A, &[MONEY_BAG, BANG_QH]).discards(&[MOST_WANTED]);
    let events = t.play(A, MONEY_BAG, Some(B));
    assert_eq!(checked(&events), vec![A, C, D], "B exempted");
    let mut t = blaze_table();
    t.give(A, &[MONEY_BAG, BANG_QH]).discards(&[GATLING]);
    let events = t.play(A, MONEY_BAG, Some(C));
    let shot: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShotAt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shot, vec![B, D], "C exempted");
}

#[test]
fn tr_tc6_sgt_blaze_exempts_one_player_from_the_circus_wagon() {
    let mut t = blaze_table();
    car(&mut t, A, CIRCUS);
    t.equip(B, &[BARREL]);
    t.equip(C, &[JAIL_10S]);
    t.equip(D, &[MUSTANG]);
    t.ok(A, use_car(CIRCUS, Some(C)));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::CircusWagon))]
    );
    t.respond(B, BARREL);
    assert_eq!(
        t.waiting(),
        vec![(D, Decision::Train(TrainDecision::CircusWagon))],
        "C exempted"
    );
    t.respond(D, MUSTANG);
    assert_eq!(t.s.p(C).in_play.as_slice(), &[JAIL_10S]);
    assert_eq!(t.waiting()[0], (A, Decision::Play));
    // Another character may not name a target for his Circus Wagon.
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
    car(&mut t, A, CIRCUS);
    t.equip(B, &[BARREL]);
    assert!(t.act(A, use_car(CIRCUS, Some(C))).is_err());
}

#[test]
fn tr_tc6_sgt_blazes_pardner_as_general_store_exempts_one_player() {
    use super::super::gold::{BOTTLE_1, Gold, Mode, PARDNER_1, SHOT_1, all_equipment, buy_as};
    let mut t = blaze_table();
    t.s.gold = Gold {
        on: true,
        deck: all_equipment().collect(),
        ..Gold::default()
    };
    crate::bang::expansion::switch(&mut t.s, crate::bang::gold::EXPANSION, true);
    t.nuggets(A, 3).market(&[PARDNER_1, SHOT_1, BOTTLE_1]);
    let events = t.ok(A, buy_as(0, Some(Mode::GeneralStore), Some(D), None));
    let revealed = store_revealed(&events);
    assert_eq!(revealed, 3, "one card fewer");
    let order = t.pick_store_in_order(events);
    assert_eq!(order, vec![A, B, C], "D does not pick");
    assert_eq!(t.s.train.store_exempt, None);
    // Another character's Pardner names nobody.
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
    t.s.gold = Gold {
        on: true,
        deck: all_equipment().collect(),
        ..Gold::default()
    };
    crate::bang::expansion::switch(&mut t.s, crate::bang::gold::EXPANSION, true);
    t.nuggets(A, 3).market(&[PARDNER_1, SHOT_1, BOTTLE_1]);
    assert!(
        t.act(A, buy_as(0, Some(Mode::GeneralStore), Some(D), None))
            .is_err()
    );
}

/// Pedro Ramirez (A), Evan Babbit (B, a card of each suit in hand), Black
/// Jack and Kit Carlson with the train on.
fn evan_table() -> T {
    let mut t = tr(
        &[PedroRamirez, EvanBabbit, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    t.give(B, &[BANG_9D, MISSED_KC, BANG_KH, MISSED_2S]);
    t
}

fn evan_not_asked(t: &T, what: &str) {
    assert_eq!(t.s.train.evan, None, "{what}");
    assert!(
        !t.waiting()
            .contains(&(B, Decision::Train(TrainDecision::EvanBabbit))),
        "{what}"
    );
}

#[test]
fn tr_tc2_evan_babbit_only_redirects_bang_cards() {
    use crate::bang::train::RailcarMode;
    const BAGGAGE: Card = 101;
    const KNIFE_REVOLVER: Card = 85;
    const SLEEPER: Card = 116;
    let mut t = evan_table();
    t.give(A, &[BANG_4D]);
    t.play(A, BANG_4D, Some(B));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::EvanBabbit))],
        "a BANG! card"
    );
    let mut t = evan_table();
    t.give(A, &[KNIFE_REVOLVER]);
    t.play(A, KNIFE_REVOLVER, Some(B));
    evan_not_asked(&t, "Knife Revolver");
    let mut t = evan_table();
    t.give(A, &[GATLING]);
    t.play(A, GATLING, None);
    evan_not_asked(&t, "Gatling");
    let mut t = evan_table();
    t.give(A, &[MONEY_BAG, BANG_4D]).discards(&[BANG_QH]);
    t.play(A, MONEY_BAG, Some(B));
    evan_not_asked(&t, "a Money Bag copy of a BANG!");
    let mut t = evan_table();
    car(&mut t, A, BAGGAGE);
    t.ok(
        A,
        Action::Train(TrainAction::UseRailcar {
            railcar: BAGGAGE,
            mode: Some(RailcarMode::Bang),
            target: Some(B),
            card: None,
        }),
    );
    evan_not_asked(&t, "Baggage Car");
    let mut t = evan_table();
    car(&mut t, A, SLEEPER);
    t.equip(A, &[SCOPE]);
    t.ok(
        A,
        Action::Train(TrainAction::UseRailcar {
            railcar: SLEEPER,
            mode: Some(RailcarMode::Bang),
            target: Some(B),
            card: Some(SCOPE),
        }),
    );
    evan_not_asked(&t, "Sleeper Car");
    // A Bottle used as a BANG!.
    use super::super::gold::{BOTTLE_1, Gold, Mode, PARDNER_1, SHOT_1, all_equipment, buy_as};
    let mut t = evan_table();
    t.s.gold = Gold {
        on: true,
        deck: all_equipment().collect(),
        ..Gold::default()
    };
    crate::bang::expansion::switch(&mut t.s, crate::bang::gold::EXPANSION, true);
    t.nuggets(A, 3).market(&[BOTTLE_1, SHOT_1, PARDNER_1]);
    t.ok(A, buy_as(0, Some(Mode::Bang), Some(B), None));
    evan_not_asked(&t, "Bottle");
}

#[test]
fn tr_11_14_prisoner_car_ignores_neither_money_bag_copies_nor_pardners_duel() {
    use super::super::gold::{BOTTLE_1, Gold, Mode, PARDNER_1, SHOT_1, all_equipment, buy_as};
    const PRISONER: Card = 114;
    let prisoner_table = || {
        let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
        car(&mut t, B, PRISONER);
        t
    };
    let unaffected = |events: &[Event]| has(events, |e| matches!(e, Event::Unaffected { .. }));
    // A Money Bag copy of Indians!: B is a target too.
    let mut t = prisoner_table();
    t.give(A, &[MONEY_BAG, BANG_4D]).discards(&[INDIANS]);
    let (hb, hc) = (t.hp(B), t.hp(C));
    let events = t.play(A, MONEY_BAG, None);
    assert!(!unaffected(&events));
    assert_eq!((t.hp(B), t.hp(C)), (hb - 1, hc - 1), "B is not skipped");
    // A Money Bag copy of Duel: B must answer it.
    let mut t = prisoner_table();
    let hb = t.hp(B);
    t.give(A, &[MONEY_BAG, BANG_4D]).discards(&[DUEL]);
    let events = t.play(A, MONEY_BAG, Some(B));
    assert!(!unaffected(&events));
    assert_eq!(t.hp(B), hb - 1, "B, with no BANG!, loses the duel");
    // A Pardner used as a Duel.
    let mut t = prisoner_table();
    let hb = t.hp(B);
    t.s.gold = Gold {
        on: true,
        deck: all_equipment().collect(),
        ..Gold::default()
    };
    crate::bang::expansion::switch(&mut t.s, crate::bang::gold::EXPANSION, true);
    t.nuggets(A, 3).market(&[PARDNER_1, SHOT_1, BOTTLE_1]);
    let events = t.ok(A, buy_as(0, Some(Mode::Duel), Some(B), None));
    assert!(!unaffected(&events));
    assert_eq!(t.hp(B), hb - 1, "B, with no BANG!, loses the duel");
    // The card named Duel itself is spent on him.
    let mut t = prisoner_table();
    t.give(A, &[DUEL]);
    let events = t.play(A, DUEL, Some(B));
    assert!(unaffected(&events));
}

const REFUND: Card = 91;

/// Cards drawn by `seat` in `events`.
fn drew(events: &[Event], seat: Seat) -> usize {
    events
        .iter()
        .map(|e| match e {
            Event::CardsDrawn { seat: s, cards } if *s == seat => cards.len(),
            _ => 0,
        })
        .sum()
}

#[test]
fn tr_13_10_refund_draws_when_a_railcar_takes_or_discards_a_card() {
    use crate::bang::train::RailcarMode;
    const BAGGAGE: Card = 101;
    const COAL: Card = 105;
    const DINING: Card = 106;
    const PASSENGER: Card = 113;
    let refund_table = || {
        let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
        t.equip(B, &[REFUND, BARREL]).give(B, &[MISSED_KC]);
        t
    };
    let use_on = |railcar, mode, card| {
        Action::Train(TrainAction::UseRailcar {
            railcar,
            mode,
            target: Some(B),
            card,
        })
    };
    // Passenger Car: a card in play, or a random hand card.
    for card in [Some(BARREL), None] {
        let mut t = refund_table();
        car(&mut t, A, PASSENGER);
        let events = t.ok(A, use_on(PASSENGER, None, card));
        assert_eq!(drew(&events, B), 1, "Passenger Car {card:?}");
    }
    // Coal Hopper discards his railcar.
    let mut t = refund_table();
    car(&mut t, A, COAL);
    car(&mut t, B, DINING);
    let events = t.ok(A, use_on(COAL, None, Some(DINING)));
    assert_eq!(drew(&events, B), 1, "Coal Hopper");
    // Baggage Car as Panic! and as Cat Balou.
    for mode in [RailcarMode::Panic, RailcarMode::CatBalou] {
        let mut t = refund_table();
        car(&mut t, A, BAGGAGE);
        let events = t.ok(A, use_on(BAGGAGE, Some(mode), Some(BARREL)));
        assert_eq!(drew(&events, B), 1, "Baggage Car {mode:?}");
    }
    // Not for the Refund itself.
    let mut t = refund_table();
    car(&mut t, A, BAGGAGE);
    let events = t.ok(
        A,
        use_on(BAGGAGE, Some(RailcarMode::CatBalou), Some(REFUND)),
    );
    assert_eq!(drew(&events, B), 0, "the Refund itself");
}

const STRONGBOX: Card = 92;

/// Jimmy Texas (A) with a Strongbox, Pedro Ramirez, Black Jack, Kit Carlson.
fn jimmy_table() -> T {
    let mut t = tr(
        &[JimmyTexas, PedroRamirez, BlackJack, KitCarlson],
        &roles(4),
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
        1,
    );
    t.equip(A, &[STRONGBOX]);
    t
}

/// The cards `seat` drew in `events`.
fn drawn_cards(events: &[Event], seat: Seat) -> Vec<Card> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CardsDrawn { seat: s, cards } if *s == seat => Some(cards),
            _ => None,
        })
        .flatten()
        .flatten()
        .copied()
        .collect()
}

#[test]
fn tr_11_7_express_car_then_strongbox_and_jimmy_texas_draw() {
    const EXPRESS: Card = 107;
    let mut t = jimmy_table();
    car(&mut t, A, EXPRESS);
    t.give(A, &[BEER, SALOON, GATLING]);
    let events = t.ok(
        A,
        Action::Train(TrainAction::UseRailcar {
            railcar: EXPRESS,
            mode: None,
            target: None,
            card: None,
        }),
    );
    let discarded = at(&events, |e| matches!(e, Event::Discarded { seat: A, .. }));
    let drawn = at(&events, |e| matches!(e, Event::CardsDrawn { seat: A, .. }));
    let next = at(&events, |e| matches!(e, Event::TurnStarted { .. }));
    assert!(discarded < drawn && drawn < next, "drawn after the discard");
    let kept = drawn_cards(&events[..next], A);
    assert_eq!(kept.len(), 2, "Strongbox 1, Jimmy Texas 1");
    for c in kept {
        assert!(t.hand(A).contains(&c), "kept");
    }
}

#[test]
fn tr_11_8_5_a_ghosts_end_of_turn_draws_come_after_his_discard() {
    const GHOST: Card = 108;
    let mut t = jimmy_table();
    car(&mut t, A, GHOST);
    t.s.train.ghosts = 1 << A;
    t.life(A, 0);
    t.give(A, &[BEER, SALOON]);
    let mut events = t.ok(A, Action::EndTurn);
    while let Some(&(A, _)) = t.waiting().first() {
        let c = t.hand(A)[0];
        events.extend(t.ok(A, Action::Discard { card: c }));
    }
    let drawn = drawn_cards(&events, A);
    assert_eq!(drawn.len(), 2, "Strongbox 1, Jimmy Texas 1");
    assert_eq!(t.hand(A).to_vec(), drawn, "kept after the discard");
    assert!(t.alive(A));
    assert_ne!(t.s.turn.seat, A);
}

/// B is a ghost holding the Ghost Car and a Barrel.
fn ghost_table() -> T {
    const GHOST: Card = 108;
    let mut t = tr_plain(4, &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN], 1);
    car(&mut t, B, GHOST);
    t.equip(B, &[BARREL]);
    t.s.train.ghosts = 1 << B;
    t.life(B, 0);
    t
}

fn gone_nobody_responsible(events: &[Event]) -> bool {
    has(events, |e| {
        matches!(
            e,
            Event::PlayerEliminated {
                seat: B,
                by: None,
                ..
            }
        )
    })
}

#[test]
fn tr_11_8_6_a_ghost_losing_his_ghost_car_by_switch_is_eliminated() {
    const GHOST: Card = 108;
    const SWITCH: Card = 93;
    let mut t = ghost_table();
    t.s.turn.seat = C;
    t.equip(C, &[VOLCANIC]).give(C, &[SWITCH]);
    let events = t.ok(
        C,
        Action::Train(TrainAction::Switch {
            card: SWITCH,
            mine: VOLCANIC,
            target: B,
            theirs: GHOST,
        }),
    );
    assert!(gone_nobody_responsible(&events));
    assert!(!t.alive(B));
    assert!(t.s.p(C).in_play.contains(&GHOST));
    assert_eq!(t.hand(C).len(), 0, "no reward");
}

#[test]
fn tr_11_8_6_a_ghost_losing_his_ghost_car_by_train_robbery_is_eliminated() {
    const GHOST: Card = 108;
    const TRAIN_ROBBERY: Card = 94;
    let mut t = ghost_table();
    t.s.turn.seat = C;
    t.give(C, &[TRAIN_ROBBERY]);
    t.play(C, TRAIN_ROBBERY, Some(B));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::Robbery))]
    );
    let events = t.ok(
        B,
        Action::Train(TrainAction::Robbery {
            card: GHOST,
            discard: true,
        }),
    );
    assert!(gone_nobody_responsible(&events));
    assert!(!t.alive(B));
    assert_eq!(t.waiting(), vec![(C, Decision::Play)], "the robbery stops");
    assert_eq!(t.hand(C).len(), 0, "no reward");
}

#[test]
fn tr_13_4_full_steam_manuelita_draws_2_once_and_shade_has_one_chance() {
    const FULL_STEAM: Card = 84;
    for double in [false, true] {
        let mut t = tr(
            &[PedroRamirez, BlackJack, Manuelita, ShadeOConnor],
            &roles(4),
            &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, VIRGINIA_TOWN],
            1,
        );
        t.s.train.leland = false; // Ironhorse
        for seat in 0..4 {
            t.orders(seat, auto());
        }
        t.give(D, &[BEER]).give(A, &[FULL_STEAM]);
        let mut events = t.ok(
            A,
            Action::Train(TrainAction::FullSteam {
                card: FULL_STEAM,
                double,
            }),
        );
        let mut shade_asked = 0;
        for _ in 0..20 {
            match t.waiting().first().copied() {
                Some((D, Decision::Train(TrainDecision::ShadeOConnor))) => {
                    shade_asked += 1;
                    events.extend(t.ok(D, Action::Discard { card: BEER }));
                }
                Some((A, Decision::Play)) | None => break,
                Some((seat, _)) => events.extend(t.pass(seat)),
            }
        }
        assert_eq!(shade_asked, 1, "double {double}: one chance for Shade");
        let watched = events
            .iter()
            .filter(|e| matches!(e, Event::Train(TrainEvent::TrainWatched { .. })))
            .count();
        assert_eq!(watched, 1, "double {double}");
        assert_eq!(
            drawn_cards(&events, C).len(),
            2,
            "double {double}: Manuelita draws 2 once"
        );
        assert_eq!(t.s.train.end, None, "rebuilt");
        assert_eq!(t.waiting(), vec![(A, Decision::Play)]);
    }
}

/// Five players with Shadow-Gunslingers and the train on; B is eliminated
/// (a shadow-gunslinger on his turns).
fn shadow_table() -> T {
    let mut t = tr(
        &PLAIN[..5],
        &[Sheriff, Outlaw, Outlaw, Renegade, Deputy],
        &[BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, TOMBROCK, VIRGINIA_TOWN],
        1,
    );
    crate::bang::expansion::switch(&mut t.s, crate::bang::shadows::VARIANT, true);
    t.dead(B);
    t.s.table[B as usize].life = 0;
    t
}

#[test]
fn sg_2_6_a_shadows_railcars_go_to_the_railcar_deck_bottom() {
    const DINING: Card = 106;
    let mut t = shadow_table();
    t.stack(&[BARREL, DUEL]);
    let events = t.ok(A, Action::EndTurn);
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted {
            seat: B,
            shadow: true,
            ..
        }
    )));
    car(&mut t, B, DINING);
    t.ok(B, Action::EndTurn);
    assert!(t.s.p(B).in_play.is_empty());
    assert_eq!(t.s.train.deck.first(), Some(&DINING), "at the bottom");
    assert!(!t.alive(B));
}

#[test]
fn d_t8_rebuilt_row_counts_players_in_play_and_ironhorse_spares_a_shadow() {
    const FULL_STEAM: Card = 84;
    let mut t = shadow_table();
    t.s.train.leland = false; // Ironhorse
    for seat in 0..5 {
        t.orders(seat, auto());
    }
    t.give(A, &[FULL_STEAM]);
    let mut events = t.ok(
        A,
        Action::Train(TrainAction::FullSteam {
            card: FULL_STEAM,
            double: true,
        }),
    );
    if t.waiting()
        .contains(&(A, Decision::Train(TrainDecision::RailcarChance)))
    {
        events.extend(t.pass(A));
    }
    let shot: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShotAt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shot, vec![A, C, D, E, A, C, D, E], "never the shadow B");
    assert_eq!(t.s.train.end, None, "rebuilt");
    assert_eq!(t.s.train.row.len(), 4, "one station per player in play");
}

#[test]
fn sg_8_no_ghost_car_on_an_eliminated_player_with_shadows() {
    const GHOST: Card = 108;
    const WATER_TOWER: Card = 96;
    let mut t = shadow_table();
    t.s.train.deck.retain(|c| *c != GHOST);
    let first = std::mem::replace(&mut t.s.train.cars[0], GHOST);
    t.s.train.deck.insert(0, first);
    t.give(A, &[WATER_TOWER]);
    let placed_on = |t: &T| -> Vec<Option<Seat>> {
        legal_actions(&t.s, A)
            .iter()
            .filter_map(|a| match a {
                Action::Play {
                    card: WATER_TOWER,
                    in_play: Some(GHOST),
                    target,
                } => Some(*target),
                _ => None,
            })
            .collect()
    };
    let targets = placed_on(&t);
    assert!(!targets.is_empty(), "the Ghost Car can be taken");
    assert!(!targets.contains(&Some(B)), "not on the eliminated B");
    crate::bang::expansion::switch(&mut t.s, crate::bang::shadows::VARIANT, false);
    assert!(placed_on(&t).contains(&Some(B)), "without the variant: yes");
}

#[test]
fn tr_11_8_6_a_ghost_giving_up_his_ghost_car_to_the_caboose_leaves_the_shot() {
    // Slab the Killer's BANG! needs 2 Missed! effects; the ghost B spends his
    // Ghost Car as one through his Caboose and is gone at once: the shot at
    // him ends there (no life lost, no second elimination, no reward).
    const GHOST: Card = 108;
    const CABOOSE: Card = 102;
    let mut t = ghost_table();
    car(&mut t, B, CABOOSE);
    t.s.table[C as usize].character = Some(SlabTheKiller);
    t.at_play(C).give(C, &[BANG_QH]);
    t.play(C, BANG_QH, Some(B));
    let events = t.ok(
        B,
        Action::Train(TrainAction::UseRailcar {
            railcar: CABOOSE,
            mode: Some(crate::bang::train::RailcarMode::Missed),
            target: None,
            card: Some(GHOST),
        }),
    );
    assert!(gone_nobody_responsible(&events));
    let eliminated = events
        .iter()
        .filter(|e| matches!(e, Event::PlayerEliminated { seat: B, .. }))
        .count();
    assert_eq!(eliminated, 1, "{events:?}");
    assert!(!has(&events, |e| matches!(
        e,
        Event::LifeLost { seat: B, .. }
    )));
    assert!(t.s.shot.is_none() && t.s.effect.is_none());
    assert_eq!(t.hand(C).len(), 0, "no reward");
    assert_eq!(t.waiting(), vec![(C, Decision::Play)]);
}

#[test]
fn tr_11_8_6_a_ghost_giving_up_his_ghost_car_to_the_sleeper_car_leaves_the_duel() {
    // The ghost B answers C's Duel with his Ghost Car as the BANG! through
    // his Sleeper Car: he is gone at once, and so is the Duel (C is not
    // asked for a BANG! against nobody).
    const GHOST: Card = 108;
    const SLEEPER: Card = 116;
    let mut t = ghost_table();
    car(&mut t, B, SLEEPER);
    t.at_play(C).give(C, &[DUEL]);
    t.play(C, DUEL, Some(B));
    let events = t.ok(
        B,
        Action::Train(TrainAction::UseRailcar {
            railcar: SLEEPER,
            mode: Some(crate::bang::train::RailcarMode::Bang),
            target: None,
            card: Some(GHOST),
        }),
    );
    assert!(gone_nobody_responsible(&events));
    assert!(t.s.effect.is_none(), "{:?}", t.s.effect);
    assert_eq!(t.waiting(), vec![(C, Decision::Play)]);
}
