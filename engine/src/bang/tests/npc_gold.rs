//! Part D1 of `rules/lone-gunslinger.md` (Gold Rush for the NPC policy):
//! LG-AC-37 and LG-AC-38, one test per rule of D1 (the buying table of D1.1
//! row by row, selling Beer D1.2, each nugget action of D1.3, the characters
//! of D1.4, the Rucksack when dying C5.3), the order of Part D's steps, and a
//! solo game with Gold Rush played to its end by the policy.
//!
//! A table is the base (or solo) harness's with Gold Rush on
//! ([`T::with_gold`]); the helpers below name equipment by kind and set the
//! market, nuggets and equipment through the Gold Rush harness's own
//! (`tests/gold/mod.rs`), which moves cards so every equipment card stays in
//! exactly one place.

use super::solo::*;
use crate::Ruleset;
use crate::bang::GoldAction;
use crate::bang::gold::{Equip, EquipKind, Mode, NuggetUse, all_equipment, equip_kind};
use crate::bang::solo::{MOST_WANTED, POOL, pool};
use crate::bang::state::ExpansionsOn;

/// A game with Gold Rush, for its characters in the pools.
fn gold() -> ExpansionsOn {
    let mut s = State::default();
    crate::bang::expansion::switch(&mut s, crate::bang::gold::EXPANSION, true);
    s.expansions
}
use crate::core::{GameRng, SeatSpec, Seed};
use EquipKind::*;
use serde_json::{Value, json};

/// The first equipment card of kind `k` (by id).
fn of(k: EquipKind) -> Equip {
    all_equipment()
        .find(|&e| equip_kind(e) == k)
        .unwrap_or_else(|| panic!("no {k:?}"))
}

/// A card of kind `k` from the equipment deck if one is there (so that the
/// market keeps what it shows), else the first of its kind.
fn spare(t: &T, k: EquipKind) -> Equip {
    let deck = &t.s.gold.deck;
    deck.iter()
        .rev()
        .copied()
        .find(|&e| equip_kind(e) == k)
        .unwrap_or_else(|| of(k))
}

/// The market, slots left to right (`None`: empty).
fn market(t: &mut T, kinds: [Option<EquipKind>; 3]) {
    t.market_slots(kinds.map(|k| k.map(of)));
    check_invariants(&t.s).unwrap();
}

/// A card of kind `k` goes into play in front of `seat`.
fn own(t: &mut T, seat: Seat, k: EquipKind) -> Equip {
    let e = spare(t, k);
    t.equipment(seat, &[e]);
    check_invariants(&t.s).unwrap();
    e
}

/// A card of kind `k` goes on top of the equipment deck.
fn on_top(t: &mut T, k: EquipKind) {
    let e = spare(t, k);
    t.stack_equipment(&[e]);
}

/// Sets `seat`'s nuggets.
fn nuggets(t: &mut T, seat: Seat, n: u16) {
    t.nuggets(seat, n);
}

/// The shot at A is answered: with a Missed! he holds, else he takes the hit.
fn settle_a(t: &mut T) {
    if t.waiting().iter().any(|&(s, _)| s == A) {
        match t.hand(A).into_iter().find(|&c| kind(c) == Kind::Missed) {
            Some(card) => t.respond(A, card),
            None => t.pass(A),
        };
    }
}

/// A purchase from `slot` used as `mode` at `target`.
fn buy(slot: u8, mode: Option<Mode>, target: Option<Seat>, in_play: Option<Card>) -> Action {
    Action::Gold(GoldAction::Buy {
        slot,
        mode,
        target,
        in_play,
        discount: false,
    })
}

/// A plain purchase (no mode, no target).
fn buy_plain(slot: u8) -> Action {
    buy(slot, None, None, None)
}

/// Paying for an ability without a target.
fn pay(used: NuggetUse) -> Action {
    Action::Gold(GoldAction::Pay { used, target: None })
}

const NOTHING: (Action, Reason) = (Action::EndTurn, Reason::NothingUsable);

/// 5 plain seats with Gold Rush: A Sheriff, B Outlaw, C Outlaw, D Renegade,
/// E Deputy; nothing in the market the bots could want at full life.
fn five() -> T {
    let mut t = T::plain(5).with_gold();
    market(&mut t, [Some(GoldRush), Some(Rhum), Some(Shot)]);
    t
}

