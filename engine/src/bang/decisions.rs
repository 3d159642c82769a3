//! What the game waits for: the pending decisions, every legal action of a
//! seat (concrete, ready to post), and the check of a posted action.

use arrayvec::ArrayVec;

use super::actions::{Action, DrawFrom};
use super::asked::{Asked, Decision, Pending};
use super::card_rules::{bang_limit, bang_proof, barred};
use super::cards::{BASE_DECK, Card, Kind, kind};
use super::characters::Character;
use super::expansion::in_play;
use super::legal_rules::{LegalHooks, any_answer};
use super::state::{Effect, MAX_PLAYERS, Phase, State, WindowKind};
use crate::core::{Role, Seat};

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The seat is not asked anything now.
    #[error("seat {0} is not asked to decide anything now")]
    NotYourDecision(Seat),
    /// The action does not answer the decision legally.
    #[error("{0}")]
    Illegal(String),
}

/// Every decision the game waits for now.
pub fn pending(s: &State) -> ArrayVec<Pending, MAX_PLAYERS> {
    let mut out = ArrayVec::new();
    if s.is_over() {
        return out;
    }
    let one = |seat, decision, reaction| {
        let mut v = ArrayVec::new();
        v.push(Pending {
            seat,
            decision,
            reaction,
        });
        v
    };
    if !s.started() {
        for seat in s.seats() {
            let p = s.p(seat);
            if p.offer.is_some() && p.chosen.is_none() {
                out.push(Pending {
                    seat,
                    decision: Decision::ChooseCharacter,
                    reaction: false,
                });
            }
        }
        return out;
    }
    if let Some(w) = s.window {
        let decision = match w.kind {
            WindowKind::Shot => Decision::Shot {
                needed: s.shot.map_or(1, |x| x.needed),
            },
            WindowKind::Check => Decision::ChooseCheck,
            WindowKind::Dying => Decision::Dying,
            WindowKind::Indians => Decision::Indians,
            WindowKind::Duel => Decision::Duel,
            WindowKind::Store => Decision::Store,
            WindowKind::GiveUp => Decision::GiveUp,
            WindowKind::Train(w) => Decision::Train(w.decision()),
        };
        return one(w.seat, decision, true);
    }
    if let Some(check) = s.check {
        return one(check.seat, Decision::ChooseCheck, false);
    }
    let seat = s.turn.seat;
    if !s.kit.is_empty() {
        let decision = LegalHooks::in_play(s)
            .find_map(|e| e.kit_decision(s, seat))
            .unwrap_or(Decision::PutBack);
        return one(seat, decision, false);
    }
    for e in LegalHooks::in_play(s) {
        match e.asks(s, seat) {
            Some(Asked::Seat(seat, decision)) => return one(seat, decision, false),
            Some(Asked::Nobody) => return out,
            None => {}
        }
    }
    if s.resolving() || !s.alive(seat) {
        return out; // never at rest
    }
    if let Some(decision) = LegalHooks::in_play(s).find_map(|e| e.asks_at_rest(s, seat)) {
        return one(seat, decision, false);
    }
    match s.turn.phase {
        Phase::Draw if draw_choice(s, seat) => one(seat, Decision::Draw, false),
        Phase::Play => one(seat, Decision::Play, false),
        Phase::Discard if !s.turn.shadow => {
            let excess = s.p(seat).hand.len() as i32 - s.hand_limit(seat);
            if excess > 0 {
                one(
                    seat,
                    Decision::Discard {
                        count: excess as u8,
                    },
                    false,
                )
            } else {
                out
            }
        }
        _ => out,
    }
}

/// Every action `seat` may post now (standing orders aside).
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions_into(s, seat, &mut out);
    out
}

