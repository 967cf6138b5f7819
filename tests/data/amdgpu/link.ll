; tests/data/amdgpu/link.ll — device code for tests/test_amdgpu_link.c: what the in-process AMDGPU
; link must handle as ld.lld does. Five kernels (eleven exported symbols with `exported`, so
; .gnu.hash has two buckets and a four-word bloom filter), a non-inlined internal helper (calls
; through R_AMDGPU_REL32_LO/HI), hidden globals in .data and .bss reached PC-relatively (hidden
; symbols stay out of .dynsym), a protected global that is exported, and an internal constant
; table in .rodata beside the kernel descriptors. Typed pointers, which LLVM 14 and 22 both read.
target triple = "amdgcn-amd-amdhsa"

@scale = hidden addrspace(1) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 16
@zeros = hidden addrspace(1) global [32 x i32] zeroinitializer, align 16
@exported = protected addrspace(1) global i32 5, align 4
@lut = internal addrspace(4) constant [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6], align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define internal fastcc float @helper(i32 %i) noinline {
  %p = getelementptr [4 x float], [4 x float] addrspace(1)* @scale, i32 0, i32 %i
  %v = load float, float addrspace(1)* %p
  %q = getelementptr [8 x i32], [8 x i32] addrspace(4)* @lut, i32 0, i32 %i
  %w = load i32, i32 addrspace(4)* %q
  %f = sitofp i32 %w to float
  %s = fadd float %v, %f
  ret float %s
}

define amdgpu_kernel void @k_one(float addrspace(1)* %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = call fastcc float @helper(i32 %t)
  %p = getelementptr float, float addrspace(1)* %out, i32 %t
  store float %v, float addrspace(1)* %p
  ret void
}

define amdgpu_kernel void @k_two(i32 addrspace(1)* %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [32 x i32], [32 x i32] addrspace(1)* @zeros, i32 0, i32 %t
  store i32 %t, i32 addrspace(1)* %p
  %e = load i32, i32 addrspace(1)* @exported
  store i32 %e, i32 addrspace(1)* %out
  ret void
}

define amdgpu_kernel void @k_three(float addrspace(1)* %out, i32 %n) {
  %v = call fastcc float @helper(i32 %n)
  store float %v, float addrspace(1)* %out
  ret void
}

define amdgpu_kernel void @k_four(i32 addrspace(1)* %out) {
  store i32 4, i32 addrspace(1)* %out
  ret void
}

define amdgpu_kernel void @k_five_with_a_longer_name(i32 addrspace(1)* %out, double %d) {
  %i = fptosi double %d to i32
  store i32 %i, i32 addrspace(1)* %out
  ret void
}
