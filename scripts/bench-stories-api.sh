#!/usr/bin/env bash
# GET /stories under load: 10,000 analysed stories (30,000 articles) in the store (inserted
# directly with SQLite), the release `jarvis` serving them, wrk on 127.0.0.1. Prints how long the
# server took to listen and to rebuild its clustering index (in the background), then requests/s
# and p99 per query once the index is ready (so the rebuild does not compete with wrk).
# Env: BENCH_STORIES (10000), BENCH_DURATION (10), BENCH_CONNECTIONS (64),
#      BENCH_BASELINE_BIN (another `jarvis` binary, e.g. main's, measured first on a copy of the same store).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh wrk sqlite3 >/dev/null
STORIES=${BENCH_STORIES:-10000}
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
swift build -c release --product jarvis >/dev/null
BIN="$(swift build -c release --show-bin-path)/jarvis"
DATA=$(mktemp -d)
PORT=$((20000 + RANDOM % 12000))
PID=""
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$DATA"; }
trap cleanup EXIT INT TERM

now_ms() { date +%s%3N; }

# start BIN DIR: serve DIR; print seconds until /health answers and until the clustering index is
# rebuilt (`jarvis_clustering_index_restoring` back at 0; a binary without the gauge rebuilds before listening).
start() {
    local bin=$1 dir=$2 began listened ready metrics
    began=$(now_ms)
    JARVIS_DEFAULT_FEEDS=0 JARVIS_SAMPLE_FEEDS=0 "$bin" serve --host 127.0.0.1 --port "$PORT" --data-dir "$dir" \
        --log-level warning 2>"$dir/server.log" &
    PID=$!
    listened=""
    for _ in $(seq 3000); do
        if curl -fs "http://127.0.0.1:$PORT/health" >/dev/null; then listened=$(now_ms); break; fi
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$listened" ]; then
        echo "bench-stories-api: server did not start; its log ends:" >&2
        tail -5 "$dir/server.log" >&2
        exit 1
    fi
    # While the index is rebuilt, a reader asks for a page every 0.1 s (random size and filter, so
    # mostly not from the page cache): its latency shows whether the rebuild holds the threads
    # requests need.
    ready=""
    : >"$dir/probe.txt"
    for _ in $(seq 6000); do
        metrics=$(curl -fs "http://127.0.0.1:$PORT/metrics" || true)
        if ! grep -q '^jarvis_clustering_index_restoring [1-9]' <<<"$metrics"; then
            ready=$(now_ms); break
        fi
        curl -fs -o /dev/null -w '%{time_total}\n' "http://127.0.0.1:$PORT/stories?limit=$((RANDOM % 100 + 1))&min_signal=$((RANDOM % 90))" \
            >>"$dir/probe.txt" || true
        sleep 0.1
    done
    [ -n "$ready" ] || { echo "bench-stories-api: clustering index not rebuilt within 10 minutes" >&2; exit 1; }
    awk -v l=$((listened - began)) -v r=$((ready - began)) \
        'BEGIN { printf "  start-up: listening after %.1f s, clustering index ready after %.1f s\n", l / 1000, r / 1000 }'
    sort -n "$dir/probe.txt" | awk '{ v[NR] = $1 * 1000 } END {
        if (NR == 0) exit
        printf "  /stories while the index is rebuilt: %d requests, p50 %.1f ms, p90 %.1f ms, max %.1f ms\n",
            NR, v[int(NR * 0.5) + 1], v[int(NR * 0.9) + 1], v[NR] }'
}

# The server's user + system CPU so far, in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }

stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }

# Each binary creates its own schema (a baseline may be older), then gets the same stories.
mkdir -p "$DATA/new"
start "$BIN" "$DATA/new" >/dev/null
stop
if [ -n "${BENCH_BASELINE_BIN:-}" ]; then
    mkdir -p "$DATA/baseline"
    start "$BENCH_BASELINE_BIN" "$DATA/baseline" >/dev/null
    stop
