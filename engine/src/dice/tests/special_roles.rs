//! §8.11 Module 3: Special Roles (AC-094..AC-110), and the standing orders
//! that answer windows without stalling the game (D-22).

use super::*;

use Special::*;

/// Five seats A..E: Sheriff, Deputy, Outlaw, Outlaw, Renegade, with the
/// [`PLAIN`] characters and the given cards.
fn five(cards: [Option<Special>; 5]) -> Table {
    let roles = [Sheriff, Deputy, Outlaw, Outlaw, Renegade];
    let seats: Vec<_> = PLAIN
        .into_iter()
        .zip(roles)
        .zip(cards)
        .map(|((c, r), card)| (c, r, card))
        .collect();
    Table::with_cards(&seats, &[])
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
    let t = Table::with_cards(
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
fn ac_110_every_face_down_player_is_offered_the_doc_window() {
    // Nobody holds The Doc here, and the window is still offered to every
    // living face-down player; each of them can only pass.
    let mut t = five([
        Some(TheBear),
        Some(TheJudge),
        Some(TheGambler),
        Some(TheBad),
        Some(RightHand),
    ]);
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
    t.all_pass(&[]);
    assert_eq!(t.p(A).arrows, arrows + 1, "the immediate results follow");
    assert_eq!(t.decision(), Decision::Reroll);
}

#[test]
fn ac_098_the_doc_turns_a_two_into_an_arrow() {
    let mut t = five([
        Some(TheBear),
        Some(TheGambler),
        Some(TheBad),
        Some(TheUgly),
        Some(TheDoc),
    ]);
    // E holds The Doc as a Deputy would; the roles table is what the case needs.
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
    assert_eq!(t.p(B).arrows, arrows + 1, "B takes 1 arrow from the turned die");
}
