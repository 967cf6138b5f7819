; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O0 -emit-llvm -S reduce.cu -o reduce.O0.llvm14.ll
; ModuleID = 'reduce.cu'
source_filename = "reduce.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_threadIdx_t = type { i8 }
%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_gridDim_t = type { i8 }

@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@partial = external dso_local addrspace(3) global [0 x float], align 4
@_ZZ13reduce_staticE7partial = internal addrspace(3) global [256 x i32] undef, align 4
@gridDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_gridDim_t, align 1
@_ZZ19reduce_warp_shuffleE9warp_sums = internal addrspace(3) global [32 x float] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @reduce_dynamic(float* noundef %0, float* noundef %1, i32 noundef %2) #0 {
  %4 = alloca float*, align 8
  %5 = alloca float*, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca float, align 4
  %10 = alloca i32, align 4
  store float* %0, float** %4, align 8
  store float* %1, float** %5, align 8
  store i32 %2, i32* %6, align 4
  %11 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  store i32 %11, i32* %7, align 4
  %12 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %13 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %14 = mul i32 %12, %13
  %15 = mul i32 %14, 2
  %16 = load i32, i32* %7, align 4
  %17 = add i32 %15, %16
  store i32 %17, i32* %8, align 4
  store float 0.000000e+00, float* %9, align 4
  %18 = load i32, i32* %8, align 4
  %19 = load i32, i32* %6, align 4
  %20 = icmp ult i32 %18, %19
  br i1 %20, label %21, label %27

21:                                               ; preds = %3
  %22 = load float*, float** %4, align 8
  %23 = load i32, i32* %8, align 4
  %24 = zext i32 %23 to i64
  %25 = getelementptr inbounds float, float* %22, i64 %24
  %26 = load float, float* %25, align 4
  store float %26, float* %9, align 4
  br label %27

27:                                               ; preds = %21, %3
  %28 = load i32, i32* %8, align 4
  %29 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %30 = add i32 %28, %29
  %31 = load i32, i32* %6, align 4
  %32 = icmp ult i32 %30, %31
  br i1 %32, label %33, label %43

33:                                               ; preds = %27
  %34 = load float*, float** %4, align 8
  %35 = load i32, i32* %8, align 4
  %36 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %37 = add i32 %35, %36
  %38 = zext i32 %37 to i64
  %39 = getelementptr inbounds float, float* %34, i64 %38
  %40 = load float, float* %39, align 4
  %41 = load float, float* %9, align 4
  %42 = fadd contract float %41, %40
  store float %42, float* %9, align 4
  br label %43

43:                                               ; preds = %33, %27
  %44 = load float, float* %9, align 4
  %45 = load i32, i32* %7, align 4
  %46 = zext i32 %45 to i64
  %47 = getelementptr inbounds [0 x float], [0 x float]* addrspacecast ([0 x float] addrspace(3)* @partial to [0 x float]*), i64 0, i64 %46
  store float %44, float* %47, align 4
  call void @llvm.nvvm.barrier0()
  %48 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %49 = udiv i32 %48, 2
  store i32 %49, i32* %10, align 4
  br label %50

50:                                               ; preds = %70, %43
  %51 = load i32, i32* %10, align 4
  %52 = icmp ugt i32 %51, 0
  br i1 %52, label %53, label %73

53:                                               ; preds = %50
  %54 = load i32, i32* %7, align 4
  %55 = load i32, i32* %10, align 4
  %56 = icmp ult i32 %54, %55
  br i1 %56, label %57, label %69

57:                                               ; preds = %53
  %58 = load i32, i32* %7, align 4
  %59 = load i32, i32* %10, align 4
  %60 = add i32 %58, %59
  %61 = zext i32 %60 to i64
  %62 = getelementptr inbounds [0 x float], [0 x float]* addrspacecast ([0 x float] addrspace(3)* @partial to [0 x float]*), i64 0, i64 %61
  %63 = load float, float* %62, align 4
  %64 = load i32, i32* %7, align 4
  %65 = zext i32 %64 to i64
  %66 = getelementptr inbounds [0 x float], [0 x float]* addrspacecast ([0 x float] addrspace(3)* @partial to [0 x float]*), i64 0, i64 %65
  %67 = load float, float* %66, align 4
  %68 = fadd contract float %67, %63
  store float %68, float* %66, align 4
  br label %69

69:                                               ; preds = %57, %53
  call void @llvm.nvvm.barrier0()
  br label %70

70:                                               ; preds = %69
  %71 = load i32, i32* %10, align 4
  %72 = lshr i32 %71, 1
  store i32 %72, i32* %10, align 4
  br label %50, !llvm.loop !13

73:                                               ; preds = %50
  %74 = load i32, i32* %7, align 4
  %75 = icmp eq i32 %74, 0
  br i1 %75, label %76, label %82

76:                                               ; preds = %73
  %77 = load float, float* getelementptr inbounds ([0 x float], [0 x float]* addrspacecast ([0 x float] addrspace(3)* @partial to [0 x float]*), i64 0, i64 0), align 4
  %78 = load float*, float** %5, align 8
  %79 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %80 = zext i32 %79 to i64
  %81 = getelementptr inbounds float, float* %78, i64 %80
  store float %77, float* %81, align 4
  br label %82

82:                                               ; preds = %76, %73
  ret void
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @reduce_static(i32* noundef %0, i32* noundef %1, i32 noundef %2) #0 {
  %4 = alloca i32*, align 8
  %5 = alloca i32*, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  store i32* %0, i32** %4, align 8
  store i32* %1, i32** %5, align 8
  store i32 %2, i32* %6, align 4
  %11 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  store i32 %11, i32* %7, align 4
  store i32 0, i32* %8, align 4
  %12 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %13 = mul i32 %12, 256
  %14 = load i32, i32* %7, align 4
  %15 = add i32 %13, %14
  store i32 %15, i32* %9, align 4
  br label %16

16:                                               ; preds = %28, %3
  %17 = load i32, i32* %9, align 4
  %18 = load i32, i32* %6, align 4
  %19 = icmp slt i32 %17, %18
  br i1 %19, label %20, label %33

20:                                               ; preds = %16
  %21 = load i32*, i32** %4, align 8
  %22 = load i32, i32* %9, align 4
  %23 = sext i32 %22 to i64
  %24 = getelementptr inbounds i32, i32* %21, i64 %23
  %25 = load i32, i32* %24, align 4
  %26 = load i32, i32* %8, align 4
  %27 = add nsw i32 %26, %25
  store i32 %27, i32* %8, align 4
  br label %28

