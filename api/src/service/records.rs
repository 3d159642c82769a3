//! A player's record, public: his profile (finished games played and won,
//! by ruleset and role) and his archive of finished games, both read from
//! the entries the append that ends a game writes (`player_finished`, and
//! `player_archive` by ruleset), never by scanning games.

use std::collections::BTreeMap;

use store::{EventStore, GameId};

use super::Service;
use super::players::{self, ARCHIVE, FINISHED_SEATS, FinishedSeat, INDEXED, PLAYERS};
use crate::error::ApiError;
use crate::models::{ArchivedGame, PlayerGames, Profile, RoleRecord, RulesetRecord};
use crate::stored::GameData;

/// Entries read per store call while tallying a profile.
const PROFILE_PAGE: usize = 1_000;

/// The longest archive page.
pub const ARCHIVE_PAGE_MAX: usize = 100;

/// Games played and won.
#[derive(Clone, Copy, Default, serde::Serialize, serde::Deserialize)]
struct Tally {
    played: u64,
    won: u64,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.played += 1;
        self.won += u64::from(won);
    }

    fn merge(&mut self, other: Tally) {
        self.played += other.played;
        self.won += other.won;
    }
}

/// A ruleset's tally, in all and by role.
#[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
struct RulesetTally {
    all: Tally,
    roles: BTreeMap<String, Tally>,
}

/// A player's tally by ruleset of the games he finished up to a time: the
/// `player_tally` document that spares a profile read the older entries.
#[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
struct StoredTally {
    /// Every entry of a game finished at or before this time (ms) is counted.
    through_ms: i64,
    rulesets: BTreeMap<String, RulesetTally>,
}

impl StoredTally {
    fn add(&mut self, entry: &FinishedSeat) {
        let Some(ruleset) = entry.ruleset.clone() else {
            return;
        };
        let won = entry.won == Some(true);
        let line = self.rulesets.entry(ruleset).or_default();
        line.all.add(won);
        if let Some(role) = entry.role() {
            line.roles.entry(role_name(role)).or_default().add(won);
        }
    }

    fn merge(&mut self, other: &StoredTally) {
        for (ruleset, theirs) in &other.rulesets {
            let line = self.rulesets.entry(ruleset.clone()).or_default();
            line.all.merge(theirs.all);
            for (role, t) in &theirs.roles {
                line.roles.entry(role.clone()).or_default().merge(*t);
            }
        }
    }
}

/// The collection of the players' stored tallies.
const TALLIES: &str = "player_tally";

/// A stored tally stops this long before it is written: an entry is written
/// with its server's clock when its game ends, so one from a server whose
/// clock is behind may carry an older time than entries written before it.
const TALLY_MARGIN_MS: i64 = 10 * 60 * 1000;

/// A profile read that finds more newer entries than this stores its tally
/// again.
const TALLY_REFRESH: usize = 200;

/// Whether `id` has the shape of a player id (`p_` and letters, digits or
/// `_`), so that no other text reaches the store's keys.
fn player_id_shape(id: &str) -> bool {
    id.len() <= 40
        && id.strip_prefix("p_").is_some_and(|rest| {
            !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        })
}

fn no_player(id: &str) -> ApiError {
    ApiError::not_found(format!("no player `{id}`"))
}

