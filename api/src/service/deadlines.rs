//! Deadlines: when the seats a game waits for must have acted, and the one
//! timer that acts for them when they have not. Two kinds:
//!
//! - a live reaction window's (the game's reaction time, which a
//!   play-by-post table's `response_deadline` sets): the window closes with
//!   its safe default;
//! - a play-by-post table's move deadline: a bot makes the missed move once,
//!   after a `seat_control` event that says so (actor `server`), and after
//!   `misses_before_bot` misses in a row a bot keeps the seat (another
//!   `seat_control` event) until its player takes it back.
//!
//! A deadline is a function of the log: it runs from the time of the event
//! that asked (the head for a move, the window's opening for a response), so
//! a restart gives it no extra time. The deadlines are also kept in the
//! store's documents (`deadlines/{game}`), written by the timer task alone;
//! before acting the timer claims a deadline there by compare-and-swap, and
//! what it appends is appended at the version the deadline was due for, so a
//! deadline fires once even with several timers.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use engine::{Outcome, SeatControl, Viewer};
use serde_json::{Value, json};
use store::{EventStore, GameId, StoreError};
use tokio::sync::Notify;
use tokio::sync::futures::Notified;
use tokio::time::Instant;

use super::cache::{Entry, read_all};
use super::{Service, lock, seed_of};
use crate::error::ApiError;

/// The store documents that keep each game's deadline.
const COLLECTION: &str = "deadlines";

/// How long a timer's claim on a deadline holds off the others.
const CLAIM_TTL_S: i64 = 60;

/// The most decisions a bot makes for one missed move (a turn's worth).
const MAX_COVERED_DECISIONS: usize = 500;

/// What a deadline is for: the version it is keyed by tells a deadline that
/// still applies from one the game has moved past.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Due {
    /// The reaction window opened at this version closes.
    Response {
        /// The window's opening version.
        opened: u64,
    },
    /// The seats asked to move at this version have not.
    Move {
        /// The version they were asked at.
        version: u64,
    },
}

impl Due {
    /// Whether a stored deadline document is this deadline.
    fn same_as(self, doc: &Value) -> bool {
        let (kind, version) = match self {
            Due::Response { opened } => ("response", opened),
            Due::Move { version } => ("move", version),
        };
        doc["kind"] == kind && doc["version"] == version
    }

    fn to_json(self, at: DateTime<Utc>) -> Value {
        match self {
            Due::Response { opened } => json!({"kind": "response", "version": opened, "at": at}),
            Due::Move { version } => json!({"kind": "move", "version": version, "at": at}),
        }
    }
}

/// One game's deadline.
#[derive(Clone, Copy, Debug)]
struct Deadline {
    due: Due,
    /// When it passes.
    at: Instant,
    /// The same moment, for clients and the store.
    utc: DateTime<Utc>,
}

/// Each game's deadline, the games whose document is behind, and signals for
/// the timer and the document writer.
pub(super) struct Deadlines {
    open: Mutex<BTreeMap<GameId, Deadline>>,
    /// Games whose store document differs from `open`.
    unwritten: Mutex<BTreeSet<GameId>>,
    signal: Notify,
    to_write: Notify,
}

/// Stops a task when dropped (the writer stops with the timer).
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// An instant `utc` is from now (now if it has passed).
fn instant_of(utc: DateTime<Utc>) -> Instant {
    let left = (utc - Utc::now()).to_std().unwrap_or(Duration::ZERO);
    Instant::now() + left
}

impl Deadlines {
    /// No deadline.
    pub(super) fn new() -> Deadlines {
        Deadlines {
            open: Mutex::new(BTreeMap::new()),
            unwritten: Mutex::new(BTreeSet::new()),
            signal: Notify::new(),
            to_write: Notify::new(),
        }
    }

    /// Whether game `id`'s deadline is already `due`.
    fn has(&self, id: GameId, due: Due) -> bool {
        lock(&self.open).get(&id).is_some_and(|d| d.due == due)
    }

