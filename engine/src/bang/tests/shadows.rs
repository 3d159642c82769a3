//! The Shadow-Gunslingers variant: GR-AC-39 to GR-AC-45 of
//! `rules/gold-rush.md` §13, and the variant's rules of §10 and §11 that no
//! case covers.

use super::gold::HORSESHOE;
use super::*;
use crate::bang::GoldAction;
use crate::core::Team;

/// A Gold Rush table (the market, for the cases that buy) with the variant on.
fn shadows(characters: &[Character], roles: &[Role]) -> T {
    let mut t = T::gold(characters, roles);
    crate::bang::expansion::switch(&mut t.s, crate::bang::shadows::VARIANT, true);
    t
}

/// `seat` at 1 life takes every hit and dies without answering.
fn helpless(t: &mut T, seat: Seat) {
    let orders = Orders {
        shot: Reply::Pass,
        dying: Reply::Pass,
        ..Orders::default()
    };
    t.life(seat, 1).orders(seat, orders);
}

/// How the game these events end ended.
fn ended(events: &[Event]) -> Outcome {
    events
        .iter()
        .find_map(|e| match e {
            Event::GameEnded { outcome, .. } => Some(outcome.clone()),
            _ => None,
        })
        .expect("the game ends")
}

/// Eliminates `seat` out of band, role face up.
fn eliminated(t: &mut T, seat: Seat) {
    t.dead(seat);
    t.s.table[seat as usize].life = 0;
}

const FIVE: [Role; 5] = [Sheriff, Outlaw, Outlaw, Renegade, Deputy];

/// Characters without a phase-1 choice at B (Black Jack; black cards drawn).
const NO_CHOICE: [Character; 5] = [PedroRamirez, BlackJack, KitCarlson, PedroRamirez, BlackJack];

#[test]
fn gr_ac_39_an_eliminated_player_keeps_his_nuggets() {
    // Shadow variant; Outlaw B (3 nuggets) is eliminated by A. → B reveals,
    // discards everything, A draws 3; B keeps his 3 nuggets.
    let mut t = shadows(&PLAIN[..5], &FIVE);
    t.give(A, &[BANG_QH]).give(B, &[BEER]).equip(B, &[MUSTANG]);
    helpless(&mut t, B);
    t.s.table[B as usize].nuggets = 3;
    t.s.table[A as usize].in_play.clear();
    t.equip(A, &[SCHOFIELD]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::PlayerEliminated {
            seat: B,
            role: Outlaw,
            ..
        }
    )));
    assert!(!t.s.in_play(B));
    assert!(t.hand(B).is_empty() && t.s.p(B).in_play.is_empty());
    assert!(t.s.discard.contains(&BEER) && t.s.discard.contains(&MUSTANG));
    assert_eq!(t.hand(A).len(), 3, "A draws 3 for the Outlaw");
    assert_eq!(t.s.p(B).nuggets, 3, "SG-1: he keeps his nuggets");
    assert!(!has(&events, |e| matches!(
        e,
        Event::Gold(GoldEvent::NuggetsReturned { .. })
    )));
}

#[test]
fn gr_ac_40_a_shadow_turn() {
    // B's next seat turn arrives. → B plays a shadow turn: no checks, draws 2,
    // plays normally (may buy equipment), cannot lose life; at the end he
    // discards his hand, his blue cards and the equipment bought.
    let mut t = shadows(&PLAIN[..5], &FIVE);
    eliminated(&mut t, B);
    t.s.table[B as usize].nuggets = 2;
    let horseshoe = HORSESHOE;
    t.market(&[horseshoe]);
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
    assert!(
        !has(&events, |e| matches!(e, Event::CheckFlipped { .. })),
        "no checks"
    );
    assert_eq!(t.hand(B), vec![BARREL, DUEL], "phase 1: 2 cards");
    assert!(
        t.alive(B) && !t.s.in_play(B),
        "back at his seat for this turn only"
    );
    assert_eq!(t.waiting(), vec![(B, Decision::Play)]);
    t.ok(
        B,
        Action::Gold(GoldAction::Buy {
            slot: 0,
            mode: None,
            target: None,
            in_play: None,
            discount: false,
        }),
    );
    assert_eq!(t.s.p(B).equipment.to_vec(), vec![horseshoe]);
    t.play(B, BARREL, None);
    // He loses his own Duel: C holds a BANG!, he holds none.
    t.give(C, &[BANG_KH]).orders(C, auto());
    let life = t.hp(B);
    let events = t.play(B, DUEL, Some(C));
    assert!(has(&events, |e| matches!(e, Event::Unhurt { seat: B })));
    assert!(!has(&events, |e| matches!(
        e,
        Event::LifeLost { seat: B, .. }
    )));
    assert_eq!(t.hp(B), life, "SG-2.2: his life cannot change");
    assert_eq!(t.waiting(), vec![(B, Decision::Play)]);
    let events = t.ok(B, Action::EndTurn);
    assert!(has(
        &events,
        |e| matches!(e, Event::Discarded { seat: B, cards } if cards == &vec![BARREL])
    ));
    assert!(has(
        &events,
        |e| matches!(e, Event::Gold(GoldEvent::EquipmentReturned { seat: B, equipment }) if equipment == &vec![horseshoe])
    ));
    assert!(t.s.p(B).in_play.is_empty() && t.s.p(B).equipment.is_empty());
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted {
            seat: C,
            shadow: false,
            ..
        }
    )));
    assert!(!t.alive(B));
}

