//! The web client in a real browser (issues 16 and 31): headless Chromium
//! over WebDriver against a test server with the embedded bot worker, a
//! person tapping what the table lights up. A card turn (a card, then its
//! target), a dice turn (dice tapped, then Re-roll), a BANG! answered from
//! the prompt, a Gold Rush purchase, a railcar taken, a solo game, a special
//! role revealed, a Dodge City green card put into play and used, the end banner with every role and a rematch, two players'
//! accounts and the "your move" notice, 200 events followed without a 429,
//! the 375 px layout, the keyboard alone, accessible names, the first
//! page's weight, the replay with its audit and a fork, and the ratings:
//! a rated table set up from the form, the leaderboard and the profiles.
//!
//! Without chromedriver each test says it is skipped and passes (`.ci/run`
//! installs `chromium` and `chromium-driver`). One test at a time; each
//! prints its time and the total. `BANG_SCREENSHOTS=1` with `--ignored
//! screenshots` writes docs/screenshots/ (see the README).

mod browser_support;

use std::time::{Duration, Instant};

use browser_support::*;
use fantoccini::Locator;
use fantoccini::actions::InputSource;
use serde_json::{Value, json};

/// The catalog's entry for `card` (`Null` if it has none).
fn card_info<'c>(catalog: &'c Value, card: &Value) -> &'c Value {
    let id = card.as_u64().unwrap_or(0);
    catalog["cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or(&Value::Null)
}

