//! The web client (issue 16) in a real browser: headless Chromium driven over
//! WebDriver (`/usr/bin/chromedriver`, started here on a free port) against a
//! test server with the embedded bot worker. A person creates games from the
//! form and plays them to the end by clicking the buttons the page lists (a
//! dice game, a card game answering a BANG! aimed at her, a solo game); a
//! second browser watches as a spectator; an open table joined from its
//! invite link, with chat; the replay slider, the audit and a fork;
//! the keyboard alone; accessible names, 375 px and the first page's weight.
//!
//! Without chromedriver each test says it is skipped and passes (`.ci/run`
//! installs `chromium` and `chromium-driver`). On failure, a screenshot of each
//! browser is kept in `target/browser-screenshots/`. The browser tests run
//! one at a time (a mutex) and print their time and the total.

use std::future::Future;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use tests::TestServer;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const TAB: char = '\u{E004}';
const ENTER: char = '\u{E007}';
const HOME: char = '\u{E011}';
const RIGHT: char = '\u{E014}';

/// One browser test at a time (2 cores: Chromium, the server and the bots).
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
/// The time all browser tests took so far.
static TOTAL: Mutex<Duration> = Mutex::new(Duration::ZERO);

/// A chromedriver process on a free port; killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    /// Starts chromedriver, or `None` (and says the test is skipped) when
    /// it is not installed.
    async fn start(test: &str) -> Option<Driver> {
        if !Path::new(CHROMEDRIVER).exists() {
            println!(
                "{test}: skipped: install chromium chromium-driver (apt-get install chromium chromium-driver)"
            );
            return None;
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while reqwest::get(format!("{}/status", driver.url))
            .await
            .is_err()
        {
            assert!(Instant::now() < deadline, "chromedriver did not answer");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Some(driver)
    }
}

/// Opens browsers for a test, and keeps them for screenshots if it fails.
#[derive(Clone)]
struct Browsers {
    url: String,
    opened: Arc<Mutex<Vec<(Client, tempfile::TempDir)>>>,
}

impl Browsers {
    /// A new headless Chromium session with a fresh profile, `width` px wide.
    async fn open(&self, width: u32) -> Client {
        let profile = tempfile::tempdir().expect("profile dir");
        let args = [
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            format!("--window-size={width},900"),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        let mut options = json!({"args": args, "binary": "/usr/bin/chromium"});
        if width < 500 {
            // A window is at least 500 px wide: a phone's screen is emulated.
            options["mobileEmulation"] = json!({"deviceMetrics":
                {"width": width, "height": 800, "pixelRatio": 1.0, "mobile": true, "touch": false}});
        }
        let mut caps = serde_json::Map::new();
        caps.insert("goog:chromeOptions".into(), options);
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a browser session");
        self.opened.lock().unwrap().push((client.clone(), profile));
        client
    }

    fn all(&self) -> Vec<Client> {
        let opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        opened.iter().map(|(c, _)| c.clone()).collect()
    }
}

/// Runs one browser test: serially, bounded by `limit`, with a screenshot of
/// each browser in `target/browser-screenshots/<name>-<n>.png` if it fails.
async fn run<F, Fut>(name: &str, limit: Duration, body: F)
where
    F: FnOnce(Browsers, Arc<TestServer>) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let _one = SERIAL.lock().await;
    let started = Instant::now();
    let Some(driver) = Driver::start(name).await else {
        return;
    };
    let server =
        Arc::new(TestServer::start_with(|c| c.bots = api::config::BotsMode::Embedded).await);
    let browsers = Browsers {
        url: driver.url.clone(),
        opened: Arc::default(),
    };
    let task = tokio::spawn(body(browsers.clone(), server.clone()));
    let abort = task.abort_handle();
    let failure = match tokio::time::timeout(limit, task).await {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(format!("{e}")),
        Err(_) => Some(format!("timed out after {limit:?}")),
    };
    let took = started.elapsed();
    let total = {
        let mut total = TOTAL.lock().unwrap_or_else(|e| e.into_inner());
        *total += took;
        *total
    };
    println!(
        "browser test {name}: {:.1} s (browser tests so far: {:.1} s)",
        took.as_secs_f64(),
        total.as_secs_f64()
    );
    if let Some(failure) = &failure {
        let dir = screenshot_dir();
        for (i, client) in browsers.all().iter().enumerate() {
            if let Ok(png) = client.screenshot().await {
                let path = dir.join(format!("{name}-{i}.png"));
                let _ = std::fs::write(&path, png);
                println!("screenshot: {}", path.display());
            }
        }
        if let Some(stats) = server.bot_stats() {
            use std::sync::atomic::Ordering::Relaxed;
            println!(
                "bot worker: applied {} stale {} refused {} failures {}",
                stats.applied.load(Relaxed),
                stats.stale.load(Relaxed),
                stats.refused.load(Relaxed),
                stats.failures.load(Relaxed)
            );
        }
        println!("{name}: {failure}");
    }
    abort.abort();
    for client in browsers.all() {
        let _ = client.close().await;
    }
    drop(driver);
    if let Some(failure) = failure {
        panic!("{name}: {failure}");
    }
}

fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let dir = target.join("browser-screenshots");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Runs `script` in the page and returns its value.
async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script runs")
}

