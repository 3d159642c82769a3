//! Part C of `rules/lone-gunslinger.md` (the policy in hidden-role games):
//! LG-AC-32 to LG-AC-36, the hostility ledger (C2), targets by role (C3),
//! the guards (C4), the Panic!/Cat Balou choice (C1.3), unknown-role safety
//! (C6), the other characters (C7), the card ranking (C8) and the B9
//! tie-breaks between players.

use super::solo::*;

/// A ledger that has seen the Sheriff's role card at `sheriff`.
fn ledger(sheriff: Seat) -> Memory {
    let mut m = Memory::new();
    m.observe(&Event::RoleDealt {
        seat: sheriff,
        role: Some(Sheriff),
        face_up: true,
    });
    m
}

/// Feeds `events`, redacted for `seat`, to `m`.
fn feed(m: &mut Memory, events: &[Event], seat: Seat) {
    for e in events {
        m.observe(&redact(e, Viewer::Seat(seat)));
    }
}

/// 5 players: A Sheriff, B Outlaw, C Outlaw, D Renegade, E Deputy.
fn five() -> T {
    T::plain(5)
}

#[test]
fn lg_ac_32_an_outlaw_bot_shoots_the_sheriff() {
    let mut t = five();
    t.at_play(B).give(B, &[BANG_QH]);
    assert_eq!(
        t.decide_with(B, &ledger(A)),
        (play_at(BANG_QH, Some(A)), Reason::PreferredTarget)
    );
}

#[test]
fn lg_ac_33_a_deputy_bot_waits_for_an_attack_on_the_sheriff() {
    // Part C v2: a Deputy waits while another Deputy may still be in play
    // (7 players: E and G are dealt Deputy); a lone Deputy does not (below).
    let mut t = T::plain(7);
    t.at_play(E).give(E, &[DUEL, BANG_QH]);
    assert_eq!(
        t.decide_with(E, &ledger(A)),
        (Action::EndTurn, Reason::NothingUsable)
    );
}

#[test]
fn c3_v2_a_lone_deputy_aims_at_every_other_player_but_the_sheriff_nearest_first() {
    // 5 players: E is the only Deputy. Nobody has attacked the Sheriff: the
    // nearest player but the Sheriff (D, at distance 1) is his target.
    let mut t = five();
    t.at_play(E).give(E, &[BANG_QH]);
    assert_eq!(
        t.decide_with(E, &ledger(A)),
        (play_at(BANG_QH, Some(D)), Reason::PreferredTarget)
    );
    // An attacker of the Sheriff first (C at distance 2: out of reach of a
    // Colt, in reach of a Schofield).
    let mut m = ledger(A);
    m.hostile(C, A);
    t.equip(E, &[SCHOFIELD]);
    assert_eq!(t.decide_with(E, &m).0, play_at(BANG_QH, Some(C)));
    // Never the Sheriff, even when he is all that is left.
    t.dead(B).dead(C).dead(D);
    assert_eq!(t.decide_with(E, &m).0, Action::EndTurn);
}

#[test]
fn lg_ac_34_then_it_aims_at_the_sheriffs_attacker() {
    let mut t = five();
    let mut m = ledger(A);
    t.at_play(C).equip(C, &[SCHOFIELD2]).give(C, &[BANG_2D]);
    let events = t.play(C, BANG_2D, Some(A));
    feed(&mut m, &events, E);
    assert_eq!(m.sheriff_score(C), 1);
    t.at_play(E)
        .equip(E, &[SCHOFIELD])
        .give(E, &[DUEL, BANG_QH]);
    assert_eq!(
        t.decide_with(E, &m),
        (play_at(BANG_QH, Some(C)), Reason::PreferredTarget)
    );
    let events = t.play(E, BANG_QH, Some(C));
    feed(&mut m, &events, E);
    assert_eq!(
        t.decide_with(E, &m),
        (play_at(DUEL, Some(C)), Reason::PreferredTarget)
    );
}

#[test]
fn lg_ac_35_a_sheriff_bot_jails_the_worst_attacker() {
    let mut t = five();
    let mut m = ledger(A);
    m.hostile(C, A);
    m.hostile(D, A);
    m.hostile(C, A);
    assert_eq!((m.sheriff_score(C), m.sheriff_score(D)), (2, 1));
    t.give(A, &[JAIL_4H]);
    assert_eq!(
        t.decide_with(A, &m),
        (play_at(JAIL_4H, Some(C)), Reason::PreferredTarget)
    );
}