28:                                               ; preds = %20
  %29 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #5
  %30 = mul i32 256, %29
  %31 = load i32, i32* %9, align 4
  %32 = add i32 %31, %30
  store i32 %32, i32* %9, align 4
  br label %16, !llvm.loop !15

33:                                               ; preds = %16
  %34 = load i32, i32* %8, align 4
  %35 = load i32, i32* %7, align 4
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds [256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial to [256 x i32]*), i64 0, i64 %36
  store i32 %34, i32* %37, align 4
  call void @llvm.nvvm.barrier0()
  store i32 128, i32* %10, align 4
  br label %38

38:                                               ; preds = %58, %33
  %39 = load i32, i32* %10, align 4
  %40 = icmp sgt i32 %39, 0
  br i1 %40, label %41, label %61

41:                                               ; preds = %38
  %42 = load i32, i32* %7, align 4
  %43 = load i32, i32* %10, align 4
  %44 = icmp slt i32 %42, %43
  br i1 %44, label %45, label %57

45:                                               ; preds = %41
  %46 = load i32, i32* %7, align 4
  %47 = load i32, i32* %10, align 4
  %48 = add nsw i32 %46, %47
  %49 = sext i32 %48 to i64
  %50 = getelementptr inbounds [256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial to [256 x i32]*), i64 0, i64 %49
  %51 = load i32, i32* %50, align 4
  %52 = load i32, i32* %7, align 4
  %53 = sext i32 %52 to i64
  %54 = getelementptr inbounds [256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial to [256 x i32]*), i64 0, i64 %53
  %55 = load i32, i32* %54, align 4
  %56 = add nsw i32 %55, %51
  store i32 %56, i32* %54, align 4
  br label %57

57:                                               ; preds = %45, %41
  call void @llvm.nvvm.barrier0()
  br label %58

58:                                               ; preds = %57
  %59 = load i32, i32* %10, align 4
  %60 = sdiv i32 %59, 2
  store i32 %60, i32* %10, align 4
  br label %38, !llvm.loop !16

61:                                               ; preds = %38
  %62 = load i32, i32* %7, align 4
  %63 = icmp eq i32 %62, 0
  br i1 %63, label %64, label %70

64:                                               ; preds = %61
  %65 = load i32, i32* getelementptr inbounds ([256 x i32], [256 x i32]* addrspacecast ([256 x i32] addrspace(3)* @_ZZ13reduce_staticE7partial to [256 x i32]*), i64 0, i64 0), align 4
  %66 = load i32*, i32** %5, align 8
  %67 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %68 = zext i32 %67 to i64
  %69 = getelementptr inbounds i32, i32* %66, i64 %68
  store i32 %65, i32* %69, align 4
  br label %70

70:                                               ; preds = %64, %61
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define dso_local noundef float @_Z8warp_sumf(float noundef %0) #2 {
  %2 = alloca i32, align 4
  %3 = alloca float, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca float, align 4
  %7 = alloca i32, align 4
  store float %0, float* %6, align 4
  store i32 16, i32* %7, align 4
  br label %8

8:                                                ; preds = %24, %1
  %9 = load i32, i32* %7, align 4
  %10 = icmp sgt i32 %9, 0
  br i1 %10, label %11, label %27

11:                                               ; preds = %8
  %12 = load float, float* %6, align 4
  %13 = load i32, i32* %7, align 4
  store i32 -1, i32* %2, align 4
  store float %12, float* %3, align 4
  store i32 %13, i32* %4, align 4
  store i32 32, i32* %5, align 4
  %14 = load i32, i32* %2, align 4
  %15 = load float, float* %3, align 4
  %16 = load i32, i32* %4, align 4
  %17 = load i32, i32* %5, align 4
  %18 = sub nsw i32 32, %17
  %19 = shl i32 %18, 8
  %20 = or i32 %19, 31
  %21 = call contract float @llvm.nvvm.shfl.sync.down.f32(i32 %14, float %15, i32 %16, i32 %20) #5
  %22 = load float, float* %6, align 4
  %23 = fadd contract float %22, %21
  store float %23, float* %6, align 4
  br label %24

24:                                               ; preds = %11
  %25 = load i32, i32* %7, align 4
  %26 = sdiv i32 %25, 2
  store i32 %26, i32* %7, align 4
  br label %8, !llvm.loop !17

27:                                               ; preds = %8
  %28 = load float, float* %6, align 4
  ret float %28
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @reduce_warp_shuffle(float* noundef %0, float* noundef %1, i32 noundef %2) #0 {
  %4 = alloca float*, align 8
  %5 = alloca float*, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca float, align 4
  store float* %0, float** %4, align 8
  store float* %1, float** %5, align 8
  store i32 %2, i32* %6, align 4
  %11 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %12 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %13 = mul i32 %11, %12
  %14 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %15 = add i32 %13, %14
  store i32 %15, i32* %7, align 4
  %16 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %17 = urem i32 %16, 32
  store i32 %17, i32* %8, align 4
  %18 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %19 = udiv i32 %18, 32
  store i32 %19, i32* %9, align 4
  %20 = load i32, i32* %7, align 4
  %21 = load i32, i32* %6, align 4
  %22 = icmp slt i32 %20, %21
  br i1 %22, label %23, label %29

23:                                               ; preds = %3
  %24 = load float*, float** %4, align 8
  %25 = load i32, i32* %7, align 4
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds float, float* %24, i64 %26
  %28 = load float, float* %27, align 4
  br label %30

29:                                               ; preds = %3
  br label %30

30:                                               ; preds = %29, %23
  %31 = phi contract float [ %28, %23 ], [ 0.000000e+00, %29 ]
  %32 = call contract noundef float @_Z8warp_sumf(float noundef %31) #1
  store float %32, float* %10, align 4
  %33 = load i32, i32* %8, align 4
  %34 = icmp eq i32 %33, 0
  br i1 %34, label %35, label %40

35:                                               ; preds = %30
  %36 = load float, float* %10, align 4
  %37 = load i32, i32* %9, align 4
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds [32 x float], [32 x float]* addrspacecast ([32 x float] addrspace(3)* @_ZZ19reduce_warp_shuffleE9warp_sums to [32 x float]*), i64 0, i64 %38
  store float %36, float* %39, align 4
  br label %40

40:                                               ; preds = %35, %30
  call void @llvm.nvvm.barrier0()
  %41 = load i32, i32* %9, align 4
  %42 = icmp eq i32 %41, 0
  br i1 %42, label %43, label %66

43:                                               ; preds = %40
  %44 = load i32, i32* %8, align 4
  %45 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %46 = udiv i32 %45, 32
  %47 = icmp ult i32 %44, %46
  br i1 %47, label %48, label %53

