//! Request logs (through `tracing`) and request metrics.
//!
//! One log line per request, when it is answered: method, route *pattern*
//! (never the path or the query string, which may carry a game id and more),
//! status, latency and client address. Headers are never logged, so neither
//! is `Authorization`. Requests made with the worker key (the bot workers',
//! several per bot decision) are logged at `debug`, the others at `info`, and
//! 5xx at `warn`.

use std::io::IsTerminal;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use tracing_subscriber::EnvFilter;

use crate::limits::{Caller, Limits, waits};
use crate::metrics;

/// The log target of request lines (`RUST_LOG=bang::http=warn` quiets them).
pub const HTTP_TARGET: &str = "bang::http";

/// Sends logs to stderr, filtered by `RUST_LOG` (default `info`); `log`
/// records of the libraries (actix) go the same way. Call once, at start.
pub fn init_logging() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// A method as a metric label: the usual ones, or `OTHER` (any token is a
/// method in HTTP; the label set must stay small).
pub fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

/// A client address for a log line (`-` when unknown), formatted only when
/// the line is written.
struct Client(Option<std::net::IpAddr>);

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(ip) => ip.fmt(f),
            None => f.write_str("-"),
        }
    }
}

struct InFlight;

impl InFlight {
    fn start() -> InFlight {
        metrics::REQUESTS_IN_FLIGHT.inc();
        InFlight
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        metrics::REQUESTS_IN_FLIGHT.dec();
    }
}

/// The outermost middleware: notes who calls (for the limits), then counts
/// and logs the answer.
pub async fn observe<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<B>, Error> {
    let started = Instant::now();
    let _in_flight = InFlight::start();
    let caller = match req.app_data::<actix_web::web::Data<Limits>>() {
        Some(limits) => Caller::of(req.request(), limits.worker_key()),
        None => Caller::of(req.request(), ""),
    };
    let method = method_label(req.method());
    let long_poll = (req.method() == Method::GET && waits(req.query_string())).then(|| {
        let route = req.match_pattern().unwrap_or_else(|| "unmatched".into());
        metrics::LongPoll::start(method, &route)
    });
    let (worker, client) = (caller.worker, caller.client);
    req.extensions_mut().insert(caller);
    let result = next.call(req).await;
    let latency = started.elapsed();
    let (status, route) = match &result {
        Ok(res) => (res.status().as_u16(), res.request().match_pattern()),
        Err(e) => (
            e.as_response_error().status_code().as_u16(),
            long_poll.as_ref().map(|p| p.route().to_string()),
        ),
    };
    let route = route.as_deref().unwrap_or("unmatched");
    metrics::request(method, route, status, latency);
    if method == "POST" && route == "/v1/games/{id}/actions" && status == 200 {
        let counter = if worker {
            &metrics::BOT_DECISIONS
        } else {
            &metrics::SEAT_ACTIONS
        };
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    let latency_ms = latency.as_secs_f64() * 1000.0;
    let client = Client(client);
    if status >= 500 {
        tracing::warn!(target: HTTP_TARGET, method, route, status, latency_ms, %client, "request");
    } else if worker {
        tracing::debug!(target: HTTP_TARGET, method, route, status, latency_ms, %client, "request");
    } else {
        tracing::info!(target: HTTP_TARGET, method, route, status, latency_ms, %client, "request");
    }
    result
}

#[cfg(test)]
mod tests {
    use crate::limits::waits;

    #[test]
    fn a_long_poll_asks_to_wait() {
        assert!(waits("wait=20"));
        assert!(waits("after=3&wait=1&limit=10"));
        assert!(!waits("wait=0"));
        assert!(!waits("await=5"));
        assert!(!waits("wait=x"));
        assert!(!waits(""));
    }
}
