//! §8.11 Module 3: Special Roles (AC-094..AC-110), and the standing orders
//! that answer windows without stalling the game (D-22).

use super::*;

use Special::*;

/// Seats A.. with these characters and special cards; each seat's role is
/// its card's.
fn table(seats: &[(Character, Special)], modules: &[Module]) -> DiceTable {
    let seats: Vec<_> = seats
        .iter()
        .map(|&(c, card)| (c, card.info().role, Some(card)))
        .collect();
    DiceTable::with_cards(&seats, modules)
}

/// A 5-player table: A Sheriff (The Bear), B Deputy (`deputy`), C and D
/// Outlaws (`outlaws`), E Renegade (`renegade`), with plain characters.
fn five(deputy: Special, outlaws: [Special; 2], renegade: Special) -> DiceTable {
    table(
        &[
            (JesseJones, TheBear),
            (BlackJack, deputy),
            (CalamityJanet, outlaws[0]),
            (LuckyDuke, outlaws[1]),
            (SlabTheKiller, renegade),
        ],
        &[],
    )
}

/// A 5-player table where E (a Deputy) holds The Doc; A is the Sheriff with
/// The Bear, B and C Outlaws (The Bad, The Ugly), D the Renegade (The Left Hand).
fn doc_at_e() -> DiceTable {
    table(
        &[
            (JesseJones, TheBear),
            (BlackJack, TheBad),
            (CalamityJanet, TheUgly),
            (LuckyDuke, LeftHand),
            (SlabTheKiller, TheDoc),
        ],
        &[],
    )
}

/// Orders that use one card on these seats and leave the rest to the default.
fn use_on(card: Special, seats: &[Seat]) -> Orders {
    let order = Some(Order::Use(SeatSet::of(seats)));
    let mut orders = Orders::default();
    match card {
        TheGood => orders.the_good = order,
        TheDoc => orders.the_doc = order,
        TheJudge => orders.the_judge = order,
        TheGambler => orders.the_gambler = order,
        TheBad => orders.the_bad = order,
        TheUgly => orders.the_ugly = order,
        RightHand => orders.right_hand = order,
        LeftHand => orders.left_hand = order,
        TheBear => {}
    }
    orders
}

#[test]
fn ac_094_the_bear_gives_the_sheriff_three_more_life_points() {
    // Every card is special with `special_roles` on (D-29): the Sheriff is The
    // Bear, and starts at character LP + 3.
    let mut config = Config::new(5);
    config.options.modules = vec![Module::SpecialRoles];
    for seed in 0..20 {
        let mut state = State::default();
        for e in start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap() {
            apply(&mut state, &e);
        }
        let sheriff = state.players()[state.sheriff().unwrap() as usize];
        assert_eq!(sheriff.special, Some(TheBear));
        assert_eq!(sheriff.max_life, sheriff.character.info().life + 3);
        assert_eq!(sheriff.life, sheriff.max_life);
    }
    let t = DiceTable::with_cards(
        &[
            (PedroRamirez, Sheriff, Some(TheBear)),
            (BlackJack, Outlaw, Some(TheBad)),
            (CalamityJanet, Outlaw, Some(TheUgly)),
            (LuckyDuke, Renegade, Some(LeftHand)),
        ],
        &[],
    );
    assert_eq!(PedroRamirez.info().life, 8);
    assert_eq!((t.p(A).life, t.p(A).max_life), (11, 11));
}

