#!/usr/bin/env bash
# Runs a command (the test command) and watches its test binaries: one that
# runs longer than BANG_CI_TEST_LIMIT_S (default 1200 s; the slowest binary,
# the PostgreSQL suite, takes ~6 minutes) is hung. Its threads' stacks are
# printed (with gdb, installed then if it is missing) and it is killed, so a
# hang fails the run in bounded time and says where it hung, instead of
# using up CI's whole time and printing nothing.
set -uo pipefail
limit="${BANG_CI_TEST_LIMIT_S:-1200}"
deps="$(pwd)/target/debug/deps/"

"$@" &
command_pid=$!

# Prints what can be known of hung process $1: its threads, then their stacks.
dump() {
    local pid=$1
    echo "== watchdog: $(readlink "/proc/$pid/exe") (pid $pid) ran over ${limit} s: its threads"
    for task in /proc/"$pid"/task/*; do
        printf '%s %s %s\n' "$(cat "$task/comm" 2>/dev/null)" \
            "$(awk '{print $3}' "$task/stat" 2>/dev/null)" "$(cat "$task/wchan" 2>/dev/null)"
    done
    if ! command -v gdb >/dev/null 2>&1; then
        local sudo=
        if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
        $sudo apt-get update -qq >/dev/null 2>&1
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gdb >/dev/null 2>&1
    fi
    if command -v gdb >/dev/null 2>&1; then
        echo "== watchdog: the stacks of pid $pid"
        timeout 300 gdb -p "$pid" -batch -ex "thread apply all bt 40" 2>&1 | grep -v "^\[New LWP\|^warning:"
    else
        echo "== watchdog: gdb could not be installed: no stacks"
    fi
}

while kill -0 "$command_pid" 2>/dev/null; do
    sleep 20
    for pid in $(pgrep -f "^${deps}" 2>/dev/null); do
        exe="$(readlink "/proc/$pid/exe" 2>/dev/null)" || continue
        [[ "$exe" == "$deps"* ]] || continue
        age="$(ps -o etimes= -p "$pid" 2>/dev/null | tr -d ' ')"
        if [ -n "$age" ] && [ "$age" -gt "$limit" ]; then
            dump "$pid"
            kill -9 "$pid" 2>/dev/null
        fi
    done
done
wait "$command_pid"