/// Like [`legal_actions`], into a reused buffer.
pub fn legal_actions_into(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    let Some(p) = pending(s).into_iter().find(|p| p.seat == seat) else {
        return;
    };
    let hand = &s.p(seat).hand;
    match p.decision {
        Decision::ChooseCharacter => {
            for character in s.p(seat).offer.into_iter().flatten() {
                out.push(Action::ChooseCharacter { character });
            }
        }
        Decision::Draw => {
            out.push(Action::Draw {
                from: DrawFrom::Deck,
            });
            if s.is(seat, Character::PedroRamirez) && !s.discard.is_empty() {
                out.push(Action::Draw {
                    from: DrawFrom::Discard,
                });
            }
            if s.is(seat, Character::JesseJones) {
                for o in s.others_clockwise(seat) {
                    if !s.p(o).hand.is_empty() {
                        out.push(Action::Draw {
                            from: DrawFrom::Hand(o),
                        });
                    }
                }
            }
            for e in LegalHooks::in_play(s) {
                e.draw_actions(s, seat, out);
            }
            heals(s, seat, out);
        }
        Decision::PutBack => {
            for &card in &s.kit {
                out.push(Action::PutBack { card });
            }
        }
        Decision::ChooseCheck => {
            for &card in &s.flipped {
                out.push(Action::ChooseCheck { card });
            }
        }
        Decision::Play => {
            plays(s, seat, out);
            heals(s, seat, out);
            for e in LegalHooks::in_play(s) {
                e.phase_two_actions(s, seat, out);
            }
            out.push(Action::EndTurn);
        }
        Decision::Discard { .. } => {
            for &card in hand {
                out.push(Action::Discard { card });
            }
            if !s.turn.discarding {
                heals(s, seat, out); // B-11.4: in phase 3, before discarding
            }
            for e in LegalHooks::in_play(s) {
                e.life_answers(s, seat, out);
            }
        }
        Decision::Shot { .. }
        | Decision::Dying
        | Decision::Indians
        | Decision::Duel
        | Decision::Store
        | Decision::GiveUp => answer_actions(s, seat, p.decision, out),
        expansion => {
            for e in LegalHooks::in_play(s) {
                if e.decision_actions(s, seat, expansion, out) {
                    break;
                }
            }
        }
    }
}

/// The answers of a seat asked to respond: to a shot, while dying, to an
/// Indians! or a duel, at the General Store, to a Circus Wagon, or giving up
/// a card to an NPC.
fn answer_actions(s: &State, seat: Seat, decision: Decision, out: &mut Vec<Action>) {
    let hand = &s.p(seat).hand;
    let cards = |out: &mut Vec<Action>, f: &dyn Fn(Card) -> bool| {
        for &card in hand.iter().filter(|&&c| f(c)) {
            out.push(Action::Respond { card });
        }
    };
    match decision {
        Decision::Shot { .. } => {
            if s.shot.is_some_and(|shot| s.barrel_left(&shot)) {
                out.push(Action::Barrel);
            }
            cards(out, &|c| s.is_missed_for(seat, c));
            for e in LegalHooks::in_play(s) {
                e.shot_answers(s, seat, out);
            }
            out.push(Action::Pass);
        }
        Decision::Dying => {
            cards(out, &|c| kind(c) == Kind::Beer);
            heals(s, seat, out);
            for e in LegalHooks::in_play(s) {
                e.life_answers(s, seat, out);
            }
            out.push(Action::Pass);
        }
        Decision::Indians | Decision::Duel => {
            cards(out, &|c| s.is_bang_for(seat, c));
            for e in LegalHooks::in_play(s) {
                e.bang_answers(s, seat, out);
            }
            out.push(Action::Pass);
        }
        Decision::Store => {
            for &card in &s.store {
                out.push(Action::Pick { card });
            }
        }
        Decision::GiveUp => {
            for card in in_play(s).flat_map(|e| e.give_up_choices(s, seat)) {
                out.push(Action::Respond { card });
            }
        }
        _ => {}
    }
}

/// Sid Ketchum's heals: every pair of hand cards, lower id first.
fn heals(s: &State, seat: Seat, out: &mut Vec<Action>) {
    if !s.can_heal(seat) {
        return;
    }
    let hand = &s.p(seat).hand;
    for (i, &a) in hand.iter().enumerate() {
        for &b in &hand[i + 1..] {
            out.push(Action::Heal {
                cards: [a.min(b), a.max(b)],
            });
        }
    }
}

/// Phase 2: every card play with every legal target (§2, §9).
fn plays(s: &State, seat: Seat, out: &mut Vec<Action>) {
    for &card in &s.p(seat).hand {
        plays_as(s, seat, card, kind(card), out);
    }
}

