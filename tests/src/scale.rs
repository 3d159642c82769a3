//! Many finished games: a store filled with them in bulk, and the reads a
//! server answers on it, timed (the `scale` tool, and its test at 10,000
//! games).
//!
//! **The fill.** A few games of each kind (dice and its modules, the card
//! game and its expansions, 4 to 8 players) are played to their end over
//! HTTP on a scratch server: two person seats going round their legal
//! actions, `normal` bots in the others. These templates are then written
//! into the target store again and again under new ids
//! ([`store::transfer::Transfer::write_bulk`], in batches, not through
//! HTTP): each copy keeps its template's log byte for byte (so its chain
//! and audit hold), gets a creation time spread over the past year, and
//! gives its person seats to player accounts with their inbox entries, one
//! player holding [`Plan::heavy_games`] of them. The mix follows
//! [`KINDS`]' weights.
//!
//! **The reads.** [`measure`] times, one request at a time, each list filter
//! (first and deeper pages), a heavy player's inbox, profile and archive
//! pages, a game's view cold and cached, rewinds and the audit of the
//! longest game.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use store::transfer::{DocExport, GameExport, Transfer};
use store::{DocWrite, GameId, Store, StoreError};

use crate::TestServer;
use crate::play::people_to_the_end;

/// A kind of game in the mix: what a table creates, and how often.
pub struct Kind {
    /// A short label for reports.
    pub label: &'static str,
    /// The ruleset.
    pub ruleset: &'static str,
    /// The options, as JSON text.
    pub options: &'static str,
    /// Its share of the mix, in parts of [`KINDS`]' total.
    pub weight: u32,
}

/// The mix of a filled store: the dice game most, then the card game and
/// its expansions.
pub const KINDS: [Kind; 6] = [
    Kind {
        label: "dice",
        ruleset: "dice",
        options: "{}",
        weight: 30,
    },
    Kind {
        label: "dice+modules",
        ruleset: "dice",
        options: r#"{"modules": ["special_roles", "chief_arrow", "loudmouth_coward"]}"#,
        weight: 20,
    },
    Kind {
        label: "bang",
        ruleset: "bang",
        options: "{}",
        weight: 20,
    },
    Kind {
        label: "bang+gold",
        ruleset: "bang",
        options: r#"{"expansions": ["gold_rush"]}"#,
        weight: 10,
    },
    Kind {
        label: "bang+train",
        ruleset: "bang",
        options: r#"{"expansions": ["train_robbery"]}"#,
        weight: 10,
    },
    Kind {
        label: "bang+both",
        ruleset: "bang",
        options: r#"{"expansions": ["gold_rush", "train_robbery"]}"#,
        weight: 10,
    },
];

/// The seats of a template game its people hold (the others are bots).
const PERSON_SEATS: [usize; 2] = [0, 1];

/// What to fill a store with.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Finished games to write.
    pub games: u64,
    /// Templates played per kind (each with another player count and seed).
    pub templates_per_kind: usize,
    /// Games of the one heavy player, whose inbox is measured.
    pub heavy_games: u64,
    /// Games per bulk write.
    pub batch: usize,
    /// Seeds the templates' deals and the copies' ids, times and players
    /// (the templates' bots seed their choices by game id, which the store
    /// draws: two fills differ in their templates' courses).
    pub seed: u64,
}

/// A finished game to copy, with its kind.
pub struct Template {
    /// Index in [`KINDS`].
    pub kind: usize,
    /// The game as stored.
    pub game: GameExport,
    /// Every seat's role at its end.
    pub roles: Vec<Option<engine::Role>>,
    /// Its winning seats.
    pub winners: Vec<u8>,
}

