; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib --cuda-feature=+ptx88 -O2 -emit-llvm -S reduce.cu -o reduce.llvm22.ll
; ModuleID = 'reduce.cu'
source_filename = "reduce.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@partial = external dso_local local_unnamed_addr addrspace(3) global [0 x float], align 4
@_ZZ13reduce_staticE7partial = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ19reduce_warp_shuffleE9warp_sums = internal unnamed_addr addrspace(3) global [32 x float] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @reduce_dynamic(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = shl nuw nsw i32 %6, 1
  %8 = mul i32 %7, %5
  %9 = add i32 %8, %4
  %10 = icmp ult i32 %9, %2
  br i1 %10, label %11, label %15

11:                                               ; preds = %3
  %12 = zext i32 %9 to i64
  %13 = getelementptr inbounds nuw float, ptr %0, i64 %12
  %14 = load float, ptr %13, align 4, !tbaa !8
  br label %15

15:                                               ; preds = %11, %3
  %16 = phi float [ %14, %11 ], [ 0.000000e+00, %3 ]
  %17 = add i32 %9, %6
  %18 = icmp ult i32 %17, %2
  br i1 %18, label %19, label %24

19:                                               ; preds = %15
  %20 = zext i32 %17 to i64
  %21 = getelementptr inbounds nuw float, ptr %0, i64 %20
  %22 = load float, ptr %21, align 4, !tbaa !8
  %23 = fadd contract float %16, %22
  br label %24

24:                                               ; preds = %19, %15
  %25 = phi float [ %23, %19 ], [ %16, %15 ]
  %26 = zext nneg i32 %4 to i64
  %27 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @partial to ptr), i64 %26
  store float %25, ptr %27, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %28 = lshr i32 %6, 1
  %29 = icmp eq i32 %28, 0
  br i1 %29, label %30, label %32

30:                                               ; preds = %42, %24
  %31 = icmp eq i32 %4, 0
  br i1 %31, label %45, label %49

32:                                               ; preds = %24, %42
  %33 = phi i32 [ %43, %42 ], [ %28, %24 ]
  %34 = icmp samesign ult i32 %4, %33
  br i1 %34, label %35, label %42

35:                                               ; preds = %32
  %36 = add nuw nsw i32 %33, %4
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @partial to ptr), i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !8
  %40 = load float, ptr %27, align 4, !tbaa !8
  %41 = fadd contract float %39, %40
  store float %41, ptr %27, align 4, !tbaa !8
  br label %42

42:                                               ; preds = %35, %32
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %43 = lshr i32 %33, 1
  %44 = icmp eq i32 %43, 0
  br i1 %44, label %30, label %32, !llvm.loop !10

45:                                               ; preds = %30
  %46 = zext nneg i32 %5 to i64
  %47 = getelementptr inbounds nuw float, ptr %1, i64 %46
  %48 = load float, ptr addrspacecast (ptr addrspace(3) @partial to ptr), align 4, !tbaa !8
  store float %48, ptr %47, align 4, !tbaa !8
  br label %49

