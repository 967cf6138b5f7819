; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S math.cu -o math.llvm14.ll
; ModuleID = 'math.cu'
source_filename = "math.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Particles = type { float*, float*, float*, float*, float* }

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @particles_step(%struct.Particles* nocapture noundef readonly byval(%struct.Particles) align 8 %0, float noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = alloca float, align 4
  %5 = alloca float, align 4
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %8 = mul i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %2
  br i1 %11, label %12, label %65

12:                                               ; preds = %3
  %13 = getelementptr inbounds %struct.Particles, %struct.Particles* %0, i64 0, i32 0
  %14 = load float*, float** %13, align 8, !tbaa !8
  %15 = sext i32 %10 to i64
  %16 = getelementptr inbounds float, float* %14, i64 %15
  %17 = load float, float* %16, align 4, !tbaa !13
  %18 = getelementptr inbounds %struct.Particles, %struct.Particles* %0, i64 0, i32 1
  %19 = load float*, float** %18, align 8, !tbaa !15
  %20 = getelementptr inbounds float, float* %19, i64 %15
  %21 = load float, float* %20, align 4, !tbaa !13
  %22 = fmul contract float %17, %17
  %23 = fmul contract float %21, %21
  %24 = fadd contract float %22, %23
  %25 = fadd contract float %24, 1.000000e+00
  %26 = tail call contract float @__nv_sqrtf(float noundef %25) #5
  %27 = fmul contract float %26, -2.500000e-01
  %28 = tail call contract float @__nv_expf(float noundef %27) #5
  %29 = tail call contract float @__nv_powf(float noundef %26, float noundef -1.500000e+00) #5
  %30 = fmul contract float %28, %29
  %31 = bitcast float* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %31) #4
  %32 = bitcast float* %5 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %32) #4
  %33 = getelementptr inbounds %struct.Particles, %struct.Particles* %0, i64 0, i32 4
  %34 = load float*, float** %33, align 8, !tbaa !16
  %35 = getelementptr inbounds float, float* %34, i64 %15
  %36 = load float, float* %35, align 4, !tbaa !13
  call void @__nv_sincosf(float noundef %36, float* noundef nonnull %4, float* noundef nonnull %5) #5
  %37 = getelementptr inbounds %struct.Particles, %struct.Particles* %0, i64 0, i32 2
  %38 = load float*, float** %37, align 8, !tbaa !17
  %39 = getelementptr inbounds float, float* %38, i64 %15
  %40 = load float, float* %39, align 4, !tbaa !13
  %41 = load float, float* %5, align 4, !tbaa !13
  %42 = fmul contract float %30, %41
  %43 = fmul contract float %42, %1
  %44 = fadd contract float %40, %43
  %45 = getelementptr inbounds %struct.Particles, %struct.Particles* %0, i64 0, i32 3
  %46 = load float*, float** %45, align 8, !tbaa !18
  %47 = getelementptr inbounds float, float* %46, i64 %15
  %48 = load float, float* %47, align 4, !tbaa !13
  %49 = load float, float* %4, align 4, !tbaa !13
  %50 = fmul contract float %30, %49
  %51 = fmul contract float %50, %1
  %52 = fadd contract float %48, %51
  store float %44, float* %39, align 4, !tbaa !13
  store float %52, float* %47, align 4, !tbaa !13
  %53 = call contract float @__nv_fabsf(float noundef %44) #5
  %54 = call contract float @__nv_fabsf(float noundef %52) #5
  %55 = fadd contract float %53, %54
  %56 = fadd contract float %55, 1.000000e+00
  %57 = call contract float @__nv_logf(float noundef %56) #5
  %58 = fmul contract float %57, %1
  %59 = load float, float* %35, align 4, !tbaa !13
  %60 = fadd contract float %59, %58
  store float %60, float* %35, align 4, !tbaa !13
  %61 = fmul contract float %44, %1
  %62 = fadd contract float %17, %61
  store float %62, float* %16, align 4, !tbaa !13
  %63 = fmul contract float %52, %1
  %64 = fadd contract float %21, %63
  store float %64, float* %20, align 4, !tbaa !13
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %32) #4
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %31) #4
  br label %65

