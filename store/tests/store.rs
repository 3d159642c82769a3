//! The store against its contract, on both backends (see `common`).

mod common;

use common::Backend;

use std::time::Duration;

use serde_json::{Value, json};
use store::{
    Append, EventStore, GameHead, GameId, GameStatus, ListQuery, NewGame, SledStore, StoreError,
    ZERO_HASH, envelope_hash,
};

fn new_game(ruleset: &str) -> NewGame {
    NewGame {
        ruleset: ruleset.into(),
        data: json!({"seats": 4, "tokens": ["a", "b"]}),
    }
}

fn events(actor: &str, action_id: Option<&str>, events: Vec<Value>) -> Append {
    Append {
        actor: actor.into(),
        action_id: action_id.map(str::to_owned),
        events,
        status: None,
        data: None,
        ..Default::default()
    }
}

fn one(n: u64) -> Vec<Value> {
    vec![json!({"type": "rolled", "n": n})]
}

async fn created<S: EventStore>(store: &S, ruleset: &str) -> GameId {
    let (record, _) = store
        .create(
            new_game(ruleset),
            events("system", None, vec![json!({"type": "started"})]),
        )
        .await
        .expect("create");
    record.id
}

/// A game of `ruleset` created and then given `actions` numbered actions
/// (ids `a0`, `a1`, …), one event each; its id and version.
async fn played<S: EventStore>(store: &S, ruleset: &str, actions: u64) -> (GameId, u64) {
    let id = created(store, ruleset).await;
    let mut version = 1;
    for i in 0..actions {
        let append = events("1", Some(&format!("a{i}")), one(i));
        version = store
            .append(id, version, append)
            .await
            .unwrap()
            .head
            .version;
    }
    (id, version)
}