    /// Game `id`'s deadline is now `due` at `utc`, or it has none.
    fn set(&self, id: GameId, deadline: Option<(Due, DateTime<Utc>)>) {
        let mut open = lock(&self.open);
        let changed = match deadline {
            Some((due, utc)) => {
                let same = open.get(&id).is_some_and(|d| d.due == due);
                if !same {
                    let at = instant_of(utc);
                    open.insert(id, Deadline { due, at, utc });
                }
                !same
            }
            None => open.remove(&id).is_some(),
        };
        drop(open);
        if changed {
            lock(&self.unwritten).insert(id);
            self.signal.notify_one();
            self.to_write.notify_one();
        }
    }

    /// When game `id`'s deadline of this kind passes, if it has one.
    fn at(&self, id: GameId, response: bool) -> Option<DateTime<Utc>> {
        lock(&self.open)
            .get(&id)
            .filter(|d| matches!(d.due, Due::Response { .. }) == response)
            .map(|d| d.utc)
    }

    /// The earliest deadline.
    fn next(&self) -> Option<Instant> {
        lock(&self.open).values().map(|d| d.at).min()
    }

    /// The deadlines passed at `now`.
    fn passed(&self, now: Instant) -> Vec<(GameId, Due)> {
        lock(&self.open)
            .iter()
            .filter(|(_, d)| d.at <= now)
            .map(|(&id, d)| (id, d.due))
            .collect()
    }

    /// Looks at game `id`'s deadline `due` again in `seconds`.
    fn postpone(&self, id: GameId, due: Due, seconds: i64) {
        let mut open = lock(&self.open);
        if let Some(d) = open.get_mut(&id).filter(|d| d.due == due) {
            d.at = Instant::now() + Duration::from_secs(seconds.unsigned_abs());
        }
    }

    /// Forgets game `id`'s deadline if it is still `due` (it failed to fire).
    fn forget(&self, id: GameId, due: Due) {
        let mut open = lock(&self.open);
        if open.get(&id).is_some_and(|d| d.due == due) {
            open.remove(&id);
        }
    }

    /// Resolves when a deadline is set or removed.
    fn changed(&self) -> Notified<'_> {
        self.signal.notified()
    }
}

impl Service {
    /// What game `entry` waits for by a deadline, and how many seconds it has.
    fn due_now(&self, entry: &Entry) -> Option<(Due, u32)> {
        if entry.live.is_over() {
            return None;
        }
        if let Some((opened, seconds)) = entry.live.reaction_window() {
            return Some((Due::Response { opened }, seconds));
        }
        let seconds = entry.data.deadlines?.move_seconds?;
        let people = entry
            .live
            .moving()
            .into_iter()
            .any(|seat| !entry.data.is_bot(seat));
        people.then_some((
            Due::Move {
                version: entry.live.version(),
            },
            seconds,
        ))
    }

    /// Records game `entry`'s deadline, if it has one, from the time of the
    /// event that asked (read from the store for a window opened earlier).
    pub(super) async fn refresh_deadline(&self, entry: &Entry) {
        let id = entry.record.id;
        let Some((due, seconds)) = self.due_now(entry) else {
            self.deadlines.set(id, None);
            return;
        };
        if self.deadlines.has(id, due) {
            return;
        }
        let asked = match due {
            Due::Response { opened } if opened < entry.live.version() => self
                .store
                .events(id, opened.saturating_sub(1), 1)
                .await
                .ok()
                .and_then(|e| e.first().map(|e| e.at))
                .unwrap_or(entry.record.updated_at),
            _ => entry.record.updated_at,
        };
        let at = asked + chrono::Duration::seconds(seconds.into());
        self.deadlines.set(id, Some((due, at)));
    }

