#!/usr/bin/env bash
# bench-http.sh — wrk benchmark of the Swift HTTP server against a bare C libmicrohttpd
# server (Benchmarks/http/bare_mhd.c) answering the same bytes: the ceiling for this design.
#
#   SWIFT_BENCH_SERVER=.build/release/http-bench-server scripts/bench-http.sh
#
# The Swift server is started as `$SWIFT_BENCH_SERVER --port PORT --static-dir DIR $SWIFT_BENCH_ARGS`
# and must serve GET /bench/json (exactly $JSON_BODY below, application/json) and
# GET /bench/static/<file>. Both servers listen on 127.0.0.1 only.
#
# Method: start both servers, check they answer the same bodies (abort if not) and keep
# connections alive (warn if not), then for each (server, route) cell run a 2 s wrk warm-up
# and a measured `wrk -t2 -c64 -d10s --latency`. Rounds alternate the order
# (C json, Swift json, C static, Swift static, then the reverse, ...) and each cell keeps its
# best round (highest req/s, with that run's percentiles): this evens out drift (thermal,
# page cache, neighbours) and one-off hiccups. wrk shares the machine's cores with the server.
# Each run also records the server's CPU time per request (user + system, from /proc), which
# moves much less than req/s when other work shares the machine.
#
# Environment (defaults in brackets):
#   SWIFT_BENCH_SERVER   Swift bench server binary (required unless BENCH_C_ONLY=1); if it is a
#                        wrapper script it must `exec` the server, or RSS is the wrapper's.
#   SWIFT_BENCH_ARGS     extra arguments for the Swift server []
#   BENCH_C_ONLY=1       measure the bare C server alone
#   BENCH_C_POOL         MHD thread pool size of the C server [2]
#   BENCH_DURATION       seconds per measured run [10]      BENCH_WARMUP  seconds [2]
#   BENCH_CONNECTIONS    wrk connections [64]               BENCH_WRK_THREADS [2]
#   BENCH_ROUNDS         rounds, best kept [2]              BENCH_TARGET  percent [80]
#   BENCH_STATIC_BYTES   size of the static file [4096]
#   BENCH_OUT            output dir: C binary, raw wrk output, logs, summary [<repo>/bench-out/http]
#   BENCH_STRICT=1       exit 1 when the target is missed (default: exit 0, only setup errors fail)
#   BENCH_BASELINE_SERVER  another build of the Swift bench server (e.g. main's) measured in the same rounds as
#                        `base`, in the production configuration like `swift` []
#   BENCH_VARIANTS=0     skip the three extra Swift servers measured in the same run [1]: `nometrics`
#                        (BENCH_NO_METRICS=1: per-route request figures off, pricing /metrics), `nolog`
#                        (BENCH_ACCESS_LOG=off: no access-log line per request, pricing it; every other
#                        Swift server writes it at info, as the products do) and `https` (TLS 1.3 with a
#                        throwaway certificate; wrk keeps connections, so this is the cost of encryption,
#                        not of handshakes)
set -euo pipefail

# The one copy of the JSON body: written to a file, served by the C server, compared against both.
JSON_BODY='{"status":"ok","service":"bench","version":"1.0.0","items":[1,2,3]}'

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
DURATION=${BENCH_DURATION:-10}; DURATION=${DURATION%s}
WARMUP=${BENCH_WARMUP:-2}; WARMUP=${WARMUP%s}
CONNS=${BENCH_CONNECTIONS:-64}
WRK_THREADS=${BENCH_WRK_THREADS:-2}
ROUNDS=${BENCH_ROUNDS:-2}
TARGET=${BENCH_TARGET:-80}
C_POOL=${BENCH_C_POOL:-2}
STATIC_BYTES=${BENCH_STATIC_BYTES:-4096}
OUT=${BENCH_OUT:-$repo/bench-out/http}
C_ONLY=${BENCH_C_ONLY:-0}
STATIC_NAME=bench-static.txt

die() { echo "bench-http: error: $*" >&2; exit 2; }
log() { echo "bench-http: $*" >&2; }