#[test]
fn ac_095_the_good_swaps_role_cards_with_the_sheriff() {
    let mut t = table(
        &[
            (BartCassidy, TheBear),
            (KitCarlson, TheGood),
            (CalamityJanet, TheBad),
            (LuckyDuke, TheUgly),
            (RoseDoolan, LeftHand),
        ],
        &[],
    );
    assert_eq!(t.p(A).max_life, 11);
    t.life(A, 9).life(B, 5).ask(&[B]);
    t.turn(B);
    assert_eq!(
        t.waiting(),
        vec![B],
        "The Good's window opens at T1 of B's turn"
    );
    t.reveal(B, Power::TheGood);
    let (a, b) = (t.p(A), t.p(B));
    assert_eq!(
        (b.role, b.special, b.life, b.max_life),
        (Some(Sheriff), Some(TheBear), 5, 7)
    );
    assert_eq!(
        (a.role, a.special, a.life, a.max_life),
        (Some(Deputy), Some(TheGood), 9, 8)
    );
    assert!(a.role_public && a.power_used && b.role_public);
    // Beers on A are wasted until he drops below 8: at 9, and at 8 again.
    t.roll("B D D A A").stop();
    t.beer(A);
    assert_eq!(t.p(A).life, 9);
    assert_eq!(t.active(), C);
    t.life(A, 7);
    t.roll("B B D D A").stop();
    t.beer(A).beer(A);
    assert_eq!(t.p(A).life, 8, "back to his new max, and no higher");
    // A's elimination ends nothing; B's, with Outlaws alive, is an Outlaw win
    // (the table skips D's turn and starts A's).
    t.life(A, 1).turn(A).roll("D D D G G");
    assert!(!t.p(A).alive);
    assert!(t.outcome().is_none());
    assert_eq!(t.active(), B);
    t.life(B, 1).roll("D D D G G");
    let outcome = t.outcome().expect("B was the Sheriff");
    assert_eq!(
        (outcome.team, outcome.winners),
        (Some(Team::Outlaws), vec![C, D])
    );
}

#[test]
fn ac_096_the_judge_answers_the_good_and_nothing_is_swapped() {
    let mut t = table(
        &[
            (JesseJones, TheBear),
            (KitCarlson, TheGood),
            (BlackJack, TheJudge),
            (CalamityJanet, TheBad),
            (LuckyDuke, TheUgly),
            (SlabTheKiller, TheGambler),
            (WillyTheKid, RightHand),
        ],
        &[],
    );
    t.ask(&[B, C]);
    t.turn(B);
    t.reveal(B, Power::TheGood);
    assert_eq!(
        t.waiting(),
        vec![C],
        "the Judge window comes before the effect"
    );
    t.reveal(C, Power::TheJudge);
    let a = t.p(A);
    assert_eq!(
        (a.role, a.special, a.max_life),
        (Some(Sheriff), Some(TheBear), 12)
    );
    let b = t.p(B);
    assert_eq!(
        (b.role, b.special, b.max_life),
        (Some(Deputy), Some(TheGood), 7)
    );
    assert!(b.role_public && b.power_used, "B is known as a Deputy");
    assert!(t.p(C).role_public && t.p(C).power_used);
    assert_eq!(t.decision(), Decision::FirstRoll);
}

#[test]
fn ac_097_the_doc_turns_the_third_dynamite_away_and_rolling_goes_on() {
    let mut t = doc_at_e();
    t.ask(&[E]);
    t.turn(C);
    t.roll("D D 1 G B").all_pass(&[]);
    t.reroll(&[2], "D");
    assert_eq!(t.state.turn.dice.count(Symbol::Dynamite), 3);
    t.reveal(
        E,
        Power::TheDoc {
            die: 2,
            face: Face::Gatling,
        },
    );
    assert_eq!(t.state.turn.dice.count(Symbol::Dynamite), 2);
    assert_eq!(t.decision(), Decision::Reroll, "C's rolling goes on");
    assert_eq!(
        t.state.roll_limit() - t.state.turn.rolls,
        1,
        "one re-roll left"
    );
    t.reroll(&[2, 3, 4], "B B B");
    assert_eq!(t.state.turn.rolls, 3, "the turned die could be re-rolled");
}

#[test]
fn ac_098_the_doc_turns_a_two_into_an_arrow() {
    let mut t = doc_at_e();
    t.ask(&[E]);
    t.turn(B);
    t.roll("2 1 B G G");
    assert_eq!(t.waiting(), vec![E]);
    let turn = Power::TheDoc {
        die: 0,
        face: Face::Arrow,
    };
    assert!(t.legal(E).contains(&Action::Reveal { power: turn }));
    let arrows = t.p(B).arrows;
    t.reveal(E, turn);
    assert!(t.p(E).role_public && t.p(E).power_used);
    assert_eq!(
        t.p(B).arrows,
        arrows + 1,
        "B takes 1 arrow in that roll's results"
    );
}

