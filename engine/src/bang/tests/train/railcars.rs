//! Rules tests of the railcars (`rules/train-robbery.md` §9–§11, §15): one
//! per acceptance case, named after it. The helpers below open a Train
//! Robbery table on the base harness [`T`] and move railcars like `T` moves
//! playing cards, each from wherever it is.

use super::super::*;
use crate::bang::TrainAction;
use crate::bang::train::{RailcarKind, RailcarMode, all_railcars, railcar_of, use_railcar};

const BAGGAGE: Card = 101;
const DINING: Card = 106;
const GHOST: Card = 108;
const LUMBER: Card = 110;
const OBSERVATION: Card = 112;
const PRISONER: Card = 114;
const PRIVATE: Card = 115;
const DEATHWOOD: u8 = 5;

/// A Train Robbery table: [`T::new`], the 96-card deck in id order, a row of
/// one station per player (S1 = station 1, …), the Locomotive at `p = 1` and
/// no railcar in the train, every railcar in the railcar deck (R16 on top).
fn tr(characters: &[Character], roles: &[Role]) -> T {
    let n = characters.len() as u8;
    let row: Vec<u8> = (1..=n).collect();
    T::new(characters, roles).with_train(&row, 1, &[])
}

fn tr_plain(n: usize) -> T {
    tr(&PLAIN[..n], &roles(n))
}

/// Takes railcar `r` out of the train or the railcar deck, or off a player.
fn lift_car(t: &mut T, r: Card) {
    t.s.train.deck.retain(|c| *c != r);
    t.s.train.cars.retain(|c| *c != r);
    for p in t.s.table.iter_mut() {
        p.in_play.retain(|c| *c != r);
    }
}

/// Railcar `r` goes into play in front of `seat`.
fn car(t: &mut T, seat: Seat, r: Card) {
    lift_car(t, r);
    t.s.table[seat as usize].in_play.push(r);
}

/// The train: these stations, the Locomotive at `position`, these cars (car 1 first).
fn train(t: &mut T, row: &[u8], position: u8, cars: &[Card]) {
    for &r in cars {
        lift_car(t, r);
    }
    let all: Vec<u8> = (1..=13).collect();
    t.s.train.row = row.iter().copied().collect();
    t.s.train.spare_stations = all.into_iter().filter(|x| !row.contains(x)).collect();
    t.s.train.position = position;
    t.s.train.cars = cars.iter().copied().collect();
}

fn take(r: Card, pay: Card) -> Action {
    Action::Train(TrainAction::TakeRailcar {
        railcar: r,
        pay: Some(pay),
        pay_also: None,
        place: None,
        advance: false,
    })
}

#[test]
fn tgr_ac_10_deathwood_takes_blue_cards_and_railcars_not_equipment() {
    let mut t = tr_plain(4);
    train(&mut t, &[DEATHWOOD, 1, 2, 3], 2, &[BAGGAGE, 102, 103]);
    t.equip(A, &[BARREL]);
    car(&mut t, A, OBSERVATION);
    let legal = legal_actions(&t.s, A);
    assert!(legal.contains(&take(BAGGAGE, BARREL)));
    assert!(legal.contains(&take(BAGGAGE, OBSERVATION)));
    let mut barrel = t.s.clone();
    let mut rng = GameRng::scripted(vec![]);
    play(&mut barrel, A, &take(BAGGAGE, BARREL), &mut rng).unwrap();
    assert!(barrel.discard.contains(&BARREL), "the Barrel is discarded");
    assert!(barrel.p(A).in_play.contains(&BAGGAGE));
    // Paying with the railcar: it goes to the bottom of the railcar deck.
    t.ok(A, take(BAGGAGE, OBSERVATION));
    assert!(t.s.p(A).in_play.contains(&BAGGAGE));
    assert!(!t.s.p(A).in_play.contains(&OBSERVATION));
    assert_eq!(t.s.train.deck.first(), Some(&OBSERVATION));
    assert!(!t.s.discard.contains(&OBSERVATION));
    // A Gold Rush Horseshoe is no card in play: nothing of B's pays Deathwood.
    let mut t = tr_plain(4);
    train(&mut t, &[DEATHWOOD, 1, 2, 3], 2, &[BAGGAGE, 102, 103]);
    t.s.gold.on = true;
    crate::bang::expansion::switch(&mut t.s, crate::bang::gold::EXPANSION, true);
    t.s.table[A as usize].equipment.push(16); // Horseshoe (E16)
    let takes = legal_actions(&t.s, A)
        .into_iter()
        .filter(|a| matches!(a, Action::Train(TrainAction::TakeRailcar { .. })))
        .count();
    assert_eq!(takes, 0, "equipment never pays (D-T10)");
}

