//! Part D3 of `docs/npc-dodge-city.md` (Dodge City for the NPC policy):
//! its acceptance cases NPC-DC-NN, named after them. The table is the
//! base's 5 plain seats (A Sheriff, B and C Outlaws, D Renegade, E Deputy)
//! with Dodge City on; the bot is B, at its phase 2 with its BANG! unused.

use super::solo::*;
use crate::bang::{DodgeAction, DodgeDecision};

const BANG_5C: Card = 201;
const BANG_8D: Card = 10;
const MISSED_8D: Card = 205;
const BEER_6H: Card = 206;
const DODGE_KH: Card = 213;
const SPRINGFIELD: Card = 215;
const BRAWL: Card = 217;
const TEQUILA: Card = 218;
const WHISKY: Card = 219;
const BIBLE: Card = 227;
const CANTEEN: Card = 228;
const CONESTOGA: Card = 230;
const HOWITZER: Card = 233;
const IRON_PLATE: Card = 234;
const IRON_PLATE_QS: Card = 235;
const PUNCH: Card = 212;
const RAG_TIME: Card = 216;
const BARREL_AC: Card = 220;
const HIDEOUT: Card = 226;
const DYNAMITE_10C: Card = 221;
const KNIFE: Card = 236;
const PONY_EXPRESS: Card = 238;
const SOMBRERO: Card = 239;
const TEN_GALLON_HAT: Card = 240;

/// The default table (characters as given), B's phase 2.
fn dc(characters: &[Character]) -> T {
    let mut t = T::new(characters, &roles(5)).with_dodge();
    t.at_play(B);
    t
}

use super::solo::ledger_with as ledger;

fn plain() -> T {
    dc(&PLAIN[..5])
}

/// B's decision now (the Sheriff seen, no other act).
fn bot(t: &T) -> (Action, Reason) {
    t.decide_with(B, &ledger(&[]))
}

fn use_green(card: Card, target: Option<Seat>) -> Action {
    Action::Dodge(DodgeAction::UseGreen {
        card,
        target,
        in_play: None,
    })
}

fn with_discard(card: Card, discard: Card, target: Option<Seat>) -> Action {
    Action::Dodge(DodgeAction::PlayWithDiscard {
        card,
        discard,
        target,
        in_play: None,
    })
}

#[test]
fn npc_dc_01_a_green_card_goes_into_play_and_waits() {
    let mut t = plain();
    t.give(B, &[BANG_QH, KNIFE]); // Knife on top
    assert_eq!(bot(&t).0, play_at(KNIFE, None));
    t.ok(B, play_at(KNIFE, None));
    assert_eq!(bot(&t).0, play_at(BANG_QH, Some(A)));
    assert!(!legal_actions(&t.s, B).contains(&use_green(KNIFE, Some(A))));
}

#[test]
fn npc_dc_03_pony_express_then_canteen_open_phase_two() {
    let mut t = plain();
    t.equip(B, &[CANTEEN, PONY_EXPRESS]).life(B, 3);
    t.give(B, &[BEER]);
    assert_eq!(bot(&t), (use_green(PONY_EXPRESS, None), Reason::UseGreen));
    t.ok(B, use_green(PONY_EXPRESS, None));
    assert_eq!(bot(&t), (use_green(CANTEEN, None), Reason::UseGreen));
}

#[test]
fn npc_dc_04_a_bang_card_before_springfield_then_springfield_with_a_dead_scope() {
    let mut t = plain();
    t.equip(B, &[BARREL]);
    t.give(B, &[BARREL2, BANG_QH, SPRINGFIELD]); // top-down: Springfield, BANG!, a dead Barrel
    assert_eq!(bot(&t).0, play_at(BANG_QH, Some(A)));
    t.ok(B, play_at(BANG_QH, Some(A)));
    assert_eq!(bot(&t).0, with_discard(SPRINGFIELD, BARREL2, Some(A)));
}

#[test]
fn npc_dc_06_whisky_only_two_lives_down() {
    let mut t = plain();
    t.give(B, &[MISSED_KC, WHISKY]).life(B, 3);
    assert_eq!(bot(&t).0, Action::EndTurn);
    t.life(B, 2);
    assert_eq!(bot(&t).0, with_discard(WHISKY, MISSED_KC, None));
}

