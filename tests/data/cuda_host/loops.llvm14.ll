; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S loops.cu -o loops.llvm14.ll
; ModuleID = 'loops.cu'
source_filename = "loops.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @gemv_columns(i32 noundef %0, float* nocapture noundef readonly %1, float* nocapture noundef readonly %2, float* nocapture noundef writeonly %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2
  %7 = mul i32 %5, %6
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2
  %9 = add i32 %7, %8
  %10 = icmp ult i32 %9, %0
  br i1 %10, label %11, label %64

11:                                               ; preds = %4
  %12 = and i32 %0, 1
  %13 = icmp eq i32 %0, 1
  br i1 %13, label %16, label %14

14:                                               ; preds = %11
  %15 = and i32 %0, -2
  br label %36

16:                                               ; preds = %36, %11
  %17 = phi float [ undef, %11 ], [ %60, %36 ]
  %18 = phi i32 [ 0, %11 ], [ %61, %36 ]
  %19 = phi float [ 0.000000e+00, %11 ], [ %60, %36 ]
  %20 = icmp eq i32 %12, 0
  br i1 %20, label %32, label %21

21:                                               ; preds = %16
  %22 = mul i32 %18, %0
  %23 = add i32 %22, %9
  %24 = zext i32 %23 to i64
  %25 = getelementptr inbounds float, float* %1, i64 %24
  %26 = load float, float* %25, align 4, !tbaa !5
  %27 = zext i32 %18 to i64
  %28 = getelementptr inbounds float, float* %2, i64 %27
  %29 = load float, float* %28, align 4, !tbaa !5
  %30 = fmul contract float %26, %29
  %31 = fadd contract float %19, %30
  br label %32

32:                                               ; preds = %16, %21
  %33 = phi float [ %17, %16 ], [ %31, %21 ]
  %34 = zext i32 %9 to i64
  %35 = getelementptr inbounds float, float* %3, i64 %34
  store float %33, float* %35, align 4, !tbaa !5
  br label %64

36:                                               ; preds = %36, %14
  %37 = phi i32 [ 0, %14 ], [ %61, %36 ]
  %38 = phi float [ 0.000000e+00, %14 ], [ %60, %36 ]
  %39 = phi i32 [ 0, %14 ], [ %62, %36 ]
  %40 = mul i32 %37, %0
  %41 = add i32 %40, %9
  %42 = zext i32 %41 to i64
  %43 = getelementptr inbounds float, float* %1, i64 %42
  %44 = load float, float* %43, align 4, !tbaa !5
  %45 = zext i32 %37 to i64
  %46 = getelementptr inbounds float, float* %2, i64 %45
  %47 = load float, float* %46, align 4, !tbaa !5
  %48 = fmul contract float %44, %47
  %49 = fadd contract float %38, %48
  %50 = or i32 %37, 1
  %51 = mul i32 %50, %0
  %52 = add i32 %51, %9
  %53 = zext i32 %52 to i64
  %54 = getelementptr inbounds float, float* %1, i64 %53
  %55 = load float, float* %54, align 4, !tbaa !5
  %56 = zext i32 %50 to i64
  %57 = getelementptr inbounds float, float* %2, i64 %56
  %58 = load float, float* %57, align 4, !tbaa !5
  %59 = fmul contract float %55, %58
  %60 = fadd contract float %49, %59
  %61 = add nuw i32 %37, 2
  %62 = add i32 %39, 2
  %63 = icmp eq i32 %62, %15
  br i1 %63, label %16, label %36, !llvm.loop !9

64:                                               ; preds = %32, %4
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { nofree nosync nounwind readnone speculatable }
attributes #2 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (i32, float*, float*, float*)* @gemv_columns, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
