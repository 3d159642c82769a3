//! Rules tests: one per acceptance case of `rules/bang.md` §20, named after
//! it, and the edge cases of §19 that no case covers (`bang_edge_NN_…`).
//!
//! [`T`] builds an exact situation: a real game is opened, then its seats get
//! the roles, characters and life the case states, every card goes back to
//! the deck in id order, and the case's cards are handed out, put in play or
//! stacked on top of the deck. Actions are then played through the real
//! `play`, with an RNG scripted where a random choice matters.

mod cards_and_setup;
mod characters;
mod dodge;
mod dynamite_jail;
mod elimination;
mod gold;
mod limits_and_distance;
mod multi_target;
mod npc;
mod npc_dodge;
mod npc_gold;
mod npc_train;
#[cfg(feature = "openapi")]
mod openapi;
mod shadows;
mod shots;
mod solo;
mod three_players;
mod train;
mod windows;

use super::*;
use crate::core::{GameRng, Role, Seat, Seed};

pub use Character::*;
pub use Role::*;

/// Seats clockwise: A = 0, B = 1, …
pub const A: Seat = 0;
pub const B: Seat = 1;
pub const C: Seat = 2;
pub const D: Seat = 3;
pub const E: Seat = 4;

/// Characters whose abilities stay out of phase 2 and of being shot.
pub const PLAIN: [Character; 8] = [
    PedroRamirez,
    JesseJones,
    BlackJack,
    KitCarlson,
    PedroRamirez,
    JesseJones,
    BlackJack,
    KitCarlson,
];

/// A table under test.
pub struct T {
    pub s: State,
    pub log: Vec<Event>,
    /// Values for the next decision's RNG (random hand cards, shuffles).
    pub script: Vec<u32>,
}

/// Roles for `n` players, the Sheriff at A: Sheriff, Outlaw, Outlaw, Renegade,
/// Deputy, Outlaw, Deputy, Renegade.
pub fn roles(n: usize) -> Vec<Role> {
    [
        Sheriff, Outlaw, Outlaw, Renegade, Deputy, Outlaw, Deputy, Renegade,
    ][..n]
        .to_vec()
}

impl T {
    /// `n` plain seats with the default roles.
    pub fn plain(n: usize) -> T {
        T::new(&PLAIN[..n], &roles(n))
    }

    /// A table with these characters and roles (life as dealt), every card in
    /// the deck in id order (card 80 on top), empty hands, and A's phase 2.
    pub fn new(characters: &[Character], roles: &[Role]) -> T {
        let n = characters.len() as u8;
        let config = Config::new(n);
        let log = start(&config, &mut GameRng::new(Seed::from_u64(1), 0)).unwrap();
        let mut s = State::default();
        for e in &log {
            apply(&mut s, e);
        }
        let three = n == 3;
        for seat in 0..n {
            let p = &mut s.table[seat as usize];
            p.role = Some(roles[seat as usize]);
            p.role_public = three || roles[seat as usize] == Sheriff;
            p.character = Some(characters[seat as usize]);
            let life = starting_life(characters[seat as usize], roles[seat as usize]);
            p.life = life as i8;
            p.max_life = life;
            p.alive = true;
            p.hand.clear();
            p.in_play.clear();
        }
        s.deck = (1..=80).collect();
        s.discard.clear();
        s.kit.clear();
        s.flipped.clear();
        s.store.clear();
        s.turn = Turn {
            seat: A,
            phase: Phase::Play,
            ..Turn::default()
        };
        s.effect = None;
        s.shot = None;
        s.window = None;
        s.check = None;
        s.dying = None;
        let t = T {
            s,
            log,
            script: Vec::new(),
        };
        check_invariants(&t.s).unwrap();
        t
    }

    /// Removes `card` from wherever it is.
    fn lift(&mut self, card: Card) {
        let s = &mut self.s;
        s.deck.retain(|c| *c != card);
        s.discard.retain(|c| *c != card);
        s.store.retain(|c| *c != card);
        for p in s.table.iter_mut() {
            p.hand.retain(|c| *c != card);
            p.in_play.retain(|c| *c != card);
        }
    }

    /// These cards go to `seat`'s hand, in order.
    pub fn give(&mut self, seat: Seat, cards: &[Card]) -> &mut T {
        for &c in cards {
            self.lift(c);
            self.s.table[seat as usize].hand.push(c);
        }
        self
    }

    /// These cards go into play in front of `seat`, in order.
    pub fn equip(&mut self, seat: Seat, cards: &[Card]) -> &mut T {
        for &c in cards {
            self.lift(c);
            self.s.table[seat as usize].in_play.push(c);
        }
        self
    }

    /// These cards go on top of the deck, the first listed on top.
    pub fn stack(&mut self, cards: &[Card]) -> &mut T {
        for &c in cards.iter().rev() {
            self.lift(c);
            self.s.deck.push(c);
        }
        self
    }

    /// These cards go to the discard pile, the last listed on top.
    pub fn discards(&mut self, cards: &[Card]) -> &mut T {
        for &c in cards {
            self.lift(c);
            self.s.discard.push(c);
        }
        self
    }

    /// Sets `seat`'s life.
    pub fn life(&mut self, seat: Seat, life: i8) -> &mut T {
        self.s.table[seat as usize].life = life;
        self
    }

    /// Sets `seat`'s standing orders.
    pub fn orders(&mut self, seat: Seat, orders: Orders) -> &mut T {
        self.s.orders[seat as usize] = orders;
        self
    }

