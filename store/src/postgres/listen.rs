//! The changes of a shared PostgreSQL store: every write sends a notification
//! on [`CHANNEL`] in its own transaction (delivered when, and only if, it
//! commits); each [`super::PgStore`] keeps ONE connection that listens to it
//! and feeds a broadcast channel of [`Change`]s.
//!
//! Payloads: `g <game id> <version>` for a game's creation or append, and
//! `d <collection> <key>` for a document's write or delete (split at the first
//! two spaces only: a key may hold spaces), or `r` ([`Change::Resync`]) for a
//! document whose key holds a NUL byte (which a notification cannot carry).

use std::future::poll_fn;
use std::time::Duration;

use tokio::sync::{broadcast, oneshot};
use tokio_postgres::AsyncMessage;

use super::tls::Connector;

use crate::{Change, GameId, StoreError};

/// The notification channel of the store's writes.
pub(crate) const CHANNEL: &str = "bang_changes";

/// The payload told for a game created or appended to.
pub(crate) fn game_payload(id: GameId, version: u64) -> String {
    format!("g {id} {version}")
}

/// The payload told for a document written or deleted. A notification
/// cannot carry a NUL byte: a write to a key (or collection) holding one is
/// told as `r`, a [`Change::Resync`].
pub(crate) fn doc_payload(collection: &str, key: &str) -> String {
    if collection.contains('\0') || key.contains('\0') {
        return "r".into();
    }
    format!("d {collection} {key}")
}

/// The change a payload tells, if it is one.
pub(crate) fn parse(payload: &str) -> Option<Change> {
    if payload == "r" {
        return Some(Change::Resync);
    }
    let mut parts = payload.splitn(3, ' ');
    let (kind, a, b) = (parts.next()?, parts.next()?, parts.next()?);
    match kind {
        "g" => Some(Change::Game {
            id: a.parse().ok()?,
            version: b.parse().ok()?,
        }),
        "d" => Some(Change::Doc {
            collection: a.to_owned(),
            key: b.to_owned(),
        }),
        _ => None,
    }
}

/// The longest wait between two attempts to reconnect the listener.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Runs the listener of one store: connects, listens, forwards each
/// notification to `sender`; when the connection drops, reconnects with
/// backoff and sends [`Change::Resync`] once it listens again. `ready` is
/// answered when it first listens (or fails to connect the first time: the
/// listener then stops).
pub(crate) async fn run(
    config: tokio_postgres::Config,
    tls: Connector,
    sender: broadcast::Sender<Change>,
    ready: oneshot::Sender<Result<(), StoreError>>,
) {
    let mut ready = Some(ready);
    let mut backoff = Duration::from_millis(50);
    let mut listened_before = false;
    loop {
        match config.connect(tls.clone()).await {
            Ok((client, mut connection)) => {
                let sql = format!("LISTEN {CHANNEL}");
                let listen = client.batch_execute(&sql);
                tokio::pin!(listen);
                let mut listening = false;
                loop {
                    tokio::select! {
                        done = &mut listen, if !listening => {
                            if done.is_err() {
                                break;
                            }
                            listening = true;
                            backoff = Duration::from_millis(50);
                            if let Some(ready) = ready.take() {
                                let _ = ready.send(Ok(()));
                            }
                            if listened_before {
                                let _ = sender.send(Change::Resync);
                            }
                            listened_before = true;
                        }
                        message = poll_fn(|cx| connection.poll_message(cx)) => match message {
                            Some(Ok(AsyncMessage::Notification(n))) => {
                                if let Some(change) = parse(n.payload()) {
                                    let _ = sender.send(change);
                                }
                            }
                            Some(Ok(_)) => {}
                            Some(Err(_)) | None => break,
                        }
                    }
                }
            }
            Err(e) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Err(StoreError::Io(format!("listen for changes: {e}"))));
                    return;
                }
            }
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_round_trip() {
        let id = GameId(0xfedc_ba98_7654_3210);
        assert_eq!(
            parse(&game_payload(id, 7)),
            Some(Change::Game { id, version: 7 })
        );
        assert_eq!(
            parse(&doc_payload("accounts", "a key with spaces")),
            Some(Change::Doc {
                collection: "accounts".into(),
                key: "a key with spaces".into()
            })
        );
        assert_eq!(parse(&doc_payload("a", "x\0y")), Some(Change::Resync));
        assert_eq!(parse("x 1 2"), None);
        assert_eq!(parse("g nothex 2"), None);
        assert_eq!(parse("g"), None);
    }
}
