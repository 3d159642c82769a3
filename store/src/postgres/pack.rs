//! Packing a finished game's log ([`crate::packed`]) on PostgreSQL: its
//! event and dedupe rows become one record, written in one transaction
//! that holds the game's row, on the condition that the game is still at
//! the head it was read at, so no append interleaves.

use std::sync::{Arc, Weak};

use tokio::sync::mpsc;
use tokio_postgres::{GenericClient, Row};

use super::pipeline::{self, Step};
use super::reads::{DEDUPE_ROWS, RECORD_COLUMNS, dedupe_of, record_of};
use super::{Inner, PgStore, int, pg, uint};
use crate::packed::Unpacked;
use crate::packing::{PackJob, ReadLog, left_unpacked, pack_whole};
use crate::shared::status_byte;
use crate::transfer::DedupeExport;
use crate::{GameId, GameRecord, GameStatus, StoreError, packed};

/// A repeatable-read, read-only transaction: the packing's reads in one
/// snapshot.
const SNAPSHOT: &str = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY";

/// Game `$1`'s head, status and whether it has a packed log.
const HEAD: &str = "SELECT version, head_hash, status, \
     EXISTS (SELECT 1 FROM packed_logs WHERE game = $1) FROM games WHERE id = $1";

/// Game `$1`'s envelopes, in order.
const EVENTS: &str = "SELECT envelope FROM events WHERE game = $1 ORDER BY seq";

/// Game `$1`'s packed log `$4` up to `$2` (hash `$3`), if the game is still
/// there with status `$5` (finished) and has none yet; its row is held
/// until the commit. Answers a row when written.
const INSERT_PACKED: &str = "INSERT INTO packed_logs (game, upto, hash, log) \
     SELECT id, version, head_hash, $4 FROM games \
     WHERE id = $1 AND version = $2 AND head_hash = $3 AND status = $5 FOR SHARE \
     ON CONFLICT (game) DO NOTHING RETURNING game";

/// The rows a packed log of game `$1` up to `$2` (hash `$3`) replaces,
/// deleted once it is there.
const DELETE_EVENTS: &str = "DELETE FROM events WHERE game = $1 AND seq <= $2 \
     AND EXISTS (SELECT 1 FROM packed_logs WHERE game = $1 AND upto = $2 AND hash = $3)";
const DELETE_DEDUPE: &str = "DELETE FROM dedupe WHERE game = $1 AND first_seq <= $2 \
     AND EXISTS (SELECT 1 FROM packed_logs WHERE game = $1 AND upto = $2 AND hash = $3)";

impl PgStore {
    /// Packs game `id`'s log if the game is finished and not packed yet:
    /// `Ok(true)` when it did. Reads answer the same before and after.
    /// Given the game's chain key, the commitments it gives are left out.
    ///
    /// Two round trips, no lock held between them: the game read in one
    /// snapshot, then (once packed, off the runtime's threads) the packed
    /// log written and the rows it replaces deleted in one transaction, on
    /// the condition that the game is still finished at the head it was
    /// packed at and nobody packed it meanwhile.
    pub async fn pack(&self, id: GameId, chain_key: Option<&[u8; 32]>) -> Result<bool, StoreError> {
        let game = int(id.0);
        let read = {
            let client = self.client().await?;
            let head = client.prepare_cached(HEAD).await.map_err(pg)?;
            let events = client.prepare_cached(EVENTS).await.map_err(pg)?;
            let dedupe = client.prepare_cached(DEDUPE_ROWS).await.map_err(pg)?;
            let steps: [Step<'_>; 3] = [
                (&head, vec![&game]),
                (&events, vec![&game]),
                (&dedupe, vec![&game]),
            ];
            pipeline::transaction(&client, SNAPSHOT, &steps)
                .await
                .map_err(pg)?
        };
        let [heads, events, dedupe] = <[Vec<Row>; 3]>::try_from(read)
            .map_err(|_| StoreError::Io("a packing read answered oddly".into()))?;
        let Some(head) = heads.first() else {
            return Ok(false);
        };
        let (version, head_hash): (i64, String) = (head.get(0), head.get(1));
        let finished = i16::from(status_byte(GameStatus::Finished));
        if head.get::<_, i16>(2) != finished || head.get::<_, bool>(3) {
            return Ok(false);
        }
        let texts: Vec<String> = events.iter().map(|row| row.get(0)).collect();
        // A retry of an action that wrote no event at the log's end comes at
        // the game's version: its dedupe row stays for the append to find.
        let dedupe: Vec<DedupeExport> = dedupe_of(id, &dedupe)?
            .into_iter()
            .filter(|d| d.first <= uint(version))
            .collect();
        // Packing is work for a core, not for the threads serving requests.
        let head = head_hash.clone();
        let chain_key = chain_key.copied();
        let log = tokio::task::spawn_blocking(move || {
            let envelopes = packed::parse(&texts)?;
            let head = (uint(version), head.as_str());
            pack_whole(id, &envelopes, &dedupe, chain_key.as_ref(), head)
        })
        .await
        .map_err(|e| StoreError::Io(format!("a packing failed: {e}")))??;
        let client = self.client().await?;
        let insert = client.prepare_cached(INSERT_PACKED).await.map_err(pg)?;
        let delete_events = client.prepare_cached(DELETE_EVENTS).await.map_err(pg)?;
        let delete_dedupe = client.prepare_cached(DELETE_DEDUPE).await.map_err(pg)?;
        let steps: [Step<'_>; 3] = [
            (&insert, vec![&game, &version, &head_hash, &log, &finished]),
            (&delete_events, vec![&game, &version, &head_hash]),
            (&delete_dedupe, vec![&game, &version, &head_hash]),
        ];
        let written = pipeline::transaction(&client, "BEGIN", &steps)
            .await
            .map_err(pg)?;
        Ok(written.first().is_some_and(|rows| !rows.is_empty()))
    }