#[test]
fn tgr_ac_22_a_discarded_railcar_refills_a_short_train() {
    let mut t = tr_plain(4);
    train(&mut t, &[1, 2, 3, 4], 1, &[101, 102]);
    car(&mut t, B, DINING);
    t.s.train.deck.clear();
    // the other railcars leave the game's way: in front of C
    let rest: Vec<Card> = all_railcars()
        .filter(|&r| ![101, 102, DINING].contains(&r))
        .collect();
    for r in rest {
        car(&mut t, C, r);
    }
    t.give(A, &[CAT_BALOU]);
    t.ok(
        A,
        Action::Play {
            card: CAT_BALOU,
            target: Some(B),
            in_play: Some(DINING),
        },
    );
    assert_eq!(t.s.train.cars.as_slice(), &[101, 102, DINING]);
    assert!(t.s.train.deck.is_empty());
}

#[test]
fn tgr_ac_23_panic_on_a_railcar_puts_it_in_play_for_the_taker() {
    let mut t = tr_plain(4);
    car(&mut t, B, OBSERVATION);
    t.equip(A, &[SCOPE]).give(A, &[PANIC]);
    t.ok(
        A,
        Action::Play {
            card: PANIC,
            target: Some(B),
            in_play: Some(OBSERVATION),
        },
    );
    assert!(t.s.p(A).in_play.contains(&OBSERVATION));
    assert!(!t.hand(A).contains(&OBSERVATION));
}

#[test]
fn tgr_ac_24_vulture_sam_takes_railcars_into_play() {
    let mut t = tr(
        &[PedroRamirez, JesseJones, VultureSam, KitCarlson],
        &roles(4),
    );
    car(&mut t, B, DINING);
    t.life(B, 1).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    while t.waiting().iter().any(|w| w.0 == B) {
        t.pass(B);
    }
    assert!(!t.alive(B));
    assert!(t.s.p(C).in_play.contains(&DINING));
    assert!(!t.hand(C).contains(&DINING));
}

#[test]
fn tgr_ac_28_private_car_with_an_empty_hand() {
    let mut t = tr_plain(4);
    car(&mut t, B, PRIVATE);
    t.give(A, &[BANG_QH, GATLING]);
    assert!(
        t.act(A, play_at(BANG_QH, Some(B))).is_err(),
        "no BANG! card at B"
    );
    // With a card in hand he may be targeted.
    t.give(B, &[BEER]);
    assert!(legal_actions(&t.s, A).contains(&play_at(BANG_QH, Some(B))));
    t.s.table[B as usize].hand.clear();
    t.s.discard.push(BEER);
    // Gatling reaches him.
    let hp = t.hp(B);
    let ev = t.play(A, GATLING, None);
    assert!(has(&ev, |e| matches!(e, Event::LifeLost { seat: B, .. })));
    assert_eq!(t.hp(B), hp - 1, "the Gatling shoots B");
}

#[test]
fn tgr_ac_29_prisoner_car_skips_indians_and_spends_a_duel() {
    let mut t = tr_plain(4);
    car(&mut t, B, PRISONER);
    t.give(A, &[INDIANS, DUEL]);
    let (hp, hc) = (t.hp(B), t.hp(C));
    t.play(A, INDIANS, None);
    assert_eq!(t.hp(B), hp, "B is skipped");
    assert_eq!(t.hp(C), hc - 1, "C is not");
    let ev = t.play(A, DUEL, Some(B));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Unaffected {
            seat: B,
            card: DUEL
        }
    )));
    assert!(t.s.discard.contains(&DUEL), "the Duel is spent");
    assert!(t.s.effect.is_none());
    assert_eq!(t.waiting()[0], (A, Decision::Play));
    assert_eq!(t.hp(B), hp);
}

#[test]
fn tgr_ac_33_the_sheriff_never_takes_a_ghost_car() {
    let mut t = tr_plain(4);
    train(&mut t, &[1, 2, 3, 4], 2, &[GHOST, 102, 103]);
    t.give(A, &[BANG_QH]); // station 1 = Boom Town
    let places: Vec<Option<Seat>> = legal_actions(&t.s, A)
        .into_iter()
        .filter_map(|a| match a {
            Action::Train(TrainAction::TakeRailcar {
                railcar: GHOST,
                place,
                ..
            }) => Some(place),
            _ => None,
        })
        .collect();
    assert!(!places.is_empty());
    assert!(!places.contains(&Some(A)), "not in front of himself");
    car(&mut t, B, GHOST);
    t.give(A, &[PANIC]);
    assert!(
        t.act(
            A,
            Action::Play {
                card: PANIC,
                target: Some(B),
                in_play: Some(GHOST),
            },
        )
        .is_err()
    );
}