#[test]
fn lg_ac_36_a_renegade_bot_never_risks_the_sheriffs_last_life() {
    let mut t = five();
    t.life(A, 1).at_play(D).give(D, &[BANG_QH, GATLING]);
    assert_eq!(t.s.distance(D, A), 2);
    t.equip(D, &[SCHOFIELD2]);
    // Neither card against the Sheriff: the Gatling is withheld (C4.1) and
    // the BANG! goes to a player the Renegade's list (C3, Part C v2) names.
    // With nobody suspected, the nearest but the Sheriff: E and C are at
    // distance 1, E first clockwise.
    assert_eq!(
        t.decide_with(D, &ledger(A)),
        (play_at(BANG_QH, Some(E)), Reason::PreferredTarget)
    );
    // C attacked the Sheriff (a presumed Outlaw, S = 1) and E attacked C (a
    // suspected Deputy, L = 1, S = 0): the presumed Outlaw comes first while
    // an Outlaw may still be in play; the Gatling is still withheld.
    let mut m = ledger(A);
    m.hostile(C, A);
    m.hostile(E, C);
    assert_eq!((m.lawman_score(E), m.sheriff_score(E)), (1, 0));
    assert_eq!(
        t.decide_with(D, &m),
        (play_at(BANG_QH, Some(C)), Reason::PreferredTarget)
    );
}

/// A ledger that has seen a whole deal of `roles` (only the Sheriff's face
/// up) and the elimination of `out`.
fn dealt_ledger(roles: &[Role], out: &[Seat]) -> Memory {
    let mut m = Memory::new();
    for (seat, &role) in roles.iter().enumerate() {
        let face_up = role == Sheriff;
        m.observe(&Event::RoleDealt {
            seat: seat as Seat,
            role: face_up.then_some(role),
            face_up,
        });
    }
    for &seat in out {
        m.observe(&Event::PlayerEliminated {
            seat,
            role: roles[seat as usize],
            by: None,
        });
    }
    m
}

#[test]
fn c2_3a_once_every_outlaw_is_out_an_attack_on_a_non_suspect_marks_the_renegade() {
    // 7 players: A Sheriff, B C F Outlaws, D Renegade, E G Deputies.
    let roles = roles(7);
    // While an Outlaw may still be in play, D's BANG! at E counts nowhere.
    let mut m = dealt_ledger(&roles, &[B, C]);
    m.hostile(D, E);
    assert_eq!((m.sheriff_score(D), m.lawman_score(D)), (0, 0));
    // Every Outlaw out: only a Renegade aims at a player who never attacked
    // the Sheriff, so the act counts as one against the Sheriff.
    let mut m = dealt_ledger(&roles, &[B, C, F]);
    m.hostile(D, E);
    assert_eq!(m.sheriff_score(D), 1);
    // An act against an attacker of the Sheriff stays a lawman's act.
    m.hostile(G, D);
    assert_eq!((m.sheriff_score(G), m.lawman_score(G)), (0, 1));
    // The Sheriff's own acts, and those of players whose role is known,
    // mark nobody.
    m.hostile(A, G);
    m.hostile(B, G);
    assert_eq!((m.sheriff_score(A), m.sheriff_score(B)), (0, 0));
    // The Deputy E, who would wait while G may still be a Deputy, now has
    // D as his target, and so has the Sheriff.
    let mut t = T::plain(7);
    t.dead(B).dead(C).dead(F);
    t.at_play(E).give(E, &[BANG_QH]);
    t.equip(E, &[SCHOFIELD2]);
    assert_eq!(
        t.decide_with(E, &m),
        (play_at(BANG_QH, Some(D)), Reason::PreferredTarget)
    );
    assert_eq!(
        t.decide_with(E, &dealt_ledger(&roles, &[B, C, F])),
        (Action::EndTurn, Reason::NothingUsable)
    );
}

