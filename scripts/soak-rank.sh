#!/usr/bin/env bash
# Soak: one viewer's first page of POST /ml/rank, hammered for SOAK_MINUTES (default 10) by wrk
# (SOAK_CONNECTIONS, default 32), against the release `xoseen` on 127.0.0.1 with the default
# 400-persona seed. Prints one line per minute: requests/s, p50/p99 latency, database size
# (main file + WAL), rank_chains rows, and the server's RSS. Flat latency, flat size and flat
# RSS are the pass condition: a first page writes nothing durable and cursor chains are bounded
# in memory and expire (docs/xoseen-privacy.md).
# Env: SOAK_MINUTES (10), SOAK_CONNECTIONS (32), SOAK_THREADS (2), SOAK_BIN.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
MINUTES=${SOAK_MINUTES:-10}
CONNECTIONS=${SOAK_CONNECTIONS:-32}
THREADS=${SOAK_THREADS:-2}
# SOAK_BIN: an already built release `xoseen` (else it is built here).
if [ -n "${SOAK_BIN:-}" ]; then BIN="$SOAK_BIN"; else
    swift build -c release --product xoseen >/dev/null
    BIN="$(swift build -c release --show-bin-path)/xoseen"
fi
WORK=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
PID=""
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM

DATA="$WORK/data"; mkdir -p "$DATA"
XOSEEN_RESOURCES="$PWD/Resources/xoseen" "$BIN" serve --host 127.0.0.1 --port "$PORT" --data-dir "$DATA" \
    --log-level warning 2>>"$WORK/server.log" &
PID=$!
for _ in $(seq 6000); do curl -fs "http://127.0.0.1:$PORT/ml/health" >/dev/null && break; sleep 0.1; done
# The first persona whose first page is full (20 cards and a next cursor): the costliest first page.
VIEWER=$(python3 - "$PORT" <<'PY'
import json, sys, urllib.request
base = "http://127.0.0.1:%s" % sys.argv[1]
for viewer in json.load(urllib.request.urlopen(base + "/ml/viewers"))["viewers"]:
    body = json.dumps({"viewerId": viewer["id"], "limit": 20}).encode()
    request = urllib.request.Request(base + "/ml/rank", data=body, headers={"Content-Type": "application/json"})
    page = json.load(urllib.request.urlopen(request))
    if len(page["candidates"]) == 20 and page["nextCursor"]:
        print(viewer["id"]); break
PY
)
cat > "$WORK/first-page.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"viewerId":"$VIEWER","limit":20}'
LUA

size() { local total=0; for f in "$DATA"/xoseen.sqlite "$DATA"/xoseen.sqlite-wal; do [ -f "$f" ] && total=$((total + $(stat -c %s "$f"))); done; echo $((total / 1024)); }
rss() { awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$PID/status"; }
chains() { sqlite3 "$DATA/xoseen.sqlite" "SELECT COUNT(*) FROM rank_chains" 2>/dev/null || echo "?"; }

echo "soak-rank: POST /ml/rank first page of $VIEWER, wrk -t$THREADS -c$CONNECTIONS, $MINUTES x 60 s, $(nproc) cores shared by wrk and the server"
printf '  %-6s %10s %10s %10s %10s %8s %8s\n' minute "req/s" p50 p99 "db KiB" chains "rss MiB"
printf '  %-6s %10s %10s %10s %10s %8s %8s\n' start - - - "$(size)" "$(chains)" "$(rss)"
for minute in $(seq "$MINUTES"); do
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d60s --latency -s "$WORK/first-page.lua" "http://127.0.0.1:$PORT/ml/rank")
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    non2xx=$(echo "$out" | awk '/Non-2xx/ {print $5}')
    printf '  %-6s %10s %10s %10s %10s %8s %8s %s\n' "$minute" "$rps" "$p50" "$p99" "$(size)" "$(chains)" "$(rss)" \
        "${non2xx:+non-2xx $non2xx}"
done
