//! The durable event log of games.
//!
//! Planned (issue 3): sled trees `games`, `events` and `dedupe`, hash-chained
//! envelopes, atomic appends with an expected version and group-committed fsync.
//! The store knows nothing of rules: it keeps opaque event payloads.
