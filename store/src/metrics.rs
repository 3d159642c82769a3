//! Counters of the store's writes, for the server's `/metrics`. On sled they
//! count the writer thread's batches; on PostgreSQL the group commit's
//! batches of appends (one call and one commit each, its time the flush)
//! and every other transaction as a batch of one.
//!
//! They are process-wide (every store of the process adds to them) and cost a
//! few relaxed atomic additions per batch, not per request. The writer thread
//! ([`crate::GroupCommit`]) records each batch: how many requests it held, how
//! many of them were applied, and how long its flush + fsync took.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A histogram over integer values with fixed upper bounds (`le`), lock-free.
///
/// Each bucket counts the observations at most its bound (not cumulative);
/// one more bucket counts those above the last bound.
pub struct Histogram<const N: usize> {
    bounds: [u64; N],
    buckets: [AtomicU64; N],
    above: AtomicU64,
    count: AtomicU64,
    sum: AtomicU64,
}

/// A histogram as read at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// `(bound, observations <= bound)`, cumulative, by increasing bound.
    pub buckets: Vec<(u64, u64)>,
    /// All the observations.
    pub count: u64,
    /// The sum of the observed values.
    pub sum: u64,
}

impl<const N: usize> Histogram<N> {
    /// An empty histogram with these upper bounds (increasing).
    pub const fn new(bounds: [u64; N]) -> Histogram<N> {
        Histogram {
            bounds,
            buckets: [const { AtomicU64::new(0) }; N],
            above: AtomicU64::new(0),
            count: AtomicU64::new(0),
            sum: AtomicU64::new(0),
        }
    }

    /// Records one value.
    pub fn observe(&self, value: u64) {
        match self.bounds.iter().position(|&b| value <= b) {
            Some(i) => self.buckets[i].fetch_add(1, Ordering::Relaxed),
            None => self.above.fetch_add(1, Ordering::Relaxed),
        };
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum.fetch_add(value, Ordering::Relaxed);
    }

    /// The histogram now (cumulative buckets, as Prometheus shows them).
    pub fn snapshot(&self) -> Snapshot {
        let mut running = 0;
        let buckets = self
            .bounds
            .iter()
            .zip(&self.buckets)
            .map(|(&bound, n)| {
                running += n.load(Ordering::Relaxed);
                (bound, running)
            })
            .collect();
        let count = running + self.above.load(Ordering::Relaxed);
        Snapshot {
            buckets,
            count,
            sum: self.sum.load(Ordering::Relaxed),
        }
    }
}

/// Requests (appends and creates) the writer applied and made durable.
pub static APPENDS: AtomicU64 = AtomicU64::new(0);
/// Batches the writer ran (one flush + fsync each).
pub static BATCHES: AtomicU64 = AtomicU64::new(0);
/// Flushes that failed (their requests were answered with an error).
pub static FLUSH_ERRORS: AtomicU64 = AtomicU64::new(0);
/// Requests per batch.
pub static BATCH_SIZE: Histogram<12> =
    Histogram::new([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096]);
/// Bounds of the histograms of durations, in nanoseconds: 50 µs to 1 s.
pub const NANOS_BOUNDS: [u64; 14] = [
    50_000,
    100_000,
    250_000,
    500_000,
    1_000_000,
    2_500_000,
    5_000_000,
    10_000_000,
    25_000_000,
    50_000_000,
    100_000_000,
    250_000_000,
    500_000_000,
    1_000_000_000,
];
/// Time of each batch's flush + fsync, in nanoseconds.
pub static FLUSH_NANOS: Histogram<14> = Histogram::new(NANOS_BOUNDS);
/// How long each request waited in the writer's queue before a batch took
/// it, in nanoseconds (sled; PostgreSQL's appends).
pub static QUEUED_NANOS: Histogram<14> = Histogram::new(NANOS_BOUNDS);
/// How long each request's batch took from the writer taking it to the
/// answers (its writes, then the flush + fsync), in nanoseconds (sled;
/// PostgreSQL's appends: the batch's call and commit).
pub static WRITTEN_NANOS: Histogram<14> = Histogram::new(NANOS_BOUNDS);

/// How long each request took to resume once the writer had sent its
/// answer (the wait for its task to be run again), in nanoseconds (sled;
/// PostgreSQL's appends).
pub static WOKEN_NANOS: Histogram<14> = Histogram::new(NANOS_BOUNDS);

/// A duration as a histogram of nanoseconds records it.
pub fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

/// Records one batch of the writer: `size` requests, `applied` of them
/// written and made durable, the flush having taken `flush`.
pub(crate) fn batch(size: usize, applied: usize, flush: Duration, flushed: bool) {
    BATCHES.fetch_add(1, Ordering::Relaxed);
    BATCH_SIZE.observe(size as u64);
    FLUSH_NANOS.observe(nanos(flush));
    if flushed {
        APPENDS.fetch_add(applied as u64, Ordering::Relaxed);
    } else {
        FLUSH_ERRORS.fetch_add(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::Histogram;

    #[test]
    fn buckets_are_cumulative_and_count_values_above_the_last_bound() {
        let h = Histogram::new([1, 10]);
        for v in [0, 1, 5, 10, 11, 1000] {
            h.observe(v);
        }
        let s = h.snapshot();
        assert_eq!(s.buckets, vec![(1, 2), (10, 4)]);
        assert_eq!(s.count, 6);
        assert_eq!(s.sum, 1027);
    }
}
