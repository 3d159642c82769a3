//! Secrets: seat tokens (128-bit random, stored as SHA-256) and the worker key.

use actix_web::HttpRequest;
use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::ApiError;

/// `N` random bytes from the thread's CSPRNG (ChaCha seeded by the OS).
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

/// A fresh random 256-bit seed for a game.
pub fn random_seed() -> engine::Seed {
    engine::Seed(random_bytes())
}

/// A fresh seat token: 128 random bits as 32 hex digits.
pub fn new_token() -> String {
    hex(&random_bytes::<16>())
}

/// What the store keeps of a token: its SHA-256, as hex. It runs on every
/// authenticated request, so `hex` writes digits without a `format!` per byte.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Compares two secrets (or their hashes) in constant time.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// The bearer token of a request, if it sent one. The scheme's name is not
/// case-sensitive (RFC 9110 §11.1): `Bearer`, `bearer` and `BEARER` all work.
pub fn bearer(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get("authorization") else {
        return Ok(None);
    };
    let text = value
        .to_str()
        .map_err(|_| ApiError::unauthorized("the Authorization header is not text"))?;
    bearer_token(text)
        .map(Some)
        .ok_or_else(|| ApiError::unauthorized("use `Authorization: Bearer <token>`"))
}

/// The token of an `Authorization` header's value, if its scheme is Bearer.
fn bearer_token(value: &str) -> Option<String> {
    let (scheme, token) = value.trim().split_once([' ', '\t'])?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_string())
}

/// Lower-case hex of `bytes`, two digits per byte.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_hash_stably() {
        let t = new_token();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token());
        assert_eq!(token_hash(&t), token_hash(&t));
        assert_eq!(token_hash(&t).len(), 64);
        assert!(same_secret(&token_hash(&t), &token_hash(&t)));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
    }

    #[test]
    fn token_hash_is_the_hex_of_the_sha256() {
        // The plain way to write it, which the fast one must match.
        let reference = |token: &str| -> String {
            Sha256::digest(token.as_bytes())
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        for token in [
            "",
            "a",
            "ff8c50e5843e41370e531ffbe90e5158",
            "é☃ x",
            &new_token(),
        ] {
            assert_eq!(token_hash(token), reference(token));
        }
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn the_bearer_scheme_is_not_case_sensitive() {
        for header in [
            "Bearer abc",
            "bearer abc",
            "BEARER abc",
            "bEaReR  abc ",
            "Bearer\tabc",
        ] {
            assert_eq!(bearer_token(header).as_deref(), Some("abc"), "{header:?}");
        }
        for header in ["Basic abc", "Bearer", "Bearer   ", "Bearerabc", "", "abc"] {
            assert_eq!(bearer_token(header), None, "{header:?}");
        }
    }
}
