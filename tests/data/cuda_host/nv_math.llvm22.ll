; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib --cuda-feature=+ptx88 -O2 -emit-llvm -S nv_math.cu -o nv_math.llvm22.ll
; ModuleID = 'nv_math.cu'
source_filename = "nv_math.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @nv_float_math(ptr noundef readonly captures(none) %0, ptr noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = alloca i32, align 4
  %5 = alloca float, align 4
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %2
  br i1 %11, label %12, label %128

12:                                               ; preds = %3
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds float, ptr %0, i64 %13
  %15 = load float, ptr %14, align 4, !tbaa !8
  %16 = mul nsw i32 %10, 48
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds float, ptr %1, i64 %17
  %19 = tail call contract float @__nv_sinf(float noundef %15) #4
  store float %19, ptr %18, align 4, !tbaa !8
  %20 = tail call contract float @__nv_cosf(float noundef %15) #4
  %21 = getelementptr inbounds nuw i8, ptr %18, i64 4
  store float %20, ptr %21, align 4, !tbaa !8
  %22 = tail call contract float @__nv_tanf(float noundef %15) #4
  %23 = getelementptr inbounds nuw i8, ptr %18, i64 8
  store float %22, ptr %23, align 4, !tbaa !8
  %24 = fmul contract float %15, 1.250000e-01
  %25 = tail call contract float @__nv_expf(float noundef %24) #4
  %26 = getelementptr inbounds nuw i8, ptr %18, i64 12
  store float %25, ptr %26, align 4, !tbaa !8
  %27 = fmul contract float %15, 2.500000e-01
  %28 = tail call contract float @__nv_exp2f(float noundef %27) #4
  %29 = getelementptr inbounds nuw i8, ptr %18, i64 16
  store float %28, ptr %29, align 4, !tbaa !8
  %30 = fmul contract float %15, 0x3FB99999A0000000
  %31 = tail call contract float @__nv_exp10f(float noundef %30) #4
  %32 = getelementptr inbounds nuw i8, ptr %18, i64 20
  store float %31, ptr %32, align 4, !tbaa !8
  %33 = tail call contract float @__nv_expm1f(float noundef %30) #4
  %34 = getelementptr inbounds nuw i8, ptr %18, i64 24
  store float %33, ptr %34, align 4, !tbaa !8
  %35 = tail call contract float @__nv_logf(float noundef %15) #4
  %36 = getelementptr inbounds nuw i8, ptr %18, i64 28
  store float %35, ptr %36, align 4, !tbaa !8
  %37 = tail call contract float @__nv_log2f(float noundef %15) #4
  %38 = getelementptr inbounds nuw i8, ptr %18, i64 32
  store float %37, ptr %38, align 4, !tbaa !8
  %39 = tail call contract float @__nv_log10f(float noundef %15) #4
  %40 = getelementptr inbounds nuw i8, ptr %18, i64 36
  store float %39, ptr %40, align 4, !tbaa !8
  %41 = tail call contract float @__nv_log1pf(float noundef %15) #4
  %42 = getelementptr inbounds nuw i8, ptr %18, i64 40
  store float %41, ptr %42, align 4, !tbaa !8
  %43 = tail call contract float @__nv_powf(float noundef %15, float noundef 0x3FF5EB8520000000) #4
  %44 = getelementptr inbounds nuw i8, ptr %18, i64 44
  store float %43, ptr %44, align 4, !tbaa !8
  %45 = tail call contract float @__nv_atan2f(float noundef %15, float noundef 0x3FE6666660000000) #4
  %46 = getelementptr inbounds nuw i8, ptr %18, i64 48
  store float %45, ptr %46, align 4, !tbaa !8
  %47 = fmul contract float %15, 1.562500e-02
  %48 = tail call contract float @__nv_asinf(float noundef %47) #4
  %49 = getelementptr inbounds nuw i8, ptr %18, i64 52
  store float %48, ptr %49, align 4, !tbaa !8
  %50 = tail call contract float @__nv_acosf(float noundef %47) #4
  %51 = getelementptr inbounds nuw i8, ptr %18, i64 56
  store float %50, ptr %51, align 4, !tbaa !8
  %52 = tail call contract float @__nv_atanf(float noundef %15) #4
  %53 = getelementptr inbounds nuw i8, ptr %18, i64 60
  store float %52, ptr %53, align 4, !tbaa !8
  %54 = tail call contract float @__nv_sinhf(float noundef %30) #4
  %55 = getelementptr inbounds nuw i8, ptr %18, i64 64
  store float %54, ptr %55, align 4, !tbaa !8
  %56 = tail call contract float @__nv_coshf(float noundef %30) #4
  %57 = getelementptr inbounds nuw i8, ptr %18, i64 68
  store float %56, ptr %57, align 4, !tbaa !8
  %58 = tail call contract float @__nv_tanhf(float noundef %30) #4
  %59 = getelementptr inbounds nuw i8, ptr %18, i64 72
  store float %58, ptr %59, align 4, !tbaa !8
  %60 = tail call contract float @__nv_cbrtf(float noundef %15) #4
  %61 = getelementptr inbounds nuw i8, ptr %18, i64 76
  store float %60, ptr %61, align 4, !tbaa !8
  %62 = tail call contract float @__nv_erff(float noundef %30) #4
  %63 = getelementptr inbounds nuw i8, ptr %18, i64 80
  store float %62, ptr %63, align 4, !tbaa !8
  %64 = tail call contract float @__nv_erfcf(float noundef %30) #4
  %65 = getelementptr inbounds nuw i8, ptr %18, i64 84
  store float %64, ptr %65, align 4, !tbaa !8
  %66 = tail call contract float @__nv_lgammaf(float noundef %15) #4
  %67 = getelementptr inbounds nuw i8, ptr %18, i64 88
  store float %66, ptr %67, align 4, !tbaa !8
  %68 = fmul contract float %15, 5.000000e-01
  %69 = tail call contract float @__nv_tgammaf(float noundef %68) #4
  %70 = getelementptr inbounds nuw i8, ptr %18, i64 92
  store float %69, ptr %70, align 4, !tbaa !8
  %71 = tail call contract float @__nv_hypotf(float noundef %15, float noundef 1.500000e+00) #4
  %72 = getelementptr inbounds nuw i8, ptr %18, i64 96
  store float %71, ptr %72, align 4, !tbaa !8
  %73 = tail call contract float @__nv_fmodf(float noundef %15, float noundef 0x3FF4CCCCC0000000) #4
  %74 = getelementptr inbounds nuw i8, ptr %18, i64 100
  store float %73, ptr %74, align 4, !tbaa !8
  %75 = tail call contract float @__nv_remainderf(float noundef %15, float noundef 0x3FF4CCCCC0000000) #4
  %76 = getelementptr inbounds nuw i8, ptr %18, i64 104
  store float %75, ptr %76, align 4, !tbaa !8
  %77 = tail call contract float @__nv_fast_expf(float noundef %24) #4
  %78 = getelementptr inbounds nuw i8, ptr %18, i64 108
  store float %77, ptr %78, align 4, !tbaa !8
  %79 = tail call contract float @__nv_fast_sinf(float noundef %15) #4
  %80 = getelementptr inbounds nuw i8, ptr %18, i64 112
  store float %79, ptr %80, align 4, !tbaa !8
  %81 = tail call contract float @__nv_fast_powf(float noundef %15, float noundef 0x3FF5EB8520000000) #4
  %82 = getelementptr inbounds nuw i8, ptr %18, i64 116
  store float %81, ptr %82, align 4, !tbaa !8
  %83 = tail call contract float @__nv_fast_fdividef(float noundef %15, float noundef 0x400D9999A0000000) #4
  %84 = getelementptr inbounds nuw i8, ptr %18, i64 120
  store float %83, ptr %84, align 4, !tbaa !8
  %85 = tail call contract float @__nv_frcp_rn(float noundef %15) #4
  %86 = getelementptr inbounds nuw i8, ptr %18, i64 124
  store float %85, ptr %86, align 4, !tbaa !8
  %87 = tail call contract float @__nv_fsqrt_rn(float noundef %15) #4
  %88 = getelementptr inbounds nuw i8, ptr %18, i64 128
  store float %87, ptr %88, align 4, !tbaa !8
  %89 = tail call contract float @__nv_fmaf_rn(float noundef %15, float noundef 0x3FF19999A0000000, float noundef 0xBFD3333340000000) #4
  %90 = getelementptr inbounds nuw i8, ptr %18, i64 132
  store float %89, ptr %90, align 4, !tbaa !8
  %91 = fadd contract float %15, -1.000000e+00
  %92 = tail call contract float @__nv_saturatef(float noundef %91) #4
  %93 = getelementptr inbounds nuw i8, ptr %18, i64 136
  store float %92, ptr %93, align 4, !tbaa !8
  %94 = tail call contract float @__nv_rsqrtf(float noundef %15) #4
  %95 = getelementptr inbounds nuw i8, ptr %18, i64 140
  store float %94, ptr %95, align 4, !tbaa !8
  %96 = tail call contract float @__nv_rcbrtf(float noundef %15) #4
  %97 = getelementptr inbounds nuw i8, ptr %18, i64 144
  store float %96, ptr %97, align 4, !tbaa !8
  %98 = tail call contract float @__nv_sinpif(float noundef %15) #4
  %99 = getelementptr inbounds nuw i8, ptr %18, i64 148
  store float %98, ptr %99, align 4, !tbaa !8
  %100 = tail call contract float @__nv_cospif(float noundef %15) #4
  %101 = getelementptr inbounds nuw i8, ptr %18, i64 152
  store float %100, ptr %101, align 4, !tbaa !8
  %102 = fadd contract float %27, -5.000000e+00
  %103 = tail call contract float @__nv_normcdff(float noundef %102) #4
  %104 = getelementptr inbounds nuw i8, ptr %18, i64 156
  store float %103, ptr %104, align 4, !tbaa !8
  %105 = getelementptr inbounds nuw i8, ptr %18, i64 160
  %106 = getelementptr inbounds nuw i8, ptr %18, i64 164
  tail call void @__nv_sincosf(float noundef %15, ptr noundef nonnull %105, ptr noundef nonnull %106) #4
  %107 = getelementptr inbounds nuw i8, ptr %18, i64 168
  %108 = getelementptr inbounds nuw i8, ptr %18, i64 172
  tail call void @__nv_sincospif(float noundef %15, ptr noundef nonnull %107, ptr noundef nonnull %108) #4
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #5
  %109 = call contract float @__nv_frexpf(float noundef %15, ptr noundef nonnull %4) #4
  %110 = getelementptr inbounds nuw i8, ptr %18, i64 176
  store float %109, ptr %110, align 4, !tbaa !8
  %111 = load i32, ptr %4, align 4, !tbaa !4
  %112 = call contract float @__nv_ldexpf(float noundef %15, i32 noundef %111) #4
  %113 = getelementptr inbounds nuw i8, ptr %18, i64 180
  store float %112, ptr %113, align 4, !tbaa !8
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #5
  %114 = call contract float @__nv_modff(float noundef %15, ptr noundef nonnull %5) #4
  %115 = load float, ptr %5, align 4, !tbaa !8
  %116 = call contract float @__nv_floorf(float noundef %15) #4
  %117 = call contract float @__nv_fadd_rn(float noundef %115, float noundef %116) #4
  %118 = call contract float @__nv_fdiv_rn(float noundef %117, float noundef 4.000000e+00) #4
  %119 = fadd contract float %114, %118
  %120 = getelementptr inbounds nuw i8, ptr %18, i64 184
  store float %119, ptr %120, align 4, !tbaa !8
  %121 = call contract float @__nv_fast_log2f(float noundef %15) #4
  %122 = call contract float @__nv_fast_exp10f(float noundef %30) #4
  %123 = call contract float @__nv_fminf(float noundef %121, float noundef %122) #4
  %124 = call contract float @__nv_powif(float noundef %15, i32 noundef 3) #4
  %125 = call contract float @__nv_fmul_rn(float noundef %124, float noundef 5.000000e-01) #4
  %126 = fadd contract float %123, %125
  %127 = getelementptr inbounds nuw i8, ptr %18, i64 188
  store float %126, ptr %127, align 4, !tbaa !8
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #5
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #5
  br label %128