impl Template {
    /// `game` with its end's roles and winners, folded from its log, and
    /// its chain key (its seed is public now that it is finished), so that
    /// a store packing it leaves out its commitments.
    fn of(kind: usize, mut game: GameExport) -> Template {
        let data = &game.record.data;
        game.chain_key = data["seed"]
            .as_str()
            .filter(|_| data["chain"].as_u64() == Some(2))
            .and_then(|seed| seed.parse::<engine::core::Seed>().ok())
            .map(|seed| engine::core::chain::chain_key(&seed));
        let mut state = api::ruleset::new_game(&game.record.ruleset).expect("a known ruleset");
        for envelope in &game.envelopes {
            let envelope: Value = serde_json::from_str(envelope).expect("a stored envelope");
            state
                .apply(&envelope["event"])
                .expect("a stored event folds");
        }
        Template {
            kind,
            roles: state.roles(),
            winners: state.winners().map(|w| w.seats).unwrap_or_default(),
            game,
        }
    }
}

/// Plays `per_kind` games of each of [`KINDS`] to their end on a scratch
/// server and returns them as stored.
pub async fn play_templates(per_kind: usize, seed: u64) -> Vec<Template> {
    let mut server = TestServer::start_with_bots().await;
    let c = server.client();
    let mut played = Vec::new();
    for (kind, k) in KINDS.iter().enumerate() {
        for n in 0..per_kind {
            let players = 4 + (kind + n) % 5;
            let mut seats = vec![json!({"name": "Ann"}), json!({"name": "Bob"})];
            seats.extend((2..players).map(|_| json!({"bot": "normal"})));
            let options: Value = serde_json::from_str(k.options).expect("kind options");
            let (id, tokens) = c
                .create(
                    json!({"ruleset": k.ruleset, "players": players, "seats": seats,
                               "options": options, "seed": seed + n as u64}),
                )
                .await;
            let people: Vec<(u64, String)> = PERSON_SEATS
                .iter()
                .map(|&s| (s as u64, tokens[s].clone()))
                .collect();
            people_to_the_end(&c, &id, &people).await;
            played.push((kind, id.parse::<GameId>().expect("a game id")));
        }
    }
    server.stop().await;
    let store = server.open_store().await;
    let mut templates = Vec::new();
    for (kind, id) in played {
        let game = store
            .export_game(id)
            .await
            .expect("export")
            .expect("the template is stored");
        templates.push(Template::of(kind, game));
    }
    templates
}

/// What a fill wrote, and what [`measure`] needs to find in it.
#[derive(Clone, Debug)]
pub struct Filled {
    /// Games written.
    pub games: u64,
    /// Their envelopes.
    pub events: u64,
    /// Player accounts written.
    pub players: u64,
    /// The heavy player's key (`Authorization: Bearer`).
    pub heavy_key: String,
    /// The heavy player's games.
    pub heavy_games: u64,
    /// Games written, by kind label.
    pub by_kind: Vec<(String, u64)>,
    /// A copy of the longest template (rewind and audit).
    pub long_game: GameId,
    /// Its envelopes.
    pub long_events: u64,
    /// Games spread over the fill (views).
    pub sample: Vec<GameId>,
    /// How long the writes took.
    pub wall: Duration,
}

impl Filled {
    /// As JSON, to measure the same store again later (`scale --measure-only`).
    pub fn to_json(&self) -> Value {
        json!({
            "games": self.games, "events": self.events, "players": self.players,
            "heavy_key": self.heavy_key, "heavy_games": self.heavy_games, "by_kind": self.by_kind,
            "long_game": self.long_game, "long_events": self.long_events,
            "sample": self.sample, "wall_s": self.wall.as_secs_f64(),
        })
    }

    /// Read back from [`Filled::to_json`].
    pub fn from_json(v: &Value) -> Option<Filled> {
        let ids = |v: &Value| -> Option<Vec<GameId>> {
            v.as_array()?
                .iter()
                .map(|id| id.as_str()?.parse().ok())
                .collect()
        };
        Some(Filled {
            games: v["games"].as_u64()?,
            events: v["events"].as_u64()?,
            players: v["players"].as_u64()?,
            heavy_key: v["heavy_key"].as_str()?.to_string(),
            heavy_games: v["heavy_games"].as_u64()?,
            by_kind: serde_json::from_value(v["by_kind"].clone()).ok()?,
            long_game: v["long_game"].as_str()?.parse().ok()?,
            long_events: v["long_events"].as_u64()?,
            sample: ids(&v["sample"])?,
            wall: Duration::from_secs_f64(v["wall_s"].as_f64()?),
        })
    }
}

