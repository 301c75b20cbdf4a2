#!/usr/bin/env bash
# POST /ml/rank latency and POST /ml/feedback throughput with 10k and 100k profiles, through the
# release `xoseen` on 127.0.0.1 driven by wrk (Lua scripts for the JSON bodies).
#
# Each size gets a fresh data directory seeded by the server itself (XOSEEN_SEED_COUNT: the seed
# population generator — genders, orientations, ages, neighbourhoods, interests, texting styles —
# plus its simulated like/pass history, about 50 decisions per persona), then a restart so the
# candidate index is rebuilt from the store as in production.
#   rank:     viewers drawn from 1,000 random personas, limit 20, first pages (each one keeps a
#             cursor chain in memory); one connection (latency) and BENCH_CONNECTIONS (load)
#   feedback: distinct (viewer, candidate) pairs, so each request is a first-time decision
#             (a durable write: decision, training event, maybe a match)
# Env: BENCH_SIZES (10000 100000), BENCH_DURATION (10), BENCH_CONNECTIONS (4).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
SIZES=${BENCH_SIZES:-10000 100000}
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-4}
swift build -c release --product xoseen >/dev/null
BIN="$(swift build -c release --show-bin-path)/xoseen"
WORK=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
PID=""
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM

start() {  # $1 data dir, $2 seed count
    XOSEEN_SEED_COUNT="$2" XOSEEN_RESOURCES="$PWD/Resources/xoseen" "$BIN" serve --host 127.0.0.1 --port "$PORT" \
        --data-dir "$1" --log-level warning 2>>"$1/server.log" &
    PID=$!
    for _ in $(seq 6000); do curl -fs "http://127.0.0.1:$PORT/ml/health" >/dev/null && return; sleep 0.1; done
    echo "bench-rank: server did not start" >&2; exit 1
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }
millis() { date +%s%3N; }

report() {  # $1 label, wrk output on stdin
    local out; out=$(cat)
    local rps p50 p99 non2xx
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    non2xx=$(echo "$out" | awk '/Non-2xx/ {print $5}')
    printf '  %-34s %9s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$1" "$rps" "$p50" "$p99" "${non2xx:-0}"
}

echo "bench-rank: wrk on 127.0.0.1, ${DURATION}s per row, 2 cores shared by wrk and the server"
for SIZE in $SIZES; do
    DATA="$WORK/data-$SIZE"; mkdir -p "$DATA"
    t0=$(millis); start "$DATA" "$SIZE"; t1=$(millis); stop
    start "$DATA" "$SIZE"; t2=$(millis)
    rss=$(awk '/VmRSS/ {printf "%.0f MiB", $2 / 1024}' "/proc/$PID/status")
    decisions=$(sqlite3 "$DATA/xoseen.sqlite" "SELECT COUNT(*) FROM decisions")
    verified=$(sqlite3 "$DATA/xoseen.sqlite" "SELECT COUNT(*) FROM users WHERE verified = 1")
    echo "$SIZE profiles ($verified verified, $decisions decisions): seeded in $(( (t1 - t0) / 1000 )) s," \
         "restart with index rebuild $(( t2 - t1 )) ms, RSS $rss"
    export BENCH_IDS="$WORK/ids-$SIZE.lua"
    sqlite3 "$DATA/xoseen.sqlite" "SELECT id FROM users ORDER BY random() LIMIT 1000" \
        | awk 'BEGIN { printf "ids = {" } { printf "\"%s\",", $1 } END { print "}" }' > "$BENCH_IDS"
    curl -fs -X POST -H 'Content-Type: application/json' -d '{"viewerId":"x"}' "http://127.0.0.1:$PORT/ml/rank" >/dev/null || true
    wrk -t1 -c1 -d"${DURATION}s" --latency -s scripts/wrk/rank.lua "http://127.0.0.1:$PORT" | report "POST /ml/rank, 1 connection"
    wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s scripts/wrk/rank.lua "http://127.0.0.1:$PORT" \
        | report "POST /ml/rank, $CONNECTIONS connections"
    events0=$(sqlite3 "$DATA/xoseen.sqlite" "SELECT COUNT(*) FROM user_events")
    out=$(wrk -t4 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s scripts/wrk/feedback.lua "http://127.0.0.1:$PORT")
    echo "$out" | report "POST /ml/feedback, $CONNECTIONS connections"
    events=$(( $(sqlite3 "$DATA/xoseen.sqlite" "SELECT COUNT(*) FROM user_events") - events0 ))
    echo "    feedback: $(echo "$out" | awk '/requests in/ {print $1}') requests, $events first-time decisions logged"
    stop
done
