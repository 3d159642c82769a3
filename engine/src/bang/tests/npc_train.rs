//! Part D2 of `rules/lone-gunslinger.md` (the Great Train Robbery for the
//! NPC policy): LG-AC-39 and LG-AC-40, spare cards and placements (D2.1,
//! D2.2), one test per rule of D2.3 (railcar uses and defence), D2.4 (the
//! new cards in the Stack scan, the Map), D2.5 (the ranking) and D2.6 (the
//! choices), and seeded games of `normal` bots that never fall back.

use super::solo::*;
use crate::Ruleset;
use crate::bang::TrainAction;
use crate::bang::train::{EndStage, MapStage, RailcarKind, RailcarMode, railcar_of, use_railcar};
use crate::core::{GameRng, SeatSpec, Seed};
use RailcarKind::*;

/// `t` with the train of a game opened with the expansion, then set as the
/// case states: this row of stations, the Locomotive at `position`, these
/// cars (car 1 first); every other railcar in the railcar deck.
fn train(t: T, row: &[u8], position: u8, cars: &[RailcarKind]) -> T {
    let cars: Vec<u8> = cars.iter().map(|&k| railcar_of(k)).collect();
    t.with_train(row, position, &cars)
}

/// `seat` gets the railcar of kind `k` in play (out of the train and the
/// railcar deck).
fn car(t: &mut T, seat: Seat, k: RailcarKind) -> Card {
    let c = railcar_of(k);
    t.s.train.deck.retain(|x| *x != c);
    t.s.train.cars.retain(|x| *x != c);
    t.s.table[seat as usize].in_play.push(c);
    check_invariants(&t.s).unwrap();
    c
}

/// A 5-player train table (A Sheriff, B and C Outlaws, D Renegade, E
/// Deputy) with no railcar in the train, at B's phase 2 with its BANG! used.
fn table() -> T {
    let mut t = train(T::plain(5), &[FRISCO, 4, 1, 2, 3], 2, &[]);
    t.at_play(B);
    t.s.turn.bangs = 1;
    t
}

use super::solo::ledger_with as ledger;

const CACTUS: Card = 81;
const DRAGOON: Card = 82;
const EVADED: Card = 83;
const FULL_STEAM: Card = 84;
const KNIFE_REVOLVER: Card = 85;
const MAP: Card = 86;
const MONEY_BAG: Card = 87;
const MOST_WANTED_K: Card = 88;
const NEXT_STOP: Card = 89;
const REFUND: Card = 91;
const STRONGBOX: Card = 92;
const SWITCH: Card = 93;
const TRAIN_ROBBERY: Card = 94;
const WATER_TOWER: Card = 96;

const FRISCO: u8 = 8;
const DODGEVILLE: u8 = 6;
const SAN_TAFE: u8 = 10;
const BANG_9C: Card = 24;
const MUSTANG_2: Card = 68;
const MISSED_4S: Card = 33;

#[test]
fn lg_ac_39_a_railcar_paid_only_with_spare_cards() {
    // Stack (top→bottom) Missed!, Missed!, BANG! 9♣ (its BANG! limit is
    // used), Mustang (it already has one); 2 life. Frisco (♣) paired with
    // Caboose, Dodgeville (Missed!) with Mail Car. → It pays Frisco with the
    // BANG! 9♣ and takes the Caboose; Dodgeville is not used.
    let mut t = train(
        T::plain(5),
        &[FRISCO, DODGEVILLE, 1, 2, 3],
        3,
        &[MailCar, Caboose, ObservationCar],
    );
    t.at_play(B).life(B, 2).equip(B, &[MUSTANG]);
    t.give(B, &[MUSTANG_2, BANG_9C, MISSED_2S, MISSED_4S]);
    t.s.turn.bangs = 1;
    assert_eq!(t.spare_cards_of(B), vec![MUSTANG_2, BANG_9C]);
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::TakeRailcar {
                railcar: railcar_of(Caboose),
                pay: Some(BANG_9C),
                pay_also: None,
                place: None,
                advance: false,
            }),
            Reason::TakeRailcar
        )
    );
}

#[test]
fn lg_ac_40_the_free_advance_when_it_makes_a_spare_pay() {
    // Its only spare is a ♥ card (here a second Mustang, dead: it has one in
    // play); no paired station takes it, but after one advance San Tafe (♥)
    // is paired with a railcar. → It uses the free advance and takes that
    // railcar.
    let mut t = train(
        T::plain(5),
        &[FRISCO, SAN_TAFE, 1, 2, 3],
        2,
        &[MailCar, Caboose, ObservationCar],
    );
    t.at_play(B).equip(B, &[MUSTANG]);
    t.give(B, &[MUSTANG_2, MISSED_4S]);
    t.s.turn.bangs = 1;
    assert_eq!(t.spare_cards_of(B), vec![MUSTANG_2]);
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::TakeRailcar {
                railcar: railcar_of(MailCar),
                pay: Some(MUSTANG_2),
                pay_also: None,
                place: None,
                advance: true,
            }),
            Reason::TakeRailcar
        )
    );
}

