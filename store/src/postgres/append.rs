//! The writes of the PostgreSQL backend: `create`, `append`, `put_doc`, each
//! one transaction that notifies the other servers as it commits.

use chrono::{DateTime, Utc};
use deadpool_postgres::Transaction;
use serde_json::Value;
use tokio_postgres::error::SqlState;

use super::listen::{doc_payload, game_payload};
use super::{PgStore, int, pg, uint};
use crate::canonical::ZERO_HASH;
use crate::shared::{
    Write, check_doc_key, check_expected, envelopes, random_ids, seal_events, status_byte,
};
use crate::{
    Append, Appended, Envelope, GameHead, GameId, GameRecord, GameStatus, NewGame, StoreError,
};

/// The game's head, locked, and the database's clock to the millisecond.
const LOCK_HEAD: &str = "SELECT version, generation, status, head_hash, updated_at, \
     date_trunc('milliseconds', clock_timestamp()) FROM games WHERE id = $1 FOR UPDATE";
const INSERT_EVENTS: &str = "INSERT INTO events (game, seq, envelope) \
     SELECT $1, s, e FROM UNNEST($2::bigint[], $3::text[]) AS t(s, e)";
const INSERT_DEDUPE: &str =
    "INSERT INTO dedupe (game, action_id, first_seq, count, digest) VALUES ($1, $2, $3, $4, $5)";