#[test]
fn npc_dc_07_an_attack_never_costs_a_missed_or_a_beer() {
    let mut t = plain();
    t.give(B, &[BEER, MISSED_KC, SPRINGFIELD]);
    t.s.turn.bangs = 1;
    assert_eq!(bot(&t).0, Action::EndTurn);
}

#[test]
fn npc_dc_08_a_deputy_heals_his_sheriff_with_tequila() {
    let mut t = dc(&PLAIN[..5]);
    t.at_play(E);
    t.equip(E, &[BARREL]);
    t.give(E, &[BARREL2, TEQUILA]).life(A, 1);
    let (action, _) = t.decide_with(E, &ledger(&[]));
    assert_eq!(action, with_discard(TEQUILA, BARREL2, Some(A)));
}

#[test]
fn npc_dc_10_brawl_takes_the_best_card_of_the_sheriff_and_the_least_of_others() {
    let mut t = plain();
    t.give(B, &[SALOON, BRAWL]);
    t.equip(A, &[BARREL]);
    t.give(A, &[MISSED_2S]);
    t.equip(C, &[JAIL_4H]);
    t.give(C, &[MISSED_3S]);
    t.equip(D, &[SCOPE]);
    t.give(D, &[BEER, BEER2, BEER_8H]);
    t.equip(E, &[MUSTANG]);
    assert_eq!(bot(&t).0, with_discard(BRAWL, SALOON, None));
    t.ok(B, with_discard(BRAWL, SALOON, None));
    let brawl = |in_play| Action::Dodge(DodgeAction::Brawl { in_play });
    assert_eq!(t.waiting(), [(B, Decision::Dodge(DodgeDecision::Brawl))]);
    // Clockwise from B: C (his Jail), D (a random hand card), E (the Mustang), A (the Barrel).
    for expected in [
        brawl(Some(JAIL_4H)),
        brawl(None),
        brawl(Some(MUSTANG)),
        brawl(Some(BARREL)),
    ] {
        let got = bot(&t).0;
        assert_eq!(got, expected);
        t.script = vec![0];
        t.ok(B, got);
    }
}

#[test]
fn npc_dc_12_the_bible_first_both_greens_against_slab() {
    let mut t = dc(&[
        SlabTheKiller,
        PedroRamirez,
        JesseJones,
        BlackJack,
        KitCarlson,
    ]);
    t.equip(B, &[BIBLE, IRON_PLATE]);
    t.give(B, &[MISSED_KC]);
    t.give(A, &[BANG_QH]);
    t.at_play(A);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(bot(&t).0, use_green(BIBLE, None));
    t.ok(B, use_green(BIBLE, None));
    assert_eq!(bot(&t).0, use_green(IRON_PLATE, None));
}

#[test]
fn npc_dc_13_molly_stark_spends_her_dodge_first() {
    let mut t = dc(&[PedroRamirez, MollyStark, JesseJones, BlackJack, KitCarlson]);
    t.equip(B, &[SOMBRERO]);
    t.give(B, &[MISSED_KC, DODGE_KH]);
    t.give(A, &[BANG_QH]);
    t.at_play(A);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(bot(&t).0, Action::Respond { card: DODGE_KH });
}

#[test]
fn npc_dc_14_elena_fuente_gives_up_her_lowest_card() {
    let mut t = dc(&[PedroRamirez, ElenaFuente, JesseJones, BlackJack, KitCarlson]);
    t.give(B, &[SCOPE, JAIL_4H, BEER]); // top-down: Beer, Jail, Scope
    t.give(A, &[BANG_QH]);
    t.at_play(A);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(bot(&t).0, Action::Respond { card: JAIL_4H });
}

#[test]
fn npc_dc_16_a_deputy_keeps_his_howitzer_while_the_sheriff_has_one_life() {
    let mut t = plain();
    t.at_play(E);
    t.equip(E, &[HOWITZER]).life(A, 1);
    assert_eq!(t.decide_with(E, &ledger(&[])).0, Action::EndTurn);
    t.life(A, 2);
    assert_eq!(t.decide_with(E, &ledger(&[])).0, use_green(HOWITZER, None));
}

