; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S reduce.cu -o reduce.llvm14.ll
; ModuleID = 'reduce.cu'
source_filename = "reduce.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@partial = external dso_local local_unnamed_addr addrspace(3) global [0 x float], align 4
@_ZZ13reduce_staticE7partial = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ19reduce_warp_shuffleE9warp_sums = internal unnamed_addr addrspace(3) global [32 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_dynamic(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7
  %7 = shl i32 %6, 1
  %8 = mul i32 %7, %5
  %9 = add i32 %8, %4
  %10 = icmp ult i32 %9, %2
  br i1 %10, label %11, label %15

11:                                               ; preds = %3
  %12 = zext i32 %9 to i64
  %13 = getelementptr inbounds float, float* %0, i64 %12
  %14 = load float, float* %13, align 4, !tbaa !13
  br label %15

15:                                               ; preds = %11, %3
  %16 = phi float [ %14, %11 ], [ 0.000000e+00, %3 ]
  %17 = add i32 %9, %6
  %18 = icmp ult i32 %17, %2
  br i1 %18, label %19, label %24

19:                                               ; preds = %15
  %20 = zext i32 %17 to i64
  %21 = getelementptr inbounds float, float* %0, i64 %20
  %22 = load float, float* %21, align 4, !tbaa !13
  %23 = fadd contract float %16, %22
  br label %24

24:                                               ; preds = %19, %15
  %25 = phi float [ %23, %19 ], [ %16, %15 ]
  %26 = zext i32 %4 to i64
  %27 = getelementptr inbounds [0 x float], [0 x float] addrspace(3)* @partial, i64 0, i64 %26
  %28 = addrspacecast float addrspace(3)* %27 to float*
  store float %25, float* %28, align 4, !tbaa !13
  tail call void @llvm.nvvm.barrier0()
  %29 = icmp ult i32 %6, 2
  br i1 %29, label %30, label %32

30:                                               ; preds = %44, %24
  %31 = icmp eq i32 %4, 0
  br i1 %31, label %46, label %50

32:                                               ; preds = %24, %44
  %33 = phi i32 [ %34, %44 ], [ %6, %24 ]
  %34 = lshr i32 %33, 1
  %35 = icmp ult i32 %4, %34
  br i1 %35, label %36, label %44

36:                                               ; preds = %32
  %37 = add i32 %34, %4
  %38 = zext i32 %37 to i64
  %39 = getelementptr inbounds [0 x float], [0 x float] addrspace(3)* @partial, i64 0, i64 %38
  %40 = addrspacecast float addrspace(3)* %39 to float*
  %41 = load float, float* %40, align 4, !tbaa !13
  %42 = load float, float* %28, align 4, !tbaa !13
  %43 = fadd contract float %41, %42
  store float %43, float* %28, align 4, !tbaa !13
  br label %44

44:                                               ; preds = %36, %32
  tail call void @llvm.nvvm.barrier0()
  %45 = icmp ult i32 %33, 4
  br i1 %45, label %30, label %32, !llvm.loop !17

46:                                               ; preds = %30
  %47 = zext i32 %5 to i64
  %48 = getelementptr inbounds float, float* %1, i64 %47
  %49 = load float, float* getelementptr inbounds ([0 x float], [0 x float]* addrspacecast ([0 x float] addrspace(3)* @partial to [0 x float]*), i64 0, i64 0), align 4, !tbaa !13
  store float %49, float* %48, align 4, !tbaa !13
  br label %50

50:                                               ; preds = %46, %30
  ret void
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_static(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %6 = shl i32 %5, 8
  %7 = add i32 %6, %4
  %8 = icmp slt i32 %7, %2
  br i1 %8, label %9, label %12

9:                                                ; preds = %3
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #7
  %11 = shl i32 %10, 8
  br label %18

12:                                               ; preds = %18, %3
  %13 = phi i32 [ 0, %3 ], [ %24, %18 ]
  %14 = sext i32 %4 to i64
  %15 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %14
  %16 = addrspacecast i32 addrspace(3)* %15 to i32*
  store i32 %13, i32* %16, align 4, !tbaa !19
  tail call void @llvm.nvvm.barrier0()
  %17 = icmp slt i32 %4, 128
  br i1 %17, label %27, label %34

18:                                               ; preds = %9, %18
  %19 = phi i32 [ %7, %9 ], [ %25, %18 ]
  %20 = phi i32 [ 0, %9 ], [ %24, %18 ]
  %21 = sext i32 %19 to i64
  %22 = getelementptr inbounds i32, i32* %0, i64 %21
  %23 = load i32, i32* %22, align 4, !tbaa !19
  %24 = add nsw i32 %23, %20
  %25 = add i32 %19, %11
  %26 = icmp slt i32 %25, %2
  br i1 %26, label %18, label %12, !llvm.loop !21

27:                                               ; preds = %12
  %28 = add nsw i32 %4, 128
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %29
  %31 = addrspacecast i32 addrspace(3)* %30 to i32*
  %32 = load i32, i32* %31, align 4, !tbaa !19
  %33 = add nsw i32 %13, %32
  store i32 %33, i32* %16, align 4, !tbaa !19
  br label %34

34:                                               ; preds = %27, %12
  %35 = phi i32 [ %33, %27 ], [ %13, %12 ]
  tail call void @llvm.nvvm.barrier0()
  %36 = icmp slt i32 %4, 64
  br i1 %36, label %37, label %44

37:                                               ; preds = %34
  %38 = add nsw i32 %4, 64
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %39
  %41 = addrspacecast i32 addrspace(3)* %40 to i32*
  %42 = load i32, i32* %41, align 4, !tbaa !19
  %43 = add nsw i32 %35, %42
  store i32 %43, i32* %16, align 4, !tbaa !19
  br label %44

44:                                               ; preds = %37, %34
  %45 = phi i32 [ %43, %37 ], [ %35, %34 ]
  tail call void @llvm.nvvm.barrier0()
  %46 = icmp slt i32 %4, 32
  br i1 %46, label %47, label %54

47:                                               ; preds = %44
  %48 = add nsw i32 %4, 32
  %49 = sext i32 %48 to i64
  %50 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %49
  %51 = addrspacecast i32 addrspace(3)* %50 to i32*
  %52 = load i32, i32* %51, align 4, !tbaa !19
  %53 = add nsw i32 %45, %52
  store i32 %53, i32* %16, align 4, !tbaa !19
  br label %54

54:                                               ; preds = %47, %44
  %55 = phi i32 [ %53, %47 ], [ %45, %44 ]
  tail call void @llvm.nvvm.barrier0()
  %56 = icmp slt i32 %4, 16
  br i1 %56, label %57, label %64

57:                                               ; preds = %54
  %58 = add nsw i32 %4, 16
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %59
  %61 = addrspacecast i32 addrspace(3)* %60 to i32*
  %62 = load i32, i32* %61, align 4, !tbaa !19
  %63 = add nsw i32 %55, %62
  store i32 %63, i32* %16, align 4, !tbaa !19
  br label %64

64:                                               ; preds = %57, %54
  %65 = phi i32 [ %63, %57 ], [ %55, %54 ]
  tail call void @llvm.nvvm.barrier0()
  %66 = icmp slt i32 %4, 8
  br i1 %66, label %67, label %74

67:                                               ; preds = %64
  %68 = add nsw i32 %4, 8
  %69 = sext i32 %68 to i64
  %70 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %69
  %71 = addrspacecast i32 addrspace(3)* %70 to i32*
  %72 = load i32, i32* %71, align 4, !tbaa !19
  %73 = add nsw i32 %65, %72
  store i32 %73, i32* %16, align 4, !tbaa !19
  br label %74

74:                                               ; preds = %67, %64
  %75 = phi i32 [ %73, %67 ], [ %65, %64 ]
  tail call void @llvm.nvvm.barrier0()
  %76 = icmp slt i32 %4, 4
  br i1 %76, label %77, label %84

77:                                               ; preds = %74
  %78 = add nsw i32 %4, 4
  %79 = sext i32 %78 to i64
  %80 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %79
  %81 = addrspacecast i32 addrspace(3)* %80 to i32*
  %82 = load i32, i32* %81, align 4, !tbaa !19
  %83 = add nsw i32 %75, %82
  store i32 %83, i32* %16, align 4, !tbaa !19
  br label %84

84:                                               ; preds = %77, %74
  %85 = phi i32 [ %83, %77 ], [ %75, %74 ]
  tail call void @llvm.nvvm.barrier0()
  %86 = icmp slt i32 %4, 2
  br i1 %86, label %87, label %94

87:                                               ; preds = %84
  %88 = add nsw i32 %4, 2
  %89 = sext i32 %88 to i64
  %90 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %89
  %91 = addrspacecast i32 addrspace(3)* %90 to i32*
  %92 = load i32, i32* %91, align 4, !tbaa !19
  %93 = add nsw i32 %85, %92
  store i32 %93, i32* %16, align 4, !tbaa !19
  br label %94

94:                                               ; preds = %87, %84
  %95 = phi i32 [ %93, %87 ], [ %85, %84 ]
  tail call void @llvm.nvvm.barrier0()
  %96 = icmp slt i32 %4, 1
  br i1 %96, label %97, label %104

97:                                               ; preds = %94
  %98 = add nsw i32 %4, 1
  %99 = sext i32 %98 to i64
  %100 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial, i64 0, i64 %99
  %101 = addrspacecast i32 addrspace(3)* %100 to i32*
  %102 = load i32, i32* %101, align 4, !tbaa !19
  %103 = add nsw i32 %95, %102
  store i32 %103, i32* %16, align 4, !tbaa !19
  br label %104

104:                                              ; preds = %97, %94
  tail call void @llvm.nvvm.barrier0()
  %105 = icmp eq i32 %4, 0
  br i1 %105, label %106, label %110

106:                                              ; preds = %104
  %107 = zext i32 %5 to i64
  %108 = getelementptr inbounds i32, i32* %1, i64 %107
  %109 = load i32, i32* getelementptr inbounds ([256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial to [256 x i32]*), i64 0, i64 0), align 4, !tbaa !19
  store i32 %109, i32* %108, align 4, !tbaa !19
  br label %110

110:                                              ; preds = %106, %104
  ret void
}

; Function Attrs: convergent mustprogress nounwind
define dso_local noundef float @_Z8warp_sumf(float noundef %0) local_unnamed_addr #2 {
  %2 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %0, i32 16, i32 31) #7
  %3 = fadd contract float %2, %0
  %4 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %3, i32 8, i32 31) #7
  %5 = fadd contract float %3, %4
  %6 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %5, i32 4, i32 31) #7
  %7 = fadd contract float %5, %6
  %8 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %7, i32 2, i32 31) #7
  %9 = fadd contract float %7, %8
  %10 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %9, i32 1, i32 31) #7
  %11 = fadd contract float %9, %10
  ret float %11
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reduce_warp_shuffle(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7
  %6 = mul i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %8 = add i32 %6, %7
  %9 = and i32 %7, 31
  %10 = lshr i32 %7, 5
  %11 = icmp slt i32 %8, %2
  br i1 %11, label %12, label %16

12:                                               ; preds = %3
  %13 = sext i32 %8 to i64
  %14 = getelementptr inbounds float, float* %0, i64 %13
  %15 = load float, float* %14, align 4, !tbaa !13
  br label %16

16:                                               ; preds = %3, %12
  %17 = phi contract float [ %15, %12 ], [ 0.000000e+00, %3 ]
  %18 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %17, i32 16, i32 31) #7
  %19 = fadd contract float %17, %18
  %20 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %19, i32 8, i32 31) #7
  %21 = fadd contract float %19, %20
  %22 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %21, i32 4, i32 31) #7
  %23 = fadd contract float %21, %22
  %24 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %23, i32 2, i32 31) #7
  %25 = fadd contract float %23, %24
  %26 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %25, i32 1, i32 31) #7
  %27 = icmp eq i32 %9, 0
  br i1 %27, label %28, label %33