    /// When the open reaction window closes and when the seats asked to move
    /// must have moved, for a game's readers.
    pub(super) fn deadlines_of(
        &self,
        id: GameId,
    ) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
        (self.deadlines.at(id, true), self.deadlines.at(id, false))
    }

    /// Acts on every passed deadline, and keeps the store's deadline
    /// documents up to date (in a task of their own, so that writing them never
    /// delays a deadline), for as long as the server runs.
    pub async fn run_deadlines(self: Arc<Self>) {
        let writer = tokio::spawn(self.clone().run_deadline_writer());
        let _stop_writer = AbortOnDrop(writer);
        loop {
            let next = self.deadlines.next();
            let sleep = async {
                match next {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = sleep => {}
                _ = self.deadlines.changed() => continue,
            }
            for (id, due) in self.deadlines.passed(Instant::now()) {
                if let Err(e) = self.fire(id, due).await {
                    tracing::warn!(game = %id, "a deadline could not be acted on: {e}");
                    self.deadlines.forget(id, due);
                }
            }
        }
    }

    /// Writes the deadline documents that are behind, for as long as the
    /// server runs (this one task writes them, so they never go back in time).
    async fn run_deadline_writer(self: Arc<Self>) {
        loop {
            let games: Vec<GameId> = std::mem::take(&mut *lock(&self.deadlines.unwritten))
                .into_iter()
                .collect();
            if games.is_empty() {
                self.deadlines.to_write.notified().await;
                continue;
            }
            for id in games {
                let now = lock(&self.deadlines.open).get(&id).copied();
                let value = now.map(|d| d.due.to_json(d.utc));
                if let Err(e) = self.put_deadline(id, value).await {
                    tracing::warn!(game = %id, "a deadline document could not be written: {e}");
                }
            }
        }
    }

    /// Sets game `id`'s deadline document, whatever its revision.
    async fn put_deadline(&self, id: GameId, value: Option<Value>) -> Result<(), StoreError> {
        let key = id.to_string();
        loop {
            let revision = self
                .store
                .doc(COLLECTION, &key)
                .await?
                .map_or(0, |(r, _)| r);
            if value.is_none() && revision == 0 {
                return Ok(());
            }
            match self
                .store
                .put_doc(COLLECTION, &key, value.clone(), revision)
                .await
            {
                Err(StoreError::Stale { .. }) => continue,
                other => return other.map(|_| ()),
            }
        }
    }

    /// Claims game `id`'s deadline `due` in the store by compare-and-swap,
    /// for this timer (`instance`): `false` while another timer holds a
    /// claim on it younger than [`CLAIM_TTL_S`] (it acts then). A claim by a
    /// timer that died (this one before a crash) expires.
    async fn claim(&self, id: GameId, due: Due) -> Result<bool, ApiError> {
        let key = id.to_string();
        loop {
            let (revision, held) = match self.store.doc(COLLECTION, &key).await? {
                Some((revision, doc)) => (revision, Some(doc)),
                None => (0, None),
            };
            let now = Utc::now();
            if let Some(doc) = &held
                && due.same_as(doc)
                && doc["claimed_by"]
                    .as_str()
                    .is_some_and(|by| by != self.instance)
                && doc["claimed_at"]
                    .as_str()
                    .and_then(|t| t.parse::<DateTime<Utc>>().ok())
                    .is_some_and(|at| now - at < chrono::Duration::seconds(CLAIM_TTL_S))
            {
                return Ok(false);
            }
            let at = lock(&self.deadlines.open).get(&id).map_or(now, |d| d.utc);
            let mut doc = due.to_json(at);
            doc["claimed_by"] = self.instance.clone().into();
            doc["claimed_at"] = serde_json::to_value(now).unwrap_or_default();
            match self
                .store
                .put_doc(COLLECTION, &key, Some(doc), revision)
                .await
            {
                Ok(_) => return Ok(true),
                // The writer (or another timer) wrote it meanwhile: read again.
                Err(StoreError::Stale { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Acts on game `id`'s passed deadline `due`, if the game still waits on it.
    async fn fire(&self, id: GameId, due: Due) -> Result<(), ApiError> {
        let mut entry = self.games.current(id).await?;
        if self.due_now(&entry).map(|(d, _)| d) != Some(due) {
            self.refresh_waiting(&entry).await;
            return Ok(());
        }
        if !self.claim(id, due).await? {
            // Another timer acts on it; look again once its claim expires.
            self.deadlines.postpone(id, due, CLAIM_TTL_S);
            return Ok(());
        }
        let version = entry.live.version();
        let outcome = match due {
            Due::Response { .. } => entry
                .live
                .expire(seed_of(&entry.data.seed)?)
                .map_err(|e| ApiError::unprocessable("no_window", e.to_string()))?,
            Due::Move { .. } => self.missed_move(&entry).await?,
        };
        self.commit(&mut entry, version, "server".into(), None, outcome, None)
            .await?;
        Ok(())
    }

    /// A missed move: the `seat_control` event that says so, the bot's
    /// decisions for the seat until it is no longer the one asked, and, after
    /// too many misses in a row, the bot keeping the seat.
    async fn missed_move(&self, entry: &Entry) -> Result<Outcome, ApiError> {
        let id = entry.record.id;
        let seat = entry
            .live
            .moving()
            .into_iter()
            .find(|&s| !entry.data.is_bot(s))
            .ok_or_else(|| ApiError::internal("a move deadline with nobody to move"))?;
        let bots = bots::players::bots_for(&entry.record.ruleset)
            .ok_or_else(|| ApiError::internal("no bot plays this ruleset"))?;
        let mut player = (bots.player)(
            bots.default_policy,
            bots::worker::seat_seed(&id.to_string(), seat),
            None,
        )
        .ok_or_else(|| ApiError::internal("the default bot is missing"))?;
        // The bot sees what the seat has seen.
        let store = self.store.clone();
        let version = entry.live.version();
        let seen = read_all(&store, id, version).await?;
        let viewer = Viewer::Seat(seat);
        for e in &seen {
            player.observe(&entry.live.redact(&e.event, viewer));
        }
        let seed = seed_of(&entry.data.seed)?;
        let missed = |moves: usize| SeatControl::DeadlineMissed {
            seat,
            moves: moves.min(u16::MAX.into()) as u16,
        };
        // The bot's decisions, while the game asks this seat alone to move.
        let mut game = entry.live.control(&missed(1))?.next;
        let mut decisions = Vec::new();
        loop {
            let legal = game.legal(seat);
            player.reseed(bots::worker::decision_seed(
                &id.to_string(),
                seat,
                game.version(),
            ));
            let Some(action) = player.choose(&game.view(viewer), &legal) else {
                break;
            };
            let outcome = game.play(seat, &action, seed)?;
            for (e, seen) in outcome.events.iter().zip(outcome.seen_by(viewer)) {
                player.observe(&seen.form(e.clone(), |e| outcome.next.redact(&e, viewer)));
            }
            decisions.push(action);
            game = outcome.next;
            let alone = game.waiting() == [seat] && game.moving() == [seat];
            if !alone || game.is_over() || decisions.len() >= MAX_COVERED_DECISIONS {
                break;
            }
        }
        // The same decisions after a miss that counts them.
        let mut outcome = entry.live.control(&missed(decisions.len()))?;
        for action in &decisions {
            let more = outcome.next.play(seat, action, seed)?;
            outcome.then(more);
        }
        let limit = entry.data.deadlines.map_or(0, |d| d.misses_before_bot);
        let game = &outcome.next;
        if limit > 0 && !game.is_over() && game.controls().misses(seat) >= limit {
            let keep = SeatControl::BotTookSeat {
                seat,
                bot: bots.default_policy.to_string(),
            };
            let more = game.control(&keep)?;
            outcome.then(more);
        }
        Ok(outcome)
    }
}