/// B (Lucky Duke) ends his rolling with 3 Dynamite after `first`; E (The Gambler)
/// makes him throw all 5 dice, which show `second`.
fn gambled(first: &str, second: &str) -> DiceTable {
    let mut t = table(
        &[
            (JesseJones, TheBear),
            (LuckyDuke, TheDoc),
            (CalamityJanet, TheBad),
            (BlackJack, LeftHand),
            (SlabTheKiller, TheGambler),
        ],
        &[],
    );
    t.ask(&[E]);
    t.turn(B);
    t.roll(first).all_pass(&[]);
    assert_eq!(
        t.pending().map(|p| (p.seat, p.decision)),
        Some((
            E,
            Decision::Window {
                window: WindowKind::LastRoll
            }
        )),
        "3 Dynamite end the rolling: The Gambler's window"
    );
    let script = t.script_for(&[0, 1, 2, 3, 4], second);
    let gamble = Action::Reveal {
        power: Power::TheGambler,
    };
    t.try_act_with(E, gamble, script).unwrap();
    assert!(t.state.turn.gambled);
    t.all_pass(&[]);
    t
}

#[test]
fn ac_099_the_gambler_voids_the_dynamite_and_forces_a_last_roll() {
    let mut t = gambled("D D D 2 G", "A 1 B G G");
    let shown: Vec<_> = t
        .state
        .turn
        .dice
        .as_slice()
        .iter()
        .map(|d| d.face)
        .collect();
    let thrown: Vec<_> = faces("A 1 B G G").into_iter().map(Some).collect();
    assert_eq!(shown, thrown, "all 5 dice thrown, Dynamite included");
    assert_eq!(t.p(B).arrows, 1, "B takes 1 arrow");
    assert!(
        matches!(t.decision(), Decision::Bullseye { .. }),
        "no re-roll, even for Lucky Duke: resolution starts"
    );
    assert!(
        !t.legal(B)
            .iter()
            .any(|a| matches!(a, Action::Reroll { .. }))
    );
    t.life(D, 5);
    t.shoot(A);
    assert_eq!(t.p(B).life, 8, "no LP lost to the earlier Dynamite");
    assert_eq!(t.p(A).life, t.p(A).max_life - 1, "the 1 is resolved");
    t.beer(D);
    assert_eq!(t.p(D).life, 6, "the Beer is resolved");
    assert_eq!(t.active(), C, "the turn is over");
    let others = [A, C, D, E].map(|x| t.p(x).life);
    assert_eq!(others, [11, 8, 6, 8], "2 Gatlings do nothing");
    assert_eq!(t.p(B).arrows, 1);
}

#[test]
fn ac_100_arrows_taken_in_the_replaced_roll_are_kept() {
    let t = gambled("A A D D D", "1 1 B B G");
    assert_eq!(t.p(B).arrows, 2);
}

#[test]
fn ac_101_the_bad_cancels_a_beer_which_is_spent() {
    // With two Beers rolled, only one is left after the cancelled one.
    let mut t = five(TheDoc, [TheBad, TheUgly], LeftHand);
    t.life(B, 5).ask(&[C]);
    t.turn(A);
    t.roll("B B D A A").all_pass(&[]);
    t.stop().all_pass(&[]);
    assert_eq!(t.decision(), Decision::Beer { left: 2 });
    t.beer(B);
    assert_eq!(
        t.waiting(),
        vec![C],
        "The Bad's window comes before the gain"
    );
    t.reveal(C, Power::TheBad);
    assert_eq!(t.p(B).life, 5);
    assert_eq!(
        t.decision(),
        Decision::Beer { left: 1 },
        "the Beer is spent: A cannot give it to anyone else"
    );
    t.beer(B);
    assert_eq!(t.p(B).life, 6, "the other Beer is not");
    assert_eq!(t.active(), B);
}

#[test]
fn ac_102_the_bad_cancels_vulture_sams_reward() {
    let mut t = table(
        &[
            (JesseJones, TheBear),
            (VultureSam, TheDoc),
            (CalamityJanet, TheBad),
            (LuckyDuke, TheUgly),
            (SlabTheKiller, LeftHand),
        ],
        &[],
    );
    t.life(B, 5).life(D, 1).ask(&[C]);
    t.turn(A);
    t.roll("2 D D A A").all_pass(&[]);
    t.stop().all_pass(&[]);
    t.shoot(D);
    t.all_pass(&[]);
    assert!(!t.p(D).alive);
    assert_eq!(
        t.state.window.map(|w| w.gain.map(|g| (g.seat, g.amount))),
        Some(Some((B, 2)))
    );
    t.reveal(C, Power::TheBad);
    assert_eq!(
        t.p(B).life,
        5,
        "Vulture gains nothing from that elimination"
    );
}