49:                                               ; preds = %45, %30
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @reduce_static(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 8
  %7 = add i32 %6, %4
  %8 = icmp slt i32 %7, %2
  br i1 %8, label %9, label %12

9:                                                ; preds = %3
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %11 = shl i32 %10, 8
  br label %17

12:                                               ; preds = %17, %3
  %13 = phi i32 [ 0, %3 ], [ %23, %17 ]
  %14 = zext nneg i32 %4 to i64
  %15 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %14
  store i32 %13, ptr %15, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %16 = icmp samesign ult i32 %4, 128
  br i1 %16, label %26, label %33

17:                                               ; preds = %9, %17
  %18 = phi i32 [ %7, %9 ], [ %24, %17 ]
  %19 = phi i32 [ 0, %9 ], [ %23, %17 ]
  %20 = sext i32 %18 to i64
  %21 = getelementptr inbounds i32, ptr %0, i64 %20
  %22 = load i32, ptr %21, align 4, !tbaa !4
  %23 = add nsw i32 %22, %19
  %24 = add i32 %18, %11
  %25 = icmp slt i32 %24, %2
  br i1 %25, label %17, label %12, !llvm.loop !12

26:                                               ; preds = %12
  %27 = zext nneg i32 %4 to i64
  %28 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %27
  %29 = getelementptr inbounds nuw i8, ptr %28, i64 512
  %30 = load i32, ptr %29, align 4, !tbaa !4
  %31 = load i32, ptr %15, align 4, !tbaa !4
  %32 = add nsw i32 %31, %30
  store i32 %32, ptr %15, align 4, !tbaa !4
  br label %33

33:                                               ; preds = %26, %12
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %34 = icmp samesign ult i32 %4, 64
  br i1 %34, label %35, label %42

35:                                               ; preds = %33
  %36 = zext nneg i32 %4 to i64
  %37 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %36
  %38 = getelementptr inbounds nuw i8, ptr %37, i64 256
  %39 = load i32, ptr %38, align 4, !tbaa !4
  %40 = load i32, ptr %15, align 4, !tbaa !4
  %41 = add nsw i32 %40, %39
  store i32 %41, ptr %15, align 4, !tbaa !4
  br label %42

42:                                               ; preds = %35, %33
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %43 = icmp samesign ult i32 %4, 32
  br i1 %43, label %44, label %51

44:                                               ; preds = %42
  %45 = zext nneg i32 %4 to i64
  %46 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %45
  %47 = getelementptr inbounds nuw i8, ptr %46, i64 128
  %48 = load i32, ptr %47, align 4, !tbaa !4
  %49 = load i32, ptr %15, align 4, !tbaa !4
  %50 = add nsw i32 %49, %48
  store i32 %50, ptr %15, align 4, !tbaa !4
  br label %51

51:                                               ; preds = %44, %42
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %52 = icmp samesign ult i32 %4, 16
  br i1 %52, label %53, label %60

53:                                               ; preds = %51
  %54 = zext nneg i32 %4 to i64
  %55 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %54
  %56 = getelementptr inbounds nuw i8, ptr %55, i64 64
  %57 = load i32, ptr %56, align 4, !tbaa !4
  %58 = load i32, ptr %15, align 4, !tbaa !4
  %59 = add nsw i32 %58, %57
  store i32 %59, ptr %15, align 4, !tbaa !4
  br label %60

60:                                               ; preds = %53, %51
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %61 = icmp samesign ult i32 %4, 8
  br i1 %61, label %62, label %69

62:                                               ; preds = %60
  %63 = zext nneg i32 %4 to i64
  %64 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %63
  %65 = getelementptr inbounds nuw i8, ptr %64, i64 32
  %66 = load i32, ptr %65, align 4, !tbaa !4
  %67 = load i32, ptr %15, align 4, !tbaa !4
  %68 = add nsw i32 %67, %66
  store i32 %68, ptr %15, align 4, !tbaa !4
  br label %69

69:                                               ; preds = %62, %60
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %70 = icmp samesign ult i32 %4, 4
  br i1 %70, label %71, label %78

71:                                               ; preds = %69
  %72 = zext nneg i32 %4 to i64
  %73 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %72
  %74 = getelementptr inbounds nuw i8, ptr %73, i64 16
  %75 = load i32, ptr %74, align 4, !tbaa !4
  %76 = load i32, ptr %15, align 4, !tbaa !4
  %77 = add nsw i32 %76, %75
  store i32 %77, ptr %15, align 4, !tbaa !4
  br label %78

78:                                               ; preds = %71, %69
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %79 = icmp samesign ult i32 %4, 2
  br i1 %79, label %80, label %87

80:                                               ; preds = %78
  %81 = zext nneg i32 %4 to i64
  %82 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 %81
  %83 = getelementptr inbounds nuw i8, ptr %82, i64 8
  %84 = load i32, ptr %83, align 4, !tbaa !4
  %85 = load i32, ptr %15, align 4, !tbaa !4
  %86 = add nsw i32 %85, %84
  store i32 %86, ptr %15, align 4, !tbaa !4
  br label %87

87:                                               ; preds = %80, %78
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %88 = icmp eq i32 %4, 0
  br i1 %88, label %89, label %93

89:                                               ; preds = %87
  %90 = load i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), i64 4), align 4, !tbaa !4
  %91 = load i32, ptr %15, align 4, !tbaa !4
  %92 = add nsw i32 %91, %90
  store i32 %92, ptr %15, align 4, !tbaa !4
  br label %93

93:                                               ; preds = %89, %87
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %94 = icmp eq i32 %4, 0
  br i1 %94, label %95, label %99

95:                                               ; preds = %93
  %96 = zext nneg i32 %5 to i64
  %97 = getelementptr inbounds nuw i32, ptr %1, i64 %96
  %98 = load i32, ptr addrspacecast (ptr addrspace(3) @_ZZ13reduce_staticE7partial to ptr), align 4, !tbaa !4
  store i32 %98, ptr %97, align 4, !tbaa !4
  br label %99

