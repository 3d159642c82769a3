//! What the card game's property tests share: their own deterministic
//! chooser, the length bound, and the game counts taken from the environment.

/// No random game needs more events than this.
pub const MAX_EVENTS: usize = 40_000;

/// A small deterministic generator for a test's own choices (xorshift).
pub struct Pick(pub u64);

impl Pick {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The number in environment variable `var`, else `default`: lets a long
/// release run ask for more games than `cargo test` plays.
pub fn games_from_env(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}
