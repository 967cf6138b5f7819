; tests/data/amdgpu/printf.ll — device code for the AMDGPU backend tests, compiled for gfx90a by
; regen.sh into printf.gfx90a.co (code object v5, LLVM 22). A module with OpenCL-style printf
; format strings (llvm.printf.fmts) makes every kernel that reads its implicit arguments list
; hidden_printf_buffer, the buffer ROCm's runtime hands such kernels; "quiet" has no hidden
; arguments. The simulated runtime runs host implementations: only the metadata matters.
target triple = "amdgcn-amd-amdhsa"

declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

define amdgpu_kernel void @printer(ptr addrspace(1) %out) #0 {
entry:
  %imp = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %p = getelementptr i8, ptr addrspace(4) %imp, i64 72
  %b = load i64, ptr addrspace(4) %p
  store i64 %b, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @quiet(ptr addrspace(1) %out) #1 {
entry:
  store i64 1, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-hostcall-ptr" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-implicitarg-ptr" }

!llvm.printf.fmts = !{!1}
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!1 = !{!"1:1:4:%d\5Cn"}