/// `five` with one character changed.
fn five_with(seat: Seat, c: Character) -> T {
    let mut chars = PLAIN[..5].to_vec();
    chars[seat as usize] = c;
    let mut t = T::new(&chars, &roles(5)).with_gold();
    market(&mut t, [Some(GoldRush), Some(Rhum), Some(Shot)]);
    t
}

/// The Renegade D with only the Sheriff as candidate (the Deputy E dead),
/// the Sheriff at 1 life within distance 1 (D has a Scope), a Barrel in
/// front of him: C4.1 forbids a BANG! or a Duel at him, not a Panic!/Cat Balou.
fn renegade_guarded() -> T {
    let mut t = five();
    t.dead(E).life(A, 1).equip(A, &[BARREL]).equip(D, &[SCOPE]);
    t.at_play(D);
    assert_eq!(t.s.distance(D, A), 1);
    t
}

#[test]
fn lg_ac_37_a_bot_buys_the_dearest_card_with_an_advantage_then_rescans() {
    let mut t = five();
    market(&mut t, [Some(Shot), Some(Horseshoe), Some(UnionPacific)]);
    nuggets(&mut t, B, 4);
    t.at_play(B).give(B, &[MISSED_KC]);
    // Union Pacific's 4 cards, the last drawn on top of the Stack.
    t.stack(&[BANG_QH, MISSED_2S, BEER, SALOON]);
    assert_eq!(t.decide(B), (buy_plain(2), Reason::BuyEquipment));
    t.ok(B, buy_plain(2));
    assert_eq!(t.s.p(B).nuggets, 0);
    assert_eq!(t.hand(B), [MISSED_KC, BANG_QH, MISSED_2S, BEER, SALOON]);
    // Back to the Stack scan: Saloon and Beer at full life, Missed! are not
    // usable; the BANG! goes to the Sheriff.
    assert_eq!(
        t.decide(B),
        (play_at(BANG_QH, Some(A)), Reason::PreferredTarget)
    );
}

#[test]
fn lg_ac_38_a_wounded_bot_buys_gold_rush() {
    let mut t = five();
    market(&mut t, [Some(GoldRush), Some(Pickaxe), Some(Shot)]);
    nuggets(&mut t, B, 5);
    t.at_play(B).life(B, 2);
    assert_eq!(t.decide(B), (buy_plain(0), Reason::BuyEquipment));
    // At full life Gold Rush gives nothing: the Pickaxe is the dearest.
    t.life(B, 4);
    assert_eq!(t.decide(B), (buy_plain(1), Reason::BuyEquipment));
}

#[test]
fn d1_1_shot_heals_the_bot_else_a_deputy_bots_sheriff() {
    let mut t = five();
    market(&mut t, [Some(Shot), None, None]);
    nuggets(&mut t, B, 1);
    nuggets(&mut t, E, 1);
    t.at_play(B);
    assert_eq!(t.decide(B), NOTHING, "full life");
    t.life(B, 3);
    assert_eq!(
        t.decide(B),
        (buy(0, None, Some(B), None), Reason::BuyEquipment)
    );
    // The Deputy bot heals the Sheriff; an Outlaw never does.
    t.life(B, 4).life(A, 3);
    assert_eq!(t.decide(B), NOTHING);
    t.at_play(E);
    assert_eq!(
        t.decide(E),
        (buy(0, None, Some(A), None), Reason::BuyEquipment)
    );
    // Itself first.
    t.life(E, 3);
    assert_eq!(
        t.decide(E),
        (buy(0, None, Some(E), None), Reason::BuyEquipment)
    );
}

