//! The keys of a game's entries in the trees `games`, `heads`, `events` and
//! `dedupe`: integers big-endian, so that byte order is numeric order and a
//! game's events are one range in seq order.

use crate::GameId;

/// The key of a game in `games` and `heads`: its id.
pub(super) fn game_key(id: GameId) -> [u8; 8] {
    id.0.to_be_bytes()
}

/// The key of event `seq` of a game in `events`: game id ++ seq.
pub(super) fn event_key(id: GameId, seq: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&id.0.to_be_bytes());
    k[8..].copy_from_slice(&seq.to_be_bytes());
    k
}

/// The key of an action id of a game in `dedupe`: game id ++ the action id.
pub(super) fn dedupe_key(id: GameId, action_id: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(8 + action_id.len());
    k.extend_from_slice(&id.0.to_be_bytes());
    k.extend_from_slice(action_id.as_bytes());
    k
}

/// The two big-endian integers of a 16-byte key or value, if it is one.
pub(super) fn two_u64(bytes: &[u8]) -> Option<(u64, u64)> {
    let a: [u8; 8] = bytes.get(..8)?.try_into().ok()?;
    let b: [u8; 8] = bytes.get(8..16)?.try_into().ok()?;
    (bytes.len() == 16).then(|| (u64::from_be_bytes(a), u64::from_be_bytes(b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_big_endian() {
        let id = GameId(0x0102_0304_0506_0708);
        assert_eq!(game_key(id), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(
            event_key(id, 0x1122),
            [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0x11, 0x22]
        );
        assert!(event_key(id, 255) < event_key(id, 256));
        assert_eq!(
            dedupe_key(id, "ab"),
            vec![1, 2, 3, 4, 5, 6, 7, 8, b'a', b'b']
        );
        assert_eq!(two_u64(&[0u8; 15]), None);
        assert_eq!(two_u64(&[0u8; 17]), None);
    }
}
