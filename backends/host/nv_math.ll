; backends/host/nv_math.ll — libdevice's __nv_* functions for the CUDA IR the host device runs
; (jit/cuda_host.inc) when NVIDIA's libdevice is not found or desc.jit.libdevice_path is "none"
; (backends/host/target.inc, offload__jit_host; jit/module.inc links it in place of libdevice).
; The math is the C library's (glibc's libm: <f>f for float, <f> for double, found in the process
; as every symbol the module lacks) and LLVM's intrinsics; the rest is exact integer and
; bit arithmetic. Definitions are linkonce_odr: a module that brought its own __nv_* keeps them,
; and only what the module calls is linked. alwaysinline (#0): no call remains at -O0.
;
; Accuracy (offload.h, docs/host-kernels.md): the C library's; the fast intrinsics (__expf,
; __sinf, __fdividef...) are computed precisely; _rn arithmetic is the IEEE operation; float
; functions with no float counterpart here (rsqrtf, rcbrtf, sinpif, cospif, normcdff, norm3df,
; rhypotf...) are computed in double and rounded once; conversions round with rint, trunc, ceil
; or floor (exact) and saturate as PTX's cvt does (NaN to 0).
;
; Not defined, so that a module calling them is refused naming the function (the host cannot
; produce their result exactly, or the C library has no counterpart): arithmetic and conversions
; with directed rounding (_rz, _ru, _rd), half conversions, frsqrt_rn, rcp64h, erfinv, erfcinv,
; erfcx, normcdfinv, cyl_bessel_i0/i1, the double normcdf, norm, rnorm, norm3d, norm4d, rnorm3d,
; rnorm4d and rhypot, and the SIMD-in-a-word functions (__nv_v*).
;
; The prototypes are those of clang's __clang_cuda_libdevice_declares.h (the types must match:
; int is i32, long long i64, pointers generic). Typed pointers, which LLVM 14 to 22 all parse.

declare double @acos(double)
declare double @acosh(double)
declare double @asin(double)
declare double @asinh(double)
declare double @atan(double)
declare double @atan2(double, double)
declare double @atanh(double)
declare double @cbrt(double)
declare double @cos(double)
declare double @cosh(double)
declare double @erf(double)
declare double @erfc(double)
declare double @exp(double)
declare double @exp10(double)
declare double @exp2(double)
declare double @expm1(double)
declare double @fdim(double, double)
declare double @fmod(double, double)
declare double @frexp(double, i32*)
declare double @hypot(double, double)
declare double @j0(double)
declare double @j1(double)
declare double @jn(i32, double)
declare double @ldexp(double, i32)
declare double @lgamma_r(double, i32*)
declare double @llvm.ceil.f64(double)
declare double @llvm.copysign.f64(double, double)
declare double @llvm.fabs.f64(double)
declare double @llvm.floor.f64(double)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.nearbyint.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.sqrt.f64(double)
declare double @llvm.trunc.f64(double)
declare double @log(double)
declare double @log10(double)
declare double @log1p(double)
declare double @log2(double)
declare double @logb(double)
declare double @modf(double, double*)
declare double @nan(i8*)
declare double @nextafter(double, double)
declare double @pow(double, double)
declare double @remainder(double, double)
declare double @remquo(double, double, i32*)
declare double @scalbn(double, i32)
declare double @sin(double)
declare double @sinh(double)
declare double @tan(double)
declare double @tanh(double)
declare double @tgamma(double)
declare double @y0(double)
declare double @y1(double)
declare double @yn(i32, double)
declare float @acosf(float)
declare float @acoshf(float)
declare float @asinf(float)
declare float @asinhf(float)
declare float @atan2f(float, float)
declare float @atanf(float)
declare float @atanhf(float)
declare float @cbrtf(float)
declare float @cosf(float)
declare float @coshf(float)
declare float @erfcf(float)
declare float @erff(float)
declare float @exp10f(float)
declare float @exp2f(float)
declare float @expf(float)
declare float @expm1f(float)
declare float @fdimf(float, float)
declare float @fmodf(float, float)
declare float @frexpf(float, i32*)
declare float @hypotf(float, float)
declare float @j0f(float)
declare float @j1f(float)
declare float @jnf(i32, float)
declare float @ldexpf(float, i32)
declare float @lgammaf_r(float, i32*)
declare float @llvm.ceil.f32(float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.fabs.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.nearbyint.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.round.f32(float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.trunc.f32(float)
declare float @log10f(float)
declare float @log1pf(float)
declare float @log2f(float)
declare float @logbf(float)
declare float @logf(float)
declare float @modff(float, float*)
declare float @nanf(i8*)
declare float @nextafterf(float, float)
declare float @powf(float, float)
declare float @remainderf(float, float)
declare float @remquof(float, float, i32*)
declare float @scalbnf(float, i32)
declare float @sinf(float)
declare float @sinhf(float)
declare float @tanf(float)
declare float @tanhf(float)
declare float @tgammaf(float)
declare float @y0f(float)
declare float @y1f(float)
declare float @ynf(i32, float)
declare i32 @ilogb(double)
declare i32 @ilogbf(float)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare i32 @llvm.fptosi.sat.i32.f64(double)
declare i32 @llvm.fptoui.sat.i32.f32(float)
declare i32 @llvm.fptoui.sat.i32.f64(double)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i64 @llrint(double)
declare i64 @llrintf(float)
declare i64 @llround(double)
declare i64 @llroundf(float)
declare i64 @llvm.abs.i64(i64, i1)
declare i64 @llvm.bitreverse.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.cttz.i64(i64, i1)
declare i64 @llvm.fptosi.sat.i64.f32(float)
declare i64 @llvm.fptosi.sat.i64.f64(double)
declare i64 @llvm.fptoui.sat.i64.f32(float)
declare i64 @llvm.fptoui.sat.i64.f64(double)
declare i64 @llvm.smax.i64(i64, i64)
declare i64 @llvm.smin.i64(i64, i64)
declare i64 @llvm.umax.i64(i64, i64)
declare i64 @llvm.umin.i64(i64, i64)
declare void @sincos(double, double*, double*)
declare void @sincosf(float, float*, float*)

define linkonce_odr double @__nv_acos(double %a) #0 {
  %r = call double @acos(double %a)
  ret double %r
}

define linkonce_odr float @__nv_acosf(float %a) #0 {
  %r = call float @acosf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_acosh(double %a) #0 {
  %r = call double @acosh(double %a)
  ret double %r
}

