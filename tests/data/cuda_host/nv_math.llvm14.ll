; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S nv_math.cu -o nv_math.llvm14.ll
; ModuleID = 'nv_math.cu'
source_filename = "nv_math.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @nv_float_math(float* nocapture noundef readonly %0, float* noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = alloca i32, align 4
  %5 = alloca float, align 4
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %8 = mul i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %2
  br i1 %11, label %12, label %130

12:                                               ; preds = %3
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds float, float* %0, i64 %13
  %15 = load float, float* %14, align 4, !tbaa !8
  %16 = mul nsw i32 %10, 48
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds float, float* %1, i64 %17
  %19 = tail call contract float @__nv_sinf(float noundef %15) #5
  store float %19, float* %18, align 4, !tbaa !8
  %20 = tail call contract float @__nv_cosf(float noundef %15) #5
  %21 = getelementptr inbounds float, float* %18, i64 1
  store float %20, float* %21, align 4, !tbaa !8
  %22 = tail call contract float @__nv_tanf(float noundef %15) #5
  %23 = getelementptr inbounds float, float* %18, i64 2
  store float %22, float* %23, align 4, !tbaa !8
  %24 = fmul contract float %15, 1.250000e-01
  %25 = tail call contract float @__nv_expf(float noundef %24) #5
  %26 = getelementptr inbounds float, float* %18, i64 3
  store float %25, float* %26, align 4, !tbaa !8
  %27 = fmul contract float %15, 2.500000e-01
  %28 = tail call contract float @__nv_exp2f(float noundef %27) #5
  %29 = getelementptr inbounds float, float* %18, i64 4
  store float %28, float* %29, align 4, !tbaa !8
  %30 = fmul contract float %15, 0x3FB99999A0000000
  %31 = tail call contract float @__nv_exp10f(float noundef %30) #5
  %32 = getelementptr inbounds float, float* %18, i64 5
  store float %31, float* %32, align 4, !tbaa !8
  %33 = tail call contract float @__nv_expm1f(float noundef %30) #5
  %34 = getelementptr inbounds float, float* %18, i64 6
  store float %33, float* %34, align 4, !tbaa !8
  %35 = tail call contract float @__nv_logf(float noundef %15) #5
  %36 = getelementptr inbounds float, float* %18, i64 7
  store float %35, float* %36, align 4, !tbaa !8
  %37 = tail call contract float @__nv_log2f(float noundef %15) #5
  %38 = getelementptr inbounds float, float* %18, i64 8
  store float %37, float* %38, align 4, !tbaa !8
  %39 = tail call contract float @__nv_log10f(float noundef %15) #5
  %40 = getelementptr inbounds float, float* %18, i64 9
  store float %39, float* %40, align 4, !tbaa !8
  %41 = tail call contract float @__nv_log1pf(float noundef %15) #5
  %42 = getelementptr inbounds float, float* %18, i64 10
  store float %41, float* %42, align 4, !tbaa !8
  %43 = tail call contract float @__nv_powf(float noundef %15, float noundef 0x3FF5EB8520000000) #5
  %44 = getelementptr inbounds float, float* %18, i64 11
  store float %43, float* %44, align 4, !tbaa !8
  %45 = tail call contract float @__nv_atan2f(float noundef %15, float noundef 0x3FE6666660000000) #5
  %46 = getelementptr inbounds float, float* %18, i64 12
  store float %45, float* %46, align 4, !tbaa !8
  %47 = fmul contract float %15, 1.562500e-02
  %48 = tail call contract float @__nv_asinf(float noundef %47) #5
  %49 = getelementptr inbounds float, float* %18, i64 13
  store float %48, float* %49, align 4, !tbaa !8
  %50 = tail call contract float @__nv_acosf(float noundef %47) #5
  %51 = getelementptr inbounds float, float* %18, i64 14
  store float %50, float* %51, align 4, !tbaa !8
  %52 = tail call contract float @__nv_atanf(float noundef %15) #5
  %53 = getelementptr inbounds float, float* %18, i64 15
  store float %52, float* %53, align 4, !tbaa !8
  %54 = tail call contract float @__nv_sinhf(float noundef %30) #5
  %55 = getelementptr inbounds float, float* %18, i64 16
  store float %54, float* %55, align 4, !tbaa !8
  %56 = tail call contract float @__nv_coshf(float noundef %30) #5
  %57 = getelementptr inbounds float, float* %18, i64 17
  store float %56, float* %57, align 4, !tbaa !8
  %58 = tail call contract float @__nv_tanhf(float noundef %30) #5
  %59 = getelementptr inbounds float, float* %18, i64 18
  store float %58, float* %59, align 4, !tbaa !8
  %60 = tail call contract float @__nv_cbrtf(float noundef %15) #5
  %61 = getelementptr inbounds float, float* %18, i64 19
  store float %60, float* %61, align 4, !tbaa !8
  %62 = tail call contract float @__nv_erff(float noundef %30) #5
  %63 = getelementptr inbounds float, float* %18, i64 20
  store float %62, float* %63, align 4, !tbaa !8
  %64 = tail call contract float @__nv_erfcf(float noundef %30) #5
  %65 = getelementptr inbounds float, float* %18, i64 21
  store float %64, float* %65, align 4, !tbaa !8
  %66 = tail call contract float @__nv_lgammaf(float noundef %15) #5
  %67 = getelementptr inbounds float, float* %18, i64 22
  store float %66, float* %67, align 4, !tbaa !8
  %68 = fmul contract float %15, 5.000000e-01
  %69 = tail call contract float @__nv_tgammaf(float noundef %68) #5
  %70 = getelementptr inbounds float, float* %18, i64 23
  store float %69, float* %70, align 4, !tbaa !8
  %71 = tail call contract float @__nv_hypotf(float noundef %15, float noundef 1.500000e+00) #5
  %72 = getelementptr inbounds float, float* %18, i64 24
  store float %71, float* %72, align 4, !tbaa !8
  %73 = tail call contract float @__nv_fmodf(float noundef %15, float noundef 0x3FF4CCCCC0000000) #5
  %74 = getelementptr inbounds float, float* %18, i64 25
  store float %73, float* %74, align 4, !tbaa !8
  %75 = tail call contract float @__nv_remainderf(float noundef %15, float noundef 0x3FF4CCCCC0000000) #5
  %76 = getelementptr inbounds float, float* %18, i64 26
  store float %75, float* %76, align 4, !tbaa !8
  %77 = tail call contract float @__nv_fast_expf(float noundef %24) #5
  %78 = getelementptr inbounds float, float* %18, i64 27
  store float %77, float* %78, align 4, !tbaa !8
  %79 = tail call contract float @__nv_fast_sinf(float noundef %15) #5
  %80 = getelementptr inbounds float, float* %18, i64 28
  store float %79, float* %80, align 4, !tbaa !8
  %81 = tail call contract float @__nv_fast_powf(float noundef %15, float noundef 0x3FF5EB8520000000) #5
  %82 = getelementptr inbounds float, float* %18, i64 29
  store float %81, float* %82, align 4, !tbaa !8
  %83 = tail call contract float @__nv_fast_fdividef(float noundef %15, float noundef 0x400D9999A0000000) #5
  %84 = getelementptr inbounds float, float* %18, i64 30
  store float %83, float* %84, align 4, !tbaa !8
  %85 = tail call contract float @__nv_frcp_rn(float noundef %15) #5
  %86 = getelementptr inbounds float, float* %18, i64 31
  store float %85, float* %86, align 4, !tbaa !8
  %87 = tail call contract float @__nv_fsqrt_rn(float noundef %15) #5
  %88 = getelementptr inbounds float, float* %18, i64 32
  store float %87, float* %88, align 4, !tbaa !8
  %89 = tail call contract float @__nv_fmaf_rn(float noundef %15, float noundef 0x3FF19999A0000000, float noundef 0xBFD3333340000000) #5
  %90 = getelementptr inbounds float, float* %18, i64 33
  store float %89, float* %90, align 4, !tbaa !8
  %91 = fadd contract float %15, -1.000000e+00
  %92 = tail call contract float @__nv_saturatef(float noundef %91) #5
  %93 = getelementptr inbounds float, float* %18, i64 34
  store float %92, float* %93, align 4, !tbaa !8
  %94 = tail call contract float @__nv_rsqrtf(float noundef %15) #5
  %95 = getelementptr inbounds float, float* %18, i64 35
  store float %94, float* %95, align 4, !tbaa !8
  %96 = tail call contract float @__nv_rcbrtf(float noundef %15) #5
  %97 = getelementptr inbounds float, float* %18, i64 36
  store float %96, float* %97, align 4, !tbaa !8
  %98 = tail call contract float @__nv_sinpif(float noundef %15) #5
  %99 = getelementptr inbounds float, float* %18, i64 37
  store float %98, float* %99, align 4, !tbaa !8
  %100 = tail call contract float @__nv_cospif(float noundef %15) #5
  %101 = getelementptr inbounds float, float* %18, i64 38
  store float %100, float* %101, align 4, !tbaa !8
  %102 = fadd contract float %27, -5.000000e+00
  %103 = tail call contract float @__nv_normcdff(float noundef %102) #5
  %104 = getelementptr inbounds float, float* %18, i64 39
  store float %103, float* %104, align 4, !tbaa !8
  %105 = getelementptr inbounds float, float* %18, i64 40
  %106 = getelementptr inbounds float, float* %18, i64 41
  tail call void @__nv_sincosf(float noundef %15, float* noundef nonnull %105, float* noundef nonnull %106) #5
  %107 = getelementptr inbounds float, float* %18, i64 42
  %108 = getelementptr inbounds float, float* %18, i64 43
  tail call void @__nv_sincospif(float noundef %15, float* noundef nonnull %107, float* noundef nonnull %108) #5
  %109 = bitcast i32* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %109) #4
  %110 = call contract float @__nv_frexpf(float noundef %15, i32* noundef nonnull %4) #5
  %111 = getelementptr inbounds float, float* %18, i64 44
  store float %110, float* %111, align 4, !tbaa !8
  %112 = load i32, i32* %4, align 4, !tbaa !12
  %113 = call contract float @__nv_ldexpf(float noundef %15, i32 noundef %112) #5
  %114 = getelementptr inbounds float, float* %18, i64 45
  store float %113, float* %114, align 4, !tbaa !8
  %115 = bitcast float* %5 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %115) #4
  %116 = call contract float @__nv_modff(float noundef %15, float* noundef nonnull %5) #5
  %117 = load float, float* %5, align 4, !tbaa !8
  %118 = call contract float @__nv_floorf(float noundef %15) #5
  %119 = call contract float @__nv_fadd_rn(float noundef %117, float noundef %118) #5
  %120 = call contract float @__nv_fdiv_rn(float noundef %119, float noundef 4.000000e+00) #5
  %121 = fadd contract float %116, %120
  %122 = getelementptr inbounds float, float* %18, i64 46
  store float %121, float* %122, align 4, !tbaa !8
  %123 = call contract float @__nv_fast_log2f(float noundef %15) #5
  %124 = call contract float @__nv_fast_exp10f(float noundef %30) #5
  %125 = call contract float @__nv_fminf(float noundef %123, float noundef %124) #5
  %126 = call contract float @__nv_powif(float noundef %15, i32 noundef 3) #5
  %127 = call contract float @__nv_fmul_rn(float noundef %126, float noundef 5.000000e-01) #5
  %128 = fadd contract float %125, %127
  %129 = getelementptr inbounds float, float* %18, i64 47
  store float %128, float* %129, align 4, !tbaa !8
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %115) #4
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %109) #4
  br label %130

