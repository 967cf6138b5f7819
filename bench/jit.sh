#!/usr/bin/env bash
# bench/jit.sh BUILD_DIR — builds and runs bench/bench_jit.c against the LLVM the build used
# (LLVM_CONFIG, else the newest llvm-config-N, as build.sh chooses): JIT compile time vs the same
# LLVM's opt + llc (+ ld.lld) with their start-up subtracted, the default pipeline vs O3 on
# optimised input, the compile server vs in-process, in-memory and on-disk cache hits vs compiling.
# Called by bench/run.sh. Needs the build's tools/offload-jit-compiler (the compile server).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
llvm_config=${LLVM_CONFIG:-$(compgen -c llvm-config- | grep -E '^llvm-config-[0-9]+$' | sort -t- -k3 -n -u | tail -n 1 || true)}
command -v "$llvm_config" >/dev/null 2>&1 || { echo "skipped: no llvm-config found"; exit 0; }
bindir=$("$llvm_config" --bindir)
for tool in opt llc ld.lld; do
  [ -x "$bindir/$tool" ] || { echo "skipped: $bindir/$tool not found"; exit 0; }
done
libdir=$("$llvm_config" --libdir)
${CC:-cc} -std=gnu11 -O2 -pthread -I"$root" -isystem "$("$llvm_config" --includedir)" \
  "$root/bench/bench_jit.c" -o "$build/bench/bench_jit" \
  -L"$libdir" -Wl,-rpath,"$libdir" -lLLVM-"$("$llvm_config" --version | cut -d. -f1)" -ldl -lpthread -lm
cd "$root"
"$build/bench/bench_jit" "${BENCH_JIT_MODULE:-tests/data/jit/stencil.ll}" "$bindir"
