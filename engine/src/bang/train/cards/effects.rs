//! The machine steps of the Great Train Robbery's cards: the effect of
//! each once played, their "draw!" checks, Map, Strongbox and Refund.

use super::{map_cards, recoverable, robbery_pending};
use crate::bang::TrainEvent;
use crate::bang::cards::{Card, Kind, Suit, card as card_info, kind};
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::{CheckKind, Effect, Shot};
use crate::bang::train::Advance;
use crate::core::Seat;

/// Whether card `c`'s value is J, Q, K or A (Knife Revolver's check).
fn face_or_ace(c: Card) -> bool {
    card_info(c).is_some_and(|i| i.value >= 11)
}

/// Whether `c` is a ♠ (Most Wanted's check).
fn spade(c: Card) -> bool {
    card_info(c).is_some_and(|i| i.suit == Suit::Spades)
}

/// Whether a Great Train Robbery "draw!" succeeds (Most Wanted: he loses).
pub(crate) fn check_succeeds(kind: CheckKind, c: Card) -> Option<bool> {
    match kind {
        CheckKind::Cactus => Some(crate::bang::cards::is_red(c)),
        CheckKind::KnifeRevolver => Some(face_or_ace(c)),
        CheckKind::MostWanted => Some(spade(c)),
        _ => None,
    }
}

impl Machine<'_, '_> {
    /// Phase 2: the effect of a Great Train Robbery card just played (after
    /// its `card_played`).
    /// `k` is the kind it is played as (Money Bag: the copied card's).
    pub(crate) fn train_card_played(
        &mut self,
        seat: Seat,
        k: Kind,
        target: Option<Seat>,
        in_play: Option<Card>,
    ) {
        match k {
            // TR-13.5 (D-T17): the check first, then the shot.
            Kind::KnifeRevolver => self.check(seat, CheckKind::KnifeRevolver, false),
            Kind::MostWanted => {
                self.draw(seat, 1);
                let s = self.s();
                let mut targets = s.others_clockwise(seat);
                if s.alive(seat) {
                    targets.insert(0, seat);
                }
                targets.retain(|x| Some(*x) != target); // TC6: Sgt. Blaze's exempted
                self.emit(Event::EffectStarted {
                    effect: Effect::MostWanted {
                        source: seat,
                        targets,
                    },
                });
            }
            Kind::NextStop => {
                self.draw(seat, 1);
                self.advance_train(Advance::NextStop);
            }
            Kind::WaterTower => {
                if let Some(railcar) = in_play {
                    self.emit(Event::Train(TrainEvent::RailcarTaken {
                        seat,
                        railcar,
                        to: target.unwrap_or(seat),
                        station: None,
                        counts: false,
                    }));
                    self.fill_train();
                }
            }
            _ => {}
        }
    }

    /// TR-13.4: Full Steam sends the train to the End of the Line, its
    /// Locomotive effect doubled or cancelled.
    pub(crate) fn full_steam(&mut self, seat: Seat, card: Card, double: bool) {
        self.emit(Event::CardPlayed {
            seat,
            card,
            target: None,
        });
        self.hand_left(seat);
        self.emit(Event::Train(TrainEvent::FullSteamChosen { double }));
        self.advance_train(Advance::FullSteam);
    }

    /// TR-13.12: Switch swaps two cards in play; a player who receives a
    /// weapon beside another discards the old one (before the swap).
    pub(crate) fn switch(&mut self, seat: Seat, card: Card, mine: Card, other: Seat, theirs: Card) {
        self.emit(Event::CardPlayed {
            seat,
            card,
            target: Some(other),
        });
        self.hand_left(seat);
        // The old weapon of a player who receives one goes first (one weapon).
        for (who, gives, got) in [(seat, mine, theirs), (other, theirs, mine)] {
            if !kind(got).is_weapon() {
                continue;
            }
            let old: Vec<Card> = self
                .s()
                .p(who)
                .in_play
                .iter()
                .copied()
                .filter(|&c| c != gives && kind(c).is_weapon())
                .collect();
            if !old.is_empty() {
                self.emit(Event::Discarded {
                    seat: who,
                    cards: old,
                });
            }
        }
        self.emit(Event::Train(TrainEvent::CardsSwitched {
            seat,
            mine,
            other,
            theirs,
        }));
    }