#[test]
fn npc_dc_18_no_diamond_at_apache_kid() {
    let mut t = dc(&[ApacheKid, PedroRamirez, JesseJones, BlackJack, KitCarlson]);
    t.give(B, &[BANG_5C, BANG_8D]); // top-down: BANG! 8♦, BANG! 5♣
    t.equip(B, &[CONESTOGA]);
    assert_eq!(bot(&t).0, play_at(BANG_5C, Some(A)));
}

#[test]
fn npc_dc_20_chuck_wengam_trades_a_life_with_one_to_spare() {
    let mut t = dc(&[PedroRamirez, ChuckWengam, JesseJones, BlackJack, KitCarlson]);
    t.give(B, &[BEER]);
    t.stack(&[MISSED_KC, MISSED_2S, MISSED_3S, MISSED_4S]);
    let chuck = Action::Dodge(DodgeAction::ChuckWengam);
    assert_eq!(bot(&t).0, chuck);
    t.ok(B, chuck);
    assert_eq!(bot(&t).0, play_at(BEER, None), "the Beer heals him first");
    t.ok(B, play_at(BEER, None));
    assert_eq!(bot(&t).0, chuck, "again, back at full life");
    t.ok(B, chuck);
    assert_eq!(bot(&t).0, Action::EndTurn);
}

#[test]
fn npc_dc_22_pat_brennan_takes_a_good_card_or_draws() {
    let mut t = dc(&[PedroRamirez, PatBrennan, JesseJones, BlackJack, KitCarlson]);
    t.equip(A, &[REMINGTON, TEN_GALLON_HAT]);
    t.s.turn = Turn {
        seat: B,
        phase: Phase::Draw,
        ..Turn::default()
    };
    let take = Action::Dodge(DodgeAction::PatBrennan {
        target: A,
        card: TEN_GALLON_HAT,
    });
    assert_eq!(bot(&t).0, take);
    let mut t = dc(&[PedroRamirez, PatBrennan, JesseJones, BlackJack, KitCarlson]);
    t.equip(A, &[REMINGTON]);
    t.s.turn = Turn {
        seat: B,
        phase: Phase::Draw,
        ..Turn::default()
    };
    assert_eq!(
        bot(&t).0,
        Action::Draw {
            from: DrawFrom::Deck
        }
    );
}

#[test]
fn npc_dc_23_vera_custer_copies_by_her_list() {
    let mut t = dc(&[
        SlabTheKiller,
        VeraCuster,
        BartCassidy,
        ElenaFuente,
        KitCarlson,
    ]);
    t.s.turn = Turn {
        seat: B,
        phase: Phase::Start,
        dynamite_checked: true,
        jail_checked: true,
        ..Turn::default()
    };
    assert_eq!(
        t.waiting(),
        [(B, Decision::Dodge(DodgeDecision::VeraCuster))]
    );
    let copy = |character| Action::Dodge(DodgeAction::Copy { character });
    assert_eq!(
        bot(&t).0,
        copy(ElenaFuente),
        "Elena Fuente comes before Kit Carlson"
    );
}

#[test]
fn seeded_normal_games_with_dodge_city_end_without_falling_back() {
    use crate::Ruleset;
    let _ = (MISSED_8D, BEER_6H);
    for seed in 0..40u64 {
        let mut config = Config::new(5 + (seed % 4) as u8);
        config.options.expansions = vec!["dodge_city".into()];
        let mut log = start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap();
        let mut s = State::default();
        for e in &log {
            apply(&mut s, e);
        }
        let mut memories = vec![Memory::new(); config.players as usize];
        for (seat, m) in memories.iter_mut().enumerate() {
            for e in &log {
                m.observe(&redact(e, Viewer::Seat(seat as u8)));
            }
        }
        let mut fallbacks = 0;
        while !s.is_over() {
            assert!(log.len() < 60_000, "seed {seed} does not end");
            let seat = crate::bang::Bang::next_to_act(&s).unwrap();
            let legal = legal_actions(&s, seat);
            let (action, reason) = npc::decide(
                &view(&s, Viewer::Seat(seat)),
                &memories[seat as usize],
                &legal,
            );
            fallbacks += usize::from(reason == Reason::Fallback);
            let mut rng = GameRng::new(Seed::from_u64(seed), s.version);
            let events = play(&mut s, seat, &action, &mut rng).unwrap();
            for (i, m) in memories.iter_mut().enumerate() {
                for e in &events {
                    m.observe(&redact(e, Viewer::Seat(i as u8)));
                }
            }
            log.extend(events);
        }
        assert_eq!(fallbacks, 0, "seed {seed}");
    }
}

