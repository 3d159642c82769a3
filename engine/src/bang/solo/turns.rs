//! A solo game's own steps in the machine: an NPC's decision taken by the
//! policy and recorded with its reason (A7, Part B), the night that falls at
//! each reshuffle (A9.1), and the card an NPC's Panic!/Cat Balou takes (B6).

use crate::bang::cards::{Card, Kind, kind};
use crate::bang::decisions::legal_actions;
use crate::bang::events::Event;
use crate::bang::machine::M;
use crate::bang::npc::{self, Memory};
use crate::bang::state::{Effect, State, WindowKind};
use crate::bang::view::view;
use crate::core::{Seat, Viewer};

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

impl M<'_, '_> {
    /// The NPC at `seat` takes the decision the game waits for: the policy
    /// reads the NPC's own view (everything but the deck order, A3.2) and
    /// chooses one of its legal actions, recorded as `npc_acted` with why.
    pub fn npc_act(&mut self, seat: Seat) {
        let s = self.s();
        let legal = legal_actions(s, seat);
        if legal.is_empty() {
            return;
        }
        let (action, reason) = npc::decide(&view(s, Viewer::Seat(seat)), &Memory::new(), &legal);
        self.act_as(seat, action, Some(reason));
    }

    /// A9.1 (D-L4): at a reshuffle, with The Night Brings Chaos, every NPC in
    /// play below his max life regains 1 life; the Sheriff and the Deputy do not.
    pub fn night_falls(&mut self) {
        let s = self.s();
        if !s.solo.is_some_and(|x| x.night_brings_chaos) {
            return;
        }
        let healed: Vec<Seat> = s
            .seats()
            .filter(|&x| super::is_npc(s, x) && s.alive(x) && s.p(x).life < s.p(x).max_life as i8)
            .collect();
        for seat in healed {
            self.emit(Event::LifeGained { seat, amount: 1 });
        }
    }

    /// B6.3: the card an NPC's Panic!/Cat Balou takes from its victim — the
    /// only card of the class, or the victim's choice within it.
    pub fn give_step(&mut self, victim: Seat) {
        match give_class(self.s(), victim).as_slice() {
            [] => self.emit(Event::TargetSkipped { seat: victim }),
            [card] => self.give(*card),
            _ => self.emit(Event::WindowOpened {
                seat: victim,
                kind: WindowKind::GiveUp,
            }),
        }
    }

    /// The victim gives up `card`: to the NPC's Stack (Panic!, B6.4) or to the
    /// discard pile (Cat Balou).
    pub fn give(&mut self, card: Card) {
        let Some(Effect::GiveUp {
            taker,
            victim,
            steal,
        }) = self.s().effect
        else {
            return;
        };
        let from_hand = self.s().p(victim).hand.contains(&card);
        if steal {
            self.emit(Event::CardStolen {
                from: victim,
                to: taker,
                card: Some(card),
                from_hand,
            });
        } else {
            self.emit(Event::Discarded {
                seat: victim,
                cards: vec![card],
            });
        }
        if from_hand {
            self.hand_left(victim);
        }
    }
}
