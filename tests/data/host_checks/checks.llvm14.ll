; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -g -emit-llvm -S -Xclang -target-feature -Xclang +ptx75 checks.cu -o checks.llvm14.ll
; ModuleID = 'checks.cu'
source_filename = "checks.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = dso_local addrspace(1) externally_initialized global [16 x i32] zeroinitializer, align 4
@_ZZ12reverse_tileE4tile = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@_ZZ16reverse_unsyncedE4tile = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@_ZZ12block_totalsE3sum = internal addrspace(3) global i32 undef, align 4
@llvm.compiler.used = appending global [1 x i8*] [i8* addrspacecast (i8 addrspace(1)* bitcast ([16 x i32] addrspace(1)* @table to i8 addrspace(1)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @double_off_by_one(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !15 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5, !dbg !18
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5, !dbg !22
  %6 = mul i32 %4, %5, !dbg !25
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !26
  %8 = add i32 %6, %7, !dbg !29
  %9 = icmp sgt i32 %8, %2, !dbg !30
  %10 = sext i32 %8 to i64, !dbg !31
  br i1 %9, label %16, label %11, !dbg !32

11:                                               ; preds = %3
  %12 = getelementptr inbounds float, float* %1, i64 %10, !dbg !33
  %13 = getelementptr inbounds float, float* %0, i64 %10, !dbg !31
  %14 = load float, float* %13, align 4, !dbg !31, !tbaa !34
  %15 = fmul contract float %14, 2.000000e+00, !dbg !38
  store float %15, float* %12, align 4, !dbg !39, !tbaa !34
  br label %16, !dbg !33

16:                                               ; preds = %11, %3
  ret void, !dbg !40
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @read_table(i32 noundef %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !41 {
  %3 = sext i32 %0 to i64, !dbg !42
  %4 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(1)* @table, i64 0, i64 %3, !dbg !42
  %5 = addrspacecast i32 addrspace(1)* %4 to i32*, !dbg !42
  %6 = load i32, i32* %5, align 4, !dbg !42, !tbaa !43
  store i32 %6, i32* %1, align 4, !dbg !45, !tbaa !43
  ret void, !dbg !46
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reverse_tile(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 !dbg !47 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !48
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5, !dbg !50
  %6 = shl i32 %5, 5, !dbg !52
  %7 = add nsw i32 %6, %4, !dbg !53
  %8 = sext i32 %7 to i64, !dbg !54
  %9 = getelementptr inbounds i32, i32* %0, i64 %8, !dbg !54
  %10 = load i32, i32* %9, align 4, !dbg !54, !tbaa !43
  %11 = add nsw i32 %4, %2, !dbg !55
  %12 = sext i32 %11 to i64, !dbg !56
  %13 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ12reverse_tileE4tile, i64 0, i64 %12, !dbg !56
  %14 = addrspacecast i32 addrspace(3)* %13 to i32*, !dbg !56
  store i32 %10, i32* %14, align 4, !dbg !57, !tbaa !43
  tail call void @llvm.nvvm.barrier0(), !dbg !58
  %15 = sub nsw i32 31, %4, !dbg !59
  %16 = sext i32 %15 to i64, !dbg !60
  %17 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ12reverse_tileE4tile, i64 0, i64 %16, !dbg !60
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*, !dbg !60
  %19 = load i32, i32* %18, align 4, !dbg !60, !tbaa !43
  %20 = getelementptr inbounds i32, i32* %1, i64 %8, !dbg !61
  store i32 %19, i32* %20, align 4, !dbg !62, !tbaa !43
  ret void, !dbg !63
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @divergent_barrier(i32* noundef %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #1 !dbg !64 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !65
  store volatile i32 %3, i32* %0, align 4, !dbg !67, !tbaa !43
  %4 = load volatile i32, i32* %0, align 4, !dbg !68, !tbaa !43
  %5 = and i32 %4, 1, !dbg !69
  %6 = icmp eq i32 %5, 0, !dbg !68
  br i1 %6, label %10, label %7, !dbg !68

7:                                                ; preds = %2
  tail call void @llvm.nvvm.barrier0(), !dbg !70
  %8 = sext i32 %3 to i64, !dbg !71
  %9 = getelementptr inbounds i32, i32* %1, i64 %8, !dbg !71
  store i32 1, i32* %9, align 4, !dbg !72, !tbaa !43
  br label %13, !dbg !73

10:                                               ; preds = %2
  %11 = sext i32 %3 to i64, !dbg !74
  %12 = getelementptr inbounds i32, i32* %1, i64 %11, !dbg !74
  store i32 2, i32* %12, align 4, !dbg !75, !tbaa !43
  tail call void @llvm.nvvm.barrier0(), !dbg !76
  br label %13

13:                                               ; preds = %10, %7
  ret void, !dbg !77
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn
define dso_local void @sum_eights(i32* nocapture noundef readonly %0, i32* nocapture noundef %1, i32 noundef %2) local_unnamed_addr #3 !dbg !78 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5, !dbg !79
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5, !dbg !81
  %6 = mul i32 %4, %5, !dbg !83
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !84
  %8 = add i32 %6, %7, !dbg !86
  %9 = icmp eq i32 %2, 0, !dbg !87
  br i1 %9, label %18, label %10, !dbg !87

10:                                               ; preds = %3
  %11 = sdiv i32 %8, 8, !dbg !88
  %12 = sext i32 %11 to i64, !dbg !89
  %13 = getelementptr inbounds i32, i32* %1, i64 %12, !dbg !89
  %14 = sext i32 %8 to i64, !dbg !90
  %15 = getelementptr inbounds i32, i32* %0, i64 %14, !dbg !90
  %16 = load i32, i32* %15, align 4, !dbg !90, !tbaa !43
  %17 = atomicrmw add i32* %13, i32 %16 seq_cst, align 4, !dbg !91
  br label %27, !dbg !95

18:                                               ; preds = %3
  %19 = sext i32 %8 to i64, !dbg !96
  %20 = getelementptr inbounds i32, i32* %0, i64 %19, !dbg !96
  %21 = load i32, i32* %20, align 4, !dbg !96, !tbaa !43
  %22 = sdiv i32 %8, 8, !dbg !97
  %23 = sext i32 %22 to i64, !dbg !98
  %24 = getelementptr inbounds i32, i32* %1, i64 %23, !dbg !98
  %25 = load i32, i32* %24, align 4, !dbg !99, !tbaa !43
  %26 = add nsw i32 %25, %21, !dbg !99
  store i32 %26, i32* %24, align 4, !dbg !99, !tbaa !43
  br label %27

27:                                               ; preds = %18, %10
  ret void, !dbg !100
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reverse_unsynced(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 !dbg !101 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !102
  %5 = sext i32 %4 to i64, !dbg !104
  %6 = getelementptr inbounds i32, i32* %0, i64 %5, !dbg !104
  %7 = load i32, i32* %6, align 4, !dbg !104, !tbaa !43
  %8 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ16reverse_unsyncedE4tile, i64 0, i64 %5, !dbg !105
  %9 = addrspacecast i32 addrspace(3)* %8 to i32*, !dbg !105
  store i32 %7, i32* %9, align 4, !dbg !106, !tbaa !43
  %10 = icmp eq i32 %2, 0, !dbg !107
  br i1 %10, label %12, label %11, !dbg !107

11:                                               ; preds = %3
  tail call void @llvm.nvvm.barrier0(), !dbg !108
  br label %12, !dbg !108

12:                                               ; preds = %11, %3
  %13 = sub nsw i32 31, %4, !dbg !109
  %14 = sext i32 %13 to i64, !dbg !110
  %15 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ16reverse_unsyncedE4tile, i64 0, i64 %14, !dbg !110
  %16 = addrspacecast i32 addrspace(3)* %15 to i32*, !dbg !110
  %17 = load i32, i32* %16, align 4, !dbg !110, !tbaa !43
  %18 = getelementptr inbounds i32, i32* %1, i64 %5, !dbg !111
  store i32 %17, i32* %18, align 4, !dbg !112, !tbaa !43
  ret void, !dbg !113
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @block_totals(i32* nocapture noundef readonly %0, i32* nocapture noundef %1, i32 noundef %2) local_unnamed_addr #1 !dbg !114 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !115
  %5 = icmp eq i32 %4, 0, !dbg !117
  br i1 %5, label %6, label %7, !dbg !118

6:                                                ; preds = %3
  store i32 0, i32* addrspacecast (i32 addrspace(3)* @_ZZ12block_totalsE3sum to i32*), align 4, !dbg !119, !tbaa !43
  br label %7, !dbg !120

7:                                                ; preds = %6, %3
  tail call void @llvm.nvvm.barrier0(), !dbg !121
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5, !dbg !122
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5, !dbg !124
  %10 = mul i32 %8, %9, !dbg !126
  %11 = add i32 %10, %4, !dbg !127
  %12 = zext i32 %11 to i64, !dbg !128
  %13 = getelementptr inbounds i32, i32* %0, i64 %12, !dbg !128
  %14 = load i32, i32* %13, align 4, !dbg !128, !tbaa !43
  %15 = atomicrmw add i32* addrspacecast (i32 addrspace(3)* @_ZZ12block_totalsE3sum to i32*), i32 %14 seq_cst, align 4, !dbg !129
  tail call void @llvm.nvvm.barrier0(), !dbg !131
  br i1 %5, label %16, label %24, !dbg !132

16:                                               ; preds = %7
  %17 = icmp eq i32 %2, 0, !dbg !133
  %18 = load i32, i32* addrspacecast (i32 addrspace(3)* @_ZZ12block_totalsE3sum to i32*), align 4, !dbg !134, !tbaa !43
  br i1 %17, label %21, label %19, !dbg !133

19:                                               ; preds = %16
  %20 = atomicrmw add i32* %1, i32 %18 seq_cst, align 4, !dbg !135
  br label %24, !dbg !137

21:                                               ; preds = %16
  %22 = load i32, i32* %1, align 4, !dbg !138, !tbaa !43
  %23 = add nsw i32 %22, %18, !dbg !138
  store i32 %23, i32* %1, align 4, !dbg !138, !tbaa !43
  br label %24

24:                                               ; preds = %7, %21, %19
  ret void, !dbg !139
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #2 = { convergent nounwind }
attributes #3 = { mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #4 = { nofree nosync nounwind readnone speculatable }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.module.flags = !{!9, !10, !11, !12, !13}
!llvm.ident = !{!14}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "checks.cu", directory: "/work/wt-cuda/tests/data/host_checks")
!2 = !{void (float*, float*, i32)* @double_off_by_one, !"kernel", i32 1}
!3 = !{void (i32, i32*)* @read_table, !"kernel", i32 1}
!4 = !{void (i32*, i32*, i32)* @reverse_tile, !"kernel", i32 1}
!5 = !{void (i32*, i32*)* @divergent_barrier, !"kernel", i32 1}
!6 = !{void (i32*, i32*, i32)* @sum_eights, !"kernel", i32 1}
!7 = !{void (i32*, i32*, i32)* @reverse_unsynced, !"kernel", i32 1}
!8 = !{void (i32*, i32*, i32)* @block_totals, !"kernel", i32 1}
!9 = !{i32 7, !"Dwarf Version", i32 2}
!10 = !{i32 2, !"Debug Info Version", i32 3}
!11 = !{i32 1, !"wchar_size", i32 4}
!12 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!13 = !{i32 7, !"frame-pointer", i32 2}
!14 = !{!"Debian clang version 14.0.6"}
!15 = distinct !DISubprogram(name: "double_off_by_one", scope: !1, file: !1, line: 10, type: !16, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 66, column: 3, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!20 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 11, column: 13, scope: !15)
!22 = !DILocation(line: 79, column: 3, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 79, type: !16, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!24 = distinct !DILocation(line: 11, column: 26, scope: !15)
!25 = !DILocation(line: 11, column: 24, scope: !15)
!26 = !DILocation(line: 53, column: 3, scope: !27, inlinedAt: !28)
!27 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!28 = distinct !DILocation(line: 11, column: 39, scope: !15)
!29 = !DILocation(line: 11, column: 37, scope: !15)
!30 = !DILocation(line: 12, column: 11, scope: !15)
!31 = !DILocation(line: 12, column: 33, scope: !15)
!32 = !DILocation(line: 12, column: 9, scope: !15)
!33 = !DILocation(line: 12, column: 17, scope: !15)
!34 = !{!35, !35, i64 0}
!35 = !{!"float", !36, i64 0}
!36 = !{!"omnipotent char", !37, i64 0}
!37 = !{!"Simple C++ TBAA"}
!38 = !DILocation(line: 12, column: 31, scope: !15)
!39 = !DILocation(line: 12, column: 24, scope: !15)
!40 = !DILocation(line: 13, column: 1, scope: !15)
!41 = distinct !DISubprogram(name: "read_table", scope: !1, file: !1, line: 16, type: !16, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!42 = !DILocation(line: 16, column: 65, scope: !41)
!43 = !{!44, !44, i64 0}
!44 = !{!"int", !36, i64 0}
!45 = !DILocation(line: 16, column: 63, scope: !41)
!46 = !DILocation(line: 16, column: 75, scope: !41)
!47 = distinct !DISubprogram(name: "reverse_tile", scope: !1, file: !1, line: 20, type: !16, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!48 = !DILocation(line: 53, column: 3, scope: !27, inlinedAt: !49)
!49 = distinct !DILocation(line: 22, column: 13, scope: !47)
!50 = !DILocation(line: 66, column: 3, scope: !19, inlinedAt: !51)
!51 = distinct !DILocation(line: 22, column: 33, scope: !47)
!52 = !DILocation(line: 22, column: 44, scope: !47)
!53 = !DILocation(line: 23, column: 31, scope: !47)
!54 = !DILocation(line: 23, column: 23, scope: !47)
!55 = !DILocation(line: 23, column: 12, scope: !47)
!56 = !DILocation(line: 23, column: 5, scope: !47)
!57 = !DILocation(line: 23, column: 21, scope: !47)
!58 = !DILocation(line: 24, column: 5, scope: !47)
!59 = !DILocation(line: 25, column: 29, scope: !47)
!60 = !DILocation(line: 25, column: 21, scope: !47)
!61 = !DILocation(line: 25, column: 5, scope: !47)
!62 = !DILocation(line: 25, column: 19, scope: !47)
!63 = !DILocation(line: 26, column: 1, scope: !47)
!64 = distinct !DISubprogram(name: "divergent_barrier", scope: !1, file: !1, line: 29, type: !16, scopeLine: 29, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!65 = !DILocation(line: 53, column: 3, scope: !27, inlinedAt: !66)
!66 = distinct !DILocation(line: 30, column: 13, scope: !64)
!67 = !DILocation(line: 31, column: 11, scope: !64)
!68 = !DILocation(line: 32, column: 9, scope: !64)
!69 = !DILocation(line: 32, column: 15, scope: !64)
!70 = !DILocation(line: 33, column: 9, scope: !64)
!71 = !DILocation(line: 34, column: 9, scope: !64)
!72 = !DILocation(line: 34, column: 16, scope: !64)
!73 = !DILocation(line: 35, column: 5, scope: !64)
!74 = !DILocation(line: 36, column: 9, scope: !64)
!75 = !DILocation(line: 36, column: 16, scope: !64)
!76 = !DILocation(line: 37, column: 9, scope: !64)
!77 = !DILocation(line: 39, column: 1, scope: !64)
!78 = distinct !DISubprogram(name: "sum_eights", scope: !1, file: !1, line: 43, type: !16, scopeLine: 43, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!79 = !DILocation(line: 66, column: 3, scope: !19, inlinedAt: !80)
!80 = distinct !DILocation(line: 44, column: 13, scope: !78)
!81 = !DILocation(line: 79, column: 3, scope: !23, inlinedAt: !82)
!82 = distinct !DILocation(line: 44, column: 26, scope: !78)
!83 = !DILocation(line: 44, column: 24, scope: !78)
!84 = !DILocation(line: 53, column: 3, scope: !27, inlinedAt: !85)
!85 = distinct !DILocation(line: 44, column: 39, scope: !78)
!86 = !DILocation(line: 44, column: 37, scope: !78)
!87 = !DILocation(line: 45, column: 9, scope: !78)
!88 = !DILocation(line: 46, column: 26, scope: !78)
!89 = !DILocation(line: 46, column: 20, scope: !78)
!90 = !DILocation(line: 46, column: 32, scope: !78)
!91 = !DILocation(line: 73, column: 66, scope: !92, inlinedAt: !94)
!92 = distinct !DISubprogram(name: "atomicAdd", scope: !93, file: !93, line: 73, type: !16, scopeLine: 73, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!93 = !DIFile(filename: "./../cuda_host/cuda_test.h", directory: "/work/wt-cuda/tests/data/host_checks")
!94 = distinct !DILocation(line: 46, column: 9, scope: !78)
!95 = !DILocation(line: 46, column: 9, scope: !78)
!96 = !DILocation(line: 48, column: 23, scope: !78)
!97 = !DILocation(line: 48, column: 15, scope: !78)
!98 = !DILocation(line: 48, column: 9, scope: !78)
!99 = !DILocation(line: 48, column: 20, scope: !78)
!100 = !DILocation(line: 49, column: 1, scope: !78)
!101 = distinct !DISubprogram(name: "reverse_unsynced", scope: !1, file: !1, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!102 = !DILocation(line: 53, column: 3, scope: !27, inlinedAt: !103)
!103 = distinct !DILocation(line: 55, column: 13, scope: !101)
!104 = !DILocation(line: 56, column: 15, scope: !101)
!105 = !DILocation(line: 56, column: 5, scope: !101)
!106 = !DILocation(line: 56, column: 13, scope: !101)
!107 = !DILocation(line: 57, column: 9, scope: !101)
!108 = !DILocation(line: 57, column: 17, scope: !101)
!109 = !DILocation(line: 58, column: 22, scope: !101)
!110 = !DILocation(line: 58, column: 14, scope: !101)
!111 = !DILocation(line: 58, column: 5, scope: !101)
!112 = !DILocation(line: 58, column: 12, scope: !101)
!113 = !DILocation(line: 59, column: 1, scope: !101)
!114 = distinct !DISubprogram(name: "block_totals", scope: !1, file: !1, line: 64, type: !16, scopeLine: 64, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!115 = !DILocation(line: 53, column: 3, scope: !27, inlinedAt: !116)
!116 = distinct !DILocation(line: 66, column: 9, scope: !114)
!117 = !DILocation(line: 66, column: 21, scope: !114)
!118 = !DILocation(line: 66, column: 9, scope: !114)
!119 = !DILocation(line: 66, column: 31, scope: !114)
!120 = !DILocation(line: 66, column: 27, scope: !114)
!121 = !DILocation(line: 67, column: 5, scope: !114)
!122 = !DILocation(line: 66, column: 3, scope: !19, inlinedAt: !123)
!123 = distinct !DILocation(line: 68, column: 24, scope: !114)
!124 = !DILocation(line: 79, column: 3, scope: !23, inlinedAt: !125)
!125 = distinct !DILocation(line: 68, column: 37, scope: !114)
!126 = !DILocation(line: 68, column: 35, scope: !114)
!127 = !DILocation(line: 68, column: 48, scope: !114)
!128 = !DILocation(line: 68, column: 21, scope: !114)
!129 = !DILocation(line: 73, column: 66, scope: !92, inlinedAt: !130)
!130 = distinct !DILocation(line: 68, column: 5, scope: !114)
!131 = !DILocation(line: 69, column: 5, scope: !114)
!132 = !DILocation(line: 70, column: 9, scope: !114)
!133 = !DILocation(line: 71, column: 9, scope: !114)
!134 = !DILocation(line: 0, scope: !114)
!135 = !DILocation(line: 73, column: 66, scope: !92, inlinedAt: !136)
!136 = distinct !DILocation(line: 72, column: 9, scope: !114)
!137 = !DILocation(line: 72, column: 9, scope: !114)
!138 = !DILocation(line: 74, column: 16, scope: !114)
!139 = !DILocation(line: 75, column: 1, scope: !114)