48:                                               ; preds = %43
  %49 = load i32, i32* %8, align 4
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds [32 x float], [32 x float]* addrspacecast ([32 x float] addrspace(3)* @_ZZ19reduce_warp_shuffleE9warp_sums to [32 x float]*), i64 0, i64 %50
  %52 = load float, float* %51, align 4
  br label %54

53:                                               ; preds = %43
  br label %54

54:                                               ; preds = %53, %48
  %55 = phi contract float [ %52, %48 ], [ 0.000000e+00, %53 ]
  %56 = call contract noundef float @_Z8warp_sumf(float noundef %55) #1
  store float %56, float* %10, align 4
  %57 = load i32, i32* %8, align 4
  %58 = icmp eq i32 %57, 0
  br i1 %58, label %59, label %65

59:                                               ; preds = %54
  %60 = load float, float* %10, align 4
  %61 = load float*, float** %5, align 8
  %62 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %63 = zext i32 %62 to i64
  %64 = getelementptr inbounds float, float* %61, i64 %63
  store float %60, float* %64, align 4
  br label %65

65:                                               ; preds = %59, %54
  br label %66

66:                                               ; preds = %65, %40
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @block_votes(i32* noundef %0, i32* noundef %1, i32* noundef %2, i32* noundef %3, i32 noundef %4) #0 {
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32*, align 8
  %10 = alloca i32*, align 8
  %11 = alloca i32*, align 8
  %12 = alloca i32*, align 8
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca i32, align 4
  %16 = alloca i32, align 4
  %17 = alloca i32, align 4
  %18 = alloca i32, align 4
  store i32* %0, i32** %9, align 8
  store i32* %1, i32** %10, align 8
  store i32* %2, i32** %11, align 8
  store i32* %3, i32** %12, align 8
  store i32 %4, i32* %13, align 4
  %19 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %20 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %21 = mul i32 %19, %20
  %22 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %23 = add i32 %21, %22
  store i32 %23, i32* %14, align 4
  %24 = load i32, i32* %14, align 4
  %25 = load i32, i32* %13, align 4
  %26 = icmp slt i32 %24, %25
  br i1 %26, label %27, label %34

27:                                               ; preds = %5
  %28 = load i32*, i32** %9, align 8
  %29 = load i32, i32* %14, align 4
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds i32, i32* %28, i64 %30
  %32 = load i32, i32* %31, align 4
  %33 = icmp sgt i32 %32, 0
  br label %34

34:                                               ; preds = %27, %5
  %35 = phi i1 [ false, %5 ], [ %33, %27 ]
  %36 = zext i1 %35 to i32
  store i32 %36, i32* %15, align 4
  %37 = load i32, i32* %15, align 4
  store i32 %37, i32* %8, align 4
  %38 = load i32, i32* %8, align 4
  %39 = call i32 @llvm.nvvm.barrier0.popc(i32 %38) #5
  store i32 %39, i32* %16, align 4
  %40 = load i32, i32* %15, align 4
  store i32 %40, i32* %7, align 4
  %41 = load i32, i32* %7, align 4
  %42 = call i32 @llvm.nvvm.barrier0.and(i32 %41) #5
  store i32 %42, i32* %17, align 4
  %43 = load i32, i32* %15, align 4
  store i32 %43, i32* %6, align 4
  %44 = load i32, i32* %6, align 4
  %45 = call i32 @llvm.nvvm.barrier0.or(i32 %44) #5
  store i32 %45, i32* %18, align 4
  %46 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %47 = icmp eq i32 %46, 0
  br i1 %47, label %48, label %64

48:                                               ; preds = %34
  %49 = load i32, i32* %16, align 4
  %50 = load i32*, i32** %10, align 8
  %51 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %52 = zext i32 %51 to i64
  %53 = getelementptr inbounds i32, i32* %50, i64 %52
  store i32 %49, i32* %53, align 4
  %54 = load i32, i32* %17, align 4
  %55 = load i32*, i32** %11, align 8
  %56 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %57 = zext i32 %56 to i64
  %58 = getelementptr inbounds i32, i32* %55, i64 %57
  store i32 %54, i32* %58, align 4
  %59 = load i32, i32* %18, align 4
  %60 = load i32*, i32** %12, align 8
  %61 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %62 = zext i32 %61 to i64
  %63 = getelementptr inbounds i32, i32* %60, i64 %62
  store i32 %59, i32* %63, align 4
  br label %64

64:                                               ; preds = %48, %34
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @block_votes_after_returns(i32* noundef %0, i32* noundef %1, i32* noundef %2, i32* noundef %3, i32 noundef %4) #0 {
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32*, align 8
  %10 = alloca i32*, align 8
  %11 = alloca i32*, align 8
  %12 = alloca i32*, align 8
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca i32, align 4
  %16 = alloca i32, align 4
  %17 = alloca i32, align 4
  %18 = alloca i32, align 4
  store i32* %0, i32** %9, align 8
  store i32* %1, i32** %10, align 8
  store i32* %2, i32** %11, align 8
  store i32* %3, i32** %12, align 8
  store i32 %4, i32* %13, align 4
  %19 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %20 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %21 = mul i32 %19, %20
  %22 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %23 = add i32 %21, %22
  store i32 %23, i32* %14, align 4
  %24 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %25 = urem i32 %24, 3
  %26 = icmp eq i32 %25, 0
  br i1 %26, label %27, label %28

27:                                               ; preds = %5
  br label %69

28:                                               ; preds = %5
  %29 = load i32, i32* %14, align 4
  %30 = load i32, i32* %13, align 4
  %31 = icmp slt i32 %29, %30
  br i1 %31, label %32, label %39

32:                                               ; preds = %28
  %33 = load i32*, i32** %9, align 8
  %34 = load i32, i32* %14, align 4
  %35 = sext i32 %34 to i64
  %36 = getelementptr inbounds i32, i32* %33, i64 %35
  %37 = load i32, i32* %36, align 4
  %38 = icmp sgt i32 %37, 0
  br label %39

39:                                               ; preds = %32, %28
  %40 = phi i1 [ false, %28 ], [ %38, %32 ]
  %41 = zext i1 %40 to i32
  store i32 %41, i32* %15, align 4
  %42 = load i32, i32* %15, align 4
  store i32 %42, i32* %8, align 4
  %43 = load i32, i32* %8, align 4
  %44 = call i32 @llvm.nvvm.barrier0.popc(i32 %43) #5
  store i32 %44, i32* %16, align 4
  %45 = load i32, i32* %15, align 4
  store i32 %45, i32* %7, align 4
  %46 = load i32, i32* %7, align 4
  %47 = call i32 @llvm.nvvm.barrier0.and(i32 %46) #5
  store i32 %47, i32* %17, align 4
  %48 = load i32, i32* %15, align 4
  store i32 %48, i32* %6, align 4
  %49 = load i32, i32* %6, align 4
  %50 = call i32 @llvm.nvvm.barrier0.or(i32 %49) #5
  store i32 %50, i32* %18, align 4
  %51 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %52 = icmp eq i32 %51, 1
  br i1 %52, label %53, label %69