for n in DURATION WARMUP CONNS WRK_THREADS ROUNDS TARGET C_POOL STATIC_BYTES; do
    [[ ${!n} =~ ^[0-9]+$ && ${!n} -gt 0 ]] || die "$n must be a positive integer (got '${!n}')"
done
command -v wrk >/dev/null || die "wrk not found (apt-get install -y wrk)"
command -v curl >/dev/null || die "curl not found"
[[ -f /usr/include/microhttpd.h ]] || die "microhttpd.h not found (apt-get install -y libmicrohttpd-dev)"
if [[ $C_ONLY != 1 ]]; then
    [[ -n ${SWIFT_BENCH_SERVER:-} ]] || die "set SWIFT_BENCH_SERVER to the Swift bench server binary (or BENCH_C_ONLY=1)"
    [[ -x $SWIFT_BENCH_SERVER ]] || die "SWIFT_BENCH_SERVER=$SWIFT_BENCH_SERVER is not executable"
fi

# ---------------------------------------------------------------------------- setup
mkdir -p "$OUT"
rm -f "$OUT"/wrk-*.txt "$OUT"/headers-*.txt "$OUT"/server-*.log
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-http.XXXXXX")
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cc -O2 -Wall -o "$OUT/bare_mhd" "$repo/Benchmarks/http/bare_mhd.c" -lmicrohttpd || die "building bare_mhd failed"

printf '%s' "$JSON_BODY" > "$tmp/body.json"
mkdir "$tmp/static"
# Deterministic text, exactly STATIC_BYTES bytes.
for ((i = 1; i * 64 <= STATIC_BYTES + 64; i++)); do
    printf 'line %05d: the quick brown fox jumps over the lazy dog 0123456\n' "$i"
done | head -c "$STATIC_BYTES" > "$tmp/static/$STATIC_NAME"
# For the stand-in wrapper (Benchmarks/http/swift-standin.sh) used to self-test this script.
export BARE_MHD="$OUT/bare_mhd" BENCH_JSON_FILE="$tmp/body.json" BENCH_C_POOL="$C_POOL"

# A loopback port nobody listens on (connect refused). Tiny race until the server binds;
# start_server notices a server that died on a taken port.
free_port() {
    local p
    for _ in $(seq 50); do
        p=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
    done
    die "no free port found"
}

declare -A PORT PID SCHEME
start_server() { # name, command...  (SCHEME[name] set beforehand for https)
    local name=$1; shift
    local port; port=$(free_port)
    local scheme=${SCHEME[$name]:-http}
    "$@" --port "$port" --static-dir "$tmp/static" >"$OUT/server-$name.log" 2>&1 &
    local pid=$!
    pids+=("$pid")
    for _ in $(seq 100); do # up to ~10 s
        kill -0 "$pid" 2>/dev/null || { cat "$OUT/server-$name.log" >&2; die "$name server exited during start-up"; }
        if curl -sk -o /dev/null --max-time 1 "$scheme://127.0.0.1:$port/bench/json"; then
            PORT[$name]=$port; PID[$name]=$pid
            log "$name server: pid $pid ($(cat /proc/"$pid"/comm)), $scheme://127.0.0.1:$port"
            return
        fi
        sleep 0.1
    done
    die "$name server did not answer on 127.0.0.1:$port within 10 s (log: $OUT/server-$name.log)"
}

