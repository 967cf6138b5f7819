#!/usr/bin/env bash
# bench/jit.sh BUILD_DIR — builds and runs bench/bench_jit.c: JIT compile time vs llc-14 (+ ld.lld-14),
# in-memory and on-disk cache hits vs compiling. Called by bench/run.sh; needs LLVM 14's tools.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
llvm_config=${LLVM_CONFIG:-llvm-config-14}
for tool in "$llvm_config" llc-14 ld.lld-14; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool not found"; exit 0; }
done
libdir=$("$llvm_config" --libdir)
${CC:-cc} -std=gnu11 -O2 -pthread -I"$root" -isystem "$("$llvm_config" --includedir)" \
  "$root/bench/bench_jit.c" -o "$build/bench/bench_jit" \
  -L"$libdir" -Wl,-rpath,"$libdir" -lLLVM-"$("$llvm_config" --version | cut -d. -f1)" -ldl -lpthread
cd "$root"
"$build/bench/bench_jit" "${BENCH_JIT_MODULE:-tests/data/jit/stencil.ll}"