#[test]
fn npc_dc_02_a_second_iron_plate_stays_on_the_stack() {
    let mut t = dc(&[PedroRamirez, JoseDelgado, JesseJones, BlackJack, KitCarlson]);
    t.equip(B, &[IRON_PLATE]);
    t.give(B, &[IRON_PLATE_QS]);
    t.s.turn.bangs = 1;
    assert_eq!(
        bot(&t).0,
        Action::EndTurn,
        "a dead green card, and no blue one for José"
    );
}

#[test]
fn npc_dc_11_a_sheriff_with_no_suspect_keeps_his_brawl() {
    let mut t = plain();
    t.at_play(A);
    t.give(A, &[BARREL2, BRAWL]);
    t.equip(A, &[BARREL]);
    t.give(B, &[MISSED_KC]);
    assert_eq!(t.decide_with(A, &ledger(&[])).0, Action::EndTurn);
    // Once B has shot at him, B is his first candidate: the Brawl goes.
    assert_eq!(
        t.decide_with(A, &ledger(&[(B, A)])).0,
        with_discard(BRAWL, BARREL2, None)
    );
}

#[test]
fn npc_dc_15_in_belle_stars_turn_the_missed_is_played() {
    let mut t = dc(&[BelleStar, PedroRamirez, JesseJones, BlackJack, KitCarlson]);
    t.equip(B, &[IRON_PLATE]);
    t.give(B, &[MISSED_KC]);
    t.give(A, &[BANG_QH]);
    t.at_play(A);
    t.play(A, BANG_QH, Some(B));
    assert_eq!(bot(&t).0, Action::Respond { card: MISSED_KC });
}

#[test]
fn npc_dc_19_doc_holyday_discards_only_cards_he_would_lose() {
    let doc = |cards, target| Action::Dodge(DodgeAction::DocHolyday { cards, target });
    let mut t = dc(&[PedroRamirez, DocHolyday, JesseJones, BlackJack, KitCarlson]);
    t.equip(B, &[DYNAMITE]);
    t.give(B, &[MISSED_KC, SALOON, DYNAMITE_10C]);
    t.s.turn.bangs = 1;
    assert_eq!(bot(&t).0, doc([SALOON, DYNAMITE_10C], A));
    let mut t = dc(&[PedroRamirez, DocHolyday, JesseJones, BlackJack, KitCarlson]);
    t.give(B, &[MISSED_KC, BEER, SALOON]);
    t.s.turn.bangs = 1;
    assert_eq!(bot(&t).0, Action::EndTurn, "a Beer is no spare card");
}

#[test]
fn npc_dc_21_jose_delgado_discards_the_blue_cards_he_will_not_play() {
    let mut t = dc(&[PedroRamirez, JoseDelgado, JesseJones, BlackJack, KitCarlson]);
    t.equip(B, &[BARREL]);
    t.give(B, &[BARREL2, MUSTANG]);
    t.s.turn.bangs = 1;
    assert_eq!(bot(&t).0, play_at(MUSTANG, None));
    t.ok(B, play_at(MUSTANG, None));
    t.stack(&[MISSED_2S, MISSED_3S]);
    assert_eq!(
        bot(&t).0,
        Action::Dodge(DodgeAction::JoseDelgado { card: BARREL2 })
    );
}

#[test]
fn npc_dc_26_a_punch_at_the_sheriff_is_a_hostile_act_a_howitzer_is_not() {
    let mut m = ledger(&[]);
    m.observe(&Event::CardPlayed {
        seat: C,
        card: PUNCH,
        target: Some(A),
    });
    m.observe(&Event::Dodge(crate::bang::DodgeEvent::GreenUsed {
        seat: D,
        card: HOWITZER,
        target: None,
    }));
    assert_eq!((m.sheriff_score(C), m.sheriff_score(D)), (1, 0));
}

