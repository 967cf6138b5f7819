#!/usr/bin/env bash
# bench/kernels.sh BUILD_DIR — GPU-style kernels on the host device against pocl's CPU device (the
# same kernels in OpenCL C, bench/kernels.cl), a serial C loop and OpenMP `parallel for simd`, in
# one process: bench/bench_kernels.c. The portable IR of tests/data/workgroup: kernels.ll's
# elementwise kernel, tree reduction through shared memory, tiled matrix multiply and stencil with
# a shared tile; loops.ll's shapes of GPU benchmark suites (matrix-vector products with a thread
# per column and per row, a 3D stencil whose threads walk z, elimination steps over mostly idle
# grids, the cost of a launch, a wavefront with a barrier in a loop). Then the CUDA IR of
# tests/data/cuda_host (clang-22's, or clang-14's when the JIT links an older LLVM): its
# reduction, scan, matrix multiply, stencil and matrix-vector product by columns, the same way. Last, loops.ll's first load in a
# fresh process against pocl's build and first enqueue of the same kernels. Called by
# bench/run.sh. Needs ./build.sh build first (offload_impl.o with the JIT, and
# tools/offload-jit-compiler, the compile server) and the OpenCL ICD loader with pocl
# (pocl-opencl-icd, ocl-icd-opencl-dev, opencl-c-headers: ./build.sh bench installs them).
# BENCH_KERNELS_ONLY=eliminate (or axpy, tree, launch, gemv, stencil_3d, wavefront) in the environment runs those rows alone.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
[ -f "$build/offload_impl.o" ] || { echo "bench/kernels.sh: $build/offload_impl.o is missing; run ./build.sh build first" >&2; exit 1; }
if ! grep -q LLVM "$build/llvm_flags" 2>/dev/null; then
  echo "skipped: the build has no JIT (the kernels are portable IR)"
  exit 0
fi
if [ ! -f /usr/include/CL/cl.h ] || ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1; then
  echo "skipped: no OpenCL headers or ICD (pocl-opencl-icd, ocl-icd-opencl-dev, opencl-c-headers)"
  exit 0
fi
# The C loops are compiled for this CPU (-march=native), as our JIT and pocl compile the kernels
# for it: otherwise the vector loops a person writes would be held to SSE2 and the peer would
# fall short of what the machine can do. OFFLOAD_TEST_ROOT: tests/files.h, whose file reader the
# benchmark uses, names the tree's root.
${CC:-cc} -std=gnu11 -O2 -march=native -fopenmp -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"" "$root/bench/bench_kernels.c" \
  "$build/offload_impl.o" -o "$build/bench/bench_kernels" $(cat "$build/link_flags") -lOpenCL -ldl -lpthread -lm
# The CUDA IR clang made for the JIT's LLVM: clang-22's needs LLVM 22, clang-14's reads everywhere.
major=$(sed -nE 's/.*-lLLVM-([0-9]+).*/\1/p' "$build/llvm_flags")
flavour=llvm14
[ "${major:-0}" -ge 22 ] && flavour=llvm22
cuda="$root/tests/data/cuda_host" workgroup="$root/tests/data/workgroup"
"$build/bench/bench_kernels" "$workgroup/kernels.ll" "$workgroup/loops.ll" "$root/bench/kernels.cl" \
  "$cuda/reduce.$flavour.ll" "$cuda/shared.$flavour.ll" "$cuda/loops.$flavour.ll"
