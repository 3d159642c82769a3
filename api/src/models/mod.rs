//! The JSON bodies of the HTTP API, documented for OpenAPI. How request
//! bodies are read, with refusals in the API's words, is in `reading.rs`.

mod analysis;
mod audit;
mod create;
mod deadlines;
mod games;
mod lobby;
mod play;
mod ratings;
pub(crate) mod reading;
mod records;
mod rulesets;
#[cfg(test)]
mod tests;
mod webhooks;

pub use analysis::*;
pub use audit::*;
pub use create::*;
pub use deadlines::*;
pub use games::*;
pub use lobby::*;
pub use play::*;
pub use ratings::*;
pub use reading::Refusal;
pub use records::*;
pub use rulesets::*;
pub use webhooks::*;

use serde::Serialize;
use utoipa::ToSchema;

/// `GET /healthz`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"status": "ok"}))]
pub struct Health {
    /// `ok`.
    pub status: &'static str,
}
