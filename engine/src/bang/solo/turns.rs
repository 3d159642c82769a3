//! A solo game's own steps in the machine: an NPC's decision taken by the
//! policy and recorded with its reason (A7, Part B), the night that falls at
//! each reshuffle (A9.1), and the card an NPC's Panic!/Cat Balou takes (B6).

use super::seats::{give_class, is_npc};
use crate::bang::cards::Card;
use crate::bang::decisions::legal_actions;
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::npc::{self, Memory};
use crate::bang::state::{Effect, WindowKind};
use crate::bang::view::view;
use crate::core::{Seat, Viewer};

impl Machine<'_, '_> {
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
            .filter(|&x| is_npc(s, x) && s.alive(x) && s.p(x).life < s.p(x).max_life as i8)
            .collect();
        for seat in healed {
            self.gain_life(seat, 1);
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
