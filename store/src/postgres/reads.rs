//! The reads of the PostgreSQL backend.

use chrono::{DateTime, Utc};
use serde_json::Value;
use tokio_postgres::types::ToSql;
use tokio_postgres::{GenericClient, Row};

use super::{PgStore, int, pg, uint};
use crate::canonical::hex;
use crate::packed::{self, Unpacked};
use crate::shared::{
    Checked, check_collection, check_doc_key, decode_envelope, list_limit, status_byte,
    status_of_byte, verify_log_after,
};
use crate::transfer::DedupeExport;
use crate::types::same_action;
use crate::{Envelope, GameHead, GameId, GameRecord, ListQuery, Page, StoreError, Verification};

/// The columns of a [`GameRecord`], in the order [`record_of`] reads them.
pub(crate) const RECORD_COLUMNS: &str =
    "id, ruleset, status, version, head_hash, generation, created_at, updated_at, data";

/// A game's head from a row of `version, generation, status, head_hash, updated_at`.
pub(crate) fn head_of(row: &Row) -> Result<GameHead, StoreError> {
    let status: i16 = row.get(2);
    Ok(GameHead {
        version: uint(row.get(0)),
        generation: uint(row.get(1)),
        status: status_of(status)?,
        head_hash: row.get(3),
        updated_at: row.get(4),
    })
}

fn status_of(status: i16) -> Result<crate::GameStatus, StoreError> {
    u8::try_from(status)
        .ok()
        .and_then(status_of_byte)
        .ok_or_else(|| StoreError::Corrupt(format!("game status {status}")))
}

/// A game's record from a row of [`RECORD_COLUMNS`].
pub(crate) fn record_of(row: &Row) -> Result<GameRecord, StoreError> {
    let id = GameId(uint(row.get(0)));
    let data: String = row.get(8);
    Ok(GameRecord {
        id,
        ruleset: row.get(1),
        status: status_of(row.get(2))?,
        version: uint(row.get(3)),
        head_hash: row.get(4),
        generation: uint(row.get(5)),
        created_at: row.get(6),
        updated_at: row.get(7),
        data: serde_json::from_str(&data)
            .map_err(|e| StoreError::Corrupt(format!("data of game {id}: {e}")))?,
    })
}

/// The dedupe entry of `action_id` in game `id`: first seq, count, digest.
pub(crate) async fn dedupe_in<C: GenericClient>(
    client: &C,
    id: GameId,
    action_id: &str,
) -> Result<Option<(u64, u64, Option<[u8; 32]>)>, StoreError> {
    let Some(row) = client
        .query_opt(
            "SELECT first_seq, count, digest FROM dedupe WHERE game = $1 AND action_id = $2",
            &[&int(id.0), &action_id.as_bytes()],
        )
        .await
        .map_err(pg)?
    else {
        return Ok(None);
    };
    let digest: Option<Vec<u8>> = row.get(2);
    let digest = match digest {
        None => None,
        Some(d) => Some(
            <[u8; 32]>::try_from(d.as_slice())
                .map_err(|_| StoreError::Corrupt(format!("dedupe digest of game {id}")))?,
        ),
    };
    Ok(Some((uint(row.get(0)), uint(row.get(1)), digest)))
}

/// A read-only transaction that reads one snapshot (repeatable read).
pub(crate) async fn snapshot(
    client: &mut deadpool_postgres::Object,
) -> Result<deadpool_postgres::Transaction<'_>, StoreError> {
    client
        .build_transaction()
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await
        .map_err(pg)
}

/// Game `id`'s record, read with `client`.
pub(crate) async fn record_in<C: GenericClient>(
    client: &C,
    id: GameId,
) -> Result<Option<GameRecord>, StoreError> {
    client
        .query_opt(
            &format!("SELECT {RECORD_COLUMNS} FROM games WHERE id = $1"),
            &[&int(id.0)],
        )
        .await
        .map_err(pg)?
        .map(|row| record_of(&row))
        .transpose()
}

/// A game's dedupe rows (not those in its packed log).
pub(crate) async fn dedupe_rows<C: GenericClient>(
    client: &C,
    id: GameId,
) -> Result<Vec<DedupeExport>, StoreError> {
    let rows = client.query(DEDUPE_ROWS, &[&int(id.0)]).await.map_err(pg)?;
    dedupe_of(id, &rows)
}

