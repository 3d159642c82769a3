//! The Great Train Robbery's characters (`rules/train-robbery.md` §14) that
//! touch the train or the turn: Benny Brawler (TC1), Jimmy Texas (TC3),
//! Manuelita (TC4), Sancho (TC5) and Zippy Roy (TC8).

use super::placement::placements;
use super::{Advance, EndStage, Train};
use crate::bang::Character;
use crate::bang::TrainAction;
use crate::bang::TrainEvent;
use crate::bang::actions::Action;
use crate::bang::card_rules::ignores;
use crate::bang::cards::{Card, Kind, card as card_info};
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::state::Effect;
use crate::bang::state::State;
use crate::core::Seat;

/// TC1: Benny Brawler may take any number of railcars in his turn.
pub(super) fn no_railcar_limit(s: &State, seat: Seat) -> bool {
    s.is(seat, Character::BennyBrawler)
}

/// TC5: Sancho's free railcar, any car of `train` (D-T3: paired or not),
/// after the free advance if `advance`. It counts as his one railcar, so the
/// caller has checked his limit.
pub(super) fn sancho_takes(
    s: &State,
    seat: Seat,
    train: &Train,
    advance: bool,
    out: &mut Vec<Action>,
) {
    if !s.is(seat, Character::Sancho) || s.train.sancho_used || seat != s.turn.seat {
        return;
    }
    for &railcar in &train.cars {
        for place in placements(s, seat, railcar) {
            out.push(Action::Train(TrainAction::FreeRailcar {
                railcar,
                place,
                advance,
            }));
        }
    }
}

/// TC8: Zippy Roy advances the train once a turn, in his phase 2.
pub(crate) fn zippy_roy_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let t = &s.train;
    if t.on
        && t.end.is_none()
        && !t.zippy_used
        && seat == s.turn.seat
        && s.is(seat, Character::ZippyRoy)
    {
        out.push(Action::Train(TrainAction::AdvanceTrain));
    }
}

impl Machine<'_, '_> {
    /// TC5: Sancho takes `railcar` from the train for free (after the free
    /// advance if `advance`).
    pub fn sancho_takes(&mut self, seat: Seat, railcar: u8, place: Option<Seat>, advance: bool) {
        let mut end = false;
        if advance {
            self.advance_train(Advance::Free);
            end = self.s().train.end == Some(EndStage::Arrival);
            if end {
                self.arrival();
            }
        }
        if self.s().train.cars.contains(&railcar) {
            self.railcar_taken(seat, railcar, place, None, end);
        }
    }

    /// TC8: Zippy Roy advances the train; no railcar, no obligation.
    pub fn zippy_roy_advances(&mut self) {
        self.advance_train(Advance::ZippyRoy);
    }

    /// TC4: on the train's arrival at the End of the Line, every Manuelita
    /// in play draws 2 (from the current player clockwise).
    pub(super) fn manuelita_draws(&mut self) {
        let s = self.s();
        let current = s.turn.seat;
        let order: Vec<Seat> = std::iter::once(current)
            .chain(s.others_clockwise(current))
            .filter(|&x| s.in_play(x) && s.is(x, Character::Manuelita))
            .collect();
        for seat in order {
            self.draw(seat, 2);
        }
    }

    /// TC3: Jimmy Texas draws 1 at the end of his turn, after phase 3 (also
    /// when Jail skipped it).
    pub fn jimmy_texas_draws(&mut self) {
        let s = self.s();
        let seat = s.turn.seat;
        if s.train.on && s.in_play(seat) && !s.turn.shadow && s.is(seat, Character::JimmyTexas) {
            self.draw(seat, 1);
        }
    }
}

/// TC6: the cards whose several targets Sgt. Blaze may exempt one of (the
/// play names the exempted player as its target).
pub(crate) fn exempts(k: Kind) -> bool {
    matches!(
        k,
        Kind::Gatling | Kind::Indians | Kind::Saloon | Kind::GeneralStore | Kind::MostWanted
    )
}

/// TC6: Sgt. Blaze's plays of `card` (played as `k`: a Money Bag copy too)
/// exempting one of its targets (D-T23: himself too when he is one).
pub(crate) fn blaze_exemptions(s: &State, seat: Seat, card: Card, k: Kind, out: &mut Vec<Action>) {
    if !s.train.on || !exempts(k) || !s.is(seat, Character::SgtBlaze) {
        return;
    }
    for t in blaze_targets(s, seat, k) {
        out.push(Action::Play {
            card,
            target: Some(t),
            in_play: None,
        });
    }
}

