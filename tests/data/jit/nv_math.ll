; nv_math.ll — CUDA-shaped device code as clang emits it for NVPTX: a triple, "target-cpu" on every
; function, the kernel marked only by !nvvm.annotations, and math left as calls to libdevice's
; __nv_* functions (float, double, and the integer-power and fast variants), which the JIT links.
;   out[i] = expf(x) + sqrtf(x) + powif(x, 3) + fast_log2f(x) + (float)(exp(x) + pow(x, 0.5) + log(x))
target triple = "nvptx64-nvidia-cuda"

define void @nv_math(float* %x, float* %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %i64 = sext i32 %i to i64
  %px = getelementptr inbounds float, float* %x, i64 %i64
  %v = load float, float* %px, align 4
  %e = call float @__nv_expf(float %v)
  %s = call float @__nv_sqrtf(float %v)
  %p = call float @__nv_powif(float %v, i32 3)
  %l = call float @__nv_fast_log2f(float %v)
  %vd = fpext float %v to double
  %ed = call double @__nv_exp(double %vd)
  %pd = call double @__nv_pow(double %vd, double 5.000000e-01)
  %ld = call double @__nv_log(double %vd)
  %a1 = fadd float %e, %s
  %a2 = fadd float %a1, %p
  %a3 = fadd float %a2, %l
  %d1 = fadd double %ed, %pd
  %d2 = fadd double %d1, %ld
  %df = fptrunc double %d2 to float
  %r = fadd float %a3, %df
  %po = getelementptr inbounds float, float* %out, i64 %i64
  store float %r, float* %po, align 4
  br label %done
done:
  ret void
}

declare float @__nv_expf(float)
declare float @__nv_sqrtf(float)
declare float @__nv_powif(float, i32)
declare float @__nv_fast_log2f(float)
declare double @__nv_exp(double)
declare double @__nv_pow(double, double)
declare double @__nv_log(double)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }

!nvvm.annotations = !{!0}
!0 = !{void (float*, float*, i32)* @nv_math, !"kernel", i32 1}