define linkonce_odr float @__nv_acoshf(float %a) #0 {
  %r = call float @acoshf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_asin(double %a) #0 {
  %r = call double @asin(double %a)
  ret double %r
}

define linkonce_odr float @__nv_asinf(float %a) #0 {
  %r = call float @asinf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_asinh(double %a) #0 {
  %r = call double @asinh(double %a)
  ret double %r
}

define linkonce_odr float @__nv_asinhf(float %a) #0 {
  %r = call float @asinhf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_atan(double %a) #0 {
  %r = call double @atan(double %a)
  ret double %r
}

define linkonce_odr float @__nv_atanf(float %a) #0 {
  %r = call float @atanf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_atanh(double %a) #0 {
  %r = call double @atanh(double %a)
  ret double %r
}

define linkonce_odr float @__nv_atanhf(float %a) #0 {
  %r = call float @atanhf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_cbrt(double %a) #0 {
  %r = call double @cbrt(double %a)
  ret double %r
}

define linkonce_odr float @__nv_cbrtf(float %a) #0 {
  %r = call float @cbrtf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_cos(double %a) #0 {
  %r = call double @cos(double %a)
  ret double %r
}

define linkonce_odr float @__nv_cosf(float %a) #0 {
  %r = call float @cosf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_cosh(double %a) #0 {
  %r = call double @cosh(double %a)
  ret double %r
}

define linkonce_odr float @__nv_coshf(float %a) #0 {
  %r = call float @coshf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_erf(double %a) #0 {
  %r = call double @erf(double %a)
  ret double %r
}

define linkonce_odr float @__nv_erff(float %a) #0 {
  %r = call float @erff(float %a)
  ret float %r
}

define linkonce_odr double @__nv_erfc(double %a) #0 {
  %r = call double @erfc(double %a)
  ret double %r
}

define linkonce_odr float @__nv_erfcf(float %a) #0 {
  %r = call float @erfcf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_exp(double %a) #0 {
  %r = call double @exp(double %a)
  ret double %r
}

define linkonce_odr float @__nv_expf(float %a) #0 {
  %r = call float @expf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_exp10(double %a) #0 {
  %r = call double @exp10(double %a)
  ret double %r
}

define linkonce_odr float @__nv_exp10f(float %a) #0 {
  %r = call float @exp10f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_exp2(double %a) #0 {
  %r = call double @exp2(double %a)
  ret double %r
}

define linkonce_odr float @__nv_exp2f(float %a) #0 {
  %r = call float @exp2f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_expm1(double %a) #0 {
  %r = call double @expm1(double %a)
  ret double %r
}

define linkonce_odr float @__nv_expm1f(float %a) #0 {
  %r = call float @expm1f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_log(double %a) #0 {
  %r = call double @log(double %a)
  ret double %r
}

define linkonce_odr float @__nv_logf(float %a) #0 {
  %r = call float @logf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_log10(double %a) #0 {
  %r = call double @log10(double %a)
  ret double %r
}

define linkonce_odr float @__nv_log10f(float %a) #0 {
  %r = call float @log10f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_log1p(double %a) #0 {
  %r = call double @log1p(double %a)
  ret double %r
}

define linkonce_odr float @__nv_log1pf(float %a) #0 {
  %r = call float @log1pf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_log2(double %a) #0 {
  %r = call double @log2(double %a)
  ret double %r
}

define linkonce_odr float @__nv_log2f(float %a) #0 {
  %r = call float @log2f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_logb(double %a) #0 {
  %r = call double @logb(double %a)
  ret double %r
}

define linkonce_odr float @__nv_logbf(float %a) #0 {
  %r = call float @logbf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_sin(double %a) #0 {
  %r = call double @sin(double %a)
  ret double %r
}

define linkonce_odr float @__nv_sinf(float %a) #0 {
  %r = call float @sinf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_sinh(double %a) #0 {
  %r = call double @sinh(double %a)
  ret double %r
}

define linkonce_odr float @__nv_sinhf(float %a) #0 {
  %r = call float @sinhf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_tan(double %a) #0 {
  %r = call double @tan(double %a)
  ret double %r
}

define linkonce_odr float @__nv_tanf(float %a) #0 {
  %r = call float @tanf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_tanh(double %a) #0 {
  %r = call double @tanh(double %a)
  ret double %r
}

define linkonce_odr float @__nv_tanhf(float %a) #0 {
  %r = call float @tanhf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_tgamma(double %a) #0 {
  %r = call double @tgamma(double %a)
  ret double %r
}

define linkonce_odr float @__nv_tgammaf(float %a) #0 {
  %r = call float @tgammaf(float %a)
  ret float %r
}

define linkonce_odr double @__nv_j0(double %a) #0 {
  %r = call double @j0(double %a)
  ret double %r
}

define linkonce_odr float @__nv_j0f(float %a) #0 {
  %r = call float @j0f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_j1(double %a) #0 {
  %r = call double @j1(double %a)
  ret double %r
}

define linkonce_odr float @__nv_j1f(float %a) #0 {
  %r = call float @j1f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_y0(double %a) #0 {
  %r = call double @y0(double %a)
  ret double %r
}

define linkonce_odr float @__nv_y0f(float %a) #0 {
  %r = call float @y0f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_y1(double %a) #0 {
  %r = call double @y1(double %a)
  ret double %r
}

define linkonce_odr float @__nv_y1f(float %a) #0 {
  %r = call float @y1f(float %a)
  ret float %r
}

