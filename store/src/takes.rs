//! Takes of rate limits shared by the servers of one store: each server
//! writes how many of each limit's tokens it took, and reads what the others
//! took, so that a client spread over several servers is limited once.

use std::collections::BTreeSet;

/// Where a server is in reading the other servers' takes
/// ([`crate::Store::share_takes`]); start with the default.
#[derive(Debug, Clone, Default)]
pub struct TakesCursor {
    /// Every take at or below this number has been read.
    pub(crate) settled: i64,
    /// The takes above `settled` already read (a take numbered lower than
    /// one read may still commit later; it is read then).
    pub(crate) read: BTreeSet<i64>,
    /// The calls made with this cursor (every so many, the store is asked
    /// to forget old takes).
    pub(crate) calls: u64,
}

/// Takes older than this are forgotten: no limit counts over a longer window.
pub const TAKES_KEPT_SECONDS: u32 = 600;

/// A take is read for good once it is this old (a take written by a
/// transaction that took longer to commit may be missed).
pub(crate) const TAKES_SETTLE_SECONDS: u32 = 5;
