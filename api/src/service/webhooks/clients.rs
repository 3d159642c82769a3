//! The HTTP clients of the deliveries, kept by host and by the addresses
//! checked for it ([`Clients`]). The outbox (`outbox.rs`) holds them beside
//! its queue, and `delivery.rs` takes one for each attempt; this file
//! imports none of its siblings, so that the outbox need not import the
//! delivery.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;

use super::WebhookSettings;
use crate::service::lock;

/// The most HTTP clients kept (all are dropped when full).
const MAX_CLIENTS: usize = 256;

/// HTTP clients by host and the addresses checked for it: a client is
/// pinned to those addresses, so it is reused (with its connections and
/// its TLS roots, costly to load) only while the host resolves to them.
#[derive(Default)]
pub(super) struct Clients(Mutex<HashMap<(String, Vec<SocketAddr>), reqwest::Client>>);

impl Clients {
    /// The client for `url`'s host pinned to `addrs`, made once.
    pub(super) fn client(
        &self,
        settings: &WebhookSettings,
        url: &reqwest::Url,
        addrs: &[SocketAddr],
    ) -> Result<reqwest::Client, String> {
        let host = url.host_str().unwrap_or_default().to_string();
        let key = (host, addrs.to_vec());
        if let Some(client) = lock(&self.0).get(&key) {
            return Ok(client.clone());
        }
        let mut client = bots::http_client()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(settings.timeout)
            .connect_timeout(settings.timeout)
            .no_proxy()
            .user_agent("bang-server webhooks");
        if let Some(domain) = url.domain() {
            // Pinned: the connection goes to the address just checked, not
            // to whatever the name resolves to a moment later.
            client = client.resolve_to_addrs(domain, addrs);
        }
        let client = client.build().map_err(|e| format!("no HTTP client: {e}"))?;
        let mut clients = lock(&self.0);
        if clients.len() >= MAX_CLIENTS {
            clients.clear();
        }
        clients.insert(key, client.clone());
        Ok(client)
    }
}
