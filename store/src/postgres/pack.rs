//! Packing a finished game's log ([`crate::packed`]) on PostgreSQL: its
//! event and dedupe rows become one record, in one transaction that holds
//! the game's row, so no append interleaves.

use super::reads::{dedupe_rows, packed_in};
use super::{PgStore, int, pg, uint};
use crate::shared::{decode_envelope, status_byte};
use crate::{GameId, GameStatus, StoreError, packed};

impl PgStore {
    /// Packs game `id`'s log if the game is finished and not packed yet:
    /// `Ok(true)` when it did. Reads answer the same before and after.
    pub async fn pack(&self, id: GameId) -> Result<bool, StoreError> {
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
        if game.get::<_, i16>(2) != finished || packed_in(&*tx, id, false).await?.is_some() {
            return Ok(false);
        }
        let envelopes = tx
            .query(
                "SELECT envelope FROM events WHERE game = $1 ORDER BY seq",
                &[&int(id.0)],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(|row| decode_envelope(row.get::<_, &str>(0).as_bytes()))
            .collect::<Result<Vec<_>, _>>()?;
        let dedupe = dedupe_rows(&*tx, id).await?;
        let log = packed::pack(&envelopes, &dedupe)?;
        // Refuse to pack what would not read back: a log that does not end
        // at the game's head, or is not the whole of it.
        let unpacked = packed::unpack(&log, &head_hash)?;
        if unpacked.envelopes.len() as u64 != uint(version) {
            return Err(StoreError::Corrupt(format!(
                "game {id}: {} envelopes for version {version}",
                unpacked.envelopes.len()
            )));
        }
        tx.execute(
            "INSERT INTO packed_logs (game, upto, hash, log) VALUES ($1, $2, $3, $4)",
            &[&int(id.0), &version, &head_hash, &log],
        )
        .await
        .map_err(pg)?;
        tx.execute("DELETE FROM events WHERE game = $1", &[&int(id.0)])
            .await
            .map_err(pg)?;
        tx.execute("DELETE FROM dedupe WHERE game = $1", &[&int(id.0)])
            .await
            .map_err(pg)?;
        tx.commit().await.map_err(pg)?;
        Ok(true)
    }

    /// Packs every finished game not packed yet (those that finished
    /// before packing existed, or whose packing a crash cut short): how many
    /// it packed.
    pub async fn pack_finished(&self) -> Result<u64, StoreError> {
        let finished = i16::from(status_byte(GameStatus::Finished));
        let ids: Vec<GameId> = self
            .client()
            .await?
            .query(
                "SELECT id FROM games WHERE status = $1 \
                 AND NOT EXISTS (SELECT 1 FROM packed_logs WHERE game = games.id)",
                &[&finished],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(|row| GameId(uint(row.get(0))))
            .collect();
        let mut packed = 0;
        for id in ids {
            packed += u64::from(self.pack(id).await?);
        }
        Ok(packed)
    }

    /// Packs game `id` in the background (after the append that finished
    /// it); a failure leaves its rows as they were, and is logged.
    pub(crate) fn pack_later(&self, id: GameId) {
        let store = self.clone();
        tokio::spawn(async move {
            if let Err(e) = store.pack(id).await {
                tracing::warn!(game = %id, error = %e, "packing a finished game's log failed");
            }
        });
    }
}
