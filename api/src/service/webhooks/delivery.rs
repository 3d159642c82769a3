//! The delivery of the outbox's notifications: one task takes them as they
//! fall due and posts each (at most [`CONCURRENCY`] at once), claimed first
//! so that no two tasks or servers make one attempt twice, signed as
//! Standard Webhooks do, to an address checked then and pinned; its result
//! is recorded, and a failed attempt is retried with a growing wait.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use chrono::Utc;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use store::{EventStore, StoreError};
use tokio::sync::Semaphore;

use super::address::{Refused, parse_url, resolve};
use super::records::{KEEP_ATTEMPTS, Notification, Subscription};
use super::{OUTBOX, encode, parse};
use crate::error::ApiError;
use crate::models::{DeliveryAttempt, DeliveryStatus};
use crate::service::Service;

/// Deliveries under way at once.
const CONCURRENCY: usize = 32;

impl Service {
    /// Delivers the outbox's notifications as they fall due, for ever.
    /// Aborting it aborts the deliveries under way (their claims lapse and
    /// they are made again at the next start).
    pub async fn run_webhooks(self: Arc<Service>) {
        let permits = Arc::new(Semaphore::new(CONCURRENCY));
        let mut under_way = tokio::task::JoinSet::new();
        loop {
            while under_way.try_join_next().is_some() {}
            let now = Utc::now().timestamp_millis();
            let (due, next) = self.webhooks.take_due(now, CONCURRENCY);
            if due.is_empty() {
                let wait = next.map_or(1000, |at| (at - now).clamp(1, 1000)) as u64;
                tokio::select! {
                    () = self.webhooks.wake.notified() => {}
                    () = tokio::time::sleep(Duration::from_millis(wait)) => {}
                }
                continue;
            }
            for key in due {
                let Ok(permit) = permits.clone().acquire_owned().await else {
                    return;
                };
                let service = self.clone();
                under_way.spawn(async move {
                    if let Err(e) = service.deliver(&key).await {
                        tracing::warn!(notification = %key, error = %e, "webhook delivery not recorded");
                        service
                            .webhooks
                            .push(Utc::now() + Duration::from_secs(5), key);
                    }
                    drop(permit);
                });
            }
        }
    }

    /// One attempt at notification `key`, if it is due and this task claims it.
    async fn deliver(&self, key: &str) -> Result<(), ApiError> {
        let Some((revision, value)) = self.store.doc(OUTBOX, key).await? else {
            return self.drop_pending(key).await;
        };
        let mut n: Notification = parse(value, "notification")?;
        if matches!(n.status, DeliveryStatus::Delivered | DeliveryStatus::Failed) {
            return self.drop_pending(key).await;
        }
        let settings = &self.webhooks.settings;
        let now = Utc::now();
        if n.next_at > now {
            self.webhooks.push(n.next_at, key.to_string());
            return Ok(());
        }
        // The claim: whoever writes this revision first makes the attempt.
        n.status = DeliveryStatus::Delivering;
        n.attempt += 1;
        n.next_at = now + settings.timeout + Duration::from_secs(2);
        let revision = match self
            .store
            .put_doc(OUTBOX, key, Some(encode(&n)?), revision)
            .await
        {
            Ok(revision) => revision,
            Err(StoreError::Stale { .. }) => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        let sub = self.subscription(&n.webhook).await?;
        let outcome = match &sub {
            Some(sub) => self.post(sub, &n).await,
            None => Err("the webhook was deleted".to_string()),
        };
        let (status, error) = match outcome {
            Ok(code) => (Some(code), None),
            Err(e) => (None, Some(e)),
        };
        n.attempts.push(DeliveryAttempt {
            attempt: n.attempt,
            at: now,
            status,
            error,
        });
        if n.attempts.len() > KEEP_ATTEMPTS {
            n.attempts.remove(0);
        }
        let delivered = status.is_some_and(|s| (200..300).contains(&s));
        let done = delivered || sub.is_none() || n.attempt >= settings.attempts;
        n.status = match (delivered, done) {
            (true, _) => DeliveryStatus::Delivered,
            (false, true) => DeliveryStatus::Failed,
            (false, false) => DeliveryStatus::Pending,
        };
        n.next_at = Utc::now()
            + if done {
                Duration::ZERO
            } else {
                settings.backoff(n.attempt)
            };
        match self
            .store
            .put_doc(OUTBOX, key, Some(encode(&n)?), revision)
            .await
        {
            Ok(_) => {}
            // Deleted with its subscription meanwhile.
            Err(StoreError::Stale { .. }) => return self.drop_pending(key).await,
            Err(e) => return Err(e.into()),
        }
        if done {
            self.drop_pending(key).await?;
            self.prune(&n.webhook).await?;
        } else {
            self.webhooks.push(n.next_at, key.to_string());
        }
        Ok(())
    }

    /// POSTs a notification to its subscription's URL, signed, to an
    /// address checked now and pinned for the connection; the status
    /// answered, or why there was none.
    async fn post(&self, sub: &Subscription, n: &Notification) -> Result<u16, String> {
        let settings = &self.webhooks.settings;
        let url = parse_url(&sub.url).map_err(Refused::text)?;
        let addrs = resolve(&url, settings.allow_private)
            .await
            .map_err(Refused::text)?;
        let client = self.webhooks.clients.client(settings, &url, &addrs)?;
        let timestamp = Utc::now().timestamp();
        let signature = sign(&sub.secret, &n.id, timestamp, &n.body)?;
        let response = client
            .post(url)
            .header("content-type", "application/json")
            .header("webhook-id", &n.id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", format!("v1,{signature}"))
            .body(n.body.clone())
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    format!("no answer within {} ms", settings.timeout.as_millis())
                } else if e.is_connect() {
                    "could not connect".to_string()
                } else {
                    format!("the request failed: {e}")
                }
            })?;
        Ok(response.status().as_u16())
    }
}

/// The Standard Webhooks signature of a body: base64 of
/// HMAC-SHA256(key, "{id}.{timestamp}.{body}"), the key being the secret
/// after `whsec_`, base64-decoded.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &str) -> Result<String, String> {
    let key = BASE64
        .decode(secret.strip_prefix("whsec_").unwrap_or(secret))
        .map_err(|_| "the webhook's secret is unreadable".to_string())?;
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&key)
        .map_err(|_| "the webhook's secret is unusable".to_string())?;
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    Ok(BASE64.encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_standard_webhooks() {
        // The example of the Standard Webhooks specification.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        let signature = sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body).unwrap();
        assert_eq!(signature, "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }
}
