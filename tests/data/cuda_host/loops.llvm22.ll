; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib --cuda-feature=+ptx88 -O2 -emit-llvm -S loops.cu -o loops.llvm22.ll
; ModuleID = 'loops.cu'
source_filename = "loops.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @gemv_columns(i32 noundef %0, ptr noundef readonly captures(none) %1, ptr noundef readonly captures(none) %2, ptr noundef writeonly captures(none) %3) local_unnamed_addr #0 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp ult i32 %9, %0
  br i1 %10, label %11, label %64

11:                                               ; preds = %4
  %12 = and i32 %0, 1
  %13 = icmp eq i32 %0, 1
  br i1 %13, label %18, label %14

14:                                               ; preds = %11
  %15 = and i32 %0, -2
  br label %36

16:                                               ; preds = %36
  %17 = icmp eq i32 %12, 0
  br i1 %17, label %32, label %18

18:                                               ; preds = %16, %11
  %19 = phi i32 [ 0, %11 ], [ %61, %16 ]
  %20 = phi float [ 0.000000e+00, %11 ], [ %60, %16 ]
  %21 = icmp ne i32 %12, 0
  tail call void @llvm.assume(i1 %21)
  %22 = mul i32 %19, %0
  %23 = add i32 %22, %9
  %24 = zext i32 %23 to i64
  %25 = getelementptr inbounds nuw float, ptr %1, i64 %24
  %26 = load float, ptr %25, align 4, !tbaa !8
  %27 = zext i32 %19 to i64
  %28 = getelementptr inbounds nuw float, ptr %2, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !8
  %30 = fmul contract float %26, %29
  %31 = fadd contract float %20, %30
  br label %32

32:                                               ; preds = %16, %18
  %33 = phi float [ %60, %16 ], [ %31, %18 ]
  %34 = zext i32 %9 to i64
  %35 = getelementptr inbounds nuw float, ptr %3, i64 %34
  store float %33, ptr %35, align 4, !tbaa !8
  br label %64

36:                                               ; preds = %36, %14
  %37 = phi i32 [ 0, %14 ], [ %61, %36 ]
  %38 = phi float [ 0.000000e+00, %14 ], [ %60, %36 ]
  %39 = phi i32 [ 0, %14 ], [ %62, %36 ]
  %40 = mul i32 %37, %0
  %41 = add i32 %40, %9
  %42 = zext i32 %41 to i64
  %43 = getelementptr inbounds nuw float, ptr %1, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !8
  %45 = zext i32 %37 to i64
  %46 = getelementptr inbounds nuw float, ptr %2, i64 %45
  %47 = load float, ptr %46, align 4, !tbaa !8
  %48 = fmul contract float %44, %47
  %49 = fadd contract float %38, %48
  %50 = or disjoint i32 %37, 1
  %51 = mul i32 %50, %0
  %52 = add i32 %51, %9
  %53 = zext i32 %52 to i64
  %54 = getelementptr inbounds nuw float, ptr %1, i64 %53
  %55 = load float, ptr %54, align 4, !tbaa !8
  %56 = zext i32 %50 to i64
  %57 = getelementptr inbounds nuw float, ptr %2, i64 %56
  %58 = load float, ptr %57, align 4, !tbaa !8
  %59 = fmul contract float %55, %58
  %60 = fadd contract float %49, %59
  %61 = add nuw i32 %37, 2
  %62 = add i32 %39, 2
  %63 = icmp eq i32 %62, %15
  br i1 %63, label %16, label %36, !llvm.loop !10

64:                                               ; preds = %32, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

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
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
