//! The card game with Gold Rush (`"expansions": ["gold_rush"]`) and the
//! Shadow-Gunslingers variant over real HTTP: a person and four bots to the
//! end, the person buying equipment, selling Beers and paying nuggets through
//! the API (and, with shadows, playing her shadow turns once eliminated), with
//! the card game's leak check over every seat; and all-bot games of both bot
//! policies.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use serde_json::{Value, json};
use tests::TestServer;
use tests::play::{Person, bots_to_the_end, person_to_the_end};

/// The Gold Rush actions the person prefers whenever the API lists one, and
/// the event each must cause.
const GOLD: [(&str, &str); 3] = [
    ("buy", "equipment_bought"),
    ("sell_beer", "beer_sold"),
    ("pay", "nuggets_paid"),
];

/// Checks Gold Rush's part of the person's view (the market, her nuggets)
/// and, in her shadow turns, her shadow's: counted as `"shadow_turn"`.
fn gold_seen(mine: &Value) -> Option<&'static str> {
    let gold = &mine["view"]["gold"];
    assert!(gold["market"].is_array() && gold["heap"].is_u64(), "{gold}");
    assert!(mine["view"]["players"][0]["nuggets"].is_u64(), "{mine}");
    let turn = &mine["view"]["turn"];
    if turn["shadow"] == true && turn["seat"] == 0 {
        let me = &mine["view"]["players"][0];
        assert_eq!(
            (me["shadow"].clone(), me["alive"].clone()),
            (json!(true), json!(true))
        );
        assert_eq!(me["life"], 0, "a shadow has 0 life");
        return Some("shadow_turn");
    }
    None
}

/// Ann at seat 0 of 5, preferring Gold Rush's actions; `reckless`: she takes
/// every hit and dies without a Beer, so that she is eliminated early.
async fn play_to_the_end(
    server: &TestServer,
    c: &tests::Client,
    seed: u64,
    options: Value,
    reckless: bool,
) -> BTreeMap<String, usize> {
    let how = Person {
        prefer: &GOLD,
        reckless,
        seen: &gold_seen,
    };
    person_to_the_end(server, c, (5, seed, options), &how).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_four_bots_play_gold_rush_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    // Seed 142 has Ann buy, sell Beers and pay nuggets in one game; should
    // the bots or the rules change, the next seeds make up for it (a game
    // takes about a second).
    let mut posted: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 142..190 {
        let options = json!({"expansions": ["gold_rush"]});
        for (kind, n) in play_to_the_end(&server, &c, seed, options, false).await {
            *posted.entry(kind).or_default() += n;
        }
        if GOLD.iter().all(|(t, _)| posted.contains_key(*t)) {
            break;
        }
    }
    for (kind, _) in GOLD {
        assert!(
            posted.contains_key(kind),
            "the person never posted a {kind}: {posted:?}"
        );
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_four_bots_play_gold_rush_with_shadows_to_the_end() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    // Ann takes every hit, so she is soon eliminated and plays shadow turns;
    // the next seeds make up for a game that ends before her seat's turn.
    let options = json!({"expansions": ["gold_rush"], "variants": ["shadow_gunslingers"]});
    let mut shadow_moves = 0;
    for seed in 7..15 {
        let posted = play_to_the_end(&server, &c, seed, options.clone(), true).await;
        shadow_moves += posted.get("shadow_turn").copied().unwrap_or(0);
        if shadow_moves > 0 {
            break;
        }
    }
    assert!(shadow_moves > 0, "Ann never played a shadow turn");
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_bot_gold_rush_games_of_both_policies_finish_and_audit_fair() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let gold = json!({"expansions": ["gold_rush"]});
    let both = json!({"expansions": ["gold_rush"], "variants": ["shadow_gunslingers"]});
    let shadows = json!({"variants": ["shadow_gunslingers"]});
    for (policy, players, seed, options) in [
        ("random", 4, 1, &gold),
        ("normal", 6, 2, &gold),
        ("random", 8, 3, &gold),
        ("normal", 5, 4, &both),
        ("random", 7, 5, &shadows),
    ] {
        let events = bots_to_the_end(&c, policy, (players, seed, options)).await;
        assert_eq!(
            events.iter().any(|e| e["event"]["type"] == "market_filled"),
            options.get("expansions").is_some(),
            "{policy}: a market exactly with Gold Rush"
        );
    }
    let stats = server.bot_stats().unwrap();
    assert_eq!(stats.refused.load(Ordering::Relaxed), 0);
    assert!(stats.applied.load(Ordering::Relaxed) > 0);
}