SERVERS=(c)
start_server c "$OUT/bare_mhd" --threads "$C_POOL" --json-file "$tmp/body.json"
if [[ $C_ONLY != 1 ]]; then
    SERVERS+=(swift)
    # shellcheck disable=SC2086 # SWIFT_BENCH_ARGS is a word list on purpose
    start_server swift "$SWIFT_BENCH_SERVER" ${SWIFT_BENCH_ARGS:-}
    if [[ -n ${BENCH_BASELINE_SERVER:-} ]]; then
        [[ -x $BENCH_BASELINE_SERVER ]] || die "BENCH_BASELINE_SERVER=$BENCH_BASELINE_SERVER is not executable"
        SERVERS+=(base)
        # shellcheck disable=SC2086
        start_server base "$BENCH_BASELINE_SERVER" ${SWIFT_BENCH_ARGS:-}
    fi
    case $(cat /proc/"${PID[swift]}"/comm) in
        bash | sh | dash) log "warning: the Swift server's pid runs a shell: use exec in the wrapper, or RSS is the shell's" ;;
    esac
    if [[ ${BENCH_VARIANTS:-1} == 1 ]]; then
        SERVERS+=(nometrics nolog https)
        # shellcheck disable=SC2086
        BENCH_NO_METRICS=1 start_server nometrics "$SWIFT_BENCH_SERVER" ${SWIFT_BENCH_ARGS:-}
        # shellcheck disable=SC2086
        BENCH_ACCESS_LOG=off start_server nolog "$SWIFT_BENCH_SERVER" ${SWIFT_BENCH_ARGS:-}
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$tmp/tls.key" -out "$tmp/tls.crt" \
            -days 1 -subj /CN=localhost -addext subjectAltName=IP:127.0.0.1 2>/dev/null || die "openssl could not make a certificate"
        SCHEME[https]=https
        # shellcheck disable=SC2086
        start_server https "$SWIFT_BENCH_SERVER" --tls-cert "$tmp/tls.crt" --tls-key "$tmp/tls.key" ${SWIFT_BENCH_ARGS:-}
    fi
fi

declare -A URL
url() { echo "${SCHEME[$1]:-http}://127.0.0.1:${PORT[$1]}$([[ $2 == json ]] && echo /bench/json || echo /bench/static/$STATIC_NAME)"; }

# ---------------------------------------------------------------------------- checks
warnings=()
for s in "${SERVERS[@]}"; do
    for r in json static; do
        URL[$s,$r]=$(url "$s" "$r")
        expect=$tmp/body.json; [[ $r == static ]] && expect=$tmp/static/$STATIC_NAME
        curl -sk --max-time 5 -o "$tmp/got" -D "$tmp/hdr" "${URL[$s,$r]}" || die "$s $r: request failed"
        cmp -s "$tmp/got" "$expect" || die "$s $r: body differs from the expected bytes (got: $(head -c 200 "$tmp/got"))"
        grep -vi '^date:' "$tmp/hdr" | tr -d '\r' > "$OUT/headers-$s-$r.txt"
        if [[ $r == json ]] && ! grep -qi '^content-type: application/json' "$tmp/hdr"; then
            warnings+=("$s json: Content-Type is not application/json")
        fi
        # Keep-alive: curl must reuse the connection for a second request.
        if ! curl -skv --max-time 5 -o /dev/null -o /dev/null "${URL[$s,$r]}" "${URL[$s,$r]}" 2>&1 | grep -q 'Re-using existing connection'; then
            warnings+=("$s $r: connection not kept alive (numbers below are for connection-per-request)")
        fi
    done
done
if [[ $C_ONLY != 1 ]]; then
    for r in json static; do
        diff -q "$OUT/headers-c-$r.txt" "$OUT/headers-swift-$r.txt" >/dev/null ||
            log "note: $r response headers differ (Date ignored): diff $OUT/headers-c-$r.txt $OUT/headers-swift-$r.txt"
    done
fi
for w in "${warnings[@]}"; do log "WARNING: $w"; done

cpu_ticks() { # name -> user+system clock ticks the server has used so far
    awk '{print $14 + $15}' "/proc/${PID[$1]}/stat"
}
TICKS=$(getconf CLK_TCK)

rss() { # name -> "VmRSS kB, VmHWM kB, threads"
    awk '/^VmRSS:/{r=$2} /^VmHWM:/{h=$2} /^Threads:/{t=$2} END{printf "%d %d %d", r, h, t}' "/proc/${PID[$1]}/status"
}
declare -A RSS0
for s in "${SERVERS[@]}"; do RSS0[$s]=$(rss "$s"); done

