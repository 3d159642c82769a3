//! §8.13 Module 5: the Ghost (and AC-005, when it may be chosen).

use super::*;

const M5: &[Module] = &[Module::Ghost];

fn seats(n: usize, roles: &[Role]) -> Vec<(Character, Role)> {
    plain_seats(&roles[..n])
}

fn gift_faces(t: &DiceTable) -> Vec<Face> {
    let mut faces: Vec<Face> = t
        .legal(t.active())
        .into_iter()
        .filter_map(|a| match a {
            Action::GhostGift { face, .. } => Some(face),
            _ => None,
        })
        .collect();
    faces.dedup();
    faces
}

#[test]
fn ac_005_the_ghost_needs_five_players() {
    let mut config = Config::new(4);
    config.options.modules = vec![Module::Ghost];
    assert_eq!(config.validate(), Err(ConfigError::GhostPlayers(4)));
    config.players = 5;
    assert_eq!(config.validate(), Ok(()));
}

#[test]
fn ac_123_rulebook_example_the_ghost_gives_a_double_arrow() {
    let roles = [Sheriff, Deputy, Outlaw, Renegade, Outlaw, Outlaw, Deputy];
    let mut t = DiceTable::with_modules(&seats(7, &roles), M5);
    t.make_ghost(D);
    assert_eq!(t.state.ghost_side, Some(Team::Outlaws));
    t.turn(D);
    assert_eq!(t.state.turn.dice.len(), 2);
    t.roll("B G").reroll(&[0, 1], "A 1").reroll(&[1], "A");
    assert_eq!(t.decision(), Decision::GhostGift);
    assert_eq!(t.p(D).arrows, 0, "the Ghost takes no arrows");
    assert_eq!(gift_faces(&t), [Face::Arrow]);
    t.act(
        D,
        Action::GhostGift {
            face: Face::Arrow,
            to: A,
        },
    );
    assert_eq!(
        t.state.gift,
        Some(GhostGift {
            to: A,
            face: Face::Arrow,
            double: true
        })
    );
    assert_eq!(t.active(), E, "the Ghost's turn is over");
    t.turn(A).roll("A 1 B");
    assert_eq!(t.p(A).arrows, 3, "two for the token dice, one thrown");
    assert!(
        t.legal(A).contains(&Action::reroll(&[0, 1])),
        "token dice may be re-rolled"
    );
    t.stop().shoot(B).beer(A);
    assert_eq!(t.state.gift, None, "the tokens went back to the Ghost");
}

#[test]
fn ac_124_a_renegade_ghost_with_six_players_wins_with_the_law() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(6, &roles), M5);
    t.life(F, 1).turn(A).roll("1 D D B B").stop().shoot(F);
    assert_eq!(t.state.ghost, Some(F));
    assert_eq!(t.state.ghost_side, Some(Team::Law));
    t.beer(A).beer(A);
    t.push_eliminated(C).push_eliminated(D).life(E, 1);
    t.turn(A).roll("1 D D B B").stop().shoot(E);
    let o = t.outcome().unwrap();
    assert_eq!((o.team, o.winners), (Some(Team::Law), vec![A, B, F]));
}

#[test]
fn ac_125_the_ghost_is_not_counted_for_distances() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(6, &roles), M5);
    t.make_ghost(C).turn(A).roll("1 2 D D B").stop();
    assert_eq!(shoot_targets(&t), [B, F]);
    t.shoot(B);
    assert_eq!(shoot_targets(&t), [D, E]);
}

#[test]
fn ac_126_the_ghost_is_untouchable() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C)
        .arrows(B, 4)
        .arrows(D, 4)
        .turn(A)
        .roll("A 1 B G G");
    assert_eq!(t.p(C).tokens(), 0);
    assert_eq!(t.p(C).life, 0);
    t.reroll(&[1, 2], "G D").stop();
    assert_eq!(t.p(C).life, 0, "nothing to lose");
    let beer_targets: Vec<Action> = t.legal(A);
    assert!(!beer_targets.contains(&Action::Beer { target: C }));
    assert!(t.refused(A, Action::Beer { target: C }));
}

#[test]
fn ac_127_the_first_eliminated_outlaw_plays_on_as_the_ghost_the_next_is_ordinary() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Renegade, Deputy];
    let mut t = DiceTable::with_modules(&seats(7, &roles), M5);
    t.life(B, 1).life(C, 1).life(E, 1);
    t.turn(B).roll("1 D D B B").stop().shoot(C);
    assert_eq!(t.state.ghost, Some(C));
    t.beer(B).beer(B);
    assert_eq!(t.active(), C, "the Ghost takes his turn in his seat");
    assert_eq!(t.decision(), Decision::FirstRoll);
    t.roll("B G").stop().act(
        C,
        Action::GhostGift {
            face: Face::Beer,
            to: A,
        },
    );
    assert_eq!(t.active(), D);
    t.roll("1 D D B B").stop().shoot(E);
    assert!(!t.p(E).alive);
    assert_eq!(
        t.state.ghost,
        Some(C),
        "still one Ghost: E is simply eliminated"
    );
}

