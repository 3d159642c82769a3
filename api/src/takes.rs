//! Limits counted once for all the servers of a shared store.
//!
//! Every limit is first checked against this server's own tally (a token
//! bucket per client, token or creator; a sliding window per game seat):
//! cheap, and exact for one server. When the store is shared by several
//! servers (PostgreSQL), each take is also noted here, and every
//! `BANG_LIMITS_SYNC_MS` a background task writes this server's takes since
//! the last sync to the store and reads what the other servers took
//! ([`store::Store::share_takes`]); their takes are then charged to the same
//! tallies here. A client spread over N servers so gets the documented rate,
//! not N times it, give or take what it manages within one sync period.
//!
//! A take is known to the store by its [`Taken`] key: the client's address,
//! the SHA-256 of a bearer token (cut to 128 bits: never the token), or the
//! game and seat of a seat quota.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use sha2::{Digest, Sha256};
use store::GameId;

/// A token's key in the limits: the first 128 bits of its SHA-256, the same
/// on every server.
pub type TokenKey = [u8; 16];

/// The key of a bearer token (see [`TokenKey`]).
pub fn token_key(token: &str) -> TokenKey {
    let digest = Sha256::digest(token.as_bytes());
    let mut key = [0; 16];
    key.copy_from_slice(&digest[..16]);
    key
}

/// What one take was of: the tally a limit keeps it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// A request of a client (its address, see [`crate::limits::client_key`]).
    Client(IpAddr),
    /// A request with a bearer token.
    Token(TokenKey),
    /// A game or player account a client made.
    Creation(IpAddr),
    /// A seat quota's action: the quota's name, the game, the seat.
    Seat(&'static str, GameId, u8),
}

/// The seat quotas' names, the only ones a key read back may carry.
pub const SEAT_QUOTAS: [&str; 3] = ["orders", "chat", "analysis"];

impl Taken {
    /// Its key in the store.
    pub fn key(&self) -> String {
        match self {
            Taken::Client(ip) => format!("client:{ip}"),
            Taken::Token(key) => format!("token:{}", hex(key)),
            Taken::Creation(ip) => format!("create:{ip}"),
            Taken::Seat(quota, game, seat) => format!("{quota}:{}:{seat}", game.0),
        }
    }

    /// The take a key stands for (`None`: a key this server does not know).
    pub fn parse(key: &str) -> Option<Taken> {
        let (kind, rest) = key.split_once(':')?;
        match kind {
            "client" => rest.parse().ok().map(Taken::Client),
            "create" => rest.parse().ok().map(Taken::Creation),
            "token" => {
                let mut bytes = [0; 16];
                if rest.len() != 32 {
                    return None;
                }
                for (i, b) in bytes.iter_mut().enumerate() {
                    *b = u8::from_str_radix(rest.get(2 * i..2 * i + 2)?, 16).ok()?;
                }
                Some(Taken::Token(bytes))
            }
            _ => {
                let quota = SEAT_QUOTAS.into_iter().find(|q| *q == kind)?;
                let (game, seat) = rest.split_once(':')?;
                Some(Taken::Seat(
                    quota,
                    GameId(game.parse().ok()?),
                    seat.parse().ok()?,
                ))
            }
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// This server's takes not yet shared, when the store is shared.
pub struct Takes {
    shared: bool,
    pending: Mutex<HashMap<String, u32>>,
}

impl Takes {
    /// The takes of a server whose store is `shared` by others (when it is
    /// not, nothing is noted).
    pub fn new(shared: bool) -> Takes {
        Takes {
            shared,
            pending: Mutex::default(),
        }
    }

    /// Whether takes are shared.
    pub fn shared(&self) -> bool {
        self.shared
    }

    /// Notes one take, to be shared at the next sync.
    pub fn note(&self, taken: Taken) {
        if self.shared {
            let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
            *pending.entry(taken.key()).or_default() += 1;
        }
    }

    /// The takes noted since the last call.
    pub fn take_pending(&self) -> Vec<(String, u32)> {
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        pending.drain().collect()
    }

    /// Puts back takes a sync could not write.
    pub fn put_back(&self, takes: Vec<(String, u32)>) {
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        for (key, n) in takes {
            *pending.entry(key).or_default() += n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_take_reads_back_from_its_key() {
        let takes = [
            Taken::Client("10.1.2.3".parse().unwrap()),
            Taken::Client("2001:db8::".parse().unwrap()),
            Taken::Token(token_key("a secret token")),
            Taken::Creation("10.1.2.3".parse().unwrap()),
            Taken::Seat("orders", GameId(u64::MAX), 7),
            Taken::Seat("chat", GameId(12), 0),
            Taken::Seat("analysis", GameId(1), 3),
        ];
        for taken in takes {
            assert_eq!(Taken::parse(&taken.key()), Some(taken), "{}", taken.key());
        }
        for bad in [
            "",
            "client",
            "client:x",
            "token:00",
            "votes:1:2",
            "chat:1",
            "chat:a:1",
        ] {
            assert_eq!(Taken::parse(bad), None, "{bad}");
        }
        assert!(!Taken::Token(token_key("s3cr3t")).key().contains("s3cr3t"));
    }

    #[test]
    fn takes_are_noted_only_when_shared() {
        let alone = Takes::new(false);
        alone.note(Taken::Seat("chat", GameId(1), 0));
        assert!(alone.take_pending().is_empty());
        let shared = Takes::new(true);
        for _ in 0..3 {
            shared.note(Taken::Seat("chat", GameId(1), 0));
        }
        let pending = shared.take_pending();
        assert_eq!(pending, vec![("chat:1:0".to_string(), 3)]);
        assert!(shared.take_pending().is_empty());
        shared.put_back(pending);
        assert_eq!(shared.take_pending(), vec![("chat:1:0".to_string(), 3)]);
    }
}