/// TC6: the players Sgt. Blaze (`seat`, with the train on) may exempt from
/// an effect of kind `k` on several targets (none: it has fewer than two).
pub(crate) fn blaze_targets(s: &State, seat: Seat, k: Kind) -> Vec<Seat> {
    if !s.train.on || !exempts(k) || !s.is(seat, Character::SgtBlaze) {
        return Vec::new();
    }
    let others = s.others_clockwise(seat);
    let targets: Vec<Seat> = match k {
        Kind::Gatling | Kind::Indians => others.to_vec(),
        _ => std::iter::once(seat).chain(others).collect(),
    };
    if targets.len() < 2 {
        return Vec::new(); // not several targets
    }
    targets
}

/// TC7: the Shade O'Connor asked after a train advance: in play, not the
/// current player, with a card to discard.
pub(super) fn shade_asked(s: &State) -> Option<Seat> {
    s.seats().find(|&x| {
        s.in_play(x)
            && x != s.turn.seat
            && s.is(x, Character::ShadeOConnor)
            && !s.p(x).hand.is_empty()
    })
}

impl Machine<'_, '_> {
    /// TC7: Shade O'Connor discards `card` and draws 1, or lets it go.
    pub fn shade_swaps(&mut self, seat: Seat, card: Option<Card>) {
        self.emit(Event::Train(TrainEvent::TrainWatched { seat }));
        if let Some(card) = card {
            self.emit(Event::Discarded {
                seat,
                cards: vec![card],
            });
            self.draw(seat, 1);
        }
    }
}

/// TC2: the new targets Evan Babbit may give the BANG! card `bang` of
/// `source`: at distance 1 from him, neither himself nor the shooter.
fn redirect_targets(s: &State, evan: Seat, source: Seat) -> Vec<Seat> {
    s.others_clockwise(evan)
        .into_iter()
        .filter(|&x| x != source && s.in_play(x) && s.distance(evan, x) <= 1)
        .collect()
}

/// The cards of `evan`'s hand of the suit of `bang`.
fn same_suit(s: &State, evan: Seat, bang: Card) -> Vec<Card> {
    let Some(suit) = card_info(bang).map(|c| c.suit) else {
        return Vec::new();
    };
    s.p(evan)
        .hand
        .iter()
        .copied()
        .filter(|&c| c != bang && card_info(c).is_some_and(|i| i.suit == suit))
        .collect()
}

/// TC2 (D-T22): whether Evan Babbit, shot at by `source`'s BANG! card
/// `bang`, is asked first: 3 players or more in play, a card in hand and a
/// new target. Public facts only: whether he holds a card of its suit must
/// not show in whether the game waits for him (he may always `pass`).
pub(crate) fn evan_asked(
    s: &State,
    source: Seat,
    bang: Card,
    target: Seat,
) -> Option<(Seat, Card)> {
    let asked = s.train.on
        && s.in_play(target)
        && s.is(target, Character::EvanBabbit)
        && s.is_bang_for(source, bang) // only BANG! cards: not a Money Bag copy (TR-13.7 b)
        && s.seats().filter(|&x| s.in_play(x)).count() > 2
        && !ignores(s, target, source, bang)
        && !s.p(target).hand.is_empty()
        && !redirect_targets(s, target, source).is_empty();
    asked.then_some((target, bang))
}

/// TC2: Evan Babbit's redirections of the BANG! card aimed at him.
pub(crate) fn redirects(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let (Some((evan, bang)), Some(Effect::Shots { source, .. })) = (s.train.evan, &s.effect) else {
        return;
    };
    if evan != seat {
        return;
    }
    for card in same_suit(s, evan, bang) {
        for target in redirect_targets(s, evan, *source) {
            out.push(Action::Train(TrainAction::Redirect { card, target }));
        }
    }
}

impl Machine<'_, '_> {
    /// TC2: Evan Babbit discards `card` and `target` is shot instead.
    pub fn evan_redirects(&mut self, seat: Seat, card: Card, target: Seat) {
        self.emit(Event::Train(TrainEvent::ShotRedirected {
            seat,
            card,
            target,
        }));
        self.hand_left(seat);
    }
}

/// The players a Locomotive effect from `current` reaches: every player in
/// play, `current` first, then clockwise.
pub(crate) fn locomotive_targets(s: &State, current: Seat) -> Vec<Seat> {
    std::iter::once(current)
        .chain(s.others_clockwise(current))
        .filter(|&x| s.in_play(x))
        .collect()
}

/// TC6: Sgt. Blaze chooses whom the Locomotive effect about to act in his
/// turn spares (D-T23: one per instance, himself allowed).
pub(crate) fn blaze_due(s: &State) -> bool {
    let current = s.turn.seat;
    matches!(s.train.end, Some(EndStage::Locomotive { left }) if left > 0)
        && s.train.blaze.is_none()
        && s.in_play(current)
        && s.is(current, Character::SgtBlaze)
        && locomotive_targets(s, current).len() > 1
}
