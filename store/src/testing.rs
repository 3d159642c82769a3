//! Test support (feature `testing`): a fresh PostgreSQL database per test.
//!
//! [`postgres_database`] answers, in this order:
//!
//! 1. with the environment variable `BANG_TEST_POSTGRES` (an admin URL such
//!    as `postgres://bang@127.0.0.1:55432/postgres`): a new database created there;
//! 2. else with a private cluster this process starts once (`initdb` and
//!    `pg_ctl` from `PATH` or the newest `/usr/lib/postgresql/*/bin`, in a
//!    temporary directory, on a free port; through `runuser -u postgres` when
//!    running as root, which PostgreSQL refuses), stopped and deleted by a
//!    watchdog shell once this process ends, even if it crashes;
//! 3. else `None`, having said once on stderr why PostgreSQL runs are skipped.
//!
//! The private cluster serves TLS with a certificate for `localhost` and
//! 127.0.0.1 made when it starts, signed by a root of its own
//! ([`test_root_certificate`]), so that tests connect with every `sslmode`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use tokio_postgres::NoTls;

/// What [`postgres_database`] prints (once) when it has no PostgreSQL.
pub const SKIPPED: &str =
    "PostgreSQL runs skipped: set BANG_TEST_POSTGRES or install PostgreSQL (initdb and pg_ctl)";

/// The admin URL of the cluster, once found or started (`None`: none).
static CLUSTER: Mutex<Option<Option<String>>> = Mutex::new(None);
static DATABASES: AtomicUsize = AtomicUsize::new(0);
/// The root of the private cluster's certificate, once it serves TLS.
static ROOT_CERTIFICATE: OnceLock<PathBuf> = OnceLock::new();

/// The PEM file of the root that signed the test cluster's certificate (for
/// `localhost` and 127.0.0.1), when this process started the cluster and it
/// serves TLS: a test may then connect with `sslmode=verify-full`. `None`
/// with `BANG_TEST_POSTGRES` or without PostgreSQL.
pub fn test_root_certificate() -> Option<PathBuf> {
    admin_url()?;
    ROOT_CERTIFICATE.get().cloned()
}

/// The URL of a new, empty database on the test cluster, or `None` (after
/// printing [`SKIPPED`] once per process) when there is no PostgreSQL.
pub async fn postgres_database() -> Option<String> {
    let admin = admin_url()?;
    let n = DATABASES.fetch_add(1, Ordering::Relaxed);
    let name = format!("bang_t_{}_{n}", std::process::id());
    let (client, connection) = match tokio_postgres::connect(&admin, NoTls).await {
        Ok(pair) => pair,
        Err(e) => panic!("test PostgreSQL at {admin}: {e}"),
    };
    let driver = tokio::spawn(connection);
    if let Err(e) = client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
    {
        panic!("create test database {name}: {e}");
    }
    drop(client);
    let _ = driver.await;
    Some(with_database(&admin, &name))
}

/// `url` with its database replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..host_end]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// The admin URL of the test cluster, finding or starting it the first time.
fn admin_url() -> Option<String> {
    let mut cluster = CLUSTER.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = &*cluster {
        return known.clone();
    }
    let url = std::env::var("BANG_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
        .or_else(|| match start_cluster() {
            Ok(url) => Some(url),
            Err(why) => {
                // Straight to the process's stderr, not through `eprintln!`,
                // which the test harness captures (and shows only for a
                // failing test): `cargo test` must say that these runs were
                // skipped.
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "{SKIPPED} ({why})");
                None
            }
        });
    *cluster = Some(url.clone());
    url
}

/// The directory holding `initdb` and `pg_ctl`: on `PATH`, else the newest
/// `/usr/lib/postgresql/*/bin`.
fn postgres_bin() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let version = entry.file_name().to_str()?.parse().ok()?;
                let bin = entry.path().join("bin");
                (bin.join("initdb").is_file() && bin.join("pg_ctl").is_file())
                    .then_some((version, bin))
            })
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    })
}

/// Whether this process runs as root (PostgreSQL refuses to).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

/// A command running `program` as the `postgres` user when we are root.
fn as_owner(root: bool, program: &Path) -> Command {
    if root {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// A TCP port nobody listens on now.
fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

fn run(mut command: Command, what: &str) -> Result<(), String> {
    let out = command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Starts a private cluster for this process and its watchdog; its admin URL.
fn start_cluster() -> Result<String, String> {
    let bin = postgres_bin().ok_or("no initdb/pg_ctl found")?;
    let root = is_root();
    let dir = tempfile_dir()?;
    if root {
        run(
            {
                let mut c = Command::new("chown");
                c.args(["-R", "postgres:postgres"]).arg(&dir);
                c
            },
            "chown",
        )?;
    }
    let data = dir.join("data");
    let mut initdb = as_owner(root, &bin.join("initdb"));
    initdb
        .arg("-D")
        .arg(&data)
        .args(["-A", "trust", "-U", "bang", "-E", "UTF8", "--no-sync"]);
    run(initdb, "initdb")?;
    let tls = match certificates(&dir, root) {
        Ok(root_file) => {
            let _ = ROOT_CERTIFICATE.set(root_file);
            format!(
                " -c ssl=on -c ssl_cert_file={dir}/server.crt -c ssl_key_file={dir}/server.key",
                dir = dir.display()
            )
        }
        Err(why) => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "the test PostgreSQL cluster serves no TLS ({why})"
            );
            String::new()
        }
    };
    let port = free_port()?;
    let pg_ctl = bin.join("pg_ctl");
    let mut start = as_owner(root, &pg_ctl);
    start
        .arg("-D")
        .arg(&data)
        .arg("-o")
        .arg(format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=on{tls}",
            dir.display()
        ))
        .arg("-l")
        .arg(dir.join("log"))
        .arg("-w")
        .arg("start");
    run(start, "pg_ctl start")?;
    // The watchdog: once this process is gone, stop the cluster and delete it.
    let stop = format!(
        "{} {} -D {} stop -m immediate",
        if root { "runuser -u postgres --" } else { "" },
        pg_ctl.display(),
        data.display()
    );
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf {dir}",
        pid = std::process::id(),
        dir = dir.display()
    );
    Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("watchdog: {e}"))?;
    Ok(format!("postgres://bang@127.0.0.1:{port}/postgres"))
}

