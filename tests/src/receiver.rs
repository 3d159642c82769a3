//! A webhook receiver for the tests: a tiny HTTP server on 127.0.0.1 that
//! records every request with its Standard Webhooks headers, and checks
//! signatures with the `hmac` crate (not the server's code).

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use hmac::{Hmac, KeyInit, Mac};
use serde_json::Value;
use sha2::Sha256;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// One request the receiver got.
#[derive(Clone, Debug)]
pub struct Hit {
    /// The request's path.
    pub path: String,
    /// Its `webhook-id` header.
    pub id: String,
    /// Its `webhook-timestamp` header.
    pub timestamp: String,
    /// Its `webhook-signature` header.
    pub signature: String,
    /// Its body.
    pub body: String,
}

impl Hit {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).expect("a JSON body")
    }

    /// Whether one of its signatures is the HMAC of `id.timestamp.body`
    /// with `secret`.
    pub fn signed_with(&self, secret: &str) -> bool {
        let key = BASE64
            .decode(secret.strip_prefix("whsec_").expect("whsec_"))
            .expect("base64 key");
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&key).unwrap();
        mac.update(format!("{}.{}.{}", self.id, self.timestamp, self.body).as_bytes());
        let expected = BASE64.encode(mac.finalize().into_bytes());
        self.signature
            .split(' ')
            .any(|s| s.strip_prefix("v1,") == Some(expected.as_str()))
    }
}

/// A tiny HTTP receiver: records every request; `/redirect` answers 302 to
/// `/target`; other paths answer the next scripted status, else 204.
#[derive(Clone)]
pub struct Receiver {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Every request, in arrival order.
    pub hits: Arc<Mutex<Vec<Hit>>>,
    /// The statuses to answer next, in order.
    pub script: Arc<Mutex<VecDeque<u16>>>,
    /// Requests wait for a permit before they are answered (open: plenty).
    pub gate: Arc<tokio::sync::Semaphore>,
    /// How many requests were answered.
    pub answered: Arc<std::sync::atomic::AtomicUsize>,
}

impl Receiver {
    /// Listens on an ephemeral 127.0.0.1 port.
    pub async fn start() -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let receiver = Receiver {
            addr: listener.local_addr().unwrap(),
            hits: Arc::default(),
            script: Arc::default(),
            gate: Arc::new(tokio::sync::Semaphore::new(1 << 20)),
            answered: Arc::default(),
        };
        let state = receiver.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(state.clone().serve(stream));
            }
        });
        receiver
    }

    /// The URL of `path` on it.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// The requests to `path`.
    pub fn hits(&self, path: &str) -> Vec<Hit> {
        let hits = self.hits.lock().unwrap();
        hits.iter().filter(|h| h.path == path).cloned().collect()
    }

    /// Waits until `path` has `n` hits (or 20 s) and returns them.
    pub async fn wait_for(&self, path: &str, n: usize) -> Vec<Hit> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let hits = self.hits(path);
            if hits.len() >= n || Instant::now() > deadline {
                return hits;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn serve(self, mut stream: tokio::net::TcpStream) {
        let mut data = Vec::new();
        let mut buf = [0u8; 4096];
        let head_end = loop {
            let Ok(n) = stream.read(&mut buf).await else {
                return;
            };
            if n == 0 {
                return;
            }
            data.extend_from_slice(&buf[..n]);
            if let Some(at) = data.windows(4).position(|w| w == b"\r\n\r\n") {
                break at + 4;
            }
        };
        let head = String::from_utf8_lossy(&data[..head_end]).to_string();
        let mut lines = head.lines();
        let path = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .unwrap_or_default()
            .to_string();
        let header = |name: &str| {
            head.lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
                })
                .unwrap_or_default()
        };
        let length: usize = header("content-length").parse().unwrap_or(0);
        while data.len() < head_end + length {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => data.extend_from_slice(&buf[..n]),
            }
        }
        let hit = Hit {
            path: path.clone(),
            id: header("webhook-id"),
            timestamp: header("webhook-timestamp"),
            signature: header("webhook-signature"),
            body: String::from_utf8_lossy(&data[head_end..head_end + length]).to_string(),
        };
        self.hits.lock().unwrap().push(hit);
        let (status, extra) = if path == "/redirect" {
            (302, format!("location: http://{}/target\r\n", self.addr))
        } else {
            let next = self.script.lock().unwrap().pop_front();
            (next.unwrap_or(204), String::new())
        };
        let answer =
            format!("HTTP/1.1 {status} X\r\n{extra}content-length: 0\r\nconnection: close\r\n\r\n");
        let Ok(_open) = self.gate.acquire().await else {
            return;
        };
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
        self.answered
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}