/// A role's name as the API writes it (`sheriff`).
fn role_name(role: engine::Role) -> String {
    serde_json::to_value(role)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// `entry` with the ruleset and result its game's `record` and `data` say,
/// if it lacks them.
fn complete_from(
    record: &store::GameRecord,
    data: &GameData,
    mut entry: FinishedSeat,
) -> FinishedSeat {
    if entry.ruleset.is_none() {
        let winners = data.winners.as_ref();
        entry.won = Some(winners.is_some_and(|w| w.seats.contains(&entry.seat)));
        entry.ruleset = Some(record.ruleset.clone());
    }
    entry
}

/// An entry's game id (the last part of its key) and its value.
fn entry_of(key: &str, value: serde_json::Value) -> Option<(GameId, FinishedSeat)> {
    let game = key.rsplit('/').next()?.parse().ok()?;
    Some((game, serde_json::from_value(value).ok()?))
}

impl Service {
    /// The player's name and account time; a 404 if there is no such player.
    async fn account(
        &self,
        id: &str,
    ) -> Result<(String, Option<chrono::DateTime<chrono::Utc>>), ApiError> {
        if !player_id_shape(id) {
            return Err(no_player(id));
        }
        let (_, account) = self
            .store
            .doc(PLAYERS, id)
            .await?
            .ok_or_else(|| no_player(id))?;
        let name = account["name"].as_str().unwrap_or_default().to_string();
        let created_at = serde_json::from_value(account["created_at"].clone()).ok();
        Ok((name, created_at))
    }

    /// An entry completed from its game's record when the entry predates
    /// the fields (moved by the migration of an older store); the record is
    /// read only then.
    async fn completed(&self, game: GameId, entry: FinishedSeat) -> Result<FinishedSeat, ApiError> {
        if entry.ruleset.is_some() {
            return Ok(entry);
        }
        match self.store.game(game).await? {
            Some(record) => Ok(complete_from(&record, &GameData::of(&record)?, entry)),
            None => Ok(entry),
        }
    }

    /// The profile of player `id`: every finished game of his tallied by
    /// ruleset and role. The entries of games finished up to a stored
    /// tally's time are counted there (`player_tally`, written back by a
    /// read that found many newer ones: a cache of the entries, which never
    /// change); only the newer ones are read.
    pub async fn profile(&self, id: &str) -> Result<Profile, ApiError> {
        let (name, created_at) = self.account(id).await?;
        let prefix = format!("{id}/");
        let (revision, stored) = match self.store.doc(TALLIES, id).await? {
            Some((revision, value)) => (
                revision,
                serde_json::from_value::<StoredTally>(value).unwrap_or_default(),
            ),
            None => (0, StoredTally::default()),
        };
        let counted_from = players::finished_from(id, stored.through_ms);
        // (Never before the stored one's: another server's clock may be ahead.)
        let through_ms =
            (chrono::Utc::now().timestamp_millis() - TALLY_MARGIN_MS).max(stored.through_ms);
        // The newer entries: those that will go into a new stored tally,
        // and the last few minutes'.
        let mut settled = StoredTally {
            through_ms,
            ..StoredTally::default()
        };
        let mut recent = StoredTally::default();
        let mut newer = 0;
        let mut after: Option<String> = None;
        'pages: loop {
            let page = self
                .store
                .docs(FINISHED_SEATS, &prefix, after.as_deref(), PROFILE_PAGE)
                .await?;
            let full = page.len() == PROFILE_PAGE;
            for (key, _, value) in page {
                if stored.through_ms > 0 && key >= counted_from {
                    break 'pages;
                }
                newer += 1;
                let finished = players::finished_ms(&key).unwrap_or(0);
                after = Some(key.clone());
                let Some((game, entry)) = entry_of(&key, value) else {
                    continue;
                };
                let entry = self.completed(game, entry).await?;
                if finished <= through_ms {
                    settled.add(&entry);
                } else {
                    recent.add(&entry);
                }
            }
            if !full {
                break;
            }
        }
        settled.merge(&stored);
        // Stored once the old store's entries are all indexed (else a tally
        // could miss entries the migration has yet to move).
        if (revision == 0 || newer >= TALLY_REFRESH)
            && self.store.doc(INDEXED.0, INDEXED.1).await?.is_some()
            && let Ok(value) = serde_json::to_value(&settled)
        {
            // Another server storing its tally first is as good.
            super::webhooks::unless_stale(
                self.store.put_doc(TALLIES, id, Some(value), revision).await,
            )?;
        }
        settled.merge(&recent);
        let mut rulesets: Vec<RulesetRecord> = settled
            .rulesets
            .into_iter()
            .map(|(ruleset, line)| {
                let mut roles: Vec<RoleRecord> = line
                    .roles
                    .into_iter()
                    .map(|(role, t)| RoleRecord {
                        role,
                        played: t.played,
                        won: t.won,
                    })
                    .collect();
                roles.sort_by_key(|r| std::cmp::Reverse(r.played));
                RulesetRecord {
                    ruleset,
                    played: line.all.played,
                    won: line.all.won,
                    roles,
                }
            })
            .collect();
        rulesets.sort_by_key(|r| std::cmp::Reverse(r.played));
        Ok(Profile {
            id: id.to_string(),
            name,
            created_at,
            played: rulesets.iter().map(|r| r.played).sum(),
            won: rulesets.iter().map(|r| r.won).sum(),
            rulesets,
            ratings: self.current_ratings(id).await?,
        })
    }

    /// A page of `limit` (1 to [`ARCHIVE_PAGE_MAX`], as the query allows)
    /// of player `id`'s finished games, the most recently finished first, of
    /// one ruleset if `ruleset` is given; `cursor` is a previous page's
    /// `next_cursor`.
    pub async fn archive(
        &self,
        id: &str,
        ruleset: Option<&str>,
        limit: usize,
        cursor: Option<&str>,
    ) -> Result<PlayerGames, ApiError> {
        self.account(id).await?;
        let (collection, prefix) = match ruleset {
            Some(r) => (ARCHIVE, format!("{id}/{r}/")),
            None => (FINISHED_SEATS, format!("{id}/")),
        };
        let after = cursor.map(|c| format!("{prefix}{c}"));
        let page = self
            .store
            .docs(collection, &prefix, after.as_deref(), limit + 1)
            .await?;
        let more = page.len() > limit;
        let mut games = Vec::with_capacity(limit);
        let mut next_cursor = None;
        for (key, _, value) in page.into_iter().take(limit) {
            next_cursor = key.strip_prefix(&prefix).map(str::to_owned);
            let Some((game, entry)) = entry_of(&key, value) else {
                continue;
            };
            let Some(record) = self.store.game(game).await? else {
                continue;
            };
            let data = GameData::of(&record)?;
            let entry = complete_from(&record, &data, entry);
            games.push(ArchivedGame {
                seat: entry.seat,
                role: entry.role().map(role_name),
                won: entry.won == Some(true),
                finished_at: players::finished_ms(&key)
                    .and_then(chrono::DateTime::from_timestamp_millis),
                roles: entry.roles.iter().map(|r| r.map(role_name)).collect(),
                game: data.summary(&record),
            });
        }
        Ok(PlayerGames {
            player: id.to_string(),
            games,
            next_cursor: if more { next_cursor } else { None },
        })
    }
}
