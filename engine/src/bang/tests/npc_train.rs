//! Part D2 of `rules/lone-gunslinger.md` as far as the Great Train Robbery's
//! engine goes: LG-AC-39 and LG-AC-40, spare cards and placements.

use super::solo::*;
use crate::bang::train::{RailcarKind, railcar_of};
use crate::core::{GameRng, Seed};

/// `t` with the train of a game opened with the expansion, then set as the
/// case states: this row of stations, the Locomotive at `position`, these
/// cars (car 1 first); every other railcar in the railcar deck.
fn train(mut t: T, row: &[u8], position: u8, cars: &[RailcarKind]) -> T {
    let mut config = Config::new(t.s.players);
    config.options.expansions = vec!["train_robbery".into()];
    let log = start(&config, &mut GameRng::new(Seed::from_u64(1), 0)).unwrap();
    let mut s = State::default();
    for e in &log {
        apply(&mut s, e);
    }
    let mut tr = s.train;
    let cars: Vec<u8> = cars.iter().map(|&k| railcar_of(k)).collect();
    tr.deck = crate::bang::train::all_railcars()
        .filter(|c| !cars.contains(c))
        .collect();
    tr.cars = cars.into_iter().collect();
    tr.spare_stations = (1..=13).filter(|x| !row.contains(x)).collect();
    tr.row = row.iter().copied().collect();
    tr.position = position;
    t.s.train = tr;
    // The playing deck holds the 16 new cards too.
    t.s.deck.extend(81..=96);
    check_invariants(&t.s).unwrap();
    t
}

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
    use RailcarKind::*;
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
            Action::TakeRailcar {
                railcar: railcar_of(Caboose),
                pay: Some(BANG_9C),
                pay_also: None,
                place: None,
                advance: false,
            },
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
    use RailcarKind::*;
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
            Action::TakeRailcar {
                railcar: railcar_of(MailCar),
                pay: Some(MUSTANG_2),
                pay_also: None,
                place: None,
                advance: true,
            },
            Reason::TakeRailcar
        )
    );
}

#[test]
fn d2_2_a_lumber_flatcar_goes_to_the_first_candidate() {
    use RailcarKind::*;
    let mut t = train(T::plain(5), &[FRISCO, 4, 1, 2, 3], 2, &[LumberFlatcar]);
    t.at_play(B).life(B, 1);
    t.give(B, &[BANG_9C, MISSED_4S]);
    t.s.turn.bangs = 1;
    let (action, _) = t.decide(B);
    // B, an Outlaw, aims at the Sheriff A first (C3).
    assert!(matches!(action, Action::TakeRailcar { place: Some(A), .. }));
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
        Decision::RailcarChance
            | Decision::Map
            | Decision::Robbery
            | Decision::EvanBabbit
            | Decision::SgtBlaze
            | Decision::ShadeOConnor
            | Decision::CircusWagon
            | Decision::LoungeCar
            | Decision::MailCar
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
