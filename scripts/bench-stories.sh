#!/usr/bin/env bash
# bench-stories.sh — StoryClusterer throughput and per-article latency with 10k, 100k and 1M
# articles in the store (release build). Synthetic, deterministic articles (Sources/Tools/StoryBench).
#
#   scripts/bench-stories.sh [StoryBench options: --sizes 10000,100000,1000000 --batch 2000 --rate 3000]
#
# Prints a markdown table (articles/s, p50/p99 µs for the full assign and for the clustering step
# alone, stories, stories in the index, RSS) and a final scaling line (p50 at the largest store
# over p50 at the smallest), first for the hand-weighted join, then for the learned join (the path
# the server runs with the sentence model; synthetic meaning vectors stand in for the encoder, whose
# cost is `make bench-embed`). Takes about five minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product StoryBench >&2
bench="$(swift build -c release --show-bin-path)/StoryBench"
"$bench" "$@"
echo
"$bench" --learned Resources/jarvis/clustering/join-model.json "$@"
