//! Ratings, the stored part: each finished rated game applied exactly once,
//! in one order every server agrees on, and read back as leaderboards and
//! histories.
//!
//! The append that ends a rated game writes its match into
//! `rating_pending` (`{pool}/{ended ms}/{game}`), in the same commit as the
//! game's end. A rater (any server: the one that ended the game at once,
//! every server now and then) applies a pending match with one
//! [`EventStore::put_docs`], all of whose writes land or none:
//!
//! - the pool's head (`rating_head`, `{pool}` → the last applied number),
//!   moved from `n` to `n + 1` at the revision it was read at;
//! - the ledger entry `n + 1` (`rating_ledger`, `{pool}/{n + 1}`): the game,
//!   its match and every holder's rating before and after;
//! - each holder's rating (`ratings`, `{pool}/{holder}`), at the revision
//!   read;
//! - his line of the leaderboard (`rating_board`,
//!   `{pool}/{score, best first}/{holder}`, a copy of his rating), moved;
//! - his history (`rating_history`, `{holder}/{pool}/{newest first}`);
//! - the pending entry, deleted.
//!
//! Two servers applying at once: one commit wins, the other finds a stale
//! revision, reads again and goes on with what is left. The ledger's order
//! is the ratings' order; [`rebuild_ratings`] folds the ledger's games again
//! from their logs and finds the same numbers.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::{DocPut, DocWrite, EventStore, GameId, Store, StoreError};

use super::Service;
use super::cache::{fold_into, record_of};
use crate::error::ApiError;
use crate::models::{
    CurrentRating, Leaderboard, LeaderboardEntry, RatedKind, RatingChange, RatingHistory,
    RatingMode,
};
use crate::rating::{self, Change, Match, Rating};
use crate::stored::GameData;

const PENDING: &str = "rating_pending";
const HEADS: &str = "rating_head";
const LEDGER: &str = "rating_ledger";
const RATINGS: &str = "ratings";
const BOARD: &str = "rating_board";
const HISTORY: &str = "rating_history";

/// How often every server looks for matches left pending (by a server
/// that stopped before applying the games it ended).
const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Pending matches read per store call.
const PAGE: usize = 100;
/// Attempts at applying one match against other servers' commits.
const ATTEMPTS: usize = 50;
/// The longest leaderboard and history page.
pub const RATINGS_PAGE_MAX: usize = 100;

/// The largest sequence number a key can hold.
const LAST_SEQ: u64 = 999_999_999_999;

/// A match waiting to be applied.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Pending {
    game: String,
    #[serde(rename = "match")]
    played: Match,
}

/// A holder's rating as stored, with his name for the leaderboard.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Stored {
    #[serde(flatten)]
    rating: Rating,
    games: u64,
    won: u64,
    name: String,
}

impl Stored {
    fn fresh(name: String) -> Stored {
        Stored {
            rating: Rating::default(),
            games: 0,
            won: 0,
            name,
        }
    }

    fn after(&self, change: &Change) -> Stored {
        Stored {
            rating: change.after,
            games: self.games + 1,
            won: self.won + u64::from(change.won),
            name: self.name.clone(),
        }
    }

    fn current(&self, ruleset: &str, mode: RatingMode) -> CurrentRating {
        CurrentRating {
            ruleset: ruleset.to_string(),
            mode,
            rating: self.rating.mu,
            uncertainty: self.rating.sigma,
            score: self.rating.score(),
            games: self.games,
            won: self.won,
        }
    }
}

/// One applied game of a pool's ledger.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct LedgerEntry {
    game: String,
    at: DateTime<Utc>,
    #[serde(rename = "match")]
    played: Match,
    changes: Vec<Change>,
}

/// A pool's head: how many games its ledger holds.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
struct Head {
    seq: u64,
}

fn ledger_key(pool: &str, seq: u64) -> String {
    format!("{pool}/{seq:012}")
}

/// A leaderboard key: the best score first, then the holder.
fn board_key(pool: &str, rating: Rating, holder: &str) -> String {
    let inverted = (1_000_000.0 - rating.score() * 1_000.0)
        .round()
        .clamp(0.0, 9_999_999_999.0) as u64;
    format!("{pool}/{inverted:010}/{holder}")
}

/// A history key: the newest first.
fn history_key(holder: &str, pool: &str, seq: u64) -> String {
    format!("{holder}/{pool}/{:012}", LAST_SEQ - seq.min(LAST_SEQ))
}

