; jit/intrinsic_math.ll — the math of the device API that LLVM's own intrinsics give, for every
; target (each backend lowers them itself): offload_<f>f on floats and offload_<f> on doubles for
; sqrt, fabs, floor, ceil and fma. The rest calls the vendor's library: each backend's
; backends/<backend>/device_math.ll. It comes after the backend's device library and math
; (offload__jit_link_library). alwaysinline (#0): even at -O0 no call remains in a kernel.
;
; The JIT links it as every device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

declare float @llvm.sqrt.f32(float)
define float @offload_sqrtf(float %x) #0 {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}

declare float @llvm.fabs.f32(float)
define float @offload_fabsf(float %x) #0 {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}

declare float @llvm.floor.f32(float)
define float @offload_floorf(float %x) #0 {
  %r = call float @llvm.floor.f32(float %x)
  ret float %r
}

declare float @llvm.ceil.f32(float)
define float @offload_ceilf(float %x) #0 {
  %r = call float @llvm.ceil.f32(float %x)
  ret float %r
}

declare float @llvm.fma.f32(float, float, float)
define float @offload_fmaf(float %x, float %y, float %z) #0 {
  %r = call float @llvm.fma.f32(float %x, float %y, float %z)
  ret float %r
}

declare double @llvm.sqrt.f64(double)
define double @offload_sqrt(double %x) #0 {
  %r = call double @llvm.sqrt.f64(double %x)
  ret double %r
}

declare double @llvm.fabs.f64(double)
define double @offload_fabs(double %x) #0 {
  %r = call double @llvm.fabs.f64(double %x)
  ret double %r
}

declare double @llvm.floor.f64(double)
define double @offload_floor(double %x) #0 {
  %r = call double @llvm.floor.f64(double %x)
  ret double %r
}

declare double @llvm.ceil.f64(double)
define double @offload_ceil(double %x) #0 {
  %r = call double @llvm.ceil.f64(double %x)
  ret double %r
}

declare double @llvm.fma.f64(double, double, double)
define double @offload_fma(double %x, double %y, double %z) #0 {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  ret double %r
}

attributes #0 = { alwaysinline nounwind }