#[test]
fn npc_dc_05_whisky_pays_with_the_bottom_most_dead_card_not_a_usable_saloon() {
    let mut t = plain();
    t.equip(B, &[BARREL]).life(B, 2);
    // Top-down: Whisky, Saloon, Barrel, Barrel: both Barrels dead (one in
    // play), equal in rank; the Saloon would be used now.
    t.give(B, &[BARREL_AC, BARREL2, SALOON, WHISKY]);
    assert_eq!(bot(&t).0, with_discard(WHISKY, BARREL_AC, None));
    t.ok(B, with_discard(WHISKY, BARREL_AC, None));
    assert_eq!(t.s.p(B).life, 4);
    assert_ne!(
        bot(&t).0,
        play_at(SALOON, None),
        "full life: the Saloon stays"
    );
    assert!(t.s.p(B).hand.contains(&SALOON));
}

#[test]
fn npc_dc_09_cat_balou_first_then_rag_time_with_the_saloon() {
    let mut t = plain();
    t.equip(A, &[MUSTANG, HIDEOUT])
        .give(A, &[MISSED_2S, MISSED_3S]);
    assert_eq!(t.s.distance(B, A), 3);
    t.give(B, &[SALOON, CAT_BALOU, RAG_TIME]); // top-down: Rag Time, Cat Balou, Saloon
    let cat_balou = Action::Play {
        card: CAT_BALOU,
        target: Some(A),
        in_play: Some(MUSTANG),
    };
    assert_eq!(bot(&t).0, cat_balou, "the one-card attack first");
    t.ok(B, cat_balou);
    let rag_time = Action::Dodge(DodgeAction::PlayWithDiscard {
        card: RAG_TIME,
        discard: SALOON,
        target: Some(A),
        in_play: Some(HIDEOUT),
    });
    assert_eq!(bot(&t).0, rag_time);
}

#[test]
fn npc_dc_17_a_deputy_keeps_punch_and_knife_until_someone_attacks_the_sheriff() {
    // 7 players: E and G are dealt Deputy, so E waits for a suspect.
    let mut t = T::new(&PLAIN[..7], &roles(7)).with_dodge();
    t.at_play(E).equip(E, &[KNIFE]).give(E, &[PUNCH]);
    assert_eq!(t.s.distance(E, F), 1);
    assert_eq!(t.decide_with(E, &ledger(&[])).0, Action::EndTurn);
    // F has attacked the Sheriff: Punch at him, then the Knife.
    let m = ledger(&[(F, A)]);
    assert_eq!(t.decide_with(E, &m).0, play_at(PUNCH, Some(F)));
    t.ok(E, play_at(PUNCH, Some(F)));
    assert_eq!(t.decide_with(E, &m).0, use_green(KNIFE, Some(F)));
}

#[test]
fn npc_dc_24_sean_mallory_keeps_nine_cards() {
    let mut t = dc(&[PedroRamirez, SeanMallory, JesseJones, BlackJack, KitCarlson]);
    let missed: Vec<Card> = (1..=80)
        .filter(|&c| kind(c) == Kind::Missed)
        .take(9)
        .collect();
    assert_eq!(missed.len(), 9);
    t.give(B, &missed).life(B, 2);
    t.s.turn.bangs = 1;
    assert_eq!(bot(&t).0, Action::EndTurn);
    let events = t.ok(B, Action::EndTurn);
    assert!(
        !events.iter().any(|e| matches!(e, Event::Discarded { .. })),
        "a hand limit of 10: {events:?}"
    );
    assert_eq!(t.s.p(B).hand.len(), 9);
    assert_ne!(t.s.turn.seat, B);
}

#[test]
fn npc_dc_25_cat_balou_takes_a_green_defence_before_a_scope() {
    let mut t = plain();
    t.equip(A, &[SCOPE, SOMBRERO]).give(B, &[CAT_BALOU]);
    assert_eq!(
        bot(&t).0,
        Action::Play {
            card: CAT_BALOU,
            target: Some(A),
            in_play: Some(SOMBRERO),
        },
        "the Sombrero ranks as Evaded! (12), the Scope 23"
    );
}
