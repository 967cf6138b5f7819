; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib --cuda-feature=+ptx88 -O2 -emit-llvm -S atomics.cu -o atomics.llvm22.ll
; ModuleID = 'atomics.cu'
source_filename = "atomics.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@finished_blocks = dso_local addrspace(1) externally_initialized global i32 0, align 4
@_ZZ14sum_last_blockE7partial = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ14sum_last_blockE4last = internal unnamed_addr addrspace(3) global i8 undef, align 1
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @finished_blocks to ptr)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nounwind memory(argmem: readwrite)
define dso_local noundef float @_Z16atomic_max_floatPff(ptr noundef captures(none) %0, float noundef %1) local_unnamed_addr #0 {
  %3 = load i32, ptr %0, align 4, !tbaa !4
  %4 = bitcast float %1 to i32
  br label %5

5:                                                ; preds = %9, %2
  %6 = phi i32 [ %3, %2 ], [ %11, %9 ]
  %7 = bitcast i32 %6 to float
  %8 = fcmp contract ugt float %1, %7
  br i1 %8, label %9, label %15

9:                                                ; preds = %5
  %10 = cmpxchg ptr %0, i32 %6, i32 %4 seq_cst seq_cst, align 4
  %11 = extractvalue { i32, i1 } %10, 0
  %12 = extractvalue { i32, i1 } %10, 1
  br i1 %12, label %13, label %5, !llvm.loop !8

13:                                               ; preds = %9
  %14 = bitcast i32 %11 to float
  br label %15, !llvm.loop !8

15:                                               ; preds = %5, %13
  %16 = phi float [ %14, %13 ], [ %7, %5 ]
  ret float %16
}

; Function Attrs: mustprogress nofree noinline norecurse nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @atomic_stats(ptr noundef readonly captures(none) %0, i32 noundef %1, ptr noundef captures(none) %2, ptr noundef captures(none) %3, ptr noundef captures(none) %4, ptr noundef captures(none) %5, ptr noundef captures(none) %6, i32 noundef %7, ptr noundef writeonly captures(none) %8) local_unnamed_addr #1 {
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %12 = mul i32 %10, %11
  %13 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %14 = add i32 %12, %13
  %15 = icmp slt i32 %14, %1
  br i1 %15, label %16, label %43

16:                                               ; preds = %9
  %17 = sext i32 %14 to i64
  %18 = getelementptr inbounds i32, ptr %0, i64 %17
  %19 = load i32, ptr %18, align 4, !tbaa !4
  %20 = atomicrmw max ptr %2, i32 %19 seq_cst, align 4
  %21 = sitofp i32 %19 to float
  %22 = fmul contract float %21, 5.000000e-01
  %23 = load i32, ptr %3, align 4, !tbaa !4
  %24 = bitcast float %22 to i32
  br label %25

25:                                               ; preds = %29, %16
  %26 = phi i32 [ %23, %16 ], [ %31, %29 ]
  %27 = bitcast i32 %26 to float
  %28 = fcmp contract ugt float %22, %27
  br i1 %28, label %29, label %34

29:                                               ; preds = %25
  %30 = cmpxchg ptr %3, i32 %26, i32 %24 seq_cst seq_cst, align 4
  %31 = extractvalue { i32, i1 } %30, 0
  %32 = extractvalue { i32, i1 } %30, 1
  br i1 %32, label %33, label %25, !llvm.loop !8

33:                                               ; preds = %29
  br label %34, !llvm.loop !8

34:                                               ; preds = %25, %33
  %35 = atomicrmw fadd ptr %4, float %21 seq_cst, align 4
  %36 = and i32 %19, 1
  %37 = icmp eq i32 %36, 0
  br i1 %37, label %38, label %40

38:                                               ; preds = %34
  %39 = atomicrmw add ptr %5, i32 1 seq_cst, align 4
  br label %40

40:                                               ; preds = %38, %34
  %41 = atomicrmw uinc_wrap ptr %6, i32 %7 seq_cst, align 4
  %42 = getelementptr inbounds i32, ptr %8, i64 %17
  store i32 %41, ptr %42, align 4, !tbaa !4
  br label %43

43:                                               ; preds = %9, %40
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @sum_last_block(ptr noundef readonly captures(none) %0, ptr noundef %1, ptr noundef writeonly captures(none) %2, i32 noundef %3) local_unnamed_addr #2 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = shl i32 %6, 8
  %8 = add i32 %7, %5
  %9 = icmp slt i32 %8, %3
  br i1 %9, label %10, label %14

10:                                               ; preds = %4
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !4
  br label %14

14:                                               ; preds = %4, %10
  %15 = phi i32 [ %13, %10 ], [ 0, %4 ]
  %16 = zext nneg i32 %5 to i64
  %17 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %16
  store i32 %15, ptr %17, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %18 = icmp samesign ult i32 %5, 128
  br i1 %18, label %19, label %26