#[test]
fn d2_2_a_lumber_flatcar_goes_to_the_first_candidate() {
    let mut t = train(T::plain(5), &[FRISCO, 4, 1, 2, 3], 2, &[LumberFlatcar]);
    t.at_play(B).life(B, 1);
    t.give(B, &[BANG_9C, MISSED_4S]);
    t.s.turn.bangs = 1;
    let (action, _) = t.decide(B);
    // B, an Outlaw, aims at the Sheriff A first (C3).
    assert!(matches!(
        action,
        Action::Train(TrainAction::TakeRailcar { place: Some(A), .. })
    ));
}

impl T {
    /// D2.1.1's spare cards of `seat`, from its view.
    fn spare_cards_of(&self, seat: Seat) -> Vec<Card> {
        npc::spare_cards(
            &view(&self.s, Viewer::Seat(seat)),
            &legal_actions(&self.s, seat),
        )
    }
}

/// Whether `d` is one of the Great Train Robbery's decisions.
fn train_decision(d: Decision) -> bool {
    matches!(
        d,
        Decision::Train(TrainDecision::RailcarChance)
            | Decision::Train(TrainDecision::Map)
            | Decision::Train(TrainDecision::Robbery)
            | Decision::Train(TrainDecision::EvanBabbit)
            | Decision::Train(TrainDecision::SgtBlaze)
            | Decision::Train(TrainDecision::ShadeOConnor)
            | Decision::Train(TrainDecision::CircusWagon)
            | Decision::Train(TrainDecision::LoungeCar)
            | Decision::Train(TrainDecision::MailCar)
    )
}

#[test]
fn d2_normal_bots_play_train_robbery_games_without_falling_back() {
    // Every seat is the `normal` bot (the policy with its own ledger, fed
    // the events it may see); games of 4 to 7 with the expansion, played to
    // their end: no train decision falls back to the first legal action.
    let mut reasons = std::collections::HashSet::new();
    let mut decisions = std::collections::HashSet::new();
    for seed in 0..16u64 {
        let n = 4 + (seed % 4) as u8;
        let mut config = Config::new(n);
        config.options.expansions = vec!["train_robbery".into()];
        let mut log = start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap();
        let mut s = State::default();
        let mut memories = vec![Memory::new(); n as usize];
        let feed = |memories: &mut Vec<Memory>, events: &[Event]| {
            for (seat, m) in memories.iter_mut().enumerate() {
                for e in events {
                    m.observe(&redact(e, Viewer::Seat(seat as Seat)));
                }
            }
        };
        for e in &log {
            apply(&mut s, e);
        }
        feed(&mut memories, &log);
        let mut actions = Vec::new();
        while !s.is_over() {
            assert!(log.len() < 60_000, "game {seed} does not end");
            let p = *pending(&s).first().expect("someone to act");
            legal_actions_into(&s, p.seat, &mut actions);
            let (a, reason) = npc::decide(
                &view(&s, Viewer::Seat(p.seat)),
                &memories[p.seat as usize],
                &actions,
            );
            assert!(actions.contains(&a));
            if train_decision(p.decision) {
                decisions.insert(format!("{:?}", p.decision));
                assert_ne!(
                    reason,
                    Reason::Fallback,
                    "game {seed}: {:?} fell back ({actions:?})",
                    p.decision
                );
            }
            reasons.insert(reason);
            let mut rng = GameRng::new(Seed::from_u64(seed), s.version);
            let events = play(&mut s, p.seat, &a, &mut rng).unwrap();
            check_invariants(&s).unwrap();
            feed(&mut memories, &events);
            log.extend(events);
        }
        let mut replay = State::default();
        for e in &log {
            apply(&mut replay, e);
        }
        assert_eq!(replay, s, "game {seed}: replay differs");
    }
    eprintln!("train decisions seen: {decisions:?}");
    eprintln!("reasons seen: {reasons:?}");
    for r in [Reason::UseRailcar, Reason::TakeRailcar] {
        assert!(reasons.contains(&r), "{r:?} never seen: {reasons:?}");
    }
}

// D2.3 — using railcars in phase 2, in the table's order.

#[test]
fn d2_3_baggage_car_shoots_the_preferred_target() {
    let mut t = table();
    let r = car(&mut t, B, BaggageCar);
    t.give(B, &[MISSED_4S]);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(r, Some(RailcarMode::Bang), Some(A), None),
            Reason::UseRailcar
        )
    );
}

#[test]
fn d2_3_sleeper_car_discards_its_lowest_ranked_spare_blue_card() {
    // Dead blue cards: a second Barrel and a second Mustang; the Mustang
    // ranks lower (16 against 4).
    let mut t = table();
    let r = car(&mut t, B, SleeperCar);
    t.equip(B, &[MUSTANG, BARREL]);
    t.give(B, &[BARREL2, MUSTANG_2, MISSED_4S, MISSED_2S]);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(r, Some(RailcarMode::Bang), Some(A), Some(MUSTANG_2)),
            Reason::UseRailcar
        )
    );
}

