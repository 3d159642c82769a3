//! A "draw!" (§8): the cards flipped, Lucky Duke's choice, the result and
//! its consequences (Dynamite, Jail, an expansion's own checks through
//! [`TurnRules::check_resolved`](super::machine::TurnRules::check_resolved)), and a Rhum's count of suits.

use super::card_rules::CardHooks;
use super::cards::{Card, Kind, Suit, card, explodes, is_heart, is_red};
use super::events::Event;
use super::expansion::Expansions;
use super::machine::{Machine, TurnHooks};
use super::state::{CheckKind, State};
use crate::core::Seat;

impl Machine<'_, '_> {
    /// A "draw!" (§8) for `seat`: flips one card (two for Lucky Duke, one
    /// more with a Horseshoe). With several cards, he chooses, by hand unless
    /// `auto`. A Rhum flips 4 (and one more per extra source) and counts suits.
    pub fn check(&mut self, seat: Seat, kind: CheckKind, auto: bool) {
        let s = self.s();
        let mut flips = s.info(seat).map_or(1, |i| i.flips) as usize
            + CardHooks::in_play(s)
                .map(|e| e.extra_flips(s, seat))
                .sum::<usize>();
        if kind == CheckKind::Rhum {
            flips += 3; // D-G9
        }
        for _ in 0..flips {
            self.refill();
            if let Some(&card) = self.s().deck.last() {
                self.emit(Event::CheckFlipped {
                    seat,
                    check: kind,
                    card,
                });
            }
        }
        let flipped = self.s().flipped.clone();
        if kind == CheckKind::Rhum {
            return self.resolve_rhum(seat, &flipped);
        }
        match flipped.len() {
            0 => self.resolve_check(seat, kind, None),
            1 => self.resolve_check(seat, kind, Some(flipped[0])),
            _ if auto => self.resolve_check(seat, kind, Some(best_card(kind, &flipped))),
            _ => {}
        }
    }

    /// The result of a "draw!" and its consequences (§8.2).
    pub fn resolve_check(&mut self, seat: Seat, kind: CheckKind, card: Option<Card>) {
        let success = card.is_some_and(|c| check_succeeds(kind, c));
        let effect = self.s().effect.clone();
        self.emit(Event::CheckResolved {
            seat,
            check: kind,
            card,
            success,
        });
        match kind {
            CheckKind::Dynamite => {
                let Some(dynamite) = self.s().in_play_of(seat, Kind::Dynamite) else {
                    return;
                };
                if success {
                    self.emit(Event::Discarded {
                        seat,
                        cards: vec![dynamite],
                    });
                    self.lose(seat, 3, None);
                } else if let Some(to) = dynamite_recipient(self.s(), seat, |o| {
                    self.s().in_play_of(o, Kind::Dynamite).is_some()
                }) {
                    // D-B3: to the first player on the left without one.
                    self.emit(Event::DynamitePassed {
                        from: seat,
                        to,
                        card: dynamite,
                    });
                }
            }
            CheckKind::Jail => {
                if let Some(jail) = self.s().in_play_of(seat, Kind::Jail) {
                    self.emit(Event::Discarded {
                        seat,
                        cards: vec![jail],
                    });
                }
                if !success {
                    for e in TurnHooks::in_play(self.s()) {
                        e.turn_skipped(self, seat);
                    }
                    self.finish_turn();
                }
            }
            CheckKind::Barrel | CheckKind::Jourdonnais | CheckKind::Rhum => {}
            _ => {
                for e in TurnHooks::in_play(self.s()) {
                    e.check_resolved(self, seat, kind, success, effect.as_ref());
                }
            }
        }
    }

    /// GR-7.5: a Rhum heals 1 per different suit among the cards flipped
    /// (capped), then they are discarded in flip order.
    fn resolve_rhum(&mut self, seat: Seat, flipped: &[Card]) {
        let mut suits: Vec<Suit> = flipped
            .iter()
            .filter_map(|&c| card(c))
            .map(|c| c.suit)
            .collect();
        suits.sort_by_key(|&x| x as u8);
        suits.dedup();
        self.gain_life(seat, suits.len() as u8);
        self.emit(Event::CheckResolved {
            seat,
            check: CheckKind::Rhum,
            card: None,
            success: !suits.is_empty(),
        });
    }
}

/// Whether `card` makes a check of this kind succeed (Dynamite: explode).
pub fn check_succeeds(kind: CheckKind, card: Card) -> bool {
    if let Some(success) = Expansions::default()
        .all()
        .find_map(|e| e.check_succeeds(kind, card))
    {
        return success;
    }
    match kind {
        CheckKind::Dynamite => explodes(card),
        CheckKind::DonBell => is_red(card),
        _ => is_heart(card),
    }
}

/// Lucky Duke's automatic choice: the card best for him.
pub fn best_card(kind: CheckKind, flipped: &[Card]) -> Card {
    let good = |c: &&Card| match kind {
        CheckKind::Dynamite => !explodes(**c),
        CheckKind::DonBell => is_red(**c),
        CheckKind::MostWanted => !check_succeeds(kind, **c),
        _ => check_succeeds(kind, **c),
    };
    flipped
        .iter()
        .find(good)
        .or(flipped.first())
        .copied()
        .unwrap_or_default()
}

/// D-B3: the first player on the left of `from` in play without a Dynamite
/// (`has_one` says who has one); none when every other player has one.
pub fn dynamite_recipient(s: &State, from: Seat, has_one: impl Fn(Seat) -> bool) -> Option<Seat> {
    s.others_clockwise(from).into_iter().find(|&o| !has_one(o))
}
