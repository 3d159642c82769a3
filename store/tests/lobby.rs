//! What play-by-post needs of the store: open tables, compare-and-swap on a
//! game's data, and documents beside the games. On both backends (see `common`).

mod common;

use common::Backend;

use serde_json::{Value, json};
use store::{
    Append, DocPut, EventStore, GameHead, GameId, GameRecord, GameStatus, ListQuery, NewGame,
    StoreError, ZERO_HASH,
};

fn table(ruleset: &str, seats: u64) -> NewGame {
    NewGame {
        ruleset: ruleset.into(),
        data: json!({"seats": seats, "players": []}),
    }
}

/// An opening with no events that leaves the game open.
fn opening() -> Append {
    Append {
        actor: "system".into(),
        status: Some(GameStatus::Open),
        ..Append::default()
    }
}

/// A data-only append (a join or a leave) expecting generation `expected`.
fn set_data(data: Value, expected: Option<u64>) -> Append {
    Append {
        actor: "system".into(),
        data: Some(data),
        expected_generation: expected,
        ..Append::default()
    }
}

async fn open_table<S: EventStore>(store: &S, ruleset: &str) -> GameRecord {
    let (record, envelopes) = store
        .create(table(ruleset, 4), opening())
        .await
        .expect("create an open table");
    assert!(envelopes.is_empty());
    record
}

async fn listed<S: EventStore>(
    store: &S,
    status: Option<GameStatus>,
    ruleset: Option<&str>,
) -> Vec<GameId> {
    let page = store
        .list(&ListQuery {
            status,
            ruleset: ruleset.map(str::to_owned),
            limit: 200,
            cursor: None,
        })
        .await
        .expect("list");
    page.games.iter().map(|g| g.id).collect()
}

#[test]
fn open_is_serialized_as_open_and_generation_defaults_to_zero() {
    assert_eq!(
        serde_json::to_value(GameStatus::Open).unwrap(),
        json!("open")
    );
    assert_eq!(
        serde_json::from_value::<GameStatus>(json!("open")).unwrap(),
        GameStatus::Open
    );
    // A record serialized before `generation` existed still reads.
    let old = json!({
        "id": "00000000000000ff",
        "ruleset": "dice",
        "status": "active",
        "version": 0,
        "head_hash": ZERO_HASH,
        "created_at": "2026-01-01T00:00:00Z",
        "updated_at": "2026-01-01T00:00:00Z",
        "data": {},
    });
    let record: GameRecord = serde_json::from_value(old).unwrap();
    assert_eq!(record.generation, 0);
}

