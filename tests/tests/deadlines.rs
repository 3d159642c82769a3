//! Play-by-post over HTTP, item 3 of the issue: move and response deadlines
//! with bot takeover. A missed move is played once by the bot after a
//! `seat_control` event (actor `server`); after `misses_before_bot` misses
//! in a row the bot keeps the seat (an event) and its person takes it back
//! with one call (an event); a missed response closes with its safe
//! default. Deadlines run from the log, so a restart gives no extra time.

use std::time::Duration;

use api::config::BotsMode;
use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::TestServer;
use tests::play::assert_audited;

/// The `seat_control` events of a log, with their envelopes.
fn controls(events: &[Value]) -> Vec<&Value> {
    events
        .iter()
        .filter(|e| e["event"]["type"] == "seat_control")
        .collect()
}

/// Waits (long-polling) until the game's log holds an event that `found`
/// accepts; returns the log. Fails after `seconds`.
async fn wait_for(
    c: &tests::Client,
    id: &str,
    seconds: u64,
    found: impl Fn(&Value) -> bool,
) -> Vec<Value> {
    let deadline = std::time::Instant::now() + Duration::from_secs(seconds);
    loop {
        let events = c.all_events(id, None, "").await;
        if events.iter().any(&found) {
            return events;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "not seen in {seconds} s"
        );
        let version = events.len();
        c.get(
            &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
            None,
        )
        .await;
    }
}

/// A table of people who never play, with 1-second deadlines, finishes by
/// itself: their moves made by the bot, their windows closed, their seats
/// kept by bots after two misses in a row; the audit re-derives every
/// control and every decision.
async fn nobody_plays(ruleset: &str, players: usize, options: Value) {
    let server = TestServer::start_with(|c| c.bots = BotsMode::Embedded).await;
    let c = server.client();
    // Two more bot workers beside the embedded one race for the kept seats.
    let workers: Vec<_> = (0..2)
        .map(|_| {
            bots::worker::spawn(bots::worker::WorkerConfig {
                server: server.base.clone(),
                worker_key: server.worker_key.clone(),
                delay: Duration::ZERO,
                thinkers: 2,
                answer: Duration::ZERO,
            })
        })
        .collect();
    let seats: Vec<Value> = (0..players)
        .map(|i| json!({"name": format!("P{i}")}))
        .collect();
    let (id, _) = c
        .create(json!({
            "ruleset": ruleset, "players": players, "seats": seats, "options": options,
            "seed": 7, "move_deadline": "1s", "response_deadline": "1s"
        }))
        .await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(
        game["game"]["deadlines"],
        json!({"move_seconds": 1, "response_seconds": 1, "misses_before_bot": 2})
    );
    assert!(
        game["move_due_at"].is_string() || game["window_closes_at"].is_string(),
        "{game}"
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(240);
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{game}");
        let version = game["version"].as_u64().unwrap_or(0);
        c.get(
            &format!("/v1/games/{id}/events?after={version}&wait=5&limit=1"),
            None,
        )
        .await;
    }
    let events = c.all_events(&id, None, "").await;
    let changes = controls(&events);
    for seat in 0..players as u64 {
        let mine: Vec<&Value> = changes
            .iter()
            .copied()
            .filter(|e| e["event"]["seat"] == seat)
            .collect();
        let missed: Vec<&&Value> = mine
            .iter()
            .filter(|e| e["event"]["change"] == "deadline_missed")
            .collect();
        assert!(
            !missed.is_empty(),
            "seat {seat} never missed a move: {mine:?}"
        );
        assert!(
            missed.len() <= 2,
            "a bot keeps a seat after two misses: {mine:?}"
        );
        for e in &mine {
            assert_eq!(e["actor"], "server", "{e}");
        }
        // After each miss, the moves the bot made for the seat are the server's.
        for miss in &missed {
            let seq = miss["seq"].as_u64().unwrap() as usize;
            assert_eq!(events[seq]["actor"], "server", "{}", events[seq]);
        }
    }
    let kept = changes
        .iter()
        .filter(|e| e["event"]["change"] == "bot_took_seat")
        .count();
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let kept_now = game["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kept_by_bot"] == "normal")
        .count();
    assert_eq!(kept, kept_now, "{game}");
    assert_audited(&c, &id).await;
    // Racing workers took no decision twice (the audit above re-derived
    // every decision once), and each drew the same choice at the same
    // decision: a loser's post is a duplicate or stale, never refused.
    for worker in workers {
        let refused = worker
            .worker
            .stats
            .refused
            .load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(refused, 0, "a racing worker posted another choice");
        worker.stop().await;
    }
}

