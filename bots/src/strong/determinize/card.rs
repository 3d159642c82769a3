//! The card game's determinization: the roles, hands and deck order a seat
//! cannot see, sampled while folding its own redacted log.
//!
//! The log is folded into a full state one event at a time. An event that
//! hides something from the seat is first filled from the sampled state
//! itself (a hidden shuffle is a uniform order of the cards the state has
//! there; a hidden draw takes the sampled deck's top; a hidden steal takes a
//! uniform card of the sampled hand), so the sample is consistent by
//! construction. When a later public event names a card the sample put in
//! another hidden place than the one the event takes it from (Bob plays a
//! Bang! that the sample dealt to Carol), the two hidden cards swap places
//! first: the seat could not tell them apart, so its view stays the same.
//! Cards whose hidden place the seat does know (the one Bob picked from the
//! General Store) are pinned and never swapped away. The roles are drawn
//! once, before the fold, likelier as they fit who attacked the Sheriff.

use std::borrow::Cow;

use engine::bang::gold::all_equipment;
use engine::bang::npc::Memory;
use engine::bang::train::railcars::{RAILCAR_BASE, RAILCARS};
use engine::bang::train::stations::STATIONS;
use engine::bang::{Bang, Card, Event, State, View, deck_ids, roles_for};
use engine::{Role, Ruleset, Seat, Viewer};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::{Determinize, World, pick_likely, role_lean, shuffle, take};
use crate::card::NormalCardPolicy;
use crate::policy::Policy;

/// Candidate deals of the roles drawn per determinization, one kept by its
/// likelihood.
const CANDIDATES: usize = 8;

/// How much one hostile act against the Sheriff makes an Outlaw likelier
/// (and a Deputy less likely) than the other roles.
const HOSTILITY_WEIGHT: f64 = 0.7;

/// How much one hostile act against the Sheriff's enemies makes a Deputy
/// likelier (and an Outlaw less likely).
const LOYALTY_WEIGHT: f64 = 0.35;

/// Playouts per millisecond measured on the reference machine (release, one
/// core, 5 players): the base game, Gold Rush, the Great Train Robbery, and
/// both (their games run longer and their bots think more).
const BASE_PLAYOUTS_PER_MS: f64 = 10.0;
const GOLD_PLAYOUTS_PER_MS: f64 = 5.0;
const TRAIN_PLAYOUTS_PER_MS: f64 = 2.5;
const BOTH_PLAYOUTS_PER_MS: f64 = 1.0;

/// Where a card lies in a sampled state, as far as hiding goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Zone {
    /// The draw deck (its order hidden from every seat).
    Deck,
    /// A player's hand.
    Hand(Seat),
    /// Kit Carlson's (or Dutch Will's) cards while he chooses.
    Kit,
    /// Anywhere every seat sees (in play, the discard pile, the store, …).
    Public,
}

/// The fold in progress: the sampled state and what the seat knows of it.
struct Sampler<'a> {
    /// The seat whose view the sample keeps.
    me: Seat,
    /// The log as the seat saw it.
    observed: &'a [Event],
    /// The sampled state, folded so far.
    state: State,
    /// Cards whose hidden place the seat knows.
    pinned: [bool; 256],
    /// Who is looking at the kit (it is hidden from the others).
    kit_seat: Option<Seat>,
    /// The roles drawn for the seats whose role is hidden.
    roles: Vec<Role>,
}

impl Sampler<'_> {
    /// Whether the seat cannot see the cards of `zone`.
    fn hidden(&self, zone: Zone) -> bool {
        match zone {
            Zone::Deck => true,
            Zone::Hand(seat) => seat != self.me,
            Zone::Kit => self.kit_seat != Some(self.me),
            Zone::Public => false,
        }
    }

    /// The hidden places a card may be swapped between.
    fn hidden_zones(&self) -> impl Iterator<Item = Zone> + use<> {
        let me = self.me;
        let kit = self.kit_seat != Some(me) && !self.state.kit.is_empty();
        std::iter::once(Zone::Deck)
            .chain(
                (0..self.state.players)
                    .filter(move |&s| s != me)
                    .map(Zone::Hand),
            )
            .chain(kit.then_some(Zone::Kit))
    }
}

/// The cards of `zone` in `state`.
fn pile(state: &State, zone: Zone) -> &[Card] {
    match zone {
        Zone::Deck => &state.deck,
        Zone::Hand(seat) => state
            .table
            .get(seat as usize)
            .map_or(&[][..], |p| &p.hand[..]),
        Zone::Kit => &state.kit,
        Zone::Public => &[],
    }
}