#[test]
fn gr_ac_41_a_shadow_counts_only_in_his_own_turn() {
    // During shadow B's turn, B plays Gatling. → Every other player in play is
    // targeted; B is not. Outside B's turn a BANG! at B is impossible (not in
    // play) and distances between other players ignore B's seat.
    let mut t = shadows(&NO_CHOICE, &FIVE);
    t.stack(&[MISSED_2S, MISSED_3S]);
    eliminated(&mut t, B);
    t.give(A, &[BANG_QH]);
    assert!(!legal_actions(&t.s, A).contains(&play_at(BANG_QH, Some(B))));
    assert_eq!(t.s.distance(A, C), 1, "B's seat is skipped");
    for seat in [A, C, D, E] {
        t.orders(
            seat,
            Orders {
                shot: Reply::Pass,
                ..Orders::default()
            },
        );
    }
    t.ok(A, Action::EndTurn);
    assert_eq!(t.s.distance(A, C), 2, "in his turn B sits between them");
    t.give(B, &[GATLING]);
    let events = t.play(B, GATLING, None);
    let shot: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShotAt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shot, vec![C, D, E, A]);
}

#[test]
fn gr_ac_42_dynamite_passes_over_a_shadow() {
    // A's Dynamite does not explode; the seat to A's left belongs to shadow B.
    // → The Dynamite passes to the next player in play after B.
    let mut t = shadows(&PLAIN[..5], &FIVE);
    eliminated(&mut t, B);
    t.equip(A, &[DYNAMITE]).stack(&[BEER, BANG_QH, BANG_KH]);
    let events = t.turn(A);
    assert!(has(&events, |e| matches!(
        e,
        Event::DynamitePassed { from: A, to: C, .. }
    )));
}

#[test]
fn gr_ac_43_the_shadow_renegade_joins_the_losing_side() {
    // The Renegade is the first eliminated player. → At his first shadow turn
    // he is a shadow-Deputy. After an Outlaw is eliminated, at his next turn
    // he is a shadow-Outlaw (tie). After a Deputy is also eliminated,
    // shadow-Deputy again.
    let roles = [Sheriff, Renegade, Outlaw, Outlaw, Deputy, Deputy, Outlaw];
    let mut t = shadows(&PLAIN[..7], &roles);
    eliminated(&mut t, B);
    let side_at_his_turn = |t: &mut T| {
        t.s.turn = Turn {
            seat: A,
            phase: Phase::Play,
            ..Turn::default()
        };
        let events = t.ok(A, Action::EndTurn);
        events.iter().find_map(|e| match e {
            Event::SideTaken { seat: B, side } => Some(*side),
            _ => None,
        })
    };
    assert_eq!(side_at_his_turn(&mut t), Some(Team::Law), "Sheriff 1 vs 0");
    t.ok(B, Action::EndTurn);
    eliminated(&mut t, C);
    assert_eq!(t.s.p(B).side, Some(Team::Law), "until his next turn");
    assert_eq!(
        side_at_his_turn(&mut t),
        Some(Team::Outlaws),
        "1 vs 1: a tie"
    );
    t.ok(B, Action::EndTurn);
    eliminated(&mut t, E);
    assert_eq!(
        side_at_his_turn(&mut t),
        Some(Team::Law),
        "Sheriff + Deputy vs 1"
    );
}

