//! Limits that keep one client from holding or flooding the server.
//!
//! * **Connections per client.** Every accepted connection is counted under
//!   its client's address ([`Connections`], fed by actix's `on_connect`). A
//!   request on a connection past the client's cap is a 429
//!   (`too_many_connections`) and the connection is closed.
//! * **Request rates.** Token buckets per client address, per bearer token,
//!   and a much stricter one per client address for creating games and
//!   player accounts (`POST /v1/games`, forks, `POST /v1/players`: a game
//!   makes the server play a whole game of bots). Past one: 429
//!   `rate_limited` with `Retry-After` in seconds. Only what was made counts
//!   against the creations' bucket: a creation answered with anything but a
//!   201 gives its token back.
//! * **Slow bodies.** A request's body must arrive within the body timeout,
//!   counted from its head; the payload stream is wrapped with a deadline, and
//!   a body that misses it is a 408 (`request_timeout`), connection closed.
//!
//! On a store shared by several servers, the rates and the creations are
//! counted once for all of them ([`crate::takes`]).
//!
//! A client is an IP address; an IPv6 client is its /64 (one host's usual
//! share). The worker key passes every limit here: bot workers are the
//! server's own (and the embedded one shares 127.0.0.1 with local clients).
//! `/healthz` and `/metrics` are not rate limited.
//!
//! * **Stopping.** When the server stops, requests that wait (long-polls,
//!   `wait` > 0) end at once with a 503 (`shutting_down`, `Retry-After: 1`)
//!   instead of holding the stop for up to a minute ([`Stopping`]).
//!
//! Actix itself bounds the rest: the time to send a request's head, idle
//! keep-alive connections and the total of connections (see [`crate::start`]).

use std::any::Any;
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroUsize;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Extensions, Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use actix_web::http::header::{HeaderValue, RETRY_AFTER};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpMessage, HttpRequest, HttpResponse};
use futures_core::Stream;
use lru::LruCache;

use crate::auth;
use crate::config::Config;
use crate::error::Problem;
use crate::metrics::{self, Rejection};
use crate::takes::{Taken, Takes, TokenKey, token_key};

/// How many clients (and tokens) the rate limiter remembers; the least
/// recently seen is forgotten first (which only refills its bucket).
const REMEMBERED: usize = 65_536;

/// A problem+json response (RFC 9457) for a limit, with the stable `code`.
pub fn problem(
    status: StatusCode,
    code: &str,
    title: &str,
    detail: impl Into<String>,
) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("application/problem+json")
        .json(Problem {
            kind: format!("/problems/{code}"),
            title: title.to_string(),
            status: status.as_u16(),
            detail: detail.into(),
            code: code.to_string(),
            current_version: None,
        })
}

/// A 429 with `Retry-After: seconds` (at least 1).
fn too_many(code: &str, detail: String, retry_after: Duration) -> HttpResponse {
    let seconds = retry_after.as_secs_f64().ceil().max(1.0) as u64;
    let mut resp = problem(
        StatusCode::TOO_MANY_REQUESTS,
        code,
        "Too many requests",
        format!("{detail}; retry in {seconds} s"),
    );
    resp.headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from(seconds));
    resp
}

/// What a 408 of a slow body says, for a timeout of `millis`.
pub(crate) fn body_timeout_detail(millis: impl std::fmt::Display) -> String {
    format!("the request body did not arrive within {millis} ms")
}

/// What a 413 says, for a body limit of `bytes`.
pub(crate) fn too_large_detail(bytes: impl std::fmt::Display) -> String {
    format!("the body is over {bytes} bytes")
}

/// The 408 of a body that did not arrive in time; its connection is closed.
pub fn body_timeout_response(timeout: Duration) -> HttpResponse {
    let mut resp = problem(
        StatusCode::REQUEST_TIMEOUT,
        "request_timeout",
        "Request timeout",
        body_timeout_detail(timeout.as_millis()),
    );
    resp.head_mut()
        .set_connection_type(actix_web::http::ConnectionType::Close);
    resp
}

/// The client a rate or connection limit counts under: its IP address, an
/// IPv6 address reduced to its /64 (an IPv4-mapped one to the IPv4 address).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// Who sent a request, as the limits and the logs see it.
#[derive(Debug, Clone)]
pub struct Caller {
    /// The client's address (see [`client_key`]), if known.
    pub client: Option<IpAddr>,
    /// The bearer token, if any (a malformed header counts as none here).
    pub token: Option<String>,
    /// Whether the token is the worker key.
    pub worker: bool,
}