130:                                              ; preds = %3, %12
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

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
declare dso_local void @__nv_sincosf(float noundef, float* noundef, float* noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincospif(float noundef, float* noundef, float* noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_frexpf(float noundef, i32* noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_ldexpf(float noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_modff(float noundef, float* noundef) local_unnamed_addr #2

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

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @nv_double_math(double* nocapture noundef readonly %0, double* noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %97

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds double, double* %0, i64 %11
  %13 = load double, double* %12, align 8, !tbaa !14
  %14 = mul nsw i32 %8, 40
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds double, double* %1, i64 %15
  %17 = tail call contract double @__nv_sin(double noundef %13) #5
  store double %17, double* %16, align 8, !tbaa !14
  %18 = tail call contract double @__nv_cos(double noundef %13) #5
  %19 = getelementptr inbounds double, double* %16, i64 1
  store double %18, double* %19, align 8, !tbaa !14
  %20 = tail call contract double @__nv_tan(double noundef %13) #5
  %21 = getelementptr inbounds double, double* %16, i64 2
  store double %20, double* %21, align 8, !tbaa !14
  %22 = fmul contract double %13, 1.250000e-01
  %23 = tail call contract double @__nv_exp(double noundef %22) #5
  %24 = getelementptr inbounds double, double* %16, i64 3
  store double %23, double* %24, align 8, !tbaa !14
  %25 = fmul contract double %13, 2.500000e-01
  %26 = tail call contract double @__nv_exp2(double noundef %25) #5
  %27 = getelementptr inbounds double, double* %16, i64 4
  store double %26, double* %27, align 8, !tbaa !14
  %28 = fmul contract double %13, 1.000000e-01
  %29 = tail call contract double @__nv_exp10(double noundef %28) #5
  %30 = getelementptr inbounds double, double* %16, i64 5
  store double %29, double* %30, align 8, !tbaa !14
  %31 = tail call contract double @__nv_expm1(double noundef %28) #5
  %32 = getelementptr inbounds double, double* %16, i64 6
  store double %31, double* %32, align 8, !tbaa !14
  %33 = tail call contract double @__nv_log(double noundef %13) #5
  %34 = getelementptr inbounds double, double* %16, i64 7
  store double %33, double* %34, align 8, !tbaa !14
  %35 = tail call contract double @__nv_log2(double noundef %13) #5
  %36 = getelementptr inbounds double, double* %16, i64 8
  store double %35, double* %36, align 8, !tbaa !14
  %37 = tail call contract double @__nv_log10(double noundef %13) #5
  %38 = getelementptr inbounds double, double* %16, i64 9
  store double %37, double* %38, align 8, !tbaa !14
  %39 = tail call contract double @__nv_log1p(double noundef %13) #5
  %40 = getelementptr inbounds double, double* %16, i64 10
  store double %39, double* %40, align 8, !tbaa !14
  %41 = tail call contract double @__nv_pow(double noundef %13, double noundef 1.370000e+00) #5
  %42 = getelementptr inbounds double, double* %16, i64 11
  store double %41, double* %42, align 8, !tbaa !14
  %43 = tail call contract double @__nv_atan2(double noundef %13, double noundef 0x3FE6666666666666) #5
  %44 = getelementptr inbounds double, double* %16, i64 12
  store double %43, double* %44, align 8, !tbaa !14
  %45 = fmul contract double %13, 1.562500e-02
  %46 = tail call contract double @__nv_asin(double noundef %45) #5
  %47 = getelementptr inbounds double, double* %16, i64 13
  store double %46, double* %47, align 8, !tbaa !14
  %48 = tail call contract double @__nv_acos(double noundef %45) #5
  %49 = getelementptr inbounds double, double* %16, i64 14
  store double %48, double* %49, align 8, !tbaa !14
  %50 = tail call contract double @__nv_atan(double noundef %13) #5
  %51 = getelementptr inbounds double, double* %16, i64 15
  store double %50, double* %51, align 8, !tbaa !14
  %52 = tail call contract double @__nv_sinh(double noundef %28) #5
  %53 = getelementptr inbounds double, double* %16, i64 16
  store double %52, double* %53, align 8, !tbaa !14
  %54 = tail call contract double @__nv_cosh(double noundef %28) #5
  %55 = getelementptr inbounds double, double* %16, i64 17
  store double %54, double* %55, align 8, !tbaa !14
  %56 = tail call contract double @__nv_tanh(double noundef %28) #5
  %57 = getelementptr inbounds double, double* %16, i64 18
  store double %56, double* %57, align 8, !tbaa !14
  %58 = tail call contract double @__nv_cbrt(double noundef %13) #5
  %59 = getelementptr inbounds double, double* %16, i64 19
  store double %58, double* %59, align 8, !tbaa !14
  %60 = tail call contract double @__nv_erf(double noundef %28) #5
  %61 = getelementptr inbounds double, double* %16, i64 20
  store double %60, double* %61, align 8, !tbaa !14
  %62 = tail call contract double @__nv_erfc(double noundef %28) #5
  %63 = getelementptr inbounds double, double* %16, i64 21
  store double %62, double* %63, align 8, !tbaa !14
  %64 = tail call contract double @__nv_lgamma(double noundef %13) #5
  %65 = getelementptr inbounds double, double* %16, i64 22
  store double %64, double* %65, align 8, !tbaa !14
  %66 = fmul contract double %13, 5.000000e-01
  %67 = tail call contract double @__nv_tgamma(double noundef %66) #5
  %68 = getelementptr inbounds double, double* %16, i64 23
  store double %67, double* %68, align 8, !tbaa !14
  %69 = tail call contract double @__nv_hypot(double noundef %13, double noundef 1.500000e+00) #5
  %70 = getelementptr inbounds double, double* %16, i64 24
  store double %69, double* %70, align 8, !tbaa !14
  %71 = tail call contract double @__nv_fmod(double noundef %13, double noundef 1.300000e+00) #5
  %72 = getelementptr inbounds double, double* %16, i64 25
  store double %71, double* %72, align 8, !tbaa !14
  %73 = tail call contract double @__nv_rsqrt(double noundef %13) #5
  %74 = getelementptr inbounds double, double* %16, i64 26
  store double %73, double* %74, align 8, !tbaa !14
  %75 = tail call contract double @__nv_rcbrt(double noundef %13) #5
  %76 = getelementptr inbounds double, double* %16, i64 27
  store double %75, double* %76, align 8, !tbaa !14
  %77 = tail call contract double @__nv_sinpi(double noundef %13) #5
  %78 = getelementptr inbounds double, double* %16, i64 28
  store double %77, double* %78, align 8, !tbaa !14
  %79 = tail call contract double @__nv_cospi(double noundef %13) #5
  %80 = getelementptr inbounds double, double* %16, i64 29
  store double %79, double* %80, align 8, !tbaa !14
  %81 = tail call contract double @__nv_dadd_rn(double noundef %13, double noundef 1.000000e-01) #5
  %82 = getelementptr inbounds double, double* %16, i64 30
  store double %81, double* %82, align 8, !tbaa !14
  %83 = tail call contract double @__nv_ddiv_rn(double noundef %13, double noundef 3.700000e+00) #5
  %84 = getelementptr inbounds double, double* %16, i64 31
  store double %83, double* %84, align 8, !tbaa !14
  %85 = tail call contract double @__nv_drcp_rn(double noundef %13) #5
  %86 = getelementptr inbounds double, double* %16, i64 32
  store double %85, double* %86, align 8, !tbaa !14
  %87 = tail call contract double @__nv_dsqrt_rn(double noundef %13) #5
  %88 = getelementptr inbounds double, double* %16, i64 33
  store double %87, double* %88, align 8, !tbaa !14
  %89 = tail call contract double @__nv_fma_rn(double noundef %13, double noundef 1.100000e+00, double noundef -3.000000e-01) #5
  %90 = getelementptr inbounds double, double* %16, i64 34
  store double %89, double* %90, align 8, !tbaa !14
  %91 = tail call contract double @__nv_powi(double noundef %13, i32 noundef 3) #5
  %92 = getelementptr inbounds double, double* %16, i64 35
  store double %91, double* %92, align 8, !tbaa !14
  %93 = getelementptr inbounds double, double* %16, i64 36
  %94 = getelementptr inbounds double, double* %16, i64 37
  tail call void @__nv_sincos(double noundef %13, double* noundef nonnull %93, double* noundef nonnull %94) #5
  %95 = getelementptr inbounds double, double* %16, i64 38
  %96 = getelementptr inbounds double, double* %16, i64 39
  tail call void @__nv_sincospi(double noundef %13, double* noundef nonnull %95, double* noundef nonnull %96) #5
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
declare dso_local void @__nv_sincos(double noundef, double* noundef, double* noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincospi(double noundef, double* noundef, double* noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @nv_integers(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i64* noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %7 = mul i32 %5, %6
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %3
  br i1 %10, label %11, label %113

11:                                               ; preds = %4
  %12 = sext i32 %9 to i64
  %13 = getelementptr inbounds i32, i32* %0, i64 %12
  %14 = load i32, i32* %13, align 4, !tbaa !12
  %15 = getelementptr inbounds i32, i32* %1, i64 %12
  %16 = load i32, i32* %15, align 4, !tbaa !12
  %17 = zext i32 %14 to i64
  %18 = shl nuw i64 %17, 32
  %19 = zext i32 %16 to i64
  %20 = or i64 %18, %19
  %21 = sext i32 %16 to i64
  %22 = shl nsw i64 %21, 29
  %23 = xor i64 %22, %17
  %24 = mul nsw i32 %9, 30
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds i64, i64* %2, i64 %25
  %27 = tail call i32 @__nv_popc(i32 noundef %14) #5
  %28 = sext i32 %27 to i64
  store i64 %28, i64* %26, align 8, !tbaa !16
  %29 = tail call i32 @__nv_clz(i32 noundef %14) #5
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds i64, i64* %26, i64 1
  store i64 %30, i64* %31, align 8, !tbaa !16
  %32 = tail call i32 @__nv_ffs(i32 noundef %14) #5
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds i64, i64* %26, i64 2
  store i64 %33, i64* %34, align 8, !tbaa !16
  %35 = tail call i32 @__nv_brev(i32 noundef %14) #5
  %36 = zext i32 %35 to i64
  %37 = getelementptr inbounds i64, i64* %26, i64 3
  store i64 %36, i64* %37, align 8, !tbaa !16
  %38 = tail call i32 @__nv_mulhi(i32 noundef %14, i32 noundef %16) #5
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds i64, i64* %26, i64 4
  store i64 %39, i64* %40, align 8, !tbaa !16
  %41 = tail call i32 @__nv_umulhi(i32 noundef %14, i32 noundef %16) #5
  %42 = zext i32 %41 to i64
  %43 = getelementptr inbounds i64, i64* %26, i64 5
  store i64 %42, i64* %43, align 8, !tbaa !16
  %44 = tail call i32 @__nv_mul24(i32 noundef %14, i32 noundef %16) #5
  %45 = sext i32 %44 to i64
  %46 = getelementptr inbounds i64, i64* %26, i64 6
  store i64 %45, i64* %46, align 8, !tbaa !16
  %47 = tail call i32 @__nv_umul24(i32 noundef %14, i32 noundef %16) #5
  %48 = zext i32 %47 to i64
  %49 = getelementptr inbounds i64, i64* %26, i64 7
  store i64 %48, i64* %49, align 8, !tbaa !16
  %50 = tail call i32 @__nv_sad(i32 noundef %14, i32 noundef %16, i32 noundef 7) #5
  %51 = zext i32 %50 to i64
  %52 = getelementptr inbounds i64, i64* %26, i64 8
  store i64 %51, i64* %52, align 8, !tbaa !16
  %53 = tail call i32 @__nv_usad(i32 noundef %14, i32 noundef %16, i32 noundef 7) #5
  %54 = zext i32 %53 to i64
  %55 = getelementptr inbounds i64, i64* %26, i64 9
  store i64 %54, i64* %55, align 8, !tbaa !16
  %56 = and i32 %16, 30583
  %57 = tail call i32 @__nv_byte_perm(i32 noundef %14, i32 noundef %16, i32 noundef %56) #5
  %58 = zext i32 %57 to i64
  %59 = getelementptr inbounds i64, i64* %26, i64 10
  store i64 %58, i64* %59, align 8, !tbaa !16
  %60 = tail call i32 @__nv_abs(i32 noundef %14) #5
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds i64, i64* %26, i64 11
  store i64 %61, i64* %62, align 8, !tbaa !16
  %63 = tail call i32 @__nv_min(i32 noundef %14, i32 noundef %16) #5
  %64 = sext i32 %63 to i64
  %65 = getelementptr inbounds i64, i64* %26, i64 12
  store i64 %64, i64* %65, align 8, !tbaa !16
  %66 = tail call i32 @__nv_max(i32 noundef %14, i32 noundef %16) #5
  %67 = sext i32 %66 to i64
  %68 = getelementptr inbounds i64, i64* %26, i64 13
  store i64 %67, i64* %68, align 8, !tbaa !16
  %69 = tail call i32 @__nv_umin(i32 noundef %14, i32 noundef %16) #5
  %70 = zext i32 %69 to i64
  %71 = getelementptr inbounds i64, i64* %26, i64 14
  store i64 %70, i64* %71, align 8, !tbaa !16
  %72 = tail call i32 @__nv_umax(i32 noundef %14, i32 noundef %16) #5
  %73 = zext i32 %72 to i64
  %74 = getelementptr inbounds i64, i64* %26, i64 15
  store i64 %73, i64* %74, align 8, !tbaa !16
  %75 = tail call i32 @__nv_hadd(i32 noundef %14, i32 noundef %16) #5
  %76 = sext i32 %75 to i64
  %77 = getelementptr inbounds i64, i64* %26, i64 16
  store i64 %76, i64* %77, align 8, !tbaa !16
  %78 = tail call i32 @__nv_rhadd(i32 noundef %14, i32 noundef %16) #5
  %79 = sext i32 %78 to i64
  %80 = getelementptr inbounds i64, i64* %26, i64 17
  store i64 %79, i64* %80, align 8, !tbaa !16
  %81 = tail call i32 @__nv_uhadd(i32 noundef %14, i32 noundef %16) #5
  %82 = zext i32 %81 to i64
  %83 = getelementptr inbounds i64, i64* %26, i64 18
  store i64 %82, i64* %83, align 8, !tbaa !16
  %84 = tail call i32 @__nv_urhadd(i32 noundef %14, i32 noundef %16) #5
  %85 = zext i32 %84 to i64
  %86 = getelementptr inbounds i64, i64* %26, i64 19
  store i64 %85, i64* %86, align 8, !tbaa !16
  %87 = tail call i32 @__nv_popcll(i64 noundef %20) #5
  %88 = sext i32 %87 to i64
  %89 = getelementptr inbounds i64, i64* %26, i64 20
  store i64 %88, i64* %89, align 8, !tbaa !16
  %90 = tail call i32 @__nv_clzll(i64 noundef %20) #5
  %91 = sext i32 %90 to i64
  %92 = getelementptr inbounds i64, i64* %26, i64 21
  store i64 %91, i64* %92, align 8, !tbaa !16
  %93 = tail call i32 @__nv_ffsll(i64 noundef %20) #5
  %94 = sext i32 %93 to i64
  %95 = getelementptr inbounds i64, i64* %26, i64 22
  store i64 %94, i64* %95, align 8, !tbaa !16
  %96 = tail call i64 @__nv_brevll(i64 noundef %20) #5
  %97 = getelementptr inbounds i64, i64* %26, i64 23
  store i64 %96, i64* %97, align 8, !tbaa !16
  %98 = tail call i64 @__nv_mul64hi(i64 noundef %20, i64 noundef %23) #5
  %99 = getelementptr inbounds i64, i64* %26, i64 24
  store i64 %98, i64* %99, align 8, !tbaa !16
  %100 = tail call i64 @__nv_umul64hi(i64 noundef %20, i64 noundef %23) #5
  %101 = getelementptr inbounds i64, i64* %26, i64 25
  store i64 %100, i64* %101, align 8, !tbaa !16
  %102 = tail call i64 @__nv_llabs(i64 noundef %20) #5
  %103 = getelementptr inbounds i64, i64* %26, i64 26
  store i64 %102, i64* %103, align 8, !tbaa !16
  %104 = tail call i64 @__nv_llmin(i64 noundef %20, i64 noundef %23) #5
  %105 = getelementptr inbounds i64, i64* %26, i64 27
  store i64 %104, i64* %105, align 8, !tbaa !16
  %106 = tail call i64 @__nv_ullmax(i64 noundef %20, i64 noundef %23) #5
  %107 = getelementptr inbounds i64, i64* %26, i64 28
  store i64 %106, i64* %107, align 8, !tbaa !16
  %108 = and i32 %16, 17476
  %109 = or i32 %108, 12816
  %110 = tail call i32 @__nv_byte_perm(i32 noundef %14, i32 noundef %16, i32 noundef %109) #5
  %111 = zext i32 %110 to i64
  %112 = getelementptr inbounds i64, i64* %26, i64 29
  store i64 %111, i64* %112, align 8, !tbaa !16
  br label %113

113:                                              ; preds = %4, %11
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

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @nv_conversions(float* nocapture noundef readonly %0, double* nocapture noundef readonly %1, i64* noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %7 = mul i32 %5, %6
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %3
  br i1 %10, label %11, label %127

11:                                               ; preds = %4
  %12 = sext i32 %9 to i64
  %13 = getelementptr inbounds float, float* %0, i64 %12
  %14 = load float, float* %13, align 4, !tbaa !8
  %15 = getelementptr inbounds double, double* %1, i64 %12
  %16 = load double, double* %15, align 8, !tbaa !14
  %17 = mul nsw i32 %9, 30
  %18 = sext i32 %17 to i64
  %19 = getelementptr inbounds i64, i64* %2, i64 %18
  %20 = tail call i32 @__nv_float2int_rn(float noundef %14) #5
  %21 = sext i32 %20 to i64
  store i64 %21, i64* %19, align 8, !tbaa !16
  %22 = tail call i32 @__nv_float2int_rz(float noundef %14) #5
  %23 = sext i32 %22 to i64
  %24 = getelementptr inbounds i64, i64* %19, i64 1
  store i64 %23, i64* %24, align 8, !tbaa !16
  %25 = tail call i32 @__nv_float2int_ru(float noundef %14) #5
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds i64, i64* %19, i64 2
  store i64 %26, i64* %27, align 8, !tbaa !16
  %28 = tail call i32 @__nv_float2int_rd(float noundef %14) #5
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds i64, i64* %19, i64 3
  store i64 %29, i64* %30, align 8, !tbaa !16
  %31 = tail call i32 @__nv_float2uint_rn(float noundef %14) #5
  %32 = zext i32 %31 to i64
  %33 = getelementptr inbounds i64, i64* %19, i64 4
  store i64 %32, i64* %33, align 8, !tbaa !16
  %34 = tail call i64 @__nv_float2ll_rn(float noundef %14) #5
  %35 = getelementptr inbounds i64, i64* %19, i64 5
  store i64 %34, i64* %35, align 8, !tbaa !16
  %36 = tail call i64 @__nv_float2ull_rz(float noundef %14) #5
  %37 = getelementptr inbounds i64, i64* %19, i64 6
  store i64 %36, i64* %37, align 8, !tbaa !16
  %38 = tail call i32 @__nv_double2int_rn(double noundef %16) #5
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds i64, i64* %19, i64 7
  store i64 %39, i64* %40, align 8, !tbaa !16
  %41 = tail call i32 @__nv_double2int_rd(double noundef %16) #5
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds i64, i64* %19, i64 8
  store i64 %42, i64* %43, align 8, !tbaa !16
  %44 = tail call i64 @__nv_double2ll_ru(double noundef %16) #5
  %45 = getelementptr inbounds i64, i64* %19, i64 9
  store i64 %44, i64* %45, align 8, !tbaa !16
  %46 = tail call i64 @__nv_double2ll_rz(double noundef %16) #5
  %47 = getelementptr inbounds i64, i64* %19, i64 10
  store i64 %46, i64* %47, align 8, !tbaa !16
  %48 = tail call i32 @__nv_double2uint_rn(double noundef %16) #5
  %49 = zext i32 %48 to i64
  %50 = getelementptr inbounds i64, i64* %19, i64 11
  store i64 %49, i64* %50, align 8, !tbaa !16
  %51 = tail call i32 @__nv_float_as_int(float noundef %14) #5
  %52 = sext i32 %51 to i64
  %53 = getelementptr inbounds i64, i64* %19, i64 12
  store i64 %52, i64* %53, align 8, !tbaa !16
  %54 = tail call i32 @__nv_float_as_int(float noundef %14) #5
  %55 = xor i32 %54, -2147483648
  %56 = tail call contract float @__nv_int_as_float(i32 noundef %55) #5
  %57 = tail call i32 @__nv_float_as_int(float noundef %56) #5
  %58 = sext i32 %57 to i64
  %59 = getelementptr inbounds i64, i64* %19, i64 13
  store i64 %58, i64* %59, align 8, !tbaa !16
  %60 = tail call i32 @__nv_double2hiint(double noundef %16) #5
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds i64, i64* %19, i64 14
  store i64 %61, i64* %62, align 8, !tbaa !16
  %63 = tail call i32 @__nv_double2loint(double noundef %16) #5
  %64 = zext i32 %63 to i64
  %65 = getelementptr inbounds i64, i64* %19, i64 15
  store i64 %64, i64* %65, align 8, !tbaa !16
  %66 = tail call i32 @__nv_double2hiint(double noundef %16) #5
  %67 = tail call i32 @__nv_double2loint(double noundef %16) #5
  %68 = tail call contract double @__nv_hiloint2double(i32 noundef %66, i32 noundef %67) #5
  %69 = tail call i64 @__nv_double_as_longlong(double noundef %68) #5
  %70 = getelementptr inbounds i64, i64* %19, i64 16
  store i64 %69, i64* %70, align 8, !tbaa !16
  %71 = tail call i64 @__nv_double_as_longlong(double noundef %16) #5
  %72 = add nsw i64 %71, 1
  %73 = tail call contract double @__nv_longlong_as_double(i64 noundef %72) #5
  %74 = tail call i64 @__nv_double_as_longlong(double noundef %73) #5
  %75 = getelementptr inbounds i64, i64* %19, i64 17
  store i64 %74, i64* %75, align 8, !tbaa !16
  %76 = tail call i32 @__nv_float2int_rz(float noundef %14) #5
  %77 = or i32 %76, 16777217
  %78 = tail call contract float @__nv_int2float_rn(i32 noundef %77) #5
  %79 = tail call i32 @__nv_float_as_int(float noundef %78) #5
  %80 = sext i32 %79 to i64
  %81 = getelementptr inbounds i64, i64* %19, i64 18
  store i64 %80, i64* %81, align 8, !tbaa !16
  %82 = tail call i64 @__nv_double2ll_rz(double noundef %16) #5
  %83 = or i64 %82, 9007199254740993
  %84 = tail call contract double @__nv_ll2double_rn(i64 noundef %83) #5
  %85 = tail call i64 @__nv_double_as_longlong(double noundef %84) #5
  %86 = getelementptr inbounds i64, i64* %19, i64 19
  store i64 %85, i64* %86, align 8, !tbaa !16
  %87 = tail call contract float @__nv_double2float_rn(double noundef %16) #5
  %88 = tail call i32 @__nv_float_as_int(float noundef %87) #5
  %89 = sext i32 %88 to i64
  %90 = getelementptr inbounds i64, i64* %19, i64 20
  store i64 %89, i64* %90, align 8, !tbaa !16
  %91 = tail call i32 @__nv_isnanf(float noundef %14) #5
  %92 = icmp ne i32 %91, 0
  %93 = zext i1 %92 to i64
  %94 = getelementptr inbounds i64, i64* %19, i64 21
  store i64 %93, i64* %94, align 8, !tbaa !16
  %95 = tail call i32 @__nv_isinff(float noundef %14) #5
  %96 = icmp ne i32 %95, 0
  %97 = zext i1 %96 to i64
  %98 = getelementptr inbounds i64, i64* %19, i64 22
  store i64 %97, i64* %98, align 8, !tbaa !16
  %99 = tail call i32 @__nv_finitef(float noundef %14) #5
  %100 = icmp ne i32 %99, 0
  %101 = zext i1 %100 to i64
  %102 = getelementptr inbounds i64, i64* %19, i64 23
  store i64 %101, i64* %102, align 8, !tbaa !16
  %103 = tail call i32 @__nv_signbitf(float noundef %14) #5
  %104 = icmp ne i32 %103, 0
  %105 = zext i1 %104 to i64
  %106 = getelementptr inbounds i64, i64* %19, i64 24
  store i64 %105, i64* %106, align 8, !tbaa !16
  %107 = tail call i32 @__nv_isnand(double noundef %16) #5
  %108 = icmp ne i32 %107, 0
  %109 = zext i1 %108 to i64
  %110 = getelementptr inbounds i64, i64* %19, i64 25
  store i64 %109, i64* %110, align 8, !tbaa !16
  %111 = tail call i32 @__nv_isinfd(double noundef %16) #5
  %112 = icmp ne i32 %111, 0
  %113 = zext i1 %112 to i64
  %114 = getelementptr inbounds i64, i64* %19, i64 26
  store i64 %113, i64* %114, align 8, !tbaa !16
  %115 = tail call i32 @__nv_isfinited(double noundef %16) #5
  %116 = icmp ne i32 %115, 0
  %117 = zext i1 %116 to i64
  %118 = getelementptr inbounds i64, i64* %19, i64 27
  store i64 %117, i64* %118, align 8, !tbaa !16
  %119 = tail call i32 @__nv_signbitd(double noundef %16) #5
  %120 = icmp ne i32 %119, 0
  %121 = zext i1 %120 to i64
  %122 = getelementptr inbounds i64, i64* %19, i64 28
  store i64 %121, i64* %122, align 8, !tbaa !16
  %123 = fmul contract float %14, 5.000000e-01
  %124 = tail call i32 @__nv_float2int_rn(float noundef %123) #5
  %125 = sext i32 %124 to i64
  %126 = getelementptr inbounds i64, i64* %19, i64 29
  store i64 %125, i64* %126, align 8, !tbaa !16
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

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind }

!nvvm.annotations = !{!0, !1, !2, !3}
!llvm.module.flags = !{!4, !5, !6}
!llvm.ident = !{!7}

!0 = !{void (float*, float*, i32)* @nv_float_math, !"kernel", i32 1}
!1 = !{void (double*, double*, i32)* @nv_double_math, !"kernel", i32 1}
!2 = !{void (i32*, i32*, i64*, i32)* @nv_integers, !"kernel", i32 1}
!3 = !{void (float*, double*, i64*, i32)* @nv_conversions, !"kernel", i32 1}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 14.0.6"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !10, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !10, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"long long", !10, i64 0}
