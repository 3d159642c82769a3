//! Which URLs a webhook may take and which addresses it may reach: `http` or
//! `https` with a host that resolves, in time, to public addresses only
//! (unless `BANG_WEBHOOK_ALLOW_PRIVATE`). Checked when a webhook is made and
//! again before each delivery, whose connection is pinned to the addresses
//! checked.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use crate::error::ApiError;

/// How long a host name may take to resolve.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Whether `ip` is a public address a webhook may reach: not private,
/// loopback, link-local, unspecified, multicast, broadcast, shared (CGNAT),
/// documentation, benchmarking or reserved; for IPv6 also not a unique local
/// address, and an IPv4 address inside an IPv6 one (mapped, NAT64, 6to4) is
/// judged as itself.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

/// Whether an IPv6 address reaches the public Internet: global unicast
/// (`2000::/3`) outside its reserved blocks, or one of the forms that carry
/// an IPv4 address, judged by that address. Everything outside `2000::/3` is
/// reserved, local or multicast, whatever IPv4 address it may embed.
fn public_v6(v6: Ipv6Addr) -> bool {
    let s = v6.segments();
    let embedded =
        |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    // IPv4-mapped (`::ffff:0:0/96`) and IPv4-translated (`::ffff:0:0:0/96`,
    // SIIT): the IPv4 address they stand for.
    if s[..6] == [0, 0, 0, 0, 0, 0xffff] || s[..6] == [0, 0, 0, 0, 0xffff, 0] {
        return public_v4(embedded(s[6], s[7]));
    }
    // NAT64's well-known prefix (`64:ff9b::/96`): the IPv4 address it reaches.
    // Its local-use prefix (`64:ff9b:1::/48`) is private, like every other
    // address outside `2000::/3` (`::/96` IPv4-compatible included).
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return public_v4(embedded(s[6], s[7]));
    }
    if s[0] & 0xe000 != 0x2000 {
        return false;
    }
    let reserved = match s[0] {
        // IETF protocol assignments (Teredo, whose IPv4 address is
        // obfuscated, benchmarking, ORCHID), and documentation.
        0x2001 => s[1] < 0x0200 || s[1] == 0x0db8,
        // 6to4: the IPv4 address of its relay.
        0x2002 => !public_v4(embedded(s[1], s[2])),
        // Documentation (3fff::/20).
        0x3fff => s[1] < 0x1000,
        _ => false,
    };
    if reserved {
        return false;
    }
    // ISATAP interface ids (`…:0:5efe:a.b.c.d`, `…:200:5efe:a.b.c.d`) lead
    // to the IPv4 host they name.
    if (s[4] & 0xfdff) == 0 && s[5] == 0x5efe {
        return public_v4(embedded(s[6], s[7]));
    }
    true
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let o = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || o[0] == 0
        || (o[0] == 100 && (o[1] & 0xc0) == 64)
        || (o[0] == 192 && o[1] == 0 && o[2] == 0)
        || (o[0] == 198 && (o[1] & 0xfe) == 18)
        || o[0] >= 240)
}

/// Why an address was not used.
pub(super) enum Refused {
    /// The URL is not one a webhook takes.
    Url(String),
    /// The host did not resolve.
    Unresolved(String),
    /// The host resolves to an address that is not public.
    Private(String),
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> ApiError {
        match refused {
            Refused::Url(m) => ApiError::invalid_option(m),
            Refused::Unresolved(m) => ApiError::unprocessable("unresolvable_host", m),
            Refused::Private(m) => ApiError::unprocessable("private_address", m),
        }
    }
}

impl Refused {
    /// What the refusal says.
    pub(super) fn text(self) -> String {
        match self {
            Refused::Url(m) | Refused::Unresolved(m) | Refused::Private(m) => m,
        }
    }
}