53:                                               ; preds = %39
  %54 = load i32, i32* %16, align 4
  %55 = load i32*, i32** %10, align 8
  %56 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %57 = zext i32 %56 to i64
  %58 = getelementptr inbounds i32, i32* %55, i64 %57
  store i32 %54, i32* %58, align 4
  %59 = load i32, i32* %17, align 4
  %60 = load i32*, i32** %11, align 8
  %61 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %62 = zext i32 %61 to i64
  %63 = getelementptr inbounds i32, i32* %60, i64 %62
  store i32 %59, i32* %63, align 4
  %64 = load i32, i32* %18, align 4
  %65 = load i32*, i32** %12, align 8
  %66 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %67 = zext i32 %66 to i64
  %68 = getelementptr inbounds i32, i32* %65, i64 %67
  store i32 %64, i32* %68, align 4
  br label %69

69:                                               ; preds = %27, %53, %39
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @warp_flavours(i32* noundef %0, i32* noundef %1, float* noundef %2, i32* noundef %3) #0 {
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca float, align 4
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca i32, align 4
  %16 = alloca float, align 4
  %17 = alloca i32, align 4
  %18 = alloca i32, align 4
  %19 = alloca i32, align 4
  %20 = alloca float, align 4
  %21 = alloca i32, align 4
  %22 = alloca i32, align 4
  %23 = alloca i32, align 4
  %24 = alloca i32, align 4
  %25 = alloca i32, align 4
  %26 = alloca i32, align 4
  %27 = alloca i32, align 4
  %28 = alloca i32, align 4
  %29 = alloca i32, align 4
  %30 = alloca i32, align 4
  %31 = alloca i32, align 4
  %32 = alloca i32, align 4
  %33 = alloca i32, align 4
  %34 = alloca i32, align 4
  %35 = alloca i32, align 4
  %36 = alloca i32, align 4
  %37 = alloca i32, align 4
  %38 = alloca i32, align 4
  %39 = alloca i32, align 4
  %40 = alloca i32, align 4
  %41 = alloca i32, align 4
  %42 = alloca i32, align 4
  %43 = alloca i32, align 4
  %44 = alloca i32, align 4
  %45 = alloca i32, align 4
  %46 = alloca i32, align 4
  %47 = alloca i32, align 4
  %48 = alloca i32, align 4
  %49 = alloca i32, align 4
  %50 = alloca i32, align 4
  %51 = alloca i32, align 4
  %52 = alloca i32, align 4
  %53 = alloca i32, align 4
  %54 = alloca i32, align 4
  %55 = alloca i32, align 4
  %56 = alloca float, align 4
  %57 = alloca i32, align 4
  %58 = alloca i32, align 4
  %59 = alloca i32*, align 8
  %60 = alloca i32*, align 8
  %61 = alloca float*, align 8
  %62 = alloca i32*, align 8
  %63 = alloca i32, align 4
  %64 = alloca i32, align 4
  %65 = alloca i32, align 4
  %66 = alloca float, align 4
  %67 = alloca i32*, align 8
  %68 = alloca float*, align 8
  %69 = alloca i32, align 4
  %70 = alloca i32, align 4
  %71 = alloca i32, align 4
  %72 = alloca i32, align 4
  %73 = alloca i32*, align 8
  store i32* %0, i32** %59, align 8
  store i32* %1, i32** %60, align 8
  store float* %2, float** %61, align 8
  store i32* %3, i32** %62, align 8
  %74 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %75 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %76 = mul i32 %74, %75
  %77 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %78 = add i32 %76, %77
  store i32 %78, i32* %63, align 4
  %79 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %80 = urem i32 %79, 32
  store i32 %80, i32* %64, align 4
  %81 = load i32*, i32** %59, align 8
  %82 = load i32, i32* %63, align 4
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds i32, i32* %81, i64 %83
  %85 = load i32, i32* %84, align 4
  store i32 %85, i32* %65, align 4
  %86 = load i32, i32* %65, align 4
  %87 = sitofp i32 %86 to float
  %88 = fmul contract float %87, 5.000000e-01
  store float %88, float* %66, align 4
  %89 = load i32*, i32** %60, align 8
  %90 = load i32, i32* %63, align 4
  %91 = mul nsw i32 8, %90
  %92 = sext i32 %91 to i64
  %93 = getelementptr inbounds i32, i32* %89, i64 %92
  store i32* %93, i32** %67, align 8
  %94 = load i32, i32* %65, align 4
  %95 = load i32, i32* %64, align 4
  %96 = add nsw i32 %95, 3
  %97 = srem i32 %96, 32
  store i32 -1, i32* %47, align 4
  store i32 %94, i32* %48, align 4
  store i32 %97, i32* %49, align 4
  store i32 32, i32* %50, align 4
  %98 = load i32, i32* %47, align 4
  %99 = load i32, i32* %48, align 4
  %100 = load i32, i32* %49, align 4
  %101 = load i32, i32* %50, align 4
  %102 = sub nsw i32 32, %101
  %103 = shl i32 %102, 8
  %104 = or i32 %103, 31
  %105 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %98, i32 %99, i32 %100, i32 %104) #5
  %106 = load i32*, i32** %67, align 8
  %107 = getelementptr inbounds i32, i32* %106, i64 0
  store i32 %105, i32* %107, align 4
  %108 = load i32, i32* %65, align 4
  store i32 -1, i32* %39, align 4
  store i32 %108, i32* %40, align 4
  store i32 2, i32* %41, align 4
  store i32 32, i32* %42, align 4
  %109 = load i32, i32* %39, align 4
  %110 = load i32, i32* %40, align 4
  %111 = load i32, i32* %41, align 4
  %112 = load i32, i32* %42, align 4
  %113 = sub nsw i32 32, %112
  %114 = shl i32 %113, 8
  %115 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %109, i32 %110, i32 %111, i32 %114) #5
  %116 = load i32*, i32** %67, align 8
  %117 = getelementptr inbounds i32, i32* %116, i64 1
  store i32 %115, i32* %117, align 4
  %118 = load i32, i32* %65, align 4
  store i32 -1, i32* %31, align 4
  store i32 %118, i32* %32, align 4
  store i32 5, i32* %33, align 4
  store i32 32, i32* %34, align 4
  %119 = load i32, i32* %31, align 4
  %120 = load i32, i32* %32, align 4
  %121 = load i32, i32* %33, align 4
  %122 = load i32, i32* %34, align 4
  %123 = sub nsw i32 32, %122
  %124 = shl i32 %123, 8
  %125 = or i32 %124, 31
  %126 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 %119, i32 %120, i32 %121, i32 %125) #5
  %127 = load i32*, i32** %67, align 8
  %128 = getelementptr inbounds i32, i32* %127, i64 2
  store i32 %126, i32* %128, align 4
  %129 = load i32, i32* %65, align 4
  store i32 -1, i32* %23, align 4
  store i32 %129, i32* %24, align 4
  store i32 9, i32* %25, align 4
  store i32 32, i32* %26, align 4
  %130 = load i32, i32* %23, align 4
  %131 = load i32, i32* %24, align 4
  %132 = load i32, i32* %25, align 4
  %133 = load i32, i32* %26, align 4
  %134 = sub nsw i32 32, %133
  %135 = shl i32 %134, 8
  %136 = or i32 %135, 31
  %137 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %130, i32 %131, i32 %132, i32 %136) #5
  %138 = load i32*, i32** %67, align 8
  %139 = getelementptr inbounds i32, i32* %138, i64 3
  store i32 %137, i32* %139, align 4
  %140 = load i32, i32* %65, align 4
  store i32 -1, i32* %51, align 4
  store i32 %140, i32* %52, align 4
  store i32 6, i32* %53, align 4
  store i32 8, i32* %54, align 4
  %141 = load i32, i32* %51, align 4
  %142 = load i32, i32* %52, align 4
  %143 = load i32, i32* %53, align 4
  %144 = load i32, i32* %54, align 4
  %145 = sub nsw i32 32, %144
  %146 = shl i32 %145, 8
  %147 = or i32 %146, 31
  %148 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %141, i32 %142, i32 %143, i32 %147) #5
  %149 = load i32*, i32** %67, align 8
  %150 = getelementptr inbounds i32, i32* %149, i64 4
  store i32 %148, i32* %150, align 4
  %151 = load i32, i32* %65, align 4
  store i32 -1, i32* %43, align 4
  store i32 %151, i32* %44, align 4
  store i32 1, i32* %45, align 4
  store i32 16, i32* %46, align 4
  %152 = load i32, i32* %43, align 4
  %153 = load i32, i32* %44, align 4
  %154 = load i32, i32* %45, align 4
  %155 = load i32, i32* %46, align 4
  %156 = sub nsw i32 32, %155
  %157 = shl i32 %156, 8
  %158 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %152, i32 %153, i32 %154, i32 %157) #5
  %159 = load i32*, i32** %67, align 8
  %160 = getelementptr inbounds i32, i32* %159, i64 5
  store i32 %158, i32* %160, align 4
  %161 = load i32, i32* %65, align 4
  store i32 -1, i32* %35, align 4
  store i32 %161, i32* %36, align 4
  store i32 3, i32* %37, align 4
  store i32 4, i32* %38, align 4
  %162 = load i32, i32* %35, align 4
  %163 = load i32, i32* %36, align 4
  %164 = load i32, i32* %37, align 4
  %165 = load i32, i32* %38, align 4
  %166 = sub nsw i32 32, %165
  %167 = shl i32 %166, 8
  %168 = or i32 %167, 31
  %169 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 %162, i32 %163, i32 %164, i32 %168) #5
  %170 = load i32*, i32** %67, align 8
  %171 = getelementptr inbounds i32, i32* %170, i64 6
  store i32 %169, i32* %171, align 4
  %172 = load i32, i32* %65, align 4
  store i32 -1, i32* %27, align 4
  store i32 %172, i32* %28, align 4
  store i32 2, i32* %29, align 4
  store i32 4, i32* %30, align 4
  %173 = load i32, i32* %27, align 4
  %174 = load i32, i32* %28, align 4
  %175 = load i32, i32* %29, align 4
  %176 = load i32, i32* %30, align 4
  %177 = sub nsw i32 32, %176
  %178 = shl i32 %177, 8
  %179 = or i32 %178, 31
  %180 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %173, i32 %174, i32 %175, i32 %179) #5
  %181 = load i32*, i32** %67, align 8
  %182 = getelementptr inbounds i32, i32* %181, i64 7
  store i32 %180, i32* %182, align 4
  %183 = load float*, float** %61, align 8
  %184 = load i32, i32* %63, align 4
  %185 = mul nsw i32 4, %184
  %186 = sext i32 %185 to i64
  %187 = getelementptr inbounds float, float* %183, i64 %186
  store float* %187, float** %68, align 8
  %188 = load float, float* %66, align 4
  %189 = load i32, i32* %64, align 4
  %190 = sub nsw i32 31, %189
  store i32 -1, i32* %19, align 4
  store float %188, float* %20, align 4
  store i32 %190, i32* %21, align 4
  store i32 32, i32* %22, align 4
  %191 = load i32, i32* %19, align 4
  %192 = load float, float* %20, align 4
  %193 = load i32, i32* %21, align 4
  %194 = load i32, i32* %22, align 4
  %195 = sub nsw i32 32, %194
  %196 = shl i32 %195, 8
  %197 = or i32 %196, 31
  %198 = call contract float @llvm.nvvm.shfl.sync.idx.f32(i32 %191, float %192, i32 %193, i32 %197) #5
  %199 = load float*, float** %68, align 8
  %200 = getelementptr inbounds float, float* %199, i64 0
  store float %198, float* %200, align 4
  %201 = load float, float* %66, align 4
  store i32 -1, i32* %15, align 4
  store float %201, float* %16, align 4
  store i32 7, i32* %17, align 4
  store i32 32, i32* %18, align 4
  %202 = load i32, i32* %15, align 4
  %203 = load float, float* %16, align 4
  %204 = load i32, i32* %17, align 4
  %205 = load i32, i32* %18, align 4
  %206 = sub nsw i32 32, %205
  %207 = shl i32 %206, 8
  %208 = call contract float @llvm.nvvm.shfl.sync.up.f32(i32 %202, float %203, i32 %204, i32 %207) #5
  %209 = load float*, float** %68, align 8
  %210 = getelementptr inbounds float, float* %209, i64 1
  store float %208, float* %210, align 4
  %211 = load float, float* %66, align 4
  store i32 -1, i32* %55, align 4
  store float %211, float* %56, align 4
  store i32 1, i32* %57, align 4
  store i32 32, i32* %58, align 4
  %212 = load i32, i32* %55, align 4
  %213 = load float, float* %56, align 4
  %214 = load i32, i32* %57, align 4
  %215 = load i32, i32* %58, align 4
  %216 = sub nsw i32 32, %215
  %217 = shl i32 %216, 8
  %218 = or i32 %217, 31
  %219 = call contract float @llvm.nvvm.shfl.sync.down.f32(i32 %212, float %213, i32 %214, i32 %218) #5
  %220 = load float*, float** %68, align 8
  %221 = getelementptr inbounds float, float* %220, i64 2
  store float %219, float* %221, align 4
  %222 = load float, float* %66, align 4
  store i32 -1, i32* %11, align 4
  store float %222, float* %12, align 4
  store i32 16, i32* %13, align 4
  store i32 32, i32* %14, align 4
  %223 = load i32, i32* %11, align 4
  %224 = load float, float* %12, align 4
  %225 = load i32, i32* %13, align 4
  %226 = load i32, i32* %14, align 4
  %227 = sub nsw i32 32, %226
  %228 = shl i32 %227, 8
  %229 = or i32 %228, 31
  %230 = call contract float @llvm.nvvm.shfl.sync.bfly.f32(i32 %223, float %224, i32 %225, i32 %229) #5
  %231 = load float*, float** %68, align 8
  %232 = getelementptr inbounds float, float* %231, i64 3
  store float %230, float* %232, align 4
  %233 = load i32, i32* %65, align 4
  %234 = and i32 %233, 1
  store i32 -1, i32* %9, align 4
  store i32 %234, i32* %10, align 4
  %235 = load i32, i32* %9, align 4
  %236 = load i32, i32* %10, align 4
  %237 = icmp ne i32 %236, 0
  %238 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %235, i1 %237) #5
  store i32 %238, i32* %69, align 4
  %239 = load i32, i32* %65, align 4
  %240 = icmp sgt i32 %239, 1000
  %241 = zext i1 %240 to i32
  store i32 -1, i32* %7, align 4
  store i32 %241, i32* %8, align 4
  %242 = load i32, i32* %7, align 4
  %243 = load i32, i32* %8, align 4
  %244 = icmp ne i32 %243, 0
  %245 = call i1 @llvm.nvvm.vote.any.sync(i32 %242, i1 %244) #5
  %246 = zext i1 %245 to i32
  store i32 %246, i32* %70, align 4
  %247 = load i32, i32* %65, align 4
  %248 = icmp sge i32 %247, 0
  %249 = zext i1 %248 to i32
  store i32 -1, i32* %5, align 4
  store i32 %249, i32* %6, align 4
  %250 = load i32, i32* %5, align 4
  %251 = load i32, i32* %6, align 4
  %252 = icmp ne i32 %251, 0
  %253 = call i1 @llvm.nvvm.vote.all.sync(i32 %250, i1 %252) #5
  %254 = zext i1 %253 to i32
  store i32 %254, i32* %71, align 4
  %255 = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true) #5
  store i32 %255, i32* %72, align 4
  %256 = load i32, i32* %64, align 4
  %257 = icmp eq i32 %256, 0
  br i1 %257, label %258, label %277