define linkonce_odr double @__nv_atan2(double %a, double %b) #0 {
  %r = call double @atan2(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_atan2f(float %a, float %b) #0 {
  %r = call float @atan2f(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_fdim(double %a, double %b) #0 {
  %r = call double @fdim(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_fdimf(float %a, float %b) #0 {
  %r = call float @fdimf(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_fmod(double %a, double %b) #0 {
  %r = call double @fmod(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_fmodf(float %a, float %b) #0 {
  %r = call float @fmodf(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_hypot(double %a, double %b) #0 {
  %r = call double @hypot(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_hypotf(float %a, float %b) #0 {
  %r = call float @hypotf(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_nextafter(double %a, double %b) #0 {
  %r = call double @nextafter(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_nextafterf(float %a, float %b) #0 {
  %r = call float @nextafterf(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_pow(double %a, double %b) #0 {
  %r = call double @pow(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_powf(float %a, float %b) #0 {
  %r = call float @powf(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_remainder(double %a, double %b) #0 {
  %r = call double @remainder(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_remainderf(float %a, float %b) #0 {
  %r = call float @remainderf(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_frexp(double %a, i32* %b) #0 {
  %r = call double @frexp(double %a, i32* %b)
  ret double %r
}

define linkonce_odr float @__nv_frexpf(float %a, i32* %b) #0 {
  %r = call float @frexpf(float %a, i32* %b)
  ret float %r
}

define linkonce_odr double @__nv_ldexp(double %a, i32 %b) #0 {
  %r = call double @ldexp(double %a, i32 %b)
  ret double %r
}

define linkonce_odr float @__nv_ldexpf(float %a, i32 %b) #0 {
  %r = call float @ldexpf(float %a, i32 %b)
  ret float %r
}

define linkonce_odr double @__nv_scalbn(double %a, i32 %b) #0 {
  %r = call double @scalbn(double %a, i32 %b)
  ret double %r
}

define linkonce_odr float @__nv_scalbnf(float %a, i32 %b) #0 {
  %r = call float @scalbnf(float %a, i32 %b)
  ret float %r
}

define linkonce_odr i32 @__nv_ilogb(double %a) #0 {
  %r = call i32 @ilogb(double %a)
  ret i32 %r
}

define linkonce_odr i32 @__nv_ilogbf(float %a) #0 {
  %r = call i32 @ilogbf(float %a)
  ret i32 %r
}

define linkonce_odr double @__nv_modf(double %a, double* %b) #0 {
  %r = call double @modf(double %a, double* %b)
  ret double %r
}

define linkonce_odr float @__nv_modff(float %a, float* %b) #0 {
  %r = call float @modff(float %a, float* %b)
  ret float %r
}

define linkonce_odr double @__nv_remquo(double %a, double %b, i32* %c) #0 {
  %r = call double @remquo(double %a, double %b, i32* %c)
  ret double %r
}

define linkonce_odr float @__nv_remquof(float %a, float %b, i32* %c) #0 {
  %r = call float @remquof(float %a, float %b, i32* %c)
  ret float %r
}

define linkonce_odr double @__nv_jn(i32 %a, double %b) #0 {
  %r = call double @jn(i32 %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_jnf(i32 %a, float %b) #0 {
  %r = call float @jnf(i32 %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_yn(i32 %a, double %b) #0 {
  %r = call double @yn(i32 %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_ynf(i32 %a, float %b) #0 {
  %r = call float @ynf(i32 %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_nan(i8* %a) #0 {
  %r = call double @nan(i8* %a)
  ret double %r
}

define linkonce_odr float @__nv_nanf(i8* %a) #0 {
  %r = call float @nanf(i8* %a)
  ret float %r
}

define linkonce_odr i64 @__nv_llrint(double %a) #0 {
  %r = call i64 @llrint(double %a)
  ret i64 %r
}

define linkonce_odr i64 @__nv_llrintf(float %a) #0 {
  %r = call i64 @llrintf(float %a)
  ret i64 %r
}

define linkonce_odr i64 @__nv_llround(double %a) #0 {
  %r = call i64 @llround(double %a)
  ret i64 %r
}

define linkonce_odr i64 @__nv_llroundf(float %a) #0 {
  %r = call i64 @llroundf(float %a)
  ret i64 %r
}

define linkonce_odr void @__nv_sincos(double %a, double* %b, double* %c) #0 {
  call void @sincos(double %a, double* %b, double* %c)
  ret void
}

define linkonce_odr void @__nv_sincosf(float %a, float* %b, float* %c) #0 {
  call void @sincosf(float %a, float* %b, float* %c)
  ret void
}

define linkonce_odr double @__nv_lgamma(double %a) #0 {
  %s = alloca i32
  %r = call double @lgamma_r(double %a, i32* %s)
  ret double %r
}

define linkonce_odr float @__nv_lgammaf(float %a) #0 {
  %s = alloca i32
  %r = call float @lgammaf_r(float %a, i32* %s)
  ret float %r
}

define linkonce_odr float @__nv_fast_cosf(float %a) #0 {
  %r = call float @cosf(float %a)
  ret float %r
}

define linkonce_odr float @__nv_fast_exp10f(float %a) #0 {
  %r = call float @exp10f(float %a)
  ret float %r
}

define linkonce_odr float @__nv_fast_expf(float %a) #0 {
  %r = call float @expf(float %a)
  ret float %r
}

define linkonce_odr float @__nv_fast_log10f(float %a) #0 {
  %r = call float @log10f(float %a)
  ret float %r
}

define linkonce_odr float @__nv_fast_log2f(float %a) #0 {
  %r = call float @log2f(float %a)
  ret float %r
}

define linkonce_odr float @__nv_fast_logf(float %a) #0 {
  %r = call float @logf(float %a)
  ret float %r
}

define linkonce_odr float @__nv_fast_powf(float %a, float %b) #0 {
  %r = call float @powf(float %a, float %b)
  ret float %r
}

define linkonce_odr float @__nv_fast_sinf(float %a) #0 {
  %r = call float @sinf(float %a)
  ret float %r
}

define linkonce_odr float @__nv_fast_tanf(float %a) #0 {
  %r = call float @tanf(float %a)
  ret float %r
}

define linkonce_odr void @__nv_fast_sincosf(float %a, float* %b, float* %c) #0 {
  call void @sincosf(float %a, float* %b, float* %c)
  ret void
}