impl Caller {
    /// The caller of `req`, given the server's worker key.
    pub fn of(req: &HttpRequest, worker_key: &str) -> Caller {
        let token = auth::bearer(req).ok().flatten();
        let worker = token
            .as_deref()
            .is_some_and(|t| auth::same_secret(t, worker_key));
        Caller {
            client: req.peer_addr().map(|a| client_key(a.ip())),
            token,
            worker,
        }
    }
}

/// A token bucket's rate: `per_s` tokens a second, holding at most `burst`.
#[derive(Debug, Clone, Copy)]
struct Rate {
    per_s: f64,
    burst: f64,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Token buckets by key, the least recently used forgotten past [`REMEMBERED`].
struct Buckets<K: Hash + Eq> {
    rate: Rate,
    table: Mutex<LruCache<K, Bucket>>,
}

impl<K: Hash + Eq> Buckets<K> {
    /// Buckets at `per_s` with bursts of `burst` (at least 1); `None` when
    /// `per_s` is not positive (no limit).
    fn new(per_s: f64, burst: f64) -> Option<Buckets<K>> {
        (per_s.is_finite() && per_s > 0.0).then(|| Buckets {
            rate: Rate {
                per_s,
                burst: if burst.is_finite() {
                    burst.max(1.0)
                } else {
                    1.0
                },
            },
            table: Mutex::new(LruCache::new(
                NonZeroUsize::new(REMEMBERED).unwrap_or(NonZeroUsize::MIN),
            )),
        })
    }

    /// Runs `change` on `key`'s bucket, refilled up to now (a new key's
    /// bucket starts full).
    fn refilled<T>(&self, key: K, now: Instant, change: impl FnOnce(&mut Bucket) -> T) -> T {
        let Rate { per_s, burst } = self.rate;
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        let bucket = table.get_or_insert_mut(key, || Bucket {
            tokens: burst,
            at: now,
        });
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * per_s).min(burst);
        bucket.at = now;
        change(bucket)
    }

    /// Takes a token for `key`, or says how long until one is there.
    fn take(&self, key: K, now: Instant) -> Result<(), Duration> {
        let per_s = self.rate.per_s;
        self.refilled(key, now, |bucket| {
            if bucket.tokens >= 1.0 {
                bucket.tokens -= 1.0;
                Ok(())
            } else {
                Err(Duration::from_secs_f64((1.0 - bucket.tokens) / per_s))
            }
        })
    }

    /// Takes `n` tokens another server took for `key` (the bucket may go
    /// into debt, down to minus its burst: the client then waits longer).
    fn charge(&self, key: K, n: u32, now: Instant) {
        let burst = self.rate.burst;
        self.refilled(key, now, |bucket| {
            bucket.tokens = (bucket.tokens - f64::from(n)).max(-burst);
        });
    }

    /// Gives back a token taken for `key` whose request made nothing.
    fn give_back(&self, key: K) {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(bucket) = table.get_mut(&key) {
            bucket.tokens = (bucket.tokens + 1.0).min(self.rate.burst);
        }
    }
}

/// What the 429 of a client past its creations says: the real rule, `burst`
/// at once then `per_minute` a minute, counting only what was made.
pub fn creations_detail(per_minute: f64, burst: f64) -> String {
    let every = 60.0 / per_minute;
    let every = if every.fract() == 0.0 {
        format!("{every}")
    } else {
        format!("{every:.1}")
    };
    format!(
        "this client may make {burst} games or player accounts at once, then {per_minute} a \
         minute (one every {every} s); only those made count, a refused request does not"
    )
}