99:                                               ; preds = %95, %93
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind memory(inaccessiblemem: readwrite)
define dso_local noundef float @_Z8warp_sumf(float noundef %0) local_unnamed_addr #2 {
  %2 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %0, i32 range(i32 1, -2147483648) 16, i32 31)
  %3 = fadd contract float %0, %2
  %4 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %3, i32 range(i32 1, -2147483648) 8, i32 31)
  %5 = fadd contract float %3, %4
  %6 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %5, i32 range(i32 1, -2147483648) 4, i32 31)
  %7 = fadd contract float %5, %6
  %8 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %7, i32 range(i32 1, -2147483648) 2, i32 31)
  %9 = fadd contract float %7, %8
  %10 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %9, i32 range(i32 1, -2147483648) 1, i32 31)
  %11 = fadd contract float %9, %10
  ret float %11
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @reduce_warp_shuffle(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = and i32 %7, 31
  %10 = lshr i32 %7, 5
  %11 = icmp slt i32 %8, %2
  br i1 %11, label %12, label %16

12:                                               ; preds = %3
  %13 = sext i32 %8 to i64
  %14 = getelementptr inbounds float, ptr %0, i64 %13
  %15 = load float, ptr %14, align 4, !tbaa !8
  br label %16

16:                                               ; preds = %3, %12
  %17 = phi contract float [ %15, %12 ], [ 0.000000e+00, %3 ]
  %18 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %17, i32 range(i32 1, -2147483648) 16, i32 31)
  %19 = fadd contract float %17, %18
  %20 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %19, i32 range(i32 1, -2147483648) 8, i32 31)
  %21 = fadd contract float %19, %20
  %22 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %21, i32 range(i32 1, -2147483648) 4, i32 31)
  %23 = fadd contract float %21, %22
  %24 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %23, i32 range(i32 1, -2147483648) 2, i32 31)
  %25 = fadd contract float %23, %24
  %26 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %25, i32 range(i32 1, -2147483648) 1, i32 31)
  %27 = icmp eq i32 %9, 0
  br i1 %27, label %28, label %32

28:                                               ; preds = %16
  %29 = zext nneg i32 %10 to i64
  %30 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ19reduce_warp_shuffleE9warp_sums to ptr), i64 %29
  %31 = fadd contract float %25, %26
  store float %31, ptr %30, align 4, !tbaa !8
  br label %32

32:                                               ; preds = %28, %16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %33 = icmp eq i32 %10, 0
  br i1 %33, label %34, label %56

34:                                               ; preds = %32
  %35 = lshr i32 %5, 5
  %36 = icmp samesign ult i32 %9, %35
  br i1 %36, label %37, label %41

37:                                               ; preds = %34
  %38 = zext nneg i32 %9 to i64
  %39 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ19reduce_warp_shuffleE9warp_sums to ptr), i64 %38
  %40 = load float, ptr %39, align 4, !tbaa !8
  br label %41

41:                                               ; preds = %34, %37
  %42 = phi contract float [ %40, %37 ], [ 0.000000e+00, %34 ]
  %43 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %42, i32 range(i32 1, -2147483648) 16, i32 31)
  %44 = fadd contract float %42, %43
  %45 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %44, i32 range(i32 1, -2147483648) 8, i32 31)
  %46 = fadd contract float %44, %45
  %47 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %46, i32 range(i32 1, -2147483648) 4, i32 31)
  %48 = fadd contract float %46, %47
  %49 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %48, i32 range(i32 1, -2147483648) 2, i32 31)
  %50 = fadd contract float %48, %49
  %51 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %50, i32 range(i32 1, -2147483648) 1, i32 31)
  br i1 %27, label %52, label %56

52:                                               ; preds = %41
  %53 = zext nneg i32 %4 to i64
  %54 = getelementptr inbounds nuw float, ptr %1, i64 %53
  %55 = fadd contract float %50, %51
  store float %55, ptr %54, align 4, !tbaa !8
  br label %56

56:                                               ; preds = %41, %52, %32
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @block_votes(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, ptr noundef writeonly captures(none) %2, ptr noundef writeonly captures(none) %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %4
  br i1 %11, label %12, label %17

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds i32, ptr %0, i64 %13
  %15 = load i32, ptr %14, align 4, !tbaa !4
  %16 = icmp sgt i32 %15, 0
  br label %17

17:                                               ; preds = %12, %5
  %18 = phi i1 [ false, %5 ], [ %16, %12 ]
  %19 = tail call noundef i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %18)
  %20 = tail call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 %18)
  %21 = tail call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 %18)
  %22 = icmp eq i32 %9, 0
  br i1 %22, label %23, label %30

