#!/usr/bin/env bash
# Instructions per /bench/json request under callgrind: repeatable on a loaded machine, unlike req/s.
#
#   Benchmarks/http/callgrind/run.sh NAME SERVER [ARGS...]
#   e.g. Benchmarks/http/callgrind/run.sh swift .build/release/http-bench-server
#        Benchmarks/http/callgrind/run.sh c bench-out/http/bare_mhd --threads 2 --json-file body.json
#
# The server runs under valgrind with instrumentation off; after 3,000 warm-up requests it is switched on
# for exactly CG_N (20,000) keep-alive GETs over 8 connections, then dumped. CG_OPTS adds valgrind options
# (e.g. --cache-sim=yes). Output in bench-out/callgrind/NAME.*.
# MHD's per-request memset of its connection pool is reported apart: under valgrind each `rep stosb` byte
# counts as one instruction.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
name=$1; shift
out=$repo/bench-out/callgrind; mkdir -p "$out" "$out/static"
n=${CG_N:-20000}
# valgrind 3.19 rewrites the mask passed to rt_sigsuspend in place; libdispatch passes a read-only one.
cc -O2 -shared -fPIC -o "$out/sigsuspend_copy.so" "$here/sigsuspend_copy.c"
port=$((30000 + RANDOM % 20000))
rm -f "$out/$name.out" "$out/$name.out".*
# shellcheck disable=SC2086 # CG_OPTS is a word list on purpose
LD_PRELOAD=$out/sigsuspend_copy.so valgrind --tool=callgrind ${CG_OPTS:-} --instr-atstart=no \
    --callgrind-out-file="$out/$name.out" "$@" --port "$port" --static-dir "$out/static" >"$out/$name.log" 2>&1 &
vpid=$!
for _ in $(seq 100); do curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/bench/json" && break; sleep 0.5; done
python3 "$here/nreq.py" "$port" /bench/json 3000 8 >/dev/null
callgrind_control -i on "$vpid" >/dev/null
python3 "$here/nreq.py" "$port" /bench/json "$n" 8 >/dev/null
callgrind_control -i off "$vpid" >/dev/null
callgrind_control -d "$vpid" >/dev/null
sleep 1
kill -TERM "$vpid"; wait "$vpid" || true
callgrind_annotate --threshold=100 "$out/$name.out.1" >"$out/$name.annotate" 2>/dev/null
ir=$(awk '/PROGRAM TOTALS/{gsub(",","",$1); print $1; exit}' "$out/$name.annotate")
ms=$(awk '/memset/{gsub(",","",$1); s+=$1} END{print s+0}' "$out/$name.annotate")
echo "$name: $(((ir - ms) / n)) instructions per request without MHD's pool memset ($((ms / n)) more with it)"