define linkonce_odr double @__nv_ceil(double %a) #0 {
  %r = call double @llvm.ceil.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_ceilf(float %a) #0 {
  %r = call float @llvm.ceil.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_floor(double %a) #0 {
  %r = call double @llvm.floor.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_floorf(float %a) #0 {
  %r = call float @llvm.floor.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_trunc(double %a) #0 {
  %r = call double @llvm.trunc.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_truncf(float %a) #0 {
  %r = call float @llvm.trunc.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_round(double %a) #0 {
  %r = call double @llvm.round.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_roundf(float %a) #0 {
  %r = call float @llvm.round.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_rint(double %a) #0 {
  %r = call double @llvm.rint.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_rintf(float %a) #0 {
  %r = call float @llvm.rint.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_nearbyint(double %a) #0 {
  %r = call double @llvm.nearbyint.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_nearbyintf(float %a) #0 {
  %r = call float @llvm.nearbyint.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_fabs(double %a) #0 {
  %r = call double @llvm.fabs.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_fabsf(float %a) #0 {
  %r = call float @llvm.fabs.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_sqrt(double %a) #0 {
  %r = call double @llvm.sqrt.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_sqrtf(float %a) #0 {
  %r = call float @llvm.sqrt.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_copysign(double %a, double %b) #0 {
  %r = call double @llvm.copysign.f64(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_copysignf(float %a, float %b) #0 {
  %r = call float @llvm.copysign.f32(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_fmax(double %a, double %b) #0 {
  %r = call double @llvm.maxnum.f64(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_fmaxf(float %a, float %b) #0 {
  %r = call float @llvm.maxnum.f32(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_fmin(double %a, double %b) #0 {
  %r = call double @llvm.minnum.f64(double %a, double %b)
  ret double %r
}

define linkonce_odr float @__nv_fminf(float %a, float %b) #0 {
  %r = call float @llvm.minnum.f32(float %a, float %b)
  ret float %r
}

define linkonce_odr double @__nv_fma(double %a, double %b, double %c) #0 {
  %r = call double @llvm.fma.f64(double %a, double %b, double %c)
  ret double %r
}

define linkonce_odr float @__nv_fmaf(float %a, float %b, float %c) #0 {
  %r = call float @llvm.fma.f32(float %a, float %b, float %c)
  ret float %r
}

define linkonce_odr float @__nv_fadd_rn(float %a, float %b) #0 {
  %r = fadd float %a, %b
  ret float %r
}

define linkonce_odr double @__nv_dadd_rn(double %a, double %b) #0 {
  %r = fadd double %a, %b
  ret double %r
}

define linkonce_odr float @__nv_fsub_rn(float %a, float %b) #0 {
  %r = fsub float %a, %b
  ret float %r
}

define linkonce_odr double @__nv_dsub_rn(double %a, double %b) #0 {
  %r = fsub double %a, %b
  ret double %r
}

define linkonce_odr float @__nv_fmul_rn(float %a, float %b) #0 {
  %r = fmul float %a, %b
  ret float %r
}

define linkonce_odr double @__nv_dmul_rn(double %a, double %b) #0 {
  %r = fmul double %a, %b
  ret double %r
}

define linkonce_odr float @__nv_fdiv_rn(float %a, float %b) #0 {
  %r = fdiv float %a, %b
  ret float %r
}

define linkonce_odr double @__nv_ddiv_rn(double %a, double %b) #0 {
  %r = fdiv double %a, %b
  ret double %r
}

define linkonce_odr float @__nv_fast_fdividef(float %a, float %b) #0 {
  %r = fdiv float %a, %b
  ret float %r
}

define linkonce_odr float @__nv_frcp_rn(float %a) #0 {
  %r = fdiv float 1.0, %a
  ret float %r
}

define linkonce_odr double @__nv_drcp_rn(double %a) #0 {
  %r = fdiv double 1.0, %a
  ret double %r
}

define linkonce_odr float @__nv_fsqrt_rn(float %a) #0 {
  %r = call float @llvm.sqrt.f32(float %a)
  ret float %r
}

define linkonce_odr double @__nv_dsqrt_rn(double %a) #0 {
  %r = call double @llvm.sqrt.f64(double %a)
  ret double %r
}

define linkonce_odr float @__nv_fmaf_rn(float %a, float %b, float %c) #0 {
  %r = call float @llvm.fma.f32(float %a, float %b, float %c)
  ret float %r
}

define linkonce_odr float @__nv_fmaf_ieee_rn(float %a, float %b, float %c) #0 {
  %r = call float @llvm.fma.f32(float %a, float %b, float %c)
  ret float %r
}

define linkonce_odr double @__nv_fma_rn(double %a, double %b, double %c) #0 {
  %r = call double @llvm.fma.f64(double %a, double %b, double %c)
  ret double %r
}

define linkonce_odr float @__nv_rsqrtf(float %a) #0 {
  %x = fpext float %a to double
  %s = call double @llvm.sqrt.f64(double %x)
  %y = fdiv double 1.0, %s
  %r = fptrunc double %y to float
  ret float %r
}

define linkonce_odr float @__nv_rcbrtf(float %a) #0 {
  %x = fpext float %a to double
  %s = call double @cbrt(double %x)
  %y = fdiv double 1.0, %s
  %r = fptrunc double %y to float
  ret float %r
}

define linkonce_odr double @__nv_rsqrt(double %a) #0 {
  %s = call double @llvm.sqrt.f64(double %a)
  %r = fdiv double 1.0, %s
  ret double %r
}

define linkonce_odr double @__nv_rcbrt(double %a) #0 {
  %s = call double @cbrt(double %a)
  %r = fdiv double 1.0, %s
  ret double %r
}

define linkonce_odr float @__nv_rhypotf(float %a, float %b) #0 {
  %x = fpext float %a to double
  %y = fpext float %b to double
  %xx = fmul double %x, %x
  %yy = fmul double %y, %y
  %s = fadd double %xx, %yy
  %q = call double @llvm.sqrt.f64(double %s)
  %v = fdiv double 1.0, %q
  %r = fptrunc double %v to float
  ret float %r
}

