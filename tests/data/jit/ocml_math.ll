; ocml_math.ll — HIP-shaped device code as clang emits it for gfx90a: a triple, an amdgpu_kernel,
; "target-cpu" on every function, and math left as calls to ROCm's ocml (float and double, and the
; integer-power and native variants), which the JIT links with the control libraries for the device.
;   out[i] = exp(x) + sqrt(x) + pown(x, 3) + native_log2(x) + (float)(exp(x) + pow(x, 0.5))
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ocml_math(float addrspace(1)* %x, float addrspace(1)* %out, i32 %n) #0 {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %i64 = sext i32 %i to i64
  %px = getelementptr inbounds float, float addrspace(1)* %x, i64 %i64
  %v = load float, float addrspace(1)* %px, align 4
  %e = call float @__ocml_exp_f32(float %v)
  %s = call float @__ocml_sqrt_f32(float %v)
  %p = call float @__ocml_pown_f32(float %v, i32 3)
  %l = call float @__ocml_native_log2_f32(float %v)
  %vd = fpext float %v to double
  %ed = call double @__ocml_exp_f64(double %vd)
  %pd = call double @__ocml_pow_f64(double %vd, double 5.000000e-01)
  %a1 = fadd float %e, %s
  %a2 = fadd float %a1, %p
  %a3 = fadd float %a2, %l
  %d1 = fadd double %ed, %pd
  %df = fptrunc double %d1 to float
  %r = fadd float %a3, %df
  %po = getelementptr inbounds float, float addrspace(1)* %out, i64 %i64
  store float %r, float addrspace(1)* %po, align 4
  br label %done
done:
  ret void
}

declare float @__ocml_exp_f32(float)
declare float @__ocml_sqrt_f32(float)
declare float @__ocml_pown_f32(float, i32)
declare float @__ocml_native_log2_f32(float)
declare double @__ocml_exp_f64(double)
declare double @__ocml_pow_f64(double, double)
declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "target-cpu"="gfx90a" "target-features"="+sramecc,-xnack" }
