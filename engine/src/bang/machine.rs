//! The decision machine: a [`Recorder`] (every event folded as it is
//! emitted) plus the RNG of the decision, and the step that moves the game
//! on until it waits for a decision. The turn itself (§6) lives here; a
//! "draw!" in `draw_check.rs`, shots and multi-target cards in `resolve.rs`,
//! life and death in `life.rs`, the end of a turn in `turn_end.rs`.

use arrayvec::ArrayVec;

use super::Bang;
use super::actions::DrawFrom;
use super::cards::{Card, Kind, is_red};
use super::characters::Character;
use super::decisions::draw_choice;
use super::events::Event;
use super::expansion::{self, in_play_of};
use super::state::{CheckKind, Effect, Phase, State, WindowKind};
use super::victory::victory;
use crate::core::{GameRng, Recorder, Seat, Step};

/// The state being moved on by one decision, and the RNG it draws from.
pub(crate) struct Machine<'a, 's> {
    /// The working state and the events so far.
    pub rec: &'a mut Recorder<'s, Bang>,
    /// The decision's randomness.
    pub rng: &'a mut GameRng,
}

/// Where in the machine's step an expansion may take a step of its own
/// (each moment comes after the base's steps listed before it in
/// [`Machine::step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Moment {
    /// First of all, once the game has started and before it is over (the
    /// train's Ghost Car, TR-11.8.6).
    Opening,
    /// Nobody is dying: before a shot is answered (Evan Babbit's window).
    BeforeShot,
    /// No shot is left: before the card effect in motion (a Train Robbery's
    /// window).
    BeforeEffect,
    /// Nothing is being resolved: before the victory check and the turn's
    /// own step (the train's used cards, Shade O'Connor, the End of the Line).
    Resolved,
    /// The turn's start: before the Dynamite and Jail checks (the Map's
    /// cards, the train's automatic advance).
    TurnStart,
    /// The turn's start, after its checks: before phase 1 (the Dining Car,
    /// the Map).
    BeforeDraw,
}