#[test]
fn tgr_ac_36_lumber_flatcar_lengthens_its_holders_distances() {
    let mut t = tr_plain(5);
    t.s.turn.seat = B;
    t.equip(B, &[SCHOFIELD]).give(B, &[BANG_QH]);
    assert!(legal_actions(&t.s, B).contains(&play_at(BANG_QH, Some(D))));
    car(&mut t, B, LUMBER);
    assert_eq!(t.s.distance(B, D), 3);
    assert_eq!(t.s.distance(D, B), 2, "others see him as before");
    assert!(!legal_actions(&t.s, B).contains(&play_at(BANG_QH, Some(D))));
}

#[test]
fn observation_car_is_one_source_each_way() {
    let mut t = tr_plain(5);
    car(&mut t, B, OBSERVATION);
    t.equip(B, &[SCOPE]);
    assert_eq!(t.s.distance(B, D), 1, "2 − 1 (Scope) − 1 (Observation Car)");
    assert_eq!(t.s.distance(D, B), 3, "2 + 1");
    assert_eq!(railcar_of(RailcarKind::ObservationCar), OBSERVATION);
}

#[test]
fn dining_car_heals_on_hearts_after_the_jail_even_when_jailed() {
    let mut t = tr_plain(4);
    car(&mut t, B, DINING);
    t.life(B, 2).stack(&[BANG_QH]);
    let ev = t.turn(B);
    assert!(has(&ev, |e| matches!(
        e,
        Event::LifeGained { seat: B, amount: 1 }
    )));
    assert_eq!(t.hp(B), 3);
    // Jailed: the Jail fails (♠), the Dining Car still checks (♥).
    let mut t = tr_plain(4);
    car(&mut t, B, DINING);
    t.equip(B, &[JAIL_10S])
        .life(B, 2)
        .stack(&[MISSED_2S, BANG_KH]);
    t.turn(B);
    assert_eq!(t.hp(B), 3);
    assert_ne!(t.s.turn.seat, B, "his turn was skipped");
}

const CABOOSE: Card = 102;
const CATTLE: Card = 103;
const COAL: Card = 105;
const PASSENGER: Card = 113;
const SLEEPER: Card = 116;

#[test]
fn tgr_ac_25_caboose_discards_a_mustang_as_a_missed() {
    let mut t = tr_plain(4);
    car(&mut t, B, CABOOSE);
    t.equip(B, &[MUSTANG])
        .give(A, &[BANG_QH])
        .equip(A, &[SCOPE]);
    let hp = t.hp(B);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.waiting()[0].0, B, "his window opens with an empty hand");
    t.ok(
        B,
        use_railcar(CABOOSE, Some(RailcarMode::Missed), None, Some(MUSTANG)),
    );
    assert_eq!(t.hp(B), hp);
    assert!(t.s.discard.contains(&MUSTANG));
    assert!(t.s.p(B).in_play.contains(&CABOOSE), "the Caboose stays");
    assert!(t.s.shot.is_none() && t.s.effect.is_none());
}

#[test]
fn tgr_ac_26_sleeper_car_answers_indians_once_a_turn() {
    let mut t = tr_plain(4);
    car(&mut t, B, SLEEPER);
    t.give(B, &[BARREL]).give(A, &[INDIANS, DUEL]);
    let hp = t.hp(B);
    t.play(A, INDIANS, None);
    assert_eq!(t.waiting()[0].0, B);
    t.ok(
        B,
        use_railcar(SLEEPER, Some(RailcarMode::Bang), None, Some(BARREL)),
    );
    assert_eq!(t.hp(B), hp, "no life lost");
    assert!(t.s.discard.contains(&BARREL));
    while let Some(&(s, _)) = t.waiting().first().filter(|w| w.0 != A) {
        t.pass(s);
    }
    t.equip(B, &[MUSTANG]);
    t.play(A, DUEL, Some(B));
    let legal = if t.waiting()[0].0 == B {
        legal_actions(&t.s, B)
    } else {
        Vec::new()
    };
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Train(TrainAction::UseRailcar { .. }))),
        "one use per turn"
    );
}

