; backends/amdgpu/device_math.ll — the math of the device API on AMD GPUs that comes from ROCm's
; device libraries, named by the AMDGPU backend's target facts (backends/amdgpu/target.inc, .math):
; offload_<f>f (float) and offload_<f> (double) for exp, log, sin, cos, tan and pow call
; __ocml_<f>_f32 and __ocml_<f>_f64, which the compile links only when a kernel uses one
; (offload__jit_link_rocm).
; sqrt, fabs, floor, ceil and fma are LLVM intrinsics, which every backend lowers itself
; (jit/intrinsic_math.ll). alwaysinline (#0): even at -O0 no call remains in a kernel.
;
; The JIT links it as every device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

declare float @__ocml_exp_f32(float)
define float @offload_expf(float %x) #0 {
  %r = call float @__ocml_exp_f32(float %x)
  ret float %r
}

declare double @__ocml_exp_f64(double)
define double @offload_exp(double %x) #0 {
  %r = call double @__ocml_exp_f64(double %x)
  ret double %r
}

declare float @__ocml_log_f32(float)
define float @offload_logf(float %x) #0 {
  %r = call float @__ocml_log_f32(float %x)
  ret float %r
}

declare double @__ocml_log_f64(double)
define double @offload_log(double %x) #0 {
  %r = call double @__ocml_log_f64(double %x)
  ret double %r
}

declare float @__ocml_sin_f32(float)
define float @offload_sinf(float %x) #0 {
  %r = call float @__ocml_sin_f32(float %x)
  ret float %r
}

declare double @__ocml_sin_f64(double)
define double @offload_sin(double %x) #0 {
  %r = call double @__ocml_sin_f64(double %x)
  ret double %r
}

declare float @__ocml_cos_f32(float)
define float @offload_cosf(float %x) #0 {
  %r = call float @__ocml_cos_f32(float %x)
  ret float %r
}

declare double @__ocml_cos_f64(double)
define double @offload_cos(double %x) #0 {
  %r = call double @__ocml_cos_f64(double %x)
  ret double %r
}

declare float @__ocml_tan_f32(float)
define float @offload_tanf(float %x) #0 {
  %r = call float @__ocml_tan_f32(float %x)
  ret float %r
}

declare double @__ocml_tan_f64(double)
define double @offload_tan(double %x) #0 {
  %r = call double @__ocml_tan_f64(double %x)
  ret double %r
}

declare float @__ocml_pow_f32(float, float)
define float @offload_powf(float %x, float %y) #0 {
  %r = call float @__ocml_pow_f32(float %x, float %y)
  ret float %r
}

declare double @__ocml_pow_f64(double, double)
define double @offload_pow(double %x, double %y) #0 {
  %r = call double @__ocml_pow_f64(double %x, double %y)
  ret double %r
}

attributes #0 = { alwaysinline nounwind }