#[test]
fn c2_the_ledger_counts_single_target_acts_from_public_events() {
    let mut m = ledger(A);
    let played = |seat, card, target| Event::CardPlayed { seat, card, target };
    m.observe(&played(B, BANG_QH, Some(A)));
    assert_eq!(m.sheriff_score(B), 1);
    // Not hostile acts: cards that hit everyone, a card on oneself, a Beer.
    m.observe(&played(C, GATLING, None));
    m.observe(&played(C, INDIANS, None));
    m.observe(&played(D, CAT_BALOU, Some(D)));
    m.observe(&played(D, BEER, None));
    for x in [C, D] {
        assert_eq!((m.sheriff_score(x), m.lawman_score(x)), (0, 0));
    }
    // A Duel at B, who has S ≥ 1: a lawman's act.
    m.observe(&played(C, DUEL, Some(B)));
    assert_eq!((m.sheriff_score(C), m.lawman_score(C)), (0, 1));
    // A Jail on D (S = 0): nothing.
    m.observe(&played(E, JAIL_4H, Some(D)));
    assert_eq!(m.lawman_score(E), 0);
    // Panic!, Cat Balou, Calamity Janet's Missed! as a BANG!, Jesse Jones.
    m.observe(&played(E, PANIC, Some(A)));
    m.observe(&played(E, CAT_BALOU, Some(A)));
    m.observe(&played(D, MISSED_KC, Some(A)));
    m.observe(&Event::Acted {
        seat: C,
        action: Action::Draw {
            from: DrawFrom::Hand(A),
        },
    });
    assert_eq!(m.sheriff_score(E), 2);
    assert_eq!(m.sheriff_score(D), 1);
    assert_eq!(m.sheriff_score(C), 1);
    // L counts the victim's S at the moment: C attacked B before, and E
    // attacks C now that S(C) = 1.
    m.observe(&played(E, BANG_2D, Some(C)));
    assert_eq!(m.lawman_score(E), 1);
}

#[test]
fn c2_4_suspects_by_score_then_the_most_recent_then_clockwise() {
    // The Sheriff bot's list, seen through a BANG! it can aim at anyone in reach.
    let mut t = T::plain(6);
    t.equip(A, &[WINCHESTER]).give(A, &[BANG_QH]);
    let mut m = ledger(A);
    m.hostile(E, A);
    m.hostile(C, A);
    // Equal scores: the most recent act first.
    assert_eq!(t.decide_with(A, &m).0, play_at(BANG_QH, Some(C)));
    m.hostile(E, A);
    assert_eq!(
        t.decide_with(A, &m).0,
        play_at(BANG_QH, Some(E)),
        "higher score"
    );
    // The first acceptable of the list: E out of reach, C next.
    t.s.table[A as usize].in_play.clear();
    t.discards(&[WINCHESTER]);
    t.equip(A, &[SCHOFIELD]);
    assert_eq!(t.s.distance(A, E), 2);
    t.equip(E, &[MUSTANG]);
    assert_eq!(t.decide_with(A, &m).0, play_at(BANG_QH, Some(C)));
}

#[test]
fn c3_an_outlaw_turns_to_a_suspected_deputy() {
    let mut t = five();
    t.equip(A, &[MUSTANG])
        .at_play(B)
        .give(B, &[BANG_QH, JAIL_4H]);
    // The Sheriff out of reach, C (L = 1 but S = 1) no suspected Deputy.
    let mut m = ledger(A);
    m.hostile(C, A);
    m.hostile(D, A);
    m.hostile(C, D);
    m.hostile(E, C);
    assert_eq!((m.lawman_score(C), m.sheriff_score(C)), (1, 1));
    assert_eq!((m.lawman_score(E), m.sheriff_score(E)), (1, 0));
    // The Jail (never the Sheriff) goes to the suspected Deputy E.
    assert_eq!(
        t.decide_with(B, &m),
        (play_at(JAIL_4H, Some(E)), Reason::PreferredTarget)
    );
    t.discards(&[JAIL_4H]);
    // E out of reach (distance 2): no BANG!.
    assert_eq!(t.decide_with(B, &m).0, Action::EndTurn);
    t.equip(B, &[SCHOFIELD]);
    assert_eq!(
        t.decide_with(B, &m).0,
        play_at(BANG_QH, Some(A)),
        "the Sheriff first"
    );
}