fn put(collection: &str, key: String, value: Option<serde_json::Value>, expected: u64) -> DocPut {
    DocPut {
        collection: collection.to_string(),
        key,
        value,
        expected,
    }
}

fn json<T: Serialize>(value: &T) -> Option<serde_json::Value> {
    serde_json::to_value(value).ok()
}

/// The pending entry of `played` for `game`, ended at `at`: written with the
/// append that ends it.
pub(super) fn pending_doc(played: &Match, game: GameId, at: DateTime<Utc>) -> Option<DocWrite> {
    let pending = Pending {
        game: game.to_string(),
        played: played.clone(),
    };
    Some(DocWrite {
        collection: PENDING.to_string(),
        key: format!(
            "{}/{:013}/{game}",
            played.pool,
            at.timestamp_millis().max(0)
        ),
        value: json(&pending),
    })
}

/// The match of a game that just ended (`winners`, `roles` as its end
/// says), if it is rated.
pub(super) fn match_at_end(
    data: &GameData,
    ruleset: &str,
    winners: &[u8],
    roles: &[Option<engine::Role>],
) -> Option<Match> {
    let level = rating::solo_level(ruleset, &data.options);
    rating::match_of(data, ruleset, winners, roles, level)
}

/// The pools a ruleset's ratings are kept in.
fn pools_of(ruleset: &str) -> Vec<RatingMode> {
    if ruleset == "bang" {
        vec![RatingMode::Table, RatingMode::Solo]
    } else {
        vec![RatingMode::Table]
    }
}

/// The pool a leaderboard or history asks for, or a 404 for an unknown
/// ruleset. A mode the ruleset does not have (the dice game's `solo`) is
/// a pool nobody is rated in: empty.
fn checked_pool(ruleset: &str, mode: RatingMode) -> Result<String, ApiError> {
    if engine::ruleset(ruleset).is_none() {
        return Err(ApiError::not_found(format!("no ruleset `{ruleset}`")));
    }
    Ok(rating::pool_key(ruleset, mode))
}

impl Service {
    /// Applies the pending matches now and whenever a rated game ends here,
    /// and every [`SWEEP_EVERY`] those other servers left.
    pub async fn run_ratings(self: Arc<Self>) {
        loop {
            match self.rate_pending().await {
                Ok(0) => {}
                Ok(games) => tracing::debug!(games, "rated games applied"),
                Err(e) => tracing::warn!(error = %e, "rated games not applied"),
            }
            let _ = tokio::time::timeout(SWEEP_EVERY, self.ratings_wake.notified()).await;
        }
    }

    /// Applies every pending match, oldest first in each pool; how many.
    /// One pass at a time on this server: a caller that waited for another
    /// pass finds what it left.
    pub async fn rate_pending(&self) -> Result<usize, ApiError> {
        let _pass = self.rating_pass.lock().await;
        let mut applied = 0;
        let mut after: Option<String> = None;
        loop {
            let page = self.store.docs(PENDING, "", after.as_deref(), PAGE).await?;
            let full = page.len() == PAGE;
            for (key, revision, value) in page {
                after = Some(key.clone());
                let Ok(pending) = serde_json::from_value::<Pending>(value) else {
                    tracing::warn!(key, "an unreadable pending rating is left alone");
                    continue;
                };
                if self.apply_pending(&key, revision, &pending).await? {
                    applied += 1;
                }
            }
            if !full {
                return Ok(applied);
            }
        }
    }

