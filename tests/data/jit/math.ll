; math.ll — portable kernels (no triple) that call the device library's math in float and double:
; out[i*11 + k] = f_k(x[i]) for f = exp, log, sin, cos, tan, sqrt, fabs, floor, ceil, pow(x, 1.5),
; fma(x, x, 1). The same module runs on the host (libm) and compiles for NVPTX (libdevice) and
; AMDGPU (ocml).

define void @math_f32(i32 %n, float* %x, float* %out) "offload-kernel" {
entry:
  %t = call i32 @offload_thread_id(i32 0)
  %b = call i32 @offload_block_id(i32 0)
  %d = call i32 @offload_block_dim(i32 0)
  %bd = mul i32 %b, %d
  %i = add i32 %bd, %t
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %i64 = sext i32 %i to i64
  %px = getelementptr inbounds float, float* %x, i64 %i64
  %v = load float, float* %px, align 4
  %o = mul i64 %i64, 11
  %po = getelementptr inbounds float, float* %out, i64 %o
  %r0 = call float @offload_expf(float %v)
  %p0 = getelementptr inbounds float, float* %po, i64 0
  store float %r0, float* %p0, align 4
  %r1 = call float @offload_logf(float %v)
  %p1 = getelementptr inbounds float, float* %po, i64 1
  store float %r1, float* %p1, align 4
  %r2 = call float @offload_sinf(float %v)
  %p2 = getelementptr inbounds float, float* %po, i64 2
  store float %r2, float* %p2, align 4
  %r3 = call float @offload_cosf(float %v)
  %p3 = getelementptr inbounds float, float* %po, i64 3
  store float %r3, float* %p3, align 4
  %r4 = call float @offload_tanf(float %v)
  %p4 = getelementptr inbounds float, float* %po, i64 4
  store float %r4, float* %p4, align 4
  %r5 = call float @offload_sqrtf(float %v)
  %p5 = getelementptr inbounds float, float* %po, i64 5
  store float %r5, float* %p5, align 4
  %r6 = call float @offload_fabsf(float %v)
  %p6 = getelementptr inbounds float, float* %po, i64 6
  store float %r6, float* %p6, align 4
  %r7 = call float @offload_floorf(float %v)
  %p7 = getelementptr inbounds float, float* %po, i64 7
  store float %r7, float* %p7, align 4
  %r8 = call float @offload_ceilf(float %v)
  %p8 = getelementptr inbounds float, float* %po, i64 8
  store float %r8, float* %p8, align 4
  %r9 = call float @offload_powf(float %v, float 1.500000e+00)
  %p9 = getelementptr inbounds float, float* %po, i64 9
  store float %r9, float* %p9, align 4
  %r10 = call float @offload_fmaf(float %v, float %v, float 1.000000e+00)
  %p10 = getelementptr inbounds float, float* %po, i64 10
  store float %r10, float* %p10, align 4
  br label %done
done:
  ret void
}

declare float @offload_expf(float)
declare float @offload_logf(float)
declare float @offload_sinf(float)
declare float @offload_cosf(float)
declare float @offload_tanf(float)
declare float @offload_sqrtf(float)
declare float @offload_fabsf(float)
declare float @offload_floorf(float)
declare float @offload_ceilf(float)
declare float @offload_powf(float, float)
declare float @offload_fmaf(float, float, float)

define void @math_f64(i32 %n, double* %x, double* %out) "offload-kernel" {
entry:
  %t = call i32 @offload_thread_id(i32 0)
  %b = call i32 @offload_block_id(i32 0)
  %d = call i32 @offload_block_dim(i32 0)
  %bd = mul i32 %b, %d
  %i = add i32 %bd, %t
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %i64 = sext i32 %i to i64
  %px = getelementptr inbounds double, double* %x, i64 %i64
  %v = load double, double* %px, align 8
  %o = mul i64 %i64, 11
  %po = getelementptr inbounds double, double* %out, i64 %o
  %r0 = call double @offload_exp(double %v)
  %p0 = getelementptr inbounds double, double* %po, i64 0
  store double %r0, double* %p0, align 8
  %r1 = call double @offload_log(double %v)
  %p1 = getelementptr inbounds double, double* %po, i64 1
  store double %r1, double* %p1, align 8
  %r2 = call double @offload_sin(double %v)
  %p2 = getelementptr inbounds double, double* %po, i64 2
  store double %r2, double* %p2, align 8
  %r3 = call double @offload_cos(double %v)
  %p3 = getelementptr inbounds double, double* %po, i64 3
  store double %r3, double* %p3, align 8
  %r4 = call double @offload_tan(double %v)
  %p4 = getelementptr inbounds double, double* %po, i64 4
  store double %r4, double* %p4, align 8
  %r5 = call double @offload_sqrt(double %v)
  %p5 = getelementptr inbounds double, double* %po, i64 5
  store double %r5, double* %p5, align 8
  %r6 = call double @offload_fabs(double %v)
  %p6 = getelementptr inbounds double, double* %po, i64 6
  store double %r6, double* %p6, align 8
  %r7 = call double @offload_floor(double %v)
  %p7 = getelementptr inbounds double, double* %po, i64 7
  store double %r7, double* %p7, align 8
  %r8 = call double @offload_ceil(double %v)
  %p8 = getelementptr inbounds double, double* %po, i64 8
  store double %r8, double* %p8, align 8
  %r9 = call double @offload_pow(double %v, double 1.500000e+00)
  %p9 = getelementptr inbounds double, double* %po, i64 9
  store double %r9, double* %p9, align 8
  %r10 = call double @offload_fma(double %v, double %v, double 1.000000e+00)
  %p10 = getelementptr inbounds double, double* %po, i64 10
  store double %r10, double* %p10, align 8
  br label %done
done:
  ret void
}

declare double @offload_exp(double)
declare double @offload_log(double)
declare double @offload_sin(double)
declare double @offload_cos(double)
declare double @offload_tan(double)
declare double @offload_sqrt(double)
declare double @offload_fabs(double)
declare double @offload_floor(double)
declare double @offload_ceil(double)
declare double @offload_pow(double, double)
declare double @offload_fma(double, double, double)

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)