on_both!(create_append_and_read_back);
async fn create_append_and_read_back<B: Backend>(b: &B) {
    let store = b.open().await;

    let (record, opening) = store
        .create(
            new_game("dice"),
            events(
                "system",
                Some("create-1"),
                vec![
                    json!({"type": "started"}),
                    json!({"type": "dealt", "cards": [1, 2]}),
                ],
            ),
        )
        .await
        .unwrap();
    assert_eq!(record.ruleset, "dice");
    assert_eq!(record.status, GameStatus::Active);
    assert_eq!(record.version, 2);
    assert_eq!(record.created_at, record.updated_at);
    assert_eq!(record.data, json!({"seats": 4, "tokens": ["a", "b"]}));
    assert_eq!(opening.len(), 2);
    assert_eq!(opening[0].seq, 1);
    assert_eq!(opening[0].prev_hash, ZERO_HASH);
    assert_eq!(opening[1].seq, 2);
    assert_eq!(opening[1].prev_hash, opening[0].hash);
    assert_eq!(record.head_hash, opening[1].hash);
    for e in &opening {
        assert_eq!(e.hash, envelope_hash(e));
        assert_eq!(e.actor, "system");
        assert_eq!(e.action_id.as_deref(), Some("create-1"));
    }

    let appended = store
        .append(
            record.id,
            2,
            Append {
                actor: "3".into(),
                action_id: Some("act-1".into()),
                events: vec![json!({"type": "rolled", "dice": [1, 6, 6]})],
                status: Some(GameStatus::Finished),
                data: Some(json!({"winner": 3})),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert!(!appended.duplicate);
    let game = store.game(record.id).await.unwrap().unwrap();
    assert_eq!(appended.head, GameHead::of(&game));
    assert_eq!(game.version, 3);
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.data, json!({"winner": 3}));
    assert_eq!(game.created_at, record.created_at);
    assert!(game.updated_at >= record.updated_at);
    assert_eq!(appended.envelopes.len(), 1);
    assert_eq!(appended.envelopes[0].seq, 3);
    assert_eq!(appended.envelopes[0].prev_hash, opening[1].hash);
    assert_eq!(game.head_hash, appended.envelopes[0].hash);

    let all = store.events(record.id, 0, 100).await.unwrap();
    assert_eq!(all.len(), 3);
    assert_eq!(all[..2], opening[..]);
    assert_eq!(all[2], appended.envelopes[0]);
    assert_eq!(
        store.events(record.id, 1, 1).await.unwrap(),
        vec![all[1].clone()]
    );
    assert_eq!(
        store.events(record.id, 2, 100).await.unwrap(),
        vec![all[2].clone()]
    );
    assert!(store.events(record.id, 3, 100).await.unwrap().is_empty());
    assert!(store.events(record.id, 0, 0).await.unwrap().is_empty());
    assert!(
        store
            .events(record.id, u64::MAX, 10)
            .await
            .unwrap()
            .is_empty()
    );

    assert_eq!(
        store.find_action(record.id, "act-1", None).await.unwrap(),
        Some(vec![all[2].clone()])
    );
    assert_eq!(
        store
            .find_action(record.id, "create-1", None)
            .await
            .unwrap(),
        Some(opening)
    );
    assert_eq!(
        store.find_action(record.id, "nope", None).await.unwrap(),
        None
    );

    let v = store.verify(record.id).await.unwrap();
    assert!(v.valid);
    assert_eq!(v.version, 3);
    assert_eq!(v.head_hash, game.head_hash);
    assert_eq!(v.first_bad_seq, None);
}

on_both!(unknown_game);
async fn unknown_game<B: Backend>(b: &B) {
    let store = b.open().await;
    let id = GameId(12345);
    assert_eq!(store.game(id).await.unwrap(), None);
    assert!(store.events(id, 0, 10).await.unwrap().is_empty());
    assert_eq!(store.find_action(id, "a", None).await.unwrap(), None);
    assert_eq!(store.verify(id).await, Err(StoreError::NotFound));
    assert_eq!(
        store.append(id, 0, events("1", Some("a"), one(1))).await,
        Err(StoreError::NotFound)
    );
    // Events of another game are not visible.
    let other = created(&store, "dice").await;
    assert!(
        store
            .events(GameId(other.0.wrapping_add(1)), 0, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

on_both!(stale_version_conflicts_and_writes_nothing);
async fn stale_version_conflicts_and_writes_nothing<B: Backend>(b: &B) {
    let store = b.open().await;
    let id = created(&store, "dice").await;
    store
        .append(id, 1, events("1", None, one(1)))
        .await
        .unwrap();
    let before = store.game(id).await.unwrap().unwrap();

    for stale in [0, 1, 3, 99] {
        let err = store
            .append(id, stale, events("2", Some("late"), one(stale)))
            .await
            .unwrap_err();
        assert_eq!(err, StoreError::Conflict { current: 2 });
    }
    assert_eq!(store.game(id).await.unwrap().unwrap(), before);
    assert_eq!(store.events(id, 0, 100).await.unwrap().len(), 2);
    // A conflicting append does not record its action id.
    assert_eq!(store.find_action(id, "late", None).await.unwrap(), None);
    let ok = store
        .append(id, 2, events("2", Some("late"), one(2)))
        .await
        .unwrap();
    assert!(!ok.duplicate);
    assert_eq!(ok.head.version, 3);
}

on_both!(concurrent_appends_at_one_version_have_one_winner);
async fn concurrent_appends_at_one_version_have_one_winner<B: Backend>(b: &B) {
    let store = b.open().await;
    let id = created(&store, "bang").await;

    let tasks: Vec<_> = (0..100u64)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .append(
                        id,
                        1,
                        events(&i.to_string(), Some(&format!("a{i}")), one(i)),
                    )
                    .await
            })
        })
        .collect();
    let mut winners = Vec::new();
    let mut conflicts = 0;
    for (i, t) in tasks.into_iter().enumerate() {
        match t.await.unwrap() {
            Ok(a) => {
                assert!(!a.duplicate);
                assert_eq!(a.head.version, 2);
                winners.push((i, a));
            }
            Err(StoreError::Conflict { current: 2 }) => conflicts += 1,
            Err(e) => panic!("unexpected {e:?}"),
        }
    }
    assert_eq!(winners.len(), 1);
    assert_eq!(conflicts, 99);
    let (i, won) = &winners[0];
    let log = store.events(id, 0, 1000).await.unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[1], won.envelopes[0]);
    assert_eq!(log[1].actor, i.to_string());
    assert!(store.verify(id).await.unwrap().valid);

    // Concurrent appends to different games all succeed and share flushes.
    let flushes_before = B::flushes(&store);
    let ids: Vec<GameId> = {
        let mut v = Vec::new();
        for _ in 0..50 {
            v.push(created(&store, "bang").await);
        }
        v
    };
    let after_creates = B::flushes(&store);
    if let (Some(before), Some(after)) = (flushes_before, after_creates) {
        assert!(after - before <= 50);
    }
    let tasks: Vec<_> = ids
        .iter()
        .map(|&g| {
            let store = store.clone();
            tokio::spawn(async move {
                for v in 1..=4 {
                    store.append(g, v, events("1", None, one(v))).await?;
                }
                Ok::<_, StoreError>(())
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    for &g in &ids {
        assert_eq!(store.game(g).await.unwrap().unwrap().version, 5);
        assert!(store.verify(g).await.unwrap().valid);
    }
    // 200 appends; every one waited for a flush, but they were grouped.
    if let (Some(before), Some(after)) = (after_creates, B::flushes(&store)) {
        let used = after - before;
        assert!((1..=200).contains(&used), "{used} flushes");
    }
}

on_both!(duplicate_action_id_returns_first_envelopes_and_writes_nothing);
async fn duplicate_action_id_returns_first_envelopes_and_writes_nothing<B: Backend>(b: &B) {
    let store = b.open().await;
    let id = created(&store, "dice").await;

    let first = store
        .append(
            id,
            1,
            events(
                "1",
                Some("act-x"),
                vec![json!({"type": "a"}), json!({"type": "b"})],
            ),
        )
        .await
        .unwrap();
    assert!(!first.duplicate);
    assert_eq!(first.head.version, 3);
    let log_before = store.events(id, 0, 100).await.unwrap();

    // Same version: a duplicate.
    let again = store
        .append(
            id,
            1,
            events("1", Some("act-x"), vec![json!({"type": "other"})]),
        )
        .await
        .unwrap();
    assert!(again.duplicate);
    assert_eq!(again.envelopes, first.envelopes);
    assert_eq!(again.head, first.head);

    // Move the game on, then retry with the (now stale) old version.
    let later = store
        .append(id, 3, events("2", Some("act-y"), one(7)))
        .await
        .unwrap();
    let stale = store
        .append(id, 1, events("1", Some("act-x"), one(9)))
        .await
        .unwrap();
    assert!(stale.duplicate);
    assert_eq!(stale.envelopes, first.envelopes);
    assert_eq!(stale.head, later.head);
    // Also with a version from the future.
    let future = store
        .append(id, 50, events("1", Some("act-x"), one(9)))
        .await
        .unwrap();
    assert!(future.duplicate);
    assert_eq!(future.envelopes, first.envelopes);

    let log = store.events(id, 0, 100).await.unwrap();
    assert_eq!(log.len(), 4);
    assert_eq!(log[..3], log_before[..]);
    assert_eq!(
        GameHead::of(&store.game(id).await.unwrap().unwrap()),
        later.head
    );

    // Action ids are per game.
    let other = created(&store, "dice").await;
    let fresh = store
        .append(other, 1, events("1", Some("act-x"), one(1)))
        .await
        .unwrap();
    assert!(!fresh.duplicate);
    assert_eq!(fresh.envelopes[0].seq, 2);
}

on_both!(empty_append_updates_metadata_only);
async fn empty_append_updates_metadata_only<B: Backend>(b: &B) {
    let store = b.open().await;
    let id = created(&store, "dice").await;
    let before = store.game(id).await.unwrap().unwrap();
    let done = store
        .append(
            id,
            1,
            Append {
                actor: "system".into(),
                action_id: Some("finish".into()),
                events: Vec::new(),
                status: Some(GameStatus::Finished),
                data: Some(json!({"over": true})),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert!(!done.duplicate);
    assert!(done.envelopes.is_empty());
    assert_eq!(done.head.version, 1);
    assert_eq!(done.head.head_hash, before.head_hash);
    assert_eq!(done.head.status, GameStatus::Finished);
    assert_eq!(
        store.game(id).await.unwrap().unwrap().data,
        json!({"over": true})
    );
    assert_eq!(
        store.append(id, 0, events("x", None, Vec::new())).await,
        Err(StoreError::Conflict { current: 1 })
    );
    let dup = store
        .append(id, 1, events("system", Some("finish"), Vec::new()))
        .await
        .unwrap();
    assert!(dup.duplicate);
    assert!(dup.envelopes.is_empty());
    assert_eq!(
        store.find_action(id, "finish", None).await.unwrap(),
        Some(Vec::new())
    );
    assert!(store.verify(id).await.unwrap().valid);
}

on_both!(list_is_newest_first_paged_and_filtered);
async fn list_is_newest_first_paged_and_filtered<B: Backend>(b: &B) {
    let store = b.open().await;
    assert_eq!(
        store.list(&ListQuery::default()).await.unwrap().games,
        vec![]
    );

    // Oldest first; a pause keeps creation times in distinct milliseconds.
    let mut ids = Vec::new();
    for i in 0..7 {
        let ruleset = if i % 2 == 0 { "dice" } else { "bang" };
        ids.push(created(&store, ruleset).await);
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    // Finish games 0 and 3.
    for &i in &[0usize, 3] {
        let mut a = events("system", None, Vec::new());
        a.status = Some(GameStatus::Finished);
        store.append(ids[i], 1, a).await.unwrap();
    }
    let newest_first: Vec<GameId> = ids.iter().rev().copied().collect();

    let all = store.list(&ListQuery::default()).await.unwrap();
    assert_eq!(
        all.games.iter().map(|g| g.id).collect::<Vec<_>>(),
        newest_first
    );
    assert_eq!(all.next_cursor, None);

    // Pages of 3: 3 + 3 + 1.
    let mut seen = Vec::new();
    let mut cursor = None;
    let mut pages = 0;
    loop {
        let page = store
            .list(&ListQuery {
                limit: 3,
                cursor: cursor.clone(),
                ..ListQuery::default()
            })
            .await
            .unwrap();
        pages += 1;
        assert!(page.games.len() <= 3);
        seen.extend(page.games.iter().map(|g| g.id));
        match page.next_cursor {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(seen, newest_first);

    // An exact fit has no next page.
    let page = store
        .list(&ListQuery {
            limit: 7,
            ..ListQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(page.games.len(), 7);
    assert_eq!(page.next_cursor, None);

    // Filters.
    let dice = store
        .list(&ListQuery {
            ruleset: Some("dice".into()),
            ..ListQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(
        dice.games.iter().map(|g| g.id).collect::<Vec<_>>(),
        vec![ids[6], ids[4], ids[2], ids[0]]
    );
    let finished = store
        .list(&ListQuery {
            status: Some(GameStatus::Finished),
            ..ListQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(
        finished.games.iter().map(|g| g.id).collect::<Vec<_>>(),
        vec![ids[3], ids[0]]
    );
    let active_dice = store
        .list(&ListQuery {
            status: Some(GameStatus::Active),
            ruleset: Some("dice".into()),
            limit: 2,
            cursor: None,
        })
        .await
        .unwrap();
    assert_eq!(
        active_dice.games.iter().map(|g| g.id).collect::<Vec<_>>(),
        vec![ids[6], ids[4]]
    );
    let rest = store
        .list(&ListQuery {
            status: Some(GameStatus::Active),
            ruleset: Some("dice".into()),
            limit: 2,
            cursor: active_dice.next_cursor.clone(),
        })
        .await
        .unwrap();
    assert_eq!(
        rest.games.iter().map(|g| g.id).collect::<Vec<_>>(),
        vec![ids[2]]
    );
    assert_eq!(rest.next_cursor, None);
    assert!(
        store
            .list(&ListQuery {
                ruleset: Some("poker".into()),
                ..ListQuery::default()
            })
            .await
            .unwrap()
            .games
            .is_empty()
    );

    // A cursor the store did not hand out gives an empty page.
    let junk = store
        .list(&ListQuery {
            cursor: Some("not a cursor".into()),
            ..ListQuery::default()
        })
        .await
        .unwrap();
    assert!(junk.games.is_empty());
    assert_eq!(junk.next_cursor, None);
}

on_both!(list_limit_defaults_to_50_and_caps_at_200);
async fn list_limit_defaults_to_50_and_caps_at_200<B: Backend>(b: &B) {
    let store = b.open().await;
    // Create many games concurrently (their ids are random; order within one
    // millisecond follows the id).
    let tasks: Vec<_> = (0..230)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { created(&store, "dice").await })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let page = store.list(&ListQuery::default()).await.unwrap();
    assert_eq!(page.games.len(), 50);
    assert!(page.next_cursor.is_some());
    let page = store
        .list(&ListQuery {
            limit: 1000,
            ..ListQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(page.games.len(), 200);
    let rest = store
        .list(&ListQuery {
            limit: 1000,
            cursor: page.next_cursor,
            ..ListQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(rest.games.len(), 30);
    assert_eq!(rest.next_cursor, None);
    // Newest first, no game twice.
    let mut all: Vec<_> = page.games.iter().chain(&rest.games).collect();
    assert!(all.windows(2).all(|w| w[0].created_at >= w[1].created_at));
    all.sort_by_key(|g| g.id);
    all.dedup_by_key(|g| g.id);
    assert_eq!(all.len(), 230);
}

on_both!(verify_detects_a_tampered_envelope);
async fn verify_detects_a_tampered_envelope<B: Backend>(b: &B) {
    let (id, other) = {
        let store = b.open().await;
        let id = created(&store, "dice").await;
        for v in 1..5 {
            store
                .append(
                    id,
                    2 * v - 1,
                    events(
                        "1",
                        None,
                        vec![json!({"n": v}), json!({"f": 1.1 * v as f64})],
                    ),
                )
                .await
                .unwrap();
        }
        let other = created(&store, "dice").await;
        let v = store.verify(id).await.unwrap();
        assert!(v.valid);
        assert_eq!(v.version, 9);
        assert_eq!(v.first_bad_seq, None);
        (id, other)
    };

    b.tamper(id, 5, |v| v["event"]["n"] = json!(1000)).await;

    let store = b.open().await;
    let v = store.verify(id).await.unwrap();
    assert!(!v.valid);
    assert_eq!(v.first_bad_seq, Some(5));
    assert_eq!(v.version, 9);
    // Other games are unaffected.
    assert!(store.verify(other).await.unwrap().valid);
    drop(store);

    // An added field is caught too, and so is a tampered (re-hashed) link.
    let b2 = b.another().await;
    let id2 = {
        let store = b2.open().await;
        let id = created(&store, "dice").await;
        for v in 1..4 {
            store
                .append(id, v, events("1", None, one(v)))
                .await
                .unwrap();
        }
        id
    };
    b2.tamper(id2, 3, |v| v["extra"] = json!(true)).await;
    {
        let store = b2.open().await;
        assert_eq!(store.verify(id2).await.unwrap().first_bad_seq, Some(3));
    }
    b2.tamper(id2, 3, |v| {
        if let Value::Object(m) = v {
            m.remove("extra");
        }
    })
    .await;
    {
        let store = b2.open().await;
        assert!(store.verify(id2).await.unwrap().valid);
    }
    // Re-hash envelope 2 after changing it: its own hash is right, but the
    // next envelope's prev_hash no longer links to it.
    b2.tamper(id2, 2, |v| {
        v["event"]["n"] = json!(77);
        let mut env: store::Envelope = serde_json::from_value(v.clone()).unwrap();
        env.hash = envelope_hash(&env);
        *v = serde_json::to_value(env).unwrap();
    })
    .await;
    let store = b2.open().await;
    assert_eq!(store.verify(id2).await.unwrap().first_bad_seq, Some(3));
}

/// Events past a game's head (what a crash between the two steps of a batch
/// leaves) are not part of its log: no read returns them, verify ignores them,
/// and the next append overwrites them.
#[tokio::test]
async fn events_past_the_head_are_not_committed() {
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let store = SledStore::open(dir.path()).unwrap();
        let id = created(&store, "dice").await;
        store
            .append(id, 1, events("1", None, one(2)))
            .await
            .unwrap();
        id
    };
    {
        // A leftover tail: seq 3 and 4, written without their head.
        let db = store::testing::open_dropped_sled(dir.path());
        let tree = db.open_tree("events").unwrap();
        for seq in [3u64, 4] {
            let mut key = id.0.to_be_bytes().to_vec();
            key.extend_from_slice(&seq.to_be_bytes());
            tree.insert(key, br#"{"stray":true}"#.to_vec()).unwrap();
        }
        db.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.game(id).await.unwrap().unwrap().version, 2);
    assert_eq!(store.events(id, 0, 100).await.unwrap().len(), 2);
    assert_eq!(store.events(id, 2, 100).await.unwrap(), vec![]);
    assert!(store.verify(id).await.unwrap().valid);
    // The next append takes seq 3 (over the stray one); seq 4 stays past the head.
    let a = store
        .append(id, 2, events("2", None, one(3)))
        .await
        .unwrap();
    assert_eq!(a.envelopes[0].seq, 3);
    let log = store.events(id, 0, 100).await.unwrap();
    assert_eq!(log.len(), 3);
    assert_eq!(log[2], a.envelopes[0]);
    let v = store.verify(id).await.unwrap();
    assert!(v.valid, "{v:?}");
    assert_eq!(v.version, 3);
    let a = store
        .append(id, 3, events("2", None, one(4)))
        .await
        .unwrap();
    assert_eq!(store.events(id, 3, 100).await.unwrap(), a.envelopes);
    assert!(store.verify(id).await.unwrap().valid);
}

on_both!(reopen_keeps_everything);
async fn reopen_keeps_everything<B: Backend>(b: &B) {
    let (record, log, appended) = {
        let store = b.open().await;
        let id = created(&store, "bang").await;
        let mut appended = None;
        for v in 1..=5 {
            let a = store
                .append(id, v, events("2", Some(&format!("a{v}")), one(v)))
                .await
                .unwrap();
            appended = Some(a);
        }
        let clone = store.clone();
        drop(store);
        // The clone still works after the original is dropped.
        let a = clone
            .append(id, 6, events("2", Some("last"), one(6)))
            .await
            .unwrap();
        assert_eq!(a.head.version, 7);
        let _ = appended;
        let record = clone.game(id).await.unwrap().unwrap();
        (record, clone.events(id, 0, 100).await.unwrap(), a)
    };

    let store = b.open().await;
    let id = record.id;
    assert_eq!(store.game(id).await.unwrap().unwrap(), record);
    assert_eq!(record.version, 7);
    assert_eq!(store.events(id, 0, 100).await.unwrap(), log);
    // Dedupe survives: a retry of an old action is a duplicate, even stale.
    let dup = store
        .append(id, 3, events("2", Some("a2"), one(2)))
        .await
        .unwrap();
    assert!(dup.duplicate);
    assert_eq!(dup.envelopes, vec![log[2].clone()]);
    let dup = store
        .append(id, 7, events("2", Some("last"), one(6)))
        .await
        .unwrap();
    assert!(dup.duplicate);
    assert_eq!(dup.envelopes, appended.envelopes);
    // Listing survives.
    let page = store.list(&ListQuery::default()).await.unwrap();
    assert_eq!(page.games, vec![record.clone()]);
    let v = store.verify(id).await.unwrap();
    assert!(v.valid);
    assert_eq!(v.version, 7);
    // Appending continues the chain.
    let next = store
        .append(id, 7, events("1", None, one(8)))
        .await
        .unwrap();
    assert_eq!(next.envelopes[0].seq, 8);
    assert_eq!(next.envelopes[0].prev_hash, record.head_hash);
}

#[test]
fn open_twice_fails_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let _store = SledStore::open(dir.path()).unwrap();
    assert!(matches!(
        SledStore::open(dir.path()),
        Err(StoreError::Io(_))
    ));
}

/// sled only: the writer thread applies the requests of a batch in the order
/// they were submitted (the first of `tokio::join!` first). On PostgreSQL the
/// three race, and any of them may win (see `postgres.rs` for races there).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_appends_to_many_games_are_batched_and_all_land_on_sled() {
    concurrent_appends_to_many_games_are_batched_and_all_land(&common::Sled::new()).await
}

/// Many writers on many games at once: the writer thread batches their
/// requests into shared transactions. Every append lands once, at the right
/// version, duplicates and stale versions in the same batch are answered as
/// such, and everything survives a reopen with intact chains.
async fn concurrent_appends_to_many_games_are_batched_and_all_land<B: Backend>(b: &B) {
    const GAMES: usize = 48;
    const ROUNDS: u64 = 15;
    let store = b.open().await;

    // Concurrent creates: distinct ids, each with its opening event.
    let creates: Vec<_> = (0..GAMES)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .create(
                        new_game("bang"),
                        events(
                            "system",
                            Some("open"),
                            vec![json!({"type": "started", "i": i})],
                        ),
                    )
                    .await
            })
        })
        .collect();
    let mut ids = Vec::new();
    for c in creates {
        let (record, opening) = c.await.unwrap().unwrap();
        assert_eq!(record.version, 1);
        assert_eq!(opening.len(), 1);
        assert_eq!(opening[0].prev_hash, ZERO_HASH);
        ids.push(record.id);
    }
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), GAMES);
    let flushes_before = B::flushes(&store);

    // Per game, one task; per round, three requests submitted together: the
    // append, a retry of it (same action id) and a rival at the same version.
    let tasks: Vec<_> = ids
        .iter()
        .enumerate()
        .map(|(g, &id)| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut version = 1u64;
                let mut written = Vec::new();
                for round in 1..=ROUNDS {
                    let n = 1 + (round + g as u64) % 3; // 1 to 3 events
                    let batch: Vec<Value> = (0..n)
                        .map(|k| json!({"type": "rolled", "g": g, "round": round, "k": k}))
                        .collect();
                    let action = format!("g{g}-r{round}");
                    let (first, retry, rival) = tokio::join!(
                        store.append(id, version, events("1", Some(&action), batch.clone())),
                        store.append(id, version, events("1", Some(&action), one(0))),
                        store.append(id, version, events("2", Some("rival"), one(1))),
                    );
                    let first = first.expect("append");
                    assert!(!first.duplicate);
                    assert_eq!(first.head.version, version + n);
                    assert_eq!(first.envelopes.len() as u64, n);
                    for (k, e) in first.envelopes.iter().enumerate() {
                        assert_eq!(e.seq, version + 1 + k as u64);
                        assert_eq!(e.event, batch[k]);
                        assert_eq!(e.hash, envelope_hash(e));
                    }
                    let retry = retry.expect("retry");
                    assert!(retry.duplicate);
                    assert_eq!(retry.envelopes, first.envelopes);
                    assert_eq!(
                        rival.expect_err("rival"),
                        StoreError::Conflict {
                            current: version + n
                        }
                    );
                    version += n;
                    written.push((action, first.envelopes));
                }
                (id, version, written)
            })
        })
        .collect();
    let mut expected = Vec::new();
    for t in tasks {
        expected.push(t.await.unwrap());
    }
    let requests = (GAMES as u64) * ROUNDS * 3;
    if let (Some(before), Some(after)) = (flushes_before, B::flushes(&store)) {
        let flushes = after - before;
        assert!(
            (1..requests).contains(&flushes),
            "{flushes} flushes for {requests} requests"
        );
    }
    drop(store);

    let store = b.open().await;
    for (id, version, written) in &expected {
        let game = store.game(*id).await.unwrap().unwrap();
        assert_eq!(game.version, *version);
        let log = store.events(*id, 0, 1000).await.unwrap();
        assert_eq!(log.len() as u64, *version);
        assert!(log.iter().zip(1..).all(|(e, seq)| e.seq == seq));
        assert_eq!(game.head_hash, log[log.len() - 1].hash);
        let v = store.verify(*id).await.unwrap();
        assert!(v.valid, "{v:?}");
        assert_eq!(v.version, *version);
        assert_eq!(v.head_hash, game.head_hash);
        for (action, envelopes) in written {
            assert_eq!(
                store.find_action(*id, action, None).await.unwrap().as_ref(),
                Some(envelopes)
            );
            assert_eq!(
                log[envelopes[0].seq as usize - 1..][..envelopes.len()],
                envelopes[..]
            );
        }
        assert_eq!(store.find_action(*id, "rival", None).await.unwrap(), None);
    }
    let all = store
        .list(&ListQuery {
            limit: 200,
            ..ListQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(all.games.len(), GAMES);
}

/// An append of chain v2: `hidden` is the whole event, `public` what anyone sees.
fn committed(action_id: Option<&str>, hidden: Value, public: Value, key: [u8; 32]) -> Append {
    Append {
        actor: "system".into(),
        action_id: action_id.map(str::to_owned),
        events: vec![hidden, json!({"type": "plain"})],
        public: vec![Some(public), None],
        chain_key: Some(key),
        ..Default::default()
    }
}

on_both!(chain_v2_hashes_public_parts_and_commits_to_hidden_ones);
async fn chain_v2_hashes_public_parts_and_commits_to_hidden_ones<B: Backend>(b: &B) {
    let key = [42u8; 32];
    let id = {
        let store = b.open().await;
        let (record, envelopes) = store
            .create(
                new_game("dice"),
                committed(
                    None,
                    json!({"type": "role_dealt", "role": "renegade"}),
                    json!({"type": "role_dealt", "role": null}),
                    key,
                ),
            )
            .await
            .unwrap();
        assert_eq!(
            envelopes[0].shown(),
            &json!({"type": "role_dealt", "role": null})
        );
        assert_eq!(
            envelopes[1].public, None,
            "an event shown whole has no public copy"
        );
        for e in &envelopes {
            assert_eq!(envelope_hash(e), e.hash);
            let expect = store::commitment(&key, e.seq, &e.event);
            assert_eq!(e.commitment.as_deref(), Some(expect.as_str()));
        }
        let appended = store
            .append(
                record.id,
                2,
                committed(
                    Some("seat:1/a"),
                    json!({"type": "orders_set", "orders": "pass"}),
                    json!({"type": "orders_set", "orders": null}),
                    key,
                ),
            )
            .await
            .unwrap();
        assert_eq!(appended.envelopes[0].seq, 3);
        assert_eq!(store.events(record.id, 0, 10).await.unwrap().len(), 4);
        assert_eq!(
            store.events(record.id, 0, 10).await.unwrap()[2],
            appended.envelopes[0]
        );
        let v = store.verify(record.id).await.unwrap();
        assert!(v.valid && v.scheme == 2 && !v.hidden_checked, "{v:?}");
        let v = store.verify_with(record.id, Some(&key)).await.unwrap();
        assert!(v.valid && v.hidden_checked, "{v:?}");
        let wrong = store.verify_with(record.id, Some(&[1; 32])).await.unwrap();
        assert_eq!(wrong.first_bad_seq, Some(1));
        record.id
    };

    // A changed hidden part keeps the public chain whole (nobody can tell
    // during play) but breaks its commitment (everybody can, once the key is out).
    b.tamper(id, 1, |v| v["event"]["role"] = json!("sheriff"))
        .await;
    let store = b.open().await;
    assert!(store.verify(id).await.unwrap().valid);
    let v = store.verify_with(id, Some(&key)).await.unwrap();
    assert_eq!(v.first_bad_seq, Some(1));
    drop(store);

    // A changed public part, an added field, or a dropped commitment breaks the chain.
    b.tamper(id, 3, |v| v["public"]["orders"] = json!("ask"))
        .await;
    let store = b.open().await;
    assert_eq!(store.verify(id).await.unwrap().first_bad_seq, Some(3));
    drop(store);
    b.tamper(id, 3, |v| v["public"]["orders"] = Value::Null)
        .await;
    b.tamper(id, 2, |v| v["extra"] = json!(1)).await;
    let store = b.open().await;
    assert_eq!(store.verify(id).await.unwrap().first_bad_seq, Some(2));
    drop(store);
    b.tamper(id, 2, |v| {
        v.as_object_mut().unwrap().remove("extra");
        v.as_object_mut().unwrap().remove("commitment");
    })
    .await;
    let store = b.open().await;
    assert_eq!(store.verify(id).await.unwrap().first_bad_seq, Some(2));
}

on_both!(an_action_id_keeps_the_digest_it_was_written_with);
async fn an_action_id_keeps_the_digest_it_was_written_with<B: Backend>(b: &B) {
    let store = b.open().await;
    let id = created(&store, "dice").await;
    let mut append = events("1", Some("seat:1/me-1"), one(1));
    append.action_digest = Some([5; 32]);
    store.append(id, 1, append).await.unwrap();
    let found = |digest| store.find_action(id, "seat:1/me-1", digest);
    assert_eq!(found(Some(&[5; 32])).await.unwrap().unwrap().len(), 1);
    assert_eq!(found(None).await.unwrap().unwrap().len(), 1);
    assert_eq!(found(Some(&[6; 32])).await, Err(StoreError::ActionIdReused));
    // The same id again with another digest is refused and writes nothing;
    // with the same digest it is a duplicate.
    let mut other = events("1", Some("seat:1/me-1"), one(9));
    other.action_digest = Some([6; 32]);
    assert_eq!(
        store.append(id, 2, other).await.map(|a| a.duplicate),
        Err(StoreError::ActionIdReused)
    );
    let mut same = events("1", Some("seat:1/me-1"), one(9));
    same.action_digest = Some([5; 32]);
    assert!(store.append(id, 2, same).await.unwrap().duplicate);
    assert_eq!(store.events(id, 0, 100).await.unwrap().len(), 2);
    // An append written without a digest answers for any.
    store
        .append(id, 2, events("2", Some("seat:2/me-1"), one(2)))
        .await
        .unwrap();
    assert_eq!(
        store
            .find_action(id, "seat:2/me-1", Some(&[7; 32]))
            .await
            .unwrap()
            .unwrap()
            .len(),
        1
    );
}

#[tokio::test]
async fn lists_and_documents_of_an_older_store_move_into_runs() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        for i in 0..6u64 {
            let id = created(&store, if i % 2 == 0 { "dice" } else { "bang" }).await;
            if i % 3 == 0 {
                let mut finish = events("system", None, one(i));
                finish.status = Some(GameStatus::Finished);
                store.append(id, 1, finish).await.unwrap();
            }
        }
    }
    // A store from before runs: no `lists` entries, no flag, and its
    // documents one per key in `docs` (revision ++ JSON under collection ++
    // 0 ++ key), beside a list tree of the old layout.
    {
        let db = store::testing::open_dropped_sled(dir.path());
        db.drop_tree("lists").unwrap();
        db.drop_tree("doc_runs").unwrap();
        db.open_tree("meta").unwrap().remove("index/lists").unwrap();
        db.open_tree("by_created")
            .unwrap()
            .insert([0u8; 16], &[])
            .unwrap();
        let docs = db.open_tree("docs").unwrap();
        for (key, value) in [
            ("players\0ann", "{\"name\":\"Ann\"}"),
            ("players\0bob", "{}"),
        ] {
            let mut stored = 3u64.to_be_bytes().to_vec();
            stored.extend_from_slice(value.as_bytes());
            docs.insert(key.as_bytes(), stored).unwrap();
        }
        db.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(
        store.doc("players", "ann").await.unwrap(),
        Some((3, json!({"name": "Ann"})))
    );
    assert_eq!(store.docs("players", "", None, 10).await.unwrap().len(), 2);
    let count = async |status: Option<GameStatus>, ruleset: Option<&str>| {
        let query = ListQuery {
            status,
            ruleset: ruleset.map(str::to_owned),
            limit: 200,
            cursor: None,
        };
        let page = store.list(&query).await.unwrap();
        for g in &page.games {
            assert!(status.is_none_or(|s| s == g.status));
            assert!(ruleset.is_none_or(|r| r == g.ruleset));
        }
        page.games.len()
    };
    assert_eq!(count(None, None).await, 6);
    assert_eq!(count(Some(GameStatus::Finished), None).await, 2);
    assert_eq!(count(Some(GameStatus::Active), None).await, 4);
    assert_eq!(count(None, Some("dice")).await, 3);
    assert_eq!(count(Some(GameStatus::Finished), Some("dice")).await, 1);
    assert_eq!(count(Some(GameStatus::Active), Some("bang")).await, 2);
    assert_eq!(count(None, Some("chess")).await, 0);
    // Paging through a filtered list visits each game once.
    let mut seen = 0;
    let mut cursor = None;
    loop {
        let page = store
            .list(&ListQuery {
                status: Some(GameStatus::Active),
                ruleset: None,
                limit: 1,
                cursor,
            })
            .await
            .unwrap();
        seen += page.games.len();
        match page.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    assert_eq!(seen, 4);
    // The trees of the old layout are gone, and a few runs hold it all.
    drop(store);
    let db = store::testing::open_dropped_sled(dir.path());
    let names = db.tree_names();
    for old in ["docs", "by_created", "by_filter"] {
        assert!(!names.iter().any(|n| n.as_ref() == old.as_bytes()), "{old}");
    }
    assert_eq!(
        db.open_tree("lists").unwrap().len(),
        1,
        "24 entries, one run"
    );
}

on_both!(documents_written_with_an_append_land_with_it_or_not_at_all);
async fn documents_written_with_an_append_land_with_it_or_not_at_all<B: Backend>(b: &B) {
    let store = b.open().await;
    let doc = |key: &str, value: Option<Value>| store::DocWrite {
        collection: "seats".into(),
        key: key.into(),
        value,
    };
    // With a creation.
    let (record, _) = store
        .create(
            new_game("bang"),
            Append {
                docs: vec![doc("ann/{game}", Some(json!({"seat": 0})))],
                ..events("system", None, one(1))
            },
        )
        .await
        .unwrap();
    let id = record.id;
    // `{game}` in a key is the game's id, drawn by the store.
    assert_eq!(
        store.doc("seats", &format!("ann/{id}")).await.unwrap(),
        Some((1, json!({"seat": 0})))
    );
    assert_eq!(store.doc("seats", "ann/g").await.unwrap(), None);
    store
        .put_doc("seats", "ann/g", Some(json!({"seat": 0})), 0)
        .await
        .unwrap();
    // A refused append writes none of its documents.
    let refused = Append {
        docs: vec![doc("bob/g", Some(json!({"seat": 1})))],
        ..events("0", None, one(2))
    };
    assert!(store.append(id, 7, refused.clone()).await.is_err());
    assert_eq!(store.doc("seats", "bob/g").await.unwrap(), None);
    // A written one writes them all, each at its next revision; None deletes.
    let appended = Append {
        docs: vec![
            doc("bob/g", Some(json!({"seat": 1}))),
            doc("ann/g", Some(json!({"seat": 2}))),
        ],
        ..refused
    };
    store.append(id, 1, appended).await.unwrap();
    assert_eq!(
        store.doc("seats", "bob/g").await.unwrap(),
        Some((1, json!({"seat": 1})))
    );
    assert_eq!(
        store.doc("seats", "ann/g").await.unwrap(),
        Some((2, json!({"seat": 2})))
    );
    let gone = Append {
        docs: vec![doc("ann/g", None)],
        ..events("0", None, vec![])
    };
    store.append(id, 2, gone).await.unwrap();
    assert_eq!(store.doc("seats", "ann/g").await.unwrap(), None);
    // One key twice in one append is refused, and writes nothing.
    let twice = Append {
        docs: vec![doc("cy/g", Some(json!(1))), doc("cy/g", None)],
        ..events("0", None, one(3))
    };
    assert!(matches!(
        store.append(id, 2, twice).await,
        Err(StoreError::Invalid(_))
    ));
    assert_eq!(store.doc("seats", "cy/g").await.unwrap(), None);
}

/// A chain v2 game of `bang`, its opening hiding a role.
async fn created_v2<S: EventStore>(store: &S, key: &[u8; 32]) -> GameId {
    let mut opening = events(
        "system",
        None,
        vec![json!({"role": "sheriff"}), json!({"n": 1})],
    );
    opening.public = vec![Some(json!({"role": "?"}))];
    opening.chain_key = Some(*key);
    let (record, _) = store.create(new_game("bang"), opening).await.unwrap();
    record.id
}

/// How many entries of `tree` game `id` has on a closed sled store.
fn entries(db: &sled::Db, tree: &str, id: GameId) -> usize {
    db.open_tree(tree)
        .unwrap()
        .scan_prefix(id.0.to_be_bytes())
        .count()
}

#[tokio::test]
async fn a_finished_games_log_is_packed_on_sled_and_reads_the_same() {
    use store::transfer::Transfer;
    let dir = tempfile::tempdir().unwrap();
    let key = [5u8; 32];
    let (id, older, all, export) = {
        let store = SledStore::open(dir.path()).unwrap();
        let id = created_v2(&store, &key).await;
        let mut version = 2;
        for i in 0..40u64 {
            let mut append = events("1", Some(&format!("a{i}")), vec![json!({"n": i}); 2]);
            append.action_digest = Some([i as u8; 32]);
            append.chain_key = Some(key);
            version = store
                .append(id, version, append)
                .await
                .unwrap()
                .head
                .version;
        }
        let before = store.export_game(id).await.unwrap().unwrap();
        let mut finish = events("system", Some("end"), vec![json!({"over": true})]);
        finish.status = Some(GameStatus::Finished);
        finish.chain_key = Some(key);
        store.append(id, version, finish).await.unwrap();
        let all = store.events(id, 0, 1000).await.unwrap();
        let export = store.export_game(id).await.unwrap().unwrap();
        assert_ne!(export, before);
        // Packed in the background; packing again does nothing.
        for _ in 0..200 {
            if store.is_packed(id).unwrap() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert!(store.is_packed(id).unwrap(), "packed");
        assert!(!store.pack(id, Some(&key)).unwrap(), "packed once");
        assert_eq!(store.pack_finished(|_| None).unwrap(), 0);

        // Every read answers as before.
        assert_eq!(store.events(id, 0, 1000).await.unwrap(), all);
        for (after, limit) in [(0, 1), (5, 10), (80, 3), (82, 5), (83, 5), (90, 5)] {
            let expected: Vec<_> = all.iter().skip(after).take(limit).cloned().collect();
            assert_eq!(
                store.events(id, after as u64, limit).await.unwrap(),
                expected,
                "after {after}, limit {limit}"
            );
        }
        assert_eq!(store.export_game(id).await.unwrap().unwrap(), export);
        let verified = store.verify_with(id, Some(&key)).await.unwrap();
        assert!(verified.valid && verified.hidden_checked, "{verified:?}");
        let run = store.find_action(id, "a7", Some(&[7; 32])).await.unwrap();
        assert_eq!(run.unwrap(), all[16..18]);
        assert_eq!(
            store.find_action(id, "a7", Some(&[8; 32])).await,
            Err(StoreError::ActionIdReused)
        );
        // A retried action is found in the record (the API asks
        // `find_action` before it appends); appended again at its old
        // version, it conflicts and writes nothing.
        let found = store.find_action(id, "end", None).await.unwrap();
        assert_eq!(found.unwrap(), all[82..83]);
        let mut retry = events("system", Some("end"), vec![json!({"over": true})]);
        retry.chain_key = Some(key);
        let retried = store.append(id, 82, retry).await;
        assert!(
            matches!(retried, Err(StoreError::Conflict { .. })),
            "{retried:?}"
        );

        // An append after the packed log goes on from it.
        let mut more = events("system", None, vec![json!({"late": 1})]);
        more.chain_key = Some(key);
        let head = store.append(id, 83, more).await.unwrap().head;
        assert_eq!(head.version, 84);
        assert_eq!(store.events(id, 82, 10).await.unwrap().len(), 2);
        assert!(store.verify(id).await.unwrap().valid);
        let mut all = all;
        all.extend(store.events(id, 83, 10).await.unwrap());
        // A game finished before packing existed is packed by
        // `bang-store pack`, with its chain key.
        let older = created_v2(&store, &key).await;
        let mut finish = events("system", None, vec![]);
        finish.status = Some(GameStatus::Finished);
        store.append(older, 2, finish).await.unwrap();
        for _ in 0..200 {
            if store.is_packed(older).unwrap() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        (id, older, all, export)
    };

    // On disk: one record, no event or dedupe entry left but the late one.
    let db = store::testing::open_dropped_sled(dir.path());
    assert_eq!(entries(&db, "packed", id), 1);
    assert_eq!(entries(&db, "events", id), 1, "only the late event");
    assert_eq!(entries(&db, "dedupe", id), 0);
    // A crash that cut a packing short leaves some of the entries it holds:
    // reads answer the same, and `bang-store pack` removes them.
    let events_tree = db.open_tree("events").unwrap();
    for envelope in &all[..10] {
        let mut key = id.0.to_be_bytes().to_vec();
        key.extend_from_slice(&envelope.seq.to_be_bytes());
        events_tree
            .insert(key, serde_json::to_vec(envelope).unwrap())
            .unwrap();
    }
    db.flush().unwrap();
    drop((events_tree, db));
    {
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.events(id, 0, 1000).await.unwrap(), all);
        assert_eq!(store.events(id, 5, 3).await.unwrap(), all[5..8]);
        let mut exported = store.export_game(id).await.unwrap().unwrap();
        assert_eq!(exported.envelopes.len(), all.len());
        exported.envelopes.truncate(83);
        assert_eq!(exported.envelopes, export.envelopes);
        assert!(store.verify_with(id, Some(&key)).await.unwrap().valid);
        assert_eq!(store.pack_finished(|_| None).unwrap(), 0);
    }
    let db = store::testing::open_dropped_sled(dir.path());
    assert_eq!(entries(&db, "events", id), 1, "the leftovers removed");
    // The record left out the commitments the key gives.
    let record = store::testing::sled_packed_log(&db, dir.path(), id);
    let with_commitments = store::testing::pack_for_test(&all[..83], &export.dedupe).unwrap();
    assert!(record.len() * 2 < with_commitments.len() + 200);
    // An altered record: the chain breaks at the head (the log proves
    // itself as a whole), or at the altered event with the key.
    let mut altered = all[..83].to_vec();
    altered[9].event = json!({"n": 1000});
    let repacked = store::testing::pack_for_test(&altered, &export.dedupe).unwrap();
    let head = (83, all[82].hash.as_str());
    store::testing::sled_replace_packed_log(&db, dir.path(), id, head, &repacked);
    drop(db);
    let store = SledStore::open(dir.path()).unwrap();
    let broken = store.verify_with(id, Some(&key)).await.unwrap();
    assert_eq!(broken.first_bad_seq, Some(10), "{broken:?}");
    assert!(!store.verify(id).await.unwrap().valid);
    assert!(matches!(
        store.events(id, 0, 10).await,
        Err(StoreError::Corrupt(_))
    ));
    // The older game reads the same packed.
    assert!(store.is_packed(older).unwrap());
    assert_eq!(store.events(older, 0, 10).await.unwrap().len(), 2);
    assert!(store.verify_with(older, Some(&key)).await.unwrap().valid);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_during_packings_and_folds_see_whole_games() {
    use store::transfer::Transfer;
    const EVENTS: usize = 1_000;
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let mut games = Vec::new();
    for _ in 0..24 {
        let id = created(&store, "dice").await;
        let append = events("1", Some("many"), vec![json!({"n": 1}); EVENTS - 2]);
        store.append(id, 1, append).await.unwrap();
        games.push(id);
    }
    // Whatever a read meets of a packing or a fold under way, it sees the
    // whole game and every event: each game is read again and again from
    // its finishing append (which starts its packing, then its fold) until
    // it is folded.
    let mut reads = 0;
    for &id in &games {
        let mut finish = events("system", None, vec![json!({"over": true})]);
        finish.status = Some(GameStatus::Finished);
        store.append(id, EVENTS as u64 - 1, finish).await.unwrap();
        loop {
            let folded = store.is_folded(id).unwrap();
            let game = store.game(id).await.unwrap().unwrap();
            assert_eq!(
                (game.version, game.status),
                (EVENTS as u64, GameStatus::Finished)
            );
            assert_eq!(game.data, new_game("dice").data);
            let head = store.head(id).await.unwrap().unwrap();
            assert_eq!(head.version, EVENTS as u64);
            let log = store.events(id, 0, 2 * EVENTS).await.unwrap();
            assert_eq!(log.len(), EVENTS);
            assert_eq!(store.events(id, 0, 10).await.unwrap(), log[..10]);
            assert_eq!(store.events(id, 900, 50).await.unwrap(), log[900..950]);
            let run = store.find_action(id, "many", None).await.unwrap();
            assert_eq!(run.unwrap(), log[1..EVENTS - 1]);
            let export = store.export_game(id).await.unwrap().unwrap();
            assert_eq!((export.envelopes.len(), export.dedupe.len()), (EVENTS, 1));
            assert!(store.verify(id).await.unwrap().valid);
            reads += 1;
            if folded {
                break;
            }
        }
    }
    println!("{reads} reads met packings and folds");
}

/// Waits until game `id` of `store` is folded (its fold is queued after
/// its packing), or panics.
async fn folded(store: &SledStore, id: GameId) {
    for _ in 0..400 {
        if store.is_folded(id).unwrap() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("game {id} was not folded");
}

#[tokio::test]
async fn a_finished_packed_game_takes_one_sled_key_and_a_write_unfolds_it() {
    use store::transfer::Transfer;
    let dir = tempfile::tempdir().unwrap();
    let (id, record, log) = {
        let store = SledStore::open(dir.path()).unwrap();
        let (id, version) = played(&store, "bang", 5).await;
        let mut finish = events("system", Some("end"), one(99));
        finish.status = Some(GameStatus::Finished);
        finish.data = Some(json!({"winner": "outlaws", "seats": 4}));
        store.append(id, version, finish).await.unwrap();
        let record = store.game(id).await.unwrap().unwrap();
        let log = store.events(id, 0, 100).await.unwrap();
        folded(&store, id).await;
        assert!(store.is_packed(id).unwrap());
        (id, record, log)
    };

    // On disk: the game's one key is its `packed` value.
    let db = store::testing::open_dropped_sled(dir.path());
    for (tree, count) in [("heads", 0), ("games", 0), ("events", 0), ("packed", 1)] {
        assert_eq!(entries(&db, tree, id), count, "{tree}");
    }
    drop(db);

    // Every read answers as before the fold.
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.game(id).await.unwrap().unwrap(), record);
    let head = store.head(id).await.unwrap().unwrap();
    assert_eq!((head.version, head.status), (record.version, record.status));
    assert_eq!(store.events(id, 0, 100).await.unwrap(), log);
    assert_eq!(store.events(id, 6, 1).await.unwrap(), log[6..7]);
    assert_eq!(
        store.find_action(id, "a3", None).await.unwrap().unwrap(),
        log[4..5]
    );
    assert!(store.verify(id).await.unwrap().valid);
    assert_eq!(store.game_ids().await.unwrap(), vec![id]);
    let exported = store.export_game(id).await.unwrap().unwrap();
    assert_eq!(
        (exported.record, exported.envelopes.len()),
        (record.clone(), 7)
    );
    let query = |status| ListQuery {
        status,
        ruleset: Some("bang".into()),
        ..Default::default()
    };
    let page = store
        .list(&query(Some(GameStatus::Finished)))
        .await
        .unwrap();
    assert_eq!(page.games, vec![record.clone()]);
    assert!(store.pack_finished(|_| None).unwrap() == 0);
    // A retried action is found in the record; appended again at its old
    // version, it conflicts and leaves the game folded.
    let found = store.find_action(id, "end", None).await.unwrap();
    assert_eq!(found.unwrap(), log[6..7]);
    let retry = store
        .append(id, 6, events("system", Some("end"), one(99)))
        .await;
    assert_eq!(retry.unwrap_err(), StoreError::Conflict { current: 7 });
    assert!(store.is_folded(id).unwrap());

    // A write that carries no `data` unfolds the game and keeps its data.
    let late = store
        .append(id, 7, events("system", None, one(100)))
        .await
        .unwrap();
    assert_eq!(late.head.version, 8);
    assert!(!store.is_folded(id).unwrap());
    let unfolded = store.game(id).await.unwrap().unwrap();
    assert_eq!(unfolded.data, record.data);
    assert_eq!(
        (unfolded.version, unfolded.generation),
        (8, record.generation)
    );
    assert_eq!(store.events(id, 0, 100).await.unwrap().len(), 8);
    assert!(store.verify(id).await.unwrap().valid);
    // `bang-store pack` folds it again (before the store closes).
    assert_eq!(store.pack_finished(|_| None).unwrap(), 0);
    drop(store);
    let db = store::testing::open_dropped_sled(dir.path());
    for (tree, count) in [("heads", 0), ("games", 0), ("events", 1), ("packed", 1)] {
        assert_eq!(entries(&db, tree, id), count, "{tree}");
    }
    drop(db);
    let store = SledStore::open(dir.path()).unwrap();
    assert!(store.is_folded(id).unwrap());
    assert_eq!(store.game(id).await.unwrap().unwrap(), unfolded);
    assert_eq!(store.events(id, 0, 100).await.unwrap().len(), 8);

    // A copy written in bulk has its finished game folded at once.
    let copy_dir = tempfile::tempdir().unwrap();
    let copy = SledStore::open(copy_dir.path()).unwrap();
    let mut export = store.export_game(id).await.unwrap().unwrap();
    export.chain_key = None;
    copy.write_bulk(std::slice::from_ref(&export), &[])
        .await
        .unwrap();
    assert!(copy.is_folded(id).unwrap());
    assert_eq!(copy.game(id).await.unwrap().unwrap(), unfolded);
    assert_eq!(copy.events(id, 0, 100).await.unwrap().len(), 8);
    assert_eq!(copy.game_ids().await.unwrap(), vec![id]);
}

/// The names of sled's snapshot files in `dir` (`snap.<lsn in hex>`).
fn sled_snapshots(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("snap.") && !name.ends_with(".generating"))
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn settling_a_sled_store_writes_its_snapshot_so_the_next_open_replays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (id, log) = {
        let store = SledStore::open(dir.path()).unwrap();
        let (id, _) = played(&store, "dice", 50).await;
        (id, store.events(id, 0, 100).await.unwrap())
    };
    // The last snapshot is the one written as the store was opened, before
    // the appends: the next open would replay them.
    let written = sled_snapshots(dir.path());
    store::settle(dir.path().to_str().unwrap()).unwrap();
    let settled = sled_snapshots(dir.path());
    assert!(
        settled.last() > written.last(),
        "{written:?} then {settled:?}"
    );
    // Nothing was written since: another open finds nothing to replay and
    // writes no newer snapshot.
    SledStore::settle(dir.path()).unwrap();
    assert_eq!(sled_snapshots(dir.path()), settled);
    // The store reads as before.
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.events(id, 0, 100).await.unwrap(), log);
    // On PostgreSQL there is nothing to settle.
    store::settle("postgres://bang@127.0.0.1:1/none").unwrap();
}
