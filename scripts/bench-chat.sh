#!/usr/bin/env bash
# Chat under load: BENCH_PAIRS matched rooms (1,000 sockets by default) on the release `xoseen`
# over 127.0.0.1, every message safety-scanned before delivery. Prints messages/s delivered end
# to end, delivery latency percentiles, and the server's memory before and after.
# The per-user rate limit is raised for the run (it would otherwise cap each user at 2 msg/s):
# this measures the server, not the policy. Env: BENCH_PAIRS (500), BENCH_DURATION (10),
# Also prints the server's CPU time per delivered message (user + system, from /proc), which other load on
# the machine barely changes. BENCH_BASELINE=DIR: a directory holding another build's `xoseen` (e.g. main's release bin path), measured
# first in the same run on a fresh copy of the same store, so the two figures sit side by side. When DIR also
# holds that build's `chat-bench`, it prepares the baseline's own store instead (an older build refuses a store
# migrated past its schema): the same users and rooms, written by the code that reads them.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
PAIRS=${BENCH_PAIRS:-500}
DURATION=${BENCH_DURATION:-10}
swift build -c release --product xoseen >/dev/null
swift build -c release --product chat-bench >/dev/null
BIN="$(swift build -c release --show-bin-path)"
WORK=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
PID=""
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM
ulimit -n 65536 2>/dev/null || ulimit -n 8192 2>/dev/null || true

"$BIN/chat-bench" prepare "$WORK/store" "$PAIRS"
rss() { awk '/VmRSS/ {printf "%.1f MiB", $2 / 1024}' "/proc/$PID/status"; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }  # user + system, in clock ticks
measure() {  # $1 label, $2 directory holding the xoseen to measure
    local data="$WORK/$1"
    if [ "$2" != "$BIN" ] && [ -x "$2/chat-bench" ]; then
        "$2/chat-bench" prepare "$data" "$PAIRS" >/dev/null 2>&1
    else
        cp -r "$WORK/store" "$data"
    fi
    # Burst at its documented maximum; every socket comes from 127.0.0.1, past the per-address cap.
    XOSEEN_CHAT_BURST=10000 XOSEEN_CHAT_RATE=100000 HTTP_PER_ADDRESS_CONNECTIONS=4096 "$2/xoseen" serve --host 127.0.0.1 \
        --port "$PORT" --data-dir "$data" --log-level warning 2>"$data/server.log" &
    PID=$!
    for _ in $(seq 300); do curl -fs "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
    echo "bench-chat: $1: server RSS before: $(rss)"
    local ticks out
    ticks=$(cpu_ticks)
    out=$("$BIN/chat-bench" run "$PORT" "$PAIRS" "$DURATION" "$1")
    echo "$out"
    # CPU the server spent per delivered message: unlike msg/s, barely moved by other load on the machine.
    echo "$out" | awk -v t="$(($(cpu_ticks) - ticks))" -v hz="$(getconf CLK_TCK)" -v label="$1" \
        '/messages delivered/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "messages") n = $i }
         END { if (n > 0) printf "bench-chat: %s: server CPU %.0f µs per delivered message\n", label, t / hz * 1e6 / n }'
    echo "bench-chat: $1: server RSS after $((2 * PAIRS)) sockets and the run: $(rss)"
    kill "$PID"
    wait "$PID" 2>/dev/null || true
    PID=""
}
if [ -n "${BENCH_BASELINE:-}" ]; then measure baseline "$BENCH_BASELINE"; fi
measure "this build" "$BIN"
