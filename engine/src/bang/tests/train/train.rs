//! Acceptance cases of the train itself (`rules/train-robbery.md` §17):
//! setup, movement, taking railcars and the End of the Line, each through the
//! real `play`.

use super::super::*;
use crate::bang::TrainAction;
use crate::bang::train::{Advance, EndStage};

// Stations (§6).
pub const BOOM_TOWN: u8 = 1;
pub const CROWNS_HOLE: u8 = 4;
pub const DODGEVILLE: u8 = 6;
pub const TOMBROCK: u8 = 11;
pub const VIRGINIA_TOWN: u8 = 12;

// Railcars whose effects stay out of the way of these cases.
pub const MAIL_CAR: u8 = 111;
pub const OBSERVATION_CAR: u8 = 112;
pub const PASSENGER_CAR: u8 = 113;

/// A table with the train on: the case's row of stations, the Locomotive at
/// `position` on the given side, the three cars of `cars` behind it, every
/// other railcar in the railcar deck (id order, the highest on top) and the
/// 96 playing cards in the deck.
pub fn tr(characters: &[Character], roles: &[Role], row: &[u8], position: u8) -> T {
    T::new(characters, roles).with_train(row, position, &[MAIL_CAR, OBSERVATION_CAR, PASSENGER_CAR])
}

/// `n` plain seats with the default roles and the train on.
pub fn tr_plain(n: usize, row: &[u8], position: u8) -> T {
    tr(&PLAIN[..n], &roles(n), row, position)
}

/// `seat`'s turn starts as the machine starts it (the turn's counters too).
pub fn start_turn(t: &mut T, seat: Seat) -> Vec<Event> {
    let e = Event::TurnStarted {
        seat,
        extra: false,
        shadow: false,
    };
    apply(&mut t.s, &e);
    let mut events = vec![e];
    events.extend(t.advance());
    events
}

/// Takes `railcar` paying `pay` (no free advance).
pub fn take(railcar: u8, pay: Option<Card>) -> Action {
    Action::Train(TrainAction::TakeRailcar {
        railcar,
        pay,
        pay_also: None,
        place: None,
        advance: false,
    })
}

/// Takes `railcar` paying `pay`, after the free advance.
pub fn take_after_advance(railcar: u8, pay: Option<Card>) -> Action {
    Action::Train(TrainAction::TakeRailcar {
        railcar,
        pay,
        pay_also: None,
        place: None,
        advance: true,
    })
}

/// Where event `f` first occurs in `events`.
pub fn at(events: &[Event], f: impl Fn(&Event) -> bool) -> usize {
    events
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("not in {events:#?}"))
}

/// Row of `n` stations paying harmless costs.
fn row(n: usize) -> Vec<u8> {
    let mut row = vec![BOOM_TOWN, DODGEVILLE, CROWNS_HOLE, 13, 3, 8, 9][..n - 1].to_vec();
    row.push(VIRGINIA_TOWN); // the last: any two cards
    row
}

#[test]
fn tgr_ac_01_setup_of_a_five_player_game() {
    let mut config = Config::new(5);
    config.options.expansions = vec![crate::bang::train::EXPANSION.to_string()];
    let log = start(&config, &mut GameRng::new(Seed::from_u64(7), 0)).unwrap();
    // The table as set up, before the Sheriff's first turn starts.
    let mut s = State::default();
    for e in log
        .iter()
        .take_while(|e| !matches!(e, Event::TurnStarted { .. }))
    {
        apply(&mut s, e);
    }
    check_invariants(&s).unwrap();
    let cards = s.deck.len()
        + s.discard.len()
        + s.table
            .iter()
            .map(|p| p.hand.len() + p.in_play.len())
            .sum::<usize>();
    assert_eq!(cards, 96, "the deck has 96 cards");
    let t = &s.train;
    assert_eq!(t.row.len(), 5, "5 stations face up");
    assert_eq!(t.spare_stations.len(), 8, "8 stations unused");
    assert_eq!(t.position, 1, "the Locomotive under S1");
    assert_eq!(t.cars.len(), 3, "3 railcars behind it");
    assert_eq!(t.paired().count(), 0, "none paired");
    assert_eq!(t.deck.len(), 13, "13 railcars in the railcar deck");
    assert!(has(&log, |e| matches!(
        e,
        Event::Train(TrainEvent::LocomotivePlaced { .. })
    )));
}