/// The cards of `zone` in `state`, to swap.
fn pile_mut(state: &mut State, zone: Zone) -> &mut [Card] {
    match zone {
        Zone::Deck => &mut state.deck,
        Zone::Hand(seat) => state
            .table
            .get_mut(seat as usize)
            .map_or(&mut [][..], |p| &mut p.hand[..]),
        Zone::Kit => &mut state.kit,
        Zone::Public => &mut [],
    }
}

/// Where `card` lies in `state`, and at which index of its zone.
fn locate(state: &State, card: Card) -> (Zone, usize) {
    let hands = (0..state.players).map(Zone::Hand);
    for zone in [Zone::Deck, Zone::Kit].into_iter().chain(hands) {
        if let Some(i) = pile(state, zone).iter().rposition(|&c| c == card) {
            return (zone, i);
        }
    }
    (Zone::Public, 0)
}

/// The cards an event names openly, each with the hidden place it is taken
/// from when the rules say so (`None`: let a trial fold find it).
fn named(event: &Event, out: &mut Vec<(Card, Option<Zone>)>) {
    out.clear();
    let hand = |seat: &Seat| Some(Zone::Hand(*seat));
    match event {
        Event::CheckFlipped { card, .. } => out.push((*card, Some(Zone::Deck))),
        Event::CardShown { seat, card }
        | Event::CardPlayed { seat, card, .. }
        | Event::MissedPlayed { seat, card }
        | Event::BangDiscarded { seat, card }
        | Event::BeerSold { seat, card }
        | Event::ShotRedirected { seat, card, .. } => out.push((*card, hand(seat))),
        Event::CardGiven {
            seat,
            card: Some(card),
            ..
        } => out.push((*card, hand(seat))),
        Event::CardStolen {
            from,
            card: Some(card),
            from_hand,
            ..
        } => out.push((*card, if *from_hand { hand(from) } else { None })),
        Event::Discarded { seat, cards } => out.extend(cards.iter().map(|c| (*c, hand(seat)))),
        Event::Healed { seat, cards } => out.extend(cards.iter().map(|c| (*c, hand(seat)))),
        Event::CardsInherited { from, hand: h, .. } => {
            out.extend(h.iter().flatten().map(|c| (*c, hand(from))));
        }
        Event::CardsDrawn { cards, .. }
        | Event::KitLooked { cards, .. }
        | Event::MapLooked { cards, .. } => {
            out.extend(cards.iter().flatten().map(|c| (*c, Some(Zone::Deck))));
        }
        Event::StoreRevealed { cards, .. } => {
            out.extend(cards.iter().map(|c| (*c, Some(Zone::Deck))));
        }
        Event::MapDone {
            discarded: Some(card),
            ..
        } => out.push((*card, Some(Zone::Deck))),
        Event::DutchDiscarded { card, .. } | Event::RobberyHandled { card, .. } => {
            out.push((*card, None));
        }
        Event::CardsSwitched { mine, theirs, .. } => {
            out.extend([(*mine, None), (*theirs, None)]);
        }
        Event::RailcarUsed {
            card: Some(card), ..
        } => out.push((*card, None)),
        // Back on the deck's top: its place is known to the seat that saw it.
        Event::KitKept {
            back: Some(card), ..
        } => out.push((*card, Some(Zone::Kit))),
        _ => {}
    }
}