define linkonce_odr float @__nv_norm3df(float %a, float %b, float %c) #0 {
  %x0 = fpext float %a to double
  %p0 = fmul double %x0, %x0
  %x1 = fpext float %b to double
  %p1 = fmul double %x1, %x1
  %x2 = fpext float %c to double
  %p2 = fmul double %x2, %x2
  %s1 = fadd double %p0, %p1
  %s2 = fadd double %s1, %p2
  %q = call double @llvm.sqrt.f64(double %s2)
  %v = fadd double %q, 0.0
  %r = fptrunc double %v to float
  ret float %r
}

define linkonce_odr float @__nv_norm4df(float %a, float %b, float %c, float %d) #0 {
  %x0 = fpext float %a to double
  %p0 = fmul double %x0, %x0
  %x1 = fpext float %b to double
  %p1 = fmul double %x1, %x1
  %x2 = fpext float %c to double
  %p2 = fmul double %x2, %x2
  %x3 = fpext float %d to double
  %p3 = fmul double %x3, %x3
  %s1 = fadd double %p0, %p1
  %s2 = fadd double %s1, %p2
  %s3 = fadd double %s2, %p3
  %q = call double @llvm.sqrt.f64(double %s3)
  %v = fadd double %q, 0.0
  %r = fptrunc double %v to float
  ret float %r
}

define linkonce_odr float @__nv_rnorm3df(float %a, float %b, float %c) #0 {
  %x0 = fpext float %a to double
  %p0 = fmul double %x0, %x0
  %x1 = fpext float %b to double
  %p1 = fmul double %x1, %x1
  %x2 = fpext float %c to double
  %p2 = fmul double %x2, %x2
  %s1 = fadd double %p0, %p1
  %s2 = fadd double %s1, %p2
  %q = call double @llvm.sqrt.f64(double %s2)
  %v = fdiv double 1.0, %q
  %r = fptrunc double %v to float
  ret float %r
}

define linkonce_odr float @__nv_rnorm4df(float %a, float %b, float %c, float %d) #0 {
  %x0 = fpext float %a to double
  %p0 = fmul double %x0, %x0
  %x1 = fpext float %b to double
  %p1 = fmul double %x1, %x1
  %x2 = fpext float %c to double
  %p2 = fmul double %x2, %x2
  %x3 = fpext float %d to double
  %p3 = fmul double %x3, %x3
  %s1 = fadd double %p0, %p1
  %s2 = fadd double %s1, %p2
  %s3 = fadd double %s2, %p3
  %q = call double @llvm.sqrt.f64(double %s3)
  %v = fdiv double 1.0, %q
  %r = fptrunc double %v to float
  ret float %r
}

define linkonce_odr float @__nv_normcdff(float %a) #0 {
  %x = fpext float %a to double
  %n = fmul double %x, 0xBFE6A09E667F3BCD
  %e = call double @erfc(double %n)
  %y = fmul double %e, 0.5
  %r = fptrunc double %y to float
  ret float %r
}

define linkonce_odr double @__nv_powi(double %a, i32 %b) #0 {
  %n = sitofp i32 %b to double
  %r = call double @pow(double %a, double %n)
  ret double %r
}

define linkonce_odr float @__nv_powif(float %a, i32 %b) #0 {
  %x = fpext float %a to double
  %n = sitofp i32 %b to double
  %y = call double @pow(double %x, double %n)
  %r = fptrunc double %y to float
  ret float %r
}

define linkonce_odr float @__nv_saturatef(float %a) #0 {
  %pos = fcmp ogt float %a, 0.0
  %lt1 = fcmp olt float %a, 1.0
  %m = select i1 %lt1, float %a, float 1.0
  %r = select i1 %pos, float %m, float 0.0
  ret float %r
}

define linkonce_odr i32 @__nv_isnanf(float %a) #0 {
  %c = fcmp uno float %a, 0.0
  %r = zext i1 %c to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_isnand(double %a) #0 {
  %c = fcmp uno double %a, 0.0
  %r = zext i1 %c to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_isinff(float %a) #0 {
  %m = call float @llvm.fabs.f32(float %a)
  %c = fcmp oeq float %m, 0x7FF0000000000000
  %r = zext i1 %c to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_isinfd(double %a) #0 {
  %m = call double @llvm.fabs.f64(double %a)
  %c = fcmp oeq double %m, 0x7FF0000000000000
  %r = zext i1 %c to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_finitef(float %a) #0 {
  %m = call float @llvm.fabs.f32(float %a)
  %c = fcmp olt float %m, 0x7FF0000000000000
  %r = zext i1 %c to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_isfinited(double %a) #0 {
  %m = call double @llvm.fabs.f64(double %a)
  %c = fcmp olt double %m, 0x7FF0000000000000
  %r = zext i1 %c to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_signbitf(float %a) #0 {
  %i = bitcast float %a to i32
  %r = lshr i32 %i, 31
  ret i32 %r
}

define linkonce_odr i32 @__nv_signbitd(double %a) #0 {
  %i = bitcast double %a to i64
  %s = lshr i64 %i, 63
  %r = trunc i64 %s to i32
  ret i32 %r
}

define linkonce_odr double @__nv_sinpi(double %a) #0 {
  %r = call double @offload.nv.sinpi(double %a)
  ret double %r
}

define linkonce_odr double @__nv_cospi(double %a) #0 {
  %r = call double @offload.nv.cospi(double %a)
  ret double %r
}

define linkonce_odr float @__nv_sinpif(float %a) #0 {
  %x = fpext float %a to double
  %y = call double @offload.nv.sinpi(double %x)
  %r = fptrunc double %y to float
  ret float %r
}

define linkonce_odr float @__nv_cospif(float %a) #0 {
  %x = fpext float %a to double
  %y = call double @offload.nv.cospi(double %x)
  %r = fptrunc double %y to float
  ret float %r
}

define linkonce_odr void @__nv_sincospi(double %a, double* %b, double* %c) #0 {
  %s = call double @offload.nv.sinpi(double %a)
  %k = call double @offload.nv.cospi(double %a)
  store double %s, double* %b
  store double %k, double* %c
  ret void
}