/// Writes a root certificate (`root.pem`) and the server's certificate and
/// key it signed (`server.crt`, `server.key`, for `localhost` and
/// 127.0.0.1) into `dir`, the key readable by the cluster's owner only;
/// the root's path.
fn certificates(dir: &Path, root: bool) -> Result<PathBuf, String> {
    use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, SanType};
    use std::os::unix::fs::PermissionsExt;
    let fail = |e: rcgen::Error| e.to_string();
    let root_key = KeyPair::generate().map_err(fail)?;
    let mut root_params = CertificateParams::new(Vec::<String>::new()).map_err(fail)?;
    root_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    root_params
        .distinguished_name
        .push(DnType::CommonName, "bang test root");
    let root_cert = root_params.self_signed(&root_key).map_err(fail)?;
    let issuer = Issuer::new(root_params, root_key);
    let key = KeyPair::generate().map_err(fail)?;
    let mut params = CertificateParams::new(vec!["localhost".to_owned()]).map_err(fail)?;
    params
        .subject_alt_names
        .push(SanType::IpAddress(std::net::Ipv4Addr::LOCALHOST.into()));
    let cert = params.signed_by(&key, &issuer).map_err(fail)?;
    let write = |name: &str, text: String, mode: u32| -> Result<PathBuf, String> {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    };
    let root_file = write("root.pem", root_cert.pem(), 0o644)?;
    let crt = write("server.crt", cert.pem(), 0o644)?;
    let key = write("server.key", key.serialize_pem(), 0o600)?;
    if root {
        let mut chown = Command::new("chown");
        chown.arg("postgres:postgres").arg(&crt).arg(&key);
        run(chown, "chown")?;
    }
    Ok(root_file)
}

/// A new directory for the cluster, kept (the watchdog deletes it).
fn tempfile_dir() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!(
        "bang-pg-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// Packs a log as PostgreSQL keeps a finished game's (for tests that alter
/// a packed record).
pub fn pack_for_test(
    envelopes: &[crate::Envelope],
    dedupe: &[crate::transfer::DedupeExport],
) -> Result<Vec<u8>, crate::StoreError> {
    crate::packed::pack(envelopes, dedupe, None)
}

/// Opens the sled database of a store just dropped, as sled itself (to
/// alter it by hand): waits up to 3 s for its lock, which the store's
/// packer thread keeps until a packing under way ends.
pub fn open_dropped_sled(path: &std::path::Path) -> sled::Db {
    let started = std::time::Instant::now();
    loop {
        match sled::open(path) {
            Err(sled::Error::Io(e))
                if e.to_string().contains("could not acquire lock")
                    && started.elapsed() < std::time::Duration::from_secs(3) =>
            {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            opened => return opened.expect("open the sled database"),
        }
    }
}

/// Game `id`'s packed log as the sled store in `path`, just dropped and
/// opened by hand as `db`, keeps it (for tests that look at one).
pub fn sled_packed_log(db: &sled::Db, path: &std::path::Path, id: crate::GameId) -> Vec<u8> {
    let packed = db.open_tree("packed").expect("the packed tree");
    let file = crate::sled::packfile::PackFile::open(path).expect("the packed logs' file");
    let record = crate::sled::pack::read_record(&packed, &file, id).expect("read packed");
    record.expect("a packed record").2
}

/// Replaces game `id`'s packed log in the sled store in `path`, just
/// dropped and opened by hand as `db`, by `log`, which holds envelopes up to
/// `upto`, the last with hash `hash` (for tests that alter one).
pub fn sled_replace_packed_log(
    db: &sled::Db,
    path: &std::path::Path,
    id: crate::GameId,
    head: (u64, &str),
    log: &[u8],
) {
    let packed = db.open_tree("packed").expect("the packed tree");
    let file = crate::sled::packfile::PackFile::open(path).expect("the packed logs' file");
    crate::sled::pack::write_record(&packed, &file, id, head, log).expect("write packed");
    db.flush().expect("flush");
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn urls_get_their_database_replaced() {
        assert_eq!(
            with_database("postgres://bang@127.0.0.1:5432/postgres", "x"),
            "postgres://bang@127.0.0.1:5432/x"
        );
        assert_eq!(
            with_database("postgres://bang@h:1/postgres?sslmode=disable", "x"),
            "postgres://bang@h:1/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://h", "x"), "postgres://h/x");
    }
}