#[test]
fn d1_1_bottle_bang_at_the_pt_else_panic_else_beer() {
    let mut t = five();
    market(&mut t, [Some(Bottle), None, None]);
    nuggets(&mut t, B, 2);
    t.at_play(B);
    assert_eq!(
        t.decide(B),
        (
            buy(0, Some(Mode::Bang), Some(A), None),
            Reason::BuyEquipment
        )
    );
    // The Sheriff out of reach: no PT for either; Beer mode only when hurt.
    t.equip(A, &[MUSTANG]);
    assert_eq!(t.decide(B), NOTHING);
    t.life(B, 3);
    assert_eq!(
        t.decide(B),
        (buy(0, Some(Mode::Beer), None, None), Reason::BuyEquipment)
    );
    // A Renegade (Part C v2) never aims at the Sheriff while others are in
    // play, at his last life neither (C4.1): the Bottle as a BANG! at the
    // nearest other player (B and C at distance 1 with his Scope, B first
    // clockwise).
    let mut t = renegade_guarded();
    market(&mut t, [Some(Bottle), None, None]);
    nuggets(&mut t, D, 2);
    assert_eq!(
        t.decide(D),
        (
            buy(0, Some(Mode::Bang), Some(B), None),
            Reason::BuyEquipment
        )
    );
}

#[test]
fn d1_1_pardner_duel_at_the_pt_else_cat_balou_never_general_store() {
    let mut t = five();
    market(&mut t, [Some(Pardner), None, None]);
    nuggets(&mut t, B, 2);
    t.equip(A, &[MUSTANG]).at_play(B);
    assert_eq!(
        t.decide(B),
        (
            buy(0, Some(Mode::Duel), Some(A), None),
            Reason::BuyEquipment
        )
    );
    // The Renegade: a Duel at the nearest other player, not the Sheriff.
    let mut t = renegade_guarded();
    market(&mut t, [Some(Pardner), None, None]);
    nuggets(&mut t, D, 2);
    assert_eq!(
        t.decide(D),
        (
            buy(0, Some(Mode::Duel), Some(B), None),
            Reason::BuyEquipment
        )
    );
    // A Deputy bot with no attacker of the Sheriff known, while another
    // Deputy may be in play (7 players), has no PT: no Pardner (never for
    // its General Store).
    let mut t = T::plain(7);
    market(&mut t, [Some(Pardner), None, None]);
    nuggets(&mut t, E, 2);
    t.at_play(E);
    assert_eq!(t.decide(E), NOTHING);
}

#[test]
fn d1_1_gold_rush_and_rhum_below_max_life_only() {
    let mut t = five();
    market(&mut t, [Some(Rhum), Some(GoldRush), None]);
    nuggets(&mut t, B, 5);
    t.at_play(B);
    assert_eq!(t.decide(B), NOTHING);
    t.life(B, 3);
    assert_eq!(t.decide(B), (buy_plain(1), Reason::BuyEquipment));
    nuggets(&mut t, B, 4);
    assert_eq!(t.decide(B), (buy_plain(0), Reason::BuyEquipment));
}

#[test]
fn d1_1_union_pacific_and_the_lasting_black_cards_always() {
    for k in [
        UnionPacific,
        Calumet,
        Horseshoe,
        Pickaxe,
        Boots,
        LuckyCharm,
        GoldPan,
        Rucksack,
    ] {
        let mut t = five();
        market(&mut t, [None, Some(k), None]);
        nuggets(&mut t, B, 4);
        t.at_play(B);
        assert_eq!(t.decide(B), (buy_plain(1), Reason::BuyEquipment), "{k:?}");
        nuggets(&mut t, B, u16::from(k.info().cost) - 1);
        assert_eq!(t.decide(B), NOTHING, "{k:?}: too dear");
    }
}

#[test]
fn d1_1_gun_belt_when_the_stack_exceeds_the_hand_limit() {
    let mut t = five();
    market(&mut t, [Some(GunBelt), None, None]);
    nuggets(&mut t, B, 2);
    t.at_play(B).life(B, 2).give(B, &[MISSED_KC, MISSED_2S]);
    assert_eq!(t.decide(B), NOTHING);
    t.give(B, &[MISSED_3S]);
    assert_eq!(t.decide(B), (buy_plain(0), Reason::BuyEquipment));
}

