; tests/data/amdgpu/v5.ll — device code for the AMDGPU backend tests, compiled for gfx90a by
; regen.sh into v5.gfx90a.co (a code object v5, with LLVM 22: LLVM 14's v5 is unusable). As with
; kernels.ll the simulated runtime runs a host implementation per kernel name; what matters is
; the metadata: the v5 hidden arguments, .uses_dynamic_stack and .max_flat_workgroup_size.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

; Reads two of its implicit arguments (heap and queue pointers), so the code object lists every v5
; hidden argument but hidden_hostcall_buffer (amdgpu-no-hostcall-ptr: it calls no host service).
define amdgpu_kernel void @hidden(ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %imp = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %p = getelementptr i8, ptr addrspace(4) %imp, i64 96
  %h = load i64, ptr addrspace(4) %p
  %q = getelementptr i8, ptr addrspace(4) %imp, i64 200
  %qp = load i64, ptr addrspace(4) %q
  %s = add i64 %h, %qp
  store i64 %s, ptr addrspace(1) %out
  ret void
}

; Reads its implicit arguments without amdgpu-no-hostcall-ptr, as a kernel calling a HIP
; printf or another hostcall service does: the metadata lists hidden_hostcall_buffer.
define amdgpu_kernel void @hostcall(ptr addrspace(1) %out) #3 {
entry:
  %imp = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %p = getelementptr i8, ptr addrspace(4) %imp, i64 80
  %h = load i64, ptr addrspace(4) %p
  store i64 %h, ptr addrspace(1) %out
  ret void
}

; Recursion: the call stack size is not known at compile time (.uses_dynamic_stack: true).
define i32 @fib(i32 %n) {
entry:
  %small = icmp slt i32 %n, 2
  br i1 %small, label %leaf, label %rec
leaf:
  ret i32 %n
rec:
  %a = sub i32 %n, 1
  %b = sub i32 %n, 2
  %fa = call i32 @fib(i32 %a)
  %fb = call i32 @fib(i32 %b)
  %s = add i32 %fa, %fb
  ret i32 %s
}

define amdgpu_kernel void @recursive(ptr addrspace(1) %out, i32 %n) #1 {
entry:
  %r = call i32 @fib(i32 %n)
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; __launch_bounds__(256): .max_flat_workgroup_size 256.
define amdgpu_kernel void @bounded(ptr addrspace(1) %out) #2 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %tid, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-hostcall-ptr" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-implicitarg-ptr" }
attributes #2 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-implicitarg-ptr" }
attributes #3 = { "amdgpu-flat-work-group-size"="1,1024" }

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
