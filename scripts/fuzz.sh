#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer binary (release, -sanitize=fuzzer,address, its own build
# directory .build-fuzz so normal builds are untouched) and runs each target in turn for
# FUZZ_SECONDS (default 60: fourteen targets take about 16 minutes) from its seed corpus in
# Fuzz/corpus/<target>. Prints executions, speed and crashes per target; exits 1 if any crashed.
#   FUZZ_TARGETS="feed mrz"  run only these      FUZZ_SECONDS=600  longer runs
# Corpus growth is kept in .build-fuzz/work/<target>/ (next run starts from it); crash inputs go to
# .build-fuzz/crashes/<target>/. docs/fuzzing.md says how to reproduce one.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

flags=(-c release --scratch-path .build-fuzz
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing -Xswiftc -DFUZZING)
swift build "${flags[@]}" --product Fuzzers 2>&1 | grep -v "warning: Cannot export local symbol" | tail -n 3
bin="$(swift build "${flags[@]}" --show-bin-path)/Fuzzers"

seconds="${FUZZ_SECONDS:-60}"
declare -A maxlen leaks
while read -r name length leak; do maxlen[$name]=$length; leaks[$name]=$leak; done < <(FUZZ_TARGET=--list "$bin")
targets=(${FUZZ_TARGETS:-$(FUZZ_TARGET=--list "$bin" | cut -d' ' -f1)})

summary=()
failed=0
for target in "${targets[@]}"; do
    if [ -z "${maxlen[$target]:-}" ]; then echo "fuzz: no target '$target' (have: ${!maxlen[*]})" >&2; exit 2; fi
    work=".build-fuzz/work/$target"
    crashes=".build-fuzz/crashes/$target"
    mkdir -p "$work" "$crashes"
    log=".build-fuzz/work/$target.log"
    echo "fuzz: $target for ${seconds}s" >&2
    started=$(date +%s)
    set +e
    # Swift's own backtracer reads memory ASan has poisoned and reports itself; libFuzzer prints the stack.
    FUZZ_TARGET="$target" LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=Fuzz/lsan.supp}" SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" "$bin" -detect_leaks="${leaks[$target]}" \
        -max_total_time="$seconds" -max_len="${maxlen[$target]}" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$work" "Fuzz/corpus/$target" >"$log" 2>&1
    status=$?
    set -e
    elapsed=$(( $(date +%s) - started ))
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -n 1)
    if [ -z "$execs" ]; then execs=$(grep -o '^#[0-9]*' "$log" | tail -n 1 | tr -d '#'); fi
    rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$log" | awk '{print $2}' | tail -n 1)
    corpus=$(find "$work" -type f | wc -l)
    crash="0"
    if [ "$status" -ne 0 ]; then
        failed=1
        artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -n 1 | cut -d' ' -f5)
        crash="1 (${artifact:-see $log})"
        grep -m 3 -E "ERROR: AddressSanitizer|Fatal error|fuzz property violated|ERROR: libFuzzer|SUMMARY" "$log" >&2 || tail -n 20 "$log" >&2
    fi
    summary+=("$(printf '%-14s %5ss %10s execs %7s/s %5s corpus %5s MB  crashes: %s' "$target" "$elapsed" "${execs:-?}" \
        "$(( ${execs:-0} / (elapsed > 0 ? elapsed : 1) ))" "$corpus" "${rss:-?}" "$crash")")
done
echo
printf '%s\n' "${summary[@]}"
exit "$failed"
