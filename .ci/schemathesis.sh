#!/usr/bin/env bash
# Contract test: schemathesis fuzzes the real server against its own OpenAPI
# document (/openapi.json) and fails on any 5xx, any status, content type,
# header or body the document does not describe, and any schema-violating
# request the server accepts. Bounded: the whole step takes about 2 minutes.
#
# Extra arguments go to `schemathesis run` (e.g. `--seed 7` to explore other
# requests than CI's fixed seed).
#
# Needs python3 with pip (schemathesis is installed from PyPI, pinned) and
# cargo. The server is the one `cargo test --workspace` builds (dev profile),
# so after the tests nothing is compiled again.
set -euo pipefail
cd "$(dirname "$0")/.."
step_started=$(date +%s)

SCHEMATHESIS_VERSION=4.32.5
# Fuzzing time (the whole run, all phases); the run stops by itself then.
MAX_TIME=${SCHEMATHESIS_MAX_TIME:-100}

st() {
    python3 -c 'import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())' "$@"
}

installed() {
    python3 -c 'from importlib.metadata import version; print(version("schemathesis"))' 2>/dev/null || true
}

echo "== schemathesis: install $SCHEMATHESIS_VERSION"
if [ "$(installed)" != "$SCHEMATHESIS_VERSION" ]; then
    # --break-system-packages only where pip refuses a system Python (PEP 668).
    python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" ||
        python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
            "schemathesis==$SCHEMATHESIS_VERSION"
fi
echo "schemathesis $(installed)"

echo "== schemathesis: build the server (as cargo test builds it)"
# The same command as .ci/run's tests, so after them nothing is compiled again:
# `cargo build -p api` would resolve other features and build a second copy.
# It leaves target/debug/bang-server, which api's integration tests run.
cargo test --workspace --locked --no-run
server_bin=target/debug/bang-server
if [ ! -x "$server_bin" ]; then
    cargo build -p api --bin bang-server --locked
fi

work=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# A fresh store, no embedded bots (nothing moves but what schemathesis posts),
# a known worker key, and limits on but loose enough for a fuzzer on loopback.
# Webhooks may reach loopback (the run's subscriptions point at 127.0.0.1:9,
# where nothing listens), and a stream whose reader left gives its slot back
# within a second (schemathesis stops reading a live stream after 2 s).
echo "== schemathesis: start the server"
worker_key=schemathesis-worker-key
# A port free now (the kernel picks it; it is released just before the server binds).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base=http://127.0.0.1:$port
BANG_ADDR=127.0.0.1:$port \
    BANG_DATA="$work/data" \
    BANG_BOTS=off \
    BANG_WORKER_KEY=$worker_key \
    BANG_SEED_SECRET=schemathesis \
    BANG_RATE_PER_CLIENT=100000 BANG_BURST_PER_CLIENT=100000 \
    BANG_RATE_PER_TOKEN=100000 BANG_BURST_PER_TOKEN=100000 \
    BANG_CREATES_PER_MINUTE=1000000 BANG_CREATES_BURST=100000 \
    BANG_MAX_CONNECTIONS_PER_CLIENT=10000 \
    BANG_ORDERS_PER_MINUTE=1000000 \
    BANG_WEBHOOK_ALLOW_PRIVATE=1 \
    BANG_STREAM_HEARTBEAT_S=1 \
    NO_COLOR=1 RUST_LOG=warn \
    "$server_bin" >"$work/server.log" 2>&1 &
server_pid=$!

up=
for _ in $(seq 1 300); do
    if python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
        "$base/healthz" >/dev/null 2>&1; then
        up=yes
        break
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "the server did not start:" >&2
        cat "$work/server.log" >&2
        exit 1
    fi
    sleep 0.2
done
if [ -z "$up" ]; then
    echo "the server did not answer /healthz within a minute:" >&2
    cat "$work/server.log" >&2
    exit 1
fi
echo "server at $base"

echo "== schemathesis: fixtures (a player, a finished game, open tables, a kept seat, webhooks)"
python3 .ci/schemathesis_fixtures.py "$base" >"$work/fixtures.env"
# shellcheck disable=SC1091
. "$work/fixtures.env"

echo "== schemathesis: run (up to ${MAX_TIME}s)"
started=$(date +%s)
set +e
BANG_WORKER_KEY=$worker_key BANG_BASE_URL=$base PYTHONPATH=.ci \
    st --config-file .ci/schemathesis.toml run "$base/openapi.json" \
    --max-time "$MAX_TIME" --report har --report-har-path "$work/run.har" "$@" 2>&1 |
    tee "$work/schemathesis.out"
status=${PIPESTATUS[0]}
set -e
echo "schemathesis took $(($(date +%s) - started))s"
# Which operations the run reached: any 2xx answer (the rest only got refusals).
python3 .ci/schemathesis_reached.py openapi/openapi.json "$work/run.har" || true
if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "the server died during the run:" >&2
    tail -n 50 "$work/server.log" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "schemathesis found problems (exit $status); the server's log ends:" >&2
    tail -n 30 "$work/server.log" >&2
fi
echo "schemathesis step: $(($(date +%s) - step_started))s in all"
if [ "$status" -eq 0 ]; then
    # Its count of test cases, as a closing line any reader knows.
    passed=$(grep -o '[0-9]* generated, [0-9]* passed' "$work/schemathesis.out" | tail -n 1 | sed 's/.*, //; s/ passed//')
    echo "schemathesis: ${passed:-0} passed, 0 failed"
fi
exit "$status"