/// The `i`-th id of a fill: a bijection of `i` (splitmix64's finalizer), so
/// ids never collide and look random.
fn copy_id(seed: u64, i: u64) -> GameId {
    let mut z = i.wrapping_add(seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    GameId(z ^ (z >> 31))
}

/// The player account of pool number `n`.
fn pool_player(n: u64) -> String {
    format!("p_pool{n:010}")
}

/// The heavy player's id.
const HEAVY: &str = "p_heavy";

fn exported(doc: DocWrite) -> DocExport {
    DocExport {
        collection: doc.collection,
        key: doc.key,
        revision: 1,
        value: doc.value.unwrap_or(Value::Null),
    }
}

/// Writes `plan.games` copies of `templates` into `store` (empty, no server
/// on it), in batches; `progress` is told the games written so far after
/// each batch.
pub async fn fill(
    store: &Store,
    templates: &[Template],
    plan: &Plan,
    progress: impl Fn(u64),
) -> Result<Filled, StoreError> {
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(plan.seed);
    let total_weight: u32 = KINDS.iter().map(|k| k.weight).sum();
    let of_kind: Vec<Vec<&Template>> = (0..KINDS.len())
        .map(|k| templates.iter().filter(|t| t.kind == k).collect())
        .collect();
    let longest = templates
        .iter()
        .max_by_key(|t| t.game.envelopes.len())
        .ok_or_else(|| StoreError::Invalid("no templates".into()))?;
    // Each player holds about 40 games; the heavy one `heavy_games`.
    let pool = (plan.games * PERSON_SEATS.len() as u64 / 40).max(2);
    let now = Utc::now();
    let heavy_key = format!("{}{}", api::service::KEY_PREFIX, api::auth::new_token());
    let mut docs: Vec<DocExport> = api::service::account_docs(HEAVY, "Heavy", &heavy_key, now)
        .into_iter()
        .map(exported)
        .collect();
    let mut by_kind = vec![0u64; KINDS.len()];
    let mut filled = Filled {
        games: 0,
        events: 0,
        players: pool + 1,
        heavy_key,
        heavy_games: plan.heavy_games.min(plan.games),
        by_kind: Vec::new(),
        long_game: copy_id(plan.seed, 0),
        long_events: longest.game.envelopes.len() as u64,
        sample: Vec::new(),
        wall: Duration::ZERO,
    };
    let sample_every = (plan.games / 200).max(1);
    let mut batch: Vec<GameExport> = Vec::with_capacity(plan.batch);
    for i in 0..plan.games {
        let template = if i == 0 {
            longest
        } else {
            let mut pick = rng.random_range(0..total_weight);
            let kind = KINDS
                .iter()
                .position(|k| {
                    let hit = pick < k.weight;
                    pick = pick.saturating_sub(k.weight);
                    hit
                })
                .unwrap_or(0);
            let choices = &of_kind[kind];
            choices[rng.random_range(0..choices.len())]
        };
        by_kind[template.kind] += 1;
        let id = copy_id(plan.seed, i);
        if i % sample_every == 0 {
            filled.sample.push(id);
        }
        let mut game = template.game.clone();
        let lasted = game.record.updated_at - game.record.created_at;
        let created_at: DateTime<Utc> =
            now - chrono::Duration::milliseconds(rng.random_range(0..365 * 86_400_000));
        game.record.id = id;
        game.record.created_at = created_at;
        game.record.updated_at = created_at + lasted;
        let mut players: Vec<String> = Vec::with_capacity(PERSON_SEATS.len());
        for (n, &seat) in PERSON_SEATS.iter().enumerate() {
            let player = if n == 0 && i < plan.heavy_games {
                HEAVY.to_string()
            } else {
                // A player holds one seat of a game.
                loop {
                    let drawn = pool_player(rng.random_range(0..pool));
                    if !players.contains(&drawn) {
                        break drawn;
                    }
                }
            };
            players.push(player.clone());
            game.record.data["seats"][seat]["player"] = json!(player);
            let entry = api::service::FinishedSeat {
                seat: seat as u8,
                ruleset: Some(game.record.ruleset.clone()),
                roles: template.roles.clone(),
                won: Some(template.winners.contains(&(seat as u8))),
            };
            docs.extend(
                api::service::finished_entry(&player, id, &entry, game.record.updated_at)
                    .into_iter()
                    .map(exported),
            );
        }
        filled.events += game.envelopes.len() as u64;
        batch.push(game);
        if batch.len() == plan.batch || i + 1 == plan.games {
            store.write_bulk(&batch, &docs).await?;
            filled.games += batch.len() as u64;
            batch.clear();
            docs.clear();
            progress(filled.games);
        }
    }
    // The pool's accounts (no keys: only the heavy player signs in).
    for chunk in (0..pool).collect::<Vec<_>>().chunks(plan.batch * 8) {
        let docs: Vec<DocExport> = chunk
            .iter()
            .map(|&n| {
                let [account, _] = api::service::account_docs(&pool_player(n), "Pooled", "", now);
                exported(account)
            })
            .collect();
        store.write_bulk(&[], &docs).await?;
    }
    filled.by_kind = KINDS
        .iter()
        .map(|k| k.label.to_string())
        .zip(by_kind)
        .collect();
    filled.wall = started.elapsed();
    Ok(filled)
}

/// The times of one kind of read.
#[derive(Clone, Debug)]
pub struct Timing {
    /// What was read.
    pub read: String,
    /// Requests made.
    pub requests: usize,
    /// Median, in milliseconds.
    pub p50_ms: f64,
    /// 99th percentile, in milliseconds.
    pub p99_ms: f64,
    /// Slowest, in milliseconds.
    pub max_ms: f64,
}

impl std::fmt::Display for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "read={} requests={} p50_ms={:.2} p99_ms={:.2} max_ms={:.2}",
            self.read, self.requests, self.p50_ms, self.p99_ms, self.max_ms
        )
    }
}

