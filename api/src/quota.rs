//! A sliding-window quota per game seat: how many of some action one seat may
//! take per minute (standing orders and chat messages, which any seat may
//! post at any time). On a shared store, the other servers' takes count too
//! ([`crate::takes`]).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use store::GameId;

use crate::error::ApiError;
use crate::takes::{Taken, Takes};

/// The window a quota counts over.
const WINDOW: Duration = Duration::from_secs(60);
/// Past this many tracked seats, seats whose window is empty are forgotten.
const TIDY_AT: usize = 10_000;

/// At most `per_minute` actions per (game, seat) in any 60 seconds.
pub struct SeatQuota {
    /// Its name among the shared takes (one of [`crate::takes::SEAT_QUOTAS`]).
    name: &'static str,
    per_minute: usize,
    /// The 429's code.
    code: &'static str,
    /// What the quota counts, for the 429's detail ("post standing orders").
    what: &'static str,
    taken: Mutex<HashMap<(GameId, u8), VecDeque<Instant>>>,
    takes: Arc<Takes>,
}

impl SeatQuota {
    /// The quota `name` of `per_minute` actions per seat per minute, refused
    /// with a 429 `code` saying that a seat may `what` so many times a
    /// minute; its takes shared through `takes`.
    pub fn new(
        name: &'static str,
        per_minute: u32,
        code: &'static str,
        what: &'static str,
        takes: Arc<Takes>,
    ) -> SeatQuota {
        SeatQuota {
            name,
            per_minute: per_minute as usize,
            code,
            what,
            taken: Mutex::new(HashMap::new()),
            takes,
        }
    }

    /// Its name among the shared takes.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Ok if `seat` of `game` may act now; else a 429 saying when it may.
    pub fn check(&self, game: GameId, seat: u8) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut taken = self.taken.lock().unwrap_or_else(|p| p.into_inner());
        let Some(times) = taken.get_mut(&(game, seat)) else {
            return if self.per_minute == 0 {
                Err(self.refusal(WINDOW))
            } else {
                Ok(())
            };
        };
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            times.pop_front();
        }
        if times.len() < self.per_minute {
            return Ok(());
        }
        let oldest = times.front().copied().unwrap_or(now);
        Err(self.refusal(WINDOW.saturating_sub(now.duration_since(oldest))))
    }

    /// Counts one action of `seat` of `game`, now (and notes it for the
    /// other servers).
    pub fn record(&self, game: GameId, seat: u8) {
        self.count(game, seat, 1);
        self.takes.note(Taken::Seat(self.name, game, seat));
    }

    /// Counts `n` actions another server took for `seat` of `game`, as now.
    pub fn charge(&self, game: GameId, seat: u8, n: u32) {
        self.count(game, seat, n);
    }

    fn count(&self, game: GameId, seat: u8, n: u32) {
        let now = Instant::now();
        let mut taken = self.taken.lock().unwrap_or_else(|p| p.into_inner());
        if taken.len() >= TIDY_AT {
            taken.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|t| now.duration_since(*t) < WINDOW)
            });
        }
        let times = taken.entry((game, seat)).or_default();
        for _ in 0..n.min(self.per_minute.max(1) as u32) {
            times.push_back(now);
        }
        while times.len() > self.per_minute.max(1) {
            times.pop_front();
        }
    }

    fn refusal(&self, wait: Duration) -> ApiError {
        ApiError::rate_limited(
            self.code,
            format!(
                "a seat may {} {} times a minute; try again in {} s",
                self.what,
                self.per_minute,
                wait.as_secs() + 1
            ),
            wait.as_secs() + 1,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_the_quota_per_seat() {
        let quota = SeatQuota::new(
            "orders",
            2,
            "too_many_orders",
            "post standing orders",
            Arc::new(Takes::new(false)),
        );
        let game = GameId(1);
        for _ in 0..2 {
            assert!(quota.check(game, 0).is_ok());
            quota.record(game, 0);
        }
        let refused = quota.check(game, 0).unwrap_err();
        assert_eq!(refused.code, "too_many_orders");
        assert!(refused.retry_after.is_some_and(|s| (1..=61).contains(&s)));
        assert!(
            quota.check(game, 1).is_ok(),
            "another seat has its own quota"
        );
        assert!(quota.check(GameId(2), 0).is_ok(), "and so has another game");
    }

    #[test]
    fn another_servers_takes_count_and_own_takes_are_shared() {
        let takes = Arc::new(Takes::new(true));
        let quota = SeatQuota::new("chat", 3, "too_many_messages", "chat", takes.clone());
        let game = GameId(9);
        quota.record(game, 1);
        quota.charge(game, 1, 2);
        assert_eq!(quota.check(game, 1).unwrap_err().code, "too_many_messages");
        assert!(quota.check(game, 2).is_ok());
        // Only this server's own take is shared, not the charged ones.
        assert_eq!(takes.take_pending(), vec![("chat:9:1".to_string(), 1)]);
    }
}
