; backends/host/device_math.ll — the math of the device API on the host device that comes from the
; C library, named by the host backend's target facts (backends/host/target.inc, .math):
; offload_<f>f (float) and offload_<f> (double) for exp, log, sin, cos, tan and pow call <f>f and
; <f>, which the host object finds in the process, as every symbol the module lacks.
; sqrt, fabs, floor, ceil and fma are LLVM intrinsics, which every backend lowers itself
; (jit/intrinsic_math.ll). alwaysinline (#0): even at -O0 no call remains in a kernel.
;
; The JIT links it as every device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

declare float @expf(float)
define float @offload_expf(float %x) #0 {
  %r = call float @expf(float %x)
  ret float %r
}

declare double @exp(double)
define double @offload_exp(double %x) #0 {
  %r = call double @exp(double %x)
  ret double %r
}

declare float @logf(float)
define float @offload_logf(float %x) #0 {
  %r = call float @logf(float %x)
  ret float %r
}

declare double @log(double)
define double @offload_log(double %x) #0 {
  %r = call double @log(double %x)
  ret double %r
}

declare float @sinf(float)
define float @offload_sinf(float %x) #0 {
  %r = call float @sinf(float %x)
  ret float %r
}

declare double @sin(double)
define double @offload_sin(double %x) #0 {
  %r = call double @sin(double %x)
  ret double %r
}

declare float @cosf(float)
define float @offload_cosf(float %x) #0 {
  %r = call float @cosf(float %x)
  ret float %r
}

declare double @cos(double)
define double @offload_cos(double %x) #0 {
  %r = call double @cos(double %x)
  ret double %r
}

declare float @tanf(float)
define float @offload_tanf(float %x) #0 {
  %r = call float @tanf(float %x)
  ret float %r
}

declare double @tan(double)
define double @offload_tan(double %x) #0 {
  %r = call double @tan(double %x)
  ret double %r
}

declare float @powf(float, float)
define float @offload_powf(float %x, float %y) #0 {
  %r = call float @powf(float %x, float %y)
  ret float %r
}

declare double @pow(double, double)
define double @offload_pow(double %x, double %y) #0 {
  %r = call double @pow(double %x, double %y)
  ret double %r
}

attributes #0 = { alwaysinline nounwind }
