; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib --cuda-feature=+ptx88 -O2 -emit-llvm -S elementwise.cu -o elementwise.llvm22.ll
; ModuleID = 'elementwise.cu'
source_filename = "elementwise.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float4 = type { float, float, float, float }

$_Z5axpbyIfEvPKT_S2_PS0_S0_S0_i = comdat any

$_Z5axpbyIiEvPKT_S2_PS0_S0_S0_i = comdat any

@poly_coefficients = dso_local addrspace(4) externally_initialized constant [6 x float] [float 1.000000e+00, float -5.000000e-01, float 2.500000e-01, float -1.250000e-01, float 6.250000e-02, float -3.125000e-02], align 4
@remap_table = dso_local addrspace(4) externally_initialized constant [16 x i32] zeroinitializer, align 4
@llvm.compiler.used = appending global [2 x ptr] [ptr addrspacecast (ptr addrspace(4) @poly_coefficients to ptr), ptr addrspacecast (ptr addrspace(4) @remap_table to ptr)], section "llvm.metadata"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z5saxpyifPKfPf(i32 noundef %0, float noundef %1, ptr noundef readonly captures(none) %2, ptr noundef captures(none) %3) local_unnamed_addr #0 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %0
  br i1 %10, label %11, label %14

11:                                               ; preds = %4
  %12 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %13 = mul i32 %6, %12
  br label %15

14:                                               ; preds = %15, %4
  ret void

15:                                               ; preds = %11, %15
  %16 = phi i32 [ %9, %11 ], [ %24, %15 ]
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds float, ptr %2, i64 %17
  %19 = load float, ptr %18, align 4, !tbaa !8
  %20 = fmul contract float %1, %19
  %21 = getelementptr inbounds float, ptr %3, i64 %17
  %22 = load float, ptr %21, align 4, !tbaa !8
  %23 = fadd contract float %20, %22
  store float %23, ptr %21, align 4, !tbaa !8
  %24 = add i32 %16, %13
  %25 = icmp slt i32 %24, %0
  br i1 %25, label %15, label %14, !llvm.loop !10
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z5axpbyIfEvPKT_S2_PS0_S0_S0_i(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2, float noundef %3, float noundef %4, i32 noundef %5) local_unnamed_addr #1 comdat {
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = add i32 %9, %10
  %12 = icmp slt i32 %11, %5
  br i1 %12, label %13, label %23

13:                                               ; preds = %6
  %14 = sext i32 %11 to i64
  %15 = getelementptr inbounds float, ptr %0, i64 %14
  %16 = load float, ptr %15, align 4, !tbaa !8
  %17 = fmul contract float %3, %16
  %18 = getelementptr inbounds float, ptr %1, i64 %14
  %19 = load float, ptr %18, align 4, !tbaa !8
  %20 = fmul contract float %4, %19
  %21 = fadd contract float %17, %20
  %22 = getelementptr inbounds float, ptr %2, i64 %14
  store float %21, ptr %22, align 4, !tbaa !8
  br label %23