258:                                              ; preds = %4
  %259 = load i32*, i32** %62, align 8
  %260 = load i32, i32* %63, align 4
  %261 = sdiv i32 %260, 32
  %262 = mul nsw i32 4, %261
  %263 = sext i32 %262 to i64
  %264 = getelementptr inbounds i32, i32* %259, i64 %263
  store i32* %264, i32** %73, align 8
  %265 = load i32, i32* %69, align 4
  %266 = load i32*, i32** %73, align 8
  %267 = getelementptr inbounds i32, i32* %266, i64 0
  store i32 %265, i32* %267, align 4
  %268 = load i32, i32* %70, align 4
  %269 = load i32*, i32** %73, align 8
  %270 = getelementptr inbounds i32, i32* %269, i64 1
  store i32 %268, i32* %270, align 4
  %271 = load i32, i32* %71, align 4
  %272 = load i32*, i32** %73, align 8
  %273 = getelementptr inbounds i32, i32* %272, i64 2
  store i32 %271, i32* %273, align 4
  %274 = load i32, i32* %72, align 4
  %275 = load i32*, i32** %73, align 8
  %276 = getelementptr inbounds i32, i32* %275, i64 3
  store i32 %274, i32* %276, align 4
  br label %277

277:                                              ; preds = %258, %4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @lookback_votes(i32* noundef %0, i32* noundef %1) #0 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32*, align 8
  %14 = alloca i32*, align 8
  %15 = alloca i32, align 4
  %16 = alloca i32, align 4
  %17 = alloca i32*, align 8
  %18 = alloca i32, align 4
  %19 = alloca i32, align 4
  %20 = alloca i32, align 4
  %21 = alloca i32, align 4
  %22 = alloca i32, align 4
  %23 = alloca i32, align 4
  %24 = alloca i32, align 4
  store i32* %0, i32** %13, align 8
  store i32* %1, i32** %14, align 8
  %25 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %26 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %27 = mul i32 %25, %26
  %28 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %29 = add i32 %27, %28
  store i32 %29, i32* %15, align 4
  %30 = load i32*, i32** %13, align 8
  %31 = load i32, i32* %15, align 4
  %32 = sext i32 %31 to i64
  %33 = getelementptr inbounds i32, i32* %30, i64 %32
  %34 = load i32, i32* %33, align 4
  store i32 %34, i32* %16, align 4
  %35 = load i32*, i32** %14, align 8
  %36 = load i32, i32* %15, align 4
  %37 = mul nsw i32 9, %36
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds i32, i32* %35, i64 %38
  store i32* %39, i32** %17, align 8
  store i32 0, i32* %18, align 4
  br label %40