28:                                               ; preds = %16
  %29 = zext i32 %10 to i64
  %30 = getelementptr inbounds [32 x float], [32 x float] addrspace(3)* @_ZZ19reduce_warp_shuffleE9warp_sums, i64 0, i64 %29
  %31 = addrspacecast float addrspace(3)* %30 to float*
  %32 = fadd contract float %25, %26
  store float %32, float* %31, align 4, !tbaa !13
  br label %33

33:                                               ; preds = %28, %16
  tail call void @llvm.nvvm.barrier0()
  %34 = icmp ult i32 %7, 32
  br i1 %34, label %35, label %58

35:                                               ; preds = %33
  %36 = lshr i32 %5, 5
  %37 = icmp ult i32 %9, %36
  br i1 %37, label %38, label %43

38:                                               ; preds = %35
  %39 = zext i32 %9 to i64
  %40 = getelementptr inbounds [32 x float], [32 x float] addrspace(3)* @_ZZ19reduce_warp_shuffleE9warp_sums, i64 0, i64 %39
  %41 = addrspacecast float addrspace(3)* %40 to float*
  %42 = load float, float* %41, align 4, !tbaa !13
  br label %43

43:                                               ; preds = %35, %38
  %44 = phi contract float [ %42, %38 ], [ 0.000000e+00, %35 ]
  %45 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %44, i32 16, i32 31) #7
  %46 = fadd contract float %44, %45
  %47 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %46, i32 8, i32 31) #7
  %48 = fadd contract float %46, %47
  %49 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %48, i32 4, i32 31) #7
  %50 = fadd contract float %48, %49
  %51 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %50, i32 2, i32 31) #7
  %52 = fadd contract float %50, %51
  %53 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %52, i32 1, i32 31) #7
  br i1 %27, label %54, label %58