#[tokio::test]
async fn a_dice_table_nobody_plays_finishes_by_its_deadlines() {
    nobody_plays("dice", 3, json!({"modules": ["special_roles"]})).await;
}

#[tokio::test]
async fn a_card_table_nobody_plays_finishes_by_its_deadlines() {
    nobody_plays("bang", 4, json!({})).await;
}

#[tokio::test]
async fn a_person_takes_her_seat_back_and_plays_again() {
    let server = TestServer::start_with(|c| c.bots = BotsMode::Embedded).await;
    let c = server.client();
    let (id, tokens) = c
        .create(json!({
            "ruleset": "dice", "players": 3, "seats": [{"name": "Ann"}, {}, {}],
            "seed": 11, "move_deadline": "2s", "misses_before_bot": 1
        }))
        .await;
    let ann = &tokens[0];
    let events = wait_for(&c, &id, 60, |e| e["event"]["change"] == "bot_took_seat").await;
    let took = controls(&events);
    assert_eq!(
        took[0]["event"],
        json!({"type": "seat_control", "change": "deadline_missed", "seat": 0, "moves": took[0]["event"]["moves"]})
    );
    assert_eq!(
        took.last().unwrap()["event"],
        json!({"type": "seat_control", "change": "bot_took_seat", "seat": 0, "bot": "normal"})
    );
    let (_, game) = c.get(&format!("/v1/games/{id}"), Some(ann)).await;
    assert_eq!(game["game"]["seats"][0]["kept_by_bot"], "normal", "{game}");
    assert_eq!(game["game"]["seats"][0]["kind"], "human");
    // Her actions are refused while the bot keeps her seat.
    let (status, refused) = c
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(ann),
            json!({"action": {"type": "end_turn"}}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["code"], "seat_kept_by_bot");
    // Spectators and other seats cannot take it back for her.
    let (status, _) = c
        .post(&format!("/v1/games/{id}/reclaim"), None, json!({}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, back) = c
        .post(&format!("/v1/games/{id}/reclaim"), Some(ann), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{back}");
    let event = &back["events"][0];
    assert_eq!(
        event["event"],
        json!({"type": "seat_control", "change": "seat_reclaimed", "seat": 0})
    );
    assert_eq!(event["actor"], "0");
    let (status, again) = c
        .post(&format!("/v1/games/{id}/reclaim"), Some(ann), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(again["code"], "not_kept_by_bot");
    // Hers to play again: when asked, she moves herself.
    let game = c.settle(&id, Some(0)).await;
    if game["game"]["status"] != "finished" {
        assert!(
            game["game"]["seats"][0].get("kept_by_bot").is_none(),
            "{game}"
        );
        let (status, moved) = c.play_pick(&id, ann, 0).await.expect("an action");
        assert_eq!(status, StatusCode::OK, "{moved}");
        assert_eq!(moved["events"][0]["actor"], "0", "{moved}");
    }
}

#[tokio::test]
async fn a_deadline_gets_no_extra_time_from_a_restart() {
    let mut server = TestServer::start().await;
    let c = server.client();
    let (id, _) = c
        .create(json!({
            "ruleset": "dice", "players": 3,
            "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
            "move_deadline": "3s"
        }))
        .await;
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let due: DateTime<Utc> = game["move_due_at"]
        .as_str()
        .expect("a move deadline")
        .parse()
        .unwrap();
    server.restart().await;
    let c = server.client();
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    assert_eq!(
        game["move_due_at"]
            .as_str()
            .map(|t| t.parse::<DateTime<Utc>>().unwrap()),
        Some(due)
    );
    // Down across the deadline: back up, the missed move is made at once.
    server.stop().await;
    let left = (due - Utc::now()).to_std().unwrap_or_default();
    tokio::time::sleep(left + Duration::from_millis(500)).await;
    let mut server = TestServer::start_on(&server.data).await;
    let c = server.client();
    let events = wait_for(&c, &id, 30, |e| e["event"]["change"] == "deadline_missed").await;
    let missed = controls(&events)[0];
    let at: DateTime<Utc> = missed["at"].as_str().unwrap().parse().unwrap();
    assert!(
        at - due < chrono::Duration::milliseconds(2_500),
        "the deadline ({due}) was given more time: the miss came at {at}"
    );
    server.stop().await;
}

#[tokio::test]
async fn deadlines_are_checked_and_shown() {
    let server = TestServer::start().await;
    let c = server.client();
    let create = |extra: Value| {
        let mut body = json!({"ruleset": "dice", "players": 3,
                              "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    for (extra, code, text) in [
        (
            json!({"move_deadline": "24"}),
            422,
            "move_deadline: a duration",
        ),
        (
            json!({"move_deadline": "8d"}),
            422,
            "move_deadline: a duration",
        ),
        (
            json!({"response_deadline": 60}),
            400,
            "response_deadline: a duration",
        ),
        (
            json!({"misses_before_bot": 2}),
            422,
            "misses_before_bot: counts missed move deadlines",
        ),
        (
            json!({"move_deadline": "1h", "misses_before_bot": 21}),
            400,
            "misses_before_bot: a whole number",
        ),
        (
            json!({"response_deadline": "1h", "options": {"modules": ["special_roles"], "reaction_seconds": 5}}),
            422,
            "response_deadline: the game's live reaction time",
        ),
    ] {
        let (status, body) = c.post("/v1/games", None, create(extra.clone())).await;
        assert_eq!(status.as_u16(), code, "{extra}: {body}");
        assert!(
            body["detail"].as_str().unwrap().starts_with(text),
            "{extra}: {body}"
        );
    }
    // A response deadline is the game's live reaction time, where it has windows.
    let (_, with) = c
        .post(
            "/v1/games",
            None,
            create(json!({"response_deadline": "2h", "options": {"modules": ["special_roles"]}})),
        )
        .await;
    assert_eq!(with["game"]["options"]["reaction_seconds"], 7200, "{with}");
    assert_eq!(
        with["game"]["deadlines"],
        json!({"response_seconds": 7200, "misses_before_bot": 2})
    );
    let (_, without) = c
        .post(
            "/v1/games",
            None,
            create(json!({"response_deadline": "2h", "move_deadline": "1d"})),
        )
        .await;
    assert!(
        without["game"]["options"].get("reaction_seconds").is_none(),
        "{without}"
    );
    let id = without["game"]["id"].as_str().unwrap();
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    let due: DateTime<Utc> = game["move_due_at"].as_str().unwrap().parse().unwrap();
    let updated: DateTime<Utc> = game["game"]["updated_at"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(due - updated, chrono::Duration::days(1));
    // A move deadline alone covers the answers too.
    let (_, card) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "move_deadline": "3h"}),
        )
        .await;
    assert_eq!(
        card["game"]["options"]["reaction_seconds"], 10_800,
        "{card}"
    );
    assert_eq!(
        card["game"]["deadlines"],
        json!({"move_seconds": 10_800, "response_seconds": 10_800, "misses_before_bot": 2})
    );
    // The inbox says by when a player must move.
    let (_, player) = c.post("/v1/players", None, json!({"name": "Ann"})).await;
    let key = player["key"].as_str().unwrap();
    let (status, made) = c
        .post(
            "/v1/games",
            Some(key),
            json!({"ruleset": "dice", "players": 3, "move_deadline": "6h",
                   "seats": [{"player": player["id"]}, {"name": "Bob"}, {"name": "Cy"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let (_, inbox) = c.get("/v1/me/games", Some(key)).await;
    let entry = &inbox["games"][0];
    let id = entry["game"]["id"].as_str().unwrap();
    let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
    if entry["your_move"] == true {
        assert_eq!(entry["due_at"], game["move_due_at"], "{inbox}");
    } else {
        assert!(entry.get("due_at").is_none(), "{inbox}");
    }
    // A game without deadlines has none.
    let (_, plain) = c.post("/v1/games", None, create(json!({}))).await;
    assert!(plain["game"].get("deadlines").is_none(), "{plain}");
}
