//! The changes of a shared PostgreSQL store: every committed write is told
//! on [`CHANNEL`] (by [`super::notify`], after its commit); each
//! [`super::PgStore`] keeps ONE connection that listens to it and feeds a
//! broadcast channel of [`Change`]s.
//!
//! Payloads: `g <game id> <version>` for a game's creation or append, and
//! `d <collection> <key>` for a document's write or delete (split at the first
//! two spaces only: a key may hold spaces), or `r` ([`Change::Resync`]) for a
//! document whose key holds a NUL byte (which a notification cannot carry).
//! The notifier packs many payloads into one notification ([`pack`]): `p`,
//! then each payload on a line of its own.

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

/// What starts a notification packing several payloads, one a line.
const PACKED: &str = "p\n";

/// The longest notification PostgreSQL carries (it refuses 8,000 bytes).
const MAX_NOTIFICATION: usize = 7_999;

/// `payloads` as notifications, in order: as many as fit go in one
/// ([`PACKED`], then one a line), so that a listener is woken and a queue
/// entry written once for hundreds of changes rather than for each. A
/// payload holding a line break is sent alone, as it is; one too long for
/// any notification is told as `r` ([`Change::Resync`]).
pub(crate) fn pack(payloads: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut packed = String::new();
    for payload in payloads {
        let alone = if payload.len() > MAX_NOTIFICATION {
            Some("r".to_owned())
        } else if payload.contains('\n') {
            Some(payload.clone())
        } else {
            None
        };
        let full = packed.len() + 1 + payload.len() > MAX_NOTIFICATION;
        if !packed.is_empty() && (alone.is_some() || full) {
            out.push(std::mem::take(&mut packed));
        }
        match alone {
            Some(notification) => out.push(notification),
            None => {
                packed.push_str(if packed.is_empty() { PACKED } else { "\n" });
                packed.push_str(payload);
            }
        }
    }
    if !packed.is_empty() {
        out.push(packed);
    }
    out
}

/// The changes a notification tells, packed ([`pack`]) or alone.
pub(crate) fn parse_all(notification: &str) -> impl Iterator<Item = Change> + '_ {
    let (packed, alone) = match notification.strip_prefix(PACKED) {
        Some(lines) => (Some(lines), None),
        None => (None, Some(notification)),
    };
    packed
        .into_iter()
        .flat_map(|lines| lines.split('\n'))
        .chain(alone)
        .filter_map(parse)
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
                                for change in parse_all(n.payload()) {
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

    #[test]
    fn packed_payloads_fit_notifications_and_unpack_in_order() {
        let mut payloads: Vec<String> = (0..1000)
            .map(|v| game_payload(GameId(0xfedc_ba98_7654_3210), v))
            .collect();
        payloads.insert(10, doc_payload("notes", "two\nlines"));
        payloads.insert(500, doc_payload("notes", &"k".repeat(MAX_NOTIFICATION)));
        let notifications = pack(&payloads);
        assert!(
            notifications.len() < 10,
            "{} notifications",
            notifications.len()
        );
        assert!(notifications.iter().all(|n| n.len() <= MAX_NOTIFICATION));
        let told: Vec<Change> = notifications.iter().flat_map(|n| parse_all(n)).collect();
        let mut expected: Vec<Change> = payloads.iter().filter_map(|p| parse(p)).collect();
        expected[500] = Change::Resync;
        assert_eq!(told, expected);
    }
}