#[test]
fn c3_v2_the_renegade_hunts_presumed_outlaws_then_suspected_deputies_then_the_nearest() {
    // 7 players: B, C and F (seat 5) are dealt Outlaw, E and G (seat 6)
    // Deputy; D is the Renegade, in reach of everyone.
    let mut t = T::plain(7);
    t.at_play(D).equip(D, &[WINCHESTER]).give(D, &[BANG_QH]);
    // G attacked the Sheriff (S = 1), E attacked G (L = 1).
    let mut m = ledger(A);
    m.hostile(G, A);
    m.hostile(E, G);
    // While an Outlaw may still be in play, G is a presumed Outlaw: first.
    assert_eq!(t.decide_with(D, &m).0, play_at(BANG_QH, Some(G)));
    // Every Outlaw revealed by elimination: presumed Outlaws are no longer
    // hunted; the suspected Deputy E comes first.
    t.dead(B).dead(C).dead(F);
    assert_eq!(t.decide_with(D, &m).0, play_at(BANG_QH, Some(E)));
    // Nobody suspected: the nearest but the Sheriff (E at distance 1).
    assert_eq!(t.decide_with(D, &ledger(A)).0, play_at(BANG_QH, Some(E)));
}

#[test]
fn c3_v2_the_renegade_aims_at_the_sheriff_only_when_he_is_the_last_other_player() {
    let mut t = five();
    t.at_play(D).equip(D, &[SCHOFIELD2]).give(D, &[BANG_QH]);
    t.dead(B).dead(E);
    // C is still in play: never the Sheriff.
    assert_eq!(t.decide_with(D, &ledger(A)).0, play_at(BANG_QH, Some(C)));
    // Only the two of them left: the Sheriff, at his last life too (C4.1
    // forbids nothing once nobody else is in play).
    t.dead(C).life(A, 1);
    assert_eq!(t.decide_with(D, &ledger(A)).0, play_at(BANG_QH, Some(A)));
}

#[test]
fn c4_4_only_an_outlaw_bot_plays_dynamite() {
    for (seat, plays) in [(A, false), (B, true), (D, false), (E, false)] {
        let mut t = five();
        t.at_play(seat).give(seat, &[DYNAMITE]);
        let got = t.decide_with(seat, &ledger(A)).0;
        assert_eq!(got == play_at(DYNAMITE, None), plays, "seat {seat}");
    }
}

#[test]
fn c4_guards_on_cards_that_hit_everyone() {
    for (role_seat, life, used) in [(E, 1, false), (E, 2, true), (D, 1, false), (B, 1, true)] {
        let mut t = five();
        t.life(A, life)
            .at_play(role_seat)
            .give(role_seat, &[GATLING]);
        let got = t.decide_with(role_seat, &ledger(A)).0;
        assert_eq!(
            got == play_at(GATLING, None),
            used,
            "seat {role_seat} life {life}"
        );
    }
    // The Renegade may once only he and the Sheriff remain.
    let mut t = five();
    t.life(A, 1)
        .dead(B)
        .dead(C)
        .dead(E)
        .at_play(D)
        .give(D, &[INDIANS]);
    assert_eq!(t.decide_with(D, &ledger(A)).0, play_at(INDIANS, None));
}

#[test]
fn c6_1_a_deputy_never_aims_at_the_sheriff() {
    // The Sheriff attacked the Deputy: still never a target. With another
    // Deputy who may be in play (7 players), nothing is usable...
    let cards = [PANIC, CAT_BALOU, DUEL, BANG_QH];
    let mut t = T::plain(7);
    t.at_play(E).give(A, &[BEER]).give(E, &cards);
    let mut m = ledger(A);
    m.hostile(A, E);
    assert_eq!(t.decide_with(E, &m).0, Action::EndTurn);
    // ...and a lone Deputy (5 players) aims at others, never at him.
    let mut t = five();
    t.at_play(E).give(A, &[BEER]).give(E, &cards);
    let got = t.decide_with(E, &m).0;
    assert!(
        matches!(got, Action::Play { target: Some(t), .. } if t != A),
        "{got:?}"
    );
}

