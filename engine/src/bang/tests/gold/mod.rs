//! Rules tests of Gold Rush (`rules/gold-rush.md`): one per acceptance case
//! GR-AC-01 to GR-AC-38 of §13, named after it (the Shadow-Gunslingers cases
//! 39–45 are not here).
//!
//! [`T::gold`] builds an exact Gold Rush situation on the base harness: a
//! game opened with `options.expansions = ["gold_rush"]`, the seats, cards
//! and life as [`T::new`] sets them, every equipment card back in the
//! equipment deck face down in id order (E24 on top) and the market dealt
//! from its top as at the opening (E24, E23, E22). The helpers below move
//! equipment cards like `T` moves playing cards: each from wherever it is, so
//! every card stays in exactly one place.
use crate::bang::GoldAction;

mod buying;
mod characters;
mod effects;
mod setup_nuggets;

pub use super::*;
pub use crate::bang::gold::{
    EXPANSION, Equip, Gold, MARKET, Mode, NuggetSource, NuggetUse, all_equipment,
};
pub use crate::core::Viewer;

// Equipment ids (§6, E01–E24, the order of `EQUIP_KINDS`).
pub const SHOT_1: Equip = 1;
pub const BOTTLE_1: Equip = 4;
pub const PARDNER_1: Equip = 7;
pub const GOLD_RUSH: Equip = 10;
pub const RHUM_1: Equip = 11;
pub const UNION_PACIFIC: Equip = 13;
pub const CALUMET: Equip = 14;
pub const GUN_BELT: Equip = 15;
pub const HORSESHOE: Equip = 16;
pub const PICKAXE: Equip = 17;
pub const WANTED_1: Equip = 18;
pub const WANTED_2: Equip = 19;
pub const WANTED_3: Equip = 20;
pub const GOLD_PAN: Equip = 21;
pub const BOOTS: Equip = 22;
pub const LUCKY_CHARM: Equip = 23;
pub const RUCKSACK: Equip = 24;

// Playing cards by suit and value, for the checks.
pub const BANG_5D: Card = 7;
pub const JAIL_JS: Card = 71;
pub const WELLS_FARGO_3H: Card = 47;

impl T {
    /// A Gold Rush table with these characters and roles (see the module doc).
    pub fn gold(characters: &[Character], roles: &[Role]) -> T {
        let (t, log) = T::new(characters, roles).gold_opened();
        T { log, ..t }
    }

    /// This table (any: the solo harness's too) with Gold Rush on: the
    /// equipment deck in id order, its top 3 in the market.
    pub fn with_gold(self) -> T {
        self.gold_opened().0
    }

    /// [`T::with_gold`], and the log of a game of its size opened with the
    /// expansion (what the rules would have recorded).
    fn gold_opened(mut self) -> (T, Vec<Event>) {
        let mut config = Config::new(self.s.players);
        config.options.expansions = vec![EXPANSION.to_string()];
        let log = start(&config, &mut GameRng::new(Seed::from_u64(1), 0)).unwrap();
        let mut opened = State::default();
        for e in &log {
            apply(&mut opened, e);
        }
        assert!(opened.gold.on, "the game was opened with Gold Rush");
        self.s.gold = Gold {
            on: opened.gold.on,
            deck: all_equipment().collect(),
            ..Gold::default()
        };
        crate::bang::expansion::switch(&mut self.s, crate::bang::gold::EXPANSION, true);
        self.refill_market();
        check_invariants(&self.s).unwrap();
        (self, log)
    }

    /// `n` plain seats with the default roles, Gold Rush on.
    pub fn gold_plain(n: usize) -> T {
        T::gold(&PLAIN[..n], &roles(n))
    }

    /// Removes equipment `e` from wherever it is (an emptied market slot
    /// stays empty until [`T::refill_market`]).
    fn lift_equipment(&mut self, e: Equip) {
        let g = &mut self.s.gold;
        if let Some(i) = g.deck.iter().position(|&x| x == e) {
            g.deck.remove(i);
            if i < g.returned as usize {
                g.returned -= 1;
            }
        }
        for slot in g.market.iter_mut() {
            if *slot == Some(e) {
                *slot = None;
            }
        }
        if g.josh == Some(e) {
            g.josh = None;
        }
        for p in self.s.table.iter_mut() {
            p.equipment.retain(|x| *x != e);
        }
    }

    /// Every empty market slot takes the top face-down card, as in play.
    fn refill_market(&mut self) {
        let g = &mut self.s.gold;
        for slot in 0..MARKET {
            if g.market[slot].is_none() && g.deck.len() > g.returned as usize {
                g.market[slot] = g.deck.pop();
            }
        }
    }