    /// Applies one pending match (key `key` at `revision`); `false` if
    /// another server applied it first.
    async fn apply_pending(
        &self,
        key: &str,
        revision: u64,
        pending: &Pending,
    ) -> Result<bool, ApiError> {
        let pool = &pending.played.pool;
        for _ in 0..ATTEMPTS {
            let (head_revision, head) = match self.store.doc(HEADS, pool).await? {
                Some((r, v)) => (r, serde_json::from_value::<Head>(v).unwrap_or_default()),
                None => (0, Head::default()),
            };
            let mut stored: HashMap<String, (u64, Stored)> = HashMap::new();
            for side in &pending.played.sides {
                for holder in &side.holders {
                    if stored.contains_key(holder) {
                        continue;
                    }
                    let found = match self.store.doc(RATINGS, &format!("{pool}/{holder}")).await? {
                        Some((r, v)) => serde_json::from_value::<Stored>(v).ok().map(|s| (r, s)),
                        None => None,
                    };
                    let entry = match found {
                        Some(found) => found,
                        None => (0, Stored::fresh(first_name(&self.store, holder).await?)),
                    };
                    stored.insert(holder.clone(), entry);
                }
            }
            let changes = rating::rate(&pending.played, |h| {
                stored.get(h).map(|(_, s)| s.rating).unwrap_or_default()
            });
            let seq = head.seq + 1;
            let entry = LedgerEntry {
                game: pending.game.clone(),
                at: Utc::now(),
                played: pending.played.clone(),
                changes,
            };
            let mut writes = vec![
                put(HEADS, pool.clone(), json(&Head { seq }), head_revision),
                put(LEDGER, ledger_key(pool, seq), json(&entry), 0),
                put(PENDING, key.to_string(), None, revision),
            ];
            for change in &entry.changes {
                let (rev, before) = &stored[&change.holder];
                let after = before.after(change);
                if *rev != 0 {
                    writes.push(put(
                        BOARD,
                        board_key(pool, before.rating, &change.holder),
                        None,
                        1,
                    ));
                }
                writes.push(put(
                    BOARD,
                    board_key(pool, after.rating, &change.holder),
                    json(&after),
                    0,
                ));
                writes.push(put(
                    HISTORY,
                    history_key(&change.holder, pool, seq),
                    json(&RatingChange {
                        game: entry.game.clone(),
                        at: entry.at,
                        won: change.won,
                        before: change.before.value(),
                        after: change.after.value(),
                    }),
                    0,
                ));
                writes.push(put(
                    RATINGS,
                    format!("{pool}/{}", change.holder),
                    json(&after),
                    *rev,
                ));
            }
            match self.store.put_docs(writes).await {
                Ok(_) => return Ok(true),
                Err(StoreError::Stale { .. }) => {
                    // Another server moved on: is this one still pending?
                    if self.store.doc(PENDING, key).await?.is_none() {
                        return Ok(false);
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(ApiError::internal(format!(
            "rated game {} not applied after {ATTEMPTS} attempts",
            pending.game
        )))
    }

    /// A holder's current ratings, one per pool he has played in.
    pub(super) async fn current_ratings(
        &self,
        holder: &str,
    ) -> Result<Vec<CurrentRating>, ApiError> {
        let mut out = Vec::new();
        for r in engine::rulesets() {
            for mode in pools_of(r.id()) {
                let pool = rating::pool_key(r.id(), mode);
                if let Some((_, v)) = self.store.doc(RATINGS, &format!("{pool}/{holder}")).await?
                    && let Ok(stored) = serde_json::from_value::<Stored>(v)
                {
                    out.push(stored.current(r.id(), mode));
                }
            }
        }
        Ok(out)
    }

    /// The best `limit` ratings of a ruleset's pool.
    pub async fn leaderboard(
        &self,
        ruleset: &str,
        mode: RatingMode,
        limit: usize,
    ) -> Result<Leaderboard, ApiError> {
        let pool = checked_pool(ruleset, mode)?;
        let lines = self
            .store
            .docs(
                BOARD,
                &format!("{pool}/"),
                None,
                limit.clamp(1, RATINGS_PAGE_MAX),
            )
            .await?;
        // Each line holds the rating it sorts by: one range read.
        let mut entries = Vec::with_capacity(lines.len());
        for (key, _, line) in lines {
            let Some(holder) = key.rsplit('/').next() else {
                continue;
            };
            let Ok(stored) = serde_json::from_value::<Stored>(line) else {
                continue;
            };
            entries.push(LeaderboardEntry {
                rank: entries.len() as u32 + 1,
                id: holder.to_string(),
                kind: rating::kind_of(holder).unwrap_or(RatedKind::Player),
                name: stored.name,
                rating: stored.rating.mu,
                uncertainty: stored.rating.sigma,
                score: stored.rating.score(),
                games: stored.games,
                won: stored.won,
            });
        }
        Ok(Leaderboard {
            ruleset: ruleset.to_string(),
            mode,
            entries,
        })
    }

    /// A holder's rating in a ruleset's pool and its changes, the newest
    /// first, `limit` a page (after `cursor`).
    pub async fn rating_history(
        &self,
        holder: &str,
        ruleset: &str,
        mode: RatingMode,
        limit: usize,
        cursor: Option<&str>,
    ) -> Result<RatingHistory, ApiError> {
        let no_holder = || ApiError::not_found(format!("no player, bot or solo level `{holder}`"));
        let kind = rating::kind_of(holder).ok_or_else(no_holder)?;
        let pool = checked_pool(ruleset, mode)?;
        let stored = match self.store.doc(RATINGS, &format!("{pool}/{holder}")).await? {
            Some((_, v)) => serde_json::from_value::<Stored>(v).ok(),
            None => None,
        };
        let name = match (&stored, kind) {
            (Some(s), _) => s.name.clone(),
            (None, RatedKind::Player) => {
                match self.store.doc(super::players::PLAYERS, holder).await? {
                    Some((_, v)) => v["name"].as_str().unwrap_or_default().to_string(),
                    None => return Err(no_holder()),
                }
            }
            (None, _) => rating::holder_name(holder).unwrap_or_default(),
        };
        let prefix = format!("{holder}/{pool}/");
        let after = cursor.map(|c| format!("{prefix}{c}"));
        let limit = limit.clamp(1, RATINGS_PAGE_MAX);
        let mut page = self
            .store
            .docs(HISTORY, &prefix, after.as_deref(), limit + 1)
            .await?;
        let next_cursor = (page.len() > limit).then(|| {
            page.truncate(limit);
            page.last()
                .map(|(k, _, _)| k[prefix.len()..].to_string())
                .unwrap_or_default()
        });
        let changes = page
            .into_iter()
            .filter_map(|(_, _, v)| serde_json::from_value(v).ok())
            .collect();
        Ok(RatingHistory {
            id: holder.to_string(),
            kind,
            name,
            ruleset: ruleset.to_string(),
            mode,
            current: stored.map(|s| s.current(ruleset, mode)),
            changes,
            next_cursor,
        })
    }
}

/// What [`rebuild_ratings`] found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct RebuildReport {
    /// Pools with a ledger.
    pub pools: usize,
    /// Games folded again, in ledger order.
    pub games: usize,
    /// Holders rated.
    pub holders: usize,
    /// Holders whose stored rating differs from the one rebuilt (`pool/holder`).
    pub differing: Vec<String>,
    /// Games whose match, read again from their log, differs from the
    /// ledger's (`pool/game`).
    pub matches_differing: Vec<String>,
    /// Matches still waiting to be applied (not counted).
    pub pending: usize,
    /// Whether the rebuilt ratings were written.
    pub written: bool,
}

/// Recomputes every rating from the games' logs: each pool's ledger, in its
/// order, each game folded from its log again for its match; compares the
/// result with the stored ratings and, with `write`, stores it (ratings,
/// leaderboard, histories and the ledger's changes).
pub async fn rebuild_ratings(store: &Store, write: bool) -> Result<RebuildReport, ApiError> {
    let mut report = RebuildReport {
        written: write,
        ..RebuildReport::default()
    };
    report.pending = store.docs(PENDING, "", None, usize::MAX).await?.len();
    let heads = store.docs(HEADS, "", None, usize::MAX).await?;
    for (pool, _, _) in heads {
        report.pools += 1;
        let mut rebuilt: HashMap<String, Stored> = HashMap::new();
        let mut order: Vec<String> = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let page = store
                .docs(LEDGER, &format!("{pool}/"), after.as_deref(), PAGE)
                .await?;
            let full = page.len() == PAGE;
            for (key, revision, value) in page {
                after = Some(key.clone());
                let mut entry: LedgerEntry = serde_json::from_value(value)
                    .map_err(|e| ApiError::internal(format!("ledger entry {key}: {e}")))?;
                let seq: u64 = key
                    .rsplit('/')
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                let played = match match_from_log(store, &entry.game).await? {
                    Some(m) if m == entry.played => m,
                    other => {
                        report
                            .matches_differing
                            .push(format!("{pool}/{}", entry.game));
                        other.unwrap_or_else(|| entry.played.clone())
                    }
                };
                report.games += 1;
                let changes = rating::rate(&played, |h| {
                    rebuilt.get(h).map(|s| s.rating).unwrap_or_default()
                });
                for change in &changes {
                    let before = match rebuilt.get(&change.holder) {
                        Some(s) => s.clone(),
                        None => {
                            order.push(change.holder.clone());
                            let name = stored_name(store, &pool, &change.holder).await?;
                            Stored::fresh(name)
                        }
                    };
                    rebuilt.insert(change.holder.clone(), before.after(change));
                    if write {
                        let key = history_key(&change.holder, &pool, seq);
                        let value = RatingChange {
                            game: entry.game.clone(),
                            at: entry.at,
                            won: change.won,
                            before: change.before.value(),
                            after: change.after.value(),
                        };
                        overwrite(store, HISTORY, &key, json(&value)).await?;
                    }
                }
                if write {
                    entry.played = played;
                    entry.changes = changes;
                    store.put_doc(LEDGER, &key, json(&entry), revision).await?;
                }
            }
            if !full {
                break;
            }
        }
        report.holders += rebuilt.len();
        // Compare with what is stored, both ways.
        let stored_docs = store
            .docs(RATINGS, &format!("{pool}/"), None, usize::MAX)
            .await?;
        let mut seen = 0;
        for (key, _, value) in &stored_docs {
            let holder = &key[pool.len() + 1..];
            let stored = serde_json::from_value::<Stored>(value.clone()).ok();
            match rebuilt.get(holder) {
                Some(r) if stored.as_ref() == Some(r) => seen += 1,
                Some(_) => {
                    seen += 1;
                    report.differing.push(format!("{pool}/{holder}"));
                }
                None => report.differing.push(format!("{pool}/{holder}")),
            }
        }
        if seen < rebuilt.len() {
            for holder in &order {
                let key = format!("{pool}/{holder}");
                if !stored_docs.iter().any(|(k, _, _)| *k == key) {
                    report.differing.push(key);
                }
            }
        }
        // And the leaderboard: one line per holder, where his rating sorts.
        let lines: HashMap<String, serde_json::Value> = store
            .docs(BOARD, &format!("{pool}/"), None, usize::MAX)
            .await?
            .into_iter()
            .map(|(k, _, v)| (k, v))
            .collect();
        let board_holds = |holder: &str, r: &Stored| {
            lines
                .get(&board_key(&pool, r.rating, holder))
                .and_then(|v| serde_json::from_value::<Stored>(v.clone()).ok())
                .as_ref()
                == Some(r)
        };
        for holder in &order {
            if !board_holds(holder, &rebuilt[holder]) {
                report
                    .differing
                    .push(format!("{pool}/{holder} (leaderboard)"));
            }
        }
        if lines.len() > rebuilt.len() {
            report
                .differing
                .push(format!("{pool}: {} leaderboard lines", lines.len()));
        }
        if write {
            for (key, revision, _) in store
                .docs(BOARD, &format!("{pool}/"), None, usize::MAX)
                .await?
            {
                store.put_doc(BOARD, &key, None, revision).await?;
            }
            for holder in &order {
                let r = &rebuilt[holder];
                overwrite(store, RATINGS, &format!("{pool}/{holder}"), json(r)).await?;
                store
                    .put_doc(BOARD, &board_key(&pool, r.rating, holder), json(r), 0)
                    .await?;
            }
        }
    }
    Ok(report)
}

/// Writes a document whatever its revision.
async fn overwrite(
    store: &Store,
    collection: &str,
    key: &str,
    value: Option<serde_json::Value>,
) -> Result<(), ApiError> {
    let revision = store.doc(collection, key).await?.map_or(0, |(r, _)| r);
    store.put_doc(collection, key, value, revision).await?;
    Ok(())
}

/// The name a holder's first rating is stored with: a bot's or level's
/// own, else his account's (his id if the account is gone).
async fn first_name(store: &Store, holder: &str) -> Result<String, ApiError> {
    if let Some(name) = rating::holder_name(holder) {
        return Ok(name);
    }
    Ok(store
        .doc(super::players::PLAYERS, holder)
        .await?
        .and_then(|(_, v)| v["name"].as_str().map(str::to_owned))
        .unwrap_or_else(|| holder.to_string()))
}

/// The name a holder's rating is stored with now (for a rebuild to keep).
async fn stored_name(store: &Store, pool: &str, holder: &str) -> Result<String, ApiError> {
    if let Some((_, v)) = store.doc(RATINGS, &format!("{pool}/{holder}")).await?
        && let Some(name) = v["name"].as_str()
    {
        return Ok(name.to_string());
    }
    first_name(store, holder).await
}

/// A finished game's match, read from its log: folded again to its end.
async fn match_from_log(store: &Store, game: &str) -> Result<Option<Match>, ApiError> {
    let Ok(id) = game.parse::<GameId>() else {
        return Ok(None);
    };
    let record = record_of(store, id).await?;
    let data = GameData::of(&record)?;
    let mut live = crate::ruleset::new_game(&record.ruleset)?;
    fold_into(store, id, &mut live, record.version, None).await?;
    let winners = live.winners().map(|w| w.seats).unwrap_or_default();
    Ok(match_at_end(
        &data,
        &record.ruleset,
        &winners,
        &live.roles(),
    ))
}
