//! The heads this store last wrote or read, so that an append seals its
//! events on the game's last hash without first reading it: one round trip
//! when the head is known and current, two when another server moved it.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::{GameHead, GameId};

/// The most heads kept; past it the cache starts again empty (an append of
/// a game it forgot costs one more round trip).
const CAPACITY: usize = 65_536;

/// Heads by game, as last known to this store.
#[derive(Default)]
pub(crate) struct HeadCache(Mutex<HashMap<GameId, GameHead>>);

impl HeadCache {
    /// The head last known of `id`, if any: it may be behind the database.
    pub(crate) fn get(&self, id: GameId) -> Option<GameHead> {
        self.lock().get(&id).cloned()
    }

    /// Records `head` as `id`'s, unless a later one is known.
    pub(crate) fn put(&self, id: GameId, head: &GameHead) {
        let mut heads = self.lock();
        if heads.get(&id).is_some_and(|h| h.version > head.version) {
            return;
        }
        if heads.len() >= CAPACITY && !heads.contains_key(&id) {
            heads.clear();
        }
        heads.insert(id, head.clone());
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, GameHead>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
