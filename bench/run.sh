#!/usr/bin/env bash
# bench/run.sh BUILD_DIR — builds and runs every benchmark; called by ./build.sh bench.
# Each benchmark prints `<name>: ours=<v><unit> peer=<v><unit> ratio=<ours/peer>` lines.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"

echo "== host device vs libomptarget (x86_64 plugin)"
if command -v clang-14 >/dev/null 2>&1; then
  clang-14 -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -I"$root" "$root/bench/bench_host.c" \
    "$build/offload_impl.o" -o "$build/bench/bench_host" $(cat "$build/link_flags" 2>/dev/null) -ldl -lpthread
  "$build/bench/bench_host"
else
  echo "skipped: clang-14 with OpenMP offload not found"
fi

for extra in "$root"/bench/*.sh; do
  [ "$(basename "$extra")" = run.sh ] && continue
  echo "== $(basename "$extra" .sh)"
  bash "$extra" "$build"
done
