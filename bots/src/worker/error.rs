//! Why a worker cannot play ([`WorkerError`]), and an error's full chain for
//! a message.

/// Why a worker cannot play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerError {
    /// The server refused the worker key (HTTP 401 or 403).
    Refused {
        /// The server's base URL.
        server: String,
        /// The status it answered.
        status: u16,
    },
    /// The server could not be reached (after the retries).
    Unreachable {
        /// The server's base URL.
        server: String,
        /// The last error.
        error: String,
    },
    /// Something answered, but not as a BANG! server would.
    Unexpected {
        /// The server's base URL.
        server: String,
        /// The status it answered.
        status: u16,
    },
    /// The worker's own task failed (a bug).
    Crashed(String),
}

impl std::fmt::Display for WorkerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorkerError::Refused { server, status } => write!(
                f,
                "{server} refused the worker key (HTTP {status}): give the server's \
                 BANG_WORKER_KEY (it logs a generated one at start)"
            ),
            WorkerError::Unreachable { server, error } => {
                write!(f, "cannot reach {server}: {error}")
            }
            WorkerError::Unexpected { server, status } => write!(
                f,
                "{server} answered GET /v1/bot/turns with HTTP {status}: is it a BANG! server?"
            ),
            WorkerError::Crashed(why) => write!(f, "the bot worker failed: {why}"),
        }
    }
}

impl std::error::Error for WorkerError {}

/// The full chain of an error, for a message.
pub(super) fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}
