; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S debug.cu -o debug.llvm14.ll
; ModuleID = 'debug.cu'
source_filename = "debug.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%printf_args = type { i32, i32, i32, double, i8* }

@.str = private unnamed_addr constant [42 x i8] c"block %d thread %d value %d half %.1f %s\0A\00", align 1
@.str1 = private unnamed_addr constant [3 x i8] c"ok\00", align 1
@.str2 = private unnamed_addr constant [14 x i8] c"values[i] > 0\00", align 1
@.str3 = private unnamed_addr constant [9 x i8] c"debug.cu\00", align 1
@__PRETTY_FUNCTION__.checked_divide = private unnamed_addr constant [45 x i8] c"void checked_divide(const int *, int *, int)\00", align 1

; Function Attrs: mustprogress norecurse nounwind
define dso_local void @print_values(i32* nocapture noundef readonly %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = alloca %printf_args, align 8
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %1
  br i1 %9, label %10, label %23

10:                                               ; preds = %2
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, i32* %0, i64 %11
  %13 = load i32, i32* %12, align 4, !tbaa !6
  %14 = sitofp i32 %13 to double
  %15 = fmul contract double %14, 5.000000e-01
  %16 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 0
  store i32 %4, i32* %16, align 8
  %17 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 1
  store i32 %7, i32* %17, align 4
  %18 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 2
  store i32 %13, i32* %18, align 8
  %19 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 3
  store double %15, double* %19, align 8
  %20 = getelementptr inbounds %printf_args, %printf_args* %3, i64 0, i32 4
  store i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.str1, i64 0, i64 0), i8** %20, align 8
  %21 = bitcast %printf_args* %3 to i8*
  %22 = call i32 @vprintf(i8* getelementptr inbounds ([42 x i8], [42 x i8]* @.str, i64 0, i64 0), i8* nonnull %21) #4
  br label %23

23:                                               ; preds = %10, %2
  ret void
}

declare i32 @vprintf(i8*, i8*) local_unnamed_addr

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @checked_divide(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %19

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, i32* %0, i64 %11
  %13 = load i32, i32* %12, align 4, !tbaa !6
  %14 = icmp sgt i32 %13, 0
  br i1 %14, label %16, label %15

15:                                               ; preds = %10
  tail call void @__assertfail(i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str2, i64 0, i64 0), i8* noundef getelementptr inbounds ([9 x i8], [9 x i8]* @.str3, i64 0, i64 0), i32 noundef 16, i8* noundef getelementptr inbounds ([45 x i8], [45 x i8]* @__PRETTY_FUNCTION__.checked_divide, i64 0, i64 0), i64 noundef 1) #5
  unreachable

16:                                               ; preds = %10
  %17 = udiv i32 1000, %13
  %18 = getelementptr inbounds i32, i32* %1, i64 %11
  store i32 %17, i32* %18, align 4, !tbaa !6
  br label %19

19:                                               ; preds = %3, %16
  ret void
}

; Function Attrs: convergent nounwind
declare dso_local void @__assertfail(i8* noundef, i8* noundef, i32 noundef, i8* noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { nounwind }
attributes #5 = { convergent nounwind }

!nvvm.annotations = !{!0, !1}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = !{void (i32*, i32)* @print_values, !"kernel", i32 1}
!1 = !{void (i32*, i32*, i32)* @checked_divide, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 14.0.6"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
