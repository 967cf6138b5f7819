#!/usr/bin/env bash
# tests/conformance/regen.sh — rebuilds the committed device images of the conformance suite from
# kernels.cu with clang-14 (no CUDA or ROCm toolkit needed): kernels.ptx for NVIDIA (sm_70, so
# every GPU the CUDA backend supports can load it), its NVPTX IR kernels.nvptx.ll (which the host
# device runs, locally and on a remote server: clang-14's IR, read by both LLVM versions the JIT
# builds with) and kernels.gfx90a.co for AMD. Checks the PTX with ptxas when the CUDA toolkit is
# installed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -O2 -S \
  -Wno-unknown-cuda-version kernels.cu -o kernels.ptx
clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -O2 -S -emit-llvm \
  -Wno-unknown-cuda-version kernels.cu -o kernels.nvptx.ll
clang-14 -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=gfx90a:xnack- -O2 \
  --no-gpu-bundle-output kernels.cu -o kernels.gfx90a.co
ptxas=${CUDA_BIN:-/usr/local/cuda/bin}/ptxas
if [ -x "$ptxas" ]; then "$ptxas" -arch=sm_90 kernels.ptx -o /dev/null; fi
grep -E '^\.visible|\.param' kernels.ptx
