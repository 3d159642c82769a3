use std::fmt;
use std::str::FromStr;

use rand::rngs::ChaCha12Rng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A game's secret: 32 bytes from which every random outcome of the game is derived.
///
/// It is committed to (SHA-256) in the first event and revealed in the last, so anyone
/// can re-derive every die and shuffle after the game. Serialized as 64 hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// A seed from a small number, for reproducible games and tests.
    ///
    /// Such a seed is guessable, so its commitment hides nothing: use random seeds in play.
    pub fn from_u64(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&n.to_le_bytes());
        Seed(bytes)
    }

    /// The public commitment to this seed: SHA-256 of its 32 bytes, as hex.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.0))
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

/// Why a seed string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a seed is 64 hexadecimal digits")]
pub struct SeedParseError;

impl FromStr for Seed {
    type Err = SeedParseError;
    fn from_str(s: &str) -> Result<Seed, SeedParseError> {
        let s = s.as_bytes();
        if s.len() != 64 {
            return Err(SeedParseError);
        }
        let mut bytes = [0u8; 32];
        for (i, pair) in s.chunks(2).enumerate() {
            let text = std::str::from_utf8(pair).map_err(|_| SeedParseError)?;
            bytes[i] = u8::from_str_radix(text, 16).map_err(|_| SeedParseError)?;
        }
        Ok(Seed(bytes))
    }
}

impl Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seed, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

fn hex(bytes: &[u8]) -> String {
    use fmt::Write;
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The random source for one decision of one game.
///
/// ChaCha12 keyed by the game's seed, on the stream numbered by the log version at
/// which the decision is taken. The same seed and version always give the same
/// outcomes, which is what lets an audit re-derive every roll.
pub struct GameRng {
    seed: Seed,
    source: Source,
}

/// Where draws come from.
enum Source {
    /// The game's ChaCha stream at this version, keyed on the first draw (most
    /// decisions draw nothing, and keying ChaCha costs a block).
    Lazy(u64),
    /// The game's ChaCha stream.
    Stream(Box<ChaCha12Rng>),
    /// Fixed values, for hand-written scenarios ("loaded dice" in rules tests).
    Script(std::vec::IntoIter<u32>),
}

impl GameRng {
    /// The RNG for the decision taken when the log holds `version` events.
    pub fn new(seed: Seed, version: u64) -> GameRng {
        GameRng {
            seed,
            source: Source::Lazy(version),
        }
    }

    /// An RNG whose draws are `values` in order (each taken modulo the range asked
    /// for), then zeros. For rules tests that need exact dice; never used in play.
    pub fn scripted(values: Vec<u32>) -> GameRng {
        GameRng {
            seed: Seed([0; 32]),
            source: Source::Script(values.into_iter()),
        }
    }

    /// The seed this RNG derives from (revealed in the last event of a game).
    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// A uniform number in `0..n` (`n > 0`), by rejection so that it has no bias.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = n.max(1);
        if let Source::Lazy(version) = self.source {
            let mut rng = ChaCha12Rng::from_seed(self.seed.0);
            rng.set_stream(version);
            self.source = Source::Stream(Box::new(rng));
        }
        match &mut self.source {
            Source::Lazy(_) => 0,
            Source::Stream(rng) => {
                let zone = u32::MAX - (u32::MAX % n);
                loop {
                    let x = rng.next_u32();
                    if x < zone {
                        return x % n;
                    }
                }
            }
            Source::Script(values) => values.next().unwrap_or(0) % n,
        }
    }

    /// Shuffles a slice uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_round_trips_through_hex() {
        let seed = Seed::from_u64(42);
        let text = seed.to_string();
        assert_eq!(text.len(), 64);
        assert_eq!(text.parse::<Seed>().unwrap(), seed);
        assert!("zz".parse::<Seed>().is_err());
    }

    #[test]
    fn same_seed_and_version_give_same_draws() {
        let draws = |v| {
            let mut r = GameRng::new(Seed::from_u64(7), v);
            (0..20).map(|_| r.below(6)).collect::<Vec<_>>()
        };
        assert_eq!(draws(3), draws(3));
        assert_ne!(draws(3), draws(4));
    }

    #[test]
    fn commitment_is_sha256_of_the_seed() {
        let seed = Seed([0u8; 32]);
        assert_eq!(
            seed.commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