#[test]
fn d2_3_cattle_truck_takes_the_best_of_the_top_three_discards() {
    let mut t = table();
    let r = car(&mut t, B, CattleTruck);
    t.discards(&[MISSED_2S, SALOON, BANG_QH, DYNAMITE]);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(r, None, None, Some(BANG_QH)),
            Reason::UseRailcar
        )
    );
}

#[test]
fn d2_3_passenger_car_takes_the_first_candidates_best_card_in_play() {
    let mut t = table();
    let r = car(&mut t, B, PassengerCar);
    t.equip(A, &[SCOPE, BARREL]).give(A, &[BEER]);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(r, None, Some(A), Some(BARREL)),
            Reason::UseRailcar
        )
    );
}

#[test]
fn d2_3_coal_hopper_discards_the_candidates_best_ranked_railcar() {
    let mut t = table();
    let r = car(&mut t, B, CoalHopper);
    car(&mut t, A, LumberFlatcar);
    let caboose = car(&mut t, A, Caboose);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(r, None, Some(A), Some(caboose)),
            Reason::UseRailcar
        )
    );
    // Nobody's railcar in front of the first candidate: not used.
    let mut t = table();
    car(&mut t, B, CoalHopper);
    car(&mut t, C, Caboose);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn d2_3_mail_car_gives_its_worst_card_to_the_next_non_candidate() {
    let mut t = table();
    let r = car(&mut t, B, MailCar);
    assert_eq!(
        t.decide(B),
        (use_railcar(r, None, None, None), Reason::UseRailcar)
    );
    t.stack(&[BANG_QH, SALOON, MISSED_2S]);
    t.ok(B, use_railcar(r, None, None, None));
    // B, an Outlaw, aims at the Sheriff A: C (next clockwise) gets the Saloon.
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::GiveCard {
                card: SALOON,
                target: C
            }),
            Reason::MailCarGives
        )
    );
}

#[test]
fn d2_3_lounge_car_keeps_the_better_railcar_and_places_the_other() {
    let mut t = table();
    let r = car(&mut t, B, LoungeCar);
    // The two railcars on top of the railcar deck: a Lumber Flatcar, which
    // goes to the first candidate, and a Caboose, which it keeps.
    for k in [LumberFlatcar, Caboose] {
        let c = railcar_of(k);
        t.s.train.deck.retain(|x| *x != c);
        t.s.train.deck.push(c);
    }
    assert_eq!(
        t.decide(B),
        (use_railcar(r, None, None, None), Reason::UseRailcar)
    );
    t.ok(B, use_railcar(r, None, None, None));
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::PlaceRailcars {
                railcar: railcar_of(Caboose),
                to: B,
                other: Some(railcar_of(LumberFlatcar)),
                other_to: Some(A),
            }),
            Reason::LoungeCarPlaces
        )
    );
}

#[test]
fn d2_3_circus_wagon_when_another_player_has_a_card_in_play() {
    let mut t = table();
    let r = car(&mut t, B, CircusWagon);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
    t.equip(D, &[SCOPE]);
    assert_eq!(
        t.decide(B),
        (use_railcar(r, None, None, None), Reason::UseRailcar)
    );
}

#[test]
fn d2_3_express_car_only_with_an_empty_stack() {
    let mut t = table();
    let r = car(&mut t, B, ExpressCar);
    t.give(B, &[MISSED_2S]);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
    let mut t = table();
    let r2 = car(&mut t, B, ExpressCar);
    assert_eq!(r, r2);
    assert_eq!(
        t.decide(B),
        (use_railcar(r, None, None, None), Reason::UseRailcar)
    );
}

#[test]
fn d2_3_the_table_order_baggage_car_before_the_others() {
    let mut t = table();
    let baggage = car(&mut t, B, BaggageCar);
    car(&mut t, B, CattleTruck);
    t.discards(&[BANG_QH]);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(baggage, Some(RailcarMode::Bang), Some(A), None),
            Reason::UseRailcar
        )
    );
}

// D2.3 — defence.

/// A shoots B with a BANG! card (B at distance 1).
fn a_shoots_b(t: &mut T) {
    t.at_play(A).give(A, &[BANG_QH]);
    t.s.turn.bangs = 0;
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.waiting(), vec![(B, Decision::Shot { needed: 1 })]);
}

