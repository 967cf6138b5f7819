; ModuleID = 'kernels.cu'
source_filename = "kernels.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.conf_pair = type { i8, double }

@counter = dso_local addrspace(1) externally_initialized global i32 7, align 4
@table = dso_local addrspace(1) externally_initialized global [4 x i32] [i32 11, i32 22, i32 33, i32 44], align 4
@dynamic_shared = external dso_local addrspace(3) global [0 x i32], align 4
@_ZZ11conf_reduceE6staged = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ14conf_transposeE4tile = internal unnamed_addr addrspace(3) global [16 x [17 x i32]] undef, align 4
@llvm.compiler.used = appending global [2 x i8*] [i8* addrspacecast (i8 addrspace(1)* bitcast (i32 addrspace(1)* @counter to i8 addrspace(1)*) to i8*), i8* addrspacecast (i8 addrspace(1)* bitcast ([4 x i32] addrspace(1)* @table to i8 addrspace(1)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local void @conf_empty() local_unnamed_addr #0 {
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @conf_add(i32* nocapture noundef %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul nsw i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add nsw i32 %6, %7
  %9 = icmp ult i32 %8, %1
  %10 = zext i32 %8 to i64
  %11 = getelementptr inbounds i32, i32* %0, i64 %10
  br i1 %9, label %12, label %15

12:                                               ; preds = %3
  %13 = load i32, i32* %11, align 4, !tbaa !12
  %14 = add i32 %13, %2
  store i32 %14, i32* %11, align 4, !tbaa !12
  br label %15

15:                                               ; preds = %12, %3
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn writeonly
define dso_local void @conf_ids(i32* nocapture noundef writeonly %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #3 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul nsw i32 %4, %5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add nsw i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %11 = mul nsw i32 %9, %10
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %13 = add nsw i32 %11, %12
  %14 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %15 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  %16 = mul nsw i32 %14, %15
  %17 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %18 = add nsw i32 %16, %17
  %19 = icmp ult i32 %8, %1
  %20 = icmp ult i32 %13, %2
  %21 = select i1 %19, i1 %20, i1 false
  br i1 %21, label %22, label %33

22:                                               ; preds = %3
  %23 = shl i32 %13, 10
  %24 = or i32 %23, %8
  %25 = shl i32 %18, 20
  %26 = or i32 %24, %25
  %27 = mul i32 %18, %2
  %28 = add i32 %27, %13
  %29 = mul i32 %28, %1
  %30 = add i32 %29, %8
  %31 = zext i32 %30 to i64
  %32 = getelementptr inbounds i32, i32* %0, i64 %31
  store i32 %26, i32* %32, align 4, !tbaa !12
  br label %33

33:                                               ; preds = %22, %3
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z() #2

; Function Attrs: mustprogress nofree norecurse nounwind
define dso_local void @conf_shared(i32* nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #4 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = icmp eq i32 %1, 0
  br i1 %4, label %70, label %5

5:                                                ; preds = %2
  %6 = mul i32 %3, 1000
  %7 = add i32 %1, -1
  %8 = and i32 %1, 3
  %9 = icmp ult i32 %7, 3
  br i1 %9, label %12, label %10

10:                                               ; preds = %5
  %11 = and i32 %1, -4
  br label %32

12:                                               ; preds = %32, %5
  %13 = phi i32 [ 0, %5 ], [ %54, %32 ]
  %14 = icmp eq i32 %8, 0
  br i1 %14, label %25, label %15

15:                                               ; preds = %12, %15
  %16 = phi i32 [ %22, %15 ], [ %13, %12 ]
  %17 = phi i32 [ %23, %15 ], [ 0, %12 ]
  %18 = add i32 %16, %6
  %19 = zext i32 %16 to i64
  %20 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %19
  %21 = addrspacecast i32 addrspace(3)* %20 to i32*
  store volatile i32 %18, i32* %21, align 4, !tbaa !12
  %22 = add nuw i32 %16, 1
  %23 = add i32 %17, 1
  %24 = icmp eq i32 %23, %8
  br i1 %24, label %25, label %15, !llvm.loop !16

25:                                               ; preds = %15, %12
  br i1 %4, label %70, label %26

26:                                               ; preds = %25
  %27 = mul i32 %3, %1
  %28 = and i32 %1, 1
  %29 = icmp eq i32 %7, 0
  br i1 %29, label %57, label %30

30:                                               ; preds = %26
  %31 = and i32 %1, -2
  br label %71

32:                                               ; preds = %32, %10
  %33 = phi i32 [ 0, %10 ], [ %54, %32 ]
  %34 = phi i32 [ 0, %10 ], [ %55, %32 ]
  %35 = add i32 %33, %6
  %36 = zext i32 %33 to i64
  %37 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %36
  %38 = addrspacecast i32 addrspace(3)* %37 to i32*
  store volatile i32 %35, i32* %38, align 4, !tbaa !12
  %39 = or i32 %33, 1
  %40 = add i32 %39, %6
  %41 = zext i32 %39 to i64
  %42 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %41
  %43 = addrspacecast i32 addrspace(3)* %42 to i32*
  store volatile i32 %40, i32* %43, align 4, !tbaa !12
  %44 = or i32 %33, 2
  %45 = add i32 %44, %6
  %46 = zext i32 %44 to i64
  %47 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %46
  %48 = addrspacecast i32 addrspace(3)* %47 to i32*
  store volatile i32 %45, i32* %48, align 4, !tbaa !12
  %49 = or i32 %33, 3
  %50 = add i32 %49, %6
  %51 = zext i32 %49 to i64
  %52 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %51
  %53 = addrspacecast i32 addrspace(3)* %52 to i32*
  store volatile i32 %50, i32* %53, align 4, !tbaa !12
  %54 = add nuw i32 %33, 4
  %55 = add i32 %34, 4
  %56 = icmp eq i32 %55, %11
  br i1 %56, label %12, label %32, !llvm.loop !18

57:                                               ; preds = %71, %26
  %58 = phi i32 [ 0, %26 ], [ %93, %71 ]
  %59 = icmp eq i32 %28, 0
  br i1 %59, label %70, label %60

60:                                               ; preds = %57
  %61 = xor i32 %58, -1
  %62 = add i32 %61, %1
  %63 = zext i32 %62 to i64
  %64 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %63
  %65 = addrspacecast i32 addrspace(3)* %64 to i32*
  %66 = load volatile i32, i32* %65, align 4, !tbaa !12
  %67 = add i32 %58, %27
  %68 = zext i32 %67 to i64
  %69 = getelementptr inbounds i32, i32* %0, i64 %68
  store i32 %66, i32* %69, align 4, !tbaa !12
  br label %70

70:                                               ; preds = %60, %57, %2, %25
  ret void

71:                                               ; preds = %71, %30
  %72 = phi i32 [ 0, %30 ], [ %93, %71 ]
  %73 = phi i32 [ 0, %30 ], [ %94, %71 ]
  %74 = xor i32 %72, -1
  %75 = add i32 %74, %1
  %76 = zext i32 %75 to i64
  %77 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %76
  %78 = addrspacecast i32 addrspace(3)* %77 to i32*
  %79 = load volatile i32, i32* %78, align 4, !tbaa !12
  %80 = add i32 %72, %27
  %81 = zext i32 %80 to i64
  %82 = getelementptr inbounds i32, i32* %0, i64 %81
  store i32 %79, i32* %82, align 4, !tbaa !12
  %83 = or i32 %72, 1
  %84 = sub nuw nsw i32 -2, %72
  %85 = add i32 %84, %1
  %86 = zext i32 %85 to i64
  %87 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %86
  %88 = addrspacecast i32 addrspace(3)* %87 to i32*
  %89 = load volatile i32, i32* %88, align 4, !tbaa !12
  %90 = add i32 %83, %27
  %91 = zext i32 %90 to i64
  %92 = getelementptr inbounds i32, i32* %0, i64 %91
  store i32 %89, i32* %92, align 4, !tbaa !12
  %93 = add nuw i32 %72, 2
  %94 = add i32 %73, 2
  %95 = icmp eq i32 %94, %31
  br i1 %95, label %57, label %71, !llvm.loop !20
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @conf_mixed(i8 noundef signext %0, double noundef %1, i16 noundef signext %2, float noundef %3, i64* nocapture noundef writeonly %4, %struct.conf_pair* nocapture noundef readonly byval(%struct.conf_pair) align 8 %5, i32 noundef %6) local_unnamed_addr #1 {
  %8 = getelementptr inbounds %struct.conf_pair, %struct.conf_pair* %5, i64 0, i32 1
  %9 = bitcast double* %8 to i64*
  %10 = load i64, i64* %9, align 8, !tbaa !21
  %11 = sext i8 %0 to i64
  store i64 %11, i64* %4, align 8, !tbaa !24
  %12 = getelementptr inbounds i64, i64* %4, i64 1
  %13 = bitcast i64* %12 to double*
  store double %1, double* %13, align 8, !tbaa !24
  %14 = sext i16 %2 to i64
  %15 = getelementptr inbounds i64, i64* %4, i64 2
  store i64 %14, i64* %15, align 8, !tbaa !24
  %16 = bitcast float %3 to i32
  %17 = zext i32 %16 to i64
  %18 = getelementptr inbounds i64, i64* %4, i64 3
  store i64 %17, i64* %18, align 8, !tbaa !24
  %19 = getelementptr inbounds %struct.conf_pair, %struct.conf_pair* %5, i64 0, i32 0
  %20 = load i8, i8* %19, align 8, !tbaa !26
  %21 = sext i8 %20 to i64
  %22 = getelementptr inbounds i64, i64* %4, i64 4
  store i64 %21, i64* %22, align 8, !tbaa !24
  %23 = getelementptr inbounds i64, i64* %4, i64 5
  store i64 %10, i64* %23, align 8, !tbaa !24
  %24 = sext i32 %6 to i64
  %25 = getelementptr inbounds i64, i64* %4, i64 6
  store i64 %24, i64* %25, align 8, !tbaa !24
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @conf_global(i32* nocapture noundef writeonly %0) local_unnamed_addr #1 {
  %2 = load i32, i32* addrspacecast (i32 addrspace(1)* @counter to i32*), align 4, !tbaa !12
  store i32 %2, i32* %0, align 4, !tbaa !12
  %3 = load i32, i32* getelementptr inbounds ([4 x i32], [4 x i32]* addrspacecast ([4 x i32] addrspace(1)* @table to [4 x i32]*), i64 0, i64 3), align 4, !tbaa !12
  %4 = getelementptr inbounds i32, i32* %0, i64 1
  store i32 %3, i32* %4, align 4, !tbaa !12
  %5 = load i32, i32* addrspacecast (i32 addrspace(1)* @counter to i32*), align 4, !tbaa !12
  %6 = add i32 %5, 100
  store i32 %6, i32* addrspacecast (i32 addrspace(1)* @counter to i32*), align 4, !tbaa !12
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @conf_reduce(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #5 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = mul i32 %5, %4
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds i32, i32* %0, i64 %8
  %10 = load i32, i32* %9, align 4, !tbaa !12
  %11 = zext i32 %3 to i64
  %12 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ11conf_reduceE6staged, i64 0, i64 %11
  %13 = addrspacecast i32 addrspace(3)* %12 to i32*
  store i32 %10, i32* %13, align 4, !tbaa !12
  tail call void @llvm.nvvm.bar.sync(i32 0)
  %14 = xor i32 %3, -1
  %15 = add i32 %4, %14
  %16 = zext i32 %15 to i64
  %17 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ11conf_reduceE6staged, i64 0, i64 %16
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*
  %19 = load i32, i32* %18, align 4, !tbaa !12
  %20 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %11
  %21 = addrspacecast i32 addrspace(3)* %20 to i32*
  store i32 %19, i32* %21, align 4, !tbaa !12
  tail call void @llvm.nvvm.bar.sync(i32 0)
  %22 = icmp ult i32 %4, 2
  br i1 %22, label %23, label %25

23:                                               ; preds = %37, %2
  %24 = icmp eq i32 %3, 0
  br i1 %24, label %39, label %43

25:                                               ; preds = %2, %37
  %26 = phi i32 [ %27, %37 ], [ %4, %2 ]
  %27 = lshr i32 %26, 1
  %28 = icmp ult i32 %3, %27
  br i1 %28, label %29, label %37

29:                                               ; preds = %25
  %30 = add i32 %27, %3
  %31 = zext i32 %30 to i64
  %32 = getelementptr inbounds [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %31
  %33 = addrspacecast i32 addrspace(3)* %32 to i32*
  %34 = load i32, i32* %33, align 4, !tbaa !12
  %35 = load i32, i32* %21, align 4, !tbaa !12
  %36 = add i32 %35, %34
  store i32 %36, i32* %21, align 4, !tbaa !12
  br label %37

37:                                               ; preds = %29, %25
  tail call void @llvm.nvvm.bar.sync(i32 0)
  %38 = icmp ult i32 %26, 4
  br i1 %38, label %23, label %25, !llvm.loop !27

39:                                               ; preds = %23
  %40 = sext i32 %5 to i64
  %41 = getelementptr inbounds i32, i32* %1, i64 %40
  %42 = load i32, i32* getelementptr inbounds ([0 x i32], [0 x i32]* addrspacecast ([0 x i32] addrspace(3)* @dynamic_shared to [0 x i32]*), i64 0, i64 0), align 4, !tbaa !12
  store i32 %42, i32* %41, align 4, !tbaa !12
  br label %43

43:                                               ; preds = %39, %23
  ret void
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.bar.sync(i32) #6

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @conf_transpose(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #5 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %7 = shl nsw i32 %6, 4
  %8 = add i32 %7, %5
  %9 = mul i32 %8, %2
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %11 = shl nsw i32 %10, 4
  %12 = add i32 %11, %4
  %13 = add i32 %12, %9
  %14 = zext i32 %13 to i64
  %15 = getelementptr inbounds i32, i32* %0, i64 %14
  %16 = load i32, i32* %15, align 4, !tbaa !12
  %17 = zext i32 %5 to i64
  %18 = zext i32 %4 to i64
  %19 = getelementptr inbounds [16 x [17 x i32]], [16 x [17 x i32]] addrspace(3)* @_ZZ14conf_transposeE4tile, i64 0, i64 %17, i64 %18
  %20 = addrspacecast i32 addrspace(3)* %19 to i32*
  store i32 %16, i32* %20, align 4, !tbaa !12
  tail call void @llvm.nvvm.bar.sync(i32 0)
  %21 = getelementptr inbounds [16 x [17 x i32]], [16 x [17 x i32]] addrspace(3)* @_ZZ14conf_transposeE4tile, i64 0, i64 %18, i64 %17
  %22 = addrspacecast i32 addrspace(3)* %21 to i32*
  %23 = load i32, i32* %22, align 4, !tbaa !12
  %24 = add i32 %11, %5
  %25 = mul i32 %24, %2
  %26 = add i32 %7, %4
  %27 = add i32 %26, %25
  %28 = zext i32 %27 to i64
  %29 = getelementptr inbounds i32, i32* %1, i64 %28
  store i32 %23, i32* %29, align 4, !tbaa !12
  ret void
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind readnone willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx32,+sm_70" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx32,+sm_70" }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { mustprogress nofree norecurse nosync nounwind willreturn writeonly "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx32,+sm_70" }
attributes #4 = { mustprogress nofree norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx32,+sm_70" }
attributes #5 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx32,+sm_70" }
attributes #6 = { convergent nounwind }

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!llvm.module.flags = !{!8, !9, !10}
!llvm.ident = !{!11}

!0 = !{void ()* @conf_empty, !"kernel", i32 1}
!1 = !{void (i32*, i32, i32)* @conf_add, !"kernel", i32 1}
!2 = !{void (i32*, i32, i32)* @conf_ids, !"kernel", i32 1}
!3 = !{void (i32*, i32)* @conf_shared, !"kernel", i32 1}
!4 = !{void (i8, double, i16, float, i64*, %struct.conf_pair*, i32)* @conf_mixed, !"kernel", i32 1}
!5 = !{void (i32*)* @conf_global, !"kernel", i32 1}
!6 = !{void (i32*, i32*)* @conf_reduce, !"kernel", i32 1}
!7 = !{void (i32*, i32*, i32)* @conf_transpose, !"kernel", i32 1}
!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{!"Debian clang version 14.0.6"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !14, i64 0}
!14 = !{!"omnipotent char", !15, i64 0}
!15 = !{!"Simple C++ TBAA"}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.unroll.disable"}
!18 = distinct !{!18, !19}
!19 = !{!"llvm.loop.mustprogress"}
!20 = distinct !{!20, !19}
!21 = !{!22, !23, i64 8}
!22 = !{!"_ZTS9conf_pair", !14, i64 0, !23, i64 8}
!23 = !{!"double", !14, i64 0}
!24 = !{!25, !25, i64 0}
!25 = !{!"long long", !14, i64 0}
!26 = !{!22, !14, i64 0}
!27 = distinct !{!27, !19}
