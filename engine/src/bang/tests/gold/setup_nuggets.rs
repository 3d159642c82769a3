//! §13 "Setup, nuggets": GR-AC-01 to GR-AC-07.

use super::*;
use crate::bang::CharacterSet;

/// The state of a real game opened with `config`.
fn opened(config: &Config, seed: u64) -> State {
    let log = start(config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap();
    let mut s = State::default();
    for e in &log {
        apply(&mut s, e);
    }
    s
}

/// GR-AC-01 — New game with Gold Rush. → Equipment deck of 21 face-down
/// cards, market of 3 face-up cards, every player 0 nuggets and no
/// equipment; 8 extra characters in the pool.
#[test]
fn gr_ac_01_new_game_has_market_and_equipment_deck() {
    let mut config = Config::new(5);
    config.options.expansions = vec![EXPANSION.to_string()];
    let s = opened(&config, 7);
    check_invariants(&s).unwrap();
    assert!(s.gold.on);
    assert_eq!(s.gold.deck.len(), 21);
    assert_eq!(s.gold.face_down().len(), 21, "all face down");
    assert!(s.gold.face_up().is_empty());
    assert!(s.gold.market.iter().all(Option::is_some));
    let mut all: Vec<Equip> = s.gold.deck.to_vec();
    all.extend(s.gold.market.iter().flatten());
    all.sort_unstable();
    assert_eq!(all, all_equipment().collect::<Vec<_>>());
    for seat in s.seats() {
        assert_eq!(s.p(seat).nuggets, 0);
        assert!(s.p(seat).equipment.is_empty());
    }
    let v = view(&s, Viewer::Seat(A));
    let g = v.gold.expect("the Gold Rush table is shown");
    assert_eq!((g.deck, g.market, g.heap), (21, s.gold.market, 30));
    assert!(v.players.iter().all(|p| p.nuggets == Some(0)));

    let pool = config.options.character_pool();
    assert_eq!(pool.len(), 24);
    let gold: Vec<Character> = Character::of_set(CharacterSet::GoldRush).collect();
    assert_eq!(gold.len(), 8);
    assert!(gold.iter().all(|c| pool.contains(c)));
    assert_eq!(Config::new(5).options.character_pool().len(), 16);
    // Gold Rush characters are really dealt: over a few openings some appear.
    let dealt_gold = (0..40u64)
        .flat_map(|seed| {
            let s = opened(&config, seed);
            s.seats()
                .filter_map(|x| s.p(x).character)
                .collect::<Vec<_>>()
        })
        .any(|c| gold.contains(&c));
    assert!(dealt_gold);
}

/// GR-AC-02 — Five players; Sid plays Gatling; Paul plays a Missed!, the
/// three others lose 1 life each. → Sid gains 3 nuggets.
#[test]
fn gr_ac_02_gatling_earns_one_nugget_per_wound() {
    let mut t = T::gold(
        &[SidKetchum, PaulRegret, JesseJones, BlackJack, KitCarlson],
        &roles(5),
    );
    t.give(A, &[GATLING]).give(B, &[MISSED_KC]);
    t.play(A, GATLING, None);
    let events = t.respond(B, MISSED_KC);
    assert_eq!(t.hp(B), 3, "Paul Regret's 3 life, untouched");
    assert_eq!([t.hp(C), t.hp(D), t.hp(E)], [3, 3, 3]);
    assert_eq!(
        gained(&events),
        vec![
            (A, 1, NuggetSource::Wound),
            (A, 1, NuggetSource::Wound),
            (A, 1, NuggetSource::Wound)
        ]
    );
    assert_eq!(t.gold_of(A), 3);
    assert!((B..=E).all(|x| t.gold_of(x) == 0));
}

/// GR-AC-03 — A plays Indians!; 4 players lose 1 life each. → A gains 4 nuggets.
#[test]
fn gr_ac_03_indians_earns_one_nugget_per_wound() {
    let mut t = T::gold_plain(5);
    t.give(A, &[INDIANS]);
    t.play(A, INDIANS, None);
    assert_eq!([t.hp(B), t.hp(C), t.hp(D), t.hp(E)], [3, 3, 3, 3]);
    assert_eq!(t.gold_of(A), 4);
    assert!((B..=E).all(|x| t.gold_of(x) == 0));
}

/// GR-AC-04 — A duels B and B loses. → A +1 nugget. A duels B and A loses.
/// → Nobody gains a nugget.
#[test]
fn gr_ac_04_duel_nuggets_go_to_the_challenger_only_when_he_wins() {
    let mut t = T::gold_plain(5);
    t.give(A, &[DUEL]);
    t.play(A, DUEL, Some(B));
    assert_eq!(t.hp(B), 3);
    assert_eq!(t.gold_of(A), 1);
    assert_eq!(t.gold_of(B), 0);

    let mut t = T::gold_plain(5);
    t.give(A, &[DUEL]).give(B, &[BANG_7C]);
    t.play(A, DUEL, Some(B));
    let events = t.respond(B, BANG_7C);
    assert_eq!(t.hp(A), 4, "the Sheriff lost his Duel");
    assert!(gained(&events).is_empty());
    assert!(t.s.seats().all(|x| t.gold_of(x) == 0));
}

/// GR-AC-05 — Dynamite explodes on A (3 life lost). → Nobody gains nuggets.
#[test]
fn gr_ac_05_dynamite_earns_nobody_nuggets() {
    let mut t = T::gold_plain(5);
    t.equip(A, &[DYNAMITE]);
    t.stack(&[STAGECOACH_9S]);
    let events = t.turn(A);
    assert_eq!(t.hp(A), 2);
    assert!(gained(&events).is_empty());
    assert!(t.s.seats().all(|x| t.gold_of(x) == 0));
}

/// GR-AC-06 — A shoots B who is at 1 life; B saves himself with a Beer.
/// → A still gains 1 nugget.
#[test]
fn gr_ac_06_the_lethal_wound_earns_even_if_saved() {
    let mut t = T::gold_plain(5);
    t.life(B, 1).give(B, &[BEER]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    t.pass(B);
    assert_eq!(t.waiting(), vec![(B, Decision::Dying)]);
    assert_eq!(t.gold_of(A), 1, "earned at the loss");
    t.respond(B, BEER);
    assert!(t.alive(B));
    assert_eq!(t.hp(B), 1);
    assert_eq!(t.gold_of(A), 1);
}

/// GR-AC-07 — B (4 nuggets) is eliminated (no shadow variant). → B's nuggets
/// return to the heap; his equipment goes face up to the bottom of the
/// equipment deck.
#[test]
fn gr_ac_07_elimination_returns_nuggets_and_equipment() {
    let mut t = T::gold_plain(5);
    t.life(B, 1)
        .nuggets(B, 4)
        .equipment(B, &[BOOTS, GUN_BELT])
        .give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::NuggetsReturned { seat: B, amount: 4 })
    )));
    assert_eq!(t.gold_of(B), 0);
    assert!(t.equipment_of(B).is_empty());
    assert_eq!(
        t.returned(),
        vec![GUN_BELT, BOOTS],
        "Boots first, then Gun Belt under it"
    );
    let v = view(&t.s, Viewer::Seat(C));
    let g = v.gold.unwrap();
    assert_eq!(g.heap, 30 - 1, "only A's nugget for the wound is held");
    assert_eq!(g.returned, vec![GUN_BELT, BOOTS]);
}
