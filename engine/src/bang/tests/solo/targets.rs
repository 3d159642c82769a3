//! Part E "Preferred Target" (LG-AC-11 to LG-AC-18) and the blue cards of
//! "Cards and responses" (LG-AC-19 to LG-AC-21).

use super::*;

/// Roles with the Renegade at F (before the Sheriff) and the Deputy at D.
const R_AT_F: [Role; 6] = [Sheriff, Outlaw, Outlaw, Deputy, Outlaw, Renegade];

#[test]
fn lg_ac_11_the_renegade_never_shoots_the_sheriff_while_the_deputy_lives() {
    let mut t = T::solo(&SOLO_PLAIN, &R_AT_F);
    t.give(F, &[BANG_QH]);
    assert_eq!(t.s.distance(F, D), 2, "the Deputy out of reach");
    assert_eq!(t.s.distance(F, A), 1, "the Sheriff within reach");
    let events = t.npc_play(F);
    assert_eq!(
        npc_acts(this_turn(&events)),
        vec![(F, Action::EndTurn, Reason::NothingUsable)]
    );
    assert_eq!(t.hand(F), vec![BANG_QH]);
}

#[test]
fn lg_ac_12_once_the_deputy_is_dead_the_renegade_shoots_the_sheriff() {
    let mut t = T::solo(&SOLO_PLAIN, &R_AT_F);
    t.dead(D).give(F, &[BANG_QH]);
    let events = t.npc_play(F);
    assert_eq!(
        npc_acts(this_turn(&events))[0],
        (F, play_at(BANG_QH, Some(A)), Reason::PreferredTarget)
    );
}

#[test]
fn lg_ac_13_a_duel_at_the_sheriff_at_any_distance() {
    let mut t = T::solo_plain();
    t.at_play(E).give(E, &[DUEL]);
    assert_eq!(t.s.distance(E, A), 2);
    assert_eq!(
        t.decide(E),
        (play_at(DUEL, Some(A)), Reason::PreferredTarget)
    );
}

#[test]
fn lg_ac_14_panic_turns_to_the_deputy_when_the_sheriff_holds_no_card() {
    // O1 at F: the Sheriff (A) and the Deputy (E) both at distance 1.
    let mut t = T::solo(
        &SOLO_PLAIN,
        &[Sheriff, Outlaw, Outlaw, Renegade, Deputy, Outlaw],
    );
    t.equip(A, &[BARREL])
        .give(E, &[BEER, BANG_QH])
        .give(F, &[PANIC]);
    t.at_play(F);
    assert_eq!(
        t.decide(F),
        (play_at(PANIC, Some(E)), Reason::PreferredTarget)
    );
    // Two cards of class 3: the Deputy (the person) chooses which one.
    t.npc_play(F);
    assert_eq!(t.waiting(), vec![(E, Decision::GiveUp)]);
    let offered = legal_actions(&t.s, E);
    assert_eq!(
        offered,
        vec![
            Action::Respond { card: BEER },
            Action::Respond { card: BANG_QH }
        ]
    );
    t.respond(E, BEER);
    assert_eq!(t.hand(E), vec![BANG_QH]);
    assert_eq!(t.hand(F), vec![BEER], "the card goes on the NPC's Stack");
    assert_eq!(
        t.s.p(A).in_play.to_vec(),
        vec![BARREL],
        "the Sheriff kept his Barrel"
    );
}

#[test]
fn lg_ac_15_cat_balou_takes_from_class_1_first() {
    let mut t = T::solo_plain();
    t.give(A, &[BEER])
        .equip(A, &[MUSTANG])
        .give(F, &[CAT_BALOU]);
    let events = t.npc_play(F);
    let turn = this_turn(&events);
    assert_eq!(
        npc_acts(turn)[0],
        (F, play_at(CAT_BALOU, Some(A)), Reason::PreferredTarget)
    );
    assert!(
        !has(turn, |e| matches!(e, Event::WindowOpened { .. })),
        "no choice"
    );
    assert!(has(turn, |e| matches!(
        e,
        Event::Discarded { seat: A, cards } if cards == &[MUSTANG]
    )));
    assert_eq!(
        t.hand(A),
        vec![BEER],
        "the person cannot give up the Beer instead"
    );
    assert!(t.s.p(A).in_play.is_empty());
}

#[test]
fn lg_ac_16_dynamite_is_no_class_1_card() {
    let mut t = T::solo_plain();
    t.equip(A, &[DYNAMITE])
        .give(A, &[VOLCANIC, BEER])
        .give(F, &[CAT_BALOU]);
    let events = t.npc_play(F);
    let turn = this_turn(&events);
    let discarded: Vec<&Event> = turn
        .iter()
        .filter(|e| matches!(e, Event::Discarded { seat: A, .. }))
        .collect();
    assert_eq!(
        discarded,
        vec![&Event::Discarded {
            seat: A,
            cards: vec![VOLCANIC]
        }]
    );
    assert_eq!(t.hand(A), vec![BEER]);
}

#[test]
fn lg_ac_17_jail_only_on_the_deputy() {
    let mut t = T::solo_plain();
    t.give(F, &[JAIL_4H]);
    let events = t.npc_play(F);
    assert_eq!(
        npc_acts(this_turn(&events))[0],
        (F, play_at(JAIL_4H, Some(B)), Reason::PreferredTarget)
    );
    assert_eq!(t.s.p(B).in_play.to_vec(), vec![JAIL_4H]);
    // Deputy dead: the Jail is never played (not on the Renegade, not on an Outlaw).
    let mut t = T::solo_plain();
    t.dead(B).give(F, &[JAIL_4H]);
    let events = t.npc_play(F);
    assert_eq!(
        npc_acts(this_turn(&events)),
        vec![(F, Action::EndTurn, Reason::NothingUsable)]
    );
    // Deputy already jailed: not played either.
    let mut t = T::solo_plain();
    t.equip(B, &[JAIL_10S]).give(F, &[JAIL_4H]);
    t.at_play(F);
    assert_eq!(t.decide(F).0, Action::EndTurn);
}