#[test]
fn tgr_ac_27_sleeper_car_as_an_extra_bang() {
    let mut t = tr_plain(4);
    car(&mut t, A, SLEEPER);
    t.equip(A, &[SCOPE]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B)); // B, with no card, is hit at once
    let hp = t.hp(C);
    t.ok(
        A,
        use_railcar(SLEEPER, Some(RailcarMode::Bang), Some(C), Some(SCOPE)),
    );
    assert!(t.s.discard.contains(&SCOPE));
    assert_eq!(t.hp(C), hp - 1, "C is shot (empty hand)");
    assert!(
        !legal_actions(&t.s, A)
            .iter()
            .any(|a| matches!(a, Action::Train(TrainAction::UseRailcar { .. }))),
        "once a turn"
    );
}

#[test]
fn baggage_car_as_missed_panic_cat_balou_or_extra_bang() {
    let mut t = tr_plain(4);
    car(&mut t, B, BAGGAGE);
    t.give(A, &[BANG_QH]);
    let hp = t.hp(B);
    t.play(A, BANG_QH, Some(B));
    t.ok(
        B,
        use_railcar(BAGGAGE, Some(RailcarMode::Missed), None, None),
    );
    assert_eq!(t.hp(B), hp);
    assert_eq!(
        t.s.train.deck.first(),
        Some(&BAGGAGE),
        "to the railcar deck bottom"
    );
    // Phase 2: as a Panic! at distance 1, taking B's Barrel.
    let mut t = tr_plain(4);
    car(&mut t, A, BAGGAGE);
    t.equip(B, &[BARREL]).equip(C, &[MUSTANG]);
    let legal = legal_actions(&t.s, A);
    assert!(!legal.contains(&use_railcar(
        BAGGAGE,
        Some(RailcarMode::Panic),
        Some(C),
        Some(MUSTANG)
    )));
    assert!(legal.contains(&use_railcar(
        BAGGAGE,
        Some(RailcarMode::CatBalou),
        Some(C),
        Some(MUSTANG)
    )));
    t.ok(
        A,
        use_railcar(BAGGAGE, Some(RailcarMode::Panic), Some(B), Some(BARREL)),
    );
    assert!(t.hand(A).contains(&BARREL));
    assert!(!t.s.p(A).in_play.contains(&BAGGAGE));
}

#[test]
fn cattle_truck_coal_hopper_and_passenger_car() {
    let mut t = tr_plain(4);
    car(&mut t, A, CATTLE);
    t.discards(&[BEER, SALOON, GATLING, PANIC]);
    let picks: Vec<Action> = legal_actions(&t.s, A)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Train(TrainAction::UseRailcar {
                    railcar: CATTLE,
                    ..
                })
            )
        })
        .collect();
    assert_eq!(picks.len(), 3, "the top 3 of the discard pile");
    t.ok(A, use_railcar(CATTLE, None, None, Some(SALOON)));
    assert_eq!(t.hand(A), vec![SALOON]);
    assert_eq!(
        t.s.discard.as_slice(),
        &[BEER, GATLING, PANIC],
        "order kept"
    );
    // Coal Hopper: draw 1, then discard C's railcar.
    car(&mut t, A, COAL);
    car(&mut t, C, DINING);
    t.ok(A, use_railcar(COAL, None, Some(C), Some(DINING)));
    assert_eq!(t.hand(A).len(), 2);
    assert!(!t.s.p(C).in_play.contains(&DINING));
    // Passenger Car: any distance.
    car(&mut t, A, PASSENGER);
    t.equip(C, &[BARREL]);
    t.ok(A, use_railcar(PASSENGER, None, Some(C), Some(BARREL)));
    assert!(t.hand(A).contains(&BARREL));
}

#[test]
fn tgr_ac_32_a_ghost_stays_until_his_ghost_car_goes() {
    let mut t = tr(
        &[PedroRamirez, JesseJones, VultureSam, KitCarlson],
        &roles(4),
    );
    car(&mut t, B, GHOST);
    t.equip(B, &[BARREL])
        .life(B, 1)
        .give(A, &[BANG_QH, CAT_BALOU]);
    t.stack(&[MISSED_2S]); // the Barrel fails
    t.play(A, BANG_QH, Some(B));
    while t.waiting().iter().any(|w| w.0 == B) {
        t.pass(B);
    }
    assert!(t.alive(B), "a ghost, not eliminated");
    assert_eq!(t.hp(B), 0);
    assert!(!t.s.p(B).role_public, "role hidden");
    assert!(t.s.p(B).in_play.contains(&BARREL), "cards kept");
    assert!(t.hand(A).contains(&CAT_BALOU), "nobody draws 3");
    assert_eq!(t.hand(A).len(), 1);
    // He cannot lose life any more.
    t.s.turn.bangs = 0;
    t.give(A, &[BANG_KH]);
    t.play(A, BANG_KH, Some(B));
    while t.waiting().iter().any(|w| w.0 == B) {
        t.pass(B);
    }
    assert_eq!(t.hp(B), 0);
    assert!(t.alive(B));
    // Cat Balou on the Ghost Car: eliminated at once, nobody responsible.
    let ev = t.ok(
        A,
        Action::Play {
            card: CAT_BALOU,
            target: Some(B),
            in_play: Some(GHOST),
        },
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::PlayerEliminated {
            seat: B,
            by: None,
            ..
        }
    )));
    assert!(!t.alive(B));
    assert!(t.s.p(B).role_public);
    assert!(t.s.p(B).in_play.is_empty() && t.s.p(C).in_play.is_empty());
    assert!(t.s.discard.contains(&BARREL), "Vulture Sam gets nothing");
    assert_eq!(t.hand(A).len(), 0, "no reward");
}

