//! When a bot's answer is posted: a searching bot's answer time, when a
//! decision counts as asked, and the multiple of the answer time a late
//! choice waits for, so that when a seat answers tells nothing of what it
//! holds.

use std::time::{Duration, Instant, SystemTime};

/// The default [`WorkerConfig::answer`](super::WorkerConfig::answer), in
/// milliseconds: room for the worker's reads and the server's load around a
/// search.
pub const DEFAULT_ANSWER_MS: u64 = 100;

/// How many times its budget a searching bot's answer time adds to
/// [`WorkerConfig::answer`](super::WorkerConfig::answer): a search takes
/// about its budget on the reference machine (its playouts fitted to the
/// position), and the longest measured 2.7 times it (53 ms for 20 ms, Gold
/// Rush); five times leaves room for a loaded machine at any budget.
pub const ANSWER_PER_BUDGET: u32 = 5;

/// A searching decision's answer time: `answer` plus [`ANSWER_PER_BUDGET`]
/// times its budget of `budget_ms`. Public facts only: the seat's budget
/// is in the game's first event.
pub fn answer_time(answer: Duration, budget_ms: u32) -> Duration {
    answer.saturating_add(Duration::from_millis(
        u64::from(budget_ms) * u64::from(ANSWER_PER_BUDGET),
    ))
}

/// When a decision was asked, on this worker's clock: when the server
/// appended the event the game waits at (its public time `event_at`), as
/// seen from `listed` (the instant and wall time the worker listed the
/// turn), so that how soon the worker noticed the turn does not show in when
/// it answers; but no more than `limit` before `listed` (a clock ahead of the
/// server's), and never after it (a clock behind, or no event time).
pub fn asked_at(
    listed: (Instant, SystemTime),
    event_at: Option<SystemTime>,
    limit: Duration,
) -> Instant {
    let (instant, wall) = listed;
    let lag = event_at
        .and_then(|at| wall.duration_since(at).ok())
        .unwrap_or_default()
        .min(limit);
    instant.checked_sub(lag).unwrap_or(instant)
}

/// When a searching decision asked at `asked` and chosen at `ready` is
/// posted: `asked + answer`, or when the choice came later (an overloaded
/// machine), the first later multiple of `answer` after `asked`. The time
/// then tells only how many answer times the search overran, not by how
/// much.
pub fn answer_at(asked: Instant, ready: Instant, answer: Duration) -> Instant {
    let took = ready.saturating_duration_since(asked);
    let periods = match answer.as_nanos() {
        0 => 0,
        period => took.as_nanos().div_ceil(period).max(1),
    };
    let due = u32::try_from(periods)
        .ok()
        .and_then(|n| answer.checked_mul(n))
        .and_then(|wait| asked.checked_add(wait));
    due.unwrap_or(ready).max(ready)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn an_answer_chosen_in_time_is_posted_at_its_answer_time() {
        let asked = Instant::now();
        for took in [0, 1, 20, 179, 180] {
            assert_eq!(
                answer_at(asked, asked + ms(took), ms(180)),
                asked + ms(180),
                "{took}"
            );
        }
    }

    #[test]
    fn a_late_answer_is_posted_at_the_next_multiple_of_its_answer_time() {
        let asked = Instant::now();
        for (took, posted) in [(181, 360), (360, 360), (361, 540), (1000, 1080)] {
            assert_eq!(
                answer_at(asked, asked + ms(took), ms(180)),
                asked + ms(posted),
                "{took}"
            );
        }
        // No answer time: posted when chosen.
        assert_eq!(
            answer_at(asked, asked + ms(7), Duration::ZERO),
            asked + ms(7)
        );
        assert_eq!(answer_at(asked, asked, Duration::MAX), asked);
    }

    #[test]
    fn a_decision_is_asked_when_its_event_was_appended_within_a_limit() {
        let now = Instant::now();
        let wall = SystemTime::now();
        let listed = (now, wall);
        assert_eq!(asked_at(listed, Some(wall - ms(30)), ms(90)), now - ms(30));
        // A clock ahead of the server's (or a worker that noticed late).
        assert_eq!(
            asked_at(listed, Some(wall - ms(5000)), ms(90)),
            now - ms(90)
        );
        // A clock behind it, or no event time.
        assert_eq!(asked_at(listed, Some(wall + ms(5000)), ms(90)), now);
        assert_eq!(asked_at(listed, None, ms(90)), now);
        // Bots that neither pause nor search answer when they have chosen.
        assert_eq!(asked_at(listed, Some(wall - ms(30)), Duration::ZERO), now);
    }

    #[test]
    fn the_answer_time_grows_with_the_budget() {
        assert_eq!(answer_time(ms(DEFAULT_ANSWER_MS), 20), ms(200));
        assert_eq!(answer_time(ms(DEFAULT_ANSWER_MS), 8), ms(140));
        assert_eq!(answer_time(Duration::ZERO, 1000), ms(5000));
        assert_eq!(answer_time(Duration::MAX, 1000), Duration::MAX);
    }
}