# ---------------------------------------------------------------------------- runs
# parse_wrk FILE -> "rps p50ms p90ms p99ms requests non2xx socket_errors"
parse_wrk() {
    awk '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /m$/) return v * 60000; if (v ~ /s$/) return v * 1000; return v }
        /^ +(50|90|99)%/ { p[$1] = ms($2) }
        / requests in / { n = $1 }
        /Non-2xx or 3xx responses:/ { bad = $NF }
        /Socket errors:/ { gsub(/,/, ""); err = $4 + $6 + $8 + $10 }
        /^Requests\/sec:/ { rps = $2 }
        END { printf "%.1f %.3f %.3f %.3f %d %d %d\n", rps, p["50%"], p["90%"], p["99%"], n, bad, err }
    ' "$1"
}

# wrk in the background + wait, so an INT/TERM trap runs at once (cleanup stops wrk too).
run_wrk() { # outfile, wrk args...
    local out=$1 rc=0; shift
    timeout -s INT "$bound" wrk -t"$WRK_THREADS" -c"$CONNS" "$@" >"$out" 2>&1 &
    pids+=("$!")
    wait "$!" || rc=$?
    unset 'pids[-1]'
    return "$rc"
}

cells=()
for s in "${SERVERS[@]}"; do cells+=("$s,json"); done
for s in "${SERVERS[@]}"; do cells+=("$s,static"); done
declare -A BEST
bound=$((DURATION + WARMUP + 30))
log "wrk -t$WRK_THREADS -c$CONNS -d${DURATION}s --latency, warm-up ${WARMUP}s, $ROUNDS round(s) of ${#cells[@]} runs: about $((ROUNDS * ${#cells[@]} * (DURATION + WARMUP))) s"
for ((round = 1; round <= ROUNDS; round++)); do
    order=("${cells[@]}")
    if ((round % 2 == 0)); then order=(); for ((i = ${#cells[@]} - 1; i >= 0; i--)); do order+=("${cells[i]}"); done; fi
    for cell in "${order[@]}"; do
        s=${cell%,*}; r=${cell#*,}
        run_wrk /dev/null -d"${WARMUP}s" "${URL[$cell]}" || true
        f="$OUT/wrk-$s-$r-round$round.txt"
        ticks0=$(cpu_ticks "$s")
        run_wrk "$f" -d"${DURATION}s" --latency "${URL[$cell]}" || die "wrk failed or timed out for $cell (see $f)"
        ticks1=$(cpu_ticks "$s")
        res=$(parse_wrk "$f")
        # Server CPU per request (user + system, µs): steadier than req/s when neighbours load the machine.
        res="$res $(awk -v t=$((ticks1 - ticks0)) -v hz="$TICKS" -v n="$(awk '{print $5}' <<<"$res")" 'BEGIN{printf "%.2f", (n > 0 ? t / hz * 1e6 / n : 0)}')"
        log "round $round: $s $r: $(awk '{printf "%.0f req/s, p99 %.3f ms, %.2f us CPU/request", $1, $4, $8}' <<<"$res")"
        if [[ -z ${BEST[$cell]:-} ]] || awk -v a="${res%% *}" -v b="${BEST[$cell]%% *}" 'BEGIN{exit !(a > b)}'; then
            BEST[$cell]=$res
        fi
    done
done

# ---------------------------------------------------------------------------- report
mib() { awk -v k="$1" 'BEGIN{printf "%.1f", k / 1024}'; }
{
    echo
    echo "bench-http: wrk -t$WRK_THREADS -c$CONNS -d${DURATION}s --latency on 127.0.0.1, best of $ROUNDS round(s), C thread pool $C_POOL, $(nproc) cores shared with wrk"
    printf '%-9s %-7s %12s %10s %10s %10s %10s %8s %8s %9s\n' server route 'req/s' 'p50 ms' 'p90 ms' 'p99 ms' requests non-2xx 'sock-err' 'cpu us/r'
    for cell in "${cells[@]}"; do
        read -r rps p50 p90 p99 n bad err cpu <<<"${BEST[$cell]}"
        printf '%-9s %-7s %12.1f %10.3f %10.3f %10.3f %10d %8d %8d %9.2f\n' "${cell%,*}" "${cell#*,}" "$rps" "$p50" "$p90" "$p99" "$n" "$bad" "$err" "$cpu"
    done
    echo
    for s in "${SERVERS[@]}"; do
        read -r r0 _ _ <<<"${RSS0[$s]}"; read -r r1 hwm th <<<"$(rss "$s")"
        printf 'rss %-6s after start %6s MiB, after run %6s MiB (peak %s MiB), %d threads\n' "$s" "$(mib "$r0")" "$(mib "$r1")" "$(mib "$hwm")" "$th"
    done
} | tee "$OUT/summary.txt"

verdict=0
if [[ $C_ONLY != 1 ]]; then
    pct() { awk -v a="${BEST[swift,$1]%% *}" -v b="${BEST[c,$1]%% *}" 'BEGIN{printf "%.1f", 100 * a / b}'; }
    problems() { read -r _ _ _ _ _ bad err _ <<<"${BEST[swift,$1]}"; ((bad + err == 0)) || echo "  (swift had $bad non-2xx, $err socket errors)"; }
    json_pct=$(pct json)
    v=PASS
    if ! awk -v p="$json_pct" -v t="$TARGET" 'BEGIN{exit !(p >= t)}' || [[ -n $(problems json) ]]; then v=FAIL; verdict=1; fi
    {
        for r in json static; do printf 'ratio swift/C %-6s %6s%%%s\n' "$r" "$(pct "$r")" "$(problems "$r")"; done
        vs() { awk -v a="${BEST[$1,$3]%% *}" -v b="${BEST[$2,$3]%% *}" 'BEGIN{printf "%.1f", 100 * a / b}'; }
        cpu() { awk '{print $8}' <<<"${BEST[$1,$2]}"; }
        if [[ -n ${BEST[base,json]:-} ]]; then
            for r in json static; do
                printf 'swift/baseline %-6s %6s%% of req/s, cpu us/r %s vs %s\n' "$r" "$(vs swift base "$r")" "$(cpu swift "$r")" "$(cpu base "$r")"
            done
        fi
        if [[ -n ${BEST[https,json]:-} ]]; then
            for r in json static; do
                printf 'metrics on/off %-6s %6s%% of req/s, cpu us/r %s vs %s\n' "$r" "$(vs swift nometrics "$r")" "$(cpu swift "$r")" "$(cpu nometrics "$r")"
                printf 'access log on/off %-3s %5s%% of req/s, cpu us/r %s vs %s\n' "$r" "$(vs swift nolog "$r")" "$(cpu swift "$r")" "$(cpu nolog "$r")"
                printf 'https/http     %-6s %6s%% of req/s, cpu us/r %s vs %s\n' "$r" "$(vs https swift "$r")" "$(cpu https "$r")" "$(cpu swift "$r")"
            done
        fi
        for w in "${warnings[@]}"; do echo "WARNING: $w"; done
        printf 'bench-http: swift json = %.0f req/s = %s%% of bare C (target >= %s%%): %s\n' "${BEST[swift,json]%% *}" "$json_pct" "$TARGET" "$v"
    } | tee -a "$OUT/summary.txt"
else
    printf 'bench-http: bare C only (thread pool %s): json %.0f req/s, static %.0f req/s\n' "$C_POOL" "${BEST[c,json]%% *}" "${BEST[c,static]%% *}" | tee -a "$OUT/summary.txt"
fi
# The access logs hold a line per request (gigabytes at these rates): keep their start, where start-up shows.
for f in "$OUT"/server-*.log; do
    if [[ -f $f ]]; then head -n 200 "$f" >"$f.head" && mv "$f.head" "$f"; fi
done
log "raw wrk output, server logs (first 200 lines), headers and summary in $OUT"
if [[ ${BENCH_STRICT:-0} == 1 ]]; then exit "$verdict"; fi
exit 0
