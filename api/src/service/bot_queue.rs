//! The bot-turn queue: every bot seat a game waits for, by the version it
//! waits at, and a signal for the bot workers that long-poll it.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use store::GameId;
use tokio::sync::watch;

use super::{Service, lock};
use crate::models::BotTurn;

/// The bot seats that must act, and a counter bumped when they change.
pub(super) struct BotQueue {
    turns: Mutex<BTreeMap<(GameId, u8), u64>>,
    signal: watch::Sender<u64>,
}

impl BotQueue {
    /// No bot seat waited for.
    pub(super) fn new() -> BotQueue {
        BotQueue {
            turns: Mutex::new(BTreeMap::new()),
            signal: watch::Sender::new(0),
        }
    }

    /// Game `id`, at `version`, waits for the bot seats `seats` (and no others).
    pub(super) fn set(&self, id: GameId, version: u64, seats: Vec<u8>) {
        let mut turns = lock(&self.turns);
        let before = turns.len();
        let stale: Vec<(GameId, u8)> = turns
            .range((id, u8::MIN)..=(id, u8::MAX))
            .map(|(&key, _)| key)
            .collect();
        for key in stale {
            turns.remove(&key);
        }
        let added = !seats.is_empty();
        for seat in seats {
            turns.insert((id, seat), version);
        }
        if added || turns.len() != before {
            self.signal.send_modify(|n| *n += 1);
        }
    }

    /// The bot seats that must act, waiting up to `wait` for one.
    async fn wait(&self, wait: Duration) -> Vec<BotTurn> {
        let mut signal = self.signal.subscribe();
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let turns: Vec<BotTurn> = lock(&self.turns)
                .iter()
                .map(|(&(game, seat), &version)| BotTurn {
                    game,
                    seat,
                    version,
                })
                .collect();
            if !turns.is_empty() {
                return turns;
            }
            match tokio::time::timeout_at(deadline, signal.changed()).await {
                Ok(Ok(())) => continue,
                _ => return turns,
            }
        }
    }
}

impl Service {
    /// The bot seats that must act, waiting up to `wait` for one.
    pub async fn bot_turns(&self, wait: Duration) -> Vec<BotTurn> {
        self.bot_turns.wait(wait).await
    }
}
