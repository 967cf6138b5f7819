#!/usr/bin/env bash
# bench/checks.sh BUILD_DIR — what the host device's checks cost: bench/bench_checks.c runs the
# work-group tests' axpy, tree reduction, tiled matrix multiply and stencil
# (tests/data/workgroup/kernels.ll) without checks, with memcheck, with memcheck and
# synccheck, with racecheck, and with initcheck, and prints each checked time as a ratio to the
# unchecked one. Called by bench/run.sh. Needs ./build.sh build first (offload_impl.o with the JIT).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
[ -f "$build/offload_impl.o" ] || { echo "bench/checks.sh: $build/offload_impl.o is missing; run ./build.sh build first" >&2; exit 1; }
if ! grep -q LLVM "$build/llvm_flags" 2>/dev/null; then
  echo "skipped: the build has no JIT (the kernels are portable IR)"
  exit 0
fi
${CC:-cc} -std=gnu11 -O2 -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"" "$root/bench/bench_checks.c" \
  "$build/offload_impl.o" -o "$build/bench/bench_checks" $(cat "$build/link_flags") -ldl -lpthread -lm
"$build/bench/bench_checks" "$root/tests/data/workgroup/kernels.ll"