#[test]
fn tgr_ac_34_a_ghost_discards_his_whole_hand() {
    let mut t = tr_plain(4);
    car(&mut t, B, GHOST);
    t.s.train.ghosts = 1 << B;
    t.life(B, 0);
    t.s.turn.seat = B;
    t.give(B, &[BEER, SALOON, GATLING]);
    t.ok(B, Action::EndTurn);
    let mut n = 0;
    while let Some(&(B, _)) = t.waiting().first() {
        let c = t.hand(B)[0];
        t.ok(B, Action::Discard { card: c });
        n += 1;
    }
    assert_eq!(n, 3);
    assert!(t.hand(B).is_empty());
    assert!(t.alive(B));
    assert_ne!(t.s.turn.seat, B);
}

const EXPRESS: Card = 107;

#[test]
fn tgr_ac_30_express_car_ends_the_turn_for_one_more() {
    let mut t = tr_plain(4);
    car(&mut t, A, EXPRESS);
    t.give(A, &[BEER, SALOON, GATLING, PANIC, MISSED_2S]);
    let ev = t.ok(A, use_railcar(EXPRESS, None, None, None));
    assert!(has(
        &ev,
        |e| matches!(e, Event::Discarded { seat: A, cards } if cards.len() == 5)
    ));
    assert!(has(&ev, |e| matches!(
        e,
        Event::TurnStarted {
            seat: A,
            extra: true,
            ..
        }
    )));
    assert!(!has(&ev, |e| matches!(
        e,
        Event::PhaseStarted {
            phase: Phase::Discard
        }
    )));
    assert!(t.s.train.express_turn);
    assert_eq!(t.s.turn.seat, A);
    assert_eq!(t.s.turn.phase, Phase::Draw, "a complete turn");
    t.ok(
        A,
        Action::Draw {
            from: DrawFrom::Deck,
        },
    );
    assert_eq!(t.hand(A).len(), 2);
    // The Express Car again, in the turn it granted: no further turn.
    car(&mut t, A, EXPRESS);
    let ev = t.ok(A, use_railcar(EXPRESS, None, None, None));
    assert!(has(&ev, |e| matches!(e, Event::Discarded { seat: A, .. })));
    assert!(has(&ev, |e| matches!(
        e,
        Event::TurnStarted { seat: B, .. }
    )));
}

const CIRCUS: Card = 104;

#[test]
fn tgr_ac_31_circus_wagon_each_other_player_discards_clockwise() {
    let mut t = tr_plain(4);
    car(&mut t, A, CIRCUS);
    t.equip(B, &[BARREL, JAIL_10S]);
    car(&mut t, D, DINING);
    t.ok(A, use_railcar(CIRCUS, None, None, None));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::CircusWagon))]
    );
    let legal = legal_actions(&t.s, B);
    assert!(legal.contains(&Action::Respond { card: JAIL_10S }));
    assert!(legal.contains(&Action::Respond { card: BARREL }));
    t.respond(B, JAIL_10S);
    assert_eq!(t.s.p(B).in_play.as_slice(), &[BARREL]);
    // C has nothing in play: skipped; D discards his railcar.
    assert_eq!(
        t.waiting(),
        vec![(D, Decision::Train(TrainDecision::CircusWagon))]
    );
    t.respond(D, DINING);
    assert!(t.s.p(D).in_play.is_empty());
    // TR-9.4: the Circus Wagon reaches the bottom of the deck after its
    // effect, so after D's Dining Car.
    assert_eq!(&t.s.train.deck[..2], &[CIRCUS, DINING]);
    assert_eq!(t.waiting()[0], (A, Decision::Play));
}

const LOUNGE: Card = 109;
const MAIL: Card = 111;

