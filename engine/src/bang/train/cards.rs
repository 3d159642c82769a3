//! The Great Train Robbery's 16 playing cards (§12, §13): the plays each
//! allows (legal actions), what their events fold into the state, and the
//! machine steps of their effects. The base files only call in here.

use super::Advance;
use super::placement::placements;
use super::railcars::{RailcarKind, railcar};
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, Suit, card as card_info, kind};
use crate::bang::events::Event;
use crate::bang::machine::M;
use crate::bang::state::{CheckKind, Effect, Phase, Shot, State};
use crate::core::{Role, Seat};

/// Map's look at the top of the deck this turn (TR-13.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapStage {
    /// He is looking: he discards one of the cards, or passes.
    Looking,
    /// Done for this turn.
    Done,
}

/// How many BANG! cards `seat` may play a turn: 2 with a Dragoon in play
/// (TR-13.2), else 1 (Volcanic and Willy the Kid aside).
pub(crate) fn bang_limit(s: &State, seat: Seat) -> u8 {
    if s.in_play_of(seat, Kind::Dragoon).is_some() {
        2
    } else {
        1
    }
}

/// Whether `seat` may still play a BANG! card (or what counts as one).
fn can_bang(s: &State, seat: Seat) -> bool {
    s.turn.bangs < bang_limit(s, seat) || s.unlimited_bang(seat)
}

/// Phase 2: every play of `card` from `seat`'s hand when it is one of the
/// Great Train Robbery's brown cards (`false`: not one of them; its blue
/// cards Dragoon, Map, Refund and Strongbox go into play as any blue card).
/// `k` is the kind it is played as (Money Bag: the copied card's, whose
/// BANG! effects never count toward the limit, TR-13.7 b).
pub(crate) fn card_plays(
    s: &State,
    seat: Seat,
    card: Card,
    k: Kind,
    out: &mut Vec<Action>,
) -> bool {
    let play = |target, in_play| Action::Play {
        card,
        target,
        in_play,
    };
    let t = &s.train;
    let train_still = t.on && t.end.is_none();
    let copy = kind(card) == Kind::MoneyBag;
    match k {
        Kind::MoneyBag => {
            if let Some(copied) = money_bag_copies(s) {
                crate::bang::decisions::plays_as(s, seat, card, copied, out);
            }
        }
        Kind::Bang if copy => {
            for o in s.others_clockwise(seat) {
                if s.distance(seat, o) <= s.reach(seat) {
                    out.push(play(Some(o), None));
                }
            }
        }
        Kind::KnifeRevolver => {
            if copy || can_bang(s, seat) {
                for o in s.others_clockwise(seat) {
                    if s.distance(seat, o) <= s.reach(seat) {
                        out.push(play(Some(o), None));
                    }
                }
            }
        }
        Kind::TrainRobbery => {
            if copy || can_bang(s, seat) {
                for o in s.others_clockwise(seat) {
                    out.push(play(Some(o), None));
                }
            }
        }
        Kind::MostWanted => {
            out.push(play(None, None));
            super::blaze_exemptions(s, seat, card, k, out); // TC6
        }
        Kind::NextStop if train_still => out.push(play(None, None)),
        Kind::FullSteam if train_still => {
            for double in [false, true] {
                out.push(Action::FullSteam { card, double });
            }
        }
        Kind::WaterTower if train_still => {
            for &car in &t.cars {
                for place in placements(s, seat, car) {
                    out.push(play(place, Some(car)));
                }
            }
        }
        Kind::Switch => switches(s, seat, card, out),
        // Missed! effects only: no use in his own turn.
        Kind::Cactus | Kind::Evaded | Kind::NextStop | Kind::FullSteam | Kind::WaterTower => {}
        _ => return false,
    }
    true
}

/// TR-13.7: the kind a Money Bag copies now: the top card of the discard
/// pile, if brown and not a Missed!-only card (c).
pub(crate) fn money_bag_copies(s: &State) -> Option<Kind> {
    let k = kind(*s.discard.last()?);
    let never = [Kind::Missed, Kind::Cactus, Kind::Evaded, Kind::MoneyBag];
    (!k.is_blue() && !never.contains(&k)).then_some(k)
}

/// The kind `card` is played as, read before it is played: a Money Bag
/// copies the top of the discard pile (TR-13.7 a), any other card is itself.
pub(crate) fn played_as(s: &State, card: Card) -> Kind {
    match kind(card) {
        Kind::MoneyBag => money_bag_copies(s).unwrap_or(Kind::MoneyBag),
        k => k,
    }
}

/// Whether `card`, the card that shot, can be taken back into a hand: on
/// the discard pile, or a Money Bag held aside while its copied effect
/// resolves (TR-13.7 d: "this card" is the Money Bag).
fn recoverable(s: &State, card: Card) -> bool {
    s.discard.contains(&card) || s.train.money_bag.is_some_and(|(_, c)| c == card)
}

