//! Special roles: live reaction windows. When a game opens a window with a
//! reaction time, its deadline is kept here, and a timer task closes the
//! window once the time is up (appending what the rules decide then).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use store::GameId;
use tokio::sync::Notify;
use tokio::sync::futures::Notified;
use tokio::time::Instant;

use super::{Service, lock, seed_of};
use crate::error::ApiError;
use crate::ruleset::FoldedGame;

/// Special roles: when an open window of a game with a live reaction window closes.
#[derive(Clone, Copy, Debug)]
struct Deadline {
    /// The window, by the version it opened at.
    opened: u64,
    /// When it closes.
    at: Instant,
    /// The same moment, for clients.
    utc: DateTime<Utc>,
}

/// The deadline of each game's open window, and a signal for the timer when
/// a new one is set.
pub(super) struct Deadlines {
    open: Mutex<BTreeMap<GameId, Deadline>>,
    signal: Notify,
}

impl Deadlines {
    /// No window open.
    pub(super) fn new() -> Deadlines {
        Deadlines {
            open: Mutex::new(BTreeMap::new()),
            signal: Notify::new(),
        }
    }

    /// Game `id` now has `window` open (by the version it opened at, with its
    /// reaction time in seconds), or none: a new window's time starts now.
    pub(super) fn refresh(&self, id: GameId, window: Option<(u64, u32)>) {
        let mut deadlines = lock(&self.open);
        match window {
            Some((opened, seconds)) => {
                if deadlines.get(&id).map(|d| d.opened) != Some(opened) {
                    let wait = Duration::from_secs(seconds.into());
                    deadlines.insert(
                        id,
                        Deadline {
                            opened,
                            at: Instant::now() + wait,
                            utc: Utc::now() + wait,
                        },
                    );
                    self.signal.notify_one();
                }
            }
            None => {
                deadlines.remove(&id);
            }
        }
    }

    /// When window `opened` of game `id` closes, if it is the one kept.
    fn closes_at(&self, id: GameId, opened: u64) -> Option<DateTime<Utc>> {
        lock(&self.open)
            .get(&id)
            .filter(|d| d.opened == opened)
            .map(|d| d.utc)
    }

    /// The earliest deadline.
    fn next(&self) -> Option<Instant> {
        lock(&self.open).values().map(|d| d.at).min()
    }

    /// The windows whose time is up at `now`, by game and opening version.
    fn due(&self, now: Instant) -> Vec<(GameId, u64)> {
        lock(&self.open)
            .iter()
            .filter(|(_, d)| d.at <= now)
            .map(|(&id, d)| (id, d.opened))
            .collect()
    }

    /// Forgets window `opened` of game `id`, if it is the one kept.
    fn forget(&self, id: GameId, opened: u64) {
        let mut deadlines = lock(&self.open);
        if deadlines.get(&id).is_some_and(|d| d.opened == opened) {
            deadlines.remove(&id);
        }
    }

    /// Resolves when a new deadline is set.
    fn changed(&self) -> Notified<'_> {
        self.signal.notified()
    }
}

impl Service {
    /// Special roles: closes windows whose live reaction time is up, for as long as the
    /// server runs. A window still open after a restart gets its full time again.
    pub async fn run_deadlines(self: Arc<Self>) {
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
            for (id, opened) in self.deadlines.due(Instant::now()) {
                if let Err(e) = self.expire(id, opened).await {
                    eprintln!("bang: game {id}: closing a reaction window failed: {e}");
                    self.deadlines.forget(id, opened);
                }
            }
        }
    }

    /// Closes window `opened` of game `id` if it is still open.
    async fn expire(&self, id: GameId, opened: u64) -> Result<(), ApiError> {
        let mut entry = self.games.current(id).await?;
        if entry.live.reaction_window().map(|w| w.0) != Some(opened) {
            self.refresh_waiting(&entry);
            return Ok(());
        }
        let seed = seed_of(&entry.data.seed)?;
        let (events, next) = entry.live.expire(seed)?;
        let version = entry.live.version();
        self.commit(&mut entry, version, "server".into(), None, events, next)
            .await?;
        Ok(())
    }

    /// The deadline of the window the game waits on, if it has one.
    pub(super) fn deadline_of(&self, id: GameId, live: &FoldedGame) -> Option<DateTime<Utc>> {
        let opened = live.reaction_window()?.0;
        self.deadlines.closes_at(id, opened)
    }
}