fn lounge_places(t: &T, seat: Seat) -> Vec<Action> {
    legal_actions(&t.s, seat)
        .into_iter()
        .filter(|a| matches!(a, Action::Train(TrainAction::PlaceRailcars { .. })))
        .collect()
}

#[test]
fn tgr_ac_35_lounge_car_draws_ghost_car_and_mail_car_by_the_sheriff() {
    let mut t = tr_plain(4);
    car(&mut t, A, LOUNGE);
    // The Ghost Car on top of the railcar deck, the Mail Car under it.
    lift_car(&mut t, GHOST);
    lift_car(&mut t, MAIL);
    t.s.train.deck.push(MAIL);
    t.s.train.deck.push(GHOST);
    let events = t.ok(A, use_railcar(LOUNGE, None, None, None));
    assert!(events.contains(&Event::Train(TrainEvent::RailcarsDrawn {
        seat: A,
        railcars: vec![GHOST, MAIL],
    })));
    assert_eq!(
        t.waiting()[0],
        (A, Decision::Train(TrainDecision::LoungeCar))
    );
    let places = lounge_places(&t, A);
    assert!(!places.is_empty());
    for a in &places {
        let Action::Train(TrainAction::PlaceRailcars {
            railcar,
            to,
            other,
            other_to,
        }) = *a
        else {
            unreachable!()
        };
        assert_eq!((railcar, to), (MAIL, A), "the Sheriff keeps the Mail Car");
        assert_eq!(other, Some(GHOST));
        assert_ne!(other_to, Some(A), "never the Ghost Car in front of him");
    }
    t.ok(
        A,
        Action::Train(TrainAction::PlaceRailcars {
            railcar: MAIL,
            to: A,
            other: Some(GHOST),
            other_to: Some(C),
        }),
    );
    assert!(t.s.p(A).in_play.contains(&MAIL));
    assert!(t.s.p(C).in_play.contains(&GHOST));
    assert!(!t.s.p(A).in_play.contains(&LOUNGE));
    assert_eq!(t.s.train.taken, 0, "neither counts toward his limit");
    assert_eq!(
        t.s.train.deck.first(),
        Some(&LOUNGE),
        "TR-9.4: at the bottom"
    );
    assert!(t.s.train.lounge.is_none());
    assert_eq!(t.waiting()[0], (A, Decision::Play));
}

#[test]
fn lounge_car_never_draws_itself_and_needs_a_railcar_left() {
    let mut t = tr_plain(4);
    car(&mut t, A, LOUNGE);
    let mut rest: Vec<Card> = t.s.train.deck.to_vec();
    rest.retain(|&c| c != DINING);
    for c in rest {
        car(&mut t, D, c);
    }
    assert_eq!(t.s.train.deck.as_slice(), &[DINING]);
    t.ok(A, use_railcar(LOUNGE, None, None, None));
    // D-T25: the lone railcar goes in front of him or another player.
    let places = lounge_places(&t, A);
    assert_eq!(places.len(), 4, "any player in play: {places:?}");
    t.ok(
        A,
        Action::Train(TrainAction::PlaceRailcars {
            railcar: DINING,
            to: B,
            other: None,
            other_to: None,
        }),
    );
    assert!(t.s.p(B).in_play.contains(&DINING));
    // TR-5.6: the Lounge Car, back in the deck, refills the short train.
    assert_eq!(t.s.train.cars.as_slice(), &[LOUNGE]);
    assert!(t.s.train.deck.is_empty());
    // With no railcar left, a Lounge Car cannot be used.
    car(&mut t, A, LOUNGE);
    assert!(t.act(A, use_railcar(LOUNGE, None, None, None)).is_err());
}

#[test]
fn mail_car_draws_three_and_gives_one_away() {
    let mut t = tr_plain(4);
    car(&mut t, A, MAIL);
    t.ok(A, use_railcar(MAIL, None, None, None));
    let drawn = t.hand(A);
    assert_eq!(drawn.len(), 3);
    assert_eq!(t.waiting()[0], (A, Decision::Train(TrainDecision::MailCar)));
    let train = &t.s.train;
    assert!(
        !train.deck.contains(&MAIL) && !train.cars.contains(&MAIL),
        "TR-9.4: not yet"
    );
    let gives: Vec<Action> = legal_actions(&t.s, A)
        .into_iter()
        .filter(|a| matches!(a, Action::Train(TrainAction::GiveCard { .. })))
        .collect();
    assert_eq!(gives.len(), 9, "each of the three to each other player");
    assert!(
        legal_actions(&t.s, A)
            .iter()
            .all(|a| matches!(a, Action::Train(TrainAction::GiveCard { .. })))
    );
    t.ok(
        A,
        Action::Train(TrainAction::GiveCard {
            card: drawn[1],
            target: C,
        }),
    );
    assert_eq!(t.hand(A), vec![drawn[0], drawn[2]]);
    assert!(t.hand(C).contains(&drawn[1]));
    assert!(t.s.train.deck.first() == Some(&MAIL) || t.s.train.cars.contains(&MAIL));
    assert_eq!(t.waiting()[0], (A, Decision::Play));
}

