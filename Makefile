# Two commands do all set-up on a fresh Debian machine with the Swift toolchain:
#   make run    build and run both servers (Jarvis :8080, Xoseen :8042), embedded defaults
#   make test   the whole test suite; last line "N passed, N failed"
.PHONY: run test build bench-http bench-stories format

run:
	@scripts/run.sh

test:
	@scripts/test.sh

build:
	@scripts/setup.sh && swift build

bench-http:
	@scripts/setup.sh wrk gcc && swift build -c release --product http-bench-server \
	  && SWIFT_BENCH_SERVER="$$(swift build -c release --show-bin-path)/http-bench-server" scripts/bench-http.sh

bench-stories:
	@scripts/bench-stories.sh

format:
	swift-format format --in-place --recursive Sources Tests