impl Sampler<'_> {
    /// Swaps the cards at `(a, i)` and `(b, j)` of the sampled state.
    fn swap(&mut self, (a, i): (Zone, usize), (b, j): (Zone, usize)) {
        let x = pile(&self.state, a)[i];
        let y = pile(&self.state, b)[j];
        pile_mut(&mut self.state, a)[i] = y;
        pile_mut(&mut self.state, b)[j] = x;
    }

    /// An unpinned card of hidden `zone` to swap with, none of the cards
    /// the event names (`names`): the deck's top-most (a draw takes the
    /// top), else a uniform one.
    fn partner(
        &self,
        zone: Zone,
        names: &[(Card, Option<Zone>)],
        rng: &mut ChaCha8Rng,
    ) -> Option<usize> {
        let cards = pile(&self.state, zone);
        let free = |c: Card| !self.pinned[c as usize] && names.iter().all(|&(n, _)| n != c);
        if zone == Zone::Deck {
            return cards.iter().rposition(|&c| free(c));
        }
        let count = cards.iter().filter(|&&c| free(c)).count();
        if count == 0 {
            return None;
        }
        let k = rng.random_range(0..count);
        cards
            .iter()
            .enumerate()
            .filter(|(_, c)| free(**c))
            .nth(k)
            .map(|(i, _)| i)
    }

    /// Makes `event` find every card it names openly where it takes it
    /// from, swapping hidden cards where the sample placed them elsewhere.
    fn repair(&mut self, event: &Event, names: &[(Card, Option<Zone>)], rng: &mut ChaCha8Rng) {
        for &(card, from) in names {
            let at = locate(&self.state, card);
            if !self.hidden(at.0) || Some(at.0) == from {
                continue;
            }
            match from {
                Some(zone) if self.hidden(zone) => {
                    if let Some(j) = self.partner(zone, names, rng) {
                        self.swap(at, (zone, j));
                    }
                }
                Some(_) => {}
                None => self.repair_by_trial(event, names, card, at, rng),
            }
        }
    }

    /// For an event whose source the table does not say: fold it on a copy
    /// and, if the card stays put, try it from each other hidden place.
    fn repair_by_trial(
        &mut self,
        event: &Event,
        names: &[(Card, Option<Zone>)],
        card: Card,
        at: (Zone, usize),
        rng: &mut ChaCha8Rng,
    ) {
        let moves = |state: &State| {
            let mut trial = state.clone();
            Bang::apply(&mut trial, event);
            locate(&trial, card).0 != locate(state, card).0
        };
        if moves(&self.state) {
            return;
        }
        let zones: Vec<Zone> = self.hidden_zones().filter(|&z| z != at.0).collect();
        for zone in zones {
            let Some(j) = self.partner(zone, names, rng) else {
                continue;
            };
            self.swap(at, (zone, j));
            if moves(&self.state) {
                return;
            }
            self.swap(at, (zone, j));
        }
    }

    /// `n` cards from the sampled deck's top, the top first.
    fn top(&self, n: usize) -> Option<Vec<Option<Card>>> {
        let deck = &self.state.deck;
        (deck.len() >= n).then(|| deck.iter().rev().take(n).map(|&c| Some(c)).collect())
    }

    /// A uniform card of `seat`'s sampled hand.
    fn any_in_hand(&self, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Card> {
        let hand = pile(&self.state, Zone::Hand(seat));
        (!hand.is_empty()).then(|| hand[rng.random_range(0..hand.len())])
    }

    /// Forgets which of `seat`'s cards the seat knew: one of them left his
    /// hand unseen.
    fn unpin_hand(&mut self, seat: Seat) {
        for &c in pile(&self.state, Zone::Hand(seat)) {
            self.pinned[c as usize] = false;
        }
    }

    /// Event `i` with what it hides from the seat filled from the sample;
    /// `None` when the sample cannot fill it.
    fn fill<'e>(
        &mut self,
        i: usize,
        event: &'e Event,
        rng: &mut ChaCha8Rng,
    ) -> Option<Cow<'e, Event>> {
        let me = self.me;
        let filled = match event {
            Event::RoleDealt {
                seat,
                role: None,
                face_up,
            } => Event::RoleDealt {
                seat: *seat,
                role: Some(*self.roles.get(*seat as usize)?),
                face_up: *face_up,
            },
            Event::DeckShuffled { order } if order.iter().any(Option::is_none) => {
                let mut cards: Vec<Card> = if self.state.dealt {
                    if !self.state.deck.is_empty() {
                        return None;
                    }
                    self.state.discard.to_vec()
                } else {
                    deck_ids(self.state.train.on).collect()
                };
                if cards.len() != order.len() {
                    return None;
                }
                shuffle(&mut cards, rng);
                Event::DeckShuffled {
                    order: cards.into_iter().map(Some).collect(),
                }
            }
            Event::CardsDrawn { seat, cards } if cards.iter().any(Option::is_none) => {
                Event::CardsDrawn {
                    seat: *seat,
                    cards: self.top(cards.len())?,
                }
            }
            Event::KitLooked { seat, cards } if cards.iter().any(Option::is_none) => {
                Event::KitLooked {
                    seat: *seat,
                    cards: self.top(cards.len())?,
                }
            }
            Event::MapLooked { seat, cards } if cards.iter().any(Option::is_none) => {
                Event::MapLooked {
                    seat: *seat,
                    cards: self.top(cards.len())?,
                }
            }
            // Kit Carlson chose the card he put back only when he saw all
            // three; with fewer (a short deck) he keeps them all.
            Event::KitKept { seat, back: None } if *seat != me && self.state.kit.len() >= 3 => {
                let kit = &self.state.kit;
                Event::KitKept {
                    seat: *seat,
                    back: Some(kit[rng.random_range(0..kit.len())]),
                }
            }
            Event::CardStolen {
                from,
                to,
                card: None,
                from_hand: true,
            } => {
                let card = self.any_in_hand(*from, rng)?;
                self.unpin_hand(*from);
                Event::CardStolen {
                    from: *from,
                    to: *to,
                    card: Some(card),
                    from_hand: true,
                }
            }
            Event::CardGiven {
                seat,
                to,
                card: None,
            } if *seat != me && *to != me => match self.any_in_hand(*seat, rng) {
                Some(card) => {
                    self.unpin_hand(*seat);
                    Event::CardGiven {
                        seat: *seat,
                        to: *to,
                        card: Some(card),
                    }
                }
                None => return Some(Cow::Borrowed(event)),
            },
            Event::CardsInherited {
                seat,
                from,
                hand,
                in_play,
            } if hand.iter().any(Option::is_none) => {
                let held = pile(&self.state, Zone::Hand(*from));
                if held.len() < hand.len() {
                    return None;
                }
                Event::CardsInherited {
                    seat: *seat,
                    from: *from,
                    hand: held.iter().take(hand.len()).map(|&c| Some(c)).collect(),
                    in_play: in_play.clone(),
                }
            }
            Event::EquipmentShuffled { order } if order.iter().any(Option::is_none) => {
                let g = &self.state.gold;
                let set: Vec<u8> = if g.deck.is_empty() {
                    all_equipment().collect()
                } else {
                    g.deck.to_vec()
                };
                let shown = self.shown_after(i, |e| match e {
                    Event::MarketFilled { equipment, .. } => Some(vec![*equipment]),
                    Event::EquipmentShuffled { .. } => None,
                    _ => Some(Vec::new()),
                });
                Event::EquipmentShuffled {
                    order: ordered(set, &shown, order.len(), rng)?,
                }
            }
            Event::StationsShuffled { order } if order.iter().any(Option::is_none) => {
                let t = &self.state.train;
                let mut set: Vec<u8> = t.row.iter().chain(&t.spare_stations).copied().collect();
                if set.is_empty() {
                    set = (1..=STATIONS as u8).collect();
                }
                let shown = self.shown_after(i, |e| match e {
                    Event::StationsRevealed { row } => Some(row.to_vec()),
                    Event::StationsShuffled { .. } => None,
                    _ => Some(Vec::new()),
                });
                Event::StationsShuffled {
                    order: ordered(set, &shown, order.len(), rng)?,
                }
            }
            Event::RailcarsShuffled { order } if order.iter().any(Option::is_none) => {
                let t = &self.state.train;
                let mut set: Vec<u8> = t.cars.iter().chain(&t.deck).copied().collect();
                if set.is_empty() {
                    set = (RAILCAR_BASE + 1..=RAILCAR_BASE + RAILCARS as u8).collect();
                }
                let shown = self.shown_after(i, |e| match e {
                    Event::RailcarAdded { railcar } => Some(vec![*railcar]),
                    Event::RailcarsDrawn { railcars, .. } => Some(railcars.clone()),
                    Event::RailcarsShuffled { .. } => None,
                    _ => Some(Vec::new()),
                });
                Event::RailcarsShuffled {
                    order: ordered(set, &shown, order.len(), rng)?,
                }
            }
            _ => return Some(Cow::Borrowed(event)),
        };
        Some(Cow::Owned(filled))
    }

    /// The ids turned up one by one after event `i` (each event's by
    /// `shows`), until `shows` says a new shuffle began (`None`).
    fn shown_after(&self, i: usize, shows: impl Fn(&Event) -> Option<Vec<u8>>) -> Vec<u8> {
        let mut out = Vec::new();
        for e in self.observed.iter().skip(i + 1) {
            match shows(e) {
                Some(ids) => out.extend(ids),
                None => break,
            }
        }
        out
    }
}