#[test]
fn d2_3_defence_missed_cards_first_then_the_caboose_then_the_baggage_car() {
    // A Missed!-type card nearest the top first.
    let mut t = table();
    car(&mut t, B, Caboose);
    car(&mut t, B, BaggageCar);
    t.equip(B, &[SCOPE]).give(B, &[EVADED, BEER]);
    a_shoots_b(&mut t);
    assert_eq!(
        t.decide(B),
        (Action::Respond { card: EVADED }, Reason::Missed)
    );
    // None: the Caboose, discarding a dead Stack card before its lowest-ranked
    // card in play.
    let mut t = table();
    let caboose = car(&mut t, B, Caboose);
    car(&mut t, B, BaggageCar);
    t.equip(B, &[VOLCANIC, SCOPE])
        .give(B, &[VOLCANIC_10S, BEER]);
    a_shoots_b(&mut t);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(caboose, Some(RailcarMode::Missed), None, Some(VOLCANIC_10S)),
            Reason::RailcarMissed
        )
    );
    // No dead card: the lowest-ranked in play (the Scope, 23, not the
    // Volcanic, 22).
    let mut t = table();
    let caboose = car(&mut t, B, Caboose);
    t.equip(B, &[VOLCANIC, SCOPE]).give(B, &[BEER]);
    a_shoots_b(&mut t);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(caboose, Some(RailcarMode::Missed), None, Some(SCOPE)),
            Reason::RailcarMissed
        )
    );
    // Only a Baggage Car.
    let mut t = table();
    let baggage = car(&mut t, B, BaggageCar);
    t.give(B, &[BEER]);
    a_shoots_b(&mut t);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(baggage, Some(RailcarMode::Missed), None, None),
            Reason::RailcarMissed
        )
    );
}

#[test]
fn d2_3_sleeper_car_answers_indians_without_a_bang() {
    let mut t = table();
    let sleeper = car(&mut t, B, SleeperCar);
    t.equip(B, &[MUSTANG]).give(B, &[MUSTANG_2, BEER]);
    t.at_play(A).give(A, &[INDIANS]);
    t.play(A, INDIANS, None);
    assert_eq!(t.waiting(), vec![(B, Decision::Indians)]);
    assert_eq!(
        t.decide(B),
        (
            use_railcar(sleeper, Some(RailcarMode::Bang), None, Some(MUSTANG_2)),
            Reason::SleeperCarBang
        )
    );
}

// D2.4 — the new playing cards in the Stack scan.