    /// Sets `seat`'s nuggets.
    pub fn nuggets(&mut self, seat: Seat, n: u16) -> &mut T {
        self.s.table[seat as usize].nuggets = n;
        self
    }

    /// These black cards go into play in front of `seat`, in order.
    pub fn equipment(&mut self, seat: Seat, cards: &[Equip]) -> &mut T {
        for &e in cards {
            self.lift_equipment(e);
            self.s.table[seat as usize].equipment.push(e);
        }
        self.refill_market();
        self
    }

    /// The market holds these cards, slot 1 first; a card it held before
    /// goes back into the deck under the face-down cards.
    pub fn market(&mut self, cards: &[Equip]) -> &mut T {
        for &e in cards {
            self.lift_equipment(e);
        }
        for (slot, &e) in cards.iter().enumerate() {
            let g = &mut self.s.gold;
            if let Some(old) = g.market[slot].replace(e) {
                let at = g.returned as usize;
                g.deck.insert(at, old);
            }
        }
        self.refill_market();
        self
    }

    /// The market holds exactly these, slot 1 first (`None`: an empty slot,
    /// not refilled); the cards it held go back under the face-down ones.
    pub fn market_slots(&mut self, slots: [Option<Equip>; MARKET]) -> &mut T {
        for e in slots.into_iter().flatten() {
            self.lift_equipment(e);
        }
        for (slot, e) in slots.into_iter().enumerate() {
            let g = &mut self.s.gold;
            if let Some(old) = std::mem::replace(&mut g.market[slot], e) {
                let at = g.returned as usize;
                g.deck.insert(at, old);
            }
        }
        self
    }

    /// These cards go face down on top of the equipment deck, the first
    /// listed on top.
    pub fn stack_equipment(&mut self, cards: &[Equip]) -> &mut T {
        for &e in cards.iter().rev() {
            self.lift_equipment(e);
            self.s.gold.deck.push(e);
        }
        self.refill_market();
        self
    }

    /// These cards go face up to the bottom of the equipment deck, one after
    /// the other (the last listed is the bottom card).
    pub fn return_equipment(&mut self, cards: &[Equip]) -> &mut T {
        for &e in cards {
            self.lift_equipment(e);
            self.s.gold.deck.insert(0, e);
            self.s.gold.returned += 1;
        }
        self.refill_market();
        self
    }

    /// Makes it `seat`'s phase 2.
    pub fn playing(&mut self, seat: Seat) -> &mut T {
        self.s.turn = Turn {
            seat,
            phase: Phase::Play,
            ..Turn::default()
        };
        self
    }

    /// `seat`'s nuggets.
    pub fn gold_of(&self, seat: Seat) -> u16 {
        self.s.p(seat).nuggets
    }

    /// `seat`'s black equipment in play.
    pub fn equipment_of(&self, seat: Seat) -> Vec<Equip> {
        self.s.p(seat).equipment.to_vec()
    }

    /// The market, slot 1 first.
    pub fn market_now(&self) -> [Option<Equip>; MARKET] {
        self.s.gold.market
    }

    /// The face-up cards at the bottom of the equipment deck, bottom first.
    pub fn returned(&self) -> Vec<Equip> {
        self.s.gold.face_up().to_vec()
    }
}

/// The action buying the card in `slot` with no mode and no target.
pub fn buy(slot: u8) -> Action {
    buy_as(slot, None, None, None)
}

/// The action buying the card in `slot` used in `mode` at `target`.
pub fn buy_as(slot: u8, mode: Option<Mode>, target: Option<Seat>, in_play: Option<Card>) -> Action {
    Action::Gold(GoldAction::Buy {
        slot,
        mode,
        target,
        in_play,
        discount: false,
    })
}

/// The action paying for `used` (no target).
pub fn pay(used: NuggetUse) -> Action {
    Action::Gold(GoldAction::Pay { used, target: None })
}

/// Every `(seat, amount, source)` of the nuggets gained in `events`.
pub fn gained(events: &[Event]) -> Vec<(Seat, u8, NuggetSource)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Gold(GoldEvent::NuggetsGained {
                seat,
                amount,
                source,
            }) => Some((*seat, *amount, *source)),
            _ => None,
        })
        .collect()
}

/// How many cards `who` drew in `events`.
pub fn drew(events: &[Event], who: Seat) -> usize {
    events
        .iter()
        .map(|e| match e {
            Event::CardsDrawn { seat, cards } if *seat == who => cards.len(),
            _ => 0,
        })
        .sum()
}

/// The position of the first event matching `f` (panics if none).
pub fn at(events: &[Event], f: impl Fn(&Event) -> bool) -> usize {
    events
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("no such event in {events:#?}"))
}
