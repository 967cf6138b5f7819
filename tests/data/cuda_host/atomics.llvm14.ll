; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S atomics.cu -o atomics.llvm14.ll
; ModuleID = 'atomics.cu'
source_filename = "atomics.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@finished_blocks = dso_local addrspace(1) externally_initialized global i32 0, align 4
@_ZZ14sum_last_blockE7partial = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ14sum_last_blockE4last = internal unnamed_addr addrspace(3) global i8 undef, align 1
@llvm.compiler.used = appending global [1 x i8*] [i8* addrspacecast (i8 addrspace(1)* bitcast (i32 addrspace(1)* @finished_blocks to i8 addrspace(1)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nounwind
define dso_local noundef float @_Z16atomic_max_floatPff(float* nocapture noundef %0, float noundef %1) local_unnamed_addr #0 {
  %3 = bitcast float* %0 to i32*
  %4 = load i32, i32* %3, align 4, !tbaa !6
  %5 = bitcast float %1 to i32
  br label %6

6:                                                ; preds = %10, %2
  %7 = phi i32 [ %4, %2 ], [ %12, %10 ]
  %8 = bitcast i32 %7 to float
  %9 = fcmp contract ult float %8, %1
  br i1 %9, label %10, label %17

10:                                               ; preds = %6
  %11 = cmpxchg i32* %3, i32 %7, i32 %5 seq_cst seq_cst, align 4
  %12 = extractvalue { i32, i1 } %11, 0
  %13 = extractvalue { i32, i1 } %11, 1
  br i1 %13, label %14, label %6, !llvm.loop !10

14:                                               ; preds = %10
  %15 = extractvalue { i32, i1 } %11, 0
  %16 = bitcast i32 %15 to float
  br label %17

17:                                               ; preds = %6, %14
  %18 = phi float [ %16, %14 ], [ %8, %6 ]
  ret float %18
}

; Function Attrs: mustprogress norecurse nounwind
define dso_local void @atomic_stats(i32* nocapture noundef readonly %0, i32 noundef %1, i32* nocapture noundef %2, float* nocapture noundef %3, float* nocapture noundef %4, i32* nocapture noundef %5, i32* nocapture noundef %6, i32 noundef %7, i32* nocapture noundef writeonly %8) local_unnamed_addr #1 {
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #6
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #6
  %12 = mul i32 %10, %11
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #6
  %14 = add i32 %12, %13
  %15 = icmp slt i32 %14, %1
  br i1 %15, label %16, label %43

16:                                               ; preds = %9
  %17 = sext i32 %14 to i64
  %18 = getelementptr inbounds i32, i32* %0, i64 %17
  %19 = load i32, i32* %18, align 4, !tbaa !6
  %20 = atomicrmw max i32* %2, i32 %19 seq_cst, align 4
  %21 = sitofp i32 %19 to float
  %22 = fmul contract float %21, 5.000000e-01
  %23 = bitcast float* %3 to i32*
  %24 = load i32, i32* %23, align 4, !tbaa !6
  %25 = bitcast float %22 to i32
  br label %26

26:                                               ; preds = %30, %16
  %27 = phi i32 [ %24, %16 ], [ %32, %30 ]
  %28 = bitcast i32 %27 to float
  %29 = fcmp contract ugt float %22, %28
  br i1 %29, label %30, label %34

30:                                               ; preds = %26
  %31 = cmpxchg i32* %23, i32 %27, i32 %25 seq_cst seq_cst, align 4
  %32 = extractvalue { i32, i1 } %31, 0
  %33 = extractvalue { i32, i1 } %31, 1
  br i1 %33, label %34, label %26, !llvm.loop !10

34:                                               ; preds = %30, %26
  %35 = atomicrmw fadd float* %4, float %21 seq_cst, align 4
  %36 = and i32 %19, 1
  %37 = icmp eq i32 %36, 0
  br i1 %37, label %38, label %40

38:                                               ; preds = %34
  %39 = atomicrmw add i32* %5, i32 1 seq_cst, align 4
  br label %40

40:                                               ; preds = %38, %34
  %41 = tail call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* %6, i32 %7) #6
  %42 = getelementptr inbounds i32, i32* %8, i64 %17
  store i32 %41, i32* %42, align 4, !tbaa !6
  br label %43

43:                                               ; preds = %9, %40
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sum_last_block(i32* nocapture noundef readonly %0, i32* noundef %1, i32* nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #2 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #6
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #6
  %7 = shl i32 %6, 8
  %8 = add i32 %7, %5
  %9 = icmp slt i32 %8, %3
  br i1 %9, label %10, label %14

10:                                               ; preds = %4
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, i32* %0, i64 %11
  %13 = load i32, i32* %12, align 4, !tbaa !6
  br label %14

14:                                               ; preds = %4, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %4 ]
  %16 = sext i32 %5 to i64
  %17 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %16
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*
  store i32 %15, i32* %18, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier0()
  %19 = icmp slt i32 %5, 128
  br i1 %19, label %20, label %27

20:                                               ; preds = %14
  %21 = add nsw i32 %5, 128
  %22 = sext i32 %21 to i64
  %23 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %22
  %24 = addrspacecast i32 addrspace(3)* %23 to i32*
  %25 = load i32, i32* %24, align 4, !tbaa !6
  %26 = add nsw i32 %15, %25
  store i32 %26, i32* %18, align 4, !tbaa !6
  br label %27

27:                                               ; preds = %20, %14
  %28 = phi i32 [ %26, %20 ], [ %15, %14 ]
  tail call void @llvm.nvvm.barrier0()
  %29 = icmp slt i32 %5, 64
  br i1 %29, label %30, label %37

30:                                               ; preds = %27
  %31 = add nsw i32 %5, 64
  %32 = sext i32 %31 to i64
  %33 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %32
  %34 = addrspacecast i32 addrspace(3)* %33 to i32*
  %35 = load i32, i32* %34, align 4, !tbaa !6
  %36 = add nsw i32 %28, %35
  store i32 %36, i32* %18, align 4, !tbaa !6
  br label %37

37:                                               ; preds = %30, %27
  %38 = phi i32 [ %36, %30 ], [ %28, %27 ]
  tail call void @llvm.nvvm.barrier0()
  %39 = icmp slt i32 %5, 32
  br i1 %39, label %40, label %47

40:                                               ; preds = %37
  %41 = add nsw i32 %5, 32
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %42
  %44 = addrspacecast i32 addrspace(3)* %43 to i32*
  %45 = load i32, i32* %44, align 4, !tbaa !6
  %46 = add nsw i32 %38, %45
  store i32 %46, i32* %18, align 4, !tbaa !6
  br label %47

47:                                               ; preds = %40, %37
  %48 = phi i32 [ %46, %40 ], [ %38, %37 ]
  tail call void @llvm.nvvm.barrier0()
  %49 = icmp slt i32 %5, 16
  br i1 %49, label %50, label %57

50:                                               ; preds = %47
  %51 = add nsw i32 %5, 16
  %52 = sext i32 %51 to i64
  %53 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %52
  %54 = addrspacecast i32 addrspace(3)* %53 to i32*
  %55 = load i32, i32* %54, align 4, !tbaa !6
  %56 = add nsw i32 %48, %55
  store i32 %56, i32* %18, align 4, !tbaa !6
  br label %57

57:                                               ; preds = %50, %47
  %58 = phi i32 [ %56, %50 ], [ %48, %47 ]
  tail call void @llvm.nvvm.barrier0()
  %59 = icmp slt i32 %5, 8
  br i1 %59, label %60, label %67

60:                                               ; preds = %57
  %61 = add nsw i32 %5, 8
  %62 = sext i32 %61 to i64
  %63 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %62
  %64 = addrspacecast i32 addrspace(3)* %63 to i32*
  %65 = load i32, i32* %64, align 4, !tbaa !6
  %66 = add nsw i32 %58, %65
  store i32 %66, i32* %18, align 4, !tbaa !6
  br label %67

67:                                               ; preds = %60, %57
  %68 = phi i32 [ %66, %60 ], [ %58, %57 ]
  tail call void @llvm.nvvm.barrier0()
  %69 = icmp slt i32 %5, 4
  br i1 %69, label %70, label %77

70:                                               ; preds = %67
  %71 = add nsw i32 %5, 4
  %72 = sext i32 %71 to i64
  %73 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %72
  %74 = addrspacecast i32 addrspace(3)* %73 to i32*
  %75 = load i32, i32* %74, align 4, !tbaa !6
  %76 = add nsw i32 %68, %75
  store i32 %76, i32* %18, align 4, !tbaa !6
  br label %77

77:                                               ; preds = %70, %67
  %78 = phi i32 [ %76, %70 ], [ %68, %67 ]
  tail call void @llvm.nvvm.barrier0()
  %79 = icmp slt i32 %5, 2
  br i1 %79, label %80, label %87

80:                                               ; preds = %77
  %81 = add nsw i32 %5, 2
  %82 = sext i32 %81 to i64
  %83 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %82
  %84 = addrspacecast i32 addrspace(3)* %83 to i32*
  %85 = load i32, i32* %84, align 4, !tbaa !6
  %86 = add nsw i32 %78, %85
  store i32 %86, i32* %18, align 4, !tbaa !6
  br label %87

87:                                               ; preds = %80, %77
  %88 = phi i32 [ %86, %80 ], [ %78, %77 ]
  tail call void @llvm.nvvm.barrier0()
  %89 = icmp slt i32 %5, 1
  br i1 %89, label %90, label %97

90:                                               ; preds = %87
  %91 = add nsw i32 %5, 1
  %92 = sext i32 %91 to i64
  %93 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial, i64 0, i64 %92
  %94 = addrspacecast i32 addrspace(3)* %93 to i32*
  %95 = load i32, i32* %94, align 4, !tbaa !6
  %96 = add nsw i32 %88, %95
  store i32 %96, i32* %18, align 4, !tbaa !6
  br label %97

97:                                               ; preds = %90, %87
  tail call void @llvm.nvvm.barrier0()
  %98 = icmp eq i32 %5, 0
  br i1 %98, label %101, label %99

99:                                               ; preds = %97
  %100 = load i8, i8* addrspacecast (i8 addrspace(3)* @_ZZ14sum_last_blockE4last to i8*), align 1, !tbaa !12, !range !14
  br label %110

101:                                              ; preds = %97
  %102 = load i32, i32* getelementptr inbounds ([256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ14sum_last_blockE7partial to [256 x i32]*), i64 0, i64 0), align 4, !tbaa !6
  %103 = zext i32 %6 to i64
  %104 = getelementptr inbounds i32, i32* %1, i64 %103
  store i32 %102, i32* %104, align 4, !tbaa !6
  tail call void @llvm.nvvm.membar.gl() #6
  %105 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #6
  %106 = add i32 %105, -1
  %107 = tail call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* addrspacecast (i32 addrspace(1)* @finished_blocks to i32*), i32 %106) #6
  %108 = icmp eq i32 %107, %106
  %109 = zext i1 %108 to i8
  store i8 %109, i8* addrspacecast (i8 addrspace(3)* @_ZZ14sum_last_blockE4last to i8*), align 1, !tbaa !12
  br label %110

