//! Filling what an event hides from the seat from the sampled state itself:
//! a hidden shuffle becomes a uniform order of the cards the state has there
//! (the ids later turned up first), a hidden draw the sampled deck's top, a
//! hidden steal or gift a uniform card of the sampled hand.

use std::borrow::Cow;

use engine::Seat;
use engine::bang::GoldEvent;
use engine::bang::TrainEvent;
use engine::bang::gold::all_equipment;
use engine::bang::train::railcars::{RAILCAR_BASE, RAILCARS};
use engine::bang::train::stations::STATIONS;
use engine::bang::{Card, Event};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::super::{shuffle, take};
use super::Sampler;
use super::zones::{Zone, pile};

impl Sampler<'_> {
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
    pub(super) fn fill<'e>(
        &mut self,
        i: usize,
        event: &'e Event,
        rng: &mut ChaCha8Rng,
    ) -> Option<Cow<'e, Event>> {
        let me = self.me;
        let hidden = |cards: &[Option<u8>]| cards.iter().any(Option::is_none);
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
            Event::DeckShuffled { order } if hidden(order) => Event::DeckShuffled {
                order: self.deck_order(order.len(), rng)?,
            },
            Event::CardsDrawn { seat, cards } if hidden(cards) => Event::CardsDrawn {
                seat: *seat,
                cards: self.top(cards.len())?,
            },
            Event::KitLooked { seat, cards } if hidden(cards) => Event::KitLooked {
                seat: *seat,
                cards: self.top(cards.len())?,
            },
            Event::Train(TrainEvent::MapLooked { seat, cards }) if hidden(cards) => {
                Event::Train(TrainEvent::MapLooked {
                    seat: *seat,
                    cards: self.top(cards.len())?,
                })
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
            } => Event::CardStolen {
                from: *from,
                to: *to,
                card: Some(self.take_unseen(*from, rng)?),
                from_hand: true,
            },
            Event::Train(TrainEvent::CardGiven {
                seat,
                to,
                card: None,
            }) if *seat != me && *to != me => match self.take_unseen(*seat, rng) {
                Some(card) => Event::Train(TrainEvent::CardGiven {
                    seat: *seat,
                    to: *to,
                    card: Some(card),
                }),
                None => return Some(Cow::Borrowed(event)),
            },
            Event::CardsInherited {
                seat,
                from,
                hand,
                in_play,
            } if hidden(hand) => Event::CardsInherited {
                seat: *seat,
                from: *from,
                hand: self.inherited_hand(*from, hand.len())?,
                in_play: in_play.clone(),
            },
            Event::Gold(GoldEvent::EquipmentShuffled { order }) if hidden(order) => {
                Event::Gold(GoldEvent::EquipmentShuffled {
                    order: self.equipment_order(i, order.len(), rng)?,
                })
            }
            Event::Train(TrainEvent::StationsShuffled { order }) if hidden(order) => {
                Event::Train(TrainEvent::StationsShuffled {
                    order: self.stations_order(i, order.len(), rng)?,
                })
            }
            Event::Train(TrainEvent::RailcarsShuffled { order }) if hidden(order) => {
                Event::Train(TrainEvent::RailcarsShuffled {
                    order: self.railcars_order(i, order.len(), rng)?,
                })
            }
            _ => return Some(Cow::Borrowed(event)),
        };
        Some(Cow::Owned(filled))
    }

    /// A hidden shuffle of the deck (`len` cards): the 80 cards (and the
    /// railcars) at the deal, later the discard pile once the deck is empty.
    fn deck_order(&self, len: usize, rng: &mut ChaCha8Rng) -> Option<Vec<Option<Card>>> {
        let mut cards: Vec<Card> = if self.state.dealt {
            if !self.state.deck.is_empty() {
                return None;
            }
            self.state.discard.to_vec()
        } else {
            self.state.deck_ids().collect()
        };
        if cards.len() != len {
            return None;
        }
        shuffle(&mut cards, rng);
        Some(cards.into_iter().map(Some).collect())
    }

    /// A uniform card of `seat`'s sampled hand, taken unseen: the seat no
    /// longer knows which of his cards are where.
    fn take_unseen(&mut self, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Card> {
        let card = self.any_in_hand(seat, rng)?;
        self.unpin_hand(seat);
        Some(card)
    }

    /// The first `len` cards of `from`'s sampled hand, inherited unseen.
    fn inherited_hand(&self, from: Seat, len: usize) -> Option<Vec<Option<Card>>> {
        let held = pile(&self.state, Zone::Hand(from));
        if held.len() < len {
            return None;
        }
        Some(held.iter().take(len).map(|&c| Some(c)).collect())
    }

    /// Gold Rush: a hidden shuffle of the equipment deck (every equipment
    /// card at the start), the cards later put on the market first.
    fn equipment_order(
        &self,
        i: usize,
        len: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<Vec<Option<u8>>> {
        let g = &self.state.gold;
        let set: Vec<u8> = if g.deck.is_empty() {
            all_equipment().collect()
        } else {
            g.deck.to_vec()
        };
        let shown = self.shown_after(i, |e| match e {
            Event::Gold(GoldEvent::MarketFilled { equipment, .. }) => Some(vec![*equipment]),
            Event::Gold(GoldEvent::EquipmentShuffled { .. }) => None,
            _ => Some(Vec::new()),
        });
        ordered(set, &shown, len, rng)
    }

    /// The Great Train Robbery: a hidden shuffle of the stations, those later
    /// revealed first.
    fn stations_order(
        &self,
        i: usize,
        len: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<Vec<Option<u8>>> {
        let t = &self.state.train;
        let mut set: Vec<u8> = t.row.iter().chain(&t.spare_stations).copied().collect();
        if set.is_empty() {
            set = (1..=STATIONS as u8).collect();
        }
        let shown = self.shown_after(i, |e| match e {
            Event::Train(TrainEvent::StationsRevealed { row }) => Some(row.to_vec()),
            Event::Train(TrainEvent::StationsShuffled { .. }) => None,
            _ => Some(Vec::new()),
        });
        ordered(set, &shown, len, rng)
    }

    /// The Great Train Robbery: a hidden shuffle of the railcars, those later
    /// added to the train or drawn first.
    fn railcars_order(
        &self,
        i: usize,
        len: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<Vec<Option<u8>>> {
        let t = &self.state.train;
        let mut set: Vec<u8> = t.cars.iter().chain(&t.deck).copied().collect();
        if set.is_empty() {
            set = (RAILCAR_BASE + 1..=RAILCAR_BASE + RAILCARS as u8).collect();
        }
        let shown = self.shown_after(i, |e| match e {
            Event::Train(TrainEvent::RailcarAdded { railcar }) => Some(vec![*railcar]),
            Event::Train(TrainEvent::RailcarsDrawn { railcars, .. }) => Some(railcars.clone()),
            Event::Train(TrainEvent::RailcarsShuffled { .. }) => None,
            _ => Some(Vec::new()),
        });
        ordered(set, &shown, len, rng)
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