23:                                               ; preds = %17
  %24 = zext nneg i32 %6 to i64
  %25 = getelementptr inbounds nuw i32, ptr %3, i64 %24
  %26 = getelementptr inbounds nuw i32, ptr %2, i64 %24
  %27 = getelementptr inbounds nuw i32, ptr %1, i64 %24
  %28 = zext i1 %21 to i32
  %29 = zext i1 %20 to i32
  store i32 %19, ptr %27, align 4, !tbaa !4
  store i32 %29, ptr %26, align 4, !tbaa !4
  store i32 %28, ptr %25, align 4, !tbaa !4
  br label %30

30:                                               ; preds = %23, %17
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @block_votes_after_returns(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, ptr noundef writeonly captures(none) %2, ptr noundef writeonly captures(none) %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = trunc nuw nsw i32 %7 to i16
  %9 = urem i16 %8, 3
  %10 = icmp eq i16 %9, 0
  br i1 %10, label %34, label %11

11:                                               ; preds = %5
  %12 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %13 = mul i32 %6, %12
  %14 = add i32 %13, %7
  %15 = icmp slt i32 %14, %4
  br i1 %15, label %16, label %21

16:                                               ; preds = %11
  %17 = sext i32 %14 to i64
  %18 = getelementptr inbounds i32, ptr %0, i64 %17
  %19 = load i32, ptr %18, align 4, !tbaa !4
  %20 = icmp sgt i32 %19, 0
  br label %21

21:                                               ; preds = %16, %11
  %22 = phi i1 [ false, %11 ], [ %20, %16 ]
  %23 = tail call noundef i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %22)
  %24 = tail call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 %22)
  %25 = tail call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 %22)
  %26 = icmp eq i32 %7, 1
  br i1 %26, label %27, label %34

27:                                               ; preds = %21
  %28 = zext nneg i32 %6 to i64
  %29 = getelementptr inbounds nuw i32, ptr %3, i64 %28
  %30 = getelementptr inbounds nuw i32, ptr %2, i64 %28
  %31 = getelementptr inbounds nuw i32, ptr %1, i64 %28
  %32 = zext i1 %25 to i32
  %33 = zext i1 %24 to i32
  store i32 %23, ptr %31, align 4, !tbaa !4
  store i32 %33, ptr %30, align 4, !tbaa !4
  store i32 %32, ptr %29, align 4, !tbaa !4
  br label %34

34:                                               ; preds = %21, %27, %5
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local ptx_kernel void @warp_flavours(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, ptr noundef writeonly captures(none) %2, ptr noundef writeonly captures(none) %3) local_unnamed_addr #3 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = and i32 %8, 31
  %11 = sext i32 %9 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !4
  %14 = sitofp i32 %13 to float
  %15 = fmul contract float %14, 5.000000e-01
  %16 = shl nsw i32 %9, 3
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds i32, ptr %1, i64 %17
  %19 = add nuw nsw i32 %8, 3
  %20 = and i32 %19, 31
  %21 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %13, i32 %20, i32 31)
  store i32 %21, ptr %18, align 4, !tbaa !4
  %22 = tail call noundef i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %13, i32 2, i32 0)
  %23 = getelementptr inbounds nuw i8, ptr %18, i64 4
  store i32 %22, ptr %23, align 4, !tbaa !4
  %24 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %13, i32 5, i32 31)
  %25 = getelementptr inbounds nuw i8, ptr %18, i64 8
  store i32 %24, ptr %25, align 4, !tbaa !4
  %26 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %13, i32 9, i32 31)
  %27 = getelementptr inbounds nuw i8, ptr %18, i64 12
  store i32 %26, ptr %27, align 4, !tbaa !4
  %28 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %13, i32 6, i32 6175)
  %29 = getelementptr inbounds nuw i8, ptr %18, i64 16
  store i32 %28, ptr %29, align 4, !tbaa !4
  %30 = tail call noundef i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %13, i32 1, i32 4096)
  %31 = getelementptr inbounds nuw i8, ptr %18, i64 20
  store i32 %30, ptr %31, align 4, !tbaa !4
  %32 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %13, i32 3, i32 7199)
  %33 = getelementptr inbounds nuw i8, ptr %18, i64 24
  store i32 %32, ptr %33, align 4, !tbaa !4
  %34 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %13, i32 2, i32 7199)
  %35 = getelementptr inbounds nuw i8, ptr %18, i64 28
  store i32 %34, ptr %35, align 4, !tbaa !4
  %36 = shl nsw i32 %9, 2
  %37 = sext i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %2, i64 %37
  %39 = xor i32 %10, 31
  %40 = tail call contract noundef float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %15, i32 range(i32 0, 32) %39, i32 31)
  store float %40, ptr %38, align 4, !tbaa !8
  %41 = tail call contract noundef float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %15, i32 7, i32 0)
  %42 = getelementptr inbounds nuw i8, ptr %38, i64 4
  store float %41, ptr %42, align 4, !tbaa !8
  %43 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %15, i32 1, i32 31)
  %44 = getelementptr inbounds nuw i8, ptr %38, i64 8
  store float %43, ptr %44, align 4, !tbaa !8
  %45 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %15, i32 16, i32 31)
  %46 = getelementptr inbounds nuw i8, ptr %38, i64 12
  store float %45, ptr %46, align 4, !tbaa !8
  %47 = and i32 %13, 1
  %48 = icmp ne i32 %47, 0
  %49 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %48)
  %50 = icmp sgt i32 %13, 1000
  %51 = tail call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %50)
  %52 = icmp sgt i32 %13, -1
  %53 = tail call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %52)
  %54 = tail call noundef i32 @llvm.nvvm.activemask()
  %55 = icmp eq i32 %10, 0
  br i1 %55, label %56, label %66