#[test]
fn tgr_ac_02_the_sheriffs_first_turn_advances_the_train_before_his_checks() {
    let mut t = tr_plain(4, &row(4), 1);
    t.equip(A, &[DYNAMITE]);
    let events = start_turn(&mut t, A);
    let advanced = at(&events, |e| {
        matches!(
            e,
            Event::Train(TrainEvent::TrainAdvanced {
                how: Advance::Automatic
            })
        )
    });
    let checked = at(&events, |e| matches!(e, Event::CheckFlipped { .. }));
    assert!(
        advanced < checked,
        "the advance comes before the Dynamite check"
    );
    let paired: Vec<_> = t.s.train.paired().collect();
    assert_eq!(
        paired,
        vec![(MAIL_CAR, BOOM_TOWN)],
        "car 1 paired with S1 only"
    );
}

#[test]
fn tgr_ac_03_taking_car_1_closes_the_train_up() {
    let mut t = tr_plain(4, &row(4), 2);
    t.give(B, &[BANG_QH]);
    t.s.turn.seat = B;
    let next = *t.s.train.deck.last().unwrap();
    let events = t.ok(B, take(MAIL_CAR, Some(BANG_QH)));
    assert!(has(&events, |e| matches!(
        e,
        Event::Train(TrainEvent::RailcarTaken {
            seat: B,
            railcar: MAIL_CAR,
            ..
        })
    )));
    assert!(t.s.p(B).in_play.contains(&MAIL_CAR), "car 1 in front of B");
    assert!(t.s.discard.contains(&BANG_QH));
    assert_eq!(
        t.s.train.cars.to_vec(),
        vec![OBSERVATION_CAR, PASSENGER_CAR, next],
        "the cars move up and a new one joins at the tail"
    );
    assert_eq!(
        t.s.train.paired().collect::<Vec<_>>(),
        vec![(OBSERVATION_CAR, BOOM_TOWN)]
    );
}

#[test]
fn tgr_ac_04_calamity_janet_cannot_pay_boom_town_with_a_missed() {
    let mut t = tr(
        &[PedroRamirez, CalamityJanet, BlackJack, KitCarlson],
        &roles(4),
        &row(4),
        2,
    );
    t.give(B, &[MISSED_KC]);
    t.s.turn.seat = B;
    assert!(t.act(B, take(MAIL_CAR, Some(MISSED_KC))).is_err());
    assert!(!legal_actions(&t.s, B).iter().any(|a| matches!(
        a,
        Action::Train(TrainAction::TakeRailcar { advance: false, .. })
    )));
}

#[test]
fn tgr_ac_05_one_railcar_a_turn_but_benny_brawler_takes_more() {
    for benny in [false, true] {
        let character = if benny { BennyBrawler } else { PedroRamirez };
        let mut t = tr(
            &[PedroRamirez, character, BlackJack, KitCarlson],
            &roles(4),
            &row(4),
            3,
        );
        t.give(B, &[BANG_QH, MISSED_KC]);
        t.s.turn.seat = B;
        // Car 1 at S2 (Dodgeville), car 2 at S1 (Boom Town); once car 1 is
        // taken, car 3 moves up to S1.
        t.ok(B, take(MAIL_CAR, Some(MISSED_KC)));
        let second = t.act(B, take(PASSENGER_CAR, Some(BANG_QH)));
        assert_eq!(second.is_ok(), benny, "Benny Brawler: {benny}");
        if benny {
            assert!(t.s.p(B).in_play.contains(&PASSENGER_CAR));
            assert!(t.s.discard.contains(&BANG_QH), "he pays each cost");
        }
    }
}

#[test]
fn tgr_ac_06_the_free_advance_must_be_followed_by_a_take() {
    let mut t = tr_plain(4, &row(4), 1);
    t.give(B, &[BANG_QH]);
    t.s.turn.seat = B;
    // Every free advance is one action with a take: there is no lone advance.
    let actions = legal_actions(&t.s, B);
    assert!(actions.contains(&take_after_advance(MAIL_CAR, Some(BANG_QH))));
    let events = t.ok(B, take_after_advance(MAIL_CAR, Some(BANG_QH)));
    let advanced = at(&events, |e| {
        matches!(
            e,
            Event::Train(TrainEvent::TrainAdvanced { how: Advance::Free })
        )
    });
    let taken = at(&events, |e| {
        matches!(e, Event::Train(TrainEvent::RailcarTaken { .. }))
    });
    assert!(
        events[advanced + 1..taken]
            .iter()
            .all(|e| matches!(e, Event::Discarded { .. })),
        "nothing in between but the payment"
    );
    assert!(t.s.p(B).in_play.contains(&MAIL_CAR));

    // No payable car after the advance: the free advance is refused.
    let mut t = tr_plain(4, &row(4), 1);
    t.give(B, &[MISSED_KC]);
    t.s.turn.seat = B;
    assert!(!legal_actions(&t.s, B).iter().any(|a| matches!(
        a,
        Action::Train(TrainAction::TakeRailcar { advance: true, .. })
    )));
    assert!(
        t.act(B, take_after_advance(MAIL_CAR, Some(MISSED_KC)))
            .is_err()
    );
    assert_eq!(t.s.train.position, 1, "the train did not move");
}

