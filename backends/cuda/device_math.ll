; backends/cuda/device_math.ll — the math of the device API on NVIDIA GPUs that comes from
; libdevice, named by the CUDA backend's target facts (backends/cuda/target.inc, .math):
; offload_<f>f (float) and offload_<f> (double) for exp, log, sin, cos, tan and pow call __nv_<f>f
; and __nv_<f>, which the compile links only when a kernel uses one (offload__jit_link_libdevice).
; sqrt, fabs, floor, ceil and fma are LLVM intrinsics, which every backend lowers itself
; (jit/intrinsic_math.ll). alwaysinline (#0): even at -O0 no call remains in a kernel.
;
; The JIT links it as every device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

declare float @__nv_expf(float)
define float @offload_expf(float %x) #0 {
  %r = call float @__nv_expf(float %x)
  ret float %r
}

declare double @__nv_exp(double)
define double @offload_exp(double %x) #0 {
  %r = call double @__nv_exp(double %x)
  ret double %r
}

declare float @__nv_logf(float)
define float @offload_logf(float %x) #0 {
  %r = call float @__nv_logf(float %x)
  ret float %r
}

declare double @__nv_log(double)
define double @offload_log(double %x) #0 {
  %r = call double @__nv_log(double %x)
  ret double %r
}

declare float @__nv_sinf(float)
define float @offload_sinf(float %x) #0 {
  %r = call float @__nv_sinf(float %x)
  ret float %r
}

declare double @__nv_sin(double)
define double @offload_sin(double %x) #0 {
  %r = call double @__nv_sin(double %x)
  ret double %r
}

declare float @__nv_cosf(float)
define float @offload_cosf(float %x) #0 {
  %r = call float @__nv_cosf(float %x)
  ret float %r
}

declare double @__nv_cos(double)
define double @offload_cos(double %x) #0 {
  %r = call double @__nv_cos(double %x)
  ret double %r
}

declare float @__nv_tanf(float)
define float @offload_tanf(float %x) #0 {
  %r = call float @__nv_tanf(float %x)
  ret float %r
}

declare double @__nv_tan(double)
define double @offload_tan(double %x) #0 {
  %r = call double @__nv_tan(double %x)
  ret double %r
}

declare float @__nv_powf(float, float)
define float @offload_powf(float %x, float %y) #0 {
  %r = call float @__nv_powf(float %x, float %y)
  ret float %r
}

declare double @__nv_pow(double, double)
define double @offload_pow(double %x, double %y) #0 {
  %r = call double @__nv_pow(double %x, double %y)
  ret double %r
}

attributes #0 = { alwaysinline nounwind }