/// Game `$1`'s dedupe entries ([`dedupe_of`] reads its rows).
pub(crate) const DEDUPE_ROWS: &str =
    "SELECT action_id, first_seq, count, digest FROM dedupe WHERE game = $1";

/// Game `id`'s dedupe entries from the rows of [`DEDUPE_ROWS`].
pub(crate) fn dedupe_of(
    id: GameId,
    rows: &[tokio_postgres::Row],
) -> Result<Vec<DedupeExport>, StoreError> {
    let bad = || StoreError::Corrupt(format!("dedupe entry of game {id}"));
    rows.iter()
        .map(|row| {
            let action_id = String::from_utf8(row.get(0)).map_err(|_| bad())?;
            let digest: Option<Vec<u8>> = row.get(3);
            let digest = match digest {
                None => None,
                Some(d) => Some(<[u8; 32]>::try_from(d.as_slice()).map_err(|_| bad())?),
            };
            Ok(DedupeExport {
                action_id,
                first: uint(row.get(1)),
                count: uint(row.get(2)),
                digest,
            })
        })
        .collect()
}

/// A game's packed log ([`crate::packed`]), if it has one: when `checked`,
/// refused unless its chain ends at the hash kept with it.
pub(crate) async fn packed_in<C: GenericClient>(
    client: &C,
    id: GameId,
    checked: bool,
) -> Result<Option<Unpacked>, StoreError> {
    packed_after(client, id, 0, checked).await
}

/// [`packed_in`], if its log runs past seq `after` (a poll for what is new
/// past a packed log does not unpack it).
pub(crate) async fn packed_after<C: GenericClient>(
    client: &C,
    id: GameId,
    after: u64,
    checked: bool,
) -> Result<Option<Unpacked>, StoreError> {
    let Some(row) = packed_row(client, id, after).await? else {
        return Ok(None);
    };
    packed::unpack_record(id, stored_record(&row), checked).map(Some)
}

/// The row of a game's packed log if its log runs past seq `after`: `upto`,
/// the hash and the packed log (see [`stored_record`]).
async fn packed_row<C: GenericClient>(
    client: &C,
    id: GameId,
    after: u64,
) -> Result<Option<Row>, StoreError> {
    client
        .query_opt(
            "SELECT upto, hash, log FROM packed_logs WHERE game = $1 AND upto > $2",
            &[&int(id.0), &int(after)],
        )
        .await
        .map_err(pg)
}

/// A [`packed_row`] as the packed record's `upto`, hash and log.
fn stored_record(row: &Row) -> (u64, &str, &[u8]) {
    (uint(row.get(0)), row.get(1), row.get(2))
}

/// Envelopes `first..first + count` of a game, which must all exist (in
/// its packed log or its rows).
pub(crate) async fn run_in<C: GenericClient>(
    client: &C,
    id: GameId,
    first: u64,
    count: u64,
) -> Result<Vec<Envelope>, StoreError> {
    let end = first
        .checked_add(count)
        .ok_or_else(|| StoreError::Corrupt("dedupe entry out of range".into()))?;
    let rows = client
        .query(
            "SELECT envelope FROM events WHERE game = $1 AND seq >= $2 AND seq < $3 ORDER BY seq",
            &[&int(id.0), &int(first), &int(end)],
        )
        .await
        .map_err(pg)?;
    if rows.is_empty()
        && let Some(packed) = packed_in(client, id, true).await?
        && let Some(run) = packed.run(first, count)
    {
        return Ok(run.to_vec());
    }
    if rows.len() as u64 != count {
        return Err(StoreError::Corrupt(format!(
            "game {id}: dedupe entry names {count} events from {first}, found {}",
            rows.len()
        )));
    }
    rows.iter()
        .map(|row| decode_envelope(row.get::<_, &str>(0).as_bytes()))
        .collect()
}

/// A list cursor: the last listed game's `created_at` in milliseconds and its
/// id, as 32 hex digits (the shape of sled's cursors).
fn cursor_of(created_at: DateTime<Utc>, id: GameId) -> String {
    let mut key = [0u8; 16];
    let millis = u64::try_from(created_at.timestamp_millis()).unwrap_or(0);
    key[..8].copy_from_slice(&millis.to_be_bytes());
    key[8..].copy_from_slice(&id.0.to_be_bytes());
    hex(&key)
}

