#!/usr/bin/env bash
# bench/jit.sh BUILD_DIR — builds and runs bench/bench_jit.c against the LLVM the build used
# (LLVM_CONFIG, else the newest llvm-config-N, as build.sh chooses): JIT compile time vs the same
# LLVM's opt + llc (+ ld.lld) with their start-up subtracted, the default pipeline vs O3 on
# optimised input, a second context sharing the compile servers vs starting its own, in-memory and
# on-disk cache hits vs compiling; the compile server vs in-process, over several processes;
# then the same compile comparison for CUDA IR (clang's NVPTX output) compiled for the host,
# then bench/bench_first_compile.c: the first compile in a fresh process vs opt + llc as processes,
# then bench/bench_jit_load.c: loading a host object with the debugger registration vs without.
# Called by bench/run.sh. Needs ./build.sh build first: the test build of the library, and
# tools/offload-jit-compiler (the compile server).
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
for f in liboffload-test.a liboffload.so link_flags llvm_flags; do
  [ -f "$build/$f" ] || { echo "bench/jit.sh: $build/$f is missing; run ./build.sh build first" >&2; exit 1; }
done
# The test build of the library (liboffload-test.a) carries the hooks that compile for GPUs
# that are not present; the runtime opens the LLVM it was built with (llvm_flags names it) itself.
${CC:-cc} -std=gnu11 -O2 -pthread -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"" -isystem "$("$llvm_config" --includedir)" \
  "$root/bench/bench_jit.c" "$build/liboffload-test.a" -o "$build/bench/bench_jit" $(cat "$build/link_flags") -ldl -lpthread -lm
cd "$root"
"$build/bench/bench_jit" "${BENCH_JIT_MODULE:-tests/data/jit/stencil.ll}" "$bindir"
# isolation_<target> (the compile server vs in-process) moves by up to a fifth from one process to
# the next, either way: measured in ISOLATION_PROCESSES processes (default 7), each line the
# medians across them of ours, the peer and the ratio.
processes=${ISOLATION_PROCESSES:-7}
echo "# isolation: $processes processes of bench_jit, medians across them"
for _ in $(seq "$processes"); do
  "$build/bench/bench_jit" "${BENCH_JIT_MODULE:-tests/data/jit/stencil.ll}" "$bindir" isolation
done | awk '
  function upper_median(values, name, count,   sorted, i, j, v) {
    for (i = 1; i <= count; i++) {
      v = values[name, i] + 0
      for (j = i - 1; j >= 1 && sorted[j] > v; j--) sorted[j + 1] = sorted[j]
      sorted[j + 1] = v
    }
    return sorted[int(count / 2) + 1]
  }
  /^isolation_/ {
    name = $1; sub(":$", "", name)
    if (!(name in seen)) { seen[name] = 1; names[++kinds] = name }
    k = ++count[name]
    ours[name, k] = substr($2, 6); peer[name, k] = substr($3, 6); ratio[name, k] = substr($4, 7)
  }
  END {
    for (i = 1; i <= kinds; i++) {
      name = names[i]; k = count[name]
      printf "%s: ours=%.4gms peer=%.4gms ratio=%.4g (medians of %d processes)\n", name,
        upper_median(ours, name, k), upper_median(peer, name, k), upper_median(ratio, name, k), k
    }
  }'
# CUDA device code as clang emits it (NVPTX IR of tests/data/cuda_host/shared.cu: a scan, a
# histogram, a matrix multiply, a stencil, a transpose) compiled for the host device, against
# opt -O3 + llc -O3 on the same module as our optimiser gets it (retargeted to the host, linked).
major=$("$llvm_config" --version | cut -d. -f1)
flavour=llvm14
[ "$major" -ge 22 ] && flavour=llvm22
cuda_ir=tests/data/cuda_host/shared.$flavour.ll
"$build/bench/bench_jit" "$cuda_ir" "$bindir" host cuda_ir_host ||
  echo "compile_cuda_ir_host: not measured: the JIT did not compile $cuda_ir for the host (above)"
# A printf kernel for AMDGPU: the RPC client's global is reached through the GOT, which the
# in-process link writes too (against opt + llc + ld.lld, start-up subtracted).
"$build/bench/bench_jit" tests/data/amdgpu/rpc_printf.ll "$bindir" amdgpu_gfx90a amdgpu_printf_gfx90a
# The first compile in a fresh process (a program linked with liboffload.so, the compile server
# beside it named through OFFLOAD_JIT_COMPILER) against opt and llc run as processes.
${CC:-cc} -std=gnu11 -O2 -I"$root" "$root/bench/bench_first_compile.c" -o "$build/bench/bench_first_compile" \
  -L"$build" -Wl,-rpath,"$build" -loffload $(cat "$build/link_flags")
"$build/bench/bench_first_compile" "${FIRST_COMPILE_RUNS:-15}" "$bindir" "$build/tools/offload-jit-compiler" \
  tests/data/jit/saxpy.ll saxpy
${CC:-cc} -std=gnu11 -O2 -pthread -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"" -isystem "$("$llvm_config" --includedir)" \
  "$root/bench/bench_jit_load.c" "$build/liboffload-test.a" -o "$build/bench/bench_jit_load" $(cat "$build/llvm_flags") \
  $(cat "$build/link_flags") -ldl -lpthread -lm
"$build/bench/bench_jit_load" tests/data/jit/saxpy.ll saxpy
