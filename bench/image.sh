#!/usr/bin/env bash
# bench/image.sh [BUILD_DIR] — builds bench/bench_image.c (-O2, unity build, no JIT needed) into
# BUILD_DIR/bench and runs it: offload_program_create's load of a 1 MiB host object and a 1 MiB
# cubin (simulated CUDA driver, BUILD_DIR/sim) with the image reader vs without it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
build=$(cd "$build" && pwd)
mkdir -p "$build/bench"
${CC:-cc} -std=gnu11 -O2 -g -pthread -I"$root" -DOFFLOAD_NO_JIT -DOFFLOAD_TEST_ROOT="\"$root\"" \
  -DOFFLOAD_TEST_BUILD="\"$build\"" "$root/bench/bench_image.c" -o "$build/bench/bench_image" -ldl
"$build/bench/bench_image"
