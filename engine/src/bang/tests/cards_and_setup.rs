//! §20 "Setup and deck", and the options.

use super::*;
use crate::bang::machine::Machine;
use crate::bang::setup::deal_and_begin;
use crate::core::Recorder;
use std::collections::HashMap;

#[test]
fn bang_ac_01_the_base_deck() {
    let base = &CARDS[..BASE_DECK];
    assert_eq!(base.len(), 80);
    let mut count: HashMap<Kind, usize> = HashMap::new();
    for (i, c) in base.iter().enumerate() {
        assert_eq!(c.id as usize, i + 1, "ids in table order");
        *count.entry(c.kind).or_default() += 1;
    }
    use Kind::*;
    let expected = [
        (Bang, 25),
        (Missed, 12),
        (Beer, 6),
        (Panic, 4),
        (CatBalou, 4),
        (Duel, 3),
        (Jail, 3),
        (Schofield, 3),
        (Stagecoach, 2),
        (GeneralStore, 2),
        (Indians, 2),
        (Barrel, 2),
        (Mustang, 2),
        (Volcanic, 2),
        (Saloon, 1),
        (WellsFargo, 1),
        (Gatling, 1),
        (Scope, 1),
        (Dynamite, 1),
        (Remington, 1),
        (RevCarabine, 1),
        (Winchester, 1),
    ];
    for (k, n) in expected {
        assert_eq!(count[&k], n, "{k:?}");
    }
    for suit in [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades] {
        assert_eq!(base.iter().filter(|c| c.suit == suit).count(), 20);
    }
    let blue = base.iter().filter(|c| c.kind.is_blue()).count();
    assert_eq!((80 - blue, blue), (63, 17));
}

#[test]
fn tgr_data_the_sixteen_new_playing_cards() {
    // train-robbery.md §12: 12 brown + 4 blue, IDs 81-96; with them the
    // Dynamite explodes on 12 cards (Full Steam 2♠ and Refund 3♠ added).
    let new = &CARDS[BASE_DECK..];
    assert_eq!(new.len(), 16);
    assert_eq!(new.iter().filter(|c| c.kind.is_blue()).count(), 4);
    assert_eq!(new.first().map(|c| c.id), Some(81));
    assert_eq!(CARDS.iter().filter(|c| explodes(c.id)).count(), 12);
    assert_eq!(kind(82).info().reach, Some(2), "Dragoon: a weapon, reach 2");
    assert_eq!(kind(101), Kind::Railcar);
    assert!(card(101).is_none(), "a railcar has no suit or value");
}

#[test]
fn bang_ac_01_deck_invariants_of_section_2_2() {
    let base = &CARDS[..BASE_DECK];
    let mut signs: HashMap<(Suit, u8), Vec<Card>> = HashMap::new();
    for c in base {
        signs.entry((c.suit, c.value)).or_default().push(c.id);
    }
    assert_eq!(signs.len(), 52, "every sign occurs");
    assert_eq!(signs.values().filter(|v| v.len() == 2).count(), 28);
    assert!(signs.values().all(|v| v.len() <= 2));
    assert_eq!(base.iter().filter(|c| is_heart(c.id)).count(), 20);
    assert_eq!(base.iter().filter(|c| is_red(c.id)).count(), 40);
    let boom: Vec<Card> = base
        .iter()
        .filter(|c| explodes(c.id))
        .map(|c| c.id)
        .collect();
    assert_eq!(boom, vec![31, 32, 33, 34, 35, 36, 37, 45, 46, 80]);
    let kinds =
        |suit, value| -> Vec<Kind> { signs[&(suit, value)].iter().map(|&c| kind(c)).collect() };
    use Kind::*;
    assert_eq!(kinds(Suit::Hearts, 2), vec![Dynamite]);
    assert_eq!(kinds(Suit::Spades, 10), vec![Jail, Volcanic]);
    assert_eq!(kinds(Suit::Spades, 11), vec![Duel, Jail]);
    assert_eq!(kinds(Suit::Spades, 12), vec![GeneralStore, Barrel]);
    assert_eq!(kinds(Suit::Spades, 13), vec![Barrel, Schofield]);
    assert_eq!(kinds(Suit::Spades, 14), vec![Bang, Scope]);
    assert_eq!(kinds(Suit::Spades, 8), vec![Missed, Winchester]);
}