    /// Eliminates `seat` out of band (his cards go to the discard pile).
    pub fn dead(&mut self, seat: Seat) -> &mut T {
        let p = &mut self.s.table[seat as usize];
        p.alive = false;
        p.role_public = true;
        let cards: Vec<Card> = p.hand.drain(..).chain(p.in_play.drain(..)).collect();
        self.s.discard.extend(cards);
        self
    }

    /// Starts `seat`'s turn from its start-of-turn checks.
    pub fn turn(&mut self, seat: Seat) -> Vec<Event> {
        self.s.turn = Turn {
            seat,
            phase: Phase::Start,
            ..Turn::default()
        };
        self.advance()
    }

    /// Runs the automatic steps from the state as it stands.
    pub fn advance(&mut self) -> Vec<Event> {
        let mut rng = GameRng::scripted(std::mem::take(&mut self.script));
        let events = advance(&mut self.s, &mut rng);
        self.after(&events);
        events
    }

    fn after(&mut self, events: &[Event]) {
        check_invariants(&self.s).unwrap();
        self.log.extend_from_slice(events);
    }

    /// `seat` posts `action`.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, ActionError> {
        let mut rng = GameRng::scripted(std::mem::take(&mut self.script));
        let events = play(&mut self.s, seat, &action, &mut rng)?;
        self.after(&events);
        Ok(events)
    }

    /// Like [`T::act`], which must be legal.
    pub fn ok(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        self.act(seat, action)
            .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e}"))
    }

    /// `seat` plays `card` at `target`.
    pub fn play(&mut self, seat: Seat, card: Card, target: Option<Seat>) -> Vec<Event> {
        self.ok(seat, play_at(card, target))
    }

    /// `seat` answers the open window with `card`.
    pub fn respond(&mut self, seat: Seat, card: Card) -> Vec<Event> {
        self.ok(seat, Action::Respond { card })
    }

    /// `seat` answers the open window with nothing.
    pub fn pass(&mut self, seat: Seat) -> Vec<Event> {
        self.ok(seat, Action::Pass)
    }

    /// The seats waiting, with their decisions.
    pub fn waiting(&self) -> Vec<(Seat, Decision)> {
        pending(&self.s)
            .iter()
            .map(|p| (p.seat, p.decision))
            .collect()
    }

    /// General Store: every card picked, the first remaining one each time;
    /// the seats that picked, in order (`events` are those that revealed it).
    pub fn pick_store_in_order(&mut self, events: Vec<Event>) -> Vec<Seat> {
        let mut picks = events;
        while !self.s.store.is_empty() {
            let (seat, _) = self.waiting()[0];
            let card = self.s.store[0];
            picks.extend(self.ok(seat, Action::Pick { card }));
        }
        picks
            .iter()
            .filter_map(|e| match e {
                Event::StorePicked { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect()
    }

    /// Life of `seat`.
    pub fn hp(&self, seat: Seat) -> i8 {
        self.s.p(seat).life
    }

    /// Hand of `seat`.
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        self.s.p(seat).hand.to_vec()
    }

    /// Whether `seat` is in play.
    pub fn alive(&self, seat: Seat) -> bool {
        self.s.alive(seat)
    }
}

/// The action playing `card` at `target`.
pub fn play_at(card: Card, target: Option<Seat>) -> Action {
    Action::Play {
        card,
        target,
        in_play: None,
    }
}

/// Orders answering every window automatically.
pub fn auto() -> Orders {
    Orders {
        shot: Reply::Auto,
        dying: Reply::Auto,
        indians: Reply::Auto,
        duel: Reply::Auto,
        store: StoreReply::First,
    }
}

/// How many cards General Stores revealed among `events`.
pub fn store_revealed(events: &[Event]) -> usize {
    events
        .iter()
        .map(|e| match e {
            Event::StoreRevealed { cards, .. } => cards.len(),
            _ => 0,
        })
        .sum()
}

/// Whether `events` hold one matching `f`.
pub fn has(events: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(f)
}

// Card ids used by the cases (§2.1).
pub const BANG_QH: Card = 1;
pub const BANG_KH: Card = 2;
pub const BANG_2D: Card = 4;
pub const BANG_4D: Card = 6;
pub const BANG_9D: Card = 11;
pub const BANG_7C: Card = 22;
pub const MISSED_KC: Card = 29;
pub const MISSED_2S: Card = 31;
pub const MISSED_3S: Card = 32;
pub const BEER: Card = 38;
pub const BEER2: Card = 39;
pub const BEER_8H: Card = 40;
pub const SALOON: Card = 44;
pub const STAGECOACH_9S: Card = 45;
pub const GENERAL_STORE: Card = 48;
pub const PANIC: Card = 50;
pub const CAT_BALOU: Card = 54;
pub const DUEL: Card = 58;
pub const INDIANS: Card = 61;
pub const GATLING: Card = 63;
pub const BARREL: Card = 64;
pub const SCOPE: Card = 66;
pub const MUSTANG: Card = 67;
pub const JAIL_4H: Card = 69;
pub const JAIL_10S: Card = 70;
pub const DYNAMITE: Card = 72;
pub const VOLCANIC: Card = 73;
pub const VOLCANIC_10S: Card = 74;
pub const SCHOFIELD: Card = 75;
pub const WINCHESTER: Card = 80;