#[test]
fn lg_ac_18_outlaws_and_the_renegade_never_aim_at_each_other() {
    // O1 at F; the Renegade at E (distance 1); the Sheriff and the Deputy out
    // of reach and without cards in hand.
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade, Outlaw];
    let mut t = T::solo(&SOLO_PLAIN, &roles);
    t.equip(A, &[MUSTANG]).give(E, &[BEER, MISSED_KC]);
    t.give(F, &[BANG_QH, PANIC, CAT_BALOU]).at_play(F);
    assert_eq!(
        t.decide(F).0,
        Action::EndTurn,
        "no BANG!, Panic! or Cat Balou at R"
    );
    // The Renegade: an Outlaw within reach, the Deputy not.
    let mut t = T::solo(
        &SOLO_PLAIN,
        &[Sheriff, Outlaw, Outlaw, Deputy, Outlaw, Renegade],
    );
    t.give(E, &[BEER]).give(A, &[BEER2]);
    t.give(F, &[BANG_QH, PANIC]).at_play(F);
    assert_eq!(
        t.decide(F).0,
        Action::EndTurn,
        "no BANG! or Panic! at an Outlaw or the Sheriff"
    );
    // O1's Gatling still hits the Renegade.
    let mut t = T::solo(&SOLO_PLAIN, &roles);
    t.give(F, &[GATLING]);
    let events = t.npc_play(F);
    assert_eq!(npc_acts(this_turn(&events))[0].2, Reason::HitsEveryone);
    assert!(has(this_turn(&events), |e| matches!(
        e,
        Event::ShotAt {
            target: E,
            source: F,
            ..
        }
    )));
    assert_eq!(t.hp(E), 3);
}

#[test]
fn lg_ac_19_a_weapon_only_for_a_longer_reach() {
    let mut t = T::solo_plain();
    t.equip(F, &[REMINGTON]).give(F, &[SCHOFIELD]).at_play(F);
    assert_eq!(t.decide(F), (Action::EndTurn, Reason::NothingUsable));
    let mut t = T::solo_plain();
    t.equip(F, &[REMINGTON]).give(F, &[WINCHESTER]);
    let events = t.npc_play(F);
    let turn = this_turn(&events);
    assert_eq!(
        npc_acts(turn)[0],
        (F, play_at(WINCHESTER, None), Reason::LongerReach)
    );
    assert!(has(turn, |e| matches!(
        e,
        Event::Discarded { seat: F, cards } if cards == &[REMINGTON]
    )));
    assert_eq!(t.s.p(F).in_play.to_vec(), vec![WINCHESTER]);
}

#[test]
fn lg_ac_20_a_volcanic_when_the_primary_target_is_at_distance_1() {
    let mut t = T::solo_plain();
    t.give(F, &[VOLCANIC]).at_play(F);
    assert_eq!(
        t.decide(F),
        (play_at(VOLCANIC, None), Reason::VolcanicInReach)
    );
    let mut t = T::solo_plain();
    t.equip(A, &[MUSTANG]).give(F, &[VOLCANIC]).at_play(F);
    assert_eq!(t.s.distance(F, A), 2);
    assert_eq!(t.decide(F), (Action::EndTurn, Reason::NothingUsable));
}

#[test]
fn lg_ac_21_no_second_barrel() {
    let mut t = T::solo_plain();
    t.equip(F, &[BARREL]).give(F, &[BARREL2]).at_play(F);
    assert_eq!(t.decide(F), (Action::EndTurn, Reason::NothingUsable));
    let mut t = T::solo_plain();
    t.give(F, &[BARREL2]).at_play(F);
    assert_eq!(t.decide(F), (play_at(BARREL2, None), Reason::Equip));
}

#[test]
fn b5_beer_and_saloon_only_when_hurt_and_beer_only_with_more_than_two() {
    let mut t = T::solo_plain();
    t.give(F, &[BEER, SALOON]).at_play(F);
    assert_eq!(t.decide(F).0, Action::EndTurn, "full life");
    t.life(F, 3);
    assert_eq!(t.decide(F), (play_at(SALOON, None), Reason::Heal));
    // D-L7: two players in play: no Beer, but a Saloon still.
    let mut t = T::solo_plain();
    t.dead(B).dead(C).dead(D).dead(E).life(F, 3);
    t.give(F, &[SALOON, BEER]).at_play(F);
    assert_eq!(t.decide(F), (play_at(SALOON, None), Reason::Heal));
    t.discards(&[SALOON]);
    assert_eq!(t.decide(F).0, Action::EndTurn);
}

#[test]
fn b5_cards_played_at_once() {
    for (card, reason) in [
        (STAGECOACH_9S, Reason::DrawCards),
        (WELLS_FARGO, Reason::DrawCards),
        (GENERAL_STORE, Reason::DrawCards),
        (INDIANS, Reason::HitsEveryone),
        (GATLING, Reason::HitsEveryone),
        (DYNAMITE, Reason::Equip),
        (SCOPE, Reason::Equip),
        (MUSTANG, Reason::Equip),
    ] {
        let mut t = T::solo_plain();
        t.give(F, &[card]).at_play(F);
        assert_eq!(t.decide(F), (play_at(card, None), reason), "card {card}");
    }
    // No second Dynamite in front of it.
    let mut t = T::solo_plain();
    t.equip(F, &[DYNAMITE]).give(F, &[MUSTANG2]).at_play(F);
    assert_eq!(t.decide(F).1, Reason::Equip);
}
