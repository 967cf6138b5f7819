#!/usr/bin/env bash
# tests/data/cuda/regen.sh — rebuilds the committed cubin and fatbin from kernels.ptx with the CUDA
# toolkit's ptxas and fatbinary (uncompressed, so the image reader can walk the cubin inside),
# then lists their symbols.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
bin=${CUDA_BIN:-/usr/local/cuda/bin}
"$bin/ptxas" -arch=sm_80 kernels.ptx -o kernels.sm_80.cubin
"$bin/fatbinary" --create=kernels.sm_80.fatbin --image3=kind=elf,sm=80,file=kernels.sm_80.cubin \
  --image3=kind=ptx,sm=80,file=kernels.ptx --compress=false
readelf -sW kernels.sm_80.cubin | grep -E 'FUNC|OBJECT' || true
