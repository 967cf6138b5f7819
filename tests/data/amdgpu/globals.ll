; tests/data/amdgpu/globals.ll — a kernel that reads three default-visibility globals, each reached
; through a GOT entry of its own: tests/test_amdgpu_link.c makes the second protected, so that its
; entry's R_AMDGPU_RELATIVE64 must lead .rela.dyn before the others' R_AMDGPU_ABS64, and checks
; that each reference reaches its own global's entry.
target triple = "amdgcn-amd-amdhsa"

@first = addrspace(1) global i32 1, align 4
@second = addrspace(1) global i32 2, align 4
@third = addrspace(1) global i32 3, align 4

define amdgpu_kernel void @sum(i32 addrspace(1)* %out) {
  %a = load i32, i32 addrspace(1)* @first
  %b = load i32, i32 addrspace(1)* @second
  %c = load i32, i32 addrspace(1)* @third
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  store i32 %abc, i32 addrspace(1)* %out
  ret void
}