54:                                               ; preds = %43
  %55 = zext i32 %4 to i64
  %56 = getelementptr inbounds float, float* %1, i64 %55
  %57 = fadd contract float %52, %53
  store float %57, float* %56, align 4, !tbaa !13
  br label %58

58:                                               ; preds = %43, %54, %33
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @block_votes(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32* nocapture noundef writeonly %2, i32* nocapture noundef writeonly %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7
  %8 = mul i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %18

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds i32, i32* %0, i64 %13
  %15 = load i32, i32* %14, align 4, !tbaa !19
  %16 = icmp sgt i32 %15, 0
  %17 = zext i1 %16 to i32
  br label %18

18:                                               ; preds = %12, %5
  %19 = phi i32 [ 0, %5 ], [ %17, %12 ]
  %20 = tail call i32 @llvm.nvvm.barrier0.popc(i32 %19) #7
  %21 = tail call i32 @llvm.nvvm.barrier0.and(i32 %19) #7
  %22 = tail call i32 @llvm.nvvm.barrier0.or(i32 %19) #7
  %23 = icmp eq i32 %9, 0
  %24 = zext i32 %6 to i64
  br i1 %23, label %25, label %29

25:                                               ; preds = %18
  %26 = getelementptr inbounds i32, i32* %3, i64 %24
  %27 = getelementptr inbounds i32, i32* %2, i64 %24
  %28 = getelementptr inbounds i32, i32* %1, i64 %24
  store i32 %20, i32* %28, align 4, !tbaa !19
  store i32 %21, i32* %27, align 4, !tbaa !19
  store i32 %22, i32* %26, align 4, !tbaa !19
  br label %29

29:                                               ; preds = %25, %18
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @block_votes_after_returns(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32* nocapture noundef writeonly %2, i32* nocapture noundef writeonly %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7
  %8 = mul i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %10 = add i32 %8, %9
  %11 = urem i32 %9, 3
  %12 = icmp eq i32 %11, 0
  br i1 %12, label %32, label %13

13:                                               ; preds = %5
  %14 = icmp slt i32 %10, %4
  br i1 %14, label %15, label %21

15:                                               ; preds = %13
  %16 = sext i32 %10 to i64
  %17 = getelementptr inbounds i32, i32* %0, i64 %16
  %18 = load i32, i32* %17, align 4, !tbaa !19
  %19 = icmp sgt i32 %18, 0
  %20 = zext i1 %19 to i32
  br label %21

21:                                               ; preds = %15, %13
  %22 = phi i32 [ 0, %13 ], [ %20, %15 ]
  %23 = tail call i32 @llvm.nvvm.barrier0.popc(i32 %22) #7
  %24 = tail call i32 @llvm.nvvm.barrier0.and(i32 %22) #7
  %25 = tail call i32 @llvm.nvvm.barrier0.or(i32 %22) #7
  %26 = icmp eq i32 %9, 1
  %27 = zext i32 %6 to i64
  br i1 %26, label %28, label %32

28:                                               ; preds = %21
  %29 = getelementptr inbounds i32, i32* %3, i64 %27
  %30 = getelementptr inbounds i32, i32* %2, i64 %27
  %31 = getelementptr inbounds i32, i32* %1, i64 %27
  store i32 %23, i32* %31, align 4, !tbaa !19
  store i32 %24, i32* %30, align 4, !tbaa !19
  store i32 %25, i32* %29, align 4, !tbaa !19
  br label %32

32:                                               ; preds = %21, %28, %5
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @warp_flavours(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, float* nocapture noundef writeonly %2, i32* nocapture noundef writeonly %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7
  %7 = mul i32 %5, %6
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %9 = add i32 %7, %8
  %10 = and i32 %8, 31
  %11 = sext i32 %9 to i64
  %12 = getelementptr inbounds i32, i32* %0, i64 %11
  %13 = load i32, i32* %12, align 4, !tbaa !19
  %14 = sitofp i32 %13 to float
  %15 = fmul contract float %14, 5.000000e-01
  %16 = shl nsw i32 %9, 3
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds i32, i32* %1, i64 %17
  %19 = add i32 %8, 3
  %20 = and i32 %19, 31
  %21 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %13, i32 %20, i32 31) #7
  store i32 %21, i32* %18, align 4, !tbaa !19
  %22 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %13, i32 2, i32 0) #7
  %23 = getelementptr inbounds i32, i32* %18, i64 1
  store i32 %22, i32* %23, align 4, !tbaa !19
  %24 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %13, i32 5, i32 31) #7
  %25 = getelementptr inbounds i32, i32* %18, i64 2
  store i32 %24, i32* %25, align 4, !tbaa !19
  %26 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %13, i32 9, i32 31) #7
  %27 = getelementptr inbounds i32, i32* %18, i64 3
  store i32 %26, i32* %27, align 4, !tbaa !19
  %28 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %13, i32 6, i32 6175) #7
  %29 = getelementptr inbounds i32, i32* %18, i64 4
  store i32 %28, i32* %29, align 4, !tbaa !19
  %30 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %13, i32 1, i32 4096) #7
  %31 = getelementptr inbounds i32, i32* %18, i64 5
  store i32 %30, i32* %31, align 4, !tbaa !19
  %32 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %13, i32 3, i32 7199) #7
  %33 = getelementptr inbounds i32, i32* %18, i64 6
  store i32 %32, i32* %33, align 4, !tbaa !19
  %34 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %13, i32 2, i32 7199) #7
  %35 = getelementptr inbounds i32, i32* %18, i64 7
  store i32 %34, i32* %35, align 4, !tbaa !19
  %36 = shl nsw i32 %9, 2
  %37 = sext i32 %36 to i64
  %38 = getelementptr inbounds float, float* %2, i64 %37
  %39 = xor i32 %10, 31
  %40 = tail call contract float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %15, i32 %39, i32 31) #7
  store float %40, float* %38, align 4, !tbaa !13
  %41 = tail call contract float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %15, i32 7, i32 0) #7
  %42 = getelementptr inbounds float, float* %38, i64 1
  store float %41, float* %42, align 4, !tbaa !13
  %43 = tail call contract float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %15, i32 1, i32 31) #7
  %44 = getelementptr inbounds float, float* %38, i64 2
  store float %43, float* %44, align 4, !tbaa !13
  %45 = tail call contract float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %15, i32 16, i32 31) #7
  %46 = getelementptr inbounds float, float* %38, i64 3
  store float %45, float* %46, align 4, !tbaa !13
  %47 = and i32 %13, 1
  %48 = icmp ne i32 %47, 0
  %49 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %48) #7
  %50 = icmp sgt i32 %13, 1000
  %51 = tail call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %50) #7
  %52 = icmp sgt i32 %13, -1
  %53 = tail call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %52) #7
  %54 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true) #7
  %55 = icmp eq i32 %10, 0
  br i1 %55, label %56, label %66