/// The expansions in play with a step due in this run, each with its first
/// moment.
type Due = ArrayVec<(&'static dyn TurnRules, Moment), 16>;

/// The steps of a turn an expansion may take its own way (the machine's
/// half of the extension points; the state's half is
/// [`super::expansion::Expansion`]). Every hook has a default that leaves the
/// base's step as it is.
pub(crate) trait TurnRules: Sync {
    /// Starts the next turn its own way; `false` leaves it to the base (the
    /// next player in play clockwise).
    fn next_turn(&self, _m: &mut Machine<'_, '_>) -> bool {
        false
    }

    /// Opens the game its own way once it is created (the solo mode's roles,
    /// characters and deal, A2); `false` leaves the opening to the base.
    fn opens_game(&self, _m: &mut Machine<'_, '_>) -> bool {
        false
    }

    /// Sets out its part of the table once the hands are dealt, before the
    /// first turn (Gold Rush's market, the train).
    fn table_dealt(&self, _m: &mut Machine<'_, '_>) {}

    /// Takes a decision the game waits for, when its rules take it for the
    /// seat (the solo mode's NPCs, A3.1, B1); `false` leaves the game waiting.
    fn decides_while_waiting(&self, _m: &mut Machine<'_, '_>) -> bool {
        false
    }

    /// Keeps `seat`, about to be eliminated, in play its own way (the
    /// train's Ghost Car, TR-11.8.2); `false` lets the elimination happen.
    fn saves_from_elimination(&self, _m: &mut Machine<'_, '_>, _seat: Seat) -> bool {
        false
    }

    /// Its part of `seat`'s elimination, after the base's discards and
    /// before its reward and penalty; `by` is who is responsible, if still
    /// in play (Gold Rush's Wanted, equipment and nuggets, GR-7.11, GR-9.2,
    /// GR-3.6).
    fn after_elimination(&self, _m: &mut Machine<'_, '_>, _seat: Seat, _by: Option<Seat>) {}

    /// Its steps once a turn is over, after phase 3 and before the
    /// end-of-turn steps (the train's Strongbox and Jimmy Texas, TR-15.7).
    fn turn_over(&self, _m: &mut Machine<'_, '_>) {}

    /// Whether it has an end-of-turn step to take (Don Bell's check, GC1).
    fn end_step_due(&self, _s: &State) -> bool {
        false
    }

    /// Takes its end-of-turn step, if one is due, before the base's (the Gold
    /// Rush card's heal, then an extra turn); `false` if none was.
    fn end_step(&self, _m: &mut Machine<'_, '_>) -> bool {
        false
    }

    /// Follows the event just folded with its own, when its fold asked for
    /// it ([`State::follow_up`]: the train fills up from a deck that grew,
    /// TR-5.6).
    fn follow_up(&self, _m: &mut Machine<'_, '_>) {}

    /// The first of the run's moments from [`Moment::Opening`] to
    /// [`Moment::Resolved`] at which it has a step to take now, if any (the
    /// machine asks [`TurnRules::step_at`] there only).
    fn due(&self, _s: &State) -> Option<Moment> {
        None
    }

    /// Takes its own step at `moment`, if it has one: `Some` with what the
    /// step did (`Step::Waits`: the game waits for it); `None` leaves the
    /// moment to the base.
    fn step_at(&self, _m: &mut Machine<'_, '_>, _moment: Moment) -> Option<Step> {
        None
    }

    /// `seat`'s turn was skipped (a Jail), before the turn ends (the
    /// train's Dining Car, TR-11.17).
    fn turn_skipped(&self, _m: &mut Machine<'_, '_>, _seat: Seat) {}

    /// The consequence of one of its own "draw!" kinds; `effect` is the
    /// effect in motion before the result was recorded.
    fn check_resolved(
        &self,
        _m: &mut Machine<'_, '_>,
        _seat: Seat,
        _kind: CheckKind,
        _success: bool,
        _effect: Option<&Effect>,
    ) {
    }

    /// Ends the current turn of `seat` at its discard phase its own way;
    /// `false` leaves the phase to the base.
    fn ends_turn_at_discard(&self, _m: &mut Machine<'_, '_>, _seat: Seat) -> bool {
        false
    }

    /// Draws `seat`'s phase 1 its own way, for one of its characters (Dutch
    /// Will: aside, one to discard); `false` leaves the draw to the base.
    fn draws_phase_one(&self, _m: &mut Machine<'_, '_>, _seat: Seat) -> bool {
        false
    }
}

/// Every registered expansion's [`TurnRules`], in the registry's order (the
/// one instance is `TurnHooks::default()`, made by the registry).
pub(crate) struct TurnHooks(pub &'static [&'static dyn TurnRules]);

impl TurnHooks {
    /// The turn rules of the expansions `s` plays.
    pub(crate) fn in_play(s: &State) -> impl Iterator<Item = &'static dyn TurnRules> + use<> {
        in_play_of(s, Self::default().0)
    }
}

/// Runs the automatic steps until the game waits for a decision or is over.
pub(crate) fn run(rec: &mut Recorder<'_, Bang>, rng: &mut GameRng) {
    rec.run(rng, |rec, rng| Machine { rec, rng }.step());
}

impl Machine<'_, '_> {
    /// The state after every event so far.
    pub fn s(&self) -> &State {
        self.rec.state
    }

    /// Records an event and folds it in; the expansions in play may follow
    /// it with their own (a railcar returned to the deck of a short train
    /// joins the train at once, TR-5.6).
    pub fn emit(&mut self, e: Event) {
        self.rec.emit(e);
        if self.s().follow_up {
            for h in TurnHooks::in_play(self.s()) {
                h.follow_up(self);
            }
        }
    }

    /// The first step an expansion in play takes at `moment`, if any.
    fn expansion_step(&mut self, moment: Moment) -> Option<Step> {
        TurnHooks::in_play(self.s()).find_map(|e| e.step_at(self, moment))
    }

    /// The step of the first expansion in `due` that has one at `moment`.
    fn due_step(&mut self, due: &Due, moment: Moment) -> Option<Step> {
        let &(e, _) = due.iter().find(|(_, m)| *m == moment)?;
        e.step_at(self, moment)
    }

    /// One automatic step. Where the game would wait, an expansion in play
    /// may take the decision (a solo NPC's, A3.1, B1: a solo game waits only
    /// for the person).
    pub fn step(&mut self) -> Step {
        let step = self.rules_step();
        if step == Step::Waits
            && TurnHooks::in_play(self.s()).any(|e| e.decides_while_waiting(self))
        {
            return Step::Moved;
        }
        step
    }