define linkonce_odr void @__nv_sincospif(float %a, float* %b, float* %c) #0 {
  %x = fpext float %a to double
  %s = call double @offload.nv.sinpi(double %x)
  %k = call double @offload.nv.cospi(double %x)
  %sf = fptrunc double %s to float
  %kf = fptrunc double %k to float
  store float %sf, float* %b
  store float %kf, float* %c
  ret void
}

define linkonce_odr i32 @__nv_abs(i32 %a) #0 {
  %r = call i32 @llvm.abs.i32(i32 %a, i1 false)
  ret i32 %r
}

define linkonce_odr i64 @__nv_llabs(i64 %a) #0 {
  %r = call i64 @llvm.abs.i64(i64 %a, i1 false)
  ret i64 %r
}

define linkonce_odr i32 @__nv_min(i32 %a, i32 %b) #0 {
  %r = call i32 @llvm.smin.i32(i32 %a, i32 %b)
  ret i32 %r
}

define linkonce_odr i32 @__nv_max(i32 %a, i32 %b) #0 {
  %r = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  ret i32 %r
}

define linkonce_odr i32 @__nv_umin(i32 %a, i32 %b) #0 {
  %r = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  ret i32 %r
}

define linkonce_odr i32 @__nv_umax(i32 %a, i32 %b) #0 {
  %r = call i32 @llvm.umax.i32(i32 %a, i32 %b)
  ret i32 %r
}

define linkonce_odr i64 @__nv_llmin(i64 %a, i64 %b) #0 {
  %r = call i64 @llvm.smin.i64(i64 %a, i64 %b)
  ret i64 %r
}

define linkonce_odr i64 @__nv_llmax(i64 %a, i64 %b) #0 {
  %r = call i64 @llvm.smax.i64(i64 %a, i64 %b)
  ret i64 %r
}

define linkonce_odr i64 @__nv_ullmin(i64 %a, i64 %b) #0 {
  %r = call i64 @llvm.umin.i64(i64 %a, i64 %b)
  ret i64 %r
}

define linkonce_odr i64 @__nv_ullmax(i64 %a, i64 %b) #0 {
  %r = call i64 @llvm.umax.i64(i64 %a, i64 %b)
  ret i64 %r
}

define linkonce_odr i32 @__nv_brev(i32 %a) #0 {
  %r = call i32 @llvm.bitreverse.i32(i32 %a)
  ret i32 %r
}

define linkonce_odr i64 @__nv_brevll(i64 %a) #0 {
  %r = call i64 @llvm.bitreverse.i64(i64 %a)
  ret i64 %r
}

define linkonce_odr i32 @__nv_popc(i32 %a) #0 {
  %p = call i32 @llvm.ctpop.i32(i32 %a)
  ret i32 %p
}

define linkonce_odr i32 @__nv_popcll(i64 %a) #0 {
  %p = call i64 @llvm.ctpop.i64(i64 %a)
  %r = trunc i64 %p to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_clz(i32 %a) #0 {
  %p = call i32 @llvm.ctlz.i32(i32 %a, i1 false)
  ret i32 %p
}

define linkonce_odr i32 @__nv_clzll(i64 %a) #0 {
  %p = call i64 @llvm.ctlz.i64(i64 %a, i1 false)
  %r = trunc i64 %p to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_ffs(i32 %a) #0 {
  %z = call i32 @llvm.cttz.i32(i32 %a, i1 false)
  %p = add i32 %z, 1
  %zero = icmp eq i32 %a, 0
  %q = select i1 %zero, i32 0, i32 %p
  ret i32 %q
}

define linkonce_odr i32 @__nv_ffsll(i64 %a) #0 {
  %z = call i64 @llvm.cttz.i64(i64 %a, i1 false)
  %p = add i64 %z, 1
  %zero = icmp eq i64 %a, 0
  %q = select i1 %zero, i64 0, i64 %p
  %r = trunc i64 %q to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_hadd(i32 %a, i32 %b) #0 {
  %x = sext i32 %a to i64
  %y = sext i32 %b to i64
  %s = add i64 %x, %y
  %h = ashr i64 %s, 1
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_uhadd(i32 %a, i32 %b) #0 {
  %x = zext i32 %a to i64
  %y = zext i32 %b to i64
  %s = add i64 %x, %y
  %h = lshr i64 %s, 1
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_rhadd(i32 %a, i32 %b) #0 {
  %x = sext i32 %a to i64
  %y = sext i32 %b to i64
  %s = add i64 %x, %y
  %s1 = add i64 %s, 1
  %h = ashr i64 %s1, 1
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_urhadd(i32 %a, i32 %b) #0 {
  %x = zext i32 %a to i64
  %y = zext i32 %b to i64
  %s = add i64 %x, %y
  %s1 = add i64 %s, 1
  %h = lshr i64 %s1, 1
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_mulhi(i32 %a, i32 %b) #0 {
  %x = sext i32 %a to i64
  %y = sext i32 %b to i64
  %p = mul i64 %x, %y
  %h = lshr i64 %p, 32
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_umulhi(i32 %a, i32 %b) #0 {
  %x = zext i32 %a to i64
  %y = zext i32 %b to i64
  %p = mul i64 %x, %y
  %h = lshr i64 %p, 32
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i64 @__nv_mul64hi(i64 %a, i64 %b) #0 {
  %x = sext i64 %a to i128
  %y = sext i64 %b to i128
  %p = mul i128 %x, %y
  %h = lshr i128 %p, 64
  %r = trunc i128 %h to i64
  ret i64 %r
}

define linkonce_odr i64 @__nv_umul64hi(i64 %a, i64 %b) #0 {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %p = mul i128 %x, %y
  %h = lshr i128 %p, 64
  %r = trunc i128 %h to i64
  ret i64 %r
}

define linkonce_odr i32 @__nv_mul24(i32 %a, i32 %b) #0 {
  %x0 = shl i32 %a, 8
  %x = ashr i32 %x0, 8
  %y0 = shl i32 %b, 8
  %y = ashr i32 %y0, 8
  %r = mul i32 %x, %y
  ret i32 %r
}