#[test]
fn ac_103_the_ugly_swaps_every_arrow_and_the_pile_stays() {
    let mut t = table(
        &[
            (CalamityJanet, TheUgly),
            (JesseJones, TheBear),
            (BlackJack, TheDoc),
            (LuckyDuke, TheBad),
            (SlabTheKiller, LeftHand),
        ],
        &[Module::ChiefArrow],
    );
    t.chief(B).arrows(B, 2).ask(&[A]);
    let pile = (t.pile(), t.state.chief_in_pile);
    t.turn(A);
    assert_eq!(t.waiting(), vec![A]);
    t.reveal(
        A,
        Power::TheUgly {
            first: A,
            second: B,
        },
    );
    assert_eq!((t.p(A).chief, t.p(A).arrows), (true, 2));
    assert_eq!((t.p(B).chief, t.p(B).arrows), (false, 0));
    assert_eq!((t.pile(), t.state.chief_in_pile), pile);
    assert!(t.state.batch.is_none(), "no attack");
    assert_eq!(t.decision(), Decision::FirstRoll);
}

#[test]
fn ac_104_the_right_hand_plays_a_full_extra_turn() {
    let mut t = table(
        &[
            (JesseJones, TheBear),
            (BlackJack, TheDoc),
            (SidKetchum, RightHand),
            (CalamityJanet, TheBad),
            (LuckyDuke, TheUgly),
        ],
        &[],
    );
    t.life(A, 5).orders(C, use_on(RightHand, &[]));
    t.turn(C);
    t.act(C, Action::Gift { target: A });
    assert_eq!(t.p(A).life, 6);
    t.roll("D D D A A");
    assert_eq!(t.active(), C, "the extra turn is his");
    assert!(t.p(C).role_public && t.p(C).power_used);
    assert_eq!(t.decision(), Decision::SidGift, "Sid gives 1 LP again");
    t.act(C, Action::Gift { target: A });
    assert_eq!(t.p(A).life, 7);
    t.roll("D D D A A");
    assert_eq!(t.active(), D, "then his left neighbour plays");
}

#[test]
fn ac_105_the_left_hand_saves_himself_at_two_life_points() {
    let mut t = table(
        &[
            (JesseJones, TheBear),
            (BlackJack, LeftHand),
            (VultureSam, TheDoc),
            (CalamityJanet, TheBad),
            (LuckyDuke, TheUgly),
        ],
        &[Module::Ghost],
    );
    t.life(B, 1).arrows(B, 2).life(C, 5).ask(&[B]);
    t.turn(A);
    t.roll("1 1 D A G").all_pass(&[]);
    t.stop().all_pass(&[]);
    t.shoot(B).shoot(B);
    assert_eq!(t.p(B).life, 0);
    assert_eq!(
        t.waiting(),
        vec![B],
        "The Left Hand's window: B is about to go"
    );
    t.reveal(B, Power::LeftHand { save: B });
    assert_eq!((t.p(B).alive, t.p(B).life), (true, 2));
    assert_eq!(t.decision(), Decision::RescueTokens);
    let pile = t.pile();
    t.act(B, Action::ReturnTokens);
    assert_eq!((t.p(B).arrows, t.pile()), (0, pile + 2));
    assert_eq!(t.p(C).life, 5, "Vulture Sam gains nothing");
    assert_eq!(t.state.ghost, None, "no Ghost appears");
}

#[test]
fn ac_106_the_left_hand_saves_the_sheriff_from_the_indians() {
    let mut t = five(TheDoc, [TheBad, TheUgly], LeftHand);
    t.life(A, 3).arrows(A, 2).arrows(B, 3).arrows(C, 3);
    t.orders(E, use_on(LeftHand, &[A]));
    assert_eq!(t.pile(), 1);
    t.turn(A);
    t.roll("A D 1 B B");
    assert!(t.p(E).role_public && t.p(E).power_used);
    assert_eq!((t.p(A).alive, t.p(A).life), (true, 2));
    assert!(t.outcome().is_none(), "the game goes on");
    assert_eq!(t.pile(), 9, "the attack returned every arrow");
}