56:                                               ; preds = %4
  %57 = zext i1 %53 to i32
  %58 = zext i1 %51 to i32
  %59 = sdiv i32 %9, 32
  %60 = shl nsw i32 %59, 2
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds i32, i32* %3, i64 %61
  store i32 %49, i32* %62, align 4, !tbaa !19
  %63 = getelementptr inbounds i32, i32* %62, i64 1
  store i32 %58, i32* %63, align 4, !tbaa !19
  %64 = getelementptr inbounds i32, i32* %62, i64 2
  store i32 %57, i32* %64, align 4, !tbaa !19
  %65 = getelementptr inbounds i32, i32* %62, i64 3
  store i32 %54, i32* %65, align 4, !tbaa !19
  br label %66

66:                                               ; preds = %56, %4
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @lookback_votes(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7
  %5 = mul i32 %3, %4
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %7 = add i32 %5, %6
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds i32, i32* %0, i64 %8
  %10 = load i32, i32* %9, align 4, !tbaa !19
  %11 = mul nsw i32 %7, 9
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds i32, i32* %1, i64 %12
  %14 = mul nsw i32 %7, 10
  %15 = call i32 @llvm.smax.i32(i32 %10, i32 1)
  %16 = bitcast i32* %13 to i8*
  call void @llvm.memset.p0i8.i64(i8* noundef nonnull align 4 dereferenceable(24) %16, i8 0, i64 24, i1 false)
  br label %17

17:                                               ; preds = %2, %33
  %18 = phi i32 [ %24, %33 ], [ -1, %2 ]
  %19 = phi i32 [ %36, %33 ], [ 0, %2 ]
  %20 = phi i32 [ %38, %33 ], [ 0, %2 ]
  %21 = phi i32 [ %22, %33 ], [ 0, %2 ]
  %22 = add nuw nsw i32 %21, 1
  %23 = icmp slt i32 %22, %10
  %24 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 %18, i1 %23) #7
  %25 = zext i32 %21 to i64
  %26 = getelementptr inbounds i32, i32* %13, i64 %25
  store i32 %24, i32* %26, align 4, !tbaa !19
  br label %27

