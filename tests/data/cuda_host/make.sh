#!/usr/bin/env bash
# tests/data/cuda_host/make.sh — regenerates the NVPTX IR here from the CUDA sources, as clang
# compiles CUDA device code; the first line of each .ll is the command that made it.
#   NAME.llvm14.ll, NAME.llvm22.ll   every NAME.cu, by clang++-14 and clang++-22 at -O2, with
#                                    cuda_test.h instead of the CUDA headers (-nocudainc) and
#                                    libdevice left to the JIT (-nocudalib: __nv_* declared only)
#   reduce.O0.llvm14.ll, reduce.O0.llvm22.ll   reduce.cu at -O0 (allocas, a device function
#                                    left as a call)
#   math.libdevice.llvm22.ll         math.cu by clang++-22 with the real CUDA headers and
#                                    libdevice linked by clang: its bodies (llvm.nvvm.* math
#                                    intrinsics, __nvvm_reflect folded) are in the module
# Needs clang-14, clang-22 and, for the last one, the CUDA toolkit in /usr/local/cuda.
#
# The PTX ISA is named: clang enables the .sync warp builtins only from PTX 6.0 and takes the
# ISA from the CUDA it finds even with -nocudainc; clang-14 cannot read CUDA 13's version and
# falls back to PTX 3.2. +ptx75 is what clang-14 uses with CUDA 11.5, the newest it knows;
# +ptx88 is what clang-22 uses with the CUDA 13 here. Only the IR is made, so the warnings
# about the installed CUDA being newer than the compiler knows do not matter.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
cuda=(-x cuda --cuda-device-only --cuda-gpu-arch=sm_70)
features14=(-Xclang -target-feature -Xclang +ptx75)
features22=(--cuda-feature=+ptx88)

# emit OUT COMMAND...: runs the command (which writes OUT) and puts the command first in OUT.
emit() {
  local out=$1; shift
  "$@" -o "$out.tmp"
  { echo "; $* -o $out"; cat "$out.tmp"; } > "$out"
  rm -f "$out.tmp"
}

for cu in *.cu; do
  name=${cu%.cu}
  emit "$name.llvm14.ll" clang++-14 "${cuda[@]}" -nocudainc -nocudalib "${features14[@]}" -O2 -emit-llvm -S "$cu"
  emit "$name.llvm22.ll" clang++-22 "${cuda[@]}" -nocudainc -nocudalib "${features22[@]}" -O2 -emit-llvm -S "$cu"
done
emit reduce.O0.llvm14.ll clang++-14 "${cuda[@]}" -nocudainc -nocudalib "${features14[@]}" -O0 -emit-llvm -S reduce.cu
emit reduce.O0.llvm22.ll clang++-22 "${cuda[@]}" -nocudainc -nocudalib "${features22[@]}" -O0 -emit-llvm -S reduce.cu
emit math.libdevice.llvm22.ll clang++-22 "${cuda[@]}" --cuda-path=/usr/local/cuda -O2 -emit-llvm -S math.cu
