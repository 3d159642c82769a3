//! The bots crate's binaries as processes: `--help`, and `bang-bots` failing
//! loudly (exit 1, a clear message) when it cannot work.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::{Command, Output};

fn bang_bots(server: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bang-bots"))
        .args([
            "--server",
            server,
            "--worker-key",
            "wrong",
            "--connect-attempts",
            "2",
        ])
        .env_remove("BANG_SERVER")
        .env_remove("BANG_WORKER_KEY")
        .output()
        .expect("bang-bots runs")
}

#[test]
fn bang_bots_exits_1_when_the_server_cannot_be_reached() {
    // A port nothing listens on: bound, then closed.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let out = bang_bots(&format!("http://127.0.0.1:{port}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot reach"), "{stderr}");
}

#[test]
fn bang_bots_exits_1_when_the_server_refuses_its_key() {
    // A server that answers every request 401, as BANG! does a wrong key.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf);
            let body = r#"{"code":"unauthorized"}"#;
            let _ = write!(
                stream,
                "HTTP/1.1 401 Unauthorized\r\ncontent-type: application/problem+json\r\n\
                 content-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    let out = bang_bots(&format!("http://{addr}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("refused the worker key"), "{stderr}");
    assert!(stderr.contains("401"), "{stderr}");
}

#[test]
fn every_binary_has_a_help() {
    for (bin, flags) in [
        (
            env!("CARGO_BIN_EXE_bang-bots"),
            &["--server", "--worker-key", "--delay-ms"][..],
        ),
        (
            env!("CARGO_BIN_EXE_simulate"),
            &[
                "--ruleset",
                "--players",
                "--games",
                "--seed",
                "--bots",
                "--options",
            ][..],
        ),
    ] {
        let out = Command::new(bin).arg("--help").output().expect("runs");
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{bin} --help: {help}");
        for flag in flags {
            assert!(help.contains(flag), "{bin} --help lacks {flag}:\n{help}");
        }
    }
}

/// `simulate --lift` prints one line per role and a closing line, and refuses
/// a pair it cannot read with exit 2.
#[test]
fn simulate_lift_prints_a_line_per_role() {
    let simulate = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_simulate"))
            .args(args)
            .output()
            .expect("simulate runs")
    };
    let out = simulate(&[
        "--ruleset",
        "dice",
        "--games",
        "20",
        "--lift",
        "normal/random",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for role in ["sheriff", "deputy", "outlaw", "renegade"] {
        assert!(
            stdout.contains(&format!(
                "lift policy=normal base=random role={role} pairs="
            )),
            "{stdout}"
        );
    }
    assert!(stdout.contains("seeds=20 games=120 failures=0"), "{stdout}");
    let bad = simulate(&["--ruleset", "dice", "--games", "1", "--lift", "normal"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("POLICY/BASE"));
}
