//! A finished game's record (`GET /v1/games/{id}/record`, `bang-record/1`)
//! and its verification without any server (`engine::record`, which
//! `bang-verify` runs): every ruleset and expansion gives a record that
//! verifies, and each kind of tampering is refused at the envelope it
//! touched.

use bots::records::bump_a_number;
use engine::core::chain::{chain_key, seal_v2};
use engine::record::{Record, verify_and_tell};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::TestServer;
use tests::play::solo_to_the_end;

/// Plays an all-bot game of `game` (a `POST /v1/games` body) to its end and
/// returns its record, as JSON and read.
async fn finished_record(server: &TestServer, game: Value) -> (Value, Record) {
    let c = server.client();
    let (id, tokens) = c.create(game.clone()).await;
    assert!(tokens.is_empty(), "all bots: {game}");
    let over = c.settle(&id, None).await;
    assert_eq!(over["game"]["status"], "finished", "{game}");
    record_of(server, &id).await
}

async fn record_of(server: &TestServer, id: &str) -> (Value, Record) {
    let (status, json) = server
        .client()
        .get(&format!("/v1/games/{id}/record"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{json}");
    let record: Record = serde_json::from_value(json.clone()).expect("a record");
    (json, record)
}

/// What `bang-verify --quiet` prints for `record`, and its exit status.
fn bang_verify(record: &Value) -> (u8, String) {
    let mut out = Vec::new();
    let status = verify_and_tell(&record.to_string(), true, &mut out);
    (status, String::from_utf8(out).expect("text"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_ruleset_and_expansion_gives_a_record_that_verifies_offline() {
    let server = TestServer::start_with_bots().await;
    let games = [
        json!({"ruleset": "dice", "players": 5}),
        json!({"ruleset": "dice", "players": 6, "options": {"modules":
            ["loudmouth_coward", "chief_arrow", "special_roles", "new_characters", "ghost"]}}),
        json!({"ruleset": "bang", "players": 4}),
        json!({"ruleset": "bang", "players": 4, "options": {"expansions": ["gold_rush"]}}),
        json!({"ruleset": "bang", "players": 4, "options": {"expansions": ["train_robbery"]}}),
        json!({"ruleset": "bang", "players": 5,
               "options": {"expansions": ["gold_rush", "train_robbery"]}}),
    ];
    for game in games {
        let (json, record) = finished_record(&server, game.clone()).await;
        assert_eq!(record.format, "bang-record/1");
        assert_eq!(record.engine_version, engine::ENGINE_VERSION);
        let verified = record.verify().unwrap_or_else(|e| panic!("{game}: {e}"));
        assert_eq!(verified.chain, 2, "{game}");
        assert!(
            verified.commitments_checked && verified.provably_fair,
            "{game}"
        );
        assert!(
            record
                .envelopes
                .iter()
                .all(|e| e.get("action_id").is_none()),
            "a chain v2 record leaves out the senders' idempotency keys"
        );
        let mut told = Vec::new();
        assert_eq!(verify_and_tell(&json.to_string(), false, &mut told), 0);
        let told = String::from_utf8(told).unwrap();
        assert!(told.contains(".md"), "the history cites rules: {game}");
        assert!(told.trim_end().ends_with("provably fair"), "{told}");
    }
    // A game whose creator chose the seed verifies, and says it is not fair.
    let (json, record) =
        finished_record(&server, json!({"ruleset": "dice", "players": 4, "seed": 9})).await;
    assert!(record.seed_chosen);
    assert!(!record.verify().unwrap().provably_fair);
    assert!(bang_verify(&json).1.contains("not provably fair"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_and_a_fork_give_records_that_verify() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, tokens) = c
        .create(
            json!({"ruleset": "bang", "players": 6, "seats": [{"name": "Ann"}],
                       "options": {"mode": "lone_gunslinger", "difficulty": 2}}),
        )
        .await;
    solo_to_the_end(&c, &id, &tokens[0], &|_| ()).await;
    let (_, solo) = record_of(&server, &id).await;
    assert_eq!(solo.names[0], "Ann");
    solo.verify().expect("the solo game verifies");

    let (_, game) = finished_record(&server, json!({"ruleset": "dice", "players": 4})).await;
    let at = (1..game.envelopes.len())
        .rev()
        .find(|&i| game.envelopes[i]["event"]["type"] == "acted")
        .expect("a decision") as u64;
    let (status, fork) = c
        .post(
            &format!("/v1/games/{}/fork", game.game),
            None,
            json!({"at": at}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{fork}");
    let fork_id = fork["game"]["id"].as_str().unwrap();
    c.settle(fork_id, None).await;
    let (_, forked) = record_of(&server, fork_id).await;
    assert_eq!(forked.forked_from.as_ref().map(|f| f.at), Some(at));
    let verified = forked.verify().expect("the fork verifies");
    assert!(!verified.provably_fair, "a fork's first events were public");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_still_played_has_no_record() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, _) = c.human_game(4, 3).await;
    let (status, problem) = c.get(&format!("/v1/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{problem}");
    assert_eq!(problem["code"], "not_finished");
    let (status, _) = c.get("/v1/games/0000000000000000/record", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Re-seals `record`'s envelopes from index `from` on, as a forger who knows
/// the (revealed) seed can: every commitment and hash recomputed, the head
/// moved.
fn reseal(record: &mut Value, from: usize) {
    let seed = record["seed"].as_str().unwrap().parse().unwrap();
    let key = chain_key(&seed);
    let envelopes = record["envelopes"].as_array_mut().unwrap();
    for i in from..envelopes.len() {
        let prev = match i {
            0 => engine::core::chain::ZERO_HASH.to_owned(),
            _ => envelopes[i - 1]["hash"].as_str().unwrap().to_owned(),
        };
        let e = &envelopes[i];
        envelopes[i] = seal_v2(
            &key,
            e["seq"].as_u64().unwrap(),
            &prev,
            e["at"].as_str().unwrap(),
            e["actor"].as_str().unwrap(),
            e["event"].clone(),
            e.get("public").cloned(),
        );
    }
    let head = envelopes.last().unwrap()["hash"].clone();
    record["head_hash"] = head;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tampered_record_is_refused_at_the_event_it_touched() {
    let server = TestServer::start_with_bots().await;
    let (good, _) = finished_record(
        &server,
        json!({"ruleset": "bang", "players": 4, "options": {"expansions": ["gold_rush"]}}),
    )
    .await;
    let refused_at = |record: &Value| -> (u8, String) { bang_verify(record) };
    let envelopes = good["envelopes"].as_array().unwrap().clone();
    let hidden = envelopes
        .iter()
        .position(|e| e.get("public").is_some() && bump_a_number(&mut e["event"].clone()))
        .expect("a hidden event with a card in it (a dealt hand)");
    let public = envelopes
        .iter()
        .enumerate()
        .skip(envelopes.len() / 2)
        .find(|(_, e)| {
            e.get("public").is_none()
                && e["event"]["type"] != "acted"
                && bump_a_number(&mut e["event"].clone())
        })
        .map(|(i, _)| i)
        .expect("a public event");

    // A changed card in a hidden event: its commitment no longer holds.
    let mut t = good.clone();
    assert!(bump_a_number(&mut t["envelopes"][hidden]["event"]));
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(said.contains(&format!("event {}:", hidden + 1)), "{said}");

    // A changed public event: its hash no longer holds.
    let mut t = good.clone();
    assert!(bump_a_number(&mut t["envelopes"][public]["event"]));
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(said.contains(&format!("event {}:", public + 1)), "{said}");

    // A dropped event: the next is out of place.
    let mut t = good.clone();
    t["envelopes"].as_array_mut().unwrap().remove(public);
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(said.contains(&format!("event {}:", public + 1)), "{said}");

    // The last event dropped: the head no longer matches.
    let mut t = good.clone();
    t["envelopes"].as_array_mut().unwrap().pop();
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(said.contains("head"), "{said}");

    // A swapped seed: not the one committed to.
    let mut t = good.clone();
    t["seed"] = json!(engine::core::Seed::from_u64(1).to_string());
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(said.contains("commitment published"), "{said}");

    // A forger who re-seals the chain after changing an event passes the
    // chain and the commitments, but not the rules: refused at that event.
    let mut t = good.clone();
    assert!(bump_a_number(&mut t["envelopes"][public]["event"]));
    reseal(&mut t, public);
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(
        said.contains(&format!(
            "event {}: this is not what the rules derive",
            public + 1
        )),
        "{said}"
    );

    // A server that published a hidden event whole (its public form the
    // event itself), chain and commitments sealed to match: refused there.
    let mut t = good.clone();
    let whole = t["envelopes"][hidden]["event"].clone();
    t["envelopes"][hidden]["public"] = whole;
    reseal(&mut t, hidden);
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1, "{said} {}", t["envelopes"][hidden]);
    assert!(
        said.contains(&format!("event {}: its public form", hidden + 1)),
        "{said}"
    );
    // And one that withheld a public event behind a made-up public form.
    let mut t = good.clone();
    let mut other = t["envelopes"][public]["event"].clone();
    assert!(bump_a_number(&mut other));
    t["envelopes"][public]["public"] = other;
    reseal(&mut t, public);
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(
        said.contains(&format!("event {}: its public form", public + 1)),
        "{said}"
    );

    // Names that do not match the game's seats.
    let mut t = good.clone();
    t["names"].as_array_mut().unwrap().pop();
    let (status, said) = refused_at(&t);
    assert_eq!(status, 1);
    assert!(said.contains("seats"), "{said}");

    // Not a record at all.
    assert_eq!(refused_at(&json!({"format": "x"})).0, 2);
    let mut t = good.clone();
    t["format"] = json!("bang-record/0");
    assert_eq!(refused_at(&t).0, 1);
    // The untouched record still verifies.
    assert_eq!(refused_at(&good).0, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_imported_elsewhere_is_a_verified_read_only_game() {
    let here = TestServer::start_with_bots().await;
    let (json, record) = finished_record(
        &here,
        json!({"ruleset": "bang", "players": 4, "options": {"expansions": ["train_robbery"]}}),
    )
    .await;
    let there = TestServer::start_with(|c| c.max_record_bytes = 4 << 20).await;
    let c = there.client();
    let (status, game) = c.post("/v1/games/import", None, json.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    assert_ne!(id, record.game, "a new game of this server");
    assert_eq!(game["status"], "finished");
    // Its summary, wherever it is listed, says where it came from.
    assert_eq!(game["imported_from"]["game"], json!(record.game));
    let (_, view) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(view["game"]["imported_from"], game["imported_from"]);
    // Read-only: no seat has a token, and the game is over anyway.
    let (status, _) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            None,
            json!({"seat": 0, "action": {"type": "end_turn"}, "expected_version": 1}),
        )
        .await;
    assert!(status.is_client_error(), "{status}");
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (&audit["valid"], &audit["fair"], &audit["provably_fair"]),
        (&json!(true), &json!(true), &json!(false)),
        "{audit}"
    );
    assert_eq!(audit["imported_from"]["head_hash"], json!(record.head_hash));
    assert_eq!(audit["imported_from"]["game"], json!(record.game));
    assert!(
        audit["fairness_note"]
            .as_str()
            .unwrap()
            .contains("imported")
    );
    // Its own record verifies too, with the same events.
    let (_, again) = record_of(&there, &id).await;
    again.verify().expect("the imported game's record verifies");
    let events = |r: &Record| {
        r.envelopes
            .iter()
            .map(|e| e["event"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(events(&again), events(&record));
    // The same record again: the same game.
    let (status, same) = c.post("/v1/games/import", None, json.clone()).await;
    assert_eq!((status, &same["id"]), (StatusCode::OK, &json!(id)));

    // A tampered record is refused, naming the event, and makes nothing.
    let mut bad = json.clone();
    let last = bad["envelopes"].as_array().unwrap().len() - 1;
    bad["envelopes"][last]["actor"] = json!("tampered");
    let (status, problem) = c.post("/v1/games/import", None, bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
    assert_eq!(problem["code"], "invalid_record");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains(&format!("event {}:", last + 1)),
        "{problem}"
    );
    let (status, problem) = c.post("/v1/games/import", None, json!({"format": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .starts_with("not a game record")
    );
    let (_, list) = c.get("/v1/games", None).await;
    assert_eq!(
        list["games"].as_array().unwrap().len(),
        1,
        "only the import: {list}"
    );

    // Past the server's record limit: 413.
    let small = TestServer::start_with(|c| c.max_record_bytes = 1_000).await;
    let (status, problem) = small.client().post("/v1/games/import", None, json).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{problem}");
}