on_both!(open_tables_are_listed_and_move_to_active);
async fn open_tables_are_listed_and_move_to_active<B: Backend>(b: &B) {
    let store = b.open().await;

    let mut open = Vec::new();
    for ruleset in ["dice", "bang", "dice"] {
        let record = open_table(&store, ruleset).await;
        assert_eq!(record.status, GameStatus::Open);
        assert_eq!(record.version, 0);
        assert_eq!(record.head_hash, ZERO_HASH);
        assert_eq!(record.generation, 0);
        assert_eq!(store.game(record.id).await.unwrap().unwrap(), record);
        assert!(store.events(record.id, 0, 10).await.unwrap().is_empty());
        assert!(store.verify(record.id).await.unwrap().valid);
        open.push(record.id);
        // Distinct creation times, so newest first is a strict order.
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    }
    let (active, _) = store
        .create(
            table("dice", 2),
            Append {
                actor: "system".into(),
                events: vec![json!({"type": "started"})],
                status: Some(GameStatus::Active),
                ..Append::default()
            },
        )
        .await
        .unwrap();

    let newest_first: Vec<GameId> = open.iter().rev().copied().collect();
    assert_eq!(
        listed(&store, Some(GameStatus::Open), None).await,
        newest_first
    );
    assert_eq!(
        listed(&store, Some(GameStatus::Open), Some("dice")).await,
        vec![open[2], open[0]]
    );
    assert_eq!(
        listed(&store, Some(GameStatus::Active), None).await,
        vec![active.id]
    );
    assert_eq!(listed(&store, None, Some("dice")).await.len(), 3);

    // The table fills and starts: Open → Active moves its index keys.
    let started = store
        .append(
            open[0],
            0,
            Append {
                actor: "system".into(),
                events: vec![json!({"type": "started"})],
                status: Some(GameStatus::Active),
                ..Append::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(started.head.status, GameStatus::Active);
    assert_eq!(started.head.version, 1);
    assert_eq!(
        listed(&store, Some(GameStatus::Open), None).await,
        vec![open[2], open[1]]
    );
    assert_eq!(
        listed(&store, Some(GameStatus::Open), Some("dice")).await,
        vec![open[2]]
    );
    assert_eq!(
        listed(&store, Some(GameStatus::Active), None).await,
        vec![active.id, open[0]]
    );
    assert_eq!(
        listed(&store, Some(GameStatus::Active), Some("dice")).await,
        vec![active.id, open[0]]
    );

    // Everything survives a reopen.
    let mut records: Vec<GameRecord> = Vec::new();
    for &id in &open {
        records.push(store.game(id).await.unwrap().unwrap());
    }
    drop(store);
    let store = b.open().await;
    for record in &records {
        assert_eq!(&store.game(record.id).await.unwrap().unwrap(), record);
    }
    assert_eq!(
        listed(&store, Some(GameStatus::Open), None).await,
        vec![open[2], open[1]]
    );
    assert_eq!(
        listed(&store, Some(GameStatus::Active), None).await,
        vec![active.id, open[0]]
    );
}

on_both!(data_changes_only_at_the_expected_generation);
async fn data_changes_only_at_the_expected_generation<B: Backend>(b: &B) {
    let store = b.open().await;
    let record = open_table(&store, "dice").await;
    let id = record.id;

    // A join: data only, at generation 0.
    let joined = json!({"seats": 4, "players": ["ann"]});
    let a = store
        .append(id, 0, set_data(joined.clone(), Some(0)))
        .await
        .unwrap();
    assert!(a.envelopes.is_empty());
    assert_eq!(a.head.version, 0);
    assert_eq!(a.head.head_hash, ZERO_HASH);
    assert_eq!(a.head.status, GameStatus::Open);
    assert_eq!(a.head.generation, 1);
    let now = store.game(id).await.unwrap().unwrap();
    assert_eq!(now.generation, 1);
    // A record kept by the caller follows the head it gets back.
    let mut kept = record.clone();
    a.head.clone().apply_to(&mut kept);
    kept.data = joined.clone();
    assert_eq!(kept, now);
    assert_eq!(GameHead::of(&now), a.head);
    assert_eq!(now.data, joined);
    assert_eq!(now.version, 0);

    // A stale join is refused and writes nothing.
    let stale = store
        .append(id, 0, set_data(json!({"players": ["bob"]}), Some(0)))
        .await;
    assert_eq!(stale.unwrap_err(), StoreError::Stale { generation: 1 });
    assert_eq!(
        StoreError::Stale { generation: 1 }.to_string(),
        "the data changed (generation 1)"
    );
    assert_eq!(store.game(id).await.unwrap().unwrap(), now);

    // A stale generation is refused even with events (and the events are not written).
    let mut with_events = set_data(json!({"players": []}), Some(5));
    with_events.events = vec![json!({"type": "started"})];
    assert_eq!(
        store.append(id, 0, with_events).await.unwrap_err(),
        StoreError::Stale { generation: 1 }
    );
    assert!(store.events(id, 0, 10).await.unwrap().is_empty());
    // The version is checked first.
    assert_eq!(
        store
            .append(id, 3, set_data(json!({}), Some(0)))
            .await
            .unwrap_err(),
        StoreError::Conflict { current: 0 }
    );

    // A check without new data changes nothing of the data.
    let mut check_only = set_data(json!(null), Some(1));
    check_only.data = None;
    store.append(id, 0, check_only).await.unwrap();
    assert_eq!(store.game(id).await.unwrap().unwrap().generation, 1);

    // No expectation: no check, and the generation still moves.
    let left = json!({"seats": 4, "players": []});
    store
        .append(id, 0, set_data(left.clone(), None))
        .await
        .unwrap();
    let now = store.game(id).await.unwrap().unwrap();
    assert_eq!(now.generation, 2);
    assert_eq!(now.data, left);

    // Survives a reopen.
    drop(store);
    let store = b.open().await;
    assert_eq!(store.game(id).await.unwrap().unwrap(), now);
    assert_eq!(
        store
            .append(id, 0, set_data(json!({}), Some(1)))
            .await
            .unwrap_err(),
        StoreError::Stale { generation: 2 }
    );
    store
        .append(id, 0, set_data(json!({"players": ["cy"]}), Some(2)))
        .await
        .unwrap();
    assert_eq!(store.game(id).await.unwrap().unwrap().generation, 3);
}

on_both!(of_racing_joins_at_one_generation_exactly_one_wins);
async fn of_racing_joins_at_one_generation_exactly_one_wins<B: Backend>(b: &B) {
    let store = b.open().await;
    let id = open_table(&store, "bang").await.id;

    let tasks: Vec<_> = (0..50u64)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let data = json!({"seats": 4, "players": [format!("p{i}")]});
                (i, store.append(id, 0, set_data(data, Some(0))).await)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for t in tasks {
        match t.await.unwrap() {
            (i, Ok(a)) => {
                assert_eq!(a.head.version, 0);
                winners.push(i);
            }
            (_, Err(e)) => assert_eq!(e, StoreError::Stale { generation: 1 }),
        }
    }
    assert_eq!(winners.len(), 1, "{winners:?}");
    let record = store.game(id).await.unwrap().unwrap();
    assert_eq!(record.generation, 1);
    let winner = json!({"seats": 4, "players": [format!("p{}", winners[0])]});
    assert_eq!(record.data, winner);

    drop(store);
    let store = b.open().await;
    assert_eq!(store.game(id).await.unwrap().unwrap(), record);
}

on_both!(documents_are_written_at_their_expected_revision);
async fn documents_are_written_at_their_expected_revision<B: Backend>(b: &B) {
    let store = b.open().await;

    assert_eq!(store.doc("accounts", "ann").await.unwrap(), None);
    let ann = json!({"name": "Ann", "games": []});
    assert_eq!(
        store
            .put_doc("accounts", "ann", Some(ann.clone()), 0)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        store.doc("accounts", "ann").await.unwrap(),
        Some((1, ann.clone()))
    );
    // Another collection is another namespace.
    assert_eq!(store.doc("members", "ann").await.unwrap(), None);

    // Creating it again, or writing at a wrong revision, is stale.
    assert_eq!(
        store
            .put_doc("accounts", "ann", Some(json!({})), 0)
            .await
            .unwrap_err(),
        StoreError::Stale { generation: 1 }
    );
    assert_eq!(
        store
            .put_doc("accounts", "ann", Some(json!({})), 2)
            .await
            .unwrap_err(),
        StoreError::Stale { generation: 1 }
    );
    assert_eq!(store.doc("accounts", "ann").await.unwrap(), Some((1, ann)));

    // Updating at the right revision.
    let ann2 = json!({"name": "Ann", "games": ["00000000000000ff"], "score": 2.5});
    assert_eq!(
        store
            .put_doc("accounts", "ann", Some(ann2.clone()), 1)
            .await
            .unwrap(),
        2
    );
    assert_eq!(store.doc("accounts", "ann").await.unwrap(), Some((2, ann2)));

    // Deleting: at the right revision only; then it is absent (revision 0).
    assert_eq!(
        store.put_doc("accounts", "ann", None, 1).await.unwrap_err(),
        StoreError::Stale { generation: 2 }
    );
    assert_eq!(store.put_doc("accounts", "ann", None, 2).await.unwrap(), 0);
    assert_eq!(store.doc("accounts", "ann").await.unwrap(), None);
    assert_eq!(
        store.put_doc("accounts", "ann", None, 2).await.unwrap_err(),
        StoreError::Stale { generation: 0 }
    );
    // Deleting what does not exist, expecting that, writes nothing.
    assert_eq!(
        store.put_doc("accounts", "nobody", None, 0).await.unwrap(),
        0
    );
    assert_eq!(store.doc("accounts", "nobody").await.unwrap(), None);
    // Created again from revision 0.
    assert_eq!(
        store
            .put_doc("accounts", "ann", Some(json!(1)), 0)
            .await
            .unwrap(),
        1
    );
}

on_both!(bad_collections_and_keys_are_invalid);
async fn bad_collections_and_keys_are_invalid<B: Backend>(b: &B) {
    let store = b.open().await;
    let long_key = "k".repeat(201);
    let long_collection = "c".repeat(33);
    for (collection, key) in [
        ("", "k"),
        ("a\0b", "k"),
        (long_collection.as_str(), "k"),
        ("accounts", ""),
        ("accounts", long_key.as_str()),
    ] {
        let put = store.put_doc(collection, key, Some(json!(1)), 0).await;
        assert!(matches!(put, Err(StoreError::Invalid(_))), "{put:?}");
        let read = store.doc(collection, key).await;
        assert!(matches!(read, Err(StoreError::Invalid(_))), "{read:?}");
    }
    for collection in ["", "a\0b", long_collection.as_str()] {
        let listed = store.docs(collection, "", None, 10).await;
        assert!(matches!(listed, Err(StoreError::Invalid(_))), "{listed:?}");
    }
    // The limits themselves are fine, and a key may hold any byte.
    let key = "k".repeat(200);
    let collection = "c".repeat(32);
    assert_eq!(
        store
            .put_doc(&collection, &key, Some(json!(1)), 0)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        store.put_doc("a", "x\0y", Some(json!(2)), 0).await.unwrap(),
        1
    );
    assert_eq!(store.doc("a", "x\0y").await.unwrap(), Some((1, json!(2))));
    assert_eq!(
        StoreError::Invalid("x".into()).to_string(),
        "invalid request: x"
    );
}

on_both!(documents_are_listed_by_prefix_in_key_order_and_paged);
async fn documents_are_listed_by_prefix_in_key_order_and_paged<B: Backend>(b: &B) {
    let store = b.open().await;
    // Memberships keyed by account ++ "/" ++ game.
    for key in ["bob/2", "ann/3", "ann/1", "ann/2", "anna/1", "cy/1"] {
        store
            .put_doc("members", key, Some(json!({ "key": key })), 0)
            .await
            .unwrap();
    }
    // Same keys in another collection, and one in a collection whose name
    // extends this one's: neither is listed.
    store
        .put_doc("member", "ann/9", Some(json!(0)), 0)
        .await
        .unwrap();
    store
        .put_doc("membersx", "ann/9", Some(json!(0)), 0)
        .await
        .unwrap();
    store
        .put_doc("members", "ann/2", Some(json!({"key": "ann/2", "v": 2})), 1)
        .await
        .unwrap();

    let keys = |listed: Vec<(String, u64, Value)>| -> Vec<String> {
        listed.into_iter().map(|(k, _, _)| k).collect()
    };
    let ann = store.docs("members", "ann/", None, 10).await.unwrap();
    assert_eq!(
        ann,
        vec![
            ("ann/1".to_owned(), 1, json!({"key": "ann/1"})),
            ("ann/2".to_owned(), 2, json!({"key": "ann/2", "v": 2})),
            ("ann/3".to_owned(), 1, json!({"key": "ann/3"})),
        ]
    );
    assert_eq!(
        keys(store.docs("members", "ann", None, 10).await.unwrap()),
        ["ann/1", "ann/2", "ann/3", "anna/1"]
    );
    assert_eq!(
        keys(store.docs("members", "", None, 100).await.unwrap()),
        ["ann/1", "ann/2", "ann/3", "anna/1", "bob/2", "cy/1"]
    );
    assert!(
        store
            .docs("members", "zed", None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(store.docs("members", "", None, 0).await.unwrap().is_empty());
    assert!(
        store
            .docs("nothing", "", None, 10)
            .await
            .unwrap()
            .is_empty()
    );

    // Paging with `after`.
    let first = store.docs("members", "ann", None, 2).await.unwrap();
    assert_eq!(keys(first.clone()), ["ann/1", "ann/2"]);
    let after = first.last().map(|(k, _, _)| k.as_str());
    assert_eq!(
        keys(store.docs("members", "ann", after, 2).await.unwrap()),
        ["ann/3", "anna/1"]
    );
    assert!(
        store
            .docs("members", "ann", Some("anna/1"), 2)
            .await
            .unwrap()
            .is_empty()
    );
    // `after` before the prefix starts at the prefix; past it, nothing.
    assert_eq!(
        keys(store.docs("members", "bob", Some("a"), 10).await.unwrap()),
        ["bob/2"]
    );
    assert!(
        store
            .docs("members", "ann", Some("b"), 10)
            .await
            .unwrap()
            .is_empty()
    );
    // `after` need not be a stored key.
    assert_eq!(
        keys(store.docs("members", "", Some("ann/2x"), 2).await.unwrap()),
        ["ann/3", "anna/1"]
    );
}

on_both!(of_racing_creators_of_one_document_exactly_one_wins);
async fn of_racing_creators_of_one_document_exactly_one_wins<B: Backend>(b: &B) {
    let store = b.open().await;
    let tasks: Vec<_> = (0..50u64)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let put = store.put_doc("accounts", "ann", Some(json!({ "by": i })), 0);
                (i, put.await)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for t in tasks {
        match t.await.unwrap() {
            (i, Ok(revision)) => {
                assert_eq!(revision, 1);
                winners.push(i);
            }
            (_, Err(e)) => assert_eq!(e, StoreError::Stale { generation: 1 }),
        }
    }
    assert_eq!(winners.len(), 1, "{winners:?}");
    assert_eq!(
        store.doc("accounts", "ann").await.unwrap(),
        Some((1, json!({ "by": winners[0] })))
    );

    // Racing updates at one revision: one wins too.
    let tasks: Vec<_> = (0..50u64)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .put_doc("accounts", "ann", Some(json!({ "up": i })), 1)
                    .await
            })
        })
        .collect();
    let mut won = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(revision) => {
                assert_eq!(revision, 2);
                won += 1;
            }
            Err(e) => assert_eq!(e, StoreError::Stale { generation: 2 }),
        }
    }
    assert_eq!(won, 1);
}

