//! A player's record, public: his profile (finished games played and won,
//! by ruleset and role) and his archive of finished games, both read from
//! the entries the append that ends a game writes (`player_finished`, and
//! `player_archive` by ruleset), never by scanning games.

use std::collections::BTreeMap;

use store::{EventStore, GameId};

use super::Service;
use super::players::{ARCHIVE, FINISHED_SEATS, FinishedSeat, PLAYERS};
use crate::error::ApiError;
use crate::models::{ArchivedGame, PlayerGames, Profile, RoleRecord, RulesetRecord};
use crate::stored::GameData;

/// Entries read per store call while tallying a profile.
const PROFILE_PAGE: usize = 1_000;

/// The longest archive page.
pub const ARCHIVE_PAGE_MAX: usize = 100;

/// Games played and won.
#[derive(Default)]
struct Tally {
    played: u64,
    won: u64,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.played += 1;
        self.won += u64::from(won);
    }
}

/// A ruleset's tally, in all and by role.
#[derive(Default)]
struct RulesetTally {
    all: Tally,
    roles: BTreeMap<String, Tally>,
}

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
    /// the fields (moved by the migration of an older store).
    async fn completed(
        &self,
        game: GameId,
        mut entry: FinishedSeat,
    ) -> Result<FinishedSeat, ApiError> {
        if entry.ruleset.is_none()
            && let Some(record) = self.store.game(game).await?
        {
            let data = GameData::of(&record)?;
            entry.won = Some(data.winners.is_some_and(|w| w.seats.contains(&entry.seat)));
            entry.ruleset = Some(record.ruleset);
        }
        Ok(entry)
    }

    /// The profile of player `id`: every finished game of his tallied by
    /// ruleset and role.
    pub async fn profile(&self, id: &str) -> Result<Profile, ApiError> {
        let (name, created_at) = self.account(id).await?;
        let prefix = format!("{id}/");
        let mut tally: BTreeMap<String, RulesetTally> = BTreeMap::new();
        let mut after: Option<String> = None;
        loop {
            let page = self
                .store
                .docs(FINISHED_SEATS, &prefix, after.as_deref(), PROFILE_PAGE)
                .await?;
            let Some((last, _, _)) = page.last() else {
                break;
            };
            after = Some(last.clone());
            let full = page.len() == PROFILE_PAGE;
            for (key, _, value) in page {
                let Some((game, entry)) = entry_of(&key, value) else {
                    continue;
                };
                let entry = self.completed(game, entry).await?;
                let Some(ruleset) = entry.ruleset.clone() else {
                    continue;
                };
                let won = entry.won == Some(true);
                let line = tally.entry(ruleset).or_default();
                line.all.add(won);
                if let Some(role) = entry.role() {
                    line.roles.entry(role_name(role)).or_default().add(won);
                }
            }
            if !full {
                break;
            }
        }
        let mut rulesets: Vec<RulesetRecord> = tally
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
        })
    }

    /// A page of player `id`'s finished games, the most recently finished
    /// first, of one ruleset if `ruleset` is given; `cursor` is a previous
    /// page's `next_cursor`.
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
        let limit = limit.clamp(1, ARCHIVE_PAGE_MAX);
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
            let entry = self.completed(game, entry).await?;
            let data = GameData::of(&record)?;
            games.push(ArchivedGame {
                seat: entry.seat,
                role: entry.role().map(role_name),
                won: entry.won == Some(true),
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