fn kind_of(catalog: &Value, card: &Value) -> String {
    card_info(catalog, card)["kind"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Whether `card` is a green-bordered card (Dodge City, DC-3).
fn is_green(catalog: &Value, card: &Value) -> bool {
    card_info(catalog, card)["border"] == "green"
}

async fn bang_catalog(server: &tests::TestServer) -> Value {
    let (status, doc) = server.client().get("/v1/rulesets/bang", None).await;
    assert!(status.is_success(), "{doc}");
    doc["catalog"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_turn_is_played_by_touching_a_card_then_its_target() {
    run("card_turn", Duration::from_secs(120), |browsers, server| async move {
        let catalog = bang_catalog(&server).await;
        let bang = |a: &Value| a["type"] == "play" && a["target"].is_u64() && kind_of(&catalog, &a["card"]) == "bang";
        let (id, token, actions) = bring_any(&server, |s| json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": s}), 1..12, &["end_turn", "pass"], |_, a| a.iter().any(&bang)).await;
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        open_game(&ann, &server.base, &id, Some(&token)).await;
        // Her hand is drawn as cards, named as the catalog names them.
        let names = js(&ann, "return [...document.querySelectorAll('#hand .card')].map(c => [c.dataset.key, c.querySelector('.c-name').textContent])").await;
        for pair in names.as_array().unwrap() {
            let card: u64 = pair[0].as_str().unwrap().trim_start_matches("card:").parse().unwrap();
            let entry = catalog["cards"].as_array().unwrap().iter().find(|c| c["id"] == card).unwrap();
            assert_eq!(pair[1], entry["name"], "card {card}");
        }
        let shot = actions.iter().find(|a| bang(a)).unwrap().clone();
        let card = shot["card"].as_u64().unwrap();
        tap(&ann, &format!("#hand [data-key=\"card:{card}\"]")).await;
        // Exactly the players /actions lists as its targets light up, and they are those in reach.
        let mut want: Vec<u64> = actions.iter().filter(|a| a["type"] == "play" && a["card"] == card).filter_map(|a| a["target"].as_u64()).collect();
        want.sort();
        let lit = js(&ann, "return [...document.querySelectorAll('.others .seat.lit')].map(s => Number(s.dataset.seat)).sort()").await;
        assert_eq!(lit, json!(want), "lit targets");
        let reach = js(&ann, "return [...document.querySelectorAll('.others .seat')].filter(s => s.querySelector('.dist.reach')).map(s => Number(s.dataset.seat)).sort()").await;
        assert_eq!(reach, json!(want), "the players in reach on the table are the BANG!'s targets");
        let prompt = js(&ann, "return document.querySelector('#prompt').textContent").await;
        assert!(prompt.as_str().unwrap().contains("Choose a target"), "{prompt}");
        let target = want[0];
        let before = version(&ann).await;
        tap(&ann, &format!(".others .seat[data-seat=\"{target}\"] .seat-name")).await;
        let played = event_after(&server, &id, &token, before, |e| e["event"]["type"] == "card_played").await;
        assert_eq!(played["event"]["card"], card, "{played}");
        assert_eq!(played["event"]["target"], target, "{played}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dice_turn_is_played_by_tapping_dice() {
    run("dice_turn", Duration::from_secs(120), |browsers, server| async move {
        let (id, token, _) = bring_any(&server, |s| json!({"ruleset": "dice", "players": 4, "seats": [{"name": "Ann"}], "seed": s}), 1..12, &["stop", "pass"], |st, a| {
            st["pending"][0]["decision"]["kind"] == "first_roll" && a.iter().any(|x| x["type"] == "roll")
        })
        .await;
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        open_game(&ann, &server.base, &id, Some(&token)).await;
        // The dice are drawn as dice with pictures, not letters.
        tap(&ann, "#prompt [data-choice=\"btn:roll\"]").await;
        until(&ann, 20, "the re-roll", "return document.querySelectorAll('.die.toggle').length >= 2 || !!document.querySelector('#prompt [data-choice=\"btn:stop\"]')").await;
        let faces = js(&ann, "return [...document.querySelectorAll('#dice .die')].map(d => !!d.querySelector('svg') && !/[A-Za-z]/.test(d.textContent))").await;
        assert!(faces.as_array().unwrap().iter().all(|f| f == true), "dice as pictures: {faces}");
        let toggles = js(&ann, "return [...document.querySelectorAll('.die.toggle')].map(d => d.dataset.key)").await;
        let toggles: Vec<String> = toggles.as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect();
        assert!(toggles.len() >= 2, "two dice to re-roll: {toggles:?}");
        // No screen shows more than ~8 buttons.
        let buttons = js(&ann, "return document.querySelectorAll('#prompt button').length").await;
        assert!(buttons.as_u64().unwrap() <= 8, "{buttons} buttons");
        tap(&ann, &format!(".die[data-key=\"{}\"]", toggles[0])).await;
        tap(&ann, &format!(".die[data-key=\"{}\"]", toggles[1])).await;
        assert_eq!(js(&ann, "return document.querySelector('[data-choice=reroll]').textContent").await, "Re-roll 2 dice");
        let before = version(&ann).await;
        tap(&ann, "#prompt [data-choice=reroll]").await;
        let acted = event_after(&server, &id, &token, before, |e| e["event"]["type"] == "acted").await;
        let dice: Vec<String> = acted["event"]["action"]["dice"].as_array().unwrap().iter().map(|d| format!("die:{d}")).collect();
        assert_eq!(acted["event"]["action"]["type"], "reroll", "{acted}");
        let mut want = toggles[..2].to_vec();
        want.sort();
        assert_eq!(dice, want, "{acted}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bang_is_answered_from_the_prompt() {
    run("answer", Duration::from_secs(120), |browsers, server| async move {
        let asked = |st: &Value, a: &[Value]| st["pending"][0]["decision"]["kind"] == "shot" && a.iter().any(|x| x["type"] == "respond");
        let (id, token, actions) = bring_any(&server, |s| json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": s}), 5..20, &["end_turn", "pass"], asked).await;
        let ann = browsers.open(375).await;
        prefs(&ann, &server.base, "instant").await;
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let title = js(&ann, "return document.querySelector('#prompt h2').textContent").await;
        let title = title.as_str().unwrap();
        assert!(title.contains("shoots you") && title.contains("(needs 1 Missed!)"), "who and why: {title}");
        // Her answering cards are lit, and only those.
        let mut want: Vec<String> = actions.iter().filter(|a| a["type"] == "respond").map(|a| format!("card:{}", a["card"])).collect();
        want.sort();
        let lit = js(&ann, "return [...document.querySelectorAll('#tray .card.lit')].map(c => c.dataset.key).sort()").await;
        assert_eq!(lit, json!(want));
        let before = version(&ann).await;
        tap(&ann, &format!("#tray .card.lit[data-key=\"{}\"]", want[0])).await;
        let answered = event_after(&server, &id, &token, before, |e| e["event"]["type"] == "missed_played").await;
        assert_eq!(format!("card:{}", answered["event"]["card"]), want[0]);
        // Later, shot with nothing to answer: a hint about standing orders.
        let bare = |st: &Value, a: &[Value]| st["pending"][0]["decision"]["kind"] == "shot" && a.iter().all(|x| x["type"] == "pass");
        let (id, token, _) = bring_any(&server, |s| json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": s}), 1..30, &["end_turn", "pass"], bare).await;
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let hint = js(&ann, "return document.querySelector('#prompt .hint')?.textContent || ''").await;
        assert!(hint.as_str().unwrap().contains("Standing orders"), "{hint}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gold_rush_purchase_and_a_railcar_taken() {
    run("gold_and_train", Duration::from_secs(180), |browsers, server| async move {
        let body = |s| json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": s, "options": {"expansions": ["gold_rush", "train_robbery"]}});
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        // A purchase: the market slot, then whatever it asks.
        let (id, token, actions) = bring_any(&server, body, 1..20, &["sell_beer", "end_turn", "pass"], |_, a| a.iter().any(|x| x["type"] == "buy")).await;
        let slot = actions.iter().find(|a| a["type"] == "buy").unwrap()["slot"].clone();
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let before = asked_version(&ann).await;
        tap(&ann, &format!(".market [data-key=\"slot:{slot}\"]")).await;
        finish_choice(&ann, before).await;
        let bought = event_after(&server, &id, &token, before, |e| e["event"]["type"] == "equipment_bought" && e["event"]["seat"] == 0).await;
        assert_eq!(bought["event"]["slot"], slot, "{bought}");
        // A railcar: touched in the train, paid with a lit card.
        let (id, token, actions) = bring_any(&server, body, 1..20, &["end_turn", "pass"], |_, a| a.iter().any(|x| x["type"] == "take_railcar")).await;
        let car = actions.iter().find(|a| a["type"] == "take_railcar").unwrap()["railcar"].clone();
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let before = asked_version(&ann).await;
        tap(&ann, &format!(".train [data-key=\"car:{car}\"]")).await;
        finish_choice(&ann, before).await;
        let taken = event_after(&server, &id, &token, before, |e| e["event"]["type"] == "railcar_taken" && e["event"]["seat"] == 0).await;
        assert_eq!(taken["event"]["railcar"], car, "{taken}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_green_card_waits_a_turn_then_is_used_from_play() {
    run("dodge_city", Duration::from_secs(240), |browsers, server| async move {
        let catalog = bang_catalog(&server).await;
        let green = |id: &Value| is_green(&catalog, id);
        let body = |s| json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": s, "options": {"expansions": ["dodge_city"]}});
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        // A green card in her hand, put into play: drawn green, with a clock.
        let playable = |a: &Value| a["type"] == "play" && green(&a["card"]);
        let (id, token, actions) = bring_any(&server, body, 1..30, &["end_turn", "pass"], |_, a| a.iter().any(&playable)).await;
        let card = actions.iter().find(|a| playable(a)).unwrap()["card"].clone();
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let before = asked_version(&ann).await;
        tap(&ann, &format!("#hand [data-key=\"card:{card}\"]")).await;
        finish_choice(&ann, before).await;
        let placed = format!(".mine-row [data-key=\"card:{card}\"]");
        until(&ann, 20, "the card in play", &format!("const e = document.querySelector('{placed}'); return !!e && e.classList.contains('green') && e.classList.contains('green-wait') && !!e.querySelector('.c-wait')")).await;
        let label = js(&ann, &format!("return document.querySelector('{placed}').getAttribute('aria-label')")).await;
        assert!(label.as_str().unwrap().ends_with("usable from next turn"), "{label}");
        // A green card used from play: touched where it lies.
        let usable = |a: &Value| a["type"] == "use_green";
        let (id, token, actions) = bring_any(&server, body, 1..30, &["play", "end_turn", "pass"], |_, a| a.iter().any(&usable)).await;
        let card = actions.iter().find(|a| usable(a)).unwrap()["card"].clone();
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let before = asked_version(&ann).await;
        tap(&ann, &format!(".mine-row [data-key=\"card:{card}\"]")).await;
        finish_choice(&ann, before).await;
        let used = event_after(&server, &id, &token, before, |e| e["event"]["type"] == "green_used").await;
        assert_eq!(used["event"]["card"], card, "{used}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_special_role_is_revealed_on_the_table() {
    run("special_roles", Duration::from_secs(120), |browsers, server| async move {
        let ask = json!({"the_doc": "ask", "the_judge": "ask", "the_gambler": "ask", "the_bad": "ask", "the_ugly": "ask", "left_hand": "ask", "right_hand": "ask", "the_good": "ask"});
        let c = server.client();
        let mut found = None;
        for seed in 1..20 {
            let (id, tokens) = c.create(json!({"ruleset": "dice", "players": 5, "seats": [{"name": "Ann"}], "seed": seed, "options": {"modules": ["special_roles"]}})).await;
            c.post(&format!("/v1/games/{id}/actions"), Some(&tokens[0]), json!({"action": {"type": "set_orders", "orders": ask}})).await;
            if let Some(hit) = continue_to(&server, &id, &tokens[0], &["stop", "pass"], |st, a| st["pending"].as_array().is_some_and(|p| p.iter().any(|p| p["seat"] == 0 && p["decision"]["kind"] == "window")) && a.iter().any(|x| x["type"] == "reveal")).await {
                found = Some((id, tokens[0].clone(), hit));
                break;
            }
        }
        let (id, token, actions) = found.expect("a seed where she may reveal");
        let card = actions.iter().find(|a| a["type"] == "reveal").unwrap()["power"]["card"].as_str().unwrap().to_string();
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        open_game(&ann, &server.base, &id, Some(&token)).await;
        assert!(js(&ann, "return document.querySelector('#prompt h2').textContent.includes('reveal yours')").await == true);
        let before = version(&ann).await;
        tap(&ann, &format!("#tray [data-key=\"special:{card}\"]")).await;
        finish_choice(&ann, before).await;
        let revealed = event_after(&server, &id, &token, before, |e| e["event"]["type"] == "role_revealed").await;
        assert_eq!(revealed["event"]["card"], card, "{revealed}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_played_to_the_end() {
    run("solo_game", Duration::from_secs(180), |browsers, server| async move {
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        ann.goto(&format!("{}/", server.base)).await.unwrap();
        until(&ann, 20, "the form", "return !!document.querySelector('#create #mode')").await;
        ann.find(Locator::Css("#ruleset")).await.unwrap().select_by_value("bang").await.unwrap();
        ann.find(Locator::Css("#mode")).await.unwrap().select_by_value("lone_gunslinger").await.unwrap();
        ann.find(Locator::Css("#more-options summary")).await.unwrap().click().await.unwrap();
        ann.find(Locator::Css("#seed")).await.unwrap().send_keys("3").await.unwrap();
        ann.find(Locator::Css("#create-game")).await.unwrap().click().await.unwrap();
        let id = game_id(&ann).await;
        let (_, game) = server.client().get(&format!("/v1/games/{id}"), None).await;
        assert_eq!(game["game"]["options"]["mode"], "lone_gunslinger", "{game}");
        until(&ann, 20, "the NPCs", "return [...document.querySelectorAll('.seat .who')].filter(w => w.textContent === 'NPC').length === 4").await;
        play_to_the_end(&ann, &["btn:end_turn", "btn:pass"], 150).await;
        let text = js(&ann, "return document.querySelector('#result').textContent").await;
        assert!(text.as_str().unwrap().contains("You"), "{text}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_banner_reveals_every_role_and_offers_a_rematch() {
    run("end_banner", Duration::from_secs(200), |browsers, server| async move {
        let c = server.client();
        let (id, tokens) = c.create(json!({"ruleset": "dice", "players": 4, "seats": [{"name": "Ann"}], "seed": 11, "options": {"modules": ["chief_arrow"]}})).await;
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        open_game(&ann, &server.base, &id, Some(&tokens[0])).await;
        // A spectator follows the same game in a second browser.
        let watcher = browsers.open(1280).await;
        prefs(&watcher, &server.base, "fast").await;
        open_game(&watcher, &server.base, &id, None).await;
        assert!(js(&watcher, "return document.querySelector('#prompt').textContent.includes('You are watching')").await == true);
        let before = version(&watcher).await;
        play_to_the_end(&ann, &["btn:stop", "btn:pass"], 150).await;
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        let winners = game["game"]["winners"]["seats"].as_array().unwrap().clone();
        let shown = js(&ann, "return [...document.querySelectorAll('#result .roles li')].map(l => [l.classList.contains('winner'), !!l.querySelector('.role.hidden')])").await;
        let shown = shown.as_array().unwrap();
        assert_eq!(shown.len(), 4, "every player in the banner");
        for (seat, row) in shown.iter().enumerate() {
            assert_eq!(row[1], false, "seat {seat}'s role is revealed");
            assert_eq!(row[0] == true, winners.contains(&json!(seat)), "seat {seat}: winner or not");
        }
        for link in ["Replay", "Audit"] {
            let href = js_with(&ann, "return [...document.querySelectorAll('#result a')].find(a => a.textContent === arguments[0])?.getAttribute('href')", vec![json!(link)]).await;
            assert!(href.as_str().unwrap_or("").contains(&format!("#/replay/{id}")), "{link}: {href}");
        }
        until(&watcher, 30, "the spectator to see the end", "return !!document.querySelector('#result')").await;
        assert!(version(&watcher).await > before);
        assert_eq!(js(&watcher, "return performance.getEntriesByType('navigation').length").await, json!(1), "reloaded");
        // A rematch: the same options and seats, each one place on (Ann's
        // seat 0 is now seat 1; no seat to fill, so it starts at once).
        tap(&ann, "#rematch").await;
        until(&ann, 20, "the rematch", &format!("return location.hash.startsWith('#/g/') && !location.hash.includes('{id}') && !!document.querySelector('#status-line[data-version]')")).await;
        let again = game_id(&ann).await;
        let (_, next) = c.get(&format!("/v1/games/{again}"), None).await;
        assert_eq!(next["game"]["options"], game["game"]["options"]);
        assert_eq!(next["game"]["players"], 4);
        assert_eq!(next["game"]["seats"][1]["kind"], "human");
        assert_eq!(next["game"]["seats"][1]["name"], "Ann");
        assert_eq!(next["game"]["seats"][0]["kind"], "bot");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_play_by_post_and_one_is_told_it_is_his_move() {
    run("accounts", Duration::from_secs(240), |browsers, server| async move {
        let sign_up = |name: &'static str, width: u32| {
            let browsers = browsers.clone();
            let base = server.base.clone();
            async move {
                let b = browsers.open(width).await;
                prefs(&b, &base, "instant").await;
                b.goto(&format!("{base}/")).await.unwrap();
                b.wait().for_element(Locator::Css("#signup-name")).await.unwrap().send_keys(name).await.unwrap();
                b.find(Locator::Css("#sign-up button")).await.unwrap().click().await.unwrap();
                until(&b, 20, "the key", "return document.querySelector('#player-key')?.value.startsWith('pk_')").await;
                assert!(js(&b, "return document.querySelector('.key-box').textContent.includes('another device')").await == true);
                b
            }
        };
        let ann = sign_up("Ann", 1280).await;
        let bob = sign_up("Bob", 375).await;
        // Ann sets up a dice table: her account's seat, an open seat, a strong bot.
        ann.find(Locator::Css("#players")).await.unwrap().clear().await.unwrap();
        ann.find(Locator::Css("#players")).await.unwrap().send_keys("3").await.unwrap();
        ann.find(Locator::Css("#seat-kind-1")).await.unwrap().select_by_value("open").await.unwrap();
        ann.find(Locator::Css("#seat-kind-2")).await.unwrap().select_by_value("strong").await.unwrap();
        ann.find(Locator::Css("#move_deadline")).await.unwrap().select_by_value("24h").await.unwrap();
        ann.find(Locator::Css("#create-game")).await.unwrap().click().await.unwrap();
        let id = game_id(&ann).await;
        let (_, game) = server.client().get(&format!("/v1/games/{id}"), None).await;
        assert_eq!(game["game"]["seats"][2]["bot"], "strong", "{game}");
        until(&ann, 20, "the invite", "return [...document.querySelectorAll('input.share-link')].some(i => i.value.includes('#/join/'))").await;
        assert!(js(&ann, "return !!document.querySelector('#prompt #start') && !!document.querySelector('#prompt #leave')").await == true, "start or leave the open table");
        let invite = js(&ann, "return [...document.querySelectorAll('input.share-link')].find(i => i.value.includes('#/join/')).value").await;
        // Bob joins with his account: the table starts.
        bob.goto(invite.as_str().unwrap()).await.unwrap();
        until(&bob, 20, "the join form", "return document.querySelector('#join')?.textContent.includes('your account')").await;
        bob.find(Locator::Css("#join button[type=submit]")).await.unwrap().click().await.unwrap();
        assert_eq!(game_id(&bob).await, id);
        // Ann's page, open on the table, sees it start without a reload.
        until(&ann, 20, "the table to start at Ann's", "return document.querySelector('#status-line').dataset.status === 'active'").await;
        // Both see it in their inbox.
        for b in [&ann, &bob] {
            b.goto(&format!("{}/#/", server.base)).await.unwrap();
            until(b, 20, "the game in the inbox", &format!("return !!document.querySelector('#my-games [data-game=\"{id}\"]')")).await;
        }
        // Whoever is asked opens the game and plays by clicking until the other is asked.
        // The pass is seen from the server's pending seat, whenever it comes: a poll right
        // after a click may come before the turn ends, and the bot may play in between.
        let c = server.client();
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut last_asked = None;
        let waiting = loop {
            let (_, st) = c.get(&format!("/v1/games/{id}"), None).await;
            assert!(Instant::now() < deadline, "the turn never passed between them: {st}");
            let seat = st["pending"][0]["seat"].as_u64();
            let (mover, other) = match seat {
                Some(0) => (&ann, &bob),
                Some(1) => (&bob, &ann),
                _ => {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            };
            if last_asked.is_some_and(|asked| Some(asked) != seat) {
                // The one now asked was sent home when the other moved.
                break mover.clone();
            }
            last_asked = seat;
            if !js(mover, "return location.hash").await.as_str().unwrap_or("").contains(&id) {
                open_game(mover, &server.base, &id, None).await;
            }
            if js(other, "return location.hash").await.as_str().unwrap_or("").contains(&id) {
                other.goto(&format!("{}/#/", server.base)).await.unwrap();
            }
            click_a_move(mover, &["btn:stop"]).await;
            tokio::time::sleep(Duration::from_millis(300)).await;
        };
        // The other, on his home page, is told within the inbox's 30 s.
        until(&waiting, 40, "the your-move notice", "return !!document.querySelector('#your-move') && document.title.includes('Your move')").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_followed_through_200_events_meets_no_429() {
    // The server's own limits (not the tests' loose ones).
    let limits = |c: &mut api::config::Config| {
        c.rate_per_token = 20.0;
        c.burst_per_token = 40.0;
        c.rate_per_client = 100.0;
        c.burst_per_client = 200.0;
        c.max_streams_per_client = 8;
    };
    run_with("no_429", Duration::from_secs(240), limits, |browsers, server| async move {
        let refused = refused_429(&server).await;
        let c = server.client();
        let (id, tokens) = c.create(json!({"ruleset": "dice", "players": 8, "seats": [{"name": "Ann"}], "seed": 4})).await;
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "fast").await;
        open_game(&ann, &server.base, &id, Some(&tokens[0])).await;
        js(&ann, "performance.setResourceTimingBufferSize(100000)").await;
        let start = version(&ann).await;
        // Two clicks a second whenever she is asked, until 200 events went by.
        let deadline = Instant::now() + Duration::from_secs(200);
        let mut clicks = 0;
        while version(&ann).await < start + 200 && js(&ann, "return !document.querySelector('#result')").await == true {
            assert!(Instant::now() < deadline, "200 events did not go by");
            if click_a_move(&ann, &["btn:stop"]).await {
                clicks += 1;
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        let events = version(&ann).await - start;
        let requests = js(&ann, "return performance.getEntriesByType('resource').filter(e => e.name.includes('/v1/')).length").await;
        let page_429 = js(&ann, "return performance.getEntriesByType('resource').filter(e => e.responseStatus === 429).length").await;
        let requests = requests.as_u64().unwrap();
        println!(
            "no_429: {events} events, {clicks} clicks, {requests} requests ({:.2} a event), 429s: page {page_429}, server {}",
            requests as f64 / events.max(1) as f64,
            refused_429(&server).await - refused
        );
        assert!(events >= 200 || js(&ann, "return !!document.querySelector('#result')").await == true);
        assert_eq!(page_429, json!(0));
        assert_eq!(refused_429(&server).await, refused, "the server answered 429");
        assert_eq!(js(&ann, "return document.getElementById('errors').textContent").await, "");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_shows_the_hand_and_the_prompt_on_the_first_screen() {
    run("phone", Duration::from_secs(120), |browsers, server| async move {
        let (id, token, _) = bring_any(&server, |s| json!({"ruleset": "bang", "players": 6, "seats": [{"name": "Ann"}], "seed": s, "options": {"expansions": ["gold_rush", "train_robbery"]}}), 1..10, &["end_turn", "pass"], |st, a| {
            st["pending"][0]["decision"]["kind"] == "play" && a.len() > 3
        })
        .await;
        let ann = browsers.open(375).await;
        prefs(&ann, &server.base, "instant").await;
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let screen = js(&ann, "const r = (s) => document.querySelector(s).getBoundingClientRect();
            return {inner: innerHeight, width: innerWidth, scroll: document.documentElement.scrollWidth,
                    prompt: [r('#prompt').top, r('#prompt h2').bottom], hand: [r('#hand').top, r('#hand').bottom]}").await;
        println!("phone: {screen}");
        let inner = screen["inner"].as_f64().unwrap();
        assert!(screen["width"].as_f64().unwrap() <= 375.0);
        assert!(screen["scroll"].as_f64().unwrap() <= 375.0, "horizontal scroll: {screen}");
        for part in ["prompt", "hand"] {
            let [top, bottom] = [screen[part][0].as_f64().unwrap(), screen[part][1].as_f64().unwrap()];
            assert!(top >= 0.0 && bottom <= inner, "{part} is not on the first screen: {screen}");
        }
        // Touch targets of 44 px, and card names never broken inside a word.
        let small = js(&ann, "return [...document.querySelectorAll('#game button, #game .card:not(.back), #game select')].filter(b => b.offsetParent && (b.getBoundingClientRect().height < 44 || b.getBoundingClientRect().width < 44)).map(b => b.outerHTML.slice(0, 80))").await;
        assert_eq!(small, json!([]), "touch targets under 44 px");
        let broken = js(&ann, "return [...document.querySelectorAll('.c-name')].filter(n => n.offsetParent && n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)").await;
        assert_eq!(broken, json!([]), "card names too wide");
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls on the phone's table");
        // A tap on what is no choice (the discard pile) reads it in the inspector…
        let top = js(&ann, "const d = document.querySelector('.pile.discard .card'); return d ? d.getAttribute('aria-label') : null").await;
        if let Some(top) = top.as_str() {
            tap(&ann, ".pile.discard .card").await;
            until(&ann, 5, "the inspector", "return document.querySelector('#inspect-sheet').open").await;
            let text = js(&ann, "return document.querySelector('#inspect-sheet').textContent").await;
            let name = top.split(' ').next().unwrap();
            assert!(text.as_str().unwrap().contains(name), "{text} tells {top}");
            tap(&ann, "#inspect-sheet .close").await;
        }
        // …and a long press on a card of her hand reads it without choosing it.
        let card = ann.find(Locator::Css("#hand .card")).await.unwrap();
        let press = fantoccini::actions::TouchActions::new("finger".into())
            .then(fantoccini::actions::PointerAction::MoveToElement { element: card, duration: None, x: 0.0, y: 0.0 })
            .then(fantoccini::actions::PointerAction::Down { button: 0 })
            .then(fantoccini::actions::PointerAction::Pause { duration: Duration::from_millis(700) })
            .then(fantoccini::actions::PointerAction::Up { button: 0 });
        ann.perform_actions(press).await.unwrap();
        until(&ann, 5, "the inspector after a long press", "return document.querySelector('#inspect-sheet').open").await;
        assert_eq!(js(&ann, "return document.querySelectorAll('#hand .chosen').length").await, json!(0), "a long press chose the card");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keyboard_alone_plays_and_every_control_is_named() {
    run("keyboard", Duration::from_secs(180), |browsers, server| async move {
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        ann.goto(&format!("{}/", server.base)).await.unwrap();
        until(&ann, 20, "the home page", "return !!document.querySelector('#quick-dice') && !document.querySelector('#open-tables')?.textContent.startsWith('Loading')").await;
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls on the home page");
        // A card game, by Tab and Enter: a lit BANG!, then a lit target.
        let catalog = bang_catalog(&server).await;
        let bang = |a: &Value| a["type"] == "play" && a["target"].is_u64() && kind_of(&catalog, &a["card"]) == "bang";
        let (id, token, actions) = bring_any(&server, |s| json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": s}), 1..12, &["end_turn", "pass"], |_, a| a.iter().any(&bang)).await;
        open_game(&ann, &server.base, &id, Some(&token)).await;
        let card = actions.iter().find(|a| bang(a)).unwrap()["card"].as_u64().unwrap();
        let mut tabs = 0;
        while js(&ann, "return document.activeElement?.dataset.key || ''").await != format!("card:{card}") {
            press(&ann, TAB).await;
            tabs += 1;
            assert!(tabs < 120, "Tab never reached her BANG!");
        }
        press(&ann, ENTER).await;
        until(&ann, 10, "the targets", "return document.querySelectorAll('.seat.lit').length > 0").await;
        let mut tabs = 0;
        while js(&ann, "return !!document.activeElement?.matches('.seat-name.lit')").await != true {
            press(&ann, TAB).await;
            tabs += 1;
            assert!(tabs < 120, "Tab never reached a lit target");
        }
        let before = version(&ann).await;
        press(&ann, ENTER).await;
        event_after(&server, &id, &token, before, |e| e["event"]["type"] == "card_played").await;
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls on the card table");
        // A dice game from the quick start, by Tab and Enter to its end.
        ann.goto(&format!("{}/#/", server.base)).await.unwrap();
        until(&ann, 20, "the home page", "return !!document.querySelector('#quick-dice')").await;
        while js(&ann, "return document.activeElement?.id || ''").await != "quick-dice" {
            press(&ann, TAB).await;
        }
        press(&ann, ENTER).await;
        let dice = game_id(&ann).await;
        let mut moves = 0;
        loop {
            until(&ann, 60, "her move or the end", "return !!document.querySelector('#tray.asking:not(.busy)') || !!document.querySelector('#result')").await;
            if js(&ann, "return !!document.querySelector('#result')").await == true {
                break;
            }
            let before = version(&ann).await;
            let mut tabs = 0;
            // Tab to the first thing that moves the game on: a lit thing or a word button.
            while js(&ann, "const a = document.activeElement; return !!a && (a.matches('.lit') || (a.matches('#prompt .buttons button:not([disabled]):not(.cancel)') && a.dataset.choice !== 'reroll'))").await != true {
                press(&ann, TAB).await;
                tabs += 1;
                assert!(tabs < 150, "Tab never reached a choice");
            }
            press(&ann, ENTER).await;
            tokio::time::sleep(Duration::from_millis(200)).await;
            if version(&ann).await == before && js(&ann, "return !!document.querySelector('[data-choice=confirm]')").await == true {
                press(&ann, ENTER).await;
            }
            moves += 1;
            assert!(moves < 400, "the game does not end");
        }
        println!("keyboard: a dice game to its end in {moves} choices");
        let (_, game) = server.client().get(&format!("/v1/games/{dice}"), None).await;
        assert_eq!(game["game"]["status"], "finished");
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls at the end");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_page_is_under_250_kb() {
    run("first_page", Duration::from_secs(60), |browsers, server| async move {
        let ann = browsers.open(1280).await;
        ann.goto(&format!("{}/", server.base)).await.unwrap();
        until(&ann, 20, "the home page", "return !!document.querySelector('#create-game') && !document.querySelector('#open-tables')?.textContent.startsWith('Loading')").await;
        let bytes = js(&ann, "return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce((n, e) => n + (e.transferSize || e.encodedBodySize || 0), 0)").await;
        let bytes = bytes.as_f64().unwrap();
        println!("first page: {:.0} KB transferred", bytes / 1024.0);
        assert!(bytes > 1000.0 && bytes < 250.0 * 1024.0, "the first page is {bytes} bytes");
        // A game page as it first loads: its modules and the catalog too.
        tap(&ann, "#quick-bang").await;
        game_id(&ann).await;
        tokio::time::sleep(Duration::from_millis(800)).await;
        let all = js(&ann, "return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce((n, e) => n + (e.transferSize || e.encodedBodySize || 0), 0)").await;
        println!("with a card game's table: {:.0} KB transferred", all.as_f64().unwrap() / 1024.0);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_slider_shows_a_version_and_the_audit_is_valid() {
    run(
        "replay",
        Duration::from_secs(120),
        |browsers, server| async move {
            let c = server.client();
            let (id, _) = c
                .create(json!({"ruleset": "dice", "players": 4, "seats": [], "seed": 21}))
                .await;
            let game = c.settle(&id, None).await;
            assert_eq!(game["game"]["status"], "finished");
            let browser = browsers.open(1280).await;
            browser
                .goto(&format!("{}/#/replay/{id}", server.base))
                .await
                .unwrap();
            until(
                &browser,
                30,
                "the audit",
                "return !!document.querySelector('#audit-valid')",
            )
            .await;
            assert_eq!(
                js(
                    &browser,
                    "return document.querySelector('#audit-valid').dataset.valid"
                )
                .await,
                "true"
            );
            assert_eq!(
                js(
                    &browser,
                    "return document.querySelector('#audit-fair').textContent"
                )
                .await,
                "yes"
            );
            // The record, to download and verify offline.
            assert_eq!(
                js(
                    &browser,
                    "return document.querySelector('#download-record').getAttribute('href')"
                )
                .await,
                format!("/v1/games/{id}/record").as_str()
            );
            // The slider, moved with the keyboard: Home (version 1), then 9 steps.
            browser
                .find(Locator::Css("#at"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            press(&browser, HOME).await;
            for _ in 0..9 {
                press(&browser, RIGHT).await;
            }
            until(
                &browser,
                20,
                "version 10",
                "return document.querySelector('#board').dataset.version === '10'",
            )
            .await;
            let shown = js(
                &browser,
                "return document.querySelector('#at-shown').textContent",
            )
            .await;
            assert!(shown.as_str().unwrap().starts_with("10 of "), "{shown}");
            let (_, at) = c.get(&format!("/v1/games/{id}?at=10"), None).await;
            let active = at["view"]["turn"]["active"].as_u64().unwrap();
            let heading = js(
                &browser,
                "return document.querySelector('.roll h3').textContent",
            )
            .await;
            let name = at["game"]["seats"][active as usize]["name"]
                .as_str()
                .unwrap();
            assert!(
                heading.as_str().unwrap().starts_with(name),
                "{heading} vs {name}"
            );
            assert_eq!(
                unnamed_controls(&browser).await,
                json!([]),
                "unnamed controls on the replay page"
            );
            // Fork where the game waited for its next decision after 10, and play on.
            let events = c.all_events(&id, None, "").await;
            let fork_at = events
                .iter()
                .filter(|e| e["event"]["type"] == "acted")
                .map(|e| e["seq"].as_u64().unwrap() - 1)
                .find(|&v| v > 10)
                .unwrap();
            for _ in 10..fork_at {
                press(&browser, RIGHT).await;
            }
            until(
                &browser,
                20,
                "the fork point",
                &format!("return document.querySelector('#board').dataset.version === '{fork_at}'"),
            )
            .await;
            browser
                .find(Locator::Css("#fork"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            let fork = game_id(&browser).await;
            assert_ne!(fork, id);
            let (_, forked) = c.get(&format!("/v1/games/{fork}"), None).await;
            assert_eq!(forked["game"]["forked_from"]["at"], fork_at, "{forked}");
        },
    )
    .await;
}

/// Plays a 4-player dice game of one person (seat 0, her `k`-th legal
/// action at each decision) among bots to its end; returns its id and her
/// token.
async fn a_finished_game_of_mine(server: &tests::TestServer, seed: u64) -> (String, String) {
    let c = server.client();
    let (id, tokens) = c
        .create(json!({"ruleset": "dice", "players": 4, "seats": [{"name": "Ann"}], "seed": seed}))
        .await;
    for k in 0.. {
        let game = c.settle(&id, Some(0)).await;
        if game["game"]["status"] == "finished" {
            break;
        }
        c.play_pick(&id, &tokens[0], k).await;
    }
    (id, tokens[0].clone())
}

/// Opens the replay of game `id` in a browser that holds `token` for it.
async fn open_replay(c: &fantoccini::Client, base: &str, id: &str, token: &str) {
    c.goto(&format!("{base}/#/nowhere")).await.unwrap();
    js_with(
        c,
        "localStorage.setItem('bang.token.' + arguments[0], JSON.stringify(arguments[1]))",
        vec![json!(id), json!(token)],
    )
    .await;
    c.goto(&format!("{base}/#/replay/{id}")).await.unwrap();
    until(
        c,
        30,
        "the coach",
        "return !!document.querySelector('#coach') && !!document.querySelector('#audit-valid')",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_reviews_my_decisions_with_the_coach() {
    run("coach", Duration::from_secs(180), |browsers, server| async move {
        let (id, token) = a_finished_game_of_mine(&server, 23).await;
        let c = server.client();
        let mine: Vec<u64> = c
            .all_events(&id, Some(&token), "")
            .await
            .iter()
            .filter(|e| e["event"]["type"] == "acted" && e["event"]["seat"] == 0)
            .map(|e| e["seq"].as_u64().unwrap() - 1)
            .collect();
        assert!(!mine.is_empty());
        let browser = browsers.open(1280).await;
        open_replay(&browser, &server.base, &id, &token).await;
        browser.find(Locator::Css("#review-start")).await.unwrap().click().await.unwrap();
        until(&browser, 120, "the review", "return document.querySelector('#review')?.dataset.done === 'true'").await;
        let listed = js(&browser, "return [...document.querySelectorAll('#review li')].map(li => Number(li.dataset.at))").await;
        assert_eq!(listed, json!(mine), "every decision of hers, in order");
        // A decision picked from the review: the table and the coach stand there.
        let at = mine[mine.len() / 2];
        tap(&browser, &format!("#review li[data-at='{at}'] button")).await;
        until(&browser, 20, "the decision", &format!("return document.querySelector('#board').dataset.version === '{at}' && document.querySelector('#coach-detail').dataset.at === '{at}'")).await;
        let rows = js(&browser, "return document.querySelectorAll('#coach-detail tbody tr').length").await;
        assert!(rows.as_u64() >= Some(1), "{rows}");
        let played = js(&browser, "return document.querySelectorAll('#coach-detail tr.played').length").await;
        assert_eq!(played, json!(1), "what she played is marked");
        // The same decision as the API answers it.
        let (_, analysis) = c.get(&format!("/v1/games/{id}/analysis?at={at}"), Some(&token)).await;
        assert_eq!(rows, json!(analysis["actions"].as_array().unwrap().len()));
        assert_eq!(unnamed_controls(&browser).await, json!([]), "unnamed controls with the coach");
        // Without a token, no coach.
        let stranger = browsers.open(375).await;
        stranger.goto(&format!("{}/#/replay/{id}", server.base)).await.unwrap();
        until(&stranger, 30, "the audit", "return !!document.querySelector('#audit-valid')").await;
        assert_eq!(js(&stranger, "return !!document.querySelector('#coach')").await, json!(false));
    })
    .await;
}

/// A player account made through the API: its id and key.
async fn an_account(server: &tests::TestServer, name: &str) -> (String, String) {
    let (status, made) = server
        .client()
        .post("/v1/players", None, json!({"name": name}))
        .await;
    assert!(status.is_success(), "{made}");
    (
        made["id"].as_str().unwrap().to_string(),
        made["key"].as_str().unwrap().to_string(),
    )
}

/// Gives a browser the player account `id` (as signing in does).
async fn sign_in_as(c: &fantoccini::Client, base: &str, id: &str, name: &str, key: &str) {
    c.goto(&format!("{base}/#/nowhere")).await.unwrap();
    js_with(
        c,
        "localStorage.setItem('bang.account', JSON.stringify({id: arguments[0], name: arguments[1], key: arguments[2]}))",
        vec![json!(id), json!(name), json!(key)],
    )
    .await;
}

/// Plays a rated game of the account `key` (its seats' `k`-th legal action
/// at each decision) to its end.
async fn play_to_its_end(server: &tests::TestServer, id: &str, key: &str) {
    let c = server.client();
    for k in 0.. {
        let game = c.settle(id, Some(0)).await;
        if game["game"]["status"] == "finished" {
            return;
        }
        c.play_pick(id, key, k).await;
    }
}

/// Waits until the ratings of finished game `game` are applied (they are,
/// shortly after its end): `holder`'s history on the board names it.
async fn rated(
    server: &tests::TestServer,
    holder: &str,
    ruleset: &str,
    mode: &str,
    game: &str,
) -> Value {
    let c = server.client();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, doc) = c
            .get(
                &format!("/v1/players/{holder}/ratings?ruleset={ruleset}&mode={mode}"),
                None,
            )
            .await;
        if status.is_success()
            && doc["changes"]
                .as_array()
                .is_some_and(|l| l.iter().any(|ch| ch["game"] == game))
        {
            return doc;
        }
        assert!(
            Instant::now() < deadline,
            "game {game} never moved {holder}'s rating: {doc}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A rated dice game of bots only, played to its end; its id.
async fn a_rated_bot_game(server: &tests::TestServer) -> String {
    let seats = json!([{"bot": "normal"}, {"bot": "random"}, {"bot": "normal"}, {"bot": "random"}]);
    let (status, made) = server
        .client()
        .post(
            "/v1/games",
            None,
            json!({"ruleset": "dice", "players": 4, "seats": seats, "rated": true}),
        )
        .await;
    assert!(status.is_success(), "{made}");
    assert_eq!(made["game"]["rated"], true, "{made}");
    let id = made["game"]["id"].as_str().unwrap().to_string();
    assert_eq!(
        server.client().settle(&id, None).await["game"]["status"],
        "finished"
    );
    id
}

/// A rating as the page writes it (one decimal, rounded as the browser rounds).
async fn one_decimal(c: &fantoccini::Client, v: &Value) -> String {
    let text = js_with(c, "return arguments[0].toFixed(1)", vec![v.clone()]).await;
    text.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_lists_rated_bots_and_links_to_a_profile() {
    run("leaderboard", Duration::from_secs(180), |browsers, server| async move {
        let game = a_rated_bot_game(&server).await;
        let history = rated(&server, "bot:normal", "dice", "table", &game).await;
        let (_, board) = server.client().get("/v1/rulesets/dice/leaderboard?mode=table", None).await;
        let entries = board["entries"].as_array().unwrap().clone();
        assert!(entries.iter().any(|e| e["id"] == "bot:normal") && entries.iter().any(|e| e["id"] == "bot:random"), "{board}");
        // The board as the API ranks it: every holder, its score, a bot marked as one.
        let wide = browsers.open(1280).await;
        wide.goto(&format!("{}/#/leaderboard/dice", server.base)).await.unwrap();
        until(&wide, 20, "the board", "return document.querySelectorAll('#leaderboard tbody tr').length > 0").await;
        let rows = js(&wide, "return [...document.querySelectorAll('#leaderboard tbody tr')].map(r => [r.dataset.id, r.querySelector('.score').textContent, !!r.querySelector('.kind-badge.bot')])").await;
        let mut want = vec![];
        for e in &entries {
            want.push(json!([e["id"], one_decimal(&wide, &e["score"]).await, e["kind"] == "bot"]));
        }
        assert_eq!(rows, json!(want), "the rows");
        assert_eq!(js(&wide, "return document.querySelector('.tab[aria-current=page]').getAttribute('href')").await, "#/leaderboard/dice");
        assert_eq!(unnamed_controls(&wide).await, json!([]), "unnamed controls on the leaderboard");
        // The card game's solo board is a tab away.
        assert!(js(&wide, "return [...document.querySelectorAll('.tab')].some(t => t.getAttribute('href') === '#/leaderboard/bang?mode=solo')").await == true);
        // A bot's name opens its page: its rating, the line of its games, the game that moved it.
        tap(&wide, "#leaderboard tr[data-id='bot:normal'] a.holder").await;
        until(&wide, 20, "the bot's page", "return location.hash === '#/p/bot:normal' && !!document.querySelector('.rating-card[data-board=\"dice:table\"]')").await;
        assert_eq!(js(&wide, "return document.querySelector('#title').textContent").await, "Normal bot");
        assert_eq!(js(&wide, "return document.querySelector('.rating-card .rating-value').textContent").await, one_decimal(&wide, &history["current"]["rating"]).await.as_str());
        assert!(js(&wide, "return !!document.querySelector('.rating-card svg.spark[aria-label]')").await == true, "the line of its rating");
        assert_eq!(js(&wide, "return document.getElementById('errors').textContent").await, "", "the missing profile of a bot is no error");
        assert_eq!(unnamed_controls(&wide).await, json!([]), "unnamed controls on a bot's page");
        tap(&wide, &format!(".changes li[data-game='{game}'] a")).await;
        until(&wide, 30, "the replay", &format!("return location.hash === '#/replay/{game}' && !!document.querySelector('#audit-valid')")).await;
        // On a phone: no sideways scroll, each row's rating under its name.
        let phone = browsers.open(375).await;
        phone.goto(&format!("{}/#/leaderboard/dice", server.base)).await.unwrap();
        until(&phone, 20, "the board", "return document.querySelectorAll('#leaderboard tbody tr').length > 0").await;
        let fit = js(&phone, "return [document.documentElement.scrollWidth, getComputedStyle(document.querySelector('.lb-sub')).display]").await;
        assert!(fit[0].as_f64().unwrap() <= 375.0 && fit[1] == "block", "{fit}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_profile_shows_ratings_and_the_archive() {
    run("profile", Duration::from_secs(240), |browsers, server| async move {
        let (me, key) = an_account(&server, "Ann").await;
        let ann = browsers.open(1280).await;
        prefs(&ann, &server.base, "instant").await;
        sign_in_as(&ann, &server.base, &me, "Ann", &key).await;
        // A rated table from the form: her account and two bots.
        ann.goto(&format!("{}/#/", server.base)).await.unwrap();
        until(&ann, 20, "the form", "return !!document.querySelector('#create input[name=rated]')").await;
        ann.find(Locator::Css("#players")).await.unwrap().clear().await.unwrap();
        ann.find(Locator::Css("#players")).await.unwrap().send_keys("3").await.unwrap();
        tap(&ann, "#create input[name=rated]").await;
        assert!(js(&ann, "return !document.querySelector('#rated-hint').hidden && document.querySelector('#seat-kind-1 option[value=person]').disabled").await == true, "a rated table seats no person without an account");
        ann.find(Locator::Css("#seat-kind-2")).await.unwrap().select_by_value("random").await.unwrap();
        tap(&ann, "#create-game").await;
        let id = game_id(&ann).await;
        let c = server.client();
        let (_, game) = c.get(&format!("/v1/games/{id}"), None).await;
        assert_eq!(game["game"]["rated"], true, "{game}");
        assert_eq!(game["game"]["seats"][0]["name"], "Ann", "{game}");
        assert!(js(&ann, "return !document.querySelector('#rated-tag').hidden").await == true, "the table says it is rated");
        // Played to its end; the banner tells how her rating moved, and leads to it.
        play_to_its_end(&server, &id, &key).await;
        until(&ann, 30, "the end", "return !!document.querySelector('#result #my-rating')").await;
        let history = rated(&server, &me, "dice", "table", &id).await;
        let change = &history["changes"][0];
        until(&ann, 20, "her rating's move", "return document.querySelector('#rating-change').textContent.startsWith('Your rating: ')").await;
        let moved = js(&ann, "return document.querySelector('#rating-change').textContent").await;
        let want = format!("{} → {}", one_decimal(&ann, &change["before"]["rating"]).await, one_decimal(&ann, &change["after"]["rating"]).await);
        assert!(moved.as_str().unwrap().contains(&want), "{moved} tells {want}");
        tap(&ann, "#result #my-rating").await;
        until(&ann, 20, "her profile", &format!("return location.hash === '#/p/{me}' && !!document.querySelector('#archive li')")).await;
        let (_, profile) = c.get(&format!("/v1/players/{me}"), None).await;
        let rating = profile["ratings"].as_array().unwrap().iter().find(|r| r["ruleset"] == "dice" && r["mode"] == "table").unwrap().clone();
        let shown = js(&ann, "const card = document.querySelector('.rating-card[data-board=\"dice:table\"]');
            return [document.querySelector('#title').textContent, card.querySelector('.rating-value').textContent, card.textContent,
                    document.querySelectorAll('.role-table tr').length, !!card.querySelector('svg.spark')]").await;
        assert_eq!(shown[0], "Ann");
        assert_eq!(shown[1], one_decimal(&ann, &rating["rating"]).await.as_str(), "{shown}");
        assert!(shown[2].as_str().unwrap().contains(&format!("± {}", one_decimal(&ann, &rating["uncertainty"]).await)), "{shown}");
        assert_eq!(shown[3], json!(1), "one role played: {shown}");
        assert_eq!(shown[4], true, "the line of her rating");
        // The archive: the game, rated, won or lost, how it moved her rating, to replay.
        let line = js(&ann, &format!("const li = document.querySelector('#archive li[data-game=\"{id}\"]');
            return [li.querySelector('a').getAttribute('href'), !!li.querySelector('.tag.rated'), li.querySelector('.result-tag').textContent, !!li.querySelector('.delta'), !!li.querySelector('.role')]")).await;
        let (_, games) = c.get(&format!("/v1/players/{me}/games"), None).await;
        let won = games["games"][0]["won"] == true;
        assert_eq!(line, json!([format!("#/replay/{id}"), true, if won { "Won" } else { "Lost" }, true, true]));
        assert_eq!(js(&ann, "return document.querySelector('#more-games').hidden").await, true, "one page");
        assert_eq!(unnamed_controls(&ann).await, json!([]), "unnamed controls on a profile");
        // The account box leads there too, and her row is lit on the board.
        ann.goto(&format!("{}/#/", server.base)).await.unwrap();
        until(&ann, 20, "the account", &format!("return document.querySelector('#my-profile')?.getAttribute('href') === '#/p/{me}'")).await;
        ann.goto(&format!("{}/#/leaderboard/dice", server.base)).await.unwrap();
        until(&ann, 20, "her row", &format!("return !!document.querySelector('#leaderboard tr.me[data-id=\"{me}\"]')")).await;
        // A profile that does not exist says so.
        ann.goto(&format!("{}/#/p/p_0000000000000000", server.base)).await.unwrap();
        until(&ann, 20, "no such player", "return document.querySelector('#title')?.textContent === 'No such player'").await;
    })
    .await;
}

/// Where the screenshots go, and whether to take them.
fn screenshots_dir() -> Option<std::path::PathBuf> {
    std::env::var_os("BANG_SCREENSHOTS")?;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots");
    std::fs::create_dir_all(&dir).expect("docs/screenshots");
    Some(dir)
}

/// One screen at both widths: `setup` brings each browser to it.
async fn shoot<F, Fut>(browsers: &Browsers, dir: &std::path::Path, name: &str, setup: F)
where
    F: Fn(fantoccini::Client) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for width in [1280, 375] {
        let c = browsers.open(width).await;
        setup(c.clone()).await;
        // From the top, unless the setup scrolled to what the picture shows.
        js(
            &c,
            "document.activeElement?.blur(); if (!window.keepScroll) window.scrollTo(0, 0)",
        )
        .await;
        tokio::time::sleep(Duration::from_millis(700)).await;
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::write(dir.join(format!("{name}-{width}.png")), png).expect("write");
        println!("screenshot {name}-{width}.png");
        let _ = c.close().await;
    }
}

/// The screenshots of the README: `BANG_SCREENSHOTS=1 cargo test -p tests
/// --test browser screenshots -- --ignored` writes docs/screenshots/.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes docs/screenshots/ (BANG_SCREENSHOTS=1)"]
async fn screenshots() {
    let Some(dir) = screenshots_dir() else {
        println!("screenshots: set BANG_SCREENSHOTS=1 to write docs/screenshots/");
        return;
    };
    run("screenshots", Duration::from_secs(600), |browsers, server| async move {
        let base = server.base.clone();
        let catalog = bang_catalog(&server).await;
        let open = |id: String, token: Option<String>, then: &'static str| {
            let base = base.clone();
            move |c: fantoccini::Client| {
                let (base, id, token) = (base.clone(), id.clone(), token.clone());
                async move {
                    prefs(&c, &base, "instant").await;
                    open_game(&c, &base, &id, token.as_deref()).await;
                    if !then.is_empty() {
                        js(&c, then).await;
                    }
                }
            }
        };
        // Home, signed out.
        shoot(&browsers, &dir, "home", |c| {
            let base = base.clone();
            async move {
                c.goto(&format!("{base}/")).await.unwrap();
                until(&c, 20, "home", "return !!document.querySelector('#create-game')").await;
            }
        })
        .await;
        // A card game with both expansions: a BANG! touched, its targets lit.
        let bang = |a: &Value| a["type"] == "play" && a["target"].is_u64() && kind_of(&catalog, &a["card"]) == "bang";
        let body = |s| json!({"ruleset": "bang", "players": 5, "seats": [{"name": "Ann"}], "seed": s, "options": {"expansions": ["gold_rush", "train_robbery"]}});
        let (id, token, actions) = bring_any(&server, body, 1..20, &["end_turn", "pass"], |_, a| a.iter().any(&bang)).await;
        let card = actions.iter().find(|a| bang(a)).unwrap()["card"].clone();
        let touch: &'static str = Box::leak(format!("document.querySelector('#hand [data-key=\"card:{card}\"]').click()").into_boxed_str());
        shoot(&browsers, &dir, "card-game", open(id.clone(), Some(token.clone()), touch)).await;
        // Dodge City: a green card and a discard-extra card in Ann's hand.
        let body = |s| json!({"ruleset": "bang", "players": 5, "seats": [{"name": "Ann"}], "seed": s, "options": {"expansions": ["dodge_city"]}});
        let green = |a: &Value| a["type"] == "play" && is_green(&catalog, &a["card"]);
        let (id, token, _) = bring_any(&server, body, 1..40, &["end_turn", "pass"], |_, a| {
            a.iter().any(green) && a.iter().any(|x| x["type"] == "play_with_discard")
        })
        .await;
        shoot(&browsers, &dir, "dodge-city", open(id, Some(token), "")).await;
        // A BANG! to answer.
        let asked = |st: &Value, a: &[Value]| st["pending"][0]["decision"]["kind"] == "shot" && a.iter().any(|x| x["type"] == "respond");
        let (id, token, _) = bring_any(&server, |s| json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "seed": s}), 5..20, &["end_turn", "pass"], asked).await;
        shoot(&browsers, &dir, "answer", open(id, Some(token), "")).await;
        // A dice turn, two dice chosen to re-roll.
        let (id, token, _) = bring_any(&server, |s| json!({"ruleset": "dice", "players": 5, "seats": [{"name": "Ann"}], "seed": s, "options": {"modules": ["chief_arrow", "loudmouth_coward"]}}), 1..20, &["stop", "pass"], |st, a| {
            st["pending"][0]["decision"]["kind"] == "reroll" && a.len() > 6
        })
        .await;
        shoot(&browsers, &dir, "dice", open(id, Some(token), "document.querySelectorAll('.die.toggle')[0]?.click(); document.querySelectorAll('.die.toggle')[1]?.click();")).await;
        // The end: a finished game as a spectator sees it.
        let c = server.client();
        let (id, _) = c.create(json!({"ruleset": "bang", "players": 5, "seats": [], "seed": 7})).await;
        c.settle(&id, None).await;
        shoot(&browsers, &dir, "end", open(id.clone(), None, "")).await;
        shoot(&browsers, &dir, "replay", |c| {
            let (base, id) = (base.clone(), id.clone());
            async move {
                c.goto(&format!("{base}/#/replay/{id}")).await.unwrap();
                until(&c, 30, "the audit", "return !!document.querySelector('#audit-valid')").await;
            }
        })
        .await;
        // The coach in a replay: a decision of hers, reviewed.
        let (id, token) = a_finished_game_of_mine(&server, 23).await;
        shoot(&browsers, &dir, "coach", |c| {
            let (base, id, token) = (base.clone(), id.clone(), token.clone());
            async move {
                open_replay(&c, &base, &id, &token).await;
                tap(&c, "#review-start").await;
                until(&c, 120, "the review", "return document.querySelector('#review')?.dataset.done === 'true'").await;
                tap(&c, "#review li:nth-child(2) button").await;
                until(&c, 20, "the decision", "return !!document.querySelector('#coach-detail').dataset.at").await;
                js(&c, "window.keepScroll = true; document.querySelector('#coach-detail').scrollIntoView()").await;
            }
        })
        .await;
        // Signed in: the inbox with a move waiting.
        shoot(&browsers, &dir, "inbox", |c| {
            let base = base.clone();
            async move {
                c.goto(&format!("{base}/")).await.unwrap();
                c.wait().for_element(Locator::Css("#signup-name")).await.unwrap().send_keys("Ann").await.unwrap();
                c.find(Locator::Css("#sign-up button")).await.unwrap().click().await.unwrap();
                until(&c, 20, "the key", "return !!document.querySelector('#player-key')").await;
                tap(&c, "#quick-dice").await;
                game_id(&c).await;
                c.goto(&format!("{base}/#/")).await.unwrap();
                until(&c, 20, "the inbox", "return !!document.querySelector('#my-games [data-game]')").await;
            }
        })
        .await;
        // The ratings: three rated games of hers and one of bots; the board with her row, her profile.
        let (me, key) = an_account(&server, "Ann").await;
        for _ in 0..3 {
            let seats = json!([{"player": me}, {"bot": "normal"}, {"bot": "random"}, {"bot": "normal"}]);
            let (status, made) = c.post("/v1/games", Some(&key), json!({"ruleset": "dice", "players": 4, "seats": seats, "rated": true})).await;
            assert!(status.is_success(), "{made}");
            let game = made["game"]["id"].as_str().unwrap().to_string();
            play_to_its_end(&server, &game, &key).await;
            rated(&server, &me, "dice", "table", &game).await;
        }
        let bots = a_rated_bot_game(&server).await;
        rated(&server, "bot:normal", "dice", "table", &bots).await;
        let signed_in = |hash: String, ready: &'static str| {
            let (base, me, key) = (base.clone(), me.clone(), key.clone());
            move |c: fantoccini::Client| {
                let (base, me, key, hash) = (base.clone(), me.clone(), key.clone(), hash.clone());
                async move {
                    sign_in_as(&c, &base, &me, "Ann", &key).await;
                    c.goto(&format!("{base}/{hash}")).await.unwrap();
                    until(&c, 20, "the page", ready).await;
                }
            }
        };
        shoot(&browsers, &dir, "leaderboard", signed_in("#/leaderboard/dice".into(), "return !!document.querySelector('#leaderboard tr.me')")).await;
        shoot(&browsers, &dir, "profile", signed_in(format!("#/p/{me}"), "return !!document.querySelector('#archive li .delta') && !!document.querySelector('.rank-badge')")).await;
    })
    .await;
}
