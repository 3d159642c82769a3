//! Dodge City's 15 characters (§5): the legal uses of their abilities and
//! what the machine does for them. The passive ones answer the base's hooks
//! (`hooks.rs`): Apache Kid (`ignores`), Belle Star (`disables_cards`),
//! Sean Mallory (`hand_limit`), Elena Fuente (a flag of the characters'
//! table).

use super::{DodgeAction, DodgeDecision, DodgeEvent};
use crate::bang::actions::Action;
use crate::bang::card_rules::barred;
use crate::bang::cards::{Card, Kind, Suit, card, is_railcar, kind};
use crate::bang::characters::Character;
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::{Effect, Phase, State, WindowKind};
use crate::core::Seat;

/// Whether `card`, played by `by`, has no effect on `seat`: a ♦ card of
/// another player on Apache Kid, a Duel excepted (DC01, as GR-7.7).
pub(crate) fn apache_ignores(s: &State, seat: Seat, by: Seat, c: Card) -> bool {
    by != seat
        && s.is(seat, Character::ApacheKid)
        && kind(c) != Kind::Duel
        && card(c).is_some_and(|i| i.suit == Suit::Diamonds)
}

/// Whether `seat`'s playing cards in play have no effect now: another
/// player's, in Belle Star's turn (DC02, D-DC11: railcars and equipment
/// keep working, their rules are not read from here).
pub(crate) fn belle_disables(s: &State, seat: Seat) -> bool {
    let current = s.turn.seat;
    seat != current && s.started() && s.alive(current) && s.is(current, Character::BelleStar)
}

/// Phase 2: the abilities `seat` may use now (Chuck Wengam, Doc Holyday,
/// José Delgado).
pub(crate) fn ability_uses(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let hand = &s.p(seat).hand;
    if s.is(seat, Character::ChuckWengam) && s.p(seat).life >= 2 {
        out.push(Action::Dodge(DodgeAction::ChuckWengam));
    }
    if s.is(seat, Character::DocHolyday) && !s.dodge.doc_used && hand.len() >= 2 {
        let reach = s.reach(seat);
        let targets: Vec<Seat> = s
            .others_clockwise(seat)
            .into_iter()
            .filter(|&t| s.distance(seat, t) <= reach)
            .collect();
        for (i, &a) in hand.iter().enumerate() {
            for &b in &hand[i + 1..] {
                for &target in &targets {
                    out.push(Action::Dodge(DodgeAction::DocHolyday {
                        cards: [a.min(b), a.max(b)],
                        target,
                    }));
                }
            }
        }
    }
    if s.is(seat, Character::JoseDelgado) && s.dodge.jose_uses < 2 {
        for &c in hand.iter().filter(|&&c| kind(c).is_blue()) {
            out.push(Action::Dodge(DodgeAction::JoseDelgado { card: c }));
        }
    }
}

/// Phase 1: Pat Brennan's takes, one card in play of another player (a
/// playing card: never a railcar, never Gold Rush equipment, DC11, D-DC8).
pub(crate) fn pat_brennan_takes(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if !s.is(seat, Character::PatBrennan) {
        return;
    }
    for target in s.others_clockwise(seat) {
        for &c in &s.p(target).in_play {
            if !is_railcar(c) && !barred(s, seat, c) {
                out.push(Action::Dodge(DodgeAction::PatBrennan { target, card: c }));
            }
        }
    }
}

/// Whether Vera Custer must choose now: her own turn's start, after its
/// checks, not an extra turn, not chosen yet (DC15, D-DC9).
pub(crate) fn vera_chooses(s: &State) -> bool {
    let seat = s.turn.seat;
    s.turn.phase == Phase::Start
        && s.p(seat).character == Some(Character::VeraCuster)
        && !s.dodge.vera_chose
        && !s.resolving()
        && s.check.is_none()
        && !copyable(s, seat).is_empty()
}

/// The characters Vera Custer may copy: another player's in play.
pub(crate) fn copyable(s: &State, seat: Seat) -> Vec<Character> {
    s.others_clockwise(seat)
        .into_iter()
        .filter_map(|t| s.p(t).character)
        .filter(|&c| c != Character::VeraCuster)
        .collect()
}

/// The actions answering one of Dodge City's decisions; `false` for
/// another decision.
pub(crate) fn decision_actions(s: &State, seat: Seat, d: DodgeDecision, out: &mut Vec<Action>) {
    match d {
        DodgeDecision::VeraCuster => {
            for character in copyable(s, seat) {
                out.push(Action::Dodge(DodgeAction::Copy { character }));
            }
        }
        DodgeDecision::Brawl => super::brawl::choices(s, out),
    }
}

impl Machine<'_, '_> {
    /// DC04: Chuck Wengam loses 1 life (nobody responsible) and draws 2.
    pub(super) fn chuck_wengam(&mut self, seat: Seat) {
        self.ability_used(seat, Character::ChuckWengam);
        self.lose(seat, 1, None);
        self.draw(seat, 2);
    }