fi
python3 - "$STORIES" > "$DATA/seed.sql" <<'PY'
import random, sys, time
n = int(sys.argv[1]); random.seed(7)
topics = ["finance", "tech", "politics", "africa"]
# Now, so that no story goes stale (36 h) during the run.
now = int(time.time() * 1000)
print("BEGIN;")
print("INSERT INTO feeds (id,name,url,poll_interval_seconds,health,failure_count,next_poll_at,created_at) VALUES ('feed_bench','Bench Wire','https://bench.example/rss',900,'active',0,%d,%d);" % (now, now))
for i in range(n):
    sid = "story_%016x" % i
    s = [random.randint(0, 25), random.randint(0, 25), random.randint(0, 15), random.randint(0, 20), random.randint(0, 15)]
    upd = now - random.randint(0, 86_400_000)
    print("INSERT INTO stories (id,created_at,updated_at,headline,summary,topic,signal_score,score_source_authority,score_freshness,score_local_relevance,score_cross_source,score_topic_importance,source_count,last_article_at,analyzed) VALUES ('%s',%d,%d,'Headline number %d about markets and elections','First sentence of the summary of story %d. A second sentence with more detail.','%s',%d,%d,%d,%d,%d,%d,3,%d,1);"
          % (sid, upd, upd, i, i, topics[i % 4], sum(s), *s, upd))
    for k in range(3):
        print("INSERT INTO articles (id,feed_id,story_id,source,source_url,headline,body,published_at,first_seen_at,updated_at,guid,content_hash) VALUES ('art_%d_%d','feed_bench','%s','Outlet %d','https://bench.example/%d/%d','Headline %d','Body.',%d,%d,%d,'g%d_%d','h%d_%d');"
              % (i, k, sid, k, i, k, i, upd - k * 60000, upd, upd, i, k, i, k))
print("COMMIT;")
PY
for dir in "$DATA/new" "$DATA/baseline"; do [ -d "$dir" ] && sqlite3 "$dir/jarvis.sqlite" < "$DATA/seed.sql"; done
rm "$DATA/seed.sql"

# measure NAME BIN DIR: start-up, then every query under wrk.
measure() {
    local name=$1 bin=$2 dir=$3 cursor out rps p99 non2xx
    echo "$name ($bin)"
    start "$bin" "$dir"
    cursor=$(curl -fs "http://127.0.0.1:$PORT/stories?limit=20" | python3 -c 'import json,sys; print(json.load(sys.stdin)["nextCursor"])')
    for path in "/stories" "/stories?topic=africa" "/stories?after=$cursor" "/stories?min_signal=60"; do
        ticks=$(cpu_ticks)
        out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "http://127.0.0.1:$PORT$path")
        ticks=$(( $(cpu_ticks) - ticks ))
        rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
        p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
        non2xx=$(echo "$out" | awk '/Non-2xx/ {print $5}')
        requests=$(echo "$out" | awk '/requests in/ {print $1}')
        # Server CPU per request: comparable on a loaded machine, where requests/s depends on the neighbours.
        cpu=$(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" -v n="$requests" 'BEGIN { printf "%.0f", t / hz * 1e6 / (n > 0 ? n : 1) }')
        printf '  %-40s %10s req/s   p99 %8s   %6s µs CPU/req   non-2xx %s\n' "${path:0:40}" "$rps" "$p99" "$cpu" "${non2xx:-0}"
    done
    stop
}

echo "bench-stories-api: $STORIES stories, wrk -t2 -c$CONNECTIONS -d${DURATION}s on 127.0.0.1"
if [ -n "${BENCH_BASELINE_BIN:-}" ]; then
    measure "baseline" "$BENCH_BASELINE_BIN" "$DATA/baseline"
    rm -rf "$DATA/baseline"
fi
measure "this build" "$BIN" "$DATA/new"