#[test]
fn d2_4_knife_revolver_and_train_robbery_at_the_preferred_target() {
    let mut t = table();
    t.s.turn.bangs = 0;
    t.give(B, &[KNIFE_REVOLVER]);
    assert_eq!(
        t.decide(B),
        (play_at(KNIFE_REVOLVER, Some(A)), Reason::PreferredTarget)
    );
    // Train Robbery: only at a target with a card in play.
    let mut t = table();
    t.s.turn.bangs = 0;
    t.give(B, &[TRAIN_ROBBERY]);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
    t.equip(A, &[BARREL]);
    assert_eq!(
        t.decide(B),
        (play_at(TRAIN_ROBBERY, Some(A)), Reason::PreferredTarget)
    );
    // Both use the BANG! limit.
    t.s.turn.bangs = 1;
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn d2_4_full_steam_doubles_leland_and_an_outlaws_ironhorse() {
    let steam = |double| {
        Action::Train(TrainAction::FullSteam {
            card: FULL_STEAM,
            double,
        })
    };
    let mut t = table();
    t.give(B, &[FULL_STEAM]);
    t.s.train.leland = true;
    assert_eq!(t.decide(B), (steam(true), Reason::FullSteam));
    t.s.train.leland = false;
    assert_eq!(t.decide(B), (steam(true), Reason::FullSteam));
    // D, the Renegade, cancels the Ironhorse.
    t.give(D, &[FULL_STEAM]).at_play(D);
    assert_eq!(t.decide(D), (steam(false), Reason::FullSteam));
}

#[test]
fn d2_4_blue_cards_go_into_play() {
    for (card, reason) in [
        (DRAGOON, Reason::LongerReach),
        (MAP, Reason::Equip),
        (REFUND, Reason::Equip),
        (STRONGBOX, Reason::Equip),
    ] {
        let mut t = table();
        t.give(B, &[card]);
        assert_eq!(t.decide(B), (play_at(card, None), reason), "{card}");
    }
    // Not a Dragoon that does not reach further.
    let mut t = table();
    t.equip(B, &[SCHOFIELD]).give(B, &[DRAGOON]);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn d2_4_cactus_and_evaded_never_in_phase_two() {
    let mut t = table();
    t.s.turn.bangs = 0;
    t.give(B, &[CACTUS, EVADED]);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn d2_4_money_bag_copies_a_usable_top_discard_past_the_bang_limit() {
    let mut t = table();
    t.give(B, &[MONEY_BAG]).discards(&[BANG_KH]);
    assert_eq!(
        t.decide(B),
        (play_at(MONEY_BAG, Some(A)), Reason::MoneyBagCopy)
    );
    // A Saloon at full life is no use: nor is its copy.
    let mut t = table();
    t.give(B, &[MONEY_BAG]).discards(&[SALOON]);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn d2_4_most_wanted_and_next_stop_at_once() {
    for card in [MOST_WANTED_K, NEXT_STOP] {
        let mut t = table();
        t.give(B, &[card]);
        assert_eq!(t.decide(B), (play_at(card, None), Reason::PlayAtOnce));
    }
    // C4.2: a Deputy bot never plays Most Wanted while the Sheriff has 1 life.
    let mut t = table();
    t.at_play(E).life(A, 1).give(E, &[MOST_WANTED_K]);
    assert_eq!(t.decide(E), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn d2_4_switch_gives_the_dynamite_for_the_candidates_best_card() {
    let mut t = table();
    t.equip(B, &[DYNAMITE])
        .equip(A, &[SCOPE, BARREL])
        .give(B, &[SWITCH]);
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::Switch {
                card: SWITCH,
                mine: DYNAMITE,
                target: A,
                theirs: BARREL
            }),
            Reason::SwitchAway
        )
    );
    // Nothing harmful in front of it: kept.
    let mut t = table();
    t.equip(B, &[MUSTANG])
        .equip(A, &[BARREL])
        .give(B, &[SWITCH]);
    assert_eq!(t.decide(B), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn d2_4_water_tower_never_takes_the_cattle_truck() {
    // The Cattle Truck would take the Water Tower back from the discard
    // pile, and the two would take each other for ever (found by
    // `simulate`: games that never ended); a Money Bag copying the Water
    // Tower neither.
    let mut t = train(
        T::plain(5),
        &[FRISCO, 4, 1, 2, 3],
        2,
        &[CattleTruck, LumberFlatcar],
    );
    t.at_play(B).give(B, &[WATER_TOWER]);
    t.s.turn.bangs = 1;
    let (action, _) = t.decide(B);
    assert!(
        matches!(action, Action::Play { in_play: Some(c), .. } if c == railcar_of(LumberFlatcar)),
        "{action:?}"
    );
    let mut t = train(T::plain(5), &[FRISCO, 4, 1, 2, 3], 2, &[CattleTruck]);
    t.at_play(B).give(B, &[WATER_TOWER]);
    t.s.turn.bangs = 1;
    assert_ne!(t.decide(B).1, Reason::WaterTower);
}

#[test]
fn d2_4_water_tower_takes_the_best_ranked_railcar() {
    let mut t = train(
        T::plain(5),
        &[FRISCO, 4, 1, 2, 3],
        2,
        &[MailCar, Caboose, CoalHopper],
    );
    t.at_play(B).give(B, &[WATER_TOWER]);
    t.s.turn.bangs = 1;
    assert_eq!(
        t.decide(B),
        (
            Action::Play {
                card: WATER_TOWER,
                target: None,
                in_play: Some(railcar_of(Caboose)),
            },
            Reason::WaterTower
        )
    );
}

#[test]
fn d2_4_map_discards_the_first_low_value_card_seen() {
    let mut t = table();
    t.equip(B, &[MAP]);
    t.s.turn.phase = Phase::Start;
    t.s.train.map = Some(MapStage::Looking);
    t.stack(&[BANG_QH, SALOON, GENERAL_STORE]);
    assert_eq!(t.waiting(), vec![(B, Decision::Train(TrainDecision::Map))]);
    assert_eq!(
        t.decide(B),
        (Action::Discard { card: SALOON }, Reason::MapDiscard)
    );
    t.stack(&[BANG_QH, MISSED_2S]);
    assert_eq!(t.decide(B), (Action::Pass, Reason::MapKeep));
}

// D2.5 — railcars in the ranking.

#[test]
fn d2_5_railcars_rank_below_scope_and_above_saloon_in_their_order() {
    let order = [
        ObservationCar,
        Caboose,
        BaggageCar,
        SleeperCar,
        DiningCar,
        PrivateCar,
        MailCar,
        PassengerCar,
        PrisonerCar,
        CattleTruck,
        CoalHopper,
        LoungeCar,
        CircusWagon,
        ExpressCar,
        LumberFlatcar,
        GhostCar,
    ];
    let mut cards = vec![SCOPE];
    cards.extend(order.iter().map(|&k| railcar_of(k)));
    cards.push(SALOON);
    for w in cards.windows(2) {
        assert!(npc::order(w[0]) < npc::order(w[1]), "{w:?}");
    }
    assert!(!npc::low_value(railcar_of(GhostCar)));
    assert_eq!(
        npc::lowest_ranked(&[SCOPE, railcar_of(Caboose), SALOON]),
        Some(SALOON)
    );
    assert_eq!(
        npc::highest_ranked([railcar_of(GhostCar), SCOPE]),
        Some(SCOPE)
    );
}

// D2.6 — choices.

/// A plays a Train Robbery at B.
fn a_robs_b(t: &mut T) {
    t.at_play(A).give(A, &[TRAIN_ROBBERY]);
    t.s.turn.bangs = 0;
    t.play(A, TRAIN_ROBBERY, Some(B));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::Robbery))]
    );
}

#[test]
fn d2_6_train_robbery_discards_harmful_cards_first() {
    let mut t = table();
    car(&mut t, B, LumberFlatcar);
    t.equip(B, &[MUSTANG, DYNAMITE]).give(B, &[MISSED_2S]);
    a_robs_b(&mut t);
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::Robbery {
                card: DYNAMITE,
                discard: true
            }),
            Reason::RobberyDiscard
        )
    );
}

