; tests/data/amdgpu/kernels.ll — device code for the AMDGPU backend tests, compiled for gfx90a by
; regen.sh into kernels.gfx90a.co (a code object v4). The simulated HSA runtime does not execute
; this code: tests register a host implementation per kernel name and the runtime calls it with
; the kernarg buffer the backend filled, so what matters here is the signature of each kernel,
; its descriptor (kernarg/group/private sizes) and its metadata.
target triple = "amdgcn-amd-amdhsa"

@counter = addrspace(1) externally_initialized global i32 7, align 4
@table = addrspace(1) externally_initialized global [16 x float] zeroinitializer, align 16
@tile = internal addrspace(3) global [64 x float] undef, align 16

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i8 addrspace(4)* @llvm.amdgcn.implicitarg.ptr()
declare void @llvm.amdgcn.s.barrier()

; y[i] = a * x[i] + y[i]; no hidden arguments (kernarg size 28).
define amdgpu_kernel void @saxpy(float %a, float addrspace(1)* %x, float addrspace(1)* %y, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %bid, 64
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %px = getelementptr float, float addrspace(1)* %x, i32 %i
  %py = getelementptr float, float addrspace(1)* %y, i32 %i
  %vx = load float, float addrspace(1)* %px
  %vy = load float, float addrspace(1)* %py
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, float addrspace(1)* %py
  br label %done
done:
  ret void
}

; Mixed argument sizes (char, double, short, pointer, int: offsets 0, 8, 16, 24, 32) and a read
; of the implicit arguments, so the code object lists the v4 hidden block after them.
define amdgpu_kernel void @mixed(i8 %c, double %d, i16 %s, i32 addrspace(1)* %out, i32 %i) {
entry:
  %imp = call i8 addrspace(4)* @llvm.amdgcn.implicitarg.ptr()
  %impi = bitcast i8 addrspace(4)* %imp to i32 addrspace(4)*
  %h = load i32, i32 addrspace(4)* %impi
  %c32 = sext i8 %c to i32
  %s32 = sext i16 %s to i32
  %d32 = fptosi double %d to i32
  %a = add i32 %c32, %s32
  %b = add i32 %a, %d32
  %e = add i32 %b, %i
  %f = add i32 %e, %h
  store i32 %f, i32 addrspace(1)* %out
  ret void
}

; Static LDS (256 bytes of group segment) and a private array (private segment), so the
; descriptor sizes are non-zero.
define amdgpu_kernel void @reverse(float addrspace(1)* %data, i32 %k) {
entry:
  %priv = alloca [8 x i32], align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [64 x float], [64 x float] addrspace(3)* @tile, i32 0, i32 %tid
  %src = getelementptr float, float addrspace(1)* %data, i32 %tid
  %v = load float, float addrspace(1)* %src
  store float %v, float addrspace(3)* %p
  call void @llvm.amdgcn.s.barrier()
  %r = sub i32 63, %tid
  %q = getelementptr [64 x float], [64 x float] addrspace(3)* @tile, i32 0, i32 %r
  %w = load float, float addrspace(3)* %q
  %slot = getelementptr [8 x i32], [8 x i32] addrspace(5)* %priv, i32 0, i32 %k
  store volatile i32 %tid, i32 addrspace(5)* %slot
  %back = getelementptr [8 x i32], [8 x i32] addrspace(5)* %priv, i32 0, i32 0
  %bv = load volatile i32, i32 addrspace(5)* %back
  %bf = sitofp i32 %bv to float
  %sum = fadd float %w, %bf
  store float %sum, float addrspace(1)* %src
  ret void
}