19:                                               ; preds = %14
  %20 = zext nneg i32 %5 to i64
  %21 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %20
  %22 = getelementptr inbounds nuw i8, ptr %21, i64 512
  %23 = load i32, ptr %22, align 4, !tbaa !4
  %24 = load i32, ptr %17, align 4, !tbaa !4
  %25 = add nsw i32 %24, %23
  store i32 %25, ptr %17, align 4, !tbaa !4
  br label %26

26:                                               ; preds = %19, %14
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %27 = icmp samesign ult i32 %5, 64
  br i1 %27, label %28, label %35

28:                                               ; preds = %26
  %29 = zext nneg i32 %5 to i64
  %30 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %29
  %31 = getelementptr inbounds nuw i8, ptr %30, i64 256
  %32 = load i32, ptr %31, align 4, !tbaa !4
  %33 = load i32, ptr %17, align 4, !tbaa !4
  %34 = add nsw i32 %33, %32
  store i32 %34, ptr %17, align 4, !tbaa !4
  br label %35

35:                                               ; preds = %28, %26
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %36 = icmp samesign ult i32 %5, 32
  br i1 %36, label %37, label %44

37:                                               ; preds = %35
  %38 = zext nneg i32 %5 to i64
  %39 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %38
  %40 = getelementptr inbounds nuw i8, ptr %39, i64 128
  %41 = load i32, ptr %40, align 4, !tbaa !4
  %42 = load i32, ptr %17, align 4, !tbaa !4
  %43 = add nsw i32 %42, %41
  store i32 %43, ptr %17, align 4, !tbaa !4
  br label %44

44:                                               ; preds = %37, %35
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %45 = icmp samesign ult i32 %5, 16
  br i1 %45, label %46, label %53

46:                                               ; preds = %44
  %47 = zext nneg i32 %5 to i64
  %48 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %47
  %49 = getelementptr inbounds nuw i8, ptr %48, i64 64
  %50 = load i32, ptr %49, align 4, !tbaa !4
  %51 = load i32, ptr %17, align 4, !tbaa !4
  %52 = add nsw i32 %51, %50
  store i32 %52, ptr %17, align 4, !tbaa !4
  br label %53

53:                                               ; preds = %46, %44
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %54 = icmp samesign ult i32 %5, 8
  br i1 %54, label %55, label %62

55:                                               ; preds = %53
  %56 = zext nneg i32 %5 to i64
  %57 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %56
  %58 = getelementptr inbounds nuw i8, ptr %57, i64 32
  %59 = load i32, ptr %58, align 4, !tbaa !4
  %60 = load i32, ptr %17, align 4, !tbaa !4
  %61 = add nsw i32 %60, %59
  store i32 %61, ptr %17, align 4, !tbaa !4
  br label %62

62:                                               ; preds = %55, %53
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %63 = icmp samesign ult i32 %5, 4
  br i1 %63, label %64, label %71

64:                                               ; preds = %62
  %65 = zext nneg i32 %5 to i64
  %66 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %65
  %67 = getelementptr inbounds nuw i8, ptr %66, i64 16
  %68 = load i32, ptr %67, align 4, !tbaa !4
  %69 = load i32, ptr %17, align 4, !tbaa !4
  %70 = add nsw i32 %69, %68
  store i32 %70, ptr %17, align 4, !tbaa !4
  br label %71

71:                                               ; preds = %64, %62
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %72 = icmp samesign ult i32 %5, 2
  br i1 %72, label %73, label %80

73:                                               ; preds = %71
  %74 = zext nneg i32 %5 to i64
  %75 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 %74
  %76 = getelementptr inbounds nuw i8, ptr %75, i64 8
  %77 = load i32, ptr %76, align 4, !tbaa !4
  %78 = load i32, ptr %17, align 4, !tbaa !4
  %79 = add nsw i32 %78, %77
  store i32 %79, ptr %17, align 4, !tbaa !4
  br label %80

80:                                               ; preds = %73, %71
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %81 = icmp eq i32 %5, 0
  br i1 %81, label %82, label %86

82:                                               ; preds = %80
  %83 = load i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), i64 4), align 4, !tbaa !4
  %84 = load i32, ptr %17, align 4, !tbaa !4
  %85 = add nsw i32 %84, %83
  store i32 %85, ptr %17, align 4, !tbaa !4
  br label %86

86:                                               ; preds = %82, %80
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %87 = icmp eq i32 %5, 0
  br i1 %87, label %88, label %97