/// Open connections by client, for the per-client cap.
pub struct Connections {
    cap: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// A connection's place in [`Connections`], kept in the connection's data
/// and given back when the connection ends.
pub struct ConnSlot {
    client: Option<IpAddr>,
    over: bool,
    table: Arc<Connections>,
}

impl Connections {
    /// A table capping each client at `cap` connections (0: no cap, only counted).
    pub fn new(cap: usize) -> Arc<Connections> {
        Arc::new(Connections {
            cap,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// The `on_connect` callback of the server: counts the connection and
    /// leaves its [`ConnSlot`] in the connection's data.
    pub fn on_connect(self: &Arc<Self>, io: &dyn Any, data: &mut Extensions) {
        metrics::CONNECTIONS_OPEN.inc();
        let client = io
            .downcast_ref::<actix_web::rt::net::TcpStream>()
            .and_then(|s| s.peer_addr().ok())
            .map(|a| client_key(a.ip()));
        let mut over = false;
        if let (Some(ip), true) = (client, self.cap > 0) {
            let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
            let n = open.entry(ip).or_default();
            *n += 1;
            over = *n > self.cap;
        }
        data.insert(ConnSlot {
            client,
            over,
            table: Arc::clone(self),
        });
    }
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        metrics::CONNECTIONS_OPEN.dec();
        if let (Some(ip), true) = (self.client, self.table.cap > 0) {
            let mut open = self.table.open.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(n) = open.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    open.remove(&ip);
                }
            }
        }
    }
}

/// Tells long-polls that the server is stopping (shared as app data).
pub struct Stopping(tokio::sync::watch::Sender<bool>);

impl Stopping {
    /// Not stopping yet.
    pub fn new() -> Stopping {
        Stopping(tokio::sync::watch::channel(false).0)
    }

    /// From now on, long-polls end at once.
    pub fn stop(&self) {
        self.0.send_replace(true);
    }

    /// A receiver that sees the stop (for a stream that must end with it).
    pub fn watch(&self) -> tokio::sync::watch::Receiver<bool> {
        self.0.subscribe()
    }

    /// Resolves once the server is stopping.
    async fn stopped(&self) {
        let mut rx = self.0.subscribe();
        let _ = rx.wait_for(|stopping| *stopping).await;
    }
}

impl Default for Stopping {
    fn default() -> Stopping {
        Stopping::new()
    }
}

/// The 503 of a long-poll cut short by a stop; its connection is closed.
fn shutting_down() -> HttpResponse {
    let mut resp = problem(
        StatusCode::SERVICE_UNAVAILABLE,
        "shutting_down",
        "Shutting down",
        "the server is stopping; retry in 1 s",
    );
    resp.headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from(1u64));
    resp.head_mut()
        .set_connection_type(actix_web::http::ConnectionType::Close);
    resp
}

/// Whether a query string asks to wait (`wait=N`, N > 0): a long-poll.
pub fn waits(query: &str) -> bool {
    query.split('&').any(|pair| {
        pair.strip_prefix("wait=")
            .and_then(|n| n.parse::<u64>().ok())
            .is_some_and(|n| n > 0)
    })
}

/// The request limits of a server (shared by its workers as app data).
pub struct Limits {
    worker_key: String,
    body_timeout: Option<Duration>,
    connections_cap: usize,
    per_client: Option<Buckets<IpAddr>>,
    per_token: Option<Buckets<TokenKey>>,
    creates: Option<Buckets<IpAddr>>,
    takes: std::sync::Arc<Takes>,
}

impl Limits {
    /// The limits `config` sets; `worker_key` passes them all; the takes
    /// are shared through `takes`.
    pub fn new(config: &Config, worker_key: String, takes: std::sync::Arc<Takes>) -> Limits {
        Limits {
            worker_key,
            body_timeout: (config.body_timeout_ms > 0)
                .then(|| Duration::from_millis(config.body_timeout_ms)),
            connections_cap: config.max_connections_per_client,
            per_client: Buckets::new(config.rate_per_client, config.burst_per_client),
            per_token: Buckets::new(config.rate_per_token, config.burst_per_token),
            creates: Buckets::new(config.creates_per_minute / 60.0, config.creates_burst),
            takes,
        }
    }

    /// Counts `n` takes another server made (`taken`) as made here, now.
    /// A seat quota's take is not a request limit's: it is left alone.
    pub fn charge(&self, taken: Taken, n: u32) {
        let now = Instant::now();
        match taken {
            Taken::Client(ip) => {
                if let Some(b) = &self.per_client {
                    b.charge(ip, n, now);
                }
            }
            Taken::Token(key) => {
                if let Some(b) = &self.per_token {
                    b.charge(key, n, now);
                }
            }
            Taken::Creation(ip) => {
                if let Some(b) = &self.creates {
                    b.charge(ip, n, now);
                }
            }
            Taken::Seat(..) => {}
        }
    }

    /// The worker key.
    pub fn worker_key(&self) -> &str {
        &self.worker_key
    }

    /// The body timeout, if any.
    pub fn body_timeout(&self) -> Option<Duration> {
        self.body_timeout
    }

