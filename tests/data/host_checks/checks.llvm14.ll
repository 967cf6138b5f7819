; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -g -emit-llvm -S -Xclang -target-feature -Xclang +ptx75 checks.cu -o checks.llvm14.ll
; ModuleID = 'checks.cu'
source_filename = "checks.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = dso_local addrspace(1) externally_initialized global [16 x i32] zeroinitializer, align 4
@_ZZ12reverse_tileE4tile = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@llvm.compiler.used = appending global [1 x i8*] [i8* addrspacecast (i8 addrspace(1)* bitcast ([16 x i32] addrspace(1)* @table to i8 addrspace(1)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @double_off_by_one(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !12 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4, !dbg !15
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4, !dbg !19
  %6 = mul i32 %4, %5, !dbg !22
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4, !dbg !23
  %8 = add i32 %6, %7, !dbg !26
  %9 = icmp sgt i32 %8, %2, !dbg !27
  %10 = sext i32 %8 to i64, !dbg !28
  br i1 %9, label %16, label %11, !dbg !29

11:                                               ; preds = %3
  %12 = getelementptr inbounds float, float* %1, i64 %10, !dbg !30
  %13 = getelementptr inbounds float, float* %0, i64 %10, !dbg !28
  %14 = load float, float* %13, align 4, !dbg !28, !tbaa !31
  %15 = fmul contract float %14, 2.000000e+00, !dbg !35
  store float %15, float* %12, align 4, !dbg !36, !tbaa !31
  br label %16, !dbg !30

16:                                               ; preds = %11, %3
  ret void, !dbg !37
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn
define dso_local void @read_table(i32 noundef %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !38 {
  %3 = sext i32 %0 to i64, !dbg !39
  %4 = getelementptr inbounds [16 x i32], [16 x i32] addrspace(1)* @table, i64 0, i64 %3, !dbg !39
  %5 = addrspacecast i32 addrspace(1)* %4 to i32*, !dbg !39
  %6 = load i32, i32* %5, align 4, !dbg !39, !tbaa !40
  store i32 %6, i32* %1, align 4, !dbg !42, !tbaa !40
  ret void, !dbg !43
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @reverse_tile(i32* nocapture noundef readonly %0, i32* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 !dbg !44 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4, !dbg !45
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4, !dbg !47
  %6 = shl i32 %5, 5, !dbg !49
  %7 = add nsw i32 %6, %4, !dbg !50
  %8 = sext i32 %7 to i64, !dbg !51
  %9 = getelementptr inbounds i32, i32* %0, i64 %8, !dbg !51
  %10 = load i32, i32* %9, align 4, !dbg !51, !tbaa !40
  %11 = add nsw i32 %4, %2, !dbg !52
  %12 = sext i32 %11 to i64, !dbg !53
  %13 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ12reverse_tileE4tile, i64 0, i64 %12, !dbg !53
  %14 = addrspacecast i32 addrspace(3)* %13 to i32*, !dbg !53
  store i32 %10, i32* %14, align 4, !dbg !54, !tbaa !40
  tail call void @llvm.nvvm.barrier0(), !dbg !55
  %15 = sub nsw i32 31, %4, !dbg !56
  %16 = sext i32 %15 to i64, !dbg !57
  %17 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(3)* @_ZZ12reverse_tileE4tile, i64 0, i64 %16, !dbg !57
  %18 = addrspacecast i32 addrspace(3)* %17 to i32*, !dbg !57
  %19 = load i32, i32* %18, align 4, !dbg !57, !tbaa !40
  %20 = getelementptr inbounds i32, i32* %1, i64 %8, !dbg !58
  store i32 %19, i32* %20, align 4, !dbg !59, !tbaa !40
  ret void, !dbg !60
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @divergent_barrier(i32* noundef %0, i32* nocapture noundef writeonly %1) local_unnamed_addr #1 !dbg !61 {
  %3 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4, !dbg !62
  store volatile i32 %3, i32* %0, align 4, !dbg !64, !tbaa !40
  %4 = load volatile i32, i32* %0, align 4, !dbg !65, !tbaa !40
  %5 = and i32 %4, 1, !dbg !66
  %6 = icmp eq i32 %5, 0, !dbg !65
  br i1 %6, label %10, label %7, !dbg !65

7:                                                ; preds = %2
  tail call void @llvm.nvvm.barrier0(), !dbg !67
  %8 = sext i32 %3 to i64, !dbg !68
  %9 = getelementptr inbounds i32, i32* %1, i64 %8, !dbg !68
  store i32 1, i32* %9, align 4, !dbg !69, !tbaa !40
  br label %13, !dbg !70

10:                                               ; preds = %2
  %11 = sext i32 %3 to i64, !dbg !71
  %12 = getelementptr inbounds i32, i32* %1, i64 %11, !dbg !71
  store i32 2, i32* %12, align 4, !dbg !72, !tbaa !40
  tail call void @llvm.nvvm.barrier0(), !dbg !73
  br label %13

13:                                               ; preds = %10, %7
  ret void, !dbg !74
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #2 = { convergent nounwind }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3, !4, !5}
!llvm.module.flags = !{!6, !7, !8, !9, !10}
!llvm.ident = !{!11}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "checks.cu", directory: "/work/wt-checks/tests/data/host_checks")
!2 = !{void (float*, float*, i32)* @double_off_by_one, !"kernel", i32 1}
!3 = !{void (i32, i32*)* @read_table, !"kernel", i32 1}
!4 = !{void (i32*, i32*, i32)* @reverse_tile, !"kernel", i32 1}
!5 = !{void (i32*, i32*)* @divergent_barrier, !"kernel", i32 1}
!6 = !{i32 7, !"Dwarf Version", i32 2}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{!"Debian clang version 14.0.6"}
!12 = distinct !DISubprogram(name: "double_off_by_one", scope: !1, file: !1, line: 10, type: !13, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!13 = !DISubroutineType(types: !14)
!14 = !{}
!15 = !DILocation(line: 66, column: 3, scope: !16, inlinedAt: !18)
!16 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !17, file: !17, line: 66, type: !13, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!17 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/__clang_cuda_builtin_vars.h", directory: "")
!18 = distinct !DILocation(line: 11, column: 13, scope: !12)
!19 = !DILocation(line: 79, column: 3, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !17, file: !17, line: 79, type: !13, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!21 = distinct !DILocation(line: 11, column: 26, scope: !12)
!22 = !DILocation(line: 11, column: 24, scope: !12)
!23 = !DILocation(line: 53, column: 3, scope: !24, inlinedAt: !25)
!24 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !17, file: !17, line: 53, type: !13, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!25 = distinct !DILocation(line: 11, column: 39, scope: !12)
!26 = !DILocation(line: 11, column: 37, scope: !12)
!27 = !DILocation(line: 12, column: 11, scope: !12)
!28 = !DILocation(line: 12, column: 33, scope: !12)
!29 = !DILocation(line: 12, column: 9, scope: !12)
!30 = !DILocation(line: 12, column: 17, scope: !12)
!31 = !{!32, !32, i64 0}
!32 = !{!"float", !33, i64 0}
!33 = !{!"omnipotent char", !34, i64 0}
!34 = !{!"Simple C++ TBAA"}
!35 = !DILocation(line: 12, column: 31, scope: !12)
!36 = !DILocation(line: 12, column: 24, scope: !12)
!37 = !DILocation(line: 13, column: 1, scope: !12)
!38 = distinct !DISubprogram(name: "read_table", scope: !1, file: !1, line: 16, type: !13, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!39 = !DILocation(line: 16, column: 65, scope: !38)
!40 = !{!41, !41, i64 0}
!41 = !{!"int", !33, i64 0}
!42 = !DILocation(line: 16, column: 63, scope: !38)
!43 = !DILocation(line: 16, column: 75, scope: !38)
!44 = distinct !DISubprogram(name: "reverse_tile", scope: !1, file: !1, line: 20, type: !13, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!45 = !DILocation(line: 53, column: 3, scope: !24, inlinedAt: !46)
!46 = distinct !DILocation(line: 22, column: 13, scope: !44)
!47 = !DILocation(line: 66, column: 3, scope: !16, inlinedAt: !48)
!48 = distinct !DILocation(line: 22, column: 33, scope: !44)
!49 = !DILocation(line: 22, column: 44, scope: !44)
!50 = !DILocation(line: 23, column: 31, scope: !44)
!51 = !DILocation(line: 23, column: 23, scope: !44)
!52 = !DILocation(line: 23, column: 12, scope: !44)
!53 = !DILocation(line: 23, column: 5, scope: !44)
!54 = !DILocation(line: 23, column: 21, scope: !44)
!55 = !DILocation(line: 24, column: 5, scope: !44)
!56 = !DILocation(line: 25, column: 29, scope: !44)
!57 = !DILocation(line: 25, column: 21, scope: !44)
!58 = !DILocation(line: 25, column: 5, scope: !44)
!59 = !DILocation(line: 25, column: 19, scope: !44)
!60 = !DILocation(line: 26, column: 1, scope: !44)
!61 = distinct !DISubprogram(name: "divergent_barrier", scope: !1, file: !1, line: 29, type: !13, scopeLine: 29, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!62 = !DILocation(line: 53, column: 3, scope: !24, inlinedAt: !63)
!63 = distinct !DILocation(line: 30, column: 13, scope: !61)
!64 = !DILocation(line: 31, column: 11, scope: !61)
!65 = !DILocation(line: 32, column: 9, scope: !61)
!66 = !DILocation(line: 32, column: 15, scope: !61)
!67 = !DILocation(line: 33, column: 9, scope: !61)
!68 = !DILocation(line: 34, column: 9, scope: !61)
!69 = !DILocation(line: 34, column: 16, scope: !61)
!70 = !DILocation(line: 35, column: 5, scope: !61)
!71 = !DILocation(line: 36, column: 9, scope: !61)
!72 = !DILocation(line: 36, column: 16, scope: !61)
!73 = !DILocation(line: 37, column: 9, scope: !61)
!74 = !DILocation(line: 39, column: 1, scope: !61)
