//! The `scale` tool's code at 10,000 games (it runs by hand at a million):
//! a bulk fill on each backend, then every read it times, answered right by
//! a server started on the filled store.

use std::time::Instant;

use store::transfer::Transfer;
use store::{EventStore, Store};
use tests::TestServer;
use tests::scale::{self, Filled, Plan};

const GAMES: u64 = 10_000;

fn plan() -> Plan {
    Plan {
        games: GAMES,
        templates_per_kind: 1,
        heavy_games: 2_000,
        batch: 50,
        seed: 7,
    }
}

/// Fills `store`, checks what it holds, then starts a server on it (as
/// `start` does) and runs every timed read.
async fn fill_and_read(
    store: Store,
    templates: &[scale::Template],
    start: impl AsyncFnOnce() -> TestServer,
) -> (Filled, Vec<scale::Timing>) {
    let filled = scale::fill(&store, templates, &plan(), |_| {})
        .await
        .expect("the fill");
    assert_eq!(filled.games, GAMES);
    assert_eq!(
        filled.by_kind.iter().map(|(_, n)| n).sum::<u64>(),
        GAMES,
        "{:?}",
        filled.by_kind
    );
    // Every kind is in the mix, about as often as its weight says.
    for ((label, n), kind) in filled.by_kind.iter().zip(&scale::KINDS) {
        let expected = GAMES * u64::from(kind.weight) / 100;
        assert!(n.abs_diff(expected) < expected / 5, "{label}: {n}");
    }
    // The copies keep their templates' chains.
    let long = store.verify(filled.long_game).await.expect("verify");
    assert!(long.valid && long.version == filled.long_events, "{long:?}");
    assert_eq!(store.game_ids().await.expect("ids").len() as u64, GAMES);
    // On sled, a finished game's head and meta are folded into its packed
    // record's entry: one sled key a game.
    if let Store::Sled(sled) = &store {
        for &id in &filled.sample {
            assert!(sled.is_folded(id).expect("folded?"), "game {id} is folded");
        }
    }
    drop(store);
    let started = Instant::now();
    let server = start().await;
    println!("startup ms={}", started.elapsed().as_millis());
    let timings = scale::measure(&server.base, &filled, 10)
        .await
        .expect("every read answers");
    for t in &timings {
        println!("{t}");
    }
    (filled, timings)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_games_fill_each_backend_and_every_read_answers() {
    let templates = scale::play_templates(1, 3).await;
    assert_eq!(templates.len(), scale::KINDS.len());
    assert!(
        templates
            .iter()
            .all(|t| t.game.record.status == store::GameStatus::Finished)
    );
    assert!(
        templates.iter().all(|t| t.game.chain_key.is_some()),
        "every template gives its chain key (chain v2, its seed public)"
    );

    let dir = tempfile::tempdir().expect("temp dir");
    let sled = Store::open(dir.path().to_str().expect("path"), 16 << 20)
        .await
        .expect("sled");
    let (_, timings) = fill_and_read(sled, &templates, async || {
        TestServer::start_on_with(dir.path(), |_| {}).await
    })
    .await;
    // Five filters, two kinds of page each, the inbox, the profile, two
    // kinds of archive page, two views, three rewinds and the audit.
    assert_eq!(timings.len(), 5 * 2 + 1 + 1 + 2 + 2 + 3 + 1);
    // About 5 GB: gone before PostgreSQL's turn.
    drop(dir);

    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let pg = Store::open(&url, 0).await.expect("postgres");
    fill_and_read(pg, &templates, async || {
        TestServer::start_with(|config| config.store = Some(url.clone())).await
    })
    .await;
}