88:                                               ; preds = %86
  %89 = load i32, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE7partial to ptr), align 4, !tbaa !4
  %90 = zext nneg i32 %6 to i64
  %91 = getelementptr inbounds nuw i32, ptr %1, i64 %90
  store i32 %89, ptr %91, align 4, !tbaa !4
  tail call void @llvm.nvvm.membar.gl()
  %92 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %93 = add nsw i32 %92, -1
  %94 = atomicrmw uinc_wrap ptr addrspacecast (ptr addrspace(1) @finished_blocks to ptr), i32 %93 seq_cst, align 4
  %95 = icmp eq i32 %94, %93
  %96 = zext i1 %95 to i8
  store i8 %96, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE4last to ptr), align 1, !tbaa !10
  br label %97

97:                                               ; preds = %88, %86
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %98 = load i8, ptr addrspacecast (ptr addrspace(3) @_ZZ14sum_last_blockE4last to ptr), align 1, !tbaa !10, !range !12, !noundef !13
  %99 = trunc nuw i8 %98 to i1
  %100 = and i1 %87, %99
  br i1 %100, label %101, label %152

101:                                              ; preds = %97
  %102 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %103 = and i32 %102, 3
  %104 = icmp samesign ult i32 %102, 4
  br i1 %104, label %109, label %105

105:                                              ; preds = %101
  %106 = and i32 %102, 2147483644
  br label %126

107:                                              ; preds = %126
  %108 = icmp eq i32 %103, 0
  br i1 %108, label %124, label %109

109:                                              ; preds = %107, %101
  %110 = phi i32 [ 0, %101 ], [ %149, %107 ]
  %111 = phi i32 [ 0, %101 ], [ %148, %107 ]
  %112 = icmp ne i32 %103, 0
  tail call void @llvm.assume(i1 %112)
  br label %113

113:                                              ; preds = %113, %109
  %114 = phi i32 [ %110, %109 ], [ %121, %113 ]
  %115 = phi i32 [ %111, %109 ], [ %120, %113 ]
  %116 = phi i32 [ 0, %109 ], [ %122, %113 ]
  %117 = zext nneg i32 %114 to i64
  %118 = getelementptr inbounds nuw i32, ptr %1, i64 %117
  %119 = load volatile i32, ptr %118, align 4, !tbaa !4
  %120 = add nsw i32 %119, %115
  %121 = add nuw nsw i32 %114, 1
  %122 = add i32 %116, 1
  %123 = icmp eq i32 %122, %103
  br i1 %123, label %124, label %113, !llvm.loop !14

124:                                              ; preds = %113, %107
  %125 = phi i32 [ %148, %107 ], [ %120, %113 ]
  store i32 %125, ptr %2, align 4, !tbaa !4
  br label %152

126:                                              ; preds = %126, %105
  %127 = phi i32 [ 0, %105 ], [ %149, %126 ]
  %128 = phi i32 [ 0, %105 ], [ %148, %126 ]
  %129 = phi i32 [ 0, %105 ], [ %150, %126 ]
  %130 = zext nneg i32 %127 to i64
  %131 = getelementptr inbounds nuw i32, ptr %1, i64 %130
  %132 = load volatile i32, ptr %131, align 4, !tbaa !4
  %133 = add nsw i32 %132, %128
  %134 = zext nneg i32 %127 to i64
  %135 = getelementptr inbounds nuw i32, ptr %1, i64 %134
  %136 = getelementptr inbounds nuw i8, ptr %135, i64 4
  %137 = load volatile i32, ptr %136, align 4, !tbaa !4
  %138 = add nsw i32 %137, %133
  %139 = zext nneg i32 %127 to i64
  %140 = getelementptr inbounds nuw i32, ptr %1, i64 %139
  %141 = getelementptr inbounds nuw i8, ptr %140, i64 8
  %142 = load volatile i32, ptr %141, align 4, !tbaa !4
  %143 = add nsw i32 %142, %138
  %144 = zext nneg i32 %127 to i64
  %145 = getelementptr inbounds nuw i32, ptr %1, i64 %144
  %146 = getelementptr inbounds nuw i8, ptr %145, i64 12
  %147 = load volatile i32, ptr %146, align 4, !tbaa !4
  %148 = add nsw i32 %147, %143
  %149 = add nuw nsw i32 %127, 4
  %150 = add i32 %129, 4
  %151 = icmp eq i32 %150, %106
  br i1 %151, label %107, label %126, !llvm.loop !16

152:                                              ; preds = %124, %97
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.gl() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #6

attributes #0 = { mustprogress nofree norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" }
attributes #1 = { mustprogress nofree noinline norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #2 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #3 = { convergent nocallback nounwind }
attributes #4 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { nocallback nounwind }
attributes #6 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

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
!8 = distinct !{!8, !9}
!9 = !{!"llvm.loop.mustprogress"}
!10 = !{!11, !11, i64 0}
!11 = !{!"bool", !6, i64 0}
!12 = !{i8 0, i8 2}
!13 = !{}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.unroll.disable"}
!16 = distinct !{!16, !9}