#[test]
fn c3_3_three_players_aim_at_their_target_then_the_survivor() {
    // roles(3): A Sheriff... the 3-player game deals Deputy, Outlaw, Renegade.
    let mut t = T::new(&PLAIN[..3], &[Deputy, Outlaw, Renegade]);
    t.give(A, &[BANG_QH]);
    // The Deputy aims at the Renegade (C), not the Outlaw.
    assert_eq!(t.decide(A).0, play_at(BANG_QH, Some(C)));
    t.at_play(B).give(B, &[DUEL]);
    assert_eq!(
        t.decide(B).0,
        play_at(DUEL, Some(A)),
        "the Outlaw at the Deputy"
    );
    t.dead(A);
    assert_eq!(t.decide(B).0, play_at(DUEL, Some(C)), "then the survivor");
}

#[test]
fn c1_3_panic_takes_the_best_card_in_play_else_a_random_hand_card() {
    let mut t = five();
    t.at_play(B).give(B, &[PANIC]).equip(B, &[SCOPE]);
    t.equip(A, &[MUSTANG, BARREL, JAIL_4H]).give(A, &[BEER]);
    assert_eq!(
        t.decide_with(B, &ledger(A)).0,
        Action::Play {
            card: PANIC,
            target: Some(A),
            in_play: Some(BARREL)
        },
        "the Barrel (rank 4) before the Mustang (16)"
    );
    let mut t = five();
    t.at_play(B).give(B, &[CAT_BALOU]);
    t.equip(A, &[DYNAMITE]).give(A, &[BEER]);
    assert_eq!(
        t.decide_with(B, &ledger(A)).0,
        play_at(CAT_BALOU, Some(A)),
        "never the Dynamite: a random hand card"
    );
    // Only a Jail or a Dynamite in play and no hand: not an acceptable target.
    let mut t = five();
    t.at_play(B).give(B, &[CAT_BALOU]).equip(A, &[DYNAMITE]);
    assert_eq!(t.decide_with(B, &ledger(A)).0, Action::EndTurn);
}

#[test]
fn c7_calamity_janet() {
    let chars = [
        PedroRamirez,
        CalamityJanet,
        JesseJones,
        BlackJack,
        KitCarlson,
    ];
    let mut t = T::new(&chars, &roles(5));
    t.at_play(B).give(B, &[MISSED_KC]);
    assert_eq!(
        t.decide_with(B, &ledger(A)).0,
        Action::EndTurn,
        "one Missed! only"
    );
    t.give(B, &[MISSED_2S]);
    assert_eq!(
        t.decide_with(B, &ledger(A)).0,
        play_at(MISSED_2S, Some(A)),
        "two Missed!: the top one as a BANG!"
    );
    t.give(B, &[BANG_QH]);
    t.give(B, &[MISSED_3S]);
    assert_eq!(
        t.decide_with(B, &ledger(A)).0,
        play_at(BANG_QH, Some(A)),
        "a BANG! card first"
    );
    // Defence: the card nearest the top among BANG! and Missed!, a BANG! counting.
    let mut t = T::new(&chars, &roles(5));
    t.give(B, &[MISSED_KC, BANG_2D]).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(
        t.decide(B),
        (Action::Respond { card: BANG_2D }, Reason::Missed)
    );
}

#[test]
fn c7_jesse_jones_pedro_ramirez_and_kit_carlson() {
    // Jesse Jones, an Outlaw: from the Sheriff's hand if it holds cards.
    let chars = [PedroRamirez, JesseJones, KitCarlson, BlackJack, VultureSam];
    let mut t = T::new(&chars, &roles(5));
    t.give(A, &[BEER]).give(C, &[BEER2]);
    t.s.turn = Turn {
        seat: B,
        phase: Phase::Draw,
        ..Turn::default()
    };
    assert_eq!(
        t.decide_with(B, &ledger(A)).0,
        Action::Draw {
            from: DrawFrom::Hand(A)
        }
    );
    t.discards(&[BEER]);
    assert_eq!(
        t.decide_with(B, &ledger(A)).0,
        Action::Draw {
            from: DrawFrom::Deck
        },
        "never from a non-candidate"
    );
    // Pedro Ramirez: the top discard if ranked 11 or better.
    let mut t = T::new(&chars, &roles(5));
    t.s.turn = Turn {
        seat: A,
        phase: Phase::Draw,
        ..Turn::default()
    };
    t.discards(&[GENERAL_STORE, STAGECOACH_9S]);
    assert_eq!(
        t.decide(A).0,
        Action::Draw {
            from: DrawFrom::Discard
        }
    );
    t.discards(&[SALOON]);
    assert_eq!(
        t.decide(A).0,
        Action::Draw {
            from: DrawFrom::Deck
        }
    );
    // Kit Carlson puts back the lowest-ranked, the later one on ties.
    let mut t = T::new(&chars, &roles(5));
    t.stack(&[SALOON, BEER, GENERAL_STORE]);
    t.turn(C);
    assert_eq!(
        t.decide(C),
        (
            Action::PutBack {
                card: GENERAL_STORE
            },
            Reason::PutBackLowest
        )
    );
    let mut t = T::new(&chars, &roles(5));
    t.stack(&[MUSTANG, BEER, MUSTANG2]);
    t.turn(C);
    assert_eq!(t.decide(C).0, Action::PutBack { card: MUSTANG2 });
}