#[test]
fn d1_1_wanted_on_the_first_of_the_jail_list_without_one() {
    let mut t = five();
    market(&mut t, [Some(Wanted), None, None]);
    nuggets(&mut t, B, 2);
    t.at_play(B);
    // The Outlaw's list without the Sheriff: no suspected Deputy yet.
    assert_eq!(t.decide(B), NOTHING);
    let mut m = Memory::new();
    m.observe(&Event::RoleDealt {
        seat: A,
        role: Some(Sheriff),
        face_up: true,
    });
    m.hostile(C, A);
    m.hostile(E, C);
    assert_eq!(
        t.decide_with(B, &m),
        (buy(0, None, Some(E), None), Reason::BuyEquipment)
    );
    // E already wanted: nobody else on the list.
    own(&mut t, E, Wanted);
    assert_eq!(t.decide_with(B, &m), NOTHING);
    // Solo: an Outlaw NPC's list is the Deputy.
    let mut t = T::solo_plain().with_gold();
    market(&mut t, [Some(Wanted), None, None]);
    nuggets(&mut t, F, 2);
    t.at_play(F);
    assert_eq!(
        t.decide(F),
        (buy(0, None, Some(B), None), Reason::BuyEquipment)
    );
}

#[test]
fn d1_1_the_dearest_candidate_ties_to_the_leftmost_slot() {
    let mut t = five();
    market(&mut t, [Some(Shot), Some(Boots), Some(Calumet)]);
    nuggets(&mut t, B, 9);
    t.at_play(B).life(B, 3);
    assert_eq!(t.decide(B), (buy_plain(1), Reason::BuyEquipment));
    // Too poor for the 3s: the Shot.
    nuggets(&mut t, B, 2);
    assert_eq!(
        t.decide(B),
        (buy(0, None, Some(B), None), Reason::BuyEquipment)
    );
}

#[test]
fn d1_4_pretty_luzena_uses_her_discount_on_her_first_purchase() {
    let mut t = five_with(B, PrettyLuzena);
    market(&mut t, [Some(Horseshoe), Some(Pickaxe), Some(Shot)]);
    nuggets(&mut t, B, 3);
    t.at_play(B);
    let discounted = Action::Gold(GoldAction::Buy {
        slot: 1,
        mode: None,
        target: None,
        in_play: None,
        discount: true,
    });
    assert_eq!(t.decide(B), (discounted, Reason::BuyEquipment));
    t.ok(B, discounted);
    assert_eq!(t.s.p(B).nuggets, 0);
    // Once the discount is used, full prices.
    nuggets(&mut t, B, 3);
    t.s.gold.discount_used = true;
    market(&mut t, [Some(Horseshoe), None, Some(Shot)]);
    assert_eq!(t.decide(B), (buy_plain(0), Reason::BuyEquipment));
}

#[test]
fn d1_2_sells_the_bottom_most_beer_over_the_hand_limit() {
    let mut t = five();
    t.at_play(B)
        .give(B, &[MISSED_KC, BEER, MISSED_2S, BEER2, MISSED_3S, BEER_8H]);
    // Limit 4: the 2 bottom-most would go in phase 3; the Beer among them.
    assert_eq!(
        t.decide(B),
        (
            Action::Gold(GoldAction::SellBeer { card: BEER }),
            Reason::SellBeer
        )
    );
    t.ok(B, Action::Gold(GoldAction::SellBeer { card: BEER }));
    assert_eq!(t.s.p(B).nuggets, 1);
    // 5 cards: only the Missed! at the bottom is in excess.
    assert_eq!(t.decide(B), NOTHING);
    // Below max life the Beer heals instead (the Stack scan first).
    t.life(B, 3);
    assert_eq!(t.decide(B), (play_at(BEER_8H, None), Reason::Heal));
    // A Gun Belt keeps 8 cards: nothing in excess.
    let mut t = five();
    own(&mut t, B, GunBelt);
    t.at_play(B)
        .give(B, &[BEER, MISSED_KC, MISSED_2S, MISSED_3S, MISSED_4S]);
    assert_eq!(t.decide(B), NOTHING);
}

#[test]
fn d1_3_1_jacky_murieta_pays_for_a_bang_at_the_pt() {
    let mut t = five_with(B, JackyMurieta);
    nuggets(&mut t, B, 2);
    t.at_play(B).give(B, &[BANG_QH]);
    // The Stack first: the BANG! card.
    assert_eq!(
        t.decide(B),
        (play_at(BANG_QH, Some(A)), Reason::PreferredTarget)
    );
    t.play(B, BANG_QH, Some(A));
    settle_a(&mut t);
    let shoot = Action::Gold(GoldAction::Pay {
        used: NuggetUse::JackyMurieta,
        target: Some(A),
    });
    assert_eq!(t.decide(B), (shoot, Reason::NuggetAbility));
    // Out of reach, or too poor: nothing.
    t.equip(A, &[MUSTANG]);
    assert_eq!(t.decide(B), NOTHING);
    t.s.table[A as usize].in_play.clear();
    t.discards(&[MUSTANG]);
    nuggets(&mut t, B, 1);
    assert_eq!(t.decide(B), NOTHING);
}