#[test]
fn d2_6_train_robbery_takes_the_bang_for_a_card_it_can_save() {
    // The lowest-ranked card first (Scope 23 before Mustang 16); with a
    // Missed! in hand it keeps it and takes the BANG!.
    let mut t = table();
    t.life(B, 2)
        .equip(B, &[MUSTANG, SCOPE])
        .give(B, &[MISSED_2S]);
    a_robs_b(&mut t);
    let rob = |discard| {
        Action::Train(TrainAction::Robbery {
            card: SCOPE,
            discard,
        })
    };
    assert_eq!(t.decide(B), (rob(false), Reason::RobberyShot));
    // No Missed! effect and 2 life: discarded.
    t.s.table[B as usize].hand.clear();
    t.s.discard.push(MISSED_2S);
    assert_eq!(t.decide(B), (rob(true), Reason::RobberyDiscard));
    // 3 life: shot.
    t.life(B, 3);
    assert_eq!(t.decide(B), (rob(false), Reason::RobberyShot));
}

#[test]
fn d2_6_circus_wagon_discards_a_harmful_card_else_the_lowest_ranked() {
    let mut t = table();
    let wagon = car(&mut t, A, CircusWagon);
    let lumber = car(&mut t, B, LumberFlatcar);
    t.equip(B, &[SCOPE, MUSTANG]);
    t.at_play(A);
    t.ok(A, use_railcar(wagon, None, None, None));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::CircusWagon))]
    );
    assert_eq!(
        t.decide(B),
        (Action::Respond { card: lumber }, Reason::CircusWagonDiscard)
    );
    let mut t = table();
    let wagon = car(&mut t, A, CircusWagon);
    car(&mut t, B, Caboose);
    t.equip(B, &[SCOPE, MUSTANG]);
    t.at_play(A);
    t.ok(A, use_railcar(wagon, None, None, None));
    // The Caboose (a railcar) ranks above Saloon but below Scope.
    assert_eq!(
        t.decide(B),
        (
            Action::Respond {
                card: railcar_of(Caboose)
            },
            Reason::CircusWagonDiscard
        )
    );
}

#[test]
fn d2_6_evan_babbit_redirects_to_a_candidate_at_distance_one() {
    // B, a Deputy Evan Babbit, is shot by A's BANG! (♥); C has attacked
    // the Sheriff (S = 1) and sits at distance 1. B redirects with the
    // bottom-most ♥ that is no Missed! and no Beer.
    let mut t = table();
    t.s.table[B as usize].role = Some(Deputy);
    t.s.table[B as usize].character = Some(Character::EvanBabbit);
    t.give(B, &[BEER_8H, JAIL_4H, MISSED_2S]);
    t.at_play(A).give(A, &[BANG_QH]);
    t.s.turn.bangs = 0;
    t.play(A, BANG_QH, Some(B));
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::EvanBabbit))]
    );
    assert_eq!(
        t.decide_with(B, &ledger(&[(C, A)])),
        (
            Action::Train(TrainAction::Redirect {
                card: JAIL_4H,
                target: C
            }),
            Reason::Redirect
        )
    );
    // Without an attacker of the Sheriff known, a lone Deputy (Part C v2)
    // has every other player but the Sheriff for candidates: C still.
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::Redirect {
                card: JAIL_4H,
                target: C
            }),
            Reason::Redirect
        )
    );
}

#[test]
fn d2_6_shade_o_connor_swaps_a_low_value_bottom_card() {
    let mut t = table();
    t.s.table[C as usize].character = Some(Character::ShadeOConnor);
    t.give(C, &[SALOON, BANG_QH]);
    t.s.train.shade = Some(C);
    t.advance(); // the rules open his window
    assert_eq!(
        t.waiting(),
        vec![(C, Decision::Train(TrainDecision::ShadeOConnor))]
    );
    assert_eq!(
        t.decide(C),
        (Action::Discard { card: SALOON }, Reason::ShadeSwaps)
    );
    let mut t = table();
    t.s.table[C as usize].character = Some(Character::ShadeOConnor);
    t.give(C, &[BANG_QH, SALOON]);
    t.s.train.shade = Some(C);
    t.advance();
    assert_eq!(t.decide(C), (Action::Pass, Reason::ShadeKeeps));
}

#[test]
fn d2_6_sgt_blaze_spares_himself_from_ironhorse_and_his_target_from_leland() {
    let mut t = table();
    t.s.table[B as usize].character = Some(Character::SgtBlaze);
    t.s.train.end = Some(EndStage::Locomotive { left: 1 });
    t.s.train.leland = false;
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::SgtBlaze))]
    );
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::Exempt { target: Some(B) }),
            Reason::SgtBlazeExempts
        )
    );
    t.s.train.leland = true;
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::Exempt { target: Some(A) }),
            Reason::SgtBlazeExempts
        )
    );
}