/// The URL of a webhook, if it is one: `http` or `https`, with a host.
pub(super) fn parse_url(raw: &str) -> Result<reqwest::Url, Refused> {
    let url = reqwest::Url::parse(raw)
        .map_err(|e| Refused::Url(format!("url: not a URL ({e}): `{raw}`")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Refused::Url(format!(
            "url: an http or https URL, not `{}:`",
            url.scheme()
        )));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(Refused::Url("url: a URL with a host".into()));
    }
    Ok(url)
}

/// The addresses `url`'s host resolves to, each one checked; the first
/// address refused refuses them all.
pub(super) async fn resolve(
    url: &reqwest::Url,
    allow_private: bool,
) -> Result<Vec<SocketAddr>, Refused> {
    let port = url.port_or_known_default().unwrap_or(80);
    let addrs: Vec<SocketAddr> = match url.domain() {
        Some(domain) => {
            let found = tokio::time::timeout(
                RESOLVE_TIMEOUT,
                tokio::net::lookup_host((domain.to_string(), port)),
            )
            .await
            .map_err(|_| Refused::Unresolved(format!("url: `{domain}` did not resolve in time")))?
            .map_err(|e| Refused::Unresolved(format!("url: `{domain}` does not resolve ({e})")))?;
            found.collect()
        }
        None => {
            let host = url.host_str().unwrap_or_default();
            let ip: IpAddr = host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse()
                .map_err(|_| Refused::Url(format!("url: `{host}` is not a host")))?;
            vec![SocketAddr::new(ip, port)]
        }
    };
    if addrs.is_empty() {
        return Err(Refused::Unresolved(format!(
            "url: `{}` resolves to no address",
            url.host_str().unwrap_or_default()
        )));
    }
    if !allow_private && let Some(bad) = addrs.iter().find(|a| !is_public(a.ip())) {
        return Err(Refused::Private(private_detail(
            url.host_str().unwrap_or_default(),
            bad.ip(),
        )));
    }
    Ok(addrs)
}

/// What the refusal of a URL whose `host` resolves to the non-public `ip`
/// says (a 422 `private_address`, and a delivery's error).
pub fn private_detail(host: &str, ip: impl std::fmt::Display) -> String {
    format!(
        "url: `{host}` resolves to {ip}, which is not a public address (private, loopback, \
         link-local and other reserved addresses are refused; a server for tests or a closed \
         network may allow them with BANG_WEBHOOK_ALLOW_PRIVATE=1)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "240.0.0.1",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "2001:db8::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
            "2002:c0a8:101::1",
            "::127.0.0.1",
            // Every other form that carries a private IPv4 address.
            "::ffff:0:7f00:1",
            "::ffff:0:10.0.0.1",
            "::ffff:0:192.168.1.1",
            "2001:4860::5efe:10.0.0.1",
            "2001:4860::200:5efe:127.0.0.1",
            "2001:4860:0:1::5efe:c0a8:101",
            "64:ff9b:1::a00:1",
            "64:ff9b:1::808:808",
            "2001::4136:e378:8000:63bf:3fff:fdd2",
            // Outside 2000::/3: reserved, whatever they embed.
            "100::1",
            "::8.8.8.8",
            "1::1",
            "4000::1",
            "3fff::1",
        ] {
            let ip: IpAddr = private.parse().unwrap();
            assert!(!is_public(ip), "{private} is not public");
        }
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "2606:4700:4700::1111",
            "::ffff:8.8.8.8",
            "::ffff:0:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
            "2001:4860::5efe:8.8.8.8",
            "2a00:1450:4001:81b::200e",
        ] {
            let ip: IpAddr = public.parse().unwrap();
            assert!(is_public(ip), "{public} is public");
        }
    }

    #[test]
    fn webhook_urls_are_http_or_https_with_a_host() {
        assert!(parse_url("https://bot.example.org/bang").is_ok());
        assert!(parse_url("http://127.0.0.1:9/x").is_ok());
        for bad in [
            "ftp://example.org/",
            "file:///etc/passwd",
            "not a url",
            "http://",
        ] {
            assert!(parse_url(bad).is_err(), "{bad}");
        }
    }
}