27:                                               ; preds = %27, %17
  %28 = phi i32 [ 0, %17 ], [ %32, %27 ]
  %29 = shl nuw i32 1, %28
  %30 = and i32 %29, %18
  %31 = icmp eq i32 %30, 0
  %32 = add nuw nsw i32 %28, 1
  br i1 %31, label %27, label %33, !llvm.loop !22

33:                                               ; preds = %27
  %34 = add nsw i32 %21, %14
  %35 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %18, i32 %34, i32 %28, i32 31) #7
  %36 = add i32 %35, %19
  %37 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 %18, i1 true) #7
  %38 = xor i32 %37, %20
  %39 = icmp eq i32 %22, %15
  br i1 %39, label %40, label %17, !llvm.loop !23

40:                                               ; preds = %33
  %41 = getelementptr inbounds i32, i32* %13, i64 6
  store i32 %36, i32* %41, align 4, !tbaa !19
  %42 = srem i32 %7, 3
  %43 = icmp eq i32 %42, 0
  %44 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %43) #7
  %45 = getelementptr inbounds i32, i32* %13, i64 7
  store i32 %44, i32* %45, align 4, !tbaa !19
  %46 = getelementptr inbounds i32, i32* %13, i64 8
  store i32 %38, i32* %46, align 4, !tbaa !19
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @warp_halves(i32* nocapture noundef writeonly %0) local_unnamed_addr #0 {
  %2 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #7
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #7
  %4 = mul i32 %2, %3
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %6 = add i32 %4, %5
  %7 = and i32 %5, 31
  %8 = mul nsw i32 %6, 3
  %9 = sext i32 %8 to i64
  %10 = getelementptr inbounds i32, i32* %0, i64 %9
  %11 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true) #7
  switch i32 %7, label %15 [
    i32 19, label %12
    i32 16, label %12
  ]