define linkonce_odr i32 @__nv_umul24(i32 %a, i32 %b) #0 {
  %x = and i32 %a, 16777215
  %y = and i32 %b, 16777215
  %r = mul i32 %x, %y
  ret i32 %r
}

define linkonce_odr i32 @__nv_sad(i32 %a, i32 %b, i32 %c) #0 {
  %x = sext i32 %a to i64
  %y = sext i32 %b to i64
  %d = sub i64 %x, %y
  %m = call i64 @llvm.abs.i64(i64 %d, i1 false)
  %t = trunc i64 %m to i32
  %r = add i32 %t, %c
  ret i32 %r
}

define linkonce_odr i32 @__nv_usad(i32 %a, i32 %b, i32 %c) #0 {
  %x = zext i32 %a to i64
  %y = zext i32 %b to i64
  %d = sub i64 %x, %y
  %m = call i64 @llvm.abs.i64(i64 %d, i1 false)
  %t = trunc i64 %m to i32
  %r = add i32 %t, %c
  ret i32 %r
}

define linkonce_odr i32 @__nv_byte_perm(i32 %a, i32 %b, i32 %c) #0 {
  %lo = zext i32 %a to i64
  %hi0 = zext i32 %b to i64
  %hi = shl i64 %hi0, 32
  %v = or i64 %hi, %lo
  %s0 = lshr i32 %c, 0
  %i0 = and i32 %s0, 7
  %b0 = shl i32 %i0, 3
  %w0 = zext i32 %b0 to i64
  %x0 = lshr i64 %v, %w0
  %t0 = trunc i64 %x0 to i32
  %y0 = and i32 %t0, 255
  %z0 = shl i32 %y0, 0
  %s1 = lshr i32 %c, 4
  %i1 = and i32 %s1, 7
  %b1 = shl i32 %i1, 3
  %w1 = zext i32 %b1 to i64
  %x1 = lshr i64 %v, %w1
  %t1 = trunc i64 %x1 to i32
  %y1 = and i32 %t1, 255
  %z1 = shl i32 %y1, 8
  %o1 = or i32 %z0, %z1
  %s2 = lshr i32 %c, 8
  %i2 = and i32 %s2, 7
  %b2 = shl i32 %i2, 3
  %w2 = zext i32 %b2 to i64
  %x2 = lshr i64 %v, %w2
  %t2 = trunc i64 %x2 to i32
  %y2 = and i32 %t2, 255
  %z2 = shl i32 %y2, 16
  %o2 = or i32 %o1, %z2
  %s3 = lshr i32 %c, 12
  %i3 = and i32 %s3, 7
  %b3 = shl i32 %i3, 3
  %w3 = zext i32 %b3 to i64
  %x3 = lshr i64 %v, %w3
  %t3 = trunc i64 %x3 to i32
  %y3 = and i32 %t3, 255
  %z3 = shl i32 %y3, 24
  %o3 = or i32 %o2, %z3
  ret i32 %o3
}

define linkonce_odr i32 @__nv_float2int_rn(float %a) #0 {
  %x = call float @llvm.rint.f32(float %a)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_float2int_rz(float %a) #0 {
  %x = call float @llvm.trunc.f32(float %a)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_float2int_ru(float %a) #0 {
  %x = call float @llvm.ceil.f32(float %a)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_float2int_rd(float %a) #0 {
  %x = call float @llvm.floor.f32(float %a)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_float2uint_rn(float %a) #0 {
  %x = call float @llvm.rint.f32(float %a)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_float2uint_rz(float %a) #0 {
  %x = call float @llvm.trunc.f32(float %a)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_float2uint_ru(float %a) #0 {
  %x = call float @llvm.ceil.f32(float %a)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_float2uint_rd(float %a) #0 {
  %x = call float @llvm.floor.f32(float %a)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %x)
  ret i32 %r
}

; to 64-bit integers: NaN gives 0x8000000000000000, as PTX's conversions (32-bit ones: 0)
define linkonce_odr i64 @__nv_float2ll_rn(float %a) #0 {
  %x = call float @llvm.rint.f32(float %a)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_float2ll_rz(float %a) #0 {
  %x = call float @llvm.trunc.f32(float %a)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_float2ll_ru(float %a) #0 {
  %x = call float @llvm.ceil.f32(float %a)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_float2ll_rd(float %a) #0 {
  %x = call float @llvm.floor.f32(float %a)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_float2ull_rn(float %a) #0 {
  %x = call float @llvm.rint.f32(float %a)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_float2ull_rz(float %a) #0 {
  %x = call float @llvm.trunc.f32(float %a)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_float2ull_ru(float %a) #0 {
  %x = call float @llvm.ceil.f32(float %a)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_float2ull_rd(float %a) #0 {
  %x = call float @llvm.floor.f32(float %a)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %x)
  %nan = fcmp uno float %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i32 @__nv_double2int_rn(double %a) #0 {
  %x = call double @llvm.rint.f64(double %a)
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2int_rz(double %a) #0 {
  %x = call double @llvm.trunc.f64(double %a)
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2int_ru(double %a) #0 {
  %x = call double @llvm.ceil.f64(double %a)
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2int_rd(double %a) #0 {
  %x = call double @llvm.floor.f64(double %a)
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2uint_rn(double %a) #0 {
  %x = call double @llvm.rint.f64(double %a)
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2uint_rz(double %a) #0 {
  %x = call double @llvm.trunc.f64(double %a)
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2uint_ru(double %a) #0 {
  %x = call double @llvm.ceil.f64(double %a)
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2uint_rd(double %a) #0 {
  %x = call double @llvm.floor.f64(double %a)
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %x)
  ret i32 %r
}