110:                                              ; preds = %99, %101
  %111 = phi i8 [ %100, %99 ], [ %109, %101 ]
  tail call void @llvm.nvvm.barrier0()
  %112 = icmp ne i8 %111, 0
  %113 = and i1 %98, %112
  br i1 %113, label %114, label %167

114:                                              ; preds = %110
  %115 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #6
  %116 = icmp eq i32 %115, 0
  br i1 %116, label %139, label %117

117:                                              ; preds = %114
  %118 = add i32 %115, -1
  %119 = and i32 %115, 3
  %120 = icmp ult i32 %118, 3
  br i1 %120, label %123, label %121

121:                                              ; preds = %117
  %122 = and i32 %115, -4
  br label %141

123:                                              ; preds = %141, %117
  %124 = phi i32 [ undef, %117 ], [ %163, %141 ]
  %125 = phi i32 [ 0, %117 ], [ %164, %141 ]
  %126 = phi i32 [ 0, %117 ], [ %163, %141 ]
  %127 = icmp eq i32 %119, 0
  br i1 %127, label %139, label %128

128:                                              ; preds = %123, %128
  %129 = phi i32 [ %136, %128 ], [ %125, %123 ]
  %130 = phi i32 [ %135, %128 ], [ %126, %123 ]
  %131 = phi i32 [ %137, %128 ], [ 0, %123 ]
  %132 = zext i32 %129 to i64
  %133 = getelementptr inbounds i32, i32* %1, i64 %132
  %134 = load volatile i32, i32* %133, align 4, !tbaa !6
  %135 = add nsw i32 %134, %130
  %136 = add nuw i32 %129, 1
  %137 = add i32 %131, 1
  %138 = icmp eq i32 %137, %119
  br i1 %138, label %139, label %128, !llvm.loop !15