    /// Whether a request is within the limits (see [`Verdict`]).
    fn check(&self, req: &ServiceRequest, caller: &Caller) -> Verdict {
        if caller.worker {
            return Verdict::Within;
        }
        if req.conn_data::<ConnSlot>().is_some_and(|slot| slot.over) {
            metrics::rejected(Rejection::Connections);
            let mut resp = too_many(
                "too_many_connections",
                format!(
                    "this client holds more than {} connections",
                    self.connections_cap
                ),
                Duration::from_secs(1),
            );
            resp.head_mut()
                .set_connection_type(actix_web::http::ConnectionType::Close);
            return Verdict::Over(resp);
        }
        let path = req.path();
        if path == "/healthz" || path == "/metrics" {
            return Verdict::Within;
        }
        let now = Instant::now();
        if let (Some(buckets), Some(ip)) = (&self.per_client, caller.client)
            && let Err(over) = self.take_rate(buckets, ip, Taken::Client(ip), now)
        {
            return Verdict::Over(*over);
        }
        if let (Some(buckets), Some(token)) = (&self.per_token, &caller.token) {
            let key = token_key(token);
            if let Err(over) = self.take_rate(buckets, key, Taken::Token(key), now) {
                return Verdict::Over(*over);
            }
        }
        if let (Some(buckets), Some(ip)) = (&self.creates, caller.client)
            && creates_a_game(req)
        {
            if let Err(wait) = buckets.take(ip, now) {
                metrics::rejected(Rejection::CreateRate);
                let Rate { per_s, burst } = buckets.rate;
                return Verdict::Over(too_many(
                    "rate_limited",
                    creations_detail(per_s * 60.0, burst),
                    wait,
                ));
            }
            return Verdict::Creation(ip);
        }
        Verdict::Within
    }

    /// Takes a request's token from `buckets` for `key` (noted as `taken`
    /// for the other servers), or the 429 of a client or token past its rate.
    fn take_rate<K: Hash + Eq>(
        &self,
        buckets: &Buckets<K>,
        key: K,
        taken: Taken,
        now: Instant,
    ) -> Result<(), Box<HttpResponse>> {
        let Err(wait) = buckets.take(key, now) else {
            self.takes.note(taken);
            return Ok(());
        };
        let (rejection, whose) = match taken {
            Taken::Token(_) => (Rejection::TokenRate, "with this token"),
            _ => (Rejection::ClientRate, "from this client"),
        };
        metrics::rejected(rejection);
        let per_s = buckets.rate.per_s;
        Err(Box::new(too_many(
            "rate_limited",
            format!("more than {per_s} requests per second {whose}"),
            wait,
        )))
    }

    /// After a creation that took `client`'s token: gives it back unless
    /// something was made (a 201).
    fn settle_creation(&self, client: IpAddr, status: Option<StatusCode>) {
        if status == Some(StatusCode::CREATED) {
            self.takes.note(Taken::Creation(client));
        } else if let Some(buckets) = &self.creates {
            buckets.give_back(client);
        }
    }
}

/// What the limits say of a request.
enum Verdict {
    /// It may go on.
    Within,
    /// It may go on, and it took a creation token of this client, to be
    /// given back if it makes nothing.
    Creation(IpAddr),
    /// It is over a limit: this is the answer.
    Over(HttpResponse),
}

/// Whether the request makes something that stays: a new game (`POST
/// /v1/games`, a fork, a rematch, an import) or a player account (`POST /v1/players`).
fn creates_a_game(req: &ServiceRequest) -> bool {
    let path = req.path();
    req.method() == actix_web::http::Method::POST
        && (path == "/v1/games"
            || path == "/v1/games/import"
            || path == "/v1/players"
            || (path.starts_with("/v1/games/")
                && (path.ends_with("/fork") || path.ends_with("/rematch"))))
}