23:                                               ; preds = %13, %6
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @_Z5axpbyIiEvPKT_S2_PS0_S0_S0_i(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #1 comdat {
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = add i32 %9, %10
  %12 = icmp slt i32 %11, %5
  br i1 %12, label %13, label %23

13:                                               ; preds = %6
  %14 = sext i32 %11 to i64
  %15 = getelementptr inbounds i32, ptr %0, i64 %14
  %16 = load i32, ptr %15, align 4, !tbaa !4
  %17 = mul nsw i32 %16, %3
  %18 = getelementptr inbounds i32, ptr %1, i64 %14
  %19 = load i32, ptr %18, align 4, !tbaa !4
  %20 = mul nsw i32 %19, %4
  %21 = add nsw i32 %20, %17
  %22 = getelementptr inbounds i32, ptr %2, i64 %14
  store i32 %21, ptr %22, align 4, !tbaa !4
  br label %23

23:                                               ; preds = %13, %6
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @scale_float4(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2, ptr noundef readonly byval(%struct.float4) align 16 captures(none) %3, i32 noundef %4) local_unnamed_addr #1 {
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %47

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds %struct.float4, ptr %0, i64 %13
  %15 = addrspacecast ptr %14 to ptr addrspace(1)
  %16 = load float, ptr addrspace(1) %15, align 16
  %17 = getelementptr inbounds nuw i8, ptr addrspace(1) %15, i64 4
  %18 = load float, ptr addrspace(1) %17, align 4
  %19 = getelementptr inbounds nuw i8, ptr addrspace(1) %15, i64 8
  %20 = load float, ptr addrspace(1) %19, align 8
  %21 = getelementptr inbounds nuw i8, ptr addrspace(1) %15, i64 12
  %22 = load float, ptr addrspace(1) %21, align 4
  %23 = and i32 %10, 15
  %24 = zext nneg i32 %23 to i64
  %25 = getelementptr inbounds nuw float, ptr %1, i64 %24
  %26 = addrspacecast ptr %25 to ptr addrspace(1)
  %27 = load float, ptr addrspace(1) %26, align 4, !invariant.load !12
  %28 = fmul contract float %16, %27
  %29 = load float, ptr %3, align 16, !tbaa !13
  %30 = fadd contract float %28, %29
  %31 = fmul contract float %18, %27
  %32 = getelementptr inbounds nuw i8, ptr %3, i64 4
  %33 = load float, ptr %32, align 4, !tbaa !15
  %34 = fadd contract float %31, %33
  %35 = fmul contract float %20, %27
  %36 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %37 = load float, ptr %36, align 8, !tbaa !16
  %38 = fadd contract float %35, %37
  %39 = fmul contract float %22, %27
  %40 = getelementptr inbounds nuw i8, ptr %3, i64 12
  %41 = load float, ptr %40, align 4, !tbaa !17
  %42 = fadd contract float %39, %41
  %43 = getelementptr inbounds %struct.float4, ptr %2, i64 %13
  store float %30, ptr %43, align 16, !tbaa !8
  %44 = getelementptr inbounds nuw i8, ptr %43, i64 4
  store float %34, ptr %44, align 4, !tbaa !8
  %45 = getelementptr inbounds nuw i8, ptr %43, i64 8
  store float %38, ptr %45, align 8, !tbaa !8
  %46 = getelementptr inbounds nuw i8, ptr %43, i64 12
  store float %42, ptr %46, align 4, !tbaa !8
  br label %47

47:                                               ; preds = %5, %12
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @poly_remap(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2, ptr noundef writeonly captures(none) %3, i32 noundef %4) local_unnamed_addr #1 {
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %40

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds float, ptr %0, i64 %13
  %15 = load float, ptr %14, align 4, !tbaa !8
  %16 = load float, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(4) @poly_coefficients to ptr), i64 20), align 4, !tbaa !8
  %17 = fmul contract float %15, %16
  %18 = load float, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(4) @poly_coefficients to ptr), i64 16), align 4, !tbaa !8
  %19 = fadd contract float %17, %18
  %20 = fmul contract float %15, %19
  %21 = load float, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(4) @poly_coefficients to ptr), i64 12), align 4, !tbaa !8
  %22 = fadd contract float %20, %21
  %23 = fmul contract float %15, %22
  %24 = load float, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(4) @poly_coefficients to ptr), i64 8), align 4, !tbaa !8
  %25 = fadd contract float %23, %24
  %26 = fmul contract float %15, %25
  %27 = load float, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(4) @poly_coefficients to ptr), i64 4), align 4, !tbaa !8
  %28 = fadd contract float %26, %27
  %29 = fmul contract float %15, %28
  %30 = load float, ptr addrspacecast (ptr addrspace(4) @poly_coefficients to ptr), align 4, !tbaa !8
  %31 = fadd contract float %29, %30
  %32 = getelementptr inbounds float, ptr %2, i64 %13
  store float %31, ptr %32, align 4, !tbaa !8
  %33 = getelementptr inbounds i32, ptr %1, i64 %13
  %34 = load i32, ptr %33, align 4, !tbaa !4
  %35 = and i32 %34, 15
  %36 = zext nneg i32 %35 to i64
  %37 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(4) @remap_table to ptr), i64 %36
  %38 = load i32, ptr %37, align 4, !tbaa !4
  %39 = getelementptr inbounds i32, ptr %3, i64 %13
  store i32 %38, ptr %39, align 4, !tbaa !4
  br label %40

40:                                               ; preds = %5, %12
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!12 = !{}
!13 = !{!14, !9, i64 0}
!14 = !{!"_ZTS6float4", !9, i64 0, !9, i64 4, !9, i64 8, !9, i64 12}
!15 = !{!14, !9, i64 4}
!16 = !{!14, !9, i64 8}
!17 = !{!14, !9, i64 12}
