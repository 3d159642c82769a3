//! The browser tests' harness: chromedriver and headless Chromium sessions
//! (wide, or a 375 px phone), a test server with the embedded bot worker,
//! one test at a time with its time printed, screenshots on failure; and
//! what a person does at the table (open a game, tap what is lit, follow a
//! choice to its end), plus games brought to a moment through the API.

#![allow(dead_code)]

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

pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const TAB: char = '\u{E004}';
pub const ENTER: char = '\u{E007}';
pub const HOME: char = '\u{E011}';
pub const RIGHT: char = '\u{E014}';

/// One browser test at a time (2 cores: Chromium, the server and the bots).
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
/// The time all browser tests took so far.
static TOTAL: Mutex<Duration> = Mutex::new(Duration::ZERO);

/// A chromedriver process on a free port; killed when dropped.
pub struct Driver {
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
    /// Starts chromedriver, or `None` (and says the test is skipped).
    async fn start(test: &str) -> Option<Driver> {
        if !Path::new(CHROMEDRIVER).exists() {
            println!("{test}: skipped: install chromium chromium-driver");
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
        while bots::http_get(format!("{}/status", driver.url))
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
pub struct Browsers {
    url: String,
    opened: Arc<Mutex<Vec<(Client, tempfile::TempDir)>>>,
}

impl Browsers {
    /// A new headless Chromium session with a fresh profile, `width` px wide
    /// (a phone's screen, 800 px high, below 500 px).
    pub async fn open(&self, width: u32) -> Client {
        let profile = tempfile::tempdir().expect("profile dir");
        let args = [
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--hide-scrollbars".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            format!("--window-size={},900", width.max(500)),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        let mut options = json!({"args": args, "binary": "/usr/bin/chromium"});
        if width < 500 {
            options["mobileEmulation"] = json!({"deviceMetrics":
                {"width": width, "height": 800, "pixelRatio": 1.0, "mobile": true, "touch": true}});
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

/// Runs one browser test: serially, bounded by `limit`, on a server that
/// `edit` may configure, with a screenshot of each browser in
/// `target/browser-screenshots/<name>-<n>.png` if it fails.
pub async fn run_with<F, Fut>(
    name: &str,
    limit: Duration,
    edit: impl FnOnce(&mut api::config::Config),
    body: F,
) where
    F: FnOnce(Browsers, Arc<TestServer>) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let _one = SERIAL.lock().await;
    let started = Instant::now();
    let Some(driver) = Driver::start(name).await else {
        return;
    };
    let server = Arc::new(
        TestServer::start_with(|c| {
            c.bots = api::config::BotsMode::Embedded;
            edit(c);
        })
        .await,
    );
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
        for (i, client) in browsers.all().iter().enumerate() {
            if let Ok(png) = client.screenshot().await {
                let path = screenshot_dir().join(format!("{name}-{i}.png"));
                let _ = std::fs::write(&path, png);
                println!("screenshot: {}", path.display());
            }
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

/// [`run_with`] on the test server's usual configuration.
pub async fn run<F, Fut>(name: &str, limit: Duration, body: F)
where
    F: FnOnce(Browsers, Arc<TestServer>) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    run_with(name, limit, |_| {}, body).await;
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
pub async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script runs")
}

/// Runs `script` with `args` (arguments[0], …).
pub async fn js_with(c: &Client, script: &str, args: Vec<Value>) -> Value {
    c.execute(script, args).await.expect("script runs")
}

/// Waits up to `secs` for `script` to return true.
pub async fn until(c: &Client, secs: u64, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if js(c, script).await == Value::Bool(true) {
            return;
        }
        if Instant::now() > deadline {
            let page = js(c, "return [location.hash, document.querySelector('#prompt h2')?.textContent, document.getElementById('errors').textContent]").await;
            panic!("waited {secs} s for {what}; the page: {page}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Presses one key.
pub async fn press(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.expect("a key press");
}

/// Sets the page's preferences (the playback speed) for the whole session.
pub async fn prefs(c: &Client, base: &str, speed: &str) {
    c.goto(&format!("{base}/#/nowhere"))
        .await
        .expect("the client");
    js_with(
        c,
        "localStorage.setItem('bang.speed', JSON.stringify(arguments[0]))",
        vec![json!(speed)],
    )
    .await;
}

/// Opens a game with a seat's token, as its link does; waits for the table.
pub async fn open_game(c: &Client, base: &str, id: &str, token: Option<&str>) {
    let link = match token {
        Some(t) => format!("{base}/#/g/{id}?token={t}"),
        None => format!("{base}/#/g/{id}"),
    };
    c.goto(&link).await.expect("the game page");
    until(c, 20, "the table", "return !!document.querySelector('#prompt') && !!document.querySelector('#status-line[data-version]')").await;
}

/// The game id in the page's address (`#/g/{id}`), once its table is drawn.
pub async fn game_id(c: &Client) -> String {
    until(c, 30, "a game page", "return /^#\\/g\\/[0-9a-f]+$/.test(location.hash) && !!document.querySelector('#status-line[data-status]')").await;
    let hash = js(c, "return location.hash").await;
    hash.as_str()
        .unwrap()
        .trim_start_matches("#/g/")
        .to_string()
}

/// The version the page shows.
pub async fn version(c: &Client) -> u64 {
    js(
        c,
        "return Number(document.querySelector('#status-line')?.dataset.version || 0)",
    )
    .await
    .as_u64()
    .unwrap_or(0)
}

/// The version the page shows once it asks her something (her decision
/// drawn: a version read before the table's first answer would be 0).
pub async fn asked_version(c: &Client) -> u64 {
    until(c, 20, "her decision", "return !!document.querySelector('#tray.asking') && Number(document.querySelector('#status-line')?.dataset.version || 0) > 0").await;
    version(c).await
}

/// Taps (clicks) the element `css` as a person does: brought into view
/// above the tray first, then a real click.
pub async fn tap(c: &Client, css: &str) {
    js_with(
        c,
        "const e = document.querySelector(arguments[0]); if (e && !e.closest('#tray')) e.scrollIntoView({block: 'start'}); window.scrollBy(0, -60);",
        vec![json!(css)],
    )
    .await;
    let el = c
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("{css} is shown"));
    el.click()
        .await
        .unwrap_or_else(|e| panic!("tap {css}: {e}"));
}

/// Follows a choice to its end: the first word button, the confirmation or
/// the first lit thing, until the page's version moves past `from`.
pub async fn finish_choice(c: &Client, from: u64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while version(c).await <= from {
        assert!(
            Instant::now() < deadline,
            "the choice did not end in a post"
        );
        let next = js(
            c,
            "const b = document.querySelector('#prompt [data-choice^=\"opt:\"], #prompt [data-choice=confirm]');
             if (b) return '#prompt [data-choice=\"' + b.dataset.choice + '\"]';
             const l = document.querySelector('#tray .lit:not(.chosen), #table-box .lit:not(.chosen)');
             return l ? '[data-key=\"' + l.dataset.key + '\"].lit' : null;",
        )
        .await;
        if let Some(css) = next.as_str() {
            tap(c, css).await;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// One move by clicking, as a person playing along: a lit first touch
/// (preferring `prefer`'s buttons), followed to its post. False if the
/// page asks nothing of her.
pub async fn click_a_move(c: &Client, prefer: &[&str]) -> bool {
    let pick = js_with(
        c,
        "if (!document.querySelector('#tray.asking') || document.querySelector('#tray.busy')) return null;
         for (const p of arguments[0]) { if (document.querySelector('#prompt [data-choice=\"' + p + '\"]:not([disabled])')) return '#prompt [data-choice=\"' + p + '\"]'; }
         const b = document.querySelector('#prompt .buttons button:not([disabled]):not(.cancel)');
         if (b && b.dataset.choice) return '#prompt [data-choice=\"' + b.dataset.choice + '\"]';
         const l = document.querySelector('#tray .lit, #table-box .lit');
         return l ? '[data-key=\"' + l.dataset.key + '\"].lit' : null;",
        vec![json!(prefer)],
    )
    .await;
    let Some(css) = pick.as_str() else {
        return false;
    };
    let before = version(c).await;
    tap(c, css).await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    if version(c).await == before
        && js(
            c,
            "return !!document.querySelector('#tray.asking [data-choice=cancel]')",
        )
        .await
            == true
    {
        finish_choice(c, before).await;
    }
    true
}

/// Plays on by clicking until the game is over; returns the moves made.
pub async fn play_to_the_end(c: &Client, prefer: &[&str], secs: u64) -> usize {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut moves = 0;
    loop {
        if js(c, "return !!document.querySelector('#result')").await == true {
            println!(
                "finished after {moves} moves at version {}",
                version(c).await
            );
            return moves;
        }
        assert!(
            Instant::now() < deadline,
            "the game did not end in {secs} s"
        );
        if click_a_move(c, prefer).await {
            moves += 1;
        }
        tokio::time::sleep(Duration::from_millis(120)).await;
    }
}

/// The controls of the page without an accessible name (as outerHTML).
pub async fn unnamed_controls(c: &Client) -> Value {
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
           .filter((el) => el.offsetParent !== null || el.tagName === 'DIALOG').filter((el) => !name(el)).map((el) => el.outerHTML.slice(0, 160));",
    )
    .await
}

/// How many requests the server answered 429 so far (all servers of this process).
pub async fn refused_429(server: &TestServer) -> u64 {
    let text = bots::http_get(format!("{}/metrics", server.base))
        .await
        .expect("metrics")
        .text()
        .await
        .unwrap_or_default();
    text.lines()
        .filter(|l| l.starts_with("bang_http_requests_total") && l.contains("status=\"429\""))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .sum()
}

/// Brings a new game to a moment: creates it through the API, then plays
/// seat 0 (its first listed action of the types in `prefer`, else its
/// first) until `at(state, actions)` holds when seat 0 is asked. Returns
/// the game id, seat 0's token and the actions then listed; None if the
/// game ended first.
pub async fn bring_to(
    server: &TestServer,
    body: Value,
    prefer: &[&str],
    at: impl Fn(&Value, &[Value]) -> bool,
) -> Option<(String, String, Vec<Value>)> {
    let (id, tokens) = server.client().create(body).await;
    let token = tokens[0].clone();
    let actions = continue_to(server, &id, &token, prefer, at).await?;
    Some((id, token, actions))
}

/// Plays seat 0 of a game (as [`bring_to`]) until the moment; its actions then.
pub async fn continue_to(
    server: &TestServer,
    id: &str,
    token: &str,
    prefer: &[&str],
    at: impl Fn(&Value, &[Value]) -> bool,
) -> Option<Vec<Value>> {
    let c = server.client();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(
            Instant::now() < deadline,
            "the game did not reach the moment"
        );
        let (_, state) = c.get(&format!("/v1/games/{id}"), Some(token)).await;
        if state["game"]["status"] == "finished" {
            return None;
        }
        if state["your_turn"] != true {
            let v = state["version"].as_u64().unwrap_or(0);
            c.get(
                &format!("/v1/games/{id}/events?after={v}&wait=2&limit=1"),
                None,
            )
            .await;
            continue;
        }
        let (_, legal) = c.get(&format!("/v1/games/{id}/actions"), Some(token)).await;
        let actions = legal["actions"].as_array().cloned().unwrap_or_default();
        if at(&state, &actions) {
            return Some(actions);
        }
        let pick = prefer
            .iter()
            .find_map(|t| actions.iter().find(|a| a["type"] == *t))
            .or(actions.first())
            .cloned();
        if let Some(action) = pick {
            c.post(
                &format!("/v1/games/{id}/actions"),
                Some(token),
                json!({"action": action, "expected_version": legal["version"]}),
            )
            .await;
        }
    }
}

/// [`bring_to`] over seeds until one reaches the moment.
pub async fn bring_any(
    server: &TestServer,
    body: impl Fn(u64) -> Value,
    seeds: std::ops::Range<u64>,
    prefer: &[&str],
    at: impl Fn(&Value, &[Value]) -> bool,
) -> (String, String, Vec<Value>) {
    for seed in seeds.clone() {
        if let Some(found) = bring_to(server, body(seed), prefer, &at).await {
            println!("seed {seed} reaches the moment");
            return found;
        }
    }
    panic!("no seed of {seeds:?} reaches the moment");
}

/// Waits until the game's log (as seat 0 sees it) has an event after
/// `after` that `want` accepts; returns it.
pub async fn event_after(
    server: &TestServer,
    id: &str,
    token: &str,
    after: u64,
    want: impl Fn(&Value) -> bool,
) -> Value {
    let c = server.client();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (_, page) = c
            .get(
                &format!("/v1/games/{id}/events?after={after}&limit=1000"),
                Some(token),
            )
            .await;
        if let Some(e) = page["events"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|e| want(e))
        {
            return e.clone();
        }
        assert!(
            Instant::now() < deadline,
            "no such event after {after}: {page}"
        );
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}