40:                                               ; preds = %48, %2
  %41 = load i32, i32* %18, align 4
  %42 = icmp slt i32 %41, 6
  br i1 %42, label %43, label %51

43:                                               ; preds = %40
  %44 = load i32*, i32** %17, align 8
  %45 = load i32, i32* %18, align 4
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds i32, i32* %44, i64 %46
  store i32 0, i32* %47, align 4
  br label %48

48:                                               ; preds = %43
  %49 = load i32, i32* %18, align 4
  %50 = add nsw i32 %49, 1
  store i32 %50, i32* %18, align 4
  br label %40, !llvm.loop !18

51:                                               ; preds = %40
  store i32 -1, i32* %19, align 4
  store i32 0, i32* %20, align 4
  store i32 0, i32* %21, align 4
  store i32 0, i32* %22, align 4
  br label %52

52:                                               ; preds = %109, %51
  %53 = load i32, i32* %19, align 4
  store i32 %53, i32* %23, align 4
  %54 = load i32, i32* %19, align 4
  %55 = load i32, i32* %22, align 4
  %56 = add nsw i32 %55, 1
  %57 = load i32, i32* %16, align 4
  %58 = icmp slt i32 %56, %57
  %59 = zext i1 %58 to i32
  store i32 %54, i32* %3, align 4
  store i32 %59, i32* %4, align 4
  %60 = load i32, i32* %3, align 4
  %61 = load i32, i32* %4, align 4
  %62 = icmp ne i32 %61, 0
  %63 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %60, i1 %62) #5
  store i32 %63, i32* %19, align 4
  %64 = load i32, i32* %19, align 4
  %65 = load i32*, i32** %17, align 8
  %66 = load i32, i32* %22, align 4
  %67 = sext i32 %66 to i64
  %68 = getelementptr inbounds i32, i32* %65, i64 %67
  store i32 %64, i32* %68, align 4
  store i32 0, i32* %24, align 4
  br label %69