    /// Game `id`'s packed log if it runs past seq `after`, from memory or
    /// read with `client` (and kept).
    pub(crate) async fn packed_log<C: GenericClient>(
        &self,
        client: &C,
        id: GameId,
        after: u64,
    ) -> Result<Option<Arc<Unpacked>>, StoreError> {
        // A read of no envelope never takes the log whole: it is kept.
        Ok(self
            .packed_read(client, id, after, 0)
            .await?
            .map(ReadLog::into_shared))
    }

    /// Game `id`'s packed log if it runs past seq `after`, for a read of at
    /// most `limit` envelopes after `after`: from memory, or read with
    /// `client` and kept unless the read takes it whole
    /// ([`crate::packing::PackCaches::for_read`]).
    pub(crate) async fn packed_read<C: GenericClient>(
        &self,
        client: &C,
        id: GameId,
        after: u64,
        limit: usize,
    ) -> Result<Option<ReadLog>, StoreError> {
        if let Some(log) = self.inner.packs.unpacked(id) {
            return Ok((log.envelopes.len() as u64 > after).then_some(ReadLog::Kept(log)));
        }
        let Some(log) = super::reads::packed_after(client, id, after, true).await? else {
            return Ok(None);
        };
        Ok(Some(self.inner.packs.for_read(id, log, after, limit)))
    }

    /// Packs every finished game not packed yet (those that finished
    /// before packing existed, or whose packing a crash cut short), each
    /// with the chain key `key_of` finds in its record, if any: how many it
    /// packed.
    pub async fn pack_finished(
        &self,
        key_of: impl Fn(&GameRecord) -> Option<[u8; 32]>,
    ) -> Result<u64, StoreError> {
        let finished = i16::from(status_byte(GameStatus::Finished));
        let records = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {RECORD_COLUMNS} FROM games WHERE status = $1 \
                     AND NOT EXISTS (SELECT 1 FROM packed_logs WHERE game = games.id)"
                ),
                &[&finished],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(record_of)
            .collect::<Result<Vec<_>, _>>()?;
        let mut packed = 0;
        for record in records {
            let key = key_of(&record);
            packed += u64::from(self.pack(record.id, key.as_ref()).await?);
        }
        Ok(packed)
    }

    /// Queues game `id` for the packer task (after the append that finished
    /// it), without waiting; a failure leaves its rows as they were, and is
    /// logged.
    pub(crate) fn pack_later(&self, id: GameId, chain_key: Option<[u8; 32]>) {
        if self.inner.packer.try_send((id, chain_key)).is_err() {
            left_unpacked(id);
        }
    }
}

/// Starts the task that packs the games [`PgStore::pack_later`] queues in
/// `jobs`, one at a time; it stops with the store (it holds the store only
/// while it packs).
pub(super) fn start_packer(store: Weak<Inner>, mut jobs: mpsc::Receiver<PackJob>) {
    tokio::spawn(async move {
        while let Some((id, chain_key)) = jobs.recv().await {
            let Some(inner) = store.upgrade() else {
                return;
            };
            if let Err(e) = (PgStore { inner }).pack(id, chain_key.as_ref()).await {
                tracing::warn!(game = %id, error = %e, "packing a finished game's log failed");
            }
        }
    });
}