#[test]
fn d1_3_2_josh_mccloud_once_a_turn_and_his_card_per_d1_1() {
    let mut t = five_with(B, JoshMcCloud);
    on_top(&mut t, Bottle);
    nuggets(&mut t, B, 4);
    t.at_play(B);
    let take = pay(NuggetUse::JoshMcCloud);
    assert_eq!(t.decide(B), (take, Reason::NuggetAbility));
    t.ok(B, take);
    assert_eq!(
        t.waiting(),
        [(B, Decision::Gold(GoldDecision::UseEquipment))]
    );
    // Per D1.1: the Bottle as a BANG! at the PT.
    let bang = Action::Gold(GoldAction::UseEquipment {
        mode: Some(Mode::Bang),
        target: Some(A),
        in_play: None,
    });
    assert_eq!(t.decide(B), (bang, Reason::UseTakenCard));
    t.ok(B, bang);
    settle_a(&mut t);
    // Once a turn, though he could pay again (2 left, 1 for the wound).
    assert_eq!(t.s.p(B).nuggets, 3);
    assert_eq!(t.decide(B), NOTHING);
    // A lone Deputy (Part C v2): his card as a Duel at the nearest player
    // but the Sheriff (D).
    let mut t = five_with(E, JoshMcCloud);
    on_top(&mut t, Pardner);
    nuggets(&mut t, E, 4);
    t.at_play(E);
    t.ok(E, take);
    let duel = Action::Gold(GoldAction::UseEquipment {
        mode: Some(Mode::Duel),
        target: Some(D),
        in_play: None,
    });
    assert_eq!(t.decide(E), (duel, Reason::UseTakenCard));
    // A Wanted on the first of the Jail/Wanted list (C3.1): an Outlaw's is
    // the Sheriff; a lone Deputy's (Part C v2) the nearest player but the
    // Sheriff, D.
    let wanted_on = |t| {
        Action::Gold(GoldAction::UseEquipment {
            mode: None,
            target: Some(t),
            in_play: None,
        })
    };
    for (josh, at) in [(B, A), (E, D)] {
        let mut t = five_with(josh, JoshMcCloud);
        on_top(&mut t, Wanted);
        nuggets(&mut t, josh, 2);
        t.at_play(josh);
        t.ok(josh, take);
        assert_eq!(t.decide(josh), (wanted_on(at), Reason::UseTakenCard));
    }
    // A Shot at full life: on himself.
    let mut t = five_with(E, JoshMcCloud);
    on_top(&mut t, Shot);
    nuggets(&mut t, E, 2);
    t.at_play(E);
    t.ok(E, take);
    let shot = Action::Gold(GoldAction::UseEquipment {
        mode: None,
        target: Some(E),
        in_play: None,
    });
    assert_eq!(t.decide(E), (shot, Reason::UseTakenCard));
}

#[test]
fn d1_3_3_raddie_snake_then_gold_pan_with_more_than_the_dearest_cost() {
    let mut t = five_with(B, RaddieSnake);
    own(&mut t, B, GoldPan);
    nuggets(&mut t, B, 5);
    t.at_play(B);
    // The dearest market card costs 5 (Gold Rush): keep the nuggets.
    assert_eq!(t.decide(B), NOTHING);
    nuggets(&mut t, B, 6);
    let raddie = pay(NuggetUse::RaddieSnake);
    assert_eq!(t.decide(B), (raddie, Reason::NuggetAbility));
    t.stack(&[MISSED_KC, MISSED_2S, MISSED_3S]);
    t.ok(B, raddie);
    t.ok(B, raddie);
    assert_eq!(t.s.p(B).nuggets, 4);
    // Raddie's two draws used; a cheaper market: the Gold Pan.
    market(&mut t, [Some(Shot), None, None]);
    let pan = pay(NuggetUse::GoldPan);
    assert_eq!(t.decide(B), (pan, Reason::NuggetAbility));
    // An empty market counts as 5.
    market(&mut t, [None, None, None]);
    assert_eq!(t.decide(B), NOTHING);
}

