//! Part E "Setup and levels" (LG-AC-01 to LG-AC-04), the options and their
//! refusals, who plays which seat, and what every seat sees.

use super::*;
use crate::Ruleset;
use crate::bang::solo::{MOST_WANTED, POOL};
use crate::core::SeatSpec;
use serde_json::{Value, json};

fn cfg(players: u8, options: Value, seats: Vec<SeatSpec>) -> Result<Config, String> {
    <Bang as Ruleset>::config(players, &options, seats)
}

fn person() -> Vec<SeatSpec> {
    vec![SeatSpec {
        name: "Ann".into(),
        bot: None,
        budget_ms: None,
    }]
}

/// The seats dealt at setup, with how many cards, in order (before the first turn).
fn deal(events: &[Event]) -> Vec<(Seat, usize)> {
    events
        .iter()
        .take_while(|e| !matches!(e, Event::TurnStarted { .. }))
        .filter_map(|e| match e {
            Event::CardsDrawn { seat, cards } => Some((*seat, cards.len())),
            _ => None,
        })
        .collect()
}

/// A new solo game with these options (and the seed), up to its first decision.
pub fn open(options: Value, seed: u64) -> (State, Vec<Event>) {
    let config = cfg(6, options, person()).expect("a solo setup");
    let events = start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap();
    let mut s = State::default();
    for e in &events {
        apply(&mut s, e);
        check_invariants(&s).unwrap();
    }
    (s, events)
}

fn deputy(s: &State) -> Seat {
    s.seats()
        .find(|&x| s.p(x).role == Some(Deputy))
        .expect("a Deputy")
}

#[test]
fn lg_ac_01_a_new_solo_game_at_level_0() {
    for seed in 0..20 {
        let (s, events) = open(json!({"mode": "lone_gunslinger"}), seed);
        assert_eq!(s.players, 6);
        assert_eq!(s.solo, Some(Solo::default()));
        let mut roles: Vec<Role> = s.seats().map(|x| s.p(x).role.unwrap()).collect();
        assert_eq!(roles[0], Sheriff);
        roles.sort_by_key(|r| *r as u8);
        assert_eq!(roles, [Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Renegade]);
        let d = deputy(&s);
        let dealt = deal(&events);
        for x in s.seats() {
            let p = s.p(x);
            assert!(p.role_public, "every role face up");
            assert!(
                POOL.contains(&p.character.unwrap()),
                "the 10-character pool"
            );
            let got = dealt.iter().find(|&&(y, _)| y == x).map_or(0, |&(_, n)| n);
            let expected = if x == 0 || x == d { p.life as usize } else { 0 };
            assert_eq!(got, expected, "seat {x}");
            if x != 0 {
                assert_eq!(p.hand.len(), expected, "seat {x}");
            }
        }
        // Everyone sees every role and the person's face-up hands.
        let v = view(&s, Viewer::Seat(2));
        assert!(v.players.iter().all(|p| p.role.is_some()));
        assert!(v.players.iter().all(|p| p.hand.iter().all(Option::is_some)));
        assert_eq!(v.players.iter().filter(|p| p.npc).count(), 4);
        // D-L1: dealt from seat 0, then clockwise.
        let dealt: Vec<Seat> = deal(&events).into_iter().map(|(x, _)| x).collect();
        let mut people = vec![0, d];
        people.sort();
        assert_eq!(dealt, people);
        assert_eq!(s.turn.seat, 0, "the Sheriff plays first");
        assert_eq!(pending(&s).to_vec()[0].seat, 0);
    }
}

#[test]
fn lg_ac_02_levels_deal_the_npc_stacks() {
    for (level, cards) in [(1u8, Some(1)), (2, Some(2)), (3, Some(3)), (4, None)] {
        let (s, events) = open(json!({"mode": "lone_gunslinger", "difficulty": level}), 5);
        for x in (1..6).filter(|&x| x != deputy(&s)) {
            let p = s.p(x);
            assert_eq!(
                p.hand.len(),
                cards.unwrap_or(p.life as usize),
                "level {level}"
            );
        }
        // Dealt seat by seat from seat 0 (D-L1), the last card on top.
        let dealt = deal(&events);
        let seats: Vec<Seat> = dealt.iter().map(|&(x, _)| x).collect();
        assert_eq!(seats, vec![0, 1, 2, 3, 4, 5]);
        let order = events.iter().find_map(|e| match e {
            Event::DeckShuffled { order } => Some(order.clone()),
            _ => None,
        });
        let order: Vec<Card> = order.unwrap().into_iter().flatten().collect();
        let before: usize = dealt[..5].iter().map(|&(_, n)| n).sum();
        assert_eq!(
            s.p(5).hand.to_vec(),
            order[before..before + s.p(5).hand.len()]
        );
    }
}

