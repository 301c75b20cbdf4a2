#!/usr/bin/env bash
# Xoseen as one service on several instances, beside one instance on SQLite, in one run (release builds):
#   chat:     2·BENCH_PAIRS sockets (1,000 by default), closed loop per room (chat-bench), on one instance
#             with SQLite, then dealt over two instances on PostgreSQL + Redis (each room's two users on
#             different instances, so every message crosses Redis); messages/s end to end, p99 delivery
#   rank:     POST /ml/rank p50/p99 (one connection) with BENCH_PROFILES seeded profiles, SQLite vs PostgreSQL:
#             first pages for BENCH_RANK_VIEWERS (10,000) distinct viewers (each request a viewer's first of the
#             row), then for 100 viewers over and over; each store is seeded once and every build measured on
#             it (with BENCH_BASELINE: baseline, this build, repeated BENCH_RANK_ROUNDS times, 2 by default), with
#             each server's RSS after; BENCH_RANK_STORES ("sqlite postgresql") picks the stores
#   feedback: POST /ml/feedback first-time decisions/s (durable writes), 4 connections, SQLite vs PostgreSQL
#             (with the rank rows); the "feedback" part alone measures 4 and 32 connections on a smaller store
#             (BENCH_FEEDBACK_PROFILES, 2000), for this build and, first, BENCH_BASELINE's
# PostgreSQL (durable commits: fsync on, as in production) and Redis are started here from Debian's
# binaries on loopback ports, in a temporary directory, and stopped at the end, like the multi-instance tests.
# On one machine the two instances share its cores with each other and with the clients: the ratio
# shows what the cluster path costs, not what two machines would add.
# Env: BENCH_PAIRS (500), BENCH_DURATION (10 s per row), BENCH_PROFILES (20000: about 7 minutes in all on a
# loaded 2-core machine; 100000 is the issue's size, whose seeding alone takes several times longer),
# BENCH_PARTS ("chat rank"; also "feedback"), BENCH_BASELINE=DIR: a directory holding another build's `xoseen`
# (e.g. main's release bin path) measured beside this one in the chat, rank and feedback parts.
# The chat rows also print the CPU time spent per delivered message by the servers, PostgreSQL and Redis.
# BENCH_ROUNDS (1): chat rows repeated, baseline and this build alternating, so load drift hits both.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
PAIRS=${BENCH_PAIRS:-500}
DURATION=${BENCH_DURATION:-10}
PROFILES=${BENCH_PROFILES:-20000}
PARTS=${BENCH_PARTS:-chat rank}
swift build -c release --product xoseen >/dev/null
swift build -c release --product chat-bench >/dev/null
BIN="$(swift build -c release --show-bin-path)"
WORK=$(mktemp -d)
chmod 711 "$WORK"
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_port=$((20000 + RANDOM % 10000))
redis_port=$((30000 + RANDOM % 10000))
ports=($((40000 + RANDOM % 10000)) $((50000 + RANDOM % 10000)))
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi
pids=()
redis=""
cleanup() {
    [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true
    [ -z "$redis" ] || kill "$redis" 2>/dev/null || true
    wait 2>/dev/null || true
    (cd /tmp && "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$WORK/pg/data" -m immediate stop >/dev/null 2>&1) || true
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
ulimit -n 65536 2>/dev/null || ulimit -n 8192 2>/dev/null || true

mkdir -p "$WORK/pg" "$WORK/redis"
if [ "$(id -u)" = 0 ]; then chown postgres: "$WORK/pg"; fi
(cd /tmp && "${as_pg[@]}" "$pg_bin/initdb" -D "$WORK/pg/data" -U postgres --auth=trust -E UTF8 >/dev/null)
(cd /tmp && "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $WORK/pg -c max_connections=200" start >/dev/null)
redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$WORK/redis" --save "" --appendonly no >"$WORK/redis/log" 2>&1 &
redis=$!
psql_do() { "$pg_bin/psql" -X -q -At -h 127.0.0.1 -p "$pg_port" -U postgres -d "$1" -c "$2"; }
pg_url() { echo "postgres://postgres@127.0.0.1:$pg_port/$1"; }
secret=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')

# start NAME PORT [VAR=VALUE…]: one xoseen in the background, data under $WORK/NAME; waits for /ml/health.
start() {
    local name=$1 port=$2
    shift 2
    mkdir -p "$WORK/$name"
    env "$@" XOSEEN_TOKEN_SECRET="$secret" XOSEEN_RESOURCES="$PWD/Resources/xoseen" \
        nice -n 5 "$BIN/xoseen" serve --host 127.0.0.1 --port "$port" --data-dir "$WORK/$name" --log-level warning \
        2>>"$WORK/$name/server.log" &
    pids+=($!)
    for _ in $(seq 12000); do curl -fs "http://127.0.0.1:$port/ml/health" >/dev/null && return; sleep 0.1; done
    echo "bench-cluster: $name did not start" >&2
    tail -5 "$WORK/$name/server.log" >&2
    exit 1
}
stop_all() {
    kill "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
    pids=()
}

echo "bench-cluster: ${DURATION}s per row, $(nproc) cores shared by the servers, PostgreSQL, Redis and the clients"

# --- Chat -------------------------------------------------------------------------------------------
if [[ " $PARTS " == *" chat "* ]]; then
# As bench-chat: the per-user rate limit raised (this measures the server, not the policy).
chat_env=(XOSEEN_CHAT_BURST=10000 XOSEEN_CHAT_RATE=100000 HTTP_PER_ADDRESS_CONNECTIONS=4096 XOSEEN_SEED_COUNT=0)
"$BIN/chat-bench" prepare "$WORK/chat-store" "$PAIRS" >/dev/null 2>&1
# chat-bench adds the CPU time (from /proc) the servers — and PostgreSQL (its postmaster and every process
# under it) and Redis — spent per delivered message while messages flowed: unlike msg/s, barely moved by
# other load on the machine.
pg_pids() { local main; main=$(head -1 "$WORK/pg/data/postmaster.pid"); echo "$main" $(pgrep -P "$main"); }
commas() { echo "$*" | tr ' ' ','; }
rate() { echo "$1" | awk '/msg\/s end to end/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "msg/s") print $i }'; }
# chat_rows LABEL DIR-OF-XOSEEN: one instance on SQLite, then two on PostgreSQL + Redis (a fresh database each).
chat_rows() {
    local label=$1 dir=$2 db="chat_$RANDOM" out
    BIN_SAVED=$BIN
    BIN=$dir
    cp -r "$WORK/chat-store" "$WORK/chat-sqlite-$db"
    start "chat-sqlite-$db" "${ports[0]}" "${chat_env[@]}"
    echo "bench-cluster: $label, one instance, SQLite: load $(cut -d' ' -f1 /proc/loadavg)"
    out=$(CHAT_BENCH_CPU="server=$(commas "${pids[@]}")" \
        "$BIN_SAVED/chat-bench" run "${ports[0]}" "$PAIRS" "$DURATION" "$label, one instance, SQLite")
    echo "$out"
    one=$(rate "$out")
    stop_all
    psql_do postgres "CREATE DATABASE $db"
    DATABASE_URL=$(pg_url $db) "$BIN_SAVED/chat-bench" prepare "$WORK/chat-prepare" "$PAIRS" >/dev/null 2>&1
    local cluster_env=("${chat_env[@]}" DATABASE_URL="$(pg_url $db)" REDIS_URL="redis://127.0.0.1:$redis_port")
    start "chat-a-$db" "${ports[0]}" "${cluster_env[@]}"
    start "chat-b-$db" "${ports[1]}" "${cluster_env[@]}"
    echo "bench-cluster: $label, two instances, PostgreSQL + Redis: load $(cut -d' ' -f1 /proc/loadavg)"
    out=$(CHAT_BENCH_CPU="servers=$(commas "${pids[@]}") postgres=$(commas $(pg_pids)) redis=$redis" \
        "$BIN_SAVED/chat-bench" run "${ports[0]},${ports[1]}" "$PAIRS" "$DURATION" "$label, two instances, PostgreSQL + Redis")
    echo "$out"
    awk -v a="$one" -v b="$(rate "$out")" -v label="$label" \
        'BEGIN { if (a > 0) printf "bench-cluster: %s: chat, two instances / one: %.2fx (goal >= 1.6x)\n", label, b / a }'
    stop_all
    BIN=$BIN_SAVED
}
for _ in $(seq "${BENCH_ROUNDS:-1}"); do
    if [ -n "${BENCH_BASELINE:-}" ]; then chat_rows baseline "$BENCH_BASELINE"; fi
    chat_rows "this build" "$BIN"
done
fi
[[ " $PARTS " == *" rank "* || " $PARTS " == *" feedback "* ]] || exit 0

# --- /ml/rank and /ml/feedback ------------------------------------------------------------------------
report() {  # $1 label, wrk output on stdin
    local out
    out=$(cat)
    printf '  %-62s %9s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$1" \
        "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" "$(echo "$out" | awk '$1 == "50%" {print $2}')" \
        "$(echo "$out" | awk '$1 == "99%" {print $2}')" "$(echo "$out" | awk '/Non-2xx/ {print $5}' | grep . || echo 0)"
}
# lua_ids FILE: the ids on stdin as the Lua table the wrk scripts read.
lua_ids() { awk 'BEGIN { printf "ids = {" } { printf "\"%s\",", $1 } END { print "}" }' >"$1"; }
# rank_rows LABEL NAME START-ENV…: every build's /ml/rank rows on the seeded store of `start NAME`.
rank_rows() {
    local label=$1 name=$2 round build port=${ports[0]}
    shift 2
    local builds=("this build=$BIN") rounds=1 this=$BIN
    if [ -n "${BENCH_BASELINE:-}" ]; then builds=("baseline=$BENCH_BASELINE" "${builds[@]}") rounds=$RANK_ROUNDS; fi
    for round in $(seq "$rounds"); do
        for build in "${builds[@]}"; do
            BIN=${build#*=}
            start "$name" "$port" "$@"
            curl -fs -X POST -H 'Content-Type: application/json' -d '{"viewerId":"x"}' "http://127.0.0.1:$port/ml/rank" \
                >/dev/null || true
            BENCH_IDS="$WORK/ids-cold.lua" wrk -t1 -c1 -d"${DURATION}s" --latency -s scripts/wrk/rank.lua \
                "http://127.0.0.1:$port" | report "$label, ${build%%=*}: /ml/rank, $RANK_VIEWERS viewers"
            BENCH_IDS="$WORK/ids-warm.lua" wrk -t1 -c1 -d"${DURATION}s" --latency -s scripts/wrk/rank.lua \
                "http://127.0.0.1:$port" | report "$label, ${build%%=*}: /ml/rank, 100 viewers again"
            echo "    RSS after the rank rows: $(awk '/VmRSS/ {printf "%.0f MiB", $2 / 1024}' "/proc/${pids[0]}/status")"
            stop_all
        done
    done
    BIN=$this
    # Feedback writes change the store: last, this build only.
    start "$name" "$port" "$@"
    BENCH_IDS="$WORK/ids-cold.lua" wrk -t4 -c4 -d"${DURATION}s" --latency -s scripts/wrk/feedback.lua \
        "http://127.0.0.1:$port" | report "$label: POST /ml/feedback, 4 connections"
    stop_all
}
# --- /ml/feedback alone: group commit shows with concurrent writers ----------------------------------------
if [[ " $PARTS " == *" feedback "* ]]; then
FEEDBACK_PROFILES=${BENCH_FEEDBACK_PROFILES:-2000}
echo "bench-cluster: feedback, $FEEDBACK_PROFILES seeded profiles"
# feedback_load LABEL QUERY-COMMAND...: against the running server, 1,000 user ids drawn by QUERY-COMMAND
# (given the SQL as its last argument), then wrk at 4 and 32 connections; stops the server.
feedback_load() {
    local label=$1
    shift
    export BENCH_IDS="$WORK/ids-$RANDOM.lua"
    "$@" "SELECT id FROM users ORDER BY random() LIMIT 1000" \
        | awk 'BEGIN { printf "ids = {" } { printf "\"%s\",", $1 } END { print "}" }' >"$BENCH_IDS"
    for c in 4 32; do
        wrk -t4 -c$c -d"${DURATION}s" --latency -s scripts/wrk/feedback.lua "http://127.0.0.1:${ports[0]}" \
            | report "$label: POST /ml/feedback, $c conn."
    done
    stop_all
}
# feedback_rows LABEL DIR-OF-XOSEEN: SQLite then PostgreSQL, 4 and 32 connections each.
feedback_rows() {
    local label=$1 dir=$2 db="feedback_$RANDOM"
    BIN_SAVED=$BIN
    BIN=$dir
    start "fb-sqlite-$db" "${ports[0]}" XOSEEN_SEED_COUNT="$FEEDBACK_PROFILES"
    feedback_load "$label, SQLite" sqlite3 "$WORK/fb-sqlite-$db/xoseen.sqlite"
    psql_do postgres "CREATE DATABASE $db"
    start "fb-pg-$db" "${ports[0]}" XOSEEN_SEED_COUNT="$FEEDBACK_PROFILES" DATABASE_URL="$(pg_url $db)"
    feedback_load "$label, PostgreSQL" psql_do "$db"
    BIN=$BIN_SAVED
}
if [ -n "${BENCH_BASELINE:-}" ]; then feedback_rows baseline "$BENCH_BASELINE"; fi
feedback_rows "this build" "$BIN"
fi
[[ " $PARTS " == *" rank "* ]] || exit 0

RANK_VIEWERS=${BENCH_RANK_VIEWERS:-10000}
RANK_ROUNDS=${BENCH_RANK_ROUNDS:-2}
RANK_STORES=${BENCH_RANK_STORES:-sqlite postgresql}
echo "bench-cluster: $PROFILES seeded profiles, load average $(cut -d' ' -f1-3 /proc/loadavg)"
# Each store is seeded once (by this build) and serves every build's rows.
if [[ " $RANK_STORES " == *" sqlite "* ]]; then
t0=$(date +%s)
start rank-sqlite "${ports[0]}" XOSEEN_SEED_COUNT="$PROFILES"
echo "  SQLite seeded and serving in $(($(date +%s) - t0)) s"
stop_all
viewers() { sqlite3 "$WORK/rank-sqlite/xoseen.sqlite" "SELECT id FROM users ORDER BY random() LIMIT $1"; }
viewers "$RANK_VIEWERS" | lua_ids "$WORK/ids-cold.lua"
viewers 100 | lua_ids "$WORK/ids-warm.lua"
rank_rows SQLite rank-sqlite XOSEEN_SEED_COUNT="$PROFILES"
echo "  load average $(cut -d' ' -f1-3 /proc/loadavg)"
fi
[[ " $RANK_STORES " == *" postgresql "* ]] || exit 0
psql_do postgres "CREATE DATABASE rank"
t0=$(date +%s)
start rank-pg "${ports[0]}" XOSEEN_SEED_COUNT="$PROFILES" DATABASE_URL="$(pg_url rank)"
echo "  PostgreSQL seeded and serving in $(($(date +%s) - t0)) s"
stop_all
viewers() { psql_do rank "SELECT id FROM users ORDER BY random() LIMIT $1"; }
viewers "$RANK_VIEWERS" | lua_ids "$WORK/ids-cold.lua"
viewers 100 | lua_ids "$WORK/ids-warm.lua"
rank_rows PostgreSQL rank-pg XOSEEN_SEED_COUNT="$PROFILES" DATABASE_URL="$(pg_url rank)"
echo "  load average $(cut -d' ' -f1-3 /proc/loadavg)"
