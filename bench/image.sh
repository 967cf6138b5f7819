#!/usr/bin/env bash
# bench/image.sh [BUILD_DIR] — builds bench/bench_image.c (-O2) against the test build of the
# library that ./build.sh build leaves in BUILD_DIR (liboffload-test.a: its hook
# offload_test_program_load runs a backend's load with and without the image reader) into
# BUILD_DIR/bench and runs it: offload_program_create's load of a 1 MiB host object and a 1 MiB
# cubin (simulated CUDA driver, BUILD_DIR/sim) with the image reader vs without it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
for f in liboffload-test.a link_flags; do
  [ -f "$build/$f" ] || { echo "bench/image.sh: $build/$f is missing; run ./build.sh build first" >&2; exit 1; }
done
build=$(cd "$build" && pwd)
mkdir -p "$build/bench"
${CC:-cc} -std=gnu11 -O2 -g -pthread -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"" -DOFFLOAD_TEST_BUILD="\"$build\"" \
  "$root/bench/bench_image.c" "$build/liboffload-test.a" -o "$build/bench/bench_image" $(cat "$build/link_flags") -ldl -lm
"$build/bench/bench_image"
