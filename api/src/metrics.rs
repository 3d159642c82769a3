//! `GET /metrics`: the server's counters in the Prometheus text format (0.0.4),
//! written by hand (a few counters, gauges and histograms need no library).
//!
//! Requests are counted by method, route *pattern* (`/v1/games/{id}`, never
//! the path itself, so that the series stay few) and status, by the
//! middleware in [`crate::telemetry`]. The store's writer thread keeps its own
//! counters ([`store::metrics`]). Other parts of the server report through the
//! small API here, e.g. [`GAMES_CACHED`].
//!
//! `/metrics` is not in the OpenAPI document: it is for operators, not clients.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use actix_web::HttpResponse;
use store::metrics::{Histogram, Snapshot};

/// A value that goes up and down.
pub struct Gauge(AtomicI64);

impl Gauge {
    /// A gauge at 0.
    pub const fn new() -> Gauge {
        Gauge(AtomicI64::new(0))
    }

    /// Sets the value.
    pub fn set(&self, value: usize) {
        self.0
            .store(i64::try_from(value).unwrap_or(i64::MAX), Ordering::Relaxed);
    }

    /// Adds one.
    pub fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes one away.
    pub fn dec(&self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }

    /// The value now.
    pub fn get(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }
}

impl Default for Gauge {
    fn default() -> Gauge {
        Gauge::new()
    }
}

/// How many folded games the hub's cache holds (the hub sets it).
pub static GAMES_CACHED: Gauge = Gauge::new();
/// Connections open now.
pub static CONNECTIONS_OPEN: Gauge = Gauge::new();
/// Requests being served now.
pub static REQUESTS_IN_FLIGHT: Gauge = Gauge::new();
/// Actions a bot worker posted that the server accepted (its decisions).
pub static BOT_DECISIONS: AtomicU64 = AtomicU64::new(0);
/// Actions a seat's token posted that the server accepted.
pub static SEAT_ACTIONS: AtomicU64 = AtomicU64::new(0);
/// Catch-ups with a game another server appended to (a shared store).
pub static FOLLOWS: AtomicU64 = AtomicU64::new(0);

/// Why a request was turned away before reaching its handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// Its client holds too many connections.
    Connections,
    /// Its client's request rate.
    ClientRate,
    /// Its token's request rate.
    TokenRate,
    /// Its client's game-creation rate.
    CreateRate,
    /// Its body did not arrive in time.
    BodyTimeout,
}

impl Rejection {
    const ALL: [Rejection; 5] = [
        Rejection::Connections,
        Rejection::ClientRate,
        Rejection::TokenRate,
        Rejection::CreateRate,
        Rejection::BodyTimeout,
    ];

    fn label(self) -> &'static str {
        match self {
            Rejection::Connections => "connections_per_client",
            Rejection::ClientRate => "rate_per_client",
            Rejection::TokenRate => "rate_per_token",
            Rejection::CreateRate => "creates_per_client",
            Rejection::BodyTimeout => "body_timeout",
        }
    }
}

/// The stages of an applied action (`POST /v1/games/{id}/actions`), as its
/// handler times them: `prepare` (the game from the cache, the caller, the
/// rules' decision), `store` (the append, until it is durable; split
/// further by the writer's queue, write and wake-up histograms) and
/// `answer` (its events redacted for the caller). What a request's whole
/// time adds to them is actix's: reading, parsing and writing.
const ACTION_STAGES: [&str; 3] = ["prepare", "store", "answer"];

static ACTION_STAGE_NANOS: [Histogram<14>; 3] =
    [const { Histogram::new(store::metrics::NANOS_BOUNDS) }; 3];

/// Records the stages of one applied action (see [`ACTION_STAGES`]).
pub fn action_stages(prepare: Duration, store: Duration, answer: Duration) {
    for (histogram, time) in ACTION_STAGE_NANOS.iter().zip([prepare, store, answer]) {
        histogram.observe(store::metrics::nanos(time));
    }
}

static REJECTED: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];

/// Counts a request turned away.
pub fn rejected(why: Rejection) {
    REJECTED[why as usize].fetch_add(1, Ordering::Relaxed);
}

