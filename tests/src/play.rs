//! Whole card games played over HTTP for the end-to-end tests: a person at
//! seat 0 among bots (with the leak check as it goes), a solo game, and
//! all-bot games; each ends with the audit's verdict checked.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{Client, TestServer, assert_no_leak};

/// How the person at seat 0 plays in [`person_to_the_end`].
pub struct Person<'a> {
    /// Action types she posts whenever the API lists one, each with the
    /// event type it must cause for her.
    pub prefer: &'a [(&'a str, &'a str)],
    /// Take every hit and die without a Beer (to be eliminated early).
    pub reckless: bool,
    /// Checks each of her views; a name it returns is counted in the tally.
    pub seen: &'a dyn Fn(&Value) -> Option<&'static str>,
}

/// Plays a card game of `players` seats (the person at seat 0, `normal` bots
/// elsewhere) with `options` to its end: she posts a preferred action
/// whenever one is listed, answers a BANG! with a Missed! when she can, and
/// otherwise goes round her legal actions. Every 5 moves, the leak check of
/// her seat and every bot seat. Returns how many of each action type she
/// posted, with what `seen` counted.
pub async fn person_to_the_end(
    server: &TestServer,
    c: &Client,
    (players, seed, options): (u64, u64, Value),
    how: &Person<'_>,
) -> BTreeMap<String, usize> {
    let (id, tokens) = c
        .create(
            json!({"ruleset": "bang", "players": players, "seats": [{"name": "Ann"}],
                   "options": options, "seed": seed}),
        )
        .await;
    let mut posted: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    loop {
        let game = c.settle(&id, Some(0)).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        let (_, mine) = c.get(&format!("/v1/games/{id}"), Some(&tokens[0])).await;
        assert_eq!(mine["your_turn"], true);
        if let Some(name) = (how.seen)(&mine) {
            *posted.entry(name.into()).or_default() += 1;
        }
        if moves % 5 == 0 {
            assert_no_leak(c, &id, 0, &tokens[0], false).await;
            for bot in 1..players {
                assert_no_leak(c, &id, bot, &server.worker_key, true).await;
            }
        }
        let mine_pending = |what: &dyn Fn(&Value) -> bool| {
            mine["pending"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["seat"] == 0 && what(p))
        };
        let shot = mine_pending(&|p| p["decision"]["kind"] == "shot");
        let reaction = mine_pending(&|p| p["reaction"] == true);
        let (_, legal) = c
            .get(&format!("/v1/games/{id}/actions"), Some(&tokens[0]))
            .await;
        let actions = legal["actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "asked with nothing to post: {mine}");
        let of_type = |t: &'static str| actions.iter().filter(move |a| a["type"] == t);
        let preferred: Vec<&Value> = actions
            .iter()
            .filter(|a| how.prefer.iter().any(|(t, _)| a["type"] == *t))
            .collect();
        let action = if how.reckless && reaction && of_type("pass").next().is_some() {
            of_type("pass").next().expect("pass")
        } else if !preferred.is_empty() {
            preferred[moves % preferred.len()]
        } else if shot {
            of_type("respond")
                .chain(of_type("pass"))
                .next()
                .expect("pass")
        } else {
            &actions[moves % actions.len()]
        };
        let (status, body) = c
            .post(
                &format!("/v1/games/{id}/actions"),
                Some(&tokens[0]),
                json!({"action": action, "expected_version": legal["version"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{action} -> {body}");
        let kind = action["type"].as_str().unwrap();
        if let Some((_, caused)) = how.prefer.iter().find(|(t, _)| *t == kind) {
            assert!(
                body["events"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|e| e["event"]["type"] == *caused && e["event"]["seat"] == 0),
                "{action} caused no {caused}: {body}"
            );
        }
        *posted.entry(kind.to_string()).or_default() += 1;
        moves += 1;
        assert!(moves < 3_000, "the game does not end");
    }
    assert_audited(c, &id).await;
    posted
}

/// Plays the solo game `id` with the person's `token` to its end (she ends
/// her turn now and then and otherwise goes round her legal actions),
/// checking that it waits only for her seats and calling `seen` on each of
/// her views; returns how many moves she made.
pub async fn solo_to_the_end(c: &Client, id: &str, token: &str, seen: &dyn Fn(&Value)) -> usize {
    let (_, game) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
    let mine: Vec<u64> = game["your_seats"]
        .as_array()
        .expect("your_seats")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut moves = 0;
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
        if game["game"]["status"] == "finished" {
            return moves;
        }
        assert!(Instant::now() < deadline, "the solo game does not end");
        seen(&game);
        let waiting: Vec<u64> = game["pending"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p["seat"].as_u64())
            .collect();
        assert!(
            !waiting.is_empty() && waiting.iter().all(|s| mine.contains(s)),
            "a solo game waits only for the person's seats: {waiting:?}"
        );
        assert_eq!(game["your_turn"], true);
        let seat = waiting[0];
        let (_, legal) = c
            .get(&format!("/v1/games/{id}/actions?seat={seat}"), Some(token))
            .await;
        let actions = legal["actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "{legal}");
        // Prefer ending the turn now and then, so the NPCs get to play.
        let action = actions
            .iter()
            .find(|a| a["type"] == "end_turn" && moves % 3 == 0)
            .unwrap_or(&actions[moves % actions.len()])
            .clone();
        let (status, body) = c
            .post(
                &format!("/v1/games/{id}/actions?seat={seat}"),
                Some(token),
                json!({"action": action, "expected_version": legal["version"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{action} -> {body}");
        moves += 1;
    }
}

/// Plays game `id` to its end as its people: `people` pairs each person's
/// seat with its token; a person waited for goes round its legal actions,
/// and while the game waits only for bots it waits for their moves.
pub async fn people_to_the_end(c: &Client, id: &str, people: &[(u64, String)]) {
    let mut moves = 0;
    loop {
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        if game["game"]["status"] == "finished" {
            return;
        }
        let waiting = game["pending"].as_array().expect("pending");
        let Some((_, token)) = waiting
            .iter()
            .find_map(|p| people.iter().find(|(s, _)| p["seat"].as_u64() == Some(*s)))
        else {
            // The bots' turn: wait for their move.
            let version = game["version"].as_u64().unwrap_or(0);
            c.get(
                &format!("/v1/games/{id}/events?after={version}&wait=2&limit=1"),
                None,
            )
            .await;
            continue;
        };
        let (status, body) = c.play_pick(id, token, moves).await.expect("an action");
        assert_eq!(status, StatusCode::OK, "{body}");
        moves += 1;
        assert!(moves < 5_000, "the game does not end");
    }
}

/// Plays a card game of `players` bots of one `policy` with `options` to its
/// end, checks its audit, and returns its events as a spectator sees them.
pub async fn bots_to_the_end(
    c: &Client,
    policy: &str,
    (players, seed, options): (u64, u64, &Value),
) -> Vec<Value> {
    let seats: Vec<Value> = (0..players).map(|_| json!({"bot": policy})).collect();
    let (id, _) = c
        .create(
            json!({"ruleset": "bang", "players": players, "seats": seats,
                   "options": options, "seed": seed}),
        )
        .await;
    let game = c.settle(&id, None).await;
    assert_eq!(game["game"]["status"], "finished", "{policy}: {game}");
    assert_audited(c, &id).await;
    c.all_events(&id, None, "").await
}

/// The audit of a finished game finds its chain valid and its dice fair.
pub async fn assert_audited(c: &Client, id: &str) {
    let (_, audit) = c.get(&format!("/v1/games/{id}/audit"), None).await;
    assert_eq!(
        (audit["valid"].clone(), audit["fair"].clone()),
        (json!(true), json!(true)),
        "{audit}"
    );
}
