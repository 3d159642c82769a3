//! §8.1 Setup and §8.2 Rolling and Dynamite.

use super::*;

fn started(players: u8, seed: u64) -> State {
    let events = start(
        &Config::new(players),
        &mut GameRng::new(Seed::from_u64(seed), 0),
    )
    .unwrap();
    let mut s = State::default();
    events.iter().for_each(|e| apply(&mut s, e));
    s
}

fn roles_of(s: &State) -> Vec<Role> {
    let mut roles: Vec<Role> = s.players().iter().map(|p| p.role.unwrap()).collect();
    roles.sort_by_key(|r| *r as u8);
    roles
}

#[test]
fn ac_001_five_players_roles_sheriff_life_pile_and_first_player() {
    let mut saw_paul_sheriff = false;
    for seed in 0..400 {
        let s = started(5, seed);
        assert_eq!(roles_of(&s), [Sheriff, Deputy, Outlaw, Outlaw, Renegade]);
        for p in s.players() {
            assert_eq!(p.role_public, p.role == Some(Sheriff));
            let bonus = if p.role == Some(Sheriff) { 2 } else { 0 };
            assert_eq!(p.max_life, p.character.info().life + bonus);
            assert_eq!(p.life, p.max_life);
            if p.role == Some(Sheriff) && p.character == PaulRegret {
                saw_paul_sheriff = true;
                assert_eq!((p.life, p.max_life), (11, 11));
            }
        }
        assert_eq!(s.pile, 9);
        let sheriff = s
            .players()
            .iter()
            .position(|p| p.role == Some(Sheriff))
            .unwrap();
        assert_eq!(s.turn.active as usize, sheriff);
    }
    assert!(saw_paul_sheriff);
}

#[test]
fn ac_002_role_counts_for_4_6_7_8_players() {
    let expect: [(u8, &[Role]); 4] = [
        (4, &[Sheriff, Outlaw, Outlaw, Renegade]),
        (6, &[Sheriff, Deputy, Outlaw, Outlaw, Outlaw, Renegade]),
        (
            7,
            &[Sheriff, Deputy, Deputy, Outlaw, Outlaw, Outlaw, Renegade],
        ),
        (
            8,
            &[
                Sheriff, Deputy, Deputy, Outlaw, Outlaw, Outlaw, Renegade, Renegade,
            ],
        ),
    ];
    for (n, roles) in expect {
        for seed in 0..50 {
            assert_eq!(roles_of(&started(n, seed)), roles);
        }
    }
}

#[test]
fn ac_003_three_players_face_up_deputy_first_no_bonus() {
    let mut saw_jesse_deputy = false;
    for seed in 0..400 {
        let s = started(3, seed);
        assert_eq!(roles_of(&s), [Deputy, Outlaw, Renegade]);
        for p in s.players() {
            assert!(p.role_public);
            assert_eq!(p.max_life, p.character.info().life);
            if p.role == Some(Deputy) && p.character == JesseJones {
                saw_jesse_deputy = true;
                assert_eq!(p.life, 9);
            }
        }
        assert_eq!(s.table[s.turn.active as usize].role, Some(Deputy));
    }
    assert!(saw_jesse_deputy);
}

#[test]
fn ac_007_arrows_are_taken_right_after_the_first_roll() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("A A 1 B G");
    assert_eq!((t.p(A).arrows, t.pile()), (2, 7));
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn ac_008_kept_arrows_give_no_more_arrows() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("A A 1 B G").reroll(&[2, 3, 4], "1 B G");
    assert_eq!((t.p(A).arrows, t.pile()), (2, 7));
}

#[test]
fn ac_009_a_rerolled_arrow_showing_arrow_again_gives_one_more() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("A A 1 B G").reroll(&[0], "A");
    assert_eq!((t.p(A).arrows, t.pile()), (3, 6));
}

#[test]
fn ac_010_dynamite_cannot_be_rerolled() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("D 1 2 B G");
    assert!(t.refused(A, Action::reroll(&[0, 1])));
    assert!(t.refused(A, Action::reroll(&[0])));
    assert!(
        !t.legal(A)
            .iter()
            .any(|a| matches!(a, Action::Reroll { dice } if dice.contains(0)))
    );
    t.reroll(&[1, 2, 3, 4], "1 2 B G");
    assert!(t.refused(A, Action::reroll(&[0])));
}

