; const_table.ll — a __constant__ table as clang emits it for NVPTX (address space 4, externally
; initialized), which the driver resolves by name like a .global variable: out[i] = coeffs[i % 4] * x[i].
target triple = "nvptx64-nvidia-cuda"

@coeffs = addrspace(4) externally_initialized global [4 x i32] [i32 3, i32 5, i32 7, i32 11], align 4

define ptx_kernel void @scale(i32* %x, i32* %out) {
entry:
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i64 = zext i32 %i to i64
  %k = and i64 %i64, 3
  %pc = getelementptr inbounds [4 x i32], [4 x i32] addrspace(4)* @coeffs, i64 0, i64 %k
  %c = load i32, i32 addrspace(4)* %pc, align 4
  %px = getelementptr inbounds i32, i32* %x, i64 %i64
  %v = load i32, i32* %px, align 4
  %r = mul i32 %c, %v
  %po = getelementptr inbounds i32, i32* %out, i64 %i64
  store i32 %r, i32* %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
