//! The sync of the limits' takes with the other servers of a shared store
//! (see [`crate::takes`]).

use std::sync::Arc;
use std::time::Duration;

use store::TakesCursor;

use super::Service;
use crate::limits::Limits;
use crate::takes::Taken;

impl Service {
    /// Every `every`: writes this server's takes since the last sync to the
    /// store, reads the other servers' and charges them to `limits` and the
    /// seat quotas. Returns at once when the store is not shared.
    pub async fn run_limits_sync(self: Arc<Self>, limits: Arc<Limits>, every: Duration) {
        if !self.takes.shared() {
            return;
        }
        let server = rand::random::<i64>();
        let mut cursor = TakesCursor::default();
        loop {
            tokio::time::sleep(every).await;
            self.sync_takes(&limits, server, &mut cursor).await;
        }
    }

    /// One sync (see [`Self::run_limits_sync`]).
    async fn sync_takes(&self, limits: &Limits, server: i64, cursor: &mut TakesCursor) {
        let mine = self.takes.take_pending();
        let theirs = match self.store.share_takes(server, &mine, cursor).await {
            Ok(theirs) => theirs,
            Err(e) => {
                tracing::warn!(error = %e, "the limits' takes were not shared; retried at the next sync");
                self.takes.put_back(mine);
                return;
            }
        };
        for (key, n) in theirs {
            match Taken::parse(&key) {
                Some(Taken::Seat(quota, game, seat)) => {
                    let quota = [&self.orders_quota, &self.chat_quota, &self.analysis_quota]
                        .into_iter()
                        .find(|q| q.name() == quota);
                    if let Some(quota) = quota {
                        quota.charge(game, seat, n);
                    }
                }
                Some(taken) => limits.charge(taken, n),
                None => tracing::debug!(key, "a take of a limit this server does not know"),
            }
        }
    }
}