139:                                              ; preds = %123, %128, %114
  %140 = phi i32 [ 0, %114 ], [ %124, %123 ], [ %135, %128 ]
  store i32 %140, i32* %2, align 4, !tbaa !6
  br label %167

141:                                              ; preds = %141, %121
  %142 = phi i32 [ 0, %121 ], [ %164, %141 ]
  %143 = phi i32 [ 0, %121 ], [ %163, %141 ]
  %144 = phi i32 [ 0, %121 ], [ %165, %141 ]
  %145 = zext i32 %142 to i64
  %146 = getelementptr inbounds i32, i32* %1, i64 %145
  %147 = load volatile i32, i32* %146, align 4, !tbaa !6
  %148 = add nsw i32 %147, %143
  %149 = or i32 %142, 1
  %150 = zext i32 %149 to i64
  %151 = getelementptr inbounds i32, i32* %1, i64 %150
  %152 = load volatile i32, i32* %151, align 4, !tbaa !6
  %153 = add nsw i32 %152, %148
  %154 = or i32 %142, 2
  %155 = zext i32 %154 to i64
  %156 = getelementptr inbounds i32, i32* %1, i64 %155
  %157 = load volatile i32, i32* %156, align 4, !tbaa !6
  %158 = add nsw i32 %157, %153
  %159 = or i32 %142, 3
  %160 = zext i32 %159 to i64
  %161 = getelementptr inbounds i32, i32* %1, i64 %160
  %162 = load volatile i32, i32* %161, align 4, !tbaa !6
  %163 = add nsw i32 %162, %158
  %164 = add nuw i32 %142, 4
  %165 = add i32 %144, 4
  %166 = icmp eq i32 %165, %122
  br i1 %166, label %123, label %141, !llvm.loop !17

167:                                              ; preds = %139, %110
  ret void
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* nocapture, i32) #5

; Function Attrs: nounwind
declare void @llvm.nvvm.membar.gl() #6

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #4

attributes #0 = { mustprogress nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #2 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #3 = { convergent nounwind }
attributes #4 = { nofree nosync nounwind readnone speculatable }
attributes #5 = { argmemonly nounwind }
attributes #6 = { nounwind }

!nvvm.annotations = !{!0, !1}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = !{void (i32*, i32, i32*, float*, float*, i32*, i32*, i32, i32*)* @atomic_stats, !"kernel", i32 1}
!1 = !{void (i32*, i32*, i32*, i32)* @sum_last_block, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 14.0.6"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!13, !13, i64 0}
!13 = !{!"bool", !8, i64 0}
!14 = !{i8 0, i8 2}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.unroll.disable"}
!17 = distinct !{!17, !11}