/// Every number of `json` at any depth, but those under a seat's key.
fn cards_named(json: &serde_json::Value, key: &str, out: &mut Vec<Card>) {
    match json {
        serde_json::Value::Number(n) if !matches!(key, "seat" | "to" | "target" | "from") => {
            out.extend(n.as_u64().and_then(|n| Card::try_from(n).ok()));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| cards_named(v, key, out)),
        serde_json::Value::Object(map) => map.iter().for_each(|(k, v)| cards_named(v, k, out)),
        _ => {}
    }
}

#[test]
fn mail_car_keeps_its_three_cards_private() {
    let mut t = tr_plain(4);
    car(&mut t, A, MAIL);
    let mut events = t.ok(A, use_railcar(MAIL, None, None, None));
    let drawn = t.hand(A);
    // While A chooses, nobody else sees his cards.
    for viewer in [Viewer::Spectator, Viewer::Seat(B), Viewer::Seat(D)] {
        let v = view(&t.s, viewer);
        assert!(v.players[A as usize].hand.iter().all(Option::is_none));
        let json = serde_json::to_string(&v.pending).unwrap();
        assert!(!json.contains("card"), "{json}");
    }
    events.extend(t.ok(
        A,
        Action::Train(TrainAction::GiveCard {
            card: drawn[0],
            target: C,
        }),
    ));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Train(TrainEvent::CardGiven { .. })))
    );
    assert!(
        !has(&events, |e| matches!(
            e,
            Event::Acted {
                action: Action::Train(TrainAction::GiveCard { .. }),
                ..
            }
        )),
        "card_given is the gift's record: no `acted` names the card"
    );
    for viewer in [Viewer::Spectator, Viewer::Seat(B), Viewer::Seat(D)] {
        for e in &events {
            // Every number of the whole event, at any depth, but the seats.
            let json = serde_json::to_value(redact(e, viewer)).unwrap();
            let mut numbers = Vec::new();
            cards_named(&json, "", &mut numbers);
            assert!(
                numbers.iter().all(|n| !drawn.contains(n)),
                "{viewer:?} reads a Mail Car card in {json}"
            );
        }
        let v = view(&t.s, viewer);
        assert!(v.players[A as usize].hand.iter().all(Option::is_none));
        assert!(v.players[C as usize].hand.iter().all(Option::is_none));
    }
    // The receiver sees the card he gets, the giver too.
    for (viewer, sees) in [(Viewer::Seat(C), true), (Viewer::Seat(A), true)] {
        let given = events
            .iter()
            .map(|e| redact(e, viewer))
            .find(|e| matches!(e, Event::Train(TrainEvent::CardGiven { .. })));
        assert_eq!(
            given,
            sees.then_some(Event::Train(TrainEvent::CardGiven {
                seat: A,
                to: C,
                card: Some(drawn[0]),
            }))
        );
    }
    assert!(
        Event::Train(TrainEvent::CardGiven {
            seat: A,
            to: C,
            card: None
        })
        .hides()
    );
    assert!(crate::bang::events::HIDING_EVENTS.contains(&"card_given"));
}

// The log says only what happened: every move of a railcar is an event, and
// no event states what the rules forbid, so a third party's fold of the log
// agrees with the game.

/// A short train (TR-5.6): Baggage Car and Dining Car behind the Locomotive,
/// the railcar deck empty, every other railcar in front of D but `keep`,
/// which goes in front of A.
fn short_train(keep: Card) -> T {
    let mut t = tr_plain(4);
    train(&mut t, &[1, 2, 3, 4], 1, &[BAGGAGE, DINING]);
    let rest: Vec<Card> = t.s.train.deck.to_vec();
    for c in rest {
        car(&mut t, D, c);
    }
    car(&mut t, A, keep);
    assert!(t.s.train.deck.is_empty());
    t
}

