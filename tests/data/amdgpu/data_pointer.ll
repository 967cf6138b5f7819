; tests/data/amdgpu/data_pointer.ll — a global initialised with another global's address: an
; R_AMDGPU_ABS64 in .data, which needs a dynamic relocation of .data that the in-process AMDGPU
; link does not make, so ld.lld links it (tests/test_amdgpu_link.c, tests/test_jit.c's link-step
; errors).
target triple = "amdgcn-amd-amdhsa"

@value = addrspace(1) global i32 7, align 4
@pointer = addrspace(1) global i32 addrspace(1)* @value, align 8

define amdgpu_kernel void @follow(i32 addrspace(1)* %out) {
  %p = load i32 addrspace(1)*, i32 addrspace(1)* addrspace(1)* @pointer
  %v = load i32, i32 addrspace(1)* %p
  store i32 %v, i32 addrspace(1)* %out
  ret void
}