#[test]
fn d1_3_4_forces_the_first_candidates_dearest_black_card() {
    let mut t = five();
    let horseshoe = own(&mut t, A, Horseshoe);
    let boots = own(&mut t, A, Boots);
    nuggets(&mut t, B, 4);
    t.at_play(B);
    let force = |equipment| {
        Action::Gold(GoldAction::ForceDiscard {
            target: A,
            equipment,
        })
    };
    assert_eq!(t.decide(B), (force(boots), Reason::ForceDiscard));
    nuggets(&mut t, B, 3);
    assert_eq!(t.decide(B), (force(horseshoe), Reason::ForceDiscard));
    // Never while a purchase is possible.
    market(&mut t, [Some(Calumet), None, None]);
    assert_eq!(t.decide(B), (buy_plain(0), Reason::BuyEquipment));
    // A Deputy bot with no candidate forces nothing.
    let mut t = five();
    own(&mut t, C, Boots);
    nuggets(&mut t, E, 4);
    t.at_play(E);
    assert_eq!(t.decide(E), NOTHING);
}

#[test]
fn d1_3_5_rucksack_at_1_life_in_its_turn_and_c5_3_when_dying() {
    let mut t = five();
    market(&mut t, [Some(GoldRush), Some(Rhum), None]);
    own(&mut t, B, Rucksack);
    nuggets(&mut t, B, 2);
    t.at_play(B).life(B, 2);
    assert_eq!(t.decide(B), NOTHING);
    t.life(B, 1);
    let rucksack = pay(NuggetUse::Rucksack);
    assert_eq!(t.decide(B), (rucksack, Reason::NuggetAbility));
    // Dying at 0 with 2 nuggets: the Rucksack saves it.
    let mut t = five();
    own(&mut t, B, Rucksack);
    nuggets(&mut t, B, 2);
    t.give(A, &[BANG_QH]).life(B, 1);
    // No Missed! nor Barrel: the hit is taken at once.
    t.play(A, BANG_QH, Some(B));
    assert_eq!(t.waiting(), [(B, Decision::Dying)]);
    assert_eq!(t.decide(B), (rucksack, Reason::Rucksack));
    // With 1 nugget it cannot: it uses nothing.
    nuggets(&mut t, B, 1);
    assert_eq!(t.decide(B), (Action::Pass, Reason::NoSave));
    // At -1 with a Beer and 2 nuggets: the Beer first, then the Rucksack.
    t.life(B, -1).give(B, &[BEER]);
    nuggets(&mut t, B, 2);
    assert_eq!(t.decide(B), (Action::Respond { card: BEER }, Reason::Beer));
    t.respond(B, BEER);
    assert_eq!(t.decide(B), (rucksack, Reason::Rucksack));
    t.ok(B, rucksack);
    assert!(t.alive(B));
    assert_eq!(t.hp(B), 1);
}

#[test]
fn d1_4_dutch_will_keeps_the_higher_ranked_card() {
    let mut t = five_with(B, DutchWill);
    t.stack(&[JAIL_4H, MISSED_KC]);
    t.turn(B);
    assert_eq!(t.waiting(), [(B, Decision::Gold(GoldDecision::DropOne))]);
    assert_eq!(
        t.decide(B),
        (Action::Discard { card: JAIL_4H }, Reason::DutchWillKeeps)
    );
    t.ok(B, Action::Discard { card: JAIL_4H });
    assert_eq!(t.hand(B), [MISSED_KC]);
    assert_eq!(t.s.p(B).nuggets, 1);
    // With a Pickaxe he draws 3 and discards the lowest-ranked.
    let mut t = five_with(B, DutchWill);
    own(&mut t, B, Pickaxe);
    t.stack(&[BEER, DYNAMITE, BANG_QH]);
    t.turn(B);
    assert_eq!(
        t.decide(B),
        (Action::Discard { card: DYNAMITE }, Reason::DutchWillKeeps)
    );
}