#[test]
fn lg_ac_03_the_four_most_wanted() {
    for seed in 0..20 {
        let (s, _) = open(
            json!({"mode": "lone_gunslinger", "four_most_wanted": true}),
            seed,
        );
        let d = deputy(&s);
        let mut npcs: Vec<Character> = (1..6)
            .filter(|&x| x != d)
            .map(|x| s.p(x).character.unwrap())
            .collect();
        npcs.sort_by_key(|c| *c as u8);
        let mut wanted = MOST_WANTED.to_vec();
        wanted.sort_by_key(|c| *c as u8);
        assert_eq!(npcs, wanted);
        for x in [0, d] {
            let c = s.p(x).character.unwrap();
            assert!(POOL.contains(&c) && !MOST_WANTED.contains(&c));
        }
    }
}

#[test]
fn lg_ac_04_the_night_brings_chaos_at_a_reshuffle() {
    // Seats: Sheriff, Deputy (Willy the Kid: no phase-1 choice), O, R, O, O.
    let chars = [
        PedroRamirez,
        WillyTheKid,
        KitCarlson,
        BlackJack,
        LuckyDuke,
        VultureSam,
    ];
    let mut t = T::solo(&chars, &SOLO_ROLES);
    t.s.solo = Some(Solo {
        night_brings_chaos: true,
        ..Solo::default()
    });
    t.life(A, 3)
        .life(B, 2)
        .life(C, 2)
        .life(D, 4)
        .life(E, 3)
        .dead(F);
    // One card left in the deck; every other card in the discard pile.
    let rest: Vec<Card> = t.s.deck.iter().copied().filter(|&c| c != 1).collect();
    t.discards(&rest);
    let events = t.turn(B);
    let shuffled = events
        .iter()
        .position(|e| matches!(e, Event::DeckShuffled { .. }))
        .expect("a reshuffle");
    let healed: Vec<Seat> = events[shuffled..]
        .iter()
        .take_while(|e| !matches!(e, Event::CardsDrawn { .. }))
        .filter_map(|e| match e {
            Event::LifeGained { seat, amount: 1 } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(
        healed,
        vec![C, E],
        "the NPCs below max life; not R (full), not F (dead)"
    );
    assert_eq!(
        (t.hp(A), t.hp(B)),
        (3, 2),
        "not the Sheriff, not the Deputy"
    );
    assert_eq!(t.hp(C), 3);
    assert_eq!(t.hand(B).len(), 2, "the draw continues");
    assert_eq!(t.hand(B)[0], 1);
}

#[test]
fn the_night_does_not_fall_without_the_variant() {
    let mut t = T::solo(
        &[
            PedroRamirez,
            WillyTheKid,
            KitCarlson,
            BlackJack,
            LuckyDuke,
            VultureSam,
        ],
        &SOLO_ROLES,
    );
    t.life(C, 2);
    let rest: Vec<Card> = t.s.deck.iter().copied().filter(|&c| c != 1).collect();
    t.discards(&rest);
    let events = t.turn(B);
    assert!(has(&events, |e| matches!(e, Event::DeckShuffled { .. })));
    assert!(!has(&events, |e| matches!(e, Event::LifeGained { .. })));
}

#[test]
fn the_final_challenge_is_level_4_with_both_variants() {
    let (s, _) = open(
        json!({"mode": "lone_gunslinger", "final_challenge": true}),
        3,
    );
    assert_eq!(
        s.solo,
        Some(Solo {
            difficulty: 4,
            night_brings_chaos: true,
            four_most_wanted: true,
            choose_characters: false,
        })
    );
    assert!(
        cfg(
            6,
            json!({"mode": "lone_gunslinger", "final_challenge": true, "difficulty": 4}),
            person()
        )
        .is_ok()
    );
}

#[test]
fn solo_options_are_refused_by_name() {
    let refused = |players: u8, options: Value, seats: Vec<SeatSpec>, name: &str| {
        let e = cfg(players, options.clone(), seats).expect_err(name);
        assert!(e.starts_with(name), "{options}: {e}");
    };
    let solo = |extra: Value| {
        let mut o = json!({"mode": "lone_gunslinger"});
        o.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        o
    };
    refused(5, solo(json!({})), person(), "players");
    refused(8, solo(json!({})), person(), "players");
    refused(
        6,
        solo(json!({"difficulty": 5})),
        person(),
        "options.difficulty",
    );
    refused(
        6,
        solo(json!({"final_challenge": true, "difficulty": 2})),
        person(),
        "options.final_challenge",
    );
    refused(
        6,
        solo(json!({"final_challenge": true, "four_most_wanted": false})),
        person(),
        "options.final_challenge",
    );
    refused(
        6,
        solo(json!({"expansions": ["high_noon"]})),
        person(),
        "options.expansions",
    );
    refused(
        6,
        solo(json!({"character_choice": 2})),
        person(),
        "options.character_choice",
    );
    refused(6, json!({"difficulty": 1}), person(), "options.difficulty");
    refused(
        6,
        json!({"night_brings_chaos": true}),
        person(),
        "options.night_brings_chaos",
    );
    let bot = |name: &str| SeatSpec {
        name: String::new(),
        bot: Some(name.into()),
        budget_ms: None,
    };
    refused(6, solo(json!({})), vec![bot("random")], "seats[0].bot");
    refused(
        6,
        solo(json!({})),
        vec![person()[0].clone(), SeatSpec::default(), bot("normal")],
        "seats[2].bot",
    );
    assert!(cfg(6, solo(json!({})), vec![]).is_ok());
    let named = vec![
        person()[0].clone(),
        SeatSpec {
            name: "Black Bart".into(),
            bot: None,
            budget_ms: None,
        },
    ];
    assert!(
        cfg(
            6,
            solo(json!({"difficulty": 3, "choose_characters": true})),
            named
        )
        .is_ok()
    );
}

#[test]
fn the_person_plays_the_sheriff_and_the_deputy() {
    let (s, _) = open(json!({"mode": "lone_gunslinger"}), 9);
    let d = deputy(&s);
    let both = crate::core::SeatSet::of(&[0, d]);
    assert_eq!(Bang::seats_played_by(&s, 0), both);
    assert_eq!(Bang::seats_played_by(&s, d), both);
    let npc = (1..6).find(|&x| x != d).unwrap();
    assert_eq!(
        Bang::seats_played_by(&s, npc),
        crate::core::SeatSet::of(&[npc])
    );
    // An NPC takes no orders.
    let mut s2 = s.clone();
    let orders = Action::SetOrders {
        orders: Orders::default(),
    };
    let mut rng = GameRng::new(Seed::from_u64(9), s.version);
    assert!(play(&mut s2, npc, &orders, &mut rng).is_err());
    assert!(play(&mut s2, d, &orders, &mut rng).is_ok());
}

#[test]
fn lg_choose_characters_asks_the_person_for_every_seat_at_once() {
    let (s, events) = open(
        json!({"mode": "lone_gunslinger", "choose_characters": true}),
        4,
    );
    let waiting: Vec<Seat> = pending(&s).iter().map(|p| p.seat).collect();
    assert_eq!(
        waiting,
        vec![0, 1, 2, 3, 4, 5],
        "one choice per seat, all at once"
    );
    let played = Bang::seats_played_by(&s, 0);
    assert!(waiting.iter().all(|&x| played.contains(x)));
    // Offers come from all 16 characters and are shown to every seat.
    let v = view(&s, Viewer::Seat(0));
    assert!(v.players.iter().all(|p| p.offer.is_some()));
    assert!(has(&events, |e| matches!(
        e,
        Event::CharactersOffered { .. }
    )));
    // The person chooses seat by seat; the deal follows the last choice.
    let mut s = s;
    let mut log = events;
    for x in 0..6 {
        let character = s.p(x).offer.unwrap()[1];
        let mut rng = GameRng::new(Seed::from_u64(4), s.version);
        let ev = play(&mut s, x, &Action::ChooseCharacter { character }, &mut rng).unwrap();
        log.extend(ev);
        assert_eq!(s.p(x).chosen, Some(character));
    }
    assert!(s.started());
    assert!(s.seats().all(|x| s.p(x).character.is_some()));
    assert_eq!(Bang::seats_played_by(&s, 0).iter().count(), 2);
    assert_eq!(
        crate::core::verify_log::<Bang>(&log, &|_| Seed::from_u64(4)),
        Ok(())
    );
}

#[test]
fn lg_choose_characters_with_the_four_most_wanted() {
    let (s, _) = open(
        json!({"mode": "lone_gunslinger", "choose_characters": true, "four_most_wanted": true}),
        6,
    );
    let d = deputy(&s);
    let waiting: Vec<Seat> = pending(&s).iter().map(|p| p.seat).collect();
    assert_eq!(waiting, vec![0, d]);
    for x in [0, d] {
        let offer = s.p(x).offer.unwrap();
        assert!(offer.iter().all(|c| !MOST_WANTED.contains(c)));
    }
    for x in (1..6).filter(|&x| x != d) {
        assert!(MOST_WANTED.contains(&s.p(x).character.unwrap()));
    }
}