#[test]
fn ac_011_a_die_kept_on_roll_two_may_be_rerolled_on_roll_three() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("1 2 B G G").reroll(&[1, 2, 3, 4], "2 B G G");
    assert!(t.legal(A).contains(&Action::reroll(&[0])));
    t.reroll(&[0], "B");
    assert_eq!(t.state.turn.rolls, 3);
}

#[test]
fn ac_012_three_dynamite_end_rolling_then_lose_one_then_bullseyes() {
    let mut t = DiceTable::plain(5);
    t.life(A, 5)
        .turn(A)
        .roll("D D 1 B G")
        .reroll(&[3, 4], "D 1");
    assert_eq!(t.p(A).life, 4);
    assert_eq!(
        t.decision(),
        Decision::Bullseye {
            result: 0,
            symbol: Symbol::Bullseye1
        }
    );
    t.shoot(B).shoot(E);
    assert_eq!((t.p(B).life, t.p(E).life), (7, 7));
}

#[test]
fn ac_013_dynamite_eliminates_the_active_player_and_the_ones_never_resolve() {
    let mut t = DiceTable::new(&[
        (JesseJones, Outlaw),
        (BlackJack, Sheriff),
        (CalamityJanet, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Renegade),
    ]);
    t.life(A, 1).turn(A).roll("D D 1 B G");
    let mark = t.log.len();
    t.reroll(&[3, 4], "D 1");
    assert!(!t.p(A).alive);
    assert!(!t.logged_since(mark, |e| matches!(e, Event::BullseyeAssigned { .. })));
    assert_eq!(t.active(), B, "the turn passed on");
    assert_eq!(t.p(B).life, 10);
}

#[test]
fn ac_014_dynamite_elimination_drops_the_beers() {
    let mut t = DiceTable::new(&[
        (JesseJones, Outlaw),
        (BlackJack, Sheriff),
        (CalamityJanet, Deputy),
        (LuckyDuke, Outlaw),
        (SlabTheKiller, Renegade),
    ]);
    t.life(A, 1).turn(A);
    let mark = t.log.len();
    t.roll("D D D B B");
    assert!(!t.p(A).alive);
    assert!(!t.logged_since(mark, |e| matches!(e, Event::LifeGained { .. })));
}

#[test]
fn ac_015_arrow_first_then_dynamite_ends_rolling_then_the_one() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("D D D A 1");
    assert_eq!((t.p(A).arrows, t.pile()), (1, 8));
    assert_eq!(t.p(A).life, t.p(A).max_life - 1);
    assert!(matches!(t.decision(), Decision::Bullseye { .. }));
}

#[test]
fn ac_016_lucky_duke_rolls_four_times_others_three() {
    let mut t = DiceTable::new(&[
        (LuckyDuke, Sheriff),
        (BlackJack, Outlaw),
        (CalamityJanet, Deputy),
        (JesseJones, Outlaw),
        (SlabTheKiller, Renegade),
    ]);
    t.turn(A)
        .roll("1 2 B G G")
        .reroll(&[0], "1")
        .reroll(&[0], "1")
        .reroll(&[0], "1");
    assert_eq!(t.state.turn.rolls, 4);
    assert!(t.refused(A, Action::reroll(&[0])));

    let mut t = DiceTable::plain(5);
    t.turn(A)
        .roll("1 2 B G G")
        .reroll(&[0], "1")
        .reroll(&[0], "1");
    assert_eq!(t.state.turn.rolls, 3);
    assert!(t.refused(A, Action::reroll(&[0])));
}

#[test]
fn ac_017_stopping_resolves_the_dice_and_ends_rolling() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("1 B B G G").stop();
    assert!(matches!(t.decision(), Decision::Bullseye { .. }));
    assert!(t.refused(A, Action::reroll(&[1])));
    t.shoot(B);
    assert!(t.refused(A, Action::reroll(&[1])));
    assert!(matches!(t.decision(), Decision::Beer { left: 2 }));
}

#[test]
fn ac_018_four_dynamite_cost_exactly_one() {
    let mut t = DiceTable::plain(5);
    t.turn(A).roll("D D D D G");
    assert_eq!(t.p(A).life, t.p(A).max_life - 1);
}