/// Whether the request may carry a body.
fn has_body(req: &ServiceRequest) -> bool {
    let headers = req.headers();
    headers.contains_key(actix_web::http::header::TRANSFER_ENCODING)
        || headers
            .get(actix_web::http::header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0")
}

/// The middleware: limits, then the body deadline, then the handler (cut
/// short for a long-poll when the server stops).
pub async fn guard<B: MessageBody + 'static>(
    mut req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, Error> {
    let Some(limits) = req.app_data::<actix_web::web::Data<Limits>>().cloned() else {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    };
    let caller = req.extensions().get::<Caller>().cloned();
    let caller = caller.unwrap_or_else(|| Caller::of(req.request(), &limits.worker_key));
    let creation = match limits.check(&req, &caller) {
        Verdict::Within => None,
        Verdict::Creation(client) => Some(client),
        Verdict::Over(resp) => return Ok(req.into_response(resp).map_into_right_body()),
    };
    if let Some(timeout) = limits.body_timeout
        && has_body(&req)
    {
        let inner = req.parts_mut().1.take();
        let deadline: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> =
            Box::pin(Deadline {
                inner,
                sleep: Box::pin(tokio::time::sleep(timeout)),
                done: false,
            });
        req.set_payload(Payload::from(deadline));
    }
    if let Some(client) = creation {
        let res = next.call(req).await;
        limits.settle_creation(client, res.as_ref().ok().map(|r| r.status()));
        return res.map(ServiceResponse::map_into_left_body);
    }
    let stopping = req.app_data::<actix_web::web::Data<Stopping>>().cloned();
    match stopping {
        // The request cannot be kept aside (routing needs it unshared), so
        // the cut long-poll is answered as an error response.
        Some(stopping) if waits(req.query_string()) => tokio::select! {
            res = next.call(req) => res.map(ServiceResponse::map_into_left_body),
            () = stopping.stopped() => Err(actix_web::error::InternalError::from_response(
                "the server is stopping",
                shutting_down(),
            )
            .into()),
        },
        _ => next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body),
    }
}

/// A request body that fails with `TimedOut` once its deadline passes.
struct Deadline {
    inner: Payload,
    sleep: Pin<Box<tokio::time::Sleep>>,
    done: bool,
}

/// Whether a payload error is the body deadline's.
pub fn is_body_timeout(e: &PayloadError) -> bool {
    matches!(e, PayloadError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut)
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        match Pin::new(&mut self.inner).poll_next(cx) {
            Poll::Ready(None) => {
                self.done = true;
                Poll::Ready(None)
            }
            Poll::Ready(Some(item)) => Poll::Ready(Some(item)),
            Poll::Pending => match self.sleep.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    self.done = true;
                    metrics::rejected(Rejection::BodyTimeout);
                    Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "the request body did not arrive in time",
                    )))))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let buckets: Buckets<u8> = Buckets::new(2.0, 3.0).unwrap();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(buckets.take(1, t0).is_ok());
        }
        let wait = buckets.take(1, t0).unwrap_err();
        assert!(wait > Duration::from_millis(400) && wait <= Duration::from_millis(500));
        // Another key has its own bucket.
        assert!(buckets.take(2, t0).is_ok());
        // Half a second later, one more token (2 per second).
        assert!(buckets.take(1, t0 + Duration::from_millis(500)).is_ok());
        assert!(buckets.take(1, t0 + Duration::from_millis(500)).is_err());
        // Never more than the burst, however long the pause.
        let later = t0 + Duration::from_secs(3600);
        for _ in 0..3 {
            assert!(buckets.take(1, later).is_ok());
        }
        assert!(buckets.take(1, later).is_err());
    }

    #[test]
    fn a_token_given_back_is_there_again_but_never_past_the_burst() {
        let buckets: Buckets<u8> = Buckets::new(1.0 / 60.0, 2.0).unwrap();
        let t0 = Instant::now();
        assert!(buckets.take(1, t0).is_ok());
        assert!(buckets.take(1, t0).is_ok());
        assert!(buckets.take(1, t0).is_err());
        buckets.give_back(1);
        assert!(buckets.take(1, t0).is_ok());
        buckets.give_back(1);
        buckets.give_back(1);
        buckets.give_back(1);
        assert!(buckets.take(1, t0).is_ok());
        assert!(buckets.take(1, t0).is_ok());
        assert!(buckets.take(1, t0).is_err(), "at most the burst");
    }

    #[test]
    fn the_creations_refusal_states_the_rule() {
        assert_eq!(
            creations_detail(10.0, 10.0),
            "this client may make 10 games or player accounts at once, then 10 a minute (one \
             every 6 s); only those made count, a refused request does not"
        );
        assert!(
            creations_detail(7.0, 3.0)
                .contains("3 games or player accounts at once, then 7 a minute (one every 8.6 s)")
        );
    }

    #[test]
    fn no_positive_rate_is_no_limit() {
        assert!(Buckets::<u8>::new(0.0, 10.0).is_none());
        assert!(Buckets::<u8>::new(-1.0, 10.0).is_none());
        assert!(Buckets::<u8>::new(f64::NAN, 10.0).is_none());
    }

    #[test]
    fn ipv6_clients_are_their_64_and_mapped_ipv4_is_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:10.1.2.3".parse().unwrap();
        assert_eq!(client_key(mapped), "10.1.2.3".parse::<IpAddr>().unwrap());
    }
}
