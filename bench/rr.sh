#!/usr/bin/env bash
# bench/rr.sh [BUILD_DIR] — builds bench/bench_rr.c (-O2) against the test build of the library
# that ./build.sh build leaves in BUILD_DIR (liboffload-test.a: it carries the record & replay
# hooks the benchmark uses to size the arena and drain the writer) into BUILD_DIR/bench and runs
# it: recording overhead per launch vs one memcpy of the recorded bytes, and replayed kernel
# time vs the original launch.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
for f in liboffload-test.a link_flags; do
  [ -f "$build/$f" ] || { echo "bench/rr.sh: $build/$f is missing; run ./build.sh build first" >&2; exit 1; }
done
mkdir -p "$build/bench"
${CC:-cc} -std=gnu11 -O2 -g -pthread -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"" \
  "$root/bench/bench_rr.c" "$build/liboffload-test.a" -o "$build/bench/bench_rr" $(cat "$build/link_flags") -ldl -lm
"$build/bench/bench_rr"
