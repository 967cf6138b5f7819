; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S elementwise.cu -o elementwise.llvm14.ll
; ModuleID = 'elementwise.cu'
source_filename = "elementwise.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float4 = type { float, float, float, float }

$_Z5axpbyIfEvPKT_S2_PS0_S0_S0_i = comdat any

$_Z5axpbyIiEvPKT_S2_PS0_S0_S0_i = comdat any

@poly_coefficients = dso_local addrspace(4) externally_initialized global [6 x float] [float 1.000000e+00, float -5.000000e-01, float 2.500000e-01, float -1.250000e-01, float 6.250000e-02, float -3.125000e-02], align 4
@remap_table = dso_local addrspace(4) externally_initialized global [16 x i32] zeroinitializer, align 4
@llvm.compiler.used = appending global [2 x i8*] [i8* addrspacecast (i8 addrspace(4)* bitcast ([6 x float] addrspace(4)* @poly_coefficients to i8 addrspace(4)*) to i8*), i8* addrspacecast (i8 addrspace(4)* bitcast ([16 x i32] addrspace(4)* @remap_table to i8 addrspace(4)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @_Z5saxpyifPKfPf(i32 noundef %0, float noundef %1, float* nocapture noundef readonly %2, float* nocapture noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %7 = mul i32 %5, %6
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %0
  br i1 %10, label %11, label %14

11:                                               ; preds = %4
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #5
  %13 = mul i32 %6, %12
  br label %15

14:                                               ; preds = %15, %4
  ret void

15:                                               ; preds = %11, %15
  %16 = phi i32 [ %9, %11 ], [ %24, %15 ]
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds float, float* %2, i64 %17
  %19 = load float, float* %18, align 4, !tbaa !9
  %20 = fmul contract float %19, %1
  %21 = getelementptr inbounds float, float* %3, i64 %17
  %22 = load float, float* %21, align 4, !tbaa !9
  %23 = fadd contract float %20, %22
  store float %23, float* %21, align 4, !tbaa !9
  %24 = add i32 %16, %13
  %25 = icmp slt i32 %24, %0
  br i1 %25, label %15, label %14, !llvm.loop !13
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @_Z5axpbyIfEvPKT_S2_PS0_S0_S0_i(float* nocapture noundef readonly %0, float* nocapture noundef readonly %1, float* nocapture noundef writeonly %2, float noundef %3, float noundef %4, i32 noundef %5) local_unnamed_addr #1 comdat {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %9 = mul i32 %7, %8
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %11 = add i32 %9, %10
  %12 = icmp slt i32 %11, %5
  br i1 %12, label %13, label %23

13:                                               ; preds = %6
  %14 = sext i32 %11 to i64
  %15 = getelementptr inbounds float, float* %0, i64 %14
  %16 = load float, float* %15, align 4, !tbaa !9
  %17 = fmul contract float %16, %3
  %18 = getelementptr inbounds float, float* %1, i64 %14
  %19 = load float, float* %18, align 4, !tbaa !9
  %20 = fmul contract float %19, %4
  %21 = fadd contract float %17, %20
  %22 = getelementptr inbounds float, float* %2, i64 %14
  store float %21, float* %22, align 4, !tbaa !9
  br label %23

23:                                               ; preds = %13, %6
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @_Z5axpbyIiEvPKT_S2_PS0_S0_S0_i(i32* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, i32* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #1 comdat {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %9 = mul i32 %7, %8
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %11 = add i32 %9, %10
  %12 = icmp slt i32 %11, %5
  br i1 %12, label %13, label %23

13:                                               ; preds = %6
  %14 = sext i32 %11 to i64
  %15 = getelementptr inbounds i32, i32* %0, i64 %14
  %16 = load i32, i32* %15, align 4, !tbaa !15
  %17 = mul nsw i32 %16, %3
  %18 = getelementptr inbounds i32, i32* %1, i64 %14
  %19 = load i32, i32* %18, align 4, !tbaa !15
  %20 = mul nsw i32 %19, %4
  %21 = add nsw i32 %20, %17
  %22 = getelementptr inbounds i32, i32* %2, i64 %14
  store i32 %21, i32* %22, align 4, !tbaa !15
  br label %23

23:                                               ; preds = %13, %6
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn
define dso_local void @scale_float4(%struct.float4* noalias nocapture noundef readonly %0, float* noalias nocapture noundef readonly %1, %struct.float4* noalias nocapture noundef writeonly %2, %struct.float4* nocapture noundef readonly byval(%struct.float4) align 16 %3, i32 noundef %4) local_unnamed_addr #2 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %8 = mul i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %45

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds %struct.float4, %struct.float4* %0, i64 %13
  %15 = bitcast %struct.float4* %14 to <4 x float>*
  %16 = tail call contract <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0v4f32(<4 x float>* %15, i32 16) #5
  %17 = extractelement <4 x float> %16, i64 0
  %18 = extractelement <4 x float> %16, i64 1
  %19 = extractelement <4 x float> %16, i64 2
  %20 = extractelement <4 x float> %16, i64 3
  %21 = and i32 %10, 15
  %22 = zext i32 %21 to i64
  %23 = getelementptr inbounds float, float* %1, i64 %22
  %24 = tail call contract float @llvm.nvvm.ldg.global.f.f32.p0f32(float* %23, i32 4) #5
  %25 = fmul contract float %17, %24
  %26 = getelementptr inbounds %struct.float4, %struct.float4* %3, i64 0, i32 0
  %27 = load float, float* %26, align 16, !tbaa !17
  %28 = fadd contract float %25, %27
  %29 = fmul contract float %18, %24
  %30 = getelementptr inbounds %struct.float4, %struct.float4* %3, i64 0, i32 1
  %31 = load float, float* %30, align 4, !tbaa !19
  %32 = fadd contract float %29, %31
  %33 = fmul contract float %19, %24
  %34 = getelementptr inbounds %struct.float4, %struct.float4* %3, i64 0, i32 2
  %35 = load float, float* %34, align 8, !tbaa !20
  %36 = fadd contract float %33, %35
  %37 = fmul contract float %20, %24
  %38 = getelementptr inbounds %struct.float4, %struct.float4* %3, i64 0, i32 3
  %39 = load float, float* %38, align 4, !tbaa !21
  %40 = fadd contract float %37, %39
  %41 = getelementptr inbounds %struct.float4, %struct.float4* %2, i64 %13, i32 0
  store float %28, float* %41, align 16, !tbaa.struct !22
  %42 = getelementptr inbounds %struct.float4, %struct.float4* %2, i64 %13, i32 1
  store float %32, float* %42, align 4, !tbaa.struct !23
  %43 = getelementptr inbounds %struct.float4, %struct.float4* %2, i64 %13, i32 2
  store float %36, float* %43, align 8, !tbaa.struct !24
  %44 = getelementptr inbounds %struct.float4, %struct.float4* %2, i64 %13, i32 3
  store float %40, float* %44, align 4, !tbaa.struct !25
  br label %45

45:                                               ; preds = %5, %12
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind
define dso_local void @poly_remap(float* nocapture noundef readonly %0, i32* nocapture noundef readonly %1, float* nocapture noundef writeonly %2, i32* nocapture noundef writeonly %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %8 = mul i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %41

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds float, float* %0, i64 %13
  %15 = load float, float* %14, align 4, !tbaa !9
  %16 = load float, float* getelementptr inbounds ([6 x float], [6 x float]* addrspacecast ([6 x float] addrspace(4)* @poly_coefficients to [6 x float]*), i64 0, i64 5), align 4, !tbaa !9
  %17 = fmul contract float %15, %16
  %18 = load float, float* addrspacecast (float addrspace(4)* getelementptr inbounds ([6 x float], [6 x float] addrspace(4)* @poly_coefficients, i64 0, i64 4) to float*), align 4, !tbaa !9
  %19 = fadd contract float %17, %18
  %20 = fmul contract float %15, %19
  %21 = load float, float* addrspacecast (float addrspace(4)* getelementptr inbounds ([6 x float], [6 x float] addrspace(4)* @poly_coefficients, i64 0, i64 3) to float*), align 4, !tbaa !9
  %22 = fadd contract float %20, %21
  %23 = fmul contract float %15, %22
  %24 = load float, float* addrspacecast (float addrspace(4)* getelementptr inbounds ([6 x float], [6 x float] addrspace(4)* @poly_coefficients, i64 0, i64 2) to float*), align 4, !tbaa !9
  %25 = fadd contract float %23, %24
  %26 = fmul contract float %15, %25
  %27 = load float, float* addrspacecast (float addrspace(4)* getelementptr inbounds ([6 x float], [6 x float] addrspace(4)* @poly_coefficients, i64 0, i64 1) to float*), align 4, !tbaa !9
  %28 = fadd contract float %26, %27
  %29 = fmul contract float %15, %28
  %30 = load float, float* addrspacecast (float addrspace(4)* getelementptr inbounds ([6 x float], [6 x float] addrspace(4)* @poly_coefficients, i64 0, i64 0) to float*), align 4, !tbaa !9
  %31 = fadd contract float %29, %30
  %32 = getelementptr inbounds float, float* %2, i64 %13
  store float %31, float* %32, align 4, !tbaa !9
  %33 = getelementptr inbounds i32, i32* %1, i64 %13
  %34 = load i32, i32* %33, align 4, !tbaa !15
  %35 = and i32 %34, 15
  %36 = zext i32 %35 to i64
  %37 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(4)* @remap_table, i64 0, i64 %36
  %38 = addrspacecast i32 addrspace(4)* %37 to i32*
  %39 = load i32, i32* %38, align 4, !tbaa !15
  %40 = getelementptr inbounds i32, i32* %3, i64 %13
  store i32 %39, i32* %40, align 4, !tbaa !15
  br label %41

41:                                               ; preds = %5, %12
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3

; Function Attrs: argmemonly nofree nounwind readonly
declare <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0v4f32(<4 x float>* nocapture, i32) #4

; Function Attrs: argmemonly nofree nounwind readonly
declare float @llvm.nvvm.ldg.global.f.f32.p0f32(float* nocapture, i32) #4

attributes #0 = { mustprogress nofree norecurse nosync nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #2 = { mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { argmemonly nofree nounwind readonly }
attributes #5 = { nounwind }

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!llvm.module.flags = !{!5, !6, !7}
!llvm.ident = !{!8}

!0 = !{void (i32, float, float*, float*)* @_Z5saxpyifPKfPf, !"kernel", i32 1}
!1 = !{void (float*, float*, float*, float, float, i32)* @_Z5axpbyIfEvPKT_S2_PS0_S0_S0_i, !"kernel", i32 1}
!2 = !{void (i32*, i32*, i32*, i32, i32, i32)* @_Z5axpbyIiEvPKT_S2_PS0_S0_S0_i, !"kernel", i32 1}
!3 = !{void (%struct.float4*, float*, %struct.float4*, %struct.float4*, i32)* @scale_float4, !"kernel", i32 1}
!4 = !{void (float*, i32*, float*, i32*, i32)* @poly_remap, !"kernel", i32 1}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C++ TBAA"}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!16, !16, i64 0}
!16 = !{!"int", !11, i64 0}
!17 = !{!18, !10, i64 0}
!18 = !{!"_ZTS6float4", !10, i64 0, !10, i64 4, !10, i64 8, !10, i64 12}
!19 = !{!18, !10, i64 4}
!20 = !{!18, !10, i64 8}
!21 = !{!18, !10, i64 12}
!22 = !{i64 0, i64 4, !9, i64 4, i64 4, !9, i64 8, i64 4, !9, i64 12, i64 4, !9}
!23 = !{i64 0, i64 4, !9, i64 4, i64 4, !9, i64 8, i64 4, !9}
!24 = !{i64 0, i64 4, !9, i64 4, i64 4, !9}
!25 = !{i64 0, i64 4, !9}
