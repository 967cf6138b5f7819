#!/usr/bin/env bash
# bench/amdgpu.sh [BUILD_DIR] — builds bench/bench_amdgpu.c (-O2, unity build, no JIT needed) into
# BUILD_DIR/bench and runs it on the simulated HSA runtime BUILD_DIR/sim/hsa_sim.so: small
# synchronous copies through a staging block against a lock per copy.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
if [ ! -e "$build/sim/hsa_sim.so" ]; then
  echo "skipped: $build/sim/hsa_sim.so not built (./build.sh build)"
  exit 0
fi
${CC:-cc} -std=gnu11 -O2 -g -pthread -I"$root" -DOFFLOAD_NO_JIT -DOFFLOAD_TEST_BUILD="\"$build\"" \
  "$root/bench/bench_amdgpu.c" -o "$build/bench/bench_amdgpu" -ldl
"$build/bench/bench_amdgpu"