#[test]
fn part_d_the_stack_first_then_buy_then_nuggets_then_sell() {
    // A BANG! on the Stack, a Horseshoe to buy, a Beer in excess, Jacky's
    // nuggets: the BANG! card first.
    let mut t = five_with(B, JackyMurieta);
    market(&mut t, [Some(Horseshoe), None, None]);
    nuggets(&mut t, B, 3);
    t.at_play(B).give(
        B,
        &[BEER, MISSED_KC, MISSED_2S, MISSED_3S, MISSES[8], BANG_QH],
    );
    assert_eq!(
        t.decide(B),
        (play_at(BANG_QH, Some(A)), Reason::PreferredTarget)
    );
    t.play(B, BANG_QH, Some(A));
    settle_a(&mut t);
    assert_eq!(t.s.p(B).nuggets, 4, "1 for the wound");
    // Then the purchase (Jacky's BANG! would also do).
    assert_eq!(t.decide(B), (buy_plain(0), Reason::BuyEquipment));
    t.ok(B, buy_plain(0));
    // Then Jacky's BANG! with the 2 nuggets left (the Sheriff misses it).
    let shoot = Action::Gold(GoldAction::Pay {
        used: NuggetUse::JackyMurieta,
        target: Some(A),
    });
    assert_eq!(t.decide(B), (shoot, Reason::NuggetAbility));
    t.give(A, &[MISSED_4S]);
    t.ok(B, shoot);
    settle_a(&mut t);
    assert_eq!(t.s.p(B).nuggets, 0);
    // Last, the Beer over the limit (5 cards, life 4) is sold; then the end.
    assert_eq!(
        t.decide(B),
        (
            Action::Gold(GoldAction::SellBeer { card: BEER }),
            Reason::SellBeer
        )
    );
    t.ok(B, Action::Gold(GoldAction::SellBeer { card: BEER }));
    assert_eq!(t.decide(B), NOTHING);
}

#[test]
fn d1_solo_npcs_play_gold_rush_turns_recorded_with_their_reasons() {
    // O1 (F) at 3/4 life with 5 nuggets and a Stack of Missed!: buys Gold
    // Rush, so the rules play its turn, then its extra turn.
    let mut t = T::solo_plain().with_gold();
    market(&mut t, [Some(Horseshoe), Some(GoldRush), Some(Shot)]);
    nuggets(&mut t, F, 5);
    t.life(F, 3).give(F, &[MISSED_KC]);
    let events = t.npc_play(F);
    let acts = npc_acts(this_turn(&events));
    assert_eq!(acts[0], (F, buy_plain(1), Reason::BuyEquipment));
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnStarted {
            seat: F,
            extra: true,
            ..
        }
    )));
    assert_eq!(t.hp(F), 4);
}

#[test]
fn c2_1_gold_rush_hostile_acts_count_in_the_ledger() {
    let mut m = Memory::new();
    m.observe(&Event::RoleDealt {
        seat: A,
        role: Some(Sheriff),
        face_up: true,
    });
    let (bottle, pardner, wanted, shot, boots) =
        (of(Bottle), of(Pardner), of(Wanted), of(Shot), of(Boots));
    let bought = |seat, equipment, mode, target| {
        Event::Gold(GoldEvent::EquipmentBought {
            seat,
            slot: 0,
            equipment,
            paid: 2,
            mode,
            target: Some(target),
        })
    };
    m.observe(&bought(B, bottle, Some(Mode::Bang), A));
    m.observe(&bought(C, pardner, Some(Mode::CatBalou), A));
    m.observe(&Event::Gold(GoldEvent::EquipmentUsed {
        seat: D,
        equipment: wanted,
        mode: None,
        target: Some(A),
    }));
    m.observe(&Event::Gold(GoldEvent::EquipmentForced {
        seat: E,
        owner: A,
        equipment: boots,
        paid: 4,
    }));
    m.observe(&Event::NpcActed {
        seat: E,
        action: Action::Gold(GoldAction::Pay {
            used: NuggetUse::JackyMurieta,
            target: Some(A),
        }),
        reason: Reason::NuggetAbility,
    });
    assert_eq!([B, C, D, E].map(|x| m.sheriff_score(x)), [1, 1, 1, 2]);
    // Not hostile: a Shot, a Bottle as Beer, a Pardner's General Store, on oneself.
    m.observe(&bought(C, shot, None, A));
    m.observe(&bought(C, bottle, Some(Mode::Beer), A));
    m.observe(&bought(C, pardner, Some(Mode::GeneralStore), A));
    m.observe(&bought(A, wanted, None, A));
    assert_eq!(m.sheriff_score(C), 1);
    assert_eq!(m.sheriff_score(A), 0);
}