#[test]
fn tgr_ac_07_benny_brawler_has_one_free_advance_a_turn() {
    let mut t = tr(
        &[PedroRamirez, BennyBrawler, BlackJack, KitCarlson],
        &roles(4),
        &row(4),
        1,
    );
    t.give(B, &[BANG_QH, MISSED_KC]);
    t.s.turn.seat = B;
    t.ok(B, take_after_advance(MAIL_CAR, Some(BANG_QH)));
    // Now Observation Car is car 1 at p = 2 ↔ S1; after an advance ↔ S2 (Dodgeville).
    assert!(
        t.act(B, take_after_advance(OBSERVATION_CAR, Some(MISSED_KC)))
            .is_err()
    );
    assert_eq!(t.s.train.position, 2);
}

#[test]
fn tgr_ac_09_tombrock_costs_a_life_but_never_the_last() {
    let row = [TOMBROCK, BOOM_TOWN, DODGEVILLE, CROWNS_HOLE];
    let mut t = tr(
        &[PedroRamirez, BartCassidy, BlackJack, KitCarlson],
        &roles(4),
        &row,
        2,
    );
    t.s.turn.seat = B;
    t.life(B, 1);
    assert!(t.act(B, take(MAIL_CAR, None)).is_err(), "not his last life");
    t.life(B, 2);
    let events = t.ok(B, take(MAIL_CAR, None));
    assert_eq!(t.hp(B), 1);
    assert!(t.s.p(B).in_play.contains(&MAIL_CAR));
    assert!(has(&events, |e| matches!(
        e,
        Event::LifeLost {
            seat: B,
            amount: 1,
            by: None
        }
    )));
    assert!(!has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::NuggetsGained { .. })
    )));
    assert_eq!(t.hand(B).len(), 1, "Bart Cassidy draws 1");
}

#[test]
fn tgr_ac_11_four_players_reach_the_end_of_the_line_at_the_sheriffs_4th_turn() {
    let mut t = tr_plain(4, &row(4), 1);
    for turn in 1..=4u8 {
        let events = start_turn(&mut t, A);
        assert_eq!(t.s.train.position, turn + 1);
        let end = has(&events, |e| {
            matches!(
                e,
                Event::Train(TrainEvent::TrainStage {
                    stage: Some(EndStage::Arrival)
                })
            )
        });
        assert_eq!(end, turn == 4, "turn {turn}");
        if turn < 4 {
            assert!(!t.s.train.at_end_of_the_line());
        }
    }
}

/// An Ironhorse End of the Line during B's phase 2 by B's free advance.
fn ironhorse_at_b(t: &mut T) -> Vec<Event> {
    t.s.turn.seat = B;
    t.give(B, &[BEER]);
    // p = N = 4: car 1 ↔ S3 (Crown's Hole); after the advance ↔ S4.
    let car = t.s.train.cars[0];
    let st =
        t.s.train
            .advanced()
            .paired()
            .find(|&(c, _)| c == car)
            .unwrap()
            .1;
    assert_eq!(st, VIRGINIA_TOWN);
    t.give(B, &[BANG_QH]);
    t.ok(
        B,
        Action::Train(TrainAction::TakeRailcar {
            railcar: car,
            pay: Some(BANG_QH),
            pay_also: Some(BEER),
            place: None,
            advance: true,
        }),
    )
}

#[test]
fn tgr_ac_12_ironhorse_shoots_every_player_from_the_current_one() {
    let mut t = tr_plain(4, &row(4), 4);
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    let events = ironhorse_at_b(&mut t);
    let shots: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShotAt {
                target,
                anonymous: true,
                ..
            } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shots, vec![B, C, D, A], "B first, then clockwise");
    let taken = at(&events, |e| {
        matches!(e, Event::Train(TrainEvent::RailcarTaken { .. }))
    });
    assert!(taken < at(&events, |e| matches!(e, Event::ShotAt { .. })));
    assert!(t.s.train.leland, "the Locomotive shows Leland");
    assert_eq!(t.s.train.position, 1);
    assert_eq!(t.s.train.row.len(), 4);
    assert_eq!(t.s.train.cars.len(), 3);
    assert_eq!(t.s.train.end, None);
}

