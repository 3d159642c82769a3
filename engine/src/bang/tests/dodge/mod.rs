//! Dodge City (`rules/dodge-city.md`): its deck, green cards and "discard
//! another card" cards, checked by the acceptance cases named after them
//! (DC-AC-NN). The characters' cases come with the characters.
//!
//! A case's table is the base harness's with Dodge City on ([`T::with_dodge`]):
//! its 40 cards on top of the deck (240 the top card).

use super::*;
use crate::bang::cards::{Border, all_cards, card};
use crate::bang::dodge::{self, CARD_TABLE};
use crate::bang::{DodgeAction, DodgeDecision};

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
    pub(in crate::bang::tests) fn with_dodge(mut self) -> T {
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
fn dc_ac_02_eight_players_have_two_renegades() {
    let roles = roles_for(8);
    let count = |r| roles.iter().filter(|&&x| x == r).count();
    assert_eq!(
        (
            count(Sheriff),
            count(Deputy),
            count(Outlaw),
            count(Renegade)
        ),
        (1, 2, 3, 2)
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
    assert_eq!(t.s.dodge.view(&t.s).waiting, [KNIFE]);
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
fn dodge_city_is_not_played_in_the_solo_mode() {
    let mut config = Config::new(6);
    config.options.expansions = vec![dodge::EXPANSION.to_string()];
    config.options.mode = "lone_gunslinger".into();
    let err = start(&config, &mut GameRng::new(Seed::from_u64(1), 0)).unwrap_err();
    assert!(err.to_string().contains("options.mode"), "{err}");
}

/// Random games per player count, with windows left to expire one game in
/// four (`DODGE_RANDOM_GAMES` overrides it).
fn random_games(default: u64) -> u64 {
    std::env::var("DODGE_RANDOM_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_dodge_city_games_keep_every_property() {
    use super::train::random::random_game_with;
    // Alone, with Gold Rush, with the train, with both, with the shadows;
    // every fourth game lets windows expire.
    let combos: [(&[&str], &[&str]); 5] = [
        (&["dodge_city"], &[]),
        (&["dodge_city", "gold_rush"], &[]),
        (&["dodge_city", "train_robbery"], &[]),
        (&["dodge_city", "gold_rush", "train_robbery"], &[]),
        (&["dodge_city"], &["shadow_gunslingers"]),
    ];
    let per = random_games(8);
    let mut events = 0;
    for (c, (expansions, variants)) in combos.iter().enumerate() {
        for players in 4..=8u8 {
            for g in 0..per {
                let game = 80_000_000 + c as u64 * 1_000_000 + players as u64 * 1000 + g;
                let (n, _) = random_game_with(players, game, expansions, variants, g % 4 == 3);
                events += n;
            }
        }
    }
    eprintln!(
        "dodge_city games={} events={events} failures=0",
        5 * 5 * per
    );
}

/// A dodge table with these characters (the default roles, A the Sheriff).
fn dcw(characters: &[Character]) -> T {
    T::new(characters, &roles(characters.len())).with_dodge()
}

const BRAWL: Card = 217;
const BARREL_AC: Card = 220;
const DYNAMITE_10C: Card = 221;
const CAN_CAN: Card = 229;
const MISSED_8D: Card = 205;
const BEER_6H: Card = 206;
const INDIANS_5D: Card = 209;
const CONESTOGA: Card = 230;
const TEN_GALLON_HAT: Card = 240;
/// ♦ cards of the base deck.
const BANG_6D: Card = 8;
const CAT_BALOU_9D: Card = 55;
const DUEL_QD: Card = 58;
const INDIANS_KD: Card = 61;
const BANG_9C: Card = 24;

#[test]
fn dc_ac_06_a_green_card_taken_and_put_back_into_play_waits_again() {
    let mut t = dc(4);
    t.equip(A, &[IRON_PLATE]);
    t.next_turn(); // B's turn
    t.give(B, &[PANIC]);
    t.ok(
        B,
        Action::Play {
            card: PANIC,
            target: Some(A),
            in_play: Some(IRON_PLATE),
        },
    );
    t.play(B, IRON_PLATE, None);
    assert!(!t.may_use(B, IRON_PLATE) && crate::bang::dodge::is_waiting(&t.s, IRON_PLATE));
    t.next_turn(); // C's turn
    t.give(C, &[BANG_QH, VOLCANIC]);
    t.play(C, VOLCANIC, None);
    t.play(C, BANG_QH, Some(B));
    assert!(t.may_use(B, IRON_PLATE));
    t.use_green(B, IRON_PLATE, None);
    assert_eq!(t.hp(B), 4);
}

#[test]
fn dc_ac_11_jose_delgado_discards_blue_cards_only() {
    let mut t = dcw(&[JoseDelgado, BlackJack, PedroRamirez, KitCarlson]);
    t.give(A, &[SOMBRERO, BARREL_AC]);
    let jose = |card| Action::Dodge(DodgeAction::JoseDelgado { card });
    assert!(t.act(A, jose(SOMBRERO)).is_err(), "green is not blue");
    t.ok(A, jose(BARREL_AC));
    assert_eq!(t.hand(A).len(), 3);
}

#[test]
fn dc_ac_14_brawl_takes_a_card_from_each_other_player_who_has_one() {
    let mut t = dc(4);
    t.give(A, &[BRAWL, BANG_QH]);
    t.give(B, &[MISSED_KC, BEER]);
    t.equip(D, &[MUSTANG]);
    t.with_discard(A, BRAWL, BANG_QH, None);
    assert_eq!(t.waiting(), [(A, Decision::Dodge(DodgeDecision::Brawl))]);
    assert_eq!(
        t.s.dodge.view(&t.s).brawl,
        Some(vec![B, D]),
        "C has nothing"
    );
    t.script = vec![1];
    t.ok(A, Action::Dodge(DodgeAction::Brawl { in_play: None }));
    assert_eq!(t.hand(B), [MISSED_KC], "a random hand card");
    t.ok(
        A,
        Action::Dodge(DodgeAction::Brawl {
            in_play: Some(MUSTANG),
        }),
    );
    assert!(t.in_play(D).is_empty() && t.s.dodge.brawl.is_none());
    assert_eq!(t.waiting(), [(A, Decision::Play)]);
    // D-DC7: nobody else with a card, no Brawl.
    let mut t = dc(4);
    t.give(A, &[BRAWL, BANG_QH]);
    assert!(
        t.act(
            A,
            Action::Dodge(DodgeAction::PlayWithDiscard {
                card: BRAWL,
                discard: BANG_QH,
                target: None,
                in_play: None
            })
        )
        .is_err()
    );
}

#[test]
fn dc_ac_17_apache_kid_ignores_diamonds_but_not_a_duel() {
    let mut t = dcw(&[BlackJack, ApacheKid, PedroRamirez, KitCarlson]);
    t.give(A, &[BANG_6D, DUEL_QD]);
    t.give(B, &[MISSED_KC]);
    let events = t.play(A, BANG_6D, Some(B));
    assert!(has(&events, |e| matches!(
        e,
        Event::Unaffected { seat: B, .. }
    )));
    assert_eq!(t.waiting(), [(A, Decision::Play)], "no response needed");
    t.play(A, DUEL_QD, Some(B));
    assert_eq!(t.waiting(), [(B, Decision::Duel)]);
}

#[test]
fn dc_ac_18_apache_kid_is_skipped_by_a_diamond_indians() {
    let mut t = dcw(&[BlackJack, ApacheKid, PedroRamirez, KitCarlson]);
    t.give(A, &[INDIANS_KD]);
    t.play(A, INDIANS_KD, None);
    assert_eq!(t.hp(B), 3, "skipped");
    assert_eq!((t.hp(C), t.hp(D)), (3, 3), "the others lose 1");
    let _ = INDIANS_5D;
}

#[test]
fn dc_ac_19_doc_holyday_against_apache_kid() {
    let doc = |cards, target| Action::Dodge(DodgeAction::DocHolyday { cards, target });
    let mut t = dcw(&[DocHolyday, ApacheKid, PedroRamirez, KitCarlson]);
    t.give(A, &[MISSED_8D, CONESTOGA]);
    let events = t.ok(A, doc([MISSED_8D, CONESTOGA], B));
    assert!(has(&events, |e| matches!(
        e,
        Event::Unaffected { seat: B, .. }
    )));
    assert_eq!(t.hp(B), 3);
    let mut t = dcw(&[DocHolyday, ApacheKid, PedroRamirez, KitCarlson]);
    t.give(A, &[MISSED_8D, BANG_9C]);
    t.ok(A, doc([BANG_9C, MISSED_8D], B));
    assert_eq!(t.hp(B), 2, "a BANG! effect hits him");
}

#[test]
fn dc_ac_20_doc_holyday_once_a_turn_besides_his_bang() {
    let doc = |cards, target| Action::Dodge(DodgeAction::DocHolyday { cards, target });
    let mut t = dcw(&[DocHolyday, BlackJack, PedroRamirez, KitCarlson]);
    t.give(A, &[BANG_QH, MISSED_KC, BEER, MISSED_2S, MISSED_3S]);
    t.play(A, BANG_QH, Some(B));
    t.ok(A, doc([MISSED_KC, BEER], D));
    assert!(t.act(A, doc([MISSED_2S, MISSED_3S], B)).is_err());
    assert_eq!((t.hp(B), t.hp(D)), (3, 3));
}

#[test]
fn dc_ac_21_belle_star_disables_the_targets_cards_in_play() {
    let mut t = dcw(&[BelleStar, BlackJack, PedroRamirez, KitCarlson]);
    t.equip(B, &[BARREL, IRON_PLATE]);
    t.give(B, &[MISSED_KC]);
    t.give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    let answers = legal_actions(&t.s, B);
    assert_eq!(answers, [Action::Respond { card: MISSED_KC }, Action::Pass]);
}

#[test]
fn dc_ac_22_belle_star_ignores_a_hideout_in_her_turn() {
    let mut t = dcw(&[BelleStar, BlackJack, PedroRamirez, KitCarlson]);
    t.equip(B, &[HIDEOUT]);
    assert_eq!(t.s.distance(A, B), 1, "in her turn");
    t.s.turn.seat = B;
    assert_eq!(t.s.distance(C, B), 2, "in B's turn");
}

#[test]
fn dc_ac_23_bill_noface_draws_one_plus_his_wounds() {
    let mut t = dcw(&[BlackJack, BillNoface, PedroRamirez, KitCarlson]);
    t.life(B, 1);
    t.turn(B);
    assert_eq!(t.hand(B).len(), 4);
    let mut t = dcw(&[BlackJack, BillNoface, PedroRamirez, KitCarlson]);
    t.turn(B);
    assert_eq!(t.hand(B).len(), 1);
}

#[test]
fn dc_ac_24_chuck_wengam_never_gives_his_last_life() {
    let mut t = dcw(&[BlackJack, ChuckWengam, PedroRamirez, KitCarlson]);
    t.life(B, 2);
    t.turn(B);
    let before = t.hand(B).len();
    t.ok(B, Action::Dodge(DodgeAction::ChuckWengam));
    assert_eq!((t.hp(B), t.hand(B).len()), (1, before + 2));
    assert!(t.act(B, Action::Dodge(DodgeAction::ChuckWengam)).is_err());
}

#[test]
fn dc_ac_25_elena_fuente_dodges_with_a_beer() {
    let mut t = dcw(&[BlackJack, ElenaFuente, PedroRamirez, KitCarlson]);
    t.give(B, &[BEER]).life(B, 2);
    t.give(A, &[BANG_QH]);
    t.play(A, BANG_QH, Some(B));
    t.respond(B, BEER);
    assert_eq!(t.hp(B), 2, "cancelled, and no healing");
}

#[test]
fn dc_ac_26_greg_digger_and_herb_hunter_before_the_reward() {
    let mut t = dcw(&[BlackJack, PedroRamirez, GregDigger, HerbHunter]);
    t.life(B, 1).life(C, 1);
    t.give(A, &[BANG_QH]);
    let events = t.play(A, BANG_QH, Some(B));
    assert!(!t.alive(B));
    assert_eq!(t.hp(C), 3);
    assert_eq!(t.hand(D).len(), 2);
    assert_eq!(t.hand(A).len(), 3, "the Outlaw's reward");
    let order: Vec<usize> = [
        |e: &Event| matches!(e, Event::LifeGained { seat: C, .. }),
        |e: &Event| matches!(e, Event::CardsDrawn { seat: D, .. }),
        |e: &Event| matches!(e, Event::CardsDrawn { seat: A, .. }),
    ]
    .iter()
    .map(|f| events.iter().position(f).unwrap())
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}

#[test]
fn dc_ac_27_a_sheriff_herb_hunter_loses_his_draw_to_the_penalty() {
    let mut t = dcw(&[
        HerbHunter,
        BlackJack,
        PedroRamirez,
        KitCarlson,
        SlabTheKiller,
    ]);
    t.life(E, 1); // E is a Deputy
    t.give(A, &[BANG_QH]);
    t.equip(A, &[SCHOFIELD]);
    let events = t.play(A, BANG_QH, Some(E));
    assert!(has(&events, |e| matches!(
        e,
        Event::CardsDrawn { seat: A, .. }
    )));
    assert!(
        t.hand(A).is_empty() && t.in_play(A).is_empty(),
        "the penalty"
    );
}

#[test]
fn dc_ac_28_jose_delgado_twice_a_turn() {
    let mut t = dcw(&[JoseDelgado, BlackJack, PedroRamirez, KitCarlson]);
    t.give(A, &[BARREL, MUSTANG, SCOPE]);
    let jose = |card| Action::Dodge(DodgeAction::JoseDelgado { card });
    t.ok(A, jose(BARREL));
    t.ok(A, jose(MUSTANG));
    assert!(t.act(A, jose(SCOPE)).is_err());
}

#[test]
fn dc_ac_29_molly_stark_draws_for_a_missed_out_of_her_turn() {
    let mut t = dcw(&[BlackJack, MollyStark, PedroRamirez, KitCarlson]);
    t.give(B, &[MISSED_KC, BEER]);
    t.give(A, &[BANG_QH, PANIC]);
    t.play(A, BANG_QH, Some(B));
    t.respond(B, MISSED_KC);
    assert_eq!(t.hand(B).len(), 2, "she draws 1");
    t.script = vec![0];
    t.play(A, PANIC, Some(B));
    assert_eq!(t.hand(B).len(), 1, "no draw for a card taken");
}

#[test]
fn dc_ac_30_molly_stark_draws_after_the_duel() {
    let mut t = dcw(&[BlackJack, MollyStark, PedroRamirez, KitCarlson]);
    t.give(B, &[BANG_KH, BANG_7C]);
    t.give(A, &[DUEL, BANG_4D, BANG_9D]);
    t.play(A, DUEL, Some(B));
    t.respond(B, BANG_KH);
    assert_eq!(t.hand(B), [BANG_7C], "no draw while the Duel goes on");
    t.respond(A, BANG_4D);
    t.respond(B, BANG_7C);
    t.respond(A, BANG_9D);
    // She has no BANG! left: she loses 1, and then she draws 2.
    assert_eq!(t.hp(B), 3);
    assert_eq!(t.hand(B).len(), 2, "two cards after the Duel");
}

#[test]
fn dc_ac_31_pat_brennan_takes_a_card_in_play_instead_of_drawing() {
    let mut t = dcw(&[BlackJack, PatBrennan, PedroRamirez, KitCarlson]);
    t.equip(C, &[BARREL_AC]);
    t.turn(B);
    assert_eq!(t.waiting(), [(B, Decision::Draw)]);
    t.ok(
        B,
        Action::Dodge(DodgeAction::PatBrennan {
            target: C,
            card: BARREL_AC,
        }),
    );
    assert_eq!(t.hand(B), [BARREL_AC]);
    assert_eq!(t.waiting(), [(B, Decision::Play)]);
}

#[test]
fn dc_ac_32_pixie_pete_draws_three() {
    let mut t = dcw(&[BlackJack, PixiePete, PedroRamirez, KitCarlson]);
    t.turn(B);
    assert_eq!(t.hand(B).len(), 3);
}

#[test]
fn dc_ac_33_sean_mallory_keeps_ten_cards() {
    let mut t = dcw(&[BlackJack, SeanMallory, PedroRamirez, KitCarlson]);
    t.s.turn.seat = B;
    t.life(B, 1);
    t.give(B, &(1..=9).collect::<Vec<Card>>());
    t.ok(B, Action::EndTurn);
    assert_eq!(t.s.turn.seat, C, "no discard with 9");
    let mut t = dcw(&[BlackJack, SeanMallory, PedroRamirez, KitCarlson]);
    t.s.turn.seat = B;
    t.life(B, 1);
    t.give(B, &(1..=12).collect::<Vec<Card>>());
    t.ok(B, Action::EndTurn);
    assert_eq!(t.waiting(), [(B, Decision::Discard { count: 2 })]);
}

#[test]
fn dc_ac_34_tequila_joe_beer_heals_two() {
    let mut t = dcw(&[TequilaJoe, BlackJack, PedroRamirez, KitCarlson]);
    t.give(A, &[BEER]).life(A, 1);
    t.play(A, BEER, None);
    assert_eq!(t.hp(A), 3);
    let mut t = dcw(&[TequilaJoe, BlackJack, PedroRamirez, KitCarlson]);
    t.dead(C).dead(D);
    t.give(A, &[BEER]).life(A, 1);
    t.play(A, BEER, None);
    assert_eq!(t.hp(A), 1, "no Beer heals with two players left");
}

#[test]
fn dc_ac_35_vera_custer_keeps_a_lucky_duke_copy_for_her_jail_check() {
    let mut t = dcw(&[BlackJack, VeraCuster, LuckyDuke, KitCarlson]);
    t.turn(B);
    assert_eq!(
        t.waiting(),
        [(B, Decision::Dodge(DodgeDecision::VeraCuster))]
    );
    t.ok(
        B,
        Action::Dodge(DodgeAction::Copy {
            character: LuckyDuke,
        }),
    );
    assert!(t.s.is(B, LuckyDuke));
    t.next_turn();
    // Jailed before her next turn: the check flips 2 (the copy still holds).
    t.equip(B, &[JAIL_10S]);
    t.stack(&[BANG_9C, MISSED_KC]);
    t.s.turn = Turn {
        seat: B,
        phase: Phase::Start,
        ..Turn::default()
    };
    t.s.dodge.vera_chose = false;
    t.advance();
    assert_eq!(t.s.flipped.len(), 2);
    assert_eq!(t.waiting(), [(B, Decision::ChooseCheck)]);
    t.ok(B, Action::ChooseCheck { card: BANG_9C });
    assert_eq!(t.s.p(B).copy, None, "jailed: no copy until her next turn");
}

#[test]
fn dc_ac_37_a_dynamite_passes_to_the_first_player_without_one() {
    let mut t = dc(4);
    t.equip(A, &[DYNAMITE]);
    t.equip(B, &[DYNAMITE_10C]);
    t.stack(&[BANG_QH]); // ♥: no explosion
    t.turn(A);
    assert!(t.in_play(C).contains(&DYNAMITE));
    let mut t = dc(4);
    t.dead(C).dead(D);
    t.equip(A, &[DYNAMITE]);
    t.equip(B, &[DYNAMITE_10C]);
    t.stack(&[BANG_QH]);
    t.turn(A);
    assert!(t.in_play(A).contains(&DYNAMITE), "it stays");
}

#[test]
fn can_can_and_ten_gallon_hat_and_beer_reprints_play_as_their_kinds() {
    let mut t = dc(4);
    t.equip(A, &[CAN_CAN]);
    t.equip(C, &[MUSTANG]);
    t.ok(
        A,
        Action::Dodge(DodgeAction::UseGreen {
            card: CAN_CAN,
            target: Some(C),
            in_play: Some(MUSTANG),
        }),
    );
    assert!(t.in_play(C).is_empty());
    t.give(A, &[TEN_GALLON_HAT, BEER_6H]).life(A, 4);
    t.play(A, TEN_GALLON_HAT, None);
    t.play(A, BEER_6H, None);
    assert_eq!(t.hp(A), 5);
    let _ = CAT_BALOU_9D;
}

#[test]
fn dc_ac_36_vera_as_vulture_sam_shares_with_the_real_one() {
    // X = C; the real Vulture Sam is D (1 seat after C), Vera is A (2 seats).
    let mut t = dcw(&[VeraCuster, BlackJack, PedroRamirez, VultureSam]);
    t.s.table[A as usize].copy = Some(VultureSam);
    t.give(C, &[MISSED_KC, BEER]);
    t.equip(C, &[MUSTANG]);
    t.life(C, 1);
    t.give(A, &[BANG_QH]);
    t.equip(A, &[WINCHESTER]);
    t.script = vec![0, 0];
    t.play(A, BANG_QH, Some(C));
    t.pass(C);
    t.pass(C); // no Beer while dying
    assert!(!t.alive(C));
    // Sam a hand card, Vera the other, Sam the Mustang.
    let from_c = |seat| {
        t.hand(seat)
            .iter()
            .filter(|c| [MISSED_KC, BEER].contains(c))
            .count()
    };
    assert_eq!((from_c(D), from_c(A)), (1, 1));
    assert!(t.hand(D).contains(&MUSTANG) && t.hand(D).len() == 2);
}