fn parse_cursor(cursor: &str) -> Option<(DateTime<Utc>, GameId)> {
    if cursor.len() != 32 || !cursor.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let millis = u64::from_str_radix(cursor.get(..16)?, 16).ok()?;
    let id = u64::from_str_radix(cursor.get(16..)?, 16).ok()?;
    let at = DateTime::from_timestamp_millis(i64::try_from(millis).ok()?)?;
    Some((at, GameId(id)))
}

impl PgStore {
    pub(crate) async fn read_game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(&format!("SELECT {RECORD_COLUMNS} FROM games WHERE id = $1"))
            .await
            .map_err(pg)?;
        match client
            .query_opt(&statement, &[&int(id.0)])
            .await
            .map_err(pg)?
        {
            Some(row) => record_of(&row).map(Some),
            None => Ok(None),
        }
    }

    pub(crate) async fn read_head(&self, id: GameId) -> Result<Option<GameHead>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT version, generation, status, head_hash, updated_at FROM games WHERE id = $1",
            )
            .await
            .map_err(pg)?;
        match client
            .query_opt(&statement, &[&int(id.0)])
            .await
            .map_err(pg)?
        {
            Some(row) => head_of(&row).map(Some),
            None => Ok(None),
        }
    }

    pub(crate) async fn read_events(
        &self,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Envelope>, StoreError> {
        if limit == 0 || after >= i64::MAX as u64 {
            return Ok(Vec::new());
        }
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT envelope FROM events WHERE game = $1 AND seq > $2 ORDER BY seq LIMIT $3",
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(&statement, &[&int(id.0), &int(after), &limit])
            .await
            .map_err(pg)?;
        let rows = rows
            .iter()
            .map(|row| decode_envelope(row.get::<_, &str>(0).as_bytes()))
            .collect::<Result<Vec<_>, _>>()?;
        // Rows that start right after `after` need no packed log; a packed
        // game's rows start after its packed log.
        if rows
            .first()
            .is_some_and(|e| Some(e.seq) == after.checked_add(1))
        {
            return Ok(rows);
        }
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let Some(packed) = self.packed_read(&**client, id, after, limit).await? else {
            return Ok(rows);
        };
        Ok(packed.after(after, rows, limit))
    }

    pub(crate) async fn read_find_action(
        &self,
        id: GameId,
        action_id: &str,
        digest: Option<&[u8; 32]>,
    ) -> Result<Option<Vec<Envelope>>, StoreError> {
        let client = self.client().await?;
        let client: &tokio_postgres::Client = &client;
        if let Some((first, count, recorded)) = dedupe_in(client, id, action_id).await? {
            same_action(recorded.as_ref(), digest)?;
            return run_in(client, id, first, count).await.map(Some);
        }
        match self.packed_log(client, id, 0).await? {
            Some(packed) => packed.find_action(action_id, digest),
            None => Ok(None),
        }
    }

    pub(crate) async fn read_list(&self, query: &ListQuery) -> Result<Page, StoreError> {
        let limit = list_limit(query.limit);
        // A cursor this store did not give is an empty page.
        let cursor = match query.cursor.as_deref().map(parse_cursor) {
            Some(None) => return Ok(Page::default()),
            parsed => parsed.flatten(),
        };
        let status = query.status.map(|s| i16::from(status_byte(s)));
        let page = limit as i64 + 1;
        // Only the filters the query has, so that each shape of query is
        // planned for its own index (`games_by_*`).
        let mut sql = format!("SELECT {RECORD_COLUMNS} FROM games WHERE true");
        let mut params: Vec<&(dyn ToSql + Sync)> = Vec::with_capacity(5);
        if let Some(status) = &status {
            params.push(status);
            sql.push_str(&format!(" AND status = ${}", params.len()));
        }
        if let Some(ruleset) = &query.ruleset {
            params.push(ruleset);
            sql.push_str(&format!(" AND ruleset = ${}", params.len()));
        }
        let after = cursor.map(|(at, id)| (at, int(id.0)));
        if let Some((at, id)) = &after {
            params.push(at);
            params.push(id);
            let n = params.len();
            sql.push_str(&format!(" AND (created_at, id) < (${}, ${n})", n - 1));
        }
        params.push(&page);
        sql.push_str(&format!(
            " ORDER BY created_at DESC, id DESC LIMIT ${}",
            params.len()
        ));
        let client = self.client().await?;
        let statement = client.prepare_cached(&sql).await.map_err(pg)?;
        let rows = client.query(&statement, &params).await.map_err(pg)?;
        let mut games = rows.iter().map(record_of).collect::<Result<Vec<_>, _>>()?;
        let next_cursor = if games.len() > limit {
            games.truncate(limit);
            games.last().map(|g| cursor_of(g.created_at, g.id))
        } else {
            None
        };
        Ok(Page { games, next_cursor })
    }

    pub(crate) async fn read_verify_with(
        &self,
        id: GameId,
        chain_key: Option<&[u8; 32]>,
    ) -> Result<Verification, StoreError> {
        let mut client = self.client().await?;
        // One snapshot: the packed log and the rows agree, whether or not a
        // packing commits meanwhile.
        let tx = snapshot(&mut client).await?;
        let record = record_in(&*tx, id).await?.ok_or(StoreError::NotFound)?;
        // A packed log's chain is recomputed as it is unpacked; what is left
        // to check is each commitment against its event, given the key. An
        // alteration shows where it breaks the chain, at the latest at the
        // head.
        let checked = match packed_row(&*tx, id, 0).await? {
            Some(row) => self
                .inner
                .packs
                .to_verify(id, stored_record(&row))?
                .check(chain_key),
            None => Checked::default(),
        };
        let rows = tx
            .query(
                "SELECT seq, envelope FROM events WHERE game = $1 AND seq > $2 AND seq <= $3 \
                 ORDER BY seq",
                &[&int(id.0), &int(checked.count), &int(record.version)],
            )
            .await
            .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        let log = rows
            .iter()
            .map(|row| Ok((uint(row.get(0)), row.get::<_, &str>(1).as_bytes())));
        verify_log_after(checked, record.version, record.head_hash, log, chain_key)
    }

    pub(crate) async fn read_doc(
        &self,
        collection: &str,
        key: &str,
    ) -> Result<Option<(u64, Value)>, StoreError> {
        check_doc_key(collection, key)?;
        let client = self.client().await?;
        let statement = client
            .prepare_cached("SELECT revision, value FROM docs WHERE collection = $1 AND key = $2")
            .await
            .map_err(pg)?;
        match client
            .query_opt(&statement, &[&collection, &key.as_bytes()])
            .await
            .map_err(pg)?
        {
            None => Ok(None),
            Some(row) => Ok(Some((uint(row.get(0)), doc_value(row.get(1))?))),
        }
    }

    pub(crate) async fn read_docs(
        &self,
        collection: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, u64, Value)>, StoreError> {
        check_collection(collection)?;
        if limit == 0 {
            return Ok(Vec::new());
        }
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let client = self.client().await?;
        // The keys starting with the prefix are the range [prefix, its
        // successor): an index range scan, however many other keys the
        // collection holds.
        let statement = client
            .prepare_cached(
                "SELECT key, revision, value FROM docs WHERE collection = $1 \
                 AND key >= $2::bytea AND ($5::bytea IS NULL OR key < $5) \
                 AND ($3::bytea IS NULL OR key > $3) ORDER BY key LIMIT $4",
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(
                &statement,
                &[
                    &collection,
                    &prefix.as_bytes(),
                    &after.map(str::as_bytes),
                    &limit,
                    &successor(prefix.as_bytes()),
                ],
            )
            .await
            .map_err(pg)?;
        rows.iter()
            .map(|row| {
                let key = String::from_utf8(row.get::<_, Vec<u8>>(0))
                    .map_err(|_| StoreError::Corrupt("document key is not UTF-8".into()))?;
                Ok((key, uint(row.get(1)), doc_value(row.get(2))?))
            })
            .collect()
    }
}

fn doc_value(text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("document: {e}")))
}

/// The smallest byte string greater than every string starting with
/// `prefix` (`None`: there is none, every key from `prefix` on starts
/// with it, as for the empty prefix).
fn successor(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut next = prefix.to_vec();
    while let Some(last) = next.pop() {
        if last < u8::MAX {
            next.push(last + 1);
            return Some(next);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::successor;

    #[test]
    fn a_prefix_successor_bounds_exactly_the_keys_that_start_with_it() {
        assert_eq!(successor(b"p_1/"), Some(b"p_10".to_vec()));
        assert_eq!(successor(b"a\xff\xff"), Some(b"b".to_vec()));
        assert_eq!(successor(b"\xff"), None);
        assert_eq!(successor(b""), None);
    }
}