128:                                              ; preds = %3, %12
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sinf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_cosf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_tanf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_exp2f(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_exp10f(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expm1f(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_logf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_log2f(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_log10f(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_log1pf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_powf(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_atan2f(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_asinf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_acosf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_atanf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sinhf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_coshf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_tanhf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_cbrtf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_erff(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_erfcf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_lgammaf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_tgammaf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_hypotf(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fmodf(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_remainderf(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fast_expf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fast_sinf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fast_powf(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fast_fdividef(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_frcp_rn(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fsqrt_rn(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fmaf_rn(float noundef, float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_saturatef(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_rsqrtf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_rcbrtf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sinpif(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_cospif(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_normcdff(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincosf(float noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincospif(float noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_frexpf(float noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_ldexpf(float noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_modff(float noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fdiv_rn(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fadd_rn(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_floorf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fminf(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fast_log2f(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fast_exp10f(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fmul_rn(float noundef, float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_powif(float noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @nv_double_math(ptr noundef readonly captures(none) %0, ptr noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %97

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds double, ptr %0, i64 %11
  %13 = load double, ptr %12, align 8, !tbaa !10
  %14 = mul nsw i32 %8, 40
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds double, ptr %1, i64 %15
  %17 = tail call contract double @__nv_sin(double noundef %13) #4
  store double %17, ptr %16, align 8, !tbaa !10
  %18 = tail call contract double @__nv_cos(double noundef %13) #4
  %19 = getelementptr inbounds nuw i8, ptr %16, i64 8
  store double %18, ptr %19, align 8, !tbaa !10
  %20 = tail call contract double @__nv_tan(double noundef %13) #4
  %21 = getelementptr inbounds nuw i8, ptr %16, i64 16
  store double %20, ptr %21, align 8, !tbaa !10
  %22 = fmul contract double %13, 1.250000e-01
  %23 = tail call contract double @__nv_exp(double noundef %22) #4
  %24 = getelementptr inbounds nuw i8, ptr %16, i64 24
  store double %23, ptr %24, align 8, !tbaa !10
  %25 = fmul contract double %13, 2.500000e-01
  %26 = tail call contract double @__nv_exp2(double noundef %25) #4
  %27 = getelementptr inbounds nuw i8, ptr %16, i64 32
  store double %26, ptr %27, align 8, !tbaa !10
  %28 = fmul contract double %13, 1.000000e-01
  %29 = tail call contract double @__nv_exp10(double noundef %28) #4
  %30 = getelementptr inbounds nuw i8, ptr %16, i64 40
  store double %29, ptr %30, align 8, !tbaa !10
  %31 = tail call contract double @__nv_expm1(double noundef %28) #4
  %32 = getelementptr inbounds nuw i8, ptr %16, i64 48
  store double %31, ptr %32, align 8, !tbaa !10
  %33 = tail call contract double @__nv_log(double noundef %13) #4
  %34 = getelementptr inbounds nuw i8, ptr %16, i64 56
  store double %33, ptr %34, align 8, !tbaa !10
  %35 = tail call contract double @__nv_log2(double noundef %13) #4
  %36 = getelementptr inbounds nuw i8, ptr %16, i64 64
  store double %35, ptr %36, align 8, !tbaa !10
  %37 = tail call contract double @__nv_log10(double noundef %13) #4
  %38 = getelementptr inbounds nuw i8, ptr %16, i64 72
  store double %37, ptr %38, align 8, !tbaa !10
  %39 = tail call contract double @__nv_log1p(double noundef %13) #4
  %40 = getelementptr inbounds nuw i8, ptr %16, i64 80
  store double %39, ptr %40, align 8, !tbaa !10
  %41 = tail call contract double @__nv_pow(double noundef %13, double noundef 1.370000e+00) #4
  %42 = getelementptr inbounds nuw i8, ptr %16, i64 88
  store double %41, ptr %42, align 8, !tbaa !10
  %43 = tail call contract double @__nv_atan2(double noundef %13, double noundef 0x3FE6666666666666) #4
  %44 = getelementptr inbounds nuw i8, ptr %16, i64 96
  store double %43, ptr %44, align 8, !tbaa !10
  %45 = fmul contract double %13, 1.562500e-02
  %46 = tail call contract double @__nv_asin(double noundef %45) #4
  %47 = getelementptr inbounds nuw i8, ptr %16, i64 104
  store double %46, ptr %47, align 8, !tbaa !10
  %48 = tail call contract double @__nv_acos(double noundef %45) #4
  %49 = getelementptr inbounds nuw i8, ptr %16, i64 112
  store double %48, ptr %49, align 8, !tbaa !10
  %50 = tail call contract double @__nv_atan(double noundef %13) #4
  %51 = getelementptr inbounds nuw i8, ptr %16, i64 120
  store double %50, ptr %51, align 8, !tbaa !10
  %52 = tail call contract double @__nv_sinh(double noundef %28) #4
  %53 = getelementptr inbounds nuw i8, ptr %16, i64 128
  store double %52, ptr %53, align 8, !tbaa !10
  %54 = tail call contract double @__nv_cosh(double noundef %28) #4
  %55 = getelementptr inbounds nuw i8, ptr %16, i64 136
  store double %54, ptr %55, align 8, !tbaa !10
  %56 = tail call contract double @__nv_tanh(double noundef %28) #4
  %57 = getelementptr inbounds nuw i8, ptr %16, i64 144
  store double %56, ptr %57, align 8, !tbaa !10
  %58 = tail call contract double @__nv_cbrt(double noundef %13) #4
  %59 = getelementptr inbounds nuw i8, ptr %16, i64 152
  store double %58, ptr %59, align 8, !tbaa !10
  %60 = tail call contract double @__nv_erf(double noundef %28) #4
  %61 = getelementptr inbounds nuw i8, ptr %16, i64 160
  store double %60, ptr %61, align 8, !tbaa !10
  %62 = tail call contract double @__nv_erfc(double noundef %28) #4
  %63 = getelementptr inbounds nuw i8, ptr %16, i64 168
  store double %62, ptr %63, align 8, !tbaa !10
  %64 = tail call contract double @__nv_lgamma(double noundef %13) #4
  %65 = getelementptr inbounds nuw i8, ptr %16, i64 176
  store double %64, ptr %65, align 8, !tbaa !10
  %66 = fmul contract double %13, 5.000000e-01
  %67 = tail call contract double @__nv_tgamma(double noundef %66) #4
  %68 = getelementptr inbounds nuw i8, ptr %16, i64 184
  store double %67, ptr %68, align 8, !tbaa !10
  %69 = tail call contract double @__nv_hypot(double noundef %13, double noundef 1.500000e+00) #4
  %70 = getelementptr inbounds nuw i8, ptr %16, i64 192
  store double %69, ptr %70, align 8, !tbaa !10
  %71 = tail call contract double @__nv_fmod(double noundef %13, double noundef 1.300000e+00) #4
  %72 = getelementptr inbounds nuw i8, ptr %16, i64 200
  store double %71, ptr %72, align 8, !tbaa !10
  %73 = tail call contract double @__nv_rsqrt(double noundef %13) #4
  %74 = getelementptr inbounds nuw i8, ptr %16, i64 208
  store double %73, ptr %74, align 8, !tbaa !10
  %75 = tail call contract double @__nv_rcbrt(double noundef %13) #4
  %76 = getelementptr inbounds nuw i8, ptr %16, i64 216
  store double %75, ptr %76, align 8, !tbaa !10
  %77 = tail call contract double @__nv_sinpi(double noundef %13) #4
  %78 = getelementptr inbounds nuw i8, ptr %16, i64 224
  store double %77, ptr %78, align 8, !tbaa !10
  %79 = tail call contract double @__nv_cospi(double noundef %13) #4
  %80 = getelementptr inbounds nuw i8, ptr %16, i64 232
  store double %79, ptr %80, align 8, !tbaa !10
  %81 = tail call contract double @__nv_dadd_rn(double noundef %13, double noundef 1.000000e-01) #4
  %82 = getelementptr inbounds nuw i8, ptr %16, i64 240
  store double %81, ptr %82, align 8, !tbaa !10
  %83 = tail call contract double @__nv_ddiv_rn(double noundef %13, double noundef 3.700000e+00) #4
  %84 = getelementptr inbounds nuw i8, ptr %16, i64 248
  store double %83, ptr %84, align 8, !tbaa !10
  %85 = tail call contract double @__nv_drcp_rn(double noundef %13) #4
  %86 = getelementptr inbounds nuw i8, ptr %16, i64 256
  store double %85, ptr %86, align 8, !tbaa !10
  %87 = tail call contract double @__nv_dsqrt_rn(double noundef %13) #4
  %88 = getelementptr inbounds nuw i8, ptr %16, i64 264
  store double %87, ptr %88, align 8, !tbaa !10
  %89 = tail call contract double @__nv_fma_rn(double noundef %13, double noundef 1.100000e+00, double noundef -3.000000e-01) #4
  %90 = getelementptr inbounds nuw i8, ptr %16, i64 272
  store double %89, ptr %90, align 8, !tbaa !10
  %91 = tail call contract double @__nv_powi(double noundef %13, i32 noundef 3) #4
  %92 = getelementptr inbounds nuw i8, ptr %16, i64 280
  store double %91, ptr %92, align 8, !tbaa !10
  %93 = getelementptr inbounds nuw i8, ptr %16, i64 288
  %94 = getelementptr inbounds nuw i8, ptr %16, i64 296
  tail call void @__nv_sincos(double noundef %13, ptr noundef nonnull %93, ptr noundef nonnull %94) #4
  %95 = getelementptr inbounds nuw i8, ptr %16, i64 304
  %96 = getelementptr inbounds nuw i8, ptr %16, i64 312
  tail call void @__nv_sincospi(double noundef %13, ptr noundef nonnull %95, ptr noundef nonnull %96) #4
  br label %97

97:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: convergent nounwind
declare dso_local double @__nv_sin(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_cos(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_tan(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_exp(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_exp2(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_exp10(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_expm1(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_log(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_log2(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_log10(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_log1p(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_pow(double noundef, double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_atan2(double noundef, double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_asin(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_acos(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_atan(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_sinh(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_cosh(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_tanh(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_cbrt(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_erf(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_erfc(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_lgamma(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_tgamma(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_hypot(double noundef, double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_fmod(double noundef, double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_rsqrt(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_rcbrt(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_sinpi(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_cospi(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_dadd_rn(double noundef, double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_ddiv_rn(double noundef, double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_drcp_rn(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_dsqrt_rn(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_fma_rn(double noundef, double noundef, double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_powi(double noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincos(double noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincospi(double noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @nv_integers(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %3
  br i1 %10, label %11, label %114

11:                                               ; preds = %4
  %12 = sext i32 %9 to i64
  %13 = getelementptr inbounds i32, ptr %0, i64 %12
  %14 = load i32, ptr %13, align 4, !tbaa !4
  %15 = getelementptr inbounds i32, ptr %1, i64 %12
  %16 = load i32, ptr %15, align 4, !tbaa !4
  %17 = sext i32 %14 to i64
  %18 = shl nsw i64 %17, 32
  %19 = zext i32 %16 to i64
  %20 = or disjoint i64 %18, %19
  %21 = sext i32 %16 to i64
  %22 = shl nsw i64 %21, 29
  %23 = zext i32 %14 to i64
  %24 = xor i64 %22, %23
  %25 = mul nsw i32 %9, 30
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds i64, ptr %2, i64 %26
  %28 = tail call i32 @__nv_popc(i32 noundef %14) #4
  %29 = sext i32 %28 to i64
  store i64 %29, ptr %27, align 8, !tbaa !12
  %30 = tail call i32 @__nv_clz(i32 noundef %14) #4
  %31 = sext i32 %30 to i64
  %32 = getelementptr inbounds nuw i8, ptr %27, i64 8
  store i64 %31, ptr %32, align 8, !tbaa !12
  %33 = tail call i32 @__nv_ffs(i32 noundef %14) #4
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds nuw i8, ptr %27, i64 16
  store i64 %34, ptr %35, align 8, !tbaa !12
  %36 = tail call i32 @__nv_brev(i32 noundef %14) #4
  %37 = zext i32 %36 to i64
  %38 = getelementptr inbounds nuw i8, ptr %27, i64 24
  store i64 %37, ptr %38, align 8, !tbaa !12
  %39 = tail call i32 @__nv_mulhi(i32 noundef %14, i32 noundef %16) #4
  %40 = sext i32 %39 to i64
  %41 = getelementptr inbounds nuw i8, ptr %27, i64 32
  store i64 %40, ptr %41, align 8, !tbaa !12
  %42 = tail call i32 @__nv_umulhi(i32 noundef %14, i32 noundef %16) #4
  %43 = zext i32 %42 to i64
  %44 = getelementptr inbounds nuw i8, ptr %27, i64 40
  store i64 %43, ptr %44, align 8, !tbaa !12
  %45 = tail call i32 @__nv_mul24(i32 noundef %14, i32 noundef %16) #4
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds nuw i8, ptr %27, i64 48
  store i64 %46, ptr %47, align 8, !tbaa !12
  %48 = tail call i32 @__nv_umul24(i32 noundef %14, i32 noundef %16) #4
  %49 = zext i32 %48 to i64
  %50 = getelementptr inbounds nuw i8, ptr %27, i64 56
  store i64 %49, ptr %50, align 8, !tbaa !12
  %51 = tail call i32 @__nv_sad(i32 noundef %14, i32 noundef %16, i32 noundef 7) #4
  %52 = zext i32 %51 to i64
  %53 = getelementptr inbounds nuw i8, ptr %27, i64 64
  store i64 %52, ptr %53, align 8, !tbaa !12
  %54 = tail call i32 @__nv_usad(i32 noundef %14, i32 noundef %16, i32 noundef 7) #4
  %55 = zext i32 %54 to i64
  %56 = getelementptr inbounds nuw i8, ptr %27, i64 72
  store i64 %55, ptr %56, align 8, !tbaa !12
  %57 = and i32 %16, 30583
  %58 = tail call i32 @__nv_byte_perm(i32 noundef %14, i32 noundef %16, i32 noundef %57) #4
  %59 = zext i32 %58 to i64
  %60 = getelementptr inbounds nuw i8, ptr %27, i64 80
  store i64 %59, ptr %60, align 8, !tbaa !12
  %61 = tail call i32 @__nv_abs(i32 noundef %14) #4
  %62 = sext i32 %61 to i64
  %63 = getelementptr inbounds nuw i8, ptr %27, i64 88
  store i64 %62, ptr %63, align 8, !tbaa !12
  %64 = tail call i32 @__nv_min(i32 noundef %14, i32 noundef %16) #4
  %65 = sext i32 %64 to i64
  %66 = getelementptr inbounds nuw i8, ptr %27, i64 96
  store i64 %65, ptr %66, align 8, !tbaa !12
  %67 = tail call i32 @__nv_max(i32 noundef %14, i32 noundef %16) #4
  %68 = sext i32 %67 to i64
  %69 = getelementptr inbounds nuw i8, ptr %27, i64 104
  store i64 %68, ptr %69, align 8, !tbaa !12
  %70 = tail call i32 @__nv_umin(i32 noundef %14, i32 noundef %16) #4
  %71 = zext i32 %70 to i64
  %72 = getelementptr inbounds nuw i8, ptr %27, i64 112
  store i64 %71, ptr %72, align 8, !tbaa !12
  %73 = tail call i32 @__nv_umax(i32 noundef %14, i32 noundef %16) #4
  %74 = zext i32 %73 to i64
  %75 = getelementptr inbounds nuw i8, ptr %27, i64 120
  store i64 %74, ptr %75, align 8, !tbaa !12
  %76 = tail call i32 @__nv_hadd(i32 noundef %14, i32 noundef %16) #4
  %77 = sext i32 %76 to i64
  %78 = getelementptr inbounds nuw i8, ptr %27, i64 128
  store i64 %77, ptr %78, align 8, !tbaa !12
  %79 = tail call i32 @__nv_rhadd(i32 noundef %14, i32 noundef %16) #4
  %80 = sext i32 %79 to i64
  %81 = getelementptr inbounds nuw i8, ptr %27, i64 136
  store i64 %80, ptr %81, align 8, !tbaa !12
  %82 = tail call i32 @__nv_uhadd(i32 noundef %14, i32 noundef %16) #4
  %83 = zext i32 %82 to i64
  %84 = getelementptr inbounds nuw i8, ptr %27, i64 144
  store i64 %83, ptr %84, align 8, !tbaa !12
  %85 = tail call i32 @__nv_urhadd(i32 noundef %14, i32 noundef %16) #4
  %86 = zext i32 %85 to i64
  %87 = getelementptr inbounds nuw i8, ptr %27, i64 152
  store i64 %86, ptr %87, align 8, !tbaa !12
  %88 = tail call i32 @__nv_popcll(i64 noundef %20) #4
  %89 = sext i32 %88 to i64
  %90 = getelementptr inbounds nuw i8, ptr %27, i64 160
  store i64 %89, ptr %90, align 8, !tbaa !12
  %91 = tail call i32 @__nv_clzll(i64 noundef %20) #4
  %92 = sext i32 %91 to i64
  %93 = getelementptr inbounds nuw i8, ptr %27, i64 168
  store i64 %92, ptr %93, align 8, !tbaa !12
  %94 = tail call i32 @__nv_ffsll(i64 noundef %20) #4
  %95 = sext i32 %94 to i64
  %96 = getelementptr inbounds nuw i8, ptr %27, i64 176
  store i64 %95, ptr %96, align 8, !tbaa !12
  %97 = tail call i64 @__nv_brevll(i64 noundef %20) #4
  %98 = getelementptr inbounds nuw i8, ptr %27, i64 184
  store i64 %97, ptr %98, align 8, !tbaa !12
  %99 = tail call i64 @__nv_mul64hi(i64 noundef %20, i64 noundef %24) #4
  %100 = getelementptr inbounds nuw i8, ptr %27, i64 192
  store i64 %99, ptr %100, align 8, !tbaa !12
  %101 = tail call i64 @__nv_umul64hi(i64 noundef %20, i64 noundef %24) #4
  %102 = getelementptr inbounds nuw i8, ptr %27, i64 200
  store i64 %101, ptr %102, align 8, !tbaa !12
  %103 = tail call i64 @__nv_llabs(i64 noundef %20) #4
  %104 = getelementptr inbounds nuw i8, ptr %27, i64 208
  store i64 %103, ptr %104, align 8, !tbaa !12
  %105 = tail call i64 @__nv_llmin(i64 noundef %20, i64 noundef %24) #4
  %106 = getelementptr inbounds nuw i8, ptr %27, i64 216
  store i64 %105, ptr %106, align 8, !tbaa !12
  %107 = tail call i64 @__nv_ullmax(i64 noundef %20, i64 noundef %24) #4
  %108 = getelementptr inbounds nuw i8, ptr %27, i64 224
  store i64 %107, ptr %108, align 8, !tbaa !12
  %109 = and i32 %16, 17476
  %110 = or disjoint i32 %109, 12816
  %111 = tail call i32 @__nv_byte_perm(i32 noundef %14, i32 noundef %16, i32 noundef %110) #4
  %112 = zext i32 %111 to i64
  %113 = getelementptr inbounds nuw i8, ptr %27, i64 232
  store i64 %112, ptr %113, align 8, !tbaa !12
  br label %114

114:                                              ; preds = %4, %11
  ret void
}

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_popc(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_clz(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_ffs(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_brev(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_mulhi(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_umulhi(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_mul24(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_umul24(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_sad(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_usad(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_byte_perm(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_abs(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_min(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_max(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_umin(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_umax(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_hadd(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_rhadd(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_uhadd(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_urhadd(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_popcll(i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_clzll(i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_ffsll(i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_brevll(i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_mul64hi(i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_umul64hi(i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_llabs(i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_llmin(i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_ullmax(i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @nv_conversions(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %3
  br i1 %10, label %11, label %127

11:                                               ; preds = %4
  %12 = sext i32 %9 to i64
  %13 = getelementptr inbounds float, ptr %0, i64 %12
  %14 = load float, ptr %13, align 4, !tbaa !8
  %15 = getelementptr inbounds double, ptr %1, i64 %12
  %16 = load double, ptr %15, align 8, !tbaa !10
  %17 = mul nsw i32 %9, 30
  %18 = sext i32 %17 to i64
  %19 = getelementptr inbounds i64, ptr %2, i64 %18
  %20 = tail call i32 @__nv_float2int_rn(float noundef %14) #4
  %21 = sext i32 %20 to i64
  store i64 %21, ptr %19, align 8, !tbaa !12
  %22 = tail call i32 @__nv_float2int_rz(float noundef %14) #4
  %23 = sext i32 %22 to i64
  %24 = getelementptr inbounds nuw i8, ptr %19, i64 8
  store i64 %23, ptr %24, align 8, !tbaa !12
  %25 = tail call i32 @__nv_float2int_ru(float noundef %14) #4
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds nuw i8, ptr %19, i64 16
  store i64 %26, ptr %27, align 8, !tbaa !12
  %28 = tail call i32 @__nv_float2int_rd(float noundef %14) #4
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds nuw i8, ptr %19, i64 24
  store i64 %29, ptr %30, align 8, !tbaa !12
  %31 = tail call i32 @__nv_float2uint_rn(float noundef %14) #4
  %32 = zext i32 %31 to i64
  %33 = getelementptr inbounds nuw i8, ptr %19, i64 32
  store i64 %32, ptr %33, align 8, !tbaa !12
  %34 = tail call i64 @__nv_float2ll_rn(float noundef %14) #4
  %35 = getelementptr inbounds nuw i8, ptr %19, i64 40
  store i64 %34, ptr %35, align 8, !tbaa !12
  %36 = tail call i64 @__nv_float2ull_rz(float noundef %14) #4
  %37 = getelementptr inbounds nuw i8, ptr %19, i64 48
  store i64 %36, ptr %37, align 8, !tbaa !12
  %38 = tail call i32 @__nv_double2int_rn(double noundef %16) #4
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds nuw i8, ptr %19, i64 56
  store i64 %39, ptr %40, align 8, !tbaa !12
  %41 = tail call i32 @__nv_double2int_rd(double noundef %16) #4
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds nuw i8, ptr %19, i64 64
  store i64 %42, ptr %43, align 8, !tbaa !12
  %44 = tail call i64 @__nv_double2ll_ru(double noundef %16) #4
  %45 = getelementptr inbounds nuw i8, ptr %19, i64 72
  store i64 %44, ptr %45, align 8, !tbaa !12
  %46 = tail call i64 @__nv_double2ll_rz(double noundef %16) #4
  %47 = getelementptr inbounds nuw i8, ptr %19, i64 80
  store i64 %46, ptr %47, align 8, !tbaa !12
  %48 = tail call i32 @__nv_double2uint_rn(double noundef %16) #4
  %49 = zext i32 %48 to i64
  %50 = getelementptr inbounds nuw i8, ptr %19, i64 88
  store i64 %49, ptr %50, align 8, !tbaa !12
  %51 = tail call i32 @__nv_float_as_int(float noundef %14) #4
  %52 = sext i32 %51 to i64
  %53 = getelementptr inbounds nuw i8, ptr %19, i64 96
  store i64 %52, ptr %53, align 8, !tbaa !12
  %54 = tail call i32 @__nv_float_as_int(float noundef %14) #4
  %55 = xor i32 %54, -2147483648
  %56 = tail call contract float @__nv_int_as_float(i32 noundef %55) #4
  %57 = tail call i32 @__nv_float_as_int(float noundef %56) #4
  %58 = sext i32 %57 to i64
  %59 = getelementptr inbounds nuw i8, ptr %19, i64 104
  store i64 %58, ptr %59, align 8, !tbaa !12
  %60 = tail call i32 @__nv_double2hiint(double noundef %16) #4
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds nuw i8, ptr %19, i64 112
  store i64 %61, ptr %62, align 8, !tbaa !12
  %63 = tail call i32 @__nv_double2loint(double noundef %16) #4
  %64 = zext i32 %63 to i64
  %65 = getelementptr inbounds nuw i8, ptr %19, i64 120
  store i64 %64, ptr %65, align 8, !tbaa !12
  %66 = tail call i32 @__nv_double2hiint(double noundef %16) #4
  %67 = tail call i32 @__nv_double2loint(double noundef %16) #4
  %68 = tail call contract double @__nv_hiloint2double(i32 noundef %66, i32 noundef %67) #4
  %69 = tail call i64 @__nv_double_as_longlong(double noundef %68) #4
  %70 = getelementptr inbounds nuw i8, ptr %19, i64 128
  store i64 %69, ptr %70, align 8, !tbaa !12
  %71 = tail call i64 @__nv_double_as_longlong(double noundef %16) #4
  %72 = add nsw i64 %71, 1
  %73 = tail call contract double @__nv_longlong_as_double(i64 noundef %72) #4
  %74 = tail call i64 @__nv_double_as_longlong(double noundef %73) #4
  %75 = getelementptr inbounds nuw i8, ptr %19, i64 136
  store i64 %74, ptr %75, align 8, !tbaa !12
  %76 = tail call i32 @__nv_float2int_rz(float noundef %14) #4
  %77 = or i32 %76, 16777217
  %78 = tail call contract float @__nv_int2float_rn(i32 noundef %77) #4
  %79 = tail call i32 @__nv_float_as_int(float noundef %78) #4
  %80 = sext i32 %79 to i64
  %81 = getelementptr inbounds nuw i8, ptr %19, i64 144
  store i64 %80, ptr %81, align 8, !tbaa !12
  %82 = tail call i64 @__nv_double2ll_rz(double noundef %16) #4
  %83 = or i64 %82, 9007199254740993
  %84 = tail call contract double @__nv_ll2double_rn(i64 noundef %83) #4
  %85 = tail call i64 @__nv_double_as_longlong(double noundef %84) #4
  %86 = getelementptr inbounds nuw i8, ptr %19, i64 152
  store i64 %85, ptr %86, align 8, !tbaa !12
  %87 = tail call contract float @__nv_double2float_rn(double noundef %16) #4
  %88 = tail call i32 @__nv_float_as_int(float noundef %87) #4
  %89 = sext i32 %88 to i64
  %90 = getelementptr inbounds nuw i8, ptr %19, i64 160
  store i64 %89, ptr %90, align 8, !tbaa !12
  %91 = tail call i32 @__nv_isnanf(float noundef %14) #4
  %92 = icmp ne i32 %91, 0
  %93 = zext i1 %92 to i64
  %94 = getelementptr inbounds nuw i8, ptr %19, i64 168
  store i64 %93, ptr %94, align 8, !tbaa !12
  %95 = tail call i32 @__nv_isinff(float noundef %14) #4
  %96 = icmp ne i32 %95, 0
  %97 = zext i1 %96 to i64
  %98 = getelementptr inbounds nuw i8, ptr %19, i64 176
  store i64 %97, ptr %98, align 8, !tbaa !12
  %99 = tail call i32 @__nv_finitef(float noundef %14) #4
  %100 = icmp ne i32 %99, 0
  %101 = zext i1 %100 to i64
  %102 = getelementptr inbounds nuw i8, ptr %19, i64 184
  store i64 %101, ptr %102, align 8, !tbaa !12
  %103 = tail call i32 @__nv_signbitf(float noundef %14) #4
  %104 = icmp ne i32 %103, 0
  %105 = zext i1 %104 to i64
  %106 = getelementptr inbounds nuw i8, ptr %19, i64 192
  store i64 %105, ptr %106, align 8, !tbaa !12
  %107 = tail call i32 @__nv_isnand(double noundef %16) #4
  %108 = icmp ne i32 %107, 0
  %109 = zext i1 %108 to i64
  %110 = getelementptr inbounds nuw i8, ptr %19, i64 200
  store i64 %109, ptr %110, align 8, !tbaa !12
  %111 = tail call i32 @__nv_isinfd(double noundef %16) #4
  %112 = icmp ne i32 %111, 0
  %113 = zext i1 %112 to i64
  %114 = getelementptr inbounds nuw i8, ptr %19, i64 208
  store i64 %113, ptr %114, align 8, !tbaa !12
  %115 = tail call i32 @__nv_isfinited(double noundef %16) #4
  %116 = icmp ne i32 %115, 0
  %117 = zext i1 %116 to i64
  %118 = getelementptr inbounds nuw i8, ptr %19, i64 216
  store i64 %117, ptr %118, align 8, !tbaa !12
  %119 = tail call i32 @__nv_signbitd(double noundef %16) #4
  %120 = icmp ne i32 %119, 0
  %121 = zext i1 %120 to i64
  %122 = getelementptr inbounds nuw i8, ptr %19, i64 224
  store i64 %121, ptr %122, align 8, !tbaa !12
  %123 = fmul contract float %14, 5.000000e-01
  %124 = tail call i32 @__nv_float2int_rn(float noundef %123) #4
  %125 = sext i32 %124 to i64
  %126 = getelementptr inbounds nuw i8, ptr %19, i64 232
  store i64 %125, ptr %126, align 8, !tbaa !12
  br label %127

127:                                              ; preds = %4, %11
  ret void
}

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_float2int_rn(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_float2int_rz(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_float2int_ru(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_float2int_rd(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_float2uint_rn(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_float2ll_rn(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_float2ull_rz(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_double2int_rn(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_double2int_rd(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_double2ll_ru(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_double2ll_rz(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_double2uint_rn(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_float_as_int(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_int_as_float(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_double2hiint(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_double2loint(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i64 @__nv_double_as_longlong(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_hiloint2double(i32 noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_longlong_as_double(i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_int2float_rn(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local double @__nv_ll2double_rn(i64 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_double2float_rn(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_isnanf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_isinff(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_finitef(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_signbitf(float noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_isnand(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_isinfd(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_isfinited(double noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_signbitd(double noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent nounwind }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C++ TBAA"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !6, i64 0}
!10 = !{!11, !11, i64 0}
!11 = !{!"double", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"long long", !6, i64 0}
