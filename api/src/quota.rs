//! A sliding-window quota per game seat: how many of some action one seat may
//! take per minute (standing orders and chat messages, which any seat may
//! post at any time).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use store::GameId;

use crate::error::ApiError;

/// The window a quota counts over.
const WINDOW: Duration = Duration::from_secs(60);
/// Past this many tracked seats, seats whose window is empty are forgotten.
const TIDY_AT: usize = 10_000;

/// At most `per_minute` actions per (game, seat) in any 60 seconds.
pub struct SeatQuota {
    per_minute: usize,
    /// The 429's code.
    code: &'static str,
    /// What the quota counts, for the 429's detail ("post standing orders").
    what: &'static str,
    taken: Mutex<HashMap<(GameId, u8), VecDeque<Instant>>>,
}

impl SeatQuota {
    /// A quota of `per_minute` actions per seat per minute, refused with a
    /// 429 `code` saying that a seat may `what` so many times a minute.
    pub fn new(per_minute: u32, code: &'static str, what: &'static str) -> SeatQuota {
        SeatQuota {
            per_minute: per_minute as usize,
            code,
            what,
            taken: Mutex::new(HashMap::new()),
        }
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

    /// Counts one action of `seat` of `game`, now.
    pub fn record(&self, game: GameId, seat: u8) {
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
        times.push_back(now);
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
        let quota = SeatQuota::new(2, "too_many_orders", "post standing orders");
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
}