/// A shuffled order of `set` (`len` ids, top first) that turns up `shown`
/// first, in that order, and the others uniformly.
fn ordered(
    mut set: Vec<u8>,
    shown: &[u8],
    len: usize,
    rng: &mut ChaCha8Rng,
) -> Option<Vec<Option<u8>>> {
    if set.len() != len {
        return None;
    }
    set.sort_unstable();
    let mut order = Vec::with_capacity(len);
    for id in shown {
        if set.contains(id) && !order.contains(&Some(*id)) {
            take(&mut set, id);
            order.push(Some(*id));
        }
    }
    set.sort_unstable();
    shuffle(&mut set, rng);
    order.extend(set.into_iter().map(Some));
    Some(order)
}

/// The roles of every seat: those the seat saw (its own, the Sheriff's,
/// the eliminated), the others drawn from the role cards left, likelier as
/// they fit the hostility ledger of the whole log.
fn sample_roles(observed: &[Event], players: u8, rng: &mut ChaCha8Rng) -> Vec<Role> {
    let n = players as usize;
    let mut known: Vec<Option<Role>> = vec![None; n];
    let mut memory = Memory::new();
    for e in observed {
        memory.observe(e);
        match e {
            Event::RoleDealt {
                seat,
                role: Some(role),
                ..
            }
            | Event::PlayerEliminated { seat, role, .. } => {
                if let Some(k) = known.get_mut(*seat as usize) {
                    *k = Some(*role);
                }
            }
            _ => {}
        }
    }
    let mut left: Vec<Role> = roles_for(players).to_vec();
    for r in known.iter().flatten() {
        take(&mut left, r);
    }
    left.sort_by_key(|r| *r as u8);
    let candidates: Vec<Vec<Role>> = (0..CANDIDATES)
        .map(|_| {
            let mut pool = left.clone();
            shuffle(&mut pool, rng);
            let mut pool = pool.into_iter();
            known
                .iter()
                .map(|k| k.unwrap_or_else(|| pool.next().unwrap_or(Role::Outlaw)))
                .collect()
        })
        .collect();
    pick_likely(
        candidates,
        |deal| {
            deal.iter()
                .zip(&known)
                .enumerate()
                .filter(|(_, (_, k))| k.is_none())
                .map(|(seat, (role, _))| {
                    let hostile = f64::from(memory.sheriff_score(seat as Seat));
                    let loyal = f64::from(memory.lawman_score(seat as Seat));
                    role_lean(*role, HOSTILITY_WEIGHT * hostile - LOYALTY_WEIGHT * loyal)
                })
                .sum()
        },
        rng,
    )
}

