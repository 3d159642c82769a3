//! What one decision of the policy reads: the seat's view, its memory and
//! its legal actions, with the small questions every rule asks of them.

use super::ledger::Memory;
use super::rules::npc_rules;
use crate::bang::actions::Action;
use crate::bang::cards::Card;
use crate::bang::characters::Character;
use crate::bang::distance;
use crate::bang::reason::Reason;
use crate::bang::state::{bang_card, missed_effect};
use crate::bang::view::{PlayerView, View};
use crate::core::{Role, Seat};

/// One decision's inputs.
pub(crate) struct Ctx<'a> {
    /// The seat's view.
    pub v: &'a View,
    /// The seat's ledger (empty in solo).
    pub mem: &'a Memory,
    /// Its legal actions now.
    pub legal: &'a [Action],
    /// The seat deciding.
    pub me: Seat,
}

/// The ledger of a decision that reads none.
static NO_MEMORY: Memory = Memory::new();

impl<'a> Ctx<'a> {
    /// The context of a question that needs no ledger (a hook's, the spare
    /// cards').
    pub fn of(v: &'a View, me: Seat, legal: &'a [Action]) -> Ctx<'a> {
        Ctx {
            v,
            mem: &NO_MEMORY,
            legal,
            me,
        }
    }

    /// A player as the view shows him.
    pub fn p(&self, seat: Seat) -> Option<&'a PlayerView> {
        self.v.players.get(seat as usize)
    }

    /// The deciding seat's life.
    pub fn life(&self) -> i8 {
        self.p(self.me).map_or(0, |p| p.life)
    }

    /// The deciding seat's max life.
    pub fn max_life(&self) -> i8 {
        self.p(self.me).map_or(0, |p| p.max_life as i8)
    }

    /// The Stack (B2, C1.1): the seat's hand, bottom first, top last.
    pub fn stack(&self) -> Vec<Card> {
        self.p(self.me)
            .map(|p| p.hand.iter().flatten().copied().collect())
            .unwrap_or_default()
    }

    /// The Stack from the top down (the scan order of B3).
    pub fn top_down(&self) -> Vec<Card> {
        let mut s = self.stack();
        s.reverse();
        s
    }

    /// The seat's own role.
    pub fn role(&self) -> Option<Role> {
        self.role_of(self.me)
    }

    /// A seat's role, when the view shows it.
    pub fn role_of(&self, seat: Seat) -> Option<Role> {
        self.p(seat).and_then(|p| p.role)
    }

    /// Whether `seat` is a player in play.
    pub fn alive(&self, seat: Seat) -> bool {
        self.p(seat).is_some_and(|p| p.alive)
    }

    /// How many players are in play.
    pub fn alive_count(&self) -> usize {
        self.v.players.iter().filter(|p| p.alive).count()
    }

    /// Whether the game is a solo game (Part B), where every role is known.
    pub fn solo(&self) -> bool {
        npc_rules().iter().any(|r| r.roles_known(self.v))
    }

    /// Whether the seat is a solo NPC (Part B), not the person's seat.
    pub fn npc(&self) -> bool {
        self.p(self.me).is_some_and(|p| p.npc)
    }

    /// Whether this is the 3-player variant (C3.3).
    pub fn three(&self) -> bool {
        self.v.players.len() == 3
    }

    /// The Sheriff's seat (face up), if any.
    pub fn sheriff(&self) -> Option<Seat> {
        self.v
            .players
            .iter()
            .find(|p| p.role == Some(Role::Sheriff))
            .map(|p| p.seat)
            .or(self.mem.sheriff())
    }

    /// The seats of this role the view shows, in play, clockwise from the seat.
    pub fn known(&self, role: Role) -> Vec<Seat> {
        self.clockwise()
            .into_iter()
            .filter(|&s| self.role_of(s) == Some(role))
            .collect()
    }

    /// Every other player in play, clockwise from the seat's left (B9's order).
    pub fn clockwise(&self) -> Vec<Seat> {
        let n = self.v.players.len() as Seat;
        (1..n)
            .map(|k| (self.me + k) % n)
            .filter(|&s| self.alive(s))
            .collect()
    }

    /// How many seats clockwise `seat` is from the deciding seat (B9, C2.4).
    pub fn clockwise_rank(&self, seat: Seat) -> u8 {
        let n = self.v.players.len().max(1) as u16;
        ((u16::from(seat) + n - u16::from(self.me) % n) % n) as u8
    }

    /// Whether the seat's character is `c`.
    pub fn is(&self, c: Character) -> bool {
        self.character() == Some(c) || self.copy() == Some(c)
    }

    /// The character whose ability the seat has besides its own (Vera
    /// Custer's copy, DC15).
    pub fn copy(&self) -> Option<Character> {
        self.p(self.me).and_then(|p| p.copy)
    }

    /// The seat's character.
    pub fn character(&self) -> Option<Character> {
        self.p(self.me).and_then(|p| p.character)
    }

    /// Whether `card` is a Missed! effect for the seat (Calamity Janet: a BANG! too).
    pub fn missed_for(&self, card: Card) -> bool {
        missed_effect(self.character(), card) || missed_effect(self.copy(), card)
    }

    /// Whether `card` is a BANG! card for the seat (Calamity Janet: a Missed! too).
    pub fn bang_for(&self, card: Card) -> bool {
        bang_card(self.character(), card) || bang_card(self.copy(), card)
    }

    /// Whether `action` is legal now.
    pub fn legal(&self, action: &Action) -> bool {
        self.legal.contains(action)
    }

    /// Effective distance from the seat to `to` (§7.2).
    pub fn distance_to(&self, to: Seat) -> u8 {
        distance::distance(self.v, self.me, to)
    }

    /// The seat's reach (§7.3).
    pub fn reach(&self) -> u8 {
        distance::reach(self.v, self.me)
    }

    /// The number of cards in `seat`'s hand (hidden cards count).
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.p(seat).map_or(0, |p| p.hand.len())
    }

    /// Whether the seat is below its max life and may gain life: never in a
    /// shadow turn (D1.5: a shadow cannot gain life).
    pub fn hurt(&self) -> bool {
        !self.shadow_turn() && self.life() < self.max_life()
    }

    /// D1.5: whether this seat is playing a shadow turn (Shadow-Gunslingers,
    /// `gold-rush.md` §10), as its view shows; the D1.5 conditions all read
    /// this predicate.
    pub fn shadow_turn(&self) -> bool {
        self.p(self.me).is_some_and(|p| p.shadow)
    }

    /// Gold Rush: the seat's nuggets.
    pub fn nuggets(&self) -> u16 {
        self.p(self.me).and_then(|p| p.nuggets).unwrap_or(0)
    }

    /// The cards the seat may keep at the end of its turn: its life, unless
    /// an expansion's card changes it (a Gun Belt: 8, GR-7.8).
    pub fn hand_limit(&self) -> usize {
        npc_rules()
            .iter()
            .find_map(|r| r.hand_limit(self.v, self.me))
            .unwrap_or_else(|| self.life().max(0) as usize)
    }

    /// The cards in play in front of `seat` (railcars among them).
    pub fn in_play(&self, seat: Seat) -> &'a [Card] {
        self.p(seat).map_or(&[], |p| p.in_play.as_slice())
    }
}

/// What the `normal` policy answers to one of an expansion's own decisions
/// (its rules' Part D section), implemented by each nested decision enum
/// in its expansion's folder and reached through the registry.
pub(crate) trait NpcAnswer: Copy {
    /// The action and the rule that chose it.
    fn npc_answer(self, cx: &Ctx) -> (Action, Reason);
}
