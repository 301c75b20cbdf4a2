#!/usr/bin/env bash
# Runs the whole test suite and ends with one line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh || exit 1
ulimit -n 65536 2>/dev/null || true

log=$(mktemp)
# A failed build is a failed run: never let a stale .build report passes.
build_log=$(mktemp)
if ! { swift build && swift build --build-tests; } >"$build_log" 2>&1; then
    tail -n 60 "$build_log"
    rm -f "$build_log" "$log"
    echo "build failed"
    echo "0 passed, 1 failed"
    exit 1
fi
tail -n 5 "$build_log"
rm -f "$build_log"
# Serial: several suites are timing-sensitive (idle timeouts, pings) and a few are CPU-heavy;
# on 2 cores, running them all at once starves the timing ones.
swift test --skip-build --no-parallel "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# Swift Testing prints one line per test ("✔ Test name() passed after …" / "✘ Test name() failed after …")
# and closes with a summary, "Test run with N tests in M suites passed|failed after …" (after ✔, ✘ or, with
# known issues, ━). The servers under test log to the same stream, and a log line written without its newline
# before a result glues the two together: every result is put back at the start of a line first, and the total
# comes from the summary (without one, a crashed run, the results found are counted).
# (Issue lines such as "✘ Test x() recorded an issue … Expectation failed" are not test results.)
results=$(sed -e 's/✔ Test /\n&/g' -e 's/✘ Test /\n&/g' "$log")
failed_names=$(printf '%s\n' "$results" | grep -E '^✘ Test .* failed after' | grep -v '^✘ Test run with' || true)
failed=$(printf '%s' "$failed_names" | grep -c . || true)
total=$(grep -oE 'Test run with [0-9]+ tests? in' "$log" | tail -n 1 | grep -oE '[0-9]+' || true)
if [ -n "$total" ]; then
    passed=$((total - failed))
else
    passed=$(printf '%s\n' "$results" | grep -E '^✔ Test .* passed after' | grep -vc '^✔ Test run with' || true)
fi
# XCTest (none today, counted in case): "Test Case '…' passed/failed".
xpassed=$(grep -cE "^Test Case '.*' passed" "$log" || true)
xfailed=$(grep -cE "^Test Case '.*' failed" "$log" || true)
passed=$((passed + xpassed))
failed=$((failed + xfailed))
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
rm -f "$log"

# The house style: swift-format's linter with the repository's .swift-format, one check.
if lint_out=$(swift-format lint --strict --recursive Sources Tests Benchmarks Fuzz 2>&1); then
    passed=$((passed + 1))
else
    printf '%s\n' "$lint_out" | head -n 40
    failed=$((failed + 1))
    failed_names="$failed_names"$'\n'"✘ swift-format lint (run: make format)"
fi

# The web apps in headless Chromium against the real servers (a separate step: Python + Selenium).
browser_log=$(mktemp)
scripts/test-browser.sh 2>&1 | tee "$browser_log"
browser_status=${PIPESTATUS[0]}
bpassed=$(grep -cE '^✔ Test .* passed after' "$browser_log" || true)
bfailed=$(grep -cE '^✘ Test .* failed after' "$browser_log" || true)
failed_names="$failed_names"$'\n'"$(grep -E '^✘ Test .* failed after' "$browser_log" || true)"
if [ "$browser_status" -ne 0 ] && [ "$bfailed" -eq 0 ]; then bfailed=1; fi
rm -f "$browser_log"
passed=$((passed + bpassed))
failed=$((failed + bfailed))
[ "$browser_status" -eq 0 ] || status=1
# The failures again, together, so the end of a long log names them.
if [ "$failed" -gt 0 ]; then
    echo "failed:"
    printf '%s\n' "$failed_names" | sed '/^$/d'
fi
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