56:                                               ; preds = %4
  %57 = zext i1 %53 to i32
  %58 = zext i1 %51 to i32
  %59 = sdiv i32 %9, 32
  %60 = shl nsw i32 %59, 2
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds i32, ptr %3, i64 %61
  store i32 %49, ptr %62, align 4, !tbaa !4
  %63 = getelementptr inbounds nuw i8, ptr %62, i64 4
  store i32 %58, ptr %63, align 4, !tbaa !4
  %64 = getelementptr inbounds nuw i8, ptr %62, i64 8
  store i32 %57, ptr %64, align 4, !tbaa !4
  %65 = getelementptr inbounds nuw i8, ptr %62, i64 12
  store i32 %54, ptr %65, align 4, !tbaa !4
  br label %66

66:                                               ; preds = %56, %4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local ptx_kernel void @lookback_votes(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1) local_unnamed_addr #3 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr %0, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !4
  %11 = mul nsw i32 %7, 9
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds i32, ptr %1, i64 %12
  %14 = mul nsw i32 %7, 10
  %15 = tail call i32 @llvm.smax.i32(i32 %10, i32 1)
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 4 dereferenceable(24) %13, i8 0, i64 24, i1 false)
  br label %16

16:                                               ; preds = %2, %32
  %17 = phi i32 [ %23, %32 ], [ -1, %2 ]
  %18 = phi i32 [ %35, %32 ], [ 0, %2 ]
  %19 = phi i32 [ %37, %32 ], [ 0, %2 ]
  %20 = phi i32 [ %21, %32 ], [ 0, %2 ]
  %21 = add nuw nsw i32 %20, 1
  %22 = icmp slt i32 %21, %10
  %23 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 %17, i1 %22)
  %24 = zext nneg i32 %20 to i64
  %25 = getelementptr inbounds nuw i32, ptr %13, i64 %24
  store i32 %23, ptr %25, align 4, !tbaa !4
  br label %26

26:                                               ; preds = %26, %16
  %27 = phi i32 [ 0, %16 ], [ %31, %26 ]
  %28 = shl nuw i32 1, %27
  %29 = and i32 %28, %17
  %30 = icmp eq i32 %29, 0
  %31 = add nuw nsw i32 %27, 1
  br i1 %30, label %26, label %32, !llvm.loop !13

32:                                               ; preds = %26
  %33 = add nsw i32 %20, %14
  %34 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %17, i32 %33, i32 %27, i32 31)
  %35 = add i32 %34, %18
  %36 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 %17, i1 true)
  %37 = xor i32 %36, %19
  %38 = icmp eq i32 %21, %15
  br i1 %38, label %39, label %16, !llvm.loop !14

