//! Dodge City (`rules/dodge-city.md`): its deck, green cards and "discard
//! another card" cards, checked by the acceptance cases named after them
//! (DC-AC-NN). The characters' cases come with the characters.
//!
//! A case's table is the base harness's with Dodge City on ([`T::with_dodge`]):
//! its 40 cards on top of the deck (240 the top card).

use super::*;
use crate::bang::DodgeAction;
use crate::bang::cards::{Border, all_cards, card};
use crate::bang::dodge::{self, CARD_TABLE};

const BANG_5C: Card = 201;
const PUNCH: Card = 212;
const DODGE_KH: Card = 213;
const SPRINGFIELD: Card = 215;
const RAG_TIME: Card = 216;
const TEQUILA: Card = 218;
const WHISKY: Card = 219;
const HIDEOUT: Card = 226;
const BIBLE: Card = 227;
const CANTEEN: Card = 228;
const DERRINGER: Card = 231;
const HOWITZER: Card = 233;
const IRON_PLATE: Card = 234;
const IRON_PLATE_QS: Card = 235;
const KNIFE: Card = 236;
const PEPPERBOX: Card = 237;
const SOMBRERO: Card = 239;

impl T {
    /// This table with Dodge City on and its 40 cards on top of the deck.
    fn with_dodge(mut self) -> T {
        crate::bang::expansion::switch(&mut self.s, dodge::EXPANSION, true);
        self.s.deck.extend(dodge::FIRST..=dodge::LAST);
        check_invariants(&self.s).unwrap();
        self
    }

    /// `seat` uses his green `card` at `target`.
    fn use_green(&mut self, seat: Seat, card: Card, target: Option<Seat>) -> Vec<Event> {
        self.ok(
            seat,
            Action::Dodge(DodgeAction::UseGreen {
                card,
                target,
                in_play: None,
            }),
        )
    }

    /// `seat` plays `card` discarding `discard`, at `target`.
    fn with_discard(&mut self, seat: Seat, card: Card, discard: Card, target: Option<Seat>) {
        self.ok(
            seat,
            Action::Dodge(DodgeAction::PlayWithDiscard {
                card,
                discard,
                target,
                in_play: None,
            }),
        );
    }

    /// The current player ends his turn; the next one draws (the turn
    /// starts as in a game, with its event).
    fn next_turn(&mut self) {
        let seat = self.s.turn.seat;
        self.ok(seat, Action::EndTurn);
        loop {
            match self.waiting()[..] {
                [(next, Decision::Draw)] => self.ok(
                    next,
                    Action::Draw {
                        from: DrawFrom::Deck,
                    },
                ),
                [(next, Decision::PutBack)] => {
                    let card = self.s.kit[0];
                    self.ok(next, Action::PutBack { card })
                }
                _ => break,
            };
        }
    }

    /// `seat`'s cards in play.
    fn in_play(&self, seat: Seat) -> Vec<Card> {
        self.s.p(seat).in_play.to_vec()
    }

    /// Whether `seat` may now use `card` from play, at some target or none.
    fn may_use(&self, seat: Seat, card: Card) -> bool {
        legal_actions(&self.s, seat).iter().any(
            |a| matches!(a, Action::Dodge(DodgeAction::UseGreen { card: c, .. }) if *c == card),
        )
    }
}

/// A dodge table of `n` plain seats, A in his phase 2.
fn dc(n: usize) -> T {
    T::plain(n).with_dodge()
}

#[test]
fn dc_ac_01_the_deck_with_dodge_city() {
    assert_eq!(CARD_TABLE.len(), 40);
    let border = |b| {
        CARD_TABLE
            .iter()
            .filter(|c| c.kind.info().border == b)
            .count()
    };
    assert_eq!(
        (
            border(Border::Brown),
            border(Border::Blue),
            border(Border::Green)
        ),
        (19, 7, 14)
    );
    for suit in [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades] {
        assert_eq!(CARD_TABLE.iter().filter(|c| c.suit == suit).count(), 10);
    }
    let mut signs: Vec<(Suit, u8)> = CARD_TABLE.iter().map(|c| (c.suit, c.value)).collect();
    signs.sort_by_key(|&(s, v)| (s as u8, v));
    signs.dedup();
    assert_eq!(signs.len(), 40, "no duplicate sign among 201–240");
    // DC-2.1: five cards explode a Dynamite; D-DC1: Buffalo Rifle is Q♣.
    assert_eq!(CARD_TABLE.iter().filter(|c| explodes(c.id)).count(), 5);
    assert_eq!(
        card(232).map(|c| (c.kind, c.suit, c.value)),
        Some((Kind::BuffaloRifle, Suit::Clubs, 12))
    );
    // The combined deck: 120 cards, 136 with the train's.
    let t = dc(4);
    assert_eq!(t.s.deck_ids().count(), 120);
    assert_eq!(all_cards().count(), 136);
    assert_eq!(
        Character::of_set(CharacterSet::DodgeCity).count(),
        15,
        "15 extra characters"
    );
}