fn timing(read: &str, mut times: Vec<Duration>) -> Timing {
    times.sort();
    let at = |p: f64| {
        let i = ((times.len().max(1) - 1) as f64 * p).round() as usize;
        times.get(i).map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    };
    Timing {
        read: read.to_string(),
        requests: times.len(),
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        max_ms: at(1.0),
    }
}

/// One timed GET; the body must be a 200's JSON.
async fn timed_get(
    http: &reqwest::Client,
    url: &str,
    token: Option<&str>,
) -> Result<(Duration, Value), String> {
    let started = Instant::now();
    let mut request = http.get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.map_err(|e| e.to_string())?;
    let status = response.status();
    let body = response.bytes().await.map_err(|e| e.to_string())?;
    let took = started.elapsed();
    if !status.is_success() {
        return Err(format!(
            "GET {url}: {status} {}",
            String::from_utf8_lossy(&body)
        ));
    }
    let body = serde_json::from_slice(&body).map_err(|e| format!("GET {url}: {e}"))?;
    Ok((took, body))
}

/// Times `pages` reads of a paged list from `first`, each page the one
/// after the last by its `next_cursor` (from `first` again after the last
/// page); every page must list some games.
async fn follow_pages(
    http: &reqwest::Client,
    first: &str,
    pages: usize,
) -> Result<Vec<Duration>, String> {
    let mut times = Vec::with_capacity(pages);
    let mut url = first.to_string();
    for _ in 0..pages {
        let (took, page) = timed_get(http, &url, None).await?;
        if page["games"].as_array().is_none_or(|g| g.is_empty()) {
            return Err(format!("an empty page at {url}"));
        }
        times.push(took);
        url = match page["next_cursor"].as_str() {
            Some(cursor) => format!("{first}&cursor={cursor}"),
            None => first.to_string(),
        };
    }
    Ok(times)
}