39:                                               ; preds = %32
  %40 = getelementptr inbounds nuw i8, ptr %13, i64 24
  store i32 %35, ptr %40, align 4, !tbaa !4
  %41 = srem i32 %7, 3
  %42 = icmp eq i32 %41, 0
  %43 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %42)
  %44 = getelementptr inbounds nuw i8, ptr %13, i64 28
  store i32 %43, ptr %44, align 4, !tbaa !4
  %45 = getelementptr inbounds nuw i8, ptr %13, i64 32
  store i32 %37, ptr %45, align 4, !tbaa !4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @warp_halves(ptr noundef writeonly captures(none) %0) local_unnamed_addr #0 {
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %4 = mul i32 %2, %3
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = add i32 %4, %5
  %7 = and i32 %5, 31
  %8 = mul nsw i32 %6, 3
  %9 = sext i32 %8 to i64
  %10 = getelementptr inbounds i32, ptr %0, i64 %9
  %11 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true)
  switch i32 %7, label %15 [
    i32 19, label %12
    i32 16, label %12
  ]

12:                                               ; preds = %1, %1
  %13 = getelementptr inbounds nuw i8, ptr %10, i64 8
  store i32 %11, ptr %13, align 4, !tbaa !4
  %14 = getelementptr inbounds nuw i8, ptr %10, i64 4
  store i32 %11, ptr %14, align 4, !tbaa !4
  store i32 %11, ptr %10, align 4, !tbaa !4
  br label %36

15:                                               ; preds = %1
  %16 = icmp samesign ult i32 %7, 16
  br i1 %16, label %17, label %26

17:                                               ; preds = %15
  tail call void @llvm.nvvm.bar.warp.sync(i32 65535)
  %18 = xor i32 %7, 1
  %19 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 65535, i32 %8, i32 %18, i32 31)
  store i32 %19, ptr %10, align 4, !tbaa !4
  %20 = and i32 %6, 1
  %21 = icmp eq i32 %20, 0
  %22 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 65535, i1 %21)
  %23 = getelementptr inbounds nuw i8, ptr %10, i64 4
  store i32 %22, ptr %23, align 4, !tbaa !4
  %24 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 65535, i1 true)
  %25 = getelementptr inbounds nuw i8, ptr %10, i64 8
  store i32 %24, ptr %25, align 4, !tbaa !4
  br label %36

26:                                               ; preds = %15
  tail call void @llvm.nvvm.bar.warp.sync(i32 -65536)
  %27 = mul nsw i32 %6, 5
  %28 = xor i32 %7, 3
  %29 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -65536, i32 %27, i32 %28, i32 31)
  store i32 %29, ptr %10, align 4, !tbaa !4
  %30 = and i32 %6, 3
  %31 = icmp eq i32 %30, 0
  %32 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -65536, i1 %31)
  %33 = getelementptr inbounds nuw i8, ptr %10, i64 4
  store i32 %32, ptr %33, align 4, !tbaa !4
  %34 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -65536, i1 true)
  %35 = getelementptr inbounds nuw i8, ptr %10, i64 8
  store i32 %34, ptr %35, align 4, !tbaa !4
  br label %36

36:                                               ; preds = %17, %26, %12
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @shuffle_without_its_lanes(ptr noundef writeonly captures(none) %0) local_unnamed_addr #0 {
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = and i32 %2, 31
  %4 = icmp samesign ult i32 %3, 16
  br i1 %4, label %5, label %8

5:                                                ; preds = %1
  %6 = add nuw nsw i32 %3, 1
  %7 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %2, i32 %6, i32 31)
  br label %8

8:                                                ; preds = %5, %1
  %9 = phi i32 [ %7, %5 ], [ 0, %1 ]
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %10 = zext nneg i32 %2 to i64
  %11 = getelementptr inbounds nuw i32, ptr %0, i64 %10
  store i32 %9, ptr %11, align 4, !tbaa !4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #4

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32) #5

; Function Attrs: convergent nocallback nounwind
declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1) #1

; Function Attrs: convergent nocallback nounwind
declare i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32, i1) #1

; Function Attrs: convergent nocallback nounwind
declare i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32, i1) #1

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare float @llvm.nvvm.shfl.sync.up.f32(i32, float, i32, i32) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1) #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.activemask() #5

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.bar.warp.sync(i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #6

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #7

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { convergent mustprogress norecurse nounwind memory(inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" }
attributes #3 = { convergent mustprogress noinline norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #4 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #6 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { nocallback nofree nounwind willreturn memory(argmem: write) }

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
!12 = distinct !{!12, !11}
!13 = distinct !{!13, !11}
!14 = distinct !{!14, !11}
