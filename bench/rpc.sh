#!/usr/bin/env bash
# bench/rpc.sh BUILD_DIR — the RPC benchmark on the host device (needs the JIT: portable kernels).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
if grep -q LLVM "$build/llvm_flags" 2>/dev/null; then
  ${CC:-cc} -O2 -std=gnu11 -pthread -I"$root" "$root/bench/bench_rpc.c" "$build/offload_impl.o" \
    -o "$build/bench/bench_rpc" $(cat "$build/link_flags")
  "$build/bench/bench_rpc"
else
  echo "skipped: the build has no JIT (portable kernels need it)"
fi
