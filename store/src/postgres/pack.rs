//! Packing a finished game's log ([`crate::packed`]) on PostgreSQL: its
//! event and dedupe rows become one record, in one transaction that holds
//! the game's row, so no append interleaves.

use std::sync::{Arc, Weak};

use tokio::sync::mpsc;
use tokio_postgres::GenericClient;

use super::reads::{RECORD_COLUMNS, dedupe_rows, record_of};
use super::{Inner, PgStore, int, pg, uint};
use crate::packed::Unpacked;
use crate::packing::{PackJob, ReadLog, left_unpacked, pack_whole};
use crate::shared::status_byte;
use crate::transfer::DedupeExport;
use crate::{GameId, GameRecord, GameStatus, StoreError, packed};

impl PgStore {
    /// Packs game `id`'s log if the game is finished and not packed yet:
    /// `Ok(true)` when it did. Reads answer the same before and after.
    /// Given the game's chain key, the commitments it gives are left out.
    pub async fn pack(&self, id: GameId, chain_key: Option<&[u8; 32]>) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg)?;
        let Some(game) = tx
            .query_opt(
                "SELECT version, head_hash, status FROM games WHERE id = $1 FOR UPDATE",
                &[&int(id.0)],
            )
            .await
            .map_err(pg)?
        else {
            return Ok(false);
        };
        let (version, head_hash): (i64, String) = (game.get(0), game.get(1));
        let finished = i16::from(status_byte(GameStatus::Finished));
        let packed = tx
            .query_opt("SELECT 1 FROM packed_logs WHERE game = $1", &[&int(id.0)])
            .await
            .map_err(pg)?;
        if game.get::<_, i16>(2) != finished || packed.is_some() {
            return Ok(false);
        }
        let texts: Vec<String> = tx
            .query(
                "SELECT envelope FROM events WHERE game = $1 ORDER BY seq",
                &[&int(id.0)],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect();
        // A retry of an action that wrote no event at the log's end comes at
        // the game's version: its dedupe row stays for the append to find.
        let dedupe: Vec<DedupeExport> = dedupe_rows(&*tx, id)
            .await?
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
        tx.execute(
            "INSERT INTO packed_logs (game, upto, hash, log) VALUES ($1, $2, $3, $4)",
            &[&int(id.0), &version, &head_hash, &log],
        )
        .await
        .map_err(pg)?;
        tx.execute("DELETE FROM events WHERE game = $1", &[&int(id.0)])
            .await
            .map_err(pg)?;
        tx.execute(
            "DELETE FROM dedupe WHERE game = $1 AND first_seq <= $2",
            &[&int(id.0), &version],
        )
        .await
        .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
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
