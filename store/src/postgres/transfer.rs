//! Copying a store ([`crate::transfer`]) from and to PostgreSQL: a game is
//! imported in one transaction (record, envelopes, dedupe entries), without
//! notifications (import only into a database no server is using).

use super::reads::{dedupe_rows, packed_in, record_in, snapshot};
use super::{PgStore, int, pg, uint};
use crate::packed;
use crate::shared::check_doc_key;
use crate::shared::status_byte;
use crate::transfer::{DedupeExport, DocExport, GameExport, Imported, Transfer, same_or_refuse};
use crate::{GameId, GameStatus, StoreError};

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
        let tx = snapshot(&mut client).await?;
        let Some(record) = record_in(&*tx, id).await? else {
            return Ok(None);
        };
        let packed = packed_in(&*tx, id, true).await?;
        let mut envelopes: Vec<String> = match &packed {
            Some(p) => p
                .envelopes
                .iter()
                .map(packed::text)
                .collect::<Result<_, _>>()?,
            None => Vec::new(),
        };
        let rows: Vec<String> = tx
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
        envelopes.extend(rows);
        let mut dedupe = packed.map(|p| p.dedupe).unwrap_or_default();
        dedupe.extend(dedupe_rows(&*tx, id).await?);
        dedupe.sort();
        tx.commit().await.map_err(pg)?;
        Ok(Some(GameExport {
            record,
            envelopes,
            dedupe,
            chain_key: None,
        }))
    }

    async fn write_new_game(&self, game: &GameExport) -> Result<(), StoreError> {
        self.write_bulk(std::slice::from_ref(game), &[]).await
    }

    async fn write_bulk(&self, games: &[GameExport], docs: &[DocExport]) -> Result<(), StoreError> {
        let encode = |value: &serde_json::Value| {
            serde_json::to_string(value).map_err(|e| StoreError::Io(format!("encode: {e}")))
        };
        let mut g = GameColumns::default();
        let mut e = EventColumns::default();
        let mut d = DedupeColumns::default();
        let mut p = PackedColumns::default();
        let mut tail: Vec<(i64, DedupeExport)> = Vec::new();
        for game in games {
            let record = &game.record;
            let id = int(record.id.0);
            g.id.push(id);
            g.ruleset.push(record.ruleset.as_str());
            g.status.push(i16::from(status_byte(record.status)));
            g.version.push(int(record.version));
            g.generation.push(int(record.generation));
            g.head_hash.push(record.head_hash.as_str());
            g.created_at.push(record.created_at);
            g.updated_at.push(record.updated_at);
            g.data.push(encode(&record.data)?);
            if record.status == GameStatus::Finished {
                // A finished game is written packed: one record, not a row
                // per envelope and per action.
                // As a packing would: an action that wrote no event at the
                // end keeps its dedupe row (see `PgStore::pack`).
                let packed = self.inner.packs.pack_game(game)?;
                p.game.push(id);
                p.upto.push(int(packed.upto));
                p.hash.push(packed.hash);
                p.log.push(packed.log);
                tail.extend(packed.tail.into_iter().map(|d| (id, d)));
                continue;
            }
            for (seq, envelope) in (1..).zip(&game.envelopes) {
                e.game.push(id);
                e.seq.push(seq);
                e.envelope.push(envelope.as_str());
            }
            for entry in &game.dedupe {
                d.game.push(id);
                d.action_id.push(entry.action_id.as_bytes());
                d.first.push(int(entry.first));
                d.count.push(int(entry.count));
                d.digest.push(entry.digest.as_ref().map(|x| x.as_slice()));
            }
        }
        for (id, entry) in &tail {
            d.game.push(*id);
            d.action_id.push(entry.action_id.as_bytes());
            d.first.push(int(entry.first));
            d.count.push(int(entry.count));
            d.digest.push(entry.digest.as_ref().map(|x| x.as_slice()));
        }
        let mut c = DocColumns::default();
        for doc in docs {
            check_doc_key(&doc.collection, &doc.key)?;
            c.collection.push(doc.collection.as_str());
            c.key.push(doc.key.as_bytes());
            c.revision.push(int(doc.revision));
            c.value.push(encode(&doc.value)?);
        }
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute(
            "INSERT INTO games (id, ruleset, status, version, generation, head_hash, \
             created_at, updated_at, data) SELECT * FROM UNNEST($1::bigint[], $2::text[], \
             $3::smallint[], $4::bigint[], $5::bigint[], $6::text[], $7::timestamptz[], \
             $8::timestamptz[], $9::text[])",
            &[
                &g.id,
                &g.ruleset,
                &g.status,
                &g.version,
                &g.generation,
                &g.head_hash,
                &g.created_at,
                &g.updated_at,
                &g.data,
            ],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "INSERT INTO events (game, seq, envelope) \
             SELECT * FROM UNNEST($1::bigint[], $2::bigint[], $3::text[])",
            &[&e.game, &e.seq, &e.envelope],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "INSERT INTO dedupe (game, action_id, first_seq, count, digest) \
             SELECT * FROM UNNEST($1::bigint[], $2::bytea[], $3::bigint[], $4::bigint[], $5::bytea[])",
            &[&d.game, &d.action_id, &d.first, &d.count, &d.digest],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "INSERT INTO packed_logs (game, upto, hash, log) \
             SELECT * FROM UNNEST($1::bigint[], $2::bigint[], $3::text[], $4::bytea[])",
            &[&p.game, &p.upto, &p.hash, &p.log],
        )
        .await
        .map_err(pg)?;
        tx.execute(
            "INSERT INTO docs (collection, key, revision, value) \
             SELECT * FROM UNNEST($1::text[], $2::bytea[], $3::bigint[], $4::text[])",
            &[&c.collection, &c.key, &c.revision, &c.value],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)
    }

    async fn export_docs_after(
        &self,
        after: Option<(&str, &str)>,
        limit: usize,
    ) -> Result<Vec<DocExport>, StoreError> {
        let client = self.client().await?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = match after {
            Some((collection, key)) => client
                .query(
                    "SELECT collection, key, revision, value FROM docs \
                     WHERE (collection, key) > ($1, $2) ORDER BY collection, key LIMIT $3",
                    &[&collection, &key.as_bytes(), &limit],
                )
                .await
                .map_err(pg)?,
            None => client
                .query(
                    "SELECT collection, key, revision, value FROM docs \
                     ORDER BY collection, key LIMIT $1",
                    &[&limit],
                )
                .await
                .map_err(pg)?,
        };
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

/// The columns of the games a bulk load writes, one array each.
#[derive(Default)]
struct GameColumns<'a> {
    id: Vec<i64>,
    ruleset: Vec<&'a str>,
    status: Vec<i16>,
    version: Vec<i64>,
    generation: Vec<i64>,
    head_hash: Vec<&'a str>,
    created_at: Vec<chrono::DateTime<chrono::Utc>>,
    updated_at: Vec<chrono::DateTime<chrono::Utc>>,
    data: Vec<String>,
}

/// The columns of the envelopes a bulk load writes.
#[derive(Default)]
struct EventColumns<'a> {
    game: Vec<i64>,
    seq: Vec<i64>,
    envelope: Vec<&'a str>,
}

/// The columns of the dedupe entries a bulk load writes.
#[derive(Default)]
struct DedupeColumns<'a> {
    game: Vec<i64>,
    action_id: Vec<&'a [u8]>,
    first: Vec<i64>,
    count: Vec<i64>,
    digest: Vec<Option<&'a [u8]>>,
}

/// The columns of the packed logs a bulk load writes.
#[derive(Default)]
struct PackedColumns {
    game: Vec<i64>,
    upto: Vec<i64>,
    hash: Vec<String>,
    log: Vec<Vec<u8>>,
}

/// The columns of the documents a bulk load writes.
#[derive(Default)]
struct DocColumns<'a> {
    collection: Vec<&'a str>,
    key: Vec<&'a [u8]>,
    revision: Vec<i64>,
    value: Vec<String>,
}