/// Waits up to `secs` for `script` to return true.
async fn until(c: &Client, secs: u64, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if js(c, script).await == Value::Bool(true) {
            return;
        }
        assert!(Instant::now() < deadline, "waited {secs} s for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The game id in the page's address (`#/g/{id}`).
async fn game_id(c: &Client) -> String {
    until(c, 20, "a game page", "return /^#\\/g\\/[0-9a-f]+$/.test(location.hash) && !!document.querySelector('#status-line[data-status]')").await;
    let hash = js(c, "return location.hash").await;
    hash.as_str()
        .unwrap()
        .trim_start_matches("#/g/")
        .to_string()
}

/// Fills the creation form: `ruleset`, `players`, `seed`, and `extra` (ids of
/// checkboxes and selects to set, as `(id, value)`), then clicks Create.
async fn create(
    c: &Client,
    base: &str,
    ruleset: &str,
    players: u32,
    seed: u64,
    extra: &[(&str, &str)],
) -> String {
    c.goto(&format!("{base}/")).await.expect("home");
    let form = c
        .wait()
        .for_element(Locator::Css("#create"))
        .await
        .expect("the form");
    form.find(Locator::Css("#ruleset"))
        .await
        .unwrap()
        .select_by_value(ruleset)
        .await
        .unwrap();
    for (id, value) in extra {
        let el = c.find(Locator::Css(&format!("#{id}"))).await.unwrap();
        if el.tag_name().await.unwrap() == "select" {
            el.select_by_value(value).await.unwrap();
        }
    }
    let n = c.find(Locator::Css("#players")).await.unwrap();
    if n.is_enabled().await.unwrap() {
        n.clear().await.unwrap();
        n.send_keys(&players.to_string()).await.unwrap();
    }
    c.find(Locator::Css("#create details summary"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.find(Locator::Css("#seed"))
        .await
        .unwrap()
        .send_keys(&seed.to_string())
        .await
        .unwrap();
    c.find(Locator::Css("#create-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    game_id(c).await
}

/// What the game page shows now.
async fn page(c: &Client) -> Value {
    js(
        c,
        "const s = document.querySelector('#status-line');
         const a = document.querySelector('#actions');
         return {
           status: s ? s.dataset.status : null,
           version: s ? Number(s.dataset.version) : 0,
           reaction: !!(a && a.classList.contains('reaction')),
           decision: a ? (a.dataset.decision || '') : '',
           types: [...document.querySelectorAll('#actions button.act:not([disabled])')].map(b => b.dataset.type),
           history: document.querySelectorAll('#history li').length,
           error: document.querySelector('#errors').textContent,
         };",
    )
    .await
}

/// Clicks the first enabled action button of the first type in `prefer`
/// that is listed, else the first button; false if none is shown.
async fn click_action(c: &Client, prefer: &[&str], types: &[Value]) -> bool {
    let pick = prefer
        .iter()
        .find(|t| types.iter().any(|x| x == **t))
        .map(|t| format!("#actions button.act[data-type=\"{t}\"]:not([disabled])"))
        .unwrap_or_else(|| "#actions button.act:not([disabled])".into());
    match c.find(Locator::Css(&pick)).await {
        Ok(button) => button.click().await.is_ok(),
        Err(_) => false,
    }
}

/// How a person plays: what she prefers on her turn and when answering.
struct Style {
    turn: &'static [&'static str],
    answer: &'static [&'static str],
}

/// Plays the game on the page to its end by clicking; returns the decisions
/// she answered in a reaction window (e.g. `shot`).
async fn play_to_the_end(c: &Client, style: &Style, secs: u64) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut answered = Vec::new();
    let mut clicks = 0;
    loop {
        let now = page(c).await;
        if now["status"] == "finished" {
            println!(
                "finished after {clicks} clicks at version {}",
                now["version"]
            );
            return answered;
        }
        if Instant::now() > deadline {
            let url = js(
                c,
                "return location.origin + '/v1/games/' + location.hash.split('/')[2]",
            )
            .await;
            let server = reqwest::get(url.as_str().unwrap_or_default()).await.ok();
            let server = match server {
                Some(r) => r.text().await.unwrap_or_default(),
                None => String::new(),
            };
            let pending: Value = serde_json::from_str(&server).unwrap_or_default();
            panic!(
                "the game did not end in {secs} s: the page shows {now}; the server: version {} pending {}",
                pending["version"], pending["pending"]
            );
        }
        let types = now["types"].as_array().cloned().unwrap_or_default();
        if !types.is_empty() {
            let reaction = now["reaction"] == true;
            let prefer = if reaction { style.answer } else { style.turn };
            if click_action(c, prefer, &types).await {
                clicks += 1;
                if reaction {
                    answered.push(now["decision"].as_str().unwrap_or("").to_string());
                }
                // The buttons are disabled until the page has read the game again.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dice_game_created_from_the_form_played_to_the_end_and_watched_live() {
    run(
        "dice_game",
        Duration::from_secs(240),
        |browsers, server| async move {
            let ann = browsers.open(1200).await;
            let id = create(&ann, &server.base, "dice", 4, 11, &[]).await;
            // A second browser watches as a spectator: no token in its profile.
            let watcher = browsers.open(1200).await;
            watcher
                .goto(&format!("{}/#/g/{id}", server.base))
                .await
                .unwrap();
            until(
                &watcher,
                20,
                "the spectator's page",
                "return !!document.querySelector('#status-line[data-status]')",
            )
            .await;
            let before = page(&watcher).await;
            assert_eq!(
                js(
                    &watcher,
                    "return document.querySelector('#actions h2').textContent"
                )
                .await,
                "Watching"
            );
            let style = Style {
                turn: &["stop", "roll", "shoot", "end_turn"],
                answer: &["pass"],
            };
            play_to_the_end(&ann, &style, 150).await;
            // The spectator's page followed the game without a reload.
            until(
                &watcher,
                30,
                "the spectator to see the end",
                "return document.querySelector('#status-line').dataset.status === 'finished'",
            )
            .await;
            let after = page(&watcher).await;
            assert!(
                after["history"].as_u64() > before["history"].as_u64()
                    && after["version"].as_u64() > before["version"].as_u64(),
                "the spectator saw no new event: {before} then {after}"
            );
            assert_eq!(
                js(
                    &watcher,
                    "return performance.getEntriesByType('navigation').length"
                )
                .await,
                json!(1),
                "the spectator's page was reloaded"
            );
            let (_, game) = server.client().get(&format!("/v1/games/{id}"), None).await;
            assert_eq!(game["game"]["status"], "finished");
            assert_eq!(
                after["version"], game["version"],
                "the spectator's page is behind"
            );
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_table_joined_from_its_invite_link_with_chat_in_the_history() {
    run("open_table", Duration::from_secs(120), |browsers, server| async move {
        let ann = browsers.open(1200).await;
        ann.goto(&format!("{}/", server.base)).await.unwrap();
        ann.wait().for_element(Locator::Css("#seat-kind-1")).await.unwrap();
        ann.find(Locator::Css("#seat-kind-1")).await.unwrap().select_by_value("open").await.unwrap();
        ann.find(Locator::Css("#create-game")).await.unwrap().click().await.unwrap();
        let id = game_id(&ann).await;
        until(&ann, 20, "the invite link", "return !!document.querySelector('#share input.share-link')").await;
        assert_eq!(js(&ann, "return document.querySelector('#status-line').dataset.status").await, "open");
        let invite = js(&ann, "return document.querySelector('#share input.share-link').value").await;
        let invite = invite.as_str().unwrap().to_string();
        assert!(invite.contains(&format!("#/join/{id}/")), "{invite}");
        // Bob opens the invite in his own browser and joins: the table starts.
        let bob = browsers.open(1200).await;
        bob.goto(&invite).await.unwrap();
        bob.wait().for_element(Locator::Css("#join-name")).await.unwrap().send_keys("Bob").await.unwrap();
        bob.find(Locator::Css("#join button[type=submit]")).await.unwrap().click().await.unwrap();
        assert_eq!(game_id(&bob).await, id);
        until(&bob, 20, "the game to start", "return document.querySelector('#status-line').dataset.status !== 'open'").await;
        assert_eq!(js(&bob, "return document.querySelector('#who').textContent.startsWith('You play Bob')").await, true);
        // Bob says hello; Ann's history shows it without a reload.
        bob.find(Locator::Css("#chat-text")).await.unwrap().send_keys("Howdy, Ann").await.unwrap();
        bob.find(Locator::Css("#chat-form button")).await.unwrap().click().await.unwrap();
        until(&ann, 20, "Bob's message at Ann's", "return [...document.querySelectorAll('#history li.chat')].some(l => l.textContent.includes('Bob: Howdy, Ann'))").await;
        until(&ann, 20, "Ann's page to see the start", "return document.querySelector('#status-line').dataset.status !== 'open'").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_game_where_she_answers_a_bang_aimed_at_her() {
    run(
        "card_game",
        Duration::from_secs(420),
        |browsers, server| async move {
            let ann = browsers.open(1200).await;
            let style = Style {
                turn: &["end_turn", "discard"],
                answer: &["respond", "pass"],
            };
            // Seeded games; if one ends before a BANG! is aimed at her, the next.
            for seed in [5, 6, 7, 8] {
                create(&ann, &server.base, "bang", 4, seed, &[]).await;
                let answered = play_to_the_end(&ann, &style, 120).await;
                println!("seed {seed}: answered {answered:?}");
                if answered.iter().any(|d| d.split(' ').any(|k| k == "shot")) {
                    return;
                }
            }
            panic!("no BANG! was aimed at her in four games");
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_played_to_the_end() {
    run(
        "solo_game",
        Duration::from_secs(240),
        |browsers, server| async move {
            let ann = browsers.open(1200).await;
            let id = create(
                &ann,
                &server.base,
                "bang",
                6,
                3,
                &[("mode", "lone_gunslinger")],
            )
            .await;
            let (_, game) = server.client().get(&format!("/v1/games/{id}"), None).await;
            assert_eq!(game["game"]["options"]["mode"], "lone_gunslinger", "{game}");
            // Her two seats and the NPCs are drawn.
            until(
                &ann,
                20,
                "the NPCs",
                "return document.querySelectorAll('.player .tag').length === 4",
            )
            .await;
            let style = Style {
                turn: &["end_turn", "discard"],
                answer: &["respond", "pass"],
            };
            play_to_the_end(&ann, &style, 200).await;
            let (_, game) = server.client().get(&format!("/v1/games/{id}"), None).await;
            assert_eq!(game["game"]["status"], "finished");
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_slider_shows_a_version_and_the_audit_is_valid() {
    run("replay", Duration::from_secs(180), |browsers, server| async move {
        let c = server.client();
        let (id, _) = c
            .create(json!({"ruleset": "dice", "players": 4, "seats": [], "seed": 21}))
            .await;
        let game = c.settle(&id, None).await;
        assert_eq!(game["game"]["status"], "finished");
        let browser = browsers.open(1200).await;
        browser.goto(&format!("{}/#/replay/{id}", server.base)).await.unwrap();
        until(&browser, 30, "the audit", "return !!document.querySelector('#audit-valid')").await;
        assert_eq!(js(&browser, "return document.querySelector('#audit-valid').dataset.valid").await, "true");
        assert_eq!(js(&browser, "return document.querySelector('#audit-fair').textContent").await, "yes");
        // The slider, moved with the keyboard: Home (version 1), then 9 steps.
        let slider = browser.find(Locator::Css("#at")).await.unwrap();
        slider.click().await.unwrap();
        let mut keys = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: HOME })
            .then(KeyAction::Up { value: HOME });
        for _ in 0..9 {
            keys = keys.then(KeyAction::Down { value: RIGHT }).then(KeyAction::Up { value: RIGHT });
        }
        browser.perform_actions(keys).await.unwrap();
        until(&browser, 20, "version 10", "return document.querySelector('#board').dataset.version === '10'").await;
        let shown = js(&browser, "return document.querySelector('#at-shown').textContent").await;
        assert!(shown.as_str().unwrap().starts_with("10 of "), "{shown}");
        let latest = js(&browser, "return Math.max(...[...document.querySelectorAll('#history li')].map(l => Number(l.textContent.slice(1).split(' ')[0])))").await;
        assert_eq!(latest, json!(10), "history lines after version 10 are shown");
        // The page at version 10 is what the API says of version 10.
        let (_, at) = c.get(&format!("/v1/games/{id}?at=10"), None).await;
        let active = at["view"]["turn"]["active"].as_u64().unwrap();
        let heading = js(&browser, "return document.querySelector('.dice-board .turn h3').textContent").await;
        let name = at["game"]["seats"][active as usize]["name"].as_str().unwrap();
        assert!(heading.as_str().unwrap().starts_with(name), "{heading} vs {name}");
        // Fork where the game waited for its next decision after 10, and play on.
        let events = c.all_events(&id, None, "").await;
        let at = events
            .iter()
            .filter(|e| e["event"]["type"] == "acted")
            .map(|e| e["seq"].as_u64().unwrap() - 1)
            .find(|&v| v > 10)
            .expect("a decision after version 10");
        let mut keys = KeyActions::new("keyboard".into());
        for _ in 10..at {
            keys = keys.then(KeyAction::Down { value: RIGHT }).then(KeyAction::Up { value: RIGHT });
        }
        browser.perform_actions(keys).await.unwrap();
        until(&browser, 20, "the fork point", &format!("return document.querySelector('#board').dataset.version === '{at}'")).await;
        browser.find(Locator::Css("#fork")).await.unwrap().click().await.unwrap();
        let fork = game_id(&browser).await;
        assert_ne!(fork, id);
        let (_, forked) = c.get(&format!("/v1/games/{fork}"), None).await;
        assert_eq!(forked["game"]["forked_from"]["game"], id, "{forked}");
        assert_eq!(forked["game"]["forked_from"]["at"], at, "{forked}");
    })
    .await;
}

/// The controls of the page without an accessible name (as outerHTML).
async fn unnamed_controls(c: &Client) -> Value {
    js(
        c,
        "const text = (el) => (el ? el.textContent : '').trim();
         const name = (el) =>
           (el.getAttribute('aria-label') || '').trim() ||
           (el.getAttribute('aria-labelledby') || '').split(/\\s+/).map((id) => text(document.getElementById(id))).join(' ').trim() ||
           [...(el.labels || [])].map(text).join(' ').trim() ||
           (['BUTTON', 'A', 'SUMMARY'].includes(el.tagName) ? text(el) : '') ||
           (el.getAttribute('title') || '').trim();
         return [...document.querySelectorAll('button, input, select, textarea, a[href], summary, [tabindex]:not([tabindex=\"-1\"])')]
           .filter((el) => !name(el)).map((el) => el.outerHTML.slice(0, 160));",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_alone_accessible_names_375_px_and_a_small_first_page() {
    run("keyboard", Duration::from_secs(300), |browsers, server| async move {
        let ann = browsers.open(375).await;
        ann.goto(&format!("{}/", server.base)).await.unwrap();
        until(&ann, 20, "the home page", "return !!document.querySelector('#create-game') && !document.querySelector('#recent-games li')?.textContent.startsWith('Loading')").await;
        // The first page's weight, as the browser transferred it.
        let bytes = js(
            &ann,
            "return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
               .reduce((n, e) => n + (e.transferSize || e.encodedBodySize || 0), 0)",
        )
        .await;
        let bytes = bytes.as_f64().unwrap();
        println!("first page: {bytes} bytes transferred");
        assert!(bytes > 1000.0 && bytes < 200.0 * 1024.0, "the first page is {bytes} bytes");
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls on the home page");
        let width = js(&ann, "return [document.documentElement.scrollWidth, window.innerWidth]").await;
        assert!(width[1].as_u64().unwrap() <= 375, "the window is {width}");
        assert!(width[0].as_u64().unwrap() <= 375, "horizontal scroll at 375 px: {width}");
        // Tab to the Create button and press Enter: a dice game against bots.
        let press = |key: char| KeyActions::new("keyboard".into()).then(KeyAction::Down { value: key }).then(KeyAction::Up { value: key });
        let mut tabs = 0;
        while js(&ann, "return document.activeElement && document.activeElement.id").await != "create-game" {
            ann.perform_actions(press(TAB)).await.unwrap();
            tabs += 1;
            assert!(tabs < 80, "Tab never reached the Create button");
        }
        ann.perform_actions(press(ENTER)).await.unwrap();
        let id = game_id(&ann).await;
        // Tab to the first action button (when her turn comes) and press Enter.
        until(&ann, 60, "her first action", "return !!document.querySelector('#actions button.act')").await;
        let before = page(&ann).await;
        let mut tabs = 0;
        while js(&ann, "return !!(document.activeElement && document.activeElement.matches('#actions button.act'))").await != true {
            ann.perform_actions(press(TAB)).await.unwrap();
            tabs += 1;
            assert!(tabs < 80, "Tab never reached an action button");
        }
        let label = js(&ann, "return document.activeElement.textContent").await;
        ann.perform_actions(press(ENTER)).await.unwrap();
        until(&ann, 20, "her move to be taken", &format!("return Number(document.querySelector('#status-line').dataset.version) > {}", before["version"])).await;
        // Her turn goes on (a roll is followed by re-rolls or stopping): the
        // focus stays at the list, one Tab reaches its first button.
        until(&ann, 30, "her next action", "return !!document.querySelector('#actions button.act:not([disabled])') || document.querySelector('#status-line').dataset.status === 'finished'").await;
        let again = page(&ann).await;
        if again["types"].as_array().is_some_and(|t| !t.is_empty()) {
            ann.perform_actions(press(TAB)).await.unwrap();
            let on = js(&ann, "return document.activeElement.matches('#actions button.act')").await;
            assert_eq!(on, true, "one Tab after a move does not reach the next action");
            println!("keyboard: a second move, one Tab after the first");
            ann.perform_actions(press(ENTER)).await.unwrap();
            until(&ann, 20, "her second move", &format!("return Number(document.querySelector('#status-line').dataset.version) > {}", again["version"])).await;
        }
        // And on to the end of the game, with the keyboard alone: Tab to
        // the first listed action, Enter, whenever she is asked.
        let mut moves = 0;
        loop {
            until(&ann, 120, "her next action or the end", "return !!document.querySelector('#actions button.act:not([disabled])') || document.querySelector('#status-line').dataset.status === 'finished'").await;
            let now = page(&ann).await;
            if now["status"] == "finished" {
                break;
            }
            let mut tabs = 0;
            while js(&ann, "return !!(document.activeElement && document.activeElement.matches('#actions button.act:not([disabled])'))").await != true {
                ann.perform_actions(press(TAB)).await.unwrap();
                tabs += 1;
                assert!(tabs < 120, "Tab never reached an action button");
            }
            ann.perform_actions(press(ENTER)).await.unwrap();
            until(&ann, 30, "her move to be taken", &format!("return Number(document.querySelector('#status-line').dataset.version) > {} || document.querySelector('#status-line').dataset.status === 'finished'", now["version"])).await;
            moves += 1;
            assert!(moves < 500, "the game does not end");
        }
        println!("keyboard: a whole dice game, {} more moves by Tab and Enter", moves);
        let c = server.client();
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        assert_eq!(game["game"]["status"], "finished", "{game}");
        let events = c.all_events(&id, None, "").await;
        assert!(
            events.iter().any(|e| e["actor"] == "0" && e["event"]["type"] != "chat"),
            "no event by her seat after pressing Enter on {label}"
        );
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls on the game page");
        let width = js(&ann, "return document.documentElement.scrollWidth").await;
        assert!(width.as_u64().unwrap() <= 375, "horizontal scroll at 375 px on the game page: {width}");
        // The replay screen too (hashes, the slider, the audit).
        ann.goto(&format!("{}/#/replay/{id}", server.base)).await.unwrap();
        until(&ann, 20, "the audit", "return !!document.querySelector('#audit-valid')").await;
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls on the replay page");
        let width = js(&ann, "return document.documentElement.scrollWidth").await;
        assert!(width.as_u64().unwrap() <= 375, "horizontal scroll at 375 px on the replay page: {width}");
    })
    .await;
}
