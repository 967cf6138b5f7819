#!/usr/bin/env bash
# bench/rr.sh [BUILD_DIR] — builds bench/bench_rr.c (-O2, unity build, no JIT needed) into
# BUILD_DIR/bench and runs it: recording overhead per launch vs one memcpy of the recorded
# bytes, and replayed kernel time vs the original launch.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
${CC:-cc} -std=gnu11 -O2 -g -pthread -I"$root" -DOFFLOAD_NO_JIT -DOFFLOAD_TEST_ROOT="\"$root\"" \
  "$root/bench/bench_rr.c" -o "$build/bench/bench_rr" -ldl
"$build/bench/bench_rr"
