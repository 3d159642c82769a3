//! Copying a store ([`crate::transfer`]) from and to PostgreSQL: a game is
//! imported in one transaction (record, envelopes, dedupe entries), without
//! notifications (import only into a database no server is using).

use super::reads::{RECORD_COLUMNS, record_of};
use super::{PgStore, int, pg, uint};
use crate::shared::check_doc_key;
use crate::shared::status_byte;
use crate::transfer::{DedupeExport, DocExport, GameExport, Imported, Transfer, same_or_refuse};
use crate::{GameId, StoreError};

impl Transfer for PgStore {
    async fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query("SELECT id FROM games", &[])
            .await
            .map_err(pg)?;
        let mut ids: Vec<GameId> = rows.iter().map(|r| GameId(uint(r.get(0)))).collect();
        ids.sort();
        Ok(ids)
    }

    async fn export_game(&self, id: GameId) -> Result<Option<GameExport>, StoreError> {
        let mut client = self.client().await?;
        // One snapshot: the record, its log and its dedupe entries agree.
        let tx = client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(pg)?;
        let Some(row) = tx
            .query_opt(
                &format!("SELECT {RECORD_COLUMNS} FROM games WHERE id = $1"),
                &[&int(id.0)],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(None);
        };
        let record = record_of(&row)?;
        let envelopes = tx
            .query(
                "SELECT envelope FROM events WHERE game = $1 AND seq >= 1 AND seq <= $2 \
                 ORDER BY seq",
                &[&int(id.0), &int(record.version)],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(|r| r.get(0))
            .collect();
        let mut dedupe = Vec::new();
        for row in tx
            .query(
                "SELECT action_id, first_seq, count, digest FROM dedupe WHERE game = $1",
                &[&int(id.0)],
            )
            .await
            .map_err(pg)?
        {
            let bad = || StoreError::Corrupt(format!("dedupe entry of game {id}"));
            let action_id = String::from_utf8(row.get(0)).map_err(|_| bad())?;
            let digest: Option<Vec<u8>> = row.get(3);
            let digest = match digest {
                None => None,
                Some(d) => Some(<[u8; 32]>::try_from(d.as_slice()).map_err(|_| bad())?),
            };
            dedupe.push(DedupeExport {
                action_id,
                first: uint(row.get(1)),
                count: uint(row.get(2)),
                digest,
            });
        }
        dedupe.sort();
        tx.commit().await.map_err(pg)?;
        Ok(Some(GameExport {
            record,
            envelopes,
            dedupe,
        }))
    }

    async fn write_new_game(&self, game: &GameExport) -> Result<(), StoreError> {
        let record = &game.record;
        let id = record.id;
        let data = serde_json::to_string(&record.data)
            .map_err(|e| StoreError::Io(format!("encode data: {e}")))?;
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            "INSERT INTO games (id, ruleset, status, version, generation, head_hash, \
             created_at, updated_at, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            &[
                &int(id.0),
                &record.ruleset,
                &i16::from(status_byte(record.status)),
                &int(record.version),
                &int(record.generation),
                &record.head_hash,
                &record.created_at,
                &record.updated_at,
                &data,
            ],
        )
        .await
        .map_err(pg)?;
        let seqs: Vec<i64> = (1..=record.version).map(int).collect();
        tx.execute(
            "INSERT INTO events (game, seq, envelope) \
             SELECT $1, s, e FROM UNNEST($2::bigint[], $3::text[]) AS t(s, e)",
            &[&int(id.0), &seqs, &game.envelopes],
        )
        .await
        .map_err(pg)?;
        for entry in &game.dedupe {
            let digest = entry.digest.as_ref().map(|d| d.as_slice());
            tx.execute(
                "INSERT INTO dedupe (game, action_id, first_seq, count, digest) \
                 VALUES ($1, $2, $3, $4, $5)",
                &[
                    &int(id.0),
                    &entry.action_id.as_bytes(),
                    &int(entry.first),
                    &int(entry.count),
                    &digest,
                ],
            )
            .await
            .map_err(pg)?;
        }
        tx.commit().await.map_err(pg)?;
        Ok(())
    }

    async fn export_docs(&self) -> Result<Vec<DocExport>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT collection, key, revision, value FROM docs ORDER BY collection, key",
                &[],
            )
            .await
            .map_err(pg)?;
        rows.iter()
            .map(|row| {
                let key = String::from_utf8(row.get(1))
                    .map_err(|_| StoreError::Corrupt("document key is not UTF-8".into()))?;
                let value = serde_json::from_str(row.get(3))
                    .map_err(|e| StoreError::Corrupt(format!("document: {e}")))?;
                Ok(DocExport {
                    collection: row.get(0),
                    key,
                    revision: uint(row.get(2)),
                    value,
                })
            })
            .collect()
    }

    async fn import_doc(&self, doc: &DocExport) -> Result<Imported, StoreError> {
        check_doc_key(&doc.collection, &doc.key)?;
        let value = serde_json::to_string(&doc.value)
            .map_err(|e| StoreError::Io(format!("encode document: {e}")))?;
        let client = self.client().await?;
        let inserted = client
            .execute(
                "INSERT INTO docs (collection, key, revision, value) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (collection, key) DO NOTHING",
                &[
                    &doc.collection,
                    &doc.key.as_bytes(),
                    &int(doc.revision),
                    &value,
                ],
            )
            .await
            .map_err(pg)?;
        if inserted == 1 {
            return Ok(Imported::New);
        }
        let same = self.read_doc(&doc.collection, &doc.key).await?
            == Some((doc.revision, doc.value.clone()));
        same_or_refuse(
            same,
            format_args!("document {}/{}", doc.collection, doc.key),
        )
    }

    async fn export_secrets(&self) -> Result<Vec<(String, String)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query("SELECT name, value FROM secrets ORDER BY name", &[])
            .await
            .map_err(pg)?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    async fn import_secret(&self, name: &str, value: &str) -> Result<Imported, StoreError> {
        let client = self.client().await?;
        let inserted = client
            .execute(
                "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                &[&name, &value],
            )
            .await
            .map_err(pg)?;
        if inserted == 1 {
            return Ok(Imported::New);
        }
        let stored: String = client
            .query_one("SELECT value FROM secrets WHERE name = $1", &[&name])
            .await
            .map_err(pg)?
            .get(0);
        same_or_refuse(stored == value, format_args!("secret {name}"))
    }
}
