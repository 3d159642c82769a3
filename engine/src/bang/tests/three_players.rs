//! §20 "3-player variant".

use super::*;
use crate::core::Team;

#[test]
fn bang_ac_63_outlaw_kills_the_renegade() {
    let mut t = T::new(&[SlabTheKiller; 3], &[Outlaw, Renegade, Deputy]);
    t.life(B, 1).give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert!(has(
        &events,
        |e| matches!(e, Event::CardsDrawn { seat: A, cards } if cards.len() == 3)
    ));
    assert!(t.s.outcome.is_none(), "nobody has won");
    // The two survivors play on; the last one in play wins.
    t.life(C, 1).give(A, &[BANG_KH]);
    t.s.turn.bangs = 0;
    t.play(A, BANG_KH, Some(C));
    let o = t.s.outcome.clone().unwrap();
    assert_eq!((o.team, o.winners), (Some(Team::Survivor), vec![A]));
}

#[test]
fn bang_ac_64_deputy_kills_the_renegade() {
    let mut t = T::new(&[SlabTheKiller; 3], &[Deputy, Renegade, Outlaw]);
    t.life(B, 1).give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    let o = t.s.outcome.clone().unwrap();
    assert_eq!((o.team, o.winners), (Some(Team::Survivor), vec![A]));
}

#[test]
fn bang_ac_65_jail_on_the_deputy_and_no_bonus_life() {
    let mut t = T::new(&[SlabTheKiller; 3], &[Outlaw, Deputy, Renegade]);
    t.give(A, &[JAIL_4H]);
    t.play(A, JAIL_4H, Some(B));
    assert_eq!(t.s.p(B).in_play.to_vec(), vec![JAIL_4H]);
    assert_eq!(starting_life(SlabTheKiller, Deputy), 4);
    // A real 3-player game: roles face up, the Deputy starts, nobody gets +1.
    let log = start(&Config::new(3), &mut GameRng::new(Seed::from_u64(33), 0)).unwrap();
    let mut s = State::default();
    for e in &log {
        apply(&mut s, e);
    }
    for seat in 0..3 {
        let p = s.p(seat);
        assert!(p.role_public);
        assert_eq!(p.max_life, p.character.unwrap().info().life);
    }
    assert_eq!(s.p(s.turn.seat).role, Some(Deputy));
}
