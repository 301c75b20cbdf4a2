#!/usr/bin/env bash
# Two instances of each product as one service, on one machine: a local PostgreSQL and Redis (own data
# directories under ./data/cluster, loopback only), jarvis ×2 and xoseen ×2 sharing them through
# DATABASE_URL and REDIS_URL, and haproxy in front of each pair (WebSockets included):
#   Jarvis  :8080 → 127.0.0.1:18080, :18081      Xoseen  :8042 → 127.0.0.1:18042, :18043
# Ctrl-C stops everything. Production layout (several machines): docs/deployment.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
config=${CLUSTER_CONFIG:-release}
swift build -c "$config" --product jarvis
swift build -c "$config" --product xoseen
bin=$(swift build -c "$config" --show-bin-path)

root=${CLUSTER_DATA:-$(pwd)/data/cluster}
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_port=${CLUSTER_PG_PORT:-55432}
redis_port=${CLUSTER_REDIS_PORT:-56379}
mkdir -p "$root"/{redis,jarvis-a,jarvis-b,xoseen-a,xoseen-b}
chmod 700 "$root"

# PostgreSQL refuses to run as root: as root it runs as the postgres user (Debian's package creates it).
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi
# The postgres user must be able to pass through to its own directory.
if [ "$(id -u)" = 0 ]; then chmod o+x "$root" "$(dirname "$root")"; fi
if [ ! -d "$root/pg" ]; then
    mkdir -p "$root/pg"
    if [ "$(id -u)" = 0 ]; then chown postgres: "$root/pg"; fi
    (cd /tmp && "${as_pg[@]}" "$pg_bin/initdb" -D "$root/pg/data" -U postgres --auth=trust -E UTF8 >/dev/null)
fi
pids=()
proxy=""
redis=""
stop() {
    trap - EXIT INT TERM
    kill -TERM "${pids[@]}" $proxy 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
    [ -z "$redis" ] || kill -TERM "$redis" 2>/dev/null || true
    (cd /tmp && "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$root/pg/data" -m fast stop >/dev/null 2>&1) || true
}
trap stop EXIT INT TERM
(cd /tmp && "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$root/pg/data" -l "$root/pg/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $root/pg" start >/dev/null)
for db in jarvis xoseen; do
    "$pg_bin/psql" -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -tc "SELECT 1 FROM pg_database WHERE datname = '$db'" \
        | grep -q 1 || "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres "$db"
done
redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$root/redis" --save "" --appendonly no --daemonize no \
    >"$root/redis/server.log" 2>&1 &
redis=$!

# One token secret for both Xoseen instances (a token signed by one verifies on the other).
[ -s "$root/token-secret" ] || (umask 077; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$root/token-secret")
export REDIS_URL="redis://127.0.0.1:$redis_port"
for name in a b; do
    port=$([ $name = a ] && echo 18080 || echo 18081)
    DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/jarvis" "$bin/jarvis" serve --host 127.0.0.1 --port "$port" \
        --data-dir "$root/jarvis-$name" &
    pids+=($!)
    port=$([ $name = a ] && echo 18042 || echo 18043)
    DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/xoseen" XOSEEN_TOKEN_SECRET="$(cat "$root/token-secret")" \
        "$bin/xoseen" serve --host 127.0.0.1 --port "$port" --data-dir "$root/xoseen-$name" &
    pids+=($!)
done

cat >"$root/haproxy.cfg" <<CFG
global
    maxconn 8000
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    # WebSockets (/ws, /ws/chat) are tunnels after the upgrade: keep them open as long as the app pings.
    timeout tunnel 1h
    option http-server-close
frontend jarvis
    bind *:${JARVIS_PORT:-8080}
    default_backend jarvis
backend jarvis
    balance roundrobin
    option httpchk GET /health
    server a 127.0.0.1:18080 check
    server b 127.0.0.1:18081 check
frontend xoseen
    bind *:${XOSEEN_PORT:-8042}
    default_backend xoseen
backend xoseen
    balance roundrobin
    option httpchk GET /health
    server a 127.0.0.1:18042 check
    server b 127.0.0.1:18043 check
CFG
ulimit -n 65536 2>/dev/null || true
haproxy -f "$root/haproxy.cfg" -db &
proxy=$!

echo "cluster: Jarvis http://127.0.0.1:${JARVIS_PORT:-8080}  Xoseen http://127.0.0.1:${XOSEEN_PORT:-8042}  (Ctrl-C stops)"
wait "$proxy"