#[test]
fn ac_128_the_sheriff_first_eliminated_ends_the_game_without_a_ghost() {
    let roles = [Outlaw, Sheriff, Deputy, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.life(B, 1).turn(A).roll("1 D D B B").stop().shoot(B);
    assert!(t.outcome().is_some());
    assert_eq!(t.state.ghost, None);
}

#[test]
fn ac_129_different_faces_give_one_token() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C).turn(C).roll("1 2").stop();
    assert_eq!(gift_faces(&t), [Face::Bullseye1, Face::Bullseye2]);
    t.act(
        C,
        Action::GhostGift {
            face: Face::Bullseye2,
            to: B,
        },
    );
    assert_eq!(
        t.state.gift,
        Some(GhostGift {
            to: B,
            face: Face::Bullseye2,
            double: false
        })
    );
}

#[test]
fn ac_130_double_dynamite_tokens_lock_two_dice() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C).gift(B, Face::Dynamite, true);
    let life = t.p(B).life;
    t.turn(B).roll("D B G");
    assert_eq!(t.p(B).life, life - 1, "3 Dynamite: rolling ends, 1 LP lost");
    assert!(matches!(t.decision(), Decision::Beer { .. }));
}

#[test]
fn ac_131_a_beer_token_die_is_kept_or_rerolled_from_roll_two() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C).gift(B, Face::Beer, false).life(B, 5);
    t.turn(B).roll("D D G G");
    assert_eq!(t.state.turn.dice.as_slice()[0].face, Some(Face::Beer));
    assert!(t.legal(B).contains(&Action::reroll(&[0])));
    t.stop();
    assert_eq!(t.decision(), Decision::Beer { left: 1 });
}

#[test]
fn ac_132_an_arrow_token_with_the_coward() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t =
        DiceTable::with_modules(&seats(5, &roles), &[Module::Ghost, Module::LoudmouthCoward]);
    t.make_ghost(C).gift(B, Face::Arrow, false).turn(B);
    let events = t
        .try_act_with(
            B,
            Action::Roll {
                saloon: Some(DieKind::Coward),
            },
            vec![2, 2, 2, 2],
        )
        .unwrap();
    assert_eq!(
        dice_kinds(&t),
        [
            DieKind::Base,
            DieKind::Base,
            DieKind::Base,
            DieKind::Base,
            DieKind::Coward
        ]
    );
    assert_eq!(t.state.turn.dice.as_slice()[0].face, Some(Face::Arrow));
    let thrown = events.iter().find_map(|e| match e {
        Event::DiceRolled { dice } => Some(dice.len()),
        _ => None,
    });
    assert_eq!(thrown, Some(4));
    assert_eq!(
        t.p(B).arrows,
        1,
        "the token Arrow gives an arrow after roll 1"
    );
}

#[test]
fn ac_133_tokens_return_after_the_turn_or_at_elimination() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C)
        .gift(B, Face::Gatling, false)
        .turn(B)
        .roll("D D B B")
        .stop()
        .beer(B)
        .beer(B);
    assert_eq!(t.state.gift, None);

    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C).gift(B, Face::Gatling, false).life(B, 1);
    t.turn(A).roll("1 D D B B").stop().shoot(B);
    assert!(!t.p(B).alive);
    assert_eq!(t.state.gift, None);
}

#[test]
fn ac_134_black_jack_may_reroll_a_dynamite_token_die_from_roll_two() {
    let roles = [Deputy, Sheriff, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C)
        .gift(B, Face::Dynamite, false)
        .turn(B)
        .roll("1 B G G");
    assert_eq!(t.p(B).character, BlackJack);
    assert!(t.legal(B).contains(&Action::reroll(&[0])));
}

#[test]
fn ac_135_of_two_first_eliminated_the_first_clockwise_becomes_the_ghost() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.life(C, 1).life(E, 1).turn(A).roll("G G G D D").stop();
    assert_eq!(t.state.ghost, Some(C));
    assert!(!t.p(E).alive);
}

#[test]
fn ac_136_ghost_dynamite_is_locked_and_given_double() {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.make_ghost(C).turn(C).roll("D D");
    assert_eq!(
        t.decision(),
        Decision::GhostGift,
        "nothing to re-roll: rolling is over"
    );
    assert_eq!(gift_faces(&t), [Face::Dynamite]);
    t.act(
        C,
        Action::GhostGift {
            face: Face::Dynamite,
            to: A,
        },
    );
    assert!(t.state.gift.is_some_and(|g| g.double));
}

#[test]
fn a_player_who_becomes_the_ghost_during_his_own_turn_ends_it() {
    let roles = [Outlaw, Sheriff, Deputy, Outlaw, Renegade];
    let mut t = DiceTable::with_modules(&seats(5, &roles), M5);
    t.life(A, 1).arrows(A, 1).arrows(B, 4).arrows(C, 3);
    t.turn(A).roll("A A 1 B G");
    assert_eq!(t.state.ghost, Some(A));
    assert_eq!(t.p(A).tokens(), 0, "the second Arrow is not taken");
    assert_eq!(t.active(), B);
    check_invariants(&t.state).unwrap();
}

