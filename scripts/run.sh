#!/usr/bin/env bash
# Builds and runs both servers with embedded defaults (SQLite under ./data):
# Jarvis on :8080, Xoseen on :8042. Ctrl-C stops both gracefully.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
swift build -c release --product jarvis
swift build -c release --product xoseen
bin=$(swift build -c release --show-bin-path)
mkdir -p data
JARVIS_SAMPLE_FEEDS="${JARVIS_SAMPLE_FEEDS:-1}" "$bin/jarvis" serve --data-dir "${JARVIS_DATA_DIR:-data/jarvis}" &
jarvis=$!
"$bin/xoseen" serve --data-dir "${XOSEEN_DATA_DIR:-data/xoseen}" &
xoseen=$!
trap 'kill -TERM $jarvis $xoseen 2>/dev/null' INT TERM
wait $jarvis $xoseen
