; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S nv_unmapped.cu -o nv_unmapped.llvm14.ll
; ModuleID = 'nv_unmapped.cu'
source_filename = "nv_unmapped.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @add_toward_zero(float* nocapture noundef readonly %0, float* nocapture noundef readonly %1, float* nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3
  %7 = mul i32 %5, %6
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %3
  br i1 %10, label %11, label %22

11:                                               ; preds = %4
  %12 = sext i32 %9 to i64
  %13 = getelementptr inbounds float, float* %0, i64 %12
  %14 = load float, float* %13, align 4, !tbaa !5
  %15 = getelementptr inbounds float, float* %1, i64 %12
  %16 = load float, float* %15, align 4, !tbaa !5
  %17 = tail call contract float @__nv_fadd_rz(float noundef %14, float noundef %16) #4
  %18 = load float, float* %13, align 4, !tbaa !5
  %19 = tail call contract float @__nv_sinf(float noundef %18) #4
  %20 = fadd contract float %17, %19
  %21 = getelementptr inbounds float, float* %2, i64 %12
  store float %20, float* %21, align 4, !tbaa !5
  br label %22

22:                                               ; preds = %11, %4
  ret void
}

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fadd_rz(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sinf(float noundef) local_unnamed_addr #1

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (float*, float*, float*, i32)* @add_toward_zero, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