    /// A Missed! effect from hand was played against `shot` (read before it):
    /// Cactus's heal check (TR-13.1), Evaded! takes the card that shot him
    /// (TR-13.3, D-T19).
    pub(crate) fn train_after_missed(
        &mut self,
        seat: Seat,
        card: Card,
        shot: Option<Shot>,
        auto: bool,
    ) {
        match kind(card) {
            Kind::Cactus => self.check(seat, CheckKind::Cactus, auto),
            Kind::Evaded => {
                if let Some(c) = shot.and_then(|x| x.card)
                    && card_info(c).is_some()
                    && recoverable(self.s(), c)
                {
                    self.emit(Event::Train(TrainEvent::DiscardRecovered { seat, card: c }));
                }
            }
            _ => {}
        }
    }

    /// The consequence of a Great Train Robbery "draw!"; `effect` is the
    /// effect in motion before its result was recorded.
    pub(crate) fn train_check(
        &mut self,
        seat: Seat,
        kind: CheckKind,
        success: bool,
        effect: Option<Effect>,
    ) {
        if !success {
            return;
        }
        match (kind, effect) {
            (CheckKind::Cactus, _) => {
                self.gain_life(seat, 1);
            }
            (
                CheckKind::KnifeRevolver,
                Some(Effect::Shots {
                    card: Some(card), ..
                }),
            ) if recoverable(self.s(), card) => {
                self.emit(Event::Train(TrainEvent::DiscardRecovered { seat, card }));
            }
            (CheckKind::MostWanted, Some(Effect::MostWanted { source, .. })) => {
                // TR-13.8: nobody is responsible for his own loss.
                self.lose(seat, 1, (seat != source).then_some(source));
            }
            _ => {}
        }
    }

    /// The next step of a Most Wanted: the next player in play "draws!".
    pub(crate) fn most_wanted_step(&mut self, targets: &[Seat]) {
        let Some(&target) = targets.first() else {
            return;
        };
        if !self.s().alive(target) {
            return self.emit(Event::TargetSkipped { seat: target });
        }
        self.check(target, CheckKind::MostWanted, false);
    }

    /// The next step of a Train Robbery when its target has nothing left to
    /// decide: it is over (he was eliminated, or no card is left).
    pub(crate) fn robbery_step(&mut self, target: Seat) {
        if robbery_pending(self.s()).is_none() {
            self.emit(Event::TargetSkipped { seat: target });
        }
    }

    /// TR-13.13: the robbed player discards `card`, or is shot for it.
    pub(crate) fn rob(&mut self, seat: Seat, card: Card, discard: bool) {
        let Some(Effect::Robbery { source, .. }) = self.s().effect else {
            return;
        };
        self.emit(Event::Train(TrainEvent::RobberyHandled {
            seat,
            card,
            discard,
        }));
        if discard {
            self.emit(Event::Discarded {
                seat,
                cards: vec![card],
            });
            self.fill_train();
        } else {
            self.emit(Event::ShotAt {
                source,
                target: seat,
                needed: 1,
                anonymous: false,
            });
        }
    }

    /// TR-13.6: at the start of a played turn, after its checks, the current
    /// player with a Map looks at the top 2 cards. Whether it did something.
    pub(crate) fn map_look(&mut self) -> bool {
        let s = self.s();
        let seat = s.turn.seat;
        if !s.train.on
            || s.train.map.is_some()
            || !s.in_play(seat)
            || s.in_play_of(seat, Kind::Map).is_none()
        {
            return false;
        }
        self.refill();
        let cards = map_cards(self.s());
        if cards.is_empty() {
            self.emit(Event::Train(TrainEvent::MapDone {
                seat,
                discarded: None,
            }));
        } else {
            self.emit(Event::Train(TrainEvent::MapLooked {
                seat,
                cards: cards.into_iter().map(Some).collect(),
            }));
        }
        true
    }

    /// Map: he discards `card` of those he saw (none: he keeps both).
    pub(crate) fn map_done(&mut self, seat: Seat, discarded: Option<Card>) {
        self.emit(Event::Train(TrainEvent::MapDone { seat, discarded }));
    }

    /// TR-13.11: Strongbox, at the end of its owner's turn (also one Jail
    /// skipped), draws 1 card.
    pub(crate) fn strongbox(&mut self) {
        let s = self.s();
        let seat = s.turn.seat;
        if s.in_play(seat) && s.in_play_of(seat, Kind::Strongbox).is_some() {
            self.draw(seat, 1);
        }
    }

    /// TR-13.10 (D-T20): `taker` (another player) chose and took or
    /// discarded `card` of `owner` (`None`: a hand card): with a Refund in
    /// play, other than that card, the owner draws 1.
    pub(crate) fn refund(&mut self, owner: Seat, taker: Seat, card: Option<Card>) {
        let s = self.s();
        let Some(refund) = s.in_play_of(owner, Kind::Refund) else {
            return;
        };
        if owner != taker && s.in_play(owner) && card != Some(refund) {
            self.draw(owner, 1);
        }
    }
}