69:                                               ; preds = %76, %52
  %70 = load i32, i32* %23, align 4
  %71 = load i32, i32* %24, align 4
  %72 = lshr i32 %70, %71
  %73 = and i32 %72, 1
  %74 = icmp ne i32 %73, 0
  %75 = xor i1 %74, true
  br i1 %75, label %76, label %79

76:                                               ; preds = %69
  %77 = load i32, i32* %24, align 4
  %78 = add nsw i32 %77, 1
  store i32 %78, i32* %24, align 4
  br label %69, !llvm.loop !19

79:                                               ; preds = %69
  %80 = load i32, i32* %23, align 4
  %81 = load i32, i32* %15, align 4
  %82 = mul nsw i32 %81, 10
  %83 = load i32, i32* %22, align 4
  %84 = add nsw i32 %82, %83
  %85 = load i32, i32* %24, align 4
  store i32 %80, i32* %9, align 4
  store i32 %84, i32* %10, align 4
  store i32 %85, i32* %11, align 4
  store i32 32, i32* %12, align 4
  %86 = load i32, i32* %9, align 4
  %87 = load i32, i32* %10, align 4
  %88 = load i32, i32* %11, align 4
  %89 = load i32, i32* %12, align 4
  %90 = sub nsw i32 32, %89
  %91 = shl i32 %90, 8
  %92 = or i32 %91, 31
  %93 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %86, i32 %87, i32 %88, i32 %92) #5
  %94 = load i32, i32* %20, align 4
  %95 = add i32 %94, %93
  store i32 %95, i32* %20, align 4
  %96 = load i32, i32* %23, align 4
  store i32 %96, i32* %5, align 4
  store i32 1, i32* %6, align 4
  %97 = load i32, i32* %5, align 4
  %98 = load i32, i32* %6, align 4
  %99 = icmp ne i32 %98, 0
  %100 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %97, i1 %99) #5
  %101 = load i32, i32* %21, align 4
  %102 = xor i32 %101, %100
  store i32 %102, i32* %21, align 4
  %103 = load i32, i32* %22, align 4
  %104 = add nsw i32 %103, 1
  %105 = load i32, i32* %16, align 4
  %106 = icmp sge i32 %104, %105
  br i1 %106, label %107, label %108

107:                                              ; preds = %79
  br label %112

108:                                              ; preds = %79
  br label %109

109:                                              ; preds = %108
  %110 = load i32, i32* %22, align 4
  %111 = add nsw i32 %110, 1
  store i32 %111, i32* %22, align 4
  br label %52, !llvm.loop !20

112:                                              ; preds = %107
  %113 = load i32, i32* %20, align 4
  %114 = load i32*, i32** %17, align 8
  %115 = getelementptr inbounds i32, i32* %114, i64 6
  store i32 %113, i32* %115, align 4
  %116 = load i32, i32* %15, align 4
  %117 = srem i32 %116, 3
  %118 = icmp eq i32 %117, 0
  %119 = zext i1 %118 to i32
  store i32 -1, i32* %7, align 4
  store i32 %119, i32* %8, align 4
  %120 = load i32, i32* %7, align 4
  %121 = load i32, i32* %8, align 4
  %122 = icmp ne i32 %121, 0
  %123 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %120, i1 %122) #5
  %124 = load i32*, i32** %17, align 8
  %125 = getelementptr inbounds i32, i32* %124, i64 7
  store i32 %123, i32* %125, align 4
  %126 = load i32, i32* %21, align 4
  %127 = load i32*, i32** %17, align 8
  %128 = getelementptr inbounds i32, i32* %127, i64 8
  store i32 %126, i32* %128, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @warp_halves(i32* noundef %0) #0 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca i32, align 4
  %16 = alloca i32, align 4
  %17 = alloca i32, align 4
  %18 = alloca i32, align 4
  %19 = alloca i32, align 4
  %20 = alloca i32, align 4
  %21 = alloca i32, align 4
  %22 = alloca i32*, align 8
  %23 = alloca i32, align 4
  %24 = alloca i32, align 4
  %25 = alloca i32*, align 8
  %26 = alloca i32, align 4
  store i32* %0, i32** %22, align 8
  %27 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5
  %28 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5
  %29 = mul i32 %27, %28
  %30 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %31 = add i32 %29, %30
  store i32 %31, i32* %23, align 4
  %32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  %33 = urem i32 %32, 32
  store i32 %33, i32* %24, align 4
  %34 = load i32*, i32** %22, align 8
  %35 = load i32, i32* %23, align 4
  %36 = mul nsw i32 3, %35
  %37 = sext i32 %36 to i64
  %38 = getelementptr inbounds i32, i32* %34, i64 %37
  store i32* %38, i32** %25, align 8
  store i32 -1, i32* %4, align 4
  store i32 1, i32* %5, align 4
  %39 = load i32, i32* %4, align 4
  %40 = load i32, i32* %5, align 4
  %41 = icmp ne i32 %40, 0
  %42 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %39, i1 %41) #5
  store i32 %42, i32* %26, align 4
  %43 = load i32, i32* %24, align 4
  %44 = icmp eq i32 %43, 16
  br i1 %44, label %48, label %45

45:                                               ; preds = %1
  %46 = load i32, i32* %24, align 4
  %47 = icmp eq i32 %46, 19
  br i1 %47, label %48, label %56

48:                                               ; preds = %45, %1
  %49 = load i32, i32* %26, align 4
  %50 = load i32*, i32** %25, align 8
  %51 = getelementptr inbounds i32, i32* %50, i64 2
  store i32 %49, i32* %51, align 4
  %52 = load i32*, i32** %25, align 8
  %53 = getelementptr inbounds i32, i32* %52, i64 1
  store i32 %49, i32* %53, align 4
  %54 = load i32*, i32** %25, align 8
  %55 = getelementptr inbounds i32, i32* %54, i64 0
  store i32 %49, i32* %55, align 4
  br label %123