/// The game's first eliminations are `doomed`, all at 1 LP, by one Gatling Gun
/// fired by `shooter`; every other player is at full LP.
fn first_eliminations_by_one_gatling(roles: &[Role], shooter: Seat, doomed: &[Seat]) -> DiceTable {
    let mut t = DiceTable::with_modules(&plain_seats(roles), M5);
    for &seat in doomed {
        t.life(seat, 1);
    }
    t.turn(shooter).roll("G G G D D").stop();
    for &seat in doomed {
        assert!(!t.p(seat).alive, "seat {seat} is eliminated");
    }
    t
}

#[test]
fn ghost_renegade_made_with_sheriff_in_first_eliminations_5p() {
    // E fires: clockwise from him the Sheriff (A) comes before the Renegade (D),
    // and is passed over (4.1.3, 6.5.2, D-39).
    let roles = [Sheriff, Deputy, Outlaw, Renegade, Outlaw];
    let t = first_eliminations_by_one_gatling(&roles, E, &[A, D]);
    assert_eq!(t.state.ghost, Some(D));
    assert_eq!(t.state.ghost_side, Some(Team::Outlaws));
    let o = t
        .outcome()
        .expect("the Sheriff is eliminated: the game is over");
    assert_eq!(
        (o.team, o.winners),
        (Some(Team::Outlaws), vec![C, D, E]),
        "V2: every Outlaw and the Ghost Renegade on the Outlaw side"
    );
}

#[test]
fn ghost_renegade_made_with_sheriff_in_first_eliminations_7p() {
    let roles = roles_for(7);
    assert_eq!(roles[G as usize], Renegade);
    let t = first_eliminations_by_one_gatling(roles, D, &[A, G]);
    assert_eq!(t.state.ghost, Some(G));
    assert_eq!(t.state.ghost_side, Some(Team::Outlaws));
    let o = t.outcome().unwrap();
    assert_eq!(
        (o.team, o.winners),
        (Some(Team::Outlaws), vec![D, E, F, G]),
        "V2: every Outlaw and the Ghost Renegade on the Outlaw side"
    );
}

#[test]
fn ghost_renegade_made_with_sheriff_in_first_eliminations_6p_loses_with_the_law() {
    let roles = roles_for(6);
    assert_eq!(roles[F as usize], Renegade);
    let t = first_eliminations_by_one_gatling(roles, C, &[A, F]);
    assert_eq!(t.state.ghost, Some(F));
    assert_eq!(t.state.ghost_side, Some(Team::Law));
    let o = t.outcome().unwrap();
    assert_eq!(
        (o.team, o.winners),
        (Some(Team::Outlaws), vec![C, D, E]),
        "V2: every Outlaw; the Ghost Renegade is on the Deputy side"
    );
}

#[test]
fn ghost_renegade_made_with_sheriff_in_first_eliminations_8p_loses_with_the_law() {
    // H (the other Renegade) fires: clockwise from him the Sheriff comes first.
    let roles = roles_for(8);
    assert_eq!((roles[G as usize], roles[H as usize]), (Renegade, Renegade));
    let t = first_eliminations_by_one_gatling(roles, H, &[A, G]);
    assert_eq!(t.state.ghost, Some(G));
    assert_eq!(t.state.ghost_side, Some(Team::Law));
    let o = t.outcome().unwrap();
    assert_eq!(
        (o.team, o.winners),
        (Some(Team::Outlaws), vec![D, E, F]),
        "V2: every Outlaw; the Ghost Renegade is on the Deputy side"
    );
}

#[test]
fn ghost_renegade_made_with_sheriff_loses_to_the_last_renegade_8p() {
    // Everyone but the shooter H falls at once: the Sheriff (A) is passed over
    // and B, a Renegade, becomes the Ghost; H is the only living player (V1).
    let roles = [
        Sheriff, Renegade, Deputy, Deputy, Outlaw, Outlaw, Outlaw, Renegade,
    ];
    let t = first_eliminations_by_one_gatling(&roles, H, &[A, B, C, D, E, F, G]);
    assert_eq!(t.state.ghost, Some(B));
    assert_eq!(t.state.ghost_side, Some(Team::Law));
    let o = t.outcome().unwrap();
    assert_eq!((o.team, o.winners), (Some(Team::Renegade), vec![H]));
}

#[test]
fn ghost_deputy_made_with_sheriff_in_first_eliminations_loses() {
    let roles = roles_for(5);
    let t = first_eliminations_by_one_gatling(roles, C, &[A, B]);
    assert_eq!(
        t.state.ghost,
        Some(B),
        "the Deputy is the first non-Sheriff"
    );
    assert_eq!(t.state.ghost_side, None);
    let o = t.outcome().unwrap();
    assert_eq!((o.team, o.winners), (Some(Team::Outlaws), vec![C, D]));
}
