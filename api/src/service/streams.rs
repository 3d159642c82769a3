//! Event streams: a game's events pushed to the caller as they are appended
//! (Server-Sent Events, or newline-delimited JSON), redacted as `/events`
//! redacts them, with heartbeats, resumable from the last event seen, and a
//! bounded number open at once per client.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use store::GameId;
use tokio::sync::{mpsc, watch};

use super::{Credentials, Service, lock};
use crate::error::ApiError;
use crate::models::EventOut;

/// Events read per page while a stream catches up.
const PAGE: usize = 200;

/// How a stream writes its events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `text/event-stream`: `id`, `event` and `data` lines per event.
    Sse,
    /// `application/x-ndjson`: one JSON event per line.
    NdJson,
}

impl Format {
    fn event(self, e: &EventOut) -> String {
        let json = serde_json::to_string(e).unwrap_or_default();
        match self {
            Format::Sse => {
                let kind = e.event["type"].as_str().unwrap_or("event");
                format!("id: {}\nevent: {kind}\ndata: {json}\n\n", e.seq)
            }
            Format::NdJson => format!("{json}\n"),
        }
    }

    fn heartbeat(self) -> &'static str {
        match self {
            Format::Sse => ": heartbeat\n\n",
            Format::NdJson => "\n",
        }
    }

    fn end(self, version: u64) -> String {
        match self {
            Format::Sse => format!("event: end\ndata: {{\"version\":{version}}}\n\n"),
            Format::NdJson => String::new(),
        }
    }
}

/// How many streams each client holds open.
pub struct StreamSlots {
    cap: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One client's open stream: its slot is given back when dropped.
pub struct Slot {
    slots: Arc<StreamSlots>,
    client: Option<IpAddr>,
}

impl StreamSlots {
    /// At most `cap` streams per client (0: no limit).
    pub fn new(cap: usize) -> Arc<StreamSlots> {
        Arc::new(StreamSlots {
            cap,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A slot for `client`, or a 429 if it holds `cap` streams already.
    pub fn take(self: &Arc<Self>, client: Option<IpAddr>) -> Result<Slot, ApiError> {
        if let Some(ip) = client
            && self.cap > 0
        {
            let mut open = lock(&self.open);
            let n = open.entry(ip).or_default();
            if *n >= self.cap {
                return Err(ApiError::rate_limited(
                    "too_many_streams",
                    format!(
                        "this client holds {} event streams already; close one or retry later",
                        self.cap
                    ),
                    5,
                ));
            }
            *n += 1;
        }
        Ok(Slot {
            slots: Arc::clone(self),
            client,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(ip) = self.client {
            let mut open = lock(&self.slots.open);
            if let Some(n) = open.get_mut(&ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    open.remove(&ip);
                }
            }
        }
    }
}

impl Service {
    /// Streams game `id`'s events after `after` to `out` as the caller may
    /// see them, until the game ends (then an `end` event), the receiver goes
    /// away, or the server stops. Checks the caller first: a refusal is
    /// returned before anything is sent.
    pub async fn check_stream(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
    ) -> Result<(), ApiError> {
        let record = self.record(id).await?;
        let data = crate::stored::GameData::of(&record)?;
        self.caller(credentials, &data, as_seat).await.map(|_| ())
    }

    /// The stream's loop (see [`Service::check_stream`]); `slot` is held
    /// until it ends.
    #[allow(clippy::too_many_arguments)]
    pub async fn stream(
        self: Arc<Self>,
        id: GameId,
        credentials: Credentials,
        as_seat: Option<u8>,
        mut after: u64,
        format: Format,
        out: mpsc::Sender<String>,
        mut stopping: watch::Receiver<bool>,
        _slot: Slot,
    ) {
        let heartbeat = self.settings.stream_heartbeat;
        loop {
            if *stopping.borrow() {
                return;
            }
            let page = tokio::select! {
                page = self.events(id, &credentials, after, PAGE, heartbeat, as_seat) => page,
                _ = stopping.changed() => return,
                _ = out.closed() => return,
            };
            let Ok(page) = page else { return };
            if page.events.is_empty() {
                let over = self
                    .record(id)
                    .await
                    .map(|r| r.status == store::GameStatus::Finished)
                    .unwrap_or(true);
                let chunk = if over {
                    format.end(page.version)
                } else {
                    format.heartbeat().to_string()
                };
                if out.send(chunk).await.is_err() || over {
                    return;
                }
                continue;
            }
            for e in &page.events {
                after = e.seq;
                if out.send(format.event(e)).await.is_err() {
                    return;
                }
            }
        }
    }
}