/// Request latency bounds, in microseconds: 0.5 ms to 60 s (long-polls).
const LATENCY_BOUNDS: [u64; 16] = [
    500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000,
    2_500_000, 5_000_000, 10_000_000, 30_000_000, 60_000_000,
];

/// The counters of one method and route.
struct RouteStats {
    statuses: HashMap<u16, u64>,
    latency: Histogram<16>,
    long_polls: u64,
    long_polls_waiting: i64,
}

impl RouteStats {
    fn new() -> RouteStats {
        RouteStats {
            statuses: HashMap::new(),
            latency: Histogram::new(LATENCY_BOUNDS),
            long_polls: 0,
            long_polls_waiting: 0,
        }
    }
}

type RouteKey = (&'static str, String);

/// One route's counters as read for a rendering: key, statuses, latency,
/// long-polls seen and waiting.
type RouteRow = (RouteKey, HashMap<u16, u64>, Snapshot, u64, i64);

/// By method, then by route pattern (looked up by `&str`, no allocation).
type Routes = HashMap<&'static str, HashMap<String, RouteStats>>;

static ROUTES: Mutex<Option<Routes>> = Mutex::new(None);

fn with_route<T>(method: &'static str, route: &str, f: impl FnOnce(&mut RouteStats) -> T) -> T {
    let mut routes = ROUTES.lock().unwrap_or_else(|e| e.into_inner());
    let by_route = routes
        .get_or_insert_with(HashMap::new)
        .entry(method)
        .or_default();
    if let Some(stats) = by_route.get_mut(route) {
        return f(stats);
    }
    f(by_route
        .entry(route.to_string())
        .or_insert_with(RouteStats::new))
}

/// Counts a request answered: its method (one of the usual ones or `OTHER`),
/// route pattern, status and latency.
pub fn request(method: &'static str, route: &str, status: u16, latency: Duration) {
    let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
    with_route(method, route, |stats| {
        *stats.statuses.entry(status).or_default() += 1;
        stats.latency.observe(micros);
    });
}

/// A long-poll (a request with `wait`) being served; counted while it lives.
pub struct LongPoll {
    method: &'static str,
    route: String,
}

impl LongPoll {
    /// Counts a long-poll on `route` until the value is dropped.
    pub fn start(method: &'static str, route: &str) -> LongPoll {
        with_route(method, route, |stats| {
            stats.long_polls += 1;
            stats.long_polls_waiting += 1;
        });
        LongPoll {
            method,
            route: route.to_string(),
        }
    }
}

impl LongPoll {
    /// Its route pattern.
    pub fn route(&self) -> &str {
        &self.route
    }
}

impl Drop for LongPoll {
    fn drop(&mut self) {
        with_route(self.method, &self.route, |stats| {
            stats.long_polls_waiting -= 1
        });
    }
}

/// Escapes a label value.
fn label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

fn histogram(out: &mut String, name: &str, labels: &str, snap: &Snapshot, scale: f64) {
    let sep = if labels.is_empty() { "" } else { "," };
    for (bound, n) in &snap.buckets {
        let le = *bound as f64 / scale;
        let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{le}\"}} {n}");
    }
    let _ = writeln!(
        out,
        "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {}",
        snap.count
    );
    let braces = if labels.is_empty() {
        String::new()
    } else {
        format!("{{{labels}}}")
    };
    let _ = writeln!(out, "{name}_sum{braces} {}", snap.sum as f64 / scale);
    let _ = writeln!(out, "{name}_count{braces} {}", snap.count);
}

/// Every metric, in the Prometheus text format.
pub fn render() -> String {
    let mut out = String::with_capacity(16 * 1024);
    let routes = route_rows();
    requests(&mut out, &routes);
    long_polls(&mut out, &routes);
    rejections(&mut out);
    totals(&mut out);
    store_histograms(&mut out);
    out
}

