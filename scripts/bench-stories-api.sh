#!/usr/bin/env bash
# GET /stories under load: 10,000 analysed stories in the store (inserted directly with
# SQLite), the release `jarvis` serving them, wrk on 127.0.0.1. Prints requests/s and p99.
# Env: BENCH_STORIES (10000), BENCH_DURATION (10), BENCH_CONNECTIONS (64).
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
PORT=$((20000 + RANDOM % 20000))
PID=""
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$DATA"; }
trap cleanup EXIT INT TERM

start() {
    JARVIS_DEFAULT_FEEDS=0 JARVIS_SAMPLE_FEEDS=0 "$BIN" serve --host 127.0.0.1 --port "$PORT" --data-dir "$DATA" \
        --log-level warning 2>"$DATA/server.log" &
    PID=$!
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/health" >/dev/null && return; sleep 0.1; done
    echo "bench-stories-api: server did not start" >&2; exit 1
}

start
kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
python3 - "$STORIES" > "$DATA/seed.sql" <<'PY'
import random, sys
n = int(sys.argv[1]); random.seed(7)
topics = ["finance", "tech", "politics", "africa"]
now = 1_796_000_000_000
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
sqlite3 "$DATA/jarvis.sqlite" < "$DATA/seed.sql"
start
CURSOR=$(curl -fs "http://127.0.0.1:$PORT/stories?limit=20" | python3 -c 'import json,sys; print(json.load(sys.stdin)["nextCursor"])')
echo "bench-stories-api: $STORIES stories, wrk -t2 -c$CONNECTIONS -d${DURATION}s on 127.0.0.1"
for path in "/stories" "/stories?topic=africa" "/stories?after=$CURSOR" "/stories?min_signal=60"; do
    out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "http://127.0.0.1:$PORT$path")
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    non2xx=$(echo "$out" | awk '/Non-2xx/ {print $5}')
    printf '  %-40s %10s req/s   p99 %8s   non-2xx %s\n' "${path:0:40}" "$rps" "$p99" "${non2xx:-0}"
done