fn put(collection: &str, key: &str, value: Option<Value>, expected: u64) -> DocPut {
    DocPut {
        collection: collection.into(),
        key: key.into(),
        value,
        expected,
    }
}

on_both!(several_documents_are_written_together_or_not_at_all);
async fn several_documents_are_written_together_or_not_at_all<B: Backend>(b: &B) {
    let store = b.open().await;
    let both = vec![
        put("ratings", "ann", Some(json!({"mu": 25})), 0),
        put("ratings", "bob", Some(json!({"mu": 24})), 0),
    ];
    assert_eq!(store.put_docs(both).await.unwrap(), [1, 1]);
    // One stale write: neither is written, the new one neither.
    let one_stale = vec![
        put("ratings", "ann", Some(json!({"mu": 26})), 1),
        put("ratings", "bob", Some(json!({"mu": 23})), 0),
        put("ledger", "1", Some(json!({"game": 1})), 0),
    ];
    assert_eq!(
        store.put_docs(one_stale).await.unwrap_err(),
        StoreError::Stale { generation: 1 }
    );
    assert_eq!(
        store.doc("ratings", "ann").await.unwrap(),
        Some((1, json!({"mu": 25})))
    );
    assert_eq!(store.doc("ledger", "1").await.unwrap(), None);
    // A later write sees the revision an earlier one of the same call leaves;
    // a delete, and a delete of nothing at 0.
    let chained = vec![
        put("ratings", "ann", Some(json!({"mu": 26})), 1),
        put("ratings", "ann", Some(json!({"mu": 27})), 2),
        put("ratings", "bob", None, 1),
        put("ratings", "cat", None, 0),
    ];
    assert_eq!(store.put_docs(chained).await.unwrap(), [2, 3, 0, 0]);
    assert_eq!(
        store.doc("ratings", "ann").await.unwrap(),
        Some((3, json!({"mu": 27})))
    );
    assert_eq!(store.doc("ratings", "bob").await.unwrap(), None);
    // A bad key refuses the whole call.
    let bad = vec![
        put("ratings", "dan", Some(json!({})), 0),
        put("ratings", "", Some(json!({})), 0),
    ];
    assert!(matches!(
        store.put_docs(bad).await.unwrap_err(),
        StoreError::Invalid(_)
    ));
    assert_eq!(store.doc("ratings", "dan").await.unwrap(), None);

    // Racing claims of one sequence number with a second document each:
    // exactly one lands, whole.
    let tasks: Vec<_> = (0..30u64)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let writes = vec![
                    put("ledger", "head", Some(json!({ "by": i })), 0),
                    put("ledger", &format!("claim{i}"), Some(json!(i)), 0),
                ];
                (i, store.put_docs(writes).await)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for t in tasks {
        if let (i, Ok(_)) = t.await.unwrap() {
            winners.push(i);
        }
    }
    assert_eq!(winners.len(), 1, "{winners:?}");
    let claims = store.docs("ledger", "claim", None, 100).await.unwrap();
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].0, format!("claim{}", winners[0]));

    drop(store);
    let store = b.open().await;
    assert_eq!(
        store.doc("ratings", "ann").await.unwrap(),
        Some((3, json!({"mu": 27})))
    );
}