#[test]
fn bang_ac_02_role_deal_for_4_to_8_players() {
    for n in 4..=8u8 {
        let roles = roles_for(n);
        let count = |r| roles.iter().filter(|&&x| x == r).count();
        let expected = match n {
            4 => [1, 0, 2, 1],
            5 => [1, 1, 2, 1],
            6 => [1, 1, 3, 1],
            7 => [1, 2, 3, 1],
            _ => [1, 2, 3, 2],
        };
        assert_eq!(
            [
                count(Sheriff),
                count(Deputy),
                count(Outlaw),
                count(Renegade)
            ],
            expected
        );
        let log = start(
            &Config::new(n),
            &mut GameRng::new(Seed::from_u64(n as u64), 0),
        )
        .unwrap();
        let mut s = State::default();
        for e in &log {
            apply(&mut s, e);
        }
        let dealt: Vec<Role> = s.seats().filter_map(|x| s.p(x).role).collect();
        let mut sorted = dealt.clone();
        sorted.sort_by_key(|r| *r as u8);
        let mut want = roles.to_vec();
        want.sort_by_key(|r| *r as u8);
        assert_eq!(sorted, want);
        for viewer in s.seats() {
            let v = view(&s, Viewer::Seat(viewer));
            for p in &v.players {
                let visible = p.role.is_some();
                let should = p.seat == viewer || s.p(p.seat).role == Some(Sheriff);
                assert_eq!(
                    visible, should,
                    "{n} players: seat {viewer} sees {}",
                    p.seat
                );
            }
        }
    }
    assert!(Config::new(2).validate().is_err());
    assert!(Config::new(9).validate().is_err());
}

/// Deals the table `seats` (character, role) of a 4-player game and begins it;
/// the events and the state.
fn dealt(seats: &[(Character, Role)]) -> (Vec<Event>, State) {
    let mut s = State::default();
    let mut rng = GameRng::scripted(vec![]);
    let mut rec = Recorder::<Bang>::new(&mut s, Vec::new());
    let mut m = Machine {
        rec: &mut rec,
        rng: &mut rng,
    };
    let config = Config::new(seats.len() as u8);
    let created = start(&config, &mut GameRng::new(Seed::from_u64(3), 0)).unwrap();
    m.emit(created[0].clone());
    for (seat, &(character, role)) in seats.iter().enumerate() {
        let seat = seat as u8;
        m.emit(Event::RoleDealt {
            seat,
            role: Some(role),
            face_up: role == Sheriff,
        });
        m.emit(Event::CharacterDealt {
            seat,
            character,
            life: starting_life(character, role),
        });
    }
    deal_and_begin(&mut m);
    let events = std::mem::take(&mut rec.events);
    (events, s)
}