define linkonce_odr i64 @__nv_double2ll_rn(double %a) #0 {
  %x = call double @llvm.rint.f64(double %a)
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_double2ll_rz(double %a) #0 {
  %x = call double @llvm.trunc.f64(double %a)
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_double2ll_ru(double %a) #0 {
  %x = call double @llvm.ceil.f64(double %a)
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_double2ll_rd(double %a) #0 {
  %x = call double @llvm.floor.f64(double %a)
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_double2ull_rn(double %a) #0 {
  %x = call double @llvm.rint.f64(double %a)
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_double2ull_rz(double %a) #0 {
  %x = call double @llvm.trunc.f64(double %a)
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_double2ull_ru(double %a) #0 {
  %x = call double @llvm.ceil.f64(double %a)
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @__nv_double2ull_rd(double %a) #0 {
  %x = call double @llvm.floor.f64(double %a)
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %x)
  %nan = fcmp uno double %a, %a
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr float @__nv_int2float_rn(i32 %a) #0 {
  %r = sitofp i32 %a to float
  ret float %r
}

define linkonce_odr float @__nv_uint2float_rn(i32 %a) #0 {
  %r = uitofp i32 %a to float
  ret float %r
}

define linkonce_odr float @__nv_ll2float_rn(i64 %a) #0 {
  %r = sitofp i64 %a to float
  ret float %r
}

define linkonce_odr float @__nv_ull2float_rn(i64 %a) #0 {
  %r = uitofp i64 %a to float
  ret float %r
}

define linkonce_odr double @__nv_int2double_rn(i32 %a) #0 {
  %r = sitofp i32 %a to double
  ret double %r
}

define linkonce_odr double @__nv_uint2double_rn(i32 %a) #0 {
  %r = uitofp i32 %a to double
  ret double %r
}

define linkonce_odr double @__nv_ll2double_rn(i64 %a) #0 {
  %r = sitofp i64 %a to double
  ret double %r
}

define linkonce_odr double @__nv_ull2double_rn(i64 %a) #0 {
  %r = uitofp i64 %a to double
  ret double %r
}

define linkonce_odr float @__nv_double2float_rn(double %a) #0 {
  %r = fptrunc double %a to float
  ret float %r
}

define linkonce_odr float @__nv_int_as_float(i32 %a) #0 {
  %r = bitcast i32 %a to float
  ret float %r
}

define linkonce_odr float @__nv_uint_as_float(i32 %a) #0 {
  %r = bitcast i32 %a to float
  ret float %r
}

define linkonce_odr i32 @__nv_float_as_int(float %a) #0 {
  %r = bitcast float %a to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_float_as_uint(float %a) #0 {
  %r = bitcast float %a to i32
  ret i32 %r
}

define linkonce_odr double @__nv_longlong_as_double(i64 %a) #0 {
  %r = bitcast i64 %a to double
  ret double %r
}

define linkonce_odr i64 @__nv_double_as_longlong(double %a) #0 {
  %r = bitcast double %a to i64
  ret i64 %r
}

define linkonce_odr i32 @__nv_double2hiint(double %a) #0 {
  %i = bitcast double %a to i64
  %h = lshr i64 %i, 32
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i32 @__nv_double2loint(double %a) #0 {
  %i = bitcast double %a to i64
  %r = trunc i64 %i to i32
  ret i32 %r
}

define linkonce_odr double @__nv_hiloint2double(i32 %a, i32 %b) #0 {
  %h = zext i32 %a to i64
  %hs = shl i64 %h, 32
  %l = zext i32 %b to i64
  %i = or i64 %hs, %l
  %r = bitcast i64 %i to double
  ret double %r
}

; sinpi(x) = sign(x) * sinpi(|x|); |x| - 2 rint(|x| / 2) is exact and in [-1, 1]; its sign s and
; b = |r|, folded to [0, 1/2] by b -> 1 - b (exact), give sin(pi b) for b <= 1/4 and
; cos(pi (1/2 - b)) above; a zero result takes the sign of x (sinpi(-n) = -0).
define internal double @offload.nv.sinpi(double %x) #0 {
  %a = call double @llvm.fabs.f64(double %x)
  %h = fmul double %a, 0.5
  %k = call double @llvm.rint.f64(double %h)
  %k2 = fmul double %k, 2.0
  %r = fsub double %a, %k2
  %neg = fcmp olt double %r, 0.0
  %b0 = call double @llvm.fabs.f64(double %r)
  %far = fcmp ogt double %b0, 0.5
  %b1 = fsub double 1.0, %b0
  %b = select i1 %far, double %b1, double %b0
  %near = fcmp ole double %b, 0.25
  %ps = fmul double %b, 0x400921FB54442D18
  %c0 = fsub double 0.5, %b
  %pc = fmul double %c0, 0x400921FB54442D18
  %arg = select i1 %near, double %ps, double %pc
  %vs = call double @sin(double %arg)
  %vc = call double @cos(double %arg)
  %v = select i1 %near, double %vs, double %vc
  %nv = fneg double %v
  %sv = select i1 %neg, double %nv, double %v
  %zero = fcmp oeq double %v, 0.0
  %z = select i1 %zero, double 0.0, double %sv
  %xs = call double @llvm.copysign.f64(double 1.0, double %x)
  %res = fmul double %z, %xs
  ret double %res
}

; cospi(x) = cospi(|x|) = cospi(b), b = |r| as for sinpi; b > 1/2 gives -cospi(1 - b);
; cos(pi b) for b <= 1/4, sin(pi (1/2 - b)) above (cospi(n + 1/2) = +0).
define internal double @offload.nv.cospi(double %x) #0 {
  %a = call double @llvm.fabs.f64(double %x)
  %h = fmul double %a, 0.5
  %k = call double @llvm.rint.f64(double %h)
  %k2 = fmul double %k, 2.0
  %r = fsub double %a, %k2
  %b0 = call double @llvm.fabs.f64(double %r)
  %far = fcmp ogt double %b0, 0.5
  %b1 = fsub double 1.0, %b0
  %b = select i1 %far, double %b1, double %b0
  %near = fcmp ole double %b, 0.25
  %pc = fmul double %b, 0x400921FB54442D18
  %s0 = fsub double 0.5, %b
  %ps = fmul double %s0, 0x400921FB54442D18
  %arg = select i1 %near, double %pc, double %ps
  %vc = call double @cos(double %arg)
  %vs = call double @sin(double %arg)
  %v = select i1 %near, double %vc, double %vs
  %nv = fneg double %v
  %res = select i1 %far, double %nv, double %v
  ret double %res
}

attributes #0 = { alwaysinline nounwind }