#[test]
fn d2_6_sgt_blaze_a_deputy_spares_the_sheriff_from_his_gatling() {
    let mut t = table();
    t.at_play(E);
    t.s.table[E as usize].character = Some(Character::SgtBlaze);
    t.give(E, &[GATLING]);
    assert_eq!(
        t.decide(E),
        (play_at(GATLING, Some(A)), Reason::HitsEveryone)
    );
    // His Most Wanted hits him too: he spares himself.
    t.s.table[E as usize].hand.clear();
    t.s.discard.push(GATLING);
    t.give(E, &[MOST_WANTED_K]);
    assert_eq!(
        t.decide(E),
        (play_at(MOST_WANTED_K, Some(E)), Reason::PlayAtOnce)
    );
}

#[test]
fn d2_6_end_of_the_line_takes_a_railcar_only_spare_cards_pay() {
    let mut t = train(
        T::plain(5),
        &[FRISCO, DODGEVILLE, 1, 2, 3],
        3,
        &[MailCar, Caboose, ObservationCar],
    );
    t.at_play(B).life(B, 2).equip(B, &[MUSTANG]);
    t.give(B, &[MUSTANG_2, BANG_9C, MISSED_2S, MISSED_4S]);
    t.s.train.end = Some(EndStage::Chance);
    assert_eq!(
        t.waiting(),
        vec![(B, Decision::Train(TrainDecision::RailcarChance))]
    );
    let (action, reason) = t.decide(B);
    assert!(
        matches!(action, Action::Train(TrainAction::TakeRailcar { .. })),
        "{action:?}"
    );
    assert_eq!(reason, Reason::TakeRailcar);
    // Nothing spare: it passes.
    t.s.table[B as usize].hand.retain(|c| *c == MISSED_2S);
    t.s.deck.extend([MUSTANG_2, BANG_9C, MISSED_4S]);
    assert_eq!(t.decide(B), (Action::Pass, Reason::NoSpareRailcar));
}

#[test]
fn d2_2_a_sheriff_puts_the_ghost_car_on_the_lowest_s_nearest_first() {
    // S: B 2, C 1, D 0, E 0 → D (nearer than E).
    let mut t = train(T::plain(5), &[FRISCO, 4, 1, 2, 3], 2, &[GhostCar]);
    t.at_play(A).give(A, &[WATER_TOWER]);
    let m = ledger(&[(B, A), (B, A), (C, A)]);
    assert_eq!(
        t.decide_with(A, &m),
        (
            Action::Play {
                card: WATER_TOWER,
                target: Some(D),
                in_play: Some(railcar_of(GhostCar)),
            },
            Reason::WaterTower
        )
    );
}

#[test]
fn d2_1_4_sancho_takes_the_best_ranked_railcar_for_free() {
    let mut t = train(
        T::plain(5),
        &[FRISCO, 4, 1, 2, 3],
        2,
        &[MailCar, Caboose, CoalHopper],
    );
    t.at_play(B);
    t.s.turn.bangs = 1;
    t.s.table[B as usize].character = Some(Character::Sancho);
    t.give(B, &[MISSED_2S]);
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::FreeRailcar {
                railcar: railcar_of(Caboose),
                place: None,
                advance: false,
            }),
            Reason::TakeRailcar
        )
    );
}

#[test]
fn c2_1_the_ledger_counts_the_trains_hostile_acts() {
    let acted = |seat, action| Event::Acted { seat, action };
    let mut m = ledger(&[]);
    // A Knife Revolver, a Train Robbery and a Switch aimed at the Sheriff.
    for (seat, card) in [(B, KNIFE_REVOLVER), (C, TRAIN_ROBBERY), (D, SWITCH)] {
        m.observe(&Event::CardPlayed {
            seat,
            card,
            target: Some(A),
        });
    }
    assert_eq!([B, C, D].map(|x| m.sheriff_score(x)), [1, 1, 1]);
    // A Baggage Car's BANG!, a Passenger Car, Evan Babbit's redirection, a
    // Lumber Flatcar placed on him.
    m.observe(&acted(
        E,
        use_railcar(
            railcar_of(BaggageCar),
            Some(RailcarMode::Bang),
            Some(A),
            None,
        ),
    ));
    m.observe(&acted(
        E,
        use_railcar(railcar_of(PassengerCar), None, Some(A), None),
    ));
    m.observe(&acted(
        B,
        Action::Train(TrainAction::Redirect {
            card: JAIL_4H,
            target: A,
        }),
    ));
    m.observe(&acted(
        C,
        Action::Train(TrainAction::TakeRailcar {
            railcar: railcar_of(LumberFlatcar),
            pay: Some(BANG_QH),
            pay_also: None,
            place: Some(A),
            advance: false,
        }),
    ));
    assert_eq!([B, C, D, E].map(|x| m.sheriff_score(x)), [2, 2, 1, 2]);
    // Not hostile: a Circus Wagon, a Baggage Car's Missed!, a Lumber
    // Flatcar kept by its taker.
    m.observe(&acted(
        D,
        use_railcar(railcar_of(CircusWagon), None, None, None),
    ));
    m.observe(&acted(
        D,
        use_railcar(
            railcar_of(BaggageCar),
            Some(RailcarMode::Missed),
            None,
            None,
        ),
    ));
    m.observe(&acted(
        D,
        Action::Train(TrainAction::TakeRailcar {
            railcar: railcar_of(LumberFlatcar),
            pay: Some(BANG_QH),
            pay_also: None,
            place: Some(D),
            advance: false,
        }),
    ));
    assert_eq!(m.sheriff_score(D), 1);
}

