#!/usr/bin/env bash
# bench-ingest.sh — feed parsing throughput: Jarvis's libxml2 parser against Python's feedparser,
# on the same generated documents, in the same run.
#
#   make bench-ingest
#
# Method: IngestBench (release build) writes a deterministic corpus (BENCH_FEEDS files mixing
# RSS 2.0 with content:encoded/media, Atom 1.0 and RSS 1.0, several MB) into $OUT/corpus. Both
# parsers read every file into memory first (I/O is not timed), then parse all of them, several
# rounds; each keeps its best round. Swift's figure includes everything the ingester gets: HTML →
# text of bodies and summaries, dates, links, images. feedparser's includes its own work (HTML
# sanitising, date parsing). Prints MB/s and items/s for both and the ratio.
#
# Environment (defaults in brackets):
#   BENCH_FEEDS    number of feed documents [200]
#   BENCH_ROUNDS   rounds per parser, best kept [5 for Swift, 3 for feedparser]
#   BENCH_TARGET   required ratio [10]
#   BENCH_OUT      output dir [<repo>/bench-out/ingest]
#   BENCH_STRICT=1 exit 1 when the target is missed (default: exit 0, only setup errors fail)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
cd "$repo"
export PATH="/opt/swift/usr/bin:$PATH"
FEEDS=${BENCH_FEEDS:-200}
SWIFT_ROUNDS=${BENCH_ROUNDS:-5}
PY_ROUNDS=${BENCH_ROUNDS:-3}
TARGET=${BENCH_TARGET:-10}
OUT=${BENCH_OUT:-$repo/bench-out/ingest}
die() { echo "bench-ingest: error: $*" >&2; exit 2; }
log() { echo "bench-ingest: $*" >&2; }

command -v python3 >/dev/null || die "python3 not found"
# feedparser from PyPI, in a venv under .build so the system Python stays untouched.
venv="$repo/.build/bench-venv"
if ! "$venv/bin/python" -c "import feedparser" 2>/dev/null; then
    log "installing feedparser into $venv"
    python3 -m venv "$venv" || die "python3 -m venv failed (apt-get install python3-venv?)"
    "$venv/bin/pip" install --quiet --disable-pip-version-check feedparser || die "pip install feedparser failed"
fi

log "building IngestBench (release)"
swift build -c release --product IngestBench >&2 || die "swift build failed"
bench="$(swift build -c release --show-bin-path)/IngestBench"

rm -rf "$OUT/corpus"
mkdir -p "$OUT"
"$bench" generate "$OUT/corpus" "$FEEDS" >&2

swift_line=$("$bench" bench "$OUT/corpus" "$SWIFT_ROUNDS")
echo "$swift_line"

py_line=$("$venv/bin/python" - "$OUT/corpus" "$PY_ROUNDS" <<'PY'
import os, sys, time, feedparser
directory, rounds = sys.argv[1], int(sys.argv[2])
names = sorted(n for n in os.listdir(directory) if n.rsplit(".", 1)[-1] in ("xml", "rss", "atom"))
docs = [open(os.path.join(directory, n), "rb").read() for n in names]
total = sum(len(d) for d in docs)
best, items, bozo = float("inf"), 0, 0
for _ in range(rounds):
    items = bozo = 0
    start = time.perf_counter()
    for d in docs:
        result = feedparser.parse(d)
        items += len(result.entries)
        bozo += 1 if result.bozo else 0
    best = min(best, time.perf_counter() - start)
print("feedparser files=%d bytes=%d items=%d failures=%d best=%.4fs mb_per_s=%.2f items_per_s=%.0f version=%s"
      % (len(docs), total, items, bozo, best, total / 1e6 / best, items / best, feedparser.__version__))
PY
)
echo "$py_line"

field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }
s_mb=$(field mb_per_s "$swift_line"); s_items=$(field items_per_s "$swift_line")
p_mb=$(field mb_per_s "$py_line"); p_items=$(field items_per_s "$py_line")
[[ $(field items "$swift_line") == $(field items "$py_line") ]] \
    || log "warning: item counts differ (swift $(field items "$swift_line"), feedparser $(field items "$py_line"))"
ratio=$(python3 -c "print('%.1f' % ($s_mb / $p_mb))")
verdict=$(python3 -c "print('PASS' if $s_mb / $p_mb >= $TARGET else 'FAIL')")
summary="bench-ingest: swift $s_mb MB/s $s_items items/s vs feedparser $p_mb MB/s $p_items items/s = ${ratio}x (target >= ${TARGET}x): $verdict"
echo "$summary" | tee "$OUT/summary.txt"
[[ $verdict == PASS || ${BENCH_STRICT:-0} != 1 ]] || exit 1
