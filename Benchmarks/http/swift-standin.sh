#!/usr/bin/env bash
# Stand-in for the Swift bench server, to self-test scripts/bench-http.sh before the real one
# exists: runs the bare C server with the Swift server's command line
# (`--port PORT --static-dir DIR`). BARE_MHD, BENCH_JSON_FILE and BENCH_C_POOL are exported
# by bench-http.sh. `exec`, so the benchmarked pid (and its RSS) is the server's.
exec "${BARE_MHD:?}" --threads "${BENCH_C_POOL:-2}" --json-file "${BENCH_JSON_FILE:?}" "$@"