    /// DC05: Doc Holyday discards two cards for a BANG! effect at `target`
    /// (none on Apache Kid when both are ♦, DC-AC-19).
    pub(super) fn doc_holyday(&mut self, seat: Seat, cards: [Card; 2], target: Seat) {
        self.ability_used(seat, Character::DocHolyday);
        self.emit(Event::Discarded {
            seat,
            cards: cards.to_vec(),
        });
        self.hand_left(seat);
        let s = self.s();
        if cards.iter().all(|&c| apache_ignores(s, target, seat, c)) {
            return self.emit(Event::Unaffected {
                seat: target,
                card: cards[0],
            });
        }
        self.emit(Event::EffectStarted {
            effect: Effect::Shots {
                source: seat,
                targets: [target].into_iter().collect(),
                bang_card: false,
                anonymous: false,
                card: None,
            },
        });
    }

    /// DC09: José Delgado discards a blue card to draw 2.
    pub(super) fn jose_delgado(&mut self, seat: Seat, card: Card) {
        self.ability_used(seat, Character::JoseDelgado);
        self.emit(Event::Discarded {
            seat,
            cards: vec![card],
        });
        self.draw(seat, 2);
    }

    /// DC11: Pat Brennan takes `card` in play from `target` instead of
    /// drawing in phase 1.
    pub(super) fn pat_brennan(&mut self, seat: Seat, target: Seat, card: Card) {
        self.ability_used(seat, Character::PatBrennan);
        self.emit(Event::CardStolen {
            from: target,
            to: seat,
            card: Some(card),
            from_hand: false,
        });
        self.card_taken(target, seat, Some(card));
        self.emit(Event::PhaseStarted { phase: Phase::Play });
    }

    /// DC15: Vera Custer has `character`'s ability until her next choice.
    pub(super) fn copy(&mut self, seat: Seat, character: Option<Character>) {
        self.emit(Event::Dodge(DodgeEvent::AbilityCopied { seat, character }));
    }

    /// DC03, DC12: Bill Noface's and Pixie Pete's phase 1 (with the
    /// equipment's extra cards); `false` for another character.
    pub(super) fn dodge_phase_one(&mut self, seat: Seat) -> bool {
        let s = self.s();
        let n = if s.is(seat, Character::BillNoface) {
            let p = s.p(seat);
            1 + (p.max_life as i8 - p.life).max(0) as usize
        } else if s.is(seat, Character::PixiePete) {
            3
        } else {
            return false;
        };
        let n = n + s.phase_one_extra(seat);
        self.draw(seat, n);
        self.emit(Event::PhaseStarted { phase: Phase::Play });
        true
    }

    /// DC07, DC08 (DC-6.1, D-DC10): after `victim`'s cards are gone, every
    /// other Greg Digger regains 2 life and every Herb Hunter draws 2,
    /// clockwise from the victim.
    pub(super) fn diggers_and_hunters(&mut self, victim: Seat) {
        for seat in self.s().others_clockwise(victim) {
            if self.s().is(seat, Character::GregDigger) {
                self.gain_life(seat, 2);
            }
            if self.s().is(seat, Character::HerbHunter) {
                self.draw(seat, 2);
            }
        }
    }

    /// DC10: Molly Stark used a card from her hand out of her turn (`kind`:
    /// the window it answered): she draws 1, or after the Duel.
    pub(super) fn molly_used_card(&mut self, seat: Seat, kind: Option<WindowKind>) {
        let s = self.s();
        if !s.is(seat, Character::MollyStark) || s.turn.seat == seat {
            return;
        }
        if kind == Some(WindowKind::Duel) {
            self.emit(Event::Dodge(DodgeEvent::DrawOwed { seat }));
        } else {
            self.draw(seat, 1);
        }
    }

    /// DC10: the Duel is over; Molly Stark draws what she is owed.
    pub(super) fn molly_owed(&mut self) -> bool {
        let s = self.s();
        let owed = s.dodge.molly_owed;
        if owed == 0 || matches!(s.effect, Some(Effect::Duel { .. })) {
            return false;
        }
        let Some(seat) = s.seats().find(|&x| s.is(x, Character::MollyStark)) else {
            self.emit(Event::Dodge(DodgeEvent::OwedDrawn { seat: 0, count: 0 }));
            return true;
        };
        self.emit(Event::Dodge(DodgeEvent::OwedDrawn { seat, count: owed }));
        self.draw(seat, owed as usize);
        true
    }

    /// Records that `seat` used `character`'s ability.
    fn ability_used(&mut self, seat: Seat, character: Character) {
        self.emit(Event::Dodge(DodgeEvent::AbilityUsed { seat, character }));
    }
}