    /// One automatic step of the rules (§6 to §15).
    fn rules_step(&mut self) -> Step {
        let s = self.s();
        // Asked once: nothing below changes the state before a step is taken.
        let due: Due = TurnHooks::in_play(s)
            .filter_map(|e| Some((e, e.due(s)?)))
            .collect();
        if !s.is_over()
            && s.started()
            && let Some(step) = self.due_step(&due, Moment::Opening)
        {
            return step;
        }
        let s = self.s();
        if s.is_over() || s.window.is_some() || !s.started() {
            return Step::Waits;
        }
        if let Some(check) = s.check {
            // Lucky Duke chooses; against a shot his choice is part of the reaction.
            if s.shot.is_some() && matches!(check.kind, CheckKind::Barrel | CheckKind::Jourdonnais)
            {
                self.emit(Event::WindowOpened {
                    seat: check.seat,
                    kind: WindowKind::Check,
                });
                return Step::Moved;
            }
            return Step::Waits;
        }
        if !s.kit.is_empty() {
            return Step::Waits;
        }
        if let Some(d) = s.dying {
            self.dying_step(d);
            return Step::Moved;
        }
        if let Some(step) = self.due_step(&due, Moment::BeforeShot) {
            return step;
        }
        let s = self.s();
        if let Some(shot) = s.shot {
            self.shot_step(shot);
            return Step::Moved;
        }
        if let Some(step) = self.due_step(&due, Moment::BeforeEffect) {
            return step;
        }
        let s = self.s();
        if let Some(effect) = s.effect.clone() {
            self.effect_step(effect);
            return Step::Moved;
        }
        if let Some(step) = self.due_step(&due, Moment::Resolved) {
            return step;
        }
        let s = self.s();
        if let Some(outcome) = victory(s) {
            let seed = self.rng.seed();
            self.emit(Event::GameEnded { outcome, seed });
            return Step::Moved;
        }
        self.turn_step()
    }

    /// The turn's own steps (§6), when nothing else is being resolved.
    fn turn_step(&mut self) -> Step {
        let s = self.s();
        let t = s.turn;
        let seat = t.seat;
        if !s.alive(seat) {
            // B-6.6: his turn ends at once.
            self.next_turn();
            return Step::Moved;
        }
        match t.phase {
            Phase::Setup | Phase::Play => Step::Waits,
            Phase::End => {
                self.end_step();
                Step::Moved
            }
            Phase::Start => {
                if let Some(step) = self.expansion_step(Moment::TurnStart) {
                    return step;
                }
                let s = self.s();
                if !t.dynamite_checked && s.in_play_of(seat, Kind::Dynamite).is_some() {
                    self.check(seat, CheckKind::Dynamite, false);
                } else if !t.jail_checked && s.in_play_of(seat, Kind::Jail).is_some() {
                    self.check(seat, CheckKind::Jail, false);
                } else if let Some(step) = self.expansion_step(Moment::BeforeDraw) {
                    return step; // Vera Custer's choice waits
                } else {
                    self.emit(Event::PhaseStarted { phase: Phase::Draw });
                }
                Step::Moved
            }
            Phase::Draw => {
                if draw_choice(s, seat) {
                    return Step::Waits;
                }
                self.standard_draw(seat);
                Step::Moved
            }
            Phase::Discard => {
                if TurnHooks::in_play(s).any(|e| e.ends_turn_at_discard(self, seat)) {
                    return Step::Moved;
                }
                let s = self.s();
                if s.p(seat).hand.len() as i32 > s.hand_limit(seat) {
                    return Step::Waits;
                }
                self.finish_turn();
                Step::Moved
            }
        }
    }

    /// The next player in play clockwise starts his turn, unless an
    /// expansion in play starts it its own way (the shadows' SG-2).
    pub fn next_turn(&mut self) {
        if TurnHooks::in_play(self.s()).any(|e| e.next_turn(self)) {
            return;
        }
        let seat = self.s().next_alive(self.s().turn.seat);
        self.emit(Event::TurnStarted {
            seat,
            extra: false,
            shadow: false,
        });
    }