#[test]
fn dc_ac_03_sombrero_cancels_a_shot_from_the_next_turn_on() {
    let mut t = dc(4);
    t.give(A, &[SOMBRERO]);
    t.play(A, SOMBRERO, None);
    assert_eq!(t.in_play(A), [SOMBRERO]);
    assert!(!t.may_use(A, SOMBRERO));
    t.next_turn();
    t.give(B, &[BANG_QH]);
    t.play(B, BANG_QH, Some(A));
    assert!(t.may_use(A, SOMBRERO), "usable when shot in B's turn");
    t.use_green(A, SOMBRERO, None);
    assert_eq!(t.hp(A), 5, "the shot is cancelled");
    assert!(t.in_play(A).is_empty() && t.s.discard.contains(&SOMBRERO));
}

#[test]
fn dc_ac_04_a_green_card_waits_until_the_turn_ends() {
    let mut t = dc(4);
    t.give(A, &[KNIFE]);
    t.play(A, KNIFE, None);
    let knife_now = Action::Dodge(DodgeAction::UseGreen {
        card: KNIFE,
        target: Some(B),
        in_play: None,
    });
    assert!(t.act(A, knife_now).is_err(), "rejected in the same phase 2");
    assert_eq!(t.s.dodge.view().waiting, [KNIFE]);
    for _ in 0..4 {
        t.next_turn();
    }
    assert_eq!(t.s.turn.seat, A);
    assert!(t.s.dodge.waiting.is_empty());
    // A BANG! effect at a player at distance 1 (B), never at distance 2 (C).
    let targets: Vec<Option<Seat>> = legal_actions(&t.s, A)
        .iter()
        .filter_map(|a| match a {
            Action::Dodge(DodgeAction::UseGreen {
                card: KNIFE,
                target,
                ..
            }) => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, [Some(B), Some(D)]);
    t.give(B, &[MISSED_KC]);
    t.use_green(A, KNIFE, Some(B));
    assert_eq!(t.waiting(), [(B, Decision::Shot { needed: 1 })]);
}

#[test]
fn dc_ac_05_green_guns_are_no_bang_cards() {
    let mut t = dc(4);
    t.equip(A, &[PEPPERBOX, KNIFE, DERRINGER]);
    t.give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.s.turn.bangs, 1);
    t.give(B, &[MISSED_KC]);
    t.use_green(A, PEPPERBOX, Some(B));
    assert_eq!(
        t.waiting(),
        [(B, Decision::Shot { needed: 1 })],
        "B may answer"
    );
    t.pass(B);
    t.use_green(A, KNIFE, Some(D));
    let before = t.hand(A).len();
    t.use_green(A, DERRINGER, Some(B));
    assert_eq!(
        t.hand(A).len(),
        before + 1,
        "D-DC5: the Derringer draws first"
    );
    t.pass(B);
    assert_eq!((t.hp(B), t.hp(D)), (1, 3));
}

#[test]
fn dc_ac_07_two_green_missed_cards_against_slab_the_killer() {
    let mut t = T::new(
        &[PedroRamirez, SlabTheKiller, BlackJack, KitCarlson],
        &roles(4),
    )
    .with_dodge();
    t.equip(A, &[IRON_PLATE, BIBLE]);
    t.turn(B);
    t.give(B, &[BANG_QH]);
    t.play(B, BANG_QH, Some(A));
    t.use_green(A, IRON_PLATE, None);
    assert_eq!(t.waiting(), [(A, Decision::Shot { needed: 1 })]);
    let hand = t.hand(A).len();
    t.use_green(A, BIBLE, None);
    assert_eq!(t.hp(A), 5, "the Sheriff takes no hit");
    assert_eq!(t.hand(A).len(), hand + 1, "the Bible draws 1");
}

