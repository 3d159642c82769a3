//! Where each card lies in the sampled state, as far as hiding goes, and the
//! repair that swaps two hidden cards when a public event names a card the
//! sample put elsewhere than where the event takes it from.

use engine::bang::{Bang, Card, Event, State};
use engine::bang::{GoldEvent, TrainEvent};
use engine::{Ruleset, Seat};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::Sampler;

/// Where a card lies in a sampled state, as far as hiding goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Zone {
    /// The draw deck (its order hidden from every seat).
    Deck,
    /// A player's hand.
    Hand(Seat),
    /// Kit Carlson's (or Dutch Will's) cards while he chooses.
    Kit,
    /// Anywhere every seat sees (in play, the discard pile, the store, …).
    Public,
}

impl Sampler<'_> {
    /// Whether the seat cannot see the cards of `zone`.
    pub(super) fn hidden(&self, zone: Zone) -> bool {
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
pub(super) fn pile(state: &State, zone: Zone) -> &[Card] {
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
pub(super) fn locate(state: &State, card: Card) -> (Zone, usize) {
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
pub(super) fn named(event: &Event, out: &mut Vec<(Card, Option<Zone>)>) {
    out.clear();
    let hand = |seat: &Seat| Some(Zone::Hand(*seat));
    match event {
        Event::CheckFlipped { card, .. } => out.push((*card, Some(Zone::Deck))),
        Event::CardShown { seat, card }
        | Event::CardPlayed { seat, card, .. }
        | Event::MissedPlayed { seat, card }
        | Event::BangDiscarded { seat, card }
        | Event::Gold(GoldEvent::BeerSold { seat, card })
        | Event::Train(TrainEvent::ShotRedirected { seat, card, .. }) => {
            out.push((*card, hand(seat)))
        }
        Event::Train(TrainEvent::CardGiven {
            seat,
            card: Some(card),
            ..
        }) => out.push((*card, hand(seat))),
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
        | Event::Train(TrainEvent::MapLooked { cards, .. }) => {
            out.extend(cards.iter().flatten().map(|c| (*c, Some(Zone::Deck))));
        }
        Event::StoreRevealed { cards, .. } => {
            out.extend(cards.iter().map(|c| (*c, Some(Zone::Deck))));
        }
        Event::Train(TrainEvent::MapDone {
            discarded: Some(card),
            ..
        }) => out.push((*card, Some(Zone::Deck))),
        Event::Gold(GoldEvent::DutchDiscarded { card, .. })
        | Event::Train(TrainEvent::RobberyHandled { card, .. }) => {
            out.push((*card, None));
        }
        Event::Train(TrainEvent::CardsSwitched { mine, theirs, .. }) => {
            out.extend([(*mine, None), (*theirs, None)]);
        }
        Event::Train(TrainEvent::RailcarUsed {
            card: Some(card), ..
        }) => out.push((*card, None)),
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
    pub(super) fn repair(
        &mut self,
        event: &Event,
        names: &[(Card, Option<Zone>)],
        rng: &mut ChaCha8Rng,
    ) {
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
}