#[test]
fn tr_5_6_a_used_mail_car_joins_a_short_train_by_an_event() {
    let mut t = short_train(MAIL);
    t.ok(A, use_railcar(MAIL, None, None, None));
    let drawn = t.hand(A);
    let events = t.ok(
        A,
        Action::Train(TrainAction::GiveCard {
            card: drawn[0],
            target: B,
        }),
    );
    // TR-9.4: back to the deck after its effect, then at once to the train.
    assert_eq!(
        events,
        vec![
            Event::Train(TrainEvent::CardGiven {
                seat: A,
                to: B,
                card: Some(drawn[0]),
            }),
            Event::Train(TrainEvent::RailcarAdded { railcar: MAIL }),
        ]
    );
    assert_eq!(t.s.train.cars.as_slice(), &[BAGGAGE, DINING, MAIL]);
    assert!(t.s.train.deck.is_empty());
}

#[test]
fn tr_9_4_a_used_circus_wagon_reaches_a_short_train_after_its_effect() {
    let mut t = short_train(CIRCUS);
    let used = t.ok(A, use_railcar(CIRCUS, None, None, None));
    assert!(!has(&used, |e| matches!(
        e,
        Event::Train(TrainEvent::RailcarAdded { .. })
    )));
    assert_eq!(t.s.train.used, Some((A, CIRCUS)), "aside while it resolves");
    assert_eq!(t.s.train.cars.as_slice(), &[BAGGAGE, DINING]);
    // B and C have nothing in play; D discards a railcar, which fills the
    // short train at once; then the Circus Wagon, its effect over, reaches
    // the deck behind a full train.
    assert_eq!(
        t.waiting(),
        vec![(D, Decision::Train(TrainDecision::CircusWagon))]
    );
    let events = t.respond(D, PRIVATE);
    let added = events
        .iter()
        .position(|e| *e == Event::Train(TrainEvent::RailcarAdded { railcar: PRIVATE }))
        .expect("PRIVATE joins the train");
    assert!(events[added..].contains(&Event::Discarded {
        seat: A,
        cards: vec![CIRCUS],
    }));
    assert_eq!(t.s.train.cars.as_slice(), &[BAGGAGE, DINING, PRIVATE]);
    assert_eq!(t.s.train.deck.as_slice(), &[CIRCUS]);
    assert_eq!(t.s.train.used, None);
    assert_eq!(t.waiting()[0], (A, Decision::Play));
}

#[test]
fn tr_9_4_a_used_coal_hopper_reaches_the_deck_after_the_railcar_it_discards() {
    let mut t = tr_plain(4);
    car(&mut t, A, COAL);
    car(&mut t, C, DINING);
    let events = t.ok(A, use_railcar(COAL, None, Some(C), Some(DINING)));
    let at = |e: Event| events.iter().position(|x| *x == e).expect("an event");
    assert!(
        at(Event::Discarded {
            seat: C,
            cards: vec![DINING],
        }) < at(Event::Discarded {
            seat: A,
            cards: vec![COAL],
        })
    );
    // Both to the bottom of the railcar deck: the Coal Hopper under.
    assert_eq!(&t.s.train.deck[..2], &[COAL, DINING]);
}

#[test]
fn a_log_before_engine_0_2_folds_a_railcar_back_into_a_short_train_without_an_event() {
    let mut t = short_train(MAIL);
    let mut old = short_train(MAIL);
    old.s.before_0_2 = true;
    let mut log = t.ok(A, use_railcar(MAIL, None, None, None));
    let drawn = t.hand(A);
    log.extend(t.ok(
        A,
        Action::Train(TrainAction::GiveCard {
            card: drawn[0],
            target: B,
        }),
    ));
    // Engine 0.1.0 wrote the same facts without the `railcar_added`.
    for e in log
        .iter()
        .filter(|e| !matches!(e, Event::Train(TrainEvent::RailcarAdded { .. })))
    {
        apply(&mut old.s, e);
    }
    assert_eq!(old.s.train.cars, t.s.train.cars);
    assert_eq!(old.s.train.deck, t.s.train.deck);
    assert_eq!(old.hand(B), t.hand(B));
}

#[test]
fn tr_11_8_4_a_ghost_gains_no_life_and_no_event_says_he_does() {
    let mut t = tr_plain(4);
    car(&mut t, B, GHOST);
    t.s.train.ghosts = 1 << B;
    t.life(B, 0).life(C, 2);
    t.s.turn.seat = B;
    t.give(B, &[SALOON, BEER]);
    let saloon = t.play(B, SALOON, None);
    assert!(saloon.contains(&Event::LifeGained { seat: C, amount: 1 }));
    assert!(!has(&saloon, |e| matches!(
        e,
        Event::LifeGained { seat: B, .. }
    )));
    if let Ok(beer) = t.act(B, play_at(BEER, None)) {
        assert!(!has(&beer, |e| matches!(e, Event::LifeGained { .. })));
    }
    assert_eq!(t.hp(B), 0);
    assert!(t.alive(B));
}