/// Phase 2: every play of `card` as a card of kind `k` (Money Bag: the
/// copied card's, TR-13.7).
pub(crate) fn plays_as(s: &State, seat: Seat, card: Card, k: Kind, out: &mut Vec<Action>) {
    let play = |card, target, in_play| Action::Play {
        card,
        target,
        in_play,
    };
    if card as usize > BASE_DECK
        && LegalHooks::in_play(s).any(|e| e.card_plays(s, seat, card, k, out))
    {
        return; // an expansion's card (the train's brown cards)
    }
    let others = || s.others_clockwise(seat);
    match k {
        Kind::Bang | Kind::Missed => {
            let can_bang = s.turn.bangs < bang_limit(s, seat) || s.unlimited_bang(seat);
            if can_bang && s.is_bang_for(seat, card) {
                let reach = s.reach(seat);
                for t in others() {
                    if s.distance(seat, t) <= reach && !bang_proof(s, t) {
                        out.push(play(card, Some(t), None));
                    }
                }
            }
        }
        Kind::Beer
        | Kind::Saloon
        | Kind::Stagecoach
        | Kind::WellsFargo
        | Kind::GeneralStore
        | Kind::Indians
        | Kind::Gatling => {
            out.push(play(card, None, None));
            for e in LegalHooks::in_play(s) {
                e.more_plays(s, seat, card, k, out);
            }
        }
        Kind::Panic | Kind::CatBalou => {
            let near = |t: Seat| k == Kind::CatBalou || s.distance(seat, t) <= 1;
            for t in std::iter::once(seat).chain(others()) {
                if (t == seat && k == Kind::Panic) || !near(t) {
                    continue;
                }
                if t != seat && !s.p(t).hand.is_empty() {
                    out.push(play(card, Some(t), None));
                }
                for &c in &s.p(t).in_play {
                    if k == Kind::Panic && barred(s, seat, c) {
                        continue; // TR-11.8: the Sheriff never takes a Ghost Car
                    }
                    out.push(play(card, Some(t), Some(c)));
                }
            }
        }
        Kind::Duel => {
            for t in others() {
                out.push(play(card, Some(t), None));
            }
        }
        Kind::Jail => {
            for t in others() {
                let sheriff = s.p(t).role == Some(Role::Sheriff) && !s.three_players();
                if !sheriff && s.in_play_of(t, Kind::Jail).is_none() {
                    out.push(play(card, Some(t), None));
                }
            }
        }
        _ => {
            // Blue cards in front of himself: the same-name rule (D-B7 for weapons).
            if s.in_play_of(seat, k).is_none() {
                out.push(play(card, None, None));
            }
        }
    }
}

/// Checks `action` by `seat` against the state: the action normalised
/// (Sid Ketchum's pair in id order), or why it is refused.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Action, ActionError> {
    if s.is_over() {
        return Err(ActionError::GameOver);
    }
    if seat >= s.players {
        return Err(ActionError::NotYourDecision(seat));
    }
    let action = match *action {
        Action::SetOrders { .. } => {
            if let Some(why) = in_play(s).find_map(|e| e.refuses_orders(s, seat)) {
                return Err(ActionError::Illegal(why));
            }
            return Ok(*action);
        }
        Action::Heal { cards: [a, b] } => Action::Heal {
            cards: [a.min(b), a.max(b)],
        },
        other => other,
    };
    let Some(p) = pending(s).into_iter().find(|p| p.seat == seat) else {
        return Err(ActionError::NotYourDecision(seat));
    };
    if legal_actions(s, seat).contains(&action) {
        Ok(action)
    } else {
        Err(ActionError::Illegal(why(s, seat, &action, p.decision)))
    }
}

/// A short reason for a refusal.
fn why(s: &State, seat: Seat, action: &Action, decision: Decision) -> String {
    if let Action::Play { card, .. } = action {
        if !s.p(seat).hand.contains(card) {
            return format!("card {card} is not in your hand");
        }
        if matches!(kind(*card), Kind::Bang | Kind::Missed) && s.turn.bangs >= bang_limit(s, seat) {
            return "you have already played a BANG! card this turn".into();
        }
        return format!(
            "card {card} cannot be played now (no legal target, a limit, or the same-name rule)"
        );
    }
    if matches!(s.effect, Some(Effect::Store { .. })) {
        return "pick one of the General Store's cards".into();
    }
    format!("that action does not answer {decision:?}")
}

/// Whether the current player has a choice in phase 1 (Jesse Jones, Pedro
/// Ramirez, or Sid Ketchum able to heal first).
pub fn draw_choice(s: &State, seat: Seat) -> bool {
    (s.is(seat, Character::JesseJones)
        && s.others_clockwise(seat)
            .iter()
            .any(|&o| !s.p(o).hand.is_empty()))
        || (s.is(seat, Character::PedroRamirez) && !s.discard.is_empty())
        || s.can_heal(seat)
        || any_answer(s, |e, out| e.draw_actions(s, seat, out))
}