/// Whether `e` is a violation of a unique key (a racing writer).
fn unique_violation(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

/// `data` as the text the `data` column keeps.
fn data_text(data: &Value) -> Result<String, StoreError> {
    serde_json::to_string(data).map_err(|e| StoreError::Io(format!("encode data: {e}")))
}

/// Stored envelope bytes as the text the `events` column keeps.
fn texts(stored: Vec<Vec<u8>>) -> Result<Vec<String>, StoreError> {
    stored
        .into_iter()
        .map(|b| String::from_utf8(b).map_err(|_| StoreError::Io("envelope is not UTF-8".into())))
        .collect()
}

/// Inserts the envelopes `first..` of game `id`; a unique violation (another
/// writer took these seqs) is a conflict at the game's current version.
async fn insert_events(
    tx: &Transaction<'_>,
    id: GameId,
    first: u64,
    stored: Vec<Vec<u8>>,
) -> Result<(), Result<(), StoreError>> {
    if stored.is_empty() {
        return Ok(());
    }
    let seqs: Vec<i64> = (first..).take(stored.len()).map(int).collect();
    let texts = texts(stored).map_err(Err)?;
    let statement = tx
        .prepare_cached(INSERT_EVENTS)
        .await
        .map_err(|e| Err(pg(e)))?;
    match tx.execute(&statement, &[&int(id.0), &seqs, &texts]).await {
        Ok(_) => Ok(()),
        Err(e) if unique_violation(&e) => Err(Ok(())),
        Err(e) => Err(Err(pg(e))),
    }
}

/// Commits `tx` (durable when it returns: `synchronous_commit` is on, and
/// PostgreSQL flushes the WAL of concurrent commits together), recording it
/// in the store's metrics as a batch of one write.
async fn commit_durably(tx: Transaction<'_>) -> Result<(), StoreError> {
    let started = std::time::Instant::now();
    let committed = tx.commit().await;
    crate::metrics::batch(1, 1, started.elapsed(), committed.is_ok());
    committed.map_err(pg)
}

async fn insert_dedupe(
    tx: &Transaction<'_>,
    id: GameId,
    write: &Write,
    first: u64,
    count: u64,
) -> Result<(), StoreError> {
    let Some(action_id) = &write.action_id else {
        return Ok(());
    };
    let statement = tx.prepare_cached(INSERT_DEDUPE).await.map_err(pg)?;
    let digest = write.action_digest.as_ref().map(|d| d.as_slice());
    tx.execute(
        &statement,
        &[
            &int(id.0),
            &action_id.as_bytes(),
            &int(first),
            &int(count),
            &digest,
        ],
    )
    .await
    .map_err(pg)?;
    Ok(())
}

/// Moves game `id`'s head from version `expected` to `head`, with new `data`
/// if the append has some: how many rows it moved (0: another writer moved
/// it first).
async fn move_head(
    tx: &Transaction<'_>,
    id: GameId,
    expected: u64,
    head: &GameHead,
    data: Option<String>,
) -> Result<u64, StoreError> {
    tx.execute(
        "UPDATE games SET version = $2, head_hash = $3, status = $4, updated_at = $5, \
         generation = $6, data = COALESCE($7, data) WHERE id = $1 AND version = $8",
        &[
            &int(id.0),
            &int(head.version),
            &head.head_hash,
            &i16::from(status_byte(head.status)),
            &head.updated_at,
            &int(head.generation),
            &data,
            &int(expected),
        ],
    )
    .await
    .map_err(pg)
}

impl PgStore {
    /// The conflict of an append that lost a race to another writer, at the
    /// version that writer left (read once `tx` is rolled back).
    async fn lost_race(&self, tx: Transaction<'_>, id: GameId) -> StoreError {
        drop(tx);
        match self.read_head(id).await {
            Ok(head) => StoreError::Conflict {
                current: head.map_or(0, |h| h.version),
            },
            Err(e) => e,
        }
    }

    /// See [`crate::EventStore::create`]: one transaction, under the first
    /// fresh id not taken.
    pub(crate) async fn write_create(
        &self,
        new: NewGame,
        mut append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        let ids = random_ids()?;
        let (write, commitments) = Write::encode(&mut append, 1)?;
        let count = append.events.len() as u64;
        let status = write.status.unwrap_or(GameStatus::Active);
        let data = write.data.clone().unwrap_or(new.data);
        let text = data_text(&data)?;
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let at: DateTime<Utc> = tx
            .query_one("SELECT date_trunc('milliseconds', clock_timestamp())", &[])
            .await
            .map_err(pg)?
            .get(0);
        let at_json =
            serde_json::to_vec(&at).map_err(|e| StoreError::Io(format!("encode time: {e}")))?;
        let (hashes, stored) = seal_events(&write, &at_json, 1, ZERO_HASH);
        let head_hash = hashes.last().map_or(ZERO_HASH, String::as_str).to_owned();
        let mut chosen = None;
        for id in ids {
            let inserted = tx
                .execute(
                    "INSERT INTO games (id, ruleset, status, version, generation, head_hash, \
                     created_at, updated_at, data) VALUES ($1, $2, $3, $4, 0, $5, $6, $6, $7) \
                     ON CONFLICT (id) DO NOTHING",
                    &[
                        &int(id.0),
                        &new.ruleset,
                        &i16::from(status_byte(status)),
                        &int(count),
                        &head_hash,
                        &at,
                        &text,
                    ],
                )
                .await
                .map_err(pg)?;
            if inserted == 1 {
                chosen = Some(id);
                break;
            }
        }
        let id = chosen.ok_or_else(|| StoreError::Io("could not draw an unused game id".into()))?;
        match insert_events(&tx, id, 1, stored).await {
            Ok(()) => {}
            Err(Ok(())) => return Err(StoreError::Io(format!("game {id} had events already"))),
            Err(Err(e)) => return Err(e),
        }
        insert_dedupe(&tx, id, &write, 1, count).await?;
        commit_durably(tx).await?;
        self.inner.notifier.tell(game_payload(id, count));
        let record = GameRecord {
            id,
            ruleset: new.ruleset,
            status,
            version: count,
            head_hash,
            generation: 0,
            created_at: at,
            updated_at: at,
            data,
        };
        let envelopes = envelopes(append, commitments, at, 1, ZERO_HASH.to_owned(), hashes)?;
        Ok((record, envelopes))
    }

    /// See [`crate::EventStore::append`]: one transaction that locks the
    /// game's head, checks it, inserts the envelopes and moves the head.
    pub(crate) async fn write_append(
        &self,
        id: GameId,
        expected: u64,
        mut append: Append,
    ) -> Result<Appended, StoreError> {
        let (write, commitments) = Write::encode(&mut append, expected.saturating_add(1))?;
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let statement = tx.prepare_cached(LOCK_HEAD).await.map_err(pg)?;
        let Some(row) = tx.query_opt(&statement, &[&int(id.0)]).await.map_err(pg)? else {
            return Err(StoreError::NotFound);
        };
        let head = super::reads::head_of(&row)?;
        let at: DateTime<Utc> = row.get(5);

        if let Some(action_id) = &write.action_id
            && let Some((first, count, recorded)) =
                super::reads::dedupe_in(&*tx, id, action_id).await?
        {
            crate::types::same_action(recorded.as_ref(), write.action_digest.as_ref())?;
            let envelopes = super::reads::run_in(&*tx, id, first, count).await?;
            return Ok(Appended {
                head,
                envelopes,
                duplicate: true,
            });
        }
        check_expected(&write, expected, head.version, head.generation)?;
        let count = u64::try_from(write.events.len())
            .map_err(|_| StoreError::Io("too many events".into()))?;
        let first = head
            .version
            .checked_add(1)
            .filter(|f| {
                f.checked_add(count)
                    .is_some_and(|end| end <= i64::MAX as u64)
            })
            .ok_or_else(|| StoreError::Io("version overflow".into()))?;
        let at_json =
            serde_json::to_vec(&at).map_err(|e| StoreError::Io(format!("encode time: {e}")))?;
        let prev_hash = head.head_hash.clone();
        let (hashes, stored) = seal_events(&write, &at_json, first, &prev_hash);
        let new_head = GameHead {
            version: head.version + count,
            head_hash: hashes.last().unwrap_or(&prev_hash).clone(),
            status: write.status.unwrap_or(head.status),
            generation: head.generation + u64::from(write.data.is_some()),
            updated_at: at,
        };
        match insert_events(&tx, id, first, stored).await {
            Ok(()) => {}
            Err(Ok(())) => return Err(self.lost_race(tx, id).await),
            Err(Err(e)) => return Err(e),
        }
        let data = write.data.as_ref().map(data_text).transpose()?;
        let updated = move_head(&tx, id, expected, &new_head, data).await?;
        if updated != 1 {
            return Err(self.lost_race(tx, id).await);
        }
        insert_dedupe(&tx, id, &write, first, count).await?;
        commit_durably(tx).await?;
        self.inner.notifier.tell(game_payload(id, new_head.version));
        let envelopes = envelopes(append, commitments, at, first, prev_hash, hashes)?;
        Ok(Appended {
            head: new_head,
            envelopes,
            duplicate: false,
        })
    }

    /// See [`crate::EventStore::put_doc`]: one transaction at the expected
    /// revision.
    pub(crate) async fn write_doc(
        &self,
        collection: &str,
        key: &str,
        value: Option<Value>,
        expected: u64,
    ) -> Result<u64, StoreError> {
        check_doc_key(collection, key)?;
        let value = value
            .map(|v| serde_json::to_string(&v))
            .transpose()
            .map_err(|e| StoreError::Io(format!("encode document: {e}")))?;
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let written = match (&value, expected) {
            (Some(value), 0) => tx
                .query_opt(
                    "INSERT INTO docs (collection, key, revision, value) VALUES ($1, $2, 1, $3) \
                     ON CONFLICT (collection, key) DO NOTHING RETURNING revision",
                    &[&collection, &key.as_bytes(), value],
                )
                .await
                .map_err(pg)?
                .map(|row| uint(row.get(0))),
            (Some(value), expected) => tx
                .query_opt(
                    "UPDATE docs SET revision = revision + 1, value = $3 \
                     WHERE collection = $1 AND key = $2 AND revision = $4 RETURNING revision",
                    &[&collection, &key.as_bytes(), value, &int(expected)],
                )
                .await
                .map_err(pg)?
                .map(|row| uint(row.get(0))),
            (None, 0) => {
                let current = revision_in(&tx, collection, key).await?;
                if current != 0 {
                    return Err(StoreError::Stale {
                        generation: current,
                    });
                }
                return Ok(0);
            }
            (None, expected) => tx
                .query_opt(
                    "DELETE FROM docs WHERE collection = $1 AND key = $2 AND revision = $3 \
                     RETURNING 0::bigint",
                    &[&collection, &key.as_bytes(), &int(expected)],
                )
                .await
                .map_err(pg)?
                .map(|_| 0),
        };
        let Some(revision) = written else {
            let current = revision_in(&tx, collection, key).await?;
            return Err(StoreError::Stale {
                generation: current,
            });
        };
        commit_durably(tx).await?;
        self.inner.notifier.tell(doc_payload(collection, key));
        Ok(revision)
    }

    pub(crate) async fn read_secret(
        &self,
        name: &str,
        fresh: String,
    ) -> Result<String, StoreError> {
        let client = self.client().await?;
        // Insert-if-absent: two servers racing keep the first one's value.
        client
            .execute(
                "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                &[&name, &fresh],
            )
            .await
            .map_err(pg)?;
        let row = client
            .query_one("SELECT value FROM secrets WHERE name = $1", &[&name])
            .await
            .map_err(pg)?;
        Ok(row.get(0))
    }
}

/// The revision of a document (0 if it does not exist), read in `tx`.
async fn revision_in(tx: &Transaction<'_>, collection: &str, key: &str) -> Result<u64, StoreError> {
    Ok(tx
        .query_opt(
            "SELECT revision FROM docs WHERE collection = $1 AND key = $2",
            &[&collection, &key.as_bytes()],
        )
        .await
        .map_err(pg)?
        .map_or(0, |row| uint(row.get(0))))
}