    /// B-16.1: an empty deck is rebuilt from the shuffled discard pile.
    pub fn refill(&mut self) {
        let s = self.s();
        if !s.deck.is_empty() || s.discard.is_empty() {
            return;
        }
        let mut order: Vec<Card> = s.discard.to_vec();
        self.rng.shuffle(&mut order);
        self.emit(Event::DeckShuffled {
            order: order.into_iter().map(Some).collect(),
        });
        self.night_falls();
    }

    /// `seat` draws up to `n` cards (reshuffling as needed; D-B10: fewer if
    /// none are left). Returns the cards drawn.
    pub fn draw(&mut self, seat: Seat, n: usize) -> Vec<Card> {
        let mut got = Vec::with_capacity(n);
        while got.len() < n {
            self.refill();
            let deck = &self.s().deck;
            if deck.is_empty() {
                break;
            }
            let k = (n - got.len()).min(deck.len());
            let cards: Vec<Card> = deck.iter().rev().take(k).copied().collect();
            got.extend_from_slice(&cards);
            self.emit(Event::CardsDrawn {
                seat,
                cards: cards.into_iter().map(Some).collect(),
            });
        }
        got
    }

    /// A card just left `seat`'s hand: Suzy Lafayette draws if it is empty (D-B11).
    pub fn hand_left(&mut self, seat: Seat) {
        let s = self.s();
        if s.is(seat, Character::SuzyLafayette)
            && s.alive(seat)
            && s.p(seat).hand.is_empty()
            && !expansion::in_play(s).any(|e| e.empties_hand(s, seat))
        {
            self.draw(seat, 1);
        }
    }

    /// Phase 1 as the character draws without a choice (Kit Carlson looks,
    /// Black Jack shows), then phase 2.
    pub fn standard_draw(&mut self, seat: Seat) {
        let extra = self.s().phase_one_extra(seat);
        if TurnHooks::in_play(self.s()).any(|e| e.draws_phase_one(self, seat)) {
            return;
        }
        if self.s().is(seat, Character::KitCarlson) {
            let n = 3 + extra;
            let mut cards = Vec::with_capacity(n);
            for _ in 0..n {
                self.refill();
                if let Some(&c) = self.s().deck.last() {
                    cards.push(c);
                    self.emit(Event::KitLooked {
                        seat,
                        cards: vec![Some(c)],
                    });
                }
            }
            if cards.len() == n {
                return; // he chooses the one to put back
            }
            self.emit(Event::KitKept { seat, back: None });
        } else if self.s().is(seat, Character::BlackJack) {
            self.draw(seat, 1);
            if let Some(&second) = self.draw(seat, 1).first() {
                self.emit(Event::CardShown { seat, card: second });
                if is_red(second) {
                    self.draw(seat, 1);
                }
            }
            self.draw(seat, extra);
        } else {
            self.draw(seat, 2 + extra);
        }
        self.emit(Event::PhaseStarted { phase: Phase::Play });
    }

    /// Phase 1 with the first card from `from` (Jesse Jones, Pedro Ramirez).
    pub fn phase_one(&mut self, seat: Seat, from: DrawFrom) {
        match from {
            DrawFrom::Deck => return self.standard_draw(seat),
            DrawFrom::Discard => {
                if let Some(&card) = self.s().discard.last() {
                    self.emit(Event::DiscardTaken { seat, card });
                }
            }
            DrawFrom::Hand(other) => {
                let had = !self.s().p(other).hand.is_empty();
                self.steal_random(other, seat);
                if had {
                    self.card_taken(other, seat, None);
                }
            }
        }
        let n = 1 + self.s().phase_one_extra(seat);
        self.draw(seat, n);
        self.emit(Event::PhaseStarted { phase: Phase::Play });
    }

    /// `to` takes a random card from `from`'s hand (if any).
    pub fn steal_random(&mut self, from: Seat, to: Seat) {
        let len = self.s().p(from).hand.len();
        if len == 0 {
            return;
        }
        let i = self.rng.below(len as u32) as usize;
        let card = self.s().p(from).hand[i];
        self.emit(Event::CardStolen {
            from,
            to,
            card: Some(card),
            from_hand: true,
        });
        self.hand_left(from);
    }
}