/// The list filters measured.
const FILTERS: [&str; 5] = [
    "",
    "status=finished",
    "ruleset=dice",
    "ruleset=bang",
    "status=finished&ruleset=bang",
];

/// Times the reads of a filled store on the server at `base`, each
/// `repeat` times (one request at a time). Fails on any answer but a 200,
/// and if what it reads does not match the fill.
pub async fn measure(base: &str, filled: &Filled, repeat: usize) -> Result<Vec<Timing>, String> {
    let http = bots::http_client().build().expect("an HTTP client");
    let mut out = Vec::new();
    for filter in FILTERS {
        // The first page, `repeat` times; then `repeat` pages deeper and
        // deeper by their cursors.
        let first = format!("{base}/v1/games?limit=50&{filter}");
        let mut times = Vec::new();
        for _ in 0..repeat {
            times.push(timed_get(&http, &first, None).await?.0);
        }
        out.push(timing(&format!("list_first_page[{filter}]"), times));
        let times = follow_pages(&http, &first, repeat).await?;
        out.push(timing(&format!("list_next_pages[{filter}]"), times));
    }
    let inbox = format!("{base}/v1/me/games");
    let mut times = Vec::new();
    for _ in 0..repeat {
        let (took, body) = timed_get(&http, &inbox, Some(&filled.heavy_key)).await?;
        let listed = body["games"].as_array().map_or(0, Vec::len);
        if listed != api::service::INBOX_FINISHED.min(filled.heavy_games as usize) {
            return Err(format!("the heavy inbox lists {listed} games"));
        }
        times.push(took);
    }
    out.push(timing("inbox[heavy player]", times));
    // The heavy player's profile tallies every one of his games.
    let profile = format!("{base}/v1/players/{HEAVY}");
    let mut times = Vec::new();
    for _ in 0..repeat {
        let (took, body) = timed_get(&http, &profile, None).await?;
        if body["played"].as_u64() != Some(filled.heavy_games) {
            return Err(format!("the heavy profile: {}", body["played"]));
        }
        times.push(took);
    }
    out.push(timing("profile[heavy player]", times));
    for filter in ["", "ruleset=bang"] {
        let first = format!("{base}/v1/players/{HEAVY}/games?limit=20&{filter}");
        let times = follow_pages(&http, &first, repeat).await?;
        out.push(timing(
            &format!("archive_pages[heavy player, {filter}]"),
            times,
        ));
    }
    // The same games twice: first from the store, then from the cache.
    for read in ["view_cold", "view_cached"] {
        let mut times = Vec::new();
        for id in filled.sample.iter().take(repeat.max(1) * 2) {
            let (took, view) = timed_get(&http, &format!("{base}/v1/games/{id}"), None).await?;
            if view["game"]["status"] != "finished" {
                return Err(format!("game {id} is not finished: {}", view["game"]));
            }
            times.push(took);
        }
        out.push(timing(read, times));
    }
    let long = format!("{base}/v1/games/{}", filled.long_game);
    for at in [
        filled.long_events / 4,
        filled.long_events / 2,
        filled.long_events - 1,
    ] {
        let mut times = Vec::new();
        for _ in 0..repeat.div_ceil(5) {
            times.push(timed_get(&http, &format!("{long}?at={at}"), None).await?.0);
        }
        out.push(timing(
            &format!("rewind[{} events, at {at}]", filled.long_events),
            times,
        ));
    }
    let mut times = Vec::new();
    for _ in 0..repeat.div_ceil(5) {
        let (took, audit) = timed_get(&http, &format!("{long}/audit"), None).await?;
        if audit["valid"] != true {
            return Err(format!("the long game's audit: {audit}"));
        }
        times.push(took);
    }
    out.push(timing(
        &format!("audit[{} events]", filled.long_events),
        times,
    ));
    Ok(out)
}
