; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -g -emit-llvm -S -Xclang -target-feature -Xclang +ptx75 checks.cu -o checks.llvm14.ll
; ModuleID = 'checks.cu'
source_filename = "checks.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = dso_local addrspace(1) externally_initialized global [16 x i32] zeroinitializer, align 4
@_ZZ12reverse_tileE4tile = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@_ZZ16reverse_unsyncedE4tile = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@llvm.compiler.used = appending global [1 x i8*] [i8* addrspacecast (i8 addrspace(1)* bitcast ([16 x i32] addrspace(1)* @table to i8 addrspace(1)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @double_off_by_one(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !14 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5, !dbg !17
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5, !dbg !21
  %6 = mul i32 %4, %5, !dbg !24
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !25
  %8 = add i32 %6, %7, !dbg !28
  %9 = icmp sgt i32 %8, %2, !dbg !29
  %10 = sext i32 %8 to i64, !dbg !30
  br i1 %9, label %16, label %11, !dbg !31

11:                                               ; preds = %3
  %12 = getelementptr inbounds float, float* %1, i64 %10, !dbg !32
  %13 = getelementptr inbounds float, float* %0, i64 %10, !dbg !30
  %14 = load float, float* %13, align 4, !dbg !30, !tbaa !33
  %15 = fmul contract float %14, 2.000000e+00, !dbg !37
  store float %15, float* %12, align 4, !dbg !38, !tbaa !33
  br label %16, !dbg !32

16:                                               ; preds = %11, %3
  ret void, !dbg !39
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @read_table(i32 noundef %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !40 {
  %3 = sext i32 %0 to i64, !dbg !41
  %4 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(1)* @table, i64 0, i64 %3, !dbg !41
  %5 = addrspacecast i32 addrspace(1)* %4 to i32*, !dbg !41
  %6 = load i32, i32* %5, align 4, !dbg !41, !tbaa !42
  store i32 %6, i32* %1, align 4, !dbg !44, !tbaa !42
  ret void, !dbg !45
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reverse_tile(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 !dbg !46 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !47
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5, !dbg !49
  %6 = shl i32 %5, 5, !dbg !51
  %7 = add nsw i32 %6, %4, !dbg !52
  %8 = sext i32 %7 to i64, !dbg !53
  %9 = getelementptr inbounds i32, i32* %0, i64 %8, !dbg !53
  %10 = load i32, i32* %9, align 4, !dbg !53, !tbaa !42
  %11 = add nsw i32 %4, %2, !dbg !54
  %12 = sext i32 %11 to i64, !dbg !55
  %13 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ12reverse_tileE4tile, i64 0, i64 %12, !dbg !55
  %14 = addrspacecast i32 addrspace(3)* %13 to i32*, !dbg !55
  store i32 %10, i32* %14, align 4, !dbg !56, !tbaa !42
  tail call void @llvm.nvvm.barrier0(), !dbg !57
  %15 = sub nsw i32 31, %4, !dbg !58
  %16 = sext i32 %15 to i64, !dbg !59
  %17 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ12reverse_tileE4tile, i64 0, i64 %16, !dbg !59
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*, !dbg !59
  %19 = load i32, i32* %18, align 4, !dbg !59, !tbaa !42
  %20 = getelementptr inbounds i32, i32* %1, i64 %8, !dbg !60
  store i32 %19, i32* %20, align 4, !dbg !61, !tbaa !42
  ret void, !dbg !62
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @divergent_barrier(i32* noundef %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #1 !dbg !63 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !64
  store volatile i32 %3, i32* %0, align 4, !dbg !66, !tbaa !42
  %4 = load volatile i32, i32* %0, align 4, !dbg !67, !tbaa !42
  %5 = and i32 %4, 1, !dbg !68
  %6 = icmp eq i32 %5, 0, !dbg !67
  br i1 %6, label %10, label %7, !dbg !67

7:                                                ; preds = %2
  tail call void @llvm.nvvm.barrier0(), !dbg !69
  %8 = sext i32 %3 to i64, !dbg !70
  %9 = getelementptr inbounds i32, i32* %1, i64 %8, !dbg !70
  store i32 1, i32* %9, align 4, !dbg !71, !tbaa !42
  br label %13, !dbg !72

10:                                               ; preds = %2
  %11 = sext i32 %3 to i64, !dbg !73
  %12 = getelementptr inbounds i32, i32* %1, i64 %11, !dbg !73
  store i32 2, i32* %12, align 4, !dbg !74, !tbaa !42
  tail call void @llvm.nvvm.barrier0(), !dbg !75
  br label %13

13:                                               ; preds = %10, %7
  ret void, !dbg !76
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn
define dso_local void @sum_eights(i32* nocapture noundef readonly %0, i32* nocapture noundef %1, i32 noundef %2) local_unnamed_addr #3 !dbg !77 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5, !dbg !78
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5, !dbg !80
  %6 = mul i32 %4, %5, !dbg !82
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !83
  %8 = add i32 %6, %7, !dbg !85
  %9 = icmp eq i32 %2, 0, !dbg !86
  br i1 %9, label %18, label %10, !dbg !86

10:                                               ; preds = %3
  %11 = sdiv i32 %8, 8, !dbg !87
  %12 = sext i32 %11 to i64, !dbg !88
  %13 = getelementptr inbounds i32, i32* %1, i64 %12, !dbg !88
  %14 = sext i32 %8 to i64, !dbg !89
  %15 = getelementptr inbounds i32, i32* %0, i64 %14, !dbg !89
  %16 = load i32, i32* %15, align 4, !dbg !89, !tbaa !42
  %17 = atomicrmw add i32* %13, i32 %16 seq_cst, align 4, !dbg !90
  br label %27, !dbg !94

18:                                               ; preds = %3
  %19 = sext i32 %8 to i64, !dbg !95
  %20 = getelementptr inbounds i32, i32* %0, i64 %19, !dbg !95
  %21 = load i32, i32* %20, align 4, !dbg !95, !tbaa !42
  %22 = sdiv i32 %8, 8, !dbg !96
  %23 = sext i32 %22 to i64, !dbg !97
  %24 = getelementptr inbounds i32, i32* %1, i64 %23, !dbg !97
  %25 = load i32, i32* %24, align 4, !dbg !98, !tbaa !42
  %26 = add nsw i32 %25, %21, !dbg !98
  store i32 %26, i32* %24, align 4, !dbg !98, !tbaa !42
  br label %27

27:                                               ; preds = %18, %10
  ret void, !dbg !99
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reverse_unsynced(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 !dbg !100 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5, !dbg !101
  %5 = sext i32 %4 to i64, !dbg !103
  %6 = getelementptr inbounds i32, i32* %0, i64 %5, !dbg !103
  %7 = load i32, i32* %6, align 4, !dbg !103, !tbaa !42
  %8 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ16reverse_unsyncedE4tile, i64 0, i64 %5, !dbg !104
  %9 = addrspacecast i32 addrspace(3)* %8 to i32*, !dbg !104
  store i32 %7, i32* %9, align 4, !dbg !105, !tbaa !42
  %10 = icmp eq i32 %2, 0, !dbg !106
  br i1 %10, label %12, label %11, !dbg !106

11:                                               ; preds = %3
  tail call void @llvm.nvvm.barrier0(), !dbg !107
  br label %12, !dbg !107

12:                                               ; preds = %11, %3
  %13 = sub nsw i32 31, %4, !dbg !108
  %14 = sext i32 %13 to i64, !dbg !109
  %15 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ16reverse_unsyncedE4tile, i64 0, i64 %14, !dbg !109
  %16 = addrspacecast i32 addrspace(3)* %15 to i32*, !dbg !109
  %17 = load i32, i32* %16, align 4, !dbg !109, !tbaa !42
  %18 = getelementptr inbounds i32, i32* %1, i64 %5, !dbg !110
  store i32 %17, i32* %18, align 4, !dbg !111, !tbaa !42
  ret void, !dbg !112
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
!nvvm.annotations = !{!2, !3, !4, !5, !6, !7}
!llvm.module.flags = !{!8, !9, !10, !11, !12}
!llvm.ident = !{!13}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "checks.cu", directory: "/work/wt-checks/tests/data/host_checks")
!2 = !{void (float*, float*, i32)* @double_off_by_one, !"kernel", i32 1}
!3 = !{void (i32, i32*)* @read_table, !"kernel", i32 1}
!4 = !{void (i32*, i32*, i32)* @reverse_tile, !"kernel", i32 1}
!5 = !{void (i32*, i32*)* @divergent_barrier, !"kernel", i32 1}
!6 = !{void (i32*, i32*, i32)* @sum_eights, !"kernel", i32 1}
!7 = !{void (i32*, i32*, i32)* @reverse_unsynced, !"kernel", i32 1}
!8 = !{i32 7, !"Dwarf Version", i32 2}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !{i32 1, !"wchar_size", i32 4}
!11 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!12 = !{i32 7, !"frame-pointer", i32 2}
!13 = !{!"Debian clang version 14.0.6"}
!14 = distinct !DISubprogram(name: "double_off_by_one", scope: !1, file: !1, line: 10, type: !15, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!15 = !DISubroutineType(types: !16)
!16 = !{}
!17 = !DILocation(line: 66, column: 3, scope: !18, inlinedAt: !20)
!18 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !19, file: !19, line: 66, type: !15, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!19 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!20 = distinct !DILocation(line: 11, column: 13, scope: !14)
!21 = !DILocation(line: 79, column: 3, scope: !22, inlinedAt: !23)
!22 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !19, file: !19, line: 79, type: !15, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!23 = distinct !DILocation(line: 11, column: 26, scope: !14)
!24 = !DILocation(line: 11, column: 24, scope: !14)
!25 = !DILocation(line: 53, column: 3, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !19, file: !19, line: 53, type: !15, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!27 = distinct !DILocation(line: 11, column: 39, scope: !14)
!28 = !DILocation(line: 11, column: 37, scope: !14)
!29 = !DILocation(line: 12, column: 11, scope: !14)
!30 = !DILocation(line: 12, column: 33, scope: !14)
!31 = !DILocation(line: 12, column: 9, scope: !14)
!32 = !DILocation(line: 12, column: 17, scope: !14)
!33 = !{!34, !34, i64 0}
!34 = !{!"float", !35, i64 0}
!35 = !{!"omnipotent char", !36, i64 0}
!36 = !{!"Simple C++ TBAA"}
!37 = !DILocation(line: 12, column: 31, scope: !14)
!38 = !DILocation(line: 12, column: 24, scope: !14)
!39 = !DILocation(line: 13, column: 1, scope: !14)
!40 = distinct !DISubprogram(name: "read_table", scope: !1, file: !1, line: 16, type: !15, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!41 = !DILocation(line: 16, column: 65, scope: !40)
!42 = !{!43, !43, i64 0}
!43 = !{!"int", !35, i64 0}
!44 = !DILocation(line: 16, column: 63, scope: !40)
!45 = !DILocation(line: 16, column: 75, scope: !40)
!46 = distinct !DISubprogram(name: "reverse_tile", scope: !1, file: !1, line: 20, type: !15, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!47 = !DILocation(line: 53, column: 3, scope: !26, inlinedAt: !48)
!48 = distinct !DILocation(line: 22, column: 13, scope: !46)
!49 = !DILocation(line: 66, column: 3, scope: !18, inlinedAt: !50)
!50 = distinct !DILocation(line: 22, column: 33, scope: !46)
!51 = !DILocation(line: 22, column: 44, scope: !46)
!52 = !DILocation(line: 23, column: 31, scope: !46)
!53 = !DILocation(line: 23, column: 23, scope: !46)
!54 = !DILocation(line: 23, column: 12, scope: !46)
!55 = !DILocation(line: 23, column: 5, scope: !46)
!56 = !DILocation(line: 23, column: 21, scope: !46)
!57 = !DILocation(line: 24, column: 5, scope: !46)
!58 = !DILocation(line: 25, column: 29, scope: !46)
!59 = !DILocation(line: 25, column: 21, scope: !46)
!60 = !DILocation(line: 25, column: 5, scope: !46)
!61 = !DILocation(line: 25, column: 19, scope: !46)
!62 = !DILocation(line: 26, column: 1, scope: !46)
!63 = distinct !DISubprogram(name: "divergent_barrier", scope: !1, file: !1, line: 29, type: !15, scopeLine: 29, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!64 = !DILocation(line: 53, column: 3, scope: !26, inlinedAt: !65)
!65 = distinct !DILocation(line: 30, column: 13, scope: !63)
!66 = !DILocation(line: 31, column: 11, scope: !63)
!67 = !DILocation(line: 32, column: 9, scope: !63)
!68 = !DILocation(line: 32, column: 15, scope: !63)
!69 = !DILocation(line: 33, column: 9, scope: !63)
!70 = !DILocation(line: 34, column: 9, scope: !63)
!71 = !DILocation(line: 34, column: 16, scope: !63)
!72 = !DILocation(line: 35, column: 5, scope: !63)
!73 = !DILocation(line: 36, column: 9, scope: !63)
!74 = !DILocation(line: 36, column: 16, scope: !63)
!75 = !DILocation(line: 37, column: 9, scope: !63)
!76 = !DILocation(line: 39, column: 1, scope: !63)
!77 = distinct !DISubprogram(name: "sum_eights", scope: !1, file: !1, line: 43, type: !15, scopeLine: 43, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!78 = !DILocation(line: 66, column: 3, scope: !18, inlinedAt: !79)
!79 = distinct !DILocation(line: 44, column: 13, scope: !77)
!80 = !DILocation(line: 79, column: 3, scope: !22, inlinedAt: !81)
!81 = distinct !DILocation(line: 44, column: 26, scope: !77)
!82 = !DILocation(line: 44, column: 24, scope: !77)
!83 = !DILocation(line: 53, column: 3, scope: !26, inlinedAt: !84)
!84 = distinct !DILocation(line: 44, column: 39, scope: !77)
!85 = !DILocation(line: 44, column: 37, scope: !77)
!86 = !DILocation(line: 45, column: 9, scope: !77)
!87 = !DILocation(line: 46, column: 26, scope: !77)
!88 = !DILocation(line: 46, column: 20, scope: !77)
!89 = !DILocation(line: 46, column: 32, scope: !77)
!90 = !DILocation(line: 73, column: 66, scope: !91, inlinedAt: !93)
!91 = distinct !DISubprogram(name: "atomicAdd", scope: !92, file: !92, line: 73, type: !15, scopeLine: 73, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!92 = !DIFile(filename: "./../cuda_host/cuda_test.h", directory: "/work/wt-checks/tests/data/host_checks")
!93 = distinct !DILocation(line: 46, column: 9, scope: !77)
!94 = !DILocation(line: 46, column: 9, scope: !77)
!95 = !DILocation(line: 48, column: 23, scope: !77)
!96 = !DILocation(line: 48, column: 15, scope: !77)
!97 = !DILocation(line: 48, column: 9, scope: !77)
!98 = !DILocation(line: 48, column: 20, scope: !77)
!99 = !DILocation(line: 49, column: 1, scope: !77)
!100 = distinct !DISubprogram(name: "reverse_unsynced", scope: !1, file: !1, line: 53, type: !15, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !16)
!101 = !DILocation(line: 53, column: 3, scope: !26, inlinedAt: !102)
!102 = distinct !DILocation(line: 55, column: 13, scope: !100)
!103 = !DILocation(line: 56, column: 15, scope: !100)
!104 = !DILocation(line: 56, column: 5, scope: !100)
!105 = !DILocation(line: 56, column: 13, scope: !100)
!106 = !DILocation(line: 57, column: 9, scope: !100)
!107 = !DILocation(line: 57, column: 17, scope: !100)
!108 = !DILocation(line: 58, column: 22, scope: !100)
!109 = !DILocation(line: 58, column: 14, scope: !100)
!110 = !DILocation(line: 58, column: 5, scope: !100)
!111 = !DILocation(line: 58, column: 12, scope: !100)
!112 = !DILocation(line: 59, column: 1, scope: !100)
