//! The one way this workspace builds an HTTP client.
//!
//! reqwest is built with rustls but without a crypto provider of its own
//! (`rustls-no-provider`): the ring provider, which the workspace builds
//! anyway, serves every TLS connection. A client built before a provider is
//! installed panics, so every client of the workspace (the bot worker's,
//! the webhook deliveries', the tools' and the tests') starts here.

/// A reqwest client builder, the process's TLS provider installed first.
pub fn http_client() -> reqwest::ClientBuilder {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // Another provider installed by the process first is kept.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
    reqwest::Client::builder()
}

/// `GET url` with a client of [`http_client`]: what `reqwest::get` does,
/// which builds its client without the provider.
pub async fn http_get(url: impl reqwest::IntoUrl) -> reqwest::Result<reqwest::Response> {
    http_client().build()?.get(url).send().await
}
