//! Who plays which seat of a solo game, and what a victim may give up (B6):
//! pure queries of the state, below the legal actions and the machine.

use crate::bang::cards::{Card, Kind, kind};
use crate::bang::state::State;
use crate::core::{Role, Seat};

/// Whether `seat` is an NPC of a solo game: a seat other than the Sheriff's
/// (seat 0) and the Deputy's, played by the rules.
pub fn is_npc(s: &State, seat: Seat) -> bool {
    s.solo.is_some() && seat != 0 && seat < s.players && s.p(seat).role != Some(Role::Deputy)
}

/// Whether `seat` is one the person plays in a solo game (the Sheriff or the Deputy).
pub fn is_person(s: &State, seat: Seat) -> bool {
    s.solo.is_some() && seat < s.players && !is_npc(s, seat)
}

/// The Deputy's seat in a solo game.
pub fn deputy(s: &State) -> Option<Seat> {
    s.solo?;
    s.seats().find(|&x| s.p(x).role == Some(Role::Deputy))
}

/// B6.1–B6.2: the victim's cards that an NPC's Panic! or Cat Balou may take,
/// the first non-empty class: (1) his blue cards in play (never a Jail or a
/// Dynamite, D-L8), (2) the blue cards in his hand, (3) his other hand cards.
/// In the order they lie (hand: bottom of the Stack first).
pub fn give_class(s: &State, victim: Seat) -> Vec<Card> {
    let p = s.p(victim);
    let in_play: Vec<Card> = p
        .in_play
        .iter()
        .copied()
        .filter(|&c| !matches!(kind(c), Kind::Jail | Kind::Dynamite))
        .collect();
    if !in_play.is_empty() {
        return in_play;
    }
    let (blue, brown): (Vec<Card>, Vec<Card>) = p.hand.iter().partition(|&&c| kind(c).is_blue());
    if blue.is_empty() { brown } else { blue }
}