#[test]
fn d2_a_solo_game_with_the_train_plays_to_its_end_by_the_policy() {
    // The rules play the NPCs; the person's seats are played by the policy
    // too. No train decision falls back; the log replays to the same state.
    for seed in 0..8u64 {
        let options = serde_json::json!({
            "mode": "lone_gunslinger",
            "expansions": ["train_robbery"],
            "difficulty": seed % 5,
        });
        let person = vec![SeatSpec {
            name: "Ann".into(),
            bot: None,
            budget_ms: None,
        }];
        let config = <Bang as Ruleset>::config(6, &options, person).expect("solo with the train");
        let mut log = start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap();
        let mut s = State::default();
        for e in &log {
            apply(&mut s, e);
        }
        let mut actions = Vec::new();
        while !s.is_over() {
            assert!(log.len() < 60_000, "game {seed} does not end");
            let p = pending(&s)[0];
            legal_actions_into(&s, p.seat, &mut actions);
            let (a, reason) =
                npc::decide(&view(&s, Viewer::Seat(p.seat)), &Memory::new(), &actions);
            if train_decision(p.decision) {
                assert_ne!(reason, Reason::Fallback, "game {seed}: {:?}", p.decision);
            }
            let mut rng = GameRng::new(Seed::from_u64(seed), s.version);
            let events = play(&mut s, p.seat, &a, &mut rng).unwrap();
            check_invariants(&s).unwrap();
            for e in &events {
                if let Event::NpcActed { seat, reason, .. } = e {
                    assert_ne!(
                        *reason,
                        Reason::Fallback,
                        "game {seed}: NPC {seat} fell back"
                    );
                }
            }
            log.extend(events);
        }
        assert!(s.train.on, "game {seed}: the train runs");
        let mut replay = State::default();
        for e in &log {
            apply(&mut replay, e);
        }
        assert_eq!(replay, s, "game {seed}: replay differs");
    }
}

#[test]
fn d2_1_3_zippy_roy_advances_with_his_ability_before_the_free_advance() {
    // LG-AC-40's table with Zippy Roy: his own advance first; then the car
    // is payable without the free advance.
    let mut t = train(
        T::plain(5),
        &[FRISCO, SAN_TAFE, 1, 2, 3],
        2,
        &[MailCar, Caboose, ObservationCar],
    );
    t.at_play(B).equip(B, &[MUSTANG]);
    t.s.table[B as usize].character = Some(Character::ZippyRoy);
    t.give(B, &[MUSTANG_2, MISSED_4S]);
    t.s.turn.bangs = 1;
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::AdvanceTrain),
            Reason::TakeRailcar
        )
    );
    t.ok(B, Action::Train(TrainAction::AdvanceTrain));
    assert_eq!(
        t.decide(B),
        (
            Action::Train(TrainAction::TakeRailcar {
                railcar: railcar_of(MailCar),
                pay: Some(MUSTANG_2),
                pay_also: None,
                place: None,
                advance: false,
            }),
            Reason::TakeRailcar
        )
    );
}

#[test]
fn d2_1_4_benny_brawler_takes_railcars_while_possible_up_to_the_trains_length() {
    // LG-AC-39's table with Benny Brawler: the Caboose is payable with a
    // spare. After two railcars this turn he takes a third; after three he
    // stops (decided: a used Cattle Truck back in a short train would
    // otherwise hand back the card that paid for it, for ever).
    let mut t = train(
        T::plain(5),
        &[FRISCO, DODGEVILLE, 1, 2, 3],
        3,
        &[MailCar, Caboose, ObservationCar],
    );
    t.at_play(B).life(B, 2).equip(B, &[MUSTANG]);
    t.s.table[B as usize].character = Some(Character::BennyBrawler);
    t.give(B, &[MUSTANG_2, BANG_9C, MISSED_2S, MISSED_4S]);
    t.s.turn.bangs = 1;
    t.s.train.taken = 2;
    assert!(matches!(
        t.decide(B),
        (
            Action::Train(TrainAction::TakeRailcar { .. }),
            Reason::TakeRailcar
        )
    ));
    t.s.train.taken = 3;
    assert_ne!(t.decide(B).1, Reason::TakeRailcar);
}
