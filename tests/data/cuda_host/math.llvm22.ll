; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib --cuda-feature=+ptx88 -O2 -emit-llvm -S math.cu -o math.llvm22.ll
; ModuleID = 'math.cu'
source_filename = "math.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Particles = type { ptr, ptr, ptr, ptr, ptr }

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @particles_step(ptr noundef readonly byval(%struct.Particles) align 8 captures(none) %0, float noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = alloca float, align 4
  %5 = alloca float, align 4
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %2
  br i1 %11, label %12, label %62

12:                                               ; preds = %3
  %13 = load ptr, ptr %0, align 8, !tbaa !8
  %14 = sext i32 %10 to i64
  %15 = getelementptr inbounds float, ptr %13, i64 %14
  %16 = load float, ptr %15, align 4, !tbaa !12
  %17 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %18 = load ptr, ptr %17, align 8, !tbaa !14
  %19 = getelementptr inbounds float, ptr %18, i64 %14
  %20 = load float, ptr %19, align 4, !tbaa !12
  %21 = fmul contract float %16, %16
  %22 = fmul contract float %20, %20
  %23 = fadd contract float %21, %22
  %24 = fadd contract float %23, 1.000000e+00
  %25 = tail call contract noundef float @__nv_sqrtf(float noundef %24) #4
  %26 = fmul contract float %25, -2.500000e-01
  %27 = tail call contract noundef float @__nv_expf(float noundef %26) #4
  %28 = tail call contract noundef float @__nv_powf(float noundef %25, float noundef -1.500000e+00) #4
  %29 = fmul contract float %27, %28
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #5
  call void @llvm.lifetime.start.p0(ptr nonnull %5) #5
  %30 = getelementptr inbounds nuw i8, ptr %0, i64 32
  %31 = load ptr, ptr %30, align 8, !tbaa !15
  %32 = getelementptr inbounds float, ptr %31, i64 %14
  %33 = load float, ptr %32, align 4, !tbaa !12
  call void @__nv_sincosf(float noundef %33, ptr noundef nonnull %4, ptr noundef nonnull %5) #4
  %34 = getelementptr inbounds nuw i8, ptr %0, i64 16
  %35 = load ptr, ptr %34, align 8, !tbaa !16
  %36 = getelementptr inbounds float, ptr %35, i64 %14
  %37 = load float, ptr %36, align 4, !tbaa !12
  %38 = load float, ptr %5, align 4, !tbaa !12
  %39 = fmul contract float %29, %38
  %40 = fmul contract float %1, %39
  %41 = fadd contract float %37, %40
  %42 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %43 = load ptr, ptr %42, align 8, !tbaa !17
  %44 = getelementptr inbounds float, ptr %43, i64 %14
  %45 = load float, ptr %44, align 4, !tbaa !12
  %46 = load float, ptr %4, align 4, !tbaa !12
  %47 = fmul contract float %29, %46
  %48 = fmul contract float %1, %47
  %49 = fadd contract float %45, %48
  store float %41, ptr %36, align 4, !tbaa !12
  store float %49, ptr %44, align 4, !tbaa !12
  %50 = call contract noundef float @__nv_fabsf(float noundef %41) #4
  %51 = call contract noundef float @__nv_fabsf(float noundef %49) #4
  %52 = fadd contract float %50, %51
  %53 = fadd contract float %52, 1.000000e+00
  %54 = call contract noundef float @__nv_logf(float noundef %53) #4
  %55 = fmul contract float %1, %54
  %56 = load float, ptr %32, align 4, !tbaa !12
  %57 = fadd contract float %56, %55
  store float %57, ptr %32, align 4, !tbaa !12
  %58 = fmul contract float %1, %41
  %59 = fadd contract float %16, %58
  store float %59, ptr %15, align 4, !tbaa !12
  %60 = fmul contract float %1, %49
  %61 = fadd contract float %20, %60
  store float %61, ptr %19, align 4, !tbaa !12
  call void @llvm.lifetime.end.p0(ptr nonnull %5) #5
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #5
  br label %62

62:                                               ; preds = %3, %12
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @float_functions(ptr noundef readonly captures(none) %0, ptr noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %32

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !12
  %14 = shl nsw i32 %8, 3
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds float, ptr %1, i64 %15
  %17 = tail call contract noundef float @__nv_sqrtf(float noundef %13) #4
  store float %17, ptr %16, align 4, !tbaa !12
  %18 = fmul contract float %13, 1.250000e-01
  %19 = tail call contract noundef float @__nv_expf(float noundef %18) #4
  %20 = getelementptr inbounds nuw i8, ptr %16, i64 4
  store float %19, ptr %20, align 4, !tbaa !12
  %21 = tail call contract noundef float @__nv_logf(float noundef %13) #4
  %22 = getelementptr inbounds nuw i8, ptr %16, i64 8
  store float %21, ptr %22, align 4, !tbaa !12
  %23 = tail call contract noundef float @__nv_powf(float noundef %13, float noundef 0x3FF5EB8520000000) #4
  %24 = getelementptr inbounds nuw i8, ptr %16, i64 12
  store float %23, ptr %24, align 4, !tbaa !12
  %25 = tail call contract noundef float @__nv_sinf(float noundef %13) #4
  %26 = getelementptr inbounds nuw i8, ptr %16, i64 16
  store float %25, ptr %26, align 4, !tbaa !12
  %27 = tail call contract noundef float @__nv_cosf(float noundef %13) #4
  %28 = getelementptr inbounds nuw i8, ptr %16, i64 20
  store float %27, ptr %28, align 4, !tbaa !12
  %29 = fmul contract float %13, 5.000000e-01
  %30 = getelementptr inbounds nuw i8, ptr %16, i64 24
  %31 = getelementptr inbounds nuw i8, ptr %16, i64 28
  tail call void @__nv_sincosf(float noundef %29, ptr noundef nonnull %30, ptr noundef nonnull %31) #4
  br label %32

32:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @double_functions(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %29

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds double, ptr %0, i64 %11
  %13 = load double, ptr %12, align 8, !tbaa !18
  %14 = mul nsw i32 %8, 6
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds double, ptr %1, i64 %15
  %17 = tail call contract noundef double @__nv_sqrt(double noundef %13) #4
  store double %17, ptr %16, align 8, !tbaa !18
  %18 = fmul contract double %13, 1.250000e-01
  %19 = tail call contract noundef double @__nv_exp(double noundef %18) #4
  %20 = getelementptr inbounds nuw i8, ptr %16, i64 8
  store double %19, ptr %20, align 8, !tbaa !18
  %21 = tail call contract noundef double @__nv_log(double noundef %13) #4
  %22 = getelementptr inbounds nuw i8, ptr %16, i64 16
  store double %21, ptr %22, align 8, !tbaa !18
  %23 = tail call contract noundef double @__nv_pow(double noundef %13, double noundef 1.370000e+00) #4
  %24 = getelementptr inbounds nuw i8, ptr %16, i64 24
  store double %23, ptr %24, align 8, !tbaa !18
  %25 = tail call contract noundef double @__nv_sin(double noundef %13) #4
  %26 = getelementptr inbounds nuw i8, ptr %16, i64 32
  store double %25, ptr %26, align 8, !tbaa !18
  %27 = tail call contract noundef double @__nv_cos(double noundef %13) #4
  %28 = getelementptr inbounds nuw i8, ptr %16, i64 40
  store double %27, ptr %28, align 8, !tbaa !18
  br label %29

29:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @bit_tricks(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %25

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !4
  %14 = tail call noundef i32 @__nv_popc(i32 noundef %13) #4
  %15 = shl nsw i32 %8, 2
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr %1, i64 %16
  store i32 %14, ptr %17, align 4, !tbaa !4
  %18 = tail call noundef i32 @__nv_clz(i32 noundef %13) #4
  %19 = getelementptr i8, ptr %17, i64 4
  store i32 %18, ptr %19, align 4, !tbaa !4
  %20 = tail call noundef i32 @__nv_brev(i32 noundef %13) #4
  %21 = getelementptr i8, ptr %17, i64 8
  store i32 %20, ptr %21, align 4, !tbaa !4
  %22 = lshr i32 %13, 24
  %23 = tail call noundef i32 @__nv_mul24(i32 noundef %13, i32 noundef range(i32 0, 256) %22) #4
  %24 = getelementptr i8, ptr %17, i64 12
  store i32 %23, ptr %24, align 4, !tbaa !4
  br label %25

25:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sqrtf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local float @__nv_powf(float noundef, float noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local void @__nv_sincosf(float noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

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

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" }
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
!8 = !{!9, !10, i64 0}
!9 = !{!"_ZTS9Particles", !10, i64 0, !10, i64 8, !10, i64 16, !10, i64 24, !10, i64 32}
!10 = !{!"p1 float", !11, i64 0}
!11 = !{!"any pointer", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"float", !6, i64 0}
!14 = !{!9, !10, i64 8}
!15 = !{!9, !10, i64 32}
!16 = !{!9, !10, i64 16}
!17 = !{!9, !10, i64 24}
!18 = !{!19, !19, i64 0}
!19 = !{!"double", !6, i64 0}