/// The sampled state of a card game `me` saw as `observed`.
fn sample(observed: &[Event], me: Seat, rng: &mut ChaCha8Rng) -> Option<State> {
    let players = match observed.first()? {
        Event::GameCreated(created) => created.players.min(engine::bang::MAX_PLAYERS as u8),
        _ => return None,
    };
    let mut s = Sampler {
        me,
        observed,
        state: State::default(),
        pinned: [false; 256],
        kit_seat: None,
        roles: sample_roles(observed, players, rng),
    };
    let mut names = Vec::new();
    for (i, seen) in observed.iter().enumerate() {
        // The cards the seat saw named, not those the sample filled in.
        named(seen, &mut names);
        let event = s.fill(i, seen, rng)?;
        s.repair(&event, &names, rng);
        if let Event::KitLooked { seat, .. } = &*event {
            s.kit_seat = Some(*seat);
        }
        Bang::apply(&mut s.state, &event);
        // A card named openly that is now in a hidden place: the seat knows
        // where it is (Bob's pick from the General Store, a card Bob stole
        // from the seat).
        for &(card, _) in &names {
            let at = locate(&s.state, card).0;
            s.pinned[card as usize] = s.hidden(at);
        }
    }
    Some(s.state)
}

impl Determinize for Bang {
    const DEFAULT_BUDGET_MS: u32 = 20;

    fn playouts_per_ms(observed: &[Event]) -> f64 {
        let Some(Event::GameCreated(created)) = observed.first() else {
            return BASE_PLAYOUTS_PER_MS;
        };
        let o = &created.options;
        match (
            o.has_expansion(engine::bang::gold::EXPANSION),
            o.has_expansion(engine::bang::train::EXPANSION),
        ) {
            (false, false) => BASE_PLAYOUTS_PER_MS,
            (true, false) => GOLD_PLAYOUTS_PER_MS,
            (false, true) => TRAIN_PLAYOUTS_PER_MS,
            (true, true) => BOTH_PLAYOUTS_PER_MS,
        }
    }

    fn determinize(observed: &[Event], seat: Seat, rng: &mut ChaCha8Rng) -> Option<State> {
        sample(observed, seat, rng)
    }

    fn world(observed: &[Event], seat: Seat, rng: &mut ChaCha8Rng) -> Option<World<Bang>> {
        let state = sample(observed, seat, rng)?;
        // The `normal` bot's memory is the hostility ledger of public acts:
        // the same for every seat, so it is told the log once.
        let mut normal = NormalCardPolicy::new();
        for e in observed {
            normal.observe(e);
        }
        let policies = (0..state.players)
            .map(|_| Box::new(normal.clone()) as Box<dyn Policy<Bang>>)
            .collect();
        Some(World { state, policies })
    }

    fn viewer(view: &View) -> Option<Seat> {
        match view.viewer {
            Viewer::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    fn rollout_policy(_seed: u64) -> Box<dyn Policy<Bang>> {
        Box::new(NormalCardPolicy::new())
    }
}