/// The seats dealt a starting hand, in order.
fn dealing_order(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CardsDrawn { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

#[test]
fn bang_ac_03_starting_life_and_hands() {
    let (events, s) = dealt(&[
        (PaulRegret, Sheriff),
        (ElGringo, Outlaw),
        (BartCassidy, Renegade),
        (SidKetchum, Outlaw),
    ]);
    assert_eq!((s.p(A).life, s.p(A).max_life, s.p(A).hand.len()), (4, 4, 4));
    assert_eq!((s.p(B).life, s.p(B).hand.len()), (3, 3));
    assert_eq!((s.p(C).life, s.p(C).hand.len()), (4, 4));
    assert_eq!(s.turn.seat, A, "the Sheriff plays first");
    // D-B16: whole hands, seat by seat from the Sheriff.
    assert_eq!(&dealing_order(&events)[..4], &[A, B, C, 3]);
}

/// B-5.6 and D-B16 wherever the Sheriff sits: he plays first, and the
/// starting hands are dealt from him, clockwise.
#[test]
fn bang_ac_03_a_sheriff_at_any_seat_is_dealt_first_and_plays_first() {
    let (events, s) = dealt(&[
        (ElGringo, Outlaw),
        (BartCassidy, Renegade),
        (PaulRegret, Sheriff),
        (SidKetchum, Outlaw),
    ]);
    assert_eq!(s.turn.seat, C, "the Sheriff plays first");
    assert_eq!((s.p(C).life, s.p(C).hand.len()), (4, 4));
    assert_eq!(&dealing_order(&events)[..4], &[C, 3, A, B]);
}

#[test]
fn bang_ac_09_deck_runs_out_in_phase_1() {
    let mut t = T::new(&[SlabTheKiller, PedroRamirez, JesseJones], &roles(3));
    // B holds everything but one deck card and ten discards.
    let rest: Vec<Card> = (12..=80).collect();
    t.give(B, &rest);
    t.discards(&(2..=11).collect::<Vec<_>>());
    assert_eq!((t.s.deck.len(), t.s.discard.len()), (1, 10));
    let events = t.turn(A);
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::CardsDrawn { cards, .. } if cards.len() == 1 => Some("draw1"),
            Event::DeckShuffled { order } if order.len() == 10 => Some("shuffle10"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["draw1", "shuffle10", "draw1"]);
    assert_eq!(t.hand(A).len(), 2);
    assert!(t.hand(A).contains(&1));
    assert!(t.s.discard.is_empty());
    assert_eq!(t.s.deck.len(), 9);
}

#[test]
fn options_refuse_what_is_not_available() {
    use crate::Ruleset;
    let cfg = |o: serde_json::Value| Bang::config(5, &o, Vec::new());
    assert!(cfg(serde_json::Value::Null).is_ok());
    assert!(cfg(serde_json::json!({"expansions": null, "variants": null, "mode": null})).is_ok());
    assert!(cfg(serde_json::json!({"expansions": ["gold_rush"]})).is_ok());
    // A mistake inside the object names its path.
    assert_eq!(
        cfg(serde_json::json!({"expansions": "gold_rush"})).unwrap_err(),
        "options.expansions: invalid type: string \"gold_rush\", expected a sequence"
    );
    assert!(
        cfg(serde_json::json!({"warp": 1}))
            .unwrap_err()
            .starts_with("options.warp: unknown field `warp`")
    );
    assert_eq!(
        cfg(serde_json::json!({"expansions": ["gold_rush", "gold_rush"]})).unwrap_err(),
        "options.expansions: \"gold_rush\" is listed twice"
    );
    assert!(
        cfg(serde_json::json!({"expansions": ["x"]}))
            .unwrap_err()
            .starts_with("options.expansions")
    );
    assert!(
        cfg(serde_json::json!({"variants": ["x"]}))
            .unwrap_err()
            .starts_with("options.variants")
    );
    assert!(
        cfg(serde_json::json!({"mode": "solo"}))
            .unwrap_err()
            .starts_with("options.mode")
    );
    assert!(
        cfg(serde_json::json!({"character_choice": 3}))
            .unwrap_err()
            .starts_with("options.character_choice")
    );
    assert!(
        cfg(serde_json::json!({"colour": 1})).is_err(),
        "unknown fields refused"
    );
    let c = cfg(serde_json::json!({"character_choice": 2, "reaction_seconds": 20})).unwrap();
    assert_eq!(c.options.character_choice, 2);
    let names = Config::new(3).named_seats();
    assert_eq!(names[2].name, "Player 3");
}

#[test]
fn character_choice_two_keeps_the_other_card_hidden() {
    let mut config = Config::new(4);
    config.options.character_choice = 2;
    let seed = Seed::from_u64(9);
    let log = start(&config, &mut GameRng::new(seed, 0)).unwrap();
    let mut s = State::default();
    for e in &log {
        apply(&mut s, e);
    }
    let waiting: Vec<Seat> = pending(&s).iter().map(|p| p.seat).collect();
    assert_eq!(waiting, vec![0, 1, 2, 3], "all choose at once");
    for seat in 0..4u8 {
        let offer = s.p(seat).offer.unwrap();
        let action = Action::ChooseCharacter {
            character: offer[1],
        };
        assert_eq!(legal_actions(&s, seat).len(), 2);
        let mut rng = GameRng::new(seed, s.version);
        let events = play(&mut s, seat, &action, &mut rng).unwrap();
        if seat < 3 {
            assert_eq!(events.len(), 1);
            let shown = redact(&events[0], Viewer::Seat((seat + 1) % 4));
            assert_eq!(
                shown,
                Event::CharacterChosen {
                    seat,
                    character: None
                }
            );
        }
    }
    assert!(s.started());
    for seat in 0..4u8 {
        let p = s.p(seat);
        assert_eq!(p.character, Some(p.offer.unwrap()[1]));
        let other = view(&s, Viewer::Seat((seat + 1) % 4));
        assert!(other.players[seat as usize].offer.is_none());
    }
}