/// A solo game with Gold Rush and `extra` options, opened with `seed`.
fn solo_gold(extra: Value, seed: u64) -> (State, Vec<Event>) {
    let mut options = json!({"mode": "lone_gunslinger", "expansions": ["gold_rush"]});
    options
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let person = vec![SeatSpec {
        name: "Ann".into(),
        bot: None,
        budget_ms: None,
    }];
    let config = <Bang as Ruleset>::config(6, &options, person).expect("solo with gold_rush");
    let events = start(&config, &mut GameRng::new(Seed::from_u64(seed), 0)).unwrap();
    let mut s = State::default();
    for e in &events {
        apply(&mut s, e);
        check_invariants(&s).unwrap();
    }
    (s, events)
}

#[test]
fn solo_with_gold_rush_deals_gold_rush_characters_too() {
    let gold_rush: Vec<Character> = Character::of_set(CharacterSet::GoldRush).collect();
    assert_eq!(gold_rush.len(), 8);
    assert_eq!(pool(ExpansionsOn::default()), POOL);
    assert_eq!(pool(gold()).len(), 18);
    let mut dealt_gold = 0;
    for seed in 0..30 {
        let (s, _) = solo_gold(json!({}), seed);
        assert!(s.gold.on && s.gold.market.iter().all(Option::is_some));
        assert_eq!(s.gold.deck.len(), 21);
        for x in s.seats() {
            let c = s.p(x).character.unwrap();
            assert!(pool(gold()).contains(&c), "{c:?}");
            dealt_gold += gold_rush.contains(&c) as usize;
            assert_eq!(s.p(x).nuggets, 0);
        }
        // The Four Most Wanted go to the NPCs; the person's seats draw from
        // the rest of the pool, Gold Rush's included.
        let (s, _) = solo_gold(json!({"four_most_wanted": true}), seed);
        for x in s.seats() {
            let c = s.p(x).character.unwrap();
            let npc = crate::bang::solo::is_npc(&s, x);
            assert_eq!(MOST_WANTED.contains(&c), npc, "seat {x}: {c:?}");
            assert!(pool(gold()).contains(&c));
        }
        // Beginner's choice: two of all 24 for each seat.
        let (s, _) = solo_gold(json!({"choose_characters": true}), seed);
        for x in s.seats() {
            for c in s.p(x).offer.unwrap() {
                dealt_gold += gold_rush.contains(&c) as usize;
            }
        }
    }
    assert!(dealt_gold > 0, "Gold Rush characters are dealt");
}

#[test]
fn solo_with_gold_rush_plays_to_the_end_by_the_policy() {
    let mut reasons = std::collections::HashSet::new();
    for seed in 0..12 {
        let (mut s, mut log) = solo_gold(json!({"difficulty": seed % 5}), seed);
        let mut actions = Vec::new();
        while !s.is_over() {
            assert!(log.len() < 20_000, "game {seed} does not end");
            let p = pending(&s)[0];
            assert!(!crate::bang::solo::is_npc(&s, p.seat), "an NPC pending");
            legal_actions_into(&s, p.seat, &mut actions);
            // The person's seats are played by the policy too.
            let a = npc::choose(&view(&s, Viewer::Seat(p.seat)), &Memory::new(), &actions);
            let mut rng = GameRng::new(Seed::from_u64(seed), s.version);
            let events = play(&mut s, p.seat, &a, &mut rng).unwrap();
            check_invariants(&s).unwrap();
            for e in &events {
                if let Event::NpcActed { reason, .. } = e {
                    reasons.insert(*reason);
                }
            }
            log.extend(events);
        }
        let mut replay = State::default();
        for e in &log {
            apply(&mut replay, e);
        }
        assert_eq!(replay, s, "game {seed}: replay differs");
        assert!(s.outcome.is_some());
    }
    for r in [Reason::BuyEquipment, Reason::SellBeer] {
        assert!(reasons.contains(&r), "{r:?} never seen: {reasons:?}");
    }
}