#[test]
fn c7_sid_ketchum_heals_in_phase_three_and_when_dying() {
    let chars = [PedroRamirez, SidKetchum, KitCarlson, BlackJack, VultureSam];
    let mut t = T::new(&chars, &roles(5));
    t.life(B, 2).give(B, &[BEER, MISSED_KC, MISSED_2S, BANG_QH]);
    t.s.turn = Turn {
        seat: B,
        phase: Phase::Discard,
        ..Turn::default()
    };
    assert_eq!(
        t.decide(B),
        (
            Action::Heal {
                cards: [MISSED_KC, BEER]
            },
            Reason::SidKetchum
        )
    );
    t.life(B, 3);
    assert_eq!(
        t.decide(B),
        (Action::Discard { card: BEER }, Reason::HandLimit)
    );
    // Dying at 0: no Beer, two cards: discards them to live.
    let mut t = T::new(&chars, &roles(5));
    t.give(A, &[BANG_QH])
        .life(B, 1)
        .give(B, &[MISSED_KC, BANG_2D]);
    t.play(A, BANG_QH, Some(B));
    t.pass(B);
    assert_eq!(
        t.decide(B),
        (
            Action::Heal {
                cards: [BANG_2D, MISSED_KC]
            },
            Reason::SidKetchum
        )
    );
}

#[test]
fn c8_the_ranking_table_covers_every_card_kind_once() {
    // Railcars rank by D2.5 (the Great Train Robbery's part of the policy);
    // Dodge City's cards are not in this table (its folder ranks them).
    let kinds = CARDS.iter().map(|c| c.kind);
    for k in KINDS
        .iter()
        .map(|i| i.kind)
        .filter(|&k| kinds.clone().any(|x| x == k))
    {
        assert_eq!(
            npc::RANKS.iter().filter(|(r, _)| *r == k).count(),
            1,
            "{k:?}"
        );
    }
    assert_eq!(npc::rank(MISSED_KC), 1);
    assert_eq!(npc::rank(DYNAMITE), 36);
    assert!(npc::low_value(SALOON) && !npc::low_value(SCOPE));
    // B9: ties of rank go to the lowest card id (highest) or the bottom-most (lowest).
    assert_eq!(npc::highest_ranked([BANG_QH, BANG_2D]), Some(BANG_QH));
    assert_eq!(npc::lowest_ranked(&[BANG_2D, BANG_QH, BEER]), Some(BANG_2D));
}

#[test]
fn the_policy_answers_every_window_with_a_legal_action() {
    let mut t = five();
    t.give(B, &[MISSED_KC]).give(A, &[BANG_QH, INDIANS, DUEL]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(
        t.decide(B),
        (Action::Respond { card: MISSED_KC }, Reason::Missed)
    );
    t.respond(B, MISSED_KC);
    t.give(B, &[BANG_2D]);
    t.play(A, DUEL, Some(B));
    assert_eq!(
        t.decide(B),
        (Action::Respond { card: BANG_2D }, Reason::DiscardBang)
    );
    t.pass(B);
    t.play(A, INDIANS, None);
    let (seat, _) = t.waiting()[0];
    assert_eq!(t.decide(seat).1, Reason::DiscardBang);
}