/// Removes the Money Bag `card` `seat` played from where it is held aside
/// (TR-13.7 a); whether it was there.
pub(crate) fn from_aside(s: &mut State, seat: Seat, card: Card) -> bool {
    if s.train.money_bag == Some((seat, card)) {
        s.train.money_bag = None;
        true
    } else if s.train.used == Some((seat, card)) {
        s.train.used = None;
        true
    } else {
        false
    }
}

/// Whether `a` and `b` have the same name (railcars: each name is unique).
fn same_name(a: Card, b: Card) -> bool {
    if kind(a) == Kind::Railcar || kind(b) == Kind::Railcar {
        a == b
    } else {
        kind(a) == kind(b)
    }
}

/// Whether `seat` is the Sheriff for the Jail and Ghost Car rules.
fn sheriff(s: &State, seat: Seat) -> bool {
    s.p(seat).role == Some(Role::Sheriff) && !s.three_players()
}

/// A Jail or the Ghost Car, which may never end up in front of the Sheriff.
fn not_for_sheriff(c: Card) -> bool {
    kind(c) == Kind::Jail || railcar(c).is_some_and(|r| r.kind == RailcarKind::GhostCar)
}

/// Whether `seat`, giving `gives`, may receive `gets` (TR-13.12).
fn may_receive(s: &State, seat: Seat, gives: Card, gets: Card) -> bool {
    let twice = s
        .p(seat)
        .in_play
        .iter()
        .any(|&c| c != gives && same_name(c, gets));
    !(twice || sheriff(s, seat) && not_for_sheriff(gets))
}

/// TR-13.12: every swap of one of `seat`'s cards in play with a card in play
/// in front of another player (any distance).
fn switches(s: &State, seat: Seat, card: Card, out: &mut Vec<Action>) {
    let mine = &s.p(seat).in_play;
    for o in s.others_clockwise(seat) {
        for &theirs in &s.p(o).in_play {
            for &m in mine {
                if may_receive(s, seat, m, theirs) && may_receive(s, o, theirs, m) {
                    out.push(Action::Switch {
                        card,
                        mine: m,
                        target: o,
                        theirs,
                    });
                }
            }
        }
    }
}

/// TR-13.7 (b): a Money Bag copying a BANG! shoots like one without being a
/// BANG! card nor counting toward the limit.
pub(crate) fn money_bag_bang(s: &mut State, seat: Seat, card: Card, target: Option<Seat>) {
    if let Some(t) = target {
        s.effect = Some(Effect::Shots {
            source: seat,
            targets: [t].into_iter().collect(),
            bang_card: false,
            anonymous: false,
            card: Some(card),
        });
    }
}

/// The fold of a Great Train Robbery card just played (moved to the discard
/// pile; a Money Bag's copy of one of them too): Knife Revolver and Train
/// Robbery count as the BANG! card of the turn and set their effect in motion.
pub(crate) fn played(s: &mut State, seat: Seat, card: Card, k: Kind, target: Option<Seat>) {
    let Some(t) = target else { return };
    if kind(card) != Kind::MoneyBag && matches!(k, Kind::KnifeRevolver | Kind::TrainRobbery) {
        s.turn.bangs = s.turn.bangs.saturating_add(1);
    }
    match k {
        Kind::KnifeRevolver => {
            s.effect = Some(Effect::Shots {
                source: seat,
                targets: [t].into_iter().collect(),
                bang_card: false,
                anonymous: false,
                card: Some(card),
            });
        }
        Kind::TrainRobbery => {
            if s.calumet_ignores(t, seat, card) {
                return;
            }
            s.effect = Some(Effect::Robbery {
                source: seat,
                target: t,
                card,
                left: s.p(t).in_play.clone(),
            });
            crate::bang::fold_steps::settle(s);
        }
        _ => {}
    }
}

/// Most Wanted: `seat` has made his check; the next player checks.
pub(crate) fn most_wanted_checked(s: &mut State, seat: Seat) {
    if let Some(Effect::MostWanted { targets, .. }) = s.effect.as_mut()
        && targets.first() == Some(&seat)
    {
        targets.remove(0);
    }
    crate::bang::fold_steps::settle(s);
}

