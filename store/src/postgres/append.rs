//! The writes of the PostgreSQL backend: `create`, `append`, `put_doc`, each
//! one transaction that notifies the other servers as it commits.

use chrono::{DateTime, Utc};
use deadpool_postgres::Transaction;
use serde_json::Value;
use tokio_postgres::Statement;
use tokio_postgres::error::SqlState;

use super::group::Sealed;
use super::listen::{doc_payload, game_payload};
use super::pipeline::Step;
use super::{PgStore, int, pg, uint};
use crate::canonical::ZERO_HASH;
use crate::shared::{
    Write, check_doc_key, check_expected, envelopes, random_ids, seal_events, status_byte,
};
use crate::{
    Append, Appended, Envelope, GameHead, GameId, GameRecord, GameStatus, NewGame, StoreError,
};

/// The database's time, as a game's creation is stamped.
const NOW: &str = "SELECT date_trunc('milliseconds', clock_timestamp())";

/// The statements of a creation, prepared on its connection.
struct Creation {
    /// The game's row (a taken id fails it: [`taken_id`]).
    game: Statement,
    /// Its first envelopes.
    events: Statement,
    /// Its action id's entry.
    dedupe: Statement,
    /// The documents written with it (a NULL value deletes).
    docs: Statement,
}

impl Creation {
    async fn prepare(client: &deadpool_postgres::ClientWrapper) -> Result<Creation, StoreError> {
        let prepare = |sql| client.prepare_cached(sql);
        Ok(Creation {
            game: prepare(
                "INSERT INTO games (id, ruleset, status, version, generation, head_hash, \
                 created_at, updated_at, data) VALUES ($1, $2, $3, $4, 0, $5, $6, $6, $7)",
            )
            .await
            .map_err(pg)?,
            events: prepare(
                "INSERT INTO events (game, seq, envelope) \
                 SELECT $1, s, e FROM UNNEST($2::bigint[], $3::text[]) AS t(s, e)",
            )
            .await
            .map_err(pg)?,
            dedupe: prepare(
                "INSERT INTO dedupe (game, action_id, first_seq, count, digest) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .await
            .map_err(pg)?,
            docs: prepare(
                "WITH t AS (SELECT * FROM UNNEST($1::text[], $2::bytea[], $3::text[]) \
                 AS t(c, k, v)), gone AS (DELETE FROM docs x USING t \
                 WHERE t.v IS NULL AND x.collection = t.c AND x.key = t.k) \
                 INSERT INTO docs (collection, key, revision, value) \
                 SELECT c, k, 1, v FROM t WHERE v IS NOT NULL \
                 ON CONFLICT (collection, key) \
                 DO UPDATE SET revision = docs.revision + 1, value = EXCLUDED.value",
            )
            .await
            .map_err(pg)?,
        })
    }
}

/// Whether `e` is a creation's game row failing on an id already taken.
fn taken_id(e: &tokio_postgres::Error) -> bool {
    e.as_db_error().is_some_and(|db| {
        db.code() == &SqlState::UNIQUE_VIOLATION && db.constraint() == Some("games_pkey")
    })
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

/// Commits `tx` (durable when it returns: `synchronous_commit` is on, and
/// PostgreSQL flushes the WAL of concurrent commits together), recording it
/// in the store's metrics as a batch of one write.
async fn commit_durably(tx: Transaction<'_>) -> Result<(), StoreError> {
    let started = std::time::Instant::now();
    let committed = tx.commit().await;
    crate::metrics::batch(1, 1, started.elapsed(), committed.is_ok());
    committed.map_err(pg)
}

impl PgStore {
    /// See [`crate::EventStore::create`]: the database's time, then one
    /// transaction in one round trip ([`super::pipeline`]) under the first
    /// fresh id not taken.
    pub(crate) async fn write_create(
        &self,
        new: NewGame,
        append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        self.create_under(&random_ids()?, new, append).await
    }

    /// [`PgStore::write_create`] under the first of `ids` not taken.
    async fn create_under(
        &self,
        ids: &[GameId],
        new: NewGame,
        mut append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        let (write, commitments) = Write::encode(&mut append, 1)?;
        let count = append.events.len() as u64;
        let status = write.status.unwrap_or(GameStatus::Active);
        let data = write.data.clone().unwrap_or(new.data);
        let text = data_text(&data)?;
        let client = self.client().await?;
        // Read outside the transaction, which then holds nothing across
        // round trips: the events are sealed on this time.
        let at: DateTime<Utc> = client.query_one(NOW, &[]).await.map_err(pg)?.get(0);
        let at_json =
            serde_json::to_vec(&at).map_err(|e| StoreError::Io(format!("encode time: {e}")))?;
        let (hashes, stored) = seal_events(&write, &at_json, 1, ZERO_HASH);
        let head_hash = hashes.last().map_or(ZERO_HASH, String::as_str).to_owned();
        let texts = texts(stored)?;
        let seqs: Vec<i64> = (1..).take(texts.len()).map(int).collect();
        let prepared = Creation::prepare(&client).await?;
        let (status_byte, version) = (i16::from(status_byte(status)), int(count));
        let (first, action_id) = (1i64, write.action_id.as_ref().map(|a| a.as_bytes()));
        let digest = write.action_digest.as_ref().map(|d| d.as_slice());
        let collections: Vec<&str> = write.docs.iter().map(|d| d.collection.as_str()).collect();
        let values: Vec<Option<&str>> = write.docs.iter().map(|d| d.value.as_deref()).collect();
        let mut chosen = None;
        for &id in ids {
            let game = int(id.0);
            let keys: Vec<Vec<u8>> = write
                .docs
                .iter()
                .map(|d| d.key_of(id).into_bytes())
                .collect();
            let mut steps: Vec<Step<'_>> = vec![(
                &prepared.game,
                vec![
                    &game,
                    &new.ruleset,
                    &status_byte,
                    &version,
                    &head_hash,
                    &at,
                    &text,
                ],
            )];
            if !texts.is_empty() {
                steps.push((&prepared.events, vec![&game, &seqs, &texts]));
            }
            if let Some(action_id) = &action_id {
                steps.push((
                    &prepared.dedupe,
                    vec![&game, action_id, &first, &version, &digest],
                ));
            }
            if !keys.is_empty() {
                steps.push((&prepared.docs, vec![&collections, &keys, &values]));
            }
            let started = std::time::Instant::now();
            let written = super::pipeline::transaction(&client, "BEGIN", &steps).await;
            crate::metrics::batch(1, 1, started.elapsed(), written.is_ok());
            match written {
                Ok(_) => {
                    chosen = Some(id);
                    break;
                }
                Err(e) if taken_id(&e) => continue,
                Err(e) => return Err(pg(e)),
            }
        }
        let id = chosen.ok_or_else(|| StoreError::Io("could not draw an unused game id".into()))?;
        self.inner.notifier.tell(game_payload(id, count));
        self.tell_docs(id, &write);
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

    /// See [`crate::EventStore::append`]: one statement ([`APPEND`]) when
    /// the game's head is known and current. The events are sealed here on
    /// that head (its hash, and a time no earlier than its last); the
    /// statement checks the action id, moves the head only if it is still
    /// there, and writes the events and the dedupe entry. A head this store
    /// does not know, or one another server moved, is read by the same
    /// statement writing nothing, and the append tried once more on it.
    pub(crate) async fn write_append(
        &self,
        id: GameId,
        expected: u64,
        mut append: Append,
    ) -> Result<Appended, StoreError> {
        let (write, commitments) = Write::encode(&mut append, expected.saturating_add(1))?;
        let count = u64::try_from(write.events.len())
            .map_err(|_| StoreError::Io("too many events".into()))?;
        // The head to seal on, and whether the database just gave it (a
        // remembered one may be behind: another server's data-only append).
        let mut known = self
            .inner
            .heads
            .get(id)
            .filter(|h| h.version == expected)
            .map(|h| (h, false));
        // A remembered head, the database's, a sealed call, once more.
        for _ in 0..4 {
            let Some((head, fresh)) = known.take() else {
                // Read the head (and the action id's first append) only.
                let client = self.client().await?;
                let answer = probe(&client, id, expected, &write).await?;
                drop(client); // back to the pool before `settle` takes one
                match answer {
                    Answer::Moved(head) if head.version == expected => {
                        self.inner.heads.put(id, &head);
                        known = Some((head, true));
                        continue;
                    }
                    other => return self.settle(id, &write, other).await,
                }
            };
            if let Err(e) = check_expected(&write, expected, head.version, head.generation) {
                if fresh {
                    return Err(e);
                }
                continue; // ask the database
            }
            let first = head
                .version
                .checked_add(1)
                .filter(|f| {
                    f.checked_add(count)
                        .is_some_and(|end| end <= i64::MAX as u64)
                })
                .ok_or_else(|| StoreError::Io("version overflow".into()))?;
            let at = now_ms().max(head.updated_at);
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
            let sealed = Sealed {
                id,
                expected,
                prev_hash: prev_hash.clone(),
                prev_generation: head.generation,
                envelopes: texts(stored)?,
                head: new_head.clone(),
                data: write.data.as_ref().map(data_text).transpose()?,
                action_id: write.action_id.clone(),
                digest: write.action_digest,
                docs: write
                    .docs
                    .iter()
                    .map(|d| (d.collection.clone(), d.key_of(id), d.value.clone()))
                    .collect(),
            };
            // Committed with the other appends on their way (`group`).
            let row = self.inner.group.call(sealed).await?;
            match answer_of(&row)? {
                Answer::Applied => {
                    self.inner.heads.put(id, &new_head);
                    if new_head.status == GameStatus::Finished
                        && head.status != GameStatus::Finished
                    {
                        self.pack_later(id, append.chain_key);
                    }
                    self.inner.notifier.tell(game_payload(id, new_head.version));
                    self.tell_docs(id, &write);
                    let envelopes = envelopes(append, commitments, at, first, prev_hash, hashes)?;
                    return Ok(Appended {
                        head: new_head,
                        envelopes,
                        duplicate: false,
                    });
                }
                Answer::Moved(head) if head.version == expected => {
                    // Same version, other generation (new data without
                    // events: a lobby's seat) or hash: seal again on it.
                    self.inner.heads.put(id, &head);
                    known = Some((head, true));
                }
                other => return self.settle(id, &write, other).await,
            }
        }
        Err(StoreError::Unavailable(format!(
            "game {id}: its head kept moving under the append"
        )))
    }

    /// Tells the other servers of the documents `write` wrote.
    fn tell_docs(&self, id: GameId, write: &Write) {
        for doc in &write.docs {
            self.inner
                .notifier
                .tell(doc_payload(&doc.collection, &doc.key_of(id)));
        }
    }

    /// The answer of an append that wrote nothing: its action id's first
    /// append, or why not.
    async fn settle(
        &self,
        id: GameId,
        write: &Write,
        answer: Answer,
    ) -> Result<Appended, StoreError> {
        match answer {
            Answer::Duplicate {
                head,
                first,
                count,
                digest,
            } => {
                crate::types::same_action(digest.as_ref(), write.action_digest.as_ref())?;
                self.inner.heads.put(id, &head);
                let client = self.client().await?;
                let envelopes = super::reads::run_in(&**client, id, first, count).await?;
                Ok(Appended {
                    head,
                    envelopes,
                    duplicate: true,
                })
            }
            Answer::Moved(head) => {
                self.inner.heads.put(id, &head);
                // The head moved because another server's append of the same
                // action id committed after this statement looked for it
                // (read committed): answer as the duplicate it is.
                if let Some(action_id) = &write.action_id
                    && let Some(envelopes) = self
                        .read_find_action(id, action_id, write.action_digest.as_ref())
                        .await?
                {
                    return Ok(Appended {
                        head,
                        envelopes,
                        duplicate: true,
                    });
                }
                Err(StoreError::Conflict {
                    current: head.version,
                })
            }
            Answer::Missing => Err(StoreError::NotFound),
            Answer::Applied => Err(StoreError::Io("an append that wrote nothing".into())),
        }
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
        let revisions = self
            .write_docs(vec![crate::DocPut {
                collection: collection.to_string(),
                key: key.to_string(),
                value,
                expected,
            }])
            .await?;
        Ok(revisions.first().copied().unwrap_or(0))
    }

    /// See [`crate::EventStore::put_docs`]: one transaction, each write at
    /// its expected revision, rolled back at the first stale one.
    pub(crate) async fn write_docs(
        &self,
        writes: Vec<crate::DocPut>,
    ) -> Result<Vec<u64>, StoreError> {
        let mut encoded = Vec::with_capacity(writes.len());
        for w in &writes {
            check_doc_key(&w.collection, &w.key)?;
            let value = w
                .value
                .as_ref()
                .map(serde_json::to_string)
                .transpose()
                .map_err(|e| StoreError::Io(format!("encode document: {e}")))?;
            encoded.push(value);
        }
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let mut revisions = Vec::with_capacity(writes.len());
        for (w, value) in writes.iter().zip(&encoded) {
            revisions.push(
                write_doc_in(&tx, &w.collection, &w.key, value.as_deref(), w.expected).await?,
            );
        }
        commit_durably(tx).await?;
        for w in &writes {
            self.inner.notifier.tell(doc_payload(&w.collection, &w.key));
        }
        Ok(revisions)
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
/// Writes one document in `tx` if its revision is `expected`; a stale one
/// is [`StoreError::Stale`] (the caller drops the transaction).
async fn write_doc_in(
    tx: &Transaction<'_>,
    collection: &str,
    key: &str,
    value: Option<&str>,
    expected: u64,
) -> Result<u64, StoreError> {
    let written = match (value, expected) {
        (Some(value), 0) => tx
            .query_opt(
                "INSERT INTO docs (collection, key, revision, value) VALUES ($1, $2, 1, $3) \
                 ON CONFLICT (collection, key) DO NOTHING RETURNING revision",
                &[&collection, &key.as_bytes(), &value],
            )
            .await
            .map_err(pg)?
            .map(|row| uint(row.get(0))),
        (Some(value), expected) => tx
            .query_opt(
                "UPDATE docs SET revision = revision + 1, value = $3 \
                 WHERE collection = $1 AND key = $2 AND revision = $4 RETURNING revision",
                &[&collection, &key.as_bytes(), &value, &int(expected)],
            )
            .await
            .map_err(pg)?
            .map(|row| uint(row.get(0))),
        (None, 0) => {
            let current = revision_in(tx, collection, key).await?;
            if current != 0 {
                return Err(StoreError::Stale {
                    generation: current,
                });
            }
            Some(0)
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
    match written {
        Some(revision) => Ok(revision),
        None => Err(StoreError::Stale {
            generation: revision_in(tx, collection, key).await?,
        }),
    }
}

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

/// An append in one statement: the function of migration 2.
pub(super) const APPEND: &str = "SELECT version, generation, status, head_hash, updated_at, outcome, \
     first_seq, count, digest FROM bang_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)";

/// What [`APPEND`] answered.
enum Answer {
    /// Written.
    Applied,
    /// The action id's first append: its events `first..first + count`.
    Duplicate {
        head: GameHead,
        first: u64,
        count: u64,
        digest: Option<[u8; 32]>,
    },
    /// The head is not where the events were sealed: nothing written.
    Moved(GameHead),
    /// No such game.
    Missing,
}

/// `id`'s head and the first append of `write`'s action id, read by a call
/// of [`APPEND`] that writes nothing (it has no hash to move the head from).
async fn probe(
    client: &deadpool_postgres::ClientWrapper,
    id: GameId,
    expected: u64,
    write: &Write,
) -> Result<Answer, StoreError> {
    let statement = client.prepare_cached(APPEND).await.map_err(pg)?;
    let (game, expected, zero, now) = (int(id.0), int(expected), 0i64, now_ms());
    let (no_hash, no_data, no_status): (Option<&str>, Option<&str>, i16) = (None, None, 0);
    let (no_seqs, no_texts) = (Vec::<i64>::new(), Vec::<&str>::new());
    let (no_keys, no_values) = (Vec::<&[u8]>::new(), Vec::<Option<&str>>::new());
    let action_id = write.action_id.as_deref().map(str::as_bytes);
    let digest = write.action_digest.as_ref().map(|d| &d[..]);
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 17] = [
        &game, &expected, &no_hash, &zero, &no_seqs, &no_texts, &zero, &"", &no_status, &now,
        &zero, &no_data, &action_id, &digest, &no_texts, &no_keys, &no_values,
    ];
    answer_of(&client.query_one(&statement, &params).await.map_err(pg)?)
}

/// What a row of [`APPEND`] answers.
fn answer_of(row: &tokio_postgres::Row) -> Result<Answer, StoreError> {
    let outcome: &str = row.get(5);
    Ok(match outcome {
        "applied" => Answer::Applied,
        "missing" => Answer::Missing,
        "moved" => Answer::Moved(super::reads::head_of(row)?),
        "duplicate" => {
            let digest: Option<Vec<u8>> = row.get(8);
            Answer::Duplicate {
                head: super::reads::head_of(row)?,
                first: uint(row.get(6)),
                count: uint(row.get(7)),
                digest: digest
                    .map(|d| <[u8; 32]>::try_from(d.as_slice()))
                    .transpose()
                    .map_err(|_| StoreError::Corrupt("a dedupe digest".into()))?,
            }
        }
        other => return Err(StoreError::Io(format!("bang_append answered `{other}`"))),
    })
}

/// Now, to the millisecond (as the database kept times before).
fn now_ms() -> DateTime<Utc> {
    let now = Utc::now();
    DateTime::from_timestamp_millis(now.timestamp_millis()).unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{DocWrite, EventStore};

    fn new_game() -> NewGame {
        NewGame {
            ruleset: "dice".into(),
            data: json!({}),
        }
    }

    fn first_append(n: u64) -> Append {
        Append {
            actor: "system".into(),
            action_id: Some(format!("create-{n}")),
            events: vec![json!({"n": n})],
            docs: vec![DocWrite {
                collection: "created".into(),
                key: "{game}".into(),
                value: Some(json!(n)),
            }],
            ..Default::default()
        }
    }

    /// A creation whose first id is taken lands under the next one and
    /// leaves the taken game as it was; with every id taken it writes
    /// nothing at all.
    #[tokio::test(flavor = "current_thread")]
    async fn a_creation_skips_a_taken_id_and_writes_nothing_when_all_are() {
        let Some(url) = crate::testing::postgres_database().await else {
            return;
        };
        let store = PgStore::connect(&url).await.unwrap();
        let (taken, _) = store.create(new_game(), first_append(1)).await.unwrap();
        let fresh = GameId(taken.id.0 ^ 1);
        let (record, envelopes) = store
            .create_under(&[taken.id, fresh], new_game(), first_append(2))
            .await
            .unwrap();
        assert_eq!(record.id, fresh);
        assert_eq!(envelopes.len(), 1);
        let kept = store.events(taken.id, 0, 10).await.unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].event, json!({"n": 1}));
        assert_eq!(
            store.events(fresh, 0, 10).await.unwrap()[0].event,
            json!({"n": 2})
        );
        let store = &store;
        let doc = |id: GameId| async move {
            let doc = store.doc("created", &id.to_string()).await.unwrap();
            doc.map(|(_, value)| value)
        };
        assert_eq!(doc(taken.id).await, Some(json!(1)));
        assert_eq!(doc(fresh).await, Some(json!(2)));

        let refused = store
            .create_under(&[taken.id, fresh], new_game(), first_append(3))
            .await;
        assert!(matches!(refused, Err(StoreError::Io(_))), "{refused:?}");
        assert_eq!(store.events(taken.id, 0, 10).await.unwrap().len(), 1);
        assert_eq!(store.events(fresh, 0, 10).await.unwrap().len(), 1);
        assert_eq!(doc(fresh).await, Some(json!(2)));
    }
}