12:                                               ; preds = %1, %1
  %13 = getelementptr inbounds i32, i32* %10, i64 2
  store i32 %11, i32* %13, align 4, !tbaa !19
  %14 = getelementptr inbounds i32, i32* %10, i64 1
  store i32 %11, i32* %14, align 4, !tbaa !19
  store i32 %11, i32* %10, align 4, !tbaa !19
  br label %36

15:                                               ; preds = %1
  %16 = icmp ult i32 %7, 16
  br i1 %16, label %17, label %26

17:                                               ; preds = %15
  tail call void @llvm.nvvm.bar.warp.sync(i32 65535) #7
  %18 = xor i32 %7, 1
  %19 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 65535, i32 %8, i32 %18, i32 31) #7
  store i32 %19, i32* %10, align 4, !tbaa !19
  %20 = and i32 %6, 1
  %21 = icmp eq i32 %20, 0
  %22 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 65535, i1 %21) #7
  %23 = getelementptr inbounds i32, i32* %10, i64 1
  store i32 %22, i32* %23, align 4, !tbaa !19
  %24 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 65535, i1 true) #7
  %25 = getelementptr inbounds i32, i32* %10, i64 2
  store i32 %24, i32* %25, align 4, !tbaa !19
  br label %36

26:                                               ; preds = %15
  tail call void @llvm.nvvm.bar.warp.sync(i32 -65536) #7
  %27 = mul nsw i32 %6, 5
  %28 = xor i32 %7, 3
  %29 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -65536, i32 %27, i32 %28, i32 31) #7
  store i32 %29, i32* %10, align 4, !tbaa !19
  %30 = and i32 %6, 3
  %31 = icmp eq i32 %30, 0
  %32 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -65536, i1 %31) #7
  %33 = getelementptr inbounds i32, i32* %10, i64 1
  store i32 %32, i32* %33, align 4, !tbaa !19
  %34 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -65536, i1 true) #7
  %35 = getelementptr inbounds i32, i32* %10, i64 2
  store i32 %34, i32* %35, align 4, !tbaa !19
  br label %36

