# Two commands do all set-up on a fresh Debian machine with the Swift toolchain:
#   make run    build and run both servers (Jarvis :8080, Xoseen :8042), embedded defaults
#   make test   the whole test suite; last line "N passed, N failed"
.PHONY: run test build bench-http bench-ingest bench-extract eval-extract bench-stories bench-rank bench-chat bench-cluster format

run:
	@scripts/run.sh

test:
	@scripts/test.sh

run-cluster:
	@scripts/run-cluster.sh

build:
	@scripts/setup.sh && swift build

bench-http:
	@scripts/setup.sh wrk gcc && swift build -c release --product http-bench-server \
	  && SWIFT_BENCH_SERVER="$$(swift build -c release --show-bin-path)/http-bench-server" scripts/bench-http.sh

# The sentence encoder's cost per article (Jarvis clustering's meaning part) on the evaluation texts.
.PHONY: bench-embed
bench-embed:
	@scripts/setup.sh && swift build -c release --product SentenceBench \
	  && "$$(swift build -c release --show-bin-path)/SentenceBench"

bench-ingest:
	@scripts/setup.sh && scripts/bench-ingest.sh

# Article extraction pages/s and MB/s on 2 cores beside whole-page text, same pages, same run.
bench-extract:
	@scripts/setup.sh && swift build -c release --product ExtractBench \
	  && "$$(swift build -c release --show-bin-path)/ExtractBench" $(BENCH_ARGS)

# Article extraction quality (word-shingle F1) through `jarvis extract` on our labelled pages
# (EVAL_ARGS=other-dir for another page set), beside whole-page text.
eval-extract:
	@scripts/setup.sh && swift build -c release --product jarvis \
	  && python3 scripts/eval-extract.py --jarvis "$$(swift build -c release --show-bin-path)/jarvis" $(EVAL_ARGS)

# Clustering throughput at 10k/100k/1M articles, then GET /stories under wrk with 10k stories.
bench-stories:
	@scripts/setup.sh wrk sqlite3 && scripts/bench-stories.sh && scripts/bench-stories-api.sh

# 1,000 chat sockets, messages/s end to end with the safety scanner on, p99 delivery latency, memory.
bench-chat:
	@scripts/setup.sh && scripts/bench-chat.sh
# Chat over two instances (PostgreSQL + Redis, started by the script) vs one on SQLite; /ml/rank p99 and
# /ml/feedback writes/s on PostgreSQL vs SQLite. BENCH_PROFILES (20000), BENCH_PAIRS, BENCH_DURATION.
bench-cluster:
	@scripts/setup.sh wrk sqlite3 && scripts/bench-cluster.sh
# Xoseen: POST /ml/rank p50/p99 and POST /ml/feedback req/s with 10k and 100k profiles (about 8 minutes).
bench-rank:
	@scripts/setup.sh wrk sqlite3 && scripts/bench-rank.sh

format:  # the style checked by make test (swift-format lint --strict)
	swift-format format --in-place --recursive Sources Tests Benchmarks Fuzz

# Clustering / topic / summary quality on the labelled set (Resources/jarvis/eval), through the real
# server. EVAL_ARGS is passed on, e.g. EVAL_ARGS="--strict" or EVAL_ARGS="path/to/other-set.json".
.PHONY: eval-stories
eval-stories:
	@scripts/setup.sh && swift build -c release --product jarvis \
	  && python3 scripts/eval-stories.py --jarvis "$$(swift build -c release --show-bin-path)/jarvis" $(EVAL_ARGS)

# The learned ranker against the rule-based one: replays an interaction log (default: the shipped
# simulation, Resources/xoseen/eval/interactions.json) through the real API, trains, prints holdout
# AUC / log loss / calibration / top-10 match rate for both. EVAL_ARGS=path/to/other-log.json.
.PHONY: eval-ranker
eval-ranker:
	@scripts/setup.sh && swift build -c release --product xoseen \
	  && python3 scripts/eval-ranker.py --xoseen "$$(swift build -c release --show-bin-path)/xoseen" $(EVAL_ARGS)
# Chat safety scanner: precision / recall / F1 per category and overall on a labelled JSONL set, and the scan
# time per message. EVAL_ARGS is passed on, e.g. EVAL_ARGS="Resources/xoseen/safety/heldout.jsonl --verbose".
.PHONY: eval-safety
eval-safety:
	@scripts/setup.sh && swift build -c release --product safety-eval \
	  && "$$(swift build -c release --show-bin-path)/safety-eval" $(EVAL_ARGS)
# Identity verification through the real server (release build): face-match accuracy on
# same/different-person pairs, DOB extraction on rendered documents, verify-live latency.
.PHONY: eval-verify
eval-verify:
	@scripts/setup.sh && swift build -c release --product xoseen \
	  && python3 scripts/eval-verify.py --xoseen "$$(swift build -c release --show-bin-path)/xoseen"

# Learned ranker at scale: training time on the seeded event log, /ml/rank latency learned vs rules.
# BENCH_PROFILES=100000 for 100k profiles (≈ 5M events; takes several minutes to seed).
.PHONY: bench-learning
bench-learning:
	@scripts/setup.sh wrk sqlite3 time && scripts/bench-learning.sh
# libFuzzer targets (docs/fuzzing.md): builds with -sanitize=fuzzer,address into .build-fuzz and runs each
# target FUZZ_SECONDS (default 60, about 14 minutes in all); FUZZ_TARGETS="feed mrz" runs some.
.PHONY: fuzz
fuzz:
	@scripts/setup.sh && scripts/fuzz.sh

# Topic accuracy of the shipped classifier: confusion matrix and per-topic P/R on the held-out test split of
# the real labelled news (EVAL_ARGS="--data ../shared/data", the default) and on Resources/jarvis/eval.
# Rebuild the model with `python3 scripts/train-topics.py`, then `python3 scripts/train-topic-branch.py` (PyTorch).
.PHONY: eval-topics eval-summaries
eval-topics:
	@scripts/setup.sh && swift build -c release --product story-eval \
	  && python3 scripts/eval-topics.py --story-eval "$$(swift build -c release --show-bin-path)/story-eval" $(EVAL_ARGS)
# Summary ROUGE-1 on the held-out events of news-events.jsonl against event_summary, with LexRank, Centroid,
# Gillick & Favre ILP and Lin & Bilmes submodular baselines cut to our length (needs numpy, scipy,
# scikit-learn), plus consensus/conflict counts and examples. EVAL_ARGS="--split dev" for the development events.
# Refit the summary's word weights with `python3 scripts/train-summary-words.py --story-eval BIN` (scikit-learn).
eval-summaries:
	@scripts/setup.sh && swift build -c release --product story-eval \
	  && python3 scripts/eval-summaries.py --story-eval "$$(swift build -c release --show-bin-path)/story-eval" $(EVAL_ARGS)

# Xoseen: 10 minutes of wrk on one viewer's first page of POST /ml/rank; per minute p50/p99, database
# size, rank_chains rows and RSS (all must stay flat). SOAK_MINUTES shortens it.
.PHONY: soak-rank
soak-rank:
	@scripts/setup.sh wrk sqlite3 && scripts/soak-rank.sh