/// Folds the events of the playing cards; `false` for another event.
pub(crate) fn fold(s: &mut State, event: &Event) -> bool {
    let n = s.players as usize;
    match event {
        Event::DiscardRecovered { seat, card } => {
            if (*seat as usize) >= n {
                return true;
            }
            if s.train.money_bag.is_some_and(|(_, c)| c == *card) {
                s.train.money_bag = None; // TR-13.7 (d): the Money Bag itself
                s.table[*seat as usize].hand.push(*card);
            } else if let Some(i) = s.discard.iter().rposition(|c| c == card) {
                s.discard.remove(i);
                s.table[*seat as usize].hand.push(*card);
            }
        }
        Event::FullSteamChosen { double } => {
            s.train.full_steam = Some(if *double { 2 } else { 0 });
        }
        Event::MapLooked { .. } => s.train.map = Some(MapStage::Looking),
        Event::MapDone { discarded, .. } => {
            s.train.map = Some(MapStage::Done);
            if let Some(c) = discarded
                && let Some(i) = s.deck.iter().rposition(|x| x == c)
            {
                s.deck.remove(i);
                s.discard.push(*c);
            }
        }
        Event::RobberyHandled {
            seat,
            card,
            discard,
        } => {
            if let Some(Effect::Robbery { target, left, .. }) = s.effect.as_mut()
                && target == seat
                && let Some(i) = left.iter().position(|c| c == card)
            {
                left.remove(i);
            }
            if *discard {
                crate::bang::fold_steps::settle(s);
            }
        }
        Event::CardsSwitched {
            seat,
            mine,
            other,
            theirs,
        } => {
            let (a, b) = (*seat as usize, *other as usize);
            if a >= n || b >= n || a == b {
                return true;
            }
            let (Some(i), Some(j)) = (
                s.table[a].in_play.iter().position(|c| c == mine),
                s.table[b].in_play.iter().position(|c| c == theirs),
            ) else {
                return true;
            };
            s.table[a].in_play.remove(i);
            s.table[b].in_play.remove(j);
            s.table[a].in_play.push(*theirs);
            s.table[b].in_play.push(*mine);
        }
        _ => return false,
    }
    true
}

/// Whether the current player looks at the top of the deck with his Map now.
pub(crate) fn map_pending(s: &State) -> bool {
    s.train.map == Some(MapStage::Looking) && s.turn.phase == Phase::Start
}

/// The top cards of the deck a Map shows (up to 2, the top first).
fn map_cards(s: &State) -> Vec<Card> {
    s.deck.iter().rev().take(2).copied().collect()
}

/// Map: discard one of the cards seen, or pass.
pub(crate) fn map_actions(s: &State, out: &mut Vec<Action>) {
    for card in map_cards(s) {
        out.push(Action::Discard { card });
    }
    out.push(Action::Pass);
}

/// The target of a Train Robbery and his cards still to handle, when he is
/// the one to decide now.
pub(crate) fn robbery_pending(s: &State) -> Option<(Seat, Vec<Card>)> {
    let Some(Effect::Robbery { target, left, .. }) = &s.effect else {
        return None;
    };
    if s.shot.is_some() || s.dying.is_some() || s.check.is_some() || !s.alive(*target) {
        return None;
    }
    let cards: Vec<Card> = left
        .iter()
        .copied()
        .filter(|c| s.p(*target).in_play.contains(c))
        .collect();
    (!cards.is_empty()).then_some((*target, cards))
}

/// Train Robbery's target: each card still to handle, discarded or shot for.
pub(crate) fn robbery_actions(s: &State, out: &mut Vec<Action>) {
    for card in robbery_pending(s).map(|(_, c)| c).unwrap_or_default() {
        for discard in [true, false] {
            out.push(Action::Robbery { card, discard });
        }
    }
}

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

impl M<'_, '_> {
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
                    self.emit(Event::RailcarTaken {
                        seat,
                        railcar,
                        to: target.unwrap_or(seat),
                        station: None,
                        counts: false,
                    });
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
        self.emit(Event::FullSteamChosen { double });
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
        self.emit(Event::CardsSwitched {
            seat,
            mine,
            other,
            theirs,
        });
    }

    /// A Missed! effect from hand was played against `shot` (read before it):
    /// Cactus's heal check (TR-13.1), Evaded! takes the card that shot him
    /// (TR-13.3, D-T19).
    pub(crate) fn after_missed(&mut self, seat: Seat, card: Card, shot: Option<Shot>, auto: bool) {
        match kind(card) {
            Kind::Cactus => self.check(seat, CheckKind::Cactus, auto),
            Kind::Evaded => {
                if let Some(c) = shot.and_then(|x| x.card)
                    && card_info(c).is_some()
                    && recoverable(self.s(), c)
                {
                    self.emit(Event::DiscardRecovered { seat, card: c });
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
                self.emit(Event::DiscardRecovered { seat, card });
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
        self.emit(Event::RobberyHandled {
            seat,
            card,
            discard,
        });
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
            self.emit(Event::MapDone {
                seat,
                discarded: None,
            });
        } else {
            self.emit(Event::MapLooked {
                seat,
                cards: cards.into_iter().map(Some).collect(),
            });
        }
        true
    }

    /// Map: he discards `card` of those he saw (none: he keeps both).
    pub(crate) fn map_done(&mut self, seat: Seat, discarded: Option<Card>) {
        self.emit(Event::MapDone { seat, discarded });
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
