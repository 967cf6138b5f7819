#!/usr/bin/env bash
# tests/data/amdgpu/regen.sh — rebuilds the committed gfx90a code objects (kernels.gfx90a.co from
# kernels.ll, long_name.gfx90a.co from long_name.ll) with LLVM 14 (llc-14 + ld.lld-14), and
# v5.gfx90a.co and printf.gfx90a.co from v5.ll and printf.ll with LLVM 22 (code object v5: LLVM
# 14's is unusable), then prints the descriptor and metadata facts the tests assert.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
llc-14 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -mattr=-xnack -filetype=obj kernels.ll -o kernels.gfx90a.o
ld.lld-14 -shared kernels.gfx90a.o -o kernels.gfx90a.co
rm -f kernels.gfx90a.o
llc-14 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -mattr=-xnack -filetype=obj long_name.ll -o long_name.gfx90a.o
ld.lld-14 -shared long_name.gfx90a.o -o long_name.gfx90a.co
rm -f long_name.gfx90a.o
for name in v5 printf; do
  llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -mattr=-xnack -filetype=obj $name.ll -o $name.gfx90a.o
  ld.lld-22 -shared $name.gfx90a.o -o $name.gfx90a.co
  rm -f $name.gfx90a.o
done
llvm-readelf-14 --file-headers --symbols --notes kernels.gfx90a.co | grep -E 'Flags|ABI Version|\.kd|counter|table|\.kernarg_segment_size|\.group_segment_fixed_size|\.private_segment_fixed_size|\.name:' || true