36:                                               ; preds = %17, %26, %12
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @shuffle_without_its_lanes(i32* nocapture noundef writeonly %0) local_unnamed_addr #0 {
  %2 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #7
  %3 = srem i32 %2, 32
  %4 = icmp slt i32 %3, 16
  br i1 %4, label %5, label %8

5:                                                ; preds = %1
  %6 = add nsw i32 %3, 1
  %7 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %2, i32 %6, i32 31) #7
  br label %8

8:                                                ; preds = %5, %1
  %9 = phi i32 [ %7, %5 ], [ 0, %1 ]
  tail call void @llvm.nvvm.barrier0()
  %10 = sext i32 %2 to i64
  %11 = getelementptr inbounds i32, i32* %0, i64 %10
  store i32 %9, i32* %11, align 4, !tbaa !19
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3

; Function Attrs: convergent inaccessiblememonly nounwind
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32) #4

; Function Attrs: convergent nounwind
declare i32 @llvm.nvvm.barrier0.popc(i32) #1

; Function Attrs: convergent nounwind
declare i32 @llvm.nvvm.barrier0.and(i32) #1

; Function Attrs: convergent nounwind
declare i32 @llvm.nvvm.barrier0.or(i32) #1

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare float @llvm.nvvm.shfl.sync.up.f32(i32, float, i32, i32) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #4

; Function Attrs: convergent inaccessiblememonly nounwind
declare i1 @llvm.nvvm.vote.all.sync(i32, i1) #4

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.bar.warp.sync(i32) #1

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.smax.i32(i32, i32) #5

; Function Attrs: argmemonly nofree nounwind willreturn writeonly
declare void @llvm.memset.p0i8.i64(i8* nocapture writeonly, i8, i64, i1 immarg) #6

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent mustprogress nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { convergent inaccessiblememonly nounwind }
attributes #5 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #6 = { argmemonly nofree nounwind willreturn writeonly }
attributes #7 = { nounwind }

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8}
!llvm.module.flags = !{!9, !10, !11}
!llvm.ident = !{!12}

!0 = !{void (float*, float*, i32)* @reduce_dynamic, !"kernel", i32 1}
!1 = !{void (i32*, i32*, i32)* @reduce_static, !"kernel", i32 1}
!2 = !{void (float*, float*, i32)* @reduce_warp_shuffle, !"kernel", i32 1}
!3 = !{void (i32*, i32*, i32*, i32*, i32)* @block_votes, !"kernel", i32 1}
!4 = !{void (i32*, i32*, i32*, i32*, i32)* @block_votes_after_returns, !"kernel", i32 1}
!5 = !{void (i32*, i32*, float*, i32*)* @warp_flavours, !"kernel", i32 1}
!6 = !{void (i32*, i32*)* @lookback_votes, !"kernel", i32 1}
!7 = !{void (i32*)* @warp_halves, !"kernel", i32 1}
!8 = !{void (i32*)* @shuffle_without_its_lanes, !"kernel", i32 1}
!9 = !{i32 1, !"wchar_size", i32 4}
!10 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!11 = !{i32 7, !"frame-pointer", i32 2}
!12 = !{!"Debian clang version 14.0.6"}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !15, i64 0}
!15 = !{!"omnipotent char", !16, i64 0}
!16 = !{!"Simple C++ TBAA"}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
!19 = !{!20, !20, i64 0}
!20 = !{!"int", !15, i64 0}
!21 = distinct !{!21, !18}
!22 = distinct !{!22, !18}
!23 = distinct !{!23, !18}
