//! One decision of one bot seat: catch its policy up on the log, choose
//! (a searching policy with a free thinker, off the runtime's other tasks),
//! wait for the answer time, post, and count what the server made of it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use chrono::DateTime;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::SemaphorePermit;

use super::timing::{answer_at, answer_time, asked_at};
use super::{SeatBot, Turn, Worker, decision_seed};
use crate::players::BotRuleset;

/// Events asked for in one page while catching a policy up.
const PAGE: usize = 1000;

impl Worker {
    /// A free thinker for one searching decision, waiting for one if need be.
    async fn thinker(&self) -> Option<SemaphorePermit<'_>> {
        let permit = match self.thinking.try_acquire() {
            Ok(permit) => permit,
            Err(_) => {
                self.stats.waited_to_think.fetch_add(1, Ordering::Relaxed);
                self.thinking.acquire().await.ok()?
            }
        };
        let thinking = self.config.thinkers.max(1) - self.thinking.available_permits();
        self.stats
            .thinking_peak
            .fetch_max(thinking as u64, Ordering::Relaxed);
        Some(permit)
    }

    /// Waits until a decision chosen now may be posted: its pause after it
    /// was asked (`(asked, pause)`), and a searching decision's `answer`
    /// time too (see [`answer_at`]), counted late when chosen after it.
    /// A pause as long as the answer time or longer thus hides the search
    /// as well.
    async fn wait_to_post(&self, (asked, pause): (Instant, Duration), answer: Option<Duration>) {
        let ready = Instant::now();
        let Some(mut at) = asked.checked_add(pause) else {
            return tokio::time::sleep(pause).await;
        };
        if let Some(answer) = answer {
            let took = ready.saturating_duration_since(asked);
            let took_ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
            self.stats.slowest_ms.fetch_max(took_ms, Ordering::Relaxed);
            if !answer.is_zero() && took > answer {
                let late = self.stats.late.fetch_add(1, Ordering::Relaxed) + 1;
                if late.is_power_of_two() {
                    eprintln!(
                        "bot worker: {late} searching decisions chosen after their answer \
                         time (this one after {took_ms} ms of {} ms): the machine is \
                         overloaded, and their timing may tell that they searched; give \
                         the bots more thinkers or a longer answer time",
                        answer.as_millis()
                    );
                }
            }
            at = at.max(answer_at(asked, ready, answer));
        }
        tokio::time::sleep_until(at.into()).await;
    }

    /// Whether the seat is asked to answer a reaction window now.
    pub(super) async fn in_window(
        &self,
        game: &str,
        seat: u8,
        bots: &BotRuleset,
    ) -> Result<bool, reqwest::Error> {
        let (_, state) = self.get(&format!("/v1/games/{game}?seat={seat}")).await?;
        Ok(state["pending"].as_array().is_some_and(|pending| {
            pending
                .iter()
                .any(|p| p["seat"] == seat && (bots.is_reaction)(p))
        }))
    }

    /// Catches the policy up, chooses and posts, no sooner than the pause
    /// after it was asked (`(listed, pause)`: when the worker listed the
    /// turn, and that pause; see [`asked_at`]) nor, for a searching policy,
    /// than its answer time; `Ok(true)` once the game is over.
    pub(super) async fn decide_and_post(
        &self,
        turn: &Turn,
        bot: &mut SeatBot,
        (listed, pause): ((Instant, SystemTime), Duration),
    ) -> Result<bool, reqwest::Error> {
        let (game, seat) = (turn.game.as_str(), turn.seat);
        if !self.catch_up(game, seat, bot).await? {
            return Ok(false);
        }
        let (_, state) = self.get(&format!("/v1/games/{game}?seat={seat}")).await?;
        if state["game"]["status"] == "finished" {
            return Ok(true);
        }
        let (_, legal) = self
            .get(&format!("/v1/games/{game}/actions?seat={seat}"))
            .await?;
        let actions = legal["actions"].as_array().cloned().unwrap_or_default();
        let Some(version) = legal["version"].as_u64() else {
            return Ok(false);
        };
        if actions.is_empty() || version != bot.seen {
            return Ok(false);
        }
        bot.player.reseed(decision_seed(game, seat, version));
        // Every decision of a searching policy takes a thinker, one legal
        // action or many, so that its place in the queue does not depend on
        // what it holds either.
        let search_ms = bot.player.search_ms();
        let answer = search_ms.map(|ms| answer_time(self.config.answer, ms));
        let asked = asked_at(
            listed,
            bot.seen_at,
            pause.max(answer.unwrap_or_default()) / 2,
        );
        let thinker = match search_ms {
            Some(_) => self.thinker().await,
            None => None,
        };
        let chosen = choose(bot, &state["view"], &actions);
        drop(thinker);
        let Some(action) = chosen else {
            return Ok(false);
        };
        self.wait_to_post((asked, pause), answer).await;
        self.post(turn, version, &action, bot.bots).await
    }

    /// Shows the seat's policy the events it has not seen yet, as the seat
    /// may see them, a page at a time; `Ok(false)` when the server would
    /// not list them.
    async fn catch_up(
        &self,
        game: &str,
        seat: u8,
        bot: &mut SeatBot,
    ) -> Result<bool, reqwest::Error> {
        loop {
            let path = format!(
                "/v1/games/{game}/events?after={}&limit={PAGE}&seat={seat}",
                bot.seen
            );
            let (status, page) = self.get(&path).await?;
            if status != StatusCode::OK {
                return Ok(false);
            }
            let events = page["events"].as_array().cloned().unwrap_or_default();
            for e in &events {
                bot.player.observe(&e["event"]);
                bot.seen = e["seq"].as_u64().unwrap_or(bot.seen);
                bot.seen_at = e["at"]
                    .as_str()
                    .and_then(|at| DateTime::parse_from_rfc3339(at).ok())
                    .map(SystemTime::from);
            }
            if events.len() < PAGE {
                return Ok(true);
            }
        }
    }

    /// Posts `action` for the turn's seat at `version`, under a
    /// deterministic `action_id`, and counts what the server made of it;
    /// `Ok(true)` when it ended the game.
    async fn post(
        &self,
        turn: &Turn,
        version: u64,
        action: &Value,
        bots: &BotRuleset,
    ) -> Result<bool, reqwest::Error> {
        let (game, seat) = (turn.game.as_str(), turn.seat);
        let body = json!({
            "action": action,
            "expected_version": version,
            "action_id": format!("bot-{seat}-{version}"),
        });
        let resp = self
            .http
            .post(format!(
                "{}/v1/games/{game}/actions?seat={seat}",
                self.config.server
            ))
            .bearer_auth(&self.config.worker_key)
            .json(&body)
            .send()
            .await?;
        let status = resp.status();
        let result: Value = resp.json().await.unwrap_or(Value::Null);
        let count = |stat: &AtomicU64| {
            stat.fetch_add(1, Ordering::Relaxed);
        };
        match status {
            StatusCode::OK if result["duplicate"] == true => count(&self.stats.duplicates),
            StatusCode::OK => {
                count(&self.stats.applied);
                let over = result["events"]
                    .as_array()
                    .is_some_and(|es| es.iter().any(|e| (bots.ends_game)(&e["event"])));
                return Ok(over);
            }
            StatusCode::CONFLICT => count(&self.stats.stale),
            StatusCode::REQUEST_TIMEOUT
            | StatusCode::TOO_MANY_REQUESTS
            | StatusCode::SERVICE_UNAVAILABLE => count(&self.stats.busy),
            _ => {
                count(&self.stats.refused);
                eprintln!("bot worker: {game} seat {seat}: {status}: {result}");
            }
        }
        Ok(false)
    }
}

/// The policy's choice among `actions`, seeing `view`. A searching policy
/// (`strong`) thinks for milliseconds: off the runtime's other tasks, where
/// the runtime allows it.
fn choose(bot: &mut SeatBot, view: &Value, actions: &[Value]) -> Option<Value> {
    let mut choose = || bot.player.choose(view, actions);
    match tokio::runtime::Handle::current().runtime_flavor() {
        tokio::runtime::RuntimeFlavor::MultiThread => tokio::task::block_in_place(choose),
        _ => choose(),
    }
}
