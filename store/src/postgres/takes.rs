//! The rate limits' takes shared between servers ([`crate::takes`]): an
//! append-only table, numbered, read by each server past its cursor.

use tokio_postgres::types::ToSql;

use super::PgStore;
use crate::takes::{TAKES_KEPT_SECONDS, TAKES_SETTLE_SECONDS, TakesCursor};
use crate::{StoreError, postgres::pg};

/// How often (in calls) a server asks the store to forget old takes.
const FORGET_EVERY: u64 = 120;

impl PgStore {
    /// Writes `mine` (limit key, tokens taken) as `server`'s takes, and
    /// returns the takes the other servers wrote since `cursor`, summed by key.
    pub(crate) async fn share_takes(
        &self,
        server: i64,
        mine: &[(String, u32)],
        cursor: &mut TakesCursor,
    ) -> Result<Vec<(String, u32)>, StoreError> {
        let client = self.client().await?;
        if !mine.is_empty() {
            let keys: Vec<&str> = mine.iter().map(|(k, _)| k.as_str()).collect();
            let counts: Vec<i32> = mine
                .iter()
                .map(|&(_, n)| i32::try_from(n).unwrap_or(i32::MAX))
                .collect();
            let params: [&(dyn ToSql + Sync); 3] = [&server, &keys, &counts];
            client
                .execute(
                    "INSERT INTO takes (server, key, n) \
                     SELECT $1, k, n FROM UNNEST($2::TEXT[], $3::INT[]) AS t(k, n)",
                    &params,
                )
                .await
                .map_err(pg)?;
        }
        let settle = f64::from(TAKES_SETTLE_SECONDS);
        let rows = client
            .query(
                "SELECT seq, key, n, at < now() - make_interval(secs => $3) FROM takes \
                 WHERE seq > $1 AND server <> $2 ORDER BY seq",
                &[&cursor.settled, &server, &settle],
            )
            .await
            .map_err(pg)?;
        let mut theirs: std::collections::HashMap<String, u32> = Default::default();
        let mut settled = cursor.settled;
        let mut contiguous = true;
        for row in rows {
            let seq: i64 = row.get(0);
            let old: bool = row.get(3);
            if contiguous && old {
                settled = seq;
            } else {
                contiguous = false;
            }
            if cursor.read.insert(seq) {
                let n: i32 = row.get(2);
                *theirs.entry(row.get(1)).or_default() += n.max(0) as u32;
            }
        }
        cursor.settled = settled;
        cursor.read = cursor.read.split_off(&(settled + 1));
        cursor.calls += 1;
        if cursor.calls % FORGET_EVERY == 1 {
            let kept = f64::from(TAKES_KEPT_SECONDS);
            client
                .execute(
                    "DELETE FROM takes WHERE at < now() - make_interval(secs => $1)",
                    &[&kept],
                )
                .await
                .map_err(pg)?;
        }
        Ok(theirs.into_iter().collect())
    }
}
