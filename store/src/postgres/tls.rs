//! TLS to PostgreSQL: the URL's `sslmode` and `sslrootcert`, read as libpq
//! reads them, turned into a tokio-postgres configuration and a rustls
//! connector, so that the database may live on another machine.
//!
//! | `sslmode` | TLS | the server's certificate |
//! |---|---|---|
//! | `disable` | never | — |
//! | `prefer` (the default) | when the server offers it | not checked |
//! | `require` | always | not checked (encryption only) |
//! | `verify-full` | always | signed by a root of `sslrootcert` (a PEM file; by default the system's roots) and naming the URL's host |
//!
//! `verify-ca` (the chain without the name) is refused with a clear error:
//! use `verify-full`.

use std::str::FromStr;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, ring, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use tokio_postgres::config::SslMode;
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::StoreError;

/// The connector every connection of a store is made with.
pub(crate) type Connector = MakeRustlsConnect;

/// How the URL asks the server's certificate to be checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    /// Not at all: the connection is encrypted, the server not authenticated.
    Nothing,
    /// Its chain to a trusted root and its name.
    Full,
}

/// The driver's configuration and the TLS connector for `url`
/// (`postgres://user@host:port/db?sslmode=…&sslrootcert=…`).
pub(crate) fn configure(url: &str) -> Result<(tokio_postgres::Config, Connector), StoreError> {
    let invalid = |why: String| StoreError::Invalid(format!("postgres url: {why}"));
    let (rest, mode, root_file) = split_tls(url).map_err(invalid)?;
    let mut config = tokio_postgres::Config::from_str(&rest).map_err(|e| invalid(e.to_string()))?;
    let check = match mode.as_deref() {
        None | Some("prefer") => {
            config.ssl_mode(SslMode::Prefer);
            Check::Nothing
        }
        Some("disable") => {
            config.ssl_mode(SslMode::Disable);
            Check::Nothing
        }
        Some("require") => {
            config.ssl_mode(SslMode::Require);
            Check::Nothing
        }
        Some("verify-full") => {
            config.ssl_mode(SslMode::Require);
            Check::Full
        }
        Some("verify-ca") => {
            return Err(invalid(
                "sslmode=verify-ca is not supported: use verify-full (the chain and the host \
                 name) or require (encryption only)"
                    .into(),
            ));
        }
        Some(other) => {
            return Err(invalid(format!(
                "sslmode={other}: one of disable, prefer, require, verify-full"
            )));
        }
    };
    if root_file.is_some() && check != Check::Full {
        return Err(invalid(
            "sslrootcert is read only with sslmode=verify-full".into(),
        ));
    }
    let client = client_config(check, root_file.as_deref()).map_err(invalid)?;
    Ok((config, MakeRustlsConnect::new(client)))
}

/// `url` without its `sslmode` and `sslrootcert` parameters (which the
/// driver reads only in part), and their values.
fn split_tls(url: &str) -> Result<(String, Option<String>, Option<String>), String> {
    let Some((base, query)) = url.split_once('?') else {
        return Ok((url.to_owned(), None, None));
    };
    let (mut mode, mut root) = (None, None);
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "sslmode" => mode = Some(value.to_owned()),
            "sslrootcert" => {
                if value.is_empty() {
                    return Err("sslrootcert: the path of a PEM file".into());
                }
                root = Some(percent_decoded(value)?);
            }
            _ => kept.push(pair),
        }
    }
    let rest = if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((rest, mode, root))
}

/// `value` with its `%XX` escapes decoded (a path in a URL).
fn percent_decoded(value: &str) -> Result<String, String> {
    percent_encoding::percent_decode_str(value)
        .decode_utf8()
        .map(|path| path.into_owned())
        .map_err(|_| format!("`{value}` is not UTF-8 once decoded"))
}

/// The rustls client configuration of a check.
fn client_config(check: Check, root_file: Option<&str>) -> Result<ClientConfig, String> {
    let provider = Arc::new(ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?;
    let config = match check {
        Check::Nothing => builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(EncryptionOnly(provider)))
            .with_no_client_auth(),
        Check::Full => builder
            .with_root_certificates(roots(root_file)?)
            .with_no_client_auth(),
    };
    Ok(config)
}

/// The roots a `verify-full` connection trusts: those of `file` (PEM), else
/// the system's.
fn roots(file: Option<&str>) -> Result<RootCertStore, String> {
    let mut roots = RootCertStore::empty();
    match file {
        Some(path) => {
            for cert in CertificateDer::pem_file_iter(path)
                .map_err(|e| format!("sslrootcert {path}: {e}"))?
            {
                let cert = cert.map_err(|e| format!("sslrootcert {path}: {e}"))?;
                roots
                    .add(cert)
                    .map_err(|e| format!("sslrootcert {path}: {e}"))?;
            }
            if roots.is_empty() {
                return Err(format!("sslrootcert {path}: no certificate in it"));
            }
        }
        None => {
            let found = rustls_native_certs::load_native_certs();
            let (added, _) = roots.add_parsable_certificates(found.certs);
            if added == 0 {
                return Err(
                    "sslmode=verify-full: the system has no root certificates; name a PEM file \
                     with sslrootcert=…"
                        .into(),
                );
            }
        }
    }
    Ok(roots)
}

/// The verifier of `prefer` and `require`: any certificate is accepted (as
/// libpq does without a root file), but the handshake's signatures are
/// checked, so the connection is encrypted to whoever holds its key.
#[derive(Debug)]
struct EncryptionOnly(Arc<CryptoProvider>);

impl ServerCertVerifier for EncryptionOnly {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tls_parameters_are_taken_out_of_the_url() {
        assert_eq!(
            split_tls("postgres://u@h:1/db").unwrap(),
            ("postgres://u@h:1/db".into(), None, None)
        );
        assert_eq!(
            split_tls(
                "postgres://u@h/db?sslmode=verify-full&sslrootcert=/a%20b/ca.pem&connect_timeout=3"
            )
            .unwrap(),
            (
                "postgres://u@h/db?connect_timeout=3".into(),
                Some("verify-full".into()),
                Some("/a b/ca.pem".into())
            )
        );
        assert!(split_tls("postgres://h/db?sslrootcert=").is_err());
        assert!(split_tls("postgres://h/db?sslrootcert=%ff").is_err());
    }

    #[test]
    fn unknown_or_unsupported_modes_are_refused_clearly() {
        let refused = |url: &str| match configure(url) {
            Err(StoreError::Invalid(why)) => why,
            other => panic!("{url}: {:?}", other.map(|_| ())),
        };
        assert!(refused("postgres://h/db?sslmode=verify-ca").contains("verify-full"));
        assert!(refused("postgres://h/db?sslmode=always").contains("one of disable"));
        assert!(
            refused("postgres://h/db?sslmode=require&sslrootcert=/x.pem").contains("verify-full")
        );
        assert!(
            refused("postgres://h/db?sslmode=verify-full&sslrootcert=/no/such.pem")
                .contains("/no/such.pem")
        );
        for ok in ["disable", "prefer", "require"] {
            assert!(
                configure(&format!("postgres://h/db?sslmode={ok}")).is_ok(),
                "{ok}"
            );
        }
        assert!(configure("postgres://h/db").is_ok());
    }
}
