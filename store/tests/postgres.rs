//! What only a shared store does: several servers (here, several `PgStore`s)
//! on one PostgreSQL database, changes told to all of them, and copies
//! between the backends. Each test returns early without PostgreSQL.

mod common;

use std::time::Duration;

use serde_json::{Value, json};
use store::transfer::{Transfer, copy};
use store::{
    Append, Change, EventStore, GameId, NewGame, PgStore, SledStore, StoreError, TakesCursor,
};

fn appending(actor: &str, action_id: Option<&str>, events: Vec<Value>) -> Append {
    Append {
        actor: actor.into(),
        action_id: action_id.map(str::to_owned),
        events,
        ..Default::default()
    }
}

async fn created<S: EventStore>(store: &S) -> GameId {
    let (record, _) = store
        .create(
            NewGame {
                ruleset: "bang".into(),
                data: json!({"seats": 4}),
            },
            appending("system", None, vec![json!({"type": "started"})]),
        )
        .await
        .unwrap();
    record.id
}

/// A chain v2 game under `key`, its first event hidden: two envelopes.
async fn created_v2<S: EventStore>(store: &S, key: &[u8; 32]) -> GameId {
    let (record, _) = store
        .create(
            NewGame {
                ruleset: "bang".into(),
                data: json!({}),
            },
            Append {
                actor: "system".into(),
                events: vec![json!({"role": "sheriff"}), json!({"n": 1})],
                public: vec![Some(json!({"role": "?"}))],
                chain_key: Some(*key),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    record.id
}

/// How many rows of `table` belong to game `id`.
async fn rows_of(sql: &tokio_postgres::Client, table: &str, id: GameId) -> i64 {
    sql.query_one(
        &format!("SELECT count(*) FROM {table} WHERE game = $1"),
        &[&(id.0 as i64)],
    )
    .await
    .unwrap()
    .get(0)
}

/// Two servers on one database.
async fn two() -> Option<(PgStore, PgStore)> {
    let url = store::testing::postgres_database().await?;
    let a = PgStore::connect(&url).await.unwrap();
    let b = PgStore::connect(&url).await.unwrap();
    Some((a, b))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_appends_from_two_servers_have_one_winner() {
    let Some((a, b)) = two().await else { return };
    let id = created(&a).await;
    let tasks: Vec<_> = (0..100u64)
        .map(|i| {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move {
                let action = format!("a{i}");
                store
                    .append(
                        id,
                        1,
                        appending(&i.to_string(), Some(&action), vec![json!({"n": i})]),
                    )
                    .await
            })
        })
        .collect();
    let (mut won, mut conflicts) = (Vec::new(), 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(appended) => {
                assert!(!appended.duplicate);
                won.push(appended);
            }
            Err(StoreError::Conflict { current: 2 }) => conflicts += 1,
            Err(e) => panic!("unexpected {e:?}"),
        }
    }
    assert_eq!(won.len(), 1);
    assert_eq!(conflicts, 99);
    for store in [&a, &b] {
        let log = store.events(id, 0, 100).await.unwrap();
        assert_eq!(log.len(), 2);
        assert_eq!(log[1], won[0].envelopes[0]);
        assert!(store.verify(id).await.unwrap().valid);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_action_id_from_two_servers_is_written_once() {
    let Some((a, b)) = two().await else { return };
    let id = created(&a).await;
    let tasks: Vec<_> = (0..40u64)
        .map(|i| {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move {
                store
                    .append(id, 1, appending("1", Some("same"), vec![json!({"n": i})]))
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    let written: Vec<_> = results.iter().filter(|r| !r.duplicate).collect();
    assert_eq!(written.len(), 1);
    for r in &results {
        assert_eq!(r.envelopes, written[0].envelopes);
    }
    assert_eq!(
        b.find_action(id, "same", None).await.unwrap().unwrap(),
        written[0].envelopes
    );
    assert_eq!(a.events(id, 0, 100).await.unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn documents_compare_and_swap_across_servers() {
    let Some((a, b)) = two().await else { return };
    let tasks: Vec<_> = (0..20u64)
        .map(|i| {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move {
                store
                    .put_doc("accounts", "ann", Some(json!({"by": i})), 0)
                    .await
            })
        })
        .collect();
    let mut created = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(1) => created += 1,
            Err(StoreError::Stale { generation: 1 }) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(created, 1);
    assert_eq!(b.put_doc("accounts", "ann", Some(json!(2)), 1).await, Ok(2));
    assert_eq!(
        a.put_doc("accounts", "ann", Some(json!(3)), 1).await,
        Err(StoreError::Stale { generation: 2 })
    );
    assert_eq!(a.doc("accounts", "ann").await.unwrap(), Some((2, json!(2))));
    assert_eq!(a.put_doc("accounts", "ann", None, 2).await, Ok(0));
    assert_eq!(b.doc("accounts", "ann").await.unwrap(), None);
}

/// The next change that is not `Resync`, within a few seconds.
async fn next_change(changes: &mut tokio::sync::broadcast::Receiver<Change>) -> Change {
    tokio::time::timeout(Duration::from_secs(10), changes.recv())
        .await
        .expect("a change in time")
        .expect("the change channel")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_server_is_told_every_change() {
    let Some((a, b)) = two().await else { return };
    let mut on_a = a.changes().expect("a shared store");
    let mut on_b = b.changes().expect("a shared store");
    let id = created(&a).await;
    assert_eq!(
        next_change(&mut on_b).await,
        Change::Game { id, version: 1 }
    );
    assert_eq!(
        next_change(&mut on_a).await,
        Change::Game { id, version: 1 }
    );
    a.append(id, 1, appending("1", None, vec![json!(1), json!(2)]))
        .await
        .unwrap();
    assert_eq!(
        next_change(&mut on_b).await,
        Change::Game { id, version: 3 }
    );
    b.put_doc("members", "a key with spaces", Some(json!(1)), 0)
        .await
        .unwrap();
    assert_eq!(
        next_change(&mut on_a).await,
        Change::Game { id, version: 3 }
    );
    assert_eq!(
        next_change(&mut on_a).await,
        Change::Doc {
            collection: "members".into(),
            key: "a key with spaces".into()
        }
    );
    // A rejected write tells nothing; the next one is told.
    assert!(
        a.append(id, 1, appending("1", None, vec![json!(3)]))
            .await
            .is_err()
    );
    a.append(id, 3, appending("1", None, vec![json!(3)]))
        .await
        .unwrap();
    assert_eq!(
        next_change(&mut on_b).await,
        Change::Doc {
            collection: "members".into(),
            key: "a key with spaces".into()
        }
    );
    assert_eq!(
        next_change(&mut on_b).await,
        Change::Game { id, version: 4 }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_lost_listener_reconnects_and_says_resync() {
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let store = PgStore::connect(&url).await.unwrap();
    let mut changes = store.changes().unwrap();
    let pg = common::Pg(url.clone());
    let admin = pg.sql().await;
    let killed = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND query LIKE 'LISTEN%'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(killed.len(), 1);
    assert_eq!(next_change(&mut changes).await, Change::Resync);
    let id = created(&store).await;
    assert_eq!(
        next_change(&mut changes).await,
        Change::Game { id, version: 1 }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn servers_starting_at_once_migrate_once() {
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let connects: Vec<_> = (0..6)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move { PgStore::connect(&url).await })
        })
        .collect();
    for c in connects {
        c.await.unwrap().unwrap();
    }
    let client = common::Pg(url).sql().await;
    let applied: i64 = client
        .query_one("SELECT count(*) FROM bang_schema", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(applied, 5, "each migration once");
}

/// A store with a bit of everything: games of both chain schemes, an open
/// table, a metadata-only append, dedupe entries with and without digests,
/// documents and secrets.
async fn fill<S: EventStore>(store: &S) -> Vec<GameId> {
    let mut ids = Vec::new();
    for i in 0..5u64 {
        let id = created(store).await;
        let mut append = appending(
            "1",
            Some(&format!("x{i}")),
            vec![json!({"f": 1.1 * i as f64})],
        );
        append.action_digest = Some([i as u8; 32]);
        store.append(id, 1, append).await.unwrap();
        let mut finish = appending("system", Some("end"), Vec::new());
        finish.status = Some(store::GameStatus::Finished);
        finish.data = Some(json!({"winner": i}));
        store.append(id, 2, finish).await.unwrap();
        ids.push(id);
    }
    ids.push(created_v2(store, &[9u8; 32]).await);
    let (open, _) = store
        .create(
            NewGame {
                ruleset: "dice".into(),
                data: json!({"players": []}),
            },
            Append {
                actor: "system".into(),
                status: Some(store::GameStatus::Open),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    ids.push(open.id);
    store
        .put_doc("accounts", "ann", Some(json!({"name": "Ann"})), 0)
        .await
        .unwrap();
    store
        .put_doc("accounts", "ann", Some(json!({"name": "Ann B"})), 1)
        .await
        .unwrap();
    store
        .put_doc("members", "g/x\0y with space", Some(json!([1, 2.5])), 0)
        .await
        .unwrap();
    store.secret("hmac", "s3cret".into()).await.unwrap();
    ids.sort();
    ids
}

/// Asserts that two stores hold the same games (bytes), documents and secrets.
async fn same<A: Transfer, B: Transfer>(a: &A, b: &B, ids: &[GameId]) {
    assert_eq!(a.game_ids().await.unwrap(), ids);
    assert_eq!(b.game_ids().await.unwrap(), ids);
    for &id in ids {
        let x = a.export_game(id).await.unwrap().unwrap();
        let y = b.export_game(id).await.unwrap().unwrap();
        assert_eq!(x, y);
        assert_eq!(a.game(id).await.unwrap(), b.game(id).await.unwrap());
        assert!(b.verify(id).await.unwrap().valid);
    }
    assert_eq!(
        a.export_docs().await.unwrap(),
        b.export_docs().await.unwrap()
    );
    assert_eq!(
        a.export_secrets().await.unwrap(),
        b.export_secrets().await.unwrap()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn copy_sled_to_postgres_to_sled_keeps_every_byte() {
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sled = SledStore::open(dir.path().join("a")).unwrap();
    let ids = fill(&sled).await;

    let pg = PgStore::connect(&url).await.unwrap();
    let report = copy(&sled, &pg).await.unwrap();
    assert_eq!(report.games, ids.len() as u64);
    assert_eq!(report.docs, 2);
    assert_eq!(report.secrets, 1);
    assert_eq!(report.verified, ids.len() as u64);
    same(&sled, &pg, &ids).await;
    // The copy goes on where the original would.
    let mut id = ids[0];
    for &candidate in &ids {
        if sled
            .find_action(candidate, "x0", None)
            .await
            .unwrap()
            .is_some()
        {
            id = candidate;
        }
    }
    let dup = pg
        .append(id, 3, appending("1", Some("x0"), vec![json!(0)]))
        .await
        .unwrap();
    assert!(dup.duplicate);
    assert_eq!(
        pg.find_action(id, "x0", Some(&[1; 32])).await,
        Err(StoreError::ActionIdReused),
        "the copy keeps the digest"
    );

    // Again: nothing to do.
    let again = copy(&sled, &pg).await.unwrap();
    assert_eq!(again.games, 0);
    assert_eq!(again.games_present, ids.len() as u64);
    assert_eq!(again.docs_present, 2);

    // Back to a new sled store, through the function the tool runs.
    let back_dir = dir.path().join("b");
    drop(pg);
    let report = store::transfer::copy_between(&url, back_dir.to_str().unwrap())
        .await
        .unwrap();
    assert_eq!(report.games, ids.len() as u64);
    let back = SledStore::open(&back_dir).unwrap();
    same(&sled, &back, &ids).await;
    assert_eq!(
        back.list(&store::ListQuery::default()).await.unwrap(),
        sled.list(&store::ListQuery::default()).await.unwrap()
    );

    // A target holding other content is refused.
    let other = PgStore::connect(&store::testing::postgres_database().await.unwrap())
        .await
        .unwrap();
    other.secret("hmac", "another".into()).await.unwrap();
    assert!(matches!(
        copy(&sled, &other).await,
        Err(StoreError::Invalid(_))
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_bulk_load_writes_what_a_copy_would_on_both_backends() {
    let dir = tempfile::tempdir().unwrap();
    let source = SledStore::open(dir.path().join("a")).unwrap();
    let ids = fill(&source).await;
    let mut games = Vec::new();
    for &id in &ids {
        games.push(source.export_game(id).await.unwrap().unwrap());
    }
    let docs = source.export_docs().await.unwrap();
    let secrets = source.export_secrets().await.unwrap();
    let sled = SledStore::open(dir.path().join("b")).unwrap();
    let pg = match store::testing::postgres_database().await {
        Some(url) => Some(PgStore::connect(&url).await.unwrap()),
        None => None,
    };
    let targets: Vec<store::Store> = std::iter::once(store::Store::Sled(sled))
        .chain(pg.map(store::Store::Postgres))
        .collect();
    for target in &targets {
        // In two loads, as the fill tool writes its batches.
        let (first, rest) = games.split_at(2);
        target.write_bulk(first, &docs).await.unwrap();
        target.write_bulk(rest, &[]).await.unwrap();
        for (name, value) in &secrets {
            target.import_secret(name, value).await.unwrap();
        }
        same(&source, target, &ids).await;
        for status in [
            None,
            Some(store::GameStatus::Open),
            Some(store::GameStatus::Active),
        ] {
            for ruleset in [None, Some("dice"), Some("bang")] {
                let query = store::ListQuery {
                    status,
                    ruleset: ruleset.map(str::to_owned),
                    limit: 10,
                    cursor: None,
                };
                // As sets: games created in one millisecond may list in
                // another order on PostgreSQL, which keeps microseconds.
                let listed = |page: store::Page| -> std::collections::BTreeSet<GameId> {
                    page.games.iter().map(|g| g.id).collect()
                };
                assert_eq!(
                    listed(target.list(&query).await.unwrap()),
                    listed(source.list(&query).await.unwrap()),
                    "{} {status:?} {ruleset:?}",
                    target.backend()
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_open_picks_the_backend_from_the_spec() {
    let dir = tempfile::tempdir().unwrap();
    let sled = store::Store::open(dir.path().to_str().unwrap(), 1 << 20)
        .await
        .unwrap();
    assert_eq!(sled.backend(), "sled");
    assert!(!sled.is_shared());
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let pg = store::Store::open(&url, 1 << 20).await.unwrap();
    assert_eq!(pg.backend(), "postgres");
    assert!(pg.is_shared());
    let id = created(&pg).await;
    assert_eq!(pg.head(id).await.unwrap().unwrap().version, 1);
    let alias = url.replacen("postgres://", "postgresql://", 1);
    let again = store::Store::open(&alias, 0).await.unwrap();
    assert_eq!(again.game(id).await.unwrap(), pg.game(id).await.unwrap());
}

/// How many of the database's other connections are encrypted, of how many.
async fn encrypted_connections(pg: &common::Pg) -> (i64, i64) {
    let admin = pg.sql().await;
    let row = admin
        .query_one(
            "SELECT count(*) FILTER (WHERE s.ssl), count(*) FROM pg_stat_ssl s \
             JOIN pg_stat_activity a USING (pid) \
             WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()",
            &[],
        )
        .await
        .unwrap();
    (row.get(0), row.get(1))
}

/// `url` with TLS parameters added.
fn with_tls(url: &str, params: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}{params}")
}

/// A database on another machine: with `sslmode=verify-full` and the
/// cluster's root, every connection of the store (its pool and its change
/// listener) is encrypted to a server whose certificate names the host, and
/// the store works as without TLS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_full_encrypts_every_connection_to_a_certified_server() {
    let Some(root) = store::testing::test_root_certificate() else {
        return;
    };
    let pg = common::Pg::new().await.unwrap();
    let url = with_tls(
        &pg.0,
        &format!("sslmode=verify-full&sslrootcert={}", root.display()),
    );
    let store = PgStore::connect(&url).await.unwrap();
    let mut changes = store.changes().unwrap();
    let id = created(&store).await;
    store
        .append(id, 1, appending("0", None, vec![json!({"type": "x"})]))
        .await
        .unwrap();
    assert_eq!(store.events(id, 0, 10).await.unwrap().len(), 2);
    let told = tokio::time::timeout(Duration::from_secs(5), changes.recv())
        .await
        .unwrap()
        .unwrap();
    assert!(matches!(told, Change::Game { .. }), "{told:?}");
    let (encrypted, all) = encrypted_connections(&pg).await;
    assert!(all >= 2, "the pool and the listener: {all}");
    assert_eq!(encrypted, all);
}

/// `require` encrypts without checking the certificate; `disable` never
/// encrypts; `verify-full` against roots that did not sign the server's
/// certificate (the system's) refuses to connect, saying why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_sslmode_does_what_it_says() {
    if store::testing::test_root_certificate().is_none() {
        return;
    }
    let pg = common::Pg::new().await.unwrap();
    let required = PgStore::connect(&with_tls(&pg.0, "sslmode=require"))
        .await
        .unwrap();
    created(&required).await;
    let (encrypted, all) = encrypted_connections(&pg).await;
    assert_eq!((encrypted, all), (all, all));
    drop(required);

    let pg = common::Pg::new().await.unwrap();
    let plain = PgStore::connect(&with_tls(&pg.0, "sslmode=disable"))
        .await
        .unwrap();
    created(&plain).await;
    let (encrypted, all) = encrypted_connections(&pg).await;
    assert!(all >= 2);
    assert_eq!(encrypted, 0);

    let refused = PgStore::connect(&with_tls(&pg.0, "sslmode=verify-full")).await;
    let why = match refused {
        Err(e) => e.to_string(),
        Ok(_) => panic!("connected to a server no trusted root certified"),
    };
    // A machine without root certificates refuses before it connects.
    assert!(
        why.contains("UnknownIssuer") || why.contains("no root certificates"),
        "{why}"
    );
}

/// An append seals its events on the head its server remembers; when
/// another server moved that head (events, or data alone), the append
/// still lands on the head as it is, and a stale one is refused as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_through_two_servers_seal_on_the_head_as_it_is() {
    let Some((a, b)) = two().await else { return };
    let id = created(&a).await;
    let one = |data: Option<Value>, generation: Option<u64>| Append {
        data,
        expected_generation: generation,
        ..appending("0", None, vec![json!({"type": "x"})])
    };
    a.append(id, 1, one(None, None)).await.unwrap(); // a remembers version 2
    b.append(id, 2, one(None, None)).await.unwrap(); // b moves it to 3
    // b writes data alone: version 3, generation 1.
    b.append(
        id,
        3,
        Append {
            data: Some(json!({"seats": 5})),
            ..appending("0", None, vec![])
        },
    )
    .await
    .unwrap();
    assert_eq!(
        a.append(id, 2, one(None, None)).await.unwrap_err(),
        StoreError::Conflict { current: 3 }
    );
    // a now remembers version 3 at generation 1; b writes data again.
    b.append(
        id,
        3,
        Append {
            data: Some(json!({"seats": 6})),
            ..appending("0", None, vec![])
        },
    )
    .await
    .unwrap();
    let appended = a.append(id, 3, one(None, Some(2))).await.unwrap();
    assert_eq!((appended.head.version, appended.head.generation), (4, 2));
    assert_eq!(
        b.append(id, 4, one(None, Some(1))).await.unwrap_err(),
        StoreError::Stale { generation: 2 }
    );
    // Every envelope chains on the one before, whoever wrote it.
    let report = a.verify(id).await.unwrap();
    assert!(report.valid, "{report:?}");
    assert_eq!(a.events(id, 0, 10).await.unwrap().len(), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_server_reads_the_rate_limit_takes_of_the_others_once() {
    let Some((a, b)) = two().await else { return };
    let (a, b) = (store::Store::from(a), store::Store::from(b));
    let (mut at_a, mut at_b) = (TakesCursor::default(), TakesCursor::default());
    let sum = |mut v: Vec<(String, u32)>| {
        v.sort();
        v
    };
    // A takes twice of one key and once of another; B sees them, not its own.
    let mine = [
        ("client:10.0.0.1".to_string(), 2),
        ("chat:7:1".to_string(), 1),
    ];
    assert_eq!(a.share_takes(1, &mine, &mut at_a).await.unwrap(), vec![]);
    let theirs = [("client:10.0.0.1".to_string(), 1)];
    let seen = b.share_takes(2, &theirs, &mut at_b).await.unwrap();
    assert_eq!(
        sum(seen),
        vec![
            ("chat:7:1".to_string(), 1),
            ("client:10.0.0.1".to_string(), 2)
        ]
    );
    // Read once: the next call brings only what is new.
    assert_eq!(b.share_takes(2, &[], &mut at_b).await.unwrap(), vec![]);
    assert_eq!(
        a.share_takes(1, &[], &mut at_a).await.unwrap(),
        vec![("client:10.0.0.1".to_string(), 1)]
    );
    a.share_takes(1, &[("chat:7:1".to_string(), 3)], &mut at_a)
        .await
        .unwrap();
    assert_eq!(
        b.share_takes(2, &[], &mut at_b).await.unwrap(),
        vec![("chat:7:1".to_string(), 3)]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn appends_sent_together_commit_together_each_with_its_answer() {
    let Some((a, b)) = two().await else { return };
    let mut games = Vec::new();
    for _ in 0..48 {
        games.push(created(&a).await);
    }
    // 48 games played at once, 6 appends each, every other one through the
    // other server, one with an action id that repeats: each server's group
    // commit gathers the appends of many games in one transaction.
    let tasks: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(g, &id)| {
            let (a, b) = (a.clone(), b.clone());
            tokio::spawn(async move {
                for step in 1..=6u64 {
                    let store = if (g as u64 + step).is_multiple_of(2) {
                        &a
                    } else {
                        &b
                    };
                    let action = format!("g{g}s{step}");
                    let appended = store
                        .append(
                            id,
                            step,
                            appending("p", Some(&action), vec![json!({"step": step})]),
                        )
                        .await
                        .unwrap();
                    assert!(!appended.duplicate);
                    assert_eq!(appended.head.version, step + 1);
                }
                // The last action again: its first append, nothing written.
                let again = a
                    .append(
                        id,
                        7,
                        appending("p", Some(&format!("g{g}s6")), vec![json!({"step": 6})]),
                    )
                    .await
                    .unwrap();
                assert!(again.duplicate);
                assert_eq!(again.head.version, 7);
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    for id in games {
        assert_eq!(b.events(id, 0, 100).await.unwrap().len(), 7);
        assert!(a.verify(id).await.unwrap().valid);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_copy_reads_documents_by_pages_and_misses_none() {
    let dir = tempfile::tempdir().unwrap();
    let source = SledStore::open(dir.path().join("a")).unwrap();
    // More than two pages, in two collections whose keys interleave.
    let n = store::transfer::DOC_PAGE * 2 + 7;
    let docs: Vec<store::transfer::DocExport> = (0..n)
        .map(|i| store::transfer::DocExport {
            collection: if i % 3 == 0 { "a" } else { "ab" }.into(),
            key: format!("k{i:05}/x"),
            revision: 1 + (i as u64 % 4),
            value: serde_json::json!({ "i": i }),
        })
        .collect();
    source.write_bulk(&[], &docs).await.unwrap();
    let first = source
        .export_docs_after(None, store::transfer::DOC_PAGE)
        .await
        .unwrap();
    assert_eq!(first.len(), store::transfer::DOC_PAGE);
    let sled = SledStore::open(dir.path().join("b")).unwrap();
    let pg = match store::testing::postgres_database().await {
        Some(url) => Some(PgStore::connect(&url).await.unwrap()),
        None => None,
    };
    let targets: Vec<store::Store> = std::iter::once(store::Store::Sled(sled))
        .chain(pg.map(store::Store::Postgres))
        .collect();
    for target in &targets {
        let report = copy(&source, target).await.unwrap();
        assert_eq!(report.docs as usize, n);
        let mut copied = target.export_docs().await.unwrap();
        let mut expected = docs.clone();
        let order = |d: &store::transfer::DocExport| (d.collection.clone(), d.key.clone());
        copied.sort_by_key(order);
        expected.sort_by_key(order);
        assert_eq!(copied, expected);
        // And back, page by page from the target's side.
        let again = copy(target, &source).await.unwrap();
        assert_eq!(again.docs_present as usize, n);
    }
}

/// A finished game's log is packed into one record after the append that
/// finished it (issue 34): its rows are gone, and every read answers as
/// before, a retried action id included; an alteration of the packed
/// record is found by `verify`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_log_is_packed_and_reads_the_same() {
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let pg = PgStore::connect(&url).await.unwrap();
    let key = [5u8; 32];
    let id = created_v2(&pg, &key).await;
    let mut version = 2;
    for i in 0..40u64 {
        let mut append = appending("1", Some(&format!("a{i}")), vec![json!({"n": i}); 2]);
        append.action_digest = Some([i as u8; 32]);
        append.chain_key = Some(key);
        version = pg.append(id, version, append).await.unwrap().head.version;
    }
    let before_events = pg.events(id, 0, 1000).await.unwrap();
    let before_export = pg.export_game(id).await.unwrap().unwrap();
    let mut finish = appending("system", Some("end"), vec![json!({"over": true})]);
    finish.status = Some(store::GameStatus::Finished);
    finish.chain_key = Some(key);
    pg.append(id, version, finish).await.unwrap();
    let all = pg.events(id, 0, 1000).await.unwrap();
    assert_eq!(all[..before_events.len()], before_events[..]);
    let export = pg.export_game(id).await.unwrap().unwrap();

    // Packed in the background; packing again does nothing.
    let sql = common::Pg(url.clone()).sql().await;
    let rows = |table: &'static str| rows_of(&sql, table, id);
    for _ in 0..200 {
        if rows("packed_logs").await == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(rows("packed_logs").await, 1, "packed");
    assert_eq!(rows("events").await, 0, "no event rows left");
    assert_eq!(rows("dedupe").await, 0, "no dedupe rows left");
    assert!(!pg.pack(id, Some(&key)).await.unwrap(), "packed once");
    assert_eq!(
        pg.pack_finished(|_| None).await.unwrap(),
        0,
        "nothing left to pack"
    );
    // A game that finished before packing existed (its status set by hand
    // here) is packed by `bang-store pack`, with its chain key.
    let older = created_v2(&pg, &key).await;
    let older_events = pg.events(older, 0, 10).await.unwrap();
    sql.execute(
        "UPDATE games SET status = 1 WHERE id = $1",
        &[&(older.0 as i64)],
    )
    .await
    .unwrap();
    assert_eq!(pg.pack_finished(|_| Some(key)).await.unwrap(), 1);
    assert_eq!(
        PgStore::connect(&url)
            .await
            .unwrap()
            .events(older, 0, 10)
            .await
            .unwrap(),
        older_events
    );
    assert!(pg.verify_with(older, Some(&key)).await.unwrap().valid);

    // The finishing append carried the chain key: the commitments were
    // left out of the record.
    let stored: i32 = sql
        .query_one(
            "SELECT length(log) FROM packed_logs WHERE game = $1",
            &[&(id.0 as i64)],
        )
        .await
        .unwrap()
        .get(0);
    let with_commitments = store::testing::pack_for_test(&all, &export.dedupe).unwrap();
    assert!(
        (stored as usize) * 2 < with_commitments.len(),
        "{stored} {}",
        with_commitments.len()
    );

    // Every read answers as before.
    assert_eq!(pg.events(id, 0, 1000).await.unwrap(), all);
    for (after, limit) in [(0, 1), (5, 10), (80, 3), (82, 5), (83, 5), (90, 5)] {
        let expected: Vec<_> = all.iter().skip(after).take(limit).cloned().collect();
        assert_eq!(
            pg.events(id, after as u64, limit).await.unwrap(),
            expected,
            "after {after}, limit {limit}"
        );
    }
    assert_eq!(pg.export_game(id).await.unwrap().unwrap(), export);
    assert_ne!(export, before_export);
    let verified = pg.verify_with(id, Some(&key)).await.unwrap();
    assert!(verified.valid && verified.hidden_checked, "{verified:?}");
    let run = pg
        .find_action(id, "a7", Some(&[7; 32]))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(run, all[16..18]);
    assert_eq!(
        pg.find_action(id, "a7", Some(&[8; 32])).await,
        Err(StoreError::ActionIdReused)
    );
    let mut retry = appending("1", Some("a7"), vec![json!({"n": 7}); 2]);
    retry.action_digest = Some([7; 32]);
    retry.chain_key = Some(key);
    let dup = pg.append(id, 16, retry).await.unwrap();
    assert!(dup.duplicate, "a retry of a packed action is its duplicate");
    assert_eq!(dup.envelopes, all[16..18]);

    // An append after the packed log goes on from it.
    let mut more = appending("system", None, vec![json!({"late": 1})]);
    more.chain_key = Some(key);
    let head = pg.append(id, 83, more).await.unwrap().head;
    assert_eq!(head.version, 84);
    assert_eq!(pg.events(id, 82, 10).await.unwrap().len(), 2);
    assert!(pg.verify(id).await.unwrap().valid);

    // An altered packed record: the chain breaks at the head (the log
    // proves itself as a whole), or at the altered event with the key.
    let mut envelopes = all.clone();
    envelopes[9].event = json!({"n": 1000});
    let repacked = store::testing::pack_for_test(&envelopes, &export.dedupe).unwrap();
    sql.execute(
        "UPDATE packed_logs SET log = $2 WHERE game = $1",
        &[&(id.0 as i64), &repacked],
    )
    .await
    .unwrap();
    let broken = pg.verify_with(id, Some(&key)).await.unwrap();
    assert_eq!(broken.first_bad_seq, Some(10), "{broken:?}");
    let broken = pg.verify(id).await.unwrap();
    assert!(!broken.valid);
    // A server that had not read it yet (the others keep what they
    // unpacked: a packed log never changes but by hand) refuses it.
    let fresh = PgStore::connect(&url).await.unwrap();
    assert!(matches!(
        fresh.events(id, 0, 10).await,
        Err(StoreError::Corrupt(_))
    ));
}

/// Two servers packing one finished game at once pack it once: one of them
/// writes the packed log and deletes the rows, the other finds it packed and
/// writes nothing; both read the log as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_packing_one_game_at_once_pack_it_once() {
    let Some(url) = store::testing::postgres_database().await else {
        return;
    };
    let a = PgStore::connect(&url).await.unwrap();
    let b = PgStore::connect(&url).await.unwrap();
    let id = created(&a).await;
    let mut version = 1;
    for i in 0..20u64 {
        let append = appending("1", Some(&format!("a{i}")), vec![json!({"n": i})]);
        version = a.append(id, version, append).await.unwrap().head.version;
    }
    let before = a.events(id, 0, 100).await.unwrap();
    // Finished by hand, so that no append queues it for packing.
    let sql = common::Pg(url).sql().await;
    sql.execute(
        "UPDATE games SET status = 1 WHERE id = $1",
        &[&(id.0 as i64)],
    )
    .await
    .unwrap();
    let (by_a, by_b) = tokio::join!(a.pack(id, None), b.pack(id, None));
    assert_eq!(
        [by_a.unwrap(), by_b.unwrap()]
            .iter()
            .filter(|p| **p)
            .count(),
        1,
        "packed by exactly one"
    );
    assert_eq!(rows_of(&sql, "packed_logs", id).await, 1);
    assert_eq!(rows_of(&sql, "events", id).await, 0);
    assert_eq!(rows_of(&sql, "dedupe", id).await, 0);
    assert_eq!(a.events(id, 0, 100).await.unwrap(), before);
    assert_eq!(b.events(id, 0, 100).await.unwrap(), before);
}
