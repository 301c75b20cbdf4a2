#!/usr/bin/env bash
# The learned ranker at scale: a fresh store seeded by the server (XOSEEN_SEED_COUNT personas and
# their simulated history, about 50 decisions each), then `xoseen train` timed on that event log,
# then POST /ml/rank latency served by the learned model and by the rules (same store, same viewers).
# Env: BENCH_PROFILES (20000 ≈ 1M events; 100000 ≈ 5M), BENCH_DURATION (10).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
PROFILES=${BENCH_PROFILES:-20000}
DURATION=${BENCH_DURATION:-10}
swift build -c release --product xoseen >/dev/null
BIN="$(swift build -c release --show-bin-path)/xoseen"
DATA=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
PID=""
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$DATA"; }
trap cleanup EXIT INT TERM
export XOSEEN_RESOURCES="$PWD/Resources/xoseen" XOSEEN_TRAIN_INTERVAL_SEC=0
start() {
    XOSEEN_SEED_COUNT="$PROFILES" "$BIN" serve --host 127.0.0.1 --port "$PORT" --data-dir "$DATA" --log-level warning 2>>"$DATA/server.log" &
    PID=$!
    for _ in $(seq 6000); do curl -fs "http://127.0.0.1:$PORT/ml/health" >/dev/null && return; sleep 0.1; done
    echo "bench-learning: server did not start" >&2; exit 1
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }
millis() { date +%s%3N; }

t0=$(millis); start; stop; t1=$(millis)
events=$(sqlite3 "$DATA/xoseen.sqlite" "SELECT COUNT(*) FROM decisions")
echo "bench-learning: $PROFILES profiles, $events events, seeded in $(( (t1 - t0) / 1000 )) s"
/usr/bin/time -f "  train: %e s wall, %M KiB peak RSS" "$BIN" train --no-promote --data-dir "$DATA"
"$BIN" promote v0001 1 --data-dir "$DATA" >/dev/null
sqlite3 "$DATA/xoseen.sqlite" "SELECT id FROM users ORDER BY random() LIMIT 1000" \
    | awk 'BEGIN { printf "ids = {" } { printf "\"%s\",", $1 } END { print "}" }' > "$DATA/ids.lua"
cat > "$DATA/rank.lua" <<'LUA'
dofile(os.getenv("BENCH_IDS"))
local k = 0
request = function()
  k = k + 1
  return wrk.format("POST", "/ml/rank", {["Content-Type"] = "application/json"}, '{"viewerId":"' .. ids[(k * 7 % #ids) + 1] .. '","limit":20}')
end
LUA
export BENCH_IDS="$DATA/ids.lua"
report() {
    local out; out=$(cat)
    printf '  %-28s %9s req/s   p50 %8s   p99 %8s\n' "$1" "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
        "$(echo "$out" | awk '$1 == "50%" {print $2}')" "$(echo "$out" | awk '$1 == "99%" {print $2}')"
}
start
echo "  /ml/health: $(curl -fs "http://127.0.0.1:$PORT/ml/health")"
wrk -t1 -c1 -d"${DURATION}s" --latency -s "$DATA/rank.lua" "http://127.0.0.1:$PORT" | report "/ml/rank, learned, 1 conn"
"$BIN" rules --data-dir "$DATA" >/dev/null
sleep 6
echo "  /ml/health: $(curl -fs "http://127.0.0.1:$PORT/ml/health")"
wrk -t1 -c1 -d"${DURATION}s" --latency -s "$DATA/rank.lua" "http://127.0.0.1:$PORT" | report "/ml/rank, rule_based, 1 conn"