#[test]
fn gr_ac_44_a_shadow_outlaw_kills_the_sheriff() {
    // Shadow-Outlaw B eliminates the Sheriff in his shadow turn (BANG!). →
    // Outlaws win (including all eliminated Outlaws).
    let mut t = shadows(&PLAIN[..5], &FIVE);
    eliminated(&mut t, B);
    eliminated(&mut t, C);
    helpless(&mut t, A);
    t.ok(A, Action::EndTurn);
    assert!(t.s.is_shadow(B));
    t.give(B, &[BANG_QH]);
    let events = t.play(B, BANG_QH, Some(A));
    let outcome = ended(&events);
    assert_eq!(outcome.team, Some(Team::Outlaws));
    assert_eq!(outcome.winners, vec![B, C]);
}

#[test]
fn gr_ac_45_vulture_sam_takes_nothing_from_a_shadow() {
    // Vulture Sam in play; shadow B ends his turn discarding 4 cards. → Sam
    // gets nothing.
    let chars = [PedroRamirez, BlackJack, VultureSam, KitCarlson, BlackJack];
    let mut t = shadows(&chars, &FIVE);
    eliminated(&mut t, B);
    t.stack(&[MISSED_2S, MISSED_3S]);
    t.ok(A, Action::EndTurn);
    t.give(B, &[MISSED_KC, BEER]);
    assert_eq!(t.hand(B).len(), 4);
    let events = t.ok(B, Action::EndTurn);
    assert!(has(
        &events,
        |e| matches!(e, Event::Discarded { seat: B, cards } if cards.len() == 4)
    ));
    assert!(!has(&events, |e| matches!(e, Event::CardsInherited { .. })));
    for c in [MISSED_2S, MISSED_3S, MISSED_KC, BEER] {
        assert!(t.s.discard.contains(&c) && !t.hand(C).contains(&c));
    }
}

#[test]
fn shadow_edge_law_wins_with_its_shadows_and_the_shadow_renegade_on_its_side() {
    // SG-7, SR-4: eliminated Deputies win with the Sheriff, and so does a
    // Shadow-Renegade who sided with the Law at his last turn.
    let mut t = shadows(&PLAIN[..5], &FIVE);
    eliminated(&mut t, D);
    eliminated(&mut t, E);
    eliminated(&mut t, C);
    t.s.table[D as usize].side = Some(Team::Law);
    helpless(&mut t, B);
    t.give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    let outcome = ended(&events);
    assert_eq!(outcome.team, Some(Team::Law));
    assert_eq!(outcome.winners, vec![A, E, D]);
}

#[test]
fn shadow_edge_no_side_before_his_first_shadow_turn() {
    // SR-4 (D-G19): a Renegade eliminated who has not played a shadow turn
    // belongs to no side and does not win.
    let mut t = shadows(&PLAIN[..5], &FIVE);
    eliminated(&mut t, D);
    eliminated(&mut t, C);
    helpless(&mut t, A);
    t.s.turn = Turn {
        seat: B,
        phase: Phase::Play,
        ..Turn::default()
    };
    t.give(B, &[BANG_QH]);
    t.s.table[B as usize].in_play.clear();
    let events = t.play(B, BANG_QH, Some(A));
    let outcome = ended(&events);
    assert_eq!(outcome.winners, vec![B, C], "the Outlaws, not D");
}

#[test]
fn shadow_edge_the_variant_is_refused_where_the_rules_say() {
    // D-G18: not with the 3-player variant; the solo mode does not define it.
    use crate::Ruleset;
    let cfg = |n: u8, o: serde_json::Value| Bang::config(n, &o, Vec::new());
    let v = serde_json::json!({"variants": ["shadow_gunslingers"]});
    assert!(cfg(4, v.clone()).is_ok());
    assert!(
        cfg(
            5,
            serde_json::json!({"variants": ["shadow_gunslingers"], "expansions": ["gold_rush"]})
        )
        .is_ok()
    );
    assert!(cfg(3, v).unwrap_err().contains("3 players"));
    let solo = serde_json::json!({"mode": "lone_gunslinger", "variants": ["shadow_gunslingers"]});
    assert!(cfg(6, solo).unwrap_err().starts_with("options."));
}
