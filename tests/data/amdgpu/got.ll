; tests/data/amdgpu/got.ll — a kernel that reads a default-visibility global. In a shared object
; such a global can be preempted, so LLVM reaches it through the GOT (R_AMDGPU_GOTPCREL32_LO/HI),
; which needs a dynamic relocation: the in-process AMDGPU link declines the object and ld.lld
; links it (tests/test_amdgpu_link.c, and tests/test_jit.c's link-step errors).
target triple = "amdgcn-amd-amdhsa"

@counter = addrspace(1) global i32 7, align 4

define amdgpu_kernel void @bump(i32 addrspace(1)* %out) {
  %c = load i32, i32 addrspace(1)* @counter
  store i32 %c, i32 addrspace(1)* %out
  ret void
}