56:                                               ; preds = %45
  %57 = load i32, i32* %24, align 4
  %58 = icmp slt i32 %57, 16
  br i1 %58, label %59, label %91

59:                                               ; preds = %56
  store i32 65535, i32* %2, align 4
  %60 = load i32, i32* %2, align 4
  call void @llvm.nvvm.bar.warp.sync(i32 %60) #5
  %61 = load i32, i32* %23, align 4
  %62 = mul nsw i32 %61, 3
  %63 = load i32, i32* %24, align 4
  %64 = xor i32 %63, 1
  store i32 65535, i32* %14, align 4
  store i32 %62, i32* %15, align 4
  store i32 %64, i32* %16, align 4
  store i32 32, i32* %17, align 4
  %65 = load i32, i32* %14, align 4
  %66 = load i32, i32* %15, align 4
  %67 = load i32, i32* %16, align 4
  %68 = load i32, i32* %17, align 4
  %69 = sub nsw i32 32, %68
  %70 = shl i32 %69, 8
  %71 = or i32 %70, 31
  %72 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %65, i32 %66, i32 %67, i32 %71) #5
  %73 = load i32*, i32** %25, align 8
  %74 = getelementptr inbounds i32, i32* %73, i64 0
  store i32 %72, i32* %74, align 4
  %75 = load i32, i32* %23, align 4
  %76 = srem i32 %75, 2
  %77 = icmp eq i32 %76, 0
  %78 = zext i1 %77 to i32
  store i32 65535, i32* %6, align 4
  store i32 %78, i32* %7, align 4
  %79 = load i32, i32* %6, align 4
  %80 = load i32, i32* %7, align 4
  %81 = icmp ne i32 %80, 0
  %82 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %79, i1 %81) #5
  %83 = load i32*, i32** %25, align 8
  %84 = getelementptr inbounds i32, i32* %83, i64 1
  store i32 %82, i32* %84, align 4
  store i32 65535, i32* %8, align 4
  store i32 1, i32* %9, align 4
  %85 = load i32, i32* %8, align 4
  %86 = load i32, i32* %9, align 4
  %87 = icmp ne i32 %86, 0
  %88 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %85, i1 %87) #5
  %89 = load i32*, i32** %25, align 8
  %90 = getelementptr inbounds i32, i32* %89, i64 2
  store i32 %88, i32* %90, align 4
  br label %123

91:                                               ; preds = %56
  store i32 -65536, i32* %3, align 4
  %92 = load i32, i32* %3, align 4
  call void @llvm.nvvm.bar.warp.sync(i32 %92) #5
  %93 = load i32, i32* %23, align 4
  %94 = mul nsw i32 %93, 5
  %95 = load i32, i32* %24, align 4
  %96 = xor i32 %95, 3
  store i32 -65536, i32* %18, align 4
  store i32 %94, i32* %19, align 4
  store i32 %96, i32* %20, align 4
  store i32 32, i32* %21, align 4
  %97 = load i32, i32* %18, align 4
  %98 = load i32, i32* %19, align 4
  %99 = load i32, i32* %20, align 4
  %100 = load i32, i32* %21, align 4
  %101 = sub nsw i32 32, %100
  %102 = shl i32 %101, 8
  %103 = or i32 %102, 31
  %104 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %97, i32 %98, i32 %99, i32 %103) #5
  %105 = load i32*, i32** %25, align 8
  %106 = getelementptr inbounds i32, i32* %105, i64 0
  store i32 %104, i32* %106, align 4
  %107 = load i32, i32* %23, align 4
  %108 = srem i32 %107, 4
  %109 = icmp eq i32 %108, 0
  %110 = zext i1 %109 to i32
  store i32 -65536, i32* %10, align 4
  store i32 %110, i32* %11, align 4
  %111 = load i32, i32* %10, align 4
  %112 = load i32, i32* %11, align 4
  %113 = icmp ne i32 %112, 0
  %114 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %111, i1 %113) #5
  %115 = load i32*, i32** %25, align 8
  %116 = getelementptr inbounds i32, i32* %115, i64 1
  store i32 %114, i32* %116, align 4
  store i32 -65536, i32* %12, align 4
  store i32 1, i32* %13, align 4
  %117 = load i32, i32* %12, align 4
  %118 = load i32, i32* %13, align 4
  %119 = icmp ne i32 %118, 0
  %120 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %117, i1 %119) #5
  %121 = load i32*, i32** %25, align 8
  %122 = getelementptr inbounds i32, i32* %121, i64 2
  store i32 %120, i32* %122, align 4
  br label %123

123:                                              ; preds = %48, %91, %59
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @shuffle_without_its_lanes(i32* noundef %0) #0 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32*, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  store i32* %0, i32** %6, align 8
  %9 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5
  store i32 %9, i32* %7, align 4
  store i32 0, i32* %8, align 4
  %10 = load i32, i32* %7, align 4
  %11 = srem i32 %10, 32
  %12 = icmp slt i32 %11, 16
  br i1 %12, label %13, label %26

13:                                               ; preds = %1
  %14 = load i32, i32* %7, align 4
  %15 = load i32, i32* %7, align 4
  %16 = srem i32 %15, 32
  %17 = add nsw i32 %16, 1
  store i32 -1, i32* %2, align 4
  store i32 %14, i32* %3, align 4
  store i32 %17, i32* %4, align 4
  store i32 32, i32* %5, align 4
  %18 = load i32, i32* %2, align 4
  %19 = load i32, i32* %3, align 4
  %20 = load i32, i32* %4, align 4
  %21 = load i32, i32* %5, align 4
  %22 = sub nsw i32 32, %21
  %23 = shl i32 %22, 8
  %24 = or i32 %23, 31
  %25 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %18, i32 %19, i32 %20, i32 %24) #5
  store i32 %25, i32* %8, align 4
  br label %26

26:                                               ; preds = %13, %1
  call void @llvm.nvvm.barrier0()
  %27 = load i32, i32* %8, align 4
  %28 = load i32*, i32** %6, align 8
  %29 = load i32, i32* %7, align 4
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds i32, i32* %28, i64 %30
  store i32 %27, i32* %31, align 4
  ret void
}

; Function Attrs: nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nounwind readnone speculatable
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

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent mustprogress noinline nounwind optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #3 = { nounwind readnone speculatable }
attributes #4 = { convergent inaccessiblememonly nounwind }
attributes #5 = { nounwind }

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
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
!16 = distinct !{!16, !14}
!17 = distinct !{!17, !14}
!18 = distinct !{!18, !14}
!19 = distinct !{!19, !14}
!20 = distinct !{!20, !14}
