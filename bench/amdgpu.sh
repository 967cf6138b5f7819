#!/usr/bin/env bash
# bench/amdgpu.sh [BUILD_DIR] — builds bench/bench_amdgpu.c (-O2) against the build's test library
# BUILD_DIR/liboffload-test.a into BUILD_DIR/bench and runs it on the simulated HSA runtime
# BUILD_DIR/sim/hsa_sim.so: small synchronous copies through a staging block against a lock per
# copy.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
for need in sim/hsa_sim.so liboffload-test.a link_flags; do
  if [ ! -e "$build/$need" ]; then
    echo "skipped: $build/$need not built (./build.sh build)"
    exit 0
  fi
done
${CC:-cc} -std=gnu11 -O2 -g -pthread -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"" \
  -DOFFLOAD_TEST_BUILD="\"$build\"" "$root/bench/bench_amdgpu.c" "$build/liboffload-test.a" -o "$build/bench/bench_amdgpu" $(cat "$build/link_flags")
"$build/bench/bench_amdgpu"
