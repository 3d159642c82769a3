//! Ratings (issue 35 §2): rated games (`"rated": true`) of player accounts
//! and bots move Weng-Lin ratings once each, per ruleset (and the solo mode
//! per level); the leaderboard, a holder's history and the profile show
//! them; `rebuild_ratings` (`bang-store ratings`) folds the rated games'
//! logs again and finds the same numbers.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use tests::{Client, TestServer};

/// Creates a player; returns its id and key.
async fn player(c: &Client, name: &str) -> (String, String) {
    let (status, body) = c.post("/v1/players", None, json!({"name": name})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (
        body["id"].as_str().unwrap().to_string(),
        body["key"].as_str().unwrap().to_string(),
    )
}

/// Creates a rated game with the player's seat first (`body` gives the
/// rest); returns its id.
async fn rated_game(c: &Client, (id, key): (&str, &str), mut body: Value) -> String {
    body["rated"] = json!(true);
    body["seats"] = json!([{"player": id}]);
    let (status, made) = c.post("/v1/games", Some(key), body).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    made["game"]["id"].as_str().unwrap().to_string()
}

/// Waits until `holder` has `games` rated games in `ruleset` (`mode`);
/// returns his history.
async fn rated(c: &Client, holder: &str, ruleset: &str, mode: &str, games: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (status, history) = c
            .get(
                &format!("/v1/players/{holder}/ratings?ruleset={ruleset}&mode={mode}&limit=100"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{history}");
        if history["current"]["games"].as_u64() == Some(games) {
            return history;
        }
        assert!(
            Instant::now() < deadline,
            "{holder} not rated {games} times: {history}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A history's changes follow each other: each one starts where the one
/// before it (the next in the list, newest first) ended.
fn assert_chained(history: &Value) {
    let changes = history["changes"].as_array().unwrap();
    for pair in changes.windows(2) {
        assert_eq!(pair[0]["before"], pair[1]["after"], "{history}");
    }
    let current = &history["current"];
    if let Some(newest) = changes.first() {
        assert_eq!(newest["after"]["rating"], current["rating"], "{history}");
    }
}

/// A rated all-bot dice game of four bots.
fn bots_game() -> Value {
    json!({"ruleset": "dice", "players": 4, "rated": true, "seats": [
        {"bot": "strong"}, {"bot": "normal"}, {"bot": "random"}, {"bot": "normal"}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_takes_accounts_and_bots_only_and_the_servers_seed() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, key) = player(&c, "Ann").await;
    let refused = [
        (
            json!({"ruleset": "dice", "players": 4, "rated": true, "seats": [{"name": "Ann"}]}),
            "seats[0] is neither",
        ),
        (
            json!({"ruleset": "dice", "players": 4, "rated": true, "seed": 7}),
            "seed",
        ),
        (
            json!({"ruleset": "dice", "players": 4, "rated": true,
                   "seats": [{}, {"bot": "strong", "budget_ms": 50}]}),
            "seats[1].budget_ms",
        ),
    ];
    for (body, names) in refused {
        let (status, problem) = c.post("/v1/games", Some(&key), body.clone()).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {problem}"
        );
        let detail = problem["detail"].as_str().unwrap();
        assert!(
            detail.starts_with("rated:") && detail.contains(names),
            "{detail}"
        );
    }
    let (status, problem) = c
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 4, "rated": "yes"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{problem}");

    // A rated open table: joined with a player key only.
    let (status, made) = c
        .post(
            "/v1/games",
            Some(&key),
            json!({"ruleset": "dice", "players": 4, "rated": true, "public": true,
                   "seats": [{"player": id}, {"open": true}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["game"]["rated"], true);
    let table = made["game"]["id"].as_str().unwrap();
    let (status, problem) = c
        .post(
            &format!("/v1/games/{table}/join"),
            None,
            json!({"name": "Bob"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{problem}");
    let (_, bob_key) = player(&c, "Bob").await;
    let (status, joined) = c
        .post(
            &format!("/v1/games/{table}/join"),
            Some(&bob_key),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    // An unrated game says nothing of it.
    let (plain, _) = c.create(json!({"ruleset": "dice", "players": 4})).await;
    let (_, view) = c.get(&format!("/v1/games/{plain}"), None).await;
    assert!(view["game"].get("rated").is_none(), "{view}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_bot_games_move_each_policy_once_per_game_and_rebuild_to_the_same_numbers() {
    let mut server = TestServer::start_with_bots().await;
    let c = server.client();
    const GAMES: u64 = 6;
    for _ in 0..GAMES {
        let (id, _) = c.create(bots_game()).await;
        let over = c.settle(&id, None).await;
        assert_eq!(over["game"]["status"], "finished");
    }
    // An unrated game moves nothing.
    let (id, _) = c
        .create(json!({"ruleset": "dice", "players": 4, "seats": [{"bot": "strong"}]}))
        .await;
    c.settle(&id, None).await;
    for policy in ["strong", "normal", "random"] {
        let history = rated(&c, &format!("bot:{policy}"), "dice", "table", GAMES).await;
        assert_eq!(history["kind"], "bot");
        assert_eq!(history["name"], format!("{policy} bot"));
        assert_eq!(history["changes"].as_array().unwrap().len() as u64, GAMES);
        assert_chained(&history);
        let sigma = history["current"]["uncertainty"].as_f64().unwrap();
        assert!(sigma < 25.0 / 3.0, "{history}");
    }
    let (status, board) = c.get("/v1/rulesets/dice/leaderboard", None).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    let entries = board["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3, "{board}");
    let scores: Vec<f64> = entries
        .iter()
        .map(|e| e["score"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{board}");
    assert_eq!(entries[0]["rank"], 1);
    assert!(
        entries
            .iter()
            .all(|e| e["games"] == GAMES && e["kind"] == "bot")
    );

    // A restart applies nothing twice.
    let before = board.clone();
    server.restart().await;
    let c = server.client();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, board) = c.get("/v1/rulesets/dice/leaderboard", None).await;
    assert_eq!(board, before);

    // The rebuild folds the six games from their logs: the same numbers.
    server.stop().await;
    let store = server.open_store().await;
    let report = api::service::rebuild_ratings(&store, false).await.unwrap();
    assert_eq!(report.games as u64, GAMES, "{report:?}");
    assert_eq!(report.holders, 3, "{report:?}");
    assert!(report.differing.is_empty(), "{report:?}");
    assert!(report.matches_differing.is_empty(), "{report:?}");
    assert_eq!(report.pending, 0);
    // Written again, they are still the same.
    let written = api::service::rebuild_ratings(&store, true).await.unwrap();
    assert!(written.differing.is_empty(), "{written:?}");
    drop(store);
    let server = TestServer::start_on(&server.data.clone()).await;
    let (_, board) = server
        .client()
        .get("/v1/rulesets/dice/leaderboard", None)
        .await;
    assert_eq!(board, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_rated_game_shows_on_his_profile_history_and_the_leaderboard() {
    let server = TestServer::start_with_bots().await;
    let c = server.client();
    let (id, key) = player(&c, "Ann").await;
    let game = rated_game(&c, (&id, &key), json!({"ruleset": "dice", "players": 4})).await;
    let mut moves = 0;
    loop {
        let view = c.settle(&game, Some(0)).await;
        if view["game"]["status"] == "finished" {
            break;
        }
        let (status, body) = c.play_pick(&game, &key, moves).await.expect("an action");
        assert_eq!(status, StatusCode::OK, "{body}");
        moves += 1;
        assert!(moves < 2_000, "the game does not end");
    }
    let history = rated(&c, &id, "dice", "table", 1).await;
    assert_eq!(history["kind"], "player");
    assert_eq!(history["name"], "Ann");
    let change = &history["changes"][0];
    assert_eq!(change["game"], game.as_str());
    assert_eq!(change["before"]["rating"], 25.0);
    let (_, view) = c.get(&format!("/v1/games/{game}"), None).await;
    // Her seat names her account, for links to her profile; bots have none.
    assert_eq!(view["game"]["seats"][0]["player"], id.as_str());
    assert!(view["game"]["seats"][1].get("player").is_none());
    let (_, archive) = c.get(&format!("/v1/players/{id}/games"), None).await;
    assert!(archive["games"][0]["finished_at"].is_string(), "{archive}");
    let won = view["game"]["winners"]["seats"]
        .as_array()
        .unwrap()
        .contains(&json!(0));
    assert_eq!(change["won"], won);
    assert_eq!(change["after"]["rating"].as_f64().unwrap() > 25.0, won);

    let (_, profile) = c.get(&format!("/v1/players/{id}"), None).await;
    assert_eq!(
        profile["ratings"],
        json!([history["current"].clone()]),
        "{profile}"
    );
    let (_, board) = c.get("/v1/rulesets/dice/leaderboard?limit=100", None).await;
    assert!(
        board["entries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["id"] == id.as_str() && e["kind"] == "player" && e["name"] == "Ann"),
        "{board}"
    );
    // Nothing in the card game yet.
    let (_, history) = c
        .get(&format!("/v1/players/{id}/ratings?ruleset=bang"), None)
        .await;
    assert!(history.get("current").is_none(), "{history}");
    assert_eq!(history["changes"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_solo_game_rates_the_person_against_its_level() {
    let server = TestServer::start().await;
    let c = server.client();
    let (id, key) = player(&c, "Ann").await;
    let body = json!({"ruleset": "bang", "players": 6,
        "options": {"mode": "lone_gunslinger", "difficulty": 2, "night_brings_chaos": true}});
    let game = rated_game(&c, (&id, &key), body).await;
    tests::play::solo_to_the_end(&c, &game, &key, &|_| {}).await;
    let level = "solo:2+night_brings_chaos";
    let mine = rated(&c, &id, "bang", "solo", 1).await;
    let theirs = rated(&c, level, "bang", "solo", 1).await;
    assert_eq!(theirs["kind"], "solo_level");
    assert_eq!(theirs["name"], "level 2, night brings chaos");
    assert_ne!(mine["changes"][0]["won"], theirs["changes"][0]["won"]);
    let (_, board) = c.get("/v1/rulesets/bang/leaderboard?mode=solo", None).await;
    let ids: Vec<&str> = board["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "{board}");
    assert!(
        ids.contains(&level) && ids.contains(&id.as_str()),
        "{board}"
    );
    // The table games' board of the card game has nobody.
    let (_, board) = c.get("/v1/rulesets/bang/leaderboard", None).await;
    assert_eq!(board["entries"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_leaderboard_and_history_queries_are_refused_clearly() {
    let server = TestServer::start().await;
    let c = server.client();
    let cases = [
        (
            "/v1/rulesets/chess/leaderboard",
            StatusCode::NOT_FOUND,
            "no ruleset",
        ),
        (
            "/v1/rulesets/dice/leaderboard?mode=duel",
            StatusCode::BAD_REQUEST,
            "mode",
        ),
        (
            "/v1/rulesets/dice/leaderboard?limit=0",
            StatusCode::BAD_REQUEST,
            "limit",
        ),
        (
            "/v1/rulesets/dice/leaderboard?top=3",
            StatusCode::BAD_REQUEST,
            "top",
        ),
        (
            "/v1/players/bot:strong/ratings",
            StatusCode::BAD_REQUEST,
            "ruleset",
        ),
        (
            "/v1/players/bot:strong/ratings?ruleset=go",
            StatusCode::BAD_REQUEST,
            "ruleset",
        ),
        (
            "/v1/players/bot:strong/ratings?ruleset=dice&cursor=zz",
            StatusCode::BAD_REQUEST,
            "cursor",
        ),
        (
            "/v1/players/bot:clever/ratings?ruleset=dice",
            StatusCode::NOT_FOUND,
            "bot:clever",
        ),
        (
            "/v1/players/p_nobody/ratings?ruleset=dice",
            StatusCode::NOT_FOUND,
            "p_nobody",
        ),
        (
            "/v1/players/solo:9/ratings?ruleset=bang&mode=solo",
            StatusCode::NOT_FOUND,
            "solo:9",
        ),
    ];
    for (path, status, names) in cases {
        let (got, problem) = c.get(path, None).await;
        assert_eq!(got, status, "{path}: {problem}");
        assert!(
            problem["detail"].as_str().unwrap().contains(names),
            "{path}: {problem}"
        );
    }
    // The dice game has no solo mode: nobody on its board.
    let (status, board) = c.get("/v1/rulesets/dice/leaderboard?mode=solo", None).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    assert_eq!(board["entries"], json!([]));
    // A bot that has not played rated games yet has an empty history.
    let (status, history) = c
        .get("/v1/players/bot:strong/ratings?ruleset=bang", None)
        .await;
    assert_eq!(status, StatusCode::OK, "{history}");
    assert_eq!(history["changes"], json!([]));
    assert!(history.get("current").is_none());
}
