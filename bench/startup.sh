#!/usr/bin/env bash
# bench/startup.sh BUILD_DIR — what a process pays at start-up for the runtime (bench/bench_startup.c):
#   startup_native: bench/startup_native.c (context, one native kernel) linked with liboffload.so,
#                   against the same program without the runtime (goal: +2 ms, +2 MiB at most;
#                   the runtime does not map libLLVM unless something compiles in-process)
#   startup_omp:    bench/startup_omp.c (one target region, as a validation-suite test) on the
#                   runtime's libomptarget plugin, against LLVM 14's stock plugin (goal: ratio 1.02)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
runs=${STARTUP_BENCH_RUNS:-200}
mkdir -p "$build/bench"
for f in liboffload.so link_flags; do
  [ -f "$build/$f" ] || { echo "bench/startup.sh: $build/$f is missing; run ./build.sh build first" >&2; exit 1; }
done
CC=${CC:-cc}
$CC -std=gnu11 -O2 "$root/bench/bench_startup.c" -o "$build/bench/bench_startup"
$CC -std=gnu11 -O2 -I"$root" "$root/bench/startup_native.c" -o "$build/bench/startup_native" \
  -L"$build" -Wl,-rpath,"$build" -loffload $(cat "$build/link_flags")
$CC -std=gnu11 -O2 -DWITHOUT_RUNTIME "$root/bench/startup_native.c" -o "$build/bench/startup_native_alone"
"$build/bench/bench_startup" native "$runs" - "$build/bench/startup_native" - "$build/bench/startup_native_alone"
if command -v clang-14 >/dev/null 2>&1 && [ -f "$build/compat/libomptarget.rtl.x86_64.so" ]; then
  clang-14 -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu "$root/bench/startup_omp.c" -o "$build/bench/startup_omp"
  "$build/bench/bench_startup" omp "$runs" "$build/compat" "$build/bench/startup_omp" - "$build/bench/startup_omp"
else
  echo "startup_omp: skipped: clang-14 with OpenMP offload, or the plugin ($build/compat), not found"
fi
