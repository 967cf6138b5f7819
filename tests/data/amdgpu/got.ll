; tests/data/amdgpu/got.ll — kernels that read and write a default-visibility global. In a shared
; object such a global can be preempted, so LLVM reaches it through the GOT
; (R_AMDGPU_GOTPCREL32_LO/HI): the link makes a .got entry for it with a dynamic relocation in
; .rela.dyn (R_AMDGPU_ABS64 against the symbol, or R_AMDGPU_RELATIVE64 once the test makes it
; protected), which the HSA loader applies (tests/test_amdgpu_link.c, tests/test_jit.c).
target triple = "amdgcn-amd-amdhsa"

@counter = addrspace(1) global i32 7, align 4

define amdgpu_kernel void @bump(i32 addrspace(1)* %out) {
  %c = load i32, i32 addrspace(1)* @counter
  store i32 %c, i32 addrspace(1)* %out
  ret void
}

define amdgpu_kernel void @set(i32 %v) {
  store i32 %v, i32 addrspace(1)* @counter
  ret void
}