/// Every route's counters, by method and route.
fn route_rows() -> Vec<RouteRow> {
    let mut rows: Vec<RouteRow> = {
        let routes = ROUTES.lock().unwrap_or_else(|e| e.into_inner());
        routes
            .iter()
            .flatten()
            .flat_map(|(&method, by_route)| {
                by_route.iter().map(move |(route, s)| {
                    (
                        (method, route.clone()),
                        s.statuses.clone(),
                        s.latency.snapshot(),
                        s.long_polls,
                        s.long_polls_waiting,
                    )
                })
            })
            .collect()
    };
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

/// The labels of a route's series.
fn route_labels(method: &str, route: &str) -> String {
    format!("method=\"{method}\",route=\"{}\"", label(route))
}

/// Requests answered, by status, and their latency, by route.
fn requests(out: &mut String, routes: &[RouteRow]) {
    header(
        out,
        "bang_http_requests_total",
        "counter",
        "HTTP requests answered, by method, route pattern and status.",
    );
    for ((method, route), statuses, ..) in routes {
        let mut statuses: Vec<_> = statuses.iter().collect();
        statuses.sort();
        for (status, n) in statuses {
            let labels = route_labels(method, route);
            let _ = writeln!(
                out,
                "bang_http_requests_total{{{labels},status=\"{status}\"}} {n}"
            );
        }
    }
    header(
        out,
        "bang_http_request_duration_seconds",
        "histogram",
        "Time from a request's head to its response, by method and route pattern.",
    );
    for ((method, route), _, snap, ..) in routes {
        let labels = route_labels(method, route);
        histogram(
            out,
            "bang_http_request_duration_seconds",
            &labels,
            snap,
            1e6,
        );
    }
}

/// Long-polls seen and waiting, by route (those that had any).
fn long_polls(out: &mut String, routes: &[RouteRow]) {
    header(
        out,
        "bang_long_polls_total",
        "counter",
        "Requests that asked to wait (`wait` > 0), by route pattern.",
    );
    header(
        out,
        "bang_long_polls_waiting",
        "gauge",
        "Such requests being served now, by route pattern.",
    );
    for ((method, route), _, _, total, waiting) in routes {
        if *total > 0 {
            let labels = route_labels(method, route);
            let _ = writeln!(out, "bang_long_polls_total{{{labels}}} {total}");
            let _ = writeln!(out, "bang_long_polls_waiting{{{labels}}} {waiting}");
        }
    }
}

/// Requests turned away, by limit.
fn rejections(out: &mut String) {
    header(
        out,
        "bang_http_rejected_total",
        "counter",
        "Requests turned away before their handler, by limit.",
    );
    for why in Rejection::ALL {
        let n = REJECTED[why as usize].load(Ordering::Relaxed);
        let _ = writeln!(
            out,
            "bang_http_rejected_total{{limit=\"{}\"}} {n}",
            why.label()
        );
    }
}

/// The gauges and counters without labels: connections, requests and
/// games held, actions applied, the store's writes.
fn totals(out: &mut String) {
    let gauges: [(&str, &str, i64); 3] = [
        (
            "bang_http_connections_open",
            "Client connections open now.",
            CONNECTIONS_OPEN.get(),
        ),
        (
            "bang_http_requests_in_flight",
            "Requests being served now.",
            REQUESTS_IN_FLIGHT.get(),
        ),
        (
            "bang_games_cached",
            "Folded games held in memory.",
            GAMES_CACHED.get(),
        ),
    ];
    for (name, help, value) in gauges {
        header(out, name, "gauge", help);
        let _ = writeln!(out, "{name} {value}");
    }
    let counters: [(&str, &str, u64); 6] = [
        (
            "bang_bot_decisions_total",
            "Actions of bot seats (posted with the worker key) the server applied.",
            BOT_DECISIONS.load(Ordering::Relaxed),
        ),
        (
            "bang_seat_actions_total",
            "Actions posted with a seat's token the server applied.",
            SEAT_ACTIONS.load(Ordering::Relaxed),
        ),
        (
            "bang_follows_total",
            "Catch-ups with games another server appended to (a shared store): at most one per game every 3 s, or one per append for a game held here with bot seats.",
            FOLLOWS.load(Ordering::Relaxed),
        ),
        (
            "bang_store_appends_total",
            "Appends and creates the store's writer made durable.",
            store::metrics::APPENDS.load(Ordering::Relaxed),
        ),
        (
            "bang_store_batches_total",
            "Batches of the store's writer (one flush + fsync each).",
            store::metrics::BATCHES.load(Ordering::Relaxed),
        ),
        (
            "bang_store_flush_errors_total",
            "Flushes of the store that failed.",
            store::metrics::FLUSH_ERRORS.load(Ordering::Relaxed),
        ),
    ];
    for (name, help, value) in counters {
        header(out, name, "counter", help);
        let _ = writeln!(out, "{name} {value}");
    }
}

/// The store writer's group commits: their sizes and flush times.
fn store_histograms(out: &mut String) {
    let histograms = [
        (
            "bang_store_batch_size",
            "Requests per batch of the store's writer (group commit).",
            store::metrics::BATCH_SIZE.snapshot(),
            1.0,
        ),
        (
            "bang_store_flush_seconds",
            "Time of each batch's flush + fsync.",
            store::metrics::FLUSH_NANOS.snapshot(),
            1e9,
        ),
        (
            "bang_store_queue_seconds",
            "Time each write waited in the writer's queue before a batch took it (sled; PostgreSQL's appends).",
            store::metrics::QUEUED_NANOS.snapshot(),
            1e9,
        ),
        (
            "bang_store_write_seconds",
            "Time from the writer taking each write's batch to its answer: the batch's writes, then its flush + fsync (sled; PostgreSQL's appends: the batch's call and commit).",
            store::metrics::WRITTEN_NANOS.snapshot(),
            1e9,
        ),
        (
            "bang_store_woken_seconds",
            "Time from the writer's answer to each write's caller resuming (sled; PostgreSQL's appends).",
            store::metrics::WOKEN_NANOS.snapshot(),
            1e9,
        ),
    ];
    for (name, help, snap, scale) in histograms {
        header(out, name, "histogram", help);
        histogram(out, name, "", &snap, scale);
    }
    let name = "bang_action_stage_seconds";
    header(
        out,
        name,
        "histogram",
        "Time of each stage of an applied action in its handler: prepare (the game, the caller, the rules), store (the append, durable) and answer (the events redacted).",
    );
    for (stage, nanos) in ACTION_STAGES.iter().zip(&ACTION_STAGE_NANOS) {
        histogram(
            out,
            name,
            &format!("stage=\"{stage}\""),
            &nanos.snapshot(),
            1e9,
        );
    }
}

/// `GET /metrics`.
pub async fn metrics() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(render())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_has_help_type_and_labelled_series() {
        request("GET", "/test/{id}", 200, Duration::from_millis(3));
        request("GET", "/test/{id}", 404, Duration::from_micros(100));
        {
            let _poll = LongPoll::start("GET", "/test/{id}");
            assert!(
                render().contains("bang_long_polls_waiting{method=\"GET\",route=\"/test/{id}\"} 1")
            );
        }
        let text = render();
        assert!(text.contains(
            "bang_http_requests_total{method=\"GET\",route=\"/test/{id}\",status=\"200\"} 1"
        ));
        assert!(text.contains(
            "bang_http_request_duration_seconds_bucket{method=\"GET\",route=\"/test/{id}\",le=\"0.0005\"} 1"
        ));
        assert!(text.contains(
            "bang_http_request_duration_seconds_count{method=\"GET\",route=\"/test/{id}\"} 2"
        ));
        assert!(text.contains("bang_long_polls_waiting{method=\"GET\",route=\"/test/{id}\"} 0"));
        assert!(text.contains("# TYPE bang_store_flush_seconds histogram"));
        action_stages(
            Duration::from_micros(70),
            Duration::from_millis(3),
            Duration::from_micros(20),
        );
        let text = render();
        assert!(text.contains("bang_action_stage_seconds_bucket{stage=\"store\",le=\"0.005\"}"));
        assert!(text.contains("bang_action_stage_seconds_count{stage=\"answer\"}"));
        assert!(text.contains("# TYPE bang_store_queue_seconds histogram"));
        assert!(text.contains("bang_store_batch_size_bucket{le=\"+Inf\"}"));
        // Every sample line is `name{labels} value` or `name value`.
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let value = line.rsplit(' ').next().unwrap();
            assert!(value.parse::<f64>().is_ok(), "{line}");
        }
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(label("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