on_both!(documents_and_games_survive_a_reopen_together);
async fn documents_and_games_survive_a_reopen_together<B: Backend>(b: &B) {
    let (id, doc_rev) = {
        let store = b.open().await;
        let id = open_table(&store, "dice").await.id;
        // Interleaved writes: documents and games share the writer's batches.
        let (a, b, c) = tokio::join!(
            store.put_doc(
                "accounts",
                "ann",
                Some(json!({"games": [id.to_string()]})),
                0
            ),
            store.append(id, 0, set_data(json!({"players": ["ann"]}), Some(0))),
            store.put_doc("members", "ann/1", Some(json!(true)), 0),
        );
        assert_eq!(a.unwrap(), 1);
        b.unwrap();
        assert_eq!(c.unwrap(), 1);
        let rev = store
            .put_doc("accounts", "ann", Some(json!({"games": []})), 1)
            .await
            .unwrap();
        store.put_doc("members", "ann/1", None, 1).await.unwrap();
        (id, rev)
    };
    assert_eq!(doc_rev, 2);

    let store = b.open().await;
    assert_eq!(
        store.doc("accounts", "ann").await.unwrap(),
        Some((2, json!({"games": []})))
    );
    assert_eq!(store.doc("members", "ann/1").await.unwrap(), None);
    let record = store.game(id).await.unwrap().unwrap();
    assert_eq!(record.generation, 1);
    assert_eq!(record.status, GameStatus::Open);
    assert_eq!(
        store
            .put_doc("accounts", "ann", Some(json!(0)), 1)
            .await
            .unwrap_err(),
        StoreError::Stale { generation: 2 }
    );
    assert_eq!(
        store
            .put_doc("accounts", "ann", Some(json!(0)), 2)
            .await
            .unwrap(),
        3
    );
}