#[test]
fn dc_ac_08_a_canteen_never_saves_a_dying_player() {
    let mut t = dc(4);
    t.equip(A, &[CANTEEN]).life(A, 1);
    t.next_turn();
    t.give(B, &[BANG_QH]);
    t.play(B, BANG_QH, Some(A));
    assert!(
        !t.alive(A),
        "no answer to the shot, none to dying: the Canteen is none"
    );
    // In his own phase 2 it heals.
    let mut t = dc(4);
    t.equip(A, &[CANTEEN]).life(A, 3);
    t.use_green(A, CANTEEN, None);
    assert_eq!(t.hp(A), 4);
}

#[test]
fn dc_ac_09_no_two_iron_plates_in_front_of_one_player() {
    let mut t = dc(4);
    t.equip(A, &[IRON_PLATE]);
    t.give(A, &[IRON_PLATE_QS]);
    assert!(t.act(A, play_at(IRON_PLATE_QS, None)).is_err());
}

#[test]
fn dc_ac_10_a_howitzer_shoots_everyone_else_in_turn() {
    let mut t = dc(5);
    t.equip(A, &[HOWITZER]);
    for seat in [B, C, D, E] {
        t.give(seat, &[MISSED_KC + seat]);
    }
    t.use_green(A, HOWITZER, None);
    for seat in [B, C, D, E] {
        assert_eq!(t.waiting(), [(seat, Decision::Shot { needed: 1 })]);
        t.pass(seat);
    }
    assert_eq!(t.s.turn.bangs, 0, "his BANG! limit is untouched");
    assert!(
        [B, C, D, E]
            .iter()
            .all(|&s| t.hp(s) == t.s.p(s).max_life as i8 - 1)
    );
}

#[test]
fn dc_ac_12_whisky_needs_another_card_which_goes_first() {
    let mut t = dc(4);
    t.give(A, &[WHISKY]).life(A, 3);
    assert!(
        legal_actions(&t.s, A)
            .iter()
            .all(|a| !matches!(a, Action::Dodge(_)))
    );
    let mut t = dc(4);
    t.give(A, &[WHISKY, BANG_QH]).life(A, 2);
    t.with_discard(A, WHISKY, BANG_QH, None);
    assert_eq!(t.s.discard[t.s.discard.len() - 2..], [BANG_QH, WHISKY]);
    assert_eq!(t.hp(A), 4);
}

#[test]
fn dc_ac_13_springfield_reaches_anyone_and_spares_the_bang_limit() {
    let mut t = dc(7);
    t.give(A, &[SPRINGFIELD, MISSED_KC, BANG_QH]);
    t.with_discard(A, SPRINGFIELD, MISSED_KC, Some(E));
    t.play(A, BANG_QH, Some(B));
    assert_eq!((t.hp(E), t.hp(B)), (3, 3));
}

#[test]
fn dc_ac_15_tequila_is_no_beer_with_two_players_left() {
    let mut t = dc(4);
    t.dead(C).dead(D);
    t.give(A, &[TEQUILA, BANG_QH]).life(A, 2);
    t.with_discard(A, TEQUILA, BANG_QH, Some(A));
    assert_eq!(t.hp(A), 3);
}

#[test]
fn dc_ac_16_rag_time_takes_at_any_distance() {
    let mut t = dc(7);
    t.give(A, &[RAG_TIME, BANG_QH]);
    t.give(D, &[MISSED_KC]);
    t.script = vec![0];
    t.with_discard(A, RAG_TIME, BANG_QH, Some(D));
    assert!(t.hand(A).contains(&MISSED_KC) && t.hand(D).is_empty());
}

#[test]
fn punch_shoots_a_neighbour_and_a_dodge_draws_after_its_missed() {
    let mut t = dc(4);
    t.give(A, &[PUNCH]);
    t.give(B, &[DODGE_KH]);
    assert!(t.act(A, play_at(PUNCH, Some(C))).is_err(), "distance 2");
    t.play(A, PUNCH, Some(B));
    t.respond(B, DODGE_KH);
    assert_eq!(t.hp(B), 4);
    assert_eq!(t.hand(B).len(), 1, "D-DC5: Missed!, then the draw");
    let _ = BANG_5C;
}

#[test]
fn a_hideout_and_a_mustang_stack() {
    let mut t = dc(7);
    t.equip(B, &[HIDEOUT, MUSTANG]);
    assert_eq!(t.s.distance(A, B), 3);
}

#[test]
fn dodge_city_is_not_playable_yet() {
    let mut config = Config::new(4);
    config.options.expansions = vec![dodge::EXPANSION.to_string()];
    let err = start(&config, &mut GameRng::new(Seed::from_u64(1), 0)).unwrap_err();
    assert!(err.to_string().contains("options.expansions"), "{err}");
}