#[test]
fn ac_107_the_judge_answers_the_left_hand() {
    let mut t = table(
        &[
            (JesseJones, TheBear),
            (BlackJack, TheJudge),
            (CalamityJanet, TheBad),
            (LuckyDuke, TheUgly),
            (SlabTheKiller, LeftHand),
        ],
        &[],
    );
    t.life(E, 1);
    t.orders(E, use_on(LeftHand, &[E]))
        .orders(B, use_on(TheJudge, &[E]));
    t.turn(A);
    t.roll("1 D D A G").stop();
    t.shoot(E);
    assert!(t.p(E).power_used && t.p(B).power_used);
    assert!(!t.p(E).alive, "E is eliminated after all");
    assert!(t.logged_since(0, |e| matches!(e, Event::RevealCancelled { seat: E, .. })));
    assert!(!t.logged_since(0, |e| matches!(e, Event::Rescued { .. })));
}

#[test]
fn ac_108_a_used_power_is_gone_and_the_bear_has_no_window() {
    let mut t = doc_at_e();
    t.ask(&[B, C, D, E]);
    t.turn(B).all_pass(&[]);
    t.roll("2 1 B G G");
    t.reveal(
        E,
        Power::TheDoc {
            die: 0,
            face: Face::Arrow,
        },
    );
    t.all_pass(&[]);
    t.reroll(&[1], "2");
    assert_eq!(
        t.waiting(),
        vec![B],
        "no Doc window once The Doc is face up: straight to B's next choice"
    );
    let again = Power::TheDoc {
        die: 1,
        face: Face::Arrow,
    };
    assert!(t.refused(E, Action::Reveal { power: again }));
    assert!(
        TheBear.info().window.is_none(),
        "The Bear is never revealed"
    );
    assert!(t.legal(A).is_empty());
}

#[test]
fn ac_109_three_players_never_get_the_good() {
    for mixed in [false, true] {
        let mut config = Config::new(3);
        config.options.modules = vec![Module::SpecialRoles];
        config.options.special_roles_mixed = mixed;
        for seed in 0..60 {
            let mut s = State::default();
            for e in start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap() {
                apply(&mut s, &e);
            }
            let deputy = s.players().iter().find(|p| p.role == Some(Deputy)).unwrap();
            assert!(
                matches!(deputy.special, Some(TheDoc | TheJudge))
                    || (mixed && deputy.special.is_none()),
                "{:?}",
                deputy.special
            );
            assert!(s.players().iter().all(|p| p.special != Some(TheGood)));
        }
    }
}

#[test]
fn ac_110_every_face_down_player_is_offered_the_doc_window() {
    // Nobody holds The Doc here, and the window is still offered to every
    // living face-down player; each of them can only pass.
    let mut t = table(
        &[
            (JesseJones, TheBear),
            (BlackJack, TheJudge),
            (CalamityJanet, TheGambler),
            (LuckyDuke, TheBad),
            (SlabTheKiller, RightHand),
        ],
        &[],
    );
    t.ask(&[A, B, C, D, E]);
    t.turn(A);
    t.roll("1 2 B G A");
    assert_eq!(t.waiting(), vec![B, C, D, E], "the Sheriff is face up");
    for seat in [B, C, D, E] {
        assert_eq!(t.legal(seat), vec![Action::Pass]);
        assert_eq!(
            asked(&t.state, seat),
            Some(Decision::Window {
                window: WindowKind::Roll
            })
        );
    }
    let arrows = t.p(A).arrows;
    // Answers come in any order.
    for seat in [D, B, E, C] {
        t.act(seat, Action::Pass);
    }
    assert_eq!(t.p(A).arrows, arrows + 1, "the immediate results follow");
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn three_player_windows_ask_only_the_holder_of_an_unused_card() {
    // Roles are face up with 3 players (D-28): only the holder is asked, and
    // each power is still used once.
    let mut t = table(
        &[
            (JesseJones, TheDoc),
            (BlackJack, TheGambler),
            (CalamityJanet, LeftHand),
        ],
        &[],
    );
    t.ask(&[A, B, C]);
    t.turn(A);
    t.roll("2 1 B G G");
    assert_eq!(t.waiting(), vec![A], "The Doc may act on his own roll");
    assert_eq!(
        t.decision(),
        Decision::Window {
            window: WindowKind::Roll
        }
    );
    t.reveal(
        A,
        Power::TheDoc {
            die: 0,
            face: Face::Beer,
        },
    );
    assert!(t.p(A).power_used);
    t.stop();
    assert_eq!(t.waiting(), vec![B], "The Gambler's window");
    t.act(B, Action::Pass);
    assert!(matches!(t.decision(), Decision::Bullseye { .. }));
}
