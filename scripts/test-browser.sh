#!/usr/bin/env bash
# The web apps' browser tests: headless Chromium (Debian's chromium + chromium-driver, from
# scripts/setup.sh) driven over WebDriver by Selenium (installed from PyPI when missing), against
# the debug `xoseen` and `jarvis` binaries. One line per test, then "browser: N passed, N failed";
# screenshots of every screen go to .build/screenshots/. BROWSER_TESTS=name,… runs a subset.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
if ! python3 -c 'import selenium' 2>/dev/null; then
    # Debian's own Python refuses a system-wide pip install (PEP 668): then into the user's site.
    python3 -m pip install --quiet 'selenium>=4.10' 2>/dev/null \
        || python3 -m pip install --quiet --user --break-system-packages 'selenium>=4.10' \
        || { echo "✘ Test browser_setup() failed after 0 seconds: selenium could not be installed"; exit 1; }
fi
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
    [ -x "$tool" ] || { echo "✘ Test browser_setup() failed after 0 seconds: $tool missing (scripts/setup.sh)"; exit 1; }
done
bin=$(swift build --show-bin-path)
if [ ! -x "$bin/xoseen" ] || [ ! -x "$bin/jarvis" ]; then
    swift build --product xoseen >/dev/null && swift build --product jarvis >/dev/null
fi
mkdir -p .build/screenshots
exec python3 Tests/Browser/run.py "$bin"