#[test]
fn tgr_ac_13_an_outlaw_killed_by_ironhorse_rewards_nobody() {
    let mut t = tr_plain(4, &row(4), 4);
    for seat in 0..4 {
        t.orders(seat, auto());
    }
    t.life(C, 1);
    let before: Vec<usize> = (0..4).map(|s| t.hand(s).len()).collect();
    let events = ironhorse_at_b(&mut t);
    assert!(!t.alive(C));
    assert!(has(&events, |e| matches!(
        e,
        Event::PlayerEliminated {
            seat: C,
            by: None,
            ..
        }
    )));
    assert!(
        !has(&events, |e| matches!(e, Event::CardsDrawn { .. })),
        "nobody draws 3"
    );
    assert!(!has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::NuggetsGained { .. })
    )));
    assert_eq!(t.hand(A).len(), before[A as usize]);
}

#[test]
fn tgr_ac_14_ironhorse_eliminating_everybody_the_outlaws_win() {
    let mut t = tr_plain(4, &row(4), 4);
    for seat in 0..4 {
        t.orders(seat, auto());
        t.life(seat, 1);
    }
    // B pays Virginia Town with two cards, so his life stays at 1.
    let events = ironhorse_at_b(&mut t);
    assert!((0..4).all(|s| !t.alive(s)));
    let outcome = events
        .iter()
        .find_map(|e| match e {
            Event::GameEnded { outcome, .. } => Some(outcome.clone()),
            _ => None,
        })
        .expect("the game ends");
    assert_eq!(outcome.team, Some(crate::core::Team::Outlaws));
    assert!(t.s.is_over());
}

#[test]
fn tgr_ac_15_leland_is_a_general_store_from_the_current_player() {
    let mut t = tr_plain(5, &row(5), 5);
    t.s.train.leland = true;
    t.s.turn.seat = C;
    t.give(C, &[BANG_QH, MISSED_KC]);
    let car = t.s.train.cars[0];
    let events = t.ok(
        C,
        Action::Train(TrainAction::TakeRailcar {
            railcar: car,
            pay: Some(BANG_QH),
            pay_also: Some(MISSED_KC),
            place: None,
            advance: true,
        }),
    );
    let revealed = store_revealed(&events);
    assert_eq!(revealed, 5, "5 cards revealed");
    assert_eq!(t.waiting()[0].0, C, "C picks first");
    let order = t.pick_store_in_order(events);
    assert_eq!(order, vec![C, D, E, A, B], "then clockwise");
    assert!(!t.s.train.leland, "flipped to Ironhorse");
}

#[test]
fn tgr_ac_18_the_sheriff_may_take_a_railcar_at_an_automatic_end_of_the_line() {
    let mut t = tr_plain(4, &row(4), 4);
    t.equip(A, &[DYNAMITE]);
    t.give(A, &[BEER, BANG_QH]);
    let events = start_turn(&mut t, A);
    assert!(t.s.train.at_end_of_the_line());
    assert!(
        !has(&events, |e| matches!(e, Event::CheckFlipped { .. })),
        "not yet"
    );
    assert_eq!(
        t.waiting(),
        vec![(A, Decision::Train(TrainDecision::RailcarChance))]
    );
    // Car 1 ↔ S4 (Virginia Town), car 2 ↔ S3 (Crown's Hole), car 3 ↔ S2 (Dodgeville).
    t.orders(A, auto());
    for seat in 1..4 {
        t.orders(seat, auto());
    }
    let events = t.ok(A, take(OBSERVATION_CAR, Some(BEER)));
    let shot = at(&events, |e| matches!(e, Event::ShotAt { .. }));
    let check = at(&events, |e| matches!(e, Event::CheckFlipped { .. }));
    assert!(shot < check, "the Locomotive, then his Dynamite check");
    assert_eq!(t.s.train.taken, 1, "it counts as his railcar this turn");
    if t.s.turn.phase == Phase::Play {
        assert!(
            !legal_actions(&t.s, A)
                .iter()
                .any(|a| matches!(a, Action::Train(TrainAction::TakeRailcar { .. })))
        );
    }
}

#[test]
fn tgr_ac_19_the_rebuilt_row_has_one_station_per_player_in_play() {
    let mut t = tr_plain(5, &row(5), 5);
    t.dead(D);
    for seat in 0..5 {
        t.orders(seat, auto());
    }
    t.s.turn.seat = B;
    t.give(B, &[BANG_QH, MISSED_KC]);
    let car = t.s.train.cars[0];
    t.ok(
        B,
        Action::Train(TrainAction::TakeRailcar {
            railcar: car,
            pay: Some(BANG_QH),
            pay_also: Some(MISSED_KC),
            place: None,
            advance: true,
        }),
    );
    assert_eq!(t.s.train.end, None);
    assert_eq!(t.s.train.row.len(), 4, "a new row of 4 stations");
    assert_eq!(t.s.train.spare_stations.len(), 9);
}