65:                                               ; preds = %3, %12
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @float_functions(float* nocapture noundef readonly %0, float* noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %32

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds float, float* %0, i64 %11
  %13 = load float, float* %12, align 4, !tbaa !13
  %14 = shl nsw i32 %8, 3
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds float, float* %1, i64 %15
  %17 = tail call contract float @__nv_sqrtf(float noundef %13) #5
  store float %17, float* %16, align 4, !tbaa !13
  %18 = fmul contract float %13, 1.250000e-01
  %19 = tail call contract float @__nv_expf(float noundef %18) #5
  %20 = getelementptr inbounds float, float* %16, i64 1
  store float %19, float* %20, align 4, !tbaa !13
  %21 = tail call contract float @__nv_logf(float noundef %13) #5
  %22 = getelementptr inbounds float, float* %16, i64 2
  store float %21, float* %22, align 4, !tbaa !13
  %23 = tail call contract float @__nv_powf(float noundef %13, float noundef 0x3FF5EB8520000000) #5
  %24 = getelementptr inbounds float, float* %16, i64 3
  store float %23, float* %24, align 4, !tbaa !13
  %25 = tail call contract float @__nv_sinf(float noundef %13) #5
  %26 = getelementptr inbounds float, float* %16, i64 4
  store float %25, float* %26, align 4, !tbaa !13
  %27 = tail call contract float @__nv_cosf(float noundef %13) #5
  %28 = getelementptr inbounds float, float* %16, i64 5
  store float %27, float* %28, align 4, !tbaa !13
  %29 = fmul contract float %13, 5.000000e-01
  %30 = getelementptr inbounds float, float* %16, i64 6
  %31 = getelementptr inbounds float, float* %16, i64 7
  tail call void @__nv_sincosf(float noundef %29, float* noundef nonnull %30, float* noundef nonnull %31) #5
  br label %32

32:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @double_functions(double* nocapture noundef readonly %0, double* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %29

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds double, double* %0, i64 %11
  %13 = load double, double* %12, align 8, !tbaa !19
  %14 = mul nsw i32 %8, 6
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds double, double* %1, i64 %15
  %17 = tail call contract double @__nv_sqrt(double noundef %13) #5
  store double %17, double* %16, align 8, !tbaa !19
  %18 = fmul contract double %13, 1.250000e-01
  %19 = tail call contract double @__nv_exp(double noundef %18) #5
  %20 = getelementptr inbounds double, double* %16, i64 1
  store double %19, double* %20, align 8, !tbaa !19
  %21 = tail call contract double @__nv_log(double noundef %13) #5
  %22 = getelementptr inbounds double, double* %16, i64 2
  store double %21, double* %22, align 8, !tbaa !19
  %23 = tail call contract double @__nv_pow(double noundef %13, double noundef 1.370000e+00) #5
  %24 = getelementptr inbounds double, double* %16, i64 3
  store double %23, double* %24, align 8, !tbaa !19
  %25 = tail call contract double @__nv_sin(double noundef %13) #5
  %26 = getelementptr inbounds double, double* %16, i64 4
  store double %25, double* %26, align 8, !tbaa !19
  %27 = tail call contract double @__nv_cos(double noundef %13) #5
  %28 = getelementptr inbounds double, double* %16, i64 5
  store double %27, double* %28, align 8, !tbaa !19
  br label %29

29:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @bit_tricks(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %31

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, i32* %0, i64 %11
  %13 = load i32, i32* %12, align 4, !tbaa !21
  %14 = tail call i32 @__nv_popc(i32 noundef %13) #5
  %15 = shl nsw i32 %8, 2
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, i32* %1, i64 %16
  store i32 %14, i32* %17, align 4, !tbaa !21
  %18 = tail call i32 @__nv_clz(i32 noundef %13) #5
  %19 = or i32 %15, 1
  %20 = sext i32 %19 to i64
  %21 = getelementptr inbounds i32, i32* %1, i64 %20
  store i32 %18, i32* %21, align 4, !tbaa !21
  %22 = tail call i32 @__nv_brev(i32 noundef %13) #5
  %23 = or i32 %15, 2
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds i32, i32* %1, i64 %24
  store i32 %22, i32* %25, align 4, !tbaa !21
  %26 = lshr i32 %13, 24
  %27 = tail call i32 @__nv_mul24(i32 noundef %13, i32 noundef %26) #5
  %28 = or i32 %15, 3
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds i32, i32* %1, i64 %29
  store i32 %27, i32* %30, align 4, !tbaa !21
  br label %31

31:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sqrtf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_powf(float noundef, float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincosf(float noundef, float* noundef, float* noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_logf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fabsf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sinf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_cosf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local double @__nv_sqrt(double noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local double @__nv_exp(double noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local double @__nv_log(double noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local double @__nv_pow(double noundef, double noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local double @__nv_sin(double noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local double @__nv_cos(double noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_popc(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_clz(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_brev(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_mul24(i32 noundef, i32 noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind }

!nvvm.annotations = !{!0, !1, !2, !3}
!llvm.module.flags = !{!4, !5, !6}
!llvm.ident = !{!7}

!0 = !{void (%struct.Particles*, float, i32)* @particles_step, !"kernel", i32 1}
!1 = !{void (float*, float*, i32)* @float_functions, !"kernel", i32 1}
!2 = !{void (double*, double*, i32)* @double_functions, !"kernel", i32 1}
!3 = !{void (i32*, i32*, i32)* @bit_tricks, !"kernel", i32 1}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 14.0.6"}
!8 = !{!9, !10, i64 0}
!9 = !{!"_ZTS9Particles", !10, i64 0, !10, i64 8, !10, i64 16, !10, i64 24, !10, i64 32}
!10 = !{!"any pointer", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C++ TBAA"}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !11, i64 0}
!15 = !{!9, !10, i64 8}
!16 = !{!9, !10, i64 32}
!17 = !{!9, !10, i64 16}
!18 = !{!9, !10, i64 24}
!19 = !{!20, !20, i64 0}
!20 = !{!"double", !11, i64 0}
!21 = !{!22, !22, i64 0}
!22 = !{!"int", !11, i64 0}
